"""The rules core (`LeanKoenigrufen`) and the checked table engine around it agree: step by step over random
deals (the same legal actions, the same state, exactly the actions the core lists accepted, the same score),
the core rebuilt from what is known at any step, the inlined rollout replayed from every position of random
deals, and, table-driven, the cases random deals rarely reach: the Emperor's trick, the called king in the
talon, the declarer's own king, all four kings, discards with few suit cards."""

import random
from collections import Counter
from itertools import combinations

import pytest

from game.games.koenigrufen.cards import (
    DECK,
    DECK_INDEX,
    KING_CARDS,
    KINGS,
    TRULL,
    TRUMPS,
    count_points,
    is_legal_discard,
    legal_discard_list,
    random_discard,
    trick_winner,
)
from game.games.koenigrufen.core import LeanKoenigrufen, Phase
from game.games.koenigrufen.rules import (
    CallKing,
    DealScored,
    DeclarerAlone,
    Discard,
    Discarded,
    Event,
    KoenigrufenConfig,
    KoenigrufenGame,
    PartnerRevealed,
    Play,
    TakeTalon,
    TrickWon,
    from_action,
    to_action,
)
from game.rules.errors import IllegalAction

DEALS = 600  # random deals of the step-by-step test (`tools/profiles_soak.py`: 10,000 a profile)
VIEWED = 300  # of them, the deals where every view is compared with the core at every step
SWEPT = 40  # and those where every card of the hand and every discard is also tried on a copy
ROLLED = 60  # random deals rolled out from every position


def ints(cards: tuple[str, ...] | list[str]) -> list[int]:
    return [DECK_INDEX[c] for c in cards]


def codes(cards: list[int] | tuple[int, ...]) -> tuple[str, ...]:
    return tuple(DECK[c] for c in cards)


def state(core: LeanKoenigrufen) -> tuple[object, ...]:
    """Everything a core holds, comparable."""
    return (
        core.phase,
        core.to_act,
        core.hands,
        core.halves,
        core.declarer,
        core.king,
        core.partner,
        core.shown,
        core.half,
        tuple(sorted(core.discards)),
        core.trick,
        core.leader,
        core.tricks_done,
        core.team,
        core.declarer_points(),
    )


def rebuilt(game: KoenigrufenGame) -> LeanKoenigrufen:
    """The core made anew from the seats' views, as a search builds a world: hands, talon, the declarer's
    discards, the tricks."""
    views = [game.view(seat) for seat in range(4)]
    public = views[game.declarer]
    halves = (
        (tuple(ints(public.talon[0])), tuple(ints(public.talon[1]))) if public.talon else game.lean().halves
    )
    return LeanKoenigrufen.from_parts(
        [ints(view.hand) for view in views],
        halves,
        public.declarer,
        None if public.king is None else DECK_INDEX[public.king],
        public.talon_taken,
        tuple(ints(public.discards)),
        [(t.leader, tuple(ints(t.cards)), t.winner) for t in public.tricks],
        public.trick.leader,
        ints(public.trick.cards),
    )


def assert_agree(cores: list[LeanKoenigrufen], game: KoenigrufenGame, views: bool) -> None:
    """Cores driven by the lean actions alone are the engine's own; the engine lists exactly the core's
    actions, and (`views`) every view shows the core's cards and partnership."""
    own, listed = state(game.lean()), {from_action(a) for a in game.legal_actions()}
    for core in cores:
        assert state(core) == own
        legal = core.legal()
        assert len(set(legal)) == len(legal) and set(legal) == listed
    core = cores[0]
    if core.phase is not Phase.SCORED:
        assert (core.phase, core.to_act) == (game.phase, game.to_act)
    for seat in range(4 if views else 0):
        view = game.view(seat)
        assert view.hand == codes(core.hand(seat)) and view.trick.cards == codes(core.trick)
        assert view.partner == (core.partner if core.shown else None)
        assert view.alone is (core.shown and core.partner is None)


