"""The Two-Ten-Jack sampler: deals consistent with the seat's view in random positions for 2 to 6 players,
never reading the hidden truth; and the generic constrained dealing it is built on."""

import random
from collections import Counter
from collections.abc import Callable

import pytest

from game.ai.dealing import Dealer, deal_constrained
from game.games.twotenjack.cards import BIT, DECK, GUARDED, INDEX, cards_of
from game.games.twotenjack.core import LeanTwoTenJack, play_options
from game.games.twotenjack.rules import (
    CardDrawn,
    CardPlayed,
    Event,
    Play,
    TrickWon,
    TwoTenJackConfig,
    TwoTenJackGame,
    TwoTenJackView,
    known_holdings,
    pack,
)
from game.games.twotenjack.search import FACE_DOWN, STOCK, explain, facts, sample, to_action, to_lean

POSITIONS = 400  # random positions per player count
SAMPLES = 4


class Position:
    """A real game played at random to a random point of its round, with the plays as they happened."""

    def __init__(self, players: int, seed: int) -> None:
        rng = random.Random(seed)
        self.game = TwoTenJackGame(TwoTenJackConfig(players, rounds=1), seed)
        self.plays: list[list[tuple[int, str, bool]]] = [[]]  # per trick: (seat, card, face_down)
        self.hidden: tuple[int, str] | None = None  # who drew the face-down top, and the card
        for _ in range(rng.randrange(len(pack(players)))):
            self.record(self.game.apply(rng.choice(self.game.legal_actions())))
        self.seat = rng.randrange(players)
        self.view = self.game.view(self.seat)

    def record(self, events: list[Event]) -> None:
        for event in events:
            if isinstance(event, CardPlayed):
                self.plays[-1].append((event.seat, event.card, event.face_down))
            elif isinstance(event, TrickWon):
                self.plays.append([])
            elif isinstance(event, CardDrawn) and event.was_hidden:
                self.hidden = (event.seat, event.card)


def lean_cards(state: LeanTwoTenJack) -> list[int]:
    held = [card for seat in range(state.players) for card in state.hand(seat)]
    return held + state.stock + state.trick + [card for pile in state.piles for card in cards_of(pile)]


def broken_facts(position: Position, seat: int, cards: list[str], first: int, last: int) -> list[str]:
    """The cards of `cards` that `seat` could not have held at its plays in tricks `first` to `last`:
    held with the card it played, the real rules would have refused that play."""
    broken = []
    for number, plays in enumerate(position.plays[first : last + 1], start=first):
        for index, (who, card, down) in enumerate(plays):
            if who != seat:
                continue
            before = [(played, face_down) for _, played, face_down in plays[:index]]
            for held in cards:
                if (card, down) not in play_options([card, held], before, number == 0):
                    broken.append(held)
    return sorted(set(broken))


def check_consistent(position: Position, state: LeanTwoTenJack) -> None:
    """Everything the view shows, and every fact the plays revealed, holds in the sampled state."""
    view, players = position.view, position.view.players
    known = known_holdings(view)
    assert state.players == players and state.to_act == view.to_act and state.leader == view.leader
    assert state.opening == view.opening and state.hidden_top == view.stock_hidden_top
    assert state.hand(view.seat) == sorted(INDEX[card] for card in view.hand)
    assert [state.hands[seat].bit_count() for seat in range(players)] == list(view.hand_sizes)
    assert len(state.stock) == view.stock_count
    if view.stock:
        assert state.stock[-1] == INDEX[view.stock[0]]
    for seat, cards in known.items():
        assert {INDEX[card] for card in cards} <= set(state.hand(seat))
    assert state.piles == [sum(1 << INDEX[card] for card in pile) for pile in view.piles]
    assert len(state.trick) == len(view.trick) and state.down == bool(view.trick and view.trick[0][2])
    for played, (_, card, _) in zip(state.trick, view.trick, strict=True):
        assert card is None or played == INDEX[card]
    if view.trick and view.trick[0][1] is None:
        assert DECK[state.trick[0]] in GUARDED
    everything = sorted(lean_cards(state) + [INDEX[card] for card in view.removed])
    assert everything == list(range(len(DECK)))
    if view.to_act == view.seat:
        assert sorted(state.legal()) == sorted(to_lean(Play(view.seat, c, d)) for c, d in view.legal)
    # The revealed facts: the face-down opening lead checked with the card the sample put there.
    if view.trick and view.trick[0][1] is None:
        position = _with_face_down(position, DECK[state.trick[0]])
    for seat in range(players):
        if seat == view.seat:
            continue
        unknown = [DECK[card] for card in state.hand(seat) if DECK[card] not in known[seat]]
        assert broken_facts(position, seat, unknown, 1, len(position.plays)) == []
        early = broken_facts(position, seat, unknown, 0, 0)
        if view.hidden_drawn_by != seat:
            assert early == []
            continue
        # The face-down top of the stock came after the first trick: one card may break its facts,
        # and only while no card the seat played since must have been that one.
        assert len(early) <= 1
        if early:
            drawn_up = {card for who, card in view.drawn if who == seat}
            later = [card for plays in position.plays[1:] for who, card, _ in plays if who == seat]
            dealt = [card for card in later if card not in drawn_up]
            assert all(not broken_facts(position, seat, [card], 0, 0) for card in dealt)


