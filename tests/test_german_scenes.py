"""Scenes rendered in German: each word drawn is German (from the German catalogue, the German scenario
or a name), and no German label is cut short to fit its box. Every scene the screenshot tool shows is
checked so, in each language, by the layout check (tests/test_layout.py); here the pages it leaves out, and
that the words check can fail."""

from __future__ import annotations

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
