"""The rules reader: complete texts in both languages, scrolling by keys, wheel and bar, game tabs."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from scene_driver import click, drag, key, step

from game.app import App
from game.i18n import catalogue
from game.registry import GAMES as REGISTERED
from game.scenes.rules_scene import RulesScene
from game.settings import Settings

GAMES = tuple(REGISTERED)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path))
    return App(settings=Settings(language="en"))


@pytest.fixture
def rules(app: App) -> RulesScene:
    scene = RulesScene(app, "falkenstein")
    app.scenes.push(scene)
    step(app)
    return scene


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_complete_rules_in_both_languages(language: str, game: str) -> None:
    body = catalogue(language)[f"rules.{game}"]
    headings = [line for line in body.splitlines() if line.startswith("# ")]
    assert len(headings) >= 6 and len(body) > 3000


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_words_of_each_game_are_there(language: str) -> None:
    texts = catalogue(language)
    for word in ("Sküs", "Mond", "Pagat", "König", "Dame", "Reiter", "Bube", "Talon", "Rufer"):
        assert word in texts["rules.koenigrufen"], word
    assert "−45" in texts["rules.twotenjack"] and "3♠" in texts["rules.twotenjack"]
    falkenstein = texts["rules.falkenstein"]
    assert "%" in falkenstein or "pourcentage" in falkenstein
    assert ("fireworks" if language == "en" else "feu d'artifice") in falkenstein


def test_keys_wheel_and_bar_scroll_the_page(app: App, rules: RulesScene) -> None:
    assert rules.offset == 0 and rules.max_offset > rules.view.height
    key(app, pygame.K_PAGEDOWN)
    step(app, 0.5)
    assert rules.offset == pytest.approx(rules.view.height - rules.g(60))
    key(app, pygame.K_DOWN)
    step(app, 0.5)
    assert rules.offset == pytest.approx(rules.view.height - rules.g(60) + rules.g(44))
    key(app, pygame.K_END)
    step(app, 0.5)
    assert rules.offset == rules.max_offset
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0)
    )
    step(app, 0.5)
    assert rules.offset == rules.max_offset - 3 * rules.g(60)
    key(app, pygame.K_HOME)
    step(app, 0.5)
    assert rules.offset == 0
    thumb = rules.thumb
    drag(app, thumb.center, (thumb.centerx, rules.track.bottom + 50))
    assert rules.offset == rules.max_offset


def test_tabs_and_keys_switch_the_game_and_go_back_to_the_top(app: App, rules: RulesScene) -> None:
    key(app, pygame.K_PAGEDOWN)
    step(app, 0.5)
    click(app, rules.tabs[1].rect.center)
    assert rules.game == "koenigrufen" and rules.offset == 0
    key(app, pygame.K_3, "3")
    assert rules.game == "twotenjack"
    key(app, pygame.K_RIGHT)
    assert rules.game == "falkenstein"
    key(app, pygame.K_LEFT)
    assert rules.game == "twotenjack"


def test_back_and_escape_close_the_reader(app: App, rules: RulesScene) -> None:
    app.scenes.push(RulesScene(app, "koenigrufen"))
    step(app)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is rules
    click(app, rules.back.rect.center)
    assert app.scenes.top is None


def test_unknown_game_is_refused(app: App) -> None:
    with pytest.raises(ValueError, match="chess"):
        RulesScene(app, "chess")
