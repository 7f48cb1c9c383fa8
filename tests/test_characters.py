"""The player's own characters: saved as JSON, checked on load, edited through the real scene."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest
from scene_driver import click, key, step

from game.app import App
from game.games.falkenstein import characters
from game.games.falkenstein.characters_scene import NAME_SAVE_DELAY, CharactersScene
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.session import Character
from game.i18n import tr
from game.settings import Settings
from game.ui.widgets import Button, Choice, TextInput

CUSTOM = Character(
    "Madame Tempête", (characters.make_talent("fencing", 5), characters.make_talent("wealth", 2))
)


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path))
    return tmp_path


@pytest.fixture
def app(config: Path) -> App:
    return App(settings=Settings(language="en"))


def open_editor(app: App) -> CharactersScene:
    scene = CharactersScene(app)
    app.scenes.push(scene)
    step(app)
    return scene


def on_disk() -> list[dict]:
    return json.loads(characters.custom_path().read_text(encoding="utf-8"))["characters"]


def button(scene: CharactersScene, label: str) -> Button:
    return next(w for w in scene.form.widgets if isinstance(w, Button) and w.label == label and w.enabled)


def test_saved_characters_come_back_after_the_heroes(config: Path) -> None:
    assert characters.load_custom() == ([], None) and characters.all_characters(print) == list(HEROES)
    characters.save_custom([CUSTOM])
    assert characters.load_custom() == ([CUSTOM], None)
    assert characters.all_characters(print) == [*HEROES, CUSTOM]


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{broken", "the file is not valid JSON (line 1)"),
        ('{"characters": 3}', "characters must be a list, not a whole number"),
        (
            '{"characters": [{"name": "", "talents": [{"id": "fencing", "level": 3}]}]}',
            "characters[0].name is empty",
        ),
        (
            '{"characters": [{"name": "X", "talents": [{"id": "juggling", "level": 3}]}]}',
            'characters[0].talents[0].id names something unknown: "juggling"',
        ),
        (
            '{"characters": [{"name": "X", "talents": [{"id": "fencing", "level": 7}]}]}',
            "characters[0].talents[0].level must be one of 1, 2, 3, 4, 5, 6, not 7",
        ),
        ('{"characters": [{"name": "X", "talents": [{"id": "fencing", "level": true}]}]}', "not true"),
        (
            '{"characters": [{"name": "X", "talents": []}]}',
            "characters[0].talents must hold 1 to 10 entries, not 0",
        ),
        ('{"characters": [{"name": "X", "talents": [{"id": ["fencing"], "level": 3}]}]}', '["fencing"]'),
    ],
)
def test_a_bad_file_is_set_aside_with_a_clear_message(config: Path, content: str, problem: str) -> None:
    characters.custom_path().write_text(content, encoding="utf-8")
    found, refused = characters.load_custom()
    assert found == [] and refused is not None and problem in refused.problem.text()
    assert not characters.custom_path().exists()
    assert [p.read_text(encoding="utf-8") for p in config.glob("characters.json.bad-*")] == [content]
    assert characters.load_custom() == ([], None)


def test_the_editor_reports_a_corrupt_file_and_starts_empty(app: App, config: Path) -> None:
    characters.custom_path().write_text("[1, 2", encoding="utf-8")
    scene = open_editor(app)
    assert scene.customs == []
    assert any("characters.json" in message for message, _ in app.notices.items)
    assert len(list(config.glob("characters.json.bad-*"))) == 1


def test_create_edit_and_delete_round_trip_to_disk(app: App) -> None:
    scene = open_editor(app)
    click(app, button(scene, tr("characters.new")).rect.center)
    assert scene.editable and on_disk() == [
        {"name": "New character", "talents": [{"id": "athletics", "level": 3}]}
    ]

    name = next(w for w in scene.form.widgets if isinstance(w, TextInput))
    click(app, name.rect.center)
    for _ in "character":
        key(app, pygame.K_BACKSPACE)
    for ch in "hero":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    step(app)
    assert scene.character.name == "New hero" and on_disk()[0]["name"] == "New character"
    step(app, NAME_SAVE_DELAY + 0.1)
    assert on_disk()[0]["name"] == "New hero"

    adder = [w for w in scene.form.widgets if isinstance(w, Choice)][-1]
    click(app, (adder.box.right - 10, adder.box.centery))  # the next talent on offer: fencing
    click(app, button(scene, tr("characters.add")).rect.center)
    assert on_disk()[0]["talents"] == [{"id": "athletics", "level": 3}, {"id": "fencing", "level": 3}]

    level = next(w for w in scene.form.widgets if isinstance(w, Choice))
    click(app, (level.box.right - 10, level.box.centery))
    assert on_disk()[0]["talents"][0] == {"id": "athletics", "level": 4}

    click(app, button(scene, tr("characters.remove")).rect.center)
    assert on_disk()[0]["talents"] == [{"id": "fencing", "level": 3}]
    assert not any(
        isinstance(w, Button) and w.label == tr("characters.remove") and w.enabled for w in scene.form.widgets
    )  # the last talent stays

    click(app, button(scene, tr("characters.delete")).rect.center)
    assert scene.confirming and len(on_disk()) == 1
    key(app, pygame.K_ESCAPE)
    assert not scene.confirming and app.scenes.top is scene
    click(app, button(scene, tr("characters.delete")).rect.center)
    confirm = next(w for w in scene.form.widgets if isinstance(w, Button) and w.primary)
    click(app, confirm.rect.center)
    assert on_disk() == [] and not scene.editable


def test_an_empty_name_is_refused_and_the_last_one_kept(app: App) -> None:
    characters.save_custom([CUSTOM])
    scene = open_editor(app)
    key(app, pygame.K_END)  # the list has the focus first: End selects the last character
    assert scene.character == CUSTOM
    name = next(w for w in scene.form.widgets if isinstance(w, TextInput))
    click(app, name.rect.center)
    for _ in CUSTOM.name:
        key(app, pygame.K_BACKSPACE)
    assert name.value == "" and scene.name_problem
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is None
    assert characters.load_custom() == ([CUSTOM], None)


def test_a_hero_is_read_only_but_can_be_duplicated(app: App) -> None:
    scene = open_editor(app)
    key(app, pygame.K_DOWN)  # the list has the focus first
    assert scene.character == HEROES[1] and not scene.editable
    assert not any(isinstance(w, TextInput) for w in scene.form.widgets)
    click(app, button(scene, tr("characters.duplicate")).rect.center)
    copy = characters.load_custom()[0][0]
    assert copy.talents == HEROES[1].talents and copy.name.startswith(HEROES[1].name[:10])
    assert scene.editable and scene.character == copy
