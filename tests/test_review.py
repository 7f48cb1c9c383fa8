"""The review of a deal (`game.review`): a match cut into its finished deals; every kind of decision of a
Königrufen austria deal and of a Two-Ten-Jack round reviewed; a planted blunder (the Sküs thrown under the
Pagat) marked costly with a trump kept instead; marks only beyond the playouts' standard error; the same
review bit for bit when made again, by the worker process too; kept with the match and read back, a bad file
kept aside; and honest: cards a seat cannot see never change its review (swapped as the fairness test swaps
them), while a review that peeks at them fails that check."""

from __future__ import annotations

import itertools
import json
import os
import random
import time
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from review_deals import AUSTRIA_SEED, played, setup, skus_under_the_pagat
from test_fairness import SITUATIONS, Situation, _leak_partner, _leak_talon, _replay, positions

from game.games.koenigrufen.cards import TRUMPS
from game.games.koenigrufen.rules import Play
from game.journal import Journal
from game.registry import GAMES
from game.review import analysis, store
from game.review import job as job_module
from game.review.analysis import KINDS, DealReview, Moment
from game.review.job import Reviews, Target
from game.storage import data_dir

WORLDS = 6  # worlds a decision here: what the review sees and keeps, not how well it judges


@pytest.fixture(autouse=True)
def worker_at_normal_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    """The worker takes its share of a machine the suite keeps busy (at the table it takes an idle core)."""
    monkeypatch.setattr(job_module, "IDLE", False)


@pytest.fixture(scope="module")
def austria() -> Journal:
    return played(setup("koenigrufen", AUSTRIA_SEED, profile="austria"))


@pytest.fixture(scope="module")
def austria_review(austria: Journal) -> DealReview:
    return analysis.review_deal(austria, 1, WORLDS)


def test_a_match_is_cut_into_its_finished_deals_and_one_left_unfinished_is_not_one() -> None:
    journal = played(setup("koenigrufen", 3, deals=3))
    spans = analysis.spans(journal)
    assert [s.number for s in spans] == [1, 2, 3]
    assert spans[0].first == 0 and spans[-1].end == len(journal.actions)
    for before, after in itertools.pairwise(spans):
        assert after.first == before.end + 1  # between them, the next deal's single action
        assert type(journal.actions[before.end]).__name__ == "NextDeal"
    ttj = played(setup("twotenjack", 3, deals=2))
    cut = Journal("twotenjack", ttj.setup, ttj.actions[: analysis.spans(ttj)[1].end - 5])
    assert [s.number for s in analysis.spans(cut)] == [1]


def test_an_austria_deal_has_every_kind_of_decision_each_weighed_from_its_seats_view(
    austria: Journal, austria_review: DealReview
) -> None:
    review = austria_review
    assert {m.kind for m in review.moments} == set(KINDS)
    spec = GAMES["koenigrufen"]
    state = spec.new_state(austria.setup)
    decisions = []
    for index, action in enumerate(austria.actions):
        if len(state.legal_actions()) > 1:
            decisions.append((index, state.to_act))
        state.apply(action)
    assert [(m.index, m.seat) for m in review.moments] == decisions  # every decision, none else
    for moment in review.moments:
        assert moment.options[moment.made] == austria.actions[moment.index]  # the move as it was made
        assert len(moment.means) == len(moment.options) == len(moment.truth)
        assert moment.means[moment.best] == max(moment.means) and moment.gap >= 0
        assert 0 <= moment.share <= 1 and moment.error >= 0


@pytest.mark.parametrize("profile", ["cardavia", "cheltenham"])
def test_a_deal_under_each_profile_is_reviewed_whole(profile: str) -> None:
    journal = played(setup("koenigrufen", 8, profile=profile))
    review = analysis.review_deal(journal, 1, 3)
    spec = GAMES["koenigrufen"]
    state, decisions = spec.new_state(journal.setup), 0
    for action in journal.actions:
        decisions += len(state.legal_actions()) > 1
        state.apply(action)
    assert len(review.moments) == decisions and {"call", "play"} <= {m.kind for m in review.moments}


def test_a_two_ten_jack_round_reviews_each_card() -> None:
    journal = played(setup("twotenjack", 5, players=4))
    review = analysis.review_deal(journal, 1, WORLDS)
    assert review.moments and {m.kind for m in review.moments} == {"play"}
    assert {m.seat for m in review.moments} == {0, 1, 2, 3}


