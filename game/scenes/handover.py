"""The hot-seat hand-over screen: hides every hand until the next person says they are ready."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.i18n import tr
from game.ui import text, theme
from game.ui.felt import felt
from game.ui.panel import draw_panel
from game.ui.salon import Grid
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App


class HandoverScene(Scene):
    name = "handover"

    def __init__(
        self,
        app: App,
        person: str,
        detail: str,
        on_ready: Callable[[], None],
        on_pause: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.person, self.detail, self.on_ready, self.on_pause = person, detail, on_ready, on_pause
        self.form = Form()
        self.g = Grid(app.size)

    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        self.panel = pygame.Rect(0, 0, min(g(720), w - g(80)), min(g(320), h - g(80)))
        self.panel.center = (w // 2, h // 2)
        button = pygame.Rect(0, 0, g(320), g(54))
        button.midbottom = (self.panel.centerx, self.panel.bottom - g(28))
        self.form = Form([Button(button, tr("handover.ready", name=self.person), self._ready, primary=True)])
        self.form.move_focus(1)

    def _ready(self) -> None:
        self.app.scenes.pop()
        self.on_ready()

    def handle(self, event: pygame.event.Event) -> None:
        """Escape opens the table's pause over this screen (leave, save, settings): no hand shows."""
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.on_pause is not None:
            self.on_pause()
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.app.size, self.app.vintage, theme.FELT_DARK), (0, 0))
        draw_panel(surface, self.panel, "panel")
        p, g = self.panel, self.g
        head = pygame.Rect(p.x + g(24), p.y + g(16), p.width - g(48), g(50))
        [title], size = text.fitted(tr("handover.title"), theme.SIZE_H2, head.width)
        text.draw(surface, title, head.center, size, theme.BRASS_LIGHT, "center", box=head, pad=0)
        name = pygame.Rect(head.x, head.bottom + g(6), head.width, g(70))
        [person], size = text.fitted(self.person, theme.SIZE_H1, name.width, bold=True)
        text.draw(surface, person, name.center, size, theme.CREAM, "center", bold=True, box=name, pad=0)
        body = pygame.Rect(head.x, name.bottom + g(4), head.width, self.form.widgets[0].rect.y - g(8))
        body.height -= body.y
        lines, size = text.fitted(self.detail, theme.SIZE_BODY, body.width, body.height, italic=True)
        text.draw_lines(surface, lines, body.center, size, theme.PARCHMENT, italic=True, box=body, pad=0)
        self.form.draw(surface)
