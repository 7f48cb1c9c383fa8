"""The way out of a score sheet drawn: its buttons in a row, the first one focused, and its note."""

from __future__ import annotations

import pygame

from game.sheets import WayOut
from game.ui import text, theme
from game.ui.widgets import Button, Form


def way_out_buttons(way_out: WayOut, width: int, top: int) -> Form:
    """The buttons of a sheet's way out, centred in a row at `top`; the first one has the focus."""
    bw, gap, count = 300, 60, len(way_out.buttons)
    left = width // 2 - (count * bw + (count - 1) * gap) // 2
    form = Form(
        [
            Button(pygame.Rect(left + i * (bw + gap), top, bw, 54), label, fn, primary=i == 0)
            for i, (label, fn) in enumerate(way_out.buttons)
        ]
    )
    form.move_focus(1)
    return form


def draw_note(surface: pygame.Surface, way_out: WayOut, form: Form) -> None:
    """The way out's note (when a match of the history finished), left of the buttons."""
    if not way_out.note or not form.widgets:
        return
    rect = form.widgets[0].rect
    note = text.fit(way_out.note, theme.SIZE_SMALL, rect.x - 48)
    text.draw(surface, note, (32, rect.centery), theme.SIZE_SMALL, theme.PARCHMENT, "midleft", italic=True)
