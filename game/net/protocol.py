"""The network protocol's messages (docs/network-protocol.md): what a client may send, checked strictly
before anything reads it, and what the server sends, in the engine protocol's JSON forms of views and
actions (`game.ai.engine_protocol`, reused so both protocols speak alike).

Client → server messages are plain dicts after `parse`, every field checked for presence, type and range;
a `Refusal` names what was wrong with a reason code (`REASONS`) the client translates (`net.error.<code>`).
Server → client messages are built here and read back by `read_update` and friends on the client side.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from game.ai import engine_protocol as forms
from game.game_spec import HIDDEN as HIDDEN  # a hidden card, in a redacted event
from game.registry import GAMES

PROTOCOL = 1  # the protocol's version, in `joined`: bumped when a message changes its meaning
MAX_MESSAGE = 16 * 1024  # a client's message: an action, a join; larger is refused with `too_big`
MAX_FRAME = 1 << 20  # beyond this the transport closes the connection (WebSocket 1009)
MAX_NAME = 40
LEVELS = ("easy", "normal", "hard")
AWAY = ("wait", "computer")  # what a table does while a remote seat is away
KINDS = ("remote", "computer")

REASONS = (
    "too_big",
    "too_fast",
    "not_json",
    "bad_message",
    "no_table",
    "table_full",
    "bad_token",
    "not_seated",
    "already_seated",
    "not_your_seat",
    "not_your_turn",
    "stale",
    "illegal",
    "over",
    "too_many_tables",
    "too_many_attempts",
    "too_many_connections",
    "too_many_computers",
    "no_person",
    "internal",
)


class Refusal(Exception):
    """A message the server will not take: `reason` one of REASONS, `detail` what was wrong (English)."""

    def __init__(self, reason: str, detail: str, **extra: Any) -> None:
        super().__init__(f"{reason}: {detail}")
        assert reason in REASONS, reason
        self.reason, self.detail, self.extra = reason, detail, extra

    def message(self) -> dict[str, Any]:
        return {"type": "error", "reason": self.reason, "detail": self.detail[:300], **self.extra}


# --- what a client sends, checked ------------------------------------------------------------------


@dataclass(frozen=True)
class SeatRequest:
    """One seat of a table to create: a remote person, or a computer at `level`."""

    kind: str
    level: str = "normal"


@dataclass(frozen=True)
class TableRequest:
    """A table to open, as a `create` message asks for it."""

    game: str
    seats: tuple[SeatRequest, ...]
    profile: str | None = None  # a rule profile's id, where the game has them
    deals: int | None = None  # the match length (None: the game's own)
    away: str = "wait"  # while a remote player is away: "wait", or "computer" plays for it
    story: Any = None  # a Falkenstein adventure's JSON: from a desktop that hosts, never in `create`

    def message(self) -> dict[str, Any]:
        seats = [{"kind": s.kind} | ({"level": s.level} if s.kind == "computer" else {}) for s in self.seats]
        fields = {"game": self.game, "profile": self.profile, "deals": self.deals, "away": self.away}
        return {"type": "create", "seats": seats, **fields}


# The fields of each message a client may send, each a declared check (`Field`): `parse` runs them and
# refuses any other field, and the fuzz test (tests/test_net_schema_fuzz.py) draws messages from them, with a
# value of every JSON type a field does not take.
JSON_TYPES = ("null", "boolean", "integer", "number", "string", "array", "object")


def json_type(value: Any) -> str:
    """The JSON type of a decoded value, as `Field.types` names them."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object"


class Field:
    """One field's check: `types` the JSON types it may hold (a value of another is refused before anything
    looks inside it), `check` what else it must be; calling it returns the value as the server uses it."""

    types: tuple[str, ...] = ()
    wanted = ""

    def __call__(self, value: Any, where: str) -> Any:
        if json_type(value) not in self.types or not self.fits(value):
            raise _bad(where, value, self.wanted)
        return self.read(value, where)

    def fits(self, value: Any) -> bool:
        return True

    def read(self, value: Any, where: str) -> Any:
        return value


@dataclass(frozen=True)
class _Bounded(Field):
    """A value of one JSON type (`kind`) within `low` to `high` (`described` in words), or null where
    `null`."""

    low: int
    high: int
    null: bool = False
    kind = ""

    @property
    def types(self) -> tuple[str, ...]:  # type: ignore[override]
        return (self.kind, "null") if self.null else (self.kind,)

    @property
    def wanted(self) -> str:  # type: ignore[override]
        return ("null or " if self.null else "") + self.described()

    def described(self) -> str:
        raise NotImplementedError


