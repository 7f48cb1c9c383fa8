"""OpenSpiel's tarok as a yardstick for `tools/bench.py koenigrufen`: complete random games and decisions per
second, and random playouts per second from mid-deal positions, in the units of `tools/bench.py`.

Not part of Atout and not one of its dependencies: run it with the python of a separate venv that has
`open-spiel` installed, e.g. `/path/to/venv/bin/python tools/bench_openspiel.py --seconds 5`.

What is timed: `tarok(players=4)` (OpenSpiel's Slovenian tarok) from `new_initial_state()` to
`is_terminal()`, every decision drawn uniformly from `legal_actions()` with Python's `random` (its own
bidding, talon, king call and tricks included, as `tools/bench.py koenigrufen --profile austria` plays
Atout's auction and announcements at random) and each chance outcome drawn by its probability. Uniform
bidding mostly ends in OpenSpiel's highest contracts, whose deals end early (a "Valat without" at the first
trick the declarer loses), so the line also says the decisions per game. Prints one JSON line like
`tools/bench.py`.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import pyspiel


def play(game: pyspiel.Game, rng: random.Random) -> int:
    """One complete game of uniformly random decisions; returns how many decisions it took."""
    state = game.new_initial_state()
    choice, choices = rng.choice, rng.choices
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(choices(outcomes, weights)[0])
            continue
        state.apply_action(choice(state.legal_actions()))
        decisions += 1
    return decisions


def bench(seconds: float, seed: int = 0) -> dict[str, object]:
    game = pyspiel.load_game("tarok(players=4)")
    rng = random.Random(seed)
    games, decisions, start = 0, 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        decisions += play(game, rng)
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "game": "openspiel-tarok",
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
        "decisions_per_game": round(decisions / games, 1),
        "decisions_per_s": round(decisions / elapsed),
    }


def _mid_deal(game: pyspiel.Game, rng: random.Random) -> pyspiel.State | None:
    """A random game's state after three tricks (twelve cards played), or None if it ended before."""
    state = game.new_initial_state()
    cards = 0
    while not state.is_terminal() and cards < 12:
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
            continue
        cards += state.current_game_phase() == pyspiel.TarokGamePhase.TRICKS_PLAYING
        state.apply_action(rng.choice(state.legal_actions()))
    return None if state.is_terminal() else state


def playouts(seconds: float, seed: int = 0) -> dict[str, object]:
    """Random playouts from 64 mid-deal positions, each a clone played to its end."""
    game = pyspiel.load_game("tarok(players=4)")
    rng = random.Random(seed)
    positions: list[pyspiel.State] = []
    while len(positions) < 64:
        position = _mid_deal(game, rng)
        if position is not None:
            positions.append(position)
    done = decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = positions[done % 64].clone()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            state.apply_action(rng.choice(state.legal_actions()))
            decisions += 1
        done += 1
    elapsed = time.perf_counter() - start
    return {
        "game": "openspiel-tarok",
        "path": "random-playout",
        "from": "tricks, after 3",
        "playouts": done,
        "seconds": round(elapsed, 3),
        "playouts_per_s": round(done / elapsed, 1),
        "decisions_per_s": round(decisions / elapsed),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--playouts", action="store_true", help="also playouts per second from mid-deal positions")
    args = p.parse_args(argv)
    print(json.dumps(bench(args.seconds)), flush=True)
    if args.playouts:
        print(json.dumps(playouts(args.seconds)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
