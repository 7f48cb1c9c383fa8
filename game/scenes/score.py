"""The score scene: a table of results, the story's ending if any, and the log of every action."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.i18n import tr
from game.sheets import ScoreSheet, WayOut
from game.ui import text, theme
from game.ui.chart import draw_chart
from game.ui.felt import felt
from game.ui.log_panel import LogPanel
from game.ui.panel import draw_panel
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

    def relayout(self) -> None:
        w, h = self.app.size
        m = 32
        self.left = pygame.Rect(m, 120, w * 58 // 100 - m, h - 120 - 100)
        self.log.rect = pygame.Rect(self.left.right + 20, 120, w - self.left.right - 20 - m, h - 220)
        self.form = way_out_buttons(self.way_out, w, h - 80)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.way_out.escape()
            return
        if self.log.handle(event):
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.app.size, self.app.vintage), (0, 0))
        w = surface.get_width()
        s = self.sheet
        text.draw(surface, s.title, (w // 2, 22), theme.SIZE_H1, theme.BRASS_LIGHT, "midtop", shadow=True)
        colour = {True: theme.SUCCESS, False: theme.FAILURE, None: theme.CREAM}[s.success]
        text.draw(surface, s.subtitle, (w // 2, 76), theme.SIZE_H2, colour, "midtop", italic=True)
        draw_panel(surface, self.left, "paper")
        self._draw_table(surface, self.left.inflate(-40, -30))
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
            x, anchor = (lefts[i], "topleft") if i == 0 else (lefts[i] + widths[i] // 2, "midtop")
            text.draw(
                surface,
                text.fit(header, theme.SIZE_SMALL, widths[i] - 8),
                (x, y),
                theme.SIZE_SMALL,
                theme.SEPIA,
                anchor,
                bold=True,
            )
        y += row_h
        pygame.draw.line(surface, theme.SEPIA, (area.x, y - 4), (area.right, y - 4), 1)
        for row in s.rows:
            for i, cell in enumerate(row):
                x, anchor = (lefts[i], "topleft") if i == 0 else (lefts[i] + widths[i] // 2, "midtop")
                text.draw(surface, text.fit(cell, size, widths[i] - 8), (x, y), size, theme.INK, anchor)
            y += row_h
        if s.story:
            story = pygame.Rect(area.x, y + 16, area.width, area.bottom - y - 16)
            y += 16 + text.draw_paragraphs(surface, s.story, story, theme.SIZE_BODY, theme.INK, italic=True)
        if s.chart is not None:  # the running scores at the foot, in the room left (too little: left out)
            height = min(area.bottom - y - 14, area.height // 2)
            draw_chart(surface, pygame.Rect(area.x, area.bottom - height, area.width, height), s.chart)
