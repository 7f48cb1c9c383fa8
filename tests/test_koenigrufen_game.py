"""The Königrufen game state: the deal, the refusals with their reasons, the partnership coming out, what
each seat may see, the match and its score sheet, and a property test over ten thousand random deals."""

import random
from collections import Counter

import pytest

from game.games.koenigrufen.cards import DECK, KINGS, count_points, is_legal_discard, suit_of
from game.games.koenigrufen.rules import (
    CallKing,
    CardPlayed,
    DealScored,
    DealStarted,
    DeclarerAlone,
    Discard,
    Discarded,
    Event,
    HandDealt,
    KingCalled,
    KoenigrufenConfig,
    KoenigrufenGame,
    KoenigrufenView,
    MatchOver,
    NextDeal,
    PartnerRevealed,
    Play,
    TakeTalon,
    TalonDealt,
    TalonLeft,
    TalonShown,
    TalonTaken,
    TrickWon,
)

# Seat 0 is forehand (first_dealer 3); dealt in play order, then the talon.
HANDS = (
    ("I", "II", "III", "IV", "V", "VI", "KH", "QH", "10S", "9S", "8S", "7S"),
    ("VII", "VIII", "IX", "X", "XI", "XII", "1H", "2H", "KC", "QC", "CC", "JC"),
    ("XIII", "XIV", "XV", "XVI", "3H", "4H", "QD", "CD", "JD", "1D", "2D", "3D"),
    ("XVII", "XVIII", "XIX", "XX", "XXI", "SK", "CH", "JH", "KD", "4D", "10C", "KS"),
)
TALON = ("QS", "CS", "JS", "9C", "8C", "7C")


def stacked(deals: int | None = 4) -> KoenigrufenGame:
    deck = tuple(card for hand in HANDS for card in hand) + TALON
    return KoenigrufenGame(KoenigrufenConfig(deals=deals, first_dealer=3, stacked_deck=deck), seed=0)


def to_tricks(game: KoenigrufenGame, king: str = "KC", half: int = 0, discard: tuple[str, ...] = ()) -> None:
    """Call, take a half, discard (the first legal discard unless given): the declarer leads."""
    seat = game.declarer
    game.apply(CallKing(seat, king))
    game.apply(TakeTalon(seat, half))
    game.apply(
        Discard(seat, discard or next(a for a in game.legal_actions() if isinstance(a, Discard)).cards)
    )


def refused(game: KoenigrufenGame, action: object) -> str:
    before = [game.view(seat) for seat in range(4)]
    with pytest.raises(ValueError) as info:
        game.apply(action)  # type: ignore[arg-type]
    assert [game.view(seat) for seat in range(4)] == before, "a refused action changed the state"
    return str(info.value)


def test_the_opening_deal() -> None:
    game = stacked()
    opening = game.opening
    assert opening[0] == DealStarted(1, 3, 0)
    assert opening[1:5] == tuple(
        HandDealt(seat, tuple(sorted(HANDS[seat], key=DECK.index))) for seat in range(4)
    )
    assert opening[5] == TalonDealt(6)
    assert (game.phase, game.to_act, game.dealer, game.declarer, game.deal_no) == ("call", 0, 3, 0, 1)
    assert game.legal_actions() == [CallKing(0, king) for king in KINGS]
    view = game.view(0)
    assert view.hand == opening[1].cards and view.hand_sizes == (12, 12, 12, 12)
    assert view.talon is None and view.king is None


def test_seat_geometry_dealer_and_forehand() -> None:
    for dealer in range(4):
        game = KoenigrufenGame(KoenigrufenConfig(first_dealer=dealer), seed=5)
        dealt = [event.seat for event in game.opening if isinstance(event, HandDealt)]
        assert game.declarer == game.to_act == (dealer + 1) % 4
        assert dealt == [(dealer + 1 + i) % 4 for i in range(4)]  # forehand first, the dealer last
    drawn = {KoenigrufenGame(KoenigrufenConfig(), seed=seed).dealer for seed in range(40)}
    assert drawn == {0, 1, 2, 3}


def test_call_talon_discard_events() -> None:
    game = stacked()
    assert game.apply(CallKing(0, "KC")) == [
        KingCalled(0, "KC"),
        TalonShown((("QS", "CS", "JS"), ("9C", "8C", "7C"))),
    ]
    assert game.apply(TakeTalon(0, 0)) == [
        TalonTaken(0, 0, ("QS", "CS", "JS")),
        TalonLeft(("9C", "8C", "7C")),
    ]
    assert game.view(0).hand_sizes == (15, 12, 12, 12)
    assert game.apply(Discard(0, ("7S", "8S", "9S"))) == [Discarded(0, 3, ())]
    assert (game.phase, game.to_act) == ("tricks", 0)
    assert game.view(0).discards == ("9S", "8S", "7S") and game.view(1).discards == ()


