"""What each seat of a Château Falkenstein table may be told of an event, for a table played over the
network: a character's hand as dealt and the cards it draws are its own; the Host sees no hand."""

from __future__ import annotations

from dataclasses import replace
from typing import get_args

from game.game_spec import HIDDEN, Privacy
from game.games.falkenstein.session import CardDrawn, Event, FalkensteinView, HandDealt


def redact(event: Event, seat: int | str) -> Event:
    """`event` as `seat` (a character's, or the Host's "host") may see it."""
    if isinstance(event, HandDealt) and event.seat != seat:
        return replace(event, cards=(HIDDEN,) * len(event.cards))
    if isinstance(event, CardDrawn) and event.seat != seat:
        return replace(event, card=HIDDEN)
    return event


PRIVACY = Privacy(FalkensteinView, get_args(Event), redact)
