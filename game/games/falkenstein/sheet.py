"""The sheet at the end of a Falkenstein session, as plain data (the table and the History draw it): each
character's challenges, successes and fireworks, and the scenario's ending."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.games.falkenstein.session import Resolved
from game.games.falkenstein.setup import FalkensteinSetup
from game.games.falkenstein.words import log_lines
from game.i18n import language, tr
from game.sheets import ScoreSheet, running


def session_sheet(setup: FalkensteinSetup, history: Sequence[Resolved], log: tuple[str, ...]) -> ScoreSheet:
    """The sheet from the challenges resolved (a local state's history, or a seat's view of a networked
    table: both hold them all)."""
    attempts, successes, fireworks = ([0] * len(setup.seats) for _ in range(3))
    for resolved in history:
        attempts[resolved.seat] += 1
        successes[resolved.seat] += not resolved.host_wins
        fireworks[resolved.seat] += resolved.fireworks
    rows = tuple(
        (s.character.name, str(attempts[i]), str(successes[i]), str(fireworks[i]))
        for i, s in enumerate(setup.seats)
    )
    scenario = setup.load_scenario()
    story, success, title = "", None, tr("fal.title")
    if scenario:
        success = sum(successes) >= scenario.pass_mark
        story = (scenario.outro_success if success else scenario.outro_failure).get(language())
        title = scenario.title.get(language())
    subtitle = tr("score.fal_summary", ok=sum(successes), n=len(history), fw=sum(fireworks))
    headers = (tr("score.character"), tr("score.challenges"), tr("score.successes"), tr("score.fireworks"))
    won = [tuple(int(r.seat == seat and not r.host_wins) for seat in range(len(rows))) for r in history]
    names = tuple(row[0] for row in rows)
    return ScoreSheet(title, subtitle, headers, rows, story, log, success, running(names, won))


def final_sheet(setup: FalkensteinSetup, state: Any, events: Sequence[Any]) -> ScoreSheet:
    """A finished session's sheet, from its replayed state and events (the History's)."""
    names = [seat.character.name for seat in setup.seats]
    log = tuple(line for event in events for line in log_lines(event, names.__getitem__))
    return session_sheet(setup, state.history, log)
