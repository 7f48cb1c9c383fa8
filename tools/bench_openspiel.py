"""OpenSpiel's tarok as a yardstick for `tools/bench.py koenigrufen`: complete random games per second.

Not part of Atout and not one of its dependencies: run it with the python of a separate venv that has
`open-spiel` installed, e.g. `/path/to/venv/bin/python tools/bench_openspiel.py --seconds 5`.

OpenSpiel's "tarok" is Slovenian tarok; the closest contract to a Königrufen deal is "Three" (call a king,
take a talon half of three, discard three, twelve tricks). So in each game the three other players pass and
the forehand, who may not pass last, plays Three; every other decision and the chance outcomes are drawn
uniformly with Python's `random`. Prints one JSON line like `tools/bench.py`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import pyspiel


def play(game: pyspiel.Game, rng: random.Random) -> None:
    """One complete game: bidding scripted to Three, all else uniformly random."""
    state = game.new_initial_state()
    bidding = True
    choice = rng.choice
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        actions = state.legal_actions()
        if bidding:
            names = [state.action_to_string(action) for action in actions]
            if "Pass" in names:
                state.apply_action(actions[names.index("Pass")])
                continue
            if "Three" in names:
                state.apply_action(actions[names.index("Three")])
                bidding = False
                continue
            raise RuntimeError(f"unexpected bidding choices: {names}")
        state.apply_action(choice(actions))


def bench(seconds: float, seed: int = 0) -> dict[str, object]:
    game = pyspiel.load_game("tarok(players=4)")
    rng = random.Random(seed)
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play(game, rng)
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "game": "openspiel-tarok",
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=3.0)
    args = p.parse_args(argv)
    print(json.dumps(bench(args.seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
