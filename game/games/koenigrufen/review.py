"""Königrufen for the deal review (`game.review`): which kind of decision a position asks for, an action as
the search's lean move, what a finished world pays each seat, the deal as it truly lies, and how large a
gap between two moves is worth a mark.

A world is weighed by the money (`LeanKoenigrufen.money`): every doubling counted, so a Kontra is judged by
what it pays even where the score leaves it out (austria: Kontra in the money only); elsewhere the money is
the score."""

from __future__ import annotations

from game.games.koenigrufen.cards import TRICKS_PER_DEAL
from game.games.koenigrufen.core import LeanAction, LeanKoenigrufen
from game.games.koenigrufen.rules import Action, KoenigrufenGame, KoenigrufenView, Play, from_action

PAGAT = "I"

KINDS = {"bid": "bid", "call": "call", "talon": "talon", "discard": "discard", "announce": "announce"}
MINOR = 0.1  # game points: a smaller loss is no mark, however sure
COSTLY = 0.5  # game points: a loss this large is costly, a smaller one doubtful


def kind(view: KoenigrufenView) -> str:
    """The decision's kind: bid, call, talon (a half, or the concession), discard, announce (a word of the
    announcement round, Kontra included), play."""
    return KINDS.get(view.phase, "play")


def lean(view: KoenigrufenView, action: Action) -> LeanAction:
    return from_action(action, view.profile)


def points(state: LeanKoenigrufen) -> list[int]:
    return state.money()


def why(view: KoenigrufenView, made: Action, best: Action) -> str:
    """A reason of the review's own where the hint's says less: the Pagat played before the last trick
    where another card was better keeps it for the last trick ("" elsewhere)."""
    last = len(view.tricks) == TRICKS_PER_DEAL - 1
    if isinstance(made, Play) and isinstance(best, Play) and made.card == PAGAT and not last:
        return "pagat"
    return ""


def truth(game: KoenigrufenGame) -> LeanKoenigrufen:
    """The deal as it lies, every hand and the talon in it (the all-cards opinion, once the deal is over)."""
    return game.lean()
