"""Engine speed: complete random games per second and decisions per second, one JSON line per game and path
(no graphics).

`python tools/bench.py [GAME] [--seconds S]`. Each game says what it times in its own `bench` module
(`GameSpec.bench`, for example `game/games/koenigrufen/bench.py`): the table engine on the line without a
"path", and where the game has one, the lean rules core as the search plays out on it (`"path": "lean"`).
Games differ in length (an austria deal is ~69 decisions, OpenSpiel's random tarok game ~13), so the figure
to compare is `decisions_per_s`: a decision is any action of a seat. Where a path cannot count them (the
lean rollout's inlined loop) they are counted at the rate per game of the engine line just before it: the
lean rollout draws its random deals as the engine does (the lean tests replay one on the other), so they
take as many decisions on average. `--playouts` adds the search's own unit where a game measures it:
playouts per second from mid-deal positions, at random and by the search's habits, with the cards they play
per second (Königrufen). `tools/bench_openspiel.py` measures OpenSpiel's tarok in the same units.
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


def bench(
    name: str, seconds: float, path: str = "engine", profile: str | None = None, per_game: float | None = None
) -> dict[str, object]:
    """Games and decisions of `name` per second on one of its paths (under a rule profile, for games that
    have them); `per_game`, the decisions a game takes where the path cannot count them."""
    make = module(name).PATHS[path]
    run: Callable[[int], int | None] = make() if profile is None else make(profile)
    games = decisions = 0
    counted = True
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        made = run(games)
        counted = counted and made is not None
        decisions += made or 0
        games += 1
    elapsed = time.perf_counter() - start
    line: dict[str, object] = {"game": name}
    if path != "engine":
        line["path"] = path
    if profile is not None:
        line["profile"] = profile
    line |= {"games": games, "seconds": round(elapsed, 3), "games_per_s": round(games / elapsed, 1)}
    if counted:
        per_game = decisions / games
    elif per_game is None:
        return line
    return line | {
        "decisions_per_game": round(per_game, 1),
        "decisions_per_s": round(per_game * games / elapsed),
    }


def main(argv: list[str] | None = None) -> int:
    benched = sorted(game for game, spec in GAMES.items() if spec.bench)
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", nargs="?", choices=benched)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--playouts", action="store_true", help="also playouts per second from mid-deal positions")
    p.add_argument("--profile", help="a rule profile of the game (Königrufen: cardavia, austria, cheltenham)")
    args = p.parse_args(argv)
    if args.profile is not None and args.game != "koenigrufen":
        p.error("--profile goes with koenigrufen")
    for name in [args.game] if args.game else benched:
        per_game = None
        for path in module(name).PATHS:  # the engine first: the decisions per game of the paths after it
            line = bench(name, args.seconds, path, args.profile, per_game)
            counted = line.get("decisions_per_game")
            per_game = per_game or (counted if isinstance(counted, float) else None)
            print(json.dumps(line), flush=True)
        playouts = getattr(module(name), "playouts", None)
        if args.playouts and playouts is not None:
            for line in playouts(args.seconds, *filter(None, [args.profile])):
                print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
