"""A question over the scene beneath before something that cannot be undone: what it does, the button
that does it, and the one that stays (Escape stays too)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App

WIDTH = 640


class ConfirmOverlay(Scene):
    name = "confirm"
    overlay = True

    def __init__(
        self, app: App, title: str, words: str, yes: tuple[str, Callable[[], None]], stay: str
    ) -> None:
        super().__init__(app)
        self.title, self.words, self.yes, self.stay = title, words, yes, stay
        self.form = Form()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._veil: pygame.Surface | None = None

    def relayout(self) -> None:
        w, h = self.app.size
        lines = text.wrap(self.words, theme.SIZE_BODY, WIDTH - 80)
        height = 100 + len(lines) * text.line_height(theme.SIZE_BODY) + 100
        self.panel = pygame.Rect(0, 0, WIDTH, height)
        self.panel.center = (w // 2, h // 2)
        bw, bh = (WIDTH - 100) // 2, 50
        row = self.panel.bottom - bh - 28
        label, action = self.yes
        self.form = Form(
            [
                Button(
                    pygame.Rect(self.panel.x + 40, row, bw, bh), self.stay, self.app.scenes.pop, primary=True
                ),
                Button(pygame.Rect(self.panel.right - 40 - bw, row, bw, bh), label, action),
            ]
        )
        self.form.move_focus(1)
        self._veil = pygame.Surface((w, h), pygame.SRCALPHA)
        self._veil.fill((0, 0, 0, 150))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        if self._veil is not None:
            surface.blit(self._veil, (0, 0))
        draw_panel(surface, self.panel, "panel")
        text.draw(
            surface,
            self.title,
            (self.panel.centerx, self.panel.y + 26),
            theme.SIZE_H2,
            theme.BRASS_LIGHT,
            "midtop",
        )
        y = self.panel.y + 90
        for line in text.wrap(self.words, theme.SIZE_BODY, WIDTH - 80):
            text.draw(surface, line, (self.panel.centerx, y), theme.SIZE_BODY, theme.CREAM, "midtop")
            y += text.line_height(theme.SIZE_BODY)
        self.form.draw(surface)
