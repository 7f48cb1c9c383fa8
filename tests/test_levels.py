"""Computer levels, driven headless through the real scene manager: the menu's choice reaches every
computer seat and survives a save and resume; computers at every level think in slices of SLICE_MS, so
no frame waits on a search; normal computers play a whole deal and a whole round."""

from __future__ import annotations

import gc
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import pygame
import pytest
from scene_driver import DT, click, key, step, wait_until

from game.ai import thinker as thinker_module
from game.app import App
from game.i18n import LANGUAGES, tr
from game.journal import load_journal
from game.scenes import navigation
from game.scenes.menu import MenuScene
from game.scenes.trick_table import SLICE_MS, TrickTable
from game.seating import LEVELS, CardTableSetup, SeatPlayer
from game.settings import Settings
from game.ui.widgets import Choice

SETTINGS = Settings(language="en", anim_speed="fast", think_time=0.05)
FRAMES_PER_DECISION = 400  # hard thinks about half a second of CPU: some 125 slices, far fewer than this


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))


def record_levels(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, str]]:
    """Every Thinker made from now on, as (seat, level)."""
    made: list[tuple[int, str]] = []
    real = thinker_module.Thinker.__init__

    def init(self: Any, game: str, view: Any, level: str, seed: int) -> None:
        made.append((view.seat, level))
        real(self, game, view, level, seed)

    monkeypatch.setattr(thinker_module.Thinker, "__init__", init)
    return made


def until_a_computer_thinks(app: App, table: TrickTable) -> None:
    """Steps the table; the person takes their first legal action whenever it is their turn."""
    for _ in range(20):
        wait_until(
            app,
            lambda: table.thought is not None or (table.awaiting == "human" and not table.busy),
            seconds=60,
        )
        if table.thought is not None:
            return
        assert table.act(table.game.legal_actions()[0])
    raise AssertionError("no computer seat came to think")


TABLES = [(pygame.K_2, "koenigrufen", 4), (pygame.K_3, "twotenjack", 3)]
# the choice's label and its value "hard", as a person reads them
LEVEL_WORDS = {
    "de": ("Stärke der Computer", "Schwer"),
    "en": ("Computer level", "Hard"),
    "fr": ("Niveau des ordinateurs", "Difficile"),
}


# every language once, the tables in turn (a case takes seconds)
@pytest.mark.parametrize(
    ("digit", "game", "players", "language"),
    [(*TABLES[i % len(TABLES)], language) for i, language in enumerate(LANGUAGES)],
)
def test_the_menus_level_reaches_every_computer_seat_and_survives_a_resume(
    monkeypatch: pytest.MonkeyPatch, digit: int, game: str, players: int, language: str
) -> None:
    app = App(settings=SETTINGS.with_(language=language))
    menu = MenuScene(app)
    app.scenes.push(menu)
    step(app)
    key(app, digit)
    level = next(w for w in menu.form.widgets if isinstance(w, Choice) and w.label == tr("menu.ai_level"))
    assert tr("menu.ai_level") == LEVEL_WORDS[language][0]
    assert level.value == "normal" and level.options[level.index][1] == tr("menu.ai_level.normal")
    click(app, (level.box.right - 10, level.box.centery))  # normal → hard
    assert level.options[level.index][1] == LEVEL_WORDS[language][1]
    assert menu.start_button is not None
    assert (
        level.rect.bottom
        <= menu.start_button.rect.top
        <= menu.start_button.rect.bottom
        <= menu.start_panel.bottom
    )
    made = record_levels(monkeypatch)
    click(app, menu.start_button.rect.center)
    table = app.scenes.top
    assert isinstance(table, TrickTable) and table.name == game
    assert [(s.human, s.level) for s in table.setup.seats] == [(True, "easy")] + [(False, "hard")] * (
        players - 1
    )
    until_a_computer_thinks(app, table)
    assert made and all(level == "hard" for _, level in made)

    table.autosave.flush()
    journal = load_journal(table.autosave.path)
    assert journal.setup == table.setup
    made.clear()
    again = App(settings=SETTINGS)
    resumed = navigation.resume(again, journal)
    assert isinstance(resumed, TrickTable) and resumed.setup.seats == table.setup.seats
    again.scenes.push(resumed)
    until_a_computer_thinks(again, resumed)
    assert made and all(level == "hard" for _, level in made)


