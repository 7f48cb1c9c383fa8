"""Königrufen cards and rules, the binding reading of `rules/koenigrufen.md`: points, counting in threes,
trick winners, legal plays and legal discards.

Card codes: trumps `I` … `XXI` and `SK` (Sküs); suit cards rank + suit, suits `H` ♥, `D` ♦, `C` ♣, `S` ♠,
courts `K` `Q` `C` (Reiter) `J`, pips `1 2 3 4` (red, high to low) and `10 9 8 7` (black).

The checked functions (`trick_winner`, `legal_plays`, `count_points`, …) validate their arguments and raise
`ValueError` naming the problem. The game state and the computer players call the unchecked cores
(`winning_index`, `playable`, `pile_points`, …) on cards they already know to be valid, so that random
playouts stay cheap.
"""

from collections.abc import Iterable, Sequence
from itertools import combinations

TRUMP = "T"  # what `suit_of` answers for a trump
SUITS = ("H", "D", "C", "S")
SUIT_SYMBOLS = {"H": "♥", "D": "♦", "C": "♣", "S": "♠"}
TRUMPS: tuple[str, ...] = (
    *("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI"),
    *("XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "SK"),
)
PAGAT, MOND, SKUS = "I", "XXI", "SK"
TRULL = (PAGAT, MOND, SKUS)
KINGS = ("KH", "KD", "KC", "KS")
COURTS = ("K", "Q", "C", "J")
PIPS = {
    "H": ("1", "2", "3", "4"),
    "D": ("1", "2", "3", "4"),
    "C": ("10", "9", "8", "7"),
    "S": ("10", "9", "8", "7"),
}
# Each suit high to low; the deck is the trumps low to high, then the suits in `SUITS` order.
SUIT_CARDS: dict[str, tuple[str, ...]] = {s: tuple(rank + s for rank in COURTS + PIPS[s]) for s in SUITS}
DECK: tuple[str, ...] = TRUMPS + tuple(card for s in SUITS for card in SUIT_CARDS[s])
TRICK_SIZE = 4

# Precomputed tables, so the hot paths are dict look-ups.
CARD_SUIT: dict[str, str] = {card: TRUMP for card in TRUMPS} | {c: s for s in SUITS for c in SUIT_CARDS[s]}
# Slot of a card in a hand held as per-suit lists (see `split_hand`): 0 trumps, then 1..4 in `SUITS` order.
SUIT_NO: dict[str, int] = {card: 0 if s == TRUMP else 1 + SUITS.index(s) for card, s in CARD_SUIT.items()}
# Rank within its own suit: 1 (Pagat, or the lowest pip) up to 22 (Sküs) or 8 (König).
CARD_STRENGTH: dict[str, int] = {card: i + 1 for i, card in enumerate(TRUMPS)} | {
    card: len(cards) - i for cards in SUIT_CARDS.values() for i, card in enumerate(cards)
}
_COURT_POINTS = {"K": 5, "Q": 4, "C": 3, "J": 2}
CARD_POINTS: dict[str, int] = {card: 5 if card in TRULL else 1 for card in TRUMPS} | {
    card: _COURT_POINTS.get(card[0], 1) for cards in SUIT_CARDS.values() for card in cards
}
DECK_INDEX: dict[str, int] = {card: i for i, card in enumerate(DECK)}
_TRUMP_BONUS = 100  # any trump beats any suit card
_POWER: dict[str, int] = {c: CARD_STRENGTH[c] + (_TRUMP_BONUS if CARD_SUIT[c] == TRUMP else 0) for c in DECK}
_DISCARDABLE_SUIT = frozenset(c for c in DECK if CARD_SUIT[c] != TRUMP and c not in KINGS)
_DISCARDABLE_TRUMP = frozenset(c for c in TRUMPS if c not in TRULL)
DISCARD_SIZE = 3


def check_card(card: str) -> None:
    """Refuse an unknown card code, naming it."""
    if card not in DECK_INDEX:
        raise ValueError(f"unknown card code: {card!r}")


def _check_cards(cards: Sequence[str], what: str) -> None:
    seen: set[str] = set()
    for card in cards:
        check_card(card)
        if card in seen:
            raise ValueError(f"{what} holds {card} twice")
        seen.add(card)


def is_trump(card: str) -> bool:
    check_card(card)
    return CARD_SUIT[card] == TRUMP


def suit_of(card: str) -> str:
    """`H`, `D`, `C`, `S`, or `T` for a trump."""
    check_card(card)
    return CARD_SUIT[card]


def strength(card: str) -> int:
    """Rank within the card's own suit (1 = lowest; König 8, Sküs 22): compare only cards of one suit."""
    check_card(card)
    return CARD_STRENGTH[card]


def card_points(card: str) -> int:
    check_card(card)
    return CARD_POINTS[card]


def pile_points(cards: Sequence[str]) -> int:
    """Unchecked `count_points`: in threes, each full group is its sum minus 2, a remainder its sum minus 1.

    The groups' order does not matter, so this is the sum less 2 per full group and 1 for a remainder.
    """
    groups, rest = divmod(len(cards), 3)
    return sum(map(CARD_POINTS.__getitem__, cards)) - 2 * groups - (1 if rest else 0)


def count_points(cards: Sequence[str]) -> int:
    """A pile's card points counted in threes; all 54 cards make 70."""
    _check_cards(cards, "the pile")
    return pile_points(cards)


def winning_index(trick: Sequence[str]) -> int:
    """Unchecked `trick_winner`."""
    if PAGAT in trick and SKUS in trick and MOND in trick:
        return trick.index(PAGAT)  # the Emperor's trick
    led = CARD_SUIT[trick[0]]
    best, top = 0, _POWER[trick[0]]
    for i in range(1, len(trick)):
        card = trick[i]
        suit = CARD_SUIT[card]
        if suit in (led, TRUMP) and _POWER[card] > top:
            best, top = i, _POWER[card]
    return best


def _check_trick(trick: Sequence[str], most: int) -> None:
    _check_cards(trick, "the trick")
    if len(trick) > most:
        raise ValueError(f"a trick here holds at most {most} cards, not {len(trick)}")


def trick_winner(trick: Sequence[str]) -> int:
    """Index, in play order, of the card winning a (partial) trick: the highest trump, else the highest
    card of the suit led; with I, XXI and Sküs all in it, the Pagat (the Emperor's trick)."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    _check_trick(trick, TRICK_SIZE)
    return winning_index(trick)


def split_hand(cards: Iterable[str]) -> list[list[str]]:
    """The hand as five lists (trumps, ♥, ♦, ♣, ♠), each in the given order; unchecked."""
    split: list[list[str]] = [[], [], [], [], []]
    for card in cards:
        split[SUIT_NO[card]].append(card)
    return split


def playable(split: Sequence[list[str]], trick: Sequence[str]) -> list[str]:
    """Unchecked `legal_plays` on a `split_hand`; may return one of `split`'s own lists (do not mutate it).

    Follow suit; else play a trump; else anything. A trump led asks for a trump; never for a higher card.
    """
    if trick:
        led = split[SUIT_NO[trick[0]]]
        if led:
            return led
        if split[0]:
            return split[0]
    trumps, hearts, diamonds, clubs, spades = split
    return [*trumps, *hearts, *diamonds, *clubs, *spades]


def legal_plays(hand: Sequence[str], trick: Sequence[str]) -> list[str]:
    """The cards of `hand`, in its order, that may be played on `trick` (empty: leading, every card)."""
    _check_cards(hand, "the hand")
    _check_trick(trick, TRICK_SIZE - 1)
    both = set(hand) & set(trick)
    if both:
        raise ValueError(
            f"cards both in the hand and in the trick: {sorted(both, key=DECK_INDEX.__getitem__)}"
        )
    allowed = set(playable(split_hand(hand), trick))
    return [card for card in hand if card in allowed]


def refusal(split: Sequence[list[str]], trick: Sequence[str], card: str) -> str | None:
    """Why `card`, held in `split`, may not be played on `trick` (player-facing), or None; unchecked."""
    if not trick:
        return None
    led = SUIT_NO[trick[0]]
    suit = SUIT_NO[card]
    if suit == led:
        return None
    if split[led]:
        return "you must play a trump" if led == 0 else f"you must follow {SUIT_SYMBOLS[SUITS[led - 1]]}"
    if suit != 0 and split[0]:
        return "you must play a trump"
    return None


def discard_problem(hand: Sequence[str], discard: Sequence[str]) -> str | None:
    """Why the declarer may not lay `discard` away from `hand` (player-facing), or None when it is legal.

    Never a king nor the Trull; suit cards first: trumps only when the hand holds fewer than three
    discardable suit cards, and then only as many as needed.
    """
    _check_cards(hand, "the hand")
    if len(discard) != DISCARD_SIZE:
        raise ValueError(f"a discard is {DISCARD_SIZE} cards, not {len(discard)}")
    _check_cards(discard, "the discard")
    held = set(hand)
    for card in discard:
        if card not in held:
            raise ValueError(f"{card} is not in the hand")
    return discard_refusal(hand, discard)


def discard_refusal(hand: Sequence[str], discard: Sequence[str]) -> str | None:
    """Unchecked `discard_problem`, for three distinct cards of `hand`."""
    if any(card in KINGS for card in discard):
        return "kings cannot be discarded"
    if any(card in TRULL for card in discard):
        return "the Trull cannot be discarded"
    suit_cards = sum(card in _DISCARDABLE_SUIT for card in hand)
    trumps = sum(CARD_SUIT[card] == TRUMP for card in discard)
    if trumps > max(0, DISCARD_SIZE - suit_cards):
        return "discard suit cards first"
    return None


def is_legal_discard(hand: Sequence[str], discard: Sequence[str]) -> bool:
    """For the declarer's 15-card hand (after taking a talon half) and a proposed 3-card discard."""
    return discard_problem(hand, discard) is None


def legal_discards(hand: Sequence[str]) -> list[tuple[str, ...]]:
    """Every legal discard from `hand` (unchecked), cards in the hand's order, suit cards first."""
    suits = [card for card in hand if card in _DISCARDABLE_SUIT]
    if len(suits) >= DISCARD_SIZE:
        return list(combinations(suits, DISCARD_SIZE))
    trumps = [card for card in hand if card in _DISCARDABLE_TRUMP]
    return [(*suits, *more) for more in combinations(trumps, DISCARD_SIZE - len(suits))]
