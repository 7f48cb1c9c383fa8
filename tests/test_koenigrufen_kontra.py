"""austria's three Kontra and announcement rules (OÖ 4/2023, see docs/rules/koenigrufen-profiles.md):
each defender doubling a negative contract for himself (`kontra_each`), the first-turn Kontra window
(`kontra_window`) and announced cards held for their tricks (`reserve_announced`). Hand-worked vectors on
stacked deals (dealer seat 3, so seat 0 is forehand and the declarer), refusals with their codes, and a
property over random legal play.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from koenigrufen_deals import DRAWN, FORCED, LOW, SKUS, game_of, play_out, say

from game.games.koenigrufen import profile as kp
from game.games.koenigrufen.cards import DECK, DECK_INDEX
from game.games.koenigrufen.core import KONTRA_EACH, LeanKoenigrufen, ScoreItem, Talk
from game.games.koenigrufen.rules import (
    Announce,
    AnnouncePass,
    DealScored,
    KoenigrufenConfig,
    KoenigrufenGame,
    Kontra,
    KontraEach,
    Play,
    Said,
    from_action,
    to_action,
)
from game.games.koenigrufen.rules_page import page
from game.games.koenigrufen.words import said_words
from game.i18n import tr
from game.rules.errors import IllegalAction

AUSTRIA = kp.load("austria")
assert AUSTRIA.announcing is not None


def _without(**options: bool) -> kp.Profile:
    """austria with some of its announcement options switched off."""
    assert AUSTRIA.announcing is not None
    return replace(AUSTRIA, id="austria-less", announcing=replace(AUSTRIA.announcing, **options))


# --- each defender doubles a negative contract for himself ------------------------------------------------


def test_bettel_made_each_defender_doubling_apart() -> None:
    """Bettel (2), seat 0 takes no trick: made. Seat 1 Kontra, seat 0 Rekontra on seat 1 alone, seat 1
    Subkontra: 2 × 8 = 16 from seat 1; seat 2 Kontra: 2 × 2 = 4; seat 3 undoubled: 2. Seat 0 +22."""
    game = game_of(LOW, "bettel")
    say(
        game,
        (
            AnnouncePass(0),  # Ich liege
            KontraEach(1, 1),
            KontraEach(2, 2),
            AnnouncePass(3),
            KontraEach(0, 1),  # Rekontra against seat 1 only
            KontraEach(1, 1),  # Subkontra
        ),
    )
    assert game.view(3).accounts == (0, 3, 1, 0)
    scored = play_out(game)
    assert scored.won and scored.tricks[0] == 0
    assert scored.items == (
        ScoreItem("game", 0, True, True, 0, (2, 0, 0, -2)),
        ScoreItem("game", 0, True, True, 1, (4, 0, -4, 0)),
        ScoreItem("game", 0, True, True, 3, (16, -16, 0, 0)),
    )
    assert scored.money == (22, -16, -4, -2)  # the doublings count in the money only (OÖ Allg. 5)
    assert scored.settlement == (6, -2, -2, -2)


def test_bettel_ouvert_lost_the_rule_sheets_example() -> None:
    """Bettel ouvert (7) lost at trick 1 (the Sküs led), ended at once: B Kontra ×2, C Kontra and the
    declarer's Rekontra ×4, D nothing: money seat 0 −(14 + 28 + 7) = −49; +14, +28, +7; the score
    (Schrift) −21, +7 each (HT §7.5, §7.10 no. 15)."""
    game = game_of(SKUS, "bettel_ouvert")
    say(game, (AnnouncePass(0), KontraEach(1, 1), KontraEach(2, 2), AnnouncePass(3), KontraEach(0, 2)))
    scored = play_out(game, (Play(0, "SK"),))
    assert not scored.won and sum(scored.tricks) == 1
    assert scored.items == (
        ScoreItem("game", 0, True, False, 0, (-7, 0, 0, 7)),
        ScoreItem("game", 0, True, False, 1, (-14, 14, 0, 0)),
        ScoreItem("game", 0, True, False, 2, (-28, 0, 28, 0)),
    )
    assert scored.money == (-49, 14, 28, 7)
    assert scored.settlement == (-21, 7, 7, 7)


def test_the_per_defender_words_and_their_refusals() -> None:
    game = game_of(LOW, "bettel")
    game.apply(AnnouncePass(0))
    view = game.view(1)
    assert view.may_kontra == () and view.may_kontra_each == (1,)  # his own account, not the game whole
    for wrong in (Kontra(1, "game"), KontraEach(1, 2), KontraEach(1, 0)):
        with pytest.raises(IllegalAction) as refused:
            game.apply(wrong)
        assert refused.value.code == "kontra_refused"
    events = game.apply(KontraEach(1, 1))
    assert events == [Said(1, "kontra", ("game",), 1, False, 1)]
    game.apply(AnnouncePass(2))
    game.apply(AnnouncePass(3))
    assert game.view(0).may_kontra_each == (1,)  # the declarer may answer seat 1 only
    (said,) = game.apply(KontraEach(0, 1))
    assert isinstance(said, Said) and said.level == 2
    assert said_words(said, "ABCD".__getitem__) == "A: Rekontra on the game against B."


def test_kontra_each_translates_both_ways() -> None:
    assert from_action(KontraEach(0, 2), AUSTRIA) == KONTRA_EACH + 2
    assert to_action(KONTRA_EACH + 3, 0, "announce", AUSTRIA) == KontraEach(0, 3)


def test_without_kontra_each_the_game_is_doubled_whole() -> None:
    """cheltenham's way (and austria's with the option off): one Kontra on the game for all defenders."""
    game = game_of(LOW, "bettel", _without(kontra_each=False))
    game.apply(AnnouncePass(0))
    assert game.view(1).may_kontra == ("game",) and game.view(1).may_kontra_each == ()
    say(game, (Kontra(1, "game"),))
    scored = play_out(game)
    assert scored.items == (ScoreItem("game", 0, True, True, 1, (12, -4, -4, -4)),)


# --- the first-turn Kontra window ------------------------------------------------------------------------


def test_a_kontra_is_said_at_the_first_turn_after_the_word_or_never() -> None:
    """Dreier: seat 1 says good at his first turn; at his next the game's window is closed (kontra_late),
    while seat 0 may still double the four kings seat 2 announced since his own last word."""
    game = game_of(DRAWN, "dreier")
    for word in (AnnouncePass(0), AnnouncePass(1), Announce(2, ("four_kings",)), AnnouncePass(3)):
        game.apply(word)
    assert game.view(0).may_kontra == ("four_kings",)
    game.apply(AnnouncePass(0))
    assert game.view(1).may_kontra == ()
    with pytest.raises(IllegalAction) as refused:
        game.apply(Kontra(1, "game"))
    assert refused.value.code == "kontra_late"
    with pytest.raises(IllegalAction) as refused:
        game.apply(Kontra(1, "four_kings"))  # his own side's: wrong, not late
    assert refused.value.code == "kontra_refused"


def test_a_rekontra_opens_its_own_window() -> None:
    """Seat 2's Kontra opens the game to seat 0's Rekontra at his next turn, which opens it to the
    defenders' Subkontra at theirs, seat 1's included though he said good before."""
    game = game_of(DRAWN, "dreier")
    for word in (AnnouncePass(0), AnnouncePass(1), Kontra(2, "game"), AnnouncePass(3), Kontra(0, "game")):
        game.apply(word)
    assert game.view(1).may_kontra == ("game",)
    game.apply(Kontra(1, "game"))
    assert [item for item in game.view(0).items if item[0] == "game"] == [("game", 0, 3)]


def test_without_the_window_a_kontra_stays_open() -> None:
    game = game_of(DRAWN, "dreier", _without(kontra_window=False))
    for word in (AnnouncePass(0), AnnouncePass(1), Announce(2, ("four_kings",)), AnnouncePass(3)):
        game.apply(word)
    game.apply(AnnouncePass(0))
    game.apply(Kontra(1, "game"))  # a later turn, accepted


# --- announced cards held for their tricks ---------------------------------------------------------------


def _drawn_to_trick_5(profile: kp.Profile = AUSTRIA) -> KoenigrufenGame:
    """DRAWN, a Dreier with the Uhu announced; seat 0 leads SK, XXI, XX, XIX and the others' trumps fall."""
    game = game_of(DRAWN, "dreier", profile)
    say(game, (Announce(0, ("uhu",)),))
    for trump in ("SK", "XXI", "XX", "XIX"):
        game.apply(Play(0, trump))
        for _ in range(3):
            game.apply(game.legal_actions()[0])
    assert game.view(0).trick.cards == () and game.to_act == 0
    return game