def test_the_sküs_thrown_under_the_pagat_is_costly_and_a_trump_kept_was_better() -> None:
    journal, index, seat = skus_under_the_pagat()
    review = analysis.review_deal(journal, 1, 30)
    blunder = next(m for m in review.moments if m.index == index)
    best = blunder.options[blunder.best]
    assert blunder.seat == seat and blunder.options[blunder.made].card == "SK"
    assert review.mark(blunder) == "costly"
    assert best.card in TRUMPS and best.card != "SK"
    assert blunder.gap > analysis.CONFIDENCE * blunder.error
    assert blunder in analysis.costliest(review)


def test_a_pagat_played_before_the_last_trick_is_told_as_kept_for_it() -> None:
    from game.games.koenigrufen import review as koenigrufen_review

    early, last = SimpleNamespace(tricks=()), SimpleNamespace(tricks=(None,) * 11)
    assert koenigrufen_review.why(early, Play(0, "I"), Play(0, "II")) == "pagat"
    assert koenigrufen_review.why(last, Play(0, "I"), Play(0, "II")) == ""  # the last trick: played there
    assert koenigrufen_review.why(early, Play(0, "II"), Play(0, "I")) == ""  # the hint's reason then


@pytest.mark.parametrize(
    ("gap", "error", "mark"),
    [
        (0.0, 0.0, ""),  # the best move made
        (0.05, 0.0, ""),  # a sure gap too small to tell (Königrufen: a tenth of a game point)
        (0.3, 0.2, ""),  # within twice the standard error: the worlds cannot tell
        (0.3, 0.1, "doubtful"),
        (0.6, 0.4, ""),  # large, but within the error
        (0.6, 0.2, "costly"),
        (2.0, 0.0, "costly"),
    ],
)
def test_a_move_is_marked_only_when_its_gap_exceeds_the_playouts_error(
    gap: float, error: float, mark: str
) -> None:
    moment = Moment(0, 0, "play", ("a", "b"), (1.0, 1.0 + gap), 0, 1, error, 0.5, "duck")
    assert analysis.mark("koenigrufen", moment) == mark


def test_the_summary_sums_the_marked_losses(austria_review: DealReview) -> None:
    review = austria_review
    lost = analysis.by_kind(review)
    marked = [m for m in review.moments if review.mark(m)]
    assert sum(lost.values()) == pytest.approx(sum(m.gap for m in marked))
    costliest = analysis.costliest(review)
    assert len(costliest) == min(3, len(marked))
    assert [m.gap for m in costliest] == sorted((m.gap for m in marked), reverse=True)[: len(costliest)]
    figures = analysis.figures([review, review], 4)
    assert sum(f.decisions for f in figures) == 2 * len(review.moments)
    assert sum(f.lost for f in figures) == pytest.approx(2 * sum(m.gap for m in marked))
    assert all(f.deals == 2 and f.per_deal == pytest.approx(f.lost / 2) for f in figures)
    hindsight = analysis.lost_with_all_cards(review, 4)
    assert all(lost >= 0 for lost in hindsight)  # apart from the first opinion, never below the best
    assert sum(hindsight) == pytest.approx(sum(max(m.truth) - m.truth[m.made] for m in review.moments))
    assert all(
        f.matched == sum(1 for m in review.moments if m.seat == s and not review.mark(m)) * 2
        for s, f in enumerate(figures)
    )


def test_the_same_deal_gives_the_same_review_bit_for_bit(
    austria: Journal, austria_review: DealReview
) -> None:
    again = analysis.review_deal(austria, 1, WORLDS)
    assert json.dumps(store.to_json(again)) == json.dumps(store.to_json(austria_review))


def test_a_kept_review_reads_back_as_made_and_a_bad_file_is_kept_aside(
    austria: Journal, austria_review: DealReview
) -> None:
    span = austria_review.span
    path = store.save(austria, austria_review)
    assert path.parent == data_dir() / "reviews"
    assert store.load(austria, span, WORLDS) == (austria_review, None)
    assert store.load(austria, span, WORLDS + 1) == (None, None)  # another budget, another review
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moments"][0]["made"] = 99
    path.write_text(json.dumps(data), encoding="utf-8")
    review, refused = store.load(austria, span, WORLDS)
    assert review is None and refused is not None and refused.aside is not None
    assert "made" in refused.words.text("en") and refused.aside.exists() and not path.exists()


def test_the_oldest_reviews_go_beyond_those_kept(tmp_path: Path) -> None:
    folder = store.folder()
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(4):
        (folder / f"{n}.json").write_text("{}", encoding="utf-8")
        os.utime(folder / f"{n}.json", ns=(n * 10**9, n * 10**9))
    store.prune(kept=2)
    assert sorted(p.name for p in folder.iterdir()) == ["2.json", "3.json"]


