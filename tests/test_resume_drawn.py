"""A saved match opened again (Continue) draws the table as it was when played to that move: every line of
text where it was, every card, back or face, where it lay (issue 31, item 4: a card back over the declarer's
portrait for the whole deal after Continue). For each game, at each decision of the person at the table,
the match is resumed from its journal and the two frames' drawn elements compared."""

from __future__ import annotations

from typing import Any

import pytest
from scene_driver import frame_drawn, step
from tool_loader import load_tool

from game.app import App
from game.games.koenigrufen.table import bid_action
from game.journal import Journal
from game.scenes import navigation
from game.scenes.table_scene import Awaiting, TableScene
from game.settings import Settings
from game.ui import drawn

SHOT = load_tool("screenshot")
READY = (Awaiting.PERSON, Awaiting.PLAY, Awaiting.SCORE, Awaiting.OVER, Awaiting.CONTINUE)


def settle(app: App, table: TableScene) -> None:
    for _ in range(2000):
        step(app)
        if table.awaiting in READY and not table.busy:
            break
    step(app, 3 / 60)


def resumed_frame(app: App, table: TableScene) -> list[tuple[Any, ...]]:
    """The frame of the match resumed from the table's journal as it stands (the table itself untouched)."""
    journal = table.autosave.journal
    saved = Journal(journal.game, journal.setup)
    saved.actions = list(journal.actions)
    again = navigation.resume(app, saved)
    app.scenes.push(again)
    assert isinstance(again, TableScene)
    settle(app, again)
    seen = frame_drawn(app)
    app.scenes.pop()
    return seen


def decide(table: Any, contract: str | None) -> None:
    """The person's decision, as a player would make it: the contract bid where it may be, a legal
    discard, else the first thing the rules allow."""
    phase = table.game.phase
    if phase == "bid":
        options = table.game.view(0).bid_options
        table.act(
            bid_action(0, contract if contract in options else "pass" if "pass" in options else options[0])
        )
    elif phase == "discard":
        table.chosen = list(SHOT._a_discard(table))
        table._discard()
    else:
        table.act(table.game.legal_actions()[0])


TABLES = {
    # the declarer takes the whole talon unseen, then discards: resumed, it crashed reading the talon
    "koenigrufen": lambda app: SHOT._koenigrufen(app, "austria", "sechserdreier"),
    "twotenjack": lambda app: SHOT._twotenjack(app, 3),
    "falkenstein": lambda app: _falkenstein(app),
}


def _falkenstein(app: App) -> Any:
    from game.games.falkenstein.data import HEROES
    from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
    from game.games.falkenstein.table import FalkensteinTable

    return FalkensteinTable(app, FalkensteinSetup("solo", (SeatSetup(HEROES[0], "Clara"),), None, seed=11))


@pytest.mark.parametrize("game", TABLES)
def test_a_resumed_table_draws_as_the_table_played_to_that_move(game: str) -> None:
    drawn.record(True)
    try:
        app = App(settings=Settings(language="en", anim_speed="instant", think_time=0.0))
        table = TABLES[game](app)
        app.scenes.push(table)
        for _ in range(14):
            settle(app, table)
            if app.scenes.top is not table or table.awaiting not in (Awaiting.PERSON, Awaiting.PLAY):
                break
            assert resumed_frame(app, table) == frame_drawn(app), f"after {table.moves} moves"
            decide(table, "sechserdreier")
        assert table.moves >= 10
    finally:
        drawn.record(False)