def test_a_resumed_computer_thinks_the_same_thought(monkeypatch: pytest.MonkeyPatch) -> None:
    """The seed comes from the table and the position, so a resumed match decides as it would have."""
    seeds: list[int] = []
    real = thinker_module.Thinker.__init__

    def init(self: Any, game: str, view: Any, level: str, seed: int) -> None:
        seeds.append(seed)
        real(self, game, view, level, seed)

    monkeypatch.setattr(thinker_module.Thinker, "__init__", init)
    setup = CardTableSetup("twotenjack", tuple(SeatPlayer(f"P{i}", i == 0, "normal") for i in range(3)), 21)
    app = App(settings=SETTINGS)
    table = navigation.table(app, setup)
    app.scenes.push(table)
    while len(table.autosave.journal.actions) < 2 or table.thought is None:
        until_a_computer_thinks(app, table)
        if len(table.autosave.journal.actions) < 2:
            wait_until(app, lambda: table.thought is None, 60)
    first = table.thought
    assert first is not None
    view, seed = table.view(first.seat), seeds[-1]
    table.autosave.flush()
    again = App(settings=SETTINGS)
    resumed = navigation.resume(again, load_journal(table.autosave.path))
    again.scenes.push(resumed)
    wait_until(again, lambda: isinstance(resumed, TrickTable) and resumed.thought is not None, 10)
    assert isinstance(resumed, TrickTable) and resumed.thought is not None
    assert (resumed.thought.seat, resumed.view(resumed.thought.seat), seeds[-1]) == (first.seat, view, seed)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("game", "players"), [("koenigrufen", 4), ("twotenjack", 3)])
def test_computers_think_in_slices_and_act_within_bounded_frames(
    monkeypatch: pytest.MonkeyPatch, level: str, game: str, players: int
) -> None:
    app = App((960, 540), SETTINGS)
    per_frame: dict[int, float] = defaultdict(float)  # CPU ms spent in thinkers, by frame
    calls: dict[Any, list[int]] = defaultdict(list)  # frames each thinker was stepped in (kept: no id reused)
    budgets: set[float] = set()
    real = thinker_module.Thinker.step

    def timed(self: Any, budget_ms: float) -> bool:
        start = time.thread_time()
        try:
            return real(self, budget_ms)
        finally:
            per_frame[app.frame] += (time.thread_time() - start) * 1000
            calls[self].append(app.frame)
            budgets.add(budget_ms)

    monkeypatch.setattr(thinker_module.Thinker, "step", timed)
    seats = tuple(SeatPlayer(f"C{i}", False, level) for i in range(players))
    table = navigation.table(app, CardTableSetup(game, seats, 17))
    app.scenes.push(table)
    gc.collect()
    gc.freeze()  # as the app's own loop does once loaded, so a full collection is not counted as thought
    try:
        wait_until(
            app,
            lambda: len(table.autosave.journal.actions) >= 4,
            seconds=4 * FRAMES_PER_DECISION * DT,
            dt=DT,  # frames at the app's own rate: the budget is per frame
        )
    finally:
        gc.unfreeze()
    assert budgets == {SLICE_MS}
    slowest = sorted(per_frame.values())[-3:]
    assert slowest[-1] <= 3 * SLICE_MS, f"CPU ms in thinkers, slowest frames: {slowest}"
    for frames in calls.values():
        assert len(frames) == len(set(frames)), "a thinker was stepped twice in one frame"
        assert frames[-1] - frames[0] < FRAMES_PER_DECISION, f"a decision took {len(frames)} frames"
    assert len(app.ai_ms) >= 4


def test_the_avatar_thinks_while_its_thinker_does(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(thinker_module.Thinker, "step", lambda self, budget_ms: False)
    app = App(settings=SETTINGS)
    table = navigation.table(
        app, CardTableSetup("twotenjack", tuple(SeatPlayer(f"C{i}", False) for i in range(2)), 3)
    )
    app.scenes.push(table)
    wait_until(app, lambda: table.thought is not None, 30)
    thought = table.thought
    assert thought is not None
    step(app, 1.0)  # long past its think time, but the decision is not ready: the table waits for it
    assert table.thought is thought and table.autosave.journal.actions == []
    assert table.avatars[thought.seat]._thinking
    key(app, pygame.K_ESCAPE)  # paused: nothing thinks, and the turn starts over on return
    assert table.thought is None and not table.avatars[thought.seat]._thinking
    key(app, pygame.K_ESCAPE)
    step(app)
    assert table.thought is not None and table.avatars[thought.seat]._thinking


@pytest.mark.parametrize(("game", "players"), [("koenigrufen", 4), ("twotenjack", 3)])
def test_normal_computers_play_a_whole_deal(game: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision of a deal goes through the scene's thinker (a small search budget: play, not strength,
    is what is tested here)."""
    monkeypatch.setitem(thinker_module.ITERATIONS, "normal", 20)
    app = App((960, 540), Settings(language="en", anim_speed="instant", think_time=0.0))
    seats = tuple(SeatPlayer(f"C{i}", False, "normal") for i in range(players))
    table = navigation.table(app, CardTableSetup(game, seats, 5))
    app.scenes.push(table)
    wait_until(app, lambda: app.scenes.top.name == "score", seconds=3000)
    assert table.game.phase == "scored"
    assert len(app.ai_ms) == len(table.autosave.journal.actions)
