"""The Two-Ten-Jack search's playouts and likelihood: they play like the easy player, each seat reading only
what it would know, and the plays the likelihood reads are those the easy player made."""

import random

import pytest

from game.games.twotenjack import easy
from game.games.twotenjack.cards import BIT, DECK, mask_of
from game.games.twotenjack.habits import Playout, choice, play_out, played_cards
from game.games.twotenjack.likelihood import habit_cards, likelihood, plays
from game.games.twotenjack.rules import (
    TwoTenJackConfig,
    TwoTenJackGame,
    TwoTenJackView,
    from_action,
    known_holdings,
)
from game.games.twotenjack.search import sample

ROUNDS = 60  # rounds played by easy players, two to six seats


def easy_rounds() -> list[tuple[TwoTenJackGame, Playout, random.Random]]:
    """Fresh rounds for 2 to 6 players, each with its lean twin and the easy players' generator."""
    rounds = []
    for seed in range(ROUNDS):
        game = TwoTenJackGame(TwoTenJackConfig(2 + seed % 5, rounds=1), seed)
        rounds.append((game, Playout.known(game.lean(), 0), random.Random(seed)))
    return rounds


def test_playouts_choose_the_easy_player_s_card() -> None:
    """Along rounds the easy players play, the playout's choice for the seat to act is easy's own (easy
    draws among equal values where the playout takes the lowest card: nearly never)."""
    same = choices = 0
    for game, twin, rng in easy_rounds():
        while game.phase == "play":
            view = game.view(game.to_act)
            action = easy.choose(view, rng)
            if len(view.legal) > 1:
                choices += 1
                same += choice(twin, played_cards(twin)) == from_action(action)
            twin.apply(from_action(action))
            game.apply(action)
    assert choices > 1000
    assert same / choices >= 0.98


def test_the_playout_knows_the_cards_drawn_face_up_and_plays_a_round_out() -> None:
    for game, twin, rng in easy_rounds()[:10]:
        while game.phase == "play":
            action = easy.choose(game.view(game.to_act), rng)
            twin.apply(from_action(action))
            game.apply(action)
            view = game.view(0)
            assert twin.public == mask_of(card for _, card in view.drawn)
            if len(view.tricks) == 3:
                break
        rest = twin.copy()
        play_out(rest)
        assert rest.over() and all(not hand for hand in rest.hands)
        assert twin.public == mask_of(card for _, card in game.view(0).drawn)  # the copy played, not it


def test_the_true_deal_makes_every_read_play_the_habit() -> None:
    """In rounds the easy players play, each play the likelihood reads is among the habits' choices for
    the hand the seat really held then: the hands and what each seat knew are rebuilt right."""
    read = 0
    for game, _, rng in easy_rounds()[::2]:
        while game.phase == "play":
            view = game.view(game.to_act)
            truth = game.lean()
            for play in plays(view) if len(view.tricks) % 3 == 1 else ():
                hand = (truth.hands[play.seat] | play.since) & ~play.drawn
                habits, _ = habit_cards(play, hand)
                assert habits & BIT[play.card], (play, [DECK[c] for c in range(len(DECK)) if hand >> c & 1])
                read += 1
            game.apply(easy.choose(view, rng))
    assert read > 2_000


def test_the_likelihood_favours_the_true_deal() -> None:
    """Against easy players the true deal weighs more than the sampled worlds, most of the time."""
    above = below = 0
    for game, _, rng in easy_rounds()[:20]:
        while game.phase == "play":
            view = game.view(game.to_act)
            weight = likelihood(view) if len(view.tricks) % 4 == 3 else None
            if weight is not None:
                truth = weight(game.lean())
                assert truth > 0
                worlds = [weight(sample(view, random.Random(k))) for k in range(8)]
                mean = sum(worlds) / len(worlds)
                above += truth > mean
                below += truth < mean
            game.apply(easy.choose(view, rng))
    assert above > 2 * below


@pytest.mark.parametrize("players", [3, 4])
def test_sampled_worlds_keep_what_the_seat_knows(players: int) -> None:
    """No card the seat saw lies where it did not see it, the cards drawn face up are in their hands, and
    a seat that failed to follow a plain suit from the second trick on holds none of it unseen."""
    for seed in range(40):
        game = TwoTenJackGame(TwoTenJackConfig(players, rounds=1), 100 + seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(4 * players, 14 * players)):
            if game.phase != "play":
                break
            game.apply(easy.choose(game.view(game.to_act), rng))
        if game.phase != "play":
            continue
        view = game.view(game.to_act)
        void = voids(view)
        known = {seat: mask_of(cards) for seat, cards in known_holdings(view).items()}
        seen = mask_of(view.removed) | mask_of(view.stock)
        seen |= mask_of(card for won in view.tricks for card in won.cards)
        seen |= mask_of(card for _, card, _ in view.trick if card is not None)
        for k in range(6):
            world = sample(view, random.Random(k))
            assert world.hands[view.seat] == mask_of(view.hand)
            assert world.public == mask_of(card for _, card in view.drawn)
            for seat in range(players):
                if seat == view.seat:
                    continue
                hand = world.hands[seat]
                assert hand & known[seat] == known[seat] and not hand & seen
                assert hand.bit_count() == view.hand_sizes[seat]
                unseen = hand & ~known[seat]
                assert not any(unseen & mask_of(c for c in DECK if c[-1] == suit) for suit in void[seat])


def voids(view: TwoTenJackView) -> dict[int, set[str]]:
    """The diamonds or clubs each seat failed to follow with a card other than the joker, from the second
    trick on (the face-down top of the stock, drawn after the first, is one of the seat's cards by then)."""
    found: dict[int, set[str]] = {seat: set() for seat in range(view.players)}
    for won in view.tricks[1:]:
        suit = won.cards[0][-1]
        if suit in "DC":
            for k, card in enumerate(won.cards[1:], start=1):
                if card != "JK" and card[-1] != suit:
                    found[(won.leader + k) % view.players].add(suit)
    return found
