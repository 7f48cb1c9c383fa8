"""The public rules API of Königrufen (see docs/rules/koenigrufen.md); the game itself lives in
`game.games.koenigrufen`."""

from game.games.koenigrufen.cards import (
    card_points,
    count_points,
    is_legal_discard,
    legal_plays,
    trick_winner,
)

__all__ = ["card_points", "count_points", "is_legal_discard", "legal_plays", "trick_winner"]
