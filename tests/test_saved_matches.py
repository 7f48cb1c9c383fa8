"""Every unfinished match is kept (issue 30), driven by real input through the real scene manager: two
matches started one after the other are both listed; one is resumed at its exact move and finished while
the other stays as it was; Delete asks first and names the match; three games are kept at once; a lesson
touches none of them; an older Atout's single save is taken over, bytes unchanged; a copy of Atout never
offers a match another copy has open."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest
from scene_driver import click, key, step, wait_until
from test_resume import humans_turn, play_until

from game import history, saved_matches
from game.app import App
from game.autosave import matches_dir, old_path
from game.i18n import tr
from game.journal import load_journal, save_journal
from game.locks import Holder
from game.scenes.menu import MenuScene
from game.scenes.saved_scene import SavedScene
from game.scenes.table_scene import TableScene
from game.settings import Settings
from game.statistics import gather
from game.ui.widgets import Button

SETTINGS = Settings(language="en", anim_speed="instant", think_time=0.0)
DIGIT = {"falkenstein": pygame.K_1, "koenigrufen": pygame.K_2, "twotenjack": pygame.K_3}


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))


def launch(app: App | None = None) -> tuple[App, MenuScene]:
    """The app at its menu (a new launch, or this one's menu)."""
    app = app or App(settings=SETTINGS)
    if not isinstance(app.scenes.top, MenuScene):
        app.scenes.push(MenuScene(app))
    step(app)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    return app, menu


def button(app: App, label: str) -> Button:
    return next(w for w in app.scenes.top.form.widgets if isinstance(w, Button) and w.label == label)


def start(app: App, game: str, moves: int) -> TableScene:
    """A new match of `game` from the menu's start section, played until `moves` actions are taken."""
    key(app, DIGIT[game])
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.start_button is not None
    click(app, menu.start_button.rect.center)
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.game_id == game
    play_until(app, table, moves)
    return table


def leave(app: App) -> MenuScene:
    """Escape, then "Leave the table": back at the menu."""
    key(app, pygame.K_ESCAPE)
    click(app, button(app, tr("pause.leave")).rect.center)
    return launch(app)[1]


def open_saved(app: App) -> SavedScene:
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.saved_button is not None
    click(app, menu.saved_button.rect.center)
    page = app.scenes.top
    assert isinstance(page, SavedScene)
    return page


def row_of(page: SavedScene, path: Path) -> pygame.Rect:
    return next(row.rect for row in page.rows if row.item.path == path)


def files() -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in matches_dir().glob("*.json")}


def test_two_matches_are_kept_one_resumed_at_its_move_and_finished_the_other_deleted_after_asking() -> None:
    app, _ = launch()
    first = start(app, "twotenjack", 4)
    leave(app)
    a_path, a_actions, a_view = first.autosave.path, list(first.autosave.journal.actions), first.game.view(0)
    second = start(app, "koenigrufen", 3)
    b_path = second.autosave.path
    menu = leave(app)
    assert a_path != b_path and {a_path.name, b_path.name} == set(files())
    assert menu.continue_button is not None and "Königrufen" in menu.continue_button.label  # the latest
    assert menu.saved_button is not None and menu.saved_button.label == tr("menu.saved", n=2)

    page = open_saved(app)
    assert [(s.game, s.moves) for s in page.listing.matches] == [
        ("koenigrufen", second.moves),
        ("twotenjack", len(a_actions)),
    ]
    click(app, row_of(page, a_path).center)  # chosen…
    assert page.chosen is not None and page.chosen.path == a_path and app.scenes.top is page
    b_bytes = b_path.read_bytes()
    click(app, button(app, tr("saved.resume")).rect.center)  # …and resumed
    table = app.scenes.top
    assert isinstance(table, TableScene) and table.autosave.path == a_path
    assert table.autosave.journal.actions == a_actions and table.game.view(0) == a_view

    def over() -> bool:
        if table.game.is_over:
            return True
        if app.scenes.top.name == "score":
            key(app, pygame.K_RETURN, "\r")  # a round's sheet: on to the next round
        elif app.scenes.top is table and humans_turn(table):
            table.act(table.game.legal_actions()[0])
        return False

    wait_until(app, over, seconds=900)
    table.autosave.flush()
    assert not a_path.exists() and b_path.read_bytes() == b_bytes
    (finished,) = history.entries()
    assert finished.game == "twotenjack" and finished.summary is not None and finished.summary.over
    assert gather(history.entries())["twotenjack"].matches == 1  # counted once

    app.close()  # quit, and launch again
    menu = launch(App(settings=SETTINGS))[1]
    assert menu.saved_button is not None and menu.saved_button.label == tr("menu.saved", n=1)
    page = open_saved(menu.app)
    assert [s.path for s in page.listing.matches] == [b_path]
    click(menu.app, button(menu.app, tr("saved.delete")).rect.center)
    question = menu.app.scenes.top
    assert question.name == "confirm" and "Königrufen" in question.words  # type: ignore[attr-defined]
    assert tr("menu.player_n", n=1) in question.words  # type: ignore[attr-defined]
    click(menu.app, button(menu.app, tr("saved.delete.stay")).rect.center)  # kept, after all
    assert menu.app.scenes.top is page and b_path.read_bytes() == b_bytes
    key(menu.app, pygame.K_DELETE)
    click(menu.app, button(menu.app, tr("saved.delete.yes")).rect.center)
    assert menu.app.scenes.top is page and page.listing.matches == () and not b_path.exists()
    key(menu.app, pygame.K_ESCAPE)
    menu = launch(menu.app)[1]
    assert menu.saved_button is None and menu.continue_button is None
    assert len(history.entries()) == 1  # a deleted match is not in the History


