"""The History: every finished match kept in the data directory, newest first, on a parchment ledger that
scrolls; choosing one replays its journal and shows its final score sheet as the table showed it.

The list is read through `game.history`, which replays each file and keeps a bad one aside; the sheet is
the game's own score scene over the replayed table, with one way out: back to this list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import history, storage
from game.autosave import HISTORY_KEPT
from game.engine.scene import Scene
from game.game_spec import Summary
from game.history import Entry
from game.i18n import Words, language, tr
from game.journal import decode
from game.registry import GAMES
from game.scenes import navigation
from game.scenes.ledger_page import (
    DETAIL,
    LINE,
    LedgerPage,
    LedgerRow,
    clock,
    count,
    day_label,
    full_date,
    seats,
)
from game.sheets import WayOut
from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App

COLUMNS = (("date", 0.16), ("game", 0.27), ("players", 0.35), ("result", 0.22))  # shares of the row
GREEN_INK = (44, 104, 46)  # success, legible on parchment (the table's green is for the baize)


# --- words -------------------------------------------------------------------------------------------


def game_detail(game: str, summary: Summary) -> str:
    """The line under the game's name: how long the match was, or which scenario."""
    if game == "koenigrufen":
        words = count(summary.played, "history.deal_one", "history.deals")
    elif game == "twotenjack":
        words = count(summary.played, "history.round_one", "history.rounds")
    else:
        words = count(summary.played, "history.challenge_one", "history.challenges")
        title = summary.scenario.get(language()) if summary.scenario else ""
        if not title:  # a hot-seat session has no set end: the players end it
            return f"{tr('history.hotseat')} · {words}"
        words = title  # its challenges show as each hero's successes out of tries
    return words if summary.over else f"{words} · {tr('history.ended_early')}"


def result_words(game: str, summary: Summary) -> tuple[str, str, tuple[int, int, int]]:
    """The result column: a caption, the result itself and its ink."""
    if game == "falkenstein":
        if summary.ending is not None:  # the ending reached, green when it is a good one
            ink = GREEN_INK if summary.success else theme.VERMILION
            return tr("history.ending"), summary.ending.get(language()), ink
        ok = tr("history.successes_of", ok=sum(summary.scores), n=sum(summary.tries))
        return tr("history.successes"), ok, theme.WALNUT
    names = ", ".join(summary.names[s] for s in summary.winners) or "—"
    if not summary.over:
        return tr("history.leading"), names, theme.WALNUT
    caption = tr("history.winners" if len(summary.winners) > 1 else "history.winner")
    return caption, names, theme.WALNUT


