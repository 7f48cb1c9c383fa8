"""Help while playing, read from what the table shows all: which card of the trick takes it so far, and
which hearts, spades and the joker are gone. (Every scoring pile is public in Two-Ten-Jack, so the table
shows each seat's points all along; there is no count to add.) The table only draws what these answer
(`game/ui/aids.py`).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.games.twotenjack.cards import DECK, INDEX, JOKER, LED_AT, RANKS, SUIT, winning
from game.games.twotenjack.rules import TwoTenJackView

# the gone panel's rows: hearts (trump), then spades and the joker, low to high
GONE_ROWS: tuple[tuple[str, ...], ...] = (
    tuple(rank + "H" for rank in RANKS),
    (*(rank + "S" for rank in RANKS), JOKER),
)
WATCHED = frozenset(card for card in DECK if SUIT[card] in ("H", "S") or card == JOKER)


def winning_index(plays: Sequence[tuple[str | None, bool]]) -> int | None:
    """Which of `plays` (a trick as it lies on the table: each card, None when face down, and whether it
    lies face down) takes it so far; None while no face-up card counts (a face-down lead never does)."""
    down = bool(plays) and plays[0][1]
    if len(plays) <= LED_AT[down]:
        return None
    return winning([INDEX[card] if card is not None else 0 for card, _ in plays], down)


def gone(view: TwoTenJackView) -> frozenset[str]:
    """The hearts, spades and joker played this round for all to see: in gathered tricks (a face-down
    lead turned up by then) and face up in the trick being played."""
    seen = {card for trick in view.tricks for card in trick.cards}
    seen.update(card for _, card, face_down in view.trick if card is not None and not face_down)
    return frozenset(seen & WATCHED)
