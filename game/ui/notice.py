"""Short messages for the player (a bad settings file, a refused move) shown over any scene."""

from __future__ import annotations

import pygame

from game.ui import text, theme
from game.ui.panel import draw_panel


class Notices:
    def __init__(self) -> None:
        self.items: list[list] = []  # [message, seconds left]

    def show(self, message: str, seconds: float = 5.0) -> None:
        self.items = [*[i for i in self.items if i[0] != message][-2:], [message, seconds]]

    def update(self, dt: float) -> None:
        if self.items:
            for item in self.items:
                item[1] -= dt
            self.items = [i for i in self.items if i[1] > 0]

    def draw(self, surface: pygame.Surface) -> None:
        y = 12
        for message, _ in self.items:
            lines = text.wrap(message, theme.SIZE_SMALL, surface.get_width() // 2)
            line_h = text.line_height(theme.SIZE_SMALL)
            width = max(text.size_of(line, theme.SIZE_SMALL)[0] for line in lines) + 32
            rect = pygame.Rect(0, y, width, line_h * len(lines) + 16)
            rect.centerx = surface.get_width() // 2
            draw_panel(surface, rect, "panel")
            for i, line in enumerate(lines):
                text.draw(
                    surface,
                    line,
                    (rect.centerx, rect.y + 8 + i * line_h),
                    theme.SIZE_SMALL,
                    theme.CREAM,
                    "midtop",
                    box=rect,
                )
            y = rect.bottom + 6