def test_trumps_discarded_are_shown() -> None:
    # Seat 0 keeps only two discardable suit cards after taking the half with two trumps.
    hands = (
        ("I", "II", "III", "IV", "V", "VI", "VII", "KH", "KD", "KC", "KS", "7S"),
        ("VIII", "IX", "X", "XI", "1H", "2H", "QC", "CC", "JC", "10C", "9C", "8C"),
        ("XIV", "XV", "XVI", "XVII", "3H", "4H", "QD", "CD", "JD", "1D", "2D", "3D"),
        ("XVIII", "XIX", "XX", "XXI", "SK", "CH", "JH", "QH", "4D", "7C", "QS", "CS"),
    )
    talon = ("XII", "XIII", "JS", "10S", "9S", "8S")
    deck = tuple(card for hand in hands for card in hand) + talon
    assert sorted(deck) == sorted(DECK)
    game = KoenigrufenGame(KoenigrufenConfig(first_dealer=3, stacked_deck=deck), seed=0)
    game.apply(CallKing(0, "KH"))
    game.apply(TakeTalon(0, 0))
    assert refused(game, Discard(0, ("7S", "II", "III"))) == "discard suit cards first"
    assert refused(game, Discard(0, ("KH", "KD", "7S"))) == "kings cannot be discarded"
    assert refused(game, Discard(0, ("7S", "JS", "I"))) == "the Trull cannot be discarded"
    assert game.apply(Discard(0, ("7S", "JS", "XII"))) == [Discarded(0, 3, ("XII",))]
    assert all(game.view(seat).shown_trumps == ("XII",) for seat in range(4))
    assert game.view(1).discards == () and game.view(0).discards == ("XII", "JS", "7S")


def test_refusals_give_the_reason_and_change_nothing() -> None:
    game = stacked()
    assert refused(game, CallKing(1, "KC")) == "not your turn"
    assert refused(game, CallKing(0, "QH")) == "call one of the four kings, not 'QH'"
    assert refused(game, TakeTalon(0, 0)) == "call a king first"
    assert refused(game, Play(0, "KH")) == "call a king first"
    assert refused(game, "KH") == "not a Königrufen action: 'KH'"
    game.apply(CallKing(0, "KC"))
    assert refused(game, TakeTalon(0, 2)) == "take talon half 0 or 1, not 2"
    game.apply(TakeTalon(0, 0))
    assert refused(game, Discard(0, ("KH", "7S", "8S"))) == "kings cannot be discarded"
    assert refused(game, Discard(0, ("I", "7S", "8S"))) == "the Trull cannot be discarded"
    assert refused(game, Discard(0, ("II", "7S", "8S"))) == "discard suit cards first"
    assert refused(game, Discard(0, ("7S", "8S"))) == "discard three cards, not ('7S', '8S')"
    assert refused(game, Discard(0, ("7S", "8S", "KS"))) == "KS is not in your hand"
    assert refused(game, Discard(0, ("7S", "8S", "8S"))) == "discard three different cards"
    assert refused(game, Discard(0, ("7S", "8S", "ZZ"))) == "unknown card code: 'ZZ'"
    game.apply(Discard(0, ("7S", "8S", "9S")))
    assert refused(game, Play(1, "1H")) == "not your turn"
    assert refused(game, Play(0, "1H")) == "1H is not in your hand"
    assert refused(game, Play(0, "H1")) == "unknown card code: 'H1'"
    assert refused(game, NextDeal(0)) == "play a card"
    game.apply(Play(0, "KH"))
    assert refused(game, Play(1, "VII")) == "you must follow ♥"
    game.apply(Play(1, "1H"))
    game.apply(Play(2, "3H"))
    events = game.apply(Play(3, "CH"))
    assert events == [CardPlayed(3, "CH"), TrickWon(0, ("KH", "1H", "3H", "CH"), 10, 1)]
    game.apply(Play(0, "10S"))
    assert refused(game, Play(1, "KC")) == "you must play a trump"
    game.apply(Play(1, "VII"))
    game.apply(Play(2, "XIII"))
    assert refused(game, Play(3, "XVII")) == "you must follow ♠"
    game.apply(Play(3, "KS"))
    assert game.to_act == 2  # XIII took it
    game.apply(Play(2, "XIV"))
    assert refused(game, Play(3, "KD")) == "you must play a trump"


