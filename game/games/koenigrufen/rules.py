"""A Königrufen match as a game state: deals of call, talon, discard and twelve tricks, and a score sheet.

The rules are the core's: each deal is a `core.LeanKoenigrufen`, which applies the rules of `cards`. This
engine is the checked door around it (python-chess's `legal_moves` around a `Board`): it checks each
action, refusing an illegal one with its reason and an `IllegalAction` code the interface translates,
changing nothing; lets the core carry it out; and tells what happened as events. It adds what a seat may
see (`view`) and the match: the deals, the dealer passing on, the score sheet.

Seats: four, numbered in play order, which the rules call counter-clockwise: seat 0 sits at the bottom of
the table, seat 1 to its right, seat 2 at the top, seat 3 to its left; after seat s comes seat s + 1 (mod 4).
The forehand, the dealer's right-hand neighbour, is dealer + 1 and is the declarer (no bidding in this
preset); the deal passes to the right, so the next dealer is dealer + 1 and the next forehand the old
forehand + 1. The new forehand is the one who starts the next deal (`NextDeal`).

Dealing: from the shuffled deck the forehand gets the first twelve cards, then each seat in play order
the next twelve, the dealer last; the last six are the talon, halves [:3] and [3:]. Hands are kept in
`DECK` order (trumps low to high, then ♥ ♦ ♣ ♠ high to low). Each deal draws from its own generator,
seeded from the game's seed and the deal number, so a deal can be replayed alone and a state copied
without a generator; the first deal's generator first draws the first dealer when the config leaves it open.

Public knowledge of the partnership [decision]: the holder of the called king is the partner. It is
revealed (`PartnerRevealed`) when that seat plays the king. The declarer is publicly alone
(`DeclarerAlone`) when the turned-up talon shows the called king (reason "talon"), or when the declarer
plays the called king from the hand (reason "own_king").
"""

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from game.games.koenigrufen.cards import (
    DECK,
    DECK_INDEX,
    DISCARD_SIZE,
    HALF,
    HAND_SIZE,
    KING_CARDS,
    KINGS,
    POINTS,
    SEATS,
    SETTLEMENT,
    SUIT,
    TALON_SIZE,
    discard_refusal,
    follow_rule,
    legal_discard_list,
    pile_points,
    playable,
)
from game.games.koenigrufen.core import (
    CALL,
    DISCARD,
    SCORED,
    TALON,
    TRICKS,
    LeanAction,
    LeanKoenigrufen,
    Phase,
    shuffled,
)
from game.rules.errors import IllegalAction

# --- actions ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CallKing:
    seat: int
    king: str


@dataclass(frozen=True, slots=True)
class TakeTalon:
    seat: int
    half: int  # 0 or 1


@dataclass(frozen=True, slots=True)
class Discard:
    seat: int
    cards: tuple[str, ...]  # three cards


@dataclass(frozen=True, slots=True)
class Play:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Taken by the next forehand (the next declarer) once a deal is scored."""

    seat: int


Action = CallKing | TakeTalon | Discard | Play | NextDeal


# --- events ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealStarted:
    deal_no: int  # 1, 2, …
    dealer: int
    forehand: int  # the declarer


@dataclass(frozen=True, slots=True)
class HandDealt:
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TalonDealt:
    count: int = TALON_SIZE


@dataclass(frozen=True, slots=True)
class KingCalled:
    seat: int
    king: str


@dataclass(frozen=True, slots=True)
class TalonShown:
    halves: tuple[tuple[str, ...], tuple[str, ...]]


@dataclass(frozen=True, slots=True)
class TalonTaken:
    seat: int
    half: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TalonLeft:
    """The half the declarer did not take, onto the defenders' pile."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Discarded:
    """Three cards onto the declarer's pile; only the trumps among them are shown."""

    seat: int
    count: int
    shown_trumps: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class PartnerRevealed:
    declarer: int
    partner: int


@dataclass(frozen=True, slots=True)
class DeclarerAlone:
    declarer: int
    reason: str  # "talon" (the called king turned up in the talon) or "own_king" (the declarer played it)


@dataclass(frozen=True, slots=True)
class TrickWon:
    seat: int
    cards: tuple[str, ...]  # in play order
    points: int  # the cards' plain sum; piles are counted in threes only at the end
    trick_no: int  # 1..12


@dataclass(frozen=True, slots=True)
class DealScored:
    declarer: int
    partner: int | None  # None when the declarer played alone
    declarer_side_points: int
    defenders_points: int
    won: bool
    settlement: tuple[int, ...]  # per seat, zero-sum
    piles: tuple[
        tuple[str, ...], tuple[str, ...]
    ]  # (declaring side: discards + tricks, defenders: talon + tricks)


