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


# The fields of each message a client may send, with their checks; `parse` refuses any other field.
def _text(low: int, high: int) -> Any:
    def check(value: Any, where: str) -> str:
        if not isinstance(value, str) or not low <= len(value) <= high or not value.isprintable():
            raise _bad(where, value, f"a printable text of {low} to {high} characters")
        return value

    return check


def _whole_or_null(low: int, high: int) -> Any:
    def check(value: Any, where: str) -> int | None:
        if value is not None and (type(value) is not int or not low <= value <= high):
            raise _bad(where, value, f"null or a whole number from {low} to {high}")
        return value

    return check


def _one_of(options: tuple[str, ...]) -> Any:
    def check(value: Any, where: str) -> str:
        if value not in options or not isinstance(value, str):
            raise _bad(where, value, f"one of {list(options)}")
        return value

    return check


def _seat_id(value: Any, where: str) -> int | str | None:
    if value is None or value == "host" or (type(value) is int and 0 <= value < 16):
        return value
    raise _bad(where, value, 'null, a seat number or "host"')


def _seats(value: Any, where: str) -> tuple[SeatRequest, ...]:
    if not isinstance(value, list) or not 1 <= len(value) <= 8:
        raise _bad(where, value, "an array of 1 to 8 seats")
    seats = []
    for index, seat in enumerate(value):
        at = f"{where}[{index}]"
        if not isinstance(seat, dict) or seat.get("kind") not in KINDS:
            raise _bad(at, seat, '{"kind": "remote"} or {"kind": "computer", "level": …}')
        allowed = {"kind"} | ({"level"} if seat["kind"] == "computer" else set())
        if set(seat) - allowed:
            raise Refusal("bad_message", f"{at} has unknown fields {sorted(set(seat) - allowed)}")
        level = _one_of(LEVELS)(seat.get("level", "normal"), f"{at}.level")
        seats.append(SeatRequest(seat["kind"], level))
    return tuple(seats)


def _any(value: Any, where: str) -> Any:
    return value  # an action: the game's decoder checks it once the table is known


def _moves(value: Any, where: str) -> int:
    if type(value) is not int or value < 0:
        raise _bad(where, value, "a whole number")
    return value


_CODE = _text(4, 12)
MESSAGES: dict[str, dict[str, Any]] = {
    "create": {
        "game": _one_of(tuple(GAMES)),
        "seats": _seats,
        "profile": lambda value, where: value if value is None else _text(1, 40)(value, where),
        "deals": _whole_or_null(1, 100),
        "away": _one_of(AWAY),
    },
    "join": {"table": _CODE, "name": _text(1, MAX_NAME), "seat": _seat_id},
    "rejoin": {"table": _CODE, "token": _text(8, 100)},
    "act": {"action": _any, "moves": _moves},
    "leave": {},
}
OPTIONAL: dict[str, dict[str, Any]] = {
    "create": {"profile": None, "deals": None, "away": "wait"},
    "join": {"seat": None},
}


def parse(text: str | bytes) -> dict[str, Any]:
    """A client's message, checked field by field: {"type": …, each field's checked value}; a Refusal
    names the first thing wrong."""
    if len(text) > MAX_MESSAGE:
        raise Refusal("too_big", f"a message of {len(text)} bytes (at most {MAX_MESSAGE})")
    if isinstance(text, bytes):
        raise Refusal("not_json", "a binary frame: the protocol sends JSON text")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise Refusal("not_json", f"not JSON: {text[:60]!r}") from None
    if not isinstance(data, dict) or data.get("type") not in MESSAGES:
        raise Refusal("bad_message", f"not an object with a type among {sorted(MESSAGES)}: {text[:60]!r}")
    kind = data["type"]
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


def text(message: dict[str, Any]) -> str:
    """One message as the text frame that carries it (an `update`'s records written by the encoder)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":"), default=forms.encoded)


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
