"""Draw every Atout card face, back and suit icon into assets/cards/ (our own art, rebuilt pixel for pixel).

Everything is computed: a card is drawn at 4x on an RGBA canvas in card units (240x336, the 2x master size)
through a small `Pen` that moves, scales, turns and mirrors shapes, then smoothscaled down, which
anti-aliases every edge. Suits are drawn shapes, never glyphs (EB Garamond has none). A seeded, uneven paper
tone gives the cream stock its old-photograph feel. The tests re-render and compare with the committed files.
"""

from __future__ import annotations

import argparse
import itertools
import math
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache, partial
from pathlib import Path
from random import Random
from typing import TypeAlias

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
from fontpkg_eb_garamond import ROOT as FONT_ROOT

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "cards"
FONT_PATH = FONT_ROOT / "files" / "EBGaramond[wght].ttf"
CAP_HEIGHT = 0.655  # EB Garamond's cap height in ems: text is centred on its capitals, not its line box

W, H = 240, 336  # card master size in card units (the 2x size of a 120x168 card)
SS = 4  # supersampling factor
CORNER = 14.0
ICON = 64
SEED = 1890

Color: TypeAlias = tuple[int, int, int]
Point: TypeAlias = tuple[float, float]
Points: TypeAlias = Sequence[Point]
Palette: TypeAlias = dict[str, Color]

CREAM = (243, 234, 211)
CREAM_DEEP = (232, 219, 188)
CREAM_HATCH = (217, 200, 162)
EDGE = (196, 182, 150)
INK = (31, 27, 25)
SEPIA = (104, 78, 54)
RED = (184, 48, 34)
BLUE = (38, 74, 140)
GREEN = (36, 108, 62)
BRASS = (178, 140, 66)
BRASS_LIGHT = (222, 190, 118)
BRASS_DARK = (120, 88, 38)
WALNUT = (88, 56, 34)
WALNUT_DARK = (58, 36, 22)
CLARET = (92, 24, 36)
SLATE = (78, 94, 112)
FOREST = (24, 62, 46)
FLESH = (236, 208, 176)

STANDARD: Palette = {"S": INK, "H": RED, "D": RED, "C": INK}
FOUR_COLOUR: Palette = {"S": INK, "H": RED, "D": BLUE, "C": GREEN}
SUITS = "SHDC"
FRENCH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
TAROCK_RED = ("K", "Q", "C", "J", "1", "2", "3", "4")
TAROCK_BLACK = ("K", "Q", "C", "J", "10", "9", "8", "7")
TAROCK_INDEX = {"K": "K", "Q": "D", "C": "R", "J": "B"}  # König, Dame, Reiter, Bube