class Text(_Bounded):
    """A printable text of `low` to `high` characters."""

    kind = "string"

    def described(self) -> str:
        return f"a printable text of {self.low} to {self.high} characters"

    def fits(self, value: Any) -> bool:
        return value is None or (self.low <= len(value) <= self.high and value.isprintable())


class Whole(_Bounded):
    """A whole number from `low` to `high`."""

    kind = "integer"

    def described(self) -> str:
        return f"a whole number from {self.low} to {self.high}"

    def fits(self, value: Any) -> bool:
        return value is None or self.low <= value <= self.high


@dataclass(frozen=True)
class Choice(Field):
    """One of a few words."""

    options: tuple[str, ...]
    types = ("string",)

    @property
    def wanted(self) -> str:  # type: ignore[override]
        return f"one of {list(self.options)}"

    def fits(self, value: Any) -> bool:
        return value in self.options


class SeatId(Field):
    """A seat asked for: null (the first free one), a seat number, or Falkenstein's "host"."""

    types = ("null", "integer", "string")
    wanted = 'null, a seat number or "host"'

    def fits(self, value: Any) -> bool:
        return value is None or value == "host" or (isinstance(value, int) and 0 <= value < 16)


SEAT_FIELDS: dict[str, Field] = {"kind": Choice(KINDS), "level": Choice(LEVELS)}


class Seats(Field):
    """A table's seats: 1 to 8 objects, {"kind": "remote"} or {"kind": "computer", "level": …}."""

    types = ("array",)
    wanted = "an array of 1 to 8 seats"

    def fits(self, value: Any) -> bool:
        return 1 <= len(value) <= 8

    def read(self, value: Any, where: str) -> tuple[SeatRequest, ...]:
        seats = []
        for index, seat in enumerate(value):
            at = f"{where}[{index}]"
            if not isinstance(seat, dict):
                raise _bad(at, seat, '{"kind": "remote"} or {"kind": "computer", "level": …}')
            kind = SEAT_FIELDS["kind"](seat.get("kind"), f"{at}.kind")
            allowed = {"kind"} | ({"level"} if kind == "computer" else set())
            if set(seat) - allowed:
                raise Refusal("bad_message", f"{at} has unknown fields {sorted(set(seat) - allowed)}")
            seats.append(SeatRequest(kind, SEAT_FIELDS["level"](seat.get("level", "normal"), f"{at}.level")))
        return tuple(seats)


class ActionField(Field):
    """An action, an object: the game's decoder checks the rest once the table is known."""

    types = ("object",)
    wanted = 'an action object, {"type": …, its fields}'


MAX_MOVES = 1_000_000
MESSAGES: dict[str, dict[str, Field]] = {
    "create": {
        "game": Choice(tuple(GAMES)),
        "seats": Seats(),
        "profile": Text(1, 40, null=True),
        "deals": Whole(1, 100, null=True),
        "away": Choice(AWAY),
    },
    "join": {"table": Text(4, 12), "name": Text(1, MAX_NAME), "seat": SeatId()},
    "rejoin": {"table": Text(4, 12), "token": Text(8, 100)},
    "act": {"action": ActionField(), "moves": Whole(0, MAX_MOVES)},
    "leave": {},
}
OPTIONAL: dict[str, dict[str, Any]] = {
    "create": {"profile": None, "deals": None, "away": "wait"},
    "join": {"seat": None},
}


def parse(text: str | bytes) -> dict[str, Any]:
    """A client's message, checked field by field: {"type": …, each field's checked value}; a Refusal
    names the first thing wrong. Its size is counted in bytes, as they came (UTF-8)."""
    if (size := byte_size(text)) > MAX_MESSAGE:
        raise Refusal("too_big", f"a message of {size} bytes (at most {MAX_MESSAGE})")
    if isinstance(text, bytes):
        raise Refusal("not_json", "a binary frame: the protocol sends JSON text")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refusal("not_json", f"not JSON: {text[:60]!r}") from None
    kind = data.get("type") if isinstance(data, dict) else None
    if not isinstance(kind, str) or kind not in MESSAGES:
        raise Refusal("bad_message", f"not an object with a type among {sorted(MESSAGES)}: {text[:60]!r}")
    fields, optional = MESSAGES[kind], OPTIONAL.get(kind, {})
    unknown = set(data) - set(fields) - {"type"}
    if unknown:
        raise Refusal("bad_message", f"{kind}: unknown fields {sorted(unknown)}")
    message: dict[str, Any] = {"type": kind}
    for name, check in fields.items():
        if name not in data and name not in optional:
            raise Refusal("bad_message", f"{kind}: the field {name!r} is missing")
        message[name] = check(data.get(name, optional.get(name)), f"{kind}.{name}")
    return message


