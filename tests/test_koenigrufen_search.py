"""The Königrufen search: worlds dealt from a seat's view agree with everything that seat knows, playouts
play the way the easy players do, and the computer's moves are legal, explained, and reproducible."""

from __future__ import annotations

import math
import random

import pytest

from game.ai import thinker
from game.ai.decision import REASONS
from game.ai.search import Search
from game.ai.thinker import decide
from game.games.koenigrufen import auction, evaluation, house
from game.games.koenigrufen import easy as koenigrufen_easy
from game.games.koenigrufen import search as ks
from game.games.koenigrufen.cards import DECK, DECK_INDEX
from game.games.koenigrufen.core import CONCEDE, LeanKoenigrufen
from game.games.koenigrufen.profile import Profile, load
from game.games.koenigrufen.rules import (
    SEATS,
    AnnouncePass,
    Bid,
    CallKing,
    DealScored,
    KoenigrufenConfig,
    KoenigrufenGame,
    KoenigrufenView,
    Pass,
    from_action,
)


def _positions(count: int, seed: int) -> list[KoenigrufenGame]:
    """Random positions of random deals, in every phase."""
    rng = random.Random(seed)
    games = []
    for n in range(count):
        game = KoenigrufenGame(KoenigrufenConfig(deals=1), seed * 1000 + n)
        for _ in range(rng.randrange(0, 52)):
            if game.is_over:
                break
            game.apply(game.random_action(rng))
        if not game.is_over:
            games.append(game)
    return games


def test_sampled_worlds_keep_what_the_seat_knows() -> None:
    rng = random.Random(3)
    for game in _positions(150, 1):
        for seat in range(SEATS):
            view = game.view(seat)
            sample = ks.sampler(view)
            lacking = ks.excluded(view, ks.plans(view.profile)[0].follow)
            for _ in range(3):
                world = sample(rng)
                assert world.to_act == game.to_act
                assert sorted(world.hand(seat)) == sorted(DECK_INDEX[c] for c in view.hand)
                for other in range(SEATS):
                    cards = world.hand(other)
                    assert len(cards) == view.hand_sizes[other]
                    if other != seat:
                        assert not set(cards) & lacking[other]
                if view.partner is not None:
                    assert world.partner == view.partner
                if view.alone:
                    assert world.partner is None
                legal = {ks.action(view, m) for m in world.legal()} if world.to_act == seat else set()
                if legal:
                    assert legal == set(game.legal_actions()) or view.phase == "discard"


def test_the_same_view_and_seed_deal_the_same_world() -> None:
    """Sampling is reproducible, so a decision is too."""
    for game in _positions(20, 2):
        view = game.view(game.to_act or 0)
        a = ks.sampler(view)(random.Random(9))
        b = ks.sampler(view)(random.Random(9))
        assert [a.hand(s) for s in range(SEATS)] == [b.hand(s) for s in range(SEATS)]


def test_computer_moves_are_legal_and_explained() -> None:
    for game in _positions(12, 3):
        seat = game.to_act
        assert seat is not None
        decision = decide("koenigrufen", game.view(seat), "normal", seed=4)
        assert decision.action in game.legal_actions()
        assert decision.reason in REASONS
        again = decide("koenigrufen", game.view(seat), "normal", seed=4)
        assert again == decision


