"""Two-Ten-Jack for the deal review (`game.review`): every decision is a card; an action as the search's lean
move; a world is weighed by the seat's points of the round (the round's points add up to the same sum but for
a sweep, so the own points rank moves as the lead over the others does); the round as it truly lies; how
large a gap is worth a mark."""

from __future__ import annotations

from game.games.twotenjack.cards import mask_of
from game.games.twotenjack.core import LeanTwoTenJack
from game.games.twotenjack.habits import Playout
from game.games.twotenjack.rules import Play, TwoTenJackGame, TwoTenJackView, from_action

MINOR = 1.0  # round points: a smaller loss is no mark, however sure
COSTLY = 5.0  # round points (a scoring heart or spade picture): a loss this large is costly


def kind(view: TwoTenJackView) -> str:
    return "play"


def lean(view: TwoTenJackView, action: Play) -> int:
    return from_action(action)


def points(state: LeanTwoTenJack) -> list[int]:
    return state.returns()


def why(view: TwoTenJackView, made: Play, best: Play) -> str:
    """No reason of the review's own: the hint's says it."""
    return ""


def truth(game: TwoTenJackGame) -> Playout:
    """The round as it lies (every hand, the stock, a face-down lead), with the cards all saw drawn."""
    return Playout.known(game.lean(), mask_of(card for _, card in game.view(0).drawn))
