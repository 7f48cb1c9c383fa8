"""Animated seat portraits: a carved shell cameo of an 1890s sitter in an oval walnut-and-brass frame.

Who is pictured (profile, hair, hat, whiskers, collar, the colour of the shell) follows from a seed.
Each part is drawn once as a height map at a large master size and lit as a relief, then scaled once
per display size, in layers (ground, bust, head variants, frame). A frame of animation is therefore a
handful of small blits: bust and head rise and fall as the sitter breathes, the head nods or shakes,
and eyes and mouth switch between precarved variants.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache

import pygame

from game.ui import drawn

MASTER = (400, 500)
# The frame: walnut from the outer edge to BRASS_INSET, a brass bevel to OPENING_INSET, then the cameo.
FRAME_OUTER = pygame.Rect(22, 22, 356, 456)
BRASS_INSET = 19
OPENING_INSET = 31

# What `Avatar.state` can be.
STATES = ("idle", "thinking", "happy", "sad")
REACTIONS = {"nod": "happy", "frown": "sad"}
REACTION_TIME = 1.0
BREATH_PERIOD = 4.2
BLINK_TIME = 0.13
BLINK_GAP = (2.2, 5.5)
GLOW_LEVELS = 6
# Composed poses kept per display size: the idle ones and a reaction's worth of head positions.
PORTRAIT_CACHE = 32
GLOW_PERIOD = 1.6
# The hourglass: how long the sand runs, how long the turn takes, and how many drawings of each.
SAND_TIME = 1.5
TURN_TIME = 0.35
SAND_FRAMES = 8
TURN_FRAMES = 6
# Head variants (expression, eyes) carved for the animation.
VARIANTS = (
    ("neutral", "open"),
    ("neutral", "closed"),
    ("neutral", "aside"),
    ("smile", "open"),
    ("frown", "open"),
)

# Cameo grounds (the shell's darker layer): sardonyx, Wedgwood blue, sage, onyx, mauve.
GROUNDS = ((150, 76, 48), (84, 112, 150), (92, 114, 84), (54, 46, 48), (120, 82, 108))
IVORY = (238, 228, 208)

Point = tuple[float, float]
WHITE = (255, 255, 255, 255)


@dataclass(frozen=True)
class _Sitter:
    """Who is carved: the choices that make one seed's portrait."""

    woman: bool
    facing_right: bool
    hair_style: str
    hat: str
    moustache: str
    beard: str
    collar: str
    eyewear: str
    nose: float
    ground: int


def _sitter(seed: int) -> _Sitter:
    """Draw a sitter from the seed; every choice comes from one generator, so a seed is one person."""
    rng = random.Random(seed)
    woman = rng.random() < 0.4
    facing_right = rng.random() < 0.5
    ground = rng.randrange(len(GROUNDS))
    nose = rng.uniform(-1, 1)
    if woman:
        return _Sitter(
            woman=True,
            facing_right=facing_right,
            hair_style=rng.choice(("topknot", "chignon")),
            hat=rng.choice(("bonnet", "none", "none")),
            moustache="none",
            beard="none",
            collar=rng.choice(("lace", "ruff")),
            eyewear=rng.choice(("none", "none", "none", "pince-nez")),
            nose=nose,
            ground=ground,
        )
    return _Sitter(
        woman=False,
        facing_right=facing_right,
        hair_style=rng.choice(("parted", "cropped", "bald")),
        hat=rng.choice(("top", "bowler", "none", "none")),
        moustache=rng.choice(("none", "handlebar", "walrus", "chevron", "handlebar")),
        beard=rng.choice(("none", "none", "full", "chops", "imperial")),
        collar=rng.choice(("wing", "cravat", "stand")),
        eyewear=rng.choice(("none", "none", "monocle", "pince-nez")),
        nose=nose,
        ground=ground,
    )


# ---------------------------------------------------------------- carving helpers (master size)


def _grey(v: float) -> tuple[int, int, int]:
    v = max(0, min(255, round(v)))
    return v, v, v


def _catmull(a: float, b: float, c: float, d: float, t: float) -> float:
    """One coordinate of a Catmull-Rom spline between b and c."""
    return 0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (3 * b - a - 3 * c + d) * t**3)


def _curve(points: Sequence[Point], steps: int = 10, closed: bool = False) -> list[Point]:
    """A smooth curve through the points: the profile, lips, hair and folds."""
    pts = [points[-1], *points, points[0], points[1]] if closed else [points[0], *points, points[-1]]
    out: list[Point] = []
    for i in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[i - 1], pts[i], pts[i + 1], pts[i + 2]
        for s in range(steps):
            t = s / steps
            out.append((_catmull(p0[0], p1[0], p2[0], p3[0], t), _catmull(p0[1], p1[1], p2[1], p3[1], t)))
    if not closed:
        out.append(points[-1])
    return out


@cache
def _soft_dot() -> pygame.Surface:
    """A white disc whose alpha falls off smoothly to its rim: the brush for rounded swellings."""
    size = 64
    dot = pygame.Surface((size, size), pygame.SRCALPHA)
    for y in range(size):
        for x in range(size):
            d2 = ((x + 0.5 - size / 2) ** 2 + (y + 0.5 - size / 2) ** 2) / (size / 2) ** 2
            if d2 < 1:
                dot.set_at((x, y), (255, 255, 255, round(255 * (1 - d2) ** 2)))
    return dot


