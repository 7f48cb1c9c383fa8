"""What `tools/bench.py` times for Two-Ten-Jack: one complete round for three players with uniformly
random legal plays, on the table engine (`TwoTenJackGame`) and on the lean path, the rules core it wraps
as the search plays it out (`LeanTwoTenJack.deal` then `rollout`). The engine path returns the decisions it
made (every play of a seat); the lean rollout cannot count them in its inlined loop, but draws its
random rounds as the engine does (`test_twotenjack_lean` replays one on the other), so the tool counts them
at the engine's rate."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.games.twotenjack.core import LeanTwoTenJack
from game.games.twotenjack.rules import TwoTenJackConfig, TwoTenJackGame


def engine() -> Callable[[int], int | None]:
    def play(seed: int) -> int:
        rng = random.Random(seed)
        game = TwoTenJackGame(TwoTenJackConfig(3, rounds=1), seed)
        decisions = 0
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
            decisions += 1
        return decisions

    return play


def lean() -> Callable[[int], int | None]:
    """One generator for the whole run, as the search uses it: a fresh round and a rollout per game."""
    rng = random.Random(0)

    def play(seed: int) -> None:
        LeanTwoTenJack.deal(rng, 3, seed % 3).rollout(rng)  # three players, as on the engine path

    return play


PATHS: dict[str, Callable[[], Callable[[int], int | None]]] = {"engine": engine, "lean": lean}