def test_the_worker_process_makes_the_same_review_and_keeps_it(
    austria: Journal, austria_review: DealReview
) -> None:
    reviews = Reviews()
    target = Target.of(austria, 1, WORLDS)
    assert target is not None
    job = reviews.start(target)
    job.wait()
    assert job.error == "" and job.progress == 1.0
    assert job.review == austria_review
    assert [j.review for j in reviews.finished()] == [austria_review] and reviews.finished() == []
    assert Reviews().find(target) == (austria_review, None)  # kept: found again without running


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle scheduling class")
def test_at_the_table_the_worker_takes_only_a_core_nothing_else_wants(
    austria: Journal, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(job_module, "IDLE", True)
    reviews = Reviews()
    target = Target.of(austria, 1, 400)
    assert target is not None
    job = reviews.start(target)
    try:
        deadline = time.monotonic() + 120  # a bound, not a measure: the worker lowers itself once started
        policy = os.sched_getscheduler(job.process.pid)
        while policy != os.SCHED_IDLE and job.running and time.monotonic() < deadline:
            policy = os.sched_getscheduler(job.process.pid)
        assert policy == os.SCHED_IDLE
    finally:
        reviews.close()


def test_a_cancelled_review_stops_its_process_and_keeps_nothing(austria: Journal) -> None:
    reviews = Reviews()
    target = Target.of(austria, 1, 400)
    assert target is not None
    job = reviews.start(target)
    reviews.cancel(target)
    assert job.process.returncode is not None and not job.running and job.review is None
    assert reviews.job(target) is None and reviews.find(target) == (None, None)


def test_a_review_that_cannot_be_made_says_so_and_may_be_started_again(austria: Journal) -> None:
    target = Target.of(austria, 1, WORLDS)
    assert target is not None
    wrong = replace(target, span=replace(target.span, number=7))  # no such deal: the worker refuses it
    reviews = Reviews()
    job = reviews.start(wrong)
    job.wait()
    assert "no finished deal 7" in job.error and job.review is None and not job.running
    assert reviews.finished() == [job]
    assert reviews.start(wrong) is not job  # started anew


# --- honest by construction ---------------------------------------------------------------------------

LEAK_SITUATIONS = (
    "austria auction",
    "koenigrufen call",
    "koenigrufen talon",
    "austria dreier discard",
    "austria rufer announcements, defender",
    "koenigrufen tricks, defender",
    "twotenjack mid-round",
)


def _situation(name: str) -> Situation:
    return next(s for s in SITUATIONS if s.name == name)


def _first_opinion(situation: Situation, game: Any, index: int) -> Moment:
    """The review of the seat to act's decision (the easy player's move) at this position, from its view;
    the all-cards opinion left out, as it is kept apart."""
    spec = GAMES[situation.rules.name]
    assert spec.computer is not None
    action = spec.computer.easy(game.view(game.to_act), random.Random(0))
    position = analysis.position_of(situation.rules.name, game, index, action)
    return replace(analysis.review_position(situation.rules.name, position, 11, WORLDS), truth=())


def check_review_honest(situation: Situation) -> None:
    """Each swap of cards the seat cannot see (`test_fairness`): the same first opinion."""
    rules = situation.rules
    for position in positions(situation):
        honest = _first_opinion(situation, _replay(rules, position, {}), len(position.actions))
        for kind, x, y in position.swaps:
            other = _replay(rules, position, {x: y, y: x})
            assert _first_opinion(situation, other, len(position.actions)) == honest, (
                f"{situation.name}: swapping {x} and {y} ({kind}) changed seat {position.seat}'s review"
            )


@pytest.mark.parametrize("name", LEAK_SITUATIONS)
def test_cards_a_seat_cannot_see_never_change_its_review(name: str) -> None:
    check_review_honest(_situation(name))


@pytest.mark.parametrize(
    ("name", "leak"),
    [("koenigrufen call", _leak_talon), ("austria rufer announcements, defender", _leak_partner)],
)
def test_a_review_that_peeks_at_a_hidden_card_fails_the_check(
    monkeypatch: pytest.MonkeyPatch, name: str, leak: Any
) -> None:
    honest = analysis.seat_view
    monkeypatch.setattr(analysis, "seat_view", lambda state, seat: leak(state, seat, honest(state, seat)))
    with pytest.raises(AssertionError, match="changed seat"):
        check_review_honest(_situation(name))
