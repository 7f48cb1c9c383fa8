"""Two-Ten-Jack rule vectors: the points table, reversals, removed cards, trick winners, legal plays."""

import random

import pytest

from game.games.twotenjack.cards import DECK, INDEX, REFUSALS, mask_of, pile_score, refusal, reversals
from game.games.twotenjack.core import LeanTwoTenJack
from game.rules.errors import IllegalAction
from game.rules.twotenjack import card_points, legal_plays, removed_cards, score_pile, trick_winner

SIX_HEARTS = ("AH", "KH", "QH", "JH", "10H", "2H")
SIX_SPADES = ("AS", "KS", "QS", "JS", "10S", "2S")


def test_deck() -> None:
    assert len(DECK) == len(set(DECK)) == 53
    assert {"2H", "10S", "AS", "JC", "QD", "JK"} <= set(DECK)


@pytest.mark.parametrize(
    ("cards", "points"),
    [
        (("2H", "10H", "JH"), 10),
        (("AH", "KH", "QH"), 5),
        (("2S", "10S", "JS"), -10),
        (("AS", "KS", "QS"), -5),
        (("AC", "KC", "QC", "JC", "10C", "AD", "KD", "QD", "JD", "10D"), 1),
        (("JK", "3H", "9H", "3S", "9S", "9C", "2C", "9D", "2D"), 0),
    ],
)
def test_points_table(cards: tuple[str, ...], points: int) -> None:
    assert [card_points(card) for card in cards] == [points] * len(cards)


def test_the_whole_pack_is_worth_ten() -> None:
    assert sum(card_points(card) for card in DECK) == 45 - 45 + 5 + 5


@pytest.mark.parametrize(
    ("pile", "points"),
    [
        ((), 0),
        (("10H", "9D", "JS"), 0),
        (SIX_HEARTS[:5], 35),
        (SIX_HEARTS, -45),
        ((*SIX_HEARTS, "3H", "10C"), -44),
        (SIX_SPADES[:5], -35),
        (SIX_SPADES, 45),
        ((*SIX_SPADES, "QH", "3S"), 50),
        ((*SIX_HEARTS, *SIX_SPADES), 0),
        ((*SIX_HEARTS, *SIX_SPADES, "JK", "AD"), 1),
    ],
)
def test_score_pile_with_reversals(pile: tuple[str, ...], points: int) -> None:
    assert score_pile(pile) == points
    assert score_pile(list(reversed(pile))) == points
    held = set(pile)
    assert reversals(mask_of(pile)) == [
        name for name, six in (("hearts", SIX_HEARTS), ("spades", SIX_SPADES)) if held >= set(six)
    ]


def test_pile_score_is_the_points_table_and_the_reversals() -> None:
    """The engines' precomputed settlement against a plain sum, on random piles (half of them holding
    six hearts or six spades, or both) and on the whole pack."""
    rng = random.Random(14)
    for number in range(3000):
        pile = set(rng.sample(DECK, rng.randrange(len(DECK) + 1)))
        pile |= set(SIX_HEARTS) if number % 2 else set()
        pile |= set(SIX_SPADES) if number % 4 < 2 else set()
        reversal = -90 * (pile >= set(SIX_HEARTS)) + 90 * (pile >= set(SIX_SPADES))
        assert pile_score(mask_of(pile)) == sum(map(card_points, pile)) + reversal
    assert pile_score(mask_of(DECK)) == 10