def test_hard_first_reaches_normals_answer_and_keeps_it_unless_shown_better(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """hard is normal thinking on: given no further deals to weigh, it plays exactly normal's move, which is
    not simply the easy player's."""
    monkeypatch.setitem(thinker.ITERATIONS, "hard", 1)  # one deal is no evidence against the standing move
    left_easy = 0
    for game in _positions(10, 5):
        view = game.view(game.to_act)
        normal = decide("koenigrufen", view, "normal", seed=6).action
        assert decide("koenigrufen", view, "hard", seed=6).action == normal
        left_easy += normal != koenigrufen_easy.choose(view, random.Random(1))
    assert left_easy >= 1


def test_the_others_read_the_call_the_declarer_does_not_hold_the_called_king() -> None:
    rng = random.Random(8)
    checked = 0
    for game in _positions(120, 4):
        for seat in range(SEATS):
            view = game.view(seat)
            if seat == view.declarer or view.king is None or view.partner is not None or view.alone:
                continue
            if view.king in view.hand:
                continue
            sample = ks.sampler(view)
            king = DECK_INDEX[view.king]
            lacking = ks.excluded(view, ks.plans(view.profile)[0].follow)
            elsewhere = [s for s in range(SEATS) if s not in (seat, view.declarer)]
            for _ in range(5):
                world = sample(rng)
                if king in world.hand(view.declarer):  # only when play left the king nowhere else
                    assert all(DECK_INDEX[view.king] in lacking[s] for s in elsewhere)
                else:
                    checked += 1
    assert checked > 100


def test_playouts_play_the_deal_the_way_the_easy_players_do() -> None:
    """The search judges a move by how the table would go on: from the first trick, a playout ends on the
    easy players' own card points in most deals (random play almost never does)."""
    same = 0
    for n in range(100):
        game = KoenigrufenGame(KoenigrufenConfig(deals=1), 300 + n)
        lean, points = None, None
        while not game.is_over:
            view = game.view(game.to_act)
            if lean is None and view.phase == "tricks":
                lean = game.lean()
            for event in game.apply(koenigrufen_easy.choose(view, random.Random(n))):
                if isinstance(event, DealScored):
                    points = event.declarer_side_points
        assert lean is not None
        ks.rollout(lean, random.Random(n))
        same += lean.declarer_points() == points
    assert same >= 80


def test_playouts_after_a_call_take_the_talon_half_the_easy_declarer_takes() -> None:
    """A call is judged by the deals it leads to: the playout's declarer takes the half easy would in most
    deals (91% measured; a coin would match half the time)."""
    same = 0
    for n in range(200):
        game = KoenigrufenGame(KoenigrufenConfig(deals=1), 900 + n)
        while game.view(game.to_act).phase != "talon":
            game.apply(koenigrufen_easy.choose(game.view(game.to_act), random.Random(n)))
        easy = koenigrufen_easy.choose(game.view(game.to_act), random.Random(n))
        lean = game.lean()
        ks.rollout(lean, random.Random(n))
        assert lean.half is not None
        same += lean.half == easy.half
    assert same >= 170


def test_the_real_deal_reads_likelier_than_most_sampled_ones() -> None:
    """Easy players play by the playout habits, so the hands they really hold explain their cards so far
    better than most worlds the sampler deals (a likelihood blind to the play would rank it below none)."""
    ranks = []
    for n in range(30):
        game = KoenigrufenGame(KoenigrufenConfig(deals=1), 400 + n)
        rng = random.Random(n)
        while not game.is_over and (game.view(game.to_act).phase != "tricks" or rng.random() > 0.06):
            game.apply(koenigrufen_easy.choose(game.view(game.to_act), rng))
        if game.is_over:
            continue
        view = game.view(game.to_act)
        weigh = ks.likelihood(view)
        if weigh is None:
            continue
        sample = ks.sampler(view)
        real = weigh(game.lean())
        ranks.append(sum(weigh(sample(rng)) < real for _ in range(40)) / 40)
    assert len(ranks) >= 20
    assert sum(ranks) / len(ranks) >= 0.55  # the real deal beats most sampled worlds (0.66 measured)


# --- under the profiles with an auction ---------------------------------------------------------------------

AUSTRIA, CHELTENHAM = load("austria"), load("cheltenham")


def _steered(profile: Profile, contract: str, seed: int) -> KoenigrufenGame | None:
    """A deal of `profile` whose auction is steered to `contract` through legal bids (bid it where allowed,
    else pass, else forehand's neutral word so he may choose it); None if the hands did not allow it."""
    assert profile.bidding is not None
    game = KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=0, profile=profile), seed)
    while game.phase == "bid":
        legal = game.legal_actions()
        bids = {a.contract: a for a in legal if isinstance(a, Bid)}
        passes = [a for a in legal if isinstance(a, Pass)]
        game.apply(bids.get(contract) or next(iter(passes), None) or bids[profile.bidding.neutral])
    return game if game.view(0).contract == contract else None


