"""Every scene the screenshot tool shows, rendered in German: each word drawn is German (from the German
catalogue, the German scenario or a name), and no German label is cut short to fit its box."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from tool_loader import load_tool

from game import i18n
from game.games.falkenstein.data import HEROES
from game.paths import SCENARIOS
from game.ui import text

SCREENSHOT = load_tool("screenshot")
WORD = re.compile(r"[^\W\d_]{3,}")
NAMES = ("Clara", "Paul", "Marie")  # the players the screenshot tool seats


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


@pytest.mark.parametrize("scene", SCREENSHOT.SCENES)
def test_a_scene_in_german_shows_only_german(
    scene: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    cut: list[str] = []
    render, fit = text.render, text._fit

    def recording_render(line: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(line)
        return render(line, *args, **kwargs)

    def recording_fit(line: str, size: float, width: int, bold: bool) -> str:
        fitted = fit(line, size, width, bold)
        if fitted != line:
            cut.append(line)
        return fitted

    monkeypatch.setattr(text, "render", recording_render)
    monkeypatch.setattr(text, "_fit", recording_fit)
    text.reset()
    try:
        assert SCREENSHOT.main([scene, "--lang", "de", "--out", str(tmp_path / "shot.png")]) == 0
    finally:
        i18n.set_language("en")
    assert drawn
    # a word cut short by an ellipsis (a long name in a narrow box) is not a word to check
    words = {w for line in drawn for w in WORD.findall(re.sub(r"\S*…", "", line))}
    foreign = sorted(w for w in words if w.lower() not in german_words())
    assert foreign == [], "words drawn that are not German"
    assert sorted(set(cut) & german_labels()) == [], "German labels cut short to fit their box"
