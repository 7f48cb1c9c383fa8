"""The review on screen, by real input through the real scene manager: from a deal's score sheet (R starts
it beside the table, its bar fills, R opens it) and from the History's sheet of a finished match, for a
Königrufen austria deal and a Two-Ten-Jack round. On the table itself the seat's hand is shown as it was,
→ and ← step through the moves, Tab reviews another seat (computers too), C jumps to the marked decisions,
S sums the deal and the match up, Page Up / Down go to the match's other deals, Esc goes back; every kind
of decision shows in the panel, and the planted blunder (the Sküs under the Pagat) shows costly with the
trump to keep instead. Cancel stops a review; a player who moves on to the next deal is told when
it is ready. Reviews here weigh a few worlds a decision: this is about the screens, not the judgement."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from review_deals import AUSTRIA_SEED, played, setup, skus_under_the_pagat
from scene_driver import click, drawn, key, step, wait_until

from game.app import App
from game.autosave import Autosave
from game.games.koenigrufen.cards import TRUMPS
from game.journal import Journal
from game.review import analysis, job
from game.review.analysis import KINDS
from game.scenes import navigation
from game.scenes.review_table import ReviewTable
from game.seating import CardTableSetup, SeatPlayer
from game.settings import Settings
from game.ui.review_control import ReviewControl

SETTINGS = Settings(language="en", anim_speed="instant", think_time=0.0)
SIZE = (960, 540)


@pytest.fixture(autouse=True)
def few_worlds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(analysis, "DEALS", 4)
    monkeypatch.setattr(job, "IDLE", False)  # these frames would leave the worker no core of a busy machine


def computers(game: str, seed: int, deals: int = 1, profile: str | None = None) -> CardTableSetup:
    """A table the computers play by themselves to its sheets (seat 0 is reviewed, as anyone may be)."""
    made = setup(game, seed, deals, profile)
    return CardTableSetup(game, tuple(SeatPlayer(s.name, False) for s in made.seats), seed, deals, made.rules)


def until_reviewed(app: App, condition: Any) -> None:
    """`wait_until` while a review is made: each frame gives the review's reading thread a few milliseconds,
    as the app's own loop does by waiting for its next frame (frames stepped back to back starve it)."""

    def settled() -> bool:
        app.reviews.settle(0.005)
        return bool(condition())

    wait_until(app, settled, seconds=600)


def to_sheet(app: App) -> Any:
    wait_until(app, lambda: app.scenes.top is not None and app.scenes.top.name == "score", seconds=600)
    return app.scenes.top


def control_of(sheet: Any) -> ReviewControl:
    control = sheet.review
    assert isinstance(control, ReviewControl) and control in sheet.form.widgets
    return control


def review_from_sheet(app: App, sheet: Any) -> ReviewTable:
    """R on the sheet: the review runs beside it with its bar; once made, R opens it on the table."""
    control = control_of(sheet)
    assert control.state == "offer"
    key(app, pygame.K_r, "r")
    assert control.state == "running" and control.words().startswith("Reviewing…")
    until_reviewed(app, lambda: control.state == "ready")
    assert control.words() == "Open the review (R)"
    key(app, pygame.K_r, "r")
    scene = app.scenes.top
    assert isinstance(scene, ReviewTable) and scene.review is not None
    return scene


def walk(app: App) -> set[str]:
    """Every seat in turn (Tab), every move of the deal (→): the kinds of decision the panel named."""
    scene = app.scenes.top
    assert isinstance(scene, ReviewTable)
    seen: set[str] = set()
    for _seat in range(scene.n):
        key(app, pygame.K_HOME)
        scene = app.scenes.top
        assert isinstance(scene, ReviewTable)
        while scene.position < scene.target.span.end:
            moment = scene.moment
            if moment is not None:
                seen.add(moment.kind)
                number = [m.index for m in scene.moments].index(moment.index) + 1
                assert scene.place_words().endswith(f" · {number}/{len(scene.moments)}")
                assert scene.verdict()  # the band says what the review makes of it
                assert scene.hand_seat == scene.seat and scene.hand_open  # the seat's own hand, face up
            key(app, pygame.K_RIGHT)
        key(app, pygame.K_TAB)
        scene = app.scenes.top
        assert isinstance(scene, ReviewTable)
    return seen


