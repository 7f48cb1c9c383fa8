"""Table setups and rules actions as plain JSON, decoded strictly: a wrong field is named, never guessed.

Nothing here evaluates what it reads; every value is checked against the type its dataclass declares.
"""

from __future__ import annotations

from dataclasses import fields
from types import NoneType, UnionType
from typing import Any, get_args, get_origin

from game.rules import falkenstein_session as fal
from game.rules import koenigrufen_game as kr
from game.rules import twotenjack_game as ttj
from game.rules.falkenstein_session import Character, Talent
from game.scenes.card_setup import CardTableSetup, SeatPlayer
from game.scenes.falkenstein_setup import FalkensteinSetup, SeatSetup

GAMES = ("falkenstein", "koenigrufen", "twotenjack")
ACTIONS: dict[str, dict[str, type]] = {
    game: {cls.__name__: cls for cls in classes}
    for game, classes in (
        ("falkenstein", (fal.SetChallenge, fal.PlayCard)),
        ("koenigrufen", (kr.CallKing, kr.TakeTalon, kr.Discard, kr.Play, kr.NextDeal)),
        ("twotenjack", (ttj.Play, ttj.NextRound)),
    )
}
SEATS = {"falkenstein": (1, 4), "koenigrufen": (4, 4), "twotenjack": (2, 6)}
MAX_TEXT = 200  # names and ids: longer is not a save Atout wrote
MAX_SEED = 2**63

Setup = FalkensteinSetup | CardTableSetup


# --- checking plain values ------------------------------------------------------------------------------


def _value(value: Any, kind: Any, where: str) -> Any:
    """`value` as `kind` (int, str, bool, tuple[X, ...], a union with None); ValueError naming `where`."""
    origin = get_origin(kind)
    if origin is UnionType:
        if value is None and NoneType in get_args(kind):
            return None
        (inner,) = [arg for arg in get_args(kind) if arg is not NoneType]
        return _value(value, inner, where)
    if origin is tuple:
        if not isinstance(value, list):
            raise ValueError(f"{where} must be a list, not {_kind(value)}")
        return tuple(_value(item, get_args(kind)[0], f"{where}[{i}]") for i, item in enumerate(value))
    if kind is bool and isinstance(value, bool):
        return value
    if kind is int and type(value) is int:
        return value
    if kind is str and isinstance(value, str):
        if len(value) > MAX_TEXT:
            raise ValueError(f"{where} is longer than {MAX_TEXT} characters")
        return value
    raise ValueError(f"{where} must be {getattr(kind, '__name__', kind)}, not {_kind(value)}")


def _kind(value: Any) -> str:
    return "null" if value is None else type(value).__name__


def _object(data: Any, spec: dict[str, Any], where: str, extra: tuple[str, ...] = ()) -> dict[str, Any]:
    """The fields of a JSON object, exactly those of `spec` (plus `extra`, read by the caller)."""
    if not isinstance(data, dict):
        raise ValueError(f"{where} must be an object, not {_kind(data)}")
    missing = [name for name in spec if name not in data]
    if missing:
        raise ValueError(f"{where}: missing field {missing[0]!r}")
    unknown = [name for name in data if name not in spec and name not in extra]
    if unknown:
        raise ValueError(f"{where}: unknown field {unknown[0]!r}")
    return {name: _value(data[name], kind, f"{where}.{name}") for name, kind in spec.items()}


def _list(data: Any, where: str) -> list[Any]:
    if not isinstance(data, list):
        raise ValueError(f"{where} must be a list, not {_kind(data)}")
    return data


# --- actions --------------------------------------------------------------------------------------------


def encode_action(action: Any) -> dict[str, Any]:
    """{"type": "Play", "seat": 0, "card": "KH", ...}: the class name and every field."""
    values = {f.name: getattr(action, f.name) for f in fields(action)}
    return {"type": type(action).__name__} | {
        k: list(v) if isinstance(v, tuple) else v for k, v in values.items()
    }


def decode_action(game: str, data: Any, where: str = "action") -> Any:
    """The action object; an unknown type, a missing or extra field or a wrong type is a ValueError."""
    if not isinstance(data, dict):
        raise ValueError(f"{where} must be an object, not {_kind(data)}")
    classes = ACTIONS[game]
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in classes:
        raise ValueError(f"{where}: unknown action type {kind!r} for {game}")
    cls = classes[kind]
    return cls(**_object(data, {f.name: f.type for f in fields(cls)}, f"{where} ({kind})", ("type",)))


# --- setups ---------------------------------------------------------------------------------------------


def encode_setup(setup: Setup) -> dict[str, Any]:
    if isinstance(setup, FalkensteinSetup):
        return {
            "mode": setup.mode,
            "scenario_id": setup.scenario_id,
            "host_name": setup.host_name,
            "seed": setup.seed,
            "seats": [
                {
                    "player": seat.player,
                    "character": {
                        "name": seat.character.name,
                        "talents": [
                            {"id": t.id, "suit": t.suit, "level": t.level} for t in seat.character.talents
                        ],
                    },
                }
                for seat in setup.seats
            ],
        }
    return {
        "seed": setup.seed,
        "deals": setup.deals,
        "seats": [{"name": s.name, "human": s.human, "level": s.level} for s in setup.seats],
    }


def decode_setup(game: str, data: Any) -> Setup:
    """The table setup; its own checks (modes, levels, talents) raise ValueError too."""
    if game == "falkenstein":
        top = _object(
            data, {"mode": str, "scenario_id": str | None, "host_name": str, "seed": int}, "setup", ("seats",)
        )
        seats = tuple(
            _falkenstein_seat(seat, f"setup.seats[{i}]") for i, seat in enumerate(_seats(game, data))
        )
        return FalkensteinSetup(top["mode"], seats, top["scenario_id"], top["host_name"], _seed(top["seed"]))
    top = _object(data, {"seed": int, "deals": int | None}, "setup", ("seats",))
    seats = tuple(
        SeatPlayer(**_object(seat, {"name": str, "human": bool, "level": str}, f"setup.seats[{i}]"))
        for i, seat in enumerate(_seats(game, data))
    )
    if top["deals"] is not None and not 1 <= top["deals"] <= 100:
        raise ValueError(f"setup.deals must be 1 to 100, not {top['deals']}")
    return CardTableSetup(game, seats, _seed(top["seed"]), top["deals"])


def _seats(game: str, data: dict[str, Any]) -> list[Any]:
    seats = _list(data["seats"], "setup.seats")
    low, high = SEATS[game]
    if not low <= len(seats) <= high:
        raise ValueError(f"{game} seats {low} to {high} players, not {len(seats)}")
    return seats


def _seed(seed: int) -> int:
    if not 0 <= seed < MAX_SEED:
        raise ValueError(f"setup.seed must be 0 to 2**63 - 1, not {seed}")
    return seed


def _falkenstein_seat(data: Any, where: str) -> SeatSetup:
    seat = _object(data, {"player": str}, where, ("character",))
    character = _object(data["character"], {"name": str}, f"{where}.character", ("talents",))
    talents = tuple(
        Talent(**_object(t, {"id": str, "suit": str, "level": int}, f"{where}.character.talents[{i}]"))
        for i, t in enumerate(_list(data["character"]["talents"], f"{where}.character.talents"))
    )
    return SeatSetup(Character(character["name"], talents), seat["player"])
