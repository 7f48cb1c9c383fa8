"""The sheet at the end of a Two-Ten-Jack round or match, as plain data (the table and the History
draw it): each pile's scoring cards and points, the totals, the leaders."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from game import seating, sheets
from game.games.twotenjack.cards import POINTS
from game.games.twotenjack.rules import RoundScored
from game.games.twotenjack.words import card_label, log_lines
from game.i18n import tr
from game.seating import CardTableSetup
from game.sheets import ScoreSheet, running


def round_sheet(
    names: Sequence[str],
    scored: RoundScored,
    rounds: int,
    over: bool,
    log: tuple[str, ...],
    round_scores: Sequence[Sequence[int]] = (),
) -> ScoreSheet:
    """The sheet of the round `scored` closed (the match's final sheet when it was the last, with the chart
    of the running scores from `round_scores`, each round's points)."""
    rows = tuple(
        (
            names[seat],
            " ".join(card_label(c) for c in scored.piles[seat] if POINTS[c]) or "—",
            f"{scored.points[seat]:+d}",
            f"{scored.totals[seat]:+d}",
        )
        for seat in range(len(names))
    )
    notes = [tr(f"ttj.reversal.{kind}", name=names[seat]) for seat, kind in scored.reversals]
    best = max(scored.totals)
    leaders = [names[s] for s, total in enumerate(scored.totals) if total == best]
    winners = ", ".join(leaders)
    if over:
        notes.append(tr("ttj.winners" if len(leaders) > 1 else "ttj.winner", names=winners))
    title = tr("ttj.final") if over else tr("ttj.round_title", n=scored.round_no, total=rounds)
    headers = (tr("score.player"), tr("ttj.scoring_cards"), tr("ttj.this_round"), tr("ttj.total"))
    subtitle = tr("ttj.leader", names=winners, points=best)
    chart = running(names, round_scores) if over else None
    return ScoreSheet(title, subtitle, headers, rows, "\n".join(notes), log, chart=chart)


def final_sheet(setup: CardTableSetup, state: Any, events: Sequence[Any]) -> ScoreSheet:
    """A finished match's sheet, from its replayed state and events (the History's)."""
    names = seating.names(setup)
    log = tuple(line for event in events for line in log_lines(event, names.__getitem__))
    scored = [e for e in events if isinstance(e, RoundScored)]
    view = state.view(0)
    if not scored:
        return sheets.totals_sheet(setup.game, names, view.totals, log)
    sheet = round_sheet(names, scored[-1], view.rounds, state.is_over, log)
    return replace(sheet, chart=running(names, view.round_scores))  # ended early too