def assert_accepts_exactly_the_legal(game: KoenigrufenGame) -> None:
    """Every card of the hand (or every discard of three) tried on a copy: accepted exactly when the core
    lists it; refused with the rule's code, changing nothing."""
    seat, core = game.to_act, game.lean()
    assert seat is not None
    legal = set(core.legal())
    if game.phase == "tricks":
        tries: list[object] = [Play(seat, card) for card in game.view(seat).hand]
        codes_ = {"must_follow", "must_trump"}
    else:
        tries = [Discard(seat, cards) for cards in combinations(game.view(seat).hand, 3)]
        codes_ = {"no_king_discard", "no_trull_discard", "suits_first"}
    for action in tries:
        copy = game.copy()
        if from_action(action) in legal:  # type: ignore[arg-type]
            copy.apply(action)  # type: ignore[arg-type]
        else:
            with pytest.raises(IllegalAction) as refusal:
                copy.apply(action)  # type: ignore[arg-type]
            assert refusal.value.code in codes_
            assert state(copy.lean()) == state(core)


def test_the_core_and_the_table_engine_agree_step_by_step() -> None:
    alone = 0
    for seed in range(DEALS):
        rng = random.Random(seed)
        game = KoenigrufenGame(KoenigrufenConfig(deals=1), seed)
        core = game.lean()
        rebuild_at = rng.randrange(3 + 48)  # the step at which a second core is rebuilt from the views
        fresh: LeanKoenigrufen | None = None
        events: list[Event] = []
        for step in range(3 + 48):
            if step == rebuild_at:
                fresh = rebuilt(game)
            assert_agree([core] if fresh is None else [core, fresh], game, seed < VIEWED)
            if seed < SWEPT and game.phase in ("discard", "tricks"):
                assert_accepts_exactly_the_legal(game)
            phase, seat = game.phase, game.to_act
            assert seat is not None
            move = from_action(game.random_action(rng))
            action = to_action(move, seat, phase)
            assert from_action(action) == move
            events = game.apply(action)  # the translated action is one the engine accepts
            core.apply(move)
            if fresh is not None:
                fresh.apply(move)
        scored = next(e for e in events if isinstance(e, DealScored))
        for lean in (core, fresh):
            assert lean is not None
            assert state(lean) == state(game.lean())
            assert lean.over() and lean.phase is Phase.SCORED and lean.legal() == []
            assert tuple(lean.returns()) == scored.settlement
            assert lean.declarer_points() == scored.declarer_side_points == count_points(scored.piles[0])
            assert lean.won() is scored.won and lean.partner == scored.partner
        alone += scored.partner is None
    assert 0 < alone < DEALS  # both kinds of deal were tried


def test_translation_round_trips() -> None:
    assert to_action(0, 2, "talon") == TakeTalon(2, 0)
    assert to_action(KING_CARDS[1], 1, "call") == CallKing(1, "KD")
    assert to_action(0, 3, "tricks") == Play(3, "I")
    discard = to_action((DECK_INDEX["XV"], DECK_INDEX["7S"], DECK_INDEX["QH"]), 0, "discard")
    assert discard == Discard(0, ("XV", "7S", "QH"))
    assert from_action(discard) == tuple(sorted(ints(["XV", "7S", "QH"])))


def played_out(game: KoenigrufenGame, seed: int) -> tuple[int, ...]:
    """The engine finishing the deal with the draws `rollout` makes: `int(random() * n)` over the legal list
    (kings, halves, cards), the discard by `random_discard`."""
    draw = random.Random(seed).random
    events: list[Event] = []
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if game.phase == "discard":
            events = game.apply(to_action(random_discard(game.lean().hand(seat), draw), seat, "discard"))
        else:
            actions = game.legal_actions()
            events = game.apply(actions[int(draw() * len(actions))])
    return next(e for e in events if isinstance(e, DealScored)).settlement


