"""The trick-game tables that exist, so the menu and the command line open them the same way."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from game.i18n import tr
from game.scenes.card_setup import CardTableSetup, SeatPlayer

if TYPE_CHECKING:
    from game.app import App
    from game.engine.scene import Scene
    from game.journal import Journal
    from game.scenes.table_scene import TableScene

# game -> (module, table class)
TABLES = {
    "koenigrufen": ("game.scenes.koenigrufen_table", "KoenigrufenTable"),
    "twotenjack": ("game.scenes.twotenjack_table", "TwoTenJackTable"),
}
FALKENSTEIN = ("game.scenes.falkenstein_table", "FalkensteinTable")
DEMO_PLAYERS = {"koenigrufen": 4, "twotenjack": 3}


def available(game: str) -> bool:
    return game in TABLES


def open_table(app: App, setup: CardTableSetup) -> Scene:
    module, cls = TABLES[setup.game]
    return getattr(import_module(module), cls)(app, setup)


def demo_setup(game: str, seed: int, players: int | None = None, level: str = "easy") -> CardTableSetup:
    """Every seat played by the computer, at `level`."""
    n = players or DEMO_PLAYERS[game]
    seats = tuple(SeatPlayer(tr("table.computer_n", n=i + 1), False, level) for i in range(n))
    return CardTableSetup(game, seats, seed)


def resume_table(app: App, journal: Journal) -> TableScene:
    """The table of a saved match of any game, as it was left."""
    module, cls = FALKENSTEIN if journal.game == "falkenstein" else TABLES[journal.game]
    table: TableScene = getattr(import_module(module), cls).resume(app, journal)
    return table