@pytest.mark.parametrize(
    ("pile", "named"), [(("2H", "1H"), "'1H'"), (("2H", "AS", "2H"), "'2H'"), (("jk",), "jk")]
)
def test_score_pile_refuses_bad_piles(pile: tuple[str, ...], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        score_pile(pile)


def test_card_points_refuses_an_unknown_card() -> None:
    with pytest.raises(ValueError, match="unknown card code: '11H'"):
        card_points("11H")


@pytest.mark.parametrize(
    ("players", "removed"),
    [
        (2, ["2C"]),
        (3, ["2C", "2D"]),
        (4, ["2C"]),
        (5, ["2C", "2D", "3C"]),
        (6, ["2C", "2D", "3C", "3D", "4C"]),
    ],
)
def test_removed_cards(players: int, removed: list[str]) -> None:
    assert removed_cards(players) == removed
    assert (len(DECK) - len(removed)) % players == 0
    assert all(card_points(card) == 0 for card in removed)


@pytest.mark.parametrize("players", [0, 1, 7, -3, True, 3.0, "3", None])
def test_player_count_outside_two_to_six_is_refused(players: object) -> None:
    with pytest.raises(ValueError, match=r"Two-Ten-Jack is for 2 to 6 players, not"):
        removed_cards(players)  # type: ignore[arg-type]


def up(*cards: str) -> list[tuple[str, bool]]:
    return [(card, False) for card in cards]


def down(card: str) -> tuple[str, bool]:
    return (card, True)


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        (up("5D"), 0),
        (up("5D", "KD", "3D"), 1),
        (up("AH", "JK", "AS"), 1),  # the joker beats all
        (up("JK", "AH", "AS", "KH"), 0),
        (up("5D", "AH", "AS"), 2),  # the ace of spades beats hearts
        (up("5H", "AS", "KH"), 1),
        (up("AS", "AH"), 0),
        (up("KS", "AS"), 1),
        (up("AD", "2H", "KD"), 1),  # hearts beat the suit led
        (up("2D", "3H", "2H", "AH"), 3),
        (up("5D", "AC", "KS", "QC"), 0),  # an off-suit card cannot win
        (up("9C", "10C", "AD", "JC", "QS", "KC"), 5),
        ([down("AH"), *up("5C", "9C", "KD")], 2),  # a face-down lead never wins; the second card is led
        ([down("AS"), *up("KS", "QS", "AD")], 1),
        ([down("KS"), *up("2H", "AC")], 1),
        ([down("JK"), *up("3D")], 1),
        ([down("AH"), *up("JK", "2H")], 1),
    ],
)
def test_trick_winner(plays: list[tuple[str, bool]], winner: int) -> None:
    assert trick_winner(plays) == winner
    if len(plays) > 1:  # the rules core gathers the trick, completed by its last play, to the same seat
        players = len(plays)
        hands = [[] for _ in range(players - 1)] + [[INDEX[plays[-1][0]]]]
        trick = [(seat, INDEX[card], down) for seat, (card, down) in enumerate(plays[:-1])]
        state = LeanTwoTenJack.from_parts(players, hands, [], False, 0, trick, plays[0][1], [[]] * players)
        state.apply(INDEX[plays[-1][0]] * 2)
        assert (state.leader, state.to_act, state.trick) == (winner, winner, [])
        assert state.piles[winner] == mask_of(card for card, _ in plays) and state.over()


