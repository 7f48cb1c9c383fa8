"""The small chart on a finished match's sheet: each player's running score over the deals, one coloured
line each from a start at zero, with the deals along the bottom, the scores up the side and a legend of
names. Drawn on a sheet's parchment, with inks from the theme."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.sheets import Chart
from game.ui import text, theme

# one ink per seat, legible on parchment; the markers tell the lines apart where inks are close
INKS = (
    theme.VERMILION,
    theme.SUIT_COLOURS_FOUR["D"],
    theme.SUIT_COLOURS_FOUR["C"],
    theme.BRASS,
    theme.INK,
    theme.SEPIA,
)
MARKS = ("circle", "square", "diamond", "triangle", "circle", "square")
LABEL = theme.SIZE_SMALL - 5  # the axes' figures
LEGEND = theme.SIZE_SMALL - 3
MIN_LINES = 6  # a chart lower than six lines of its legend would say nothing legible: it is left out


def ink(seat: int) -> tuple[int, int, int]:
    return INKS[seat % len(INKS)]


def min_height() -> int:
    """The least height at which a chart is legible (type sizes follow the window)."""
    return MIN_LINES * text.line_height(LEGEND)


def draw_chart(surface: pygame.Surface, area: pygame.Rect, chart: Chart) -> bool:
    """The chart inside `area`, on a sheet's parchment; False, and nothing drawn, where `area` is too small
    for it to be legible."""
    if area.height < min_height() or area.width < 160 or not chart.totals:
        return False
    legend_h = _legend(surface, area, chart)
    words = tr("stats.chart.title")
    title = text.draw(surface, words, area.topleft, LEGEND, theme.SEPIA, bold=True, box=area, pad=0)
    label_h = text.line_height(LABEL)
    top, bottom = title.bottom + label_h // 2, area.bottom - legend_h - label_h - 6
    low = min(0, *(min(deal) for deal in chart.totals))
    high = max(0, *(max(deal) for deal in chart.totals))
    if low == high:
        low, high = low - 1, high + 1
    figures = [str(v) for v in (low, 0, high)]
    left = area.x + max(text.size_of(f, LABEL)[0] for f in figures) + 8
    plot = pygame.Rect(left, top, area.right - left - 6, max(1, bottom - top))
    deals = len(chart.totals)

    def at(deal: int, value: int) -> tuple[int, int]:
        return (
            plot.x + round(plot.width * deal / deals),
            plot.bottom - round(plot.height * (value - low) / (high - low)),
        )

    _axes(surface, plot, low, high, deals, at)
    step = plot.width / deals
    for seat in range(len(chart.names)):
        points = [at(0, 0)] + [at(deal + 1, totals[seat]) for deal, totals in enumerate(chart.totals)]
        pygame.draw.lines(surface, ink(seat), False, points, 2)
        for point in points[1:] if step >= 14 else points[-1:]:
            _mark(surface, MARKS[seat % len(MARKS)], point, 4, ink(seat))
    return True


Place = Callable[[int, int], tuple[int, int]]  # (deal, score) -> the point on screen


def _axes(surface: pygame.Surface, plot: pygame.Rect, low: int, high: int, deals: int, at: Place) -> None:
    """The frame, the zero line, the lowest and highest scores up the side and the deals along the bottom."""
    faint = (*theme.SEPIA, 60)
    grid = pygame.Surface(plot.size, pygame.SRCALPHA)
    for value in (low, high):
        y = at(0, value)[1] - plot.y
        pygame.draw.line(grid, faint, (0, y), (plot.width, y), 1)
    surface.blit(grid, plot)
    pygame.draw.line(surface, theme.SEPIA, plot.topleft, plot.bottomleft, 1)
    zero = at(0, 0)[1]
    pygame.draw.line(surface, theme.SEPIA, (plot.x, zero), (plot.right, zero), 1)
    label_h = text.line_height(LABEL)
    for value in {low, 0, high}:
        y = at(0, value)[1]
        side = pygame.Rect(0, y - label_h // 2, plot.x - 4, label_h)
        text.draw(surface, _signed(value), (plot.x - 5, y), LABEL, theme.SEPIA, "midright", box=side, pad=0)
    under = pygame.Rect(plot.x - 14, plot.bottom + 3, plot.width + 28, label_h)
    every = max(1, -(-deals // max(1, plot.width // 28)))  # the deals numbered, as many as fit
    for deal in range(1, deals + 1):
        if deal % every and deal != deals:
            continue
        x = at(deal, 0)[0]
        pygame.draw.line(surface, theme.SEPIA, (x, plot.bottom), (x, plot.bottom + 3), 1)
        if deal == deals or deals - deal >= every * 0.6:
            text.draw(
                surface, str(deal), (x, plot.bottom + 3), LABEL, theme.SEPIA, "midtop", box=under, pad=0
            )


def _legend(surface: pygame.Surface, area: pygame.Rect, chart: Chart) -> int:
    """The names with their inks along the bottom, over as many rows as they need; returns its height."""
    line_h = text.line_height(LEGEND)
    widest = area.width // max(1, min(len(chart.names), 3))
    cells: list[tuple[str, float, int]] = []
    for name in chart.names:
        [shown], size = text.fitted(name, LEGEND, max(40, widest - 34))
        cells.append((shown, size, text.size_of(shown, size)[0] + 34))
    rows: list[list[int]] = [[]]
    width = 0
    for seat, (_, _, w) in enumerate(cells):
        if rows[-1] and width + w > area.width:
            rows.append([])
            width = 0
        rows[-1].append(seat)
        width += w
    y = area.bottom - len(rows) * line_h
    for row in rows:
        x = area.centerx - sum(cells[s][2] for s in row) // 2
        for seat in row:
            mid = y + line_h // 2
            pygame.draw.line(surface, ink(seat), (x, mid), (x + 20, mid), 2)
            _mark(surface, MARKS[seat % len(MARKS)], (x + 10, mid), 4, ink(seat))
            name, size, w = cells[seat]
            cell = pygame.Rect(x + 26, y, w - 26, line_h)
            text.draw(surface, name, cell.midleft, size, theme.INK, "midleft", box=cell, pad=0)
            x += w
        y += line_h
    return len(rows) * line_h


def _mark(
    surface: pygame.Surface, shape: str, at: tuple[int, int], r: int, colour: tuple[int, int, int]
) -> None:
    x, y = at
    if shape == "circle":
        pygame.draw.circle(surface, colour, at, r)
    elif shape == "square":
        pygame.draw.rect(surface, colour, pygame.Rect(x - r + 1, y - r + 1, 2 * r - 1, 2 * r - 1))
    elif shape == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)])
    else:
        pygame.draw.polygon(surface, colour, [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)])


def _signed(value: int) -> str:
    return f"{value:+d}".replace("-", "−") if value else "0"
