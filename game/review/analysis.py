"""One deal reviewed: for each decision a player made (a bid or a pass, the call, a talon half, the discard, a
word of the announcements or a Kontra, each card), the expected points of the move made and of the best move
found, weighed from what that seat could see at that moment, and apart, once the deal is over, what each move
would have scored with every hand known.

The first opinion is the search the computers play by (`game.ai.search`), asked only the seat's view of that
moment: worlds dealt consistently with it (weighed by how likely they make the others' play so far), every
move the search weighs there and the move made played out in each world by the table's habits, each scored
by what the deal pays the seat (`review.points` of the game). All moves meet the same worlds, so the gap
between two moves is measured far more precisely than their values: its standard error is that of the
per-world differences. A move is marked only where the gap exceeds `CONFIDENCE` standard errors and the
game's least mark (`review.MINOR`): costly from `review.COSTLY` on, else doubtful. The budget is fixed
(`DEALS` worlds a decision) and every random number comes from a seed keyed with the match's
(`game.ai.seeds`): the same journal gives the same review, bit for bit.

The second opinion plays each of those moves out once in the deal as it truly lay, by the same habits: what
the move would have brought had everyone played on as the habits do. It reads hidden cards, so it is kept
in a field of its own (`Moment.truth`), made only for a finished deal and never mixed into the first.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from game.ai.search import Search, paired
from game.ai.seeds import decision_seed
from game.journal import Journal, new_state
from game.registry import GAMES

VERSION = 1  # bumped when the method changes: a review kept under another version is made again
DEALS = 200  # worlds weighed for each decision: every move is played out in each
CANDIDATES = 4  # worlds sampled for each one weighed, the likelier kept (as the computers' `normal`)
CONFIDENCE = 2.0  # standard errors by which a gap must be sure before a move is marked
KINDS = ("bid", "call", "talon", "discard", "announce", "play")  # every kind of decision, in a deal's order
MARKS = ("", "doubtful", "costly")


@dataclass(frozen=True)
class Span:
    """One finished deal (or round) of a match: its number and its actions in the journal."""

    number: int  # from 1
    first: int  # the index of its first action
    end: int  # one past the action that scored it


@dataclass(frozen=True)
class Moment:
    """One decision reviewed. `options` are the moves weighed (actions), the one made among them; `means` what
    each was expected to bring the seat from its view then; `error` the standard error of the gap between
    the best and the move made; `share` the share of worlds in which the best did better; `reason` the
    hint's reason code for the best move (`game.ai.decision.REASONS`). `truth`, the all-cards opinion:
    each option's points in the deal as it lay (empty where none was made)."""

    index: int
    seat: int
    kind: str
    options: tuple[Any, ...]
    means: tuple[float, ...]
    made: int
    best: int
    error: float
    share: float
    reason: str
    truth: tuple[float, ...] = ()

    @property
    def gap(self) -> float:
        """The points the move made was expected to lose against the best one found (never below 0)."""
        return self.means[self.best] - self.means[self.made]

    @property
    def truth_best(self) -> int | None:
        """With every hand known, the option that would have scored most (the one made on a tie)."""
        return best_of(self.truth, self.made) if self.truth else None


def best_of(values: Sequence[float], made: int) -> int:
    """The option worth most: the move made where it ties, else the first."""
    top = max(values)
    return made if values[made] == top else list(values).index(top)


@dataclass(frozen=True)
class DealReview:
    """A deal's decisions reviewed, as made with `deals` worlds a decision."""

    game: str
    span: Span
    deals: int
    moments: tuple[Moment, ...]

    def mark(self, moment: Moment) -> str:
        """The decision's mark: costly, doubtful, or "" (as good as the best move found, as far as the worlds
        tell)."""
        return mark(self.game, moment)


def mark(game: str, moment: Moment) -> str:
    rules = _review(game)
    gap = moment.gap
    if gap < rules.MINOR or gap <= CONFIDENCE * moment.error:
        return ""
    return "costly" if gap >= rules.COSTLY else "doubtful"


def _review(game: str) -> ModuleType:
    computer = GAMES[game].computer
    if computer is None or computer.review is None:
        raise ValueError(f"no review for {game!r}")
    return computer.review


def reviewable(game: str) -> bool:
    """Whether the deals of `game` can be reviewed (its computers can weigh a move)."""
    computer = GAMES[game].computer if game in GAMES else None
    return computer is not None and computer.review is not None


# --- the deals of a match ----------------------------------------------------------------------------------


