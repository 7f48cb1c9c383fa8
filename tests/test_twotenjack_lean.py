"""The rules core (the lean round) and the table engine that wraps it, in step move by move on random
rounds of 2 to 6 players; the rollout against stepping the core, from every trick; positions rebuilt."""

import random

import pytest

from game.games.twotenjack.cards import DECK, INDEX, cards_of, pile_score
from game.games.twotenjack.core import LeanTwoTenJack
from game.games.twotenjack.rules import Play, TwoTenJackConfig, TwoTenJackGame, from_action, pack, to_action

ROUNDS = {2: 400, 3: 500, 4: 400, 5: 350, 6: 350}  # 2,000 random rounds in all


def lean_cards(state: LeanTwoTenJack) -> list[int]:
    """Every card of the lean state: hands, stock, trick and piles."""
    held = [card for seat in range(state.players) for card in state.hand(seat)]
    held += state.stock + state.trick
    return held + [card for pile in state.piles for card in cards_of(pile)]


def same_state(one: LeanTwoTenJack, two: LeanTwoTenJack) -> bool:
    return all(getattr(one, name) == getattr(two, name) for name in LeanTwoTenJack.__slots__)


def check_view(game: TwoTenJackGame, state: LeanTwoTenJack) -> None:
    """The seat to act's view tells what the core holds: hands, stock, trick, piles and points."""
    view = game.view(state.to_act)
    assert sorted(INDEX[card] for card in view.hand) == state.hand(view.seat)
    assert list(view.hand_sizes) == [hand.bit_count() for hand in state.hands]
    assert (view.stock_count, view.stock_hidden_top) == (len(state.stock), state.hidden_top)
    assert view.stock == (() if state.hidden_top or not state.stock else (DECK[state.stock[-1]],))
    assert (view.leader, view.opening) == (state.leader, state.opening)
    assert [card for _, card, _ in view.trick] == [
        None if index == 0 and state.down and view.seat != state.leader else DECK[card]
        for index, card in enumerate(state.trick)
    ]
    assert [sum(1 << INDEX[card] for card in pile) for pile in view.piles] == state.piles
    assert list(game.returns()) == state.returns()


def play_in_step(players: int, seed: int) -> None:
    """A random round of the table engine with copies of its rules core taken at the start and at a random
    point, stepped on their own: at every step they offer the engine's legal plays in its order, reach the
    very state the engine's core reaches, and the view tells what they hold."""
    rng = random.Random(seed)
    game = TwoTenJackGame(TwoTenJackConfig(players, rounds=1), seed)
    lean = [game.lean()]
    join = rng.randrange(len(pack(players)))
    step = 0
    while not game.is_over:
        if step == join:
            lean.append(game.lean())
        seat = game.to_act
        legal = game.legal_actions()
        expected = sorted(from_action(play) for play in legal if isinstance(play, Play))
        for state in lean:
            assert not state.over() and state.to_act == seat
            assert sorted(state.legal()) == expected
            assert [to_action(action, seat) for action in sorted(state.legal())] == sorted(
                legal, key=from_action
            )
        action = rng.choice(legal)
        assert isinstance(action, Play)
        game.apply(action)
        for state in lean:
            state.apply(from_action(action))
            assert same_state(state, game.lean())
        if not game.is_over:
            check_view(game, lean[0])
        step += 1
    for state in lean:
        assert state.over() and state.stock == [] and state.trick == []
        assert state.returns() == list(game.returns())
        assert sorted(lean_cards(state)) == sorted(INDEX[card] for card in pack(players))
    assert len(lean) == 2


@pytest.mark.parametrize("players", sorted(ROUNDS))
def test_lean_round_follows_the_real_game_move_by_move(players: int) -> None:
    for seed in range(ROUNDS[players]):
        play_in_step(players, seed * 10 + players)


@pytest.mark.parametrize("players", [2, 3, 6])
def test_rollout_scores_like_the_real_engine_and_repeats_from_its_seed(players: int) -> None:
    for seed in range(50):
        start = LeanTwoTenJack.deal(random.Random(seed), players, dealer=seed % players)
        first, second = start.copy(), start.copy()
        scores = first.rollout(random.Random(seed))
        assert second.rollout(random.Random(seed)) == scores
        assert first.piles == second.piles and first.over() and second.over()
        assert scores == [pile_score(pile) for pile in first.piles]
        assert sum(pile.bit_count() for pile in first.piles) == len(pack(players))
        # The start state is untouched by its copies' rollouts.
        assert start.opening and len(start.stock) == len(pack(players)) - 4 * players


