"""The long form of `tests/test_koenigrufen_profiles.py`: full deals of each Königrufen rule profile
(10,000 by default) checked for the game's invariants, action by action against the lean core.

Left to chance, the auction nearly always ends on the top contract; so each deal's auction is steered to
the next contract of the profile's ladder in turn (`targets`, one auction in each round left to chance),
the rest played at random, announcements and Kontras included.

`python tools/profiles_soak.py [--deals N] [--profile P]`: one JSON line per profile, the deals played, the
seconds taken, per contract the deals that came to it and how many its declarers won, and per steered
target the deals whose auction ended elsewhere (a hand with more kings than the contract allows). A
broken invariant stops it with its assertion.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from importlib import import_module
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from game.games.koenigrufen import profile as kp


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--deals", type=int, default=10_000)
    p.add_argument("--profile", choices=kp.PROFILE_IDS)
    args = p.parse_args(argv)
    suite = import_module("test_koenigrufen_profiles")  # the suite's own steering and check, at length
    for pid in [args.profile] if args.profile else kp.PROFILE_IDS:
        profile = kp.load(pid)
        aims = suite.targets(profile)
        played: Counter[str] = Counter()
        won: Counter[str] = Counter()
        missed: Counter[str] = Counter()
        start = time.perf_counter()
        for seed in range(args.deals):
            aim = aims[seed % len(aims)]
            scored = suite.check_deal(profile, seed, aim)
            played[scored.contract] += 1
            won[scored.contract] += scored.won
            if aim is not None and scored.contract != aim:
                missed[aim] += 1
        line = {
            "profile": pid,
            "deals": args.deals,
            "seconds": round(time.perf_counter() - start, 1),
            "contracts": {c.id: {"deals": played[c.id], "won": won[c.id]} for c in profile.contracts},
            "missed": dict(missed),
        }
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
