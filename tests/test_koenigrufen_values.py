"""Every value and setting of the shipped Königrufen profiles against its source, written here from the source
and not from the profile: `austria` from the OÖ 4/2023 sheet (harbour-tarock's transcription), `cheltenham`
from jbytheway/konig (`Ruleset::cheltenham`, the `Contract::` factories in contract.cpp, `FeatValues::
cheltenham`), `cardavia` from docs/rules/koenigrufen.md. Random legal deals of every contract then show the
settlement paying the game at the source's value, won and lost. docs/rules/koenigrufen-profiles.md names these
tests beside each row.
"""

from __future__ import annotations

import random
from dataclasses import astuple

import pytest

from game.games.koenigrufen import profile as kp
from game.games.koenigrufen.cards import side_settlement
from game.games.koenigrufen.core import ANNOUNCE, CONCEDE, NEUTRAL, PASS, SAY_PASS, TALON, LeanKoenigrufen

AUSTRIA, CHELTENHAM, CARDAVIA = kp.load("austria"), kp.load("cheltenham"), kp.load("cardavia")
PROFILES = {"austria": AUSTRIA, "cheltenham": CHELTENHAM, "cardavia": CARDAVIA}

# (value, lost value, kind, talon, first lead, flags, bonus factor), in bidding order, lowest first; the flags
# among: call (a king called), shown (the talon turned up), overtake, pagat (the Pagat rule), colour, ouvert,
# bird. austria: OÖ23 Tarif and HT §3.1, §7.2; cheltenham: konig's factories (value, off multiplier,
# partnership, talon halves, must_announce_bird; NegativeContract's grants_lead and ouvert; rising_rule and
# hold_pagat of the negative contracts and Trischaken).
Row = tuple[int, int, str, str, str, str, int]
NEGATIVE = "overtake pagat"
LADDERS: dict[str, dict[str, Row]] = {
    "austria": {
        "trischaken": (1, 1, "trischaken", "trischaken", "forehand", NEGATIVE, 1),
        "rufer": (1, 1, "positive", "halves", "forehand", "call shown", 1),
        "piccolo": (2, 2, "negative", "none", "declarer", NEGATIVE, 1),
        "bettel": (2, 2, "negative", "none", "declarer", NEGATIVE, 1),
        "solorufer": (2, 2, "positive", "defenders", "forehand", "call", 2),
        "besserrufer": (1, 1, "positive", "halves", "forehand", "call shown bird", 1),
        "farbendreier": (3, 3, "positive", "halves", "forehand", "shown colour", 1),
        "sechserdreier": (4, 8, "positive", "all", "forehand", "", 1),
        "dreier": (4, 4, "positive", "halves", "forehand", "shown", 1),
        "farbensolo": (6, 6, "positive", "defenders", "forehand", "colour", 2),
        "piccolo_ouvert": (6, 6, "negative", "none", "declarer", NEGATIVE + " ouvert", 1),
        "bettel_ouvert": (7, 7, "negative", "none", "declarer", NEGATIVE + " ouvert", 1),
        "solodreier": (8, 8, "positive", "defenders", "forehand", "", 2),
    },
    "cheltenham": {
        "rufer": (1, 1, "positive", "halves", "forehand", "call shown", 1),
        "trischaken": (1, 1, "trischaken", "trischaken", "forehand", NEGATIVE, 1),
        "sechserdreier": (3, 6, "positive", "all", "forehand", "shown", 1),
        "solo": (2, 2, "positive", "defenders", "forehand", "call", 2),
        "piccolo": (2, 2, "negative", "none", "forehand", "overtake", 1),
        "besserrufer": (1, 1, "positive", "halves", "forehand", "call shown bird", 1),
        "bettel": (3, 3, "negative", "none", "declarer", "overtake", 1),
        "dreier": (3, 3, "positive", "halves", "forehand", "shown", 1),
        "piccolo_ouvert": (4, 4, "negative", "none", "forehand", "overtake ouvert", 1),
        "besserdreier": (3, 3, "positive", "halves", "forehand", "shown bird", 1),
        "bettel_ouvert": (6, 6, "negative", "none", "declarer", "overtake ouvert", 1),
        "solodreier": (6, 6, "positive", "defenders", "forehand", "", 2),
    },
    "cardavia": {"rufer": (1, 1, "positive", "halves", "forehand", "call shown", 1)},
}