def test_the_inlined_rollout_is_the_engine_played_with_the_same_draws_from_every_position() -> None:
    """`rollout` inlines the tricks (the core's one deliberate copy of following suit and the trick winner):
    from every position of random deals, a partial trick included, it ends in exactly the state the engine
    reaches with the same draws."""
    for seed in range(ROLLED):
        rng = random.Random(seed)
        game = KoenigrufenGame(KoenigrufenConfig(deals=1), seed)
        for step in range(3 + 48):
            lean, engine = game.lean(), game.copy()
            result = lean.rollout(random.Random(step))
            assert tuple(result) == played_out(engine, step)
            assert state(lean) == state(engine.lean())
            assert lean.over() and lean.returns() == result and lean.shown
            game.apply(game.random_action(rng))


def test_rollout_is_zero_sum_reproducible_and_leaves_the_state_over() -> None:
    rng = random.Random(7)
    for declarer in range(4):
        start = LeanKoenigrufen.deal(rng, declarer)
        first = start.copy()
        result = first.rollout(random.Random(99))
        assert sum(result) == 0 and result[declarer] != 0
        assert sorted(map(abs, result)) in ([1, 1, 1, 1], [1, 1, 1, 3])
        assert first.over() and first.returns() == result
        again = start.copy()
        assert again.rollout(random.Random(99)) == result
        assert again.declarer_points() == first.declarer_points()
        assert start.phase is Phase.CALL and all(
            len(start.hand(seat)) == 12 for seat in range(4)
        )  # untouched
        assert first.half is not None and first.king in KING_CARDS
        fifteen = start.hand(declarer) + list(first.halves[first.half])
        assert is_legal_discard([DECK[c] for c in fifteen], [DECK[c] for c in first.discards])


def test_deal_is_a_fresh_deal_of_the_whole_pack() -> None:
    lean = LeanKoenigrufen.deal(random.Random(3), 2)
    cards = [c for seat in range(4) for c in lean.hand(seat)] + [c for half in lean.halves for c in half]
    assert sorted(cards) == list(range(54))
    assert (lean.phase, lean.to_act, lean.king, lean.partner, lean.shown) == ("call", 2, None, None, False)
    assert lean.legal() == list(KING_CARDS)
    assert lean.hands == [lean.hand(seat) for seat in range(4)]


def split_deal() -> tuple[list[list[int]], tuple[tuple[int, ...], tuple[int, ...]]]:
    """Seat 0 holds KH, seat 2 holds KD, the talon KC (first half) and KS (second half)."""
    rest = [c for c in range(54) if c not in KING_CARDS]
    hands = [[*rest[0:11], KING_CARDS[0]], rest[11:23], [*rest[23:34], KING_CARDS[1]], rest[34:46]]
    halves = ((KING_CARDS[2], rest[46], rest[47]), (KING_CARDS[3], rest[48], rest[49]))
    return hands, halves


def test_partner_and_its_publicity_are_derived_like_the_engine() -> None:
    hands, halves = split_deal()
    # own king (alone, secret), seat 2's king, a king in either talon half (alone, public)
    for king, partner, shown in zip(
        KING_CARDS, (None, 2, None, None), (False, False, True, True), strict=True
    ):
        lean = LeanKoenigrufen.from_parts(hands, halves, 0, king, None, (), [], 0, [])
        assert (lean.phase, lean.partner, lean.shown) == ("talon", partner, shown)
        called = LeanKoenigrufen(hands, halves, 0)
        called.apply(king)
        assert state(called) == state(lean)
    # the king in the half the declarer took: alone, though the declarer now holds it
    taken = [hands[0] + list(halves[0]), *hands[1:]]
    lean = LeanKoenigrufen.from_parts(taken, halves, 0, KING_CARDS[2], 0, (), [], 0, [])
    assert (lean.phase, lean.partner, lean.shown, lean.to_act) == ("discard", None, True, 0)
    # the partner's king already played, in a completed trick and in the current one
    hand2 = [c for c in hands[2] if c != KING_CARDS[1]]
    played = [hands[0], hands[1], hand2, hands[3]]
    trick = (hands[1][0], KING_CARDS[1], hands[3][0], hands[0][0])
    done = LeanKoenigrufen.from_parts(played, halves, 0, KING_CARDS[1], 1, (1, 2, 3), [(1, trick, 2)], 2, [])
    assert (done.phase, done.partner, done.shown, done.to_act) == ("tricks", 2, True, 2)
    now = LeanKoenigrufen.from_parts(played, halves, 0, KING_CARDS[1], 1, (1, 2, 3), [], 1, trick[:2])
    assert (now.partner, now.shown, now.to_act, now.trick) == (2, True, 3, list(trick[:2]))


