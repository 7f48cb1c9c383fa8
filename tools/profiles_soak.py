"""The long form of `tests/test_koenigrufen_profiles.py`: random full deals of each Königrufen rule profile
(10,000 by default) checked for the game's invariants, action by action against the lean core.

`python tools/profiles_soak.py [--deals N] [--profile P]`: one JSON line per profile, the deals played,
the contracts they came to and how often each was won. A broken invariant stops it with its assertion.
"""

from __future__ import annotations

import argparse
import json
import sys
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
    check_deal = import_module("test_koenigrufen_profiles").check_deal  # the suite's own check, at length
    for pid in [args.profile] if args.profile else kp.PROFILE_IDS:
        profile = kp.load(pid)
        contracts: Counter[str] = Counter()
        won: Counter[str] = Counter()
        for seed in range(args.deals):
            scored = check_deal(profile, seed)
            contracts[scored.contract] += 1
            won[scored.contract] += scored.won
        line = {"profile": pid, "deals": args.deals, "contracts": dict(contracts), "won": dict(won)}
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
