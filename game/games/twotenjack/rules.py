"""A Two-Ten-Jack match as a game state: rounds of tricks, the face-up stock, scoring, the match totals.

Every rule of a round lives in the rules core, `core.LeanTwoTenJack`, which this table engine wraps as
python-chess's checked moves wrap a board whose push does not check: `TwoTenJackGame` refuses what the
core would not check (a play out of turn, out of the hand or against `core.options`), turns each of the
core's steps into the events the table shows, says what each seat may see, and plays the match (rounds,
the deal passing clockwise, the totals). The core holds hands as sets; the table keeps the order in which
each hand's cards came, which the views and the legal plays follow.

Seats are 0..players-1 and play runs clockwise, which is increasing seat numbers: seat 0 sits at the
bottom of the screen, seat 1 on its left, and so on round the table, so "the dealer's left" is
`(dealer + 1) % players`. The deal passes clockwise from round to round.

Everything that happens is returned by `apply` as frozen-dataclass events, holding the whole truth: a
face-down opening lead (`CardPlayed.face_down`) and the face-down top card of the stock
(`CardDrawn.was_hidden`) carry their card, which the table shows only to the seat that holds it.
`view(seat)` is what that seat may know. The stock is a face-up pile [decision]: everybody sees its top
card, and so every card before it is drawn and who receives it, but not the cards below; at the start
of a round its top card lies face down. What stays hidden: the other seats' hands except the cards they
drew face up, the cards under the stock's top, that face-down top card (also after it is drawn: it
goes into a hand unseen), and a face-down opening lead until its trick is gathered.

`random.Random(seed)` chooses the first dealer (unless the config names one) and each round is
shuffled by its own `random.Random` seeded from the seed and the round number, so a match is replayed
from config, seed and actions, and a copy of the state carries no generator.
"""

import random
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from game.games.twotenjack.cards import (
    CLOCKWISE,
    DECK,
    HAND_SIZE,
    INDEX,
    LED_AT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POINTS,
    SUIT,
    check_card,
    check_players,
    pack,
    refusal,
    removed_cards,
    reversals,
)
from game.games.twotenjack.core import DEALT_TO, MUST_FOLLOW, PACKS, LeanTwoTenJack, in_hand_order, options

__all__ = [
    "HAND_SIZE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Action",
    "CardDrawn",
    "CardPlayed",
    "Event",
    "HandDealt",
    "MatchOver",
    "NextRound",
    "Phase",
    "Play",
    "RoundScored",
    "RoundStarted",
    "StockLaid",
    "TrickWon",
    "TwoTenJackConfig",
    "TwoTenJackGame",
    "TwoTenJackView",
    "from_action",
    "known_holdings",
    "pack",
    "to_action",
]


class Phase(StrEnum):
    """Where a match stands. Each phase equals its string ("play", "scored", "over"), so the scenes and tests
    that compare with strings, and the journal's JSON digests, see no difference."""

    PLAY = "play"  # `to_act` plays a card
    SCORED = "scored"  # the round is scored: the next dealer deals (NextRound)
    OVER = "over"


# The members by module name: the hot path reads a global five times faster than an enum's attribute.
PLAY, SCORED, OVER = Phase.PLAY, Phase.SCORED, Phase.OVER


def _whole(value: object, low: int, high: int | None = None) -> bool:
    """An int (not a bool) in low..high."""
    return type(value) is int and low <= value and (high is None or value <= high)


@dataclass(frozen=True)
class TwoTenJackConfig:
    """`rounds` defaults to one per player; `stacked_deck` fixes the first round's pack (top card first,
    as `pack(players)` reordered) for tests and demos."""

    players: int
    first_dealer: int | None = None
    rounds: int | None = None
    stacked_deck: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        check_players(self.players)
        if self.first_dealer is not None and not _whole(self.first_dealer, 0, self.players - 1):
            last = self.players - 1
            raise ValueError(f"first_dealer must be a seat in 0..{last}, not {self.first_dealer!r}")
        if self.rounds is not None and not _whole(self.rounds, 1):
            raise ValueError(f"rounds must be a whole number of at least 1, not {self.rounds!r}")
        if self.stacked_deck is not None:
            for card in self.stacked_deck:
                check_card(card)
            if sorted(self.stacked_deck) != sorted(pack(self.players)):
                raise ValueError(f"stacked_deck must hold each card of the {self.players}-player pack once")

    @property
    def round_count(self) -> int:
        return self.players if self.rounds is None else self.rounds


@dataclass(frozen=True)
class Play:
    """`face_down` only for an opening lead from a hand of nothing but the joker, spades and hearts."""

    seat: int
    card: str
    face_down: bool = False


@dataclass(frozen=True)
class NextRound:
    """Taken by the next round's dealer (`to_act`) once a round is scored and the match goes on."""

    seat: int


