"""What a score sheet says, as plain data built from the rules' state and events (no pygame): a table
shows it at the end of a deal or a match, and the History shows the same sheet for a finished match.

A game with a sheet of its own shape (Königrufen's counted piles) defines it in its package; the rest use
`ScoreSheet`, a titled table of rows with the ending's story and the match's log.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from itertools import accumulate
from typing import Any

from game.i18n import tr


@dataclass(frozen=True)
class Chart:
    """Each player's running score over a match, for the small chart on a finished sheet."""

    names: tuple[str, ...]
    totals: tuple[tuple[int, ...], ...]  # after each deal (round, challenge), seat by seat


def running(names: Sequence[str], points: Sequence[Sequence[int]]) -> Chart | None:
    """The chart of a match from each deal's points, seat by seat; None before anything was scored."""
    if not points:
        return None
    totals = accumulate(
        (tuple(deal) for deal in points), lambda a, b: tuple(x + y for x, y in zip(a, b, strict=True))
    )
    return Chart(tuple(names), tuple(totals))


@dataclass(frozen=True)
class ScoreSheet:
    title: str
    subtitle: str
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    story: str = ""
    log: tuple[str, ...] = field(default_factory=tuple)
    success: bool | None = None  # colours the subtitle: True good ending, False bad, None neutral
    chart: Chart | None = None  # the running scores, on a finished match's sheet
    path: tuple[str, ...] = ()  # an adventure's path taken, a line a turn (Falkenstein)


@dataclass(frozen=True)
class WayOut:
    """The buttons under a sheet (the first is the default) and what Escape does; a note beside them; the deal
    the sheet offers to review, if any (a `game.review.job.Target`)."""

    buttons: tuple[tuple[str, Callable[[], None]], ...]
    escape: Callable[[], None]
    note: str = ""
    review: Any = None


def totals_sheet(
    game: str, names: tuple[str, ...], totals: tuple[int, ...], log: tuple[str, ...]
) -> ScoreSheet:
    """A match ended before anything was scored: the totals as they stood."""
    rows = tuple((name, f"{total:+d}") for name, total in zip(names, totals, strict=True))
    return ScoreSheet(
        tr(f"menu.game.{game}.name"),
        tr("history.ended_early"),
        (tr("score.player"), tr("score.total")),
        rows,
        log=log,
    )