def _deal_of(profile: Profile, contract: str) -> KoenigrufenGame:
    game = next(g for seed in range(40) if (g := _steered(profile, contract, seed)) is not None)
    return game


CONTRACT_KINDS = [
    (AUSTRIA, "rufer"),  # positive, a king called, the talon halves shown
    (AUSTRIA, "solorufer"),  # a king called, the talon to the defenders unseen
    (AUSTRIA, "farbendreier"),  # the colour rule, a trumps-first discard
    (AUSTRIA, "sechserdreier"),  # the whole talon taken unseen, six laid away
    (AUSTRIA, "piccolo"),  # negative: overtaking, the Pagat rule, the early end
    (AUSTRIA, "bettel_ouvert"),  # every hand open after the first trick
    (AUSTRIA, "trischaken"),  # everyone for himself, the talon to the last trick
    (CHELTENHAM, "solo"),  # a king called, the whole talon to a declarer whose king lies in it
    (CHELTENHAM, "sechserdreier"),  # the whole talon shown
    (CHELTENHAM, "piccolo_ouvert"),  # the declarer's hand open
    (CHELTENHAM, "trischaken"),  # the talon out of play, sides' payout
]


@pytest.fixture
def quick_search(monkeypatch: pytest.MonkeyPatch) -> None:
    """Few deals per decision: these tests are about legality and the contract's objective, not strength."""
    monkeypatch.setitem(thinker.ITERATIONS, "normal", 4)
    monkeypatch.setitem(thinker.ITERATIONS, "hard", 6)
    monkeypatch.setitem(thinker.CANDIDATES, "normal", 2)
    monkeypatch.setitem(thinker.CANDIDATES, "hard", 2)


@pytest.mark.usefixtures("quick_search")
@pytest.mark.parametrize("level", ["normal", "hard"])
@pytest.mark.parametrize(
    ("profile", "contract"), CONTRACT_KINDS, ids=[f"{p.id} {c}" for p, c in CONTRACT_KINDS]
)
def test_the_search_levels_play_every_contract_to_its_end(
    profile: Profile, contract: str, level: str
) -> None:
    """Every decision of the deal (the auction, call and announcements included) is the level's, legal,
    and the deal ends scored under the contract steered to."""
    game = _deal_of(profile, contract)
    for step in range(200):
        if game.is_over:
            break
        seat = game.to_act
        assert seat is not None
        decision = decide("koenigrufen", game.view(seat), level, seed=step)
        assert decision.action in game.legal_actions()
        assert decision.reason in REASONS
        game.apply(decision.action)
    assert game.is_over
    assert game.view(0).contract == contract


