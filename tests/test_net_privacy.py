"""A seat is never sent a card it may not know: over random matches of every game, each event redacted for
a seat names only cards that seat's own `view(seat)` has shown it, then or before (and, in Königrufen, the
piles turned up at the count). The rules' views are the measure; the redaction is checked against them."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai.engine_protocol import to_json
from game.games.falkenstein.resolution import DECK as FALKENSTEIN
from game.games.koenigrufen.cards import DECK as TAROCK
from game.games.koenigrufen.rules import DealScored
from game.games.twotenjack.cards import DECK as FRENCH
from game.net import protocol
from game.net.protocol import SeatRequest, TableRequest
from game.net.table_host import TableHost

DECKS = {"koenigrufen": set(TAROCK), "twotenjack": set(FRENCH), "falkenstein": set(FALKENSTEIN)}
TABLES = [  # game, seats, profile, deals, and the most actions played of each match (Falkenstein has no end)
    ("koenigrufen", 4, "cheltenham", 2, 400),
    ("koenigrufen", 4, "austria", 2, 400),
    ("koenigrufen", 4, "cardavia", 1, 400),
    ("twotenjack", 3, None, 2, 400),
    ("twotenjack", 5, None, 1, 400),
    ("falkenstein", 4, None, None, 40),
    ("falkenstein", 2, None, None, 40),
]


def cards(value: Any, deck: set[str]) -> set[str]:
    """Every card a JSON form names."""
    if isinstance(value, str):
        return {value} & deck
    if isinstance(value, dict):
        return set().union(*(cards(item, deck) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(cards(item, deck) for item in value))
    return set()


@pytest.mark.parametrize(("game", "seats", "profile", "deals", "most"), TABLES)
def test_no_event_sent_to_a_seat_names_a_card_its_view_never_showed(
    game, seats, profile, deals, most
) -> None:
    deck = DECKS[game]
    for seed in range(4):
        table = TableHost.new(
            "TEST00", TableRequest(game, (SeatRequest("remote"),) * seats, profile, deals), seed=seed
        )
        state, rng = table.state, random.Random(seed)
        ids = [seat.id for seat in table.seats]
        known = {s: cards(protocol.update(0, [], state.view(s), [], False)["view"], deck) for s in ids}
        events = list(getattr(state, "opening", ()))
        for _ in range(most):
            for event in events:
                if isinstance(event, DealScored):  # the count: every pile turned up for all
                    for s in ids:
                        known[s] |= cards(to_json(event.piles), deck)
                for s in ids:
                    sent = cards(protocol.event_to_json(table.privacy.redact(event, s)), deck)
                    assert sent <= known[s], f"seed {seed}: seat {s} was sent {sent - known[s]} in {event}"
            if state.is_over:
                break
            events = state.apply(rng.choice(state.legal_actions()))
            for s in ids:
                known[s] |= cards(protocol.update(0, [], state.view(s), [], False)["view"], deck)


def test_redaction_keeps_the_shape_of_what_is_hidden() -> None:
    """Another seat's dealt hand arrives as as many hidden cards as it holds, and its own hand whole."""
    table = TableHost.new("TEST00", TableRequest("twotenjack", (SeatRequest("remote"),) * 4), seed=3)
    dealt = [e for e in table.state.opening if type(e).__name__ == "HandDealt"]
    mine = [table.privacy.redact(e, 0) for e in dealt]
    assert [e.cards for e in mine if e.seat == 0] == [e.cards for e in dealt if e.seat == 0]
    assert all(e.cards == (protocol.HIDDEN,) * len(e.cards) for e in mine if e.seat != 0)
