"""Königrufen rule profiles: the data checked, the auction, play rules and settlement per contract, and
full deals of every profile, their auctions steered to each contract of its ladder in turn, keeping the
game's invariants (long form: `tools/profiles_soak.py`).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from game.games.koenigrufen import easy, house
from game.games.koenigrufen import profile as kp
from game.games.koenigrufen.cards import CARD_POINTS, DECK, DECK_INDEX, SEATS, restricted, split_hand
from game.games.koenigrufen.core import NEUTRAL, PASS, LeanKoenigrufen, trischaken_settlement
from game.games.koenigrufen.rules import (
    Announce,
    AnnouncePass,
    Bid,
    DealScored,
    Hold,
    KoenigrufenConfig,
    KoenigrufenGame,
    Kontra,
    NextDeal,
    Pass,
    Play,
    from_action,
    pays,
    to_action,
)
from game.games.koenigrufen.spec import SPEC
from game.games.koenigrufen.words import log_lines
from game.i18n import LANGUAGES, Words
from game.rules.errors import IllegalAction
from game.storage import FileProblem

AUSTRIA, CHELTENHAM = kp.load("austria"), kp.load("cheltenham")
ROUNDS = 4  # times each profile's targets (`targets`) are played here


def n(*cards: str) -> list[int]:
    return [DECK_INDEX[c] for c in cards]


@pytest.mark.parametrize("pid", kp.PROFILE_IDS)
def test_each_profile_survives_its_json(pid: str) -> None:
    profile = kp.load(pid)
    assert kp.from_json(profile.to_json()) == profile


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["contracts"][0].update(value=0), "profile.contracts[0].value"),
        (lambda d: d["contracts"][0].update(kind="odd"), "profile.contracts[0].kind"),
        (lambda d: d.update(early_end="yes"), "profile.early_end"),
        (lambda d: d["contracts"].append(dict(d["contracts"][0])), "profile.contracts"),
        (lambda d: d["bidding"].update(after_neutral=["solo"]), "profile.bidding.after_neutral"),
    ],
)
def test_a_bad_profile_is_refused_naming_the_field(change, field: str) -> None:  # type: ignore[no-untyped-def]
    data = AUSTRIA.to_json()
    change(data)
    with pytest.raises(FileProblem) as problem:
        kp.from_json(data)
    assert problem.value.words.params["where"] == field


def test_a_journal_records_the_profile_and_an_old_one_plays_cardavia() -> None:
    setup = SPEC.demo_setup(3, None, "easy")
    coded = SPEC.encode_setup(setup)
    assert coded["profile"] == kp.CARDAVIA.to_json()
    del coded["profile"]
    assert SPEC.new_state(SPEC.decode_setup(coded)).view(0).profile == kp.CARDAVIA
    from dataclasses import replace

    austrian = replace(setup, rules=AUSTRIA)
    assert SPEC.decode_setup(SPEC.encode_setup(austrian)).rules == AUSTRIA


def game(profile: kp.Profile, seed: int = 4) -> KoenigrufenGame:
    return KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=3, profile=profile), seed)


def test_austria_forehand_opens_vorhand_and_chooses_after_three_passes() -> None:
    g = game(AUSTRIA)
    assert g.phase == "bid" and g.to_act == 0
    opening = g.view(0).bid_options
    assert opening[0] == "vorhand" and "rufer" not in opening and "trischaken" not in opening
    assert "sechserdreier" in opening  # first word only
    refused = pytest.raises(IllegalAction)
    with refused:
        g.apply(Pass(0))  # forehand must speak
    g.apply(Bid(0, "vorhand"))
    assert "sechserdreier" not in g.view(1).bid_options and "piccolo" in g.view(1).bid_options
    for seat in (1, 2, 3):
        g.apply(Pass(seat))
    choice = g.view(0).bid_options
    assert "rufer" in choice and "sechserdreier" not in choice and "pass" not in choice
    g.apply(Bid(0, "dreier"))
    assert g.view(2).contract == "dreier" and g.phase == "talon" and g.view(2).bids[0] == (0, "vorhand")


def test_only_forehand_holds_and_a_raise_is_strictly_higher() -> None:
    g = game(CHELTENHAM)
    g.apply(Bid(0, "mein_spiel"))
    g.apply(Bid(1, "piccolo"))
    assert "piccolo" not in g.view(2).bid_options and "hold" not in g.view(2).bid_options
    g.apply(Pass(2))
    g.apply(Pass(3))
    assert "hold" in g.view(0).bid_options
    g.apply(Hold(0))
    g.apply(Pass(1))
    assert g.view(0).contract == "piccolo" and g.view(0).declarer == 0
    assert g.to_act == 0  # cheltenham: forehand leads the Piccolo


def test_lean_bids_translate_both_ways() -> None:
    assert to_action(NEUTRAL, 0, "bid", AUSTRIA) == Bid(0, "vorhand")
    assert to_action(PASS, 2, "bid", AUSTRIA) == Pass(2)
    assert from_action(Bid(1, "solodreier"), AUSTRIA) == AUSTRIA.rank("solodreier")
    with pytest.raises(ValueError):
        from_action(Bid(1, "supra"), AUSTRIA)
    assert pays(AUSTRIA, "sechserdreier") == (4, 8)


# --- play rules -----------------------------------------------------------------------------------------

OVERTAKE_PAGAT = (True, True, False, False)


@pytest.mark.parametrize(
    ("hand", "trick", "rules", "allowed"),
    [
        # compulsory overtaking: beat the VI if you can
        (("II", "X", "XV"), ("VI",), OVERTAKE_PAGAT, ("X", "XV")),
        # the Pagat only as the last trump: leading, the others first
        (("I", "II", "KH"), (), OVERTAKE_PAGAT, ("II", "KH")),
        (("I", "KH"), (), OVERTAKE_PAGAT, ("I", "KH")),
        # void in hearts, must trump and beat the XII; the Pagat cannot
        (("I", "XIII", "KS"), ("QH", "XII"), OVERTAKE_PAGAT, ("XIII",)),
        # colour contract: no trump lead while holding a suit card; a trump does not beat the suit led
        (("III", "KH", "7S"), (), (False, False, True, False), ("KH", "7S")),
        (("III", "7S"), ("2H",), (False, False, True, False), ("III",)),
    ],
)
def test_contract_play_rules(hand, trick, rules, allowed) -> None:  # type: ignore[no-untyped-def]
    got = restricted(split_hand(n(*hand)), n(*trick), rules)
    assert tuple(sorted(DECK[c] for c in got)) == tuple(sorted(allowed))


def test_a_refused_card_says_which_rule() -> None:
    g = game(AUSTRIA, seed=7)
    g.apply(Bid(0, "vorhand"))
    for seat in (1, 2, 3):
        g.apply(Pass(seat))
    g.apply(Bid(0, "trischaken"))
    seat = g.to_act
    assert seat is not None
    hand = g.view(seat).hand
    allowed = set(g.view(seat).playable)
    codes = set()
    for card in hand:
        if card not in allowed:
            with pytest.raises(IllegalAction) as refusal:
                g.apply(Play(seat, card))
            codes.add(refusal.value.code)
    assert codes <= {"pagat_last", "must_overtake", "must_follow", "must_trump"}
    for code in codes:
        assert all(Words(f"illegal.{code}").text(lang) != f"illegal.{code}" for lang in LANGUAGES)


# --- settlement -----------------------------------------------------------------------------------------

AUSTRIA_T, CHELTENHAM_T = AUSTRIA.trischaken, CHELTENHAM.trischaken


@pytest.mark.parametrize(
    ("rules", "scores", "tricks", "forehand", "expected"),
    [
        # austria, in thirds: one loser pays 1 to each; a Bürgermeister (107 thirds) 2 each
        ("a", (60, 20, 30, 100), (3, 3, 3, 3), 0, (1, 1, 1, -3)),
        ("a", (30, 20, 30, 130), (3, 3, 3, 3), 0, (2, 2, 2, -6)),
        # forehand losing, or tied for it, pays double alone
        ("a", (100, 20, 30, 100), (3, 3, 3, 3), 0, (-6, 2, 2, 2)),
        # a Jungfrau takes the whole payout; two share it, the loser paying 2 to each
        ("a", (60, 0, 50, 100), (4, 0, 4, 4), 0, (0, 3, 0, -3)),
        ("a", (0, 0, 100, 90), (0, 0, 6, 6), 3, (2, 2, -4, 0)),
        ("a", (0, 0, 110, 100), (0, 0, 6, 6), 3, (3, 3, -6, 0)),
        # two tied (not forehand) pay 2 each; three tied pay 1 each
        ("a", (50, 80, 80, 0), (4, 4, 4, 0), 0, (0, -2, -2, 4)),
        ("a", (50, 60, 60, 60), (3, 3, 3, 3), 0, (3, -1, -1, -1)),
        # cheltenham: a lone loser -3 (forehand -6), two tied -1 each, all equal nothing
        ("c", (20, 20, 20, 25), (3, 3, 3, 3), 0, (1, 1, 1, -3)),
        ("c", (25, 20, 20, 20), (3, 3, 3, 3), 0, (-6, 2, 2, 2)),
        ("c", (20, 25, 25, 0), (4, 4, 4, 0), 0, (-1, -1, -1, 3)),
        ("c", (20, 20, 15, 15), (3, 3, 3, 3), 0, (-1, -1, 1, 1)),
        ("c", (18, 18, 18, 18), (3, 3, 3, 3), 0, (0, 0, 0, 0)),
        ("c", (30, 30, 0, 0), (6, 6, 0, 0), 0, (-1, -1, 1, 1)),
    ],
)
def test_trischaken_payout(rules, scores, tricks, forehand, expected) -> None:  # type: ignore[no-untyped-def]
    table = AUSTRIA_T if rules == "a" else CHELTENHAM_T
    assert table is not None
    assert trischaken_settlement(scores, tricks, forehand, table) == expected


def test_a_failed_bettel_ends_at_once_in_austria() -> None:
    """The declarer took a trick: the deal stops there, the declarer paying the value to each."""
    for seed in range(200):
        rng = random.Random(seed)
        lean = LeanKoenigrufen.deal(rng, 0, AUSTRIA)
        lean.bid(AUSTRIA.rank("bettel"))
        for _ in range(3):
            lean.bid(PASS)
        while not lean.over():
            cards = lean.playable()
            lean.play(cards[-1] if lean.to_act == 0 else cards[0])
        if lean.wins[0]:
            assert lean.tricks_done < 12 and lean.wins[0] == 1
            assert lean.returns() == [-6, 2, 2, 2]
            return
    pytest.fail("no failed Bettel in 200 deals")


# --- full deals, steered to each contract -----------------------------------------------------------------


def targets(profile: kp.Profile) -> tuple[str | None, ...]:
    """The contracts deals are steered to, in turn: the whole ladder, read from the profile so a contract
    added to it is played without a word here, then one auction left to chance (raises, holds)."""
    return (*(contract.id for contract in profile.contracts), None)


def steered_bid(legal: Sequence[object], contract: str, neutral: str) -> Bid | Pass | None:
    """The word that steers an auction to `contract`: bid it where allowed, else pass, else (forehand's
    opening) the neutral word, so that he may choose it once everyone has passed. None where the rules
    leave no way to it (a hand with more kings than it allows): the caller then picks at random."""
    bids = {action.contract: action for action in legal if isinstance(action, Bid)}
    passes = (action for action in legal if isinstance(action, Pass))
    return bids.get(contract) or next(passes, None) or bids.get(neutral)


@pytest.mark.parametrize("pid", kp.PROFILE_IDS)
def test_steered_deals_keep_the_invariants_in_every_contract(pid: str) -> None:
    """Cards conserved, 70 points (210 thirds) between the piles, zero-sum, only legal actions, nothing of
    the hidden cards in a view, and the lean core agreeing action by action; in every contract the
    profile has, each played a few times (random bidding nearly always ends on the top one)."""
    profile = kp.load(pid)
    aims = targets(profile)
    played: Counter[str] = Counter()
    for seed in range(ROUNDS * len(aims)):
        played[check_deal(profile, seed, aims[seed % len(aims)]).contract] += 1
    assert not [contract.id for contract in profile.contracts if played[contract.id] < ROUNDS - 1], played


def check_deal(profile: kp.Profile, seed: int, aim: str | None = None) -> DealScored:
    """One deal, its auction steered to the contract `aim` (None: at random), everything else played at random
    (announcements and Kontras included), checked throughout; its scoring event."""
    rng = random.Random(seed)
    g = game(profile, seed)
    lean = g.lean()
    neutral = "" if profile.bidding is None else profile.bidding.neutral
    scored = None
    while not g.is_over:
        steered = aim and g.phase == "bid" and steered_bid(g.legal_actions(), aim, neutral)
        action = steered or g.random_action(rng)
        assert action in g.legal_actions()
        for event in g.apply(action):
            if isinstance(event, DealScored):
                scored = event
        lean.apply(from_action(action, profile))
        for seat in range(SEATS):
            view = g.view(seat)
            assert view.hand == tuple(DECK[c] for c in lean.hand(seat))
            contract = None if view.contract is None else profile.contract(view.contract)
            if view.talon is not None:
                assert contract is not None and contract.talon_shown
            if any(view.open_hands):
                assert contract is not None and contract.ouvert and view.tricks
    assert scored is not None
    assert sum(scored.settlement) == 0 and scored.settlement == tuple(lean.returns())
    ours, theirs = scored.piles
    assert not set(ours) & set(theirs)
    if lean.tricks_done == 12 and profile.contract(scored.contract).kind == "positive":
        assert len(ours) + len(theirs) == 54
        thirds = [3 * sum(CARD_POINTS[c] for c in pile) - 2 * len(pile) for pile in (ours, theirs)]
        assert sum(thirds) == 210
    return scored


SWITCHES = [
    name for name in (*house.ANNOUNCING, *house.KONTRA) if house.values(AUSTRIA, name) == (False, True)
]


@pytest.mark.parametrize("name", SWITCHES)
@pytest.mark.parametrize("base", [AUSTRIA, CHELTENHAM], ids=lambda p: p.id)
def test_every_announcing_and_kontra_switch_either_way_keeps_the_invariants(
    base: kp.Profile, name: str
) -> None:
    """Each switch of the announcement round and Kontra turned the other way from its source (as the
    house-rules page turns it): a deal steered to each contract, played at random (every word and card
    checked legal) and by the easy player, keeps every invariant of `check_deal`."""
    if not house.offered(base, name):
        pytest.skip(f"{base.id} has no {name}")
    flipped = house.with_option(house.based_on(base), name, not house.option(base, name))
    for seed, aim in enumerate(targets(flipped)):
        check_deal(flipped, seed, aim)
    rng = random.Random(1)
    g = game(flipped, 1)
    while not g.is_over:
        seat = g.to_act
        assert seat is not None
        g.apply(easy.choose(g.view(seat), rng))


def test_the_next_forehand_goes_on_whoever_declared() -> None:
    """After a deal won in the auction by another seat than forehand, the seat asked to go on is the next
    forehand: the one whose NextDeal the rules list and take."""
    for seed in range(40):
        rng = random.Random(seed)
        g = KoenigrufenGame(KoenigrufenConfig(deals=2, profile=AUSTRIA), seed)
        while g.phase != "scored":
            g.apply(g.random_action(rng))
        if g.declarer != g.view(0).forehand:
            break
    else:
        pytest.fail("no deal declared by another seat than forehand in 40")
    following = (g.view(0).forehand + 1) % SEATS
    assert g.to_act == following and g.legal_actions() == [NextDeal(following)]
    g.apply(NextDeal(following))
    assert (g.deal_no, g.view(0).forehand) == (2, following)


# --- announcements, bonuses, Kontra --------------------------------------------------------------------


def _to_announce(profile_id: str, seed: int) -> KoenigrufenGame | None:
    """A deal of the profile driven by random actions to its announcement round (None if it has none)."""
    rng = random.Random(seed)
    game = KoenigrufenGame(KoenigrufenConfig(deals=1, profile=kp.load(profile_id)), seed)
    while game.phase not in ("announce", "tricks", "scored", "over"):
        game.apply(game.random_action(rng))
    return game if game.phase == "announce" else None


@pytest.mark.parametrize("profile_id", ["austria", "cheltenham"])
def test_announcement_round_refuses_and_settles(profile_id: str) -> None:
    rounds = 0
    for seed in range(60):
        game = _to_announce(profile_id, seed)
        if game is None:
            continue
        rounds += 1
        seat = game.to_act
        assert seat == game.declarer
        view = game.view(seat)
        for other in range(4):  # only the seat to speak sees what it may say
            if other != seat:
                assert game.view(other).may_announce == () and game.view(other).may_kontra == ()
        with pytest.raises(IllegalAction) as refused:
            game.apply(Kontra((seat + 1) % 4, "game"))
        assert refused.value.code == "not_your_turn"
        with pytest.raises(IllegalAction) as refused:
            game.apply(Kontra(seat, "game"))  # the declarer never doubles his own game
        assert refused.value.code == "kontra_refused"
        unknown = [b.id for b in kp.load(profile_id).bonuses if b.id not in view.may_announce]
        if unknown:
            with pytest.raises(IllegalAction) as refused:
                game.apply(Announce(seat, (unknown[0],)))
            assert refused.value.code == "announce_refused"
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(game.random_action(rng))
        line = game.score_sheet[-1]
        assert sum(line.settlement) == 0
        if line.items:
            assert all(sum(item.amounts) == 0 for item in line.items)
            assert tuple(map(sum, zip(*(item.amounts for item in line.items), strict=True))) == (
                line.money or line.settlement
            )
        said = game.view(0).said
        assert said and said[-1].closes and all(s.word in ("pass", "ich_liege") for s in said[-3:])
    assert rounds >= 10


@pytest.mark.parametrize(("profile_id", "first"), [("austria", "Ich liege"), ("cheltenham", "Good")])
def test_the_declarers_first_pass_is_his_ich_liege_where_the_profile_closes_with_it(
    profile_id: str, first: str
) -> None:
    game = next(g for seed in range(60) if (g := _to_announce(profile_id, seed)) is not None)
    declarer = game.to_act
    game.apply(AnnouncePass(declarer))
    said = game.view((declarer + 1) % SEATS).said[-1]
    # the History reads the journal's events through the same lines as the table's log
    assert log_lines(said, lambda seat: f"P{seat}") == [f"P{declarer}: {first}"]


SOURCE_OPTIONS = ("declarer_first_only", "keep_announced", "per_side", "several_per_turn", "kontra_in_points")
CONTRACT_OPTIONS = ("silent_first", "kontra_void_lost_alone", "kontra_void_talon_king", "kontra_or_valat")


def test_a_profile_written_before_the_source_options_plays_as_it_did() -> None:
    """A journal records its whole profile: cheltenham as written before it followed konig (no option field,
    Kontra capped at one step in negative contracts) reads with every new option at its old value, and a
    deal under it takes the words and cards it took then: one word a turn, an announced Pagat free to go
    early."""
    data = CHELTENHAM.to_json()
    data["announcing"]["kontra_cap_negative"] = 1
    for name in SOURCE_OPTIONS:
        del data["announcing"][name]
    for contract in data["contracts"]:
        for name in CONTRACT_OPTIONS:
            del contract[name]
    del data["concession"]
    old = kp.from_json(data)
    assert old.announcing is not None and old.concession is None
    assert [getattr(old.announcing, name) for name in SOURCE_OPTIONS] == [False] * 4 + [True]
    assert not any(getattr(c, name) for c in old.contracts for name in CONTRACT_OPTIONS)
    deal = ("SK", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "XV", "II", "I", "KH", "KD")
    others = [
        ("III", "IV", "V", "VI", "QH", "CH", "JH", "1H", "2H", "3H", "4H", "QD"),
        ("VII", "VIII", "IX", "X", "CD", "JD", "1D", "2D", "3D", "4D", "KC", "QC"),
        ("XI", "XII", "XIII", "XIV", "CC", "JC", "10C", "9C", "8C", "7C", "KS", "QS"),
        ("7S", "8S", "9S", "10S", "JS", "CS"),
    ]
    cards = tuple(card for part in (deal, *others) for card in part)
    g = KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=cards, profile=old), 0)
    for action in (Bid(0, "dreier"), Pass(1), Pass(2), Pass(3)):
        g.apply(action)
    g.apply(g.legal_actions()[0])  # the first half
    g.apply(g.legal_actions()[0])  # a discard
    g.apply(Announce(0, ("pagat",)))
    for seat in (1, 2, 3):  # one word was a turn
        g.apply(AnnouncePass(seat))
    assert g.phase == "tricks" and "I" in g.view(0).playable
