"""What the menu hands to the Falkenstein table: who sits where, which mode, which scenario."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from game import schema
from game.ai.seeds import SEED_BITS
from game.games.falkenstein import scenario as adventure
from game.games.falkenstein.legacy import IDS as LEGACY_IDS
from game.games.falkenstein.legacy import legacy_scenario
from game.games.falkenstein.resolution import DECK, SUITS
from game.games.falkenstein.resolution import LEVELS as TALENT_LEVELS
from game.games.falkenstein.scenario import Scenario
from game.games.falkenstein.session import (
    MAX_CHARACTERS,
    Character,
    FalkensteinConfig,
    FalkensteinGame,
    Talent,
)
from game.storage import FileProblem

MODES = ("solo", "hotseat", "demo")
MAX_TEXT = 200  # names and ids: longer is not a setup Atout wrote
MAX_TALENTS = 10
NAME = schema.text(MAX_TEXT)
SEED = schema.integer(0, 2**SEED_BITS - 1)


@dataclass(frozen=True)
class SeatSetup:
    character: Character
    player: str  # the person (or "computer") who plays this character


@dataclass(frozen=True)
class FalkensteinSetup:
    game: ClassVar[str] = "falkenstein"
    mode: str  # "solo": a scenario with the computer Host; "hotseat": a human Host; "demo": all computer
    seats: tuple[SeatSetup, ...]
    scenario_id: str | None = None  # the first straight-line scenario (`legacy`), in older journals
    host_name: str = ""
    seed: int = 0
    scenario: Scenario | None = None  # the adventure played, whole (a hot seat's Host may play without)

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r}")
        if not 1 <= len(self.seats) <= 4:
            raise ValueError(f"1 to 4 characters, not {len(self.seats)}")

    def story(self) -> Scenario | None:
        """The adventure the session plays: its own, or in an older journal's solo session the first
        straight-line scenario; None for a Host without one."""
        if self.scenario is not None:
            return self.scenario
        if self.mode == "solo":
            return legacy_scenario(self.scenario_id or LEGACY_IDS[0])
        return None

    def new_game(self) -> FalkensteinGame:
        """The session state, built the same way for a new session and for a replayed save."""
        characters = tuple(s.character for s in self.seats)
        stacked = demo_deck(self.seed) if self.mode == "demo" else None
        return FalkensteinGame(FalkensteinConfig(characters, None, stacked, self.story()), self.seed)


def demo_deck(seed: int) -> tuple[str, ...]:
    """The demo's stacked deck: the first hero holds the red joker, and the Host's first draw is the
    black one, so every demo run shows the fireworks within seconds."""
    rest = [c for c in DECK if c not in ("RJ", "BJ", "2S", "3D", "4H")]
    random.Random(seed).shuffle(rest)
    return ("RJ", "2S", "3D", "4H", *rest[:4], "BJ", *rest[4:])


# --- in journals ----------------------------------------------------------------------------------------


def encode(setup: FalkensteinSetup) -> dict[str, Any]:
    """The setup as plain JSON, for journals: the adventure whole, so the journal replays it as it was
    played whatever becomes of its file."""
    story = {} if setup.scenario is None else {"scenario": adventure.to_json(setup.scenario)}
    return story | {
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


def decode(data: Any) -> FalkensteinSetup:
    """The setup a journal holds, every field checked (a `storage.FileProblem` names the first bad one)."""
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
        {"scenario": lambda value, where: adventure.read(value)},
    )
    scenario_id = top["scenario_id"]
    if scenario_id is not None and scenario_id not in LEGACY_IDS:
        raise FileProblem("unknown_value", where="setup.scenario_id", value=schema.shown(scenario_id))
    return FalkensteinSetup(
        top["mode"], top["seats"], scenario_id, top["host_name"], top["seed"], top.get("scenario")
    )


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
