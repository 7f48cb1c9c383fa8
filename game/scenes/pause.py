"""The pause overlay of a table: resume, settings, rules, leave (and whatever the table adds)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.i18n import tr
from game.scenes import navigation
from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App


class PauseOverlay(Scene):
    name = "pause"
    overlay = True

    def __init__(
        self,
        app: App,
        game: str,
        on_leave: Callable[[], None],
        extra: list[tuple[str, Callable[[], None]]] | None = None,
    ) -> None:
        super().__init__(app)
        self.game, self.on_leave, self.extra = game, on_leave, extra or []
        self.form = Form()
        self._veil: pygame.Surface | None = None

    def relayout(self) -> None:
        w, h = self.app.size
        entries: list[tuple[str, Callable[[], object]]] = [
            (tr("pause.resume"), self.app.scenes.pop),
            (tr("pause.settings"), self._settings),
            (tr("pause.rules"), self._rules),
            *self.extra,
            (tr("pause.leave"), self.on_leave),
        ]
        bw, bh, gap = 340, 52, 14
        total = len(entries) * (bh + gap) - gap
        self.panel = pygame.Rect(0, 0, bw + 80, total + 130)
        self.panel.center = (w // 2, h // 2)
        y = self.panel.y + 96
        buttons = []
        for i, (label, fn) in enumerate(entries):
            buttons.append(Button(pygame.Rect(self.panel.x + 40, y, bw, bh), label, fn, primary=i == 0))
            y += bh + gap
        self.form = Form(buttons)
        self.form.move_focus(1)
        self._veil = pygame.Surface((w, h), pygame.SRCALPHA)
        self._veil.fill((0, 0, 0, 150))

    def _settings(self) -> None:
        self.app.scenes.push(navigation.settings(self.app))

    def _rules(self) -> None:
        self.app.scenes.push(navigation.rules(self.app, self.game))

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
            tr("pause.title"),
            (self.panel.centerx, self.panel.y + 28),
            theme.SIZE_H1,
            theme.BRASS_LIGHT,
            "midtop",
        )
        self.form.draw(surface)
