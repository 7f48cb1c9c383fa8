"""Information-set Monte-Carlo tree search, shared by the Königrufen and Two-Ten-Jack computer players.

Each iteration deals the cards the seat cannot see at random, consistently with its view (the game's
sampler), walks one tree of the moves made so far (single-observer ISMCTS: a move is only considered in
the deals where it is legal, and its exploration term counts how often it was available), adds one node,
plays the rest of the deal out by the game's playout habits on the lean engine and scores the final
settlement for every seat. The search never holds more than the seat's view, and more iterations grow a
deeper tree, in which the other seats' replies are searched too. The levels differ only in their budget.

Flat determinised Monte-Carlo (every move played out on the same sampled worlds) was measured against it
in the arena (issue 5's notes): no clear difference at equal time, and in Königrufen neither grew stronger
with a larger budget. The tree stayed, as the one that can search the other seats' replies.

The search runs in slices (`run(budget_ms)`) so a table can think a few milliseconds per frame; for the
same view, seed and iteration budget it always makes the same choice.
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

    def apply(self, action: Any) -> None: ...

    def over(self) -> bool: ...

    def copy(self) -> Self: ...


class Node:
    """A move's statistics, from the point of view of the seat that made it; its children are the moves
    that may follow."""

    __slots__ = ("available", "children", "total", "visits", "wins")

    def __init__(self) -> None:
        self.children: dict[Hashable, Node] = {}
        self.visits = 0
        self.available = 0
        self.total = 0.0
        self.wins = 0  # iterations in which the move ended well (a positive value)


class Search:
    """One decision among `root_moves` (the seat's own, the same in every sampled deal). `sample(rng)`
    deals a world consistent with the view; `moves(state)` lists the moves the tree considers (the legal
    ones, or a short list where a game has too many, like Königrufen's discards); `rollout(state, rng)`
    plays a world to its end; `values(state)` scores a finished world per seat (about -1..1)."""

    def __init__(
        self,
        seat: int,
        root_moves: Sequence[Hashable],
        sample: Callable[[random.Random], Any],
        moves: Callable[[Any], Sequence[Hashable]],
        rollout: Callable[[Any, random.Random], object],
        values: Callable[[Any], Sequence[float]],
        iterations: int,
        rng: random.Random,
        exploration: float = 0.7,
    ) -> None:
        self.seat = seat
        self.root_moves = root_moves
        self.sample, self.moves, self.rollout, self.values = sample, moves, rollout, values
        self.iterations = iterations
        self.rng = rng
        self.exploration = exploration
        self.root = Node()
        self.done = 0  # iterations so far

    @property
    def finished(self) -> bool:
        """The budget is spent, or the most visited move can no longer be caught up."""
        if self.done >= self.iterations:
            return True
        children = self.root.children
        if len(children) < 2:
            return False
        first, second = sorted((child.visits for child in children.values()), reverse=True)[:2]
        return first - second > self.iterations - self.done

    def run(self, budget_ms: float) -> bool:
        """Iterates for about `budget_ms` (at least once); True once the decision is ready."""
        clock = time.perf_counter
        deadline = clock() + budget_ms / 1000
        while not self.finished:
            self._iterate()
            self.done += 1
            if clock() >= deadline:
                break
        return self.finished

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
            if untried:  # expand one move, then play out
                move = untried[int(rng.random() * len(untried))]
                children[move] = Node()
                for m in moves:
                    if m in children:
                        children[m].available += 1
                state.apply(move)
                path.append((children[move], actor))
                break
            best_score, move = -math.inf, moves[0]
            for m in moves:
                child = children[m]
                child.available += 1
                score = child.total / child.visits + c * math.sqrt(math.log(child.available) / child.visits)
                if score > best_score:
                    best_score, move = score, m
            node = children[move]
            state.apply(move)
            path.append((node, actor))
        if not state.over():
            self.rollout(state, rng)
        result = self.values(state)
        for child, actor in path:
            value = result[actor]
            child.visits += 1
            child.total += value
            child.wins += value > 0
