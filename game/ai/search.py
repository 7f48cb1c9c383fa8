"""Information-set Monte-Carlo tree search, shared by the Königrufen and Two-Ten-Jack computer players.

Each iteration deals the cards the seat cannot see at random, consistently with its view (the game's
sampler), walks one tree whose nodes are the moves made so far (single-observer ISMCTS: a node's move is
only considered in the deals where it is legal, and its exploration term counts how often it was
available), adds one node, plays the rest of the deal out at random on the lean engine and scores the
final settlement for every seat. So the search never holds more than the seat's view, and more iterations
mean a deeper tree: the levels differ only in their iteration budget.

The search runs in slices (`run(budget_ms)`) so a table can think a few milliseconds per frame; for the
same view, seed and budget of iterations it always makes the same choice.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any, Protocol, Self


class LeanState(Protocol):
    """What the search needs of a game: the lean rules engines implement it."""

    to_act: int

    def legal(self) -> Sequence[Any]: ...

    def apply(self, action: Any) -> None: ...

    def over(self) -> bool: ...

    def copy(self) -> Self: ...

    def rollout(self, rng: random.Random) -> Sequence[float]: ...


class Node:
    """The statistics of one move, from the point of view of the seat that made it."""

    __slots__ = ("available", "children", "total", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.wins = 0


class Search:
    """One decision. `sample(rng)` deals a world consistent with the view; `values(state)` scores a
    finished world per seat (about -1..1); `moves(state)` lists the moves the tree considers (the legal
    ones, or a short list where a game has too many, like Königrufen's discards); `root_moves` are the
    seat's own choices, the same in every sampled deal. A seat with a single legal move needs no search."""

    def __init__(
        self,
        seat: int,
        root_moves: Sequence[Hashable],
        sample: Callable[[random.Random], LeanState],
        values: Callable[[LeanState], Sequence[float]],
        moves: Callable[[LeanState], Sequence[Hashable]],
        iterations: int,
        rng: random.Random,
        exploration: float = 0.7,
    ) -> None:
        self.seat = seat
        self.root_moves = root_moves
        self.sample, self.values, self.moves = sample, values, moves
        self.iterations = iterations
        self.rng = rng
        self.exploration = exploration
        self.root = Node()
        self.done_iterations = 0

    @property
    def finished(self) -> bool:
        return self.done_iterations >= self.iterations or self._decided()

    def run(self, budget_ms: float) -> bool:
        """Iterates for about `budget_ms` (at least one iteration); True once the decision is ready."""
        deadline = time.perf_counter() + budget_ms / 1000
        while not self.finished:
            for _ in range(8):
                self._iterate()
                self.done_iterations += 1
                if self.done_iterations >= self.iterations:
                    break
            if time.perf_counter() >= deadline:
                break
        return self.finished

    def _decided(self) -> bool:
        """The most visited move can no longer be caught up in the iterations left."""
        children = self.root.children
        if len(children) < 2:
            return False
        visits = sorted((child.visits for child in children.values()), reverse=True)
        return visits[0] - visits[1] > self.iterations - self.done_iterations

    def best(self) -> tuple[Hashable, Node]:
        """The most visited root move (ties: the better mean), with its statistics."""
        children = self.root.children
        if not children:
            raise ValueError("the search has not run")
        return max(
            children.items(), key=lambda item: (item[1].visits, item[1].total / max(item[1].visits, 1))
        )

    def _iterate(self) -> None:
        rng = self.rng
        state = self.sample(rng)
        node = self.root
        path: list[tuple[Node, int]] = []
        c = self.exploration
        while not state.over():
            moves = self.root_moves if node is self.root else self.moves(state)
            actor = state.to_act
            children = node.children
            untried = [m for m in moves if m not in children]
            if untried:
                move = untried[int(rng.random() * len(untried))]
                child = children[move] = Node()
                for m in moves:
                    if m in children:
                        children[m].available += 1
                state.apply(move)
                path.append((child, actor))
                break
            best_score, move = -math.inf, moves[0]
            for m in moves:
                ch = children[m]
                ch.available += 1
                score = ch.total / ch.visits + c * math.sqrt(math.log(ch.available) / ch.visits)
                if score > best_score:
                    best_score, move = score, m
            child = children[move]
            state.apply(move)
            path.append((child, actor))
            node = child
        if not state.over():
            state.rollout(rng)
        result = self.values(state)
        for child, actor in path:
            child.visits += 1
            value = result[actor]
            child.total += value
            if value > 0:
                child.wins += 1
