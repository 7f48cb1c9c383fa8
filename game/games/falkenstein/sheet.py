"""The sheet at the end of a Falkenstein session, as plain data (the table and the History draw it): each
character's challenges, successes and fireworks, and the scenario's ending."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.games.falkenstein.session import FalkensteinGame
from game.games.falkenstein.setup import FalkensteinSetup
from game.games.falkenstein.words import log_lines
from game.i18n import language, tr
from game.sheets import ScoreSheet, running


def session_sheet(setup: FalkensteinSetup, game: FalkensteinGame, log: tuple[str, ...]) -> ScoreSheet:
    attempts = [0] * len(setup.seats)
    for resolved in game.history:
        attempts[resolved.seat] += 1
    rows = tuple(
        (s.character.name, str(attempts[i]), str(game.successes[i]), str(game.fireworks[i]))
        for i, s in enumerate(setup.seats)
    )
    scenario = setup.load_scenario()
    story, success, title = "", None, tr("fal.title")
    if scenario:
        success = sum(game.successes) >= scenario.pass_mark
        story = (scenario.outro_success if success else scenario.outro_failure).get(language())
        title = scenario.title.get(language())
    subtitle = tr("score.fal_summary", ok=sum(game.successes), n=len(game.history), fw=sum(game.fireworks))
    headers = (tr("score.character"), tr("score.challenges"), tr("score.successes"), tr("score.fireworks"))
    won = [tuple(int(r.seat == seat and not r.host_wins) for seat in range(len(rows))) for r in game.history]
    names = tuple(row[0] for row in rows)
    return ScoreSheet(title, subtitle, headers, rows, story, log, success, running(names, won))


def final_sheet(setup: FalkensteinSetup, state: Any, events: Sequence[Any]) -> ScoreSheet:
    """A finished session's sheet, from its replayed state and events (the History's)."""
    names = [seat.character.name for seat in setup.seats]
    log = tuple(line for event in events for line in log_lines(event, names.__getitem__))
    return session_sheet(setup, state, log)