def last_trick(cards: tuple[int, ...], leader: int) -> LeanKoenigrufen:
    """The twelfth trick about to be played, seat `leader + i` holding `cards[i]`; seat 0 declared, took
    talon half 0, discarded it again, and took the first eleven tricks."""
    rest = [c for c in range(54) if c not in cards]
    hands = [[cards[(seat - leader) % 4]] for seat in range(4)]
    halves = (tuple(rest[3:6]), tuple(rest[:3]))
    tricks = [(0, tuple(rest[6 + 4 * i : 10 + 4 * i]), 0) for i in range(11)]
    return LeanKoenigrufen.from_parts(hands, halves, 0, KING_CARDS[0], 0, halves[0], tricks, leader, [])


def test_emperors_trick_goes_to_the_pagat_in_the_core_and_its_rollout() -> None:
    """Rare in random deals (one in two hundred), so set up: I, XXI and Sküs together, and without XXI."""
    pagat, mond, skus, queen, xx = (DECK_INDEX[c] for c in ("I", "XXI", "SK", "QH", "XX"))
    cases = (((queen, skus, pagat, mond), 2), ((skus, queen, mond, pagat), 3), ((pagat, skus, queen, xx), 1))
    for cards, taker in cases:
        for leader in range(4):
            by_apply, by_rollout = last_trick(cards, leader), last_trick(cards, leader)
            assert by_apply.legal() == [cards[0]]
            for card in cards:
                by_apply.apply(card)
            by_rollout.rollout(random.Random(0))
            for lean in (by_apply, by_rollout):
                assert lean.over() and lean.leader == (leader + taker) % 4
            assert state(by_apply) == state(by_rollout)


# --- the table engine on stacked deals: seat 0 is forehand, so declarer, and gets the deck's first cards --

HEARTS = ["KH", "QH", "CH", "JH", "1H", "2H", "3H", "4H"]


def stacked(hands: list[list[str]], talon: list[str]) -> KoenigrufenGame:
    deck = tuple(card for hand in hands for card in hand) + tuple(talon)
    assert sorted(deck) == sorted(DECK) and all(len(hand) == 12 for hand in hands)
    return KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=deck), seed=0)


def dealt_around(declarer: list[str], talon: list[str], held: dict[int, list[str]]) -> KoenigrufenGame:
    """Seat 0 holds `declarer`, seats 1..3 the cards `held` gives them and the rest in deck order."""
    rest = [
        c for c in DECK if c not in declarer and c not in talon and all(c not in h for h in held.values())
    ]
    hands = [declarer]
    for seat in (1, 2, 3):
        own = held.get(seat, [])
        hands.append(own + rest[: 12 - len(own)])
        rest = rest[12 - len(own) :]
    return stacked(hands, talon)


def play(game: KoenigrufenGame, card: str) -> list[Event]:
    seat = game.to_act
    assert seat is not None
    return game.apply(Play(seat, card))


