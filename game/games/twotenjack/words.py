"""How Two-Ten-Jack reads in the interface: a card's name and what the log says of each event. Plain text
through the translation lookup, no pygame, so the table and the History word a match the same way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.games.twotenjack.cards import SYMBOLS
from game.games.twotenjack.rules import CardPlayed, RoundScored, RoundStarted, TrickWon
from game.i18n import tr


def card_label(card: str) -> str:
    if card == "JK":
        return tr("ttj.joker")
    return tr(f"rank.{card[:-1]}") + SYMBOLS[card[-1]]


def log_lines(event: Any, name: Callable[[int], str]) -> list[str]:
    """The log's lines for `event`; `name` gives a seat's name."""
    match event:
        case RoundStarted(round_no=n, dealer=dealer, leader=leader):
            return [tr("ttj.msg.round", n=n, dealer=name(dealer), leader=name(leader))]
        case CardPlayed(seat=seat, card=card, face_down=face_down):
            if face_down:
                return [tr("ttj.log.face_down", name=name(seat))]
            return [tr("ttj.log.played", name=name(seat), card=card_label(card))]
        case TrickWon(seat=seat, points=points):
            return [tr("ttj.msg.trick", name=name(seat), points=points)]
        case RoundScored(reversals=reversals):
            return [tr(f"ttj.reversal.{kind}", name=name(seat)) for seat, kind in reversals]
    return []
