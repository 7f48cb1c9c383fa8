"""A computer's decision made in slices: the table advances it a few milliseconds per frame, so cards keep
moving while a computer thinks, and reads the move when it is ready. Hints use the same path at `normal`.

`easy` is the rule-based player; `normal` and `hard` search deals sampled from the seat's view
(`game.ai.search`), keeping a standing move unless another proved better in those deals. `normal` searches
once, from the game's habit (the easy player's move; in a Königrufen auction, the measured hand
evaluation's bid). `hard` first reaches exactly normal's answer, then thinks on with more
deals, and more sampled for each one searched, and leaves that answer only for a move clearly better in them:
more thought can only overturn a conclusion on evidence, never on the noise of fresh deals. A game's search
module may give a stage playouts of its own (`PLAYOUTS`, by stage; Two-Ten-Jack's normal plays out at
random, cheaper than by its habits, and hard's second search by the habits), and a stage in a phase the
evidence it needs to leave its standing move (`CONFIDENCE`, by stage and phase: Königrufen's hard keeps
normal's bid unless clearly shown better, as its playouts misjudge contracts), and the candidates sampled
for each deal searched (`CANDIDATES`, by stage and phase, where its worlds cost more to draw). Each stage has
a time cap so a slow machine still never keeps the table waiting; below the caps a decision depends only on
the view, the level and the seed. Thinking to a fixed budget instead (`budget="fixed"`: the tests, the
arena's strength runs) a stage stops at its deals and a number of playouts (`PLAYOUTS`, every move played
out in one deal counts) measured to match its time cap on a quiet machine (docs/ARCHITECTURE.md says how),
so the same play comes out however loaded the machine is.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any

from game.ai.decision import Decision
from game.ai.search import CONFIDENCE, Search
from game.registry import GAMES

LEVELS = ("easy", "normal", "hard")
STAGES = {"normal": ("normal",), "hard": ("normal", "hard")}  # each level's searches, in order
ITERATIONS = {"normal": 150, "hard": 400}  # deals a stage searches, each playing out every move
CANDIDATES = {"normal": 4, "hard": 12}  # deals sampled for each one searched, the likelier ones kept
CAP_MS = {"normal": 200.0, "hard": 700.0}  # a stage's thinking time, after which its best move so far stands
# A stage's fixed budget in playouts, per game, where its time cap cuts its searches short on a quiet machine:
# the median of the playouts the cap holds in those searches (`tools/arena.py`'s `stages`). Elsewhere the
# deals (`ITERATIONS`) are the whole budget: normal's cap cuts few of Königrufen's searches (3% under austria,
# 6% under cheltenham in 300-deal runs) and none of Two-Ten-Jack's, hard's none of Two-Ten-Jack's
# (docs/ARCHITECTURE.md, "Measuring").
PLAYOUTS: dict[tuple[str, str], float] = {("koenigrufen", "hard"): 2500}
BUDGETS = ("time", "fixed")  # thinking to the time caps (the table), or to the fixed budgets


class Thinker:
    """One decision for the seat whose `view` this is, at `level`, reproducible from `seed`."""

    def __init__(self, game: str, view: Any, level: str, seed: int, budget: str = "time") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown computer level {level!r}")
        if budget not in BUDGETS:
            raise ValueError(f"unknown budget {budget!r}")
        computer = GAMES[game].computer if game in GAMES else None
        if computer is None:
            raise ValueError(f"no computer players for {game!r}")
        if view.to_act != view.seat:
            raise ValueError(f"seat {view.seat} is not to act")
        self.game, self.view, self.level = computer.search, view, level
        self.game_id = game
        self.easy = computer.easy
        self.rng = random.Random(seed)
        self.decision: Decision | None = None
        self.spent_ms = 0.0
        self.capped = budget == "time"
        self.stages = STAGES.get(level, ())
        self.stage = 0  # the index in `stages` of the search under way
        self.stage_ms = 0.0  # its thinking time so far
        self._since = 0.0  # when the current step, or the stage if it began within the step, started
        self.search: Search | None = None
        self.choices = 0  # the legal moves the seat had, once decided
        # per stage concluded, the moves it played out and the process's CPU time it took (read by the
        # arena, where nothing else runs in the process between two steps)
        self.stats: dict[str, tuple[int, float]] = {}
        self._cpu = time.process_time()

    @property
    def done(self) -> bool:
        return self.decision is not None

    def step(self, budget_ms: float) -> bool:
        """Thinks for about `budget_ms`; True once the decision is ready."""
        start = self._since = time.perf_counter()
        if self.decision is None:
            self._think(min(budget_ms, self._cap() - self.stage_ms))
            self.stage_ms += (time.perf_counter() - self._since) * 1000
            if self.decision is None and self.stage_ms >= self._cap():
                self._conclude()
        self.spent_ms += (time.perf_counter() - start) * 1000
        return self.decision is not None

    def _cap(self) -> float:
        return CAP_MS[self.stages[self.stage]] if self.capped and self.stages else math.inf

    def _think(self, budget_ms: float) -> None:
        game, view = self.game, self.view
        if self.search is None:
            choices = game.root_moves(view)
            if not choices:  # nothing to weigh: a deal just scored, the next one starts (a server asks)
                self.choices, self.decision = 1, Decision(self.easy(view, self.rng), "only", {}, None)
                return
            if self.level == "easy":
                self._decide(self.easy(view, self.rng), len(choices), None)
                return
            if len(choices) == 1:
                self._decide(game.action(view, choices[0]), 1, None)
                return
            self._start(choices, game.habit(view, random.Random(self.rng.random())))
        assert self.search is not None
        if self.search.run(budget_ms):
            self._conclude()

    def _start(self, choices: Sequence[Any], standing: Any) -> None:
        """The current stage's search, which keeps `standing` unless another move proves better; a later stage
        deals and weighs worlds with the functions the first one prepared from the view, unless the game
        gives it its own (`worlds(view, level)`: Königrufen's hard draws the hands by the bids)."""
        level = self.stages[self.stage]
        game, view, earlier = self.game, self.view, self.search
        own = getattr(game, "worlds", None)
        worlds = own(view, level) if own is not None and earlier is not None else None
        if worlds is None:
            worlds = (
                (earlier.sample, earlier.likelihood)
                if earlier
                else (game.sampler(view), game.likelihood(view))
            )
        phase = getattr(view, "phase", None)
        self.search = Search(
            view.seat,
            choices,
            worlds[0],
            getattr(game, "PLAYOUTS", {}).get(level, game.rollout),
            game.values,
            ITERATIONS[level],
            self.rng,
            standing,
            worlds[1],
            getattr(game, "CANDIDATES", {}).get((level, phase), CANDIDATES[level]),
            getattr(game, "CONFIDENCE", {}).get((level, phase), CONFIDENCE),
            math.inf if self.capped else PLAYOUTS.get((self.game_id, level), math.inf),
        )

    def _conclude(self) -> None:
        """Takes the stage's choice, as the standing move of the next stage or as the decision."""
        assert self.search is not None
        move, node = self.search.best()
        choices = self.search.root_moves
        cpu, self._cpu = self._cpu, time.process_time()
        self.stats[self.stages[self.stage]] = (self.search.done * len(choices), (self._cpu - cpu) * 1000)
        self.stage += 1
        if self.stage < len(self.stages):
            self.stage_ms, self._since = 0.0, time.perf_counter()
            self._start(choices, move)
            return
        chance = node.wins / node.visits if node.visits else None
        self._decide(self.game.action(self.view, move), len(choices), chance)

    def _decide(self, act: Any, choices: int, chance: float | None) -> None:
        self.choices = choices
        reason, params = self.game.reason(self.view, act, choices)
        self.decision = Decision(act, reason, params, chance)


def decide(game: str, view: Any, level: str, seed: int) -> Decision:
    """The whole decision at once, to the fixed budget: the same view and seed always give the same
    decision, however busy the machine (tests)."""
    thinker = Thinker(game, view, level, seed, budget="fixed")
    while not thinker.step(1000.0):
        pass
    assert thinker.decision is not None
    return thinker.decision
