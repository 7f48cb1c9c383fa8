"""A Königrufen match as a game state: deals of call, talon, discard and twelve tricks, and a score sheet.

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
from dataclasses import dataclass

from game.games.koenigrufen.cards import (
    CARD_POINTS,
    CARD_SUIT,
    DECK,
    DECK_INDEX,
    DISCARD_SIZE,
    KINGS,
    SUIT_NO,
    TRICK_SIZE,
    TRUMP,
    discard_refusal,
    legal_discards,
    pile_points,
    playable,
    refusal,
    split_hand,
    winning_index,
)
from game.rules.errors import IllegalAction

SEATS = 4
HAND_SIZE = 12
TALON_SIZE = 6
HALF = 3
TRICKS = 12
WIN_POINTS = 36  # the declaring side needs at least this many card points
GAME_VALUE = 1  # the Rufer; alone the declarer wins or pays it to each of the three defenders


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
    phase: str
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


# Actions and card events are immutable, so each possible one is made once and shared.
_CALLS = tuple(tuple(CallKing(seat, king) for king in KINGS) for seat in range(SEATS))
_TAKES = tuple((TakeTalon(seat, 0), TakeTalon(seat, 1)) for seat in range(SEATS))
_NEXT = tuple(NextDeal(seat) for seat in range(SEATS))
_PLAYS = tuple({card: Play(seat, card) for card in DECK} for seat in range(SEATS))
_PLAYED = tuple({card: CardPlayed(seat, card) for card in DECK} for seat in range(SEATS))
_TALON_DEALT = TalonDealt()
_EXPECTED: dict[str, tuple[type, str]] = {
    "call": (CallKing, "call a king first"),
    "talon": (TakeTalon, "take a talon half first"),
    "discard": (Discard, "discard three cards first"),
    "tricks": (Play, "play a card"),
    "scored": (NextDeal, "the deal is over: start the next one"),
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


def _shuffled(rng: random.Random) -> list[str]:
    """A uniform shuffle by sorting on random keys: one C call per card, faster than `rng.shuffle`."""
    draw = rng.random
    keys = [draw() for _ in DECK]
    return [DECK[i] for i in sorted(range(len(DECK)), key=keys.__getitem__)]


def _sort(cards: list[str]) -> list[str]:
    return sorted(cards, key=DECK_INDEX.__getitem__)


class KoenigrufenGame:
    """Match state. Phases: "call", "talon", "discard" (the declarer acts), "tricks", "scored" (the next
    forehand starts the next deal), "over"."""

    def __init__(self, config: KoenigrufenConfig, seed: int) -> None:
        self.config = config
        self.seed = seed
        rng = self._deal_rng(1)
        dealer = rng.randrange(SEATS) if config.first_dealer is None else config.first_dealer
        self._sheet: list[ScoreLine] = []
        self._totals = [0] * SEATS
        self._deal_no = 0
        deck = list(config.stacked_deck) if config.stacked_deck is not None else _shuffled(rng)
        # The first deal, for the table scene to animate before the first action.
        self.opening: tuple[Event, ...] = tuple(self._start_deal(dealer, deck))

    def _deal_rng(self, deal_no: int) -> random.Random:
        return random.Random(f"koenigrufen:{self.seed}:{deal_no}")

    def _start_deal(self, dealer: int, deck: list[str]) -> list[Event]:
        self._deal_no += 1
        self._dealer = dealer
        self._declarer = forehand = (dealer + 1) % SEATS
        hands: list[list[list[str]]] = [[]] * SEATS
        events: list[Event] = [DealStarted(self._deal_no, dealer, forehand)]
        for i in range(SEATS):
            seat = (forehand + i) % SEATS
            cards = _sort(deck[i * HAND_SIZE : (i + 1) * HAND_SIZE])
            hands[seat] = split_hand(cards)
            events.append(HandDealt(seat, tuple(cards)))
        events.append(_TALON_DEALT)
        talon = deck[SEATS * HAND_SIZE :]
        self._hands = hands
        self._halves = (tuple(_sort(talon[:HALF])), tuple(_sort(talon[HALF:])))
        self._phase = "call"
        self._king: str | None = None
        self._partner: int | None = None  # the true partner; None when the declarer is alone
        self._revealed = False  # the partnership is public
        self._half: int | None = None
        self._left: tuple[str, ...] = ()  # the talon half left to the defenders
        self._discards: tuple[str, ...] = ()
        self._shown: tuple[str, ...] = ()  # the trumps among the discards, face up
        self._trick: list[str] = []
        self._leader = self._turn = forehand
        self._tricks: list[tuple[int, tuple[str, ...], int]] = []  # (leader, cards, winner)
        self._trick_views: tuple[Trick, ...] = ()  # the same as public `Trick`s, made by `view`
        return events

    def copy(self) -> "KoenigrufenGame":
        """An independent copy, cheap enough for thousands of playouts."""
        new = object.__new__(KoenigrufenGame)
        new.__dict__.update(self.__dict__)
        new._hands = [[cards[:] for cards in split] for split in self._hands]
        new._trick = self._trick[:]
        new._tricks = self._tricks[:]
        new._sheet = self._sheet[:]
        new._totals = self._totals[:]
        return new

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def deal_no(self) -> int:
        return self._deal_no

    @property
    def dealer(self) -> int:
        return self._dealer

    @property
    def declarer(self) -> int:
        return self._declarer

    @property
    def to_act(self) -> int | None:
        phase = self._phase
        if phase == "tricks":
            return self._turn
        if phase == "scored":
            return (self._declarer + 1) % SEATS
        return None if phase == "over" else self._declarer

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    @property
    def score_sheet(self) -> tuple[ScoreLine, ...]:
        return tuple(self._sheet)

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._totals)

    def returns(self) -> tuple[int, ...]:
        """The settlement per seat of the deal just scored (for search players)."""
        if self._phase not in ("scored", "over"):
            raise ValueError("the deal is not scored yet")
        return self._sheet[-1].settlement

    def _hand(self, seat: int) -> list[str]:
        return [card for cards in self._hands[seat] for card in cards]

    # --- legal actions -----------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        phase = self._phase
        if phase == "tricks":
            plays = _PLAYS[self._turn]
            return [plays[card] for card in playable(self._hands[self._turn], self._trick)]
        if phase == "call":
            return list(_CALLS[self._declarer])
        if phase == "talon":
            return list(_TAKES[self._declarer])
        if phase == "discard":
            seat = self._declarer
            return [Discard(seat, cards) for cards in legal_discards(self._hand(seat))]
        if phase == "scored":
            return [_NEXT[(self._declarer + 1) % SEATS]]
        return []

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, without building every possible discard (for playouts).

        The draw is `int(rng.random() * n)`, cheaper than `rng.choice` and as uniform for so few choices.
        """
        phase = self._phase
        if phase == "tricks":
            cards = playable(self._hands[self._turn], self._trick)
            return _PLAYS[self._turn][cards[int(rng.random() * len(cards))]]
        if phase == "discard":
            discards = legal_discards(self._hand(self._declarer))
            return Discard(self._declarer, discards[int(rng.random() * len(discards))])
        actions = self.legal_actions()
        if not actions:
            raise ValueError("the match is over")
        return actions[int(rng.random() * len(actions))]

    # --- applying actions --------------------------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Carry out one action; an illegal one raises ValueError with the reason, changing nothing."""
        if action.__class__ is Play and self._phase == "tricks" and action.seat == self._turn:
            return self._play(action.seat, action.card)
        if not isinstance(action, CallKing | TakeTalon | Discard | Play | NextDeal):
            raise ValueError(f"not a Königrufen action: {action!r}")
        if self._phase == "over":
            raise _illegal("the match is over")
        if action.seat != self.to_act:
            raise _illegal("not your turn")
        kind, reason = _EXPECTED[self._phase]
        if not isinstance(action, kind):
            raise _illegal(reason)
        if isinstance(action, CallKing):
            return self._call(action.king)
        if isinstance(action, TakeTalon):
            return self._take(action.half)
        if isinstance(action, Discard):
            return self._discard(action.cards)
        return self._next_deal()

    def _call(self, king: str) -> list[Event]:
        if king not in KINGS:
            raise ValueError(f"call one of the four kings, not {king!r}")
        declarer = self._declarer
        self._king = king
        self._phase = "talon"
        holder = next((seat for seat in range(SEATS) if king in self._hands[seat][SUIT_NO[king]]), None)
        self._partner = None if holder == declarer else holder
        events: list[Event] = [KingCalled(declarer, king), TalonShown(self._halves)]
        if holder is None:
            self._revealed = True
            events.append(DeclarerAlone(declarer, "talon"))
        return events

    def _take(self, half: int) -> list[Event]:
        if half not in (0, 1) or isinstance(half, bool):
            raise ValueError(f"take talon half 0 or 1, not {half!r}")
        split = self._hands[self._declarer]
        for card in self._halves[half]:
            cards = split[SUIT_NO[card]]
            cards.append(card)
            cards.sort(key=DECK_INDEX.__getitem__)
        self._half = half
        self._left = self._halves[1 - half]
        self._phase = "discard"
        return [TalonTaken(self._declarer, half, self._halves[half]), TalonLeft(self._left)]

    def _discard(self, cards: tuple[str, ...]) -> list[Event]:
        declarer = self._declarer
        split = self._hands[declarer]
        if not isinstance(cards, tuple | list) or len(cards) != DISCARD_SIZE:
            raise ValueError(f"discard three cards, not {cards!r}")
        for card in cards:
            if not isinstance(card, str) or card not in SUIT_NO:
                raise ValueError(f"unknown card code: {card!r}")
            if card not in split[SUIT_NO[card]]:
                raise ValueError(f"{card} is not in your hand")
        if len(set(cards)) != DISCARD_SIZE:
            raise ValueError("discard three different cards")
        problem = discard_refusal(self._hand(declarer), cards)
        if problem:
            raise _illegal(problem)
        for card in cards:
            split[SUIT_NO[card]].remove(card)
        self._discards = tuple(_sort(list(cards)))
        self._phase = "tricks"
        self._shown = tuple(card for card in self._discards if CARD_SUIT[card] == TRUMP)
        return [Discarded(declarer, len(cards), self._shown)]

    def _play(self, seat: int, card: str) -> list[Event]:
        try:
            suit = SUIT_NO[card]
        except (KeyError, TypeError):
            raise ValueError(f"unknown card code: {card!r}") from None
        split = self._hands[seat]
        cards = split[suit]
        if card not in cards:
            raise ValueError(f"{card} is not in your hand")
        trick = self._trick
        if trick and SUIT_NO[trick[0]] != suit:  # following suit is always legal
            problem = refusal(split, trick, card)
            if problem:
                raise _illegal(problem)
        cards.remove(card)
        trick.append(card)
        events: list[Event] = [_PLAYED[seat][card]]
        if card == self._king and not self._revealed:
            self._revealed = True
            declarer = self._declarer
            events.append(
                DeclarerAlone(declarer, "own_king") if seat == declarer else PartnerRevealed(declarer, seat)
            )
        if len(trick) < TRICK_SIZE:
            self._turn = (seat + 1) % SEATS
            return events
        played = tuple(trick)
        trick.clear()
        winner = (self._leader + winning_index(played)) % SEATS
        self._tricks.append((self._leader, played, winner))
        self._leader = self._turn = winner
        events.append(TrickWon(winner, played, sum(map(CARD_POINTS.__getitem__, played)), len(self._tricks)))
        if len(self._tricks) == TRICKS:
            self._score(events)
        return events

    def _score(self, events: list[Event]) -> None:
        declarer, partner = self._declarer, self._partner
        ours = list(self._discards)
        theirs = list(self._left)
        for _leader, cards, winner in self._tricks:
            (ours if winner in (declarer, partner) else theirs).extend(cards)
        points, against = pile_points(ours), pile_points(theirs)
        won = points >= WIN_POINTS
        unit = GAME_VALUE if won else -GAME_VALUE
        settlement = [-unit] * SEATS
        if partner is None:
            settlement[declarer] = (SEATS - 1) * unit
        else:
            settlement[declarer] = settlement[partner] = unit
        for seat in range(SEATS):
            self._totals[seat] += settlement[seat]
        totals = tuple(self._totals)
        self._sheet.append(
            ScoreLine(self._deal_no, declarer, partner, points, won, tuple(settlement), totals)
        )
        events.append(
            DealScored(
                declarer, partner, points, against, won, tuple(settlement), (tuple(ours), tuple(theirs))
            )
        )
        if self.config.deals is not None and self._deal_no >= self.config.deals:
            self._phase = "over"
            events.append(MatchOver(totals))
        else:
            self._phase = "scored"

    def _next_deal(self) -> list[Event]:
        return self._start_deal((self._dealer + 1) % SEATS, _shuffled(self._deal_rng(self._deal_no + 1)))

    # --- what a seat may know ----------------------------------------------------------------------------

    def view(self, seat: int) -> KoenigrufenView:
        if not _is_seat(seat):
            raise ValueError(f"no such seat: {seat!r}")
        declarer = self._declarer
        done = self._tricks
        if len(self._trick_views) < len(done):  # completed tricks are made public once, then shared
            self._trick_views += tuple(Trick(*trick) for trick in done[len(self._trick_views) :])
        return KoenigrufenView(
            seat=seat,
            phase=self._phase,
            to_act=self.to_act,
            deal_no=self._deal_no,
            deals=self.config.deals,
            dealer=self._dealer,
            declarer=declarer,
            hand=tuple(self._hand(seat)),
            hand_sizes=tuple(sum(map(len, split)) for split in self._hands),
            king=self._king,
            talon=None if self._phase == "call" else self._halves,
            talon_taken=self._half,
            discards=self._discards if seat == declarer else (),
            shown_trumps=self._shown,
            trick=Trick(self._leader, tuple(self._trick)),
            tricks=self._trick_views,
            partner=self._partner if self._revealed else None,
            alone=self._revealed and self._partner is None,
            score_sheet=tuple(self._sheet),
            totals=tuple(self._totals),
        )
