"""Château Falkenstein as the registry knows it: what the menu lists, and where the rest is (`parts.py`)."""

from game.game_spec import GameSpec

SPEC = GameSpec(
    id="falkenstein",
    seats=(1, 4),  # one character to `session.MAX_CHARACTERS`
    parts="game.games.falkenstein.parts:PARTS",
    table="game.games.falkenstein.table:FalkensteinTable",
    pack="french",
    fan=("QH", "RJ", "AS"),
    bench="game.games.falkenstein.bench",
    start="game.games.falkenstein.start:FalkensteinStart",
)
