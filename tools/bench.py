"""Engine speed: complete random games per second, one JSON line per game and path (no graphics).

`python tools/bench.py [GAME] [--seconds S]`. Each game says what it times in its own `bench` module
(`GameSpec.bench`, for example `game/games/koenigrufen/bench.py`): the table engine on the line without a
"path", and where the game has one, the lean rules core as the search plays out on it (`"path": "lean"`).
`--rollouts` adds the search's own unit where a game measures it: rollouts per second from mid-deal
positions (Königrufen). `tools/bench_openspiel.py` measures OpenSpiel's tarok the same way, for comparison.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from importlib import import_module
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.registry import GAMES


def module(game: str) -> ModuleType:
    return import_module(GAMES[game].bench)


def bench(name: str, seconds: float, path: str = "engine", profile: str | None = None) -> dict[str, object]:
    """Games of `name` per second on one of its paths (under a rule profile, for games that have them)."""
    make = module(name).PATHS[path]
    run: Callable[[int], None] = make() if profile is None else make(profile)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        run(games)
        games += 1
    elapsed = time.perf_counter() - start
    line: dict[str, object] = {"game": name}
    if path != "engine":
        line["path"] = path
    if profile is not None:
        line["profile"] = profile
    return line | {"games": games, "seconds": round(elapsed, 3), "games_per_s": round(games / elapsed, 1)}


def main(argv: list[str] | None = None) -> int:
    benched = sorted(game for game, spec in GAMES.items() if spec.bench)
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", nargs="?", choices=benched)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--rollouts", action="store_true", help="also rollouts per second from mid-deal positions")
    p.add_argument("--profile", help="a rule profile of the game (Königrufen: cardavia, austria, cheltenham)")
    args = p.parse_args(argv)
    if args.profile is not None and args.game != "koenigrufen":
        p.error("--profile goes with koenigrufen")
    for name in [args.game] if args.game else benched:
        for path in module(name).PATHS:
            print(json.dumps(bench(name, args.seconds, path, args.profile)), flush=True)
        rollouts = getattr(module(name), "rollouts", None)
        if args.rollouts and rollouts is not None:
            print(json.dumps(rollouts(args.seconds)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
