"""A list of matches on a parchment ledger that scrolls, beside the salon's left column: the History's
finished matches and the Saved matches list are both one. The page gives its items, its columns and how a
row is drawn; this base lays the rows out, scrolls them (wheel, drag, Page Up/Down, Home/End, keeping the
focused row in view), marks the chosen one and draws the frame, the header and the players' totals.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import pygame

from game.engine.scene import Scene
from game.game_spec import Summary
from game.i18n import tr
from game.ui import drawn, text, theme, widgets
from game.ui.panel import draw_panel
from game.ui.salon import Grid, backdrop, column_and_page, ornament, restore_focus, scrolled_text_area
from game.ui.scroll import Scroller, fade
from game.ui.widgets import Button, Form, Widget

if TYPE_CHECKING:
    from game.app import App

LINE = theme.SIZE_SMALL + 1  # a row's first line
DETAIL = theme.SIZE_SMALL - 2  # its second line
EMPTY_FAN = (("french", "QH"), ("tarock", "XXI"), ("french", "JH"))
PAGE_KEYS = (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)


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


def count(n: int, one: str, many: str) -> str:
    return tr(one) if n == 1 else tr(many, n=n)


def score_words(game: str, summary: Summary, seat: int) -> str:
    if game == "falkenstein":
        return f"{summary.scores[seat]}/{summary.tries[seat]}"
    return f"{summary.scores[seat]:+d}".replace("-", "−")


def seats(game: str, summary: Summary) -> list[tuple[str, str, bool]]:
    """Each seat's name and total, and whether it leads (drawn in bold)."""
    return [
        (name, score_words(game, summary, seat), seat in summary.winners)
        for seat, name in enumerate(summary.names)
    ]


# --- the rows ------------------------------------------------------------------------------------------


class LedgerRow(Widget):
    """One line of the ledger: clicked or Enter opens its item; only its visible part takes the mouse."""

    def __init__(self, rect: pygame.Rect, item: Any, on_open: Callable[[Any], None], enabled: bool) -> None:
        super().__init__(rect)
        self.item, self.on_open = item, on_open
        self.enabled = enabled
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
            self.on_open(self.item)

    def draw(self, surface: pygame.Surface) -> None:
        """Drawn by the page, which knows the columns."""


