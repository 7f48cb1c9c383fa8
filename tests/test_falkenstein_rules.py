"""The Fortune resolution against the binding rules file: seed examples first, then every corner."""

import itertools
from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.falkenstein.resolution import (
    DECK,
    JOKERS,
    LEVELS,
    RANKS,
    REASONS,
    STANDINGS,
    SUITS,
    explain,
    rank_of,
    suit_of,
)
from game.i18n import LANGUAGES, catalogue
from game.rules.falkenstein import gm_wins, is_fireworks, standing_of, win_chance

HIGH = ("J", "Q", "K", "A")


def suit(s: str) -> set[str]:
    return {rank + s for rank in RANKS}


def high(*suits: str) -> set[str]:
    return {rank + s for rank in HIGH for s in suits}


def host_winners(played: str, trump: str, standing: str) -> set[str]:
    return {g for g in DECK if g != played and gm_wins(played, g, trump, standing)}


# The seed examples (trump = clubs), exactly as the rules file lists them; jokers always win for the Host.
SEED_EXAMPLES = [
    ("stronger", "10C", high("C")),
    ("stronger", "10S", suit("C") | high("S")),
    ("equal", "10C", high("C", "S")),
    ("equal", "10S", suit("C") | high("S")),
    ("equal", "10D", suit("C") | suit("S") | high("D")),
    ("weaker", "10C", high(*SUITS)),
    ("weaker", "10S", suit("C") | suit("H") | suit("D") | high("S")),
]


@pytest.mark.parametrize(("standing", "played", "expected"), SEED_EXAMPLES)
def test_seed_examples(standing: str, played: str, expected: set[str]) -> None:
    assert host_winners(played, "C", standing) == expected | set(JOKERS)


def test_seed_example_counts() -> None:
    assert len(SEED_EXAMPLES[1][2]) == 13 + 4
    assert len(SEED_EXAMPLES[5][2]) == 16
    assert len(SEED_EXAMPLES[6][2]) == 39 + 4


def above(card_rank: str, *suits: str) -> set[str]:
    start = RANKS.index(card_rank) + 1
    return {rank + s for rank in RANKS[start:] for s in suits}


# Hearts trump: diamonds are the other suit of the trump colour.
HEARTS_VECTORS = [
    ("stronger", "7H", above("7", "H")),
    ("stronger", "7D", suit("H") | above("7", "D")),
    ("stronger", "7C", suit("H") | above("7", "C")),
    ("equal", "7H", above("7", "H", "D")),
    ("equal", "7D", suit("H") | above("7", "D")),
    ("equal", "7S", suit("H") | suit("D") | above("7", "S")),
    ("weaker", "7H", above("7", *SUITS)),
    ("weaker", "7D", suit("H") | suit("S") | suit("C") | above("7", "D")),
    ("weaker", "7S", suit("H") | suit("D") | suit("C") | above("7", "S")),
    ("stronger", "AH", set()),
    ("equal", "2S", suit("H") | suit("D") | above("2", "S")),
]


@pytest.mark.parametrize(("standing", "played", "expected"), HEARTS_VECTORS)
def test_hearts_trump(standing: str, played: str, expected: set[str]) -> None:
    assert host_winners(played, "H", standing) == (expected - {played}) | set(JOKERS)


@pytest.mark.parametrize(
    ("played", "drawn", "trump", "standing"),
    [
        ("10C", "10S", "C", "equal"),  # trump colour, same rank
        ("10C", "10H", "C", "weaker"),  # any higher: same rank is not higher
        ("10C", "10D", "C", "weaker"),
        ("10C", "10S", "C", "weaker"),
        ("QH", "QD", "H", "equal"),  # trump colour, same rank
        ("5S", "5S", "D", "stronger"),  # the same card (two decks) never beats itself
        ("5H", "5H", "H", "weaker"),
    ],
)
def test_equal_rank_never_wins_for_the_host(played: str, drawn: str, trump: str, standing: str) -> None:
    assert explain(played, drawn, trump, standing) == (False, "holds")