def _with_face_down(position: Position, card: str) -> Position:
    """The position's record with the current trick's face-down lead read as `card`."""
    other = object.__new__(Position)
    other.__dict__.update(position.__dict__)
    seat, _, down = position.plays[-1][0]
    other.plays = [*position.plays[:-1], [(seat, card, down), *position.plays[-1][1:]]]
    return other


def same_state(one: LeanTwoTenJack, two: LeanTwoTenJack) -> bool:
    return all(getattr(one, name) == getattr(two, name) for name in LeanTwoTenJack.__slots__)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_samples_keep_to_the_view(players: int) -> None:
    split = 0
    for number in range(POSITIONS):
        position = Position(players, number * 7 + players)
        if position.game.phase != "play":
            continue
        # The truth itself obeys the facts the checker reads (the checker is sound)...
        truth = position.game.lean()
        check_consistent(position, truth)
        found = facts(position.view)
        split += len({owner for owner, _, _ in found.slots}) < len(found.slots)
        rng = random.Random(number)
        for _ in range(SAMPLES):
            check_consistent(position, sample(position.view, rng))
    if players <= 4:
        assert split  # the face-down top of the stock was dealt under fewer facts at least once


def test_the_truth_is_always_one_of_the_possible_deals() -> None:
    """The facts never rule out the real deal: the real places of the unseen cards fit the slots."""
    for number in range(600):
        players = 2 + number % 5
        position = Position(players, 1000 + number)
        if position.game.phase != "play":
            continue
        found = facts(position.view)
        truth = position.game.lean()
        where = {}
        for seat in range(players):
            for card in truth.hand(seat):
                where[card] = seat
        for card in truth.stock:
            where[card] = STOCK
        if truth.down:
            where.setdefault(truth.trick[0], FACE_DOWN)
        slots = [room for _, room, _ in found.slots]
        owners = [owner for owner, _, _ in found.slots]

        forbidden = [mask for _, _, mask in found.slots]
        deal_constrained(list(found.cards), slots, _fits(where, owners, forbidden), random.Random(number))


def _fits(where: dict[int, int], owners: list[int], forbidden: list[int]) -> Callable[[int, int], bool]:
    """A card fits a slot of its real place that the facts allow it."""
    return lambda card, slot: where[card] == owners[slot] and not (forbidden[slot] >> card) & 1


def test_samples_never_depend_on_the_hidden_truth() -> None:
    """Swapping an unseen card between two places (two other seats' hands, the stock under its visible
    top, a face-down lead that is not the viewer's) leaves the view and so every sample the same."""
    swaps = 0
    for number in range(500):
        players = 2 + number % 5
        position = Position(players, 5000 + number)
        game, seat = position.game, position.seat
        if game.phase != "play":
            continue
        view = position.view
        known = known_holdings(view)
        core = game._core
        places: list[list[Place]] = []  # per place, its unseen cards
        for other in range(players):
            if other != seat:
                hand = game._hands[other]
                places.append([("hand", other, i) for i, card in enumerate(hand) if card not in known[other]])
        below = len(core.stock) - (0 if core.hidden_top else 1)
        places.append([("stock", 0, i) for i in range(below)])
        if view.trick and view.trick[0][1] is None:
            places.append([("lead", 0, 0)])
        places = [unseen for unseen in places if unseen]
        if len(places) < 2:
            continue
        rng = random.Random(number)
        first, second = rng.sample(places, 2)
        _swap(game, rng.choice(first), rng.choice(second))
        swapped = game.view(seat)
        assert swapped == view and swapped is not view
        for draw in range(3):
            assert same_state(sample(view, random.Random(draw)), sample(swapped, random.Random(draw)))
        swaps += 1
    assert swaps > 250


Place = tuple[str, int, int]  # ("hand", seat, index in its hand), ("stock", 0, index) or ("lead", 0, 0)