def test_an_austria_deal_reviewed_from_its_sheet_by_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(SIZE, SETTINGS)
    app.scenes.push(navigation.table(app, computers("koenigrufen", AUSTRIA_SEED, profile="austria")))
    sheet = to_sheet(app)
    scene = review_from_sheet(app, sheet)
    assert walk(app) == set(KINDS)
    scene = app.scenes.top
    assert isinstance(scene, ReviewTable) and scene.review is not None
    marked = [m for m in scene.review.moments if scene.review.mark(m) and m.seat == scene.seat]
    if marked:  # C jumps to the seat's first marked decision, the band names the better move
        key(app, pygame.K_HOME)
        key(app, pygame.K_c, "c")
        scene = app.scenes.top
        assert isinstance(scene, ReviewTable) and scene.position == marked[0].index
        assert scene.verdict().startswith(("Costly", "Doubtful"))
    key(app, pygame.K_s, "s")
    words = drawn(app, monkeypatch)
    assert "Points lost, by kind of decision" in words and "Deal 1, reviewed" in words
    assert "All hands known, after the deal: points the moves lost" in words  # apart, under a rule
    key(app, pygame.K_ESCAPE)  # the summary closes first
    assert isinstance(app.scenes.top, ReviewTable) and not app.scenes.top.summary_open
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is sheet and control_of(sheet).state == "ready"


