"""The layout invariant (tools/layout_check.py): in every scene the screenshot tool shows (the menus and
pages, each table at its moments, the auction and the announcements, a hot-seat hand-over, a resumed
table, a score sheet of four long names, Two-Ten-Jack for six), in German, English and French, at
1280×720, 960×540 and 1920×1080, every line of text drawn lies whole inside its box with its padding,
crosses no panel's rim, lies under nothing, is not cut short and is of the frame's language.

Each scene is brought to its moment once per language and looked at in the three sizes by resizing the
window; the check reads what the text helpers recorded (no pictures compared). The defects players saw
(issue 31) are planted back one at a time, and the check names each."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from tool_loader import load_tool

from game.games.koenigrufen import score as koenigrufen_score
from game.games.koenigrufen import table as koenigrufen_table
from game.scenes import trick_table
from game.ui import drawn, text

LAYOUT = load_tool("layout_check")
SMALL = ((960, 540),)


@pytest.mark.parametrize("scene", LAYOUT.screenshot.SCENES)
def test_every_line_of_text_lies_whole_in_its_box(scene: str) -> None:
    found = {
        (lang, size): lines
        for lang in LAYOUT.LANGUAGES
        for size, lines in LAYOUT.check(scene, lang).items()
        if lines
    }
    assert found == {}


def problems(scene: str, lang: str = "en", sizes: tuple[tuple[int, int], ...] = SMALL) -> list[str]:
    return [line for lines in LAYOUT.check(scene, lang, sizes).values() for line in lines]


def cut_in_a_word(line: str, size: float, width: int, bold: bool = False) -> str:
    """How lines were fitted before: letters dropped from the end until it fits, an ellipsis after."""
    while line and text.size_of(line + "…", size, bold)[0] > width:
        line = line[:-1]
    return line.rstrip() + "…"


def plant_hard_cuts(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every fitted line cut in mid-word at its size, as `text.fit` did."""

    def fitted(line: str, size: float, width: int, *args: Any, bold: bool = False, **kwargs: Any) -> Any:
        wide = text.size_of(line, size, bold)[0] + 2 > width
        return [cut_in_a_word(line, size, width - 2, bold) if wide else line], size

    monkeypatch.setattr(text, "fitted", fitted)


def test_the_check_finds_the_auction_notes_across_their_buttons_foot(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 1: an offer's name and note at their full sizes whatever the box's height."""
    monkeypatch.setattr(text, "stacked", lambda first, second, *args, **kwargs: (first, second))
    assert any("crosses the rim of a button" in line for line in problems("koenigrufen-auction"))


@pytest.mark.parametrize(
    ("scene", "lang", "seen"),
    [
        ("koenigrufen-auction", "de", "36 nötig"),  # item 1: "Farb…", "36…"
        ("learn-koenigrufen-1", "en", "talon"),  # item 1, in a lesson's auction of twelve bids
        ("menu-continue", "de", "Fortsetzen"),  # item 2: the Continue button
        ("falkenstein", "en", "Gräfin"),  # item 9: "Gräfin Ilse von Adlerst…"
    ],
)
def test_the_check_finds_lines_cut_in_a_word(
    scene: str, lang: str, seen: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert not problems(scene, lang)
    plant_hard_cuts(monkeypatch)
    cut = [line for line in problems(scene, lang) if "cut short" in line]
    assert cut and any(seen in line for line in cut), cut


def test_the_check_finds_the_continue_button_overflowing(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 2: the label drawn at its size, however wide ("ortsetzen: Königrufen · 05.12. 23:0")."""
    monkeypatch.setattr(text, "fitted", lambda line, size, *args, **kwargs: ([line], size))
    assert any("Fortsetzen" in line and "leaves its box" in line for line in problems("menu-continue", "de"))


def test_the_check_finds_the_sheets_names_cut_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 3: every name cut to its column's width, as the sheet did ("Comp… Comp… Comp…")."""

    def cut(names: list[str], size: float, width: int, height: int) -> tuple[list[list[str]], float]:
        return [[cut_in_a_word(name, size, width)] for name in names], size

    monkeypatch.setattr(koenigrufen_score, "fitted_names", cut)
    found = problems("koenigrufen-names-score")
    assert sum("ends cut short" in line for line in found) == 4


def test_the_check_finds_a_lessons_narrator_over_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 11: the narrator where it was, over the top left corner of the Königrufen table."""
    from game.scenes.lesson_table import LessonTable

    def old_place(self: LessonTable) -> pygame.Rect:
        return self.layout.place((16, 12, 544, 176), self.app.size)

    monkeypatch.setattr(LessonTable, "narrator_rect", old_place)
    assert any("lies under a paper" in line for line in problems("learn-koenigrufen-3"))


def test_the_check_finds_the_hint_pin_on_the_auctions_title(monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 11: a hinted bid pinned from above, as it was, onto the panel's title."""
    ring = trick_table.TrickTable.draw_hint_marks

    def pinned(self: trick_table.TrickTable, surface: pygame.Surface) -> None:
        ring(self, surface)
        hint = self.current_hint()
        for spot in self.hint_spots(hint.decision.action) if hint else []:
            trick_table._pin(surface, (spot.centerx, spot.y - 8))

    monkeypatch.setattr(koenigrufen_table.KoenigrufenTable, "draw_hint_marks", pinned)
    assert any("lies under a hint pin" in line for line in problems("koenigrufen-auction-hint"))


def test_a_layer_hands_its_lines_on_where_it_lands() -> None:
    """A composed layer (a table's backdrop) blitted onto the screen: its lines are read where they land,
    cut to what shows of them."""
    pygame.init()
    drawn.record(True)
    try:
        layer, screen = pygame.Surface((100, 40), pygame.SRCALPHA), pygame.Surface((200, 100))
        drawn.begin(layer)
        text.draw(layer, "Trick", (4, 4), 16, (255, 255, 255), box=layer.get_rect(), pad=0)
        drawn.begin(screen)
        screen.set_clip(pygame.Rect(0, 0, 200, 60))
        drawn.blit(screen, layer, (50, 30))
        [line] = [e for e in drawn.elements(screen) if isinstance(e, drawn.Text)]
        assert line.box == pygame.Rect(50, 30, 100, 40)
        assert line.ink().top >= 34 and line.ink().bottom <= 60
    finally:
        drawn.record(False)


def test_what_was_said_reads_whole_the_latest_words_first() -> None:
    """Item 6: the announcements said so far, in a line too narrow for all of them: the latest read whole
    after an ellipsis (never "Player 1 announces Pa…"); only the line too narrow for the last of them is cut
    at a word, and the check sees it as cut (a planted defect)."""
    pygame.init()
    text.reset()
    said = ["Anton: good", "Player 1 announces Pagat, Uhu, Kakadu", "Berta doubles: Pagat"]
    wide = text.size_of(" · ".join(said), 19)[0]
    [line], _size = koenigrufen_table.said_line(said, "", 19, wide // 2)
    assert line.startswith("… ") and line.endswith("Berta doubles: Pagat")
    assert not isinstance(line, text.Shortened)
    [line], _size = koenigrufen_table.said_line(said, "", 19, 40)
    assert isinstance(line, text.Shortened) and not line.removesuffix("…").endswith("Pa")
