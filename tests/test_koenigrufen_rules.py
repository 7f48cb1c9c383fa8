"""Königrufen card rules against `rules/koenigrufen.md`: points, counting in threes, trick winners,
legal plays and legal discards, table-driven, and the refusals of bad arguments."""

import itertools
import random
import re
from collections.abc import Callable

import pytest

from game.games.koenigrufen.cards import (
    CARD_POINTS,
    DECK,
    KINGS,
    SUITS,
    TRULL,
    TRUMPS,
    discard_problem,
    is_trump,
    legal_discards,
    strength,
    suit_of,
)
from game.rules.koenigrufen import card_points, count_points, is_legal_discard, legal_plays, trick_winner


def test_the_pack() -> None:
    assert len(DECK) == len(set(DECK)) == 54
    assert TRUMPS[0] == "I" and TRUMPS[-2:] == ("XXI", "SK") and len(TRUMPS) == 22
    assert SUITS == ("H", "D", "C", "S")
    for suit in SUITS:
        cards = [card for card in DECK if suit_of(card) == suit]
        assert len(cards) == 8 and "K" + suit in cards
    assert [card for card in DECK if is_trump(card)] == list(TRUMPS)
    assert suit_of("SK") == "T" and suit_of("10C") == "C" and suit_of("CC") == "C"


@pytest.mark.parametrize(
    ("low", "high"),
    [
        ("I", "II"),
        ("XX", "XXI"),
        ("XXI", "SK"),
        ("QH", "KH"),
        ("CD", "QD"),
        ("JC", "CC"),
        ("1H", "JH"),  # the Ass is the highest pip, below the Bube
        ("2D", "1D"),
        ("4H", "3H"),
        ("9S", "10S"),
        ("7C", "8C"),
        ("10C", "JC"),
    ],
)
def test_strength_within_a_suit(low: str, high: str) -> None:
    assert strength(low) < strength(high)


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (("KH", "KD", "KC", "KS", "I", "XXI", "SK"), 5),
        (("QH", "QD", "QC", "QS"), 4),
        (("CH", "CD", "CC", "CS"), 3),
        (("JH", "JD", "JC", "JS"), 2),
        (("II", "XX", "1H", "4D", "10C", "7S", "9C", "2H"), 1),
    ],
)
def test_card_points(cards: tuple[str, ...], points: int) -> None:
    assert all(card_points(card) == points for card in cards)


@pytest.mark.parametrize(
    ("pile", "points"),
    [
        (DECK, 70),
        (("II", "7S", "4H"), 1),  # three one-pointers
        (("KH", "QH", "JH"), 9),  # 5 + 4 + 2 - 2
        (("KH", "QH"), 8),  # two cards: 9 - 1
        (("KH",), 4),  # one card: 5 - 1
        (("7C",), 0),
        ((), 0),
        (("KH", "QH", "CH", "7C"), 10),  # 12 - 2, then 1 - 1
        (("SK", "XXI", "I", "KS", "KD"), 22),  # 15 - 2, then 10 - 1
    ],
)
def test_count_points_in_threes(pile: tuple[str, ...], points: int) -> None:
    assert count_points(pile) == points


def test_both_sides_always_make_70() -> None:
    rng = random.Random(7)
    for _ in range(500):
        deck = list(DECK)
        rng.shuffle(deck)
        # The declarer's pile: three discards and whole tricks; the defenders': three talon cards and tricks.
        cut = 3 + 4 * rng.randrange(13)
        assert count_points(deck[:cut]) + count_points(deck[cut:]) == 70


@pytest.mark.parametrize(
    ("trick", "winner"),
    [
        (("KH",), 0),
        (("7C", "10C", "KC", "QC"), 2),
        (("4H", "KD", "3H", "1D"), 2),  # only the suit led counts
        (("4H", "1H", "2H", "3H"), 1),  # red pips: Ass high
        (("KH", "II", "QH"), 1),  # a trump beats the suit
        (("1H", "V", "XX", "III"), 2),  # the highest trump
        (("II", "KH", "III", "QH"), 2),  # trump led
        (("XXI", "SK", "XX"), 1),  # Sküs is the highest trump
        (("I", "XXI", "SK", "KH"), 0),  # the Emperor's trick: the Pagat wins
        (("SK", "KH", "XXI", "I"), 3),
        (("XXI", "I", "SK"), 1),
        (("I", "SK", "KH", "QH"), 1),  # only two of the three: the higher trump
        (("I", "XXI", "2H"), 1),
        (("KH", "I"), 1),  # the Pagat is still a trump
    ],
)
def test_trick_winner(trick: tuple[str, ...], winner: int) -> None:
    assert trick_winner(trick) == winner


HAND = ("I", "V", "XX", "KH", "3H", "QD", "10C", "7C")


