"""A seat is never sent a card it may not know: over random matches of every game, each event redacted for
a seat names only cards that seat's own `view(seat)` has shown it, then or before (and, in Königrufen, the
piles turned up at the count). The rules' views are the measure; the redaction is checked against them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.ai.engine_protocol import to_json, typed_fields, view_to_json
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


def sent_view(state: Any, seat: Any) -> Any:
    """The view as the wire carries it to `seat`."""
    return json.loads(protocol.text(protocol.update(0, [], state.view(seat), [], False)))["view"]


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
        known = {s: cards(sent_view(state, s), deck) for s in ids}
        events = list(getattr(state, "opening", ()))
        for _ in range(most):
            for event in events:
                if isinstance(event, DealScored):  # the count: every pile turned up for all
                    for s in ids:
                        known[s] |= cards(to_json(event.piles), deck)
                for s in ids:
                    wire = json.loads(protocol.text(typed_fields(table.privacy.redact(event, s))))
                    sent = cards(wire, deck)
                    assert sent <= known[s], f"seed {seed}: seat {s} was sent {sent - known[s]} in {event}"
            if state.is_over:
                break
            events = state.apply(rng.choice(state.legal_actions()))
            for s in ids:
                known[s] |= cards(sent_view(state, s), deck)


def test_redaction_keeps_the_shape_of_what_is_hidden() -> None:
    """Another seat's dealt hand arrives as as many hidden cards as it holds, and its own hand whole."""
    table = TableHost.new("TEST00", TableRequest("twotenjack", (SeatRequest("remote"),) * 4), seed=3)
    dealt = [e for e in table.state.opening if type(e).__name__ == "HandDealt"]
    mine = [table.privacy.redact(e, 0) for e in dealt]
    assert [e.cards for e in mine if e.seat == 0] == [e.cards for e in dealt if e.seat == 0]
    assert all(e.cards == (protocol.HIDDEN,) * len(e.cards) for e in mine if e.seat != 0)


@pytest.mark.parametrize(("game", "seats", "profile", "deals", "most"), TABLES)
def test_the_wire_carries_the_engine_protocol_s_json_forms(game, seats, profile, deals, most) -> None:
    """An `update` written by the encoder reads back as the engine protocol's forms of its records."""
    request = TableRequest(game, (SeatRequest("remote"),) * seats, profile, deals)
    table = TableHost.new("TEST00", request, seed=5)
    state, rng = table.state, random.Random(5)
    events = list(getattr(state, "opening", ()))
    for _ in range(most):
        if state.is_over or state.to_act is None:
            break
        seat = state.to_act
        legal = state.legal_actions()
        sent = json.loads(protocol.text(protocol.update(0, events, state.view(seat), legal, False)))
        assert sent["view"] == view_to_json(state.view(seat))
        assert sent["events"] == [{"type": type(e).__name__, **to_json(e)} for e in events]
        assert sent["legal"] == [{"type": type(a).__name__, **to_json(a)} for a in legal]
        events = state.apply(rng.choice(legal))


def test_what_the_fast_encoder_cannot_write_goes_out_as_json_writes_it() -> None:
    """An integer past 64 bits, a lone surrogate: the standard encoder writes them, and they read back."""
    message = {"type": "joined", "story": {"seed": 2**70}, "seats": [{"name": "\ud800"}]}
    assert json.loads(protocol.text(message)) == message
