"""The overlays over a table: the pause (resume, settings, rules, leave, and whatever the table adds), and
the question before something that cannot be undone (`ConfirmOverlay`). Both veil the table, draw a panel
with a title and buttons, and give way to Escape."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.i18n import tr
from game.scenes import navigation
from game.ui import text, theme
from game.ui.panel import draw_panel, draw_veil
from game.ui.salon import Grid
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App


class PanelOverlay(Scene):
    """A veiled table under a panel: its title, its `form`; Escape pops it."""

    overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.form = Form()
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.g = Grid(app.size)

    @property
    def title(self) -> str:
        raise NotImplementedError

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()
            return
        self.form.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_veil(surface)
        draw_panel(surface, self.panel, "panel")
        p, g = self.panel, self.g
        head = pygame.Rect(p.x, p.y, p.width, g(90))
        [title], size = text.fitted(self.title, theme.SIZE_H1, head.width - 2 * g(24))
        text.draw(surface, title, head.center, size, theme.BRASS_LIGHT, "center", box=head, pad=g(12))
        self.form.draw(surface)


class PauseOverlay(PanelOverlay):
    name = "pause"

    def __init__(
        self,
        app: App,
        game: str,
        on_leave: Callable[[], None],
        extra: list[tuple[str, Callable[[], None]]] | None = None,
    ) -> None:
        super().__init__(app)
        self.game, self.on_leave, self.extra = game, on_leave, extra or []

    @property
    def title(self) -> str:
        return tr("pause.title")

    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        entries: list[tuple[str, Callable[[], object]]] = [
            (tr("pause.resume"), self.app.scenes.pop),
            (tr("pause.settings"), self._settings),
            (tr("pause.rules"), self._rules),
            *self.extra,
            (tr("pause.leave"), self.on_leave),
        ]
        bw, bh, gap = g(340), g(52), g(14)
        total = len(entries) * (bh + gap) - gap
        self.panel = pygame.Rect(0, 0, bw + g(80), total + g(130))
        self.panel.center = (w // 2, h // 2)
        y = self.panel.y + g(96)
        buttons = []
        for i, (label, fn) in enumerate(entries):
            buttons.append(Button(pygame.Rect(self.panel.x + g(40), y, bw, bh), label, fn, primary=i == 0))
            y += bh + gap
        self.form = Form(buttons)
        self.form.move_focus(1)

    def _settings(self) -> None:
        self.app.scenes.push(navigation.settings(self.app))

    def _rules(self) -> None:
        self.app.scenes.push(navigation.rules(self.app, self.game))


class ConfirmOverlay(PanelOverlay):
    """What the step does, the button that takes it, and the one that stays (first, and Escape's)."""

    name = "confirm"
    WIDTH = 680

    def __init__(
        self, app: App, title: str, words: str, yes: tuple[str, Callable[[], None]], stay: str
    ) -> None:
        super().__init__(app)
        self._title, self.words, self.yes, self.stay = title, words, yes, stay

    @property
    def title(self) -> str:
        return self._title

    def lines(self) -> list[str]:
        return text.wrap(self.words, theme.SIZE_BODY, self.g(self.WIDTH - 80))

    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        self.panel = pygame.Rect(
            0, 0, g(self.WIDTH), g(230) + len(self.lines()) * text.line_height(theme.SIZE_BODY)
        )
        self.panel.center = (w // 2, h // 2)
        bw, bh = (g(self.WIDTH) - g(100)) // 2, g(52)
        row = self.panel.bottom - bh - g(30)
        label, action = self.yes
        stay = pygame.Rect(self.panel.x + g(40), row, bw, bh)
        self.form = Form(
            [
                Button(stay, self.stay, self.app.scenes.pop, primary=True),
                Button(pygame.Rect(self.panel.right - g(40) - bw, row, bw, bh), label, action),
            ]
        )
        self.form.move_focus(1)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        lines, g = self.lines(), self.g
        line_h = text.line_height(theme.SIZE_BODY)
        body = pygame.Rect(
            self.panel.x + g(40), self.panel.y + g(100), g(self.WIDTH - 80), len(lines) * line_h
        )
        for i, line in enumerate(lines):
            at = (body.centerx, body.y + i * line_h)
            text.draw(surface, line, at, theme.SIZE_BODY, theme.CREAM, "midtop", box=body, pad=0)