@pytest.mark.parametrize(
    ("profile", "contract"), CONTRACT_KINDS, ids=[f"{p.id} {c}" for p, c in CONTRACT_KINDS]
)
def test_worlds_under_a_contract_keep_what_the_seat_knows(profile: Profile, contract: str) -> None:
    """At random points of a deal played at random: each world, dealt blind or drawn by the bids, has the
    seat's hand, the hand sizes, the
    hands laid open, none of the cards play excluded, the seat's own legal moves; and the real deal, built
    the same way, settles as the table engine does."""
    rng = random.Random(5)
    game = _deal_of(profile, contract)
    plan = ks.plans(profile)[profile.rank(contract)]
    checked = 0
    real: LeanKoenigrufen | None = None  # the true deal rebuilt after the first trick, played on
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        if view.phase in ("talon", "discard", "tricks"):
            lacking = ks.excluded(view, plan.follow)
            for by_bids in (False, True):  # hard's worlds drawn by the bids keep it all as well
                world = ks.sampler(view, by_bids)(rng)
                assert (world.phase, world.to_act, world.contract) == (
                    game.lean().phase,
                    seat,
                    game.lean().contract,
                )
                assert sorted(world.hand(seat)) == sorted(DECK_INDEX[c] for c in view.hand)
                for other in range(SEATS):
                    cards = world.hand(other)
                    assert len(cards) == view.hand_sizes[other]
                    assert {DECK_INDEX[c] for c in view.open_hands[other]} <= set(cards)
                    assert not set(cards) & (lacking[other] if other != seat else set())
                assert {ks.action(view, m) for m in world.legal()} == set(game.legal_actions()) or (
                    view.phase == "discard"
                )
                checked += 1
        if real is None and view.phase == "tricks" and view.tricks:
            real = _real_world(game, view)
        act = rng.choice(game.legal_actions())
        game.apply(act)
        if real is not None and not real.over():
            real.apply(from_action(act, profile))
    assert checked >= 10
    assert real is not None and real.returns() == game.lean().returns()


def _real_world(game: KoenigrufenGame, view: KoenigrufenView) -> LeanKoenigrufen:
    """The deal's true position rebuilt the way the sampler builds a world: the real cards in each place."""
    lean, profile = game.lean(), view.profile
    assert view.contract is not None
    return LeanKoenigrufen.from_parts(
        lean.hands,
        lean.halves,
        lean.declarer,
        lean.king,
        lean.half,
        lean.discards,
        [(t.leader, tuple(DECK_INDEX[c] for c in t.cards), t.winner or 0) for t in view.tricks],
        view.trick.leader,
        [DECK_INDEX[c] for c in view.trick.cards],
        profile=profile,
        rank=profile.rank(view.contract),
        forehand=view.forehand,
        talk=auction.talk_so_far(view) if lean.talk is not None else None,
        shown=view.partner is not None,
    )


def test_a_negative_declarer_does_not_lead_the_trick_he_must_take() -> None:
    """Bettel (no trick): holding the heart king beside low cards and no trump, the declarer leads a low card,
    which the others must overtake, never the king, which wins the trick unless someone trumps it, and so
    loses the game at once (he may lay the king away later, on a trump lead)."""
    hand = ("KH", "2H", "3H", "4H", "2D", "3D", "4D", "7C", "8C", "7S", "8S", "9S")
    rest = [card for card in DECK if card not in hand]
    deck = (*hand, *rest)  # seat 1, forehand, is dealt the deck's first twelve
    game = KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=0, stacked_deck=deck, profile=AUSTRIA), 0)
    game.apply(Bid(1, "bettel"))
    while game.phase == "bid":
        game.apply(Pass(game.to_act))
    while game.phase == "announce":  # nobody doubles
        game.apply(AnnouncePass(game.to_act))
    view = game.view(1)
    assert (view.contract, view.to_act, "KH" in view.playable) == ("bettel", 1, True)
    moves = ks.root_moves(view)
    search = Search(
        1, moves, ks.sampler(view), ks.rollout, ks.values, 30, random.Random(3)
    )  # no standing move
    search.run(math.inf)
    best, _tally = search.best()
    means = {move: sum(values) / len(values) for move, values in search.results.items()}
    assert best != DECK_INDEX["KH"] and means[DECK_INDEX["KH"]] < means[best] - 0.5


