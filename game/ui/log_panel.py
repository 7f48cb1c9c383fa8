"""A scrollable log panel: newest line at the bottom, the wheel scrolls back through the session."""

from __future__ import annotations

import pygame

from game.ui import text, theme
from game.ui.panel import draw_panel

MARGIN = 16  # from the panel's sides to its lines
INDENT = 12  # an entry's wrapped rows under its first


class LogPanel:
    def __init__(self, title: str) -> None:
        self.title = title
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.lines: list[str] = []
        self.scroll = 0  # wrapped lines scrolled back from the newest
        self._wrapped: list[tuple[str, bool]] = []
        self._wrapped_for: tuple[int, int] = (-1, -1)
        self._version = 0  # lines set or added so far
        self.hidden = False  # its place taken by another panel (a lesson's narrator): not drawn

    @property
    def look(self) -> tuple[object, ...]:
        """What the panel shows: it looks the same while this is the same."""
        return tuple(self.rect), self.title, self._version, self.scroll, self.hidden

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
            width = self.rect.width - 2 * MARGIN - INDENT
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

    def shown(self) -> list[tuple[str, bool]]:
        """The rows in view: whole entries only, the latest (or, scrolled back, the one reached) last, from
        the top of the panel down; an entry whose head would not fit is left out, not shown headless. An
        entry taller than the whole panel shows its head, its last row standing for the rest (cut)."""
        r = self.rect
        line_h = text.line_height(theme.SIZE_SMALL)
        room = max(1, (r.bottom - MARGIN - self._top()) // line_h)
        wrapped = self._wrap()
        end = len(wrapped) - self.scroll
        start = max(0, end - room)
        while start < end and not wrapped[start][1]:
            start += 1
        if start < end or end <= 0:
            return wrapped[start:end]
        head = max(i for i in range(end) if wrapped[i][1])
        rows = wrapped[head : head + room]
        last, first = rows[-1]
        rows[-1] = (text.Shortened(last, " ".join(row for row, _ in wrapped[head:end])), first)
        return rows

    def _top(self) -> int:
        return self.rect.y + 16 + text.line_height(theme.SIZE_SMALL)

    def draw(self, surface: pygame.Surface, with_panel: bool = True) -> None:
        if self.hidden:
            return
        if with_panel:
            draw_panel(surface, self.rect, "glass")
        r = self.rect
        title = (r.x + MARGIN, r.y + 10)
        text.draw(surface, self.title, title, theme.SIZE_SMALL, theme.BRASS_LIGHT, bold=True, box=r, pad=8)
        line_h = text.line_height(theme.SIZE_SMALL)
        top = self._top()
        for i, (line, first) in enumerate(self.shown()):
            x = r.x + MARGIN if first else r.x + MARGIN + INDENT
            colour = theme.CREAM if first else theme.PARCHMENT
            text.draw(surface, line, (x, top + i * line_h), theme.SIZE_SMALL, colour, box=r, pad=8)