def test_partner_revealed_when_the_called_king_falls() -> None:
    game = stacked()
    to_tricks(game, "KC", discard=("7S", "8S", "9S"))
    plays = ["KH", "1H", "3H", "CH", "QS", "VII", "XIII", "KS", "QD", "4D", "II", "VIII"]
    for card in plays:
        assert game.to_act is not None
        game.apply(Play(game.to_act, card))
        assert all(game.view(seat).partner is None for seat in range(4))
    assert game.to_act == 1  # VIII took the third trick
    assert game.apply(Play(1, "KC")) == [CardPlayed(1, "KC"), PartnerRevealed(0, 1)]
    assert all(game.view(seat).partner == 1 and not game.view(seat).alone for seat in range(4))


def test_declarer_alone_with_the_own_king() -> None:
    game = stacked()
    to_tricks(game, "KH", discard=("7S", "8S", "9S"))
    assert not game.view(2).alone
    assert game.apply(Play(0, "KH")) == [CardPlayed(0, "KH"), DeclarerAlone(0, "own_king")]
    assert game.view(2).alone and game.view(2).partner is None


def test_declarer_alone_with_the_king_in_the_talon() -> None:
    for seed in range(200):
        game = KoenigrufenGame(KoenigrufenConfig(deals=1), seed)
        hands = [game.view(seat).hand for seat in range(4)]
        in_talon = [king for king in KINGS if not any(king in hand for hand in hands)]
        if in_talon:
            events = game.apply(CallKing(game.declarer, in_talon[0]))
            assert events[-1] == DeclarerAlone(game.declarer, "talon")
            assert game.view((game.declarer + 1) % 4).alone
            rng = random.Random(seed)
            while not game.is_over:
                events = game.apply(game.random_action(rng))
            scored = next(event for event in events if isinstance(event, DealScored))
            assert scored.partner is None
            assert sorted(scored.settlement) == sorted((-3, 1, 1, 1) if not scored.won else (3, -1, -1, -1))
            return
    pytest.fail("no deal with a king in the talon")


def test_view_follows_the_trick_and_the_talon() -> None:
    game = stacked()
    to_tricks(game, "KC", half=1, discard=("7S", "8S", "9S"))
    game.apply(Play(0, "KH"))
    game.apply(Play(1, "1H"))
    view = game.view(2)
    assert view.trick.leader == 0 and view.trick.played == ((0, "KH"), (1, "1H"))
    assert view.talon == (("QS", "CS", "JS"), ("9C", "8C", "7C")) and view.talon_taken == 1
    assert view.king == "KC" and view.hand_sizes == (11, 11, 12, 12)
    game.apply(Play(2, "3H"))
    game.apply(Play(3, "CH"))
    view = game.view(2)
    assert view.trick.cards == () and view.trick.leader == 0
    assert [(t.leader, t.cards, t.winner) for t in view.tricks] == [(0, ("KH", "1H", "3H", "CH"), 0)]


def same_suit_swaps(game: KoenigrufenGame, viewer: int, rng: random.Random) -> list[tuple[str, str]]:
    """Pairs of same-suit cards held by two seats other than the viewer, both dealt to them."""
    dealt = {event.seat: set(event.cards) for event in game.opening if isinstance(event, HandDealt)}
    others = [seat for seat in range(4) if seat != viewer]
    a, b = rng.sample(others, 2)
    held_a = [card for card in game.view(a).hand if card in dealt[a]]
    held_b = [card for card in game.view(b).hand if card in dealt[b]]
    return [(x, y) for x in held_a for y in held_b if suit_of(x) == suit_of(y)]


def replay(deck: tuple[str, ...], actions: list[object], dealer: int) -> KoenigrufenGame | None:
    game = KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=dealer, stacked_deck=deck), seed=0)
    try:
        for action in actions:
            game.apply(action)  # type: ignore[arg-type]
    except ValueError:
        return None  # the swap changed what the declarer could discard
    return game