@pytest.mark.usefixtures("quick_search")
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_search_levels_weigh_the_concession_when_the_called_king_lies_in_the_talon(level: str) -> None:
    """austria: the declarer who sees his called king in the talon may concede; the search levels count that
    among their choices (the easy habit they keep may be just that) and answer with a legal move."""
    deck = [card for card in DECK if card != "KH"]
    deck.insert(48, "KH")  # the first card of the first talon half
    austria = load("austria")
    config = KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=tuple(deck), profile=austria)
    game = KoenigrufenGame(config, 0)
    for action in (Bid(0, "vorhand"), Pass(1), Pass(2), Pass(3), Bid(0, "rufer"), CallKing(0, "KH")):
        game.apply(action)
    view = game.view(0)
    assert view.phase == "talon" and view.concession > 0
    assert ks.root_moves(view) == [0, 1, CONCEDE]
    for seed in range(3):
        assert decide("koenigrufen", view, level, seed=seed).action in game.legal_actions()


@pytest.mark.parametrize("profile", [load("cardavia"), AUSTRIA, CHELTENHAM], ids=lambda p: p.id)
def test_the_habit_a_search_keeps_is_always_among_the_moves_it_searches(profile: Profile) -> None:
    """Over random easy deals: wherever the search has a choice, the table habit it starts from is one of
    its root moves (a habit outside them stopped a computer's turn with an error)."""
    for seed in range(25):
        game = KoenigrufenGame(KoenigrufenConfig(deals=1, profile=profile), seed)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            moves = ks.root_moves(view)
            if len(moves) > 1:
                assert ks.habit(view, random.Random(seed)) in moves
            game.apply(koenigrufen_easy.choose(view, rng))


# --- the auction: the measured hand evaluation and the bids searched ----------------------------------------

STRONG = ("SK", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV", "KH", "KD", "KC")
WEAK = ("1H", "2H", "3H", "4H", "1D", "2D", "3D", "4D", "10C", "9C", "8C", "7S")


@pytest.mark.parametrize("profile", [AUSTRIA, CHELTENHAM], ids=lambda p: p.id)
def test_the_evaluation_ranks_a_strong_hand_above_a_weak_one_for_every_contract(profile: Profile) -> None:
    """Every contract of the shipped profiles has fitted coefficients; a hand of high trumps and kings
    expects more than a hand of low pips from every positive contract, and less from every negative one
    (which asks for no tricks, or one)."""
    assert set(evaluation.TABLE[profile.id]) == {c.id for c in profile.contracts}
    for forehand in (False, True):
        strong = evaluation.expectations(_ints(STRONG), forehand, profile)
        weak = evaluation.expectations(_ints(WEAK), forehand, profile)
        for rank, contract in enumerate(profile.contracts):
            if contract.kind == "positive":
                assert strong[rank] > weak[rank], contract.id
            elif contract.kind == "negative":
                assert strong[rank] < weak[rank], contract.id


def test_a_house_profile_reads_its_shipped_profiles_evaluation_at_its_own_values() -> None:
    """A house copy of a shipped profile expects the same, scaled by a contract's changed value."""
    copy = house.with_value(house.based_on(AUSTRIA), "dreier", won=8, lost=8)
    hand = _ints(STRONG)
    rank = AUSTRIA.rank("dreier")
    assert evaluation.expectations(hand, False, copy)[rank] == pytest.approx(
        2 * evaluation.expectations(hand, False, AUSTRIA)[rank]
    )


def _ints(cards: tuple[str, ...]) -> list[int]:
    return sorted(DECK_INDEX[card] for card in cards)


def _auction_views(profile: Profile, deals: int) -> list[tuple[KoenigrufenGame, KoenigrufenView]]:
    """Every bid position of `deals` easy auctions: forehand's opening, the rounds, the choice after the
    neutral word, a hold where the profile has it."""
    found = []
    for seed in range(deals):
        game = KoenigrufenGame(KoenigrufenConfig(deals=1, profile=profile), seed)
        rng = random.Random(seed)
        while game.phase == "bid":
            seat = game.to_act
            assert seat is not None
            view = game.view(seat)
            found.append((game.copy(), view))
            game.apply(koenigrufen_easy.choose(view, rng))
    return found


@pytest.mark.usefixtures("quick_search")
@pytest.mark.parametrize("profile", [AUSTRIA, CHELTENHAM], ids=lambda p: p.id)
@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_search_levels_bid_legally_in_every_auction_position(profile: Profile, level: str) -> None:
    """At every bid of a few auctions the level's word is legal, is among the words it searched, is the
    same again for the same seed, and is explained as weighed where the seat had a choice."""
    for game, view in _auction_views(profile, 6):
        decision = decide("koenigrufen", view, level, seed=5)
        assert decision.reason == ("weighed" if len(view.bid_options) > 1 else "only")
        assert decision.action in game.legal_actions()
        assert from_action(decision.action, profile) in ks.root_moves(view)
        assert decide("koenigrufen", view, level, seed=5) == decision


def test_a_bid_reads_as_evidence_about_the_bidders_hand() -> None:
    """After another seat bids a solo contract, worlds giving it a strong hand weigh more than worlds
    giving it a weak one; a pass says the opposite."""
    profile = AUSTRIA
    for word, stronger in (("solodreier", True), ("pass", False)):
        game = KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=0, profile=profile), 0)
        game.apply(Bid(1, profile.bidding.neutral if profile.bidding else ""))
        game.apply(Bid(2, "solodreier") if word == "solodreier" else Pass(2))
        view = game.view(3)
        weigh = ks.likelihood(view)
        assert weigh is not None
        sample = ks.sampler(view)
        worlds = [sample(random.Random(n)) for n in range(200)]
        ranked = sorted(worlds, key=lambda w: evaluation.expectations(w.hand(2), False, profile)[-1])
        low = sum(map(weigh, ranked[:50]))
        high = sum(map(weigh, ranked[-50:]))
        assert (high > low) == stronger


