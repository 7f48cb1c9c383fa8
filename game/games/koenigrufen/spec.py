"""Königrufen as the registry knows it: what the menu lists, and where the rest is (`parts.py`)."""

from game.game_spec import GameSpec

SPEC = GameSpec(
    id="koenigrufen",
    seats=(4, 4),  # `cards.SEATS`
    parts="game.games.koenigrufen.parts:PARTS",
    table="game.games.koenigrufen.table:KoenigrufenTable",
    start="game.games.koenigrufen.start:KoenigrufenStart",
    pack="tarock",
    fan=("I", "SK", "XXI"),
    bench="game.games.koenigrufen.bench",
    score_scene="game.games.koenigrufen.score:KoenigrufenScore",
)
