"""The public rules API of Two-Ten-Jack (see docs/rules/twotenjack.md); the game itself lives in
`game.games.twotenjack`."""

from game.games.twotenjack.cards import card_points, legal_plays, removed_cards, score_pile, trick_winner

__all__ = ["card_points", "legal_plays", "removed_cards", "score_pile", "trick_winner"]