class LedgerPage(Scene):
    """The salon's left column (the page's title and buttons) and the ledger of `items()` on paper."""

    columns: tuple[tuple[str, float], ...] = ()  # (its heading's key, its share of the row)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.g = Grid(app.size)
        self.form = Form()
        self.rows: list[LedgerRow] = []
        self.back: Button | None = None
        self.scroller = Scroller(inset=26, wheel=62, grab_idle=False)
        self._focus: int | None = 0  # the first row is chosen at first, so Enter opens it

    # the page fills these in ---------------------------------------------------------------------------
    def items(self) -> Sequence[Any]:
        raise NotImplementedError

    def enabled(self, item: Any) -> bool:
        return True

    def open(self, item: Any) -> None:
        """A row clicked, or Enter on it."""
        raise NotImplementedError

    def lay_side(self, back: pygame.Rect) -> list[Button]:
        """The left column's buttons above the way back (at `back`), top to bottom."""
        return []

    def draw_row(self, surface: pygame.Surface, row: LedgerRow, cols: list[pygame.Rect]) -> None:
        raise NotImplementedError

    def marked(self, row: LedgerRow) -> bool:
        """The row drawn as the chosen one (by default, the one with the keyboard focus)."""
        return row.focused

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
        for i, item in enumerate(self.items()):
            rect = pygame.Rect(self.view.x, i * self.row_h, self.view.width, self.row_h)
            row = LedgerRow(rect, item, self.open, self.enabled(item))
            row.clip = self.view
            self.rows.append(row)
            self.form.add(row)
        back = pygame.Rect(self.left.x, self.left.bottom - g(46), self.left.width, g(46))
        self.side_buttons = self.lay_side(back)
        for button in self.side_buttons:
            self.form.add(button)
        self.back = Button(back, tr("history.back"), self.app.scenes.pop)
        self.form.add(self.back)
        self.hint_y = (self.side_buttons or [self.back])[0].rect.y - g(14)
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
        if not isinstance(row, LedgerRow):
            return
        scroller = self.scroller
        if row.ledger_y < scroller.target:
            scroller.scroll_to(row.ledger_y)
        elif row.ledger_y + self.row_h > scroller.target + self.view.height:
            scroller.scroll_to(row.ledger_y + self.row_h - self.view.height)

    # input ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
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
        """Page Up/Down move the choice a page of rows; Home/End to the first and the last."""
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

    def update(self, dt: float) -> None:
        super().update(dt)
        self.scroller.update(dt)
        self._place_rows()

    # drawing --------------------------------------------------------------------------------------
    def draw_ledger(self, surface: pygame.Surface) -> None:
        """The paper, the header and the rows as scrolled, and the scroll bar."""
        surface.blit(backdrop(self.app.size, self.app.vintage), (0, 0))
        draw_panel(surface, self.page, "paper")
        if self.rows:
            self._draw_header(surface)
            self._draw_rows(surface)
            self.scroller.draw(surface)

    def draw_buttons(self, surface: pygame.Surface) -> None:
        for button in [*self.side_buttons, self.back]:
            if button is not None:
                button.draw(surface)

    def _columns(self) -> list[pygame.Rect]:
        """The columns of a row at the ledger's x, each with a little gutter."""
        x, out = self.view.x, []
        for _, share in self.columns:
            width = round(self.view.width * share)
            out.append(pygame.Rect(x + self.g(10), 0, width - self.g(18), self.row_h))
            x += width
        return out

    def _draw_header(self, surface: pygame.Surface) -> None:
        for (key, _), col in zip(self.columns, self._columns(), strict=True):
            head = pygame.Rect(col.x, self.header_y, col.width, self.view.y - self.g(4) - self.header_y)
            room = head.height - self.g(6)
            labels, size = text.fitted(tr(key).upper(), theme.SIZE_SMALL * 0.8, col.width, room, bold=True)
            for i, label in enumerate(labels):  # in two lines where the column is narrow
                at = (col.x, self.header_y + self.g(6) + i * text.line_height(size))
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
            self._draw_band(surface, row, i)
            self.draw_row(surface, row, cols)
        if self.scroller.offset > 0:  # the paper fades at a cut edge, so a cut row reads as "more this way"
            surface.blit(pygame.transform.flip(self._fade, False, True), self.view.topleft)
        if self.scroller.offset < self.max_offset:
            surface.blit(self._fade, (self.view.x, self.view.bottom - self._fade.get_height()))
        surface.set_clip(clip)

    def _draw_band(self, surface: pygame.Surface, row: LedgerRow, index: int) -> None:
        """The row's ground: lit under the mouse or when chosen, every other one faintly tinted."""
        g, rect = self.g, row.rect
        marked = self.marked(row)
        if row.enabled and (row.hover or marked):
            band = pygame.Surface(rect.size, pygame.SRCALPHA)
            band.fill((*theme.BRASS_LIGHT, 120 if marked else 80))
            surface.blit(band, rect)
        elif index % 2:
            band = pygame.Surface(rect.size, pygame.SRCALPHA)
            band.fill((*theme.SEPIA, 18))
            surface.blit(band, rect)
        if marked:
            pygame.draw.rect(surface, theme.WALNUT, rect.inflate(-2, -2), 2, border_radius=6)
            mark = pygame.Rect(rect.x + g(2), rect.y + g(10), g(4), rect.height - g(20))
            pygame.draw.rect(surface, theme.VERMILION, mark, border_radius=2)
        pygame.draw.line(surface, theme.SEPIA, (rect.x, rect.bottom - 1), (rect.right, rect.bottom - 1), 1)

    def line_tops(self, row: LedgerRow) -> tuple[int, int]:
        """Where a row's first and second lines begin."""
        top = row.rect.y + (row.rect.height - text.line_height(LINE) - text.line_height(DETAIL)) // 2
        return top, top + text.line_height(LINE)

    def draw_players(
        self,
        surface: pygame.Surface,
        seats: Sequence[tuple[str, str, bool]],
        col: pygame.Rect,
        top: int,
        second: int,
    ) -> None:
        """Each seat's name and total (`seats`: name, total, in bold), flowing over two lines; in smaller type
        where they would not all fit, and only past the smallest the last shown standing for the rest."""
        size: float = DETAIL
        while size > text.FLOOR and self._flow(seats, col, size) > 2:
            size = max(text.FLOOR, size - 1)
        if self._flow(seats, col, size) > 2:  # still too many: the names by their first words, if distinct
            firsts = [name.split()[0] if name.split() else name for name, _, _ in seats]
            if len(set(firsts)) == len(firsts):
                seats = [(first, score, best) for first, (_, score, best) in zip(firsts, seats, strict=True)]
        gap = self.g(14)
        lines = [top, second]
        x, line = col.x, 0
        for n, (name, score, best) in enumerate(seats):
            name_w = text.size_of(name + " ", size)[0]
            score_w = text.size_of(score, size, bold=True)[0]
            if x > col.x and x + name_w + score_w > col.right:
                line += 1
                x = col.x
            y = lines[min(line, 1)] + (
                (text.line_height(LINE) - text.line_height(size)) // 2 if line == 0 else 0
            )
            row = pygame.Rect(col.x, y, col.width, text.line_height(LINE))
            if line >= len(lines):  # no room for the rest: the mark says so, and stands for them
                rest = text.Shortened("…", ", ".join(seat[0] for seat in seats[n:]))
                text.draw(
                    surface, rest, (col.right - self.g(10), lines[-1]), size, theme.SEPIA, box=row, pad=0
                )
                return
            room = col.right - x - score_w
            [shown], fits = text.fitted(name, size, max(self.g(20), room - self.g(4)))
            r = text.draw(surface, shown, (x, y), fits, theme.INK, box=row, pad=0)
            ink = theme.WALNUT if best else theme.INK
            r = text.draw(surface, score, (r.right + self.g(5), y), size, ink, bold=best, box=row, pad=0)
            x = r.right + gap

    def _flow(self, seats: Sequence[tuple[str, str, bool]], col: pygame.Rect, size: float) -> int:
        """How many lines the seats take at `size`, flowing as `draw_players` lays them."""
        gap = self.g(14)
        x, line = col.x, 0
        for name, score, _ in seats:
            width = text.size_of(name + " ", size)[0] + text.size_of(score, size, bold=True)[0]
            if x > col.x and x + width > col.right:
                line, x = line + 1, col.x
            x += width + self.g(5) + gap
        return line + 1

    def cell(
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

    def draw_title(self, surface: pygame.Surface, words: str) -> int:
        """The page's title at the top of the left column, its brass rule under it; returns the y below."""
        g, left = self.g, self.left
        [words], size = text.fitted(words, theme.SIZE_H1, left.width, bold=True)
        title = text.draw(
            surface, words, left.topleft, size, theme.BRASS_LIGHT, bold=True, shadow=True, box=left, pad=0
        )
        ornament(surface, left.x, left.right, title.bottom + g(14))
        return title.bottom + g(34)

    def draw_hint(self, surface: pygame.Surface, words: str) -> None:
        """A short italic hint at the foot of the left column, above its buttons."""
        line_h = text.line_height(theme.SIZE_SMALL)
        hint = text.wrap(words, theme.SIZE_SMALL, self.left.width, italic=True)
        for i, line in enumerate(hint):
            pos = (self.left.x, self.hint_y - (len(hint) - i) * line_h)
            text.draw(
                surface, line, pos, theme.SIZE_SMALL, theme.PARCHMENT, italic=True, box=self.left, pad=0
            )

    def draw_empty(self, surface: pygame.Surface, title: str, body: str) -> None:
        """An empty ledger: a card of each tradition, waiting to be played, the title and a few words."""
        g, page = self.g, self.page
        width = min(page.width - 2 * g(60), g(620))
        y = page.y + page.height * 40 // 100
        for i, (pack, code) in enumerate(EMPTY_FAN):  # one card of each tradition, waiting to be played
            card = pygame.transform.rotozoom(self.app.cards.face(pack, code, g(74)), (1 - i) * 10, 1.0)
            rect = card.get_rect(midbottom=(page.centerx + (i - 1) * g(46), y - g(26) + abs(i - 1) * g(8)))
            drawn.picture(surface, card, rect, "card")
        room = pygame.Rect(page.centerx - width // 2, y, width, page.bottom - y)
        at = (page.centerx, y)
        head = text.draw(
            surface, title, at, theme.SIZE_H2, theme.WALNUT, "midtop", bold=True, box=room, pad=0
        )
        ornament(
            surface, page.centerx - width // 3, page.centerx + width // 3, head.bottom + g(14), theme.SEPIA
        )
        y = head.bottom + g(32)
        line_h = text.line_height(theme.SIZE_BODY, italic=True)
        for line in text.wrap(body, theme.SIZE_BODY, width, italic=True):
            at = (page.centerx, y)
            text.draw(surface, line, at, theme.SIZE_BODY, theme.INK, "midtop", italic=True, box=room, pad=0)
            y += line_h
