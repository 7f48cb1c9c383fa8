"""The engine protocol's messages (docs/engine-protocol.md): one JSON object per line, Atout's side.

Views and actions cross as plain JSON: a view is its seat's `view(seat)` with every field, nested records
as objects and tuples as arrays (the rule profile travels once, in `hello`); an action is the journal's form.
Decoding is strict and typed by the view's own annotations, so what an engine sends is checked, never
guessed, and what Atout sends round-trips to the same view.
"""

from __future__ import annotations

import json
import types
from dataclasses import fields, is_dataclass
from enum import Enum
from functools import cache
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints

from game.journal_codec import decode_action, encode_action
from game.storage import FileProblem

PROTOCOL = 1
SENT_IN_HELLO = ("profile",)  # view fields every message would repeat: the rules travel once, in `hello`
MAX_LINE = 1 << 16  # an engine's answer is one short object: a longer line is not the protocol


class ProtocolError(ValueError):
    """An engine's line that is not the protocol (`garbled`) or names a move not among the legal ones
    (`illegal`): `reason` is the code, the text says what was wrong."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason


# --- values ---------------------------------------------------------------------------------------


def to_json(value: Any) -> Any:
    """A view's value as JSON: records as objects (field by field), tuples as arrays, enums as strings.
    The common kinds are tried first, by exact type: a table server words every seat's view after every
    action."""
    kind: type = type(value)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is tuple or kind is list:
        return [to_json(item) for item in value]
    names = _record_fields(kind)
    if names is not None:
        return {name: to_json(getattr(value, name)) for name in names}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [to_json(item) for item in value]
    if isinstance(value, bool | int | str):
        return value
    raise TypeError(f"no JSON form for a {type(value).__name__}")


def encoded(value: Any) -> Any:
    """`json.dumps`' hook giving the same JSON as `to_json` with the walk left to the C encoder (tuples,
    numbers and strings are its own): a record as the object of its fields, an enum as its value. A table
    server writes every seat's view after every action this way."""
    kind: type = type(value)
    names = _record_fields(kind)
    if names is not None:
        if hasattr(value, "__dict__"):
            held = value.__dict__  # (a dataclass's fields, read without a getattr each)
            return {name: held[name] for name in names}
        return {name: getattr(value, name) for name in names}
    if isinstance(value, Enum):
        return value.value
    raise TypeError(f"no JSON form for a {type(value).__name__}")


def typed_fields(record: Any) -> dict[str, Any]:
    """{"type": its class name, every field} of an action or an event, the fields left for `encoded`."""
    return {"type": type(record).__name__} | _fields_for_encoder(record)


def view_fields(view: Any) -> dict[str, Any]:
    """`view_to_json`'s fields, left for `encoded`."""
    sent = _fields_for_encoder(view)  # (a dict of its own: what the hello sent is taken out of it)
    for name in SENT_IN_HELLO:
        sent.pop(name, None)
    return sent


def _fields_for_encoder(record: Any) -> dict[str, Any]:
    """A record's fields as they are, but those that may hold a NamedTuple walked by `to_json` (the
    encoder would write a NamedTuple as an array, never asking `encoded`)."""
    kind: type = type(record)
    walked = _walked(kind)
    names = _record_fields(kind) or ()
    if not walked and hasattr(record, "__dict__"):
        held = record.__dict__  # (a dataclass's fields, read without a getattr each)
        return {name: held[name] for name in names}
    values = ((name, getattr(record, name)) for name in names)
    return {name: to_json(value) if name in walked else value for name, value in values}


@cache
def _walked(kind: type) -> frozenset[str]:
    return frozenset(name for name, hint in _hints(kind).items() if _may_hold_named_tuple(hint, frozenset()))


def _may_hold_named_tuple(hint: Any, seen: frozenset[Any]) -> bool:
    """Whether a value of type `hint` may hold a NamedTuple anywhere inside (unknown types may)."""
    if hint in seen or hint in (str, int, bool, float, type(None)):
        return False
    if isinstance(hint, type):
        if issubclass(hint, tuple) and hasattr(hint, "_fields"):
            return True
        if issubclass(hint, Enum):
            return False
        if is_dataclass(hint):
            inner = seen | {hint}
            return any(_may_hold_named_tuple(h, inner) for h in _hints(hint).values())
    if get_origin(hint) is Literal:
        return False
    args = get_args(hint)
    if args:
        return any(_may_hold_named_tuple(a, seen) for a in args if a is not Ellipsis)
    return True


@cache
def _record_fields(kind: type) -> tuple[str, ...] | None:
    """The field names of a dataclass or NamedTuple class, None for any other class."""
    if is_dataclass(kind):
        return tuple(f.name for f in fields(kind))
    if issubclass(kind, tuple) and hasattr(kind, "_fields"):
        return tuple(kind._fields)
    return None


