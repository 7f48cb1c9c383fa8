"""Dealing unseen cards at random into slots (other hands, a stock, a talon) under "this card may not go
there" constraints, for the search's samplers of every game.

A sampler deals thousands of times from the same position, so `Dealer` does the work that depends only
on the constraints once (each card's allowed slots; cards allowed everywhere set apart) and `deal`
is cheap: the constrained cards go first, the most constrained first (ties in random order), each into
an allowed slot with room chosen in proportion to its room; a card left without room is placed by an
augmenting path (cards already placed move to other allowed slots: Kuhn's matching with capacities), so
a deal never fails when one exists. The free cards are then shuffled into the room left, and the
constrained cards inserted at random places, so every slot comes out in random order (a stock's order
is its draw order). `deal_constrained` is the one-call form.
"""

import random
from collections.abc import Callable, Hashable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)
S = TypeVar("S")


class Dealer(Generic[T]):
    """The constraints of one position, prepared for many random deals."""

    def __init__(self, cards: Sequence[T], slots: Sequence[int], allowed: Callable[[T, int], bool]) -> None:
        if any(room < 0 for room in slots):
            raise ValueError(f"slot capacities must not be negative: {list(slots)}")
        if sum(slots) != len(cards):
            raise ValueError(f"{len(cards)} cards for slots holding {sum(slots)}")
        self.slots = list(slots)
        open_slots = [slot for slot, room in enumerate(slots) if room]
        self.free: list[T] = []
        by_count: dict[int, list[tuple[T, tuple[int, ...]]]] = {}
        for card in cards:
            options = tuple(slot for slot in open_slots if allowed(card, slot))
            if not options:
                raise ValueError(f"no slot may take {card!r}")
            if len(options) == len(open_slots):
                self.free.append(card)
            else:
                by_count.setdefault(len(options), []).append((card, options))
        # The constrained cards in groups of equal freedom, the most constrained group first.
        self.groups = [by_count[count] for count in sorted(by_count)]

    def deal(self, rng: random.Random) -> list[list[T]]:
        """One random deal: the cards of each slot, in random order. ValueError if none exists."""
        rand = rng.random
        room = self.slots[:]
        placed: list[list[T]] = [[] for _ in room]
        if self.groups:
            options_of: dict[T, tuple[int, ...]] = {}
            for group in self.groups:
                for card, options in _shuffled(group, rand):
                    options_of[card] = options
                    total = 0
                    for slot in options:
                        total += room[slot]
                    if not total:
                        if not _augment(card, options_of, placed, room, set()):
                            raise ValueError(f"no deal places {card!r} under the constraints")
                        continue
                    pick = int(rand() * total)
                    for slot in options:
                        if pick < room[slot]:
                            break
                        pick -= room[slot]
                    placed[slot].append(card)
                    room[slot] -= 1
        free = _shuffled(self.free, rand)
        out: list[list[T]] = []
        start = 0
        for slot, cards in enumerate(placed):
            end = start + room[slot]
            hand = free[start:end]
            start = end
            for card in cards:
                hand.insert(int(rand() * (len(hand) + 1)), card)
            out.append(hand)
        return out


def _shuffled(items: list[S], rand: Callable[[], float]) -> list[S]:
    """A uniform shuffle by sorting on random keys: a few C calls, several times faster than `shuffle`."""
    keys = [rand() for _ in items]
    return [items[i] for i in sorted(range(len(items)), key=keys.__getitem__)]


def _augment(
    card: T, options_of: dict[T, tuple[int, ...]], placed: list[list[T]], room: list[int], seen: set[int]
) -> bool:
    """Place `card`, moving placed cards along a path of allowed slots to one with room (Kuhn)."""
    for slot in options_of[card]:
        if slot in seen:
            continue
        seen.add(slot)
        if room[slot]:
            placed[slot].append(card)
            room[slot] -= 1
            return True
        for index, other in enumerate(placed[slot]):
            if _augment(other, options_of, placed, room, seen):
                placed[slot][index] = card
                return True
    return False


def deal_constrained(
    cards: Sequence[T], slots: Sequence[int], allowed: Callable[[T, int], bool], rng: random.Random
) -> list[list[T]]:
    """`cards` dealt at random into slots of capacities `slots` (their sum is len(cards)), each card only
    where `allowed(card, slot)`; a deal is found whenever one exists, else ValueError."""
    return Dealer(cards, slots, allowed).deal(rng)
