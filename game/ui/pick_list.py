"""A list to pick one row from, with the mouse (a click, the wheel) or the keys (Up, Down, Home, End when
focused): the Host's challenges at a Falkenstein table, the parts of an adventure in its editor."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.widgets import Widget

TONES = {"": theme.CREAM, "warn": theme.FAILURE, "dim": theme.DIM, "good": theme.SUCCESS}


@dataclass(frozen=True)
class Row:
    label: str
    aside: str = ""  # right-aligned, smaller: a mark, a count
    tone: str = ""  # "", "warn", "dim" or "good": the label's ink


class PickList(Widget):
    def __init__(
        self,
        rect: pygame.Rect,
        rows: Sequence[Row],
        selected: int,
        on_select: Callable[[int], None],
        row_h: int,
        size: float = theme.SIZE_SMALL,
    ) -> None:
        super().__init__(rect)
        self.rows, self.on_select, self.row_h, self.size = list(rows), on_select, row_h, size
        self.selected = selected if 0 <= selected < len(self.rows) else -1  # -1: none picked yet
        self.first = 0  # the first row shown, when there are more than the box holds
        self._reveal()

    @property
    def visible(self) -> int:
        return max(1, self.rect.height // self.row_h)

    def _reveal(self) -> None:
        if self.selected < 0:
            return
        if self.selected < self.first:
            self.first = self.selected
        elif self.selected >= self.first + self.visible:
            self.first = self.selected - self.visible + 1
        self.first = max(0, min(self.first, len(self.rows) - self.visible))

    def pick(self, index: int) -> None:
        index = max(0, min(index, len(self.rows) - 1))
        if self.rows and index != self.selected:
            self.selected = index
            self._reveal()
            self.on_select(index)

    def row_rect(self, index: int) -> pygame.Rect:
        """Where row `index` is drawn now (off the box when scrolled away)."""
        y = self.rect.y + (index - self.first) * self.row_h
        return pygame.Rect(self.rect.x, y, self.rect.width, self.row_h - 3)

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEWHEEL and self.hover:
            limit = max(0, len(self.rows) - self.visible)
            self.first = max(0, min(limit, self.first - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            place = self.first + (event.pos[1] - self.rect.y) // self.row_h
            if place < len(self.rows):
                self.pick(place)
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        count = len(self.rows)
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_HOME: -count, pygame.K_END: count}
        if event.key not in moves:
            return False
        self.pick(max(0, self.selected) + moves[event.key])
        return True

    def draw(self, surface: pygame.Surface) -> None:
        pad = max(6, self.row_h // 5)
        aside_size = self.size * 0.85
        for index in range(self.first, min(len(self.rows), self.first + self.visible)):
            row, rect = self.rows[index], self.row_rect(index)
            chosen = index == self.selected
            draw_panel(surface, rect, "hover" if chosen else "button")
            if chosen:
                pygame.draw.rect(surface, theme.BRASS_LIGHT, (rect.x + 4, rect.y + 5, 3, rect.height - 10))
            tall = rect.height - 2 * text.PAD
            room = rect.width - 2 * pad - 6
            [label], size = text.fitted(row.label, self.size, room, tall, wrap=False)
            if row.aside:  # beside the label where both read whole; a narrow row keeps the label alone
                [aside], small = text.fitted(row.aside, aside_size, rect.width // 3, tall, wrap=False)
                beside = room - text.size_of(aside, small)[0] - pad
                [named], named_size = text.fitted(row.label, self.size, beside, tall, wrap=False)
                if not isinstance(named, text.Shortened) and not isinstance(aside, text.Shortened):
                    at = (rect.right - pad, rect.centery)
                    text.draw(surface, aside, at, small, theme.PARCHMENT, "midright", box=rect)
                    label, size = named, named_size
            ink = theme.BRASS_LIGHT if chosen and not row.tone else TONES[row.tone]
            text.draw(surface, label, (rect.x + pad + 6, rect.centery), size, ink, "midleft", box=rect)
        if len(self.rows) > self.visible:  # a thin brass bar says where the rows shown are
            track = pygame.Rect(self.rect.right + 3, self.rect.y, 3, self.visible * self.row_h)
            share = self.visible / len(self.rows)
            bar = pygame.Rect(track.x, track.y + round(track.height * self.first / len(self.rows)), 3, 0)
            bar.height = max(8, round(track.height * share))
            pygame.draw.rect(surface, theme.WALNUT_DARK, track)
            pygame.draw.rect(surface, theme.BRASS, bar)
        self._focus_ring(surface)