@pytest.mark.parametrize(("phase", "tricks", "gain"), [("announce", 0, 1.0), ("tricks", 2, 0.5)])
def test_hard_draws_the_declarers_hand_by_his_bid(phase: str, tricks: int, gain: float) -> None:
    """In the announcements and the tricks after another seat's solo bid, the worlds hard searches (drawn by
    the bids) give the declarer a hand that expects far more of his contract than blind deals do, and make
    the bids likelier: a Kontra or a card is weighed against the hands that bid, not against random ones."""
    profile, contract = AUSTRIA, "farbendreier"
    game = _deal_of(profile, contract)
    rng = random.Random(1)

    def waiting() -> bool:
        view = game.view(game.to_act or 0)
        return view.phase != phase or len(view.tricks) < tricks or game.to_act == view.declarer

    while waiting():
        game.apply(rng.choice(game.legal_actions()))
    view = game.view(game.to_act or 0)
    played = auction.played_by(view)
    declarer, rank = view.declarer, profile.rank(contract)
    assert declarer is not None and ks.worlds(view, "hard") is not None and ks.worlds(view, "normal") is None
    weigh = ks.likelihood(view)
    assert weigh is not None

    def dealt(world: LeanKoenigrufen) -> list[int]:
        taken = set(world.halves[0] + world.halves[1] if world.half is None else world.halves[world.half])
        return [c for c in world.hand(declarer) + list(world.discards) + played[declarer] if c not in taken]

    means = {}
    for by_bids in (False, True):
        sample = ks.sampler(view, by_bids)
        worlds = [sample(random.Random(n)) for n in range(60)]
        expect = [evaluation.expectations(dealt(w), declarer == view.forehand, profile)[rank] for w in worlds]
        means[by_bids] = (sum(expect) / len(expect), sum(map(weigh, worlds)) / len(worlds))
    assert means[True][0] > means[False][0] + gain  # in the tricks a shorter chain, fewer cards hidden
    assert means[True][1] > 2 * means[False][1]
