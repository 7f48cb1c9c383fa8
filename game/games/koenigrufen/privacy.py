"""What each seat of a Königrufen table may be told of an event, for a table played over the network.
Only the other hands as dealt are hidden: the rules' events already keep the talon, the discards and a
hidden whole talon out of sight until the rules turn them up (`TalonShown`, `TalonTaken`, `TalonLeft`,
`Discarded.shown_trumps`), and at the count every pile is turned up for all (`DealScored.piles`), as the
desktop's score page shows them."""

from __future__ import annotations

from dataclasses import replace
from typing import get_args

from game.game_spec import HIDDEN, Privacy
from game.games.koenigrufen import profile
from game.games.koenigrufen.rules import Event, HandDealt, KoenigrufenView


def redact(event: Event, seat: int) -> Event:
    """`event` as `seat` may see it."""
    if isinstance(event, HandDealt) and event.seat != seat:
        return replace(event, cards=(HIDDEN,) * len(event.cards))
    return event


PRIVACY = Privacy(KoenigrufenView, get_args(Event), redact, profile.from_json)
