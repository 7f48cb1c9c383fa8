"""Table setups and rules actions as plain JSON, decoded strictly: a wrong field is named, never guessed.

Nothing here evaluates what it reads; every value is checked, by `game.schema`, against what the table can
be built from: its type, its range, the names it may take.
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any

from game import schema
from game.ai.seeds import SEED_BITS
from game.rules import falkenstein_session as fal
from game.rules import koenigrufen_game as kr
from game.rules import twotenjack_game as ttj
from game.rules.falkenstein import LEVELS as TALENT_LEVELS
from game.rules.falkenstein import SUITS
from game.rules.falkenstein_session import MAX_CHARACTERS, Character, Talent
from game.scenes.card_setup import LEVELS, CardTableSetup, SeatPlayer
from game.scenes.falkenstein_setup import MODES, FalkensteinSetup, SeatSetup, find_scenario
from game.storage import FileProblem

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
MAX_SEED = 2**SEED_BITS
MAX_SMALL = 1000  # seats, levels, halves, list lengths in an action: larger is not a save Atout wrote
MAX_DEALS = 100
MAX_TALENTS = 10

Setup = FalkensteinSetup | CardTableSetup


# --- checks of plain values ---------------------------------------------------------------------------

NAME = schema.text(MAX_TEXT)
SEED = schema.integer(0, MAX_SEED - 1)
SMALL = schema.integer(0, MAX_SMALL)
# an action field's declared type -> the check of its JSON value
FIELD_CHECKS: dict[Any, schema.Check[Any]] = {
    int: SMALL,
    str: NAME,
    bool: schema.boolean,
    tuple[str, ...]: schema.items(NAME, 0, MAX_SMALL),
}


# --- actions --------------------------------------------------------------------------------------------


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
    classes = ACTIONS[game]
    kind = schema.choice(tuple(classes))(data.get("type"), f"{where}.type")
    cls = classes[kind]
    checks = {"type": schema.choice((kind,)), **{f.name: FIELD_CHECKS[f.type] for f in fields(cls)}}
    values = schema.obj(data, f"{where} ({kind})", checks)
    return cls(**{name: value for name, value in values.items() if name != "type"})


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
    """The table setup, every field checked against what a table can be built from."""
    if game == "falkenstein":
        return _falkenstein_setup(data)
    low, high = SEATS[game]
    top = schema.obj(
        data,
        "setup",
        {
            "seed": SEED,
            "deals": schema.nullable(schema.integer(1, MAX_DEALS)),
            "seats": schema.items(_card_seat, low, high),
        },
    )
    return CardTableSetup(game, top["seats"], top["seed"], top["deals"])


def _card_seat(data: Any, where: schema.Where) -> SeatPlayer:
    seat = schema.obj(data, where, {"name": NAME, "human": schema.boolean, "level": schema.choice(LEVELS)})
    return SeatPlayer(**seat)


def _falkenstein_setup(data: Any) -> FalkensteinSetup:
    top = schema.obj(
        data,
        "setup",
        {
            "mode": schema.choice(MODES),
            "scenario_id": schema.nullable(NAME),
            "host_name": NAME,
            "seed": SEED,
            "seats": schema.items(_falkenstein_seat, 1, MAX_CHARACTERS),
        },
    )
    if top["mode"] == "solo":
        try:
            find_scenario(top["scenario_id"])
        except ValueError:
            raise FileProblem(
                "unknown_value", where="setup.scenario_id", value=schema.shown(top["scenario_id"])
            ) from None
    return FalkensteinSetup(top["mode"], top["seats"], top["scenario_id"], top["host_name"], top["seed"])


def _falkenstein_seat(data: Any, where: schema.Where) -> SeatSetup:
    seat = schema.obj(data, where, {"player": NAME, "character": _character})
    return SeatSetup(seat["character"], seat["player"])


def _character(data: Any, where: schema.Where) -> Character:
    character = schema.obj(data, where, {"name": NAME, "talents": schema.items(_talent, 1, MAX_TALENTS)})
    schema.distinct(tuple(t.id for t in character["talents"]), f"{where}.talents")
    return Character(character["name"], character["talents"])


def _talent(data: Any, where: schema.Where) -> Talent:
    talent = schema.obj(
        data,
        where,
        {
            "id": schema.text(MAX_TEXT, shortest=1),
            "suit": schema.choice(SUITS),
            "level": schema.choice(TALENT_LEVELS),
        },
    )
    return Talent(**talent)
