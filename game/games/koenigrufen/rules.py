"""A Königrufen match as a game state: deals of call, talon, discard and twelve tricks, and a score sheet.

The rules are the core's: each deal is a `core.LeanKoenigrufen`, which applies the rules of `cards`. This
engine is the checked door around it (python-chess's `legal_moves` around a `Board`): it checks each
action, refusing an illegal one with its reason and an `IllegalAction` code the interface translates,
changing nothing; lets the core carry it out; and tells what happened as events. It adds what a seat may
see (`view`) and the match: the deals, the dealer passing on, the score sheet.

Seats: four, numbered in play order, which the rules call counter-clockwise: seat 0 sits at the bottom of
the table, seat 1 to its right, seat 2 at the top, seat 3 to its left; after seat s comes seat s + 1 (mod 4).
The forehand, the dealer's right-hand neighbour, is dealer + 1. Under a profile without bidding
(`cardavia`, the seed's preset) he is the declarer of a Rufer; otherwise the deal opens with the auction
(`Bid`, `Pass`, `Hold`; see `profile.Bidding`) and the contract won decides what follows: a king call or
none, a talon half, the whole talon or none, a discard of three or six, and who leads. The deal passes to
the right, so the next dealer is dealer + 1 and the next forehand the old
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
from functools import cache
from typing import Any, cast

from game.games.koenigrufen.cards import (
    DECK,
    DECK_INDEX,
    HALF,
    HAND_SIZE,
    KING_CARDS,
    KINGS,
    POINTS,
    SEATS,
    SUIT,
    TALON_SIZE,
    discard_refusal,
    legal_discard_list,
    pile_points,
    restriction,
)
from game.games.koenigrufen.core import (
    ANNOUNCE,
    BID,
    CALL,
    CONCEDE,
    DEFENDERS,
    DISCARD,
    HOLD,
    KONTRA,
    KONTRA_EACH,
    NEUTRAL,
    PASS,
    SAY_PASS,
    SCORED,
    TALON,
    TRICKS,
    LeanAction,
    LeanKoenigrufen,
    Phase,
    ScoreItem,
    shuffled,
)
from game.games.koenigrufen.profile import CARDAVIA, Contract, Profile
from game.rules.errors import IllegalAction

# --- actions ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bid:
    """A contract named in the auction, by its id (`Contract.id`), or forehand's neutral opening word
    (`Bidding.neutral`); also forehand's choice after that opening and three passes."""

    seat: int
    contract: str


@dataclass(frozen=True, slots=True)
class Pass:
    """Out of the auction for good."""

    seat: int


@dataclass(frozen=True, slots=True)
class Hold:
    """Forehand takes the standing bid over at its rank ("ich halte")."""

    seat: int


@dataclass(frozen=True, slots=True)
class CallKing:
    seat: int
    king: str


@dataclass(frozen=True, slots=True)
class TakeTalon:
    seat: int
    half: int  # 0 or 1


@dataclass(frozen=True, slots=True)
class Concede:
    """The declarer gives the deal up instead of taking a half, the called king lying in the turned-up
    talon (`Profile.concession`)."""

    seat: int


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


@dataclass(frozen=True, slots=True)
class Announce:
    """Announces one or more bonuses (`profile.BONUS_IDS`) at once, for the announcer's side."""

    seat: int
    items: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Kontra:
    """Doubles an announced item one step ("game" or a bonus id): Kontra, Rekontra, Subkontra."""

    seat: int
    item: str


@dataclass(frozen=True, slots=True)
class KontraEach:
    """In a negative contract where each defender doubles for himself (`Announcing.kontra_each`): one
    step on the game between the declarer and `defender`, the defender's Kontra and Subkontra (his own
    seat) or the declarer's Rekontra."""

    seat: int
    defender: int


@dataclass(frozen=True, slots=True)
class AnnouncePass:
    """Says nothing more this turn ("gut"; the declarer's first word is his "Ich liege")."""

    seat: int


Action = (
    Bid
    | Pass
    | Hold
    | CallKing
    | TakeTalon
    | Discard
    | Play
    | NextDeal
    | Announce
    | Kontra
    | KontraEach
    | AnnouncePass
    | Concede
)


# --- events ----------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealStarted:
    deal_no: int  # 1, 2, …
    dealer: int
    forehand: int  # who speaks first (the declarer when the profile has no bidding)


