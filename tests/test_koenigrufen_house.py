"""The house-rules edits (`koenigrufen.house`) without the page: every value the page offers, on every
shipped profile it may start from, is either refused with a FileProblem or a profile the table plays to the
end and a settings file reads back; a bonus or a contract taken out and put back is as it was."""

from __future__ import annotations

import random

import pytest
from test_koenigrufen_profiles import check_deal

from game.games.koenigrufen import house
from game.games.koenigrufen import profile as kp
from game.games.koenigrufen.house import Unplayable
from game.games.koenigrufen.profile import BONUS_IDS
from game.games.koenigrufen.rules import Concede, Conceded, DealScored, KoenigrufenConfig, KoenigrufenGame

BASES = {pid: house.based_on(kp.load(pid)) for pid in kp.PROFILE_IDS}


def edits() -> list[tuple[str, str, house.Value]]:
    """(base, named value, a value of it) for every value the page offers on every base."""
    return [
        (pid, name, value)
        for pid, rules in BASES.items()
        for name in house.FIELDS
        if house.offered(rules, name)
        for value in house.values(rules, name)
    ]


@pytest.mark.parametrize(("pid", "name", "value"), edits())
def test_every_named_value_offered_is_played_or_refused(pid: str, name: str, value: house.Value) -> None:
    try:
        rules = house.with_option(BASES[pid], name, value)
    except Unplayable:
        return  # refused whole, with its reason: the page shows it and keeps what was saved
    assert house.option(rules, name) == value
    assert kp.from_json(rules.to_json()) == rules  # as the settings file and a journal read it back
    aim = "trischaken" if name in house.TRISCHAKEN else None
    if name in ("early_end", "kontra_cap_negative"):
        aim = "bettel"
    if aim not in {c.id for c in rules.contracts}:
        aim = None
    check_deal(rules, seed=len(name), aim=aim)


def test_the_page_offers_what_each_base_has() -> None:
    cardavia, austria = BASES["cardavia"], BASES["austria"]
    assert [n for n in house.FIELDS if house.offered(cardavia, n)] == [
        "emperors_trick",
        "call_own_king",
        "early_end",
        "concession",  # its Rufer calls a king and turns the talon up
    ]
    assert all(house.offered(austria, n) for n in house.FIELDS)
    assert not house.bonuses_offered(cardavia) and house.bonuses_offered(austria)


@pytest.mark.parametrize("pid", ["austria", "cheltenham"])
@pytest.mark.parametrize("bonus_id", BONUS_IDS)
def test_a_bonus_taken_out_and_put_back_is_as_it_was(pid: str, bonus_id: str) -> None:
    rules = BASES[pid]
    had = bonus_id in {b.id for b in rules.bonuses}
    flipped = house.with_bonus(rules, bonus_id, not had)
    assert all(bonus_id not in c.bonuses for c in flipped.contracts) == had
    assert (bonus_id in {b.id for b in flipped.bonuses}) != had
    if had:
        assert house.with_bonus(flipped, bonus_id, True) == rules
    else:  # a bonus its base lacks: a shipped profile's values, scored where bonuses are
        assert flipped.bonus(bonus_id) in {b for p in kp.PROFILE_IDS for b in kp.load(p).bonuses}
        assert house.with_bonus(flipped, bonus_id, False) == rules
    check_deal(flipped, seed=3, aim="rufer")


def test_a_contract_put_back_scores_only_the_bonuses_in_play() -> None:
    rules = house.with_contract(house.with_bonus(BASES["austria"], "trull", False), "dreier", False)
    back = house.with_contract(rules, "dreier", True)
    assert back.contract("dreier").bonuses == ("pagat", "uhu", "kakadu", "quapil", "four_kings", "valat")
    assert house.with_bonus(back, "trull", True) == BASES["austria"]


def test_the_last_bird_of_a_bird_contract_cannot_be_taken_out() -> None:
    rules = BASES["austria"]
    for bird in ("pagat", "uhu", "kakadu"):
        rules = house.with_bonus(rules, bird, False)
    with pytest.raises(Unplayable, match="bird"):
        house.with_bonus(rules, "quapil", False)  # the Besserrufer would owe a bird none could announce


def test_bonus_values_factor_and_announcer() -> None:
    rules = house.with_bonus_value(BASES["austria"], "pagat", silent=0, announced=9, announce_by="side")
    assert rules.bonus("pagat") == kp.Bonus("pagat", 0, 9, "side")
    assert house.announcers(rules.bonus("pagat")) == ("holder", "side")
    assert house.announcers(rules.bonus("trull")) == ()  # no card to hold
    assert house.with_factor(rules, "dreier", 3).contract("dreier").bonus_factor == 3
    with pytest.raises(Unplayable):
        house.with_bonus_value(rules, "pagat", announced=0)  # an announced bonus is worth something


def test_a_value_off_the_list_is_kept_among_the_choices() -> None:
    rules = house.with_option(BASES["austria"], "mayor_thirds", 200)
    assert house.values(rules, "mayor_thirds")[0] == 200 and None in house.values(rules, "mayor_thirds")


def test_the_concession_switched_on_in_the_seeds_preset_is_played() -> None:
    rules = house.with_option(BASES["cardavia"], "concession", "game")
    for seed in range(200):
        rng = random.Random(seed)
        g = KoenigrufenGame(KoenigrufenConfig(deals=1, profile=rules), seed)
        while g.phase in ("bid", "call"):
            g.apply(g.random_action(rng))
        declarer = g.view(0).declarer
        if g.phase == "talon" and Concede(declarer) in g.legal_actions():
            events = g.apply(Concede(declarer))
            (scored,) = [e for e in events if isinstance(e, DealScored)]
            assert isinstance(events[0], Conceded) and scored.settlement[declarer] == -3
            return
    raise AssertionError("no deal put the called king in the talon")


def test_an_edit_refused_says_why_in_the_words_of_the_edit() -> None:
    with pytest.raises(Unplayable, match=r"^Rufer may be bid with four kings, and there would be no king"):
        house.with_option(BASES["cheltenham"], "call_own_king", False)
    rules = BASES["cheltenham"]
    for contract in ("rufer", "trischaken"):
        rules = house.with_contract(rules, contract, False)
    with pytest.raises(Unplayable, match=r"^after “Mein Spiel” forehand would have no contract left"):
        house.with_contract(rules, "sechserdreier", False)
    with pytest.raises(Unplayable, match=r"^at least one contract must be played$"):
        house.with_contract(BASES["cardavia"], "rufer", False)
