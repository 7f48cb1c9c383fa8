"""What the menu hands to the Falkenstein table: who sits where, which mode, which scenario."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.falkenstein_session import Character

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
