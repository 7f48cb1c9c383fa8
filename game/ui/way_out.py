"""The way out of a score sheet drawn: its buttons in a row, the first one focused, and its note."""

from __future__ import annotations

import pygame

from game.sheets import WayOut
from game.ui import text, theme
from game.ui.salon import Grid
from game.ui.widgets import Button, Form, Widget


def way_out_buttons(way_out: WayOut, size: tuple[int, int], top: int, extra: Widget | None = None) -> Form:
    """The buttons of a sheet's way out, centred in a row at `top` in a window of `size`, and `extra` (the
    review's control) last; the first one has the focus."""
    g = Grid(size)
    count = len(way_out.buttons) + (extra is not None)
    gap = g(60) if count < 3 else g(32)
    bw = min(g(300), (size[0] - g(48) - (count - 1) * gap) // count)
    left = size[0] // 2 - (count * bw + (count - 1) * gap) // 2
    rects = [pygame.Rect(left + i * (bw + gap), top, bw, g(54)) for i in range(count)]
    form = Form(
        [
            Button(rect, label, fn, primary=i == 0)
            for i, (rect, (label, fn)) in enumerate(zip(rects, way_out.buttons, strict=False))
        ]
    )
    if extra is not None:
        extra.rect = rects[-1]
        form.add(extra)
    form.move_focus(1)
    return form


def draw_note(surface: pygame.Surface, way_out: WayOut, form: Form) -> None:
    """The way out's note (when a match of the history finished), left of the buttons."""
    if not way_out.note or not form.widgets:
        return
    button = form.widgets[0].rect
    g = Grid(surface.get_size())
    room = pygame.Rect(g(32), button.y, button.x - g(48) - g(32), button.height)
    lines, size = text.fitted(way_out.note, theme.SIZE_SMALL, room.width, room.height, italic=True)
    at = (room.x, room.centery)
    text.draw_lines(surface, lines, at, size, theme.PARCHMENT, "left", italic=True, box=room, pad=0)