def roman(n: int) -> str:
    """Roman numeral of a trump (1-21)."""
    tens, units = divmod(n, 10)
    return "X" * tens + ("", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")[units]


ROMAN = tuple(roman(n) for n in range(1, 22))


# --- geometry --------------------------------------------------------------------------------------


def bezier(p0: Point, p1: Point, p2: Point, p3: Point, steps: int = 14) -> list[Point]:
    """A cubic Bézier as points, its end left off so curves chain without doubled vertices."""
    out = []
    for i in range(steps):
        t = i / steps
        w = ((1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t**3)
        pts = (p0, p1, p2, p3)
        out.append(
            (
                sum(k * p[0] for k, p in zip(w, pts, strict=True)),
                sum(k * p[1] for k, p in zip(w, pts, strict=True)),
            )
        )
    return out


def curve_path(start: Point, *curves: tuple[Point, Point, Point]) -> list[Point]:
    """Chained Béziers from `start`, each given as (control, control, end)."""
    pts: list[Point] = []
    here = start
    for c1, c2, end in curves:
        pts += bezier(here, c1, c2, end)
        here = end
    return [*pts, here]


def mirrored(half: Points) -> list[Point]:
    """Close a right half drawn from the top centre to the bottom centre with its mirror image."""
    return [*half, *((-x, y) for x, y in reversed(half))]


def smooth(points: Points, steps: int = 6) -> list[Point]:
    """A closed Catmull-Rom spline through `points`: silhouettes are written as a few key points."""
    n = len(points)
    out = []
    for i in range(n):
        (ax, ay), (bx, by), (cx, cy), (dx, dy) = (points[(i + k) % n] for k in (-1, 0, 1, 2))
        for s in range(steps):
            t = s / steps
            w = (-t + 2 * t * t - t**3, 2 - 5 * t * t + 3 * t**3, t + 4 * t * t - 3 * t**3, -t * t + t**3)
            out.append(
                (
                    0.5 * (w[0] * ax + w[1] * bx + w[2] * cx + w[3] * dx),
                    0.5 * (w[0] * ay + w[1] * by + w[2] * cy + w[3] * dy),
                )
            )
    return out


def ellipse_points(
    cx: float, cy: float, rx: float, ry: float, a0: float = 0.0, a1: float = 360.0, steps: int = 48
) -> list[Point]:
    """Points along an ellipse arc (degrees, clockwise on screen)."""
    angles = (math.radians(a0 + (a1 - a0) * i / steps) for i in range(steps + 1))
    return [(cx + rx * math.cos(a), cy + ry * math.sin(a)) for a in angles]


def rounded_rect(x: float, y: float, w: float, h: float, r: float) -> list[Point]:
    """A rounded rectangle as a polygon, so it turns with the pen like any other shape."""
    corners = (
        (x + w - r, y + r, -90),
        (x + w - r, y + h - r, 0),
        (x + r, y + h - r, 90),
        (x + r, y + r, 180),
    )
    pts: list[Point] = []
    for cx, cy, a in corners:
        pts += ellipse_points(cx, cy, r, r, a, a + 90, 8)
    return pts


def star_points(n: int, r_out: float, r_in: float, turn: float = -90.0) -> list[Point]:
    """An n-pointed star around the origin."""
    pts = []
    for i in range(2 * n):
        r, a = (r_in if i % 2 else r_out), math.radians(turn + 180 * i / n)
        pts.append((r * math.cos(a), r * math.sin(a)))
    return pts


# --- the pen -----------------------------------------------------------------------------------------


@cache
def font(px: int, outline: int = 0) -> pygame.font.Font:
    """EB Garamond at a pixel size, optionally as its outline; cached, cards ask for the same few sizes."""
    f = pygame.font.Font(FONT_PATH, px)
    f.outline = outline
    return f


@cache
def glyphs(text: str, px: int, color: Color, weight: float, tracking: float) -> tuple[pygame.Surface, float]:
    """Render text, emboldened by laying the glyph over its own outline; returns it with its baseline."""
    grow = round(px * weight)
    chars = list(text) if tracking else [text]
    plain = font(px)
    widths = [plain.size(c)[0] for c in chars]
    total = sum(widths) + tracking * px * (len(chars) - 1) + 2 * grow
    surf = pygame.Surface((math.ceil(total), plain.get_height() + 2 * grow), pygame.SRCALPHA)
    x = 0.0
    for c, w in zip(chars, widths, strict=True):
        if grow:
            surf.blit(font(px, grow).render(c, True, color), (round(x), 0))
        surf.blit(plain.render(c, True, color), (round(x) + grow, grow))
        x += w + tracking * px
    return surf, plain.get_ascent() + grow


class Pen:
    """Maps local coordinates onto the supersampled canvas; `at` makes a moved, scaled, turned or mirrored
    sub-pen.

    Shapes are written once in their own coordinates and placed by sub-pens, so a pip, an ace, a court's
    upturned half and a 64 px icon come from the same code. Text turns with the pen but is never mirrored.
    """

    __slots__ = ("_cos", "_sin", "angle", "flip", "ox", "oy", "scale", "surf")

    def __init__(
        self,
        surf: pygame.Surface,
        ox: float = 0.0,
        oy: float = 0.0,
        scale: float = 1.0,
        angle: float = 0.0,
        flip: float = 1.0,
    ):
        self.surf, self.ox, self.oy, self.scale, self.angle, self.flip = surf, ox, oy, scale, angle, flip
        self._cos, self._sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def at(self, x: float, y: float, scale: float = 1.0, angle: float = 0.0, mirror: bool = False) -> Pen:
        ox, oy = self.map((x, y))
        flip = -self.flip if mirror else self.flip
        return Pen(self.surf, ox, oy, self.scale * scale, self.angle + self.flip * angle, flip)

    def map(self, p: Point) -> Point:
        x, y = p[0] * self.flip, p[1]
        return (
            self.ox + self.scale * (x * self._cos - y * self._sin),
            self.oy + self.scale * (x * self._sin + y * self._cos),
        )

    def fill(self, pts: Points, color: Color) -> None:
        pygame.draw.polygon(self.surf, color, [self.map(p) for p in pts])

    def stroke(self, pts: Points, color: Color, width: float, closed: bool = False) -> None:
        """A polyline of true width with round joins (pygame's wide lines have ragged ends)."""
        mapped = [self.map(p) for p in pts]
        if closed:
            mapped.append(mapped[0])
        half = width * self.scale / 2
        if half < 1.0:
            pygame.draw.lines(self.surf, color, False, mapped, max(1, round(2 * half)))
            return
        for (x0, y0), (x1, y1) in itertools.pairwise(mapped):
            length = math.hypot(x1 - x0, y1 - y0)
            if length:
                nx, ny = -(y1 - y0) / length * half, (x1 - x0) / length * half
                pygame.draw.polygon(
                    self.surf,
                    color,
                    [(x0 + nx, y0 + ny), (x1 + nx, y1 + ny), (x1 - nx, y1 - ny), (x0 - nx, y0 - ny)],
                )
        for p in mapped:
            pygame.draw.circle(self.surf, color, p, half)

    def shape(self, pts: Points, fill: Color, line: Color = INK, width: float = 0.8) -> None:
        """Filled and outlined, the engraved look of every scene and ornament."""
        self.fill(pts, fill)
        self.stroke(pts, line, width, closed=True)

    def line(self, a: Point, b: Point, color: Color, width: float) -> None:
        self.stroke((a, b), color, width)

    def circle(self, x: float, y: float, r: float, color: Color, width: float = 0.0) -> None:
        c = self.map((x, y))
        if width:
            self.stroke(
                ellipse_points(x, y, r, r, steps=max(24, round(r * self.scale / 2))),
                color,
                width,
                closed=True,
            )
        else:
            pygame.draw.circle(self.surf, color, c, r * self.scale)

    def disc(self, x: float, y: float, r: float, fill: Color, line: Color = INK, width: float = 0.8) -> None:
        self.circle(x, y, r, fill)
        self.circle(x, y, r, line, width)

    def text(
        self,
        s: str,
        x: float,
        y: float,
        size: float,
        color: Color,
        weight: float = 0.0,
        tracking: float = 0.0,
    ) -> None:
        """Text centred on (x, y) by its capitals, turned with the pen."""
        surf, baseline = glyphs(s, round(size * self.scale), color, weight, tracking)
        off_x, off_y = 0.0, baseline - CAP_HEIGHT * size * self.scale / 2 - surf.get_height() / 2
        if self.angle:
            surf = pygame.transform.rotate(surf, -self.angle)
            off_x, off_y = -off_y * self._sin, off_y * self._cos
        cx, cy = self.map((x, y))
        self.surf.blit(
            surf, (round(cx - off_x - surf.get_width() / 2), round(cy - off_y - surf.get_height() / 2))
        )

    def text_width(self, s: str, size: float, weight: float = 0.0, tracking: float = 0.0) -> float:
        """Width of rendered text in local units, for laying ornaments around it."""
        return glyphs(s, round(size * self.scale), INK, weight, tracking)[0].get_width() / self.scale

    def gradient(self, x: float, y: float, w: float, h: float, top: Color, bottom: Color) -> None:
        """A vertical gradient in bands of one card unit, fine enough after downsampling."""
        bands = max(1, round(h * self.scale / SS))
        for i in range(bands):
            t = i / max(1, bands - 1)
            red, green, blue = (round(a + (b - a) * t) for a, b in zip(top, bottom, strict=True))
            y0 = y + h * i / bands
            band = ((x, y0), (x + w, y0), (x + w, y0 + h / bands + 0.3), (x, y0 + h / bands + 0.3))
            self.fill(band, (red, green, blue))

    @contextmanager
    def clip(self, x0: float, y0: float, x1: float, y1: float) -> Iterator[None]:
        """Restrict drawing to a local rectangle (axis-aligned after any half turn)."""
        (ax, ay), (bx, by) = self.map((x0, y0)), self.map((x1, y1))
        old = self.surf.get_clip()
        self.surf.set_clip(
            pygame.Rect(round(min(ax, bx)), round(min(ay, by)), round(abs(bx - ax)), round(abs(by - ay)))
        )
        try:
            yield
        finally:
            self.surf.set_clip(old)


# --- suit shapes (each 1 unit tall, centred on the origin) ------------------------------------------

HEART = mirrored(
    curve_path(
        (0.0, -0.27),
        ((0.04, -0.44), (0.15, -0.5), (0.27, -0.5)),
        ((0.42, -0.5), (0.52, -0.37), (0.51, -0.21)),
        ((0.5, 0.02), (0.2, 0.22), (0.0, 0.5)),
    )
)
SPADE = mirrored(
    curve_path(
        (0.0, -0.5),
        ((0.12, -0.3), (0.5, -0.16), (0.49, 0.08)),
        ((0.48, 0.25), (0.35, 0.31), (0.24, 0.3)),
        ((0.13, 0.29), (0.07, 0.24), (0.035, 0.19)),
        ((0.06, 0.36), (0.12, 0.46), (0.22, 0.5)),
    )
)
DIAMOND = mirrored(
    curve_path(
        (0.0, -0.5), ((0.12, -0.3), (0.27, -0.14), (0.4, 0.0)), ((0.27, 0.14), (0.12, 0.3), (0.0, 0.5))
    )
)
CLUB_STEM = mirrored(
    curve_path(
        (0.0, 0.0), ((0.03, 0.0), (0.04, 0.1), (0.05, 0.16)), ((0.08, 0.36), (0.13, 0.46), (0.22, 0.5))
    )
)
CLUB_LEAVES = ((0.0, -0.265), (-0.255, 0.075), (0.255, 0.075))
CLUB_R = 0.235


def spade(pen: Pen, color: Color) -> None:
    pen.fill(SPADE, color)


def heart(pen: Pen, color: Color) -> None:
    pen.fill(HEART, color)


def diamond(pen: Pen, color: Color) -> None:
    pen.fill(DIAMOND, color)


def club(pen: Pen, color: Color) -> None:
    for x, y in CLUB_LEAVES:
        pen.circle(x, y, CLUB_R, color)
    pen.fill(((0.0, -0.1), (0.15, 0.12), (-0.15, 0.12)), color)
    pen.fill(CLUB_STEM, color)


SUIT_SHAPES: dict[str, Callable[[Pen, Color], None]] = {"S": spade, "H": heart, "D": diamond, "C": club}


def pip(pen: Pen, suit: str, x: float, y: float, size: float, color: Color, upturned: bool = False) -> None:
    """One suit symbol `size` units tall centred on (x, y)."""
    SUIT_SHAPES[suit](pen.at(x, y, size, 180.0 if upturned else 0.0), color)


def suit_icon(suit: str, color: Color, size: int = ICON) -> pygame.Surface:
    """A suit symbol alone on a transparent square, supersampled like the cards."""
    surf = pygame.Surface((size * SS, size * SS), pygame.SRCALPHA)
    surf.fill((*color, 0))
    pip(Pen(surf, scale=SS), suit, size / 2, size / 2, size * 0.86, color)
    return pygame.transform.smoothscale(surf, (size, size))


# --- card stock ----------------------------------------------------------------------------------------


@cache
def paper() -> pygame.Surface:
    """Seeded, gently uneven tone darkening towards the edges, multiplied over every card: the cream stock
    of an old photograph. Low resolution and smooth on purpose, so the PNGs stay small."""
    rng = Random(SEED)
    cols, rows = 30, 42
    cells = bytearray()
    for j in range(rows):
        for i in range(cols):
            d = ((i + 0.5) / cols * 2 - 1) ** 2 + ((j + 0.5) / rows * 2 - 1) ** 2
            v = 255 - 9 * d * d - rng.randrange(5)
            cells += bytes((round(v), round(v * 0.992), round(v * 0.975)))
    return pygame.transform.smoothscale(pygame.image.frombytes(bytes(cells), (cols, rows), "RGB"), (W, H))


def blank() -> tuple[pygame.Surface, Pen]:
    """A supersampled canvas holding the rounded card, transparent outside (in the edge colour, so the
    smoothscaled rim does not darken)."""
    surf = pygame.Surface((W * SS, H * SS), pygame.SRCALPHA)
    surf.fill((*EDGE, 0))
    pen = Pen(surf, scale=SS)
    pen.fill(rounded_rect(0, 0, W, H, CORNER), EDGE)
    pen.fill(rounded_rect(0.8, 0.8, W - 1.6, H - 1.6, CORNER - 0.8), CREAM)
    return surf, pen


def printed_border(pen: Pen, color: Color = SEPIA) -> None:
    """The thin printed double rule every face shares."""
    pen.stroke(rounded_rect(6, 6, W - 12, H - 12, 9), color, 1.3, closed=True)
    pen.stroke(rounded_rect(8.6, 8.6, W - 17.2, H - 17.2, 7), color, 0.5, closed=True)


def finish(surf: pygame.Surface) -> pygame.Surface:
    """Down to master size, then the paper grain."""
    card = pygame.transform.smoothscale(surf, (W, H))
    card.blit(paper(), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    return card


def face(draw: Callable[[Pen], None]) -> pygame.Surface:
    """A cream face with its printed border, drawn by `draw`."""
    surf, pen = blank()
    printed_border(pen)
    draw(pen)
    return finish(surf)


def both_ends(pen: Pen, draw: Callable[[Pen], None]) -> None:
    """Draw something in the top-left corner and again turned about the card centre."""
    draw(pen)
    draw(pen.at(W, H, angle=180.0))


# --- ornaments -----------------------------------------------------------------------------------------


def hatch(
    pen: Pen, x: float, y: float, w: float, h: float, ground: Color, line: Color, step: float = 2.4
) -> None:
    """A tinted ground ruled with fine lines, like the engraved backgrounds of banknotes."""
    pen.fill(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), ground)
    yy = y + step / 2
    while yy < y + h:
        pen.line((x, yy), (x + w, yy), line, 0.25)
        yy += step


def frame(pen: Pen, x: float, y: float, w: float, h: float, band: Color = BRASS) -> None:
    """A printed frame: ink rule, brass band, ink hairline, brass studs in the corners."""
    pen.stroke(rounded_rect(x, y, w, h, 3), INK, 1.1, closed=True)
    pen.stroke(rounded_rect(x + 2.2, y + 2.2, w - 4.4, h - 4.4, 2), band, 2.4, closed=True)
    pen.stroke(rounded_rect(x + 4.2, y + 4.2, w - 8.4, h - 8.4, 1.5), INK, 0.5, closed=True)
    for cx, cy in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        pen.shape(((cx, cy - 4), (cx + 4, cy), (cx, cy + 4), (cx - 4, cy)), band, width=0.6)


def rosette(pen: Pen, x: float, y: float, r: float, petal: Color, heart_: Color, petals: int = 8) -> None:
    """A flat flower of ellipse petals, the stock ornament of the period."""
    for i in range(petals):
        sub = pen.at(x, y, angle=360 * i / petals)
        sub.fill(ellipse_points(0, -r * 0.55, r * 0.22, r * 0.45, steps=20), petal)
    pen.circle(x, y, r * 0.25, heart_)


def sunburst(pen: Pen, r: float, color: Color, rays: int = 48, width: float = 0.35) -> None:
    """Fine radiating rules, alternately long and short: an engraver's glory behind a motif."""
    for i in range(rays):
        a = math.radians(360 * i / rays)
        inner = r * (0.2 if i % 2 else 0.35)
        pen.line((inner * math.cos(a), inner * math.sin(a)), (r * math.cos(a), r * math.sin(a)), color, width)


# --- corner indices and pips ---------------------------------------------------------------------------

PIP_LAYOUTS: dict[int, tuple[Point, ...]] = {
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0, 0), (1, 0), (0, 1), (1, 1)),
    5: ((0, 0), (1, 0), (0.5, 0.5), (0, 1), (1, 1)),
    6: ((0, 0), (1, 0), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    7: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0, 1), (1, 1)),
    8: ((0, 0), (1, 0), (0.5, 0.25), (0, 0.5), (1, 0.5), (0.5, 0.75), (0, 1), (1, 1)),
    9: ((0, 0), (1, 0), (0, 1 / 3), (1, 1 / 3), (0.5, 0.5), (0, 2 / 3), (1, 2 / 3), (0, 1), (1, 1)),
    10: (
        (0, 0),
        (1, 0),
        (0.5, 1 / 6),
        (0, 1 / 3),
        (1, 1 / 3),
        (0, 2 / 3),
        (1, 2 / 3),
        (0.5, 5 / 6),
        (0, 1),
        (1, 1),
    ),
}
PIP_AREA = (84.0, 60.0, 72.0, 216.0)  # x, y, w, h of the pip centres
PIP_SIZE = 38.0


