"""The way out of a score sheet drawn: its buttons in a row, the first one focused, and its note."""

from __future__ import annotations

import pygame

from game.sheets import WayOut
from game.ui import text, theme
from game.ui.salon import Grid
from game.ui.widgets import Button, Form


def way_out_buttons(way_out: WayOut, size: tuple[int, int], top: int) -> Form:
    """The buttons of a sheet's way out, centred in a row at `top` in a window of `size`; the first one has
    the focus."""
    g = Grid(size)
    bw, gap, count = g(300), g(60), len(way_out.buttons)
    left = size[0] // 2 - (count * bw + (count - 1) * gap) // 2
    form = Form(
        [
            Button(pygame.Rect(left + i * (bw + gap), top, bw, g(54)), label, fn, primary=i == 0)
            for i, (label, fn) in enumerate(way_out.buttons)
        ]
    )
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
