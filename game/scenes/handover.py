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
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App


class HandoverScene(Scene):
    name = "handover"

    def __init__(self, app: App, person: str, detail: str, on_ready: Callable[[], None]) -> None:
        super().__init__(app)
        self.person, self.detail, self.on_ready = person, detail, on_ready
        self.form = Form()

    def relayout(self) -> None:
        w, h = self.app.size
        self.panel = pygame.Rect(0, 0, min(720, w - 80), min(320, h - 80))
        self.panel.center = (w // 2, h // 2)
        button = pygame.Rect(0, 0, 320, 54)
        button.midbottom = (self.panel.centerx, self.panel.bottom - 28)
        self.form = Form([Button(button, tr("handover.ready", name=self.person), self._ready, primary=True)])
        self.form.move_focus(1)

    def _ready(self) -> None:
        self.app.scenes.pop()
        self.on_ready()

    def handle(self, event: pygame.event.Event) -> None:
        self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.app.size, self.app.vintage, theme.FELT_DARK), (0, 0))
        draw_panel(surface, self.panel, "panel")
        p = self.panel
        text.draw(
            surface, tr("handover.title"), (p.centerx, p.y + 30), theme.SIZE_H2, theme.BRASS_LIGHT, "midtop"
        )
        text.draw(
            surface, self.person, (p.centerx, p.y + 80), theme.SIZE_H1, theme.CREAM, "midtop", bold=True
        )
        body = pygame.Rect(p.x + 40, p.y + 150, p.width - 80, 70)
        for i, line in enumerate(text.wrap(self.detail, theme.SIZE_BODY, body.width)[:2]):
            text.draw(
                surface,
                line,
                (p.centerx, body.y + i * text.line_height(theme.SIZE_BODY)),
                theme.SIZE_BODY,
                theme.PARCHMENT,
                "midtop",
                italic=True,
            )
        self.form.draw(surface)