def corner_index(pen: Pen, label: str, suit: str | None, color: Color) -> None:
    """Large bold rank over a small suit, in the top-left corner (call through `both_ends`)."""
    size = 54.0 if len(label) == 1 else 46.0
    pen.text(label, 28, 35, size, color, weight=0.035, tracking=-0.08 if len(label) > 1 else 0.0)
    if suit:
        pip(pen, suit, 28, 80, 24, color)


def pip_face(pen: Pen, count: int, suit: str, color: Color) -> None:
    x0, y0, w, h = PIP_AREA
    for fx, fy in PIP_LAYOUTS[count]:
        pip(pen, suit, x0 + fx * w, y0 + fy * h, PIP_SIZE, color, upturned=fy > 0.5)


def ace_face(pen: Pen, suit: str, color: Color) -> None:
    """One great suit on an engraved glory inside a brass ring, a small cream suit set into it."""
    centre = pen.at(W / 2, H / 2)
    centre.circle(0, 0, 74, CREAM_DEEP)
    sunburst(centre, 74, CREAM_HATCH, rays=72)
    centre.circle(0, 0, 74, BRASS, 2.2)
    centre.circle(0, 0, 77.5, INK, 0.6)
    centre.circle(0, 0, 70.5, INK, 0.5)
    for i in range(12):
        a = math.radians(30 * i)
        centre.disc(76 * math.cos(a), 76 * math.sin(a), 2.4, BRASS_LIGHT, INK, 0.5)
    pip(centre, suit, 0, 0, 104, color)
    pip(centre, suit, 0, -4 if suit in "SC" else -6, 30, CREAM)
    pip(centre, suit, 0, -4 if suit in "SC" else -6, 16, BRASS)


# --- court figures -------------------------------------------------------------------------------------

# Profiles face right in a 100x120 box; the bust is cut off by the divider at y = 120.
NAPE_TO_NOSE = (
    (0, 124), (2, 104), (10, 92), (26, 84), (34, 78), (33, 68), (28, 60), (24, 48), (25, 34), (32, 20),
    (44, 12), (56, 11), (66, 15), (72, 24), (74, 32), (73, 36), (77, 44), (80, 49), (76, 51), (75, 53),
)  # fmt: skip
THROAT_TO_CHEST = ((58, 72), (58, 80), (62, 86), (78, 92), (94, 100), (100, 110), (100, 124))
MAN = (
    *NAPE_TO_NOSE, (76.5, 56), (74.5, 58), (75.5, 60.5), (73, 62.5), (73.5, 66), (70, 69), (62, 70),
    *THROAT_TO_CHEST,
)  # fmt: skip
BEARDED = (*NAPE_TO_NOSE, (79, 56), (77, 60), (78, 68), (76, 76), (71, 84), (66, 82), *THROAT_TO_CHEST[1:])
CAVALIER = (
    *NAPE_TO_NOSE, (80, 54.5), (76, 57), (75.5, 60.5), (73, 62.5), (75, 66), (75, 73), (70, 71), (62, 70),
    *THROAT_TO_CHEST,
)  # fmt: skip
WOMAN = (
    (4, 124), (6, 106), (14, 96), (28, 90), (36, 82), (35, 72), (30, 62), (26, 50), (27, 36), (33, 23),
    (45, 15), (57, 14), (66, 18), (71, 26), (73, 34), (72, 38), (75, 45), (77, 49), (74, 51), (73.5, 53),
    (75, 56), (73, 58), (74, 60.5), (72, 62.5), (72, 65.5), (68, 68.5), (62, 69.5), (59, 72), (60, 84),
    (66, 90), (80, 96), (92, 104), (96, 114), (96, 124),
)  # fmt: skip


def crown(pen: Pen, fill: Color, jewel: Color) -> None:
    """A five-point royal crown set on the brow, pearls on its points."""
    tips = ((22, 2), (35, 0), (48, -4), (61, -2), (74, 2))
    dips = ((31, 19), (42, 15), (54, 13), (66, 15))
    points = [tips[0]]
    for dip, tip in zip(dips, tips[1:], strict=True):
        points += [dip, tip]
    pen.shape([(26, 28), *points, (74, 24)], fill, width=0.7)
    pen.shape(((25, 26), (74, 21), (75, 29), (28, 35)), fill, width=0.7)
    for x, y in tips:
        pen.disc(x, y, 2.4, CREAM, INK, 0.5)
    for jx, jy, col in ((38, 29.5, jewel), (50, 27.5, CREAM), (62, 26, jewel)):
        pen.disc(jx, jy, 2.1, col, INK, 0.4)


def chain(pen: Pen, color: Color) -> None:
    """The king's chain of office hanging over his ermine."""
    links = curve_path((20, 104), ((32, 114), (66, 114), (80, 104)))
    for i, (x, y) in enumerate(links[::2]):
        pen.disc(x, y, 1.5 if i % 2 else 1.1, BRASS_LIGHT, INK, 0.3)
    pen.disc(50, 116, 4.5, BRASS_LIGHT, INK, 0.5)
    pen.disc(50, 116, 2, color, INK, 0.3)


def ermine(pen: Pen) -> None:
    """Ermine across the shoulders: cream fur flecked with black tails."""
    top = curve_path(
        (0, 100),
        ((10, 90), (24, 84), (34, 82)),
        ((48, 92), (56, 92), (62, 84)),
        ((76, 88), (92, 92), (100, 102)),
    )
    bottom = curve_path((100, 114), ((90, 102), (70, 98), (50, 104)), ((30, 98), (10, 102), (0, 112)))
    pen.shape([*top, *bottom], CREAM, width=0.6)
    for x, y in ((6, 102), (18, 94), (30, 92), (44, 98), (58, 96), (72, 95), (86, 99), (96, 106)):
        pen.fill(((x, y - 3), (x + 1.6, y + 1), (x, y + 3), (x - 1.6, y + 1)), INK)


def tiara(pen: Pen, fill: Color, jewel: Color) -> None:
    """A low diadem; a ribbon binds the bun of hair at the back."""
    pen.stroke(curve_path((22, 30), ((20, 40), (26, 48), (32, 50))), fill, 1.6)
    pen.shape(((34, 20), (42, 8), (50, 15), (56, 4), (62, 14), (68, 10), (70, 22), (36, 26)), fill, width=0.7)
    pen.disc(56, 9, 2.6, jewel, INK, 0.4)
    for x, y in ((42, 9), (68, 11)):
        pen.disc(x, y, 1.8, CREAM, INK, 0.4)


def pearls(pen: Pen, color: Color) -> None:
    """The queen's pearls and jewel, and the embroidered edge of her gown."""
    for x, y in curve_path((38, 82), ((44, 94), (56, 94), (60, 84)))[::2]:
        pen.disc(x, y, 1.6, CREAM, INK, 0.3)
    pen.disc(50, 96, 3, color, BRASS_LIGHT, 0.8)
    edge = curve_path((4, 110), ((28, 100), (72, 100), (98, 112)))
    pen.stroke(edge, BRASS_LIGHT, 3.2)
    pen.stroke(edge, INK, 0.5)
    for x, y in edge[1::2]:
        pen.disc(x, y + 3.4, 1.1, BRASS_LIGHT)


def feather(pen: Pen, spine: Points, width: float, fill: Color) -> None:
    """An ostrich plume along `spine`: a tapering vane with its quill and fine barbs."""
    left: list[Point] = []
    right: list[Point] = []
    last = len(spine) - 1
    for i, (x, y) in enumerate(spine):
        (ax, ay), (bx, by) = spine[max(i - 1, 0)], spine[min(i + 1, last)]
        length = math.hypot(bx - ax, by - ay) or 1.0
        nx, ny = -(by - ay) / length, (bx - ax) / length
        half = width / 2 * math.sin(math.pi * (0.08 + 0.9 * i / last)) ** 0.6
        left.append((x + nx * half, y + ny * half))
        right.append((x - nx * half, y - ny * half))
    pen.shape([*left, *reversed(right)], fill, width=0.5)
    for i in range(2, last - 1, 2):
        pen.line(spine[i], left[i + 1], INK, 0.25)
        pen.line(spine[i], right[i + 1], INK, 0.25)
    pen.stroke(spine, INK, 0.5)


