"""The search shared by the Königrufen and Two-Ten-Jack computer players: paired Monte-Carlo over sampled
deals that improves on the table habits one decision at a time.

Each iteration deals the cards the seat cannot see at random, consistently with its view (the game's
sampler; where the game can weigh worlds by how likely they make the others' play so far, one of several
candidates drawn by that likelihood), then plays every one of the seat's moves out in that same world
with the same playout seed, by the game's playout habits on the lean engine, and scores the final
settlement for the seat. Because all moves meet the same deals and the same chance, their differences
are measured far more precisely than their values (common random numbers).

The seat then keeps its standing move (the `easy` player's choice, or an earlier search's) unless another
move did better by at least `CONFIDENCE` standard errors of the paired difference: one decision improved on
a sound policy, never traded for it on the strength of noise or of sampled worlds a real deal would not
give. Measured in the arena (issue 5's notes), taking the plain best mean, or searching a tree
(information-set MCTS, in git history), was no stronger than `easy` in Königrufen; the guarded choice is,
and more so with the likelihood. The levels differ only in their budget: deals searched, candidates per
deal, and (for `hard`) a second search that starts from the first one's answer (`game.ai.thinker`).

The search runs in slices (`run(budget_ms)`) so a table can think a few milliseconds per frame; for the
same view, seed and budget (deals, and playouts: every move played out in one deal counts) it always makes
the same choice.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, Self

CONFIDENCE = 1.0  # standard errors by which a move must beat the standing move to be chosen instead


class LeanState(Protocol):
    """What the search needs of a game: the lean rules engines implement it."""

    def apply(self, action: Any) -> None: ...

    def over(self) -> bool: ...

    def copy(self) -> Self: ...


class Tally:
    """One move's results over the sampled deals so far, for the seat that searches."""

    __slots__ = ("total", "visits", "wins")

    def __init__(self, values: Sequence[float]) -> None:
        self.visits = len(values)
        self.total = sum(values)
        self.wins = sum(value > 0 for value in values)  # deals in which the move ended well


class Search:
    """One decision among `root_moves` (the seat's own, the same in every sampled deal). `sample(rng)`
    deals a world consistent with the view; `rollout(state, rng)` plays a world to its end by habits;
    `values(state)` scores a finished world per seat (about -1..1); `standing` is the move kept unless
    another is clearly better (the table habits' choice here, or an earlier search's); `likelihood(world)`,
    when given, weighs `candidates` sampled worlds for each one searched."""

    def __init__(
        self,
        seat: int,
        root_moves: Sequence[Hashable],
        sample: Callable[[random.Random], LeanState],
        rollout: Callable[[Any, random.Random], object],
        values: Callable[[Any], Sequence[float]],
        iterations: int,
        rng: random.Random,
        standing: Hashable | None = None,
        likelihood: Callable[[Any], float] | None = None,
        candidates: int = 1,
        confidence: float = CONFIDENCE,
        playouts: float = math.inf,
    ) -> None:
        if standing is not None and standing not in root_moves:
            raise ValueError(f"the standing move {standing!r} is not among the moves searched")
        self.seat = seat
        self.root_moves = root_moves
        self.sample, self.rollout, self.values = sample, rollout, values
        self.iterations = iterations
        self.playouts = playouts  # a fixed budget: no further deal once this many moves were played out
        self.rng = rng
        self.standing = standing
        self.likelihood, self.candidates = likelihood, candidates
        self.confidence = confidence
        self.results: dict[Hashable, list[float]] = {move: [] for move in root_moves}
        self.done = 0  # iterations (sampled deals) so far, every move played out in each
        self._world: LeanState | None = None  # the deal being played out, and its playout seed
        self._seed = 0.0
        self._next = 0  # the index of the root move it plays out next
        self._pool: list[tuple[LeanState, float]] = []  # candidate worlds dealt so far, with their likelihood

    @property
    def finished(self) -> bool:
        return self.done >= self.iterations or self.done * len(self.root_moves) >= self.playouts

    def run(self, budget_ms: float) -> bool:
        """Plays out for about `budget_ms` (at least one whole deal); True once the budget is spent. A slice
        may end between two moves of one deal, so a frame never waits for a whole deal's playouts."""
        clock = time.perf_counter
        deadline = clock() + budget_ms / 1000
        while not self.finished:
            self._playout()
            if self.done and clock() >= deadline:
                break
        return self.finished

    def best(self) -> tuple[Hashable, Tally]:
        """The standing move, unless the best mean beats it by `confidence` standard errors; its results."""
        if not self.done:
            raise ValueError("the search has not run")
        n = self.done
        results = {move: values[:n] for move, values in self.results.items()}  # whole deals only
        means = {move: sum(values) / n for move, values in results.items()}
        top = max(self.root_moves, key=means.__getitem__)
        kept = self.standing
        if kept is not None and kept != top and _paired_z(results[top], results[kept]) < self.confidence:
            return kept, Tally(results[kept])
        return top, Tally(results[top])

    def _playout(self) -> None:
        """One short step: samples one candidate world, or plays the next root move out in the current one."""
        if self._world is None:
            world = self.sample(self.rng)
            if self.likelihood is not None and self.candidates > 1:
                self._pool.append((world, self.likelihood(world)))
                if len(self._pool) < self.candidates:
                    return
                world = self._pick()
            self._world, self._seed = world, self.rng.random()
        move = self.root_moves[self._next]
        state = self._world.copy()
        state.apply(move)
        if not state.over():
            self.rollout(state, random.Random(self._seed))
        self.results[move].append(self.values(state)[self.seat])
        self._next += 1
        if self._next == len(self.root_moves):
            self._world, self._next = None, 0
            self.done += 1

    def _pick(self) -> LeanState:
        """One of the candidate worlds, drawn in proportion to how likely it makes the others' play so far:
        the more candidates, the closer the searched worlds follow what the table has shown."""
        pool, self._pool = self._pool, []
        pick = self.rng.random() * sum(weight for _world, weight in pool)
        for world, weight in pool:
            pick -= weight
            if pick < 0:
                return world
        return pool[-1][0]


def _paired_z(better: Sequence[float], other: Sequence[float]) -> float:
    """The mean of the per-deal differences in standard errors (infinite when they never vary)."""
    n = len(better)
    if n < 2:
        return 0.0  # one deal is no evidence
    diffs = [a - b for a, b in zip(better, other, strict=True)]
    mean = sum(diffs) / n
    variance = sum((d - mean) ** 2 for d in diffs) / n
    if variance == 0:
        return math.inf if mean > 0 else 0.0
    return mean / math.sqrt(variance / n)
