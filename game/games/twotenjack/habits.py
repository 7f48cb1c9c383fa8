"""The easy player's table habits on the lean engine, for the search's playouts and its likelihood.

`easy.choose` weighs each legal card from a seat's view: the chance of taking the trick, the points it
would then be worth, the card's points handed to another when it loses, its power kept in hand, the card
drawn next and the joker call. `weigh` is that same weighing on masks and card ints, from the few public
facts it reads, about four times faster than `easy` on a view (and no view to build): a playout plays like
the table (`play_out`, each seat reading what it would know), and the likelihood asks how a seat with a
sampled hand would have played. Where `easy` draws among equal values, a playout takes the lowest card.
tests/test_twotenjack_search_habits.py checks that the two agree.
"""

from collections.abc import Sequence
from functools import cache

from game.games.twotenjack.cards import (
    BIT,
    DECK,
    JK_BIT,
    LED_AT,
    POINTS,
    ROW,
    STRENGTH,
    SUIT,
    SUITS,
    THREE_S,
    TRUMPS,
    mask_of,
)
from game.games.twotenjack.core import PACKS, LeanTwoTenJack, options
from game.games.twotenjack.easy import (
    DRAW_WEIGHT,
    GIVE_WEIGHT,
    JOKER_CALL_BONUS,
    KNOWN_THREAT,
    OFF_SUIT_TRUMP,
    none_among,
    power,
)

POWER: tuple[float, ...] = tuple(power(card) for card in DECK)
PTS: tuple[int, ...] = tuple(POINTS[card] for card in DECK)
_TOP_STRENGTH = 100  # the joker's
_THREE_S_BIT = BIT[THREE_S]


def _beats(led: str | None) -> list[tuple[int, int]]:
    """Per strength of the card to beat: the cards stronger under the suit `led` (None: the joker led)
    that a later player would surely use, and the trumps it would only use void in the suit led."""
    strength = STRENGTH[led]
    out = []
    for mine in range(_TOP_STRENGTH + 1):
        stronger = [card for card in range(len(DECK)) if strength[DECK[card]] > mine]
        weak = [c for c in stronger if DECK[c] in TRUMPS and led not in (None, "H", SUIT[DECK[c]])]
        out.append((mask_of(stronger) & ~mask_of(weak), mask_of(weak)))
    return out


# _BEATS[card led][strength]: (sure threats, off-suit trumps) to a card of that strength; _ABOVE: both.
_BY_SUIT = {led: _beats(led) for led in (*SUITS, None)}
_BEATS = tuple(_BY_SUIT[SUIT[card]] for card in DECK)
_ABOVE = tuple(tuple(sure | weak for sure, weak in row) for row in _BEATS)


@cache
def _none_among(pool: int, sure: int, weak: int, drawn: int) -> float:
    """Chance that `drawn` cards taken from `pool` hold none of the threats: easy's sum, cached by counts."""
    return none_among(pool, sure + OFF_SUIT_TRUMP * weak, drawn)


# _LOSE[keep][card]: a card's value when it does not take the trick (its points given away, its power
# spent, the power counting `keep`); _GAIN[card]: what taking the trick adds to it, beside the trick's
# other points and the card drawn next.
_LOSE = {
    keep: tuple(-GIVE_WEIGHT * PTS[c] - keep * POWER[c] for c in range(len(DECK)))
    for keep in (0, 1 / 3, 2 / 3, 1.0)
}
_GAIN = tuple((1 + GIVE_WEIGHT) * PTS[c] for c in range(len(DECK)))


def _keep(hand: int, stock: bool) -> float:
    """How much a card's power kept in hand counts: fully while the stock lasts, less as the hand runs out."""
    return 1.0 if stock else min(1.0, (hand.bit_count() - 1) / 3)


def give(hand: int, mask: int, face_up: Sequence[int], stock: bool) -> int:
    """When no card of `mask` can beat the trick's face-up cards, the cards `easy` would give (a mask, more
    than one on a tie: what a card costs and the power it spends count, nothing else); else 0."""
    if not face_up:
        return 0
    led = face_up[0]
    row = ROW[led]
    if mask & _ABOVE[led][max(row[card] for card in face_up)]:
        return 0
    return weigh(hand, mask, 0, face_up, 0, (), -1, stock, 0.0)  # what is unseen, or drawn next, counts not