def cap_and_feather(pen: Pen, fill: Color, jewel: Color) -> None:
    """A page's soft cap worn aslant, with a sweeping plume."""
    feather(pen, curve_path((40, 14), ((26, -4), (6, -6), (-4, 16))), 9, CREAM)
    pen.shape(smooth(((20, 26), (24, 8), (50, 0), (78, 6), (86, 18), (54, 20))), jewel, width=0.7)
    pen.shape(((23, 27), (79, 18), (80, 24), (25, 33)), fill, width=0.6)
    pen.disc(38, 22, 3, CREAM, INK, 0.5)


def doublet(pen: Pen, color: Color) -> None:
    """The page's flat collar and buttoned doublet, and the hair falling to his collar."""
    pen.fill(smooth(((26, 34), (34, 40), (38, 62), (38, 78), (26, 80), (20, 56))), color)
    pen.shape(
        curve_path((34, 84), ((44, 92), (56, 92), (64, 86)), ((66, 94), (50, 100), (34, 94))),
        CREAM,
        width=0.5,
    )
    for y in (100, 108, 116):
        pen.disc(56, y, 1.8, BRASS_LIGHT, INK, 0.4)


def cavalier_hat(pen: Pen, fill: Color, jewel: Color) -> None:
    """The Reiter's broad hat, its brim cocked up at the back under a great curling plume."""
    pen.shape(smooth(((30, 22), (34, 4), (50, -2), (66, 4), (70, 20), (50, 18))), jewel, width=0.7)
    brim = ((2, 4), (10, 16), (30, 24), (60, 25), (90, 22), (100, 26), (88, 30), (56, 32), (24, 30), (6, 22))
    pen.shape(smooth(brim), jewel, width=0.7)
    pen.shape(((31, 18), (69, 16), (70, 22), (31, 24)), fill, width=0.5)
    feather(pen, curve_path((62, 16), ((58, -16), (12, -18), (4, 8)), ((0, 22), (2, 36), (8, 46))), 13, CREAM)
    pen.disc(62, 19, 3, fill, INK, 0.5)


def pauldron(pen: Pen, color: Color) -> None:
    """Scale armour on the Reiter's shoulders and a brass gorget at his throat."""
    pen.shape(
        curve_path((30, 82), ((40, 94), (60, 94), (66, 84)), ((68, 92), (40, 102), (30, 82))),
        BRASS_LIGHT,
        width=0.5,
    )
    for row in range(3):
        for i in range(6):
            x, y = 6 + i * 8 + row * 4, 100 + row * 7
            pen.stroke(ellipse_points(x, y, 4, 3, 0, 180, 8), BRASS_LIGHT, 0.7)


def jester_cap(pen: Pen, colors: Sequence[Color]) -> None:
    """Cap and bells: three floppy points, each tipped with a brass bell."""
    horns = (
        ((22, 32), (38, 14), (0, 10), (-8, 48)),
        ((34, 18), (58, 10), (40, -20), (22, -14)),
        ((54, 10), (76, 24), (92, -8), (104, 12)),
    )
    for (a, b, ctrl, tip), col in zip(horns, colors, strict=True):
        bend = ((ctrl[0] + b[0]) / 2, (ctrl[1] + b[1]) / 2)
        pen.shape([*curve_path(a, (ctrl, ctrl, tip))[:-1], *curve_path(tip, (bend, bend, b))], col, width=0.7)
        pen.disc(tip[0], tip[1], 4.2, BRASS_LIGHT, INK, 0.6)
        pen.line((tip[0] - 1.8, tip[1] + 1.2), (tip[0] + 1.8, tip[1] + 1.2), INK, 0.6)
    pen.shape(((20, 30), (76, 20), (78, 27), (23, 37)), BRASS, width=0.6)
    for i in range(5):
        pen.disc(30 + i * 11, 32 - i * 2.1, 1.5, CREAM, INK, 0.3)


def ruff(pen: Pen, points: Points) -> None:
    """A pleated collar of cream scallops along a neckline."""
    for x, y in points:
        pen.disc(x, y, 4.4, CREAM, INK, 0.5)


HEADWEAR: dict[str, Callable[[Pen, Color, Color], None]] = {
    "K": crown,
    "Q": tiara,
    "J": cap_and_feather,
    "C": cavalier_hat,
}
PROFILES = {"K": BEARDED, "Q": WOMAN, "J": MAN, "C": CAVALIER}


def bust(pen: Pen, figure: str, color: Color, accent: Color) -> None:
    """A silhouette bust in the suit colour with brass regalia, in the manner of a cut-paper portrait."""
    if figure == "Q":
        pen.circle(22, 38, 12, color)
    pen.fill(smooth(PROFILES[figure]), color)
    if figure == "K":
        ermine(pen)
        chain(pen, accent)
    elif figure == "Q":
        pearls(pen, accent)
    elif figure == "J":
        doublet(pen, color)
    else:
        pauldron(pen, color)
    HEADWEAR[figure](pen, BRASS_LIGHT, accent)


COURT = (54.0, 22.0, 132.0, 292.0)  # x, y, w, h of the court frame


def court_half(pen: Pen, figure: str, suit: str, color: Color, accent: Color) -> None:
    """The upper half of a double-headed court, in coordinates centred on the card."""
    x, y, w, _ = COURT
    left, top, right = x - W / 2 + 4.5, y - H / 2 + 4.5, x + w - W / 2 - 4.5
    turned = pen.at(0, 0, mirror=suit in "HC")  # hearts and clubs look left: courts vary in real packs too
    with pen.clip(left, top, right, 0):
        hatch(pen, left, top, right - left, -top, CREAM_DEEP, CREAM_HATCH)
        turned.circle(-6, -92, 42, CREAM)
        bust(turned.at(-58, -132, 1.1), figure, color, accent)
    pip(turned, suit, 44, -118, 22, color)


def court_face(pen: Pen, figure: str, suit: str, color: Color) -> None:
    accent = RED if color != RED else INK
    centre = pen.at(W / 2, H / 2)
    for turn in (0.0, 180.0):
        court_half(centre.at(0, 0, angle=turn), figure, suit, color, accent)
    x, y, w, h = COURT
    frame(pen, x, y, w, h)
    centre.fill(((-w / 2 + 4, -1.4), (w / 2 - 4, -1.4), (w / 2 - 4, 1.4), (-w / 2 + 4, 1.4)), BRASS)
    centre.line((-w / 2 + 4, -1.8), (w / 2 - 4, -1.8), INK, 0.5)
    centre.line((-w / 2 + 4, 1.8), (w / 2 - 4, 1.8), INK, 0.5)
    centre.shape(((0, -7), (9, 0), (0, 7), (-9, 0)), BRASS_LIGHT, width=0.6)
    centre.circle(0, 0, 2.2, accent)


# --- French cards ----------------------------------------------------------------------------------------


def french_card(rank: str, suit: str, palette: Palette) -> pygame.Surface:
    color = palette[suit]

    def draw(pen: Pen) -> None:
        both_ends(pen, lambda p: corner_index(p, rank, suit, color))
        if rank == "A":
            ace_face(pen, suit, color)
        elif rank in "JQK":
            court_face(pen, rank, suit, color)
        else:
            pip_face(pen, int(rank), suit, color)

    return face(draw)


def joker_word(pen: Pen, color: Color) -> None:
    """JOKER set vertically, letter over letter, in the corner."""
    for i, letter in enumerate("JOKER"):
        pen.text(letter, 25, 30 + i * 27, 27, color, weight=0.04)


def harlequin(
    pen: Pen, x: float, y: float, w: float, h: float, a: Color, b: Color, step: float = 22.0
) -> None:
    """The harlequin's coat: rows of lozenges in alternating colours, brass lines along their edges."""
    dy = step * 1.4
    for j in range(round(2 * h / dy) + 2):
        for i in range(j % 2, round(2 * w / step) + 2, 2):
            cx, cy = x + i * step / 2, y + j * dy / 2
            pen.fill(
                ((cx, cy - dy / 2), (cx + step / 2, cy), (cx, cy + dy / 2), (cx - step / 2, cy)),
                a if j % 2 else b,
            )
    reach = h / dy * step
    for k in range(-round(h / dy) - 1, round(w / step) + 2):
        x0 = x + k * step + step / 2
        pen.line((x0, y), (x0 + reach, y + h), BRASS_LIGHT, 0.5)
        pen.line((x0 + reach, y), (x0, y + h), BRASS_LIGHT, 0.5)


def joker_card(color: Color, accent: Color) -> pygame.Surface:
    """Red or black joker: a jester's cut-paper profile in an oval over a harlequin chequer."""

    def draw(pen: Pen) -> None:
        both_ends(pen, lambda p: joker_word(p, color))
        x, y, w, h = COURT
        with pen.clip(x, y, x + w, y + h):
            harlequin(pen, x, y, w, h, color, CREAM_DEEP)
        frame(pen, x, y, w, h)
        medal = pen.at(W / 2, H / 2)
        medal.fill(ellipse_points(0, 0, 52, 92, steps=72), CREAM_DEEP)
        medal.stroke(ellipse_points(0, 0, 52, 92, steps=72), BRASS, 3.0, closed=True)
        medal.stroke(ellipse_points(0, 0, 54.5, 94.5, steps=72), INK, 0.7, closed=True)
        jester = medal.at(-52, -52)
        jester.fill(smooth(MAN), color)
        jester_cap(jester, (accent, color, BRASS))
        ruff(jester, curve_path((30, 82), ((40, 94), (58, 94), (66, 84)))[::2])
        jester.stroke(curve_path((20, 110), ((40, 116), (60, 116), (86, 110))), BRASS_LIGHT, 1.6)
        for i in range(5):
            medal.disc(0, 60 + i * 6, 1.8, BRASS_LIGHT, INK, 0.4)

    return face(draw)