def _row(c: kp.Contract) -> Row:
    flags = (c.call, c.talon_shown, c.overtake, c.pagat_rule, c.colour, c.ouvert, c.bird)
    names = ("call", "shown", "overtake", "pagat", "colour", "ouvert", "bird")
    said = " ".join(name for name, on in zip(names, flags, strict=True) if on)
    return (c.value, c.lost_value, c.kind, c.talon, c.lead, said, c.bonus_factor)


@pytest.mark.parametrize("pid", PROFILES)
def test_each_ladder_is_its_source_in_bidding_order(pid: str) -> None:
    assert tuple(c.id for c in PROFILES[pid].contracts) == tuple(LADDERS[pid])


@pytest.mark.parametrize(
    ("pid", "contract"), [(pid, contract) for pid, ladder in LADDERS.items() for contract in ladder]
)
def test_each_contracts_value_talon_lead_and_play_rules_are_its_sources(pid: str, contract: str) -> None:
    assert _row(PROFILES[pid].contract(contract)) == LADDERS[pid][contract]


# Each bonus (silent, announced, who announces) and the contracts that score it. austria: OÖ23 Tarif,
# Ansagen 1 (silent half); HT §5.1 (which contracts), §5.3 (who). cheltenham: `FeatValues::cheltenham`,
# `PositiveContract::initial_announcednesses` (König ultimo only where a king is called).
TAROCK = ("rufer", "solorufer", "besserrufer", "sechserdreier", "dreier", "solodreier")
POSITIVE = ("rufer", "solorufer", "besserrufer", "farbendreier", "sechserdreier", "dreier", "farbensolo")
CALLING = ("rufer", "solorufer", "besserrufer")
BONUSES: dict[str, dict[str, tuple[int, int, str, tuple[str, ...]]]] = {
    "austria": {
        "pagat": (1, 2, "holder", TAROCK),
        "uhu": (2, 4, "holder", TAROCK),
        "kakadu": (3, 6, "holder", TAROCK),
        "quapil": (4, 8, "holder", TAROCK),
        "king_ultimo": (1, 2, "holder", CALLING),
        "trull": (1, 2, "anyone", TAROCK),
        "four_kings": (1, 2, "anyone", (*POSITIVE, "solodreier")),
        "valat": (4, 8, "anyone", (*POSITIVE, "solodreier")),
    },
    "cheltenham": {
        bonus: (
            silent,
            announced,
            "side",
            ("rufer", "sechserdreier", "solo", "besserrufer", "dreier", "besserdreier", "solodreier")
            if bonus != "king_ultimo"
            else ("rufer", "solo", "besserrufer"),
        )
        for bonus, silent, announced in (
            ("pagat", 1, 2),
            ("uhu", 1, 3),
            ("kakadu", 1, 4),
            ("king_ultimo", 1, 2),
            ("forty_five", 0, 2),
            ("valat", 4, 8),
        )
    },
}


@pytest.mark.parametrize(("pid", "bonus"), [(pid, b) for pid, table in BONUSES.items() for b in table])
def test_each_bonus_value_announcer_and_contracts_are_its_sources(pid: str, bonus: str) -> None:
    profile = PROFILES[pid]
    assert tuple(b.id for b in profile.bonuses) == tuple(BONUSES[pid])
    held = profile.bonus(bonus)
    scored_in = tuple(c.id for c in profile.contracts if bonus in c.bonuses)
    assert (held.silent, held.announced, held.announce_by, scored_in) == BONUSES[pid][bonus]