def test_an_announced_bird_may_not_take_an_earlier_trick_for_certain() -> None:
    """Trick 5: every trump is played or in seat 0's hand, so his II led would surely win it, six tricks
    early: refused. The Pagat, not announced, may take it."""
    game = _drawn_to_trick_5()
    assert "II" not in game.view(0).playable and "I" in game.view(0).playable
    with pytest.raises(IllegalAction) as refused:
        game.apply(Play(0, "II"))
    assert refused.value.code == "announced_early"
    game.apply(Play(0, "I"))


def test_without_the_reservation_the_bird_may_go_early() -> None:
    game = _drawn_to_trick_5(_without(reserve_announced=False))
    game.apply(Play(0, "II"))


def test_forced_to_give_up_announced_birds_the_highest_goes_first() -> None:
    """Dreier with Pagat and Uhu announced; seat 1 takes trick 1 with the Sküs and leads trumps: in trick
    5 seat 0 follows with II or I, both early, and must give the Uhu first (bird_order)."""
    game = game_of(FORCED, "dreier")
    say(game, (Announce(0, ("pagat", "uhu")),))
    tricks = (
        (0, ("XII", "SK", "III", "IX")),
        (1, ("XXI", "IV", "X", "XIII")),
        (1, ("XX", "V", "XI", "XIV")),
        (1, ("XIX", "VI", "KC", "XV")),
        (1, ("XVIII", "VII", "QC")),
    )
    for leader, cards in tricks:
        for i, card in enumerate(cards):
            game.apply(Play((leader + i) % 4, card))
    assert game.view(0).playable == ("II",)
    with pytest.raises(IllegalAction) as refused:
        game.apply(Play(0, "I"))
    assert refused.value.code == "bird_order"
    game.apply(Play(0, "II"))


