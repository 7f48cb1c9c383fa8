"""The story graph as the adventure editor draws it: each challenge and ending a card on the page, the links
as arrows coloured by outcome (success, failure, fireworks), what no path reaches greyed, a challenge that
never leads to an ending edged in red, a link not chosen yet a red stub. Columns follow the story from its
start; a long story folds into bands so every card stays readable."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.games.falkenstein.drafting import Picture, Place
from game.games.falkenstein.scenario import Scenario
from game.games.falkenstein.words import SUIT_CHARS, talent_name
from game.i18n import tr
from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.salon import Grid

INK = {"success": theme.SUCCESS, "failure": theme.FAILURE, "fireworks": theme.BRASS_LIGHT}
LIFT = {"success": -1, "fireworks": 0, "failure": 1}  # where a line leaves its card, in sixths of its height
SIZE = theme.SIZE_SMALL - 3


@dataclass(frozen=True)
class Layout:
    """Where each place's card is, and which band of the folded picture holds it (with the bands' tops)."""

    cards: dict[str, pygame.Rect]
    bands: dict[str, int]
    tops: tuple[int, ...]


def layout(picture: Picture, area: pygame.Rect, g: Grid) -> Layout:
    """Each place's card: columns side by side, folded into bands when there are more than fit."""
    fit = max(1, area.width // g(112))
    bands = max(1, math.ceil(picture.columns / fit))
    columns = min(picture.columns, fit)
    col_w = area.width // max(1, columns)
    band_h = area.height // bands
    rows_in: dict[int, int] = {}
    for place in picture.places:
        band = place.column // fit
        rows_in[band] = max(rows_in.get(band, 0), place.row + 1)
    cards: dict[str, pygame.Rect] = {}
    bands_of: dict[str, int] = {}
    for place in picture.places:
        band, column = divmod(place.column, fit)
        row_h = (band_h - g(16)) // max(1, rows_in[band])
        w, h = min(g(180), col_w - g(22)), min(g(50), row_h - g(10))
        x = area.x + column * col_w + (col_w - w) // 2
        y = area.y + band * band_h + g(16) + place.row * row_h + (row_h - h) // 2
        cards[place.id] = pygame.Rect(x, y, w, h)
        bands_of[place.id] = band
    return Layout(cards, bands_of, tuple(area.y + band * band_h for band in range(bands)))


def draw(
    surface: pygame.Surface,
    picture: Picture,
    draft: Scenario,
    area: pygame.Rect,
    language: str,
    g: Grid,
    chosen: str = "",
) -> dict[str, pygame.Rect]:
    """Draws the graph in `area`; returns each place's card (a click on one opens it)."""
    laid = layout(picture, area, g)
    cards = laid.cards
    clip = surface.get_clip()
    surface.set_clip(area)
    detours = 0
    stubs: list[tuple[int, int]] = []
    for line in picture.lines:
        start = cards.get(line.source)
        if start is None:
            continue
        end = cards.get(line.target)
        leave = (start.right, start.centery + LIFT[line.outcome] * start.height // 6)
        if end is None:  # leads nowhere yet: a red stub ending in a question mark, over the cards
            stubs.append(leave)
            continue
        ink = INK[line.outcome]
        if laid.bands[line.source] == laid.bands[line.target] and end.x > leave[0] + g(6):
            _arrow(surface, [leave, (end.x, end.centery)], ink, g)
        elif end.x == start.x and laid.bands[line.source] == laid.bands[line.target]:  # down its own column
            out = leave[0] + g(8) + detours % 4 * g(3)
            _arrow(surface, [leave, (out, leave[1]), (out, end.centery), (end.right, end.centery)], ink, g)
        else:  # back, or into another band: along the top of the target's band
            lane = laid.tops[laid.bands[line.target]] + g(4) + detours % 4 * g(3)
            out, back = leave[0] + g(8) + detours % 3 * g(2), end.x - g(10)
            points = [
                leave,
                (out, leave[1]),
                (out, lane),
                (back, lane),
                (back, end.centery),
                (end.x, end.centery),
            ]
            _arrow(surface, points, ink, g)
        detours += 1
    for place in picture.places:
        _card(surface, place, cards[place.id], draft, picture, language, place.id == chosen)
    for x, y in stubs:
        pygame.draw.line(surface, theme.FAILURE, (x, y), (x + g(10), y), 2)
        pygame.draw.circle(surface, theme.FAILURE, (x + g(16), y), g(8))
        mark = pygame.Rect(0, 0, 2 * g(8), 2 * g(8))
        mark.center = (x + g(16), y)
        text.draw(surface, "?", mark.center, SIZE, theme.CREAM, "center", bold=True, box=mark, pad=0)
    surface.set_clip(clip)
    return cards


def _arrow(
    surface: pygame.Surface, points: list[tuple[int, int]], ink: tuple[int, int, int], g: Grid
) -> None:
    """A line through `points`, its head at the last one, pointing the way the last stretch goes."""
    pygame.draw.lines(surface, ink, False, points, 2)
    (x0, _), (x, y) = points[-2], points[-1]
    d = g(7) * (1 if x >= x0 else -1)
    pygame.draw.polygon(surface, ink, [(x, y), (x - d, y - abs(d) // 2 - 1), (x - d, y + abs(d) // 2 + 1)])


def _card(
    surface: pygame.Surface,
    place: Place,
    rect: pygame.Rect,
    draft: Scenario,
    picture: Picture,
    language: str,
    chosen: bool,
) -> None:
    draw_panel(surface, rect, "disabled" if place.unreached else "hover" if chosen else "button")
    edge = None
    if place.trapped:
        edge = theme.FAILURE
    elif place.ending:
        edge = theme.SUCCESS if place.happy else theme.VERMILION
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, 2, border_radius=6)
    if chosen:
        pygame.draw.rect(surface, theme.FOCUS, rect.inflate(4, 4), 2, border_radius=8)
    inner = rect.inflate(-2 * max(4, rect.height // 8), -2 * text.PAD)
    title = draft.title_of(place.id).get(language) or place.id
    colour = theme.DIM if place.unreached else theme.CREAM
    if place.start:
        title = f"▶ {title}"
    detail = _detail(place, draft, picture)
    flawed = place.trapped or place.unreached or detail == tr("editor.graph.unlinked")
    ink = theme.FAILURE if flawed else theme.PARCHMENT
    size, small = text.stacked(SIZE, SIZE, inner.height)
    short = (detail.split(" · ")[0],) if " · " in detail else ()  # the talent without its level
    [named], size = text.fitted(title, size, inner.width)
    [said], small = text.fitted(detail, small, inner.width, italic=True, short=short)
    two = text.ink_height(size) + 1 + text.ink_height(small) + 1 <= inner.height
    if two and not isinstance(named, text.Shortened) and (flawed or not isinstance(said, text.Shortened)):
        high, low = text.ink_height(size), text.ink_height(small)
        top = inner.centery - (high + 1 + low) // 2
        text.draw(surface, named, (inner.x, top + high // 2), size, colour, "midleft", box=rect)
        at = (inner.x, top + high + 1 + low // 2)
        text.draw(surface, said, at, small, ink, "midleft", italic=True, box=rect)
        return
    # a card too small for both: its title alone, over both lines if need be (the chosen card's
    # challenge, and what is wrong with it, read in full beside the graph)
    lines, size = text.fitted(title, SIZE, inner.width, inner.height)
    text.draw_lines(surface, lines, (inner.x, inner.centery), size, colour, "left", box=rect)


def _detail(place: Place, draft: Scenario, picture: Picture) -> str:
    """The card's second line: what is wrong with it, else what it is."""
    if place.unreached:
        return tr("editor.graph.unreached")
    if place.trapped:
        return tr("editor.graph.trapped")
    if any(line.source == place.id and not line.target for line in picture.lines):
        return tr("editor.graph.unlinked")
    if place.ending:
        return tr("editor.ending.happy" if place.happy else "editor.ending.sad")
    challenge = draft.challenge(place.id)
    if challenge is None:
        return ""
    suit = SUIT_CHARS[challenge.suit]
    return f"{talent_name(challenge.talent)} {suit} · {tr(f'level.{challenge.opposition}')}"
