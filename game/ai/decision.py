"""What a computer or a hint decided, and why, in codes the interface words (`hint.<reason>`): apart from the
thinker that makes decisions, so that what only reads them (an engine's seat, a lesson) need not load the
search."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

# Reason codes a Decision may carry; the interface shows tr(f"hint.{reason}", **params).
REASONS = (
    "only",  # the only legal move
    "habit",  # {move}: what a careful player does here, by the table's habits (no search behind it)
    "weighed",  # {move}: a bid or announcement none of the others searched did clearly better than
    "call",  # {king}: the king called
    "talon",  # {half}: 1 or 2, the talon half taken
    "discard",  # {cards}: the three cards discarded
    "lead",  # {card}: a lead
    "take",  # {card}: wins the trick so far
    "smear",  # {card}: points onto a trick the partner wins
    "duck",  # {card}: low card on a trick that is lost anyway
    "dump",  # {card}: gets rid of a dangerous card
)


@dataclass(frozen=True)
class Decision:
    action: Any
    reason: str  # one of REASONS
    params: dict[str, Any] = field(default_factory=dict)
    win_chance: float | None = None  # the share of sampled deals the move did well in, when searched
