"""The engine protocol's forms: every game's views and actions round-trip through their JSON, an engine's
answer is read strictly (a move not among the legal ones is named as such), and what a seat is sent never
holds a card the seat cannot see."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from test_fairness import KOENIGRUFEN, TWOTENJACK, Rules
from tool_loader import load_tool

from game.ai import engine_protocol as protocol
from game.registry import GAMES

arena = load_tool("arena")


def _round_trips(game: str, seed: int, moves: int) -> int:
    """Round-trips every seat's view and the legal actions along random legal play of a `game` demo
    match (Königrufen under cheltenham: an auction, announcements, more contracts); returns the positions."""
    spec = GAMES[game]
    setup = spec.demo_setup(seed, None, "easy")
    if spec.rule_profile is not None:
        setup = replace(setup, rules=spec.rule_profile("cheltenham"))
    state, rng = spec.new_state(setup), random.Random(seed)
    for move in range(moves):
        if state.is_over:
            return move
        for seat in spec.view_seats(state):
            _round_trip(game, state.view(seat))
        legal = state.legal_actions()
        for action in legal[:40]:
            assert protocol.action_from_json(
                game, json.loads(json.dumps(protocol.action_to_json(action)))
            ) == (action)
        state.apply(rng.choice(legal))
    return moves


def _round_trip(game: str, view: Any) -> None:
    text = protocol.line(protocol.decide(view, [], 100))
    sent = json.loads(text)["view"]
    assert "profile" not in sent  # the rules travel once, in hello
    assert protocol.view_from_json(type(view), sent, getattr(view, "profile", None)) == view, game


@pytest.mark.parametrize("game", tuple(GAMES))
def test_every_game_s_views_and_actions_round_trip_through_json(game: str) -> None:
    assert _round_trips(game, 1, 90) > 20


def test_hello_carries_the_koenigrufen_profile_and_null_elsewhere() -> None:
    for game in GAMES:
        spec = GAMES[game]
        state = spec.new_state(spec.demo_setup(1, None, "easy"))
        seat = spec.view_seats(state)[0]
        hello = json.loads(protocol.line(protocol.hello(game, seat, state.view(seat))))
        assert hello["type"] == "hello" and hello["protocol"] == 1 and hello["game"] == game
        if game == "koenigrufen":
            assert hello["profile"]["id"] == state.view(0).profile.id
        else:
            assert hello["profile"] is None


def test_an_answer_is_read_strictly() -> None:
    legal = [GAMES["twotenjack"].actions[0](1, "10H", False)]
    good = {"type": "action", "action": {"type": "Play", "seat": 1, "card": "10H", "face_down": False}}
    assert protocol.chosen("twotenjack", good, legal) == legal[0]
    other = {**good, "action": {**good["action"], "card": "JH"}}
    with pytest.raises(protocol.ProtocolError, match="not among the legal moves") as illegal:
        protocol.chosen("twotenjack", other, legal)
    assert illegal.value.reason == "illegal"
    for bad in (
        {"type": "action", "action": {"type": "Play", "seat": 1, "card": "10H"}},  # a field missing
        {"type": "action", "action": {"type": "Fold", "seat": 1}},
        {"type": "move", "action": good["action"]},
    ):
        with pytest.raises(protocol.ProtocolError) as garbled:
            protocol.chosen("twotenjack", bad, legal)
        assert garbled.value.reason == "garbled"
    for line in ("not json", "[1, 2]", '{"name": "no type"}', "x" * (protocol.MAX_LINE + 1)):
        with pytest.raises(protocol.ProtocolError):
            protocol.parse(line)
    spec = GAMES["twotenjack"]
    view = spec.new_state(spec.demo_setup(1, 3, "easy")).view(0)
    sent = protocol.view_to_json(view)
    with pytest.raises(protocol.ProtocolError, match=r"view\.hand\[0\] must be str"):
        protocol.view_from_json(type(view), {**sent, "hand": [7]})
    with pytest.raises(protocol.ProtocolError, match="exactly"):
        protocol.view_from_json(type(view), {**sent, "extra": 1})


def _strings(value: Any) -> set[str]:
    """Every string anywhere in a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*map(_strings, value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*map(_strings, value)) if value else set()
    return set()


@pytest.mark.parametrize("rules", [KOENIGRUFEN, TWOTENJACK], ids=lambda rules: rules.name)
def test_what_a_seat_is_sent_never_holds_a_card_it_cannot_see(rules: Rules) -> None:
    """At every decision of random deals, the `decide` message holds no card the rules hide from the seat
    (other hands, the unseen talon or stock, hidden discards, a face-down lead), neither in its view nor
    among the cards its legal moves play or lay away; another seat's view, which shows its own hand, would."""
    rng, checked = random.Random(5), 0
    for _ in range(6):
        deck = tuple(rng.sample(rules.cards, len(rules.cards)))
        game = rules.make(deck)
        while not game.is_over and game.phase != "scored":
            seat = game.to_act
            view = game.view(seat)
            hidden = set(rules.hidden(game, seat, deck)) - {getattr(view, "king", None)}  # named, not placed
            message = json.loads(protocol.line(protocol.decide(view, game.legal_actions(), 9)))
            # the cards its moves play or lay away (a king it may call is named, not held)
            played = [a.get("card") or a.get("cards") or "" for a in message["legal"]]
            sent = _strings(message["view"]) | _strings(played)
            assert not sent & hidden, f"seat {seat} is sent {sorted(sent & hidden)}"
            others = [s for s in range(len(game.view(0).hand_sizes)) if s != seat and game.view(s).hand]
            leaked = _strings(protocol.view_to_json(game.view(others[0]))) if others else set()
            checked += bool(leaked & hidden)
            game.apply(rng.choice(game.legal_actions()))
    assert checked > 50  # the check would have caught another seat's view


def test_seats_split_at_commas_outside_quotes() -> None:
    assert arena.parse_seats("normal,cmd:./bot --levels 'a,b' -x,easy") == (
        "normal",
        "cmd:./bot --levels 'a,b' -x",
        "easy",
    )
    assert arena.parse_seats('cmd:"my bot",hard') == ('cmd:"my bot"', "hard")
    for bad in ("normal,cmd:", "normal,wizard", "cmd:'unclosed"):
        with pytest.raises(ValueError):
            arena.parse_seats(bad)