@pytest.mark.parametrize(
    ("cards", "taker"),
    [
        (("KH", "I", "XXI", "SK"), 1),  # the Emperor's trick, the Pagat trumping in second
        (("KH", "SK", "I", "XXI"), 2),
        (("KH", "XXI", "SK", "I"), 3),  # the Pagat last
        (("SK", "I", "XXI", "II"), 1),  # the Sküs led
        (("I", "XXI", "II", "SK"), 0),  # the Pagat led
        (("KH", "I", "SK", "XX"), 2),  # without the Mond, the Sküs
        (("KH", "I", "XXI", "XX"), 2),  # without the Sküs, the Mond
    ],
)
def test_emperors_trick_on_the_table(cards: tuple[str, str, str, str], taker: int) -> None:
    """The first trick, the others void in hearts so a trump is theirs to choose; the engine, its core and the
    public `trick_winner` name the same seat."""
    lead = cards[0]
    declarer = [*HEARTS, "KD", "QD", "CD", "JD"]
    talon = ["1D", "2D", "3D", "4D", "10C", "9C"]
    if lead not in HEARTS:  # a trump led: seat 0 holds it instead of a heart, which goes to the talon
        declarer, talon = [lead if c == "4H" else c for c in declarer], [*talon[:5], "4H"]
    game = dealt_around(declarer, talon, {seat: [card] for seat, card in enumerate(cards) if seat})
    game.apply(CallKing(0, "KS"))
    game.apply(TakeTalon(0, 0))
    game.apply(Discard(0, ("2H", "3H", "JD")))
    events = [event for card in cards for event in play(game, card)]
    won = next(event for event in events if isinstance(event, TrickWon))
    assert won.seat == taker == trick_winner(cards) == game.lean().leader == game.to_act
    assert won.cards == cards


def talon_king_game() -> KoenigrufenGame:
    """KC lies in talon half 0; the declarer holds KH."""
    return dealt_around(
        ["KH", "QH", "CH", "JH", "1H", "2H", "3H", "4H", "I", "II", "III", "IV"],
        ["KC", "QC", "CC", "JC", "10C", "9C"],
        {},
    )


@pytest.mark.parametrize("half", [0, 1])
def test_the_called_king_in_the_talon(half: int) -> None:
    """Alone and public at once; taken into the hand its play reveals nothing more, left it counts for the
    defenders."""
    game = talon_king_game()
    assert game.apply(CallKing(0, "KC"))[-1] == DeclarerAlone(0, "talon")
    core = game.lean()
    assert (core.partner, core.shown) == (None, True)
    assert all(game.view(seat).alone and game.view(seat).partner is None for seat in range(4))
    game.apply(TakeTalon(0, half))
    game.apply(Discard(0, ("2H", "3H", "4H")))
    rng = random.Random(half)
    events: list[Event] = []
    while not game.is_over:
        if game.to_act == 0 and Play(0, "KC") in game.legal_actions():
            played = game.apply(Play(0, "KC"))
            assert not any(isinstance(e, DeclarerAlone | PartnerRevealed) for e in played)
            events += played
        else:
            events += game.apply(game.random_action(rng))
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.partner is None and sorted(scored.settlement) in ([-3, 1, 1, 1], [-1, -1, -1, 3])
    left = game.view(0).talon[1 - half]  # type: ignore[index]
    assert scored.piles[1][:3] == left and ("KC" in left) is (half == 1)
    assert tuple(game.lean().returns()) == scored.settlement


