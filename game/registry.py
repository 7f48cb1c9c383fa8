"""Every game Atout knows, and what the rest of the program may ask of each: the menu, the journal, the
history, the command line and the tools ask here instead of listing the games themselves (the way
OpenSpiel registers its games). Adding a game is adding its package under `game/games/` and its name to
`PACKAGES` below.

No pygame here, and no game's rules or computers: a game's spec names its scenes and its `Parts` (rules,
setup, computers, sheets) by import path, loaded only when one is opened, so listing the games in the menu
costs a few small modules (tests/test_registry.py keeps it so).
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