def from_json(kind: Any, data: Any, where: str) -> Any:
    """The value of type `kind` that `data` is the JSON form of; a ProtocolError names what does not fit."""
    origin = get_origin(kind)
    if origin in (Union, types.UnionType):
        for option in get_args(kind):
            try:
                return from_json(option, data, where)
            except ProtocolError:
                continue
        raise _wrong(where, data, " or ".join(_name(option) for option in get_args(kind)))
    if origin is tuple:
        args = get_args(kind)
        if not isinstance(data, list) or (args[-1] is not Ellipsis and len(data) != len(args)):
            raise _wrong(where, data, f"an array of {_name(kind)}")
        kinds = [args[0]] * len(data) if args[-1] is Ellipsis else list(args)
        pairs = enumerate(zip(kinds, data, strict=True))
        return tuple(from_json(k, item, f"{where}[{i}]") for i, (k, item) in pairs)
    if kind is type(None):
        if data is not None:
            raise _wrong(where, data, "null")
        return None
    if isinstance(kind, type) and issubclass(kind, Enum):
        try:
            return kind(data)
        except ValueError:
            raise _wrong(where, data, f"one of {[member.value for member in kind]}") from None
    if isinstance(kind, type) and (is_dataclass(kind) or issubclass(kind, tuple)):
        return _record(kind, data, where)
    if kind in (bool, int, str) and type(data) is kind:
        return data
    raise _wrong(where, data, _name(kind))


def _record(kind: type, data: Any, where: str, given: dict[str, Any] | None = None) -> Any:
    """A dataclass or NamedTuple from an object holding exactly its fields (but those `given`)."""
    given = given or {}
    hints = _hints(kind)
    wanted = [name for name in hints if name not in given]
    if not isinstance(data, dict) or sorted(data) != sorted(wanted):
        found = sorted(data) if isinstance(data, dict) else type(data).__name__
        raise ProtocolError("garbled", f"{where} must be an object with exactly {wanted}, not {found}")
    values = {name: from_json(hints[name], data[name], f"{where}.{name}") for name in wanted}
    return kind(**values, **given)


@cache
def _hints(kind: type) -> dict[str, Any]:
    """A record's fields and their declared types, in order."""
    hints = get_type_hints(kind)
    names = [f.name for f in fields(kind)] if is_dataclass(kind) else list(kind._fields)  # type: ignore[attr-defined]
    return {name: hints[name] for name in names}


def _name(kind: Any) -> str:
    return getattr(kind, "__name__", None) or str(kind)


def _wrong(where: str, data: Any, wanted: str) -> ProtocolError:
    return ProtocolError("garbled", f"{where} must be {wanted}, not {json.dumps(data)[:80]}")


# --- views and actions ----------------------------------------------------------------------------


def view_to_json(view: Any) -> dict[str, Any]:
    """Everything the seat's view holds, but what `hello` already said."""
    return {f.name: to_json(getattr(view, f.name)) for f in fields(view) if f.name not in SENT_IN_HELLO}


def view_from_json(kind: type, data: Any, profile: Any = None) -> Any:
    """The view of class `kind` that `data` is the form of; `profile` is the one `hello` sent, if any."""
    given = {name: profile for name in SENT_IN_HELLO if name in _hints(kind)}
    return _record(kind, data, "view", given)


def action_to_json(action: Any) -> dict[str, Any]:
    """An action as the journal writes it: {"type": class name, every field}."""
    return encode_action(action)


def action_from_json(game: str, data: Any) -> Any:
    """An action of `game` read strictly, as the journal reads one."""
    try:
        return decode_action(game, data)
    except FileProblem as problem:
        raise ProtocolError("garbled", str(problem)) from None


# --- messages -------------------------------------------------------------------------------------


def line(message: dict[str, Any]) -> str:
    """One message as the line that carries it (compact, UTF-8 safe, newline-terminated)."""
    return json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n"


def hello(game: str, seat: int | str, view: Any) -> dict[str, Any]:
    """The first message: the game, the seat, and the rules profile the seat's view plays under (if any)."""
    profile = getattr(view, "profile", None)
    return {
        "type": "hello",
        "protocol": PROTOCOL,
        "game": game,
        "seat": seat,
        "profile": None if profile is None else profile.to_json(),
    }


def decide(view: Any, legal: list[Any], time_ms: int) -> dict[str, Any]:
    return {
        "type": "decide",
        "view": view_to_json(view),
        "legal": [action_to_json(a) for a in legal],
        "time_ms": time_ms,
    }


def over(view: Any) -> dict[str, Any]:
    """The event that the match is over, with the seat's last view (its totals)."""
    return {"type": "event", "event": "over", "view": view_to_json(view)}


BYE = {"type": "bye"}


def parse(text: str) -> dict[str, Any]:
    """An engine's line as a message object; a ProtocolError if it is not one."""
    if len(text) > MAX_LINE:
        raise ProtocolError("garbled", f"a line of {len(text)} characters (at most {MAX_LINE})")
    try:
        message = json.loads(text)
    except ValueError:
        raise ProtocolError("garbled", f"not JSON: {text.strip()[:80]!r}") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("garbled", f"not a message object with a type: {text.strip()[:80]!r}")
    return message


def ready_name(message: dict[str, Any]) -> str:
    """The engine's name from its `ready` answer."""
    name = message.get("name")
    if message["type"] != "ready" or not isinstance(name, str):
        raise ProtocolError("garbled", f"expected {{'type': 'ready', 'name': ...}}, got {message}"[:160])
    return name[:100]


def chosen(game: str, message: dict[str, Any], legal: list[Any]) -> Any:
    """The legal action an `action` answer names; `illegal` if it names another."""
    if message["type"] != "action" or "action" not in message:
        raise ProtocolError("garbled", f"expected {{'type': 'action', 'action': ...}}, got {message}"[:160])
    action = action_from_json(game, message["action"])
    if action not in legal:
        raise ProtocolError("illegal", f"{json.dumps(message['action'])[:120]} is not among the legal moves")
    return action
