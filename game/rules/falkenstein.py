"""The public rules API of Château Falkenstein's card resolution (see docs/rules/falkenstein.md); the game
itself lives in `game.games.falkenstein`."""

from game.games.falkenstein.resolution import gm_wins, is_fireworks, standing_of, win_chance

__all__ = ["gm_wins", "is_fireworks", "standing_of", "win_chance"]
