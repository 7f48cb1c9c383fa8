"""How help while playing looks: a soft glow behind the card taking the trick and a small brass medal on
it, a crown medal on the called king in the hand, and the compact panel of cards gone. What they mark is
the rules' answer (`game/games/<game>/aids.py`); this module only draws it, each piece composed once."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.ui import drawn, text, theme
from game.ui.panel import draw_panel

GLOW = (255, 226, 150)  # the warm light round the winning card
TOKEN = theme.SIZE_SMALL - 4  # the gone panel's type size


@dataclass(frozen=True)
class Row:
    """One row of the gone panel: its heading (a suit symbol or a word) and its cards with their short
    names, in the order they are shown."""

    label: str
    cards: tuple[tuple[str, str], ...]  # (card, short name)


@lru_cache(maxsize=8)
def _halo(size: tuple[int, int], spread: int) -> pygame.Surface:
    """A soft warm glow a little larger than a card of `size`, blurred once."""
    w, h = size
    pad = spread * 2
    small = pygame.Surface(((w + 2 * pad) // 4 + 1, (h + 2 * pad) // 4 + 1), pygame.SRCALPHA)
    inner = pygame.Rect(
        pad // 4 - spread // 8, pad // 4 - spread // 8, w // 4 + spread // 4, h // 4 + spread // 4
    )
    pygame.draw.rect(small, (*GLOW, 200), inner, border_radius=max(2, w // 40))
    blurred = pygame.transform.gaussian_blur(small, max(1, spread // 5))
    return _ready(pygame.transform.smoothscale(blurred, (w + 2 * pad, h + 2 * pad)))


def draw_halo(surface: pygame.Surface, rect: pygame.Rect, card_w: int) -> None:
    """The glow behind a card (drawn before it, so only its rim shows round the card's edge)."""
    halo = _halo(rect.size, max(6, card_w // 7))
    surface.blit(halo, halo.get_rect(center=rect.center))


def _star(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    x, y = centre
    points = []
    for i in range(10):
        r = radius if i % 2 == 0 else radius * 0.45
        angle = -math.pi / 2 + i * math.pi / 5
        points.append((x + r * math.cos(angle), y + r * math.sin(angle)))
    return points


def _crown(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    x, y = centre
    w, h = radius * 1.2, radius * 0.9
    top, base = y - h * 0.6, y + h * 0.55
    return [
        (x - w, base),
        (x - w, top),
        (x - w * 0.5, y),
        (x, top - h * 0.25),
        (x + w * 0.5, y),
        (x + w, top),
        (x + w, base),
    ]


@lru_cache(maxsize=8)
def _medal(radius: int, emblem: str) -> pygame.Surface:
    """A brass disc with a dark rim and an emblem ("star": the winning card, "crown": the called king),
    drawn at four times the size and scaled down so its edges are smooth."""
    big = radius * 4
    side = big * 2 + 8
    surf = pygame.Surface((side, side), pygame.SRCALPHA)
    centre = (side / 2, side / 2)
    pygame.draw.circle(surf, (0, 0, 0, 90), (centre[0] + 4, centre[1] + 6), big)
    pygame.draw.circle(surf, theme.WALNUT_DARK, centre, big)
    pygame.draw.circle(surf, theme.BRASS, centre, big - 5)
    pygame.draw.circle(surf, theme.BRASS_LIGHT, (centre[0] - big * 0.2, centre[1] - big * 0.2), big * 0.55)
    pygame.draw.circle(surf, theme.BRASS, centre, big - 5, 6)
    shape = _star(centre, big * 0.62) if emblem == "star" else _crown(centre, big * 0.55)
    pygame.draw.polygon(surf, theme.WALNUT_DARK, shape)
    size = side // 4
    return _ready(pygame.transform.smoothscale(surf, (size, size)))


def medal_radius(card_w: int) -> int:
    return max(7, card_w // 9)


def draw_medal(surface: pygame.Surface, at: tuple[int, int], card_w: int, emblem: str) -> None:
    """A small medal centred on `at` (a card's corner or top edge)."""
    medal = _medal(medal_radius(card_w), emblem)
    surface.blit(medal, medal.get_rect(center=at))


def draw_winning(surface: pygame.Surface, rect: pygame.Rect, card_w: int, over: list[pygame.Rect]) -> None:
    """The star medal on a corner of the card taking the trick that no card played after it (`over`)
    hides: top right if free, else another, so the medal never seems to sit on a later card."""
    r = medal_radius(card_w)
    corners = [
        (rect.right - r // 2, rect.y + r // 2),
        (rect.x + r // 2, rect.y + r // 2),
        (rect.x + r // 2, rect.bottom - r // 2),
        (rect.right - r // 2, rect.bottom - r // 2),
    ]
    at = next((c for c in corners if not any(o.inflate(2 * r, 2 * r).collidepoint(c) for o in over)), None)
    draw_medal(surface, at or rect.center, card_w, "star")


def gone_panel(
    rows: tuple[Row, ...],
    gone: frozenset[str],
    marked: str | None,
    title: str,
    footer: str,
    four_colour: bool,
    size: float = TOKEN,
) -> pygame.Surface:
    """The cards of `rows`, those `gone` faded and struck through, `marked` ringed; under `title`, with
    `footer` (the point count) last; framed in glass when titled; its type `size` (smaller for a low band).
    Composed once per content, window size and suit colours."""
    return _compose(rows, gone, marked, title, footer, size, (text.px(size), four_colour))


def gone_height(rows: int, size: float = TOKEN) -> int:
    """How tall an untitled gone panel of `rows` rows is in type `size`."""
    return 2 * 2 + rows * (text.ink_height(size, True) + 4)


@lru_cache(maxsize=16)
def _compose(
    rows: tuple[Row, ...],
    gone: frozenset[str],
    marked: str | None,
    title: str,
    footer: str,
    size: float,
    look: object,
) -> pygame.Surface:
    del look  # only keys the cache: the type's pixel size and the suit colours the text module draws in
    line_h = text.ink_height(size, True) + 4
    pad = 10 if title else 2
    label_w = max((text.size_of(row.label, size, bold=True)[0] for row in rows), default=0)
    names = [name for row in rows for _, name in row.cards]
    cell = max((text.size_of(name, size)[0] for name in names), default=0) + 6
    columns = max((len(row.cards) for row in rows), default=0)
    width = pad * 2 + (label_w + 8 if label_w else 0) + columns * cell
    title_h = text.line_height(size + 1) + 4 if title else 0
    footer_h = text.line_height(size) + 4 if footer else 0
    if footer:
        width = max(width, text.size_of(footer, size, bold=True)[0] + 2 * pad)
    if title:
        width = max(width, text.size_of(title, size + 1, bold=True)[0] + 2 * pad)
    height = pad * 2 + title_h + len(rows) * line_h + footer_h
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    whole = surf.get_rect()
    if title:
        draw_panel(surf, whole, "glass")
        text.draw(surf, title, (pad, pad - 1), size + 1, theme.BRASS_LIGHT, bold=True, box=whole, pad=pad - 4)
    y = pad + title_h
    for row in rows:
        heading = pygame.Rect(pad, y, label_w, line_h)
        text.draw(
            surf, row.label, heading.midleft, size, theme.PARCHMENT, "midleft", bold=True, box=heading, pad=0
        )
        x = pad + (label_w + 8 if label_w else 0)
        for i, (card, name) in enumerate(row.cards):
            cell_rect = pygame.Rect(x + i * cell, y, cell, line_h)
            _token(surf, cell_rect, name, card in gone, card == marked, size)
        y += line_h
    if footer:
        foot = pygame.Rect(pad, y + 2, width - 2 * pad, footer_h)
        text.draw(surf, footer, foot.midleft, size, theme.BRASS_LIGHT, "midleft", bold=True, box=foot, pad=0)
    return _ready(surf)


def _ready(surf: pygame.Surface) -> pygame.Surface:
    """In the screen's pixel format once there is a screen, so that blitting it every frame is cheap."""
    if pygame.display.get_surface() is None:
        return surf
    ready = surf.convert_alpha()
    drawn.copy(surf, ready)
    return ready


def _token(surf: pygame.Surface, cell: pygame.Rect, name: str, gone: bool, marked: bool, size: float) -> None:
    if marked:
        ring = cell.inflate(-1, -1)
        pygame.draw.rect(surf, theme.BRASS_LIGHT, ring, 1, border_radius=ring.height // 2)
    if not gone:
        text.draw(surf, name, cell.center, size, theme.CREAM, "center", bold=True, box=cell, pad=0)
        return
    faded = text.render(name, size, theme.CREAM, bold=True).copy()  # cream: a suit keeps its chip
    faded.set_alpha(80)
    at = faded.get_rect(centerx=cell.centerx, y=text.centred_top(cell.centery, size, True))
    surf.blit(faded, at)
    drawn.text(surf, name, at.topleft, faded, cell, 0)
    y = at.centery + 1
    pygame.draw.line(surf, theme.FAILURE, (at.x - 2, y), (at.right + 1, y), max(1, at.height // 10))
