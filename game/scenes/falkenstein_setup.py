"""What the menu hands to the Falkenstein table: who sits where, which mode, which scenario."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.paths import SCENARIOS
from game.rules.falkenstein import DECK
from game.rules.falkenstein_session import Character, FalkensteinConfig, FalkensteinGame
from game.rules.scenario import Scenario, list_scenarios

MODES = ("solo", "hotseat", "demo")


@dataclass(frozen=True)
class SeatSetup:
    character: Character
    player: str  # the person (or "computer") who plays this character


@dataclass(frozen=True)
class FalkensteinSetup:
    mode: str  # "solo": a scenario with the computer Host; "hotseat": a human Host; "demo": all computer
    seats: tuple[SeatSetup, ...]
    scenario_id: str | None = None
    host_name: str = ""
    seed: int = 0

    def __post_init__(self) -> None:
        if self.mode not in MODES:
            raise ValueError(f"unknown mode {self.mode!r}")
        if not 1 <= len(self.seats) <= 4:
            raise ValueError(f"1 to 4 characters, not {len(self.seats)}")

    def load_scenario(self) -> Scenario | None:
        """The scenario a solo session plays (read from the assets); other modes have none."""
        return find_scenario(self.scenario_id) if self.mode == "solo" else None

    def new_game(self, scenario: Scenario | None) -> FalkensteinGame:
        """The session state, built the same way for a new session and for a replayed save."""
        characters = tuple(s.character for s in self.seats)
        max_challenges = len(scenario.challenges) if scenario else None
        stacked = demo_deck(self.seed) if self.mode == "demo" else None
        return FalkensteinGame(FalkensteinConfig(characters, max_challenges, stacked), self.seed)


def find_scenario(scenario_id: str | None) -> Scenario:
    scenarios = list_scenarios(SCENARIOS)
    for scenario in scenarios:
        if scenario.id == scenario_id:
            return scenario
    if scenario_id is None and scenarios:
        return scenarios[0]
    raise ValueError(f"unknown scenario {scenario_id!r}")


def demo_deck(seed: int) -> tuple[str, ...]:
    """The demo's stacked deck: the first hero holds the red joker, and the Host's first draw is the
    black one, so every demo run shows the fireworks within seconds."""
    rest = [c for c in DECK if c not in ("RJ", "BJ", "2S", "3D", "4H")]
    random.Random(seed).shuffle(rest)
    return ("RJ", "2S", "3D", "4H", *rest[:4], "BJ", *rest[4:])