# The profile-wide settings, each as its source says (or Atout decided where it is silent: the profiles
# document gives the reason beside each).
SETTINGS: dict[str, dict[str, object]] = {
    "austria": {
        "bidding": ("vorhand", ("trischaken", "rufer", "sechserdreier"), ("sechserdreier",), True),
        "after_neutral": tuple(c for c in LADDERS["austria"] if c != "sechserdreier"),
        "options": (False, False, "half", True, True, True, "game_and_bird"),
        "trischaken": (True, False, "each", 2, True, 107),
        # once, closing, caps, failed silent, Valat replaces, each, window, reserve, first only, keep, per
        # side, several, in points
        "announcing": (True, True, 3, 3, False, True, True, True, True, True, False, False, False, False),
        "contract_flags": {"solorufer": "kontra_void_talon_king", "farbendreier": "kontra_or_valat"}
        | {"farbensolo": "kontra_or_valat"},
    },
    "cheltenham": {
        "bidding": ("mein_spiel", ("rufer", "trischaken", "sechserdreier"), (), True),
        "after_neutral": ("rufer", "trischaken", "sechserdreier"),
        "options": (False, True, "all", False, False, False, "game"),
        "trischaken": (False, True, "sides", 2, False, None),
        "announcing": (False, False, 3, 3, True, False, False, False, False, False, True, True, True, True),
        "contract_flags": {"sechserdreier": "silent_first", "solo": "kontra_void_lost_alone"},
    },
}
FLAGS = ("silent_first", "kontra_void_lost_alone", "kontra_void_talon_king", "kontra_or_valat")


@pytest.mark.parametrize("pid", SETTINGS)
def test_each_profiles_auction_options_trischaken_and_announcing_are_its_sources(pid: str) -> None:
    profile, want = PROFILES[pid], SETTINGS[pid]
    bidding, announcing, trischaken = profile.bidding, profile.announcing, profile.trischaken
    assert bidding is not None and announcing is not None and trischaken is not None
    assert (bidding.neutral, bidding.reserved, bidding.first_word_only, bidding.hold) == want["bidding"]
    assert bidding.after_neutral == want["after_neutral"]
    options = (
        profile.emperors_trick,
        profile.call_own_king,
        profile.solo_king_talon,
        profile.ouvert_all,
        profile.early_end,
        profile.bird_held,
        profile.concession,
    )
    assert options == want["options"]
    assert astuple(trischaken) == want["trischaken"]
    assert astuple(announcing) == want["announcing"]
    flags = {c.id: flag for c in profile.contracts for flag in FLAGS if getattr(c, flag)}
    assert flags == want["contract_flags"]
    kings = {c.id: c.max_kings for c in profile.contracts if c.max_kings != 4}
    assert kings == ({c: 3 for c in ("rufer", "solorufer", "besserrufer")} if pid == "austria" else {})


def _declared(profile: kp.Profile, contract: str, rng: random.Random) -> LeanKoenigrufen | None:
    """A fresh deal in which forehand (seat 0) declares `contract` (after his neutral word and three passes
    where it is reserved for that), or None where his hand may not bid it."""
    lean = LeanKoenigrufen.deal(rng, 0, profile)
    rank = profile.rank(contract)
    if profile.bidding is None:
        return lean
    words = [rank, PASS, PASS, PASS] if rank in lean.bid_options() else [NEUTRAL, PASS, PASS, PASS, rank]
    for word in words:
        if word not in lean.bid_options():
            return None
        lean.bid(word)
    return lean


@pytest.mark.parametrize(
    ("pid", "contract"),
    [(pid, c) for pid, ladder in LADDERS.items() for c in ladder if ladder[c][2] != "trischaken"],
)
def test_random_deals_pay_each_contracts_game_at_its_sources_value(pid: str, contract: str) -> None:
    """Random legal deals of the contract, nothing announced: the game's line is the source's value won, its
    lost value lost, per opponent (two against two, or alone against three: three times)."""
    profile = PROFILES[pid]
    value, lost = LADDERS[pid][contract][:2]
    rng, played = random.Random(f"{pid} {contract}"), 0
    while played < 6:
        lean = _declared(profile, contract, rng)
        if lean is None:
            continue
        while not lean.over():
            options = lean.legal()
            if lean.phase is ANNOUNCE and SAY_PASS in options:
                lean.apply(SAY_PASS)
            else:
                lean.apply(rng.choice([o for o in options if not (lean.phase is TALON and o == CONCEDE)]))
        expected = side_settlement(lean.declarer, lean.partner, value if lean.won() else -lost)
        if lean.plan.simple:
            assert tuple(lean.returns()) == expected
        else:
            game = [item.amounts for item in lean.score_items() if item.item == "game"]
            if not game:
                continue  # a Valat settled instead of the game (its own tests)
            assert tuple(map(sum, zip(*game, strict=True))) == expected
        played += 1