def test_jokers() -> None:
    for trump, standing in itertools.product(SUITS, STANDINGS):
        assert explain("RJ", "BJ", trump, standing) == (False, "joker_fireworks")
        assert explain("BJ", "RJ", trump, standing) == (False, "joker_fireworks")
        assert explain("RJ", "AS", trump, standing) == (False, "player_joker")
        assert explain("AS", "BJ", trump, standing) == (True, "host_joker")
        assert explain("AC", "RJ", trump, standing) == (True, "host_joker")
    assert is_fireworks("RJ", "BJ") and is_fireworks("BJ", "RJ")
    assert not is_fireworks("RJ", "RJ")
    assert not is_fireworks("RJ", "AS")
    assert not is_fireworks("AS", "RJ")
    assert not gm_wins("BJ", "RJ", "S", "weaker")


@pytest.mark.parametrize(
    ("played", "drawn", "trump", "standing", "reason"),
    [
        ("10C", "JC", "C", "stronger", "higher_trump"),
        ("10S", "2C", "C", "stronger", "any_trump"),
        ("10S", "JS", "C", "stronger", "higher_same_suit"),
        ("10C", "JS", "C", "equal", "higher_trump_colour"),
        ("10C", "JC", "C", "equal", "higher_trump_colour"),
        ("10S", "2C", "C", "equal", "any_trump"),
        ("10D", "2S", "C", "equal", "trump_colour"),
        ("10D", "JD", "C", "equal", "higher_same_suit"),
        ("10C", "JH", "C", "weaker", "any_higher"),
        ("10S", "2H", "C", "weaker", "other_suit"),
        ("10S", "JS", "C", "weaker", "higher_same_suit"),
        ("10S", "9S", "C", "weaker", "holds"),
        ("10D", "AH", "C", "equal", "holds"),
    ],
)
def test_reasons(played: str, drawn: str, trump: str, standing: str, reason: str) -> None:
    assert explain(played, drawn, trump, standing) == (reason != "holds", reason)


def reference_host_wins(played: str, drawn: str, trump: str, standing: str) -> bool:
    """A second, literal encoding of the rules file's table, to cross-check the module."""
    if played in JOKERS:
        return False
    if drawn in JOKERS:
        return True
    red = {"H", "D"}
    p_rank, p_suit = RANKS.index(played[:-1]), played[-1]
    g_rank, g_suit = RANKS.index(drawn[:-1]), drawn[-1]
    higher = g_rank > p_rank
    same_higher = g_suit == p_suit and higher
    trump_colour = (g_suit in red) == (trump in red)
    if standing == "stronger":
        if p_suit == trump:
            return g_suit == trump and higher
        return g_suit == trump or same_higher
    if standing == "equal":
        if p_suit == trump:
            return trump_colour and higher
        if (p_suit in red) == (trump in red):
            return g_suit == trump or same_higher
        return trump_colour or same_higher
    if p_suit == trump:
        return higher
    return g_suit != p_suit or same_higher


def test_every_combination_matches_the_table() -> None:
    seen = set()
    for played, drawn, trump, standing in itertools.product(DECK, DECK, SUITS, STANDINGS):
        host_wins, reason = explain(played, drawn, trump, standing)
        assert host_wins == gm_wins(played, drawn, trump, standing)
        assert host_wins == reference_host_wins(played, drawn, trump, standing), (played, drawn, trump)
        seen.add(reason)
    assert seen == set(REASONS)


def test_reasons_are_translated() -> None:
    for language in LANGUAGES:
        assert all(catalogue(language).get(f"reason.{reason}") for reason in REASONS), language


@pytest.mark.parametrize(
    ("standing", "played", "host_cards"),
    [(standing, played, len(expected) + 2) for standing, played, expected in SEED_EXAMPLES],
)
def test_win_chance_on_the_full_deck(standing: str, played: str, host_cards: int) -> None:
    unseen = [card for card in DECK if card != played]
    assert win_chance(played, "C", standing, unseen) == Fraction(53 - host_cards, 53)


def test_win_chance_seed_values() -> None:
    unseen = [card for card in DECK if card != "10C"]
    assert win_chance("10C", "C", "stronger", unseen) == Fraction(47, 53)
    assert win_chance("10C", "C", "weaker", unseen) == Fraction(35, 53)
    assert win_chance("10S", "C", "weaker", [c for c in DECK if c != "10S"]) == Fraction(8, 53)


