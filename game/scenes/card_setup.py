"""What the menu hands to a trick-game table (Königrufen, Two-Ten-Jack): who sits in each seat."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.koenigrufen_game import KoenigrufenConfig, KoenigrufenGame
from game.rules.twotenjack_game import TwoTenJackConfig, TwoTenJackGame

LEVELS = ("easy", "normal", "hard")


@dataclass(frozen=True)
class SeatPlayer:
    name: str
    human: bool
    level: str = "easy"  # the computer's strength when not human

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown computer level {self.level!r}")


@dataclass(frozen=True)
class CardTableSetup:
    game: str  # "koenigrufen" or "twotenjack"
    seats: tuple[SeatPlayer, ...]  # seat 0 sits at the bottom of the screen
    seed: int = 0
    deals: int | None = None  # match length where the game lets the table choose it (None: the default)

    @property
    def humans(self) -> int:
        return sum(s.human for s in self.seats)

    def new_game(self) -> KoenigrufenGame | TwoTenJackGame:
        """The rules state of this table, built the same way for a new match and for a replayed save."""
        if self.game == "koenigrufen":
            return KoenigrufenGame(KoenigrufenConfig(deals=self.deals or 4), self.seed)
        return TwoTenJackGame(TwoTenJackConfig(len(self.seats)), self.seed)
