"""One Two-Ten-Jack round as a lean, full-information state for the computer players' search.

The search plays hundreds of thousands of moves per decision, so this state leaves out everything the
table needs and a search does not: no events, no validation (`apply` trusts its action), no match, no
dataclasses. Cards are ints, their index in `DECK`; a hand and a scoring pile are bitmasks of those ints
(a hand holds at most four cards, and masks make the legal-play filter one `&`, a copy a flat list copy
and the score a few `bit_count`s). A lean action is one int, `card * 2 + face_down`.

It follows `game.games.twotenjack.cards` exactly (tests/test_twotenjack_lean.py drives it in step with
`TwoTenJackGame` over thousands of random rounds); the tables below are built from its tables.
"""

import random
from collections.abc import Callable, Iterable

from game.games.twotenjack.cards import (
    DECK,
    GUARDED,
    HAND_SIZE,
    JOKER,
    JOKER_CALL,
    MAX_PLAYERS,
    POINTS,
    REVERSAL,
    SCORING_HEARTS,
    SCORING_SPADES,
    STRENGTH,
    SUIT,
    SUITS,
    TRUMPS,
)
from game.games.twotenjack.rules import Play, TwoTenJackGame, pack, removed_cards

INDEX: dict[str, int] = {card: index for index, card in enumerate(DECK)}
BIT: tuple[int, ...] = tuple(1 << index for index in range(len(DECK)))
JK = INDEX[JOKER]
JK_BIT = BIT[JK]
THREE_S = INDEX[JOKER_CALL]


def mask_of(cards: Iterable[int | str]) -> int:
    """The bitmask of card codes or card ints."""
    total = 0
    for card in cards:
        total |= BIT[card if isinstance(card, int) else INDEX[card]]
    return total


def cards_of(mask: int) -> list[int]:
    """The card ints of a bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


SUIT_MASK: dict[str | None, int] = {suit: mask_of(c for c in DECK if SUIT[c] == suit) for suit in SUITS}
TRUMP_MASK = mask_of(TRUMPS)
GUARDED_MASK = mask_of(GUARDED)
PLAIN_MASK = mask_of(DECK) & ~GUARDED_MASK  # what an opening lead must be while the hand holds one
# FOLLOW[led]: the cards that answer the card led (the joker led asks for trumps); the joker, free to
# be played on any suit, and the joker call are handled apart.
FOLLOW: tuple[int, ...] = tuple(TRUMP_MASK if card == JOKER else SUIT_MASK[SUIT[card]] for card in DECK)
# ROW[led][card]: the card's strength when `led` is the card led; 0 cannot win.
_ROWS = {suit: tuple(STRENGTH[suit][card] for card in DECK) for suit in STRENGTH}
ROW: tuple[tuple[int, ...], ...] = tuple(_ROWS[SUIT[card]] for card in DECK)
# The score of a pile mask: the point classes, then the reversals.
_H10 = mask_of(c for c in SCORING_HEARTS if POINTS[c] == 10)
_H5 = mask_of(c for c in SCORING_HEARTS if POINTS[c] == 5)
_S10 = mask_of(c for c in SCORING_SPADES if POINTS[c] == -10)
_S5 = mask_of(c for c in SCORING_SPADES if POINTS[c] == -5)
_ONE = mask_of(c for c in DECK if POINTS[c] == 1)
_HEARTS6 = mask_of(SCORING_HEARTS)
_SPADES6 = mask_of(SCORING_SPADES)
assert all(POINTS[c] in (0, 1) for c in DECK if SUIT[c] in ("D", "C", None))  # _ONE counts them all
# _ROUND[players][seat]: every seat from `seat` on, clockwise; _AFTER: the same without `seat`.
_ROUND = {
    n: [tuple((seat + k) % n for k in range(n)) for seat in range(n)] for n in range(2, MAX_PLAYERS + 1)
}
_PACK = {n: [INDEX[card] for card in pack(n)] for n in _ROUND}
_AFTER = {n: [seats[1:] for seats in rounds] for n, rounds in _ROUND.items()}

_PLAYS = [[Play(seat, card, bool(down)) for card in DECK for down in (0, 1)] for seat in range(MAX_PLAYERS)]


def to_action(lean: int, seat: int) -> Play:
    """The real `Play` of lean action `lean` by `seat`."""
    return _PLAYS[seat][lean]


def from_action(play: Play) -> int:
    """The lean action of a real `Play`."""
    return INDEX[play.card] * 2 + (1 if play.face_down else 0)


def pile_score(mask: int) -> int:
    """A scoring pile's points with both reversals (`pile_points` on a mask)."""
    points = (
        10 * (mask & _H10).bit_count()
        + 5 * (mask & _H5).bit_count()
        - 10 * (mask & _S10).bit_count()
        - 5 * (mask & _S5).bit_count()
        + (mask & _ONE).bit_count()
    )
    if mask & _HEARTS6 == _HEARTS6:
        points -= REVERSAL
    if mask & _SPADES6 == _SPADES6:
        points += REVERSAL
    return points


