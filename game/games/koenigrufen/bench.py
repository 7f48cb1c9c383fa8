"""What `tools/bench.py` times for Königrufen: one complete deal (deal, call, talon, discard, twelve tricks,
scoring) of uniformly random legal actions, on the checked engine (`KoenigrufenGame`: its checks, events and
match around the rules core) and on the lean path, the rules core alone as the search plays out on it
(`LeanKoenigrufen.deal` then `rollout`); and the search's own unit, playouts from mid-deal positions: at
random, and by the search's habits (`search.rollout`, what `normal` and `hard` spend their time on).

A play function returns the decisions it made where it can count them (the engine path: every action of a
seat, one legal or many, as OpenSpiel counts its player nodes); the lean rollout runs in one inlined loop
and cannot, but draws its random deals as the engine does (`test_koenigrufen_lean` replays one on the
other), so the tool counts its decisions at the engine's rate per deal."""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from game.games.koenigrufen import search
from game.games.koenigrufen.cards import SEATS
from game.games.koenigrufen.core import LeanKoenigrufen
from game.games.koenigrufen.profile import DEFAULT, load
from game.games.koenigrufen.rules import KoenigrufenConfig, KoenigrufenGame


def engine(profile: str = DEFAULT) -> Callable[[int], int | None]:
    rules = load(profile)

    def play(seed: int) -> int:
        rng = random.Random(seed)
        game = KoenigrufenGame(KoenigrufenConfig(deals=1, profile=rules), seed)
        decisions = 0
        while not game.is_over:
            game.apply(game.random_action(rng))
            decisions += 1
        return decisions

    return play


def lean(profile: str = DEFAULT) -> Callable[[int], int | None]:
    """One generator for the whole run, as a search would use: a fresh deal and a rollout per game (the
    auction included under a profile with one)."""
    rng = random.Random(0)
    rules = load(profile)

    def play(seed: int) -> None:
        LeanKoenigrufen.deal(rng, seed % 4, rules).rollout(rng)  # decisions uncounted: see above

    return play


def playouts(seconds: float, profile: str = DEFAULT) -> list[dict[str, object]]:
    """Playouts from mid-deal positions (the tricks, after three): a copy of the position played to the
    end at random (`rollout`, as an OpenSpiel MCTS plays out), and by the search's habits and scored as
    the search scores it (`search.rollout`, `search.values`). Decisions are the cards played."""
    rules = load(profile)
    positions: list[LeanKoenigrufen] = []
    seed = 0
    while len(positions) < 64:  # a deal that ends sooner (a negative contract lost early) is passed over
        rng = random.Random(seed)
        game = KoenigrufenGame(KoenigrufenConfig(deals=1, profile=rules), seed)
        while not game.is_over and (game.phase != "tricks" or len(game.view(0).tricks) < 3):
            game.apply(game.random_action(rng))
        if not game.is_over:
            positions.append(game.lean())
        seed += 1
    cards = [sum(len(position.hand(seat)) for seat in range(SEATS)) for position in positions]

    def at_random(state: LeanKoenigrufen, rng: random.Random) -> None:
        state.rollout(rng)

    def by_habits(state: LeanKoenigrufen, rng: random.Random) -> None:
        search.rollout(state, rng)
        search.values(state)

    lines: list[dict[str, object]] = []
    for path, playout in (("lean-random-playout", at_random), ("search-playout", by_habits)):
        rng = random.Random(0)
        done = decisions = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = positions[done % 64].copy()
            playout(state, rng)
            decisions += cards[done % 64] - sum(len(state.hand(seat)) for seat in range(SEATS))
            done += 1
        elapsed = time.perf_counter() - start
        line: dict[str, object] = {"game": "koenigrufen", "path": path, "profile": profile}
        lines.append(
            line
            | {"from": "tricks, after 3"}
            | {"playouts": done, "seconds": round(elapsed, 3), "playouts_per_s": round(done / elapsed, 1)}
            | {"decisions_per_s": round(decisions / elapsed)}
        )
    return lines


PATHS: dict[str, Callable[..., Callable[[int], int | None]]] = {"engine": engine, "lean": lean}
