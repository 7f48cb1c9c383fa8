"""What a player's file must hold, checked value by value: each check takes a parsed JSON value and the
place it was found (`setup.seats[2].name`) and returns the value, or raises a FileProblem naming that
place, what was expected and what was found, in words the interface translates.

A small hand-written checker rather than a schema library: msgspec and pydantic were weighed (their
messages are English text, or need a model class per shape and a 9 MB install); these files are small
and read once, and every refusal here has to read well in French too.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from game.i18n import Words
from game.storage import FileProblem

T = TypeVar("T")
Where = str | Words  # a field's place, `setup.seats[2].name`; ROOT for the file as a whole
Check = Callable[[Any, Where], T]
ROOT = Words("file.whole")

MAX_SHOWN = 40  # characters of a wrong value quoted back to the player
FORBIDDEN = {chr(c) for c in (*range(32), 127)}  # control characters: no name or id holds them


def kind_of(value: Any) -> Words:
    """What a JSON value is, in words: 'a list', 'text'…"""
    if value is None:
        return Words("file.kind.null")
    if isinstance(value, bool):
        return Words("file.kind.bool")
    if isinstance(value, int):
        return Words("file.kind.int")
    if isinstance(value, float):
        return Words("file.kind.number")
    if isinstance(value, str):
        return Words("file.kind.text")
    if isinstance(value, list):
        return Words("file.kind.list")
    return Words("file.kind.object")


def shown(value: Any) -> str:
    """A wrong value as the player sees it quoted: JSON, cut short, never a control character."""
    try:
        text = json.dumps(value, ensure_ascii=True, allow_nan=True)
    except (ValueError, RecursionError):
        text = "…"
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


def wrong_type(value: Any, where: Where, expected: str) -> FileProblem:
    return FileProblem(
        "wrong_type", where=where, expected=Words(f"file.kind.{expected}"), found=kind_of(value)
    )


def obj(
    data: Any,
    where: Where,
    required: Mapping[str, Check[Any]],
    optional: Mapping[str, Check[Any]] | None = None,
) -> dict[str, Any]:
    """A JSON object holding every `required` field, any of the `optional` ones and nothing else;
    returns the checked values by name (absent optional fields are absent)."""
    if not isinstance(data, dict):
        raise wrong_type(data, where, "object")
    optional = optional or {}
    for name in required:
        if name not in data:
            raise FileProblem("missing", where=where, name=name)
    for name in data:
        if name not in required and name not in optional:
            raise FileProblem("unknown_field", where=where, name=shown(name))
    checks = {**required, **optional}
    return {
        name: checks[name](value, name if where is ROOT else f"{where}.{name}")
        for name, value in data.items()
    }


def shape(
    build: Callable[[dict[str, Any]], T],
    required: Mapping[str, Check[Any]],
    optional: Mapping[str, Check[Any]] | None = None,
) -> Check[T]:
    """An object of exactly these fields (see `obj`), made into a value by `build`."""

    def check(value: Any, where: Where) -> T:
        return build(obj(value, where, required, optional))

    return check


def integer(low: int, high: int) -> Check[int]:
    def check(value: Any, where: Where) -> int:
        if type(value) is not int:
            raise wrong_type(value, where, "int")
        if not low <= value <= high:
            raise FileProblem("out_of_range", where=where, low=low, high=high, value=shown(value))
        return value

    return check


def number(low: float, high: float) -> Check[float]:
    def check(value: Any, where: Where) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise wrong_type(value, where, "number")
        if not (math.isfinite(value) and low <= value <= high):
            raise FileProblem("out_of_range", where=where, low=low, high=high, value=shown(value))
        return value

    return check


def boolean(value: Any, where: Where) -> bool:
    if not isinstance(value, bool):
        raise wrong_type(value, where, "bool")
    return value


def text(longest: int, shortest: int = 0) -> Check[str]:
    """A string a screen can show: no control characters, no lone surrogates, within its length."""

    def check(value: Any, where: Where) -> str:
        if not isinstance(value, str):
            raise wrong_type(value, where, "text")
        if len(value) > longest:
            raise FileProblem("too_long", where=where, limit=longest)
        if len(value.strip()) < shortest:
            raise FileProblem("empty_text", where=where)
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise FileProblem("bad_text", where=where) from None
        if not FORBIDDEN.isdisjoint(value):
            raise FileProblem("bad_text", where=where)
        return value

    return check


def choice(options: Collection[Any], listed: bool = True) -> Check[Any]:
    """One of `options`, compared by type too (true is not 1); a refusal lists them when `listed`."""

    def check(value: Any, where: Where) -> Any:
        if not any(type(value) is type(o) and value == o for o in options):
            if not listed:
                raise FileProblem("unknown_value", where=where, value=shown(value))
            names = ", ".join(shown(o) for o in options)
            raise FileProblem("not_one_of", where=where, options=names, value=shown(value))
        return value

    return check


def items(check: Check[T], fewest: int, most: int) -> Check[tuple[T, ...]]:
    """A JSON list of `fewest` to `most` values, each passing `check`."""

    def check_list(value: Any, where: Where) -> tuple[T, ...]:
        if not isinstance(value, list):
            raise wrong_type(value, where, "list")
        if not fewest <= len(value) <= most:
            raise FileProblem("count", where=where, low=fewest, high=most, n=len(value))
        return tuple(check(item, f"{where}[{i}]") for i, item in enumerate(value))

    return check_list


def nullable(check: Check[T]) -> Check[T | None]:
    def check_or_none(value: Any, where: Where) -> T | None:
        return None if value is None else check(value, where)

    return check_or_none


def distinct(values: tuple[Any, ...], where: Where) -> None:
    """Refuses a list that names one thing twice."""
    seen: set[Any] = set()
    for value in values:
        if value in seen:
            raise FileProblem("duplicate", where=where, value=shown(value))
        seen.add(value)