@dataclass(frozen=True, slots=True)
class BidMade:
    seat: int
    word: str  # a contract id, the neutral opening word, "pass" or "hold"


@dataclass(frozen=True, slots=True)
class ContractDeclared:
    """The auction is over (or there was none): `declarer` plays `contract`."""

    declarer: int
    contract: str


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
class TalonTakenWhole:
    """The declarer takes all six talon cards (the Sechserdreier); `cards` empty when they stay hidden."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class TalonLeft:
    """The half the declarer did not take, onto the defenders' pile."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Discarded:
    """Cards onto the declarer's pile; only the second pool's among them are shown (the trumps; the suit
    cards after a trumps-first discard)."""

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
class Conceded:
    declarer: int  # gave the deal up, the called king in the turned-up talon; DealScored follows


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
    contract: str
    declarer_side_points: int
    defenders_points: int
    won: bool
    settlement: tuple[int, ...]  # per seat, zero-sum
    piles: tuple[
        tuple[str, ...], tuple[str, ...]
    ]  # (declaring side: discards, talon credited and tricks; the others: the rest that counts)
    tricks: tuple[int, ...]  # tricks taken per seat (a negative contract's objective)
    items: tuple[ScoreItem, ...] = ()  # the settlement line by line (game or Valat, each bonus), if any
    money: tuple[int, ...] = ()  # with every doubling, where they count in the money only; else empty


@dataclass(frozen=True, slots=True)
class Said:
    """A word of the announcement round: `word` "announce" (with its `items`), "kontra" (one item, raised
    to `level`: 1 Kontra, 2 Rekontra, 3 Subkontra), "pass", "ich_liege" (the declarer's first pass where
    the profile closes his announcements with it: a pass all the same) or "done" (the pass that ends a turn
    of several words, `Announcing.several_per_turn`); `closes`: the round ends with it;
    `against`: a doubling of the game between the declarer and this defender (`KontraEach`), else -1."""

    seat: int
    word: str
    items: tuple[str, ...]
    level: int
    closes: bool
    against: int = -1


@dataclass(frozen=True, slots=True)
class MatchOver:
    totals: tuple[int, ...]


