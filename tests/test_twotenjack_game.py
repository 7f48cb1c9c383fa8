"""Two-Ten-Jack as a game state: the deal and the stock, random rounds checked against their events,
refusals, what each view hides, and the match."""

import random
from collections.abc import Sequence
from operator import attrgetter

import pytest

from game.games.twotenjack.cards import (
    DECK,
    INDEX,
    STRENGTH,
    SUIT,
    SYMBOLS,
    card_points,
    removed_cards,
    score_pile,
    trick_winner,
)
from game.games.twotenjack.core import LeanTwoTenJack, legal_plays, play_options
from game.games.twotenjack.rules import (
    CardPlayed,
    Event,
    HandDealt,
    MatchOver,
    NextRound,
    Play,
    RoundScored,
    RoundStarted,
    StockLaid,
    TrickWon,
    TwoTenJackConfig,
    TwoTenJackGame,
    known_holdings,
    pack,
)
from game.rules.errors import IllegalAction

ROUNDS = 300  # random rounds per player count, both reversals met by the 80th (`tools/soak.py`: longer runs)
STRICT = 30  # of which the first are also checked for refusals and views at every step


SEAT_CARD_DOWN = attrgetter("seat", "card", "face_down")


def clockwise(start: int, players: int) -> list[int]:
    return [(start + offset) % players for offset in range(players)]


