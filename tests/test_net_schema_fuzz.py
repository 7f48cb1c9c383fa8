"""Messages drawn from the protocol's own schema (`game.net.protocol.MESSAGES`: every field's declared JSON
types and range), with a value of every other JSON type put in at every field — the `type` itself, a seat
of `create`, a field of an action — are refused with a reason naming the field; and whatever such
messages a seated client sends to a live server, it answers each with a refusal or a proper answer,
never `internal`, and counts no fault."""

from __future__ import annotations

import contextlib
import json
from dataclasses import fields
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

from game.net import protocol
from game.net.admission import Quotas
from game.net.protocol import (
    JSON_TYPES,
    MESSAGES,
    OPTIONAL,
    SEAT_FIELDS,
    ActionField,
    Choice,
    Field,
    Refusal,
    SeatId,
    SeatRequest,
    Seats,
    TableRequest,
    Text,
    Whole,
    json_type,
)
from game.net.server import Background, Limits
from game.net.throttle import JoinThrottle
from game.registry import GAMES

SETTINGS = settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
LOOSE = Limits(rate=1e6, burst=1e6, quotas=Quotas(opened=10_000, tables=10_000, computers=10_000))
SCALARS: dict[str, st.SearchStrategy[Any]] = {
    "null": st.none(),
    "boolean": st.booleans(),
    "integer": st.integers(-(2**70), 2**70),
    "number": st.floats(allow_nan=False, allow_infinity=False).filter(lambda x: x != int(x)),
    "string": st.text(max_size=30),
}
ANY_JSON = st.recursive(
    st.one_of(*SCALARS.values()),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
OF_TYPE = SCALARS | {
    "array": st.lists(ANY_JSON, max_size=4),
    "object": st.dictionaries(st.text(max_size=8), ANY_JSON, max_size=4),
}
ACTIONS = {kind.__name__: kind for spec in GAMES.values() for kind in spec.actions}
ACTION_FIELD_TYPES = {"int": "integer", "str": "string", "bool": "boolean"}


def wrong(types: tuple[str, ...]) -> st.SearchStrategy[Any]:
    """A JSON value of a type not among `types`."""
    return st.sampled_from([t for t in JSON_TYPES if t not in types]).flatmap(lambda t: OF_TYPE[t])


def valid(check: Field) -> st.SearchStrategy[Any]:
    """A value the field takes, from its declaration."""
    printable = st.characters(codec="utf-8", categories=("L", "N", "P", "S"), include_characters=" ")
    match check:
        case Text():
            text = st.text(printable, min_size=check.low, max_size=check.high)
            return st.none() | text if check.null else text
        case Whole():
            number = st.integers(check.low, check.high)
            return st.none() | number if check.null else number
        case Choice():
            return st.sampled_from(check.options)
        case SeatId():
            return st.none() | st.integers(0, 15) | st.just("host")
        case Seats():
            seat = st.just({"kind": "remote"}) | st.builds(
                lambda level: {"kind": "computer", "level": level}, st.sampled_from(protocol.LEVELS)
            )
            return st.lists(seat, min_size=1, max_size=8)
        case ActionField():
            return st.sampled_from(sorted(ACTIONS)).flatmap(action)
    raise AssertionError(f"no strategy for {check!r}")


def action(name: str, broken: bool = False) -> st.SearchStrategy[dict[str, Any]]:
    """An action of class `name` in its JSON form, its fields of their declared types (or, `broken`, one of
    them of another type)."""
    kinds = {f.name: ACTION_FIELD_TYPES.get(str(f.type), "array") for f in fields(ACTIONS[name])}
    body = {
        field: OF_TYPE[kind] if kind != "array" else st.lists(st.text(max_size=4), max_size=3)
        for field, kind in kinds.items()
    }
    if broken and kinds:
        return st.sampled_from(sorted(kinds)).flatmap(
            lambda field: st.fixed_dictionaries(
                {"type": st.just(name), **body, field: wrong((kinds[field],))}
            )
        )
    return st.fixed_dictionaries({"type": st.just(name), **body})


@st.composite
def well_typed(draw: st.DrawFn) -> dict[str, Any]:
    """A message of some type, every field of its declared types (optional ones left out at times)."""
    kind = draw(st.sampled_from(sorted(MESSAGES)))
    message: dict[str, Any] = {"type": kind}
    for name, check in MESSAGES[kind].items():
        if name in OPTIONAL.get(kind, {}) and draw(st.booleans()):
            continue
        message[name] = draw(valid(check))
    return message


@st.composite
def one_field_wrong(draw: st.DrawFn) -> tuple[dict[str, Any], str]:
    """A well-typed message with one place given a value of the wrong JSON type, and that place's name:
    its `type`, a field, a seat's field, or an action's field."""
    message = draw(well_typed())
    kind = message["type"]
    places = ["type", *MESSAGES[kind]]
    if kind == "create":
        places += ["seats[0].kind", "seats[0].level"]
    if kind == "act":
        places.append("action.field")
    place = draw(st.sampled_from(places))
    if place == "type":
        message["type"] = draw(wrong(("string",)))
    elif place.startswith("seats[0]."):
        name = place.split(".")[1]
        message["seats"][0] = {"kind": "computer", "level": "easy"} | {
            name: draw(wrong(SEAT_FIELDS[name].types))
        }
    elif place == "action.field":
        name = draw(st.sampled_from(sorted(n for n, k in ACTIONS.items() if fields(k))))
        message["action"] = draw(action(name, broken=True))
    else:
        message[place] = draw(wrong(MESSAGES[kind][place].types))
    return message, place


@SETTINGS
@given(one_field_wrong())
def test_a_field_of_the_wrong_type_is_refused_naming_it(case: tuple[dict[str, Any], str]) -> None:
    message, place = case
    text = json.dumps(message)
    try:
        parsed = protocol.parse(text)
    except Refusal as refusal:
        assert refusal.reason in ("bad_message", "too_big"), refusal
        if place not in ("type", "action.field") and refusal.reason == "bad_message":
            assert place.split(".")[0].split("[")[0] in refusal.detail, (place, refusal.detail)
        return
    assert place == "action.field", (place, message)  # an action's fields: its game's decoder reads them
    assert json_type(parsed["action"]) == "object"


class Seated:
    """One client of a live server on loopback, seated at a table so that its actions reach the rules."""

    def __init__(self) -> None:
        self.background = Background("127.0.0.1", 0, limits=LOOSE)
        port = self.background.start()
        loose = JoinThrottle(
            limit=1 << 30, network_limit=1 << 30, table_limit=1 << 30
        )  # (shapes, not guesses)
        self.background.call(lambda server: setattr(server, "throttle", loose))
        table = self.background.call(
            lambda server: server.create_table(TableRequest("twotenjack", (SeatRequest("remote"),) * 4))
        )
        self.held = contextlib.ExitStack()
        self.socket = self.held.enter_context(
            connect(f"ws://127.0.0.1:{port}", max_size=None, compression=None)
        )
        self.code = table.code
        self.socket.send(json.dumps({"type": "join", "table": self.code, "name": "Fuzz", "seat": 0}))
        self.token = self.answers()[0]["token"]

    def answers(self) -> list[dict[str, Any]]:
        """What the server sent, up to the answer to a marker message (an unknown type, refused)."""
        self.socket.send('{"type": "marker"}')
        said = []
        while (
            (message := json.loads(self.socket.recv(timeout=10)))["type"] != "error"
            or message["re"]
            or ("marker" not in message["detail"])
        ):
            said.append(message)
        return said

    def send(self, text: str) -> list[dict[str, Any]]:
        self.socket.send(text)
        said = self.answers()
        if any(message["type"] == "left" for message in said):  # (a well-typed leave: sit down again)
            self.socket.send(json.dumps({"type": "rejoin", "table": self.code, "token": self.token}))
            self.answers()
        return said

    def close(self) -> int:
        """Closes the client and the server; the faults the server counted."""
        self.held.close()
        faults = self.background.call(lambda server: server.faults)
        self.background.stop()
        return int(faults)


def test_a_live_server_refuses_every_drawn_message_and_never_fails() -> None:
    client = Seated()
    sent: list[str] = []

    @SETTINGS
    @given(st.one_of(one_field_wrong().map(lambda case: case[0]), well_typed()))
    def exchange(message: dict[str, Any]) -> None:
        text = json.dumps(message)
        sent.append(message["type"] if isinstance(message["type"], str) else "?")
        for answer in client.send(text):
            assert answer.get("reason") != "internal", (text[:200], answer)

    try:
        exchange()
    finally:
        faults = client.close()
    assert faults == 0
    assert {"create", "join", "rejoin", "act", "leave", "?"} <= set(sent)
