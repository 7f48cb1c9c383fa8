"""The vintage photo filter: contrast and colour temperature baked into images, film grain drawn live.

Contrast and temperature are per-pixel functions of a pixel's own colour, so applying them to the
background and card images when they are loaded looks the same as filtering every finished frame, and
costs nothing per frame. Only the grain (and its vignette) has to be drawn over the window each frame.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

import pygame

# Strongest S-curve bend, at 100 %: the slope at mid-grey becomes 1 + this, at black and white 1 - this.
# The ends stay pinned, so shadows and highlights are never clipped into mud.
CONTRAST_MAX = 0.55
# Grain opacity at 100 %: a grain lays white or black over the pixel at up to this fraction.
GRAIN_MAX = 0.14
# Vignette opacity (black) at the very corners, at 100 % grain.
VIGNETTE_MAX = 0.42
TILE = 256
TILE_COUNT = 4
GRAIN_FRAMES = 4
# How far (px) a grain frame is shifted from step to step; the vignette is soft enough not to show it.
JITTER = 8
# Film ran at 24 frames a second: new grain every other 60 Hz frame reads as film, every frame as TV static.
FRAMES_PER_GRAIN = 2


@dataclass(frozen=True)
class VintageParams:
    """The three settings, in percent; 0 switches a setting off, 50 is the default."""

    contrast: int = 50
    grain: int = 50
    temperature: int = 50


def _fraction(percent: int) -> float:
    return max(0, min(100, percent)) / 100


def _contrast(x: float, amount: float) -> float:
    """An S-curve around mid-grey that keeps 0 and 1 fixed; monotonic while amount <= 1."""
    return x - amount / (2 * math.pi) * math.sin(2 * math.pi * x)


def _warm(x: float, warmth: float, channel: int) -> float:
    """Toward an old sepia print: red lifted, blue lowered (paper white turns cream), blacks faded."""
    gamma = (1 / (1 + 0.18 * warmth), 1 + 0.03 * warmth, 1 + 0.30 * warmth)[channel]
    gain = (1.0, 1 - 0.025 * warmth, 1 - 0.075 * warmth)[channel]
    fade = (0.06, 0.05, 0.035)[channel] * warmth
    return fade + (1 - fade) * gain * x**gamma


@lru_cache(maxsize=16)
def luts(params: VintageParams) -> tuple[bytes, bytes, bytes]:
    """The R, G and B lookup tables for `bytes.translate`, contrast first and then temperature."""
    amount = CONTRAST_MAX * _fraction(params.contrast)
    warmth = _fraction(params.temperature)
    tables = []
    for channel in range(3):
        table = bytearray(256)
        for value in range(256):
            x = _warm(_contrast(value / 255, amount), warmth, channel)
            table[value] = max(0, min(255, round(x * 255)))
        tables.append(bytes(table))
    return tables[0], tables[1], tables[2]


def bake(surface: pygame.Surface, params: VintageParams) -> pygame.Surface:
    """A new surface with contrast and temperature applied to R, G and B; alpha is left as it was."""
    if params.contrast <= 0 and params.temperature <= 0:
        return surface.copy()
    has_alpha = bool(surface.get_flags() & pygame.SRCALPHA)
    fmt: Literal["RGBA", "RGB"] = "RGBA" if has_alpha else "RGB"
    stride = len(fmt)
    data = bytearray(pygame.image.tobytes(surface, fmt))
    for channel, table in enumerate(luts(params)):
        data[channel::stride] = data[channel::stride].translate(table)
    baked = pygame.image.frombytes(bytes(data), surface.get_size(), fmt)
    if pygame.display.get_surface() is not None:
        baked = baked.convert_alpha() if has_alpha else baked.convert()
    if not has_alpha:
        key = surface.get_colorkey()
        if key is not None:
            r, g, b = (table[c] for table, c in zip(luts(params), key[:3], strict=True))
            baked.set_colorkey((r, g, b))
        baked.set_alpha(surface.get_alpha())
    return baked


def _rgba_surface(data: bytes, size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.image.frombytes(data, size, "RGBA")
    return surface.convert_alpha() if pygame.display.get_surface() is not None else surface


def _noise_tile(raw: bytes, strength: float) -> pygame.Surface:
    """A premultiplied grain tile: the low bit of each random byte picks white or black, the rest its opacity.

    Squaring the opacity gives mostly faint grains and a few strong ones, as real film does.
    """
    opacity = bytes(round(255 * GRAIN_MAX * strength * ((v >> 1) / 127) ** 2) for v in range(256))
    white = bytes(opacity[v] if v & 1 else 0 for v in range(256))
    rgba = bytearray(len(raw) * 4)
    grey = raw.translate(white)
    for channel in range(3):
        rgba[channel::4] = grey
    rgba[3::4] = raw.translate(opacity)
    return _rgba_surface(bytes(rgba), (TILE, TILE))


def _vignette(size: tuple[int, int], strength: float) -> pygame.Surface:
    """Premultiplied black: clear over the middle, rising softly to VIGNETTE_MAX in the corners."""
    small_w, small_h = 64, 36
    rgba = bytearray(small_w * small_h * 4)
    for y in range(small_h):
        v = abs((y + 0.5) / small_h * 2 - 1)
        for x in range(small_w):
            u = abs((x + 0.5) / small_w * 2 - 1)
            r = (u**2.5 + v**2.5) ** 0.4
            t = max(0.0, min(1.0, (r - 0.72) / 0.6))
            rgba[(y * small_w + x) * 4 + 3] = round(
                255 * VIGNETTE_MAX * strength * (t * t * (3 - 2 * t)) ** 1.4
            )
    return pygame.transform.smoothscale(_rgba_surface(bytes(rgba), (small_w, small_h)), size)


class Grain:
    """Film grain and a soft vignette over the whole window, in one premultiplied blit per frame.

    A full-window pass costs about as much as the memory it touches, so grain and vignette share a
    single pass: a few grain frames are composed over the vignette once, and each step shows one of
    them shifted by a few pixels. White and black grains are equally likely, so mid-tones keep their
    brightness. The vignette follows the grain setting (not contrast) because it belongs to this same
    live overlay: grain at 0 % therefore costs nothing at all.
    """

    def __init__(self, size: tuple[int, int], seed: int = 0) -> None:
        self._size = size
        self._seed = seed
        self._strength = 50
        self._frames: list[pygame.Surface] = []
        self._offsets: list[tuple[int, int]] = []

    def set_strength(self, percent: int) -> None:
        """Set the grain (and vignette) strength in percent; frames are rebuilt on the next draw."""
        percent = max(0, min(100, percent))
        if percent != self._strength:
            self._strength = percent
            self._frames = []

    def resize(self, size: tuple[int, int]) -> None:
        """Follow a new window size; frames are rebuilt on the next draw."""
        if size != self._size:
            self._size = size
            self._frames = []

    def draw(self, target: pygame.Surface, frame: int) -> None:
        """Lay this frame's grain over `target`; the pattern moves on every FRAMES_PER_GRAIN frames."""
        if self._strength == 0:
            return
        if not self._frames:
            self._build()
        step = frame // FRAMES_PER_GRAIN
        ox, oy = self._offsets[step % len(self._offsets)]
        area = (ox, oy, *self._size)
        target.blit(self._frames[step % GRAIN_FRAMES], (0, 0), area, special_flags=pygame.BLEND_PREMULTIPLIED)

    def _build(self) -> None:
        """Compose GRAIN_FRAMES frames, each the vignette under a different arrangement of the noise tiles."""
        rng = random.Random(self._seed)
        strength = self._strength / 100
        tiles = [_noise_tile(rng.randbytes(TILE * TILE), strength) for _ in range(TILE_COUNT)]
        w, h = self._size[0] + JITTER, self._size[1] + JITTER
        vignette = _vignette((w, h), strength)
        self._frames = []
        for _ in range(GRAIN_FRAMES):
            layer = vignette.copy()
            ox, oy = rng.randrange(TILE), rng.randrange(TILE)
            cells = [
                (rng.choice(tiles), (x - ox, y - oy))
                for y in range(0, h + TILE, TILE)
                for x in range(0, w + TILE, TILE)
            ]
            layer.fblits(cells, pygame.BLEND_PREMULTIPLIED)
            self._frames.append(layer)
        # Every shift once, shuffled: neighbouring steps never share one, so even a repeated frame moves.
        self._offsets = [(x, y) for y in range(JITTER) for x in range(JITTER)]
        rng.shuffle(self._offsets)
