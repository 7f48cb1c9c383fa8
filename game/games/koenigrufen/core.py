"""One Königrufen deal as a lean, full-information state: the rules core. It holds the deal as card numbers
and applies the rules of `cards` (the call and the partnership, the talon, the discard, following suit,
trick winners, the count and the settlement) without events, checks or dataclasses, so that a search can
afford thousands of random playouts; `rules.KoenigrufenGame` wraps it, adding the checks, the events, the
views and the match.

Cards are numbers, `DECK_INDEX[code]`. A hand is held as five ascending lists (trumps, ♥, ♦, ♣, ♠):
following suit is then one `list.pop` at a random index, which measured faster than bitmask hands (where
picking the k-th set bit is a Python loop).

Lean actions: call → the king's card number; talon → the half 0 or 1; discard → three card numbers,
ascending; play → the card number. `rules.to_action` and `rules.from_action` translate them.

`rollout` plays uniformly random legal actions to the end of the deal. Its draws are `int(rng.random() * n)`
over the list `legal()` would answer (one draw per call, talon choice and card), so a test can replay it
step by step; only the discard draws three cards one by one (`random_discard`).
"""

from __future__ import annotations

import random
from bisect import insort
from collections.abc import Sequence
from enum import StrEnum
from itertools import repeat, starmap

from game.games.koenigrufen.cards import (
    HAND_SIZE,
    KING_CARDS,
    MOND_CARD,
    PAGAT_CARD,
    POINTS,
    POWER,
    SEATS,
    SETTLEMENT,
    SKUS_CARD,
    SUIT,
    TRICKS_PER_DEAL,
    WIN_POINTS,
    counted,
    legal_discard_list,
    playable,
    random_discard,
    split_hand,
    winning,
)

LeanAction = int | tuple[int, ...]


class Phase(StrEnum):
    """The phases of a deal, and of the match around it. A string, so that `phase == "tricks"` reads as
    before; the engines compare members by identity. The core ends a deal "scored"; the table engine says
    "over" once the match is."""

    CALL = "call"  # the declarer calls a king
    TALON = "talon"  # the declarer takes a half
    DISCARD = "discard"  # the declarer lays three cards away
    TRICKS = "tricks"
    SCORED = "scored"  # the deal is settled
    OVER = "over"  # the match is


# The members as module names: reading `Phase.TRICKS` goes through the enum's descriptor, ten times slower.
CALL, TALON, DISCARD, TRICKS, SCORED = Phase.CALL, Phase.TALON, Phase.DISCARD, Phase.TRICKS, Phase.SCORED

_SKUS_POWER = POWER[SKUS_CARD]
_CARDS = range(len(POINTS))
_HANDS_AT = range(0, SEATS * HAND_SIZE, HAND_SIZE)  # where each hand starts in a dealt deck
_TALON_AT = SEATS * HAND_SIZE

# Which seats are on the declaring side, per (declarer, partner or None when alone).
_TEAMS: dict[tuple[int, int | None], tuple[bool, ...]] = {
    (declarer, partner): tuple(seat in (declarer, partner) for seat in range(SEATS))
    for declarer in range(SEATS)
    for partner in (*range(SEATS), None)
}
# The three seats after each leader, in play order.
_FOLLOWERS = tuple(tuple((leader + i) % SEATS for i in range(1, SEATS)) for leader in range(SEATS))


def shuffled(rng: random.Random) -> list[int]:
    """The card numbers uniformly shuffled, by sorting them on random keys: cheaper than `rng.shuffle`, the
    keys drawn without a Python loop."""
    keys = list(starmap(rng.random, repeat((), len(_CARDS))))
    return sorted(_CARDS, key=keys.__getitem__)