@pytest.mark.parametrize(
    ("hand", "trick", "legal"),
    [
        (HAND, (), HAND),  # leading: anything
        (HAND, ("1H",), ("KH", "3H")),  # follow suit, no need to go higher
        (HAND, ("JC", "XXI"), ("10C", "7C")),  # the suit led, not the winning trump, decides
        (HAND, ("KS",), ("I", "V", "XX")),  # no spade: a trump
        (HAND, ("II", "KS"), ("I", "V", "XX")),  # trump led: a trump, any trump
        (HAND, ("SK",), ("I", "V", "XX")),  # a trump even if it cannot win
        (("KH", "3H", "QD"), ("KS",), ("KH", "3H", "QD")),  # neither: anything
        (("KH", "3H", "QD"), ("II",), ("KH", "3H", "QD")),
        (("KH", "QD"), ("4D", "KD", "XX"), ("QD",)),
    ],
)
def test_legal_plays(hand: tuple[str, ...], trick: tuple[str, ...], legal: tuple[str, ...]) -> None:
    assert legal_plays(hand, trick) == list(legal)


# A declarer's 15 cards: three kings, the Trull, four discardable suit cards, five other trumps.
FULL = ("I", "II", "III", "IV", "V", "VI", "XXI", "SK", "KH", "KD", "KC", "QH", "4H", "10C", "7S")
# Only two discardable suit cards besides the kings.
SHORT = ("I", "II", "III", "IV", "V", "VI", "VII", "XX", "XXI", "SK", "KH", "KD", "KC", "QH", "7S")


@pytest.mark.parametrize(
    ("hand", "discard", "problem"),
    [
        (FULL, ("QH", "4H", "10C"), None),
        (FULL, ("QH", "4H", "KH"), "kings cannot be discarded"),
        (FULL, ("QH", "4H", "I"), "the Trull cannot be discarded"),
        (FULL, ("QH", "4H", "SK"), "the Trull cannot be discarded"),
        (FULL, ("QH", "XXI", "7S"), "the Trull cannot be discarded"),
        (FULL, ("QH", "4H", "II"), "discard suit cards first"),
        (SHORT, ("QH", "7S", "II"), None),  # fewer than three suit cards: trumps as needed, shown
        (SHORT, ("QH", "II", "III"), "discard suit cards first"),  # only as many trumps as needed
        (SHORT, ("II", "III", "IV"), "discard suit cards first"),
        (SHORT, ("QH", "7S", "KC"), "kings cannot be discarded"),
    ],
)
def test_discards(hand: tuple[str, ...], discard: tuple[str, ...], problem: str | None) -> None:
    assert discard_problem(hand, discard) == problem
    assert is_legal_discard(hand, discard) is (problem is None)


def test_legal_discards_are_exactly_the_legal_ones() -> None:
    rng = random.Random(3)
    for _ in range(300):
        hand = rng.sample(DECK, 15)
        listed = legal_discards(hand)
        assert len(listed) == len(set(map(frozenset, listed)))
        legal = {frozenset(d) for d in itertools.combinations(hand, 3) if is_legal_discard(hand, d)}
        assert set(map(frozenset, listed)) == legal
    assert legal_discards(SHORT) == [
        ("QH", "7S", trump) for trump in ("II", "III", "IV", "V", "VI", "VII", "XX")
    ]


def test_kings_and_the_trull_are_never_discardable() -> None:
    hand = (*KINGS, *TRULL, "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")
    assert legal_discards(hand) == list(
        itertools.combinations(("II", "III", "IV", "V", "VI", "VII", "VIII", "IX"), 3)
    )


def test_points_table_matches_the_function() -> None:
    assert all(CARD_POINTS[card] == card_points(card) for card in DECK)
    assert sum(CARD_POINTS.values()) == 106  # 70 + 2 for each of the 18 threes


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: card_points("ZZ"), "unknown card code: 'ZZ'"),
        (lambda: suit_of("11H"), "unknown card code: '11H'"),
        (lambda: strength("kh"), "unknown card code: 'kh'"),
        (lambda: is_trump("XXII"), "unknown card code: 'XXII'"),
        (lambda: count_points(["KH", "KH"]), "the pile holds KH twice"),
        (lambda: count_points(["KH", "1C"]), "unknown card code: '1C'"),
        (lambda: trick_winner([]), "an empty trick has no winner"),
        (lambda: trick_winner(["KH", "QH", "CH", "JH", "1H"]), "at most 4 cards, not 5"),
        (lambda: trick_winner(["KH", "KX"]), "unknown card code: 'KX'"),
        (lambda: legal_plays(["KH", "QH"], ["1H", "2H", "3H", "4H"]), "at most 3 cards, not 4"),
        (lambda: legal_plays(["KH", "QH"], ["KH"]), "both in the hand and in the trick: ['KH']"),
        (lambda: legal_plays(["KH", "QQ"], []), "unknown card code: 'QQ'"),
        (lambda: legal_plays(["KH", "KH"], []), "the hand holds KH twice"),
        (lambda: is_legal_discard(FULL, ("QH", "4H")), "a discard is 3 cards, not 2"),
        (lambda: is_legal_discard(FULL, ("QH", "4H", "10C", "7S")), "a discard is 3 cards, not 4"),
        (lambda: is_legal_discard(FULL, ("QH", "4H", "QS")), "QS is not in the hand"),
        (lambda: is_legal_discard(FULL, ("QH", "4H", "4H")), "the discard holds 4H twice"),
        (lambda: is_legal_discard(FULL, ("QH", "4H", "Q")), "unknown card code: 'Q'"),
    ],
)
def test_bad_arguments_are_named(call: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=re.escape(message)):
        call()
