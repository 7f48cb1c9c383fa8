"""Königrufen cards and rules, the binding reading of `rules/koenigrufen.md`: points, counting in threes,
trick winners, following suit, legal discards and the settlement, each written once, here.

Card codes: trumps `I` … `XXI` and `SK` (Sküs); suit cards rank + suit, suits `H` ♥, `D` ♦, `C` ♣, `S` ♠,
courts `K` `Q` `C` (Reiter) `J`, pips `1 2 3 4` (red, high to low) and `10 9 8 7` (black).

The engines hold a card as its number, `DECK_INDEX[code]` (trumps 0 Pagat … 20 Mond, 21 Sküs, then ♥ ♦ ♣ ♠
from 22 on, each suit high to low, its König first), and the rules below work on numbers, unchecked, so that
random playouts stay cheap. The functions on codes (`trick_winner`, `legal_plays`, `count_points`, …) are
the public door: they validate their arguments, raising `ValueError` naming the problem, translate the
codes and ask the same rules.
"""

from bisect import bisect_left
from collections.abc import Callable, Iterable, Sequence
from functools import cache
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

# The table and the deal.
SEATS = 4
TRICK_SIZE = SEATS
HAND_SIZE = 12
TALON_SIZE = 6
HALF = 3  # a talon half
DISCARD_SIZE = 3
TRICKS_PER_DEAL = 12
WIN_POINTS = 36  # the declaring side needs at least this many card points

# Tables by code.
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

# Tables by card number: the hot loops are tuple look-ups.
SUIT: tuple[int, ...] = tuple(SUIT_NO[card] for card in DECK)  # 0 trumps, 1..4 ♥ ♦ ♣ ♠
# Strength within the suit, every trump above every suit card: the highest card of the suit led or trump
# takes a trick (but for the Emperor's trick).
POWER: tuple[int, ...] = tuple(CARD_STRENGTH[card] + (100 if SUIT_NO[card] == 0 else 0) for card in DECK)
POINTS: tuple[int, ...] = tuple(CARD_POINTS[card] for card in DECK)
KING_CARDS: tuple[int, ...] = tuple(DECK_INDEX[king] for king in KINGS)  # each suit's first card
_KH, _KD, _KC, _KS = KING_CARDS
PAGAT_CARD, MOND_CARD, SKUS_CARD = (DECK_INDEX[card] for card in TRULL)
# What may be laid away: suit cards but the kings; trumps but the Trull.
DISCARDABLE_SUIT: tuple[bool, ...] = tuple(SUIT[c] != 0 and c not in KING_CARDS for c in range(len(DECK)))
DISCARDABLE_TRUMP: tuple[bool, ...] = tuple(
    SUIT[c] == 0 and c not in (PAGAT_CARD, MOND_CARD, SKUS_CARD) for c in range(len(DECK))
)


# --- the rules, on card numbers ---------------------------------------------------------------------------


def counted(total: int, cards: int) -> int:
    """The card points of a pile of `cards` cards whose points sum to `total`, counted in threes: each full
    group is its sum minus 2, a remainder its sum minus 1. The groups' order does not matter, so this is
    the sum less 1 per group begun and 1 more per full group."""
    return total - (cards + 2) // 3 - cards // 3


def winning(trick: Sequence[int], emperor: bool = True, colour: bool = False) -> tuple[int, int]:
    """Who holds a (partial) trick: the index in play order of the winning card, and the highest power among
    the cards that count (the suit led and trumps; in a colour contract only the suit led). The highest
    trump wins, else the highest card of the suit led; with `emperor` and I, XXI and Sküs all in it, the
    Pagat (the Emperor's trick)."""
    led, trump = SUIT[trick[0]], -1 if colour else 0  # no suit is -1: no trump counts in a colour contract
    best, top = 0, POWER[trick[0]]
    for i in range(1, len(trick)):
        card = trick[i]
        suit = SUIT[card]
        if (suit == led or suit == trump) and POWER[card] > top:  # noqa: SIM109 (int compares: faster)
            best, top = i, POWER[card]
    if emperor and trick[best] == SKUS_CARD and PAGAT_CARD in trick and MOND_CARD in trick:
        return trick.index(PAGAT_CARD), top
    return best, top