@pytest.mark.parametrize("kings", [("KH",), KINGS])
def test_the_declarers_own_king_and_all_four(kings: tuple[str, ...]) -> None:
    """Calling a king of one's own hand: alone, but nobody knows until it is played."""
    declarer = [*kings, *[c for c in TRUMPS if c not in TRULL][: 12 - len(kings)]]
    game = dealt_around(declarer, ["7S", "8S", "9S", "7C", "8C", "9C"], {})
    assert game.apply(CallKing(0, kings[-1]))[-1] != DeclarerAlone(0, "talon")
    assert (game.lean().partner, game.lean().shown) == (None, False)
    game.apply(TakeTalon(0, 0))
    game.apply(Discard(0, ("7S", "8S", "9S")))
    assert not any(game.view(seat).alone for seat in range(4))
    assert game.apply(Play(0, kings[-1]))[-1] == DeclarerAlone(0, "own_king")
    assert all(game.view(seat).alone for seat in range(4)) and game.lean().shown
    rng = random.Random(len(kings))
    events: list[Event] = []
    while not game.is_over:
        events += game.apply(game.random_action(rng))
    scored = next(e for e in events if isinstance(e, DealScored))
    assert scored.partner is None and sorted(scored.settlement) in ([-3, 1, 1, 1], [-1, -1, -1, 3])


@pytest.mark.parametrize(
    "half",
    [
        ("VII", "VIII", "IX"),  # no suit card to lay away: three trumps
        ("7S", "VIII", "IX"),  # one: it and two trumps
        ("7S", "8S", "IX"),  # two: both and one trump
        ("7S", "8S", "9S"),  # three: exactly those
        ("7S", "8S", "QD"),  # three, a Dame among them
    ],
)
def test_discards_with_few_suit_cards(half: tuple[str, str, str]) -> None:
    """The declarer keeps four kings and the Trull: the engine, its core and the rules' text agree on every
    one of the 455 possible discards, and the trumps laid away are shown."""
    declarer = [*KINGS, *TRULL, "II", "III", "IV", "V", "VI"]
    other = [c for c in ("10S", "JS", "QS", "10C", "9C", "8C") if c not in half][:3]
    game = dealt_around(declarer, [*half, *other], {})
    game.apply(CallKing(0, "KH"))
    game.apply(TakeTalon(0, 0))
    hand = game.view(0).hand
    suits = [c for c in hand if c not in TRUMPS and c not in KINGS]
    trumps = [c for c in hand if c in TRUMPS and c not in TRULL]
    if len(suits) >= 3:
        expected = {frozenset(d) for d in combinations(suits, 3)}
    else:
        expected = {frozenset((*suits, *more)) for more in combinations(trumps, 3 - len(suits))}
    assert {frozenset(a.cards) for a in game.legal_actions() if isinstance(a, Discard)} == expected
    assert {frozenset(codes(d)) for d in game.lean().legal()} == expected  # type: ignore[arg-type]
    assert_accepts_exactly_the_legal(game)
    choice = min(expected, key=sorted)
    [event] = game.apply(Discard(0, tuple(choice)))
    assert event == Discarded(0, 3, tuple(c for c in TRUMPS if c in choice))


# --- the discard rule on card numbers ----------------------------------------------------------------------


def test_legal_discards_match_the_rules() -> None:
    rng = random.Random(11)
    for _ in range(200):
        hand = sorted(rng.sample(range(54), 15))
        codes_ = [DECK[c] for c in hand]
        legal = {tuple(sorted(d)) for d in legal_discard_list(hand)}
        every = {d for d in combinations(hand, 3) if is_legal_discard(codes_, [DECK[c] for c in d])}
        assert legal == every


def test_random_discard_is_uniform_over_legal_discards() -> None:
    rng = random.Random(5)
    few_suits = "I II III IV XXI SK KH KD KC KS 7S V VI XX X"  # one suit card: two trumps go too
    many_suits = "I II KH QH CH JH 1H 2D KS 7S V VI XX X XI"  # six discardable suit cards
    for text in (few_suits, many_suits):
        hand = sorted(DECK_INDEX[c] for c in text.split(" "))
        legal = [tuple(sorted(d)) for d in legal_discard_list(hand)]
        draws = 200 * len(legal)
        counts = Counter(random_discard(hand, rng.random) for _ in range(draws))
        assert set(counts) == set(legal)
        assert max(counts.values()) < 1.4 * 200 and min(counts.values()) > 0.6 * 200
