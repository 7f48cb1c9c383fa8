"""The History: every finished match kept in the data directory, newest first, on a parchment ledger that
scrolls; choosing one replays its journal and shows its final score sheet as the table showed it.

The list is read through `game.history`, which replays each file and keeps a bad one aside; the sheet is
the game's own score scene over the replayed table, with one way out: back to this list.
"""

from __future__ import annotations

import time
from collections.abc import Callable
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
from game.sheets import WayOut
from game.ui import drawn, text, theme, widgets
from game.ui.panel import draw_panel
from game.ui.salon import Grid, backdrop, column_and_page, ornament, restore_focus, scrolled_text_area
from game.ui.scroll import Scroller, fade
from game.ui.widgets import Button, Form, Widget

if TYPE_CHECKING:
    from game.app import App

COLUMNS = (("date", 0.16), ("game", 0.27), ("players", 0.35), ("result", 0.22))  # shares of the row
LINE = theme.SIZE_SMALL + 1  # a row's first line
DETAIL = theme.SIZE_SMALL - 2  # its second line
GREEN_INK = (44, 104, 46)  # success, legible on parchment (the table's green is for the baize)
PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)
EMPTY_FAN = (("french", "QH"), ("tarock", "XXI"), ("french", "JH"))


# --- words -------------------------------------------------------------------------------------------


def day_label(when: float, now: float | None = None) -> tuple[str, str]:
    """The date column's two lines: today, yesterday or the day and month, then the time (with the
    year when it is not this one), in the player's language."""
    day = time.localtime(when)
    today = time.localtime(now if now is not None else time.time())
    yesterday = time.localtime(time.mktime((*today[:2], today[2] - 1, 12, 0, 0, 0, 0, -1)))
    if day[:3] == today[:3]:
        return tr("history.today"), clock(when)
    if day[:3] == yesterday[:3]:
        return tr("history.yesterday"), clock(when)
    short = tr("history.short_date", day=day.tm_mday, month=_month(day.tm_mon))
    return short, clock(when) if day.tm_year == today.tm_year else f"{day.tm_year} · {clock(when)}"


def full_date(when: float) -> str:
    day = time.localtime(when)
    return tr("history.date", day=day.tm_mday, month=_month(day.tm_mon), year=day.tm_year)


def _month(number: int) -> str:
    return tr("history.months").split()[number - 1]


def clock(when: float) -> str:
    return time.strftime("%H:%M", time.localtime(when))


def _count(n: int, one: str, many: str) -> str:
    return tr(one) if n == 1 else tr(many, n=n)


def game_detail(game: str, summary: Summary) -> str:
    """The line under the game's name: how long the match was, or which scenario."""
    if game == "koenigrufen":
        words = _count(summary.played, "history.deal_one", "history.deals")
    elif game == "twotenjack":
        words = _count(summary.played, "history.round_one", "history.rounds")
    else:
        words = _count(summary.played, "history.challenge_one", "history.challenges")
        title = summary.scenario.get(language()) if summary.scenario else ""
        if not title:  # a hot-seat session has no set end: the players end it
            return f"{tr('history.hotseat')} · {words}"
        words = title  # its challenges show as each hero's successes out of tries
    return words if summary.over else f"{words} · {tr('history.ended_early')}"


def score_words(game: str, summary: Summary, seat: int) -> str:
    if game == "falkenstein":
        return f"{summary.scores[seat]}/{summary.tries[seat]}"
    return f"{summary.scores[seat]:+d}".replace("-", "−")


def result_words(game: str, summary: Summary) -> tuple[str, str, tuple[int, int, int]]:
    """The result column: a caption, the result itself and its ink."""
    if game == "falkenstein":
        if summary.success is not None:
            word, ink = (
                ("history.success", GREEN_INK) if summary.success else ("history.failure", theme.VERMILION)
            )
            return tr("history.scenario"), tr(word), ink
        ok = tr("history.successes_of", ok=sum(summary.scores), n=sum(summary.tries))
        return tr("history.successes"), ok, theme.WALNUT
    names = ", ".join(summary.names[s] for s in summary.winners) or "—"
    if not summary.over:
        return tr("history.leading"), names, theme.WALNUT
    caption = tr("history.winners" if len(summary.winners) > 1 else "history.winner")
    return caption, names, theme.WALNUT


# --- the rows of the ledger ----------------------------------------------------------------------------


