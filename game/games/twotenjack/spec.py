"""Two-Ten-Jack as the registry knows it: what the menu lists, and where the rest is (`parts.py`)."""

from game.game_spec import GameSpec

SPEC = GameSpec(
    id="twotenjack",
    seats=(2, 6),  # `cards.MIN_PLAYERS`, `cards.MAX_PLAYERS`
    parts="game.games.twotenjack.parts:PARTS",
    table="game.games.twotenjack.table:TwoTenJackTable",
    pack="french",
    fan=("2H", "10H", "JH"),
    bench="game.games.twotenjack.bench",
)
