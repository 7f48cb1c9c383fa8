"""A computer's decision made in slices: the table advances it a few milliseconds per frame, so cards keep
moving while a computer thinks, and reads the move when it is ready. Hints use the same path at `normal`.

`easy` is the rule-based player; `normal` and `hard` are the same search (`game.ai.search`) over deals
sampled from the seat's view, which keeps the easy player's move unless another proved better in those
deals. They differ only in how many deals they search, and how many they sample for each one searched
(keeping the ones likelier under the others' play so far), with a time cap so a slow machine still never
keeps the table waiting. Below the cap a decision depends only on the view, the level and the seed.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from game.ai import koenigrufen_easy, koenigrufen_search, twotenjack_easy, twotenjack_search
from game.ai.search import Search

LEVELS = ("easy", "normal", "hard")
ITERATIONS = {"normal": 150, "hard": 400}  # deals searched per decision, each playing out every move
CANDIDATES = {"normal": 4, "hard": 12}  # deals sampled for each one searched, the likelier ones kept
CAP_MS = {"normal": 200.0, "hard": 850.0}  # thinking time after which the best move so far is taken

# Reason codes a Decision may carry; the interface shows tr(f"hint.{reason}", **params).
REASONS = (
    "only",  # the only legal move
    "call",  # {king}: the king called
    "talon",  # {half}: 1 or 2, the talon half taken
    "discard",  # {cards}: the three cards discarded
    "lead",  # {card}: a lead
    "take",  # {card}: wins the trick so far
    "smear",  # {card}: points onto a trick the partner wins
    "duck",  # {card}: low card on a trick that is lost anyway
    "dump",  # {card}: gets rid of a dangerous card
)


@dataclass(frozen=True)
class Decision:
    action: Any
    reason: str  # one of REASONS
    params: dict[str, Any] = field(default_factory=dict)
    win_chance: float | None = None  # the share of sampled deals the move did well in, when searched


_SEARCH = {"koenigrufen": koenigrufen_search, "twotenjack": twotenjack_search}
_EASY = {"koenigrufen": koenigrufen_easy.choose, "twotenjack": twotenjack_easy.choose}


class Thinker:
    """One decision for the seat whose `view` this is, at `level`, reproducible from `seed`."""

    def __init__(self, game: str, view: Any, level: str, seed: int, capped: bool = True) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown computer level {level!r}")
        if game not in _SEARCH:
            raise ValueError(f"no computer players for {game!r}")
        if view.to_act != view.seat:
            raise ValueError(f"seat {view.seat} is not to act")
        self.game, self.view, self.level = _SEARCH[game], view, level
        self.easy = _EASY[game]
        self.rng = random.Random(seed)
        self.decision: Decision | None = None
        self.spent_ms = 0.0
        self.cap_ms = CAP_MS.get(level, 0.0) if capped else math.inf
        self.search: Search | None = None
        self.choices = 0  # the legal moves the seat had, once decided

    @property
    def done(self) -> bool:
        return self.decision is not None

    def step(self, budget_ms: float) -> bool:
        """Thinks for about `budget_ms`; True once the decision is ready."""
        start = time.perf_counter()
        if self.decision is None:
            self._think(min(budget_ms, self.cap_ms - self.spent_ms))
            if self.decision is None and self.spent_ms + (time.perf_counter() - start) * 1000 >= self.cap_ms:
                self._conclude()
        self.spent_ms += (time.perf_counter() - start) * 1000
        return self.decision is not None

    def _think(self, budget_ms: float) -> None:
        game, view = self.game, self.view
        if self.level == "easy":
            self._decide(self.easy(view, self.rng), len(game.root_moves(view)), None)
            return
        if self.search is None:
            choices = game.root_moves(view)
            if len(choices) == 1:
                self._decide(game.action(view, choices[0]), 1, None)
                return
            self.search = Search(
                view.seat,
                choices,
                game.sampler(view),
                game.rollout,
                game.values,
                ITERATIONS[self.level],
                self.rng,
                game.habit(view, random.Random(self.rng.random())),
                game.likelihood(view),
                CANDIDATES[self.level],
            )
        if self.search.run(budget_ms):
            self._conclude()

    def _conclude(self) -> None:
        """Takes the search's choice: the habit move unless another proved better."""
        assert self.search is not None
        move, node = self.search.best()
        chance = node.wins / node.visits if node.visits else None
        self._decide(self.game.action(self.view, move), len(self.search.root_moves), chance)

    def _decide(self, act: Any, choices: int, chance: float | None) -> None:
        self.choices = choices
        reason, params = self.game.reason(self.view, act, choices)
        self.decision = Decision(act, reason, params, chance)


def decide(game: str, view: Any, level: str, seed: int) -> Decision:
    """The whole decision at once, without the time cap: the same view and seed always give the same
    decision, however busy the machine (tests)."""
    thinker = Thinker(game, view, level, seed, capped=False)
    while not thinker.step(1000.0):
        pass
    assert thinker.decision is not None
    return thinker.decision