class LeanTwoTenJack:
    """One round from any position. `hands` and `piles` are bitmasks per seat; `stock` holds card ints
    from the bottom to the top (`pop()` draws the next card); `trick` the card ints played to the current
    trick from `leader` on, `down` true when its lead lies face down. `apply` trusts its action."""

    __slots__ = (
        "down",
        "hands",
        "hidden_top",
        "leader",
        "opening",
        "piles",
        "players",
        "stock",
        "to_act",
        "trick",
    )

    players: int
    hands: list[int]
    stock: list[int]
    hidden_top: bool
    leader: int
    to_act: int
    trick: list[int]
    down: bool
    opening: bool
    piles: list[int]

    @classmethod
    def from_parts(
        cls,
        players: int,
        hands: list[list[int]],
        stock: list[int],
        stock_hidden_top: bool,
        leader: int,
        trick: list[tuple[int, int, bool]],
        opening: bool,
        piles: list[list[int]],
    ) -> "LeanTwoTenJack":
        """Any position inside a round; `stock` lists the next card to draw first, `trick` holds
        (seat, card, face_down) from the leader on, `piles` the cards each seat won this round."""
        state = object.__new__(cls)
        state.players = players
        state.hands = [mask_of(hand) for hand in hands]
        state.stock = list(stock)[::-1]
        state.hidden_top = bool(stock_hidden_top and stock)
        state.leader = leader
        state.to_act = (leader + len(trick)) % players
        state.trick = [card for _, card, _ in trick]
        state.down = bool(trick and trick[0][2])
        state.opening = opening
        state.piles = [mask_of(pile) for pile in piles]
        return state

    @classmethod
    def from_game(cls, game: TwoTenJackGame) -> "LeanTwoTenJack":
        """The full-information copy of a real game's current round (read from its private state,
        which this module mirrors)."""
        index = INDEX
        state = object.__new__(cls)
        state.players = game._players
        state.hands = [mask_of(hand) for hand in game._hands]
        state.stock = [index[card] for card in game._stock]
        state.hidden_top = game._hidden_top
        state.leader = game._leader
        state.to_act = game._to_act if game._phase == "play" else game._leader
        state.trick = [index[card] for card, _ in game._trick]
        state.down = bool(game._trick and game._trick[0][1])
        state.opening = game._opening_trick
        state.piles = [mask_of(pile) for pile in game._piles]
        return state

    @classmethod
    def deal(cls, rng: random.Random, players: int, dealer: int) -> "LeanTwoTenJack":
        """A fresh round shuffled by `rng`, dealt as the real table deals it."""
        cards = _PACK[players][:]
        rng.shuffle(cards)
        dealt = HAND_SIZE * players
        hands = [0] * players
        for index in range(dealt):
            hands[(dealer + 1 + index) % players] |= BIT[cards[index]]
        state = object.__new__(cls)
        state.players = players
        state.hands = hands
        state.stock = cards[dealt:][::-1]
        state.hidden_top = True
        state.leader = state.to_act = (dealer + 1) % players
        state.trick = []
        state.down = False
        state.opening = True
        state.piles = [0] * players
        return state

    def copy(self) -> "LeanTwoTenJack":
        other = object.__new__(LeanTwoTenJack)
        other.players = self.players
        other.hands = self.hands[:]
        other.stock = self.stock[:]
        other.hidden_top = self.hidden_top
        other.leader = self.leader
        other.to_act = self.to_act
        other.trick = self.trick[:]
        other.down = self.down
        other.opening = self.opening
        other.piles = self.piles[:]
        return other

    def hand(self, seat: int) -> list[int]:
        """The seat's cards as ints."""
        return cards_of(self.hands[seat])

    def stock_cards(self) -> list[int]:
        """The stock, next card to draw first."""
        return self.stock[::-1]

    def removed(self) -> list[int]:
        """The cards out of this round's pack."""
        return [INDEX[card] for card in removed_cards(self.players)]

    def over(self) -> bool:
        """Every hand is empty (hands are equal at each trick's start, so the seat to act tells)."""
        return not self.hands[self.to_act]

    def _options(self) -> tuple[int, int]:
        """The mask of the cards the seat to act may play, and 1 when they go face down."""
        hand = self.hands[self.to_act]
        trick = self.trick
        if not trick:
            if self.opening:
                plain = hand & PLAIN_MASK
                return (plain, 0) if plain else (hand, 1)
            return hand, 0
        if self.down:
            if len(trick) == 1:
                return hand, 0
            led = trick[1]
        else:
            led = trick[0]
        if hand & JK_BIT:
            if led == THREE_S:
                return JK_BIT, 0
            follow = hand & FOLLOW[led]
            return (follow | JK_BIT if follow else hand), 0
        return (hand & FOLLOW[led] or hand), 0

    def legal(self) -> list[int]:
        """The lean actions of the seat to act."""
        mask, down = self._options()
        out = []
        while mask:
            low = mask & -mask
            out.append((low.bit_length() - 1) * 2 + down)
            mask ^= low
        return out

    def apply(self, action: int) -> None:
        """Play lean `action` for the seat to act (trusted); a full trick is gathered, drawn after and
        the next trick led by its winner."""
        card = action >> 1
        seat = self.to_act
        self.hands[seat] ^= BIT[card]
        trick = self.trick
        if not trick and action & 1:
            self.down = True
        trick.append(card)
        players = self.players
        if len(trick) < players:
            self.to_act = (seat + 1) % players
            return
        first = 1 if self.down else 0
        row = ROW[trick[first]]
        best, best_strength = first, row[trick[first]]
        taken = BIT[trick[0]]
        for index in range(1, players):
            played = trick[index]
            taken |= BIT[played]
            strength = row[played]
            if strength > best_strength:
                best, best_strength = index, strength
        winner = (self.leader + best) % players
        self.piles[winner] |= taken
        self.trick = []
        self.down = False
        self.opening = False
        self.leader = self.to_act = winner
        stock = self.stock
        if stock:
            hands = self.hands
            for seat in _ROUND[players][winner]:
                hands[seat] |= BIT[stock.pop()]
            self.hidden_top = False

    def returns(self) -> list[int]:
        """Each seat's points in the round so far, reversals included (the real round score at its end)."""
        return [pile_score(pile) for pile in self.piles]

    def rollout(self, rng: random.Random) -> list[int]:
        """Uniformly random legal plays to the end of the round on this very state (copy it first to keep
        it), then `returns()`. The k-th legal play is taken, k = int(random() * count), drawing only when
        there is a choice, exactly as stepping `legal()`/`apply()` would. A trick under way is finished
        with `apply`; whole tricks then run as one tight loop over locals, the best card kept as it goes."""
        rand = rng.random
        while self.trick:
            legal = self.legal()
            self.apply(legal[int(rand() * len(legal))] if len(legal) > 1 else legal[0])
        players = self.players
        hands, stock, piles = self.hands, self.stock, self.piles
        bit, row_of, follow_of, after = BIT, ROW, FOLLOW, _AFTER[players]
        jk_bit, three_s = JK_BIT, THREE_S
        winner = self.leader
        if self.opening and hands[winner]:
            self._open(rand)
            winner = self.leader
        while hands[winner]:
            # The lead: any card of the hand.
            hand = hands[winner]
            many = hand.bit_count()
            options = hand
            if many > 1:
                skip = int(rand() * many)
                while skip:
                    options &= options - 1
                    skip -= 1
            low = options & -options
            hands[winner] = hand ^ low
            taken = low
            led = low.bit_length() - 1
            row, follow = row_of[led], follow_of[led]
            best, best_strength = winner, row[led]
            for seat in after[winner]:
                hand = hands[seat]
                if hand & jk_bit:
                    if led == three_s:
                        options = jk_bit
                    else:
                        options = hand & follow
                        options = options | jk_bit if options else hand
                else:
                    options = hand & follow or hand
                if options & (options - 1):
                    skip = int(rand() * options.bit_count())
                    while skip:
                        options &= options - 1
                        skip -= 1
                low = options & -options
                hands[seat] = hand ^ low
                taken |= low
                strength = row[low.bit_length() - 1]
                if strength > best_strength:
                    best, best_strength = seat, strength
            winner = best
            piles[winner] |= taken
            if stock:
                pop = stock.pop
                for seat in _ROUND[players][winner]:
                    hands[seat] |= bit[pop()]
                self.hidden_top = False
        self.leader = self.to_act = winner
        return [pile_score(pile) for pile in piles]

    def _open(self, rand: Callable[[], float]) -> None:
        """The opening trick by `apply`, with the rollout's draws (it is played once per round)."""
        while True:
            legal = self.legal()
            self.apply(legal[int(rand() * len(legal))] if len(legal) > 1 else legal[0])
            if not self.trick:
                return
