"""What `tools/bench.py` times for Falkenstein: a session of twelve challenges set by the computer Host and
answered with uniformly random legal cards, on the table engine; its decisions are the actions applied, the
Host's challenges among them."""

from __future__ import annotations

import random
from collections.abc import Callable

from game.games.falkenstein.ai import ComputerHost
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.session import FalkensteinConfig, FalkensteinGame


def engine() -> Callable[[int], int | None]:
    def play(seed: int) -> int:
        rng = random.Random(seed)
        game = FalkensteinGame(FalkensteinConfig(HEROES[:2], max_challenges=12), seed)
        host = ComputerHost(rng)
        decisions = 0
        while not game.is_over:
            decisions += 1
            if game.to_act == "host":
                game.apply(host.next_challenge(game.view("host"), game.config.characters))
            else:
                game.apply(rng.choice(game.legal_actions()))
        return decisions

    return play


# Each path's name (the JSON line's "path"; "engine" lines carry none) and how to make its play(seed).
PATHS: dict[str, Callable[[], Callable[[int], int | None]]] = {"engine": engine}
