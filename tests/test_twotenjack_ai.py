"""The easy Two-Ten-Jack computer: legal and quick over many rounds, and sensible in set positions."""

import random
from collections.abc import Sequence

import pytest

from game.games.twotenjack.easy import choose
from game.games.twotenjack.rules import (
    MatchOver,
    NextRound,
    Play,
    TrickWon,
    TwoTenJackConfig,
    TwoTenJackGame,
    TwoTenJackView,
)
from game.rules.twotenjack import legal_plays, removed_cards


@pytest.mark.parametrize("players", [3, 6])
def test_easy_computers_play_500_rounds_legally(players: int) -> None:
    rng = random.Random(players)
    for seed in range(500):
        game = TwoTenJackGame(TwoTenJackConfig(players, rounds=1), seed)
        while not game.is_over:
            view = game.view(game.to_act)
            action = choose(view, rng)
            assert action in game.legal_actions()
            game.apply(action)
        assert sum(game.view(0).hand_sizes) == 0


def test_easy_computers_play_a_whole_match() -> None:
    game = TwoTenJackGame(TwoTenJackConfig(4), seed=11)
    rng = random.Random(11)
    events = []
    while not game.is_over:
        view = game.view(game.to_act)
        action = choose(view, rng)
        if view.phase == "scored":
            assert action == NextRound(view.seat)
        events += game.apply(action)
    assert isinstance(events[-1], MatchOver) and game.round_no == 4


def test_easy_beats_random_play() -> None:
    totals = [0, 0, 0]
    for seed in range(150):
        game = TwoTenJackGame(TwoTenJackConfig(3, rounds=1), seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act
            game.apply(choose(game.view(seat), rng) if seat == 0 else rng.choice(game.legal_actions()))
        totals = [total + points for total, points in zip(totals, game.totals, strict=True)]
    assert totals[0] > max(totals[1:])


def test_choose_refuses_a_seat_that_is_not_to_act() -> None:
    view = TwoTenJackGame(TwoTenJackConfig(3, first_dealer=0), seed=1).view(0)
    with pytest.raises(ValueError, match="seat 0 has nothing to do: seat 1 acts"):
        choose(view, random.Random(0))


def position(
    hand: Sequence[str],
    trick: Sequence[str] = (),
    stock: Sequence[str] = ("6C", "7C", "8C", "4H", "6D", "9S"),
    drawn: Sequence[tuple[int, str]] = (),
    tricks: Sequence[TrickWon] = (),
) -> TwoTenJackView:
    """Seat 0 of three to play on `trick` (played by the seats before it), after the first trick."""
    players, seat = 3, 0
    leader = (seat - len(trick)) % players
    plays = [(card, False) for card in trick]
    played = {(leader + index) % players for index in range(len(trick))}
    return TwoTenJackView(
        seat=seat,
        players=players,
        round_no=1,
        rounds=players,
        phase="play",
        dealer=2,
        leader=leader,
        to_act=seat,
        opening=False,
        hand=tuple(hand),
        hand_sizes=tuple(len(hand) if s == seat else 4 - (s in played) for s in range(players)),
        legal=tuple(legal_plays(hand, plays, False)),
        removed=tuple(removed_cards(players)),
        stock=tuple(stock),
        stock_count=len(stock),
        stock_hidden_top=False,
        drawn=tuple(drawn),
        hidden_drawn_by=1,
        trick=tuple(((leader + index) % players, card, False) for index, card in enumerate(trick)),
        tricks=tuple(tricks),
        piles=((), (), ()),
        round_scores=(),
        totals=(0, 0, 0),
    )


def chosen(view: TwoTenJackView) -> str:
    plays = {choose(view, random.Random(seed)) for seed in range(5)}
    assert len(plays) == 1
    (play,) = plays
    assert isinstance(play, Play) and not play.face_down
    return play.card


@pytest.mark.parametrize(
    ("hand", "trick", "card"),
    [
        # It ducks a trick full of spades it would win, last or not.
        (("KS", "4S", "9D", "5C"), ("10S", "JS"), "4S"),
        (("KS", "4S", "9D", "5C"), ("JS",), "4S"),
        # It takes hearts when nobody can take them back.
        (("AH", "3H", "9D"), ("10H", "5H"), "AH"),
        # Void, it discards its worst spade on a trick another player wins, and keeps the ace of spades.
        (("QS", "2S", "9C", "3H"), ("5D", "KD"), "2S"),
        (("AS", "2S", "5D", "4D"), ("9C", "QC"), "2S"),
        # The joker is kept for a trick worth it.
        (("JK", "9D", "4C", "3H"), ("5D", "6D"), "9D"),
        (("JK", "9D", "4C", "3S"), ("10H", "JH"), "JK"),
    ],
)
def test_easy_positions(hand: tuple[str, ...], trick: tuple[str, ...], card: str) -> None:
    assert chosen(position(hand, trick)) == card


def test_easy_calls_a_known_joker_out_with_the_three_of_spades() -> None:
    view = position(("9D", "3S", "5C", "8H"), drawn=((2, "JK"), (1, "10C")))
    assert chosen(view) == "3S"


def test_easy_wins_a_worthless_trick_to_draw_the_joker_from_the_face_up_stock() -> None:
    assert chosen(position(("9D", "4D", "7C", "8C"), ("5D", "6D"), stock=("JK", "5C", "7H"))) == "9D"
    assert chosen(position(("9D", "4D", "7C", "8C"), ("5D", "6D"), stock=("2S", "5C", "7H"))) == "4D"


def test_easy_deals_the_next_round() -> None:
    game = TwoTenJackGame(TwoTenJackConfig(2, first_dealer=0), seed=2)
    rng = random.Random(2)
    while game.phase == "play":
        game.apply(rng.choice(game.legal_actions()))
    assert choose(game.view(1), rng) == NextRound(1)
