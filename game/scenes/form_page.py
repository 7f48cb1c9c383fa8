"""A page of settings on the salon's framed panel: a form of widgets under a title and its hint, left with
Escape. The Settings and the House rules are such pages; each lays out its own form."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.i18n import tr
from game.ui.salon import Grid, framed_page
from game.ui.widgets import Form

if TYPE_CHECKING:
    from game.app import App


class FormPage(Scene):
    words = ""  # the catalogue prefix of the page's `.title` and `.hint`

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.form = Form()
        self.g = Grid(app.size)
        self.headings: list[tuple[str, tuple[int, int]]] = []
        self.panel = pygame.Rect(0, 0, 0, 0)  # set, with the title and rule, by the page's relayout
        self.title_at = (0, 0)
        self.rule_y = 0

    def lay_panel(self, width: int, height: int | None = None) -> pygame.Rect:
        """Centres the panel (at most `width` by `height` grid units, else the window less its margin), puts
        the title and rule at its top; returns the area inside its padding."""
        w, h = self.app.size
        g = self.g = Grid((w, h))
        margin = g(36)
        tall = h - 2 * margin if height is None else min(h - 2 * margin, g(height))
        self.panel = pygame.Rect(0, 0, min(w - 2 * margin, g(width)), tall)
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-2 * g(32), -2 * g(28))
        self.title_at = inner.topleft
        self.rule_y = inner.y + g(62)
        return inner

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def hint(self) -> str:
        """The words under the title (a page whose words depend on what it shows says its own)."""
        return tr(f"{self.words}.hint")

    def draw_frame(self, surface: pygame.Surface) -> None:
        """The panel, its title and hint, and the section headings, under the page's own drawing."""
        framed_page(
            surface,
            self.app.size,
            self.app.vintage,
            self.panel,
            self.title_at,
            self.rule_y,
            (tr(f"{self.words}.title"), self.hint()),
            self.headings,
        )
