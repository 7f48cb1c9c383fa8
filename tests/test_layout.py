"""The layout invariant (tools/layout_check.py): in every scene the screenshot tool shows (the menus and
pages, each table at its moments, the auction and the announcements, a hot-seat hand-over, a resumed
table, a score sheet of four long names, Two-Ten-Jack for six), in German, English and French, at
1280×720, 960×540 and 1920×1080, every line of text drawn lies whole inside its box with its padding,
crosses no panel's rim, lies under nothing, is not cut short and is of the frame's language.

Each scene is brought to its moment once per language and looked at in the three sizes by resizing the
window; the check reads what the text helpers recorded (no pictures compared)."""

from __future__ import annotations

import pytest
from tool_loader import load_tool

LAYOUT = load_tool("layout_check")


@pytest.mark.parametrize("scene", LAYOUT.screenshot.SCENES)
def test_every_line_of_text_lies_whole_in_its_box(scene: str) -> None:
    found = {
        (lang, size): lines
        for lang in LAYOUT.LANGUAGES
        for size, lines in LAYOUT.check(scene, lang).items()
        if lines
    }
    assert found == {}
