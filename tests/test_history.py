"""The History: finished matches listed newest first from the menu, each one's final score sheet rebuilt
from its journal with the right totals, Escape back; bad files kept aside without a crash; an empty
history says so. Matches are played to their end through the rules and the autosave, as a table does."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pygame
import pytest
from scene_driver import click, drawn, key, step

from game.app import App
from game.autosave import Autosave, history_dir, history_files
from game.games.falkenstein.adventures import builtin
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.journal import Journal, new_state
from game.scenes.history_scene import HistoryScene
from game.scenes.menu import MenuScene
from game.seating import CardTableSetup, SeatPlayer
from game.settings import Settings
from game.ui.widgets import Button

SETTINGS = Settings(language="en", anim_speed="fast", think_time=0.05)
SETUPS: dict[str, Any] = {
    "twotenjack": CardTableSetup("twotenjack", tuple(SeatPlayer(n, i == 0) for i, n in enumerate("ABC")), 4),
    "koenigrufen": CardTableSetup(
        "koenigrufen", tuple(SeatPlayer(n, i == 1) for i, n in enumerate("NESW")), 5
    ),
    "falkenstein": FalkensteinSetup("solo", (SeatSetup(HEROES[1], "Clara"),), None, "", 6, builtin()[1]),
}


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))


def play_to_the_end(game: str, seed: int = 1) -> Any:
    """A whole match with random legal actions, each one autosaved: at its end it moves to the history."""
    setup = SETUPS[game]
    rng = random.Random(seed)
    state = new_state(setup)
    save = Autosave(Journal(game, setup))
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        save.add(action, state.is_over)
    return state


def open_history(size: tuple[int, int] = (1280, 720), language: str = "en") -> tuple[App, HistoryScene]:
    app = App(size, SETTINGS.with_(language=language))
    menu = MenuScene(app)
    app.scenes.push(menu)
    step(app)
    label = {"de": "Chronik", "en": "History", "fr": "Historique"}[language]
    (button,) = [w for w in menu.form.widgets if isinstance(w, Button) and w.label == label]
    click(app, button.rect.center)
    history = app.scenes.top
    assert isinstance(history, HistoryScene)
    return app, history


def signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−")


@pytest.mark.parametrize("game", list(SETUPS))
def test_a_finished_match_is_listed_and_shows_its_final_sheet(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = play_to_the_end(game)
    app, history = open_history()
    (entry,) = history.entries
    assert entry.game == game and entry.summary.over
    words = drawn(app, monkeypatch)
    assert "Today" in words
    if game == "falkenstein":
        successes, tries = state.successes[0], len(state.history)
        assert entry.summary.names == (HEROES[1].name,) and entry.summary.scores == (successes,)
        ending = builtin()[1].ending(state.ending)
        assert ending is not None and entry.summary.ending == ending.title
        assert f"{successes}/{tries}" in words and "The Clockwork Nightingale" in words
        assert "Ending" in words and ending.title.en in words
    else:
        totals = state.view(0).totals
        best = max(totals)
        winners = [name for name, total in zip(entry.summary.names, totals, strict=True) if total == best]
        assert entry.summary.scores == totals
        assert all(signed(total) in words for total in totals)
        assert ", ".join(winners) in words

    key(app, pygame.K_RETURN, "\r")  # the newest match has the focus from the start
    assert history.opening is entry  # one frame says the sheet is coming, the next one shows it
    step(app)
    sheet = app.scenes.top
    assert sheet.name == "score"
    words = drawn(app, monkeypatch)
    if game == "twotenjack":
        assert sheet.sheet.title == "The match is over"
        assert [row[-1] for row in sheet.sheet.rows] == [f"{t:+d}" for t in state.view(0).totals]
    elif game == "koenigrufen":
        assert "The match is over" in words
        assert sheet.sheet.totals == tuple(state.view(0).totals)
        assert all(f"{t:+d}" in words for t in state.view(0).totals)
        assert any(w.startswith("Winner: ") for w in words)
    else:
        assert sheet.sheet.rows[0][2] == str(state.successes[0])
        assert len(sheet.sheet.path) == len(state.path) and "The path taken" in words
    assert "Back to the history" in words and any(w.startswith("Finished on ") for w in words)

    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is history
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top.name == "menu"


@pytest.mark.parametrize(
    "content",
    [b"", b"{not json", bytes(range(256)), b'{"format": "atout-journal", "version": 99}', b"[" * 100_000],
    ids=["empty", "truncated", "random bytes", "future version", "deeply nested"],
)
def test_a_bad_history_file_is_kept_aside_and_the_list_goes_on(content: bytes) -> None:
    play_to_the_end("twotenjack")
    bad = history_dir() / "20200101-120000-koenigrufen.json"
    bad.write_bytes(content)
    app, history = open_history()
    good, unreadable = history.entries
    assert good.readable and not unreadable.readable and unreadable.game == "koenigrufen"
    assert not bad.exists()
    (aside,) = history_dir().glob("20200101-120000-koenigrufen.json.bad-*")
    assert unreadable.refused is not None and unreadable.refused.aside == aside
    assert aside.read_bytes() == content
    assert [m for m, _ in app.notices.items if m.startswith("A match of the history cannot be shown.")]
    step(app)
    key(app, pygame.K_END)  # the unreadable row cannot be chosen: End stays on the good one
    key(app, pygame.K_RETURN, "\r")
    step(app)
    assert app.scenes.top.name == "score"


def test_an_illegal_action_in_a_history_file_is_refused_too() -> None:
    play_to_the_end("twotenjack")
    (path,) = history_files()
    path.write_text(path.read_text(encoding="utf-8").replace('"card": "', '"card": "X', 1), encoding="utf-8")
    _, history = open_history()
    (entry,) = history.entries
    assert entry.refused is not None and "breaks the rules" in entry.refused.problem.text()
    assert list(history_dir().glob("*.json")) == []


@pytest.mark.parametrize(
    ("language", "says"),
    [("de", "Noch keine beendete Partie"), ("en", "No finished match yet"), ("fr", "Aucune partie")],
)
def test_an_empty_history_says_so(language: str, says: str, monkeypatch: pytest.MonkeyPatch) -> None:
    app, history = open_history(language=language)
    assert history.entries == []
    assert any(w.startswith(says) for w in drawn(app, monkeypatch))
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top.name == "menu"


def test_fifty_matches_scroll_in_a_small_window() -> None:
    play_to_the_end("twotenjack")
    (made,) = history_files()
    for i in range(49):  # copies of the file the game wrote, finished on other days
        shutil.copy(made, made.with_name(f"202501{i % 28 + 1:02d}-{i % 24:02d}0000-twotenjack.json"))
    app, history = open_history(size=(960, 540))
    whens = [e.when for e in history.entries]
    assert len(whens) == 50 and whens == sorted(whens, reverse=True)
    assert history.max_offset > 0 and history.rows[0].focused
    key(app, pygame.K_END)
    step(app, 0.5)
    assert history.rows[-1].focused and history.view.contains(history.rows[-1].rect)
    key(app, pygame.K_PAGEUP)
    key(app, pygame.K_UP)
    step(app, 0.5)
    focused = history.form.focused
    assert focused in history.rows and history.view.contains(focused.rect)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False))
    step(app, 0.5)
    row = next(r for r in history.rows if history.view.contains(r.rect))
    click(app, row.rect.center)
    step(app)
    assert app.scenes.top.name == "score"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is history


def test_matches_finished_in_the_same_second_keep_their_order(tmp_path: Path) -> None:
    folder = history_dir()
    folder.mkdir(parents=True)
    names = ["20260101-100000-twotenjack.json", "20260101-100000-twotenjack-2.json"]
    names += ["20260101-100000-twotenjack-10.json", "20260101-100001-falkenstein.json"]
    for name in names:
        (folder / name).write_text("{}")
    assert [p.name for p in history_files()] == names
