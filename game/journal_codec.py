"""Rules actions as plain JSON, decoded strictly: a wrong field is named, never guessed. A setup is coded by
its game (`GameSpec.encode_setup` / `decode_setup`).

Nothing here evaluates what it reads; every value is checked, by `game.schema`, against what the rules can
take: its type, its range, the names it may take.
"""

from __future__ import annotations

from dataclasses import fields
from functools import cache
from typing import Any, get_type_hints

from game import schema
from game.game_spec import LATER
from game.registry import spec

MAX_TEXT = 200  # card codes and ids: longer is not a save Atout wrote
MAX_SMALL = 1000  # seats, levels, halves, list lengths in an action: larger is not a save Atout wrote
NAME = schema.text(MAX_TEXT)
# an action field's declared type -> the check of its JSON value
FIELD_CHECKS: dict[Any, schema.Check[Any]] = {
    int: schema.integer(0, MAX_SMALL),
    str: NAME,
    bool: schema.boolean,
    tuple[str, ...]: schema.items(NAME, 0, MAX_SMALL),
}


def encode_action(action: Any) -> dict[str, Any]:
    """{"type": "Play", "seat": 0, "card": "KH", ...}: the class name and every field."""
    values = {f.name: getattr(action, f.name) for f in fields(action)}
    return {"type": type(action).__name__} | {
        k: list(v) if isinstance(v, tuple) else v for k, v in values.items()
    }


def decode_action(game: str, data: Any, where: str = "action") -> Any:
    """The action object; an unknown type, a missing or extra field or a wrong value is a FileProblem."""
    if not isinstance(data, dict):
        raise schema.wrong_type(data, where, "object")
    classes, kinds = _classes(spec(game).actions)
    kind = kinds(data.get("type"), f"{where}.type")
    cls = classes[kind]
    required, optional = _field_checks(cls)
    values = schema.obj(data, f"{where} ({kind})", required, optional)
    return cls(**{name: value for name, value in values.items() if name != "type"})


@cache
def _classes(actions: tuple[type, ...]) -> tuple[dict[str, type], schema.Check[str]]:
    """A game's action classes by name, and the check of a name (a server reads one an action)."""
    classes = {cls.__name__: cls for cls in actions}
    return classes, schema.choice(tuple(classes))


@cache
def _field_checks(cls: type) -> tuple[dict[str, schema.Check[Any]], dict[str, schema.Check[Any]]]:
    """The check of each field of an action class (its "type" first), by its declared type (also where the
    module postpones its annotations): the fields every journal holds, then those added later (`LATER` in
    their metadata, with a default), which a journal written before them lacks."""
    types = get_type_hints(cls)
    checks = [(f.name, FIELD_CHECKS[types[f.name]], not f.metadata.get(LATER)) for f in fields(cls)]
    return (
        {"type": schema.choice((cls.__name__,))} | {name: check for name, check, needed in checks if needed},
        {name: check for name, check, needed in checks if not needed},
    )
