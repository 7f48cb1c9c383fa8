"""Scenes rendered in German: each word drawn is German (from the German catalogue, the German scenario
or a name), and no German label is cut short to fit its box. The suite checks one scene of each kind (the
menu and its pages, each table, a score sheet, the History); `python tools/lang_check.py --lang de` checks
every scene the screenshot tool shows (about five minutes)."""

from __future__ import annotations

from pathlib import Path

import pytest
from scene_driver import step
from tool_loader import load_tool

from game import i18n
from game.app import App
from game.games.falkenstein.characters_scene import CharactersScene
from game.i18n import tr
from game.scenes import navigation
from game.scenes.history_scene import HistoryScene
from game.scenes.menu import MenuScene
from game.settings import Settings

LANG_CHECK = load_tool("lang_check")
SHORT_FORM = (
    "menu",
    "menu-koenigrufen",
    "settings",
    "houserules",
    "rules",
    "rules-koenigrufen",
    "handover",
    "falkenstein",
    "score",
    "koenigrufen-auction",
    "koenigrufen-announce",
    "twotenjack",
    "history",
    "statistics",
    "editor-graph",
)


def test_the_short_form_names_scenes_the_screenshot_tool_shows() -> None:
    assert set(SHORT_FORM) <= set(LANG_CHECK.screenshot.SCENES)


@pytest.mark.parametrize("scene", SHORT_FORM)
def test_a_scene_in_german_shows_only_german(scene: str, tmp_path: Path) -> None:
    lines, foreign, cut = LANG_CHECK.check(scene, "de", tmp_path / "shot.png")
    assert lines
    assert foreign == [], "words drawn that are not German"
    assert cut == [], "German labels cut short to fit their box"


def test_the_pages_the_screenshots_leave_out_show_only_german() -> None:
    """The characters page, the pause overlay, and the History before any match is finished."""
    app = App(settings=Settings(language="de"))
    app.scenes.push(MenuScene(app))
    pause = navigation.pause(app, "koenigrufen", lambda: None, [])
    try:
        with LANG_CHECK.Drawn() as drawn:
            for scene in (CharactersScene(app), pause, HistoryScene(app)):
                app.scenes.push(scene)
                step(app, 0.2)
                app.scenes.pop()
        expected = {tr("characters.title"), tr("pause.resume"), tr("history.empty.title")}
    finally:
        i18n.set_language("en")
    assert drawn.foreign("de") == [] and drawn.cut_labels("de") == []
    assert expected <= set(drawn.lines)


def test_the_check_finds_an_english_word_drawn_on_a_german_screen() -> None:
    """The check can fail: an English line drawn among German ones is reported."""
    with LANG_CHECK.Drawn() as drawn:
        LANG_CHECK.text.render("Leave the table", 20, (0, 0, 0))
    assert drawn.foreign("de") == ["Leave", "table", "the"]