class Shadow:
    """The table rebuilt from the events alone; every event is checked against it.

    Each event moves cards (hand to trick, trick to pile, stock to hand) and each move is checked at
    its source, so the cards are conserved at every step once the deal holds each card once; the whole
    pack is counted again at the end of the round (and after every play in the strict rounds). The
    play-by-play checks record what differs in `errors`, asserted empty once per round: this loop runs
    half a million times per player count, and a plain comparison costs far less than a rewritten assert.
    """

    def __init__(self, players: int, start: Sequence[Event]) -> None:
        started, *dealt, laid = start
        assert isinstance(started, RoundStarted) and isinstance(laid, StockLaid)
        assert started.leader == (started.dealer + 1) % players
        assert started.removed == tuple(removed_cards(players))
        assert all(isinstance(event, HandDealt) for event in dealt)
        assert [event.seat for event in dealt] == clockwise(started.leader, players)
        self.players = players
        self.leader = started.leader
        self.opening = True
        self.removed = started.removed
        self.hands = {event.seat: list(event.cards) for event in dealt}
        self.stock = list(laid.face_up)  # bottom..top
        self.hidden = laid.hidden_top
        self.trick: list[tuple[str, bool]] = []
        self.piles: list[list[str]] = [[] for _ in range(players)]
        self.errors: list[str] = []
        assert self.hidden and all(len(hand) == 4 for hand in self.hands.values())
        assert set(self.cards()) <= set(DECK)
        self.check_cards()

    def cards(self) -> list[str]:
        """Every card whose place is public to the shadow (all but the face-down top of the stock)."""
        held = [card for hand in self.hands.values() for card in hand]
        gathered = [card for pile in self.piles for card in pile]
        return held + self.stock + [card for card, _ in self.trick] + gathered + list(self.removed)

    def check_cards(self) -> None:
        cards = self.cards()
        assert len(cards) + self.hidden == len(DECK)
        assert len(set(cards)) == len(cards)

    def step(self, game: TwoTenJackGame, rng: random.Random, strict: bool) -> list[Event]:
        """One random legal play; the game's legal actions must be exactly the shadow's legal plays."""
        seat = (self.leader + len(self.trick)) % self.players
        hand = self.hands[seat]
        actions = game.legal_actions()
        legal = play_options(hand, self.trick, self.opening)  # `legal_plays` less its argument checks
        if list(map(SEAT_CARD_DOWN, actions)) != [(seat, card, down) for card, down in legal]:
            self.errors.append(f"seat {seat} holding {hand} on {self.trick}: {actions} instead of {legal}")
        if strict:
            assert legal_plays(hand, self.trick, self.opening) == legal
            self.check_cards()
            self.check_refusals(game, seat, legal)
            self.check_views(game)
        action = rng.choice(actions)
        events = game.apply(action)
        if SEAT_CARD_DOWN(events[0]) != SEAT_CARD_DOWN(action):
            self.errors.append(f"{action} announced as {events[0]}")
        hand.remove(action.card)
        self.trick.append((action.card, action.face_down))
        if len(self.trick) == self.players:
            self.gather(events)
        elif len(events) != 1:
            self.errors.append(f"{action} in mid-trick gave {events}")
        return events

    def gather(self, events: list[Event]) -> None:
        players, trick, won = self.players, self.trick, events[1]
        winner = (self.leader + trick_winner(trick)) % players
        cards = tuple(card for card, _ in trick)
        if won != TrickWon(winner, cards, sum(map(card_points, cards)), self.leader):
            self.errors.append(f"{trick} led by {self.leader} gave {won}")
        self.piles[winner] += cards
        self.trick, self.leader, self.opening = [], winner, False
        rest = events[2:]
        if self.stock or self.hidden:
            draws, rest = rest[:players], rest[players:]
            for offset, draw in enumerate(draws):
                card = draw.card if self.hidden else self.stock.pop()
                if (draw.seat, draw.card, draw.was_hidden) != (
                    (winner + offset) % players,
                    card,
                    self.hidden,
                ):
                    self.errors.append(f"draw {offset} after {winner} won: {draw}")
                self.hidden = False
                self.hands[draw.seat].append(draw.card)
            if any(len(hand) != 4 for hand in self.hands.values()):
                self.errors.append(f"hands not back to four: {self.hands}")
        if any(self.hands.values()):
            if rest:
                self.errors.append(f"unexpected {rest}")
        else:
            self.check_score(rest)

    def check_score(self, events: list[Event]) -> None:
        scored, over = events
        assert isinstance(scored, RoundScored) and isinstance(over, MatchOver)
        assert scored.piles == tuple(tuple(pile) for pile in self.piles)
        assert scored.points == tuple(score_pile(pile) for pile in self.piles)
        swept = {
            (seat, name)
            for seat, pile in enumerate(self.piles)
            for name, suit in (("hearts", "H"), ("spades", "S"))
            if sum(card[-1] == suit and card_points(card) != 0 for card in pile) == 6
        }
        assert set(scored.reversals) == swept and len(scored.reversals) == len(swept)
        hearts = sum(name == "hearts" for _, name in swept)
        assert sum(scored.points) == 10 - 90 * hearts + 90 * (len(swept) - hearts)
        self.check_cards()
        assert sorted([card for pile in self.piles for card in pile] + list(self.removed)) == sorted(DECK)

    def check_refusals(self, game: TwoTenJackGame, seat: int, legal: list[tuple[str, bool]]) -> None:
        """Every other play of the hand, and any play by another seat, is refused without a change."""
        before = [game.view(s) for s in range(self.players)]
        for card in self.hands[seat]:
            for face_down in (False, True):
                if (card, face_down) not in legal:
                    with pytest.raises(ValueError):
                        game.apply(Play(seat, card, face_down))
        other = (seat + 1) % self.players
        with pytest.raises(ValueError, match="not your turn"):
            game.apply(Play(other, self.hands[seat][0]))
        assert [game.view(s) for s in range(self.players)] == before

    def check_views(self, game: TwoTenJackGame) -> None:
        for seat in range(self.players):
            view = game.view(seat)
            assert view.hand == tuple(self.hands[seat])
            assert view.hand_sizes == tuple(len(self.hands[s]) for s in range(self.players))
            visible = () if self.hidden or not self.stock else (self.stock[-1],)
            assert view.stock == visible  # a face-up pile: only its top card shows
            assert view.stock_count == len(self.stock) + self.hidden
            assert [card for _, card, down in view.trick if not down] == [c for c, d in self.trick if not d]
            assert view.to_act == (self.leader + len(self.trick)) % self.players
            assert all(card is None for s, card, down in view.trick if down and s != seat)
            for known_seat, cards in known_holdings(view).items():
                assert set(cards) <= set(self.hands[known_seat])


def play_round(players: int, seed: int, rng: random.Random, strict: bool = False) -> list[Event]:
    game = TwoTenJackGame(TwoTenJackConfig(players, rounds=1), seed)
    shadow = Shadow(players, game.opening)
    events = list(game.opening)
    while not game.is_over:
        events += shadow.step(game, rng, strict)
    assert shadow.errors == []
    assert game.returns() == events[-2].points
    return events