def test_view_never_reveals_hidden_cards() -> None:
    """Two states that differ only in cards hidden from a seat give that seat the same view."""
    rng = random.Random(11)
    compared = partner_differs = 0
    for seed in range(300):
        dealer = seed % 4
        deck = tuple(rng.sample(DECK, len(DECK)))
        game = KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=dealer, stacked_deck=deck), seed=0)
        actions: list[object] = []
        for _ in range(rng.randrange(3, 50)):
            action = game.random_action(rng)
            game.apply(action)
            actions.append(action)
        viewer = rng.randrange(4)
        swaps = same_suit_swaps(game, viewer, rng)
        if not swaps:
            continue
        x, y = rng.choice(swaps)
        swapped = tuple(y if card == x else x if card == y else card for card in deck)
        other = replay(swapped, actions, dealer)
        if other is None:
            continue
        assert other.view(viewer) == game.view(viewer)
        assert other.view(viewer).hand == game.view(viewer).hand
        compared += 1
        king = game.view(viewer).king
        partner_differs += king in (x, y)
    assert compared > 150 and partner_differs > 0


def check_cards(game: KoenigrufenGame) -> None:
    """Hands + talon or its halves + discards + tricks + the current trick hold the 54 cards once each."""
    views = [game.view(seat) for seat in range(4)]
    public = views[0]
    where = [card for view in views for card in view.hand]
    where += views[game.declarer].discards
    if public.talon is not None:
        halves = public.talon if public.talon_taken is None else (public.talon[1 - public.talon_taken],)
        where += [card for half in halves for card in half]
    where += [card for trick in public.tricks for card in trick.cards] + list(public.trick.cards)
    if public.talon is None:
        assert len(where) == len(DECK) - 6 and sum(public.hand_sizes) == 48
    else:
        assert sorted(where) == sorted(DECK)
    assert sum(public.hand_sizes) == sum(len(view.hand) for view in views)


def counted(view: KoenigrufenView) -> int:
    """The cards a view accounts for: hands, the talon (or the half left), discards, tricks."""
    talon = 6 if view.talon is None or view.talon_taken is None else 3
    discards = 3 if view.phase in ("tricks", "scored", "over") else 0
    tricks = 4 * len(view.tricks) + len(view.trick.cards)
    return sum(view.hand_sizes) + talon + discards + tricks


def random_deal(seed: int, full_check: bool) -> list[Event]:
    """One random deal; every generated action is accepted and every other card of the hand refused."""
    game = KoenigrufenGame(KoenigrufenConfig(deals=1), seed)
    rng = random.Random(seed)
    events: list[Event] = list(game.opening)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        assert counted(view) == len(DECK)
        if full_check:
            check_cards(game)
        legal = game.legal_actions()
        if game.phase == "tricks":
            cards = {action.card for action in legal if isinstance(action, Play)}
            for card in view.hand:
                if card not in cards:
                    try:
                        game.apply(Play(seat, card))
                    except ValueError as refusal:
                        assert str(refusal).startswith("you must")
                    else:
                        pytest.fail(f"{card} was accepted, {sorted(cards)} were legal")
        elif game.phase == "discard" and full_check:
            assert all(isinstance(a, Discard) and is_legal_discard(view.hand, a.cards) for a in legal)
        action = rng.choice(legal)
        if isinstance(action, Discard):
            assert is_legal_discard(view.hand, action.cards)
        events += game.apply(action)
    return events


def test_six_hundred_random_deals() -> None:
    """Every card accounted for, 70 points, zero-sum settlement, only legal actions generated, over more
    than a hundred deals each won, lost, played alone and in a pair (`tools/profiles_soak.py` plays 10,000
    random Cardavia deals with the same checks against the lean core, `tools/soak.py` computers' deals)."""
    outcomes: Counter[str] = Counter()
    for seed in range(600):
        events = random_deal(seed, full_check=seed < 100)
        scored = [event for event in events if isinstance(event, DealScored)]
        assert len(scored) == 1 and isinstance(events[-1], MatchOver)
        score = scored[0]
        ours, theirs = score.piles
        assert sorted(ours + theirs) == sorted(DECK)
        assert (count_points(ours), count_points(theirs)) == (
            score.declarer_side_points,
            score.defenders_points,
        )
        assert score.declarer_side_points + score.defenders_points == 70
        assert sum(score.settlement) == 0
        assert score.won is (score.declarer_side_points >= 36)
        played = [event.card for event in events if isinstance(event, CardPlayed)]
        assert len(played) == 48 == len(set(played))
        tricks = [event for event in events if isinstance(event, TrickWon)]
        assert [t.trick_no for t in tricks] == list(range(1, 13))
        outcomes["alone" if score.partner is None else "pair"] += 1
        outcomes["won" if score.won else "lost"] += 1
    assert min(outcomes.values()) > 100, outcomes