class HistoryScene(LedgerPage):
    name = "history"
    columns = tuple((f"history.col.{key}", share) for key, share in COLUMNS)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.statistics: Button | None = None  # shown once a match is listed
        self.entries: list[Entry] = []
        self.opening: Entry | None = None  # chosen; its sheet is built once a frame has said so
        self._said = False
        self._last: tuple[tuple[str, int], Scene] | None = None  # the sheet shown last, to reopen at once
        self.load()

    def load(self) -> None:
        """Reads the history; files that could not be read are told once, then kept aside."""
        self.entries = history.entries()
        bad = [e for e in self.entries if not e.readable]
        if len(bad) == 1 and bad[0].refused is not None:
            self.app.notices.show(
                tr("history.notice.unreadable_one", problem=bad[0].refused.words.text()), 8.0
            )
        elif bad:
            self.app.notices.show(tr("history.notice.unreadable", n=len(bad)), 8.0)

    def items(self) -> list[Entry]:
        return self.entries

    def enabled(self, item: Entry) -> bool:
        return item.readable

    def lay_side(self, back: pygame.Rect) -> list[Button]:
        """The statistics, just above the way back, once a match is listed."""
        self.statistics = None
        if any(e.readable for e in self.entries):
            self.statistics = Button(back.move(0, -self.g(56)), tr("stats.open"), self.open_statistics)
        return [self.statistics] if self.statistics else []

    def handle(self, event: pygame.event.Event) -> None:
        if self.opening is None:  # else a sheet is on its way
            super().handle(event)

    def open(self, entry: Entry) -> None:
        """Chooses a match; rebuilding its table takes a moment, so a frame first says it is coming."""
        if self.opening is None:
            self.opening, self._said = entry, False

    def open_statistics(self) -> None:
        self.app.scenes.push(navigation.statistics(self.app))

    def _cannot_open(self, problem: Words) -> None:
        """Tells why a match could not be shown (its file is kept aside by then) and lists the rest."""
        self.app.notices.show(tr("history.notice.cannot_open", problem=problem.text()), 8.0)
        self.entries = history.entries()
        self.relayout()

    def _open(self, entry: Entry) -> None:
        """The match's final score sheet, rebuilt from its journal (read again: it may have changed)."""
        try:
            key = (str(entry.path), entry.path.stat().st_mtime_ns)
        except OSError:  # gone since the list was read
            self._cannot_open(Words("file.problem.unreadable"))
            return
        if self._last is not None and self._last[0] == key:
            self.app.scenes.push(self._last[1])
            return
        journal, refused = storage.load(entry.path, decode)
        if journal is None:
            self._cannot_open(refused.words if refused else Words("file.problem.unreadable"))
            return
        back = ((tr("history.back_to_list"), self._back_to_list),)
        note = tr("history.finished_on", date=full_date(entry.when), time=clock(entry.when))
        target = navigation.review_target(journal)  # its last deal; the review steps to the others
        sheet = navigation.finished(self.app, journal, WayOut(back, self._back_to_list, note, target))
        self._last = key, sheet
        self.app.scenes.push(sheet)

    def _back_to_list(self) -> None:
        """Closes the match's score sheet, back to this list."""
        self.app.scenes.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.opening is not None and self._said:
            entry, self.opening = self.opening, None
            self._open(entry)

    # drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_ledger(surface)
        self._draw_side(surface)
        if not self.entries:
            self.draw_empty(surface, tr("history.empty.title"), tr("history.empty.body"))
        self.draw_buttons(surface)
        if self.opening is not None:
            self._draw_opening(surface)
            self._said = True

    def _draw_opening(self, surface: pygame.Surface) -> None:
        words = tr("history.opening")
        width, height = text.size_of(words, theme.SIZE_BODY)[0] + self.g(64), self.g(64)
        box = pygame.Rect(0, 0, min(width, self.page.width - self.g(40)), height)
        box.center = self.page.center
        draw_panel(surface, box, "panel")
        room = box.inflate(-self.g(32), -2 * text.PAD)
        lines, size = text.fitted(words, theme.SIZE_BODY, room.width, room.height, italic=True)
        text.draw_lines(surface, lines, box.center, size, theme.CREAM, italic=True, box=box)

    def _draw_side(self, surface: pygame.Surface) -> None:
        g, left = self.g, self.left
        y = self.draw_title(surface, tr("history.title"))
        readable = [e for e in self.entries if e.readable]
        if readable:
            n = len(readable)
            words = tr("history.count_one") if n == 1 else tr("history.count", n=n)
            y = text.draw(
                surface, words, (left.x, y), theme.SIZE_H2 * 0.8, theme.CREAM, box=left, pad=0
            ).bottom
            y += g(10)
            for game in GAMES:
                games = sum(e.game == game for e in readable)
                if not games:
                    continue
                [name], size = text.fitted(tr(f"menu.game.{game}.name"), theme.SIZE_SMALL, left.width - g(60))
                text.draw(surface, name, (left.x + g(14), y), size, theme.PARCHMENT, box=left, pad=0)
                at = (left.right, y)
                text.draw(
                    surface, str(games), at, theme.SIZE_SMALL, theme.BRASS_LIGHT, "topright", box=left, pad=0
                )
                d = g(3)
                cy = y + text.line_height(theme.SIZE_SMALL) // 2
                pygame.draw.polygon(
                    surface,
                    theme.BRASS,
                    [
                        (left.x + g(4), cy - d),
                        (left.x + g(4) + d, cy),
                        (left.x + g(4), cy + d),
                        (left.x + g(4) - d, cy),
                    ],
                )
                y += text.line_height(theme.SIZE_SMALL) + g(2)
            y += g(14)
            line_h = text.line_height(theme.SIZE_SMALL)
            kept = tr("history.kept", n=HISTORY_KEPT)
            room = pygame.Rect(left.x, y, left.width, self.hint_y - 3 * line_h - y)
            size = text.fitting_size(kept, room, theme.SIZE_SMALL, text.FLOOR, True, 1.0)
            text.draw_paragraphs(surface, kept, room, size, theme.PARCHMENT, italic=True, spacing=1.0)
        self.draw_hint(surface, tr("history.hint") if readable else tr("history.hint_empty"))

    def draw_row(self, surface: pygame.Surface, row: LedgerRow, cols: list[pygame.Rect]) -> None:
        g, entry = self.g, row.item
        top, second = self.line_tops(row)
        date, game, players, result = cols
        day, hour = day_label(entry.when)
        self.cell(surface, day, (date.x, top), date.width, LINE, theme.INK)
        self.cell(surface, hour, (date.x, second), date.width, DETAIL, theme.SEPIA)
        name = tr(f"menu.game.{entry.game}.name") if entry.game else tr("history.unknown_game")
        self.cell(surface, name, (game.x, top), game.width, LINE, theme.WALNUT, bold=True)
        summary = entry.summary
        if summary is None:  # an unreadable file
            self.cell(
                surface,
                tr("history.unreadable"),
                (players.x, top),
                players.width,
                LINE,
                theme.VERMILION,
                bold=True,
            )
            refused = entry.refused
            problem = refused.problem.text() if refused else ""
            self.cell(surface, problem, (players.x, second), players.width, DETAIL, theme.SEPIA, italic=True)
            if refused and refused.aside:
                self.cell(surface, tr("history.kept_as"), (result.x, top), result.width, DETAIL, theme.SEPIA)
                self.cell(surface, refused.aside.name, (result.x, second), result.width, DETAIL, theme.INK)
            return
        detail = game_detail(entry.game, summary)
        self.cell(surface, detail, (game.x, second), game.width, DETAIL, theme.SEPIA, italic=True)
        self.draw_players(surface, seats(entry.game, summary), players, top, second)
        caption, words, ink = result_words(entry.game, summary)
        self.cell(surface, caption, (result.x, top + g(1)), result.width, DETAIL, theme.SEPIA)
        self.cell(surface, words, (result.x, second - g(2)), result.width, LINE, ink, bold=True)