@pytest.mark.parametrize("players", range(2, 7))
def test_random_rounds_keep_every_rule(players: int) -> None:
    rng = random.Random(players)
    reversals: set[str] = set()
    for index in range(ROUNDS):
        events = play_round(players, 1000 * players + index, rng, strict=index < STRICT)
        reversals.update(name for _, name in events[-2].reversals)
    assert reversals == {"hearts", "spades"}  # both reversals were met and scored


@pytest.mark.parametrize("players", range(2, 7))
def test_same_seed_same_round(players: int) -> None:
    first, second = (play_round(players, 99, random.Random(5)) for _ in range(2))
    assert first == second
    assert play_round(players, 98, random.Random(5)) != first


def stacked_game(
    players: int, dealer: int, hands: dict[int, Sequence[str]], top: Sequence[str] = ()
) -> TwoTenJackGame:
    """A first round with the given hands and stock top cards (in draw order); the rest in deck order."""
    chosen = [card for hand in hands.values() for card in hand] + list(top)
    rest = iter(card for card in pack(players) if card not in chosen)
    cards: list[str | None] = [None] * len(pack(players))
    for seat, hand in hands.items():
        for index, card in enumerate(hand):
            cards[index * players + (seat - dealer - 1) % players] = card
    cards[4 * players : 4 * players + len(top)] = top
    deck = tuple(card if card is not None else next(rest) for card in cards)
    game = TwoTenJackGame(TwoTenJackConfig(players, first_dealer=dealer, stacked_deck=deck), seed=0)
    assert all(game.view(seat).hand == tuple(hand) for seat, hand in hands.items())
    return game


def test_deal_one_at_a_time_from_the_dealers_left_and_the_stock() -> None:
    cards = pack(3)
    game = TwoTenJackGame(TwoTenJackConfig(3, first_dealer=1, stacked_deck=cards), seed=0)
    started, *dealt, laid = game.opening
    assert started == RoundStarted(1, 1, 2, ("2C", "2D"))
    assert dealt == [HandDealt(seat, cards[k:12:3]) for k, seat in enumerate((2, 0, 1))]
    assert laid == StockLaid(tuple(reversed(cards[13:])), True)
    view = game.view(0)
    assert (view.stock, view.stock_count, view.stock_hidden_top) == ((), 39, True)
    assert (view.dealer, view.leader, view.to_act, view.opening, view.phase) == (1, 2, 2, True, "play")
    assert (view.drawn, view.hidden_drawn_by, view.trick, view.tricks) == ((), None, (), ())
    assert view.legal == () and game.view(2).legal


def unchanged(game: TwoTenJackGame, action: Play | NextRound, message: str) -> None:
    before = [game.view(seat) for seat in range(game.config.players)], game.legal_actions()
    with pytest.raises(ValueError, match=message):
        game.apply(action)
    assert ([game.view(seat) for seat in range(game.config.players)], game.legal_actions()) == before


def test_face_down_opening_lead() -> None:
    game = stacked_game(
        3, 2, {0: ("JK", "5S", "2H", "AS"), 1: ("5C", "9C", "7D", "8D"), 2: ("KC", "3H", "6D", "4S")}
    )
    assert game.view(0).legal == (("JK", True), ("5S", True), ("2H", True), ("AS", True))
    unchanged(game, Play(0, "5S"), "you hold only the joker, spades and hearts: lead one card face down")
    unchanged(game, Play(0, "9C", True), "you do not hold that card")
    unchanged(game, Play(1, "5C"), "not your turn")
    assert game.apply(Play(0, "2H", True)) == [CardPlayed(0, "2H", True)]
    assert game.view(0).trick == ((0, "2H", True),)
    assert game.view(1).trick == game.view(2).trick == ((0, None, True),)
    assert len(game.view(1).legal) == 4  # the second player plays anything
    game.apply(Play(1, "9C"))
    assert game.view(1).trick == ((0, None, True), (1, "9C", False))
    unchanged(game, Play(2, "3H"), "you must follow ♣")
    unchanged(game, Play(2, "KC", True), "only an opening lead")
    events = game.apply(Play(2, "KC"))
    won, hidden, *draws = events[1:]
    assert won == TrickWon(2, ("2H", "9C", "KC"), 11, 0)
    assert hidden.was_hidden and hidden.seat == 2
    assert [(d.seat, d.was_hidden) for d in draws] == [(0, False), (1, False)]
    for seat in range(3):
        view = game.view(seat)
        assert (view.trick, view.tricks, view.piles[2], view.leader) == ((), (won,), ("2H", "9C", "KC"), 2)
        assert (view.hidden_drawn_by, view.drawn) == (2, tuple((d.seat, d.card) for d in draws))
        assert known_holdings(view) == {0: (draws[0].card,), 1: (draws[1].card,), 2: ()}
        assert (hidden.card in view.hand) == (seat == 2)
        assert view.opening is False
    game.apply(Play(2, "6D"))  # no opening restriction after the first trick
    assert known_holdings(game.view(1))[0] == (draws[0].card,)


