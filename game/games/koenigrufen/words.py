"""How Königrufen reads in the interface: the German card names players expect, and what the log says of
each event. Plain text through the translation lookup, no pygame, so the table and the History word a
match the same way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.games.koenigrufen.cards import SUIT_SYMBOLS, TRUMPS
from game.games.koenigrufen.rules import (
    DealScored,
    DealStarted,
    DeclarerAlone,
    Discarded,
    KingCalled,
    PartnerRevealed,
    TalonLeft,
    TalonTaken,
    TrickWon,
)
from game.i18n import tr


def card_label(card: str) -> str:
    """'XIV', 'Sküs', 'König ♥' — the German names players expect, in both languages."""
    if card == "SK":
        return tr("kr.card.SK")
    if card in TRUMPS:
        return {"I": tr("kr.card.I"), "XXI": tr("kr.card.XXI")}.get(card, card)
    rank, suit = card[:-1], card[-1]
    return f"{tr('kr.rank.' + rank)} {SUIT_SYMBOLS[suit]}"


def cards_label(cards: tuple[str, ...]) -> str:
    return ", ".join(card_label(c) for c in cards)


def result_words(event: DealScored) -> str:
    return tr(
        "kr.msg.scored", points=event.declarer_side_points, result=tr("kr.won" if event.won else "kr.lost")
    )


def log_lines(event: Any, name: Callable[[int], str]) -> list[str]:
    """The log's lines for `event`; `name` gives a seat's name."""
    match event:
        case DealStarted(deal_no=n, dealer=dealer, forehand=forehand):
            return [tr("kr.log.deal", n=n, dealer=name(dealer), forehand=name(forehand))]
        case KingCalled(seat=seat, king=king):
            return [tr("kr.msg.called", name=name(seat), king=card_label(king))]
        case TalonTaken(seat=seat, cards=cards):
            return [tr("kr.log.talon_taken", name=name(seat), cards=cards_label(cards))]
        case TalonLeft(cards=cards):
            return [tr("kr.log.talon_left", cards=cards_label(cards))]
        case Discarded(seat=seat, shown_trumps=shown):
            if shown:
                return [tr("kr.msg.shown_trumps", name=name(seat), cards=cards_label(shown))]
            return [tr("kr.msg.discarded", name=name(seat))]
        case PartnerRevealed(declarer=declarer, partner=partner):
            return [tr("kr.msg.partner", partner=name(partner), declarer=name(declarer))]
        case DeclarerAlone(declarer=declarer, reason=reason):
            return [tr(f"kr.msg.alone.{reason}", name=name(declarer))]
        case TrickWon(seat=seat, points=points, trick_no=no):
            return [tr("kr.log.trick", n=no, name=name(seat), points=points)]
        case DealScored():
            return [result_words(event)]
    return []
