"""How the Falkenstein table says things: card names, challenge lines, and why the Host prevailed."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.games.falkenstein.session import ChallengeSet, DeckReshuffled, Resolved
from game.i18n import tr

SUIT_CHARS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def card_name(code: str) -> str:
    """'J♣', '10♥', or 'the red joker', in the current language."""
    if code in ("RJ", "BJ"):
        return tr(f"card.{code}")
    rank, suit = code[:-1], code[-1]
    return tr(f"rank.{rank}") + SUIT_CHARS[suit]


def talent_name(talent_id: str) -> str:
    return tr(f"talent.{talent_id}")


def challenge_line(name: str, event: ChallengeSet) -> str:
    return tr(
        "fal.log_challenge",
        name=name,
        talent=talent_name(event.talent),
        suit=SUIT_CHARS[event.trump],
        level=tr(f"level.{event.level}"),
        opposition=tr(f"level.{event.opposition}"),
        standing=tr(f"standing.{event.standing}"),
    )


def outcome_sentence(event: Resolved) -> str:
    """E.g. 'The Host drew J♣: a higher trump beats your 10♣.'"""
    reason = tr(f"reason.{event.reason}", played=card_name(event.played), drawn=card_name(event.drawn))
    return tr("fal.outcome", drawn=card_name(event.drawn), reason=reason)


def log_lines(event: Any, name: Callable[[int], str]) -> list[str]:
    """The log's lines for `event`; `name` gives a seat's character."""
    match event:
        case ChallengeSet(seat=seat):
            return [challenge_line(name(seat), event)]
        case DeckReshuffled(cards=cards):
            return [tr("fal.log_reshuffle", n=cards)]
        case Resolved(seat=seat, played=played):
            return [
                tr(
                    "fal.log_result",
                    name=name(seat),
                    played=card_name(played),
                    outcome=outcome_sentence(event),
                )
            ]
    return []
