"""The public rules API of Two-Ten-Jack (see docs/rules/twotenjack.md); the game itself lives in
`game.games.twotenjack`."""

from game.games.twotenjack.cards import card_points, removed_cards, score_pile, trick_winner
from game.games.twotenjack.core import legal_plays

__all__ = ["card_points", "legal_plays", "removed_cards", "score_pile", "trick_winner"]
