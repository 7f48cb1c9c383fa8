"""What each seat of a Two-Ten-Jack table may be told of an event, for a table played over the network:
the other hands as dealt, a face-down opening lead until its trick is gathered and the stock's face-down
top card once drawn are the holder's alone."""

from __future__ import annotations

from dataclasses import replace
from typing import get_args

from game.game_spec import HIDDEN, Privacy
from game.games.twotenjack.rules import CardDrawn, CardPlayed, Event, HandDealt, TwoTenJackView


def redact(event: Event, seat: int) -> Event:
    """`event` as `seat` may see it."""
    if isinstance(event, HandDealt) and event.seat != seat:
        return replace(event, cards=(HIDDEN,) * len(event.cards))
    if isinstance(event, CardPlayed) and event.face_down and event.seat != seat:
        return replace(event, card=HIDDEN)
    if isinstance(event, CardDrawn) and event.was_hidden and event.seat != seat:
        return replace(event, card=HIDDEN)
    return event


PRIVACY = Privacy(TwoTenJackView, get_args(Event), redact)
