"""The computer character and Host: legal, sensible with jokers, and quick."""

import random

import pytest

from game.games.falkenstein.ai import JOKER_THRESHOLD, ComputerHost, choose_card
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.resolution import DECK, LEVELS
from game.games.falkenstein.session import (
    ChallengeSet,
    FalkensteinConfig,
    FalkensteinGame,
    FalkensteinView,
    PlayCard,
    win_chances,
)


def facing(
    hand: tuple[str, ...], trump: str, standing: str, hidden: tuple[str, ...] | None = None
) -> FalkensteinView:
    """Seat 0 facing a challenge; `hidden` (default: every other card) is what it cannot see, the rest
    is in the discard pile."""
    discard = () if hidden is None else tuple(c for c in DECK if c not in hand and c not in hidden)
    challenge = ChallengeSet(0, "fencing", trump, 3, 3, standing)
    return FalkensteinView(0, hand, (4,), discard, 54 - 4 - len(discard), challenge, (), "play", 0)


def test_plays_a_joker_when_every_other_card_is_weak() -> None:
    view = facing(("2S", "RJ", "3S", "4D"), "C", "weaker")
    assert max(win_chances(view)[card] for card in ("2S", "3S", "4D")) < JOKER_THRESHOLD
    assert choose_card(view, random.Random(0)) == "RJ"


def test_keeps_the_joker_otherwise() -> None:
    view = facing(("2S", "BJ", "AC", "4D"), "C", "stronger")
    assert choose_card(view, random.Random(0)) == "AC"


def test_plays_the_best_chance() -> None:
    # Equal standing, clubs trump: the ace of clubs loses only to the jokers.
    assert choose_card(facing(("2S", "AC", "5D", "9H"), "C", "equal"), random.Random(0)) == "AC"


def test_equal_chances_spend_a_low_non_trump() -> None:
    # Only 2D is unseen: every card prevails, so the lowest non-trump goes and the trump ace stays.
    view = facing(("AC", "AS", "KS", "5H"), "C", "stronger", hidden=("2D",))
    assert set(win_chances(view).values()) == {1}
    assert choose_card(view, random.Random(0)) == "5H"


def test_exact_ties_use_the_rng() -> None:
    view = facing(("5H", "5S", "AC", "KC"), "C", "stronger", hidden=("2D",))
    picks = {choose_card(view, random.Random(seed)) for seed in range(20)}
    assert picks == {"5H", "5S"}


def test_refuses_a_view_without_a_challenge() -> None:
    game = FalkensteinGame(FalkensteinConfig(HEROES[:1]), seed=1)
    with pytest.raises(ValueError, match="seat 0"):
        choose_card(game.view(0), random.Random(0))


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_all_computer_session(seats: int) -> None:
    characters = HEROES[:seats]
    game = FalkensteinGame(FalkensteinConfig(characters, max_challenges=300), seed=seats)
    host, rng = ComputerHost(random.Random(seats)), random.Random(100 + seats)
    while not game.is_over:
        challenge = host.next_challenge(game.view("host"), characters)
        seat = len(game.history) % seats
        talent = {t.id: t for t in characters[seat].talents}[challenge.talent]
        assert (challenge.seat, challenge.suit) == (seat, talent.suit)
        assert challenge.opposition in LEVELS and abs(challenge.opposition - talent.level) <= 1
        game.apply(challenge)
        view = game.view(seat)
        card = choose_card(view, rng)
        assert card in view.hand
        game.apply(PlayCard(seat, card))
    assert len(game.history) == 300


def test_host_refuses_outside_the_challenge_phase() -> None:
    game = FalkensteinGame(FalkensteinConfig(HEROES[:1]), seed=1)
    host = ComputerHost(random.Random(0))
    game.apply(host.next_challenge(game.view("host"), HEROES[:1]))
    with pytest.raises(ValueError, match="phase 'play'"):
        host.next_challenge(game.view("host"), HEROES[:1])
