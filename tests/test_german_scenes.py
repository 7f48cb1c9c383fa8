"""Every scene the screenshot tool shows, rendered in German: each word drawn is German (from the German
catalogue, the German scenario or a name), and no German label is cut short to fit its box."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache, partial
from pathlib import Path
from typing import Any

import pytest
from scene_driver import step
from tool_loader import load_tool

from game import i18n, settings
from game.app import App
from game.games.falkenstein.characters_scene import CharactersScene
from game.games.falkenstein.data import HEROES
from game.i18n import tr
from game.paths import SCENARIOS
from game.scenes import navigation
from game.scenes.history_scene import HistoryScene
from game.scenes.menu import MenuScene
from game.settings import Settings
from game.ui import text

SCREENSHOT = load_tool("screenshot")
WORD = re.compile(r"[^\W\d_]{3,}")
NOT_WORDS = re.compile(r"\S*…|\b[IVX]+\b")
NAMES = ("Clara", "Paul", "Marie", "Anton", "Berta", "Carl", "Dora", "Emil")  # the players the tool seats


def _german_texts(data: Any) -> Iterator[str]:
    if isinstance(data, dict):
        if isinstance(data.get("de"), str):
            yield data["de"]
        for value in data.values():
            yield from _german_texts(value)
    elif isinstance(data, list):
        for value in data:
            yield from _german_texts(value)


@cache
def german_words() -> frozenset[str]:
    """Every word a German screen may show: the catalogue's, the scenarios', the names'."""
    texts = [*i18n.catalogue("de").values(), *(h.name for h in HEROES), *NAMES]
    for path in SCENARIOS.glob("*.json"):
        texts += _german_texts(json.loads(path.read_text(encoding="utf-8")))
    return frozenset(word.lower() for line in texts for word in WORD.findall(line))


@cache
def german_labels() -> frozenset[str]:
    """The German texts that are whole labels (no slot to fill, one line)."""
    return frozenset(v for v in i18n.catalogue("de").values() if "{" not in v and "\n" not in v)


class Drawn:
    """The lines the text module draws, and those its `fit` cuts short, while a test runs."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.lines: list[str] = []
        self.cut: list[str] = []
        render, fit = text.render, text._fit

        def recording_render(line: str, *args: Any, **kwargs: Any) -> Any:
            self.lines.append(line)
            return render(line, *args, **kwargs)

        def recording_fit(line: str, size: float, width: int, bold: bool) -> str:
            fitted = fit(line, size, width, bold)
            if fitted != line:
                self.cut.append(line)
            return fitted

        monkeypatch.setattr(text, "render", recording_render)
        monkeypatch.setattr(text, "_fit", recording_fit)
        text.reset()

    def assert_german(self) -> None:
        assert self.lines
        # not words to check: one cut short by an ellipsis (a long name in a narrow box), a tarock's numeral
        words = {w for line in self.lines for w in WORD.findall(NOT_WORDS.sub("", line))}
        foreign = sorted(w for w in words if w.lower() not in german_words())
        assert foreign == [], "words drawn that are not German"
        assert sorted(set(self.cut) & german_labels()) == [], "German labels cut short to fit their box"


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    yield Drawn(monkeypatch)
    i18n.set_language("en")


@pytest.mark.parametrize("scene", SCREENSHOT.SCENES)
def test_a_scene_in_german_shows_only_german(
    scene: str, tmp_path: Path, drawn: Drawn, monkeypatch: pytest.MonkeyPatch
) -> None:
    brisk = partial(Settings, anim_speed="fast", think_time=0.05)  # the same moments, in fewer frames
    monkeypatch.setattr(settings, "Settings", brisk)
    assert SCREENSHOT.main([scene, "--lang", "de", "--out", str(tmp_path / "shot.png")]) == 0
    drawn.assert_german()


def test_the_pages_the_screenshots_leave_out_show_only_german(drawn: Drawn) -> None:
    """The characters page, the pause overlay, and the History before any match is finished."""
    app = App(settings=Settings(language="de"))
    app.scenes.push(MenuScene(app))
    pause = navigation.pause(app, "koenigrufen", lambda: None, [])
    for scene in (CharactersScene(app), pause, HistoryScene(app)):
        app.scenes.push(scene)
        step(app, 0.2)
        app.scenes.pop()
    drawn.assert_german()
    assert {tr("characters.title"), tr("pause.resume"), tr("history.empty.title")} <= set(drawn.lines)
