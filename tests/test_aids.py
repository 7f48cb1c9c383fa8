"""Help while playing, the rules' side: which card takes a trick so far, which cards are gone, the called
king held, and the point count of the side a seat knows — table-driven, then over random play against
the rules' own trick winners, and never more than the seat may know."""

from __future__ import annotations

import random
from dataclasses import replace
from functools import cache

import pytest

from game.games.koenigrufen import aids as kr_aids
from game.games.koenigrufen import rules as kr
from game.games.koenigrufen.cards import pile_points
from game.games.koenigrufen.profile import CARDAVIA, Profile, load
from game.games.twotenjack import aids as ttj_aids
from game.games.twotenjack import rules as ttj

AUSTRIA = load("austria")


@cache
def kr_view(rules: Profile = CARDAVIA) -> kr.KoenigrufenView:
    """A view to dress up: the fields the aids read are set by each case."""
    return kr.KoenigrufenGame(kr.KoenigrufenConfig(deals=1, first_dealer=0, profile=rules), 0).view(0)


def tricks_view(rules: Profile, contract: str, **fields: object) -> kr.KoenigrufenView:
    base = dict(
        phase="tricks", contract=contract, profile=rules, declarer=0, king="KH", hand=(), partner=None
    )
    base["alone"] = not rules.contract(contract).call
    return replace(kr_view(rules), **(base | fields))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("rules", "contract", "cards", "winner"),
    [
        (CARDAVIA, "rufer", (), None),
        (CARDAVIA, "rufer", ("KH",), 0),
        (CARDAVIA, "rufer", ("QH", "KH"), 1),  # the higher card of the suit led
        (CARDAVIA, "rufer", ("KH", "II"), 1),  # a trump beats the suit led
        (CARDAVIA, "rufer", ("KH", "KS", "4H"), 0),  # another suit never takes it
        (CARDAVIA, "rufer", ("II", "XX", "KH", "V"), 1),  # the highest trump
        (CARDAVIA, "rufer", ("SK", "I"), 0),  # the Sküs, while the Mond is not in it
        (CARDAVIA, "rufer", ("SK", "I", "XXI"), 1),  # the Emperor's trick, already partial: the Pagat
        (CARDAVIA, "rufer", ("XXI", "KC", "SK", "I"), 3),
        (AUSTRIA, "rufer", ("SK", "I", "XXI"), 0),  # a profile without the Emperor's trick
        (AUSTRIA, "farbendreier", ("KH", "II"), 0),  # the colour rule: a trump does not beat a suit card
        (AUSTRIA, "farbendreier", ("II", "XX", "KH"), 1),  # trumps led: the highest trump
    ],
)
def test_koenigrufen_winning_card_of_a_partial_trick(
    rules: Profile, contract: str, cards: tuple[str, ...], winner: int | None
) -> None:
    assert kr_aids.winning_index(tricks_view(rules, contract), cards) == winner


@pytest.mark.parametrize(
    ("plays", "winner"),
    [
        ((), None),
        ((("5C", False),), 0),
        ((("5C", False), ("9C", False)), 1),
        ((("5C", False), ("2H", False)), 1),  # hearts are trump
        ((("5C", False), ("AS", False), ("KH", False)), 1),  # the ace of spades above every heart
        ((("5C", False), ("AS", False), ("JK", False)), 2),  # the joker above all
        ((("KS", False), ("AC", False)), 0),  # another plain suit never takes it
        ((("3S", False), ("JK", False)), 1),  # the joker call
        (((None, True),), None),  # a face-down lead alone: nothing counts yet
        (((None, True), ("5C", False)), 1),  # the second card leads
        (((None, True), ("5C", False), ("9C", False), ("2D", False)), 2),
    ],
)
def test_twotenjack_winning_card_of_a_partial_trick(
    plays: tuple[tuple[str | None, bool], ...], winner: int | None
) -> None:
    assert ttj_aids.winning_index(plays) == winner


def test_koenigrufen_gone_are_the_trumps_and_kings_played_or_shown() -> None:
    view = tricks_view(
        CARDAVIA,
        "rufer",
        tricks=(kr.Trick(0, ("KH", "QH", "1H", "XX"), 3),),
        trick=kr.Trick(3, ("SK", "3D")),
        shown_trumps=("II",),
        discards=("VII", "QS", "JS"),  # the declarer's own: not public, not counted as gone
    )
    assert kr_aids.gone(view) == {"KH", "XX", "SK", "II"}


def test_twotenjack_gone_are_hearts_spades_and_joker_played_face_up() -> None:
    base = ttj.TwoTenJackGame(ttj.TwoTenJackConfig(3, first_dealer=0), 1).view(0)
    view = replace(
        base,
        tricks=(ttj.TrickWon(2, ("2H", "5C", "JK"), 10, 1),),
        trick=((1, None, True), (2, "3S", False), (0, "9D", False)),
    )
    assert ttj_aids.gone(view) == {"2H", "JK", "3S"}


# (seat, fields of the view) -> the seats it knows on its side; declarer 0 calls the ♥ king
SIDES = [
    ("before the tricks", 2, dict(phase="bid", hand=("KH",)), {2}),
    ("declarer, partner hidden", 0, {}, {0}),
    ("declarer holding his own king", 0, dict(hand=("KH",)), {0}),
    ("the partner knows himself", 2, dict(hand=("KH", "KS")), {0, 2}),
    ("a defender, partner hidden", 1, {}, {1}),
    ("partner revealed: declarer", 0, dict(partner=2), {0, 2}),
    ("partner revealed: defender", 1, dict(partner=2), {1, 3}),
    ("declarer known alone: defender", 3, dict(alone=True), {1, 2, 3}),
    ("declarer known alone: declarer", 0, dict(alone=True), {0}),
]