def front_jester(pen: Pen, cap: Sequence[Color], coat: tuple[Color, Color]) -> None:
    """A jester seen from the front in a 100x120 box: domino mask, cap and bells, ruff, chequered coat."""
    with pen.clip(0, 0, 100, 120):
        harlequin(pen, 10, 92, 80, 40, coat[0], coat[1], step=16)
    pen.stroke(
        curve_path((8, 120), ((10, 100), (30, 92), (50, 92)), ((70, 92), (90, 100), (92, 120))), INK, 0.8
    )
    for i in range(9):
        angle = math.radians(200 + 140 * i / 8)
        pen.disc(50 + 29 * math.cos(angle), 96 + 10 * math.sin(angle), 5.4, CREAM, INK, 0.5)
    pen.shape(ellipse_points(50, 64, 17, 21), FLESH)
    mask = curve_path(
        (33, 58),
        ((36, 50), (46, 50), (50, 56)),
        ((54, 50), (64, 50), (67, 58)),
        ((64, 66), (54, 64), (50, 61)),
        ((46, 64), (36, 66), (33, 58)),
    )
    pen.fill(mask, INK)
    for ex in (42, 58):
        pen.fill(ellipse_points(ex, 58, 4, 2.2, steps=16), CREAM)
        pen.circle(ex, 58, 1.3, INK)
    pen.stroke(curve_path((44, 76), ((47, 78.5), (53, 78.5), (56, 76))), RED, 1.0)
    pen.line((50, 62), (50, 69), INK, 0.5)
    horns = (
        ((34, 50), (8, 18), (2, 62), (18, 32), (45, 44)),
        ((41, 45), (36, 12), (58, 2), (52, 20), (59, 45)),
        ((55, 44), (82, 32), (98, 62), (92, 18), (66, 50)),
    )
    for (a, out, tip, back, b), col in zip(horns, cap, strict=True):
        pen.shape([*curve_path(a, (out, out, tip))[:-1], *curve_path(tip, (back, back, b))], col, width=0.7)
        pen.disc(tip[0], tip[1], 4.4, BRASS_LIGHT, INK, 0.6)
    pen.shape(
        curve_path((32, 52), ((40, 40), (60, 40), (68, 52)), ((60, 48), (40, 48), (32, 52))), BRASS, width=0.6
    )


def twotenjack_joker() -> pygame.Surface:
    """The Two-Ten-Jack joker: a brass jester in a glory on walnut, unlike the red and black ones."""

    def draw(pen: Pen) -> None:
        both_ends(pen, lambda p: joker_word(p, BRASS_DARK))
        x, y, w, h = COURT
        pen.fill(rounded_rect(x, y, w, h, 3), WALNUT)
        centre = pen.at(W / 2, H / 2)
        with pen.clip(x, y, x + w, y + h):
            sunburst(centre, 170, BRASS, rays=64, width=0.9)
        frame(pen, x, y, w, h, BRASS_LIGHT)
        centre.circle(0, 0, 60, WALNUT_DARK)
        centre.circle(0, 0, 60, BRASS_LIGHT, 2.6)
        with pen.clip(W / 2 - 58, H / 2 - 70, W / 2 + 58, H / 2 + 52):
            front_jester(centre.at(-50, -66, 1.0), (BRASS, BRASS_LIGHT, BRASS), (BRASS, WALNUT))
        for sy in (-92, 92):
            centre.at(0, sy).fill(star_points(8, 10, 4), BRASS_LIGHT)

    return face(draw)


# --- tarock ------------------------------------------------------------------------------------------------

SKY = ((170, 188, 192), (230, 224, 204))
DUSK = ((120, 124, 150), (226, 190, 150))
NIGHT = ((34, 44, 70), (86, 96, 118))
GRASS = (132, 144, 94)
GRASS_DARK = (98, 114, 72)
FIELD = (196, 176, 110)
WATER = (116, 148, 156)
STONE = (196, 184, 160)
WALL = (232, 218, 184)
ROOF = (158, 74, 54)
WOOD = (122, 84, 52)
HILLS = (150, 160, 128)
SNOW = (242, 238, 228)
ROCK = (122, 124, 132)
PINE = (62, 88, 64)


def sky(pen: Pen, colors: tuple[Color, Color] = SKY) -> None:
    pen.gradient(0, 0, 100, 100, *colors)


def ground(pen: Pen, y: float, color: Color = GRASS) -> None:
    pen.fill(((0, y), (100, y), (100, 100), (0, 100)), color)
    pen.line((0, y), (100, y), INK, 0.5)


def hill(pen: Pen, cx: float, y: float, w: float, h: float, color: Color) -> None:
    pen.shape(ellipse_points(cx, y, w / 2, h, 180, 360, 40), color, width=0.5)


def tree(pen: Pen, x: float, y: float, s: float = 1.0) -> None:
    """A round-crowned tree: its leaf clumps are drawn inked a little larger first, so they merge."""
    pen.shape(
        ((x - 1.2 * s, y), (x - 0.8 * s, y - 10 * s), (x + 0.8 * s, y - 10 * s), (x + 1.2 * s, y)),
        WOOD,
        width=0.5,
    )
    clumps = ((0, -20, 7), (-5, -15, 5.5), (5, -15, 5.5), (0, -13, 5))
    for colour, grow in ((INK, 0.5), (GRASS_DARK, 0.0)):
        for dx, dy, r in clumps:
            pen.circle(x + dx * s, y + dy * s, r * s + grow, colour)


def pine(pen: Pen, x: float, y: float, h: float) -> None:
    pen.line((x, y), (x, y - h * 0.2), WOOD, 1.2)
    for i in range(3):
        top, base, half = y - h + i * h * 0.22, y - h * 0.45 + i * h * 0.2, h * (0.18 + 0.08 * i)
        pen.shape(((x, top), (x + half, base), (x - half, base)), PINE, width=0.5)


def house(pen: Pen, x: float, y: float, w: float, h: float, roof: Color = ROOF, wall: Color = WALL) -> None:
    """A gabled house: walls, roof, door and a window."""
    pen.shape(((x, y), (x + w, y), (x + w, y - h), (x, y - h)), wall, width=0.6)
    pen.shape(((x - 2, y - h), (x + w / 2, y - h - w * 0.45), (x + w + 2, y - h)), roof, width=0.6)
    pen.shape(
        ((x + w * 0.2, y), (x + w * 0.2, y - h * 0.55), (x + w * 0.38, y - h * 0.55), (x + w * 0.38, y)),
        WOOD,
        width=0.5,
    )
    pen.shape(
        (
            (x + w * 0.58, y - h * 0.65),
            (x + w * 0.8, y - h * 0.65),
            (x + w * 0.8, y - h * 0.35),
            (x + w * 0.58, y - h * 0.35),
        ),
        BRASS_LIGHT,
        width=0.5,
    )


BIRD = curve_path((-3, -1), ((-2, -2), (-0.5, -1.5), (0, 0)), ((0.5, -1.5), (2, -2), (3, -1)))


def birds(pen: Pen, flock: Sequence[tuple[float, float, float]]) -> None:
    for x, y, s in flock:
        pen.at(x, y, s).stroke(BIRD, INK, 0.6 / s)


def cloud(pen: Pen, x: float, y: float, s: float) -> None:
    for dx, dy, r in ((-6, 0, 4), (0, -3, 5.5), (6, 0, 4), (0, 1, 4)):
        pen.circle(x + dx * s, y + dy * s, r * s, SNOW)


def water(pen: Pen, y: float, color: Color = WATER, wave: Color = SNOW) -> None:
    pen.fill(((0, y), (100, y), (100, 100), (0, 100)), color)
    pen.line((0, y), (100, y), INK, 0.5)
    for i in range(8):
        wy = y + 4 + i * (100 - y) / 8
        for j in range(4):
            wx = (i * 17 + j * 29) % 100
            pen.line((wx, wy), (wx + 7, wy), wave, 0.5)


def sun(pen: Pen, x: float, y: float, r: float) -> None:
    rays = pen.at(x, y)
    for i in range(16):
        rays.at(0, 0, angle=22.5 * i).fill(((-1.4, -r * 1.2), (0, -r * 1.7), (1.4, -r * 1.2)), BRASS)
    pen.disc(x, y, r, BRASS_LIGHT, BRASS_DARK, 0.6)


def crescent(pen: Pen, x: float, y: float, r: float, color: Color) -> None:
    """A waxing moon: the lit outer half-circle closed by a flattened inner arc."""
    outer = ellipse_points(x, y, r, r, -90, 90, 30)
    pen.shape([*outer, *ellipse_points(x, y, 0.35 * r, r, 90, -90, 30)], color, BRASS_DARK, 0.5)


def stars(pen: Pen, spots: Sequence[tuple[float, float, float]], color: Color = BRASS_LIGHT) -> None:
    for x, y, r in spots:
        pen.at(x, y).fill(star_points(4, r, r * 0.3), color)


def rect(pen: Pen, x: float, y: float, w: float, h: float, fill: Color, width: float = 0.6) -> None:
    pen.shape(((x, y), (x + w, y), (x + w, y + h), (x, y + h)), fill, width=width)