def split_hand(cards: Iterable[int]) -> list[list[int]]:
    """The cards as five ascending lists (trumps, ♥, ♦, ♣, ♠): slices cut where each suit's König (its first
    card) sorts."""
    cards = sorted(cards)
    h = bisect_left(cards, _KH)
    d = bisect_left(cards, _KD, h)
    c = bisect_left(cards, _KC, d)
    s = bisect_left(cards, _KS, c)
    return [cards[:h], cards[h:d], cards[d:c], cards[c:s], cards[s:]]


def playable(split: Sequence[list[int]], trick: Sequence[int]) -> list[int]:
    """The cards of a `split_hand` that may be played on `trick`, ascending; may be one of `split`'s own
    lists (do not mutate it). Follow suit; else play a trump; else anything. A trump led asks for a trump;
    never for a higher card."""
    if trick:
        cards = split[SUIT[trick[0]]] or split[0]
        if cards:
            return cards
    trumps, hearts, diamonds, clubs, spades = split
    return [*trumps, *hearts, *diamonds, *clubs, *spades]


def follow_rule(split: Sequence[list[int]], trick: Sequence[int]) -> str:
    """What `playable` asks of a hand on a (begun) trick, as the refusal of any other card (player-facing)."""
    led = SUIT[trick[0]]
    if led and split[led]:
        return f"you must follow {SUIT_SYMBOLS[SUITS[led - 1]]}"
    return "you must play a trump"


def restricted(
    split: Sequence[list[int]], trick: Sequence[int], rules: tuple[bool, bool, bool, bool]
) -> list[int]:
    """`playable` under a contract's play rules, `rules` = (overtake, pagat_rule, colour, emperor): in a
    colour contract a trump is led only by a hand without suit cards; under the Pagat rule the Pagat goes
    only as the hand's last trump; under compulsory overtaking a follower who can beat the trick must.
    A new list, ascending."""
    overtake, pagat_rule, colour, emperor = rules
    if colour and not trick:
        trumps, hearts, diamonds, clubs, spades = split
        return [*hearts, *diamonds, *clubs, *spades] or trumps[:]
    cards = playable(split, trick)[:]
    if pagat_rule and cards and cards[0] == PAGAT_CARD and len(split[0]) > 1:
        del cards[0]  # the Pagat is the lowest card number: first when held
    if overtake and trick:
        led = SUIT[trick[0]]
        top = winning(trick, emperor, colour)[1]
        beating = [c for c in cards if (SUIT[c] == led or (SUIT[c] == 0 and not colour)) and POWER[c] > top]
        if beating:
            return beating
    return cards


def restriction(
    split: Sequence[list[int]], trick: Sequence[int], rules: tuple[bool, bool, bool, bool], card: int
) -> str:
    """Why `card`, in the hand, is refused by `restricted` (player-facing)."""
    if card in playable(split, trick):
        if rules[2] and not trick:
            return "lead a suit card while you hold one"
        if card == PAGAT_CARD and rules[1] and len(split[0]) > 1:
            return "the Pagat goes only as your last trump"
        return "you must beat the trick"
    return follow_rule(split, trick)


def discard_pools(
    cards: Sequence[int], size: int = DISCARD_SIZE, trumps_first: bool = False
) -> tuple[list[int], list[int]]:
    """What a legal discard of `size` cards is made of, in the cards' order: (the first pool, the second).
    Never a king nor a Trull card; suit cards first (or trumps first, in the colour contracts): `size` of
    the first pool while it holds that many, else all of it and the second pool to fill up, listed only
    then."""
    wanted, filler = DISCARDABLE_SUIT, DISCARDABLE_TRUMP
    if trumps_first:
        wanted, filler = filler, wanted
    first = [c for c in cards if wanted[c]]
    if len(first) >= size:
        return first, []
    return first, [c for c in cards if filler[c]]


def legal_discard_list(
    cards: Sequence[int], size: int = DISCARD_SIZE, trumps_first: bool = False
) -> list[tuple[int, ...]]:
    """Every legal discard from the declarer's cards, each in the cards' order, its first pool first."""
    first, second = discard_pools(cards, size, trumps_first)
    if not second:
        return list(combinations(first, size))
    return [(*first, *more) for more in combinations(second, size - len(first))]


