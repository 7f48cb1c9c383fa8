"""Who sits at a card table (Königrufen, Two-Ten-Jack, and any game seated the same way): each seat's
player, person or computer at a level, the match seed and its length; and that setup as checked JSON."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from game import schema
from game.ai.seeds import SEED_BITS
from game.game_spec import Summary
from game.i18n import tr

LEVELS = ("easy", "normal", "hard")
MAX_NAME = 200  # longer is not a setup Atout wrote
MAX_DEALS = 100


@dataclass(frozen=True)
class SeatPlayer:
    name: str
    human: bool
    level: str = "easy"  # the computer's strength when not human (an engine's: the level that takes over)
    engine: str = ""  # the command of the engine playing this seat (docs/engine-protocol.md); not journalled

    def __post_init__(self) -> None:
        if self.level not in LEVELS:
            raise ValueError(f"unknown computer level {self.level!r}")


@dataclass(frozen=True)
class CardTableSetup:
    game: str  # the game's id in the registry
    seats: tuple[SeatPlayer, ...]  # seat 0 sits at the bottom of the screen
    seed: int = 0
    deals: int | None = None  # match length where the game lets the table choose it (None: the default)
    rules: object | None = None  # the game's rule profile where it has them (None: its default)

    @property
    def humans(self) -> int:
        return sum(s.human for s in self.seats)


def names(setup: CardTableSetup) -> tuple[str, ...]:
    """Each seat's name as the table shows it: the one given, else "Player 2" or "Computer 3"."""
    return tuple(
        seat.name or tr("table.player_n" if seat.human else "table.computer_n", n=i + 1)
        for i, seat in enumerate(setup.seats)
    )


def computers(game: str, seed: int, players: int, level: str) -> CardTableSetup:
    """A table where the computer plays every seat at `level` (demos)."""
    seats = tuple(SeatPlayer(tr("table.computer_n", n=i + 1), False, level) for i in range(players))
    return CardTableSetup(game, seats, seed)


def with_engines(setup: CardTableSetup, engines: dict[int, str], takeover: str) -> CardTableSetup:
    """The setup with an engine in each seat `engines` names (by its command), `takeover` its level."""
    seats = tuple(
        replace(seat, human=False, level=takeover, engine=engines[i]) if i in engines else seat
        for i, seat in enumerate(setup.seats)
    )
    return replace(setup, seats=seats)


def encode(setup: CardTableSetup) -> dict[str, Any]:
    return {
        "seed": setup.seed,
        "deals": setup.deals,
        "seats": [{"name": s.name, "human": s.human, "level": s.level} for s in setup.seats],
    }


def decoder(game: str, fewest: int, most: int) -> Callable[[Any], CardTableSetup]:
    """The check of a `game` table's setup in a journal, with `fewest` to `most` seats."""
    seat = schema.shape(
        lambda fields: SeatPlayer(**fields),
        {"name": schema.text(MAX_NAME), "human": schema.boolean, "level": schema.choice(LEVELS)},
    )
    table = {
        "seed": schema.integer(0, 2**SEED_BITS - 1),
        "deals": schema.nullable(schema.integer(1, MAX_DEALS)),
        "seats": schema.items(seat, fewest, most),
    }

    def decode(data: Any) -> CardTableSetup:
        fields = schema.obj(data, "setup", table)
        return CardTableSetup(game, fields["seats"], fields["seed"], fields["deals"])

    return decode


def summary(setup: CardTableSetup, totals: tuple[int, ...], played: int, over: bool) -> Summary:
    """What the History lists of a card-table match: the totals, and its leaders once anything was scored."""
    best = max(totals)
    winners = tuple(seat for seat, total in enumerate(totals) if total == best) if played else ()
    levels = tuple("" if seat.human else seat.level for seat in setup.seats)
    return Summary(tuple(seat.name for seat in setup.seats), totals, played, over, winners, levels=levels)