def scene_cottage(pen: Pen) -> None:
    sky(pen)
    hill(pen, 30, 70, 110, 16, HILLS)
    ground(pen, 70)
    for i in range(5):
        pen.circle(37 + i * 3, 28 - i * 6, 2.4 + i * 0.8, SNOW)
    rect(pen, 34, 34, 6, 14, STONE)
    house(pen, 18, 78, 40, 22)
    tree(pen, 74, 80, 1.6)
    for i in range(7):
        pen.line((60 + i * 5, 86), (60 + i * 5, 80), WOOD, 0.8)
    pen.line((58, 82), (94, 82), WOOD, 0.8)


def scene_windmill(pen: Pen) -> None:
    sky(pen)
    ground(pen, 78, FIELD)
    hill(pen, 50, 78, 120, 8, GRASS)
    pen.shape(((40, 80), (60, 80), (55, 36), (45, 36)), STONE, width=0.6)
    pen.shape(((43, 36), (57, 36), (50, 28)), ROOF, width=0.6)
    rect(pen, 47, 66, 6, 14, WOOD)
    hub = pen.at(50, 36, angle=20)
    for i in range(4):
        arm = hub.at(0, 0, angle=90 * i)
        arm.line((0, 0), (0, -32), WOOD, 1.3)
        rect(arm, 1, -32, 8, 24, CREAM_DEEP, 0.5)
        for j in range(5):
            arm.line((1, -30 + j * 5), (9, -30 + j * 5), INK, 0.3)
    pen.disc(50, 36, 2, BRASS, INK, 0.5)
    birds(pen, ((80, 16, 1), (86, 20, 0.8)))


def scene_sailboat(pen: Pen) -> None:
    sky(pen)
    cloud(pen, 24, 18, 1.2)
    water(pen, 66)
    pen.shape(((20, 70), (80, 70), (72, 80), (28, 80)), WOOD)
    pen.line((50, 70), (50, 12), WOOD, 1.2)
    pen.shape(((52, 14), (52, 66), (78, 66)), SNOW)
    pen.shape(((48, 18), (48, 66), (24, 66)), CREAM_DEEP)
    pen.fill(((50, 12), (60, 14), (50, 16)), RED)
    birds(pen, ((78, 24, 1), (84, 30, 0.8), (72, 32, 0.7)))


def scene_sunrise(pen: Pen) -> None:
    sky(pen, DUSK)
    sun(pen, 50, 54, 14)
    hill(pen, 20, 72, 90, 26, HILLS)
    hill(pen, 84, 76, 80, 22, GRASS)
    ground(pen, 76, GRASS_DARK)
    for i in range(6):
        pen.line((50, 76), (-20 + i * 28, 100), GRASS, 0.8)


def scene_bridge(pen: Pen) -> None:
    sky(pen)
    hill(pen, 50, 60, 140, 12, HILLS)
    water(pen, 62)
    arch = ellipse_points(50, 76, 22, 20, 180, 360, 24)
    pen.shape([(0, 56), (100, 56), (100, 76), (72, 76), *reversed(arch), (28, 76), (0, 76)], STONE)
    pen.line((0, 52), (100, 52), INK, 0.6)
    for x in range(0, 101, 8):
        pen.line((x, 52), (x, 56), INK, 0.6)
    for a in range(195, 346, 15):
        rad = math.radians(a)
        pen.line(
            (50 + 22 * math.cos(rad), 76 + 20 * math.sin(rad)),
            (50 + 27 * math.cos(rad), 76 + 25 * math.sin(rad)),
            INK,
            0.35,
        )
    for y in (62, 69):
        pen.line((0, y), (26, y), INK, 0.3)
        pen.line((74, y), (100, y), INK, 0.3)
    tree(pen, 88, 56, 1.2)


def scene_church(pen: Pen) -> None:
    sky(pen)
    ground(pen, 80)
    rect(pen, 20, 52, 50, 28, WALL)
    pen.shape(((18, 52), (72, 52), (66, 40), (24, 40)), ROOF)
    rect(pen, 58, 26, 16, 54, WALL)
    pen.shape(((56, 26), (76, 26), (66, 4)), ROOF)
    pen.line((66, 4), (66, -2), INK, 0.8)
    pen.line((63.5, 0), (68.5, 0), INK, 0.8)
    for x in (28, 40):
        pen.shape(
            [*ellipse_points(x + 3, 62, 3, 3, 180, 360, 10), (x + 6, 72), (x, 72)], BRASS_LIGHT, width=0.5
        )
    pen.disc(66, 38, 4, CREAM, INK, 0.5)
    pen.shape([*ellipse_points(66, 70, 4, 4, 180, 360, 10), (70, 80), (62, 80)], WOOD, width=0.5)
    tree(pen, 88, 82, 1.3)


def scene_wheel(pen: Pen) -> None:
    sky(pen)
    ground(pen, 80, FIELD)
    hub = pen.at(50, 50)
    for i in range(12):
        hub.at(0, 0, angle=30 * i).shape(((-1, -6), (1, -6), (1.6, -30), (-1.6, -30)), WOOD, width=0.4)
    hub.stroke(ellipse_points(0, 0, 32, 32, steps=60), WOOD, 4.5, closed=True)
    hub.stroke(ellipse_points(0, 0, 34.4, 34.4, steps=60), INK, 0.6, closed=True)
    hub.stroke(ellipse_points(0, 0, 29.6, 29.6, steps=60), INK, 0.6, closed=True)
    hub.disc(0, 0, 7, WOOD)
    hub.disc(0, 0, 3, BRASS, INK, 0.5)


def scene_birds(pen: Pen) -> None:
    sky(pen)
    sun(pen, 78, 30, 8)
    ground(pen, 62, FIELD)
    for i in range(11):
        pen.line((50, 62), (-50 + i * 20, 100), BRASS_DARK, 0.5)
    birds(pen, ((20, 22, 1.6), (32, 30, 1.3), (44, 20, 1.1), (26, 42, 1.0), (56, 36, 0.9), (60, 14, 0.8)))


def scene_castle(pen: Pen) -> None:
    sky(pen)
    hill(pen, 50, 100, 140, 40, GRASS)
    for x, top, w in ((22, 34, 14), (64, 34, 14)):
        rect(pen, x, top, w, 34, STONE)
        for i in range(3):
            rect(pen, x + i * 5, top - 4, 4, 4, STONE, 0.4)
    rect(pen, 36, 44, 28, 24, STONE)
    for i in range(5):
        rect(pen, 36 + i * 6, 40, 4, 4, STONE, 0.4)
    rect(pen, 44, 10, 12, 34, STONE)
    pen.shape(((42, 10), (58, 10), (50, -2)), ROOF)
    pen.line((50, -2), (50, -10), INK, 0.6)
    pen.fill(((50, -10), (58, -8), (50, -6)), RED)
    pen.shape([*ellipse_points(50, 60, 5, 5, 180, 360, 10), (55, 68), (45, 68)], WOOD, width=0.5)
    for x, y in ((28, 44), (70, 44), (49, 22)):
        rect(pen, x, y, 2.5, 5, INK, 0.2)


def scene_mountains(pen: Pen) -> None:
    sky(pen)
    for cx, peak, half, col in ((26, 22, 34, ROCK), (70, 12, 40, (140, 142, 150)), (48, 40, 30, ROCK)):
        pen.shape(((cx - half, 80), (cx, peak), (cx + half, 80)), col)
        depth = (80 - peak) * 0.28
        cap = ((-half / (80 - peak), 1), (0, 0), (half / (80 - peak), 1), (0.1, 0.8), (-0.08, 1.1))
        pen.at(cx, peak, depth).shape(cap, SNOW, width=0.5 / depth)
    ground(pen, 80, GRASS_DARK)
    for x, h in ((10, 20), (18, 26), (84, 24), (92, 18)):
        pine(pen, x, 88, h)


def scene_fountain(pen: Pen) -> None:
    sky(pen)
    ground(pen, 70, STONE)
    for i in range(6):
        for side in (-1, 1):
            pen.stroke(
                curve_path(
                    (50, 30),
                    (
                        (50 + side * (4 + i * 3), 14 - i),
                        (50 + side * (12 + i * 5), 24),
                        (50 + side * (14 + i * 5), 60),
                    ),
                ),
                (150, 186, 196),
                0.7,
            )
    pen.shape(
        [*ellipse_points(50, 72, 34, 8, 0, 180, 24), *ellipse_points(50, 62, 34, 8, 180, 0, 24)[1:]], STONE
    )
    pen.shape(ellipse_points(50, 62, 34, 8), WATER, width=0.6)
    rect(pen, 46, 34, 8, 28, STONE)
    pen.shape(ellipse_points(50, 34, 12, 3), STONE, width=0.6)
    for x, y in ((30, 48), (70, 50), (24, 56), (76, 57)):
        pen.circle(x, y, 0.9, WATER)


def scene_lighthouse(pen: Pen) -> None:
    sky(pen, DUSK)
    for side in (-1, 1):
        pen.fill(((54, 20), (54 + side * 48, 10), (54 + side * 48, 26)), (244, 226, 170))
    water(pen, 72)
    pen.shape(((30, 78), (40, 66), (70, 64), (84, 78)), ROCK)
    pen.shape(((46, 68), (62, 68), (59, 26), (49, 26)), SNOW)
    for y in (58, 44, 32):
        pen.shape(
            (
                (46 + (68 - y) * 0.08 - 0.2, y),
                (62 - (68 - y) * 0.07, y),
                (62 - (68 - y) * 0.075, y - 6),
                (46 + (68 - y) * 0.08, y - 6),
            ),
            RED,
            width=0.4,
        )
    rect(pen, 48, 18, 12, 8, BRASS_LIGHT)
    pen.shape(((46, 18), (62, 18), (54, 10)), INK)


