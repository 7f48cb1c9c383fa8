"""A scrollable log panel: newest line at the bottom, the wheel scrolls back through the session."""

from __future__ import annotations

import pygame

from game.ui import text, theme
from game.ui.panel import draw_panel


class LogPanel:
    def __init__(self, title: str) -> None:
        self.title = title
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.lines: list[str] = []
        self.scroll = 0  # wrapped lines scrolled back from the newest
        self._wrapped: list[tuple[str, bool]] = []
        self._wrapped_for: tuple[int, int] = (-1, -1)
        self._version = 0  # lines set or added so far

    @property
    def look(self) -> tuple[object, ...]:
        """What the panel shows: it looks the same while this is the same."""
        return tuple(self.rect), self.title, self._version, self.scroll

    def set_lines(self, lines: list[str]) -> None:
        self.lines = lines
        self._version += 1
        self._wrapped_for = (-1, -1)

    def add(self, line: str) -> None:
        self.lines.append(line)
        self._version += 1
        self.scroll = 0
        self._wrapped_for = (-1, -1)

    def _wrap(self) -> list[tuple[str, bool]]:
        key = (len(self.lines), self.rect.width)
        if key != self._wrapped_for:
            width = self.rect.width - 36
            self._wrapped = []
            for line in self.lines:
                parts = text.wrap(line, theme.SIZE_SMALL, width)
                self._wrapped += [(p, i == 0) for i, p in enumerate(parts)]
            self._wrapped_for = key
        return self._wrapped

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEWHEEL and self.rect.collidepoint(pygame.mouse.get_pos()):
            self.scroll = max(0, min(len(self._wrap()), self.scroll + event.y * 2))
            return True
        return False

    def draw(self, surface: pygame.Surface, with_panel: bool = True) -> None:
        if with_panel:
            draw_panel(surface, self.rect, "glass")
        r = self.rect
        text.draw(surface, self.title, (r.x + 16, r.y + 10), theme.SIZE_SMALL, theme.BRASS_LIGHT, bold=True)
        line_h = text.line_height(theme.SIZE_SMALL)
        top = r.y + 16 + line_h
        room = max(1, (r.bottom - 10 - top) // line_h)
        wrapped = self._wrap()
        end = len(wrapped) - self.scroll
        shown = wrapped[max(0, end - room) : end]
        cut = 0  # an entry cut at the top shows no tail without its head: its rows stay empty
        while cut < len(shown) - 1 and not shown[cut][1]:
            cut += 1
        for i, (line, first) in enumerate(shown):
            if i < cut:
                continue
            x = r.x + 16 if first else r.x + 28
            text.draw(
                surface,
                line,
                (x, top + i * line_h),
                theme.SIZE_SMALL,
                theme.CREAM if first else theme.PARCHMENT,
            )
