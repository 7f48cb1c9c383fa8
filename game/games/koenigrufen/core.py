"""One Königrufen deal as a lean, full-information state for Monte-Carlo search: the same rules as
`koenigrufen_game`, without events, checks or dataclasses, so that a decision can afford thousands of
random playouts.

Cards are ints, `DECK_INDEX[code]`: trumps 0 (Pagat) … 20 (Mond), 21 (Sküs), then ♥ ♦ ♣ ♠ from 22 on,
each suit high to low (its König first). A hand is held as five ascending lists (trumps, ♥, ♦, ♣, ♠):
following suit is then one `list.pop` at a random index, which measured faster than bitmask hands (where
picking the k-th set bit is a Python loop).

Lean actions: call → the king's card int; talon → the half 0 or 1; discard → three card ints, ascending;
play → the card int. `to_action` and `from_action` translate to and from `koenigrufen_game` actions.

`rollout` plays uniformly random legal actions to the end of the deal. Its draws are `int(rng.random() * n)`
over the list `legal()` would answer (one draw per call, talon choice and card), so a test can replay it on
the real engine; only the discard draws three cards one by one (`_random_discard`).
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import TYPE_CHECKING

from game.games.koenigrufen.cards import CARD_POINTS, CARD_STRENGTH, DECK, DECK_INDEX, KINGS, SUIT_NO, TRULL
from game.games.koenigrufen.rules import (
    GAME_VALUE,
    HAND_SIZE,
    SEATS,
    TRICKS,
    WIN_POINTS,
    Action,
    CallKing,
    Discard,
    Play,
    TakeTalon,
)

if TYPE_CHECKING:
    from game.games.koenigrufen.rules import KoenigrufenGame

LeanAction = int | tuple[int, ...]

# Tables indexed by card int: the hot loops are list look-ups.
SUIT: tuple[int, ...] = tuple(SUIT_NO[card] for card in DECK)  # 0 trumps, 1..4 ♥ ♦ ♣ ♠
# Strength within the suit, every trump above every suit card; the card led or a trump wins on it.
POWER: tuple[int, ...] = tuple(CARD_STRENGTH[card] + (100 if SUIT_NO[card] == 0 else 0) for card in DECK)
POINTS: tuple[int, ...] = tuple(CARD_POINTS[card] for card in DECK)
KING_CARDS: tuple[int, ...] = tuple(DECK_INDEX[king] for king in KINGS)
PAGAT, MOND, SKUS = (DECK_INDEX[card] for card in TRULL)
_SKUS_POWER = POWER[SKUS]
_IS_KING = tuple(card in KING_CARDS for card in range(len(DECK)))
_DISCARDABLE_SUIT = tuple(SUIT[c] != 0 and not _IS_KING[c] for c in range(len(DECK)))
_DISCARDABLE_TRUMP = tuple(SUIT[c] == 0 and c not in (PAGAT, MOND, SKUS) for c in range(len(DECK)))
_CARDS = range(len(DECK))
_DEAL_CUTS = tuple(range(0, SEATS * HAND_SIZE + 1, HAND_SIZE))

# The settlement per (declarer, partner or SEATS when alone, won): ±1 each two against two, ±3 / ∓1 alone.
_SETTLEMENTS: dict[tuple[int, int, bool], tuple[int, ...]] = {}
for _declarer in range(SEATS):
    for _partner in range(SEATS + 1):
        for _won in (False, True):
            _unit = GAME_VALUE if _won else -GAME_VALUE
            _row = [-_unit] * SEATS
            if _partner == SEATS:
                _row[_declarer] = (SEATS - 1) * _unit
            else:
                _row[_declarer] = _row[_partner] = _unit
            _SETTLEMENTS[_declarer, _partner, _won] = tuple(_row)


_KH, _KD, _KC, _KS = KING_CARDS  # each suit's first card


# Which seats are on the declaring side, per (declarer, partner or SEATS when alone).
_TEAMS: dict[tuple[int, int], tuple[bool, ...]] = {
    (declarer, partner): tuple(seat in (declarer, partner) for seat in range(SEATS))
    for declarer in range(SEATS)
    for partner in range(SEATS + 1)
}
# The three seats after each leader, in play order.
_FOLLOWERS = tuple(tuple((leader + i) % SEATS for i in range(1, SEATS)) for leader in range(SEATS))


def _split(cards: Sequence[int]) -> list[list[int]]:
    """The cards as five ascending suit lists: slices cut where each suit's König (its first card) sorts."""
    cards = sorted(cards)
    h = bisect_left(cards, _KH)
    d = bisect_left(cards, _KD, h)
    c = bisect_left(cards, _KC, d)
    s = bisect_left(cards, _KS, c)
    return [cards[:h], cards[h:d], cards[d:c], cards[c:s], cards[s:]]


