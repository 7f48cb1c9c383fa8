"""The sheet at the end of a Königrufen deal or match, as plain data (the table and the History draw it):
both piles counted in threes, the result, and the match's score sheet with its totals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game import seating
from game.games.koenigrufen.cards import CARD_POINTS
from game.games.koenigrufen.rules import DealScored, ScoreLine
from game.games.koenigrufen.words import log_lines
from game.i18n import tr
from game.seating import CardTableSetup

Group = tuple[tuple[str, ...], int]  # three cards (or the remainder) and what they count


@dataclass(frozen=True)
class DealSheet:
    title: str
    names: tuple[str, ...]
    result: str  # who played with whom, the points and won or lost; "" when no deal was scored
    won: bool | None
    piles: tuple[tuple[Group, ...], ...]  # (declaring side, defenders), counted in threes; () when none
    lines: tuple[ScoreLine, ...]  # the match's score sheet so far
    totals: tuple[int, ...]
    over: bool
    log: tuple[str, ...] = ()


def groups_of_three(cards: tuple[str, ...]) -> tuple[Group, ...]:
    """The pile as counted at the table: each group of three is worth its sum minus 2, a remainder minus 1."""
    out = []
    for i in range(0, len(cards), 3):
        group = cards[i : i + 3]
        out.append((group, sum(CARD_POINTS[c] for c in group) - (2 if len(group) == 3 else 1)))
    return tuple(out)


def deal_sheet(
    names: Sequence[str], view: Any, scored: DealScored | None, over: bool, log: tuple[str, ...]
) -> DealSheet:
    """The sheet after the deal `scored` (None: a match ended before its first deal was scored)."""
    lines = tuple(view.score_sheet)
    title = tr("kr.final") if over else tr("kr.deal_title", n=lines[-1].deal_no if lines else 1)
    if scored is None:
        return DealSheet(title, tuple(names), "", None, (), lines, tuple(view.totals), over, log)
    who = names[scored.declarer]
    side = (
        tr("kr.with_partner", declarer=who, partner=names[scored.partner])
        if scored.partner is not None
        else tr("kr.alone", declarer=who)
    )
    result = tr(
        "kr.result_line",
        side=side,
        points=scored.declarer_side_points,
        result=tr("kr.won" if scored.won else "kr.lost"),
    )
    piles = tuple(groups_of_three(pile) for pile in scored.piles)
    return DealSheet(title, tuple(names), result, scored.won, piles, lines, tuple(view.totals), over, log)


def final_sheet(setup: CardTableSetup, state: Any, events: Sequence[Any]) -> DealSheet:
    """A finished match's sheet, from its replayed state and events (the History's)."""
    names = seating.names(setup)
    log = tuple(line for event in events for line in log_lines(event, names.__getitem__))
    scored = [e for e in events if isinstance(e, DealScored)]
    return deal_sheet(names, state.view(0), scored[-1] if scored else None, state.is_over, log)
