"""The computer players know only what their seat may see: two deals that differ only in cards the seat
cannot see give it the same view, and the same view gives the same move at a fixed seed."""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai.thinker import decide
from game.rules.koenigrufen import DECK as KR_DECK
from game.rules.koenigrufen_game import KoenigrufenConfig, KoenigrufenGame
from game.rules.twotenjack_game import TwoTenJackConfig, TwoTenJackGame, known_holdings, pack


def _kr(deck: tuple[str, ...]) -> KoenigrufenGame:
    return KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=0, stacked_deck=deck), 0)


def _ttj(deck: tuple[str, ...]) -> TwoTenJackGame:
    return TwoTenJackGame(TwoTenJackConfig(3, rounds=1, first_dealer=0, stacked_deck=deck), 0)


def _replay(make: Any, deck: tuple[str, ...], actions: list[Any]) -> Any:
    game = make(deck)
    for action in actions:
        game.apply(action)
    return game


def _position(make: Any, deck: tuple[str, ...], rng: random.Random) -> tuple[Any, list[Any]]:
    """A game a random way into its first deal, the seat to act with more than one choice."""
    game, actions = make(deck), []
    stop = rng.randrange(4, 40)
    while not game.is_over and (len(actions) < stop or len(game.legal_actions()) < 2):
        action = rng.choice(game.legal_actions())
        game.apply(action)
        actions.append(action)
    return game, actions


def _hidden_swaps(game: Any, seat: int, deck: tuple[str, ...], public: set[str]) -> list[tuple[str, str]]:
    """Pairs of cards in two other seats' hands that `seat` cannot see."""
    players = len(game.view(seat).hand_sizes)
    held = {
        other: [c for c in game.view(other).hand if c in deck and c not in public]
        for other in range(players)
        if other != seat
    }
    return [(x, y) for a in held for b in held if a < b for x in held[a] for y in held[b]]


def _swapped(deck: tuple[str, ...], x: str, y: str) -> tuple[str, ...]:
    return tuple(y if c == x else x if c == y else c for c in deck)


CASES = [
    ("koenigrufen", _kr, KR_DECK),
    ("twotenjack", _ttj, pack(3)),
]


@pytest.mark.parametrize(("name", "make", "cards"), CASES, ids=[c[0] for c in CASES])
def test_unseen_cards_never_change_the_move(name: str, make: Any, cards: tuple[str, ...]) -> None:
    rng = random.Random(5)
    checked = 0
    while checked < 6:
        deck = tuple(rng.sample(cards, len(cards)))
        game, actions = _position(make, deck, rng)
        if game.is_over or game.phase not in ("tricks", "play"):
            continue
        seat = game.to_act
        view = game.view(seat)
        public = (
            {c for held in known_holdings(view).values() for c in held} if name == "twotenjack" else set()
        )
        swaps = _hidden_swaps(game, seat, deck, public)
        rng.shuffle(swaps)
        for x, y in swaps[:20]:
            try:
                other = _replay(make, _swapped(deck, x, y), actions)
            except ValueError:
                continue  # the swap contradicts what play has shown (a void): not the same view
            if other.view(seat) != view:
                continue
            assert any(other.view(s).hand != game.view(s).hand for s in range(len(view.hand_sizes)))
            mine = decide(name, view, "normal", seed=11)
            theirs = decide(name, other.view(seat), "normal", seed=11)
            assert mine.action == theirs.action
            checked += 1
            break
