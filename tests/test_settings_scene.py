"""The settings scene with real keys: every change applies at once and lands in settings.json."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from scene_driver import drag, key, step

from game.app import App
from game.i18n import tr
from game.scenes.menu import MenuScene
from game.scenes.settings_scene import SettingsScene
from game.settings import Settings, settings_path
from game.ui.widgets import Button, Slider


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    return tmp_path


@pytest.fixture
def app(config: Path) -> App:
    app = App(settings=Settings(language="en"))
    app.scenes.push(MenuScene(app))
    app.scenes.push(SettingsScene(app))
    step(app)
    return app


def saved() -> dict:
    return json.loads(settings_path().read_text(encoding="utf-8"))


def labels(app: App) -> list[str]:
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    return [w.label for w in scene.form.widgets if hasattr(w, "label")]


def test_language_switches_with_the_keyboard_and_relabels_at_once(app: App) -> None:
    assert "Back" in labels(app)
    key(app, pygame.K_DOWN)  # the language choice is the first field
    key(app, pygame.K_RIGHT)
    assert app.settings.language == "fr" and saved()["language"] == "fr"
    assert "Retour" in labels(app) and tr("settings.contrast") == "Contraste"
    assert isinstance(app.scenes.top, SettingsScene) and app.scenes.top.form.focus_index == 0
    key(app, pygame.K_LEFT)
    assert app.settings.language == "en" and "Back" in labels(app)
    key(app, pygame.K_LEFT)  # Deutsch, English, Français
    assert app.settings.language == "de" and saved()["language"] == "de"
    assert "Zurück" in labels(app) and tr("settings.contrast") == "Kontrast"


def test_a_slider_moved_with_the_arrows_changes_and_saves_the_setting(app: App) -> None:
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    sliders = [w for w in scene.form.widgets if isinstance(w, Slider)]
    contrast = next(w for w in sliders if w.label == tr("settings.contrast"))
    for _ in range(scene.form.focusable.index(contrast) + 1):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert app.settings.contrast == 60 and saved()["contrast"] == 60
    key(app, pygame.K_LEFT)
    assert app.settings.contrast == 55 and saved()["contrast"] == 55
    assert app.vintage.contrast == 55


def test_escape_and_back_return_to_the_scene_beneath(app: App) -> None:
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, MenuScene)
    app.scenes.push(SettingsScene(app))
    step(app)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    back = next(w for w in scene.form.widgets if isinstance(w, Button))
    for _ in range(len(scene.form.focusable)):
        key(app, pygame.K_TAB)
    assert scene.form.focused is back
    key(app, pygame.K_RETURN, "\r")
    assert isinstance(app.scenes.top, MenuScene)


def test_a_corrupt_settings_file_gives_defaults_is_kept_aside_and_noticed(config: Path) -> None:
    settings_path().write_text("{not json", encoding="utf-8")
    app = App()
    assert app.settings == Settings(language="en")
    assert not settings_path().exists()
    assert len(list(config.glob("settings.json.bad-*"))) == 1
    assert any("settings.json" in message for message, _ in app.notices.items)
    app.scenes.push(SettingsScene(app))
    step(app)


def test_a_slider_dragged_with_the_mouse_follows_it_to_the_end(app: App) -> None:
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    grain = next(w for w in scene.form.widgets if isinstance(w, Slider) and w.label == tr("settings.grain"))
    track = grain.track
    drag(app, (track.centerx, track.centery), (track.right + 40, track.centery))
    assert app.settings.grain == 100 and saved()["grain"] == 100