class LeanKoenigrufen:
    """One deal, phases CALL, TALON, DISCARD, TRICKS, SCORED. Trusted: `apply` checks nothing.

    `to_act` is the seat to act, -1 once scored; `partner` is the true partner once the king is called
    (None when alone); `shown` says whether the partnership is public (the called king turned up in the
    talon, or was played); `trick` holds the cards of the trick being played, `leader` its leader. `suits`
    is each seat's hand as five ascending lists (trumps, ♥ ♦ ♣ ♠) and `team` flags the declaring side's
    seats, for playout policies that need them."""

    __slots__ = (
        "_dn",
        "_dsum",
        "declarer",
        "discards",
        "half",
        "halves",
        "king",
        "leader",
        "partner",
        "phase",
        "shown",
        "suits",
        "team",
        "to_act",
        "trick",
        "tricks_done",
    )

    def __init__(
        self, hands: Sequence[Sequence[int]], halves: tuple[tuple[int, ...], tuple[int, ...]], declarer: int
    ) -> None:
        self.suits = [split_hand(cards) for cards in hands]
        self.halves = (tuple(sorted(halves[0])), tuple(sorted(halves[1])))
        self.declarer = declarer
        self.king: int | None = None
        self.partner: int | None = None
        self.shown = False
        self.half: int | None = None
        self.discards: tuple[int, ...] = ()
        self.phase = CALL
        self.to_act = declarer
        self.leader = declarer
        self.trick: list[int] = []
        self.tricks_done = 0
        self.team = _TEAMS[declarer, None]  # seats of the declaring side, set by the call
        self._dsum = 0  # card points (plain sum) of the declaring side's pile so far
        self._dn = 0  # cards in that pile

    # --- making states -----------------------------------------------------------------------------------

    @classmethod
    def deal(cls, rng: random.Random, declarer: int) -> LeanKoenigrufen:
        """A uniformly shuffled fresh deal, seat 0 getting the deck's first twelve cards."""
        deck = shuffled(rng)
        new = object.__new__(cls)
        new.suits = [split_hand(deck[a : a + HAND_SIZE]) for a in _HANDS_AT]
        talon = deck[_TALON_AT:]
        new.halves = (tuple(sorted(talon[:3])), tuple(sorted(talon[3:])))
        new.declarer = new.to_act = new.leader = declarer
        new.king = new.partner = new.half = None
        new.shown = False
        new.discards = ()
        new.phase = CALL
        new.trick = []
        new.tricks_done = new._dsum = new._dn = 0
        new.team = _TEAMS[declarer, None]
        return new

    @classmethod
    def from_parts(
        cls,
        hands: Sequence[Sequence[int]],
        halves: tuple[tuple[int, ...], tuple[int, ...]],
        declarer: int,
        king: int | None,
        half: int | None,
        discards: tuple[int, ...],
        completed_tricks: Sequence[tuple[int, tuple[int, ...], int]],
        leader: int,
        trick: Sequence[int],
    ) -> LeanKoenigrufen:
        """Any position of a deal. The partner is the seat that held the called king at the call: the one
        holding it now or having played it; None (alone) when that is the declarer or it lay in the talon.
        Built field by field, as a search samples a world per iteration."""
        new = object.__new__(cls)
        new.suits = split = [split_hand(cards) for cards in hands]
        new.halves = (tuple(sorted(halves[0])), tuple(sorted(halves[1])))
        new.declarer = new.to_act = new.leader = declarer
        new.king, new.half, new.partner, new.team = king, None, None, _TEAMS[declarer, None]
        new.discards, new.trick, new.tricks_done, new._dsum, new._dn = (), [], 0, 0, 0
        new.shown = False
        if king is None:
            new.phase = CALL
            return new
        holder = None
        suit = SUIT[king]
        for seat in range(SEATS):
            if king in split[seat][suit]:
                holder = seat
                break
        else:
            for lead, cards, _winner in [*completed_tricks, (leader, trick, leader)]:
                if king in cards:
                    holder = (lead + list(cards).index(king)) % SEATS
                    new.shown = True
        new.shown = new.shown or king in new.halves[0] + new.halves[1]
        if holder is not None and holder != declarer:
            new.partner = holder
            new.team = team = _TEAMS[declarer, holder]
        else:
            team = new.team
        if half is None:
            new.phase = TALON
            return new
        new.half = half
        if not discards:
            new.phase = DISCARD
            return new
        new.discards = tuple(sorted(discards))
        dsum, dn = sum(map(POINTS.__getitem__, discards)), len(discards)
        points = POINTS.__getitem__
        for _leader, cards, winner in completed_tricks:
            if team[winner]:
                dsum += sum(map(points, cards))
                dn += len(cards)
        new._dsum, new._dn = dsum, dn
        new.tricks_done = len(completed_tricks)
        new.trick = list(trick)
        new.leader = leader
        if new.tricks_done == TRICKS_PER_DEAL:
            new.phase, new.to_act = SCORED, -1
        else:
            new.phase, new.to_act = TRICKS, (leader + len(trick)) % SEATS
        return new

    def copy(self) -> LeanKoenigrufen:
        """An independent copy: only the hands and the trick are mutable, so only they are copied."""
        new = object.__new__(LeanKoenigrufen)
        new.suits = [[a[:], b[:], c[:], d[:], e[:]] for a, b, c, d, e in self.suits]
        new.trick = self.trick[:]
        new.halves, new.declarer, new.king, new.partner = self.halves, self.declarer, self.king, self.partner
        new.half, new.discards, new.phase, new.to_act = self.half, self.discards, self.phase, self.to_act
        new.leader, new.tricks_done, new.team = self.leader, self.tricks_done, self.team
        new.shown, new._dsum, new._dn = self.shown, self._dsum, self._dn
        return new

    # --- reading -----------------------------------------------------------------------------------------

    def hand(self, seat: int) -> list[int]:
        """The seat's cards, ascending."""
        trumps, hearts, diamonds, clubs, spades = self.suits[seat]
        return [*trumps, *hearts, *diamonds, *clubs, *spades]

    @property
    def hands(self) -> list[list[int]]:
        return [self.hand(seat) for seat in range(SEATS)]

    def over(self) -> bool:
        return self.phase is SCORED

    def declarer_points(self) -> int:
        """The declaring side's card points so far, counted in threes (all of them once scored)."""
        return counted(self._dsum, self._dn)

    def won(self) -> bool:
        """Whether the declaring side made its points (once scored)."""
        return counted(self._dsum, self._dn) >= WIN_POINTS

    def returns(self) -> list[int]:
        """The settlement per seat, as `DealScored.settlement` (meaningful once scored)."""
        return list(SETTLEMENT[self.declarer, self.partner, self.won()])

    def playable(self) -> list[int]:
        """The cards the seat to act may play, ascending; may be its hand's own list (do not mutate it)."""
        return playable(self.suits[self.to_act], self.trick)

    def legal(self) -> list[int] | list[tuple[int, ...]]:
        """The legal lean actions, ascending (a new list, and each discard ascending too)."""
        phase = self.phase
        if phase is TRICKS:
            return self.playable()[:]
        if phase is CALL:
            return list(KING_CARDS)
        if phase is TALON:
            return [0, 1]
        if phase is DISCARD:
            return [tuple(sorted(d)) for d in legal_discard_list(self.hand(self.declarer))]
        return []

    # --- playing -----------------------------------------------------------------------------------------

    def apply(self, action: LeanAction) -> None:
        """Carries out a legal lean action, unchecked."""
        phase = self.phase
        if phase is TRICKS:
            assert isinstance(action, int)
            self.play(action)
        elif phase is CALL:
            assert isinstance(action, int)
            self.call(action)
        elif phase is TALON:
            assert isinstance(action, int)
            self.take(action)
        elif phase is DISCARD:
            assert isinstance(action, tuple)
            self.discard(action)

    def call(self, king: int) -> None:
        """Calls `king`; its holder is the partner, unless that is the declarer or the talon (alone, and
        public at once, the talon being turned up)."""
        self.king = king
        suit = SUIT[king]
        declarer = self.declarer
        self.phase = TALON
        for seat in range(SEATS):
            if king in self.suits[seat][suit]:
                if seat != declarer:
                    self.partner = seat
                    self.team = _TEAMS[declarer, seat]
                    return
                break
        else:
            self.shown = True
        self.partner = None
        self.team = _TEAMS[declarer, None]

    def take(self, half: int) -> None:
        split = self.suits[self.declarer]
        for card in self.halves[half]:
            insort(split[SUIT[card]], card)
        self.half = half
        self.phase = DISCARD

    def discard(self, cards: tuple[int, ...]) -> None:
        split = self.suits[self.declarer]
        for card in cards:
            split[SUIT[card]].remove(card)
        self.discards = cards
        self._dsum += POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]]
        self._dn += 3
        self.phase = TRICKS

    def play(self, card: int) -> None:
        """Plays `card` for the seat to act. A completed trick's list is left as it is: a new one begins."""
        seat = self.to_act
        self.suits[seat][SUIT[card]].remove(card)
        if card == self.king:
            self.shown = True
        trick = self.trick
        trick.append(card)
        if len(trick) < SEATS:
            self.to_act = (seat + 1) % SEATS
            return
        winner = (self.leader + winning(trick)[0]) % SEATS
        if self.team[winner]:
            self._dsum += POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
            self._dn += 4
        self.trick = []
        self.tricks_done += 1
        self.leader = winner
        if self.tricks_done == TRICKS_PER_DEAL:
            self.phase, self.to_act = SCORED, -1
        else:
            self.to_act = winner

    def rollout(self, rng: random.Random) -> list[int]:
        """Plays uniformly random legal actions to the end of the deal (this state ends scored) and returns
        the settlement.

        The tricks are one inlined loop over locals, written back once at the end: the one deliberate copy
        of `playable` and `winning` (and of `play`'s bookkeeping), as it plays a deal out in half the time
        `playable` and `play` card by card take. `test_koenigrufen_lean` keeps it honest, replaying it from
        every position of random deals on the table engine with the same draws."""
        draw = rng.random
        phase = self.phase
        if phase is CALL:
            self.call(KING_CARDS[int(draw() * 4)])
            phase = TALON
        if phase is TALON:
            self.take(int(draw() * 2))
            phase = DISCARD
        if phase is DISCARD:
            self.discard(random_discard(self.hand(self.declarer), draw))
        while self.trick and self.phase is TRICKS:  # finish a trick already begun
            cards = self.playable()
            self.play(cards[int(draw() * len(cards))])
        if self.phase is SCORED:
            return self.returns()
        hands, team = self.suits, self.team
        leader, dsum, dn = self.leader, self._dsum, self._dn
        for held in range(TRICKS_PER_DEAL - self.tricks_done, 0, -1):  # each seat's cards before the trick
            # the lead: any card, the k-th in suit order
            k = int(draw() * held)
            for cards in hands[leader]:
                if k < len(cards):
                    c0 = cards.pop(k)
                    break
                k -= len(cards)
            led = SUIT[c0]
            best, win = POWER[c0], leader
            s1, s2, s3 = _FOLLOWERS[leader]
            # second hand: follow suit, else trump, else anything (which cannot win)
            split = hands[s1]
            cards = split[led] or split[0]
            if cards:
                c1 = cards.pop(int(draw() * len(cards)))
                if POWER[c1] > best:
                    best, win = POWER[c1], s1
            else:
                a, b, c, d, e = split
                c1 = [*a, *b, *c, *d, *e][int(draw() * held)]
                split[SUIT[c1]].remove(c1)
            # third hand
            split = hands[s2]
            cards = split[led] or split[0]
            if cards:
                c2 = cards.pop(int(draw() * len(cards)))
                if POWER[c2] > best:
                    best, win = POWER[c2], s2
            else:
                a, b, c, d, e = split
                c2 = [*a, *b, *c, *d, *e][int(draw() * held)]
                split[SUIT[c2]].remove(c2)
            # fourth hand
            split = hands[s3]
            cards = split[led] or split[0]
            if cards:
                c3 = cards.pop(int(draw() * len(cards)))
                if POWER[c3] > best:
                    best, win = POWER[c3], s3
            else:
                a, b, c, d, e = split
                c3 = [*a, *b, *c, *d, *e][int(draw() * held)]
                split[SUIT[c3]].remove(c3)
            if best == _SKUS_POWER:  # the Sküs took it, unless this is the Emperor's trick
                played = (c0, c1, c2, c3)
                if PAGAT_CARD in played and MOND_CARD in played:
                    win = (leader, s1, s2, s3)[played.index(PAGAT_CARD)]
            if team[win]:
                dsum += POINTS[c0] + POINTS[c1] + POINTS[c2] + POINTS[c3]
                dn += 4
            leader = win
        self.leader, self.tricks_done, self._dsum, self._dn = leader, TRICKS_PER_DEAL, dsum, dn
        self.phase, self.to_act, self.shown = SCORED, -1, True
        return self.returns()