def spans(journal: Journal) -> list[Span]:
    """The match's finished deals, in order (a deal the players left unfinished is not one)."""
    state = new_state(journal.setup)
    found: list[Span] = []
    first = 0
    for index, action in enumerate(journal.actions):
        if state.phase == "scored":  # the next deal's first action: dealt, no decision
            first = index + 1
        state.apply(action)
        if state.phase in ("scored", "over") and (not found or found[-1].end <= first):
            found.append(Span(len(found) + 1, first, index + 1))
    return found


# --- one decision ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Position:
    """A decision to review: where it stands in the journal, whose it is, what that seat saw, what it did,
    and (apart) the deal as it lay."""

    index: int
    seat: int
    view: Any
    action: Any
    world: Any


class Weighing:
    """The first opinion on one decision, made in slices: the search over the moves, from the view alone."""

    def __init__(self, game: str, view: Any, action: Any, seed: int, deals: int) -> None:
        computer = GAMES[game].computer
        assert computer is not None and computer.review is not None
        self.game, self.view, self.action = game, view, action
        search, review = computer.search, computer.review
        moves = list(search.root_moves(view))
        made = review.lean(view, action)
        if made not in moves:
            moves.append(made)
        self.moves, self.made = moves, moves.index(made)
        self.search = Search(
            view.seat,
            moves,
            search.sampler(view),
            search.rollout,
            review.points,
            deals,
            random.Random(seed),
            None,
            search.likelihood(view),
            CANDIDATES,
        )

    @property
    def progress(self) -> float:
        search = self.search
        return search.done / search.iterations if search.iterations else 1.0

    def run(self, budget_ms: float) -> bool:
        return self.search.run(budget_ms)

    def moment(self, index: int, truth: tuple[float, ...]) -> Moment:
        """The decision reviewed, once the search has run."""
        computer = GAMES[self.game].computer
        assert computer is not None and computer.review is not None
        search, review, view = computer.search, computer.review, self.view
        results = self.search.results
        n = self.search.done
        means = tuple(sum(results[move][:n]) / n if n else 0.0 for move in self.moves)
        best = best_of(means, self.made)
        error, share = 0.0, 0.0
        if best != self.made:
            _, error = paired(results[self.moves[best]][:n], results[self.moves[self.made]][:n])
            pairs = zip(results[self.moves[best]][:n], results[self.moves[self.made]][:n], strict=True)
            share = sum(a > b for a, b in pairs) / n
        options = tuple(search.action(view, move) for move in self.moves)
        options = (*options[: self.made], self.action, *options[self.made + 1 :])  # as the player said it
        reason = review.why(view, options[self.made], options[best]) if best != self.made else ""
        reason = reason or search.reason(view, options[best], len(self.moves))[0]
        return Moment(
            index,
            view.seat,
            review.kind(view),
            options,
            means,
            self.made,
            best,
            error,
            share,
            reason,
            truth,
        )


def all_cards(game: str, position: Position, moves: Sequence[Any], seed: int) -> tuple[float, ...]:
    """The second opinion: each move played out once in the deal as it lay, by the table's habits."""
    computer = GAMES[game].computer
    assert computer is not None and computer.review is not None
    out = []
    for move in moves:
        world = position.world.copy()
        world.apply(move)
        if not world.over():
            computer.search.rollout(world, random.Random(seed))
        out.append(float(computer.review.points(world)[position.seat]))
    return tuple(out)


# --- a whole deal ------------------------------------------------------------------------------------------


def seat_view(state: Any, seat: int) -> Any:
    """What `seat` could see of `state`: the one door from the deal to the first opinion."""
    return state.view(seat)


def position_of(game: str, state: Any, index: int, action: Any) -> Position:
    """The decision `action`, the journal's `index`-th, of the seat to act in `state`."""
    seat = state.to_act
    return Position(index, seat, seat_view(state, seat), action, _review(game).truth(state))


def positions(journal: Journal, span: Span) -> list[Position]:
    """Every decision of the deal: each action of a seat that had more than one legal move."""
    state = new_state(journal.setup)
    for action in journal.actions[: span.first]:
        state.apply(action)
    found = []
    for index in range(span.first, span.end):
        action = journal.actions[index]
        if state.to_act is not None and len(state.legal_actions()) > 1:
            found.append(position_of(journal.game, state, index, action))
        state.apply(action)
    return found