def scene_balloon(pen: Pen) -> None:
    sky(pen)
    cloud(pen, 20, 70, 1.4)
    cloud(pen, 80, 26, 1.0)
    hill(pen, 50, 100, 140, 12, GRASS)
    body = [*ellipse_points(50, 34, 22, 24, 140, 400, 40), (50, 72)]
    pen.shape(body, RED)
    for dx in (-13, 0, 13):
        pen.stroke(
            curve_path((50 + dx * 0.2, 10), ((50 + dx * 1.7, 20), (50 + dx * 1.6, 44), (50 + dx * 0.3, 66))),
            BRASS_LIGHT,
            1.6,
        )
    pen.shape(smooth(((34, 34), (50, 30), (66, 34), (50, 40))), BRASS, width=0.4)
    for dx in (-4, 4):
        pen.line((50 + dx * 0.6, 64), (50 + dx, 78), INK, 0.4)
    rect(pen, 45, 78, 10, 7, WOOD)


def scene_tent(pen: Pen) -> None:
    sky(pen)
    ground(pen, 80)
    for i in range(8):
        x0, x1 = 14 + i * 9, 23 + i * 9
        pen.shape(((50, 22), (x0, 80), (x1, 80)), RED if i % 2 else CREAM, width=0.5)
    for i in range(9):
        pen.disc(22 + i * 7, 36 + abs(i - 4) * 0.9, 2.4, BRASS_LIGHT, INK, 0.4)
    pen.line((50, 22), (50, 8), INK, 0.6)
    pen.fill(((50, 8), (62, 11), (50, 14)), RED)
    pen.shape(((44, 80), (50, 58), (56, 80)), INK, width=0.4)
    for x in (8, 92):
        pen.line((50 + (x - 50) * 0.4, 34), (x, 82), INK, 0.4)


def scene_beehive(pen: Pen) -> None:
    sky(pen)
    ground(pen, 74)
    rect(pen, 22, 70, 56, 4, WOOD)
    pen.shape(ellipse_points(50, 70, 24, 40, 180, 360, 40), FIELD)
    for i in range(1, 7):
        y = 70 - i * 6
        half = 24 * math.sqrt(max(0.0, 1 - ((70 - y) / 40) ** 2))
        pen.stroke(
            curve_path(
                (50 - half, y), ((50 - half * 0.5, y + 1.5), (50 + half * 0.5, y + 1.5), (50 + half, y))
            ),
            BRASS_DARK,
            0.5,
        )
    pen.shape(ellipse_points(50, 66, 4, 4, 180, 360, 10), INK, width=0.2)
    for x, y in ((18, 30), (26, 22), (78, 36), (84, 26), (70, 18)):
        pen.circle(x, y, 1.2, BRASS_DARK)
        pen.circle(x + 1.5, y - 0.8, 0.7, SNOW)
    for x in (10, 90):
        pen.line((x, 90), (x, 80), GRASS_DARK, 0.6)
        rosette(pen, x, 79, 5, RED, BRASS_LIGHT, 6)


def scene_lamp(pen: Pen) -> None:
    sky(pen, DUSK)
    for x, w, h in ((0, 24, 30), (26, 18, 40), (70, 30, 26)):
        rect(pen, x, 86 - h, w, h, (110, 100, 110), 0.4)
    ground(pen, 86, STONE)
    pen.circle(50, 26, 14, (250, 232, 170))
    pen.line((50, 90), (50, 34), INK, 2.0)
    pen.line((44, 90), (56, 90), INK, 2.0)
    pen.shape(((44, 20), (56, 20), (58, 34), (42, 34)), BRASS_LIGHT)
    pen.shape(((42, 20), (58, 20), (50, 12)), INK)
    pen.line((50, 12), (50, 9), INK, 0.8)
    pen.line((40, 40), (60, 40), INK, 1.0)


def scene_well(pen: Pen) -> None:
    sky(pen)
    ground(pen, 76)
    rect(pen, 30, 56, 40, 24, STONE)
    for y in (62, 68, 74):
        for x in range(30 + (y % 12), 70, 10):
            pen.line((x, y - 6), (x, y), INK, 0.4)
        pen.line((30, y), (70, y), INK, 0.4)
    for x in (32, 66):
        rect(pen, x, 26, 2.5, 30, WOOD)
    pen.shape(((24, 28), (76, 28), (62, 14), (38, 14)), ROOF)
    pen.line((34, 34), (66, 34), WOOD, 1.4)
    pen.line((50, 34), (50, 48), INK, 0.5)
    pen.shape(((46, 48), (54, 48), (53, 55), (47, 55)), WOOD, width=0.5)
    tree(pen, 88, 78, 1.1)


def scene_pavilion(pen: Pen) -> None:
    sky(pen)
    ground(pen, 80)
    pen.shape(((14, 80), (86, 80), (82, 72), (18, 72)), STONE)
    for x in (22, 36, 50, 64, 78):
        rect(pen, x - 1.5, 40, 3, 32, SNOW, 0.5)
    pen.shape(((16, 40), (84, 40), (68, 22), (32, 22)), (96, 120, 112))
    pen.shape(((32, 22), (68, 22), (50, 10)), (96, 120, 112))
    pen.disc(50, 8, 2, BRASS_LIGHT, INK, 0.4)
    for i in range(9):
        pen.line((18 + i * 8, 40), (18 + i * 8 + 4, 43), BRASS_DARK, 0.5)
    pen.stroke([(16, 44), *((16 + i * 8.5, 44 + (1.5 if i % 2 else 0)) for i in range(9))], BRASS_DARK, 0.6)


def scene_forest(pen: Pen) -> None:
    sky(pen)
    hill(pen, 30, 60, 100, 20, HILLS)
    water(pen, 60)
    for x, h in ((6, 34), (16, 44), (26, 30), (74, 38), (84, 48), (95, 34)):
        pine(pen, x, 64, h)
    pen.shape(((40, 80), (62, 80), (58, 84), (44, 84)), WOOD, width=0.5)
    pen.line((51, 80), (58, 70), WOOD, 0.7)


def scene_town(pen: Pen) -> None:
    sky(pen, DUSK)
    for x, w, h, roof in (
        (-2, 22, 30, ROOF),
        (18, 16, 42, (110, 80, 70)),
        (32, 22, 26, ROOF),
        (52, 14, 48, (110, 80, 70)),
        (64, 24, 32, ROOF),
        (86, 18, 38, (110, 80, 70)),
    ):
        house(pen, x, 90, w, h, roof)
        rect(pen, x + w * 0.7, 90 - h - w * 0.45, 3, 8, STONE, 0.4)
    for i in range(4):
        pen.circle(76 + i * 3, 30 - i * 5, 2 + i * 0.7, (220, 210, 200))
    ground(pen, 90, STONE)


def scene_moon(pen: Pen) -> None:
    sky(pen, NIGHT)
    stars(
        pen,
        (
            (14, 14, 2.4),
            (30, 30, 1.6),
            (82, 12, 2.0),
            (90, 40, 1.4),
            (62, 22, 1.2),
            (20, 50, 1.3),
            (44, 10, 1.5),
        ),
    )
    crescent(pen, 56, 36, 18, BRASS_LIGHT)
    hill(pen, 90, 66, 60, 10, (60, 70, 84))
    water(pen, 66, (58, 72, 96), BRASS_LIGHT)
    for i in range(9):
        half = 3 + i * 0.9
        pen.line((56 - half, 70 + i * 3.2), (56 + half, 70 + i * 3.2), BRASS_LIGHT, 1.1)


SCENES: tuple[Callable[[Pen], None], ...] = (
    scene_cottage, scene_windmill, scene_sailboat, scene_sunrise, scene_bridge, scene_church, scene_wheel,
    scene_birds, scene_castle, scene_mountains, scene_fountain, scene_lighthouse, scene_balloon, scene_tent,
    scene_beehive, scene_lamp, scene_well, scene_pavilion, scene_forest, scene_town, scene_moon,
)  # fmt: skip

PANEL = (22.0, 68.0, 196.0, 200.0)  # x, y, w, h of the trump picture


def engrave(pen: Pen, x: float, y: float, w: float, h: float, step: float = 1.6) -> None:
    """Lay a fine ink screen and a darkened rim over a picture: a hand-coloured engraving, aged."""
    (x0, y0), (x1, y1) = pen.map((x, y)), pen.map((x + w, y + h))
    size = (round(x1 - x0), round(y1 - y0))
    layer = pygame.Surface(size, pygame.SRCALPHA)
    gap = step * pen.scale
    for i in range(math.ceil(size[1] / gap)):
        pygame.draw.line(
            layer, (*INK, 34), (0, round(i * gap)), (size[0], round(i * gap)), max(1, round(pen.scale / 5))
        )
    rim = round(10 * pen.scale)
    for i in range(rim):
        pygame.draw.rect(
            layer, (*WALNUT_DARK, round(70 * (1 - i / rim) ** 2)), (i, i, size[0] - 2 * i, size[1] - 2 * i), 1
        )
    pen.surf.blit(layer, (round(x0), round(y0)))


def trump_frame(pen: Pen, picture: Callable[[Pen], None], label: Callable[[Pen], None]) -> None:
    """The trump layout: a label at both ends and a framed picture between them."""
    x, y, w, h = PANEL
    with pen.clip(x + 4.5, y + 4.5, x + w - 4.5, y + h - 4.5):
        picture(pen.at(x + 4.5, y + 4.5, (w - 9) / 100))
        engrave(pen, x + 4.5, y + 4.5, w - 9, h - 9)
    frame(pen, x, y, w, h)
    both_ends(pen, label)