def test_three_games_at_once_each_resumed_as_it_was_and_a_lesson_touches_none(data_dir: Path) -> None:
    app, _ = launch()
    left: dict[str, tuple[Path, int]] = {}
    for game, moves in (("falkenstein", 1), ("koenigrufen", 5), ("twotenjack", 3)):
        table = start(app, game, moves)
        leave(app)
        left[game] = (table.autosave.path, table.moves)
    kept = files()
    assert len(kept) == 3
    page = open_saved(app)
    assert {s.game: (s.path, s.moves) for s in page.listing.matches} == left
    for game, (path, moves) in left.items():
        click(app, row_of(page, path).center)
        click(app, row_of(page, path).center)  # the chosen row clicked again: resumed
        table = app.scenes.top
        assert isinstance(table, TableScene) and table.game_id == game and table.moves == moves
        leave(app)
        page = open_saved(app)
    assert files() == kept

    key(app, pygame.K_ESCAPE)
    key(app, DIGIT["twotenjack"])
    click(app, button(app, tr("lesson.learn")).rect.center)
    assert app.scenes.top.name == "lesson"
    step(app, 1.0)
    key(app, pygame.K_ESCAPE)
    click(app, button(app, tr("pause.leave")).rect.center)
    assert files() == kept and sorted(p.name for p in data_dir.iterdir()) == ["matches"]


def test_the_single_save_of_an_older_atout_is_taken_over_bytes_unchanged() -> None:
    app, _ = launch()
    table = start(app, "twotenjack", 3)
    app.close()
    raw = table.autosave.path.read_bytes()
    old = old_path()
    table.autosave.path.rename(old)  # as an older Atout left it
    when = old.stat().st_mtime

    app, menu = launch(App(settings=SETTINGS))
    assert not old.exists()
    (taken,) = matches_dir().glob("*.json")
    assert taken.read_bytes() == raw and taken.stat().st_mtime == when
    assert menu.continue_button is not None
    click(app, menu.continue_button.rect.center)
    resumed = app.scenes.top
    assert isinstance(resumed, TableScene) and resumed.moves == table.moves and resumed.autosave.path == taken


def test_a_match_open_in_another_copy_of_atout_is_not_offered() -> None:
    first, _ = launch()
    table = start(first, "twotenjack", 2)
    other, menu = launch(App(settings=SETTINGS))  # a second copy on the same data folder
    assert menu.continue_button is None and menu.saved_button is not None
    page = open_saved(other)
    assert page.listing.matches == () and page.listing.elsewhere == 1
    assert not Holder().free_elsewhere(table.autosave.path)
    leave(first)  # the first copy leaves its table for the menu: its match is free
    listing = saved_matches.listing(other.locks)
    assert [s.path for s in listing.matches] == [table.autosave.path]


def test_a_finish_cut_short_by_a_crash_goes_on_to_the_history_once(data_dir: Path) -> None:
    app, _ = launch()
    table = start(app, "twotenjack", 2)
    table.autosave.flush()
    journal = load_journal(table.autosave.path)
    journal.finished = True  # written finished in its own file, then killed before the move
    save_journal(table.autosave.path, journal)
    app.close()
    listing = saved_matches.listing(Holder())
    assert listing.matches == () and not list(matches_dir().glob("*.json"))
    assert len(history.entries()) == 1 and time.time() >= history.entries()[0].when