# --- random legal play ----------------------------------------------------------------------------------


def test_random_legal_play_with_the_three_rules_on_stays_zero_sum() -> None:
    """Random legal actions under austria: every line and every settlement sums to zero, each negative
    contract's game lines settle the declarer against each defender alone, and the per-defender words
    were said."""
    said_each = 0
    for seed in range(120):
        rng = random.Random(seed)
        game = KoenigrufenGame(KoenigrufenConfig(deals=1, profile=AUSTRIA), seed)
        scored = None
        while not game.is_over:
            action = game.random_action(rng)
            said_each += isinstance(action, KontraEach)
            for event in game.apply(action):
                if isinstance(event, DealScored):
                    scored = event
        assert scored is not None and sum(scored.settlement) == 0
        assert all(sum(item.amounts) == 0 for item in scored.items)
        if AUSTRIA.contract(scored.contract).kind == "negative":
            for item in scored.items:
                assert sum(1 for amount in item.amounts if amount) in (2, 3, 4)
                assert item.amounts[scored.declarer] == -sum(
                    a for seat, a in enumerate(item.amounts) if seat != scored.declarer
                )
    assert said_each > 0


def test_the_rules_page_tells_the_three_rules_where_the_profile_has_them() -> None:
    austria, cheltenham = page(AUSTRIA), page(kp.load("cheltenham"))
    for key in ("krp.kontra.each", "krp.kontra.window", "krp.say.reserve", "krp.say.once_only"):
        assert tr(key) in austria and tr(key) not in cheltenham
    assert tr("krp.say.once") not in austria  # "doubling stays open" is no longer so


def _ultimo_trick(partner_hearts: tuple[str, ...]) -> LeanKoenigrufen:
    """A Rufer of seat 1 calling KH, held by seat 0, who announced König ultimo; trick 1 so far QH, JH, 1H
    (seats 1-3), seat 0 last to play."""
    rest = [c for c in DECK if c not in ("QH", "JH", "1H", *partner_hearts)]  # the other hearts: not his
    mine, rest = rest[: 12 - len(partner_hearts)], rest[12 - len(partner_hearts) :]
    hands = [[*partner_hearts, *mine], rest[:11], rest[11:22], rest[22:33]]
    halves = (tuple(rest[33:36]), tuple(rest[36:39]))
    assert len(rest) == 39
    ultimo = 1 + [bonus.id for bonus in AUSTRIA.bonuses].index("king_ultimo")
    owner = tuple(1 if i == 0 else 0 if i == ultimo else -1 for i in range(1 + len(AUSTRIA.bonuses)))
    talk = Talk(((1, 0), (2, 0), (3, 0), (0, 1 << (ultimo - 1))), owner, (0,) * len(owner), (False,) * 4, 0)
    return LeanKoenigrufen.from_parts(
        [[DECK_INDEX[c] for c in hand] for hand in hands],
        (tuple(DECK_INDEX[c] for c in halves[0]), tuple(DECK_INDEX[c] for c in halves[1])),
        1,
        DECK_INDEX["KH"],
        0,
        tuple(DECK_INDEX[c] for c in halves[0]),
        [],
        1,
        [DECK_INDEX[c] for c in ("QH", "JH", "1H")],
        profile=AUSTRIA,
        rank=AUSTRIA.rank("rufer"),
        forehand=1,
        talk=talk,
    )


def test_the_announced_king_may_not_take_a_trick_it_surely_wins_early() -> None:
    """Last to a heart trick, the announced king would take it eleven tricks early: only CH may follow; with
    the king his only heart, it is played all the same."""
    core = _ultimo_trick(("KH", "CH"))
    assert core.to_act == 0 and [DECK[c] for c in core.playable()] == ["CH"]
    assert core.reservation_refusal(DECK_INDEX["KH"]) == "an announced card may not take an earlier trick"
    assert [DECK[c] for c in _ultimo_trick(("KH",)).playable()] == ["KH"]