def weigh(
    hand: int,
    mask: int,
    face_down: int,
    face_up: Sequence[int],
    pool: int,
    later: Sequence[tuple[int, int]],
    top: int,
    stock: bool,
    joker: float,
) -> int:
    """The cards `easy` would choose among those of `mask` (two or more, played face down when `face_down`,
    from `hand`) on the trick's face-up cards `face_up`: a mask, more than one on a tie. What the
    seat knows besides: the cards it has not seen (`pool`: other hands but their face-up draws, the
    stock under its visible top, a face-down lead not its own); per seat still to play, its face-up
    draws and its other cards' count; the stock's visible top (-1: none, or face down); whether the
    stock lasts; the chance another player holds the joker (read when the 3 of spades may lead)."""
    size = pool.bit_count()
    lose = _LOSE[_keep(hand, stock)]  # what a card that does not take the trick is worth
    draw = DRAW_WEIGHT * (POWER[top] - 1.0) if top >= 0 else 0.0
    if face_up:
        led = face_up[0]
        row = ROW[led]
        best = max(row[card] for card in face_up)
        points = draw + sum(PTS[card] for card in face_up)
    else:
        best, points = 0, draw
    chosen, value_of = 0, -1e18
    while mask:
        low = mask & -mask
        mask ^= low
        card = low.bit_length() - 1
        if not face_up:
            led = card
        value = lose[card]
        if not face_down and ROW[led][card] > best:
            sure, weak = _BEATS[led][ROW[led][card]]
            many, few = (pool & sure).bit_count(), (pool & weak).bit_count()
            win = 1.0
            for shown, unknown in later:
                if shown and shown & (sure | weak):
                    win *= 1 - KNOWN_THREAT * (1.0 if shown & sure else OFF_SUIT_TRUMP)
                win *= _none_among(size, many, few, unknown)
            value += win * (points + _GAIN[card])
        if card == THREE_S and not face_up:
            value += JOKER_CALL_BONUS * joker
        if value > value_of + 1e-9:
            chosen, value_of = low, value
        elif value >= value_of - 1e-9:
            chosen |= low
    return chosen


def joker_out(hand: int, pool: int, shown: int, hidden: int) -> float:
    """Chance that another player holds the joker (`easy._joker_held_by_opponent`), from the seat's
    `hand`, its unseen cards, the other hands' face-up draws and their other cards' count."""
    if shown >= JK_BIT:
        return 1.0
    if pool < JK_BIT or hand >= JK_BIT:
        return 0.0
    return hidden / pool.bit_count()


# PACK[players]: the mask of the round's cards.
PACK = {players: mask_of(cards) for players, cards in PACKS.items()}


class Playout(LeanTwoTenJack):
    """A lean round that also knows which cards went into a hand face up from the stock (`public`, a
    mask): every seat saw them, and the habits count them as known."""

    __slots__ = ("public",)

    public: int

    @classmethod
    def known(cls, state: LeanTwoTenJack, public: int) -> "Playout":
        """`state` (its parts, not copied) with the cards drawn face up so far."""
        other = object.__new__(cls)
        for name in LeanTwoTenJack.__slots__:
            setattr(other, name, getattr(state, name))
        other.public = public
        return other

    def copy(self) -> "Playout":
        return Playout.known(super().copy(), self.public)

    def apply(self, action: int) -> None:
        """`LeanTwoTenJack.apply`, noting the cards drawn face up when the trick is gathered."""
        self.public |= _shown_draws(self)
        _apply(self, action)


_apply = LeanTwoTenJack.apply


def _shown_draws(state: LeanTwoTenJack) -> int:
    """The cards drawn face up if the next card played ends the trick: all but the face-down top."""
    stock, players = state.stock, state.players
    if not stock or len(state.trick) != players - 1:
        return 0
    drawn = 0
    for card in stock[-players:-1] if state.hidden_top else stock[-players:]:
        drawn |= BIT[card]
    return drawn


def play_out(state: Playout) -> None:
    """Plays the round out by the habits, every seat reading only what it would know."""
    players, hands = state.players, state.hands
    played = played_cards(state)
    while hands[state.to_act]:
        action = choice(state, played)
        played |= BIT[action >> 1]
        if len(state.trick) == players - 1:
            state.public |= _shown_draws(state)
        _apply(state, action)


def played_cards(state: LeanTwoTenJack) -> int:
    """The mask of the cards played so far in the round."""
    played = 0
    for pile in state.piles:
        played |= pile
    for card in state.trick:
        played |= BIT[card]
    return played


def choice(state: Playout, played: int) -> int:
    """The habits' lean action for the seat to act in `state`, `played` the cards played so far."""
    seat = state.to_act
    hand = state.hands[seat]
    trick, down = state.trick, state.down
    mask, face_down, _ = options(hand, trick, down, state.opening)
    if not mask & (mask - 1):
        return (mask.bit_length() - 1) * 2 + face_down
    face_up = trick[LED_AT[down] :] if trick else trick
    chosen = give(hand, mask, face_up, bool(state.stock)) or _weigh_at(
        state, seat, hand, mask, face_down, face_up, played
    )
    return ((chosen & -chosen).bit_length() - 1) * 2 + face_down


def _weigh_at(
    state: Playout, seat: int, hand: int, mask: int, face_down: int, face_up: Sequence[int], played: int
) -> int:
    """`weigh` for the seat to act in a playout, from what it knows there."""
    players, hands, trick, public, stock = state.players, state.hands, state.trick, state.public, state.stock
    top = stock[-1] if stock and not state.hidden_top else -1
    unseen = PACK[players] & ~(played | public)
    if top >= 0:
        unseen &= ~BIT[top]
    if state.down and seat != state.leader:
        unseen |= BIT[trick[0]]
    pool = unseen & ~hand
    later = []
    for offset in range(1, players - len(trick)):
        held = hands[(seat + offset) % players]
        shown = held & public
        later.append((shown, held.bit_count() - shown.bit_count()))
    joker = 0.0
    if mask & _THREE_S_BIT and not face_up:
        others = [held for other, held in enumerate(hands) if other != seat]
        shown = public & sum(others)
        joker = joker_out(hand, pool, shown, sum(map(int.bit_count, others)) - shown.bit_count())
    return weigh(hand, mask, face_down, face_up, pool, later, top, bool(stock), joker)