@pytest.mark.parametrize(
    ("plays", "message"),
    [
        ([], "empty trick"),
        ([down("AH")], "face-down card cannot win"),
        ([*up("5C"), down("AH")], "face-down card is allowed only as the opening lead"),
        (up("5C", "XC"), "'XC'"),
        (up("5C", "6C", "5C"), "twice"),
        (up("2H", "3H", "4H", "5H", "6H", "7H", "8H"), "at most 6"),
    ],
)
def test_trick_winner_refuses_bad_tricks(plays: list[tuple[str, bool]], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        trick_winner(plays)


@pytest.mark.parametrize(
    ("hand", "plays", "opening", "legal"),
    [
        # Following: follow the suit led if able, otherwise anything.
        (("5D", "KD", "3C", "2H"), up("9D"), False, up("5D", "KD")),
        (("5C", "2H", "QS"), up("9D"), False, up("5C", "2H", "QS")),
        (("5C", "7C"), up("9D", "2H", "AS"), False, up("5C", "7C")),
        # The joker may be played at any time.
        (("5D", "JK", "3C"), up("9D"), False, up("5D", "JK")),
        (("5D", "JK"), up("2H", "KH"), False, up("JK", "5D")),
        # Joker lead: a trump (a heart or the ace of spades) if held.
        (("5H", "AS", "9D", "KS"), up("JK"), False, up("5H", "AS")),
        (("AS", "9D"), up("JK", "3H"), False, up("AS")),
        (("9D", "KS"), up("JK"), False, up("9D", "KS")),
        # The 3 of spades calls the joker.
        (("JK", "5S", "9D"), up("3S"), False, up("JK")),
        (("5S", "9D", "JK"), up("4D", "3S"), False, up("9D", "JK")),  # not led: no call
        (("5S", "9D"), up("3S"), False, up("5S")),
        # The ace of spades follows spades, and not hearts (except after a joker lead, above).
        (("AS", "9D"), up("5S"), False, up("AS")),
        (("AS", "9D"), up("5H"), False, up("AS", "9D")),
        (("AS", "7H", "9D"), up("5H"), False, up("7H")),
        # Leading: anything, except on the opening lead.
        (("JK", "5S", "2H"), [], False, up("JK", "5S", "2H")),
        (("JK", "5S", "2H", "9D"), [], True, up("9D")),
        (("AC", "5S", "9D", "2H"), [], True, up("AC", "9D")),
        (("JK", "5S", "2H", "AS"), [], True, [down("JK"), down("5S"), down("2H"), down("AS")]),
        # After a face-down opening lead the second player plays anything, which counts as led.
        (("JK", "5S", "9D"), [down("AH")], True, up("JK", "5S", "9D")),
        (("JK", "5S"), [down("AH"), *up("3S")], True, up("JK")),
        (("5H", "9D"), [down("KS"), *up("JK")], True, up("5H")),
        (("5D", "9C", "JK"), [down("KS"), *up("2D")], True, up("5D", "JK")),
        (("5D", "9C"), [down("KS"), *up("AS")], True, up("5D", "9C")),
    ],
)
def test_legal_plays(
    hand: tuple[str, ...], plays: list[tuple[str, bool]], opening: bool, legal: list[tuple[str, bool]]
) -> None:
    assert sorted(legal_plays(hand, plays, opening)) == sorted(legal)
    if plays and not plays[0][1]:
        assert sorted(legal_plays(hand, plays, not opening)) == sorted(legal)


@pytest.mark.parametrize(
    ("hand", "plays", "opening", "message"),
    [
        ((), up("5D"), False, "empty hand"),
        (("5D", "ZZ"), [], False, "'ZZ'"),
        (("5D", "5D"), [], False, "twice"),
        (("5D",), [down("AH")], False, "face-down card is allowed only as the opening lead"),
        (("5D",), [*up("2C"), down("AH")], True, "face-down card is allowed only as the opening lead"),
        (("5D", "AH"), up("AH"), False, r"both in the hand and on the trick: \['AH'\]"),
        (("5D",), up("2H", "3H", "4H", "5H", "6H", "7H"), False, "at most 5"),
        (("5D",), up("2H", "1H"), False, "'1H'"),
    ],
)
def test_legal_plays_refuses_bad_arguments(
    hand: tuple[str, ...], plays: list[tuple[str, bool]], opening: bool, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        legal_plays(hand, plays, opening)


def test_refusals_are_value_errors_the_table_can_translate() -> None:
    refused = refusal("must_follow", "D")
    assert isinstance(refused, IllegalAction) and isinstance(refused, ValueError)
    assert (str(refused), refused.code, refused.params) == ("you must follow ♦", "must_follow", {"suit": "♦"})
    assert (str(refusal("joker_call")), refusal("joker_call").params) == (
        "the 3 of spades calls the joker",
        {},
    )
    assert all(str(refusal(code)) for code in REFUSALS if code != "must_follow")
