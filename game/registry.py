"""Every game Atout knows, and what the rest of the program may ask of each: the menu, the journal, the
history, the command line and the tools ask here instead of listing the games themselves (the way
OpenSpiel registers its games). Adding a game is adding its package under `game/games/` and its name to
`PACKAGES` below.

No pygame here: a game's scenes are named by import path and loaded only when one is opened.
"""

from __future__ import annotations

from importlib import import_module

from game.game_spec import GameSpec

# The games, in the menu's order: each a package of game/games/ whose `spec` module holds its SPEC.
PACKAGES = ("falkenstein", "koenigrufen", "twotenjack")

GAMES: dict[str, GameSpec] = {
    spec.id: spec for spec in (import_module(f"game.games.{name}.spec").SPEC for name in PACKAGES)
}


def spec(game: str) -> GameSpec:
    """The game called `game`; a KeyError names an unknown one."""
    return GAMES[game]


def register(game: GameSpec) -> None:
    """Adds a game after the built-in ones (a test's dummy game, a plug-in)."""
    GAMES[game.id] = game


def unregister(game: str) -> None:
    GAMES.pop(game, None)
