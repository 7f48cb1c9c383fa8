"""A scrolled parchment page's position and its scroll bar, shared by the rules reader and the History.

The scene owns the layout and the drawing of its content; a `Scroller` keeps where the page is scrolled
to, glides there, and answers the wheel and the bar's thumb the same way on every page.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import theme

EASE_RATE = 14.0  # per second: how fast the page glides to where it was scrolled


class Scroller:
    """Offset of a page taller than its view, eased towards a target, with a draggable bar at its right."""

    def __init__(self, inset: float, wheel: float, *, grab_idle: bool = True) -> None:
        self.inset = inset  # the track's distance from the page's right edge, in design units
        self.wheel = wheel  # one wheel notch, in design units
        self.grab_idle = grab_idle  # whether a click on the bar's place is taken even with nothing to scroll
        self.view = pygame.Rect(0, 0, 0, 0)
        self.right = 0
        self.content_h = 0
        self.g: Callable[[float], int] = round
        self.offset = 0.0
        self.target = 0.0
        self.drag: int | None = None  # the grip's distance below the thumb's top while dragged

    def place(self, view: pygame.Rect, right: int, content_h: int, g: Callable[[float], int]) -> None:
        """Takes a new layout; the position is kept, clamped, and shown at once rather than glided to."""
        self.view, self.right, self.content_h, self.g = view, right, content_h, g
        self.scroll_to(self.target)
        self.offset = self.target

    @property
    def max_offset(self) -> int:
        return max(0, self.content_h - self.view.height)

    def scroll_to(self, value: float) -> None:
        self.target = max(0.0, min(float(self.max_offset), value))

    @property
    def track(self) -> pygame.Rect:
        return pygame.Rect(self.right - self.g(self.inset), self.view.y, self.g(8), self.view.height)

    @property
    def thumb(self) -> pygame.Rect:
        track = self.track
        if not self.max_offset:
            return track.copy()
        height = max(self.g(40), track.height * self.view.height // self.content_h)
        y = track.y + round((track.height - height) * self.offset / self.max_offset)
        return pygame.Rect(track.x, y, track.width, height)

    def _drag_to(self, y: int, grip: int) -> None:
        """Moves the thumb so the point `grip` pixels below its top follows the pointer at `y`."""
        track, thumb = self.track, self.thumb
        room = track.height - thumb.height
        if room > 0:
            self.scroll_to((y - grip - track.y) / room * self.max_offset)
            self.offset = self.target

    def handle(self, event: pygame.event.Event) -> bool:
        """The wheel and the bar; True when the event was theirs, so the scene's widgets skip it."""
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.target - event.y * self.g(self.wheel))
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and (self.grab_idle or self.max_offset)
            and self.track.inflate(16, 0).collidepoint(event.pos)
        ):
            thumb = self.thumb
            self.drag = event.pos[1] - thumb.y if thumb.collidepoint(event.pos) else thumb.height // 2
            self._drag_to(event.pos[1], self.drag)
        elif event.type == pygame.MOUSEMOTION and self.drag is not None:
            self._drag_to(event.pos[1], self.drag)
        elif event.type == pygame.MOUSEBUTTONUP and self.drag is not None:
            self.drag = None
        else:
            return False
        return True

    def update(self, dt: float) -> None:
        """Glides towards the target, landing on it once within a pixel so the text stops shimmering."""
        self.offset += (self.target - self.offset) * min(1.0, dt * EASE_RATE)
        if abs(self.target - self.offset) < 1:
            self.offset = self.target

    def draw(self, surface: pygame.Surface) -> None:
        """The bar, only when there is something to scroll."""
        if self.max_offset:
            pygame.draw.rect(surface, theme.SEPIA, self.track, 1, border_radius=4)
            pygame.draw.rect(surface, theme.WALNUT, self.thumb, border_radius=4)


def fade(size: tuple[int, int]) -> pygame.Surface:
    """Parchment growing opaque towards the bottom edge, so a line cut by the view reads as "more below"."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(size[1]):
        pygame.draw.line(surf, (*theme.PARCHMENT, 255 * y // max(1, size[1] - 1)), (0, y), (size[0], y))
    return surf