def byte_size(frame: str | bytes) -> int:
    """A frame's size in bytes (a text frame's in UTF-8, as it came); past the limit in characters alone,
    its characters (each at least a byte) are count enough."""
    if isinstance(frame, bytes) or len(frame) > MAX_MESSAGE:
        return len(frame)
    return len(frame.encode("utf-8", "surrogatepass"))


def _bad(where: str, value: Any, wanted: str) -> Refusal:
    try:
        shown = json.dumps(value)[:60]
    except (TypeError, ValueError):
        shown = type(value).__name__
    return Refusal("bad_message", f"{where} must be {wanted}, not {shown}")


def action(game: str, data: Any) -> Any:
    """The action of `game` a client's `act` holds, read as the journal reads one."""
    try:
        return forms.action_from_json(game, data)
    except forms.ProtocolError as problem:
        raise Refusal("bad_message", f"act.action: {problem}") from None


# --- what the server sends -------------------------------------------------------------------------


def update(moves: int, events: list[Any], view: Any, legal: list[Any], over: bool) -> dict[str, Any]:
    """An `update` holding the rules' records themselves: `text` writes them in their JSON forms."""
    return {
        "type": "update",
        "moves": moves,
        "events": [forms.typed_fields(event) for event in events],
        "view": forms.view_fields(view),
        "legal": [forms.typed_fields(action) for action in legal],
        "to_act": view.to_act,
        "over": over,
    }


def frame(message: dict[str, Any]) -> bytes:
    """One message as the UTF-8 of the text frame that carries it (an `update`'s records written by the
    encoder). A server words every seat's update after every action: orjson writes one several times faster
    than `json` (records natively, NamedTuples through `forms.encoded`, both as `json` would), in the bytes
    the socket sends; what it cannot write (an integer past 64 bits, a lone surrogate) `json` does, escaping
    what is not ASCII."""
    try:
        return orjson.dumps(message, default=forms.encoded, option=orjson.OPT_NON_STR_KEYS)
    except TypeError:  # (orjson.JSONEncodeError is one)
        return json.dumps(message, separators=(",", ":"), default=forms.encoded).encode()


def text(message: dict[str, Any]) -> str:
    """One message as the text a client sends."""
    return frame(message).decode()


# --- what a client reads -------------------------------------------------------------------------


@dataclass(frozen=True)
class Update:
    """One `update`, decoded: the rules' own records (events with "?" for hidden cards, the view, the
    legal actions) so a table scene can show them as it shows a local table's."""

    moves: int
    events: tuple[Any, ...]
    view: Any
    legal: tuple[Any, ...]
    to_act: int | str | None
    over: bool
    welcome: bool = False  # the first after a join or rejoin: its events are the whole match so far


def read_update(game: str, data: dict[str, Any], profile: Any) -> Update:
    """An `update` from the server as records of `game`; a ProtocolError names what does not fit."""
    privacy = GAMES[game].privacy
    if privacy is None:
        raise forms.ProtocolError("garbled", f"{game} is not played over the network")
    by_name = {kind.__name__: kind for kind in privacy.events}
    events = []
    for index, event in enumerate(data["events"]):
        kind = by_name.get(str(event.get("type"))) if isinstance(event, dict) else None
        if kind is None:
            raise forms.ProtocolError("garbled", f"events[{index}] is not an event of {game}")
        body = {name: value for name, value in event.items() if name != "type"}
        events.append(forms.from_json(kind, body, f"events[{index}]"))
    return Update(
        moves=data["moves"],
        events=tuple(events),
        view=forms.view_from_json(privacy.view, data["view"], profile),
        legal=tuple(forms.action_from_json(game, item) for item in data["legal"]),
        to_act=data["to_act"],
        over=data["over"],
    )


def read_story(game: str, data: Any) -> Any:
    """The story a `joined` message carries, read whole as the game reads one (None when there is none);
    a FileProblem says why it cannot be used."""
    privacy = GAMES[game].privacy
    if data is None or privacy is None or privacy.read_story is None:
        return None
    return privacy.read_story(data)


def read_profile(game: str, data: Any) -> Any:
    """The rule profile a `joined` message carries, as the game's record (None where it has none)."""
    privacy = GAMES[game].privacy
    if data is None or privacy is None or privacy.profile is None:
        return None
    return privacy.profile(data)
