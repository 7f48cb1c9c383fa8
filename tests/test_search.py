"""The shared search keeps the standing move (the table habits' or an earlier search's) unless the sampled
deals show another clearly better, gives the same choice for the same seed however it is sliced, and refuses
a standing move it cannot search."""

from __future__ import annotations

import random

import pytest

from game.ai.search import Search


class Coin:
    """A one-move toy world: each move's payoff for seat 0 is its edge plus this world's luck."""

    def __init__(self, luck: float, noise: float, edges: dict[str, float]) -> None:
        self.luck, self.noise, self.edges = luck, noise, edges
        self.move: str | None = None

    def copy(self) -> Coin:
        return Coin(self.luck, self.noise, self.edges)

    def apply(self, move: str) -> None:
        self.move = move

    def over(self) -> bool:
        return False  # the playout settles it

    def settle(self, rng: random.Random) -> None:
        """The playout's own chance: each move draws a different share of the same seeded stream."""
        assert self.move is not None
        for _ in range(list(self.edges).index(self.move) + 1):
            self.luck += self.noise * (rng.random() - 0.5)


def search(
    edges: dict[str, float],
    standing: str | None,
    iterations: int,
    noise: float,
    seed: int = 1,
    confidence: float = 1.0,
) -> Search:
    return Search(
        seat=0,
        root_moves=list(edges),
        sample=lambda rng: Coin(rng.random() - 0.5, noise, edges),
        rollout=lambda state, rng: state.settle(rng),
        values=lambda state: [state.luck + state.edges[state.move]],
        iterations=iterations,
        rng=random.Random(seed),
        standing=standing,
        confidence=confidence,
    )


def decided(s: Search, slice_ms: float = 1000.0) -> str:
    while not s.run(slice_ms):
        pass
    move, tally = s.best()
    assert tally.visits == s.done == s.iterations
    return str(move)


@pytest.mark.parametrize(
    ("edges", "standing", "expected"),
    [
        ({"low": 0.0, "ace": 0.3}, "low", "ace"),  # clearly better: the search leaves the standing move
        ({"low": 0.0, "ace": 0.3}, "ace", "ace"),  # the standing move is already best
        ({"low": 0.0, "ace": 0.3}, None, "ace"),  # no standing move: the best mean
        ({"low": 0.0, "ace": 0.0}, "low", "low"),  # no difference: the standing move stays
        ({"low": 0.0, "ace": -0.2, "king": 0.25}, "ace", "king"),
    ],
)
def test_the_standing_move_is_left_only_for_a_clearly_better_one(
    edges: dict[str, float], standing: str | None, expected: str
) -> None:
    assert decided(search(edges, standing, iterations=200, noise=1.0)) == expected


def test_a_search_asking_more_evidence_keeps_its_standing_move_where_the_usual_one_leaves_it() -> None:
    """A small edge under noise: one standard error is passed, five are not (a stage asking more evidence,
    as Königrufen's hard does of a bid)."""
    edges = {"low": 0.0, "ace": 0.1}
    assert decided(search(edges, "low", iterations=200, noise=1.0)) == "ace"
    assert decided(search(edges, "low", iterations=200, noise=1.0, confidence=5.0)) == "low"


def test_noise_alone_does_not_move_the_seat_off_its_standing_move() -> None:
    """Equal moves under heavy playout noise: the best mean is a coin toss, the standing move stays."""
    kept = sum(
        decided(search({"low": 0.0, "mid": 0.0, "ace": 0.0}, "low", iterations=40, noise=4.0, seed=seed))
        == "low"
        for seed in range(40)
    )
    assert kept >= 24  # the plain best mean keeps it about one time in three


def test_all_moves_meet_the_same_deals_so_a_small_edge_shows() -> None:
    """Common random numbers: a 0.02 edge is found under luck fifty times larger, from 100 deals."""
    assert decided(search({"low": 0.0, "ace": 0.02}, "low", iterations=100, noise=0.0)) == "ace"


def test_the_choice_is_the_same_however_the_search_is_sliced() -> None:
    edges = {"a": 0.0, "b": 0.05, "c": 0.04}
    whole = search(edges, "a", iterations=300, noise=1.0, seed=7)
    sliced = search(edges, "a", iterations=300, noise=1.0, seed=7)
    assert decided(whole) == decided(sliced, slice_ms=0.01)
    assert whole.best()[1].total == pytest.approx(sliced.best()[1].total)


def test_a_standing_move_outside_the_moves_is_refused() -> None:
    with pytest.raises(ValueError, match="standing move 'x' is not among"):
        search({"a": 0.0}, "x", iterations=1, noise=0.0)


def test_asking_before_any_deal_is_refused() -> None:
    with pytest.raises(ValueError, match="has not run"):
        search({"a": 0.0, "b": 0.0}, "a", iterations=1, noise=0.0).best()


def test_candidates_drawn_by_likelihood_keep_to_the_likely_worlds() -> None:
    """Worlds the play so far rules out (likelihood 0) are never searched once candidates are weighed."""

    def run(candidates: int) -> float:
        s = Search(
            seat=0,
            root_moves=["a", "b"],
            sample=lambda rng: Coin(rng.random() - 0.5, 0.0, {"a": 0.0, "b": 0.0}),
            rollout=lambda state, rng: state.settle(rng),
            values=lambda state: [state.luck],
            iterations=200,
            rng=random.Random(3),
            likelihood=lambda world: 1.0 if world.luck > 0 else 0.0,
            candidates=candidates,
        )
        decided(s)
        return min(s.results["a"])

    assert run(candidates=1) < 0  # unweighed: the unlikely worlds come up too
    assert run(candidates=20) > 0