Action = Play | NextRound


@dataclass(frozen=True)
class RoundStarted:
    round_no: int  # 1-based
    dealer: int
    leader: int
    removed: tuple[str, ...]


@dataclass(frozen=True)
class HandDealt:
    """One per seat, from the dealer's left clockwise; the cards in the order dealt (one at a time)."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class StockLaid:
    """The stock's face-up cards from the bottom to the top: the last one is drawn first after the
    face-down top card (when `hidden_top`)."""

    face_up: tuple[str, ...]
    hidden_top: bool


@dataclass(frozen=True)
class CardPlayed:
    seat: int
    card: str
    face_down: bool


@dataclass(frozen=True)
class TrickWon:
    """`cards` in play order from `leader` on, a face-down lead turned up; `points` before reversals."""

    seat: int
    cards: tuple[str, ...]
    points: int
    leader: int


@dataclass(frozen=True)
class CardDrawn:
    """`was_hidden`: the stock's face-down top card, seen only by `seat`."""

    seat: int
    card: str
    was_hidden: bool


@dataclass(frozen=True)
class RoundScored:
    """`points` per seat with the reversals; `reversals` as (seat, "hearts" | "spades"); `totals` after it."""

    round_no: int
    points: tuple[int, ...]
    piles: tuple[tuple[str, ...], ...]
    reversals: tuple[tuple[int, str], ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class MatchOver:
    """`winners`: every seat on the highest total (ties share the victory)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]


Event = RoundStarted | HandDealt | StockLaid | CardPlayed | TrickWon | CardDrawn | RoundScored | MatchOver

# Every play action and the events of playing and drawing, built once: the hot path only looks them up.
# _PLAYS[seat][face_down][card] is the `Play`.
_KEYS = [(seat, card, flag) for seat in range(MAX_PLAYERS) for card in DECK for flag in (False, True)]
_PLAYS = [
    [{card: Play(seat, card, flag) for card in DECK} for flag in (False, True)] for seat in range(MAX_PLAYERS)
]
_PLAYED = {key: CardPlayed(*key) for key in _KEYS}
_DRAWN = {key: CardDrawn(*key) for key in _KEYS}
_LEAN = {card: INDEX[card] * 2 for card in DECK}  # a card's lean action face up


def to_action(lean: int, seat: int) -> Play:
    """The real `Play` of lean action `lean` (`card * 2 + face_down`, see `core`) by `seat`."""
    return _PLAYS[seat][lean & 1][DECK[lean >> 1]]


def from_action(play: Play) -> int:
    """The lean action of a real `Play`."""
    return INDEX[play.card] * 2 + (1 if play.face_down else 0)


@dataclass(frozen=True)
class TwoTenJackView:
    """What `seat` may know. `trick` holds (seat, card, face_down), card None for a face-down lead
    that is not the viewer's; `legal` is the viewer's legal plays when it is to play."""

    seat: int
    players: int
    round_no: int
    rounds: int
    phase: Phase
    dealer: int
    leader: int  # who leads (or led) the current trick
    to_act: int | None
    opening: bool  # the current trick is the round's first
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    legal: tuple[tuple[str, bool], ...]
    removed: tuple[str, ...]
    stock: tuple[str, ...]  # the stock's visible card: its face-up top (empty while the top is face down)
    stock_count: int  # cards in the stock, the face-down top card included
    stock_hidden_top: bool  # the next card to draw is the face-down one
    drawn: tuple[tuple[int, str], ...]  # every face-up draw of the round: (seat, card), in order
    hidden_drawn_by: int | None  # who took the face-down top card
    trick: tuple[tuple[int, str | None, bool], ...]
    tricks: tuple[TrickWon, ...]  # the round's gathered tricks, in order
    piles: tuple[tuple[str, ...], ...]
    round_scores: tuple[tuple[int, ...], ...]  # the scored rounds' points
    totals: tuple[int, ...]


def known_holdings(view: TwoTenJackView) -> dict[int, tuple[str, ...]]:
    """Per seat, the cards it is publicly known to hold: drawn face up from the stock and not yet played."""
    played = {card for trick in view.tricks for card in trick.cards}
    played.update(card for _, card, _ in view.trick if card is not None)
    known: dict[int, tuple[str, ...]] = {seat: () for seat in range(view.players)}
    for seat, card in view.drawn:
        if card not in played:
            known[seat] += (card,)
    return known


class TwoTenJackGame:
    """Match state around the round's rules core. Phases: "play" (`to_act` plays a card), "scored" (the
    next dealer deals), "over"."""

    def __init__(self, config: TwoTenJackConfig, seed: int) -> None:
        self.config = config
        self._seed = seed
        players = config.players
        self._players = players
        self._removed = tuple(removed_cards(players))
        dealer = config.first_dealer
        self._first_dealer = random.Random(seed).randrange(players) if dealer is None else dealer
        self._totals = [0] * players
        self._round_scores: list[tuple[int, ...]] = []
        self._round_no = 0
        stacked = None if config.stacked_deck is None else [INDEX[card] for card in config.stacked_deck]
        # The first round's start, for the table scene to animate before the first action.
        self.opening: tuple[Event, ...] = tuple(self._start_round(stacked))

    def _start_round(self, stacked: list[int] | None) -> list[Event]:
        players = self._players
        self._round_no += 1
        self._dealer = dealer = (self._first_dealer + self._round_no - 1) % players
        cards = PACKS[players][:] if stacked is None else stacked
        if stacked is None:
            random.Random(f"{self._seed}:{self._round_no}").shuffle(cards)
        self._core = core = LeanTwoTenJack.dealt(cards, players, dealer)
        # Each hand in the order its cards came: dealt as the core deals them, then drawn.
        self._hands: list[list[str]] = [[] for _ in range(players)]
        for index, seat in enumerate(DEALT_TO[players][dealer]):
            self._hands[seat].append(DECK[cards[index]])
        # The stock as dealt, bottom to top, and how much of it the core has left: its draws are the cards
        # above that, the top one first.
        self._stock_dealt = tuple([DECK[card] for card in core.stock])
        self._stock_left = len(core.stock)
        self._tricks: list[TrickWon] = []
        self._drawn: list[tuple[int, str]] = []
        self._hidden_drawn_by: int | None = None
        self._phase = PLAY
        self._options: tuple[Sequence[str], int, str] | None = None
        return [
            RoundStarted(self._round_no, dealer, core.leader, self._removed),
            *(HandDealt(seat, tuple(self._hands[seat])) for seat in CLOCKWISE[players][core.leader]),
            StockLaid(self._stock_dealt[:-1], core.hidden_top),
        ]

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat to play, the next dealer once a round is scored, None when the match is over."""
        if self._phase is PLAY:
            return self._core.to_act
        return self._next_dealer() if self._phase is SCORED else None

    @property
    def is_over(self) -> bool:
        return self._phase is OVER

    @property
    def round_no(self) -> int:
        return self._round_no

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._totals)

    def returns(self) -> tuple[int, ...]:
        """Each seat's points in the current (or just scored) round, reversals included."""
        return tuple(self._core.returns())

    def lean(self) -> LeanTwoTenJack:
        """A copy of the current round's rules core: the full-information state the search plays on."""
        return self._core.copy()

    def legal_actions(self) -> list[Action]:
        """Every action open to `to_act`: its legal plays, or `NextRound` once a round is scored."""
        if self._phase is PLAY:
            core = self._core
            cards, down, _ = self._listed()
            plays = _PLAYS[core.to_act][down]
            return [plays[card] for card in cards]
        return [NextRound(self._next_dealer())] if self._phase is SCORED else []

    def _next_dealer(self) -> int:
        return (self._dealer + 1) % self._players

    def apply(self, action: Action) -> list[Event]:
        """Carry out one action; an illegal one raises an `IllegalAction` (a ValueError) with the
        player's reason, changing nothing."""
        if not isinstance(action, Play):
            return self._next_round(action)
        if self._phase is not PLAY:
            raise refusal("match_over" if self._phase is OVER else "round_over")
        seat, card, face_down = action.seat, action.card, action.face_down
        core = self._core
        if seat != core.to_act:
            raise refusal("not_your_turn")
        hand = self._hands[seat]
        if card not in hand:
            raise refusal("not_in_hand")
        cards, down, code = self._listed()
        if card not in cards or face_down != down:
            suit = SUIT[DECK[core.trick[LED_AT[core.down]]]] if code == MUST_FOLLOW else None
            raise refusal("face_up" if face_down and not down else code, suit)
        self._options = None
        hand.remove(card)
        events: list[Event] = [_PLAYED[seat, card, face_down]]
        trick, leader, hidden = core.trick, core.leader, core.hidden_top
        core.apply(_LEAN[card] + down)
        if not core.trick:
            self._gathered(events, trick, leader, hidden)
        return events

    def _next_round(self, action: Action) -> list[Event]:
        if not isinstance(action, NextRound):
            raise ValueError(f"not a Two-Ten-Jack action: {action!r}")
        if self._phase is not SCORED:
            raise refusal("match_over" if self._phase is OVER else "round_not_over")
        if action.seat != self._next_dealer():
            raise refusal("not_your_turn")
        return self._start_round(None)

    def _listed(self) -> tuple[Sequence[str], int, str]:
        """The options of the seat to act (`core.options`): the cards it may play, in its hand's order; 1
        when they go face down; the refusal code answering any other play. Kept until the next play, as
        `legal_actions`, `view` and `apply` all ask."""
        if self._options is None:
            core = self._core
            seat = core.to_act
            held, hand = core.hands[seat], self._hands[seat]
            mask, down, code = options(held, core.trick, core.down, core.opening)
            whole = mask == held and code != MUST_FOLLOW  # the hand as it is, the common case
            self._options = (hand if whole else in_hand_order(hand, held, mask, code)), down, code
        return self._options

    def _gathered(self, events: list[Event], trick: list[int], leader: int, hidden: bool) -> None:
        """The events of the trick the core has just gathered (`trick`, led by `leader`): its winner, then
        the draws as the core made them, the stock's cards from its top (the face-down one first, when
        `hidden`) round the table from the winner (`CLOCKWISE`); the round is scored once the hands are
        empty."""
        core = self._core
        winner = core.leader
        cards = tuple([DECK[card] for card in trick])
        won = TrickWon(winner, cards, sum([POINTS[card] for card in cards]), leader)
        self._tricks.append(won)
        events.append(won)
        top, stock = self._stock_left, self._stock_dealt
        if top == len(core.stock):
            if core.over():
                events += self._score_round()
            return
        for seat in CLOCKWISE[self._players][winner]:
            top -= 1
            card = stock[top]
            self._hands[seat].append(card)
            events.append(_DRAWN[seat, card, hidden])
            if hidden:
                self._hidden_drawn_by, hidden = seat, False
            else:
                self._drawn.append((seat, card))
        assert top == len(core.stock), "one card each"
        self._stock_left = top

    def _score_round(self) -> list[Event]:
        gained = self.returns()
        won = tuple((seat, name) for seat, pile in enumerate(self._core.piles) for name in reversals(pile))
        self._totals = [total + gain for total, gain in zip(self._totals, gained, strict=True)]
        self._round_scores.append(gained)
        events: list[Event] = [RoundScored(self._round_no, gained, self._piles(), won, self.totals)]
        if self._round_no >= self.config.round_count:
            self._phase = OVER
            best = max(self._totals)
            events.append(MatchOver(self.totals, tuple(s for s, t in enumerate(self._totals) if t == best)))
        else:
            self._phase = SCORED
        return events

    def _piles(self) -> tuple[tuple[str, ...], ...]:
        """Each seat's scoring pile: the cards of the tricks it won, in order."""
        piles: list[tuple[str, ...]] = [() for _ in range(self._players)]
        for won in self._tricks:
            piles[won.seat] += won.cards
        return tuple(piles)

    def copy(self) -> "TwoTenJackGame":
        """An independent copy, cheap enough for thousands of playouts per second."""
        other = object.__new__(TwoTenJackGame)
        other.__dict__.update(self.__dict__)
        other._core = self._core.copy()
        other._hands = [hand[:] for hand in self._hands]
        other._options = None  # it may list this game's own hand
        other._tricks = self._tricks[:]
        other._drawn = self._drawn[:]
        other._totals = self._totals[:]
        other._round_scores = self._round_scores[:]
        return other

    def view(self, seat: int) -> TwoTenJackView:
        if isinstance(seat, bool) or seat not in range(self._players):
            raise ValueError(f"no such seat: {seat!r}")
        core = self._core
        players, leader, down, stock = self._players, core.leader, core.down, core.stock
        legal: list[tuple[str, bool]] = []
        if self._phase is PLAY and seat == core.to_act:
            cards, face_down, _ = self._listed()
            legal = [(card, bool(face_down)) for card in cards]
        trick: list[tuple[int, str | None, bool]] = [
            ((leader + index) % players, DECK[card], False) for index, card in enumerate(core.trick)
        ]
        if down:  # only a lead can be face down, and its leader knows it
            trick[0] = (leader, trick[0][1] if seat == leader else None, True)
        return TwoTenJackView(
            seat=seat,
            players=players,
            round_no=self._round_no,
            rounds=self.config.round_count,
            phase=self._phase,
            dealer=self._dealer,
            leader=leader,
            to_act=self.to_act,
            opening=core.opening,
            hand=tuple(self._hands[seat]),
            hand_sizes=tuple(len(hand) for hand in self._hands),
            legal=tuple(legal),
            removed=self._removed,
            stock=() if core.hidden_top or not stock else (DECK[stock[-1]],),
            stock_count=len(stock),
            stock_hidden_top=core.hidden_top,
            drawn=tuple(self._drawn),
            hidden_drawn_by=self._hidden_drawn_by,
            trick=tuple(trick),
            tricks=tuple(self._tricks),
            piles=self._piles(),
            round_scores=tuple(self._round_scores),
            totals=self.totals,
        )