@pytest.mark.parametrize(
    ("played", "trump", "standing", "unseen", "chance"),
    [
        ("10C", "C", "stronger", ["JC", "2C"], Fraction(1, 2)),
        ("10C", "C", "stronger", ["RJ"], Fraction(0)),
        ("10C", "C", "weaker", ["10S", "10H", "10D"], Fraction(1)),
        ("10S", "C", "weaker", ["10C", "9S", "AS", "3S"], Fraction(1, 2)),
        ("2H", "H", "equal", ["3D", "3S", "BJ"], Fraction(1, 3)),
        ("RJ", "S", "weaker", ["BJ"], Fraction(1)),
        ("5D", "S", "stronger", ["2S", "2S"], Fraction(0)),
    ],
)
def test_win_chance_small_sets(
    played: str, trump: str, standing: str, unseen: list[str], chance: Fraction
) -> None:
    assert win_chance(played, trump, standing, unseen) == chance


cards = st.sampled_from(DECK)
trumps = st.sampled_from(SUITS)
standings = st.sampled_from(STANDINGS)


@settings(derandomize=True, max_examples=300, deadline=None)
@given(cards, trumps, standings, st.lists(cards, min_size=1, max_size=54))
def test_win_chance_is_the_brute_force_frequency(
    played: str, trump: str, standing: str, unseen: list[str]
) -> None:
    prevails = sum(not gm_wins(played, g, trump, standing) for g in unseen)
    assert win_chance(played, trump, standing, unseen) == Fraction(prevails, len(unseen))


@settings(derandomize=True, max_examples=200, deadline=None)
@given(cards, trumps, st.lists(cards, min_size=1, max_size=54))
def test_stronger_standing_never_lowers_the_chance(played: str, trump: str, unseen: list[str]) -> None:
    stronger, equal, weaker = (win_chance(played, trump, s, unseen) for s in STANDINGS)
    assert stronger >= equal >= weaker


@settings(derandomize=True, max_examples=100, deadline=None)
@given(st.sampled_from(JOKERS), trumps, standings, st.lists(cards, min_size=1))
def test_a_joker_always_prevails(played: str, trump: str, standing: str, unseen: list[str]) -> None:
    assert win_chance(played, trump, standing, unseen) == 1


@pytest.mark.parametrize(
    ("talent", "opposition", "standing"),
    [
        (3, 2, "stronger"),
        (6, 1, "stronger"),
        (4, 4, "equal"),
        (1, 1, "equal"),
        (2, 3, "weaker"),
        (1, 6, "weaker"),
    ],
)
def test_standing_of(talent: int, opposition: int, standing: str) -> None:
    assert standing_of(talent, opposition) == standing


def test_card_helpers() -> None:
    assert len(DECK) == len(set(DECK)) == 54
    assert list(LEVELS) == [1, 2, 3, 4, 5, 6]
    assert (suit_of("10C"), rank_of("10C")) == ("C", 8)
    assert (suit_of("AS"), rank_of("AS")) == ("S", 12)
    assert (suit_of("RJ"), rank_of("BJ")) == (None, 13)


@pytest.mark.parametrize(
    ("call", "bad"),
    [
        (lambda: gm_wins("11C", "2C", "C", "equal"), "11C"),
        (lambda: gm_wins("10C", "ZZ", "C", "equal"), "ZZ"),
        (lambda: gm_wins("10C", "2C", "X", "equal"), "X"),
        (lambda: gm_wins("10C", "2C", "C", "better"), "better"),
        (lambda: explain("1C", "2C", "C", "equal"), "1C"),
        (lambda: is_fireworks("RJ", "XJ"), "XJ"),
        (lambda: win_chance("10c", "C", "equal", ["2C"]), "10c"),
        (lambda: win_chance("10C", "C", "equal", ["2C", "JJ"]), "JJ"),
        (lambda: win_chance("10C", "c", "equal", ["2C"]), "c"),
        (lambda: win_chance("10C", "C", "strong", ["2C"]), "strong"),
        (lambda: standing_of(0, 3), 0),
        (lambda: standing_of(3, 7), 7),
        (lambda: standing_of(True, 3), True),
        (lambda: standing_of(2.0, 3), 2.0),
        (lambda: suit_of("QX"), "QX"),
        (lambda: rank_of("Q"), "Q"),
    ],
)
def test_bad_arguments_name_the_bad_value(call: Callable[[], object], bad: object) -> None:
    with pytest.raises(ValueError) as error:
        call()
    assert repr(bad) in str(error.value)


def test_win_chance_needs_unseen_cards() -> None:
    with pytest.raises(ValueError, match="empty"):
        win_chance("10C", "C", "equal", [])
