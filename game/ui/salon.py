"""The furniture shared by the menu-side screens: walnut-railed baize, brass rules, tabs, row layout.

Every length here is a 720p design value scaled with the window like the type, so a screen laid out
for 1280×720 keeps its proportions down to the 960×540 minimum.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache, partial

import pygame

from game.i18n import tr
from game.registry import GAMES
from game.ui import text, theme
from game.ui.felt import felt
from game.ui.panel import draw_panel
from game.ui.vintage import VintageParams, bake
from game.ui.widgets import Button, Form

DESIGN_SIZE = (1280, 720)


class Grid:
    """Converts 720p design lengths to pixels for the current window."""

    def __init__(self, size: tuple[int, int]) -> None:
        self.scale = min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])

    def __call__(self, value: float) -> int:
        return round(value * self.scale)


NEUTRAL = VintageParams(0, 0, 0)


@lru_cache(maxsize=4)
def backdrop(size: tuple[int, int], params: VintageParams) -> pygame.Surface:
    """The baize inside a walnut rail with a brass inlay, as on the edge of a card table."""
    surf = felt(size, NEUTRAL).copy()
    g = Grid(size)
    rail = max(6, g(14))
    rect = surf.get_rect()
    pygame.draw.rect(surf, theme.WALNUT, rect, rail)
    pygame.draw.rect(surf, theme.WALNUT_DARK, rect, max(2, rail // 4))
    shade = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(shade, (*theme.SHADOW, 90), rect.inflate(-2 * rail, -2 * rail), max(2, rail // 3))
    surf.blit(shade, (0, 0))
    pygame.draw.rect(surf, theme.BRASS, rect.inflate(-2 * rail + 2, -2 * rail + 2), 1)
    return bake(surf, params)


def ornament(
    surface: pygame.Surface,
    left: int,
    right: int,
    y: int,
    colour: tuple[int, int, int] = theme.BRASS,
) -> None:
    """A brass rule with a lozenge in its middle, the period's way of closing a heading."""
    mid = (left + right) // 2
    d = 4
    pygame.draw.line(surface, colour, (left, y), (mid - 2 * d, y), 1)
    pygame.draw.line(surface, colour, (mid + 2 * d, y), (right, y), 1)
    pygame.draw.polygon(surface, colour, [(mid - d, y), (mid, y - d), (mid + d, y), (mid, y + d)])


def framed_page(
    surface: pygame.Surface,
    app_size: tuple[int, int],
    vintage: VintageParams,
    panel: pygame.Rect,
    title_at: tuple[int, int],
    rule_y: int,
    words: tuple[str, str],
    headings: list[tuple[str, tuple[int, int]]],
) -> None:
    """A settings-like page: the baize, its panel, the title with its italic hint beside it, the brass rule
    under them and the section headings in small capitals (`words`: the title and the hint)."""
    g = Grid(app_size)
    surface.blit(backdrop(app_size, vintage), (0, 0))
    draw_panel(surface, panel, "panel")
    x, y = title_at
    right = panel.right - g(32)
    row = pygame.Rect(x, panel.y, right - x, rule_y - panel.y)
    title = text.draw(surface, words[0], (x, y), theme.SIZE_H1, theme.CREAM, box=row, pad=0)
    hint = pygame.Rect(title.right + g(18), row.y, right - title.right - g(18), title.bottom - g(8) - row.y)
    [line], size = text.fitted(words[1], theme.SIZE_SMALL, hint.width)
    text.draw(
        surface, line, hint.bottomleft, size, theme.PARCHMENT, "bottomleft", italic=True, box=hint, pad=0
    )
    ornament(surface, x, right, rule_y)
    for label, pos in headings:
        heading = pygame.Rect(pos, (right - pos[0], text.line_height(theme.SIZE_SMALL * 0.9)))
        text.draw(surface, label.upper(), pos, theme.SIZE_SMALL * 0.9, theme.BRASS, box=heading, pad=0)