def test_a_round_reviewed_by_clicks_from_its_sheet(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(SIZE, SETTINGS)
    app.scenes.push(navigation.table(app, computers("twotenjack", 5)))
    sheet = to_sheet(app)
    control = control_of(sheet)
    click(app, control.rect.center)
    assert control.state == "running"
    click(app, control.cancel_rect.center)  # Cancel, at the bar's end
    assert control.state == "offer" and control.job is None
    click(app, control.rect.center)
    until_reviewed(app, lambda: control.state == "ready")
    click(app, control.rect.center)
    scene = app.scenes.top
    assert isinstance(scene, ReviewTable) and scene.review is not None
    before = scene.position
    (forward,) = [b for b in scene.controls.widgets if getattr(b, "label", "") == "→"]
    click(app, forward.rect.center)
    assert app.scenes.top.position == before + 1
    (summary,) = [b for b in scene.controls.widgets if getattr(b, "label", "").startswith("Summary")]
    click(app, summary.rect.center)
    assert "Round 1, reviewed" in drawn(app, monkeypatch)
    assert walk(app) == {"play"}


def history_sheet(journal: Journal) -> tuple[App, Any]:
    """The match played to its end as a player's table keeps it, so it moves to the History; there, Enter
    opens its sheet."""
    save = Autosave(Journal(journal.game, journal.setup))
    for action in journal.actions[:-1]:
        save.add(action, False)
    save.add(journal.actions[-1], True)  # the match moves to the History
    app = App(SIZE, SETTINGS)
    app.scenes.push(navigation.menu(app))
    app.scenes.push(navigation.history(app))
    step(app)
    key(app, pygame.K_RETURN, "\r")
    step(app)
    sheet = app.scenes.top
    assert sheet.name == "score"
    return app, sheet


@pytest.mark.parametrize(("game", "profile"), [("koenigrufen", "austria"), ("twotenjack", None)])
def test_a_finished_match_in_the_history_is_reviewed_deal_by_deal(game: str, profile: str | None) -> None:
    app, sheet = history_sheet(played(setup(game, 3, deals=2, profile=profile)))
    scene = review_from_sheet(app, sheet)
    assert scene.target.span.number == 2  # the sheet's deal: the match's last
    key(app, pygame.K_PAGEUP)
    first = app.scenes.top
    assert isinstance(first, ReviewTable) and first.target.span.number == 1 and first.review is None
    assert "Not reviewed yet" in first.verdict()
    key(app, pygame.K_RIGHT)  # its moves can be stepped through meanwhile
    assert app.scenes.top.position == 1
    key(app, pygame.K_r, "r")  # R reviews it here, its bar in the panel
    control = first.control
    assert control is not None and control.state == "running"
    assert first.verdict().startswith("Reviewing beside the table")  # the band no longer offers it
    until_reviewed(app, lambda: first.review is not None)  # its marks as soon as it is made
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is sheet
    app.scenes.pop()  # back in the History: the sheet opens again at once, its review kept
    key(app, pygame.K_RETURN, "\r")
    step(app)
    assert control_of(app.scenes.top).state == "ready"


def test_the_sküs_thrown_under_the_pagat_shows_costly_with_a_trump_kept_instead(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The planted blunder, reviewed from the History at a budget that can tell it: C goes to it, the
    band calls it costly and names a lower trump, the Sküs is ringed in the hand as it was."""
    monkeypatch.setattr(analysis, "DEALS", 30)
    journal, index, seat = skus_under_the_pagat()
    app, sheet = history_sheet(journal)
    scene = review_from_sheet(app, sheet)
    assert scene.seat == seat  # the person's seat is reviewed first
    key(app, pygame.K_c, "c")
    scene = app.scenes.top
    assert isinstance(scene, ReviewTable) and scene.position == index
    moment = scene.moment
    assert moment is not None and moment.options[moment.made].card == "SK"
    best = moment.options[moment.best].card
    assert best in TRUMPS and best != "SK"
    assert scene.verdict().startswith(f"Costly — better: play the {best};")
    step(app)
    for code, ringed in (("SK", True), (best, False)):  # the card played ringed in vermilion, not the best
        card = next(sprite for sprite in scene.hand if sprite.code == code)
        ring = card.rect(app.cards, scene.card_w).inflate(6, 6)
        red, green, _blue, _alpha = app.screen.get_at((ring.centerx, ring.top + 1))
        assert (red > 150 and green < 80) == ringed, code


def test_a_review_runs_on_while_the_next_deal_is_played_and_is_told_when_ready(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = App(SIZE, SETTINGS)
    app.scenes.push(navigation.table(app, computers("twotenjack", 6, deals=2)))
    sheet = to_sheet(app)
    key(app, pygame.K_r, "r")
    job = control_of(sheet).job
    assert job is not None and job.running
    key(app, pygame.K_RETURN, "\r")  # Next round: the review goes on beside the table
    assert app.scenes.top is not sheet
    shown: list[str] = []
    monkeypatch.setattr(app.notices, "show", lambda words, *args: shown.append(words))
    until_reviewed(app, lambda: "The review of round 1 is ready." in shown)
    second = to_sheet(app)
    assert second is not sheet and control_of(second).state == "offer"  # round 2 is not reviewed
    key(app, pygame.K_r, "r")
    key(app, pygame.K_r, "r")  # R again while it runs: cancelled
    assert control_of(second).state == "offer" and control_of(second).job is None


def test_the_review_reads_in_german(monkeypatch: pytest.MonkeyPatch) -> None:
    app = App(SIZE, SETTINGS.with_(language="de"))
    journal = played(setup("twotenjack", 5))
    target = navigation.review_target(journal)
    job = app.reviews.start(target)
    job.wait()
    app.scenes.push(navigation.menu(app))
    app.scenes.push(navigation.review(app, target))
    step(app)
    words = drawn(app, monkeypatch)
    assert "Analyse · Runde 1" in words and any(w.startswith("Zurück") for w in words)


def test_the_talon_taken_by_another_seat_leaves_no_card_behind_in_a_resumed_table() -> None:
    journal = played(setup("koenigrufen", AUSTRIA_SEED, profile="austria"))
    app = App(SIZE, SETTINGS)
    table = navigation.resume(app, Journal("koenigrufen", journal.setup, journal.actions[:9]))
    assert table.ghosts == []  # the declarer's talon half reached his seat and left the table


def test_nothing_of_a_review_is_written_in_the_match(tmp_path: Path) -> None:
    journal = played(setup("twotenjack", 5))
    app = App(SIZE, SETTINGS)
    target = navigation.review_target(journal)
    app.scenes.push(navigation.menu(app))
    app.scenes.push(navigation.review(app, target))
    for _ in range(5):
        key(app, pygame.K_RIGHT)
    from game.autosave import history_files, matches_dir

    assert not any(matches_dir().glob("*.json")) and history_files() == []
