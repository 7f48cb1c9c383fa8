"""The easy Königrufen computer player: always legal, always finishing, and its habits in set positions."""

import dataclasses
import random

from game.games.koenigrufen.cards import KINGS, is_legal_discard, is_trump, legal_plays, suit_of
from game.games.koenigrufen.easy import choose
from game.games.koenigrufen.rules import (
    CallKing,
    Discard,
    KoenigrufenConfig,
    KoenigrufenGame,
    KoenigrufenView,
    Play,
    TakeTalon,
    Trick,
)


def test_four_easy_players_over_500_deals() -> None:
    calls = 0
    for seed in range(500):
        game = KoenigrufenGame(KoenigrufenConfig(deals=1), seed)
        rng = random.Random(seed)
        for _ in range(100):
            if game.is_over:
                break
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            action = choose(view, rng)
            if isinstance(action, Discard):
                assert is_legal_discard(view.hand, action.cards)
            else:
                assert action in game.legal_actions()
            if isinstance(action, CallKing):
                calls += 1
                if any(king not in view.hand for king in KINGS):
                    assert action.king not in view.hand
            game.apply(action)
        assert game.is_over
    assert calls == 500


def test_four_easy_players_finish_a_match() -> None:
    game = KoenigrufenGame(KoenigrufenConfig(deals=4), seed=986221)
    rng = random.Random(2)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        game.apply(choose(game.view(seat), rng))
    assert len(game.score_sheet) == 4 and sum(game.totals) == 0


def table(seat: int = 0, **fields: object) -> KoenigrufenView:
    """A view of the trick phase with the given fields replaced (the rest from a real deal)."""
    game = KoenigrufenGame(KoenigrufenConfig(first_dealer=3), seed=1)
    view = game.view(seat)
    base: dict[str, object] = {
        "phase": "tricks",
        "to_act": seat,
        "declarer": 0,
        "king": "KC",
        "talon": None,
        "tricks": (),
        "partner": None,
        "alone": False,
    }
    view = dataclasses.replace(view, **(base | fields))  # type: ignore[arg-type]
    return dataclasses.replace(
        view, playable=tuple(legal_plays(view.hand, view.trick.cards))
    )  # as the engine


def play(view: KoenigrufenView) -> str:
    action = choose(view, random.Random(0))
    assert isinstance(action, Play) and action.seat == view.seat
    assert action.card in legal_plays(view.hand, view.trick.cards)
    return action.card


def test_calls_a_king_it_does_not_hold() -> None:
    view = table(phase="call", hand=("KH", "KD", "QS", "7S", "10C", "9C", "8C", "I", "II", "III", "IV", "V"))
    # The Dame of spades is held.
    assert choose(view, random.Random(0)) == CallKing(0, "KS")
    view = table(phase="call", hand=("KH", "KD", "JS", "7S", "10C", "9C", "8C", "I", "II", "III", "IV", "V"))
    assert choose(view, random.Random(0)) == CallKing(0, "KS")  # the shorter of spades and clubs
    four = table(phase="call", hand=("KH", "KD", "KC", "KS", "9C", "8C", "I", "II", "III", "IV", "V", "VI"))
    action = choose(four, random.Random(0))
    assert isinstance(action, CallKing) and action.king in KINGS  # holding all four: one of its own


def test_takes_the_half_with_trumps_and_discards_to_a_void() -> None:
    hand = ("II", "III", "XV", "KH", "QH", "CD", "JD", "1D", "10C", "9C", "QS", "7S")
    view = table(phase="talon", hand=hand, talon=(("4H", "3D", "8S"), ("XX", "XVIII", "2H")))
    assert choose(view, random.Random(0)) == TakeTalon(0, 1)
    full = (*hand[:3], "XVIII", "XX", *hand[3:], "2H")
    action = choose(table(phase="discard", hand=full), random.Random(0))
    assert isinstance(action, Discard) and is_legal_discard(full, action.cards)
    kept = [card for card in full if card not in action.cards]
    assert {suit_of(card) for card in kept} < {suit_of(card) for card in full}  # a void made
    assert not any(is_trump(card) for card in action.cards)


def test_smears_points_onto_a_known_partners_trick() -> None:
    # Seat 3 plays last; its revealed partner, the declarer at seat 1, is winning with the Sküs.
    trick = Trick(0, ("4H", "SK", "3H"))
    hand = ("II", "KH", "1H", "QD", "7C")
    assert play(table(seat=3, declarer=1, partner=3, king="KS", hand=hand, trick=trick)) == "KH"
    # Void in the suit led and out of trumps: the richest card anywhere.
    assert play(table(seat=3, declarer=1, partner=3, hand=("QD", "7C", "JS"), trick=trick)) == "QD"
    # Not yet known to be partners: the declarer does not give the King away.
    assert (
        play(table(seat=1, declarer=1, hand=("KH", "1H", "XX"), trick=Trick(2, ("4H", "SK", "3H")))) == "1H"
    )


def test_does_not_smear_onto_a_trick_that_can_still_be_lost() -> None:
    # Seat 2 is second; its partner led the Dame, and trumps are still out.
    view = table(seat=2, declarer=1, partner=2, hand=("KH", "1H", "II", "V"), trick=Trick(1, ("QH",)))
    assert play(view) == "1H"


def test_takes_with_the_cheapest_winner() -> None:
    trick = Trick(2, ("7C", "9C"))
    assert (
        play(table(seat=0, declarer=1, king="KS", hand=("KC", "QC", "10C", "8C", "XV"), trick=trick)) == "10C"
    )
    trick = Trick(2, ("7C", "X"))
    assert play(table(seat=0, declarer=1, hand=("V", "XV", "SK", "KH"), trick=trick)) == "XV"


def test_plays_low_to_a_lost_trick_and_keeps_the_pagat() -> None:
    lost = Trick(2, ("4D", "SK"))
    assert play(table(seat=0, declarer=1, hand=("I", "II", "XX", "KH"), trick=lost)) == "II"
    assert play(table(seat=0, declarer=1, hand=("QD", "1D", "KH"), trick=Trick(2, ("4D", "KD")))) == "1D"
    # Second to play, the Pagat would win the trick but a later trump could catch it.
    assert play(table(seat=3, declarer=1, hand=("I", "XII", "KH"), trick=Trick(2, ("4D",)))) == "XII"
    # Last to play, the Pagat takes the trick safely.
    assert play(table(seat=1, declarer=0, hand=("I", "XII", "KH"), trick=Trick(2, ("4D", "3D", "1D")))) == "I"