@pytest.mark.parametrize(("case", "seat", "fields", "side"), SIDES, ids=[case[0] for case in SIDES])
def test_the_side_a_seat_knows(case: str, seat: int, fields: dict[str, object], side: set[int]) -> None:
    view = tricks_view(CARDAVIA, "rufer", seat=seat, **fields)
    assert kr_aids.known_side(view) == side


@pytest.mark.parametrize(("contract", "side"), [("trischaken", {2}), ("piccolo", {1, 2, 3})])
def test_each_for_himself_in_trischaken_and_three_against_one_in_a_negative_game(
    contract: str, side: set[int]
) -> None:
    assert kr_aids.known_side(tricks_view(AUSTRIA, contract, seat=2)) == side


def test_the_count_adds_only_the_tricks_of_the_known_side_counted_in_threes() -> None:
    tricks = (
        kr.Trick(0, ("KH", "QH", "CH", "JH"), 2),  # 14 in plain points
        kr.Trick(2, ("XXI", "I", "SK", "XX"), 0),  # 16
        kr.Trick(0, ("KS", "QS", "10S", "9S"), 1),  # 11
    )
    hidden = tricks_view(CARDAVIA, "rufer", seat=2, hand=("KC",), tricks=tricks)
    assert kr_aids.side_points(hidden) == pile_points(tricks[0].cards) == 11  # his partner unknown to him
    knowing = replace(hidden, hand=("KH",))  # holding the called king: the declarer is his partner
    assert kr_aids.side_points(knowing) == pile_points(tricks[0].cards + tricks[1].cards) == 25
    defender = replace(hidden, seat=1, partner=2)  # once the partner is known, so are the defenders
    assert kr_aids.side_points(defender) == pile_points(tricks[2].cards) == 8


@pytest.mark.parametrize(
    ("contract", "phase", "counted"),
    [
        ("rufer", "tricks", True),
        ("trischaken", "tricks", True),
        ("piccolo", "tricks", False),
        ("rufer", "bid", False),
    ],
)
def test_no_count_where_points_do_not_decide_or_before_the_tricks(
    contract: str, phase: str, counted: bool
) -> None:
    view = tricks_view(AUSTRIA, contract, phase=phase, tricks=(kr.Trick(0, ("KH", "QH", "CH", "JH"), 0),))
    assert (kr_aids.side_points(view) is not None) is counted


def test_the_called_king_is_told_apart_only_in_the_hand_that_holds_it() -> None:
    assert kr_aids.called_in_hand(tricks_view(CARDAVIA, "rufer", hand=("KH", "KS"))) == "KH"
    assert kr_aids.called_in_hand(tricks_view(CARDAVIA, "rufer", hand=("KS", "KD"))) is None
    assert kr_aids.called_in_hand(tricks_view(CARDAVIA, "rufer", king=None, hand=("KH",))) is None


# --- over random play: the rules' own trick winners, and only what each seat may know ---------------------


@pytest.mark.parametrize(("rules", "seed"), [(CARDAVIA, 1), (CARDAVIA, 2), (AUSTRIA, 3), (AUSTRIA, 4)])
def test_koenigrufen_aids_agree_with_the_rules_and_know_no_more_than_the_seat(
    rules: Profile, seed: int
) -> None:
    rng = random.Random(seed)
    game = kr.KoenigrufenGame(kr.KoenigrufenConfig(deals=2, profile=rules), seed)
    checked = 0
    while not game.is_over:
        if game.phase in kr_aids.PLAYING:
            checked += 1
            check_koenigrufen_position(game)
        game.apply(rng.choice(game.legal_actions()))
    assert checked > 20


def check_koenigrufen_position(game: kr.KoenigrufenGame) -> None:
    views = [game.view(seat) for seat in range(kr.SEATS)]
    held = {card for view in views for card in view.hand}
    gone = {kr_aids.gone(view) for view in views}
    assert len(gone) == 1, "every seat sees the same cards gone: only public ones"
    assert not gone.pop() & held, "a card still held is never gone"
    team = game.lean().team
    for view in views:
        for trick in view.tricks:
            assert (trick.leader + (kr_aids.winning_index(view, trick.cards) or 0)) % kr.SEATS == trick.winner
        side = kr_aids.known_side(view)
        assert view.seat in side
        contract = view.profile.contract(view.contract) if view.contract else None
        if contract is not None and contract.kind != "trischaken":
            assert all(team[seat] == team[view.seat] for seat in side), "the side known is the true side"
            if view.alone or view.partner is not None:
                assert side == {seat for seat in range(kr.SEATS) if team[seat] == team[view.seat]}


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (6, 3)])
def test_twotenjack_aids_agree_with_the_rules_and_show_only_public_cards(players: int, seed: int) -> None:
    rng = random.Random(seed)
    game = ttj.TwoTenJackGame(ttj.TwoTenJackConfig(players, rounds=1), seed)
    plays: list[tuple[str | None, bool]] = []
    tricks = 0
    while not game.is_over:
        views = [game.view(seat) for seat in range(players)]
        held = {card for view in views for card in view.hand}
        gone = {ttj_aids.gone(view) for view in views}
        assert len(gone) == 1 and not gone.pop() & held
        for event in game.apply(rng.choice(game.legal_actions())):
            if isinstance(event, ttj.CardPlayed):
                plays.append((None, True) if event.face_down else (event.card, False))
            elif isinstance(event, ttj.TrickWon):
                winner = ttj_aids.winning_index(plays)
                assert winner is not None and (event.leader + winner) % players == event.seat
                plays, tricks = [], tricks + 1
    assert tricks > 5