Event = (
    DealStarted
    | Conceded
    | BidMade
    | ContractDeclared
    | TalonTakenWhole
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
    | Said
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
    contract: str = "rufer"
    tricks: tuple[int, ...] = (0, 0, 0, 0)  # tricks taken per seat
    items: tuple[ScoreItem, ...] = ()  # the settlement line by line (game or Valat, each bonus), if any
    money: tuple[int, ...] = ()  # with every doubling, where they count in the money only (else empty)
    money_totals: tuple[int, ...] = ()  # the money's running totals after it, likewise


@dataclass(frozen=True, slots=True)
class KoenigrufenView:
    """What one seat may know: its own hand and the public table, nothing of other hands."""

    seat: int
    phase: Phase
    to_act: int | None
    deal_no: int
    deals: int | None  # the match length, None when open-ended
    dealer: int
    declarer: int  # the auction's winner (forehand until the auction is over)
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    king: str | None  # the called king, once called
    talon: tuple[tuple[str, ...], tuple[str, ...]] | None  # the two halves once turned up (if ever)
    talon_taken: int | None  # the half the declarer took; the other went to the defenders
    discards: tuple[str, ...]  # the declarer's discards, for the declarer only
    shown_trumps: tuple[
        str, ...
    ]  # discards face up for all: trumps (suit cards after a trumps-first discard)
    trick: Trick  # the trick being played (empty between tricks)
    tricks: tuple[Trick, ...]  # completed tricks of this deal, with their winners
    partner: int | None  # the partner once revealed publicly
    alone: bool  # publicly known that the declarer plays alone (always so in a contract without a call)
    score_sheet: tuple[ScoreLine, ...]
    totals: tuple[int, ...]
    profile: Profile  # the rules of the match; `pays` tells what a contract wins or loses
    forehand: int
    contract: str | None  # the contract played, None during the auction
    bids: tuple[tuple[int, str], ...]  # the auction so far: (seat, word) as `BidMade` says it
    open_hands: tuple[tuple[str, ...], ...]  # per seat: the cards laid open (ouvert), else empty
    tricks_won: tuple[int, ...]  # tricks taken per seat so far
    bid_options: tuple[str, ...]  # the viewer's legal words when it is to bid (`BidMade.word`), else empty
    playable: tuple[str, ...]  # the viewer's legal cards when it is to play, else empty
    said: tuple[Said, ...] = ()  # the announcement round so far, for all to see
    items: tuple[tuple[str, int, int], ...] = ()  # announced items: (item, announcer's seat, Kontra level)
    may_announce: tuple[str, ...] = ()  # the bonuses the viewer may announce now (each or several at once)
    may_kontra: tuple[str, ...] = ()  # the items the viewer may double a step now
    accounts: tuple[int, ...] = ()  # per defender the game's Kontra level against the declarer (`KontraEach`)
    may_kontra_each: tuple[int, ...] = ()  # the defenders whose account the viewer may double a step now
    birds_owed: tuple[str, ...] = ()  # the birds one of which the viewer must announce now (bird contracts)
    concession: int = 0  # what the viewer, declarer, pays each other player by conceding now (0: he may not)


def pays(profile: Profile, contract_id: str) -> tuple[int, int]:
    """What a contract pays per opponent: (won, lost), both positive. The declaring side gets or gives it
    to each opponent: a declarer alone three times, each of two partners once (`cards.side_settlement`).
    Trischaken has its own payout (`profile.Trischaken`), in units of this value."""
    contract = profile.contract(contract_id)
    return contract.value, contract.lost_value


# --- configuration ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class KoenigrufenConfig:
    deals: int | None = 4  # None: open-ended
    first_dealer: int | None = None  # None: drawn from the seed
    stacked_deck: tuple[str, ...] | None = None  # the first deal's deck order (tests and demos)
    profile: Profile = CARDAVIA  # the rules played

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
_TAKES = tuple((TakeTalon(seat, 0), TakeTalon(seat, 1), Concede(seat)) for seat in range(SEATS))  # by lean
_PLAYS = tuple(tuple(Play(seat, card) for card in DECK) for seat in range(SEATS))
_PLAYED = tuple(tuple(CardPlayed(seat, card) for card in DECK) for seat in range(SEATS))
_NEXT = tuple(NextDeal(seat) for seat in range(SEATS))
_TALON_DEALT = TalonDealt()
# Made once per (declarer, contract id), as they come: a frozen dataclass costs more to build than to find.
_contract_declared = cache(ContractDeclared)
_EXPECTED: dict[Phase, tuple[type | tuple[type, ...], str]] = {
    BID: ((Bid, Pass, Hold), "bid or pass first"),
    CALL: (CallKing, "call a king first"),
    TALON: ((TakeTalon, Concede), "take a talon half first"),
    DISCARD: (Discard, "discard three cards first"),
    ANNOUNCE: ((Announce, Kontra, KontraEach, AnnouncePass), "announce, double or pass first"),
    TRICKS: (Play, "play a card"),
    SCORED: (NextDeal, "the deal is over: start the next one"),
}


# the codes under which the interface translates each refusal (`illegal.<code>`), by English reason
_CODES = {
    "you must play a trump": "must_trump",
    "kings cannot be discarded": "no_king_discard",
    "the Trull cannot be discarded": "no_trull_discard",
    "discard suit cards first": "suits_first",
    "discard trumps first": "trumps_first",
    "bid or pass first": "bid_first",
    "you cannot bid that now": "bid_refused",
    "you cannot call that king": "call_refused",
    "lead a suit card while you hold one": "no_trump_lead",
    "the Pagat goes only as your last trump": "pagat_last",
    "you must beat the trick": "must_overtake",
    "not your turn": "not_your_turn",
    "call a king first": "call_first",
    "take a talon half first": "talon_first",
    "discard three cards first": "discard_first",
    "play a card": "play_a_card",
    "the deal is over: start the next one": "deal_over",
    "the match is over": "match_over",
    "announce, double or pass first": "announce_first",
    "you cannot announce that": "announce_refused",
    "you cannot double that": "kontra_refused",
    "you need a bird to bid that": "bird_needed",
    "announce a bird first": "bird_owed",
    "you cannot concede now": "concede_refused",
    "you may double that only at your first turn after it": "kontra_late",
    "an announced card may not take an earlier trick": "announced_early",
    "give up your highest announced bird first": "bird_order",
    "keep your announced card for its trick": "announced_kept",
    "play your announced card in its trick": "announced_due",
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
        self._money = [0] * SEATS  # with the doublings, where the score leaves them out
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
        halves = (tuple(talon[:HALF]), tuple(talon[HALF:]))
        self._core = core = LeanKoenigrufen(hands, halves, forehand, self.config.profile)
        # The cards as the events and views show them, kept once made.
        self._halves = (_codes(core.halves[0]), _codes(core.halves[1]))
        self._discards: tuple[str, ...] = ()
        self._shown: tuple[str, ...] = ()  # the discards face up
        self._tricks: list[tuple[int, tuple[str, ...], int]] = []  # (leader, cards, winner)
        self._trick_views: tuple[Trick, ...] = ()  # the same as public `Trick`s, made by `view`
        self._bids: tuple[tuple[int, str], ...] = ()
        self._said: tuple[Said, ...] = ()
        if core.contract is not None:
            events.append(_contract_declared(core.declarer, core.contract.id))
        return events

    def copy(self) -> "KoenigrufenGame":
        """An independent copy, cheap enough for thousands of playouts."""
        new = object.__new__(KoenigrufenGame)
        new.__dict__.update(self.__dict__)
        new._core = self._core.copy()
        new._tricks = self._tricks[:]
        new._sheet = self._sheet[:]
        new._totals = self._totals[:]
        new._money = self._money[:]
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
            return None if self._over else (core.forehand + 1) % SEATS
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
        """The core's legal actions, in its order; a discard's cards in the hand's order, first pool first."""
        core = self._core
        phase = core.phase
        if phase is TRICKS:
            plays = _PLAYS[core.to_act]
            return [plays[card] for card in core.playable()]
        if phase is DISCARD:
            return [to_action(d, core.declarer, phase, core.profile) for d in self._discard_list()]
        if phase is SCORED:
            return [] if self._over else [_NEXT[(core.forehand + 1) % SEATS]]
        if phase is BID:
            return [to_action(word, core.to_act, phase, core.profile) for word in core.bid_options()]
        if phase is ANNOUNCE:
            return [to_action(word, core.to_act, phase, core.profile) for word in core.say_options()]
        made = _CALLS[core.declarer] if phase is CALL else _TAKES[core.declarer]
        return [made[move] for move in cast(list[int], core.legal())]  # kings' numbers, or halves (CONCEDE)

    def _discard_list(self) -> list[tuple[int, ...]]:
        core = self._core
        contract = core.contract
        assert contract is not None
        return legal_discard_list(core.hand(core.declarer), core.plan.discard, contract.trumps_first)

    def random_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action, without building every possible discard (for playouts).

        The draw is `int(rng.random() * n)`, cheaper than `rng.choice` and as uniform for so few choices.
        """
        core = self._core
        phase = core.phase
        if phase is TRICKS:
            seat = core.to_act
            follow = core.follow  # read, then called: a call straight off the slot is not specialised
            cards = core.playable() if core.reserved else follow(core.suits[seat], core.trick)
            return _PLAYS[seat][cards[int(rng.random() * len(cards))]]
        if phase is DISCARD:
            discards = self._discard_list()
            return to_action(discards[int(rng.random() * len(discards))], core.declarer, phase, core.profile)
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
        split, trick, follow = core.suits[seat], core.trick, core.follow
        if number not in follow(split, trick):  # only cards of the hand are playable
            if number not in split[SUIT[number]]:
                raise ValueError(f"{card} is not in your hand")
            raise _illegal(restriction(split, trick, core.plan.rules, number))
        if core.reserved and number not in core.playable():  # announced cards held for their tricks
            raise _illegal(core.reservation_refusal(number))
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
        if not isinstance(action, Action):
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
        if isinstance(action, Concede):
            return self._concede()
        if isinstance(action, Discard):
            return self._discard(action.cards)
        if isinstance(action, Bid | Pass | Hold):
            return self._bid(action)
        if isinstance(action, Announce | Kontra | KontraEach | AnnouncePass):
            return self._say(action)
        if isinstance(action, Play):  # a subclass of Play: played as the Play it is
            return self.apply(Play(action.seat, action.card))
        return self._next_deal()

    def _bid(self, action: Bid | Pass | Hold) -> list[Event]:
        core = self._core
        try:
            word = from_action(action, core.profile)
        except ValueError:
            raise _illegal("you cannot bid that now") from None
        if word not in core.bid_options():
            rank = cast(int, word)
            contract = core.profile.contracts[rank] if rank >= 0 else None
            if contract is not None and core.lacks_bird(action.seat, contract):
                raise _illegal("you need a bird to bid that")
            raise _illegal("you cannot bid that now")
        core.bid(cast(int, word))
        self._bids += ((action.seat, _word(action)),)
        events: list[Event] = [BidMade(action.seat, _word(action))]
        if core.contract is not None:
            events += self._declared()
        return events

    def _say(self, action: Announce | Kontra | KontraEach | AnnouncePass) -> list[Event]:
        """A word of the announcement round, checked against the core's `say_options`."""
        core = self._core
        try:
            word = cast(int, from_action(action, core.profile))
        except ValueError:
            word = -1
        if word not in core.say_options():
            owed, bits = core.birds_owed(), core.announceable(action.seat)
            if owed and (word == SAY_PASS or (0 < word < KONTRA and not word & ~bits)):
                raise _illegal("announce a bird first")  # a word the declarer could say, but birdless
            if isinstance(action, Kontra | KontraEach) and word in core.say_options(window=False):
                raise _illegal("you may double that only at your first turn after it")
            raise _illegal(
                "you cannot double that"
                if isinstance(action, Kontra | KontraEach)
                else "you cannot announce that"
            )
        shown = core.shown
        turn_words = core.turn_words(action.seat) if word == SAY_PASS else []
        core.say(word)
        talk = core.talk
        assert talk is not None
        closes = core.phase is not ANNOUNCE
        if isinstance(action, KontraEach):
            level = talk.accounts[action.defender]
            said = Said(action.seat, "kontra", ("game",), level, closes, action.defender)
        elif isinstance(action, Kontra):
            level = talk.level[_item_index(action.item, core.profile)]
            said = Said(action.seat, "kontra", (action.item,), level, closes)
        elif isinstance(action, Announce):
            said = Said(action.seat, "announce", _bonus_ids(word, core.profile), 0, closes)
        elif self._closing(action.seat):
            said = Said(action.seat, "ich_liege", (), 0, closes)
        else:
            said = Said(action.seat, "done" if turn_words else "pass", (), 0, closes)
        self._said += (said,)
        if core.shown and not shown:  # the hidden partner spoke for his side
            return [said, PartnerRevealed(core.declarer, action.seat)]
        return [said]

    def _closing(self, seat: int) -> bool:
        """Whether a pass by `seat` now ends the declarer's first turn, his "Ich liege" under the profile."""
        announcing = self._core.profile.announcing
        if announcing is None or not announcing.closing or seat != self._core.declarer:
            return False
        return not ends_turn(self._said, seat, announcing.several_per_turn)

    def _declared(self) -> list[Event]:
        """The events of the auction's end: the contract, and the whole talon taken where it is."""
        core = self._core
        contract = core.contract
        assert contract is not None
        events: list[Event] = [_contract_declared(core.declarer, contract.id)]
        if contract.talon == "halves" and not contract.call:
            events.append(TalonShown(self._halves))
        if contract.talon == "all":
            events.append(
                TalonTakenWhole(
                    core.declarer, self._halves[0] + self._halves[1] if contract.talon_shown else ()
                )
            )
        return events

    def _call(self, king: str) -> list[Event]:
        if king not in KINGS:
            raise ValueError(f"call one of the four kings, not {king!r}")
        core = self._core
        if DECK_INDEX[king] not in core.calls():
            raise _illegal("you cannot call that king")
        core.call(DECK_INDEX[king])
        events: list[Event] = [KingCalled(core.declarer, king)]
        if _shows_talon(core.contract):
            events.append(TalonShown(self._halves))
        if core.shown:  # the king lies in the talon, turned up for all
            events.append(DeclarerAlone(core.declarer, "talon"))
        return events

    def _take(self, half: int) -> list[Event]:
        if half not in (0, 1) or isinstance(half, bool):
            raise ValueError(f"take talon half 0 or 1, not {half!r}")
        self._core.take(half)
        return [TalonTaken(self._core.declarer, half, self._halves[half]), TalonLeft(self._halves[1 - half])]

    def _concede(self) -> list[Event]:
        core = self._core
        if not core.may_concede():
            raise _illegal("you cannot concede now")
        core.concede()
        events: list[Event] = [Conceded(core.declarer)]
        self._score(events)
        return events

    def _discard(self, cards: tuple[str, ...]) -> list[Event]:
        core = self._core
        contract = core.contract
        assert contract is not None
        split, size = core.suits[core.declarer], core.plan.discard  # the plan's, not the property's
        if not isinstance(cards, tuple | list) or len(cards) != size:
            raise ValueError(f"discard {_COUNT[size]} cards, not {cards!r}")
        numbers = []
        for card in cards:
            if not isinstance(card, str) or card not in DECK_INDEX:
                raise ValueError(f"unknown card code: {card!r}")
            number = DECK_INDEX[card]
            if number not in split[SUIT[number]]:
                raise ValueError(f"{card} is not in your hand")
            numbers.append(number)
        if len(set(numbers)) != size:
            raise ValueError(f"discard {_COUNT[size]} different cards")
        lean = tuple(sorted(numbers))
        problem = discard_refusal(core.hand(core.declarer), lean, contract.trumps_first)
        if problem:
            raise _illegal(problem)
        core.discard(lean)
        self._discards = _codes(lean)
        self._shown = _codes(card for card in lean if (SUIT[card] == 0) != contract.trumps_first)
        return [Discarded(core.declarer, size, self._shown)]

    def _score(self, events: list[Event]) -> None:
        core = self._core
        contract = core.contract
        assert contract is not None
        declarer, partner, team = core.declarer, core.partner, core.team
        ours = list(self._discards)
        if contract.talon == "halves" and core.half is not None:  # the usual case: the half left, no credit
            theirs = list(self._halves[1 - core.half])
        else:
            theirs = list(self._talon_counted())
            credit = core.talon_credit()  # the called king lay in the talon the declarer did not see
            if credit:
                credited = _codes(credit)
                ours += credited
                theirs = [card for card in theirs if card not in credited]
        wins = [0] * SEATS  # `_tricks_won`, counted in this pass over the tricks rather than in another
        for _leader, cards, winner in self._tricks:
            (ours if team[winner] else theirs).extend(cards)
            wins[winner] += 1
        points, (won, settlement) = core.declarer_points(), core.outcome()
        for seat in range(SEATS):
            self._totals[seat] += settlement[seat]
        totals, tricks = tuple(self._totals), tuple(wins)
        items = tuple(core.score_items()) if core.talk is not None or core.history is not None else ()
        announcing = core.profile.announcing
        money: tuple[int, ...] = ()
        money_totals: tuple[int, ...] = ()
        if announcing is not None and not announcing.kontra_in_points:
            money = tuple(core.money())
            self._money = [total + amount for total, amount in zip(self._money, money, strict=True)]
            money_totals = tuple(self._money)
        self._sheet.append(
            ScoreLine(
                self._deal_no,
                declarer,
                partner,
                points,
                won,
                settlement,
                totals,
                contract.id,
                tricks,
                items,
                money,
                money_totals,
            )
        )
        events.append(
            DealScored(
                declarer,
                partner,
                contract.id,
                points,
                pile_points(theirs),
                won,
                settlement,
                (tuple(ours), tuple(theirs)),
                tricks,
                items,
                money,
            )
        )
        if self.config.deals is not None and self._deal_no >= self.config.deals:
            self._over = True
            events.append(MatchOver(totals))

    def _talon_counted(self) -> tuple[str, ...]:
        """The talon cards that count for the defenders at the end: the half left, or the whole talon in a
        contract that gives it to them; none where it is out of play or went to the declarer."""
        core = self._core
        contract = core.contract
        assert contract is not None
        if core.conceded():
            return ()  # nothing counts
        if contract.talon == "halves":
            assert core.half is not None
            return self._halves[1 - core.half]
        return self._halves[0] + self._halves[1] if contract.talon == "defenders" else ()

    def _next_deal(self) -> list[Event]:
        return self._start_deal((self._dealer + 1) % SEATS, shuffled(self._deal_rng(self._deal_no + 1)))

    # --- what a seat may know ----------------------------------------------------------------------------

    def view(self, seat: int) -> KoenigrufenView:
        if not _is_seat(seat):
            raise ValueError(f"no such seat: {seat!r}")
        core = self._core
        declarer, contract = core.declarer, core.contract
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
            talon=self._halves if _shows_talon(contract) and core.phase is not CALL else None,
            talon_taken=core.half,
            discards=self._discards if seat == declarer else (),
            shown_trumps=self._shown,
            trick=Trick(core.leader, _codes(core.trick)),
            tricks=self._trick_views,
            partner=core.partner if core.shown else None,
            alone=contract is not None and (not contract.call or (core.shown and core.partner is None)),
            score_sheet=tuple(self._sheet),
            totals=tuple(self._totals),
            profile=core.profile,
            forehand=core.forehand,
            contract=None if contract is None else contract.id,
            bids=self._bids,
            open_hands=self._open_hands(),
            tricks_won=self._tricks_won(),
            bid_options=self._bid_words() if core.phase is BID and seat == core.to_act else (),
            playable=_codes(core.playable()) if core.phase is TRICKS and seat == core.to_act else (),
            said=self._said,
            items=self._items(),
            accounts=core.talk.accounts if core.plan.each and core.talk is not None else (),
            concession=core.concession_value() if seat == core.to_act and core.may_concede() else 0,
            **self._may_say(seat),
        )

    def _tricks_won(self) -> tuple[int, ...]:
        """Tricks taken per seat, from the completed tricks (the core counts them only where its contract
        reads them)."""
        won = [0] * SEATS
        for trick in self._tricks:  # one pass, indexing: cheaper than a list of winners and list.count
            won[trick[2]] += 1
        return tuple(won)

    def _items(self) -> tuple[tuple[str, int, int], ...]:
        """The announced items so far: (item, announcer, Kontra level), the game first."""
        talk, profile = self._core.talk, self._core.profile
        if talk is None:
            return ()
        names = item_names(profile)
        return tuple((names[i], owner, talk.level[i]) for i, owner in enumerate(talk.owner) if owner >= 0)

    def _may_say(self, seat: int) -> dict[str, Any]:
        """The viewer's legal announcements and doublings, when it is his turn to speak."""
        core = self._core
        if core.phase is not ANNOUNCE or seat != core.to_act:
            return {}
        words = core.say_options()
        announce = max((word for word in words if 0 < word < KONTRA), default=0)  # every bit it may use
        profile = core.profile
        kontra = [to_action(word, seat, ANNOUNCE, profile) for word in words if KONTRA <= word < KONTRA_EACH]
        return {
            "may_announce": _bonus_ids(announce, core.profile),
            "may_kontra": tuple(cast(Kontra, action).item for action in kontra),
            "may_kontra_each": tuple(word - KONTRA_EACH for word in words if word >= KONTRA_EACH),
            "birds_owed": _bonus_ids(core.birds_owed(), core.profile),
        }

    def _bid_words(self) -> tuple[str, ...]:
        core = self._core
        return tuple(
            _word(cast(Bid | Pass | Hold, to_action(word, core.to_act, BID, core.profile)))
            for word in core.bid_options()
        )

    def _open_hands(self) -> tuple[tuple[str, ...], ...]:
        """Ouvert: after the first trick the declarer's hand, or every hand (`Profile.ouvert_all`), open."""
        core = self._core
        contract = core.contract
        if contract is None or not contract.ouvert or core.tricks_done == 0:
            return _NONE_OPEN
        seats = range(SEATS) if core.profile.ouvert_all else (core.declarer,)
        return tuple(_codes(core.hand(seat)) if seat in seats else () for seat in range(SEATS))


_COUNT = {3: "three", 6: "six"}  # a discard's size, as the refusals say it
PASSES = ("pass", "ich_liege", "done")  # the words of a `Said` that end a turn saying nothing more


def ends_turn(said: Iterable[Said], seat: int, several: bool) -> bool:
    """Whether `seat` has ended a turn of the announcement round: said a pass (where a turn holds several
    words, `Announcing.several_per_turn`), or any word."""
    return any(s.seat == seat and (s.word in PASSES or not several) for s in said)


_NONE_OPEN: tuple[tuple[str, ...], ...] = ((),) * SEATS


def _shows_talon(contract: Contract | None) -> bool:
    return contract is not None and contract.talon_shown


def _word(action: Bid | Pass | Hold) -> str:
    """A bid as the auction's history reads it."""
    return action.contract if isinstance(action, Bid) else "pass" if isinstance(action, Pass) else "hold"


# --- translation between the core's actions and these -----------------------------------------------------


def to_action(lean: LeanAction, seat: int, phase: str, profile: Profile = CARDAVIA) -> Action:
    """The action for `seat` of a legal lean action in `phase`: the phase is needed, a lean number alone
    being ambiguous (0 is the Pagat or talon half 0, a king's number a call or a play), and in the auction
    the profile (a lean bid is a contract's rank). A discard keeps the lean tuple's order."""
    if isinstance(lean, tuple):
        return Discard(seat, _codes(lean))
    if phase == TRICKS:
        return _PLAYS[seat][lean]
    if phase == BID:
        if lean == PASS:
            return Pass(seat)
        if lean == HOLD:
            return Hold(seat)
        bidding = profile.bidding
        assert bidding is not None
        return Bid(seat, bidding.neutral if lean == NEUTRAL else profile.contracts[lean].id)
    if phase == ANNOUNCE:
        if lean == SAY_PASS:
            return AnnouncePass(seat)
        if lean >= KONTRA_EACH:
            return KontraEach(seat, lean - KONTRA_EACH)
        if lean >= KONTRA:
            return Kontra(seat, item_names(profile)[lean - KONTRA])
        return Announce(seat, _bonus_ids(lean, profile))
    if phase == CALL:
        return _CALLS[seat][lean]
    if phase == TALON:
        return _TAKES[seat][lean]
    raise ValueError(f"no action {lean!r} in phase {phase!r}")


def _bonus_ids(mask: int, profile: Profile) -> tuple[str, ...]:
    """The bonuses of a lean announcement mask, in the profile's order."""
    return tuple(bonus.id for j, bonus in enumerate(profile.bonuses) if mask >> j & 1)


def item_names(profile: Profile) -> tuple[str, ...]:
    """The items of the announcement round by their place in the core's `Talk`: "game", each bonus, and
    under `Announcing.per_side` each bonus again as the defenders' own (`pagat:defenders`)."""
    ids = tuple(bonus.id for bonus in profile.bonuses)
    announcing = profile.announcing
    if announcing is not None and announcing.per_side:
        return ("game", *ids, *(bonus + DEFENDERS for bonus in ids))
    return ("game", *ids)


def _item_index(item: str, profile: Profile) -> int:
    """An item's place in the core's `Talk` (0 the game, j + 1 the profile's bonus j, then the defenders'
    own under `per_side`); ValueError if none."""
    return item_names(profile).index(item)


def _bonus_index(item: str, profile: Profile) -> int:
    """A bonus's place among the profile's bonuses; ValueError if none."""
    return [bonus.id for bonus in profile.bonuses].index(item)


def lean_word(said: Said, profile: Profile) -> int:
    """The core's word for a word of the announcement round as all heard it."""
    if said.word == "announce":
        return sum(1 << _bonus_index(item, profile) for item in said.items)
    if said.word == "kontra":
        if said.against >= 0:
            return KONTRA_EACH + said.against
        return KONTRA + _item_index(said.items[0], profile)
    return SAY_PASS


def from_action(action: Action, profile: Profile = CARDAVIA) -> LeanAction:
    """The lean action of an action (a discard as its card numbers, ascending; a bid by the profile; an
    announcement as its mask); ValueError for a bid or item the profile does not know."""
    if isinstance(action, AnnouncePass):
        return SAY_PASS
    if isinstance(action, Kontra):
        return KONTRA + _item_index(action.item, profile)
    if isinstance(action, KontraEach):
        if not _is_seat(action.defender):
            raise ValueError(f"no such seat: {action.defender!r}")
        return KONTRA_EACH + action.defender
    if isinstance(action, Announce):
        if not action.items or not isinstance(action.items, tuple | list):
            raise ValueError("announce at least one bonus")
        indices = {_bonus_index(item, profile) for item in action.items}
        if len(indices) != len(action.items):
            raise ValueError("each bonus once")
        return sum(1 << j for j in indices)
    if isinstance(action, Pass):
        return PASS
    if isinstance(action, Hold):
        return HOLD
    if isinstance(action, Bid):
        bidding = profile.bidding
        if bidding is not None and action.contract == bidding.neutral:
            return NEUTRAL
        try:
            return profile.rank(action.contract)
        except (KeyError, TypeError):
            raise ValueError(f"no contract {action.contract!r} in the profile {profile.id}") from None
    if isinstance(action, Play | CallKing):
        return DECK_INDEX[action.card if isinstance(action, Play) else action.king]
    if isinstance(action, TakeTalon):
        return action.half
    if isinstance(action, Concede):
        return CONCEDE
    if isinstance(action, Discard):
        return tuple(sorted(DECK_INDEX[c] for c in action.cards))
    raise ValueError(f"no lean form for {action!r}")
