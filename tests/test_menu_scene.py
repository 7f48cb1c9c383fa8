"""The menu driven headless with real input events: tabs, pages, start sections, Escape."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from scene_driver import click, key, step

from game.app import App
from game.i18n import LANGUAGES, tr
from game.registry import GAMES as REGISTERED
from game.scenes.menu import MenuScene
from game.scenes.rules_scene import RulesScene
from game.settings import Settings
from game.ui.widgets import Button, Choice, TextInput

GAMES = tuple(REGISTERED)

DIGITS = (pygame.K_1, pygame.K_2, pygame.K_3)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    return App(settings=Settings(language="en"))


@pytest.fixture
def menu(app: App) -> MenuScene:
    scene = MenuScene(app)
    app.scenes.push(scene)
    step(app)
    return scene


def test_tabs_switch_pages_by_click(app: App, menu: MenuScene) -> None:
    for index in (1, 2, 0):
        click(app, menu.tabs[index].rect.center)
        assert menu.game == GAMES[index]
        assert [tab.selected for tab in menu.tabs] == [i == index for i in range(3)]
        assert any(line[0] == tr(f"menu.game.{GAMES[index]}.name") for line in menu._lines)


def test_tabs_switch_pages_by_number_keys(app: App, menu: MenuScene) -> None:
    for index in (2, 1, 0):
        key(app, DIGITS[index], str(index + 1))
        assert menu.game == GAMES[index]


def test_arrows_and_enter_reach_a_tab(app: App, menu: MenuScene) -> None:
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN, "\r")
    assert menu.game == "koenigrufen"
    assert menu.form.focused is menu.tabs[1]


@pytest.mark.parametrize(
    ("digit", "game", "humans"),
    [
        (pygame.K_2, "koenigrufen", [True, False, False, False]),
        (pygame.K_3, "twotenjack", [True, False, False]),
    ],
)
def test_card_games_start_with_the_chosen_seats(
    app: App, menu: MenuScene, digit: int, game: str, humans: list[bool]
) -> None:
    key(app, digit)
    assert menu.start_button is not None and menu.start_button.enabled
    click(app, menu.start_button.rect.center)
    table = app.scenes.top
    assert table.name == game
    assert [s.human for s in table.setup.seats] == humans


def test_two_ten_jack_seats_follow_the_player_count(app: App, menu: MenuScene) -> None:
    key(app, pygame.K_3)
    count = next(w for w in menu.form.widgets if isinstance(w, Choice) and w.label == tr("menu.players"))
    seats = sum(isinstance(w, TextInput) for w in menu.form.widgets)
    click(app, (count.box.right - 10, count.box.centery))
    assert menu.start("twotenjack").count == 4
    assert sum(isinstance(w, TextInput) for w in menu.form.widgets) == seats + 1


def test_settings_button_opens_the_settings(app: App, menu: MenuScene) -> None:
    assert menu.settings_button is not None
    click(app, menu.settings_button.rect.center)
    assert app.scenes.top is not None and app.scenes.top.name == "settings"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is menu


@pytest.mark.parametrize("index", [0, 1, 2])
def test_read_the_rules_opens_the_reader_on_that_game(app: App, menu: MenuScene, index: int) -> None:
    key(app, DIGITS[index])
    assert menu.rules_button is not None
    click(app, menu.rules_button.rect.center)
    top = app.scenes.top
    assert isinstance(top, RulesScene) and top.name == "rules" and top.game == GAMES[index]


def test_characters_button_opens_the_editor(app: App, menu: MenuScene) -> None:
    button = next(w for w in menu.form.widgets if isinstance(w, Button) and w.label == tr("menu.characters"))
    click(app, button.rect.center)
    assert app.scenes.top is not None and app.scenes.top.name == "characters"


def test_escape_twice_quits_and_once_only_warns(app: App, menu: MenuScene) -> None:
    key(app, pygame.K_ESCAPE)
    assert app.running and any(tr("menu.escape_again") == item[0] for item in app.notices.items)
    step(app, 2.5)
    key(app, pygame.K_ESCAPE)
    assert app.running
    key(app, pygame.K_ESCAPE)
    assert not app.running


def test_mode_choice_survives_a_change_of_language(app: App, menu: MenuScene) -> None:
    mode = next(w for w in menu.form.widgets if isinstance(w, Choice) and w.label == tr("menu.mode"))
    click(app, (mode.box.right - 10, mode.box.centery))
    assert menu.start("falkenstein").mode == "hotseat"
    app.apply_settings(app.settings.with_(language="fr"))
    step(app)
    assert menu.start("falkenstein").mode == "hotseat"
    assert any(isinstance(w, Choice) and w.label == "Personnages" for w in menu.form.widgets)


def test_names_typed_into_the_hot_seat_reach_the_setup(app: App, menu: MenuScene) -> None:
    menu.start("falkenstein").mode = "hotseat"
    menu.relayout()
    field = next(w for w in menu.form.widgets if isinstance(w, TextInput))
    click(app, field.rect.center)
    for ch in "Ada":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(app, pygame.K_1, "1")  # typed into the field, not taken as a tab shortcut
    assert menu.game == "falkenstein"
    setup = menu.start("falkenstein").setup(seed=5)
    assert setup.mode == "hotseat" and setup.seats[0].player == "Ada"
    assert setup.host_name == tr("menu.host_default") and len(setup.seats) == menu.start("falkenstein").count


def test_the_page_fits_the_smallest_window(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path))
    app = App(size=(960, 540), settings=Settings(language="fr"))
    menu = MenuScene(app)
    app.scenes.push(menu)
    for digit in DIGITS:
        key(app, digit)
        screen = app.screen.get_rect()
        assert all(screen.contains(w.rect) for w in menu.form.widgets)
        assert all(menu.page.contains(row) for _, row, *_ in menu._lines)


@pytest.mark.parametrize("size", [(1280, 720), (960, 540)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_shows_its_whole_summary(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], language: str
) -> None:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path))
    app = App(size=size, settings=Settings(language=language))
    menu = MenuScene(app)
    app.scenes.push(menu)
    for digit, game in zip(DIGITS, GAMES, strict=True):
        key(app, digit)
        assert len(menu._bullets) == len(tr(f"menu.game.{game}.summary").splitlines())
        assert max(row.y for _, row, *_ in menu._lines) < menu.page.bottom - menu.g(40)


def test_start_builds_the_falkenstein_table(app: App, menu: MenuScene) -> None:
    table = pytest.importorskip("game.games.falkenstein.table")
    assert menu.start_button is not None and menu.start_button.enabled
    click(app, menu.start_button.rect.center)
    top = app.scenes.top
    assert isinstance(top, table.FalkensteinTable) and app.scenes.stack == [top]
    assert top.setup.mode == "solo" and top.setup.scenario is not None
