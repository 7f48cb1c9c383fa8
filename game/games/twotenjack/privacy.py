"""What each seat of a Two-Ten-Jack table may be told of an event, for a table played over the network:
the other hands as dealt, a face-down opening lead until its trick is gathered and the stock's face-down
top card once drawn are the holder's alone; of the stock as laid, only its face-up top card is seen (each
card below it shows in the views once it is on top)."""

from __future__ import annotations

from dataclasses import replace
from typing import get_args

from game.game_spec import HIDDEN, Privacy
from game.games.twotenjack.rules import CardDrawn, CardPlayed, Event, HandDealt, StockLaid, TwoTenJackView


def redact(event: Event, seat: int) -> Event:
    """`event` as `seat` may see it."""
    if isinstance(event, HandDealt) and event.seat != seat:
        return replace(event, cards=(HIDDEN,) * len(event.cards))
    if isinstance(event, CardPlayed) and event.face_down and event.seat != seat:
        return replace(event, card=HIDDEN)
    if isinstance(event, CardDrawn) and event.was_hidden and event.seat != seat:
        return replace(event, card=HIDDEN)
    if isinstance(event, StockLaid) and event.face_up:
        shown = () if event.hidden_top else event.face_up[-1:]
        return replace(event, face_up=(HIDDEN,) * (len(event.face_up) - len(shown)) + shown)
    return event


PRIVACY = Privacy(TwoTenJackView, get_args(Event), redact)