def review_position(game: str, position: Position, seed: int, deals: int) -> Moment:
    """One decision reviewed at once: the first opinion from the position's view, the second apart."""
    weighing = Weighing(game, position.view, position.action, seed, deals)
    weighing.run(math.inf)
    return weighing.moment(position.index, all_cards(game, position, weighing.moves, seed))


class Reviewer:
    """One deal's review, made in slices (`step`) so a caller decides how long each may take."""

    def __init__(self, journal: Journal, number: int, deals: int = DEALS) -> None:
        if not reviewable(journal.game):
            raise ValueError(f"no review for {journal.game!r}")
        found = [span for span in spans(journal) if span.number == number]
        if not found:
            raise ValueError(f"no finished deal {number} in the match")
        self.game, self.span, self.deals = journal.game, found[0], deals
        self.seed = journal.setup.seed
        self.positions = positions(journal, self.span)
        self.moments: list[Moment] = []
        self.weighing: Weighing | None = None

    @property
    def done(self) -> bool:
        return len(self.moments) == len(self.positions)

    @property
    def progress(self) -> float:
        """From 0 to 1: the decisions reviewed, and the share of the one under way."""
        if not self.positions:
            return 1.0
        part = self.weighing.progress if self.weighing is not None else 0.0
        return (len(self.moments) + part) / len(self.positions)

    def step(self, budget_ms: float) -> bool:
        """Works for about `budget_ms` (at least one world of the decision under way); True once done."""
        if self.done:
            return True
        position = self.positions[len(self.moments)]
        seed = decision_seed(self.seed, "review", position.seat, position.index)
        if self.weighing is None:
            self.weighing = Weighing(self.game, position.view, position.action, seed, self.deals)
        weighing = self.weighing
        if weighing.run(budget_ms):
            truth = all_cards(self.game, position, weighing.moves, seed)
            self.moments.append(weighing.moment(position.index, truth))
            self.weighing = None
        return self.done

    @property
    def result(self) -> DealReview:
        if not self.done:
            raise ValueError("the review is not finished")
        return DealReview(self.game, self.span, self.deals, tuple(self.moments))


def review_deal(journal: Journal, number: int, deals: int = DEALS) -> DealReview:
    """The whole review of deal `number` at once (tools, tests)."""
    reviewer = Reviewer(journal, number, deals)
    while not reviewer.step(math.inf):
        pass
    return reviewer.result


# --- what the review sums up -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Figures:
    """One seat's decisions over the deals reviewed: how many, how many as good as the best move found (no
    mark), and the points lost at the marked ones."""

    decisions: int = 0
    matched: int = 0
    lost: float = 0.0
    deals: int = 0

    @property
    def share(self) -> float:
        return self.matched / self.decisions if self.decisions else 1.0

    @property
    def per_deal(self) -> float:
        return self.lost / self.deals if self.deals else 0.0


def lost(review: DealReview, moment: Moment) -> float:
    """The points a decision lost: its gap where marked, nothing where the worlds cannot tell."""
    return moment.gap if review.mark(moment) else 0.0


def by_kind(review: DealReview) -> dict[str, float]:
    """The points lost per kind of decision, for the kinds the deal had, in a deal's order."""
    totals: dict[str, float] = {}
    for kind in KINDS:
        of_kind = [m for m in review.moments if m.kind == kind]
        if of_kind:
            totals[kind] = sum(lost(review, m) for m in of_kind)
    return totals


def costliest(review: DealReview, count: int = 3) -> list[Moment]:
    """The `count` marked decisions that lost most, the costliest first."""
    marked = [m for m in review.moments if review.mark(m)]
    return sorted(marked, key=lambda m: (-m.gap, m.index))[:count]


def figures(reviews: Sequence[DealReview], seats: int) -> list[Figures]:
    """Each seat's figures over the deals reviewed."""
    out = []
    for seat in range(seats):
        mine = [(r, m) for r in reviews for m in r.moments if m.seat == seat]
        out.append(
            Figures(
                len(mine),
                sum(not r.mark(m) for r, m in mine),
                sum(lost(r, m) for r, m in mine),
                len(reviews),
            )
        )
    return out


def lost_with_all_cards(review: DealReview, seats: int) -> list[float]:
    """The second opinion summed up: per seat, what its moves lost against the best of those weighed, each
    played out once in the deal as it lay."""
    out = [0.0] * seats
    for moment in review.moments:
        best = moment.truth_best
        if best is not None:
            out[moment.seat] += moment.truth[best] - moment.truth[moment.made]
    return out
