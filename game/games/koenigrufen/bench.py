"""What `tools/bench.py` times for Königrufen: one complete deal (deal, call, talon, discard, twelve tricks,
scoring) of uniformly random legal actions, on the checked engine (`KoenigrufenGame`: its checks, events and
match around the rules core) and on the lean path, the rules core alone as the search plays out on it
(`LeanKoenigrufen.deal` then `rollout`); and the search's own unit, rollouts from mid-deal positions."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from game.games.koenigrufen.core import LeanKoenigrufen
from game.games.koenigrufen.profile import DEFAULT, load
from game.games.koenigrufen.rules import KoenigrufenConfig, KoenigrufenGame


def engine(profile: str = DEFAULT) -> Callable[[int], None]:
    rules = load(profile)

    def play(seed: int) -> None:
        rng = random.Random(seed)
        game = KoenigrufenGame(KoenigrufenConfig(deals=1, profile=rules), seed)
        while not game.is_over:
            game.apply(game.random_action(rng))

    return play


def lean(profile: str = DEFAULT) -> Callable[[int], None]:
    """One generator for the whole run, as a search would use: a fresh deal and a rollout per game (the
    auction included under a profile with one)."""
    rng = random.Random(0)
    rules = load(profile)

    def play(seed: int) -> None:
        LeanKoenigrufen.deal(rng, seed % 4, rules).rollout(rng)

    return play


def rollouts(seconds: float) -> dict[str, object]:
    """What the search spends its time on: copy + `rollout` from mid-deal positions (tricks, after three)."""
    positions = []
    for seed in range(64):
        rng = random.Random(seed)
        game = KoenigrufenGame(KoenigrufenConfig(deals=1), seed)
        while game.phase != "tricks" or len(game.view(0).tricks) < 3:
            game.apply(game.random_action(rng))
        positions.append(game.lean())
    rng = random.Random(0)
    done, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        positions[done % 64].copy().rollout(rng)
        done += 1
    elapsed = time.perf_counter() - start
    return {
        "game": "koenigrufen",
        "path": "lean-rollout",
        "from": "tricks, after 3",
        "rollouts": done,
        "seconds": round(elapsed, 3),
        "rollouts_per_s": round(done / elapsed, 1),
    }


PATHS: dict[str, Callable[..., Callable[[int], None]]] = {"engine": engine, "lean": lean}