def _swap(game: TwoTenJackGame, one: Place, two: Place) -> None:
    """Swaps two cards of the real game: in a hand (the table's order and the core's set), in the core's
    stock or as its face-down lead."""

    def get(place: Place) -> str:
        kind, seat, index = place
        if kind == "hand":
            return game._hands[seat][index]
        return DECK[(game._core.stock if kind == "stock" else game._core.trick)[index]]

    def put(place: Place, card: str) -> None:
        kind, seat, index = place
        if kind == "hand":
            game._core.hands[seat] ^= BIT[INDEX[game._hands[seat][index]]] | BIT[INDEX[card]]
            game._hands[seat][index] = card
        else:
            (game._core.stock if kind == "stock" else game._core.trick)[index] = INDEX[card]

    first, second = get(one), get(two)
    put(one, second)
    put(two, first)


def test_sample_refuses_a_scored_round() -> None:
    game = TwoTenJackGame(TwoTenJackConfig(2, rounds=2), 1)
    rng = random.Random(1)
    while game.phase == "play":
        game.apply(rng.choice(game.legal_actions()))
    with pytest.raises(ValueError, match="scored"):
        sample(game.view(0), rng)


def test_actions_and_hint_reasons() -> None:
    view = _view_with(trick=((1, "9D", False),), hand=("KD", "3D", "QS", "10H"), legal=("KD", "3D"))
    assert to_action(to_lean(Play(0, "KD")), 0) == Play(0, "KD")
    assert explain(view, Play(0, "KD")) == ("take", {"card": "KD"})
    assert explain(view, to_lean(Play(0, "3D"))) == ("duck", {"card": "3D"})
    spades = _view_with(trick=((1, "9D", False),), hand=("QS", "10H"), legal=("QS", "10H"))
    assert explain(spades, Play(0, "QS")) == ("dump", {"card": "QS"})
    assert explain(spades, Play(0, "10H")) == ("take", {"card": "10H"})
    lead = _view_with(trick=(), hand=("KD", "3C"), legal=("KD", "3C"))
    assert explain(lead, Play(0, "3C")) == ("lead", {"card": "3C"})
    only = _view_with(trick=((1, "9D", False),), hand=("KD", "QS"), legal=("KD",))
    assert explain(only, Play(0, "KD")) == ("only", {"card": "KD"})
    after_down = _view_with(trick=((1, None, True),), hand=("2C", "QS"), legal=("2C", "QS"))
    assert explain(after_down, Play(0, "2C")) == ("take", {"card": "2C"})


def _view_with(trick: tuple, hand: tuple[str, ...], legal: tuple[str, ...]) -> TwoTenJackView:
    view = Position(3, 1).view
    fields = dict(view.__dict__, seat=0, trick=trick, hand=hand, legal=tuple((c, False) for c in legal))
    return TwoTenJackView(**fields)


def test_deal_constrained_repairs_a_greedy_dead_end() -> None:
    """Three slots of one: x and y may go only to 0 or 1, so z must go to 2 even when drawn first."""
    seen = Counter()
    for seed in range(300):
        dealt = deal_constrained(["x", "y", "z"], [1, 1, 1], _xyz, random.Random(seed))
        assert dealt[2] == ["z"]
        seen[dealt[0][0]] += 1
    assert set(seen) == {"x", "y"}


def _xyz(card: str, slot: int) -> bool:
    return slot in ((1, 2) if card == "z" else (0, 1))


def test_deal_constrained_finds_a_unique_solution() -> None:
    """A chain: card i may go to slot i or i + 1, the last card only to its own slot: one deal."""
    size = 12
    for seed in range(200):
        dealt = deal_constrained(
            list(range(size)), [1] * size, lambda c, s: s in (c, c + 1), random.Random(seed)
        )
        assert dealt == [[card] for card in range(size)]


def test_deal_constrained_shuffles_fills_and_refuses() -> None:
    cards = list(range(40))
    dealer = Dealer(cards, [4, 4, 4, 28], lambda card, slot: slot != 0 or card % 2 == 0)
    firsts = Counter()
    for seed in range(200):
        dealt = dealer.deal(random.Random(seed))
        assert sorted(c for hand in dealt for c in hand) == cards and [len(h) for h in dealt] == [4, 4, 4, 28]
        assert all(card % 2 == 0 for card in dealt[0])
        firsts[dealt[3][0]] += 1
    assert len(firsts) > 25  # the stock-like slot comes in random order
    with pytest.raises(ValueError, match="no slot may take 'b'"):
        deal_constrained(["a", "b"], [2, 0], lambda card, slot: slot == 0 and card == "a", random.Random(1))
    with pytest.raises(ValueError, match="no deal"):
        deal_constrained(
            ["a", "b", "c"], [1, 2], lambda card, slot: slot == 0 or card == "c", random.Random(1)
        )
    with pytest.raises(ValueError, match="cards for slots"):
        deal_constrained(["a"], [2], lambda card, slot: True, random.Random(1))
