"""Particle fireworks over the whole table: the spectacle when a played joker meets the other joker.

Cheap enough to run over a full table frame because nothing is simulated step by step: with constant
drag and gravity a star's position has a closed form, and all stars of one burst share their age, so a
frame costs two multiply-adds per star. How a star looks over its life (colour, size, brightness) is
tabulated once per look and colour; trails are prerotated streak sprites, one blit per trail. Every
glow is a precomputed sprite added onto the frame with one `fblits` call. All randomness is drawn from
one seeded generator when things are launched, so a show is the same for a seed and a sequence of
time steps, however often it is drawn.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import pygame

# Warm period palette: gold, brass, vermilion, cream, teal, violet; then the white heat of a fresh star.
PALETTE: tuple[tuple[int, int, int], ...] = (
    (255, 190, 64),
    (226, 164, 86),
    (250, 72, 40),
    (255, 234, 190),
    (52, 216, 196),
    (184, 100, 246),
    (255, 250, 236),
)
GOLD, BRASS, VERMILION, CREAM, TEAL, VIOLET, WHITE = range(7)
# Glow radii (px) of the sizes a star shrinks through; the flash of a burst has its own large one.
RADII = (1, 2, 4, 6, 9, 12)
FLASH_RADIUS = 56
LEVELS = 12
# A star's life is cut into this many steps, each with its own precomputed look.
BUCKETS = 24
MAX_PARTICLES = 440
# Places under the cap that rocket embers and glitter pops leave free, so bursts still fit.
EMBER_RESERVE = 120
# Places a launch leaves free, so a rocket does not go up only to burst into nothing.
ROCKET_RESERVE = 60
FINALE_LEAD = 2.2
LAUNCH_GAP = (0.3, 0.5)
# Trails are drawn from streak sprites of these lengths (px), turned to DIRECTIONS headings.
STREAK_LENGTHS = (5, 10, 18, 30, 48)
# The longest streak no longer than a distance, by whole pixels (-1: too short to draw); no trail in a
# show moves further than this table reaches.
STREAK_FOR = [sum(1 for length in STREAK_LENGTHS if length <= d) - 1 for d in range(1024)]
DIRECTIONS = 24
STREAK_LEVELS = 5
EMBER_STEP = 0.025
# Rockets climb against this much gravity (a share of the area height per s²), bursting at the apex.
ROCKET_GRAVITY = 0.55
# How much light the table keeps at the height of the show (a cool night tint: red dims most).
NIGHT = (0.68, 0.71, 0.8)

Sprite = tuple[pygame.Surface, int]
# A streak: the sprite and where its head (the star) lies in it.
Streak = tuple[pygame.Surface, int, int]
# Streaks of one colour and brightness, by length and then direction.
Streaks = list[list[Streak]]
# A look: per life bucket the head sprite, the same head twinkling dim, and the trail's streaks.
Look = tuple[list[Sprite | None], list[Sprite | None], list[Streaks | None]]
Blit = tuple[pygame.Surface, tuple[int, int]]

# How each look fades: brightness and size (an index into RADII) over the life fraction f, how many
# seconds back its trail reaches (0: none), and whether the star starts white-hot.
LOOKS: dict[str, tuple[Callable[[float], float], Callable[[float], float], float, bool]] = {
    "peony": (lambda f: 1.0 if f < 0.5 else ((1 - f) / 0.5) ** 1.3, lambda f: 5.2 - 3.6 * f, 0.1, True),
    "ring": (lambda f: 1.0 if f < 0.5 else ((1 - f) / 0.5) ** 1.3, lambda f: 4.6 - 3.0 * f, 0.0, True),
    "willow": (lambda f: 1.0 if f < 0.3 else ((1 - f) / 0.7) ** 1.1, lambda f: 3.4 - 2.2 * f, 0.45, True),
    "glitter": (lambda f: 1.0 if f < 0.6 else ((1 - f) / 0.4) ** 1.2, lambda f: 3.2 - 1.5 * f, 0.0, False),
    "ember": (lambda f: 0.8 * (1 - f), lambda f: 1.6 - 1.5 * f, 0.0, False),
    "pop": (lambda f: 1 - f, lambda f: 4.4 - 1.4 * f, 0.0, False),
    "rocket": (lambda f: 1.0, lambda f: 2.2, 0.1, False),
    "flash": (lambda f: 0.5 * (1 - f) ** 2, lambda f: 0.0, 0.0, False),
}


@dataclass(frozen=True)
class _Style:
    """One burst style: how many stars, how fast, how long they live, and which look and colours."""

    weight: int
    count: int
    speed: float  # share of the area height per second
    life: tuple[float, float]  # seconds
    drag: float  # 1/s
    gravity: float  # share of the area height per s²
    colours: tuple[int, ...]
    look: str


STYLES: dict[str, _Style] = {
    "peony": _Style(4, 66, 0.7, (1.2, 1.8), 2.4, 0.16, (GOLD, VERMILION, CREAM, TEAL, VIOLET), "peony"),
    "ring": _Style(2, 42, 0.62, (1.3, 1.6), 2.2, 0.12, (TEAL, VIOLET, VERMILION, CREAM), "ring"),
    "willow": _Style(2, 48, 0.62, (2.4, 3.0), 2.6, 0.18, (GOLD, BRASS), "willow"),
    "glitter": _Style(2, 54, 0.68, (0.9, 1.3), 2.3, 0.16, (CREAM, GOLD), "glitter"),
}
FINALE_STYLES = ("peony", "ring", "glitter", "peony", "ring", "peony", "glitter")


def _gradient(radius: int, sharpness: float) -> pygame.Surface:
    """A white radial falloff; sharpness > 1 pulls the light into the middle (a hot core)."""
    size = 2 * radius + 1
    surface = pygame.Surface((size, size))
    for y in range(size):
        for x in range(size):
            d = math.hypot(x - radius, y - radius) / (radius + 0.5)
            if d < 1:
                v = round(255 * (1 - d) ** (2 * sharpness))
                surface.set_at((x, y), (v, v, v))
    return surface


@cache
def _sprites(radii: tuple[int, ...]) -> list[list[list[pygame.Surface]]]:
    """sprites[colour][size][level]: a coloured glow with a white-hot core, at LEVELS brightnesses.

    Built once per process on first use rather than at import, so importing needs no display.
    """
    convert = pygame.display.get_surface() is not None
    bases = [(_gradient(r, 1.0), _gradient(r, 3.0)) for r in radii]
    sprites = []
    for colour in PALETTE:
        by_size = []
        for halo, core in bases:
            by_level = []
            for level in range(1, LEVELS + 1):
                k = level / LEVELS
                sprite = halo.copy()
                sprite.fill([round(c * k) for c in colour], special_flags=pygame.BLEND_RGB_MULT)
                hot = core.copy()
                hot.fill([round(210 * k)] * 3, special_flags=pygame.BLEND_RGB_MULT)
                sprite.blit(hot, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
                by_level.append(sprite.convert() if convert else sprite)
            by_size.append(by_level)
        sprites.append(by_size)
    return sprites


@cache
def _streaks() -> list[list[Streaks]]:
    """streaks[colour][level][length][direction]: a fading line of light behind a star, head first.

    Turned once here (smoothly) so no frame ever rotates a surface. Direction i points the tail at
    angle i·360°/DIRECTIONS on screen (0: right, clockwise as y grows downward).
    """
    convert = pygame.display.get_surface() is not None
    shapes: list[list[Streak]] = []
    for length in STREAK_LENGTHS:
        reach = length + 3
        canvas = pygame.Surface((2 * reach + 1, 5), pygame.SRCALPHA)
        for x in range(length + 5):
            along = max(0, x - 2) / length
            for y in range(5):
                d = math.hypot(min(0, x - 2), y - 2)
                v = (1 - along) ** 1.4 * math.exp(-((d / 1.3) ** 2)) if along < 1 else 0.0
                canvas.set_at((reach - 2 + x, y), (255, 255, 255, round(255 * v)))
        turned = []
        for i in range(DIRECTIONS):
            rotated = pygame.transform.rotozoom(canvas, -360 * i / DIRECTIONS, 1)
            crop = rotated.get_bounding_rect()
            grey = pygame.Surface(crop.size)
            grey.blit(rotated, (0, 0), crop)
            centre = rotated.get_width() // 2, rotated.get_height() // 2
            turned.append((grey, centre[0] - crop.x, centre[1] - crop.y))
        shapes.append(turned)
    streaks: list[list[Streaks]] = []
    for colour in PALETTE:
        by_level = []
        for level in range(1, STREAK_LEVELS + 1):
            tint = [round(c * level / STREAK_LEVELS) for c in colour]
            by_length = []
            for turned in shapes:
                row = []
                for grey, hx, hy in turned:
                    sprite = grey.copy()
                    sprite.fill(tint, special_flags=pygame.BLEND_RGB_MULT)
                    row.append((sprite.convert() if convert else sprite, hx, hy))
                by_length.append(row)
            by_level.append(by_length)
        streaks.append(by_level)
    return streaks


def _streak(streaks: Streaks, dx: float, dy: float) -> Streak | None:
    """The streak for a star that moved (dx, dy) over its trail time, or None if too short to see."""
    length = STREAK_FOR[int(math.hypot(dx, dy))]
    if length < 0:
        return None
    direction = round(math.atan2(-dy, -dx) / math.tau * DIRECTIONS) % DIRECTIONS
    return streaks[length][direction]


@cache
def _look(name: str, colour: int) -> Look:
    """Tabulate a look for one colour, so drawing a star is a look-up by its life bucket."""
    bright, size_of, trail, hot = LOOKS[name]
    radii = (FLASH_RADIUS,) if name == "flash" else RADII
    sprites = _sprites(radii)
    top = len(radii) - 1

    def sprite(c: int, size: int, level: int) -> Sprite | None:
        return (sprites[c][size][level - 1], radii[size]) if level > 0 else None

    heads: list[Sprite | None] = []
    dims: list[Sprite | None] = []
    trails: list[Streaks | None] = []
    for b in range(BUCKETS):
        f = (b + 0.5) / BUCKETS
        level = min(LEVELS, round(LEVELS * bright(f)))
        size = max(0, min(top, round(size_of(f))))
        heads.append(sprite(WHITE if hot and b < 2 else colour, size, level))
        dims.append(sprite(colour, size, level // 4))
        streak_level = round(STREAK_LEVELS * 0.8 * bright(f)) if trail else 0
        trails.append(_streaks()[colour][streak_level - 1] if streak_level > 0 else None)
    return heads, dims, trails


def warm_up() -> None:
    """Builds every glow sprite and look ahead of time, so the first show does not stall a frame."""
    for name in LOOKS:
        for colour in range(len(PALETTE)):
            _look(name, colour)


class _Spark:
    """A lone glow (rocket, ember, pop or burst flash) moving ballistically without drag."""

    __slots__ = ("gravity", "life", "look", "rate", "style", "t", "vx", "vy", "x", "y")

    def __init__(
        self,
        x: float,
        y: float,
        vx: float,
        vy: float,
        gravity: float,
        life: float,
        look: Look,
        style: str = "",
    ) -> None:
        self.x, self.y, self.vx, self.vy = x, y, vx, vy
        self.gravity = gravity
        self.life = life
        self.rate = BUCKETS / life
        self.look = look
        self.style = style
        self.t = 0.0

    def at(self, t: float) -> tuple[float, float]:
        return self.x + self.vx * t, self.y + (self.vy + 0.5 * self.gravity * t) * t


class _Burst:
    """The stars of one burst: they share an origin, drag, gravity and age, so they move as one formula.

    Stars are kept longest-lived first, so the live ones are always the first `alive`.
    """

    __slots__ = ("alive", "drag", "fastest", "glitter", "gravity", "stars", "t", "trail", "x", "y")

    def __init__(
        self,
        x: float,
        y: float,
        style: _Style,
        gravity: float,
        stars: list[tuple[float, float, float, float, Look, float]],
    ) -> None:
        self.x, self.y = x, y
        self.drag = style.drag
        self.gravity = gravity
        self.glitter = style.look == "glitter"
        self.trail = LOOKS[style.look][2]
        self.stars = sorted(stars, key=lambda star: -star[0])
        self.alive = len(stars)
        self.fastest = max(math.hypot(star[1], star[2]) for star in stars)
        self.t = 0.0

    def reach(self, t: float) -> tuple[float, float]:
        """(a, c): a star launched at (vx, vy) is at (x + vx·a, y + vy·a + c) when the burst is t old."""
        a = (1 - math.exp(-self.drag * t)) / self.drag
        return a, self.gravity / self.drag * (t - a)


class Fireworks:
    """A show of rockets and bursts over `area` for `duration` seconds, then until the last star dies."""

    def __init__(self, area: pygame.Rect, seed: int, duration: float = 6.0) -> None:
        self.area = pygame.Rect(area)
        self.duration = duration
        self.time = 0.0
        self._rng = random.Random(seed)
        self._rockets: list[_Spark] = []
        self._sparks: list[_Spark] = []
        self._bursts: list[_Burst] = []
        self._blits: list[Blit] = []
        self._next_launch = 0.15
        self._finale_done = False
        self._skipped = False
        self._ember_clock = 0.0
        # Build every sprite and look now, so the first rocket or burst does not stall a frame.
        _streaks()
        for name in LOOKS:
            for colour in range(len(PALETTE)):
                _look(name, colour)

    @property
    def done(self) -> bool:
        """True once the show is over and the last star has faded, or at once after `skip`."""
        return self._skipped or (self.time >= self.duration and not self.live)

    @property
    def live(self) -> int:
        """How many particles are in the air now (never more than MAX_PARTICLES)."""
        return len(self._rockets) + len(self._sparks) + sum(burst.alive for burst in self._bursts)

    def skip(self) -> None:
        """End the show now (the player clicked through it)."""
        self._skipped = True
        self._rockets.clear()
        self._sparks.clear()
        self._bursts.clear()
        self._blits.clear()

    def update(self, dt: float) -> list[str]:
        """Advance the show by `dt` seconds; returns the sound cues of this step, in order.

        The frame's blits are gathered here too, while each thing's position is at hand.
        """
        if self._skipped:
            return []
        cues: list[str] = []
        self.time += dt
        self._schedule(cues)
        blits: list[Blit] = []
        self._step_rockets(dt, cues, blits)
        self._step_bursts(dt, blits)
        self._step_sparks(dt, blits)
        self._blits = blits
        return cues

    def draw(self, target: pygame.Surface) -> None:
        """Dim the area of `target` a little for the night, then add every live glow onto it."""
        if self.done:
            return
        night = self._night()
        if night > 0:
            shade = [round(255 * (1 - night * (1 - k))) for k in NIGHT]
            target.fill(shade, self.area, special_flags=pygame.BLEND_RGB_MULT)
        clip = target.get_clip()
        target.set_clip(clip.clip(self.area))
        target.fblits(self._blits, pygame.BLEND_RGB_ADD)
        target.set_clip(clip)

    def _night(self) -> float:
        """How far the night has fallen: in over the first second, out again as the last stars fade."""
        fade_in = min(1.0, self.time)
        fade_out = min(1.0, max(0.0, (self.duration + 1.5 - self.time) / 1.5))
        return min(fade_in, fade_out)

    def _step_rockets(self, dt: float, cues: list[str], blits: list[Blit]) -> None:
        """Climb, shed embers, and burst at the apex."""
        self._ember_clock += dt
        embers = int(self._ember_clock / EMBER_STEP)
        self._ember_clock -= embers * EMBER_STEP
        climbing = []
        for rocket in self._rockets:
            rocket.t += dt
            if rocket.t >= rocket.life:
                self._burst(rocket, cues)
                continue
            climbing.append(rocket)
            x, y = rocket.at(rocket.t)
            heads, _, trails = rocket.look
            px, py = rocket.at(max(0.0, rocket.t - LOOKS["rocket"][2]))
            streaks = trails[0]
            streak = _streak(streaks, x - px, y - py) if streaks is not None else None
            if streak is not None:
                blits.append((streak[0], (int(x) - streak[1], int(y) - streak[2])))
            head = heads[0]
            if head is not None:
                blits.append((head[0], (int(x) - head[1], int(y) - head[1])))
            for _ in range(embers):
                self._ember(x, y)
        self._rockets = climbing

    def _step_bursts(self, dt: float, blits: list[Blit]) -> None:
        """Age every burst, let its shortest-lived stars go out, and place the rest."""
        add = blits.append
        bursts = []
        for burst in self._bursts:
            t = burst.t = burst.t + dt
            stars = burst.stars
            alive = burst.alive
            a, c = burst.reach(t)
            while alive and stars[alive - 1][0] <= t:
                alive -= 1
                if burst.glitter:
                    # A glitter star goes out with a crackle: a brief white pop where it was.
                    x, y = burst.x + stars[alive][1] * a, burst.y + stars[alive][2] * a + c
                    self._add_spark(_Spark(x, y, 0.0, 0.0, 0.0, 0.08, _look("pop", WHITE)), EMBER_RESERVE)
            burst.alive = alive
            if not alive:
                continue
            bursts.append(burst)
            ox, oy = burst.x, burst.y + c
            if burst.glitter:
                for _, vx, vy, rate, look, phase in stars[:alive]:
                    b = int(t * rate)
                    head = look[1][b] if int(t * 24 + phase) % 3 == 0 else look[0][b]
                    if head is not None:
                        add((head[0], (int(ox + vx * a) - head[1], int(oy + vy * a) - head[1])))
            elif burst.trail:
                # Where each star was one trail time ago differs from now by (vx·da, vy·da + dc); once
                # even the fastest star's trail is too short to see, the burst draws heads only.
                pa, pc = burst.reach(max(0.0, t - burst.trail))
                da, dc = a - pa, c - pc
                trailing = burst.fastest * da + abs(dc) >= STREAK_LENGTHS[0]
                for _, vx, vy, rate, look, _ in stars[:alive]:
                    b = int(t * rate)
                    x, y = int(ox + vx * a), int(oy + vy * a)
                    streaks = look[2][b]
                    if trailing and streaks is not None:
                        dx, dy = vx * da, vy * da + dc
                        length = STREAK_FOR[int(math.hypot(dx, dy))]
                        if length >= 0:
                            turn = round(math.atan2(-dy, -dx) * DIRECTIONS / math.tau) % DIRECTIONS
                            sprite, hx, hy = streaks[length][turn]
                            add((sprite, (x - hx, y - hy)))
                    head = look[0][b]
                    if head is not None:
                        add((head[0], (x - head[1], y - head[1])))
            else:
                for _, vx, vy, rate, look, _ in stars[:alive]:
                    head = look[0][int(t * rate)]
                    if head is not None:
                        add((head[0], (int(ox + vx * a) - head[1], int(oy + vy * a) - head[1])))
        self._bursts = bursts

    def _step_sparks(self, dt: float, blits: list[Blit]) -> None:
        """Embers, pops and flashes: each fades on its own clock."""
        sparks = []
        for spark in self._sparks:
            spark.t += dt
            if spark.t >= spark.life:
                continue
            sparks.append(spark)
            head = spark.look[0][int(spark.t * spark.rate)]
            if head is not None:
                x, y = spark.at(spark.t)
                blits.append((head[0], (int(x) - head[1], int(y) - head[1])))
        self._sparks = sparks

    def _schedule(self, cues: list[str]) -> None:
        """Launch rockets at 2-3 a second, then the grand finale: a volley of rockets at once."""
        finale_at = self.duration - FINALE_LEAD
        rng = self._rng
        while self.time >= self._next_launch and self._next_launch < finale_at:
            # Willows hang in the air for seconds: none so late that they would outlast the show by much.
            late = self._next_launch > finale_at - 1.5
            names = [n for n in STYLES if not (late and n == "willow")]
            style = rng.choices(names, weights=[STYLES[n].weight for n in names])[0]
            self._launch(cues, rng.uniform(0.12, 0.88), rng.uniform(0.2, 0.45), style)
            self._next_launch += rng.uniform(*LAUNCH_GAP)
        if not self._finale_done and self.time >= finale_at:
            self._finale_done = True
            for i, style in enumerate(FINALE_STYLES):
                x = 0.12 + 0.76 * i / (len(FINALE_STYLES) - 1)
                self._launch(cues, x, rng.uniform(0.2, 0.34), style)

    def _launch(self, cues: list[str], x_share: float, apex_share: float, style: str) -> None:
        """A rocket from the bottom edge that bursts at its apex, `apex_share` of the height down."""
        a = self.area
        gravity = ROCKET_GRAVITY * a.height
        speed = math.sqrt(2 * gravity * a.height * (1 - apex_share))
        drift = self._rng.uniform(-0.04, 0.04) * a.height
        x = a.x + x_share * a.width
        rocket = _Spark(x, a.bottom, drift, -speed, gravity, speed / gravity, _look("rocket", CREAM), style)
        if self.live < MAX_PARTICLES - ROCKET_RESERVE:
            self._rockets.append(rocket)
            cues.append("whoosh")

    def _ember(self, x: float, y: float) -> None:
        """A spark shed by a climbing rocket: it drifts down and dies quickly."""
        rng = self._rng
        h = self.area.height
        vx, vy = rng.uniform(-0.05, 0.05) * h, rng.uniform(0.02, 0.12) * h
        look = _look("ember", GOLD if rng.random() < 0.7 else WHITE)
        self._add_spark(_Spark(x, y, vx, vy, 0.1 * h, rng.uniform(0.25, 0.5), look), EMBER_RESERVE)

    def _add_spark(self, spark: _Spark, reserve: int = 0) -> None:
        """Keep the spark if the cap, less `reserve` places kept free for bursts, allows."""
        if self.live < MAX_PARTICLES - reserve:
            self._sparks.append(spark)

    def _burst(self, rocket: _Spark, cues: list[str]) -> None:
        """Break a rocket into a burst of its style, as many stars as the cap allows."""
        rng = self._rng
        style = STYLES[rocket.style]
        count = min(style.count, MAX_PARTICLES - self.live - 1)
        if count <= 0:
            return
        cues.append("bang")
        if rocket.style == "glitter":
            cues.append("crackle")
        x, y = rocket.at(rocket.life)
        h = self.area.height
        speed = style.speed * h * rng.uniform(0.85, 1.15)
        colour = rng.choice(style.colours)
        second = rng.choice(style.colours)
        self._add_spark(_Spark(x, y, 0.0, 0.0, 0.0, 0.25, _look("flash", colour)))
        tilt = rng.uniform(0.45, 1.0)
        turn = rng.uniform(0, math.tau)
        stars = []
        for i in range(count):
            if rocket.style == "ring":
                angle = math.tau * i / count
                ex, ey = math.cos(angle), math.sin(angle) * tilt
                dx = ex * math.cos(turn) - ey * math.sin(turn)
                dy = ex * math.sin(turn) + ey * math.cos(turn)
                v = speed
            else:
                angle = rng.uniform(0, math.tau)
                dx, dy = math.cos(angle), math.sin(angle)
                # A sphere of stars seen from the side: speeds thinned toward the middle.
                v = speed * math.sqrt(1 - rng.uniform(-1, 1) ** 2)
            life = rng.uniform(*style.life)
            look = _look(style.look, second if i % 3 == 0 else colour)
            stars.append((life, dx * v, dy * v, BUCKETS / life, look, rng.uniform(0, 3)))
        self._bursts.append(_Burst(x, y, style, style.gravity * h, stars))
