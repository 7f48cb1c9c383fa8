"""Determinised Monte-Carlo search with common random numbers, shared by the Königrufen and Two-Ten-Jack
computer players.

Each step deals the cards the seat cannot see at random, consistently with its view (the game's sampler),
then plays that world out once after every move the seat may make, each from the same playout seed. So
the moves are compared on the same cards and the same luck: the luck of the deal, which dwarfs the
difference between two moves, cancels out of the comparison. The search never holds more than the seat's
view, and the levels differ only in how many playouts they may spend.

Information-set MCTS over the same samplers and playouts was tried first: in the arena it was no stronger
at equal thinking time, so the simpler search stayed.

The search runs in slices (`run(budget_ms)`) so a table can think a few milliseconds per frame; for the
same view, seed and playout budget it always makes the same choice.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, Self


class LeanState(Protocol):
    """What the search needs of a game: the lean rules engines implement it."""

    def apply(self, action: Any) -> None: ...

    def over(self) -> bool: ...

    def copy(self) -> Self: ...


class Tally:
    """How one move fared over the worlds played: for the seat's choice and the hint's odds."""

    __slots__ = ("total", "visits", "wins")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.wins = 0  # worlds in which the move ended well (a positive value)

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Search:
    """One decision among `moves` (the seat's own, the same in every world). `sample(rng)` deals a world
    consistent with the view; `rollout(state, rng)` plays a world to its end; `values(state)` scores a
    finished world per seat (about -1..1). `playouts` is the budget."""

    def __init__(
        self,
        seat: int,
        moves: Sequence[Hashable],
        sample: Callable[[random.Random], LeanState],
        rollout: Callable[[Any, random.Random], object],
        values: Callable[[Any], Sequence[float]],
        playouts: int,
        rng: random.Random,
    ) -> None:
        self.seat = seat
        self.tallies = {move: Tally() for move in moves}
        self.sample, self.rollout, self.values = sample, rollout, values
        self.playouts = playouts
        self.rng = rng
        self.done = 0  # playouts so far

    @property
    def finished(self) -> bool:
        return self.done >= self.playouts

    def run(self, budget_ms: float) -> bool:
        """Plays worlds for about `budget_ms` (at least one); True once the decision is ready."""
        clock = time.perf_counter
        deadline = clock() + budget_ms / 1000
        seat, rollout, values = self.seat, self.rollout, self.values
        while not self.finished:
            world = self.sample(self.rng)
            seed = self.rng.getrandbits(32)
            for move, tally in self.tallies.items():
                state = world.copy()
                state.apply(move)
                if not state.over():
                    rollout(state, random.Random(seed))
                value = values(state)[seat]
                tally.visits += 1
                tally.total += value
                tally.wins += value > 0
            self.done += len(self.tallies)
            if clock() >= deadline:
                break
        return self.finished

    def best(self) -> tuple[Hashable, Tally]:
        """The move with the best mean value over the worlds played (ties: the first listed)."""
        if not self.done:
            raise ValueError("the search has not run")
        return max(self.tallies.items(), key=lambda item: item[1].mean)