@dataclass(frozen=True, slots=True)
class MatchOver:
    totals: tuple[int, ...]


Event = (
    DealStarted
    | HandDealt
    | TalonDealt
    | KingCalled
    | TalonShown
    | TalonTaken
    | TalonLeft
    | Discarded
    | CardPlayed
    | PartnerRevealed
    | DeclarerAlone
    | TrickWon
    | DealScored
    | MatchOver
)


# --- the public picture ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[str, ...]  # in play order, the leader's first
    winner: int | None = None  # None while the trick is being played

    @property
    def played(self) -> tuple[tuple[int, str], ...]:
        """(seat, card) pairs in play order."""
        return tuple(((self.leader + i) % SEATS, card) for i, card in enumerate(self.cards))


@dataclass(frozen=True, slots=True)
class ScoreLine:
    """One deal on the match's score sheet; `totals` are the running totals after it."""

    deal_no: int
    declarer: int
    partner: int | None
    points: int  # the declaring side's card points
    won: bool
    settlement: tuple[int, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KoenigrufenView:
    """What one seat may know: its own hand and the public table, nothing of other hands."""

    seat: int
    phase: Phase
    to_act: int | None
    deal_no: int
    deals: int | None  # the match length, None when open-ended
    dealer: int
    declarer: int  # the forehand
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    king: str | None  # the called king, once called
    talon: tuple[tuple[str, ...], tuple[str, ...]] | None  # the two halves once turned up
    talon_taken: int | None  # the half the declarer took; the other went to the defenders
    discards: tuple[str, ...]  # the declarer's three discards, for the declarer only
    shown_trumps: tuple[str, ...]  # trumps discarded, face up for all
    trick: Trick  # the trick being played (empty between tricks)
    tricks: tuple[Trick, ...]  # completed tricks of this deal, with their winners
    partner: int | None  # the partner once revealed publicly
    alone: bool  # publicly known that the declarer plays alone
    score_sheet: tuple[ScoreLine, ...]
    totals: tuple[int, ...]


# --- configuration ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KoenigrufenConfig:
    deals: int | None = 4  # None: open-ended
    first_dealer: int | None = None  # None: drawn from the seed
    stacked_deck: tuple[str, ...] | None = None  # the first deal's deck order (tests and demos)

    def __post_init__(self) -> None:
        if self.deals is not None and (isinstance(self.deals, bool) or not isinstance(self.deals, int)):
            raise ValueError(f"deals must be a whole number or None, not {self.deals!r}")
        if self.deals is not None and self.deals < 1:
            raise ValueError(f"deals must be at least 1, not {self.deals}")
        if self.first_dealer is not None and not _is_seat(self.first_dealer):
            raise ValueError(f"first_dealer must be a seat 0..3, not {self.first_dealer!r}")
        if self.stacked_deck is not None and sorted(self.stacked_deck) != sorted(DECK):
            raise ValueError("stacked_deck must hold each of the 54 cards once")


def _is_seat(seat: object) -> bool:
    return isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < SEATS


# Actions and card events are immutable, so each possible one is made once and shared, by lean action.
_CALLS = tuple({king: CallKing(seat, DECK[king]) for king in KING_CARDS} for seat in range(SEATS))
_TAKES = tuple((TakeTalon(seat, 0), TakeTalon(seat, 1)) for seat in range(SEATS))
_PLAYS = tuple(tuple(Play(seat, card) for card in DECK) for seat in range(SEATS))
_PLAYED = tuple(tuple(CardPlayed(seat, card) for card in DECK) for seat in range(SEATS))
_NEXT = tuple(NextDeal(seat) for seat in range(SEATS))
_TALON_DEALT = TalonDealt()
_EXPECTED: dict[Phase, tuple[type, str]] = {
    CALL: (CallKing, "call a king first"),
    TALON: (TakeTalon, "take a talon half first"),
    DISCARD: (Discard, "discard three cards first"),
    TRICKS: (Play, "play a card"),
    SCORED: (NextDeal, "the deal is over: start the next one"),
}


# the codes under which the interface translates each refusal (`illegal.<code>`), by English reason
_CODES = {
    "you must play a trump": "must_trump",
    "kings cannot be discarded": "no_king_discard",
    "the Trull cannot be discarded": "no_trull_discard",
    "discard suit cards first": "suits_first",
    "not your turn": "not_your_turn",
    "call a king first": "call_first",
    "take a talon half first": "talon_first",
    "discard three cards first": "discard_first",
    "play a card": "play_a_card",
    "the deal is over: start the next one": "deal_over",
    "the match is over": "match_over",
}


def _illegal(reason: str) -> IllegalAction:
    """The refusal as an IllegalAction, so the table can say it in the player's language."""
    if reason.startswith("you must follow "):
        return IllegalAction("must_follow", reason, suit=reason.removeprefix("you must follow "))
    return IllegalAction(_CODES.get(reason, "other"), reason)


def _codes(cards: Iterable[int]) -> tuple[str, ...]:
    return tuple([DECK[c] for c in cards])


class KoenigrufenGame:
    """Match state around the rules core of the current deal (`LeanKoenigrufen`). Phases: "call", "talon",
    "discard" (the declarer acts), "tricks", "scored" (the next forehand starts the next deal), "over"."""

    def __init__(self, config: KoenigrufenConfig, seed: int) -> None:
        self.config = config
        self.seed = seed
        rng = self._deal_rng(1)
        dealer = rng.randrange(SEATS) if config.first_dealer is None else config.first_dealer
        self._sheet: list[ScoreLine] = []
        self._totals = [0] * SEATS
        self._deal_no = 0
        self._over = False  # the match is
        stacked = config.stacked_deck
        deck = [DECK_INDEX[card] for card in stacked] if stacked is not None else shuffled(rng)
        # The first deal, for the table scene to animate before the first action.
        self.opening: tuple[Event, ...] = tuple(self._start_deal(dealer, deck))

    def _deal_rng(self, deal_no: int) -> random.Random:
        return random.Random(f"koenigrufen:{self.seed}:{deal_no}")

    def _start_deal(self, dealer: int, deck: list[int]) -> list[Event]:
        self._deal_no += 1
        self._dealer = dealer
        forehand = (dealer + 1) % SEATS
        events: list[Event] = [DealStarted(self._deal_no, dealer, forehand)]
        hands: list[list[int]] = [[]] * SEATS
        for i in range(SEATS):
            seat = (forehand + i) % SEATS
            hands[seat] = cards = sorted(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE])
            events.append(HandDealt(seat, _codes(cards)))
        events.append(_TALON_DEALT)
        talon = deck[SEATS * HAND_SIZE :]
        self._core = core = LeanKoenigrufen(hands, (tuple(talon[:HALF]), tuple(talon[HALF:])), forehand)
        # The cards as the events and views show them, kept once made.
        self._halves = (_codes(core.halves[0]), _codes(core.halves[1]))
        self._discards: tuple[str, ...] = ()
        self._shown: tuple[str, ...] = ()  # the trumps among the discards, face up
        self._tricks: list[tuple[int, tuple[str, ...], int]] = []  # (leader, cards, winner)
        self._trick_views: tuple[Trick, ...] = ()  # the same as public `Trick`s, made by `view`
        return events

    def copy(self) -> "KoenigrufenGame":
        """An independent copy, cheap enough for thousands of playouts."""
        new = object.__new__(KoenigrufenGame)
        new.__dict__.update(self.__dict__)
        new._core = self._core.copy()
        new._tricks = self._tricks[:]
        new._sheet = self._sheet[:]
        new._totals = self._totals[:]
        return new

    def lean(self) -> LeanKoenigrufen:
        """A copy of the current deal's rules core, every hand in it (for the bench and tests: no view
        shows every hand)."""
        return self._core.copy()

    @property
    def phase(self) -> Phase:
        return Phase.OVER if self._over else self._core.phase

    @property
    def deal_no(self) -> int:
        return self._deal_no

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def declarer(self) -> int:
        return self._core.declarer

    @property
    def to_act(self) -> int | None:
        core = self._core
        if core.phase is SCORED:
            return None if self._over else (core.declarer + 1) % SEATS
        return core.to_act

    @property
    def is_over(self) -> bool:
        return self._over

    @property
    def score_sheet(self) -> tuple[ScoreLine, ...]:
        return tuple(self._sheet)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._totals)

    def returns(self) -> tuple[int, ...]:
        """The settlement per seat of the deal just scored (for search players)."""
        if self._core.phase is not SCORED:
            raise ValueError("the deal is not scored yet")
        return self._sheet[-1].settlement

    # --- legal actions -----------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The core's legal actions; a discard's cards in the hand's order, suit cards first."""
        core = self._core
        phase = core.phase
        if phase is TRICKS:
            plays = _PLAYS[core.to_act]
            return [plays[card] for card in playable(core.suits[core.to_act], core.trick)]
        if phase is DISCARD:
            return [to_action(d, core.declarer, phase) for d in legal_discard_list(core.hand(core.declarer))]
        if phase is SCORED:
            return [] if self._over else [_NEXT[(core.declarer + 1) % SEATS]]
        made = _CALLS[core.declarer] if phase is CALL else _TAKES[core.declarer]
        return [made[move] for move in cast(list[int], core.legal())]  # kings' numbers, or halves

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, without building every possible discard (for playouts).

        The draw is `int(rng.random() * n)`, cheaper than `rng.choice` and as uniform for so few choices.
        """
        core = self._core
        phase = core.phase
        if phase is TRICKS:
            seat = core.to_act
            cards = playable(core.suits[seat], core.trick)
            return _PLAYS[seat][cards[int(rng.random() * len(cards))]]
        if phase is DISCARD:
            discards = legal_discard_list(core.hand(core.declarer))
            return to_action(discards[int(rng.random() * len(discards))], core.declarer, phase)
        actions = self.legal_actions()
        if not actions:
            raise ValueError("the match is over")
        return actions[int(rng.random() * len(actions))]

    # --- applying actions --------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out one action; an illegal one raises ValueError with the reason, changing nothing.

        A play of the seat to act, by far the most frequent action, is checked and carried out right here."""
        core = self._core
        if action.__class__ is not Play or core.phase is not TRICKS or action.seat != core.to_act:
            return self._apply_other(action)
        seat, card = action.seat, action.card
        try:
            number = DECK_INDEX[card]
        except (KeyError, TypeError):
            raise ValueError(f"unknown card code: {card!r}") from None
        split, trick = core.suits[seat], core.trick
        if number not in playable(split, trick):  # only cards of the hand are playable
            if number not in split[SUIT[number]]:
                raise ValueError(f"{card} is not in your hand")
            raise _illegal(follow_rule(split, trick))
        leader, shown = core.leader, core.shown
        core.play(number)
        events: list[Event] = [_PLAYED[seat][number]]
        if number == core.king and not shown:
            declarer = core.declarer
            events.append(
                DeclarerAlone(declarer, "own_king") if seat == declarer else PartnerRevealed(declarer, seat)
            )
        if core.trick is trick:  # the trick goes on
            return events
        a, b, c, d = trick  # complete: the core left it as it was and began a new list
        cards = (DECK[a], DECK[b], DECK[c], DECK[d])
        self._tricks.append((leader, cards, core.leader))
        points = POINTS[a] + POINTS[b] + POINTS[c] + POINTS[d]
        events.append(TrickWon(core.leader, cards, points, core.tricks_done))
        if core.phase is SCORED:
            self._score(events)
        return events

    def _apply_other(self, action: Action) -> list[Event]:
        """Every action but a play of the seat to act: checked, then the call, talon, discard or next deal."""
        if not isinstance(action, CallKing | TakeTalon | Discard | Play | NextDeal):
            raise ValueError(f"not a Königrufen action: {action!r}")
        if self._over:
            raise _illegal("the match is over")
        if action.seat != self.to_act:
            raise _illegal("not your turn")
        kind, reason = _EXPECTED[self._core.phase]
        if not isinstance(action, kind):
            raise _illegal(reason)
        if isinstance(action, CallKing):
            return self._call(action.king)
        if isinstance(action, TakeTalon):
            return self._take(action.half)
        if isinstance(action, Discard):
            return self._discard(action.cards)
        if isinstance(action, Play):  # a subclass of Play: played as the Play it is
            return self.apply(Play(action.seat, action.card))
        return self._next_deal()

    def _call(self, king: str) -> list[Event]:
        if king not in KINGS:
            raise ValueError(f"call one of the four kings, not {king!r}")
        core = self._core
        core.call(DECK_INDEX[king])
        events: list[Event] = [KingCalled(core.declarer, king), TalonShown(self._halves)]
        if core.shown:  # the king lies in the talon, turned up for all
            events.append(DeclarerAlone(core.declarer, "talon"))
        return events

    def _take(self, half: int) -> list[Event]:
        if half not in (0, 1) or isinstance(half, bool):
            raise ValueError(f"take talon half 0 or 1, not {half!r}")
        self._core.take(half)
        return [TalonTaken(self._core.declarer, half, self._halves[half]), TalonLeft(self._halves[1 - half])]

    def _discard(self, cards: tuple[str, ...]) -> list[Event]:
        core = self._core
        split = core.suits[core.declarer]
        if not isinstance(cards, tuple | list) or len(cards) != DISCARD_SIZE:
            raise ValueError(f"discard three cards, not {cards!r}")
        numbers = []
        for card in cards:
            if not isinstance(card, str) or card not in DECK_INDEX:
                raise ValueError(f"unknown card code: {card!r}")
            number = DECK_INDEX[card]
            if number not in split[SUIT[number]]:
                raise ValueError(f"{card} is not in your hand")
            numbers.append(number)
        if len(set(numbers)) != DISCARD_SIZE:
            raise ValueError("discard three different cards")
        lean = tuple(sorted(numbers))
        problem = discard_refusal(core.hand(core.declarer), lean)
        if problem:
            raise _illegal(problem)
        core.discard(lean)
        self._discards = _codes(lean)
        self._shown = _codes(card for card in lean if SUIT[card] == 0)
        return [Discarded(core.declarer, DISCARD_SIZE, self._shown)]

    def _score(self, events: list[Event]) -> None:
        core = self._core
        declarer, partner, team = core.declarer, core.partner, core.team
        assert core.half is not None
        ours = list(self._discards)
        theirs = list(self._halves[1 - core.half])
        for _leader, cards, winner in self._tricks:
            (ours if team[winner] else theirs).extend(cards)
        points, won = core.declarer_points(), core.won()
        settlement = SETTLEMENT[declarer, partner, won]
        for seat in range(SEATS):
            self._totals[seat] += settlement[seat]
        totals = tuple(self._totals)
        self._sheet.append(ScoreLine(self._deal_no, declarer, partner, points, won, settlement, totals))
        events.append(
            DealScored(
                declarer,
                partner,
                points,
                pile_points(theirs),
                won,
                settlement,
                (tuple(ours), tuple(theirs)),
            )
        )
        if self.config.deals is not None and self._deal_no >= self.config.deals:
            self._over = True
            events.append(MatchOver(totals))

    def _next_deal(self) -> list[Event]:
        return self._start_deal((self._dealer + 1) % SEATS, shuffled(self._deal_rng(self._deal_no + 1)))

    # --- what a seat may know ----------------------------------------------------------------------------

    def view(self, seat: int) -> KoenigrufenView:
        if not _is_seat(seat):
            raise ValueError(f"no such seat: {seat!r}")
        core = self._core
        declarer = core.declarer
        done = self._tricks
        if len(self._trick_views) < len(done):  # completed tricks are made public once, then shared
            self._trick_views += tuple(Trick(*trick) for trick in done[len(self._trick_views) :])
        return KoenigrufenView(
            seat=seat,
            phase=self.phase,
            to_act=self.to_act,
            deal_no=self._deal_no,
            deals=self.config.deals,
            dealer=self._dealer,
            declarer=declarer,
            hand=_codes(core.hand(seat)),
            hand_sizes=tuple(sum(map(len, split)) for split in core.suits),
            king=None if core.king is None else DECK[core.king],
            talon=None if core.phase is CALL else self._halves,
            talon_taken=core.half,
            discards=self._discards if seat == declarer else (),
            shown_trumps=self._shown,
            trick=Trick(core.leader, _codes(core.trick)),
            tricks=self._trick_views,
            partner=core.partner if core.shown else None,
            alone=core.shown and core.partner is None,
            score_sheet=tuple(self._sheet),
            totals=tuple(self._totals),
        )


# --- translation between the core's actions and these -----------------------------------------------------


def to_action(lean: LeanAction, seat: int, phase: str) -> Action:
    """The action for `seat` of a legal lean action in `phase`: the phase is needed, a lean number alone
    being ambiguous (0 is the Pagat or talon half 0, a king's number a call or a play). A discard keeps the
    lean tuple's order."""
    if isinstance(lean, tuple):
        return Discard(seat, _codes(lean))
    if phase == TRICKS:
        return _PLAYS[seat][lean]
    if phase == CALL:
        return _CALLS[seat][lean]
    if phase == TALON:
        return _TAKES[seat][lean]
    raise ValueError(f"no action {lean!r} in phase {phase!r}")


def from_action(action: Action) -> LeanAction:
    """The lean action of an action (a discard as its three card numbers, ascending)."""
    if isinstance(action, Play | CallKing):
        return DECK_INDEX[action.card if isinstance(action, Play) else action.king]
    if isinstance(action, TakeTalon):
        return action.half
    if isinstance(action, Discard):
        return tuple(sorted(DECK_INDEX[c] for c in action.cards))
    raise ValueError(f"no lean form for {action!r}")