def test_joker_call_and_joker_lead_after_a_face_down_lead() -> None:
    game = stacked_game(
        3, 2, {0: ("AH", "KH", "QS", "4S"), 1: ("3S", "JK", "9C", "5D"), 2: ("JC", "5S", "8D", "7H")}
    )
    game.apply(Play(0, "AH", True))
    game.apply(Play(1, "3S"))
    unchanged(game, Play(2, "JC"), "you must follow ♠")
    game.apply(Play(2, "5S"))
    assert game.view(0).tricks[-1] == TrickWon(2, ("AH", "3S", "5S"), 5, 0)

    game = stacked_game(
        3, 2, {0: ("AH", "KH", "QS", "4S"), 1: ("3S", "9C", "5D", "6D"), 2: ("JK", "5S", "8D", "7H")}
    )
    game.apply(Play(0, "KH", True))
    game.apply(Play(1, "3S"))
    unchanged(game, Play(2, "5S"), "the 3 of spades calls the joker")
    assert game.apply(Play(2, "JK"))[1] == TrickWon(2, ("KH", "3S", "JK"), 5, 0)

    game = stacked_game(
        3, 2, {0: ("AH", "KH", "QS", "4S"), 1: ("JK", "9C", "5D", "6D"), 2: ("JC", "5S", "8D", "7H")}
    )
    game.apply(Play(0, "4S", True))
    game.apply(Play(1, "JK"))
    unchanged(game, Play(2, "JC"), "you must play a trump after the joker lead")
    assert game.apply(Play(2, "7H"))[1] == TrickWon(1, ("4S", "JK", "7H"), 0, 0)


def test_opening_lead_restriction() -> None:
    game = stacked_game(3, 0, {1: ("JK", "5C", "AS", "2H"), 2: ("9C", "7D", "8D", "3H")})
    unchanged(
        game, Play(1, "JK"), "you may not lead the joker, a spade or a heart while you hold another card"
    )
    unchanged(game, Play(1, "5C", True), "only an opening lead")
    unchanged(game, Play(1, "AC"), "you do not hold that card")
    game.apply(Play(1, "5C"))
    assert game.view(2).legal == (("9C", False),)