class _Carving:
    """A height map and the outline it fills: what a cameo cutter leaves standing in the shell."""

    def __init__(self) -> None:
        self.height = pygame.Surface(MASTER)
        # White even where clear, so softening the edge never darkens it.
        self.mask = pygame.Surface(MASTER, pygame.SRCALPHA)
        self.mask.fill((255, 255, 255, 0))

    def fill(self, points: Sequence[Point], level: float, smooth: bool = True) -> None:
        """Raise a smooth closed shape to a level."""
        outline = _curve(points, closed=True) if smooth else points
        pygame.draw.polygon(self.height, _grey(level), outline)
        pygame.draw.polygon(self.mask, WHITE, outline)

    def widen(self, factor: float, about: float) -> None:
        """Stretch the carving sideways about x = about (heads are drawn narrow and widened once)."""
        w, h = MASTER
        offset = (round(about * (1 - factor)), 0)
        height = pygame.Surface(MASTER)
        height.blit(pygame.transform.smoothscale(self.height, (round(w * factor), h)), offset)
        mask = pygame.Surface(MASTER, pygame.SRCALPHA)
        mask.blit(pygame.transform.smoothscale(self.mask, (round(w * factor), h)), offset)
        self.height, self.mask = height, mask

    def disc(self, centre: Point, radius: float, level: float) -> None:
        pygame.draw.circle(self.height, _grey(level), centre, radius)
        pygame.draw.circle(self.mask, WHITE, centre, radius)

    def line(
        self, points: Sequence[Point], level: float, width: float, taper: bool = True, outline: bool = False
    ) -> None:
        """A cut or a raised line at a level; tapered lines thin out at both ends like a graver's stroke."""
        longest = max(math.dist(p, q) for p, q in itertools.pairwise(points)) if len(points) > 1 else 0
        path = _curve(points, steps=max(6, math.ceil(longest / max(0.7, width * 0.3))))
        n = max(1, len(path) - 1)
        for i, (x, y) in enumerate(path):
            w = width * (math.sin(math.pi * i / n) ** 0.5 if taper else 1.0)
            pygame.draw.circle(self.height, _grey(level), (x, y), max(0.7, w / 2))
            if outline:
                pygame.draw.circle(self.mask, WHITE, (x, y), max(0.7, w / 2))

    def swell(self, centre: Point, radii: Point, level: float, strength: int) -> None:
        """Round a region toward a level (a cheek, the eyeball, a fold) without touching the outline."""
        rx, ry = max(1, round(radii[0])), max(1, round(radii[1]))
        patch = pygame.transform.smoothscale(_soft_dot(), (2 * rx, 2 * ry))
        patch.fill((*_grey(level), strength), special_flags=pygame.BLEND_RGBA_MULT)
        self.height.blit(patch, (round(centre[0]) - rx, round(centre[1]) - ry))

    def strands(
        self,
        rng: random.Random,
        outline: Sequence[Point],
        angle: float,
        length: float,
        level: float,
        count: int,
    ) -> None:
        """Fine cuts running one way inside a shape: hair, whiskers, straw, the weave of a cravat."""
        shape = _curve(outline, closed=True)
        xs, ys = [x for x, _ in shape], [y for _, y in shape]
        cuts = pygame.Surface(MASTER, pygame.SRCALPHA)
        for _ in range(count):
            x, y = rng.uniform(min(xs), max(xs)), rng.uniform(min(ys), max(ys))
            turn = angle + rng.uniform(-0.25, 0.25)
            reach = length * rng.uniform(0.6, 1.2)
            bend = rng.uniform(-0.3, 0.3)
            mid = (x + math.cos(turn) * reach / 2, y + math.sin(turn) * reach / 2)
            end = (x + math.cos(turn + bend) * reach, y + math.sin(turn + bend) * reach)
            shade = (*_grey(level + rng.uniform(-8, 8)), 255)
            pygame.draw.lines(cuts, shade, False, _curve([(x, y), mid, end], steps=4), rng.choice((1, 2)))
        inside = pygame.Surface(MASTER, pygame.SRCALPHA)
        pygame.draw.polygon(inside, WHITE, shape)
        cuts.blit(inside, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
        self.height.blit(cuts, (0, 0))


def _soften(surface: pygame.Surface, radius: int) -> pygame.Surface:
    """A blur close to a gaussian's (two box passes) at a fraction of its cost."""
    return pygame.transform.box_blur(pygame.transform.box_blur(surface, radius), radius)


def _light(carving: _Carving) -> pygame.Surface:
    """Light a carving from the upper left, as the shell would be under a lamp, casting a soft shadow.

    Slopes facing the light brighten and the far ones darken (the difference of the height map with
    itself shifted along the light); deep places are a little darker; thin edges let the ground glow
    through, as real cameo shell does. Only the carving's bounding box (and a margin for blur, light
    and shadow) is worked on.
    """
    area = carving.mask.get_bounding_rect().inflate(2 * LIGHT_MARGIN, 2 * LIGHT_MARGIN).clip((0, 0, *MASTER))
    size = area.size
    heights = pygame.transform.box_blur(
        pygame.transform.box_blur(carving.height.subsurface(area).copy(), 3), 2
    )
    toward = pygame.Surface(size)
    toward.blit(heights, (-2, -2))
    away = pygame.Surface(size)
    away.blit(heights, (2, 2))
    lit = toward.copy()
    lit.blit(away, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    shade = away.copy()
    shade.blit(toward, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    for surface in (lit, shade):
        surface.blit(surface, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
        surface.blit(surface, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    relief = pygame.Surface(size)
    relief.fill(IVORY)
    relief.blit(_map(heights, DEPTH_SHADE), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    shade.fill((215, 235, 255), special_flags=pygame.BLEND_RGB_MULT)
    relief.blit(lit, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    relief.blit(shade, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    mask = pygame.transform.box_blur(carving.mask.subsurface(area).copy(), 1)
    shadow = _soften(mask, 3)
    shadow.fill((0, 0, 0, 120), special_flags=pygame.BLEND_RGBA_MULT)
    carved = pygame.Surface(size, pygame.SRCALPHA)
    carved.blit(relief, (0, 0))
    carved.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    carved.blit(_alpha_from(_map(heights, THIN_SHOWS)), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    out = pygame.Surface(MASTER, pygame.SRCALPHA)
    out.blit(shadow, (area.x + 4, area.y + 6))
    out.blit(carved, area.topleft)
    return out


def _map(grey: pygame.Surface, table: bytes) -> pygame.Surface:
    """A grey surface with every level passed through a table."""
    data = pygame.image.tobytes(grey, "RGB").translate(table)
    return pygame.image.frombytes(data, grey.get_size(), "RGB")


def _alpha_from(grey: pygame.Surface) -> pygame.Surface:
    """White, with the grey levels as its alpha."""
    levels = pygame.image.tobytes(grey, "RGB")[0::3]
    rgba = bytearray(b"\xff" * (len(levels) * 4))
    rgba[3::4] = levels
    return pygame.image.frombytes(bytes(rgba), grey.get_size(), "RGBA")


# ---------------------------------------------------------------- the sitter, facing left

# Lighting works this far around a carving's outline (blur, light shift and the cast shadow).
LIGHT_MARGIN = 16
# How height shades the shell: deep places darker, and thin places letting the ground show through.
DEPTH_SHADE = bytes(min(255, 110 + v * 145 // 200) for v in range(256))
THIN_SHOWS = bytes(min(255, 70 + v * 2) for v in range(256))

# Heights: the ground is 0; clothes stand lowest, the face highest.
CLOTH, NECK, FACE, HAIR, HAT = 130, 165, 200, 185, 190
# Heads are drawn too narrow for a human skull and widened by this much about the face.
HEAD_WIDEN = 1.18
# The bust is drawn for a long neck and raised by this much under the head.
BUST_RAISE = 14


def _profile(sitter: _Sitter) -> list[Point]:
    """The face's edge from the forehead down to under the jaw, then round the back of the skull."""
    nose = sitter.nose * 6
    woman = sitter.woman
    front = [
        (198, 140),
        (182, 156),
        (174, 180),
        (172, 198),
        (177, 211),
        (168, 229),
        (154 - nose, 252 + nose * 0.4),
        (157, 261),
        (171, 266),
        (168 + (2 if woman else 0), 276),
        (174, 283),
        (170 + (1 if woman else 0), 290),
        (177, 300),
        (172 + (4 if woman else 0), 314),
        (182 + (4 if woman else 0), 329),
        (204, 338),
    ]
    back = [
        (232, 330),
        (254, 310),
        (272, 290),
        (292, 262),
        (305, 222),
        (303, 180),
        (287, 146),
        (258, 126),
        (226, 122),
        (206, 130),
    ]
    return front + back


def _head(sitter: _Sitter, rng: random.Random, expression: str, eyes: str) -> pygame.Surface:
    """The head carved in one variant of expression and eyes."""
    c = _Carving()
    c.fill(_profile(sitter), FACE, smooth=False)
    # Round the face off toward its edge, then cut the features into it.
    c.height = pygame.transform.box_blur(c.height, 5)
    dome = pygame.transform.box_blur(c.height, 16)
    dome.set_alpha(120)
    c.height.blit(dome, (0, 0))
    _features(c, sitter, expression, eyes)
    _hair(c, sitter, rng)
    _whiskers(c, sitter, rng)
    _hat(c, sitter, rng)
    _eyewear(c, sitter)
    c.widen(HEAD_WIDEN, 190)
    return _light(c)


def _features(c: _Carving, sitter: _Sitter, expression: str, eyes: str) -> None:
    """Cheek, ear, eye, brow, nostril and mouth; the expression moves the mouth and brow."""
    c.swell((212, 256), (34, 40), FACE + 18, 150)
    c.swell((200, 300), (26, 22), FACE + 8, 120)
    c.swell((218, 196), (20, 16), FACE - 14, 110)
    # The ear: a raised rim round a hollow.
    ear = pygame.Rect(234, 212, 26, 44)
    pygame.draw.ellipse(c.height, _grey(FACE + 30), ear)
    pygame.draw.ellipse(c.height, _grey(FACE - 10), ear.inflate(-10, -16).move(1, 2))
    c.line([(244, 244), (250, 236), (248, 226)], FACE + 10, 3)
    # The brow ridge, lowered in a frown.
    brow = 3 if expression == "frown" else (-2 if expression == "smile" else 0)
    c.line([(174, 199 + brow), (186, 194 + brow), (202, 196)], FACE + 34, 7)
    c.swell((187, 212), (15, 10), FACE - 40, 190)
    if eyes == "closed":
        c.line([(177, 209), (186, 213), (197, 211)], FACE + 30, 5)
        c.line([(178, 213), (188, 216), (197, 213)], FACE - 60, 2.5)
    else:
        c.swell((188, 212), (9, 6), FACE + 20, 220)
        c.line([(177, 211), (183, 206), (190, 205), (198, 208)], FACE - 60, 2.5)
        c.line([(176, 207), (186, 203), (198, 206)], FACE + 36, 4)
        c.line([(178, 215), (188, 218), (196, 214)], FACE - 40, 2)
        look = -3 if eyes == "aside" else 0
        pygame.draw.circle(c.height, _grey(FACE - 70), (181, 211 + look), 2.8)
    # The nostril's wing.
    c.line([(176, 258), (170, 254), (166, 258), (170, 263)], FACE - 50, 2.5)
    c.swell((174, 256), (8, 7), FACE + 20, 150)
    # The mouth: the parting of the lips, turned up in a smile, down in a frown.
    corner = {"smile": -6, "frown": 5}.get(expression, 1)
    c.line([(172, 283), (180, 283 + corner * 0.4), (190, 283 + corner)], FACE - 75, 3)
    if expression == "smile":
        c.swell((194, 272), (10, 9), FACE + 22, 170)
        c.line([(190, 262), (195, 272), (192, 280)], FACE - 20, 2)
    c.swell((178, 292), (8, 6), FACE - 20, 120)


def _hair(c: _Carving, sitter: _Sitter, rng: random.Random) -> None:
    """Hair in the sitter's style, cut as masses of fine strands sweeping back from the brow."""
    if sitter.woman:
        # Swept up and back over a pad, off the ear, into a knot on top or a chignon at the nape.
        mass = [
            (198, 158),
            (182, 142),
            (176, 116),
            (192, 94),
            (230, 82),
            (272, 90),
            (300, 114),
            (312, 152),
            (314, 198),
            (302, 240),
            (284, 270),
            (268, 280),
            (262, 250),
            (262, 220),
            (250, 208),
            (232, 208),
            (222, 214),
            (214, 196),
            (206, 176),
        ]
        c.fill(mass, HAIR + 10)
        knot = (298, 100, 30) if sitter.hair_style == "topknot" else (300, 248, 28)
        c.disc(knot[:2], knot[2], HAIR + 18)
        c.strands(rng, mass, -0.5, 46, HAIR - 8, 200)
        for k in range(4):
            r = knot[2] - 6 * k
            pygame.draw.arc(
                c.height, _grey(HAIR - 20), (knot[0] - r, knot[1] - r, 2 * r, 2 * r), 0.4 + k, 3.6 + k, 2
            )
        c.swell((196, 120), (22, 26), HAIR + 30, 150)
        return
    if sitter.hair_style == "bald":
        fringe = [
            (304, 190),
            (310, 224),
            (298, 262),
            (278, 290),
            (266, 284),
            (262, 254),
            (262, 222),
            (256, 210),
            (236, 208),
            (226, 214),
            (224, 240),
            (218, 240),
            (214, 204),
            (238, 188),
            (272, 180),
        ]
        c.fill(fringe, HAIR)
        c.strands(rng, fringe, 1.9, 22, HAIR - 18, 120)
        return
    full = sitter.hair_style == "parted"
    lift = 8 if full else 2
    cap = [
        (200, 136),
        (188, 146 - lift),
        (192, 126 - lift),
        (226, 112 - lift),
        (266, 116 - lift),
        (294, 138),
        (310, 180),
        (312, 222),
        (298, 262),
        (278, 290),
        (266, 284),
        (262, 254),
        (262, 222),
        (256, 210),
        (236, 208),
        (226, 214),
        (224, 248),
        (218, 248),
        (214, 206),
        (210, 176),
        (206, 150),
    ]
    c.fill(cap, HAIR + (10 if full else 0))
    c.strands(rng, cap, 0.35 if full else 1.2, 40 if full else 16, HAIR - 12, 200)
    if full:
        c.line([(194, 128), (214, 118), (246, 116)], HAIR + 34, 8)
        c.line([(200, 140), (222, 130), (250, 126)], HAIR - 25, 3)


def _whiskers(c: _Carving, sitter: _Sitter, rng: random.Random) -> None:
    """Beard and moustache, their strands running down and back."""
    if sitter.beard == "full":
        beard = [
            (226, 246),
            (238, 290),
            (240, 318),
            (216, 352),
            (178, 362),
            (160, 342),
            (164, 308),
            (170, 293),
            (186, 292),
            (204, 274),
            (218, 252),
        ]
        c.fill(beard, HAIR + 6)
        c.strands(rng, beard, 1.75, 22, HAIR - 14, 180)
    elif sitter.beard == "chops":
        chops = [(226, 240), (242, 292), (230, 322), (206, 306), (196, 282), (214, 252)]
        c.fill(chops, HAIR + 6)
        c.strands(rng, chops, 1.85, 16, HAIR - 14, 90)
    elif sitter.beard == "imperial":
        tuft = [(176, 292), (168, 302), (160, 328), (178, 312), (182, 296)]
        c.fill(tuft, HAIR + 6)
        c.strands(rng, tuft, 2.0, 10, HAIR - 14, 30)
    if sitter.moustache == "none":
        return
    if sitter.moustache == "walrus":
        moustache = [(172, 264), (160, 278), (162, 296), (194, 294), (196, 272)]
    else:
        moustache = [(172, 265), (165, 273), (168, 283), (188, 286), (192, 272)]
    c.fill(moustache, HAIR + 14)
    if sitter.moustache == "handlebar":
        c.line([(180, 280), (164, 284), (152, 280), (146, 270), (151, 263)], HAIR + 16, 8, outline=True)
    c.strands(rng, moustache, 2.2, 10, HAIR - 6, 40)


def _hat(c: _Carving, sitter: _Sitter, rng: random.Random) -> None:
    """A silk top hat or a felt bowler set on the head, or a small bonnet perched on the hair."""
    if sitter.hat == "top":
        c.fill(
            [(192, 146), (189, 100), (185, 58), (244, 54), (302, 58), (298, 100), (296, 142)],
            HAT,
            smooth=False,
        )
        c.swell((214, 100), (14, 42), HAT + 30, 150)
        c.fill([(191, 142), (191, 124), (297, 121), (297, 139)], HAT - 14, smooth=False)
        c.line([(186, 60), (244, 56), (302, 60)], HAT + 24, 4, taper=False)
        c.line(
            [(172, 154), (190, 148), (260, 144), (312, 140), (318, 134)],
            HAT + 10,
            9,
            taper=False,
            outline=True,
        )
    elif sitter.hat == "bowler":
        c.fill([(188, 148), (190, 118), (212, 92), (244, 84), (276, 92), (296, 116), (300, 146)], HAT)
        c.swell((228, 108), (24, 18), HAT + 30, 160)
        c.fill([(189, 146), (190, 134), (299, 130), (300, 144)], HAT - 14, smooth=False)
        c.line([(192, 138), (298, 134)], HAT - 30, 3, taper=False)
        c.line(
            [(174, 148), (190, 152), (260, 148), (308, 144), (314, 138)],
            HAT + 10,
            8,
            taper=False,
            outline=True,
        )
    elif sitter.hat == "bonnet":
        crown = [(208, 96), (232, 76), (280, 78), (312, 104), (318, 146), (300, 150), (278, 112), (236, 104)]
        c.fill(crown, HAT)
        c.strands(rng, crown, 0.2, 30, HAT - 20, 90)
        for k, (x, y) in enumerate(((212, 90), (226, 80), (204, 104))):
            c.disc((x, y), 11 - k, HAT + 26)
            pygame.draw.circle(c.height, _grey(HAT - 10), (x, y), 4)
        c.line([(250, 78), (270, 56), (300, 52), (322, 66)], HAT + 20, 9, outline=True)
        # The ribbon from under the bonnet, down behind the jaw, tied under the chin.
        c.line(
            [(300, 150), (284, 206), (262, 290), (232, 330), (206, 344)],
            HAT - 10,
            10,
            taper=False,
            outline=True,
        )
        c.fill([(206, 340), (186, 326), (180, 346), (198, 350), (184, 374), (204, 360), (214, 348)], HAT + 8)


def _eyewear(c: _Carving, sitter: _Sitter) -> None:
    """A monocle screwed into the eye, or pince-nez clipped to the bridge of the nose, seen edge-on."""
    if sitter.eyewear == "monocle":
        pygame.draw.ellipse(c.height, _grey(FACE + 45), (173, 199, 10, 28), 3)
    elif sitter.eyewear == "pince-nez":
        pygame.draw.ellipse(c.height, _grey(FACE + 45), (173, 202, 8, 20), 3)
        c.line([(175, 210), (168, 214)], FACE + 40, 3, taper=False)


def _bust(sitter: _Sitter) -> pygame.Surface:
    """Neck and shoulders with the collar and clothes, cut off in a cameo's curved base."""
    c = _Carving()
    c.fill(
        [(200, 300), (208, 356), (216, 402), (300, 402), (294, 352), (290, 288), (240, 296)],
        NECK,
        smooth=False,
    )
    if not sitter.woman:
        c.swell((208, 358), (7, 10), NECK + 20, 170)
    c.height.blit(pygame.transform.box_blur(c.height, 5), (0, 0))
    c.fill(
        [(214, 388), (176, 404), (140, 440), (126, 500), (372, 500), (360, 440), (330, 400), (284, 382)],
        CLOTH,
    )
    if sitter.woman:
        # A gathered bodice under a high collar, ruffled or edged with scalloped lace, and a brooch.
        for k in range(7):
            x = 150 + 30 * k
            c.line([(x, 420), (x + 8, 452), (x + 2, 500)], CLOTH - 30, 3)
        c.line([(150, 414), (214, 400), (300, 396), (350, 420)], CLOTH + 25, 12, taper=False)
        collar = [(206, 326), (212, 396), (284, 394), (276, 320), (240, 330)]
        c.fill(collar, CLOTH + 40)
        for k in range(3):
            y = 344 + 16 * k
            c.line([(208, y), (280, y - 4)], CLOTH + 22, 2, taper=False)
        if sitter.collar == "lace":
            for k in range(8):
                c.disc((206 + 10 * k, 326 - (k * 0.8)), 5, CLOTH + 45)
        else:
            c.line([(198, 330), (240, 322), (282, 318)], CLOTH + 50, 9, taper=False, outline=True)
        c.disc((210, 396), 12, CLOTH + 70)
        pygame.draw.circle(c.height, _grey(CLOTH + 40), (210, 396), 12, 3)
    else:
        # A coat with its collar turned up behind and a lapel down the front, over the shirt collar.
        c.line([(222, 392), (196, 430), (178, 500)], CLOTH + 30, 16, taper=False)
        c.line([(226, 390), (202, 432), (184, 500)], CLOTH - 25, 2, taper=False)
        c.line([(280, 372), (312, 396), (340, 420)], CLOTH + 28, 18, taper=False)
        c.line([(150, 470), (240, 466), (350, 470)], CLOTH - 20, 2, taper=False)
        band = [(206, 342), (212, 384), (282, 378), (276, 336), (240, 346)]
        c.fill(band, NECK + 30)
        if sitter.collar == "wing":
            c.fill([(206, 360), (190, 374), (206, 382)], NECK + 34, smooth=False)
            c.fill([(204, 380), (186, 368), (184, 392), (204, 388), (222, 396), (224, 374)], CLOTH + 20)
        elif sitter.collar == "cravat":
            c.disc((202, 392), 18, CLOTH + 40)
            c.disc((196, 388), 4, CLOTH + 80)
        else:
            c.fill([(204, 384), (192, 392), (198, 440), (212, 432), (216, 392)], CLOTH + 30)
            c.line([(204, 386), (214, 388)], CLOTH - 10, 2, taper=False)
    return _light(c)


def _ground(sitter: _Sitter, rng: random.Random) -> pygame.Surface:
    """The dark shell layer the cameo stands on: lighter toward the light, with faint banding."""
    colour = GROUNDS[sitter.ground]
    # With an alpha channel from the start, so it can be cut to the oval.
    ground = pygame.Surface(MASTER, pygame.SRCALPHA)
    ground.fill(colour)
    light = pygame.Surface((3, 3))
    for x in range(3):
        for y in range(3):
            k = 1.18 - 0.16 * (x + y)
            light.set_at((x, y), [min(255, round(c * k)) for c in colour])
    ground.blit(pygame.transform.smoothscale(light, MASTER), (0, 0))
    bands = pygame.Surface(MASTER, pygame.SRCALPHA)
    for _ in range(18):
        top = rng.uniform(0, MASTER[1])
        tint = 255 if rng.random() < 0.5 else 0
        pygame.draw.ellipse(bands, (tint, tint, tint, 10), (-200, top, 800, rng.uniform(30, 90)))
    ground.blit(_soften(bands, 4), (0, 0))
    return ground


@lru_cache(maxsize=8)
def _masters(sitter: _Sitter, seed: int) -> dict[object, pygame.Surface]:
    """Ground, bust and every head variant at master size, turned to face the sitter's way. Kept for the
    last eight sitters (read only, never drawn on): the next table of the same company opens at once."""
    masters: dict[object, pygame.Surface] = {
        "ground": _ground(sitter, random.Random(f"{seed}:ground")),
        "bust": _bust(sitter),
    }
    for expression, eyes in VARIANTS:
        # The same generator for every variant, so hair and whiskers are cut identically each time.
        masters[expression, eyes] = _head(sitter, random.Random(f"{seed}:head"), expression, eyes)
    # The bust sits up under the jaw; a top hat needs headroom, so its wearer sits lower in the oval.
    drop = {"top": 30, "bowler": 12}.get(sitter.hat, 0)
    for key in ("bust", *VARIANTS):
        layer = masters[key]
        if sitter.facing_right:
            layer = pygame.transform.flip(layer, True, False)
        shift = drop - (BUST_RAISE if key == "bust" else 0)
        if shift:
            moved = pygame.Surface(MASTER, pygame.SRCALPHA)
            moved.blit(layer, (0, shift))
            layer = moved
        masters[key] = layer
    return masters


@cache
def _frame_master() -> pygame.Surface:
    """The oval frame: carved walnut with a turned brass bevel, lit from the upper left, casting a shadow."""
    rng = random.Random(1890)
    frame = pygame.Surface(MASTER, pygame.SRCALPHA)
    shadow = pygame.Surface(MASTER, pygame.SRCALPHA)
    pygame.draw.ellipse(shadow, (0, 0, 0, 150), FRAME_OUTER.move(4, 7))
    frame.blit(_soften(shadow, 4), (0, 0))
    wood = pygame.Surface(MASTER, pygame.SRCALPHA)
    pygame.draw.ellipse(wood, (74, 44, 26, 255), FRAME_OUTER)
    for _ in range(90):
        inset = rng.uniform(1, BRASS_INSET)
        tint = rng.uniform(-1, 1)
        colour = (round(74 + 22 * tint), round(44 + 14 * tint), round(26 + 8 * tint), 255)
        pygame.draw.ellipse(wood, colour, FRAME_OUTER.inflate(-2 * inset, -2 * inset), 1)
    # A rounded moulding: light along the crest, dark into the hollows.
    for inset, lift in ((1, -30), (3, 28), (5, 14), (BRASS_INSET - 3, -18), (BRASS_INSET - 1, -36)):
        colour = (max(0, 74 + lift), max(0, 44 + lift * 2 // 3), max(0, 26 + lift // 2), 255)
        pygame.draw.ellipse(wood, colour, FRAME_OUTER.inflate(-2 * inset, -2 * inset), 2)
    brass_depth = OPENING_INSET - BRASS_INSET
    for k in range(brass_depth + 1):
        t = k / brass_depth
        shine = math.sin(math.pi * min(1.0, t * 1.25)) * 0.8 + 0.2
        colour = (round(120 + 120 * shine), round(88 + 100 * shine), round(40 + 62 * shine), 255)
        inset = BRASS_INSET + k
        pygame.draw.ellipse(wood, colour, FRAME_OUTER.inflate(-2 * inset, -2 * inset), 2)
    pygame.draw.ellipse(wood, (0, 0, 0, 0), FRAME_OUTER.inflate(-2 * OPENING_INSET, -2 * OPENING_INSET))
    # Light from the upper left, falling off to the lower right.
    light = pygame.Surface((2, 2))
    for (x, y), v in (((0, 0), 255), ((1, 0), 200), ((0, 1), 190), ((1, 1), 130)):
        light.set_at((x, y), (v, v, v))
    wood.blit(pygame.transform.smoothscale(light, MASTER), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    gleam = pygame.Surface(MASTER)
    inner = FRAME_OUTER.inflate(-2 * (BRASS_INSET + 4), -2 * (BRASS_INSET + 4))
    pygame.draw.arc(gleam, (120, 105, 70), inner, math.pi * 0.55, math.pi * 0.95, 4)
    wood.blit(_soften(gleam, 2), (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    frame.blit(wood, (0, 0))
    opening = FRAME_OUTER.inflate(-2 * OPENING_INSET, -2 * OPENING_INSET)
    pygame.draw.ellipse(frame, (0, 0, 0, 0), opening)
    # The frame's lip shades the edge of the cameo.
    lip = pygame.Surface(MASTER, pygame.SRCALPHA)
    pygame.draw.ellipse(lip, (0, 0, 0, 190), opening.inflate(8, 8), 12)
    lip = _soften(lip, 3)
    hole = pygame.Surface(MASTER, pygame.SRCALPHA)
    pygame.draw.ellipse(hole, (255, 255, 255, 255), opening)
    lip.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    frame.blit(lip, (0, 0))
    return frame


@cache
def _opening_master() -> pygame.Surface:
    """The cameo's oval, a little larger than the frame's opening so its edge hides under the brass."""
    mask = pygame.Surface(MASTER, pygame.SRCALPHA)
    pygame.draw.ellipse(
        mask, (255, 255, 255, 255), FRAME_OUTER.inflate(-2 * OPENING_INSET + 12, -2 * OPENING_INSET + 12)
    )
    return mask


@cache
def _glow_master() -> pygame.Surface:
    """A warm halo hugging the frame, for the seat whose turn it is; added onto the table."""
    glow = pygame.Surface(MASTER)
    pygame.draw.ellipse(glow, (255, 176, 80), FRAME_OUTER.inflate(6, 6), 14)
    return _soften(glow, 5)


def _hourglass(height: int, sand: float) -> pygame.Surface:
    """A small brass-capped sand glass, `sand` of it still in the upper bulb."""
    w, h = 80, 120
    glass = pygame.Surface((w, h), pygame.SRCALPHA)
    bulb = _curve([(16, 16), (18, 40), (36, 58), (36, 62), (18, 80), (16, 104)])
    outline = [*bulb, *[(w - x, y) for x, y in reversed(bulb)]]
    pygame.draw.polygon(glass, (236, 228, 210, 150), outline)
    # Sand: a heap in the lower bulb and what remains above, draining through the neck.
    sand_colour = (214, 168, 92, 255)
    if sand > 0.02:
        level = 58 - 40 * sand
        pygame.draw.polygon(
            glass, sand_colour, [(x, max(y, level)) for x, y in outline if y <= 60] + [(40, 59)]
        )
    heap = 104 - 40 * (1 - sand)
    pygame.draw.polygon(glass, sand_colour, [(17, 104), (40, heap), (63, 104)])
    if 0.02 < sand < 0.98:
        pygame.draw.line(glass, sand_colour, (40, 60), (40, 103), 2)
    pygame.draw.lines(glass, (250, 244, 228, 200), False, outline, 2)
    pygame.draw.line(glass, (255, 255, 255, 160), (24, 22), (28, 44), 2)
    for y in (4, h - 16):
        pygame.draw.rect(glass, (196, 150, 70, 255), (6, y, w - 12, 12), border_radius=4)
        pygame.draw.line(glass, (250, 214, 140, 255), (10, y + 3), (w - 12, y + 3), 2)
    for x in (10, w - 14):
        pygame.draw.rect(glass, (92, 58, 34, 255), (x, 14, 4, h - 30))
    return pygame.transform.smoothscale(glass, (max(1, round(height * w / h)), height))


@cache
def _hourglass_frames(height: int) -> tuple[list[pygame.Surface], list[pygame.Surface]]:
    """The draining glass, then its half-turn (drawn once per size, never rotated per frame)."""
    draining = [_hourglass(height, 1 - i / (SAND_FRAMES - 1)) for i in range(SAND_FRAMES)]
    turning = [
        pygame.transform.rotozoom(draining[-1], -180 * (i + 1) / (TURN_FRAMES + 1), 1)
        for i in range(TURN_FRAMES)
    ]
    return draining, turning


# ---------------------------------------------------------------- the avatar


class _Layers:
    """One avatar's layers scaled to one display size, and the portraits composed from them so far."""

    def __init__(self, avatar: Avatar, size: tuple[int, int]) -> None:
        masters = avatar.masters()
        convert = pygame.display.get_surface() is not None

        def scaled(surface: pygame.Surface, alpha: bool = True) -> pygame.Surface:
            out = pygame.transform.smoothscale(surface, size)
            if convert:
                return out.convert_alpha() if alpha else out.convert()
            return out

        self.size = size
        # Everything behind the frame is cut to the oval now; the cut runs under the brass, with room
        # to spare for the few pixels a breath or a nod moves it.
        opening = scaled(_opening_master())

        def oval(surface: pygame.Surface) -> pygame.Surface:
            layer = scaled(surface)
            layer.blit(opening, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
            return layer

        self.ground = oval(masters["ground"])
        self.bust = oval(masters["bust"])
        self.heads = {key: oval(masters[key]) for key in VARIANTS}
        self.frame = scaled(_frame_master())
        glow = scaled(_glow_master(), alpha=False)
        self.glows = []
        for level in range(1, GLOW_LEVELS + 1):
            dimmed = glow.copy()
            dimmed.fill(_grey(255 * level / GLOW_LEVELS), special_flags=pygame.BLEND_RGB_MULT)
            self.glows.append(dimmed)
        self.hourglass = _hourglass_frames(max(8, round(size[1] * 0.24)))
        # Ground and bust at each breath offset, and the portraits composed on them so far.
        self.bases: dict[int, pygame.Surface] = {}
        self.portraits: dict[tuple[tuple[str, str], int, int, int], pygame.Surface] = {}

    def portrait(self, variant: tuple[str, str], breath: int, dx: int, dy: int) -> pygame.Surface:
        """The framed portrait in one pose; poses repeat (breathing, blinks), so each is composed once."""
        key = (variant, breath, dx, dy)
        found = self.portraits.pop(key, None)
        if found is None:
            base = self.bases.get(breath)
            if base is None:
                base = self.bases[breath] = self.ground.copy()
                base.blit(self.bust, (0, breath))
            found = base.copy()
            found.blit(self.heads[variant], (dx, breath + dy))
            found.blit(self.frame, (0, 0))
            if len(self.portraits) >= PORTRAIT_CACHE:
                del self.portraits[next(iter(self.portraits))]
        # Re-inserted last, so the least recently shown pose is the first to go.
        self.portraits[key] = found
        return found


class Avatar:
    """An animated portrait for a seat: breathes and blinks when idle, ponders, nods or frowns."""

    def __init__(self, seed: int, name: str = "") -> None:
        self.seed = seed
        # Who sits for the portrait; the scene letters it beneath, the cameo itself is unlettered.
        self.name = name
        self.sitter = _sitter(seed)
        self._thinking = False
        self._reaction = ""
        self._reaction_left = 0.0
        self._time = 0.0
        self._think_time = 0.0
        self._rng = random.Random(seed ^ 0xB1157)
        self._next_blink = self._rng.uniform(*BLINK_GAP)
        self._blink_left = 0.0
        self._breath_phase = self._rng.uniform(0, BREATH_PERIOD)
        self._masters: dict[object, pygame.Surface] | None = None
        self._sizes: dict[tuple[int, int], _Layers] = {}

    @property
    def state(self) -> str:
        """'happy' or 'sad' while a reaction plays, else 'thinking' or 'idle'."""
        if self._reaction:
            return REACTIONS[self._reaction]
        return "thinking" if self._thinking else "idle"

    def think(self, on: bool) -> None:
        """Show (or stop showing) that this seat is deciding."""
        if on and not self._thinking:
            self._think_time = 0.0
        self._thinking = on

    def react(self, kind: str) -> None:
        """Play a reaction: 'nod' (pleased: a nod and a smile) or 'frown' (a shake of the head)."""
        if kind not in REACTIONS:
            raise ValueError(f"unknown reaction {kind!r}")
        self._reaction = kind
        self._reaction_left = REACTION_TIME

    def update(self, dt: float) -> None:
        """Advance breathing, blinking, the hourglass and any reaction by `dt` seconds."""
        self._time += dt
        self._think_time += dt
        if self._reaction:
            self._reaction_left -= dt
            if self._reaction_left <= 0:
                self._reaction = ""
        if self._blink_left > 0:
            self._blink_left -= dt
        elif self._time >= self._next_blink:
            self._blink_left = BLINK_TIME
            self._next_blink = self._time + self._rng.uniform(*BLINK_GAP)

    def masters(self) -> dict[object, pygame.Surface]:
        """The cameo carved at master size (done once, on first draw)."""
        if self._masters is None:
            self._masters = _masters(self.sitter, self.seed)
        return self._masters

    def draw(self, target: pygame.Surface, rect: pygame.Rect, glow: bool = False) -> None:
        """Draw the framed portrait centred in `rect` (kept at 4:5), glowing if it is this seat's turn."""
        scale = min(rect.width / MASTER[0], rect.height / MASTER[1])
        size = max(1, round(MASTER[0] * scale)), max(1, round(MASTER[1] * scale))
        layers = self._sizes.get(size)
        if layers is None:
            layers = self._sizes[size] = _Layers(self, size)
        x = rect.x + (rect.width - size[0]) // 2
        y = rect.y + (rect.height - size[1]) // 2
        if glow:
            pulse = 0.75 + 0.25 * math.sin(math.tau * self._time / GLOW_PERIOD)
            target.blit(
                layers.glows[round(pulse * (GLOW_LEVELS - 1))], (x, y), special_flags=pygame.BLEND_RGB_ADD
            )
        breath = round(
            max(1.0, size[1] * 0.006) * math.sin(math.tau * (self._time + self._breath_phase) / BREATH_PERIOD)
        )
        nod_x, nod_y = self._head_offset(size[1])
        target.blit(layers.portrait(self._variant(), breath, nod_x, nod_y), (x, y))
        drawn.cover(target, pygame.Rect((x, y), size), "portrait")
        if self._thinking and not self._reaction:
            glass = self._hourglass_frame(layers)
            target.blit(glass, glass.get_rect(center=(x + round(size[0] * 0.86), y + round(size[1] * 0.84))))

    def _variant(self) -> tuple[str, str]:
        if self._reaction == "nod":
            return "smile", "open"
        if self._reaction == "frown":
            return "frown", "open"
        if self._blink_left > 0:
            return "neutral", "closed"
        return ("neutral", "aside") if self._thinking else ("neutral", "open")

    def _head_offset(self, height: int) -> tuple[int, int]:
        """A nod dips the head twice, a frown shakes it side to side; both die away over the reaction."""
        if not self._reaction:
            return 0, 0
        p = 1 - self._reaction_left / REACTION_TIME
        fade = 1 - p
        if self._reaction == "nod":
            return 0, round(height * 0.035 * math.sin(2 * math.pi * p) ** 2 * fade)
        return round(height * 0.03 * math.sin(3 * math.tau * p) * fade), 0

    def _hourglass_frame(self, layers: _Layers) -> pygame.Surface:
        draining, turning = layers.hourglass
        t = self._think_time % (SAND_TIME + TURN_TIME)
        if t < SAND_TIME:
            return draining[min(SAND_FRAMES - 1, int(t / SAND_TIME * SAND_FRAMES))]
        return turning[min(TURN_FRAMES - 1, int((t - SAND_TIME) / TURN_TIME * TURN_FRAMES))]