class MatchRow(Widget):
    """One line of the ledger: clicked or Enter opens its match; only its visible part takes the mouse."""

    def __init__(self, rect: pygame.Rect, entry: Entry, on_open: Callable[[Entry], None]) -> None:
        super().__init__(rect)
        self.entry, self.on_open = entry, on_open
        self.enabled = entry.readable
        self.ledger_y = rect.y  # its place in the whole ledger, before scrolling
        self.clip = pygame.Rect(rect)  # the ledger's visible window
        self.pressed = False

    def handle(self, event: pygame.event.Event) -> bool:
        inside = hasattr(event, "pos") and self._hit(event.pos)
        if event.type == pygame.MOUSEMOTION:
            self.hover = inside
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and inside:
            self.pressed = True
            return True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if inside:
                self.open()
            return True
        return False

    def _hit(self, pos: tuple[int, int]) -> bool:
        return self.rect.collidepoint(pos) and self.clip.collidepoint(pos)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.open()
            return True
        return False

    def open(self) -> None:
        if self.enabled:
            widgets.click_sound()
            self.on_open(self.entry)

    def draw(self, surface: pygame.Surface) -> None:
        """Drawn by the scene, which knows the columns."""


class HistoryScene(Scene):
    name = "history"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.g = Grid(app.size)
        self.form = Form()
        self.rows: list[MatchRow] = []
        self.back: Button | None = None
        self.statistics: Button | None = None  # shown once a match is listed
        self.scroller = Scroller(inset=26, wheel=62, grab_idle=False)
        self._focus: int | None = 0  # the newest match is chosen at first, so Enter opens it
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

    # layout ---------------------------------------------------------------------------------------
    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        focus = self.form.focus_index if self.form.widgets else self._focus
        self.left, self.page = column_and_page(g, (w, h))
        inner = scrolled_text_area(g, self.page)
        self.header_y = inner.y
        self.view = pygame.Rect(inner.x, inner.y + g(34), inner.width, inner.bottom - inner.y - g(34))
        self.row_h = g(62)
        self._fade = fade((self.view.width, g(22)))
        self.form = Form()
        self.rows = []
        for i, entry in enumerate(self.entries):
            rect = pygame.Rect(self.view.x, i * self.row_h, self.view.width, self.row_h)
            row = MatchRow(rect, entry, self.open)
            row.clip = self.view
            self.rows.append(row)
            self.form.add(row)
        back = pygame.Rect(self.left.x, self.left.bottom - g(46), self.left.width, g(46))
        self.statistics = None
        if any(e.readable for e in self.entries):  # the statistics, just above the way back
            self.statistics = Button(back.move(0, -g(56)), tr("stats.open"), self.open_statistics)
            self.form.add(self.statistics)
        self.back = Button(back, tr("history.back"), self.app.scenes.pop)
        self.form.add(self.back)
        self.hint_y = (self.statistics or self.back).rect.y - g(14)
        restore_focus(self.form, focus)
        self.scroller.place(self.view, self.page.right, len(self.rows) * self.row_h, g)
        self._place_rows()
        self._show_focused()

    # scrolling ------------------------------------------------------------------------------------
    @property
    def max_offset(self) -> int:
        return self.scroller.max_offset

    @property
    def per_page(self) -> int:
        return max(1, self.view.height // self.row_h)

    def _place_rows(self) -> None:
        top = self.view.y - round(self.scroller.offset)
        for row in self.rows:
            row.rect.y = top + row.ledger_y

    def _show_focused(self) -> None:
        """Scrolls so the row with the keyboard focus is whole in view."""
        row = self.form.focused
        if not isinstance(row, MatchRow):
            return
        scroller = self.scroller
        if row.ledger_y < scroller.target:
            scroller.scroll_to(row.ledger_y)
        elif row.ledger_y + self.row_h > scroller.target + self.view.height:
            scroller.scroll_to(row.ledger_y + self.row_h - self.view.height)

    # input ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.opening is not None:  # a sheet is on its way
            return
        if self.scroller.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in PAGE_KEYS:
            self._page_key(event.key)
        elif self.form.handle(event):
            if event.type == pygame.KEYDOWN:
                self._show_focused()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def _page_key(self, key: int) -> None:
        """Page Up/Down move the choice a page of rows; Home/End to the newest and the oldest."""
        rows = [r for r in self.rows if r.enabled]
        if not rows:
            return
        current = self.form.focused
        index = rows.index(current) if current in rows else -1
        step = self.per_page
        index = {
            pygame.K_PAGEUP: max(0, index - step),
            pygame.K_PAGEDOWN: min(len(rows) - 1, index + step),
            pygame.K_HOME: 0,
            pygame.K_END: len(rows) - 1,
        }[key]
        self.form.focus(rows[index])
        self._show_focused()

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
        sheet = navigation.finished(self.app, journal, WayOut(back, self._back_to_list, note))
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
        self.scroller.update(dt)
        self._place_rows()

    # drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(self.app.size, self.app.vintage), (0, 0))
        self._draw_side(surface)
        draw_panel(surface, self.page, "paper")
        if self.entries:
            self._draw_header(surface)
            self._draw_rows(surface)
            self.scroller.draw(surface)
        else:
            self._draw_empty(surface)
        for button in (self.statistics, self.back):
            if button is not None:
                button.draw(surface)
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
        [words], size = text.fitted(tr("history.title"), theme.SIZE_H1, left.width, bold=True)
        title = text.draw(
            surface, words, left.topleft, size, theme.BRASS_LIGHT, bold=True, shadow=True, box=left, pad=0
        )
        ornament(surface, left.x, left.right, title.bottom + g(14))
        y = title.bottom + g(34)
        readable = [e for e in self.entries if e.readable]
        if readable:
            n = len(readable)
            count = tr("history.count_one") if n == 1 else tr("history.count", n=n)
            y = text.draw(
                surface, count, (left.x, y), theme.SIZE_H2 * 0.8, theme.CREAM, box=left, pad=0
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
        words = tr("history.hint") if readable else tr("history.hint_empty")
        hint = text.wrap(words, theme.SIZE_SMALL, left.width, italic=True)
        line_h = text.line_height(theme.SIZE_SMALL)
        for i, line in enumerate(hint):
            pos = (left.x, self.hint_y - (len(hint) - i) * line_h)
            text.draw(surface, line, pos, theme.SIZE_SMALL, theme.PARCHMENT, italic=True, box=left, pad=0)

    def _columns(self) -> list[pygame.Rect]:
        """The four columns of a row at the ledger's x, each with a little gutter."""
        x, out = self.view.x, []
        for _, share in COLUMNS:
            width = round(self.view.width * share)
            out.append(pygame.Rect(x + self.g(10), 0, width - self.g(18), self.row_h))
            x += width
        return out

    def _draw_header(self, surface: pygame.Surface) -> None:
        for (key, _), col in zip(COLUMNS, self._columns(), strict=True):
            [label], size = text.fitted(tr(f"history.col.{key}").upper(), theme.SIZE_SMALL * 0.8, col.width)
            head = pygame.Rect(col.x, self.header_y, col.width, self.view.y - self.g(4) - self.header_y)
            at = (col.x, self.header_y + self.g(6))
            text.draw(surface, label, at, size, theme.SEPIA, bold=True, box=head, pad=0)
        y = self.view.y - self.g(4)
        pygame.draw.line(surface, theme.SEPIA, (self.view.x, y), (self.view.right, y), 1)

    def _draw_rows(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.view.clip(clip) if clip else self.view)
        cols = self._columns()
        for i, row in enumerate(self.rows):
            if row.rect.bottom < self.view.top or row.rect.top > self.view.bottom:
                continue
            self._draw_row(surface, row, cols, i)
        if self.scroller.offset > 0:  # the paper fades at a cut edge, so a cut row reads as "more this way"
            surface.blit(pygame.transform.flip(self._fade, False, True), self.view.topleft)
        if self.scroller.offset < self.max_offset:
            surface.blit(self._fade, (self.view.x, self.view.bottom - self._fade.get_height()))
        surface.set_clip(clip)

    def _draw_row(self, surface: pygame.Surface, row: MatchRow, cols: list[pygame.Rect], index: int) -> None:
        g, rect, entry = self.g, row.rect, row.entry
        lit = row.enabled and (row.hover or row.focused)
        if lit:
            band = pygame.Surface(rect.size, pygame.SRCALPHA)
            band.fill((*theme.BRASS_LIGHT, 120 if row.focused else 80))
            surface.blit(band, rect)
        elif index % 2:
            band = pygame.Surface(rect.size, pygame.SRCALPHA)
            band.fill((*theme.SEPIA, 18))
            surface.blit(band, rect)
        if row.focused:
            pygame.draw.rect(surface, theme.WALNUT, rect.inflate(-2, -2), 2, border_radius=6)
            mark = pygame.Rect(rect.x + g(2), rect.y + g(10), g(4), rect.height - g(20))
            pygame.draw.rect(surface, theme.VERMILION, mark, border_radius=2)
        pygame.draw.line(surface, theme.SEPIA, (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1), 1)
        top = rect.y + (rect.height - text.line_height(LINE) - text.line_height(DETAIL)) // 2
        second = top + text.line_height(LINE)
        date, game, players, result = cols
        day, hour = day_label(entry.when)
        self._cell(surface, day, (date.x, top), date.width, LINE, theme.INK)
        self._cell(surface, hour, (date.x, second), date.width, DETAIL, theme.SEPIA)
        name = tr(f"menu.game.{entry.game}.name") if entry.game else tr("history.unknown_game")
        self._cell(surface, name, (game.x, top), game.width, LINE, theme.WALNUT, bold=True)
        summary = entry.summary
        if summary is None:  # an unreadable file
            self._cell(
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
            self._cell(surface, problem, (players.x, second), players.width, DETAIL, theme.SEPIA, italic=True)
            if refused and refused.aside:
                self._cell(surface, tr("history.kept_as"), (result.x, top), result.width, DETAIL, theme.SEPIA)
                self._cell(surface, refused.aside.name, (result.x, second), result.width, DETAIL, theme.INK)
            return
        detail = game_detail(entry.game, summary)
        self._cell(surface, detail, (game.x, second), game.width, DETAIL, theme.SEPIA, italic=True)
        self._draw_players(surface, entry.game, summary, players, top, second)
        caption, words, ink = result_words(entry.game, summary)
        self._cell(surface, caption, (result.x, top + g(1)), result.width, DETAIL, theme.SEPIA)
        self._cell(surface, words, (result.x, second - g(2)), result.width, LINE, ink, bold=True)

    def _draw_players(
        self, surface: pygame.Surface, game: str, summary: Summary, col: pygame.Rect, top: int, second: int
    ) -> None:
        """Each seat's name and total, flowing over two lines; the winners' totals in bold."""
        gap = self.g(14)
        lines = [top, second]
        x, line = col.x, 0
        for seat, name in enumerate(summary.names):
            score = score_words(game, summary, seat)
            best = seat in summary.winners
            name_w = text.size_of(name + " ", DETAIL)[0]
            score_w = text.size_of(score, DETAIL, bold=True)[0]
            if x > col.x and x + name_w + score_w > col.right:
                line += 1
                x = col.x
            if line >= len(lines):  # no room for the rest: the mark says so, and stands for them
                rest = text.Shortened("…", ", ".join(summary.names[seat:]))
                text.draw(
                    surface, rest, (col.right - self.g(10), lines[-1]), DETAIL, theme.SEPIA, box=col, pad=0
                )
                return
            room = col.right - x - score_w
            [shown], size = text.fitted(name, DETAIL, max(self.g(20), room - self.g(4)))
            y = (
                lines[line] + (text.line_height(LINE) - text.line_height(DETAIL)) // 2
                if line == 0
                else lines[line]
            )
            row = pygame.Rect(col.x, y, col.width, text.line_height(LINE))
            r = text.draw(surface, shown, (x, y), size, theme.INK, box=row, pad=0)
            ink = theme.WALNUT if best else theme.INK
            r = text.draw(surface, score, (r.right + self.g(5), y), DETAIL, ink, bold=best, box=row, pad=0)
            x = r.right + gap

    def _cell(
        self,
        surface: pygame.Surface,
        words: str,
        pos: tuple[int, int],
        width: int,
        size: float,
        colour: tuple[int, int, int],
        bold: bool = False,
        italic: bool = False,
    ) -> None:
        [shown], fits = text.fitted(words, size, width, bold=bold, italic=italic)
        cell = pygame.Rect(pos, (width, text.line_height(LINE)))
        text.draw(surface, shown, pos, fits, colour, bold=bold, italic=italic, box=cell, pad=0)

    def _draw_empty(self, surface: pygame.Surface) -> None:
        g, page = self.g, self.page
        width = min(page.width - 2 * g(60), g(620))
        y = page.y + page.height * 40 // 100
        for i, (pack, code) in enumerate(EMPTY_FAN):  # one card of each tradition, waiting to be played
            card = pygame.transform.rotozoom(self.app.cards.face(pack, code, g(74)), (1 - i) * 10, 1.0)
            rect = card.get_rect(midbottom=(page.centerx + (i - 1) * g(46), y - g(26) + abs(i - 1) * g(8)))
            drawn.picture(surface, card, rect, "card")
        room = pygame.Rect(page.centerx - width // 2, y, width, page.bottom - y)
        title = text.draw(
            surface,
            tr("history.empty.title"),
            (page.centerx, y),
            theme.SIZE_H2,
            theme.WALNUT,
            "midtop",
            bold=True,
            box=room,
            pad=0,
        )
        ornament(
            surface, page.centerx - width // 3, page.centerx + width // 3, title.bottom + g(14), theme.SEPIA
        )
        y = title.bottom + g(32)
        line_h = text.line_height(theme.SIZE_BODY, italic=True)
        for line in text.wrap(tr("history.empty.body"), theme.SIZE_BODY, width, italic=True):
            at = (page.centerx, y)
            text.draw(surface, line, at, theme.SIZE_BODY, theme.INK, "midtop", italic=True, box=room, pad=0)
            y += line_h