# Rare plays, each through every door: the checked rules function, the rules core and the table engine.
# (players, the hands of the seats that play, from seat 0 who leads the round, the plays before the seat to
# act, its legal plays in the engine's order, and a play refused with its code and suit). Rows with
# `opening` False lie after the first trick, which the engine reaches only by play: the core and the rules
# function take them.
ALL_GUARDED = ("AH", "KH", "QS", "4S")
RARE = {
    "a hand of the joker, spades and hearts leads face down": (
        3,
        {0: ("JK", "5S", "2H", "AS")},
        [],
        [("JK", True), ("5S", True), ("2H", True), ("AS", True)],
        ("5S", False, "lead_face_down", None),
    ),
    "the opening lead is not the joker, a spade or a heart while the hand holds another": (
        3,
        {0: ("JK", "5C", "AS", "9D")},
        [],
        [("5C", False), ("9D", False)],
        ("AS", False, "opening_lead", None),
    ),
    "only a hand of the joker, spades and hearts leads face down": (
        3,
        {0: ("JK", "5C", "AS", "9D")},
        [],
        [("5C", False), ("9D", False)],
        ("5C", True, "face_up", None),
    ),
    "after a face-down lead the second card is free, and face up": (
        3,
        {0: ALL_GUARDED, 1: ("5C", "2H", "QD", "JK")},
        [("AH", True)],
        [("5C", False), ("2H", False), ("QD", False), ("JK", False)],
        ("JK", True, "face_up", None),
    ),
    "the 3 of spades led calls the joker": (
        3,
        {0: ALL_GUARDED, 1: ("3S", "9C", "5D", "6D"), 2: ("JK", "5S", "8D", "7H")},
        [("KH", True), ("3S", False)],
        [("JK", False)],
        ("5S", False, "joker_call", None),
    ),
    "the 3 of spades led without the joker asks for spades": (
        3,
        {0: ALL_GUARDED, 1: ("3S", "9C", "5D", "6D"), 2: ("5S", "9D", "8D", "7H")},
        [("KH", True), ("3S", False)],
        [("5S", False)],
        ("9D", False, "must_follow", "S"),
    ),
    "the 3 of spades not led calls nothing": (
        4,
        {
            0: ALL_GUARDED,
            1: ("4D", "9C", "5D", "6D"),
            2: ("3S", "6C", "7C", "8C"),
            3: ("JK", "5S", "9D", "8H"),
        },
        [("KH", True), ("4D", False), ("3S", False)],
        [("9D", False), ("JK", False)],
        ("5S", False, "must_follow", "D"),
    ),
    "the joker led asks for a trump, the ace of spades one": (
        3,
        {0: ALL_GUARDED, 1: ("JK", "9C", "5D", "6D"), 2: ("JC", "5S", "AS", "7H")},
        [("4S", True), ("JK", False)],
        [("AS", False), ("7H", False)],
        ("5S", False, "joker_lead", None),
    ),
    "the joker led to a hand without trumps": (
        3,
        {0: ALL_GUARDED, 1: ("JK", "9C", "5D", "6D"), 2: ("JC", "5S", "8D", "9S")},
        [("4S", True), ("JK", False)],
        [("JC", False), ("5S", False), ("8D", False), ("9S", False)],
        ("JC", True, "face_up", None),
    ),
    "the ace of spades follows spades": (
        3,
        {0: ALL_GUARDED, 1: ("5S", "9C", "5D", "6D"), 2: ("AS", "9D", "7H", "8C")},
        [("AH", True), ("5S", False)],
        [("AS", False)],
        ("7H", False, "must_follow", "S"),
    ),
    "the ace of spades does not follow hearts": (
        3,
        {0: ALL_GUARDED, 1: ("5H", "9C", "5D", "6D"), 2: ("AS", "7H", "9D", "8C")},
        [("AH", True), ("5H", False)],
        [("7H", False)],
        ("AS", False, "must_follow", "H"),
    ),
    "a hand void in hearts plays the ace of spades on them": (
        3,
        {0: ALL_GUARDED, 1: ("5H", "9C", "5D", "6D"), 2: ("AS", "9D", "7C", "8C")},
        [("AH", True), ("5H", False)],
        [("AS", False), ("9D", False), ("7C", False), ("8C", False)],
        ("AS", True, "face_up", None),
    ),
    "the joker joins the suit followed, after its cards": (
        3,
        {0: ALL_GUARDED, 1: ("3D", "9C", "5D", "6D"), 2: ("JK", "7D", "10C", "8C")},
        [("QS", True), ("3D", False)],
        [("7D", False), ("JK", False)],
        ("10C", False, "must_follow", "D"),
    ),
    "the joker on a suit the hand lacks": (
        3,
        {0: ALL_GUARDED, 1: ("3D", "9C", "5D", "6D"), 2: ("JK", "7C", "10C", "8C")},
        [("QS", True), ("3D", False)],
        [("JK", False), ("7C", False), ("10C", False), ("8C", False)],
        ("JK", True, "face_up", None),
    ),
}
LATER = {
    "any card leads after the first trick": (
        ("JK", "5S", "2H"),
        [],
        [("JK", False), ("5S", False), ("2H", False)],
        ("JK", True, "face_up", None),
    ),
    "a joker lead after the first trick": (
        ("5H", "AS", "9D", "KS"),
        [("JK", False)],
        [("5H", False), ("AS", False)],
        ("9D", False, "joker_lead", None),
    ),
}


