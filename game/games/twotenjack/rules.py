"""A Two-Ten-Jack match as a game state: rounds of tricks, the face-up stock, scoring, the match totals.

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
from dataclasses import dataclass

from game.games.twotenjack.cards import (
    DECK,
    HAND_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    POINTS,
    SCORING_HEARTS,
    SCORING_SPADES,
    Options,
    check_card,
    check_players,
    pile_points,
    play_options,
    refusal,
    removed_cards,
    winning_play,
)

PLAY, SCORED, OVER = "play", "scored", "over"


def pack(players: int) -> tuple[str, ...]:
    """The round's cards for `players`: the 53 less the removed cards, in deck order."""
    removed = set(removed_cards(players))
    return tuple(card for card in DECK if card not in removed)


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
_KEYS = [(seat, card, flag) for seat in range(MAX_PLAYERS) for card in DECK for flag in (False, True)]
_PLAYS = {key: Play(*key) for key in _KEYS}
_PLAYED = {key: CardPlayed(*key) for key in _KEYS}
_DRAWN = {key: CardDrawn(*key) for key in _KEYS}
# _CLOCKWISE[players][seat]: every seat from `seat` on, clockwise.
_CLOCKWISE = {
    n: [tuple((seat + k) % n for k in range(n)) for seat in range(n)]
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


@dataclass(frozen=True)
class TwoTenJackView:
    """What `seat` may know. `trick` holds (seat, card, face_down), card None for a face-down lead
    that is not the viewer's; `legal` is the viewer's legal plays when it is to play."""

    seat: int
    players: int
    round_no: int
    rounds: int
    phase: str  # "play", "scored" (NextRound awaited) or "over"
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
    """Match state. Phases: "play" (`to_act` plays a card), "scored" (the next dealer deals), "over"."""

    def __init__(self, config: TwoTenJackConfig, seed: int) -> None:
        self.config = config
        self._seed = seed
        players = config.players
        self._players = players
        self._removed = tuple(removed_cards(players))
        self._pack = pack(players)
        dealer = config.first_dealer
        self._first_dealer = random.Random(seed).randrange(players) if dealer is None else dealer
        self._totals = [0] * players
        self._round_scores: list[tuple[int, ...]] = []
        self._round_no = 0
        # The first round's start, for the table scene to animate before the first action.
        self.opening: tuple[Event, ...] = tuple(self._start_round(config.stacked_deck))

    def _start_round(self, stacked: tuple[str, ...] | None) -> list[Event]:
        players = self._players
        self._round_no += 1
        self._dealer = dealer = (self._first_dealer + self._round_no - 1) % players
        cards = list(stacked or self._pack)
        if stacked is None:
            random.Random(f"{self._seed}:{self._round_no}").shuffle(cards)
        self._hands: list[list[str]] = [[] for _ in range(players)]
        dealt = HAND_SIZE * players
        for index in range(dealt):
            self._hands[(dealer + 1 + index) % players].append(cards[index])
        self._stock = cards[dealt:][::-1]  # bottom..top: pop() draws the top card
        self._hidden_top = bool(self._stock)
        self._leader = self._to_act = (dealer + 1) % players
        self._opening_trick = True
        self._trick: list[tuple[str, bool]] = []
        self._piles: list[list[str]] = [[] for _ in range(players)]
        self._tricks: list[TrickWon] = []
        self._drawn: list[tuple[int, str]] = []
        self._hidden_drawn_by: int | None = None
        self._phase = PLAY
        self._options: tuple[Options, str, str | None] | None = None
        return [
            RoundStarted(self._round_no, dealer, self._leader, self._removed),
            *(HandDealt(seat, tuple(self._hands[seat])) for seat in _CLOCKWISE[players][self._leader]),
            StockLaid(tuple(self._stock[:-1]), self._hidden_top),
        ]

    @property
    def phase(self) -> str:
        return self._phase

    @property
    def to_act(self) -> int | None:
        """The seat to play, the next dealer once a round is scored, None when the match is over."""
        return None if self._phase == OVER else self._to_act

    @property
    def is_over(self) -> bool:
        return self._phase == OVER

    @property
    def round_no(self) -> int:
        return self._round_no

    @property
    def totals(self) -> tuple[int, ...]:
        return tuple(self._totals)

    def returns(self) -> tuple[int, ...]:
        """Each seat's points in the current (or just scored) round, reversals included."""
        return tuple(pile_points(pile) for pile in self._piles)

    def legal_actions(self) -> list[Action]:
        """Every action open to `to_act`: its legal plays, or `NextRound` once a round is scored."""
        if self._phase == PLAY:
            seat = self._to_act
            return [_PLAYS[seat, card, face_down] for card, face_down in self._play_options()[0]]
        return [NextRound(self._to_act)] if self._phase == SCORED else []

    def apply(self, action: Action) -> list[Event]:
        """Carry out one action; an illegal one raises an `IllegalAction` (a ValueError) with the
        player's reason, changing nothing."""
        if isinstance(action, Play):
            return self._play(action.seat, action.card, action.face_down)
        if isinstance(action, NextRound):
            if self._phase != SCORED:
                raise refusal("match_over" if self._phase == OVER else "round_not_over")
            if action.seat != self._to_act:
                raise refusal("not_your_turn")
            return self._start_round(None)
        raise ValueError(f"not a Two-Ten-Jack action: {action!r}")

    def _play(self, seat: int, card: str, face_down: bool) -> list[Event]:
        if self._phase != PLAY:
            raise refusal("match_over" if self._phase == OVER else "round_over")
        if seat != self._to_act:
            raise refusal("not_your_turn")
        hand = self._hands[seat]
        if card not in hand:
            raise refusal("not_in_hand")
        options, code, suit = self._play_options()
        if (card, face_down) not in options:
            raise refusal("face_up" if face_down and not options[0][1] else code, suit)
        self._options = None
        hand.remove(card)
        trick = self._trick
        face_down = bool(face_down)
        trick.append((card, face_down))
        events: list[Event] = [_PLAYED[seat, card, face_down]]
        if len(trick) < self._players:
            self._to_act = (seat + 1) % self._players
        else:
            self._gather(events)
        return events

    def _play_options(self) -> tuple[Options, str, str | None]:
        """The player to act's options, kept until the next play: `legal_actions` then `apply` ask twice."""
        if self._options is None:
            self._options = play_options(self._hands[self._to_act], self._trick, self._opening_trick)
        return self._options

    def _gather(self, events: list[Event]) -> None:
        """The full trick goes to its winner, who draws first and leads next; the last trick scores."""
        players, leader, trick = self._players, self._leader, self._trick
        winner = (leader + winning_play(trick)) % players
        cards = tuple([card for card, _ in trick])
        won = TrickWon(winner, cards, sum([POINTS[card] for card in cards]), leader)
        self._piles[winner] += cards
        self._tricks.append(won)
        events.append(won)
        self._trick = []
        self._opening_trick = False
        self._leader = self._to_act = winner
        stock, hands = self._stock, self._hands
        if stock:
            seats = _CLOCKWISE[players][winner]
            if self._hidden_top:
                card = stock.pop()
                hands[winner].append(card)
                events.append(_DRAWN[winner, card, True])
                self._hidden_top, self._hidden_drawn_by = False, winner
                seats = seats[1:]
            for seat in seats:
                card = stock.pop()
                hands[seat].append(card)
                self._drawn.append((seat, card))
                events.append(_DRAWN[seat, card, False])
        elif not hands[winner]:
            events += self._score_round()

    def _score_round(self) -> list[Event]:
        points = self.returns()
        piles = tuple(tuple(pile) for pile in self._piles)
        reversals = tuple(
            (seat, name)
            for seat, pile in enumerate(piles)
            for name, six in (("hearts", SCORING_HEARTS), ("spades", SCORING_SPADES))
            if six <= set(pile)
        )
        self._totals = [total + gained for total, gained in zip(self._totals, points, strict=True)]
        self._round_scores.append(points)
        events: list[Event] = [RoundScored(self._round_no, points, piles, reversals, self.totals)]
        if self._round_no >= self.config.round_count:
            self._phase = OVER
            best = max(self._totals)
            events.append(MatchOver(self.totals, tuple(s for s, t in enumerate(self._totals) if t == best)))
        else:
            self._phase = SCORED
            self._to_act = (self._dealer + 1) % self._players
        return events

    def copy(self) -> "TwoTenJackGame":
        """An independent copy, cheap enough for thousands of playouts per second."""
        other = object.__new__(TwoTenJackGame)
        other.__dict__.update(self.__dict__)
        other._hands = [hand[:] for hand in self._hands]
        other._stock = self._stock[:]
        other._trick = self._trick[:]
        other._piles = [pile[:] for pile in self._piles]
        other._tricks = self._tricks[:]
        other._drawn = self._drawn[:]
        other._totals = self._totals[:]
        other._round_scores = self._round_scores[:]
        return other

    def view(self, seat: int) -> TwoTenJackView:
        if isinstance(seat, bool) or seat not in range(self._players):
            raise ValueError(f"no such seat: {seat!r}")
        hand = tuple(self._hands[seat])
        legal = self._play_options()[0] if self._phase == PLAY and seat == self._to_act else []
        stock = self._stock[:-1] if self._hidden_top else self._stock
        # Only a lead can be face down, and its leader knows it.
        trick = tuple(
            ((self._leader + index) % self._players, None if down and seat != self._leader else card, down)
            for index, (card, down) in enumerate(self._trick)
        )
        return TwoTenJackView(
            seat=seat,
            players=self._players,
            round_no=self._round_no,
            rounds=self.config.round_count,
            phase=self._phase,
            dealer=self._dealer,
            leader=self._leader,
            to_act=self.to_act,
            opening=self._opening_trick,
            hand=hand,
            hand_sizes=tuple(len(h) for h in self._hands),
            legal=tuple(legal),
            removed=self._removed,
            stock=() if self._hidden_top or not stock else (stock[-1],),
            stock_count=len(self._stock),
            stock_hidden_top=self._hidden_top,
            drawn=tuple(self._drawn),
            hidden_drawn_by=self._hidden_drawn_by,
            trick=trick,
            tricks=tuple(self._tricks),
            piles=tuple(tuple(pile) for pile in self._piles),
            round_scores=tuple(self._round_scores),
            totals=self.totals,
        )