def _trick_winner(trick: Sequence[int]) -> int:
    """Index in play order of the card winning a complete trick (Emperor's trick included)."""
    if SKUS in trick and PAGAT in trick and MOND in trick:
        return trick.index(PAGAT)
    led = SUIT[trick[0]]
    best, top = 0, POWER[trick[0]]
    for i in range(1, len(trick)):
        card = trick[i]
        suit = SUIT[card]
        if (suit == led or suit == 0) and POWER[card] > top:
            best, top = i, POWER[card]
    return best


def legal_discard_list(cards: Sequence[int]) -> list[tuple[int, ...]]:
    """Every legal discard from the declarer's ascending 15 cards, each ascending: suit cards first."""
    suits = [c for c in cards if _DISCARDABLE_SUIT[c]]
    if len(suits) >= 3:
        return list(combinations(suits, 3))
    trumps = [c for c in cards if _DISCARDABLE_TRUMP[c]]
    return [(*more, *suits) for more in combinations(trumps, 3 - len(suits))]  # trumps sort first


def _random_discard(cards: Sequence[int], draw: Callable[[], float]) -> tuple[int, ...]:
    """A uniformly random legal discard without listing them: three distinct draws from the suit cards,
    or all of them and the rest drawn from the discardable trumps."""
    pool = [c for c in cards if _DISCARDABLE_SUIT[c]]
    chosen: list[int] = []
    if len(pool) < 3:
        chosen = pool
        pool = [c for c in cards if _DISCARDABLE_TRUMP[c]]
    while len(chosen) < 3:
        chosen.append(pool.pop(int(draw() * len(pool))))
    return tuple(sorted(chosen))