def same_state(one: LeanTwoTenJack, two: LeanTwoTenJack) -> bool:
    return all(getattr(one, name) == getattr(two, name) for name in LeanTwoTenJack.__slots__)


def check_rare_in_core(
    players: int,
    hands: dict[int, Sequence[str]],
    plays: list[tuple[str, bool]],
    opening: bool,
    legal: list[tuple[str, bool]],
    refused: tuple[str, bool, str, str | None],
) -> None:
    """The rules function and the rules core, at the row's position, agree with the row."""
    seat = len(plays)
    assert legal_plays(hands[seat], plays, opening) == legal
    trick = [(index, INDEX[card], down) for index, (card, down) in enumerate(plays)]
    cards = [[INDEX[card] for card in hands.get(other, ())] for other in range(players)]
    state = LeanTwoTenJack.from_parts(players, cards, [], False, 0, trick, opening, [[]] * players)
    assert state.to_act == seat
    assert sorted(state.legal()) == sorted(INDEX[card] * 2 + down for card, down in legal)
    _, down, code, _ = refused
    _, face_down, other = state.options()
    assert code == ("face_up" if down and not face_down else other)


@pytest.mark.parametrize(("players", "hands", "plays", "legal", "refused"), RARE.values(), ids=list(RARE))
def test_rare_plays_through_every_door(
    players: int,
    hands: dict[int, Sequence[str]],
    plays: list[tuple[str, bool]],
    legal: list[tuple[str, bool]],
    refused: tuple[str, bool, str, str | None],
) -> None:
    check_rare_in_core(players, hands, plays, True, legal, refused)
    game = stacked_game(players, players - 1, hands)
    for seat, (card, down) in enumerate(plays):
        game.apply(Play(seat, card, down))
    seat = len(plays)
    assert [SEAT_CARD_DOWN(action) for action in game.legal_actions()] == [(seat, *play) for play in legal]
    assert game.view(seat).legal == tuple(legal)
    card, down, code, suit = refused
    before = game.view(seat)
    with pytest.raises(IllegalAction) as refusal:
        game.apply(Play(seat, card, down))
    assert refusal.value.code == code and refusal.value.params.get("suit") == (suit and SYMBOLS[suit])
    assert game.view(seat) == before
    # Every legal play takes the engine where it takes the core it wraps, stepped on its own.
    for play in legal:
        twin, state = game.copy(), game.lean()
        twin.apply(Play(seat, *play))
        state.apply(INDEX[play[0]] * 2 + play[1])
        assert same_state(twin.lean(), state)


@pytest.mark.parametrize(("hand", "plays", "legal", "refused"), LATER.values(), ids=list(LATER))
def test_rare_plays_after_the_first_trick(
    hand: tuple[str, ...],
    plays: list[tuple[str, bool]],
    legal: list[tuple[str, bool]],
    refused: tuple[str, bool, str, str | None],
) -> None:
    check_rare_in_core(3, {len(plays): hand}, plays, False, legal, refused)


def test_once_the_stock_is_gone_tricks_draw_nothing_and_the_last_one_scores() -> None:
    for players in range(2, 7):
        game = TwoTenJackGame(TwoTenJackConfig(players, rounds=1), seed=players)
        rng = random.Random(players)
        while game.view(0).stock_count:
            game.apply(rng.choice(game.legal_actions()))
        sizes = game.view(0).hand_sizes
        assert game.view(0).trick == () and set(sizes) == {4}
        while True:
            events = []
            for _ in range(players):
                events += game.apply(rng.choice(game.legal_actions()))
            *played, won = events[: players + 1]
            assert all(isinstance(event, CardPlayed) for event in played) and isinstance(won, TrickWon)
            sizes = tuple(size - 1 for size in sizes)
            assert game.view(0).hand_sizes == sizes
            if sizes[0]:
                assert len(events) == players + 1  # no draw
                continue
            scored, over = events[players + 1 :]
            lean = game.lean()
            assert lean.over() and lean.stock == [] and lean.to_act == won.seat == game.view(0).leader
            assert scored.points == tuple(lean.returns()) == game.returns() and over.totals == scored.totals
            break