def test_the_same_seed_gives_the_same_deal() -> None:
    for seed in (0, 1, 986221):
        a, b = KoenigrufenGame(KoenigrufenConfig(), seed), KoenigrufenGame(KoenigrufenConfig(), seed)
        assert a.opening == b.opening
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        while not a.is_over:
            assert a.apply(a.random_action(rng_a)) == b.apply(b.random_action(rng_b))
    openings = {KoenigrufenGame(KoenigrufenConfig(), seed).opening for seed in range(20)}
    assert len(openings) == 20


def test_random_action_is_a_legal_action() -> None:
    for seed in range(100):
        game = KoenigrufenGame(KoenigrufenConfig(deals=2), seed)
        rng = random.Random(seed)
        while not game.is_over:
            action = game.random_action(rng)
            assert action in game.legal_actions()
            game.apply(action)
        with pytest.raises(ValueError, match="the match is over"):
            game.random_action(rng)


def test_a_match_of_four_deals() -> None:
    game = KoenigrufenGame(KoenigrufenConfig(), seed=986221)
    rng = random.Random(1)
    events: list[Event] = list(game.opening)
    while not game.is_over:
        if game.phase == "scored":
            nxt = (game.declarer + 1) % 4
            assert game.to_act == nxt and game.legal_actions() == [NextDeal(nxt)]
            assert refused(game, NextDeal((nxt + 1) % 4)) == "not your turn"
            assert refused(game, Play(nxt, "KH")) == "the deal is over: start the next one"
        events += game.apply(game.random_action(rng))
    starts = [event for event in events if isinstance(event, DealStarted)]
    first = starts[0].dealer
    assert [(s.deal_no, s.dealer, s.forehand) for s in starts] == [
        (n + 1, (first + n) % 4, (first + n + 1) % 4) for n in range(4)
    ]
    scored = [event for event in events if isinstance(event, DealScored)]
    sheet = game.score_sheet
    assert [line.deal_no for line in sheet] == [1, 2, 3, 4]
    assert [line.declarer for line in sheet] == [s.forehand for s in starts]
    assert [line.settlement for line in sheet] == [s.settlement for s in scored]
    assert [line.points for line in sheet] == [s.declarer_side_points for s in scored]
    running = [0, 0, 0, 0]
    for line in sheet:
        running = [total + amount for total, amount in zip(running, line.settlement, strict=True)]
        assert line.totals == tuple(running) and sum(line.totals) == 0
    assert events[-1] == MatchOver(tuple(running)) and game.totals == tuple(running)
    assert game.returns() == sheet[-1].settlement
    assert (game.phase, game.to_act, game.legal_actions()) == ("over", None, [])
    assert refused(game, NextDeal(0)) == "the match is over"
    assert game.view(0).score_sheet == sheet


def test_open_ended_match_and_returns() -> None:
    game = KoenigrufenGame(KoenigrufenConfig(deals=None), seed=3)
    rng = random.Random(3)
    with pytest.raises(ValueError, match="not scored yet"):
        game.returns()
    for _ in range(6):
        while game.phase != "scored":
            game.apply(game.random_action(rng))
        assert sum(game.returns()) == 0
        game.apply(game.random_action(rng))
    assert game.deal_no == 7 and not game.is_over


def test_copy_is_independent() -> None:
    game = KoenigrufenGame(KoenigrufenConfig(), seed=8)
    rng = random.Random(8)
    for _ in range(30):
        game.apply(game.random_action(rng))
    before = [game.view(seat) for seat in range(4)]
    twin = game.copy()
    while not twin.is_over:
        twin.apply(twin.random_action(rng))
    assert [game.view(seat) for seat in range(4)] == before
    assert twin.is_over and not game.is_over


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"deals": 0}, "deals must be at least 1, not 0"),
        ({"deals": 2.5}, "deals must be a whole number or None, not 2.5"),
        ({"first_dealer": 4}, "first_dealer must be a seat 0..3, not 4"),
        ({"stacked_deck": DECK[:-1]}, "stacked_deck must hold each of the 54 cards once"),
        ({"stacked_deck": (*DECK[:-1], "I")}, "stacked_deck must hold each of the 54 cards once"),
    ],
)
def test_config_is_checked(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        KoenigrufenConfig(**options)  # type: ignore[arg-type]


def test_view_of_no_seat() -> None:
    with pytest.raises(ValueError, match="no such seat: 4"):
        stacked().view(4)