def numeral(pen: Pen, label: str) -> None:
    """The large Roman numeral at the head of a trump, flanked by brass flourishes."""
    pen.text(label, W / 2, 38, 46, INK, weight=0.03, tracking=-0.02)
    for side in (-1, 1):
        x = W / 2 + side * (pen.text_width(label, 46, 0.03, -0.02) / 2 + 8)
        pen.line((x, 38), (x + side * 14, 38), BRASS, 1.2)
        pen.disc(x + side * 16, 38, 2.2, BRASS_LIGHT, INK, 0.5)


def trump_card(n: int) -> pygame.Surface:
    return face(lambda pen: trump_frame(pen, SCENES[n - 1], lambda p: numeral(p, ROMAN[n - 1])))


def stage(pen: Pen) -> None:
    """The Sküs' picture: a harlequin on a little stage between claret curtains."""
    sky(pen, ((58, 46, 44), (120, 92, 70)))
    pen.fill(((0, 88), (100, 88), (100, 100), (0, 100)), WOOD)
    pen.line((0, 88), (100, 88), INK, 0.6)
    front_jester(pen.at(8, 4, 0.84), (RED, INK, BRASS), (RED, INK))
    for side in (0, 100):
        s = 1 if side == 0 else -1
        drape = curve_path((side, 0), ((side + s * 24, 0), (side + s * 6, 40), (side + s * 14, 100)))
        pen.shape([*drape, (side, 100)], CLARET)
        for i in range(1, 4):
            pen.stroke(
                curve_path(
                    (side + s * 5 * i, 0),
                    ((side + s * 5 * i, 30), (side + s * 3 * i, 60), (side + s * 3.5 * i, 100)),
                ),
                (70, 16, 26),
                0.6,
            )
    for i in range(6):
        pen.stroke(ellipse_points(8 + i * 17, 0, 8.5, 6, 0, 180, 12), BRASS, 1.2)


def skus_label(pen: Pen) -> None:
    pen.at(W / 2, 38).fill(star_points(8, 15, 6), BRASS)
    pen.at(W / 2, 38).stroke(star_points(8, 15, 6), INK, 0.6, closed=True)
    pen.disc(W / 2, 38, 4, RED, INK, 0.5)


def skus_card() -> pygame.Surface:
    return face(lambda pen: trump_frame(pen, stage, skus_label))


def tarock_suit_card(code: str, suit: str, palette: Palette) -> pygame.Surface:
    """König, Dame, Reiter and Bube as courts; the small cards with their pips (the 1 shown like an ace)."""
    color = palette[suit]
    label = TAROCK_INDEX.get(code, code)

    def draw(pen: Pen) -> None:
        both_ends(pen, lambda p: corner_index(p, label, suit, color))
        if code in TAROCK_INDEX:
            court_face(pen, code, suit, color)
        elif code == "1":
            ace_face(pen, suit, color)
        else:
            pip_face(pen, int(code), suit, color)

    return face(draw)


# --- backs -----------------------------------------------------------------------------------------------


def back(field: Color, pattern: Callable[[Pen], None]) -> pygame.Surface:
    """A back: cream margin, then a rounded field holding `pattern`, the same border as the faces."""
    surf, pen = blank()
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    lpen = Pen(layer, scale=SS)
    lpen.fill(rounded_rect(12, 12, W - 24, H - 24, 6), field)
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    Pen(mask, scale=SS).fill(rounded_rect(12, 12, W - 24, H - 24, 6), (255, 255, 255))
    pattern(lpen)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(layer, (0, 0))
    printed_border(pen)
    pen.stroke(rounded_rect(12, 12, W - 24, H - 24, 6), BRASS, 1.4, closed=True)
    pen.stroke(rounded_rect(15, 15, W - 30, H - 30, 4), BRASS, 0.5, closed=True)
    return finish(surf)


def lattice(pen: Pen) -> None:
    """Falkenstein: a brass trellis on claret with studs at the crossings and a medallion in the middle."""
    step = 20.0
    for i in range(-20, 21):
        x = W / 2 + i * step
        pen.line((x - H, H / 2 - H), (x + H, H / 2 + H), BRASS, 1.1)
        pen.line((x + H, H / 2 - H), (x - H, H / 2 + H), BRASS, 1.1)
    for i in range(-8, 9):
        for j in range(-12, 13):
            x, y = W / 2 + i * step / 2, H / 2 + j * step / 2
            if (i + j) % 2 == 0:
                pen.disc(x, y, 2.0, BRASS_LIGHT, BRASS_DARK, 0.4)
            else:
                pen.circle(x, y, 0.9, BRASS)
    centre = pen.at(W / 2, H / 2)
    centre.fill(ellipse_points(0, 0, 34, 46), CLARET)
    centre.stroke(ellipse_points(0, 0, 34, 46), BRASS_LIGHT, 2.2, closed=True)
    centre.stroke(ellipse_points(0, 0, 37.5, 49.5), BRASS, 0.8, closed=True)
    rosette(centre, 0, 0, 24, BRASS, BRASS_LIGHT, 8)
    centre.fill(star_points(8, 8, 3.5), CLARET)


def rosettes(pen: Pen) -> None:
    """Tarock: rows of pale rosettes and small stars on blue-grey."""
    light, pale = (196, 206, 214), (150, 166, 182)
    for j in range(-1, 16):
        for i in range(-1, 11):
            x, y = 12 + i * 24 + (12 if j % 2 else 0), 12 + j * 22
            rosette(pen, x, y, 9, light, pale, 8)
            pen.at(x + 12, y + 11).fill(star_points(4, 3.2, 1), pale)
    centre = pen.at(W / 2, H / 2)
    centre.circle(0, 0, 30, SLATE)
    centre.circle(0, 0, 30, light, 1.4)
    centre.fill(star_points(8, 24, 10), light)
    centre.fill(star_points(8, 12, 5, -67.5), SLATE)


def asanoha(pen: Pen) -> None:
    """Two-Ten-Jack: hemp-leaf stars from a triangle grid whose every triangle is split at its centre."""
    line = (128, 170, 132)
    side = 22.0
    tri_h = side * math.sqrt(3) / 2
    for row in range(-1, math.ceil(H / tri_h) + 1):
        for col in range(-1, math.ceil(W / side) + 2):
            x0, y0 = col * side + (side / 2 if row % 2 else 0), row * tri_h
            for a, b, c in (
                ((x0, y0), (x0 + side, y0), (x0 + side / 2, y0 + tri_h)),
                ((x0 + side / 2, y0 + tri_h), (x0 + side, y0), (x0 + 1.5 * side, y0 + tri_h)),
            ):
                cx, cy = (a[0] + b[0] + c[0]) / 3, (a[1] + b[1] + c[1]) / 3
                pen.stroke((a, b, c), line, 0.5, closed=True)
                for v in (a, b, c):
                    pen.line(v, (cx, cy), line, 0.5)
    centre = pen.at(W / 2, H / 2)
    centre.circle(0, 0, 26, FOREST)
    centre.circle(0, 0, 26, BRASS, 1.6)
    centre.fill(star_points(6, 18, 6), BRASS_LIGHT)


BACKS: dict[str, tuple[Color, Callable[[Pen], None]]] = {
    "falkenstein": (CLARET, lattice),
    "tarock": (SLATE, rosettes),
    "twotenjack": (FOREST, asanoha),
}


# --- the catalogue ------------------------------------------------------------------------------------------


@cache
def catalogue() -> dict[str, Callable[[], pygame.Surface]]:
    """Every file the tool writes, by path relative to the output directory, with the function drawing it."""
    jobs: dict[str, Callable[[], pygame.Surface]] = {}
    for pack, palette in (("french", STANDARD), ("french4", FOUR_COLOUR)):
        for suit in SUITS:
            for rank in FRENCH_RANKS:
                jobs[f"{pack}/{rank}{suit}.png"] = partial(french_card, rank, suit, palette)
    jobs["french/RJ.png"] = partial(joker_card, RED, INK)
    jobs["french/BJ.png"] = partial(joker_card, INK, RED)
    jobs["french/JK.png"] = twotenjack_joker
    for n, name in enumerate(ROMAN, start=1):
        jobs[f"tarock/{name}.png"] = partial(trump_card, n)
    jobs["tarock/SK.png"] = skus_card
    for pack, palette in (("tarock", STANDARD), ("tarock4", FOUR_COLOUR)):
        for suit in SUITS:
            for code in TAROCK_RED if suit in "HD" else TAROCK_BLACK:
                jobs[f"{pack}/{code}{suit}.png"] = partial(tarock_suit_card, code, suit, palette)
    for name, (field, pattern) in BACKS.items():
        jobs[f"backs/{name}.png"] = partial(back, field, pattern)
    for folder, palette in (("suits", STANDARD), ("suits4", FOUR_COLOUR)):
        for suit in SUITS:
            jobs[f"{folder}/{suit}.png"] = partial(suit_icon, suit, palette[suit])
    return jobs


def init() -> None:
    """Fonts on, and the portable smoothscale: SIMD variants must never decide the committed pixels."""
    pygame.font.init()
    pygame.transform.set_smoothscale_backend("GENERIC")


def expected_files() -> list[str]:
    return sorted(catalogue())


def render_one(rel_path: str) -> pygame.Surface:
    init()
    return catalogue()[rel_path]()


def render_all(out_dir: Path) -> int:
    """Write every card image under `out_dir`; returns the number of files written."""
    for rel in expected_files():
        path = out_dir / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(render_one(rel), path)
    return len(catalogue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="output directory (default: assets/cards)"
    )
    args = parser.parse_args()
    count = render_all(args.out)
    print(f"make_cards: wrote {count} card images to {args.out}")


if __name__ == "__main__":
    main()