def test_both_reversals_in_one_pile() -> None:
    """Two players, seat 0 always playing its strongest card and seat 1 its weakest: in some round seat 0
    takes all six scoring hearts and all six scoring spades, and the round scores both reversals."""
    for seed in range(200):
        game = TwoTenJackGame(TwoTenJackConfig(2, rounds=1), seed)
        events: list[Event] = []
        while not game.is_over:
            view = game.view(game.to_act)
            face_up = [card for _, card, down in view.trick if not down and card is not None]
            strength = STRENGTH[SUIT[face_up[0]]] if face_up else None

            def power(action: Play, strength: dict[str, int] | None = strength) -> int:
                return (strength or STRENGTH[SUIT[action.card]])[action.card]

            pick = max if game.to_act == 0 else min
            events += game.apply(pick(game.legal_actions(), key=power))
        scored = events[-2]
        assert isinstance(scored, RoundScored)
        if scored.reversals == ((0, "hearts"), (0, "spades")):
            pile = scored.piles[0]
            assert scored.points[0] == score_pile(pile) == sum(map(card_points, pile)) - 90 + 90
            assert scored.points == game.returns() == tuple(game.lean().returns())
            return
    pytest.fail("no pile with both reversals in 200 rounds")


def test_refusals_by_phase() -> None:
    game = TwoTenJackGame(TwoTenJackConfig(2, first_dealer=0), seed=3)
    unchanged(game, NextRound(1), "the round is still being played")
    rng = random.Random(3)
    while game.phase == "play":
        game.apply(rng.choice(game.legal_actions()))
    assert (game.phase, game.to_act, game.legal_actions()) == ("scored", 1, [NextRound(1)])
    unchanged(game, Play(1, "5C"), "the round is over: the next dealer deals")
    unchanged(game, NextRound(0), "not your turn")
    with pytest.raises(ValueError, match="not a Two-Ten-Jack action"):
        game.apply("next")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="no such seat"):
        game.view(2)


def test_hidden_cards_do_not_change_the_views() -> None:
    """Swap a card of seat 2's hand with the face-down top of the stock: the others see no difference
    while neither card is played (the plays are chosen among those legal in both games)."""
    compared = after_the_draw = 0
    for seed in range(40):
        cards = list(pack(4))
        random.Random(seed).shuffle(cards)
        swapped = cards[:]
        mine = 4 + (2 - 0 - 1) % 4  # seat 2's second card, dealer 0; the face-down top is card 16
        swapped[mine], swapped[16] = swapped[16], swapped[mine]
        secret = {cards[mine], cards[16]}
        games = [
            TwoTenJackGame(TwoTenJackConfig(4, first_dealer=0, stacked_deck=tuple(d)), 0)
            for d in (cards, swapped)
        ]
        rng = random.Random(seed)
        while True:
            hidden_by = games[0].view(0).hidden_drawn_by
            for seat in set(range(4)) - {2, hidden_by}:
                assert games[0].view(seat) == games[1].view(seat)
                compared += 1
                after_the_draw += hidden_by is not None
            legal = games[1].legal_actions()
            both = [
                action for action in games[0].legal_actions() if action in legal and action.card not in secret
            ]
            if not both:
                break
            action = rng.choice(both)
            assert (
                games[0].apply(action)[0] == games[1].apply(action)[0] == CardPlayed(*SEAT_CARD_DOWN(action))
            )
    assert compared > 800 and after_the_draw > 200


def test_a_face_down_lead_stays_hidden_until_gathered() -> None:
    others = {1: ("3S", "9C", "5D", "6D"), 2: ("5C", "8C", "8D", "KH")}
    games = [
        stacked_game(3, 2, {0: (lead, "QS", "4S", "JK"), **others}, (top,))
        for lead, top in (("AH", "7H"), ("7H", "AH"))
    ]
    for game, lead in zip(games, ("AH", "7H"), strict=True):
        game.apply(Play(0, lead, True))
    assert games[0].view(1) == games[1].view(1) and games[0].view(2) == games[1].view(2)
    for game in games:
        game.apply(Play(1, "9C"))
    assert games[0].view(1) == games[1].view(1) and games[0].view(2) == games[1].view(2)
    assert games[0].view(0) != games[1].view(0)
    for game in games:
        game.apply(Play(2, "8C"))
    assert games[0].view(1).tricks[0].cards == ("AH", "9C", "8C") != games[1].view(1).tricks[0].cards


