"""Help while playing, read from one seat's view alone: which card of the trick on the table takes it so
far, which trumps and kings are gone, the called king among the seat's own kings, and the card points of
the tricks its side is known to have won. The table only draws what these answer (`game/ui/aids.py`).

What the count counts: the tricks won by the seats the viewer knows to be on its side — itself; with the
declarer, the partner once the rules make him known, or from the start for the partner himself, who holds
the called king; the three defenders together against a declarer known to play alone; each seat for
itself in Trischaken. The talon and the discards are not counted (they are scored at the end), and a
negative contract, won or lost on its tricks, has no count.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.games.koenigrufen.cards import DECK_INDEX, KINGS, SEATS, TRUMPS, pile_points, winning
from game.games.koenigrufen.rules import KoenigrufenView

# the gone panel's rows: the trumps in two rows, low to high, then the kings
GONE_ROWS: tuple[tuple[str, ...], ...] = (TRUMPS[:11], TRUMPS[11:], KINGS)
WATCHED = frozenset(TRUMPS + KINGS)
PLAYING = ("tricks", "scored")  # the phases whose tricks the aids read


def winning_index(view: KoenigrufenView, cards: Sequence[str]) -> int | None:
    """Which of `cards` (a trick as it lies on the table, in play order) takes it so far, under the
    contract `view` plays (the colour rule, the Emperor's trick); None for no trick or no contract."""
    if not cards or view.contract is None:
        return None
    colour = view.profile.contract(view.contract).colour
    return winning([DECK_INDEX[card] for card in cards], view.profile.emperors_trick, colour)[0]


def gone(view: KoenigrufenView) -> frozenset[str]:
    """The trumps and kings out of play for all to see: played to a trick, or laid away face up."""
    seen = set(view.shown_trumps).union(view.trick.cards, *(trick.cards for trick in view.tricks))
    return frozenset(seen & WATCHED)


def called_in_hand(view: KoenigrufenView) -> str | None:
    """The called king when the seat holds it (so it is told apart from the seat's other kings)."""
    return view.king if view.king is not None and view.king in view.hand else None


def known_side(view: KoenigrufenView) -> frozenset[int]:
    """The seats the viewer knows to share its side (see the module's docstring), itself always."""
    seat, declarer = view.seat, view.declarer
    if view.contract is None or view.phase not in PLAYING:
        return frozenset({seat})
    if view.profile.contract(view.contract).kind == "trischaken":
        return frozenset({seat})
    holds_king = called_in_hand(view) is not None
    alone = view.alone or (seat == declarer and holds_king)  # his own king called: he alone knows
    partner = view.partner if view.partner is not None or not holds_king else seat
    if alone:
        team = frozenset({declarer})
    elif partner is not None:
        team = frozenset({declarer, partner})
    else:
        return frozenset({seat})  # the partner still hidden from this seat
    return team if seat in team else frozenset(range(SEATS)) - team


def side_points(view: KoenigrufenView) -> int | None:
    """The card points, counted in threes, of the tricks the viewer's known side has won so far; None
    before the tricks and in a negative contract, which counts tricks, not points."""
    if view.contract is None or view.phase not in PLAYING:
        return None
    if view.profile.contract(view.contract).kind == "negative":
        return None
    side = known_side(view)
    return pile_points([card for trick in view.tricks if trick.winner in side for card in trick.cards])