class LeanKoenigrufen:
    """One deal, phases "call", "talon", "discard", "tricks", "over". Trusted: `apply` checks nothing.

    `to_act` is the seat to act, -1 once over; `partner` is the true partner once the king is called
    (None when alone); `trick` holds the cards of the trick being played, `leader` its leader. `suits` is
    each seat's hand as five ascending lists (trumps, ♥ ♦ ♣ ♠) and `team` flags the declaring side's seats,
    for playout policies that need them."""

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
        "suits",
        "team",
        "to_act",
        "trick",
        "tricks_done",
    )

    def __init__(
        self, hands: Sequence[Sequence[int]], halves: tuple[tuple[int, ...], tuple[int, ...]], declarer: int
    ) -> None:
        self.suits = [_split(cards) for cards in hands]
        self.halves = (tuple(sorted(halves[0])), tuple(sorted(halves[1])))
        self.declarer = declarer
        self.king: int | None = None
        self.partner: int | None = None
        self.half: int | None = None
        self.discards: tuple[int, ...] = ()
        self.phase = "call"
        self.to_act = declarer
        self.leader = declarer
        self.trick: list[int] = []
        self.tricks_done = 0
        self.team = _TEAMS[declarer, SEATS]  # seats of the declaring side, set by the call
        self._dsum = 0  # card points (plain sum) of the declaring side's pile so far
        self._dn = 0  # cards in that pile

    # --- making states -----------------------------------------------------------------------------------

    @classmethod
    def deal(cls, rng: random.Random, declarer: int) -> LeanKoenigrufen:
        """A uniformly shuffled fresh deal (by sorting on random keys: cheaper than `rng.shuffle`)."""
        draw = rng.random
        keys = [draw() for _ in _CARDS]
        deck = sorted(_CARDS, key=keys.__getitem__)
        new = object.__new__(cls)
        new.suits = [_split(deck[a : a + HAND_SIZE]) for a in _DEAL_CUTS[:-1]]
        talon = deck[_DEAL_CUTS[-1] :]
        new.halves = (tuple(sorted(talon[:3])), tuple(sorted(talon[3:])))
        new.declarer = new.to_act = new.leader = declarer
        new.king = new.partner = new.half = None
        new.discards = ()
        new.phase = "call"
        new.trick = []
        new.tricks_done = new._dsum = new._dn = 0
        new.team = _TEAMS[declarer, SEATS]
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
        new.suits = split = [_split(cards) for cards in hands]
        new.halves = (tuple(sorted(halves[0])), tuple(sorted(halves[1])))
        new.declarer = new.to_act = new.leader = declarer
        new.king, new.half, new.partner, new.team = king, None, None, _TEAMS[declarer, SEATS]
        new.discards, new.trick, new.tricks_done, new._dsum, new._dn = (), [], 0, 0, 0
        if king is None:
            new.phase = "call"
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
        if holder is not None and holder != declarer:
            new.partner = holder
            new.team = team = _TEAMS[declarer, holder]
        else:
            team = new.team
        if half is None:
            new.phase = "talon"
            return new
        new.half = half
        if not discards:
            new.phase = "discard"
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
        if new.tricks_done == TRICKS:
            new.phase, new.to_act = "over", -1
        else:
            new.phase, new.to_act = "tricks", (leader + len(trick)) % SEATS
        return new

    def _called(self, king: int) -> None:
        """Calls `king`; its holder is the partner, unless that is the declarer or the talon (alone)."""
        self.king = king
        suit = SUIT[king]
        declarer = self.declarer
        for seat in range(SEATS):
            if king in self.suits[seat][suit]:
                if seat != declarer:
                    self.partner = seat
                    self.team = _TEAMS[declarer, seat]
                    return
                break
        self.partner = None
        self.team = _TEAMS[declarer, SEATS]

    @classmethod
    def from_game(cls, game: KoenigrufenGame) -> LeanKoenigrufen:
        """The full-information copy of a real game's current deal (reads its private state on purpose:
        no view shows every hand)."""
        ix = DECK_INDEX.__getitem__
        king = game._king
        return cls.from_parts(
            hands=[[ix(c) for c in game._hand(seat)] for seat in range(SEATS)],
            halves=(tuple(map(ix, game._halves[0])), tuple(map(ix, game._halves[1]))),
            declarer=game.declarer,
            king=None if king is None else ix(king),
            half=game._half,
            discards=tuple(map(ix, game._discards)),
            completed_tricks=[(lead, tuple(map(ix, cards)), won) for lead, cards, won in game._tricks],
            leader=game._leader,
            trick=[ix(c) for c in game._trick],
        )

    def copy(self) -> LeanKoenigrufen:
        """An independent copy: only the hands and the trick are mutable, so only they are copied."""
        new = object.__new__(LeanKoenigrufen)
        new.suits = [[a[:], b[:], c[:], d[:], e[:]] for a, b, c, d, e in self.suits]
        new.trick = self.trick[:]
        new.halves, new.declarer, new.king, new.partner = self.halves, self.declarer, self.king, self.partner
        new.half, new.discards, new.phase, new.to_act = self.half, self.discards, self.phase, self.to_act
        new.leader, new.tricks_done, new.team = self.leader, self.tricks_done, self.team
        new._dsum, new._dn = self._dsum, self._dn
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
        return self.phase == "over"

    def declarer_points(self) -> int:
        """The declaring side's card points so far, counted in threes (all of them once over)."""
        groups, rest = divmod(self._dn, 3)
        return self._dsum - 2 * groups - (1 if rest else 0)

    def returns(self) -> list[int]:
        """The settlement per seat, as `DealScored.settlement` (meaningful once over)."""
        partner = SEATS if self.partner is None else self.partner
        return list(_SETTLEMENTS[self.declarer, partner, self.declarer_points() >= WIN_POINTS])

    def _playable(self) -> list[int]:
        """The cards the seat to act may play, ascending: follow suit, else trump, else any."""
        split = self.suits[self.to_act]
        if self.trick:
            cards = split[SUIT[self.trick[0]]] or split[0]
            if cards:
                return cards[:]
        trumps, hearts, diamonds, clubs, spades = split
        return [*trumps, *hearts, *diamonds, *clubs, *spades]

    def legal(self) -> list[int] | list[tuple[int, ...]]:
        """The legal lean actions, ascending (the discards as `legal_discard_list` gives them)."""
        phase = self.phase
        if phase == "tricks":
            return self._playable()
        if phase == "call":
            return list(KING_CARDS)
        if phase == "talon":
            return [0, 1]
        if phase == "discard":
            return legal_discard_list(self.hand(self.declarer))
        return []

    # --- playing -----------------------------------------------------------------------------------------

    def apply(self, action: LeanAction) -> None:
        """Carries out a legal lean action, unchecked."""
        phase = self.phase
        if phase == "tricks":
            assert isinstance(action, int)
            self._play(action)
        elif phase == "call":
            assert isinstance(action, int)
            self._called(action)
            self.phase = "talon"
        elif phase == "talon":
            assert isinstance(action, int)
            self._take(action)
        elif phase == "discard":
            assert isinstance(action, tuple)
            self._discard(action)

    def _take(self, half: int) -> None:
        split = self.suits[self.declarer]
        for card in self.halves[half]:
            insort(split[SUIT[card]], card)
        self.half = half
        self.phase = "discard"

    def _discard(self, cards: tuple[int, ...]) -> None:
        split = self.suits[self.declarer]
        for card in cards:
            split[SUIT[card]].remove(card)
        self.discards = cards
        self._dsum += POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]]
        self._dn += 3
        self.phase = "tricks"

    def _play(self, card: int) -> None:
        seat = self.to_act
        self.suits[seat][SUIT[card]].remove(card)
        trick = self.trick
        trick.append(card)
        if len(trick) < SEATS:
            self.to_act = (seat + 1) % SEATS
            return
        winner = (self.leader + _trick_winner(trick)) % SEATS
        if self.team[winner]:
            self._dsum += POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
            self._dn += 4
        self.trick = []
        self.tricks_done += 1
        self.leader = winner
        if self.tricks_done == TRICKS:
            self.phase, self.to_act = "over", -1
        else:
            self.to_act = winner

    def rollout(self, rng: random.Random) -> list[int]:
        """Plays uniformly random legal actions to the end of the deal (this state ends over) and returns
        the settlement. The tricks are one inlined loop over locals, written back once at the end."""
        draw = rng.random
        phase = self.phase
        if phase == "call":
            self._called(KING_CARDS[int(draw() * 4)])
            phase = self.phase = "talon"
        if phase == "talon":
            self._take(int(draw() * 2))
            phase = "discard"
        if phase == "discard":
            self._discard(_random_discard(self.hand(self.declarer), draw))
        while self.trick and self.phase == "tricks":  # finish a trick already begun
            cards = self._playable()
            self._play(cards[int(draw() * len(cards))])
        if self.phase == "over":
            return self.returns()
        hands, team = self.suits, self.team
        leader, dsum, dn = self.leader, self._dsum, self._dn
        for held in range(TRICKS - self.tricks_done, 0, -1):  # each seat's cards before the trick
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
                if PAGAT in played and MOND in played:
                    win = (leader, s1, s2, s3)[played.index(PAGAT)]
            if team[win]:
                dsum += POINTS[c0] + POINTS[c1] + POINTS[c2] + POINTS[c3]
                dn += 4
            leader = win
        self.leader, self.tricks_done, self._dsum, self._dn = leader, TRICKS, dsum, dn
        self.phase, self.to_act = "over", -1
        return self.returns()


# --- translation -------------------------------------------------------------------------------------------


def to_action(lean: LeanAction, seat: int, phase: str) -> Action:
    """The real action for `seat` in `phase`: the phase is needed, a lean int alone being ambiguous
    (0 is the Pagat or talon half 0, a king's int a call or a play)."""
    if isinstance(lean, tuple):
        return Discard(seat, tuple(DECK[c] for c in lean))
    if phase == "tricks":
        return Play(seat, DECK[lean])
    if phase == "call":
        return CallKing(seat, DECK[lean])
    if phase == "talon":
        return TakeTalon(seat, lean)
    raise ValueError(f"no action {lean!r} in phase {phase!r}")


def from_action(action: Action) -> LeanAction:
    """The lean action of a real one (a discard as its three card ints, ascending)."""
    if isinstance(action, Play | CallKing):
        return DECK_INDEX[action.card if isinstance(action, Play) else action.king]
    if isinstance(action, TakeTalon):
        return action.half
    if isinstance(action, Discard):
        return tuple(sorted(DECK_INDEX[c] for c in action.cards))
    raise ValueError(f"no lean form for {action!r}")