def random_discard(
    cards: Sequence[int], draw: Callable[[], float], size: int = DISCARD_SIZE, trumps_first: bool = False
) -> tuple[int, ...]:
    """A uniformly random legal discard, ascending, without listing them: `size` distinct draws from the
    first pool, or all of it and the rest drawn from the second."""
    pool, second = discard_pools(cards, size, trumps_first)
    chosen: list[int] = []
    if second:
        chosen, pool = pool, second
    while len(chosen) < size:
        chosen.append(pool.pop(int(draw() * len(pool))))
    return tuple(sorted(chosen))


def discard_refusal(cards: Sequence[int], discard: Sequence[int], trumps_first: bool = False) -> str | None:
    """Why the declarer may not lay `discard`, distinct cards of `cards`, away (player-facing), or None."""
    barred = [SUIT[c] for c in discard if not (DISCARDABLE_SUIT[c] or DISCARDABLE_TRUMP[c])]
    if barred:
        return "kings cannot be discarded" if any(barred) else "the Trull cannot be discarded"
    first, _second = discard_pools(cards, len(discard), trumps_first)
    wanted = DISCARDABLE_TRUMP if trumps_first else DISCARDABLE_SUIT
    if sum(wanted[c] for c in discard) < min(len(discard), len(first)):
        return "discard trumps first" if trumps_first else "discard suit cards first"
    return None


@cache
def side_settlement(declarer: int, partner: int | None, amount: int) -> tuple[int, ...]:
    """The game points per seat when the declaring side wins `amount` per opponent (negative: loses it),
    zero-sum: each two against two ±amount; alone ±3·amount against ∓amount each."""
    row = [-amount] * SEATS
    if partner is None:
        row[declarer] = (SEATS - 1) * amount
    else:
        row[declarer] = row[partner] = amount
    return tuple(row)


# --- the public door, on card codes ------------------------------------------------------------------------


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


def _numbers(cards: Iterable[str]) -> list[int]:
    return [DECK_INDEX[card] for card in cards]


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
    """Unchecked `count_points`."""
    return counted(sum(map(CARD_POINTS.__getitem__, cards)), len(cards))


def count_points(cards: Sequence[str]) -> int:
    """A pile's card points counted in threes; all 54 cards make 70."""
    _check_cards(cards, "the pile")
    return pile_points(cards)


def winning_index(trick: Sequence[str]) -> int:
    """Unchecked `trick_winner`."""
    return winning(_numbers(trick))[0]


def _check_trick(trick: Sequence[str], most: int) -> None:
    _check_cards(trick, "the trick")
    if len(trick) > most:
        raise ValueError(f"a trick here holds at most {most} cards, not {len(trick)}")


def trick_winner(trick: Sequence[str]) -> int:
    """Index, in play order, of the card winning a (partial) trick (see `winning`)."""
    if not trick:
        raise ValueError("an empty trick has no winner")
    _check_trick(trick, TRICK_SIZE)
    return winning_index(trick)


def playable_cards(hand: Iterable[str], trick: Sequence[str]) -> list[str]:
    """Unchecked `legal_plays`, the allowed cards in `DECK` order."""
    return [DECK[c] for c in playable(split_hand(_numbers(hand)), _numbers(trick))]


def legal_plays(hand: Sequence[str], trick: Sequence[str]) -> list[str]:
    """The cards of `hand`, in its order, that may be played on `trick` (empty: leading, every card)."""
    _check_cards(hand, "the hand")
    _check_trick(trick, TRICK_SIZE - 1)
    both = set(hand) & set(trick)
    if both:
        raise ValueError(
            f"cards both in the hand and in the trick: {sorted(both, key=DECK_INDEX.__getitem__)}"
        )
    allowed = set(playable_cards(hand, trick))
    return [card for card in hand if card in allowed]


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
    return discard_refusal(_numbers(hand), _numbers(discard))


def is_legal_discard(hand: Sequence[str], discard: Sequence[str]) -> bool:
    """For the declarer's 15-card hand (after taking a talon half) and a proposed 3-card discard."""
    return discard_problem(hand, discard) is None


def legal_discards(
    hand: Sequence[str], size: int = DISCARD_SIZE, trumps_first: bool = False
) -> list[tuple[str, ...]]:
    """Every legal discard of `size` from `hand` (unchecked), cards in the hand's order, first pool first."""
    return [tuple(DECK[c] for c in d) for d in legal_discard_list(_numbers(hand), size, trumps_first)]
