"""The score scene: a table of results, the story's ending if any, and the log of every action."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.i18n import tr
from game.scenes import navigation
from game.sheets import ScoreSheet, WayOut
from game.ui import review_control, text, theme
from game.ui.chart import draw_chart
from game.ui.felt import felt
from game.ui.log_panel import LogPanel
from game.ui.panel import draw_panel
from game.ui.salon import Grid
from game.ui.way_out import draw_note, way_out_buttons
from game.ui.widgets import Form

if TYPE_CHECKING:
    from game.app import App


class ScoreScene(Scene):
    """A `ScoreSheet` on the felt: its table of rows, the story, the log, and the way out it is given."""

    name = "score"

    def __init__(self, app: App, sheet: ScoreSheet, way_out: WayOut) -> None:
        super().__init__(app)
        self.sheet, self.way_out = sheet, way_out
        self.form = Form()
        # an adventure's sheet shows the path taken (the log says the same at length), others the log
        self.log = LogPanel(tr("score.fal_path") if sheet.path else tr("score.log"))
        self.log.set_lines(list(sheet.path or sheet.log))
        self.g = Grid(app.size)
        self.review = review_control.offer(app.reviews, way_out.review, self.open_review, app.notices.show)

    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        m = g(32)
        self.left = pygame.Rect(m, g(120), w * 58 // 100 - m, h - g(120) - g(100))
        self.log.rect = pygame.Rect(
            self.left.right + g(20), g(120), w - self.left.right - g(20) - m, h - g(220)
        )
        self.form = way_out_buttons(self.way_out, (w, h), h - g(80), self.review)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.way_out.escape()
            return
        if review_control.key(self.review, event):
            return
        if self.log.handle(event):
            return
        self.form.handle(event)

    def open_review(self) -> None:
        """The deal's review on the table itself (the sheet stays beneath it)."""
        self.app.scenes.push(navigation.review(self.app, self.way_out.review))

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.app.size, self.app.vintage), (0, 0))
        s, g = self.sheet, self.g
        head = pygame.Rect(self.left.x, g(14), self.log.rect.right - self.left.x, g(56))
        [title], size = text.fitted(s.title, theme.SIZE_H1, head.width)
        text.draw(
            surface, title, head.center, size, theme.BRASS_LIGHT, "center", shadow=True, box=head, pad=0
        )
        colour = {True: theme.SUCCESS, False: theme.FAILURE, None: theme.CREAM}[s.success]
        under = pygame.Rect(head.x, head.bottom, head.width, self.left.y - head.bottom - g(4))
        [subtitle], size = text.fitted(s.subtitle, theme.SIZE_H2, under.width, italic=True)
        text.draw(surface, subtitle, under.center, size, colour, "center", italic=True, box=under, pad=0)
        draw_panel(surface, self.left, "paper")
        self._draw_table(surface, self.left.inflate(-g(40), -g(30)))
        self.log.draw(surface)
        self.form.draw(surface)
        draw_note(surface, self.way_out, self.form)

    def _draw_table(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        s = self.sheet
        cols = len(s.headers)
        first = area.width * (46 if cols < 4 else 30) // 100
        wide = 2 if cols >= 4 else 1  # with four columns the second (cards, details) gets more room
        unit = (area.width - first) // max(1, cols - 1 + wide - 1)
        widths = [first] + [unit * (wide if i == 0 else 1) for i in range(cols - 1)]
        lefts = [area.x + sum(widths[:i]) for i in range(cols)]
        size = theme.SIZE_BODY if len(s.rows) <= 4 else theme.SIZE_SMALL + 1
        row_h = text.line_height(size) + 6
        y = area.y
        for i, header in enumerate(s.headers):
            cell = pygame.Rect(lefts[i], y, widths[i], row_h).inflate(-8, 0)
            self._cell(surface, self._lines(header, theme.SIZE_SMALL, cell, True), cell, i, True)
        y += row_h
        pygame.draw.line(surface, theme.SEPIA, (area.x, y - 4), (area.right, y - 4), 1)
        for row in s.rows:
            cells = [pygame.Rect(lefts[i], y, widths[i], 3 * row_h).inflate(-8, 0) for i in range(len(row))]
            fitted = [self._lines(words, size, cell, False) for words, cell in zip(row, cells, strict=False)]
            tall = max(len(lines) * text.line_height(fits) for lines, fits in fitted) + 6
            for i, (lines, cell) in enumerate(zip(fitted, cells, strict=False)):
                self._cell(surface, lines, pygame.Rect(cell.x, y, cell.width, tall), i, False)
            y += max(row_h, tall)
        if s.story:
            story = pygame.Rect(area.x, y + 16, area.width, area.bottom - y - 16)
            y += 16 + text.draw_paragraphs(surface, s.story, story, theme.SIZE_BODY, theme.INK, italic=True)
        if s.chart is not None:  # the running scores at the foot, in the room left (too little: left out)
            height = min(area.bottom - y - 14, area.height // 2)
            draw_chart(surface, pygame.Rect(area.x, area.bottom - height, area.width, height), s.chart)

    @staticmethod
    def _lines(words: str, size: float, cell: pygame.Rect, head: bool) -> tuple[list[str], float]:
        """A cell's words in its width: on one line, a little smaller if need be, else over up to three lines
        (a long name, a row of cards won), so that rows stay low where they can and a chart keeps its room."""
        one = text.fitted(words, size, cell.width, floor=max(text.FLOOR, size * 0.8), bold=head)
        return (
            one
            if not isinstance(one[0][0], text.Shortened)
            else text.fitted(words, size, cell.width, cell.height, bold=head)
        )

    @staticmethod
    def _cell(
        surface: pygame.Surface, fitted: tuple[list[str], float], cell: pygame.Rect, column: int, head: bool
    ) -> None:
        """One cell of the table: the first column's words from its left, the others' centred."""
        lines, size = fitted
        align, x = ("left", cell.x) if column == 0 else ("center", cell.centerx)
        colour = theme.SEPIA if head else theme.INK
        text.draw_lines(surface, lines, (x, cell.centery), size, colour, align, bold=head, box=cell, pad=0)