def test_a_match_has_a_round_per_player_and_the_deal_passes_clockwise() -> None:
    for players in range(2, 7):
        game = TwoTenJackGame(TwoTenJackConfig(players), seed=players)
        rng = random.Random(players)
        events = list(game.opening)
        while not game.is_over:
            action = rng.choice(game.legal_actions())
            if isinstance(action, NextRound):
                assert action.seat == (game.view(0).dealer + 1) % players
            events += game.apply(action)
        starts = [event for event in events if isinstance(event, RoundStarted)]
        scores = [event for event in events if isinstance(event, RoundScored)]
        first = starts[0].dealer
        assert [(s.round_no, s.dealer, s.leader) for s in starts] == [
            (r + 1, (first + r) % players, (first + r + 1) % players) for r in range(players)
        ]
        assert [s.round_no for s in scores] == list(range(1, players + 1))
        totals = tuple(sum(points) for points in zip(*(s.points for s in scores), strict=True))
        assert scores[-1].totals == totals == game.totals == game.view(0).totals
        best = max(totals)
        assert events[-1] == MatchOver(totals, tuple(s for s in range(players) if totals[s] == best))
        assert len(game.view(1).round_scores) == players
        assert (game.to_act, game.legal_actions(), game.phase) == (None, [], "over")
        unchanged(game, NextRound(0), "the match is over")
        unchanged(game, Play(0, "5C"), "the match is over")


def test_first_dealer_from_the_seed_or_the_config() -> None:
    dealers = {TwoTenJackGame(TwoTenJackConfig(4), seed).view(0).dealer for seed in range(30)}
    assert dealers == {0, 1, 2, 3}
    assert TwoTenJackGame(TwoTenJackConfig(4, first_dealer=3), 5).view(0).dealer == 3


def test_ties_share_the_victory() -> None:
    for seed in range(500):
        game = TwoTenJackGame(TwoTenJackConfig(2, rounds=1), seed)
        rng = random.Random(seed)
        events = []
        while not game.is_over:
            events += game.apply(rng.choice(game.legal_actions()))
        if game.totals[0] == game.totals[1]:
            assert events[-1] == MatchOver(game.totals, (0, 1))
            return
    pytest.fail("no tie in 500 rounds")


def test_copy_is_independent_and_plays_on_identically() -> None:
    game = TwoTenJackGame(TwoTenJackConfig(4), seed=8)
    rng = random.Random(8)
    for _ in range(30):
        game.apply(rng.choice(game.legal_actions()))
    copy = game.copy()
    views = [game.view(seat) for seat in range(4)]
    assert [copy.view(seat) for seat in range(4)] == views
    for _ in range(60):
        action = rng.choice(copy.legal_actions())
        copy.apply(action)
    assert [game.view(seat) for seat in range(4)] == views
    script = random.Random(1)
    twin = game.copy()
    while not game.is_over:
        action = script.choice(game.legal_actions())
        assert game.apply(action) == twin.apply(action)
    assert twin.totals == game.totals and twin.returns() == game.returns()


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "Two-Ten-Jack is for 2 to 6 players, not 1"),
        ({"players": 7}, "Two-Ten-Jack is for 2 to 6 players, not 7"),
        ({"players": 3, "first_dealer": 3}, "first_dealer must be a seat in 0..2, not 3"),
        ({"players": 3, "first_dealer": True}, "first_dealer"),
        ({"players": 3, "rounds": 0}, "rounds must be a whole number of at least 1, not 0"),
        ({"players": 3, "stacked_deck": DECK}, "stacked_deck must hold each card of the 3-player pack once"),
        ({"players": 2, "stacked_deck": (*pack(2)[:-1], "XX")}, "'XX'"),
    ],
)
def test_bad_configs(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        TwoTenJackConfig(**options)  # type: ignore[arg-type]