class Tab(Button):
    """A tab of a tabbed page; the selected one wears the page's colours and a brass mark."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        on_click: Callable[[], None],
        selected: bool,
        subtitle: str,
        size: float = theme.SIZE_BODY,
        pointer: int = 0,
    ) -> None:
        super().__init__(rect, label, on_click, size=size)
        self.selected, self.subtitle, self.pointer = selected, subtitle, pointer

    def draw(self, surface: pygame.Surface) -> None:
        if self.selected:
            style = "panel"
        elif self.pressed:
            style = "pressed"
        else:
            style = "hover" if self.hover or self.focused else "button"
        draw_panel(surface, self.rect, style)
        colour = theme.BRASS_LIGHT if self.selected else theme.CREAM
        r = self.rect
        if self.selected:
            mark = pygame.Rect(r.x + 5, r.y + 8, 4, r.height - 16)
            pygame.draw.rect(surface, theme.BRASS_LIGHT, mark, border_radius=2)
            if self.pointer:  # a brass arrowhead across the gap to the page the tab opens
                tip, half = (r.right + self.pointer + 1, r.centery), self.pointer * 2 // 5
                base = tip[0] - self.pointer * 3 // 5
                pygame.draw.polygon(surface, theme.BRASS, [(base, tip[1] - half), tip, (base, tip[1] + half)])
        pad = max(12, r.height // 4)
        room = pygame.Rect(r.x + pad + 4, r.y + text.PAD, r.width - 2 * pad - 4, r.height - 2 * text.PAD)
        [label], size = text.fitted(self.label, self.size, room.width, bold=self.selected)
        [subtitle], small = text.fitted(self.subtitle, theme.SIZE_SMALL, room.width)
        gap = text.PAD // 2
        high, low = text.ink_height(size, self.selected), text.ink_height(small, italic=True)
        top = room.centery - (high + gap + low) // 2
        at = (room.x, top + high // 2)
        text.draw(surface, label, at, size, colour, "midleft", bold=self.selected, box=r)
        at = (room.x, top + high + gap + low // 2)
        text.draw(surface, subtitle, at, small, theme.PARCHMENT, "midleft", italic=True, box=r)
        self._focus_ring(surface)


class Column:
    """Hands out the rows of a form one under another, so rows share one height and one gap."""

    def __init__(self, x: int, y: int, width: int, row: int, gap: int) -> None:
        self.x, self.y, self.width, self.row, self.gap = x, y, width, row, gap

    def next(self, height: int | None = None) -> pygame.Rect:
        rect = pygame.Rect(self.x, self.y, self.width, height or self.row)
        self.y = rect.bottom + self.gap
        return rect

    def skip(self, height: int) -> None:
        self.y += height


def column_and_page(g: Grid, size: tuple[int, int]) -> tuple[pygame.Rect, pygame.Rect]:
    """The menu's two parts, which the History and its statistics keep so a page turns without a jump: a
    column of buttons on the left, the page filling the rest."""
    w, h = size
    margin = g(36)
    left = pygame.Rect(margin, margin, g(290), h - 2 * margin)
    return left, pygame.Rect(left.right + g(22), margin, w - left.right - g(22) - margin, h - 2 * margin)


def scrolled_text_area(g: Grid, page: pygame.Rect) -> pygame.Rect:
    """The page's writing area, with room on the right for its scroll bar."""
    inner = page.inflate(-2 * g(30), -2 * g(24))
    inner.width -= g(18)
    return inner


def split(rect: pygame.Rect, *weights: float, gap: int = 8) -> list[pygame.Rect]:
    """Cuts a row into side-by-side cells in proportion to `weights`."""
    usable = rect.width - gap * (len(weights) - 1)
    total = sum(weights)
    cells, x = [], rect.x
    for i, weight in enumerate(weights):
        width = rect.right - x if i == len(weights) - 1 else round(usable * weight / total)
        cells.append(pygame.Rect(x, rect.y, width, rect.height))
        x += width + gap
    return cells


def restore_focus(form: Form, index: int | None) -> None:
    """Puts the keyboard focus back on the widget at `index` after the form was rebuilt."""
    if index is not None and form.focusable:
        form.focus_index = min(index, len(form.focusable) - 1) - 1
        form.move_focus(1)


def label_share(labels: list[str], row_width: int, pad: int) -> float:
    """The part of a row that its label column needs: the widest label, within 25–45 %."""
    widest = max((text.size_of(label, theme.SIZE_BODY)[0] for label in labels), default=0)
    return min(0.45, max(0.25, (widest + pad) / row_width))


def chip_side(size: float) -> int:
    """The width of a suit chip for text of `size`."""
    return round(text.line_height(size) * 0.82)


def suit_chip(surface: pygame.Surface, symbol: str, midleft: tuple[int, int], size: float) -> pygame.Rect:
    """A suit on a little square of card stock, so the black suits show on walnut and baize too."""
    side = chip_side(size)
    chip = pygame.Rect(0, 0, side, side)
    chip.midleft = midleft
    pygame.draw.rect(surface, theme.PARCHMENT, chip, border_radius=max(2, side // 6))
    pygame.draw.rect(surface, theme.SEPIA, chip, 1, border_radius=max(2, side // 6))
    at = (chip.centerx + 1, chip.centery + side // 10)
    text.draw(surface, symbol, at, size * 0.8, theme.INK, "center", box=chip, pad=0)
    return chip


def game_tabs(col: Column, pointer: int, selected: str, select: Callable[[str], None]) -> list[Tab]:
    """One tab per tradition, down a column, as on the menu; the selected one points at its page."""
    return [
        Tab(
            col.next(),
            tr(f"menu.game.{game}.tab"),
            partial(select, game),
            game == selected,
            tr(f"menu.game.{game}.subtitle"),
            theme.SIZE_H2 * 0.85,
            pointer,
        )
        for game in GAMES
    ]