def test_from_parts_rebuilds_any_position_and_rollout_finishes_it() -> None:
    """`from_parts` rebuilds positions reached by `apply` (inside tricks, face-down leads included), and a
    rollout from there, in the middle of a trick, ends the round with every card in a pile."""
    rng = random.Random(5)
    for seed in range(300):
        players = 2 + seed % 5
        state = LeanTwoTenJack.deal(rng, players, dealer=seed % players)
        for _ in range(rng.randrange(len(pack(players)))):
            state.apply(rng.choice(state.legal()))
        rebuilt = LeanTwoTenJack.from_parts(
            players,
            [state.hand(seat) for seat in range(players)],
            state.stock_cards(),
            state.hidden_top,
            state.leader,
            [
                ((state.leader + i) % players, card, i == 0 and state.down)
                for i, card in enumerate(state.trick)
            ],
            state.opening,
            [cards_of(pile) for pile in state.piles],
        )
        assert same_state(rebuilt, state)
        # The rollout picks the k-th legal play, k = int(random() * count), drawing only when there is a
        # choice: stepping with `apply` on the same draws must reach the very same end.
        stepped, draws = state.copy(), random.Random(seed)
        while not stepped.over():
            legal = stepped.legal()
            stepped.apply(legal[int(draws.random() * len(legal))] if len(legal) > 1 else legal[0])
        scores = state.rollout(random.Random(seed))
        assert same_state(stepped, state)
        assert state.over() and state.trick == [] and state.stock == []
        assert sum(pile.bit_count() for pile in state.piles) == len(pack(players))
        assert scores == state.returns()


class Replay(random.Random):
    """Hands out recorded draws, counting them."""

    def __init__(self, draws: list[float]) -> None:
        super().__init__(0)
        self.draws, self.used = draws, 0

    def random(self) -> float:
        self.used += 1
        return self.draws[self.used - 1]


def test_the_rollout_follows_legal_and_apply_from_every_trick() -> None:
    """The rollout's tight loop is the one deliberate copy of the follow rule and the trick winner: a round
    stepped with `legal`/`apply` on recorded draws, rolled out again from the start of each of its tricks
    on the draws left, ends in the very same state, scores and draws used."""
    for seed in range(250):
        players = 2 + seed % 5
        draws = [random.Random(seed).random() for _ in range(len(pack(players)))]
        stepped, used = LeanTwoTenJack.deal(random.Random(seed), players, seed % players), 0
        starts = []
        while not stepped.over():
            if not stepped.trick:
                starts.append((stepped.copy(), used))
            legal = stepped.legal()
            if len(legal) > 1:
                stepped.apply(legal[int(draws[used] * len(legal))])
                used += 1
            else:
                stepped.apply(legal[0])
        assert len(starts) == len(pack(players)) // players
        for start, offset in starts:
            replay = Replay(draws[offset:])
            assert start.rollout(replay) == stepped.returns()
            assert same_state(start, stepped) and replay.used == used - offset


def test_a_face_down_opening_lead_counts_the_second_card_as_led() -> None:
    spades_hearts = [["JK", "AS", "2H", "3H"], ["5D", "9D", "QS", "7C"], ["KD", "4S", "AH", "8C"]]
    hands = [[INDEX[c] for c in hand] for hand in spades_hearts]
    rest = [INDEX[c] for c in DECK if c not in {c for h in spades_hearts for c in h}]
    state = LeanTwoTenJack.from_parts(3, hands, rest[:6], True, 0, [], True, [[], [], []])
    assert sorted(state.legal()) == sorted(card * 2 + 1 for card in hands[0])
    state.apply(INDEX["JK"] * 2 + 1)
    assert sorted(state.legal()) == sorted(card * 2 for card in hands[1])
    state.apply(INDEX["5D"] * 2)
    assert sorted(state.legal()) == [INDEX["KD"] * 2]
    state.apply(INDEX["KD"] * 2)
    # The face-down joker cannot win: the king of diamonds takes it and draws first.
    assert state.to_act == 2 and cards_of(state.piles[2]) == sorted(INDEX[c] for c in ("JK", "5D", "KD"))
    assert state.hands[2] & (1 << rest[0])
