"""Two-Ten-Jack's hard level: its second search plays out by the habits and weighs its deals by the play,
and its moves are legal and the same for the same seed."""

import random

import pytest

from game.ai import thinker
from game.ai.thinker import Thinker, decide
from game.games.twotenjack import easy, search
from game.games.twotenjack.rules import TwoTenJackConfig, TwoTenJackGame, TwoTenJackView


def positions(count: int) -> list[tuple[TwoTenJackGame, TwoTenJackView]]:
    """Rounds played by easy players to a random point where the seat to act has a choice."""
    found = []
    for seed in range(count):
        game = TwoTenJackGame(TwoTenJackConfig(3 + seed % 3, rounds=1), seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(30)):
            game.apply(easy.choose(game.view(game.to_act), rng))
        view = game.view(game.to_act)
        if len(view.legal) > 1:
            found.append((game, view))
    return found


@pytest.fixture
def small(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(thinker.ITERATIONS, "normal", 12)
    monkeypatch.setitem(thinker.ITERATIONS, "hard", 10)
    monkeypatch.setitem(thinker.CANDIDATES, "hard", 3)


@pytest.mark.usefixtures("small")
def test_hard_plays_legally_and_the_same_for_the_same_seed() -> None:
    for game, view in positions(10):
        first = decide("twotenjack", view, "hard", 7)
        assert first.action in game.legal_actions()
        assert decide("twotenjack", view, "hard", 7) == first


@pytest.mark.usefixtures("small")
def test_hard_thinks_on_by_the_habits_with_deals_weighed_by_the_play() -> None:
    """Normal's search plays out at random; hard's second one, from normal's answer, by the habits, and
    draws its deals by the likelihood of the others' plays once they have played."""
    _, view = next((g, v) for g, v in positions(20) if v.tricks)
    mind = Thinker("twotenjack", view, "hard", 3, budget="fixed")
    mind.step(0.0)
    assert mind.search is not None and mind.search.rollout is search.random_rollout
    while mind.stage == 0:
        mind.step(1000.0)
    assert mind.search.rollout is search.rollout
    assert mind.search.likelihood is not None and mind.search.candidates == thinker.CANDIDATES["hard"]
