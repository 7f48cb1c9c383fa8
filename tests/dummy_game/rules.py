"""Higher Card: two players, three cards each from 1 to 6; each trick both play one card and the higher
takes a point; the taker leads the next. Just enough rules to be a game."""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules.errors import IllegalAction

CARDS = ("1", "2", "3", "4", "5", "6")
HAND = 3


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Played:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class View:
    seat: int
    to_act: int | None
    phase: str
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    trick: tuple[str, ...]
    totals: tuple[int, ...]


class HigherCard:
    def __init__(self, seed: int) -> None:
        deck = list(CARDS)
        random.Random(seed).shuffle(deck)
        self.hands = [sorted(deck[:HAND]), sorted(deck[HAND : 2 * HAND])]
        self.trick: list[str] = []
        self.leader = 0
        self.totals = [0, 0]

    @property
    def is_over(self) -> bool:
        return not any(self.hands) and not self.trick

    @property
    def phase(self) -> str:
        return "over" if self.is_over else "play"

    @property
    def to_act(self) -> int | None:
        return None if self.is_over else (self.leader + len(self.trick)) % 2

    def legal_actions(self) -> list[Play]:
        seat = self.to_act
        return [] if seat is None else [Play(seat, card) for card in self.hands[seat]]

    def apply(self, action: Play) -> list[Played]:
        if action not in self.legal_actions():
            raise IllegalAction("not_in_hand", f"{action.card!r} cannot be played now")
        self.hands[action.seat].remove(action.card)
        self.trick.append(action.card)
        if len(self.trick) == 2:
            taker = (self.leader + (1 if self.trick[1] > self.trick[0] else 0)) % 2
            self.totals[taker] += 1
            self.leader, self.trick = taker, []
        return [Played(action.seat, action.card)]

    def view(self, seat: int) -> View:
        sizes = tuple(len(h) for h in self.hands)
        return View(
            seat,
            self.to_act,
            self.phase,
            tuple(self.hands[seat]),
            sizes,
            tuple(self.trick),
            tuple(self.totals),
        )

    def returns(self) -> tuple[int, ...]:
        return (self.totals[0] - self.totals[1], self.totals[1] - self.totals[0])
