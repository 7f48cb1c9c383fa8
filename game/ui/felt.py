"""The green baize of the table: soft vignette and a faint weave, made once per window size."""

from __future__ import annotations

import random
from functools import lru_cache

import pygame

from game.ui import theme
from game.ui.vintage import VintageParams, bake


@lru_cache(maxsize=4)
def felt(
    size: tuple[int, int], params: VintageParams, colour: tuple[int, int, int] = theme.FELT
) -> pygame.Surface:
    """A felt surface of `size`, baked with the vintage filter (cached per size and settings)."""
    surf = bake(_raw_felt(size, colour), params)
    return surf.convert() if pygame.display.get_surface() is not None else surf


@lru_cache(maxsize=4)
def _raw_felt(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    """The unfiltered felt; slow to make, so a vintage slider only re-bakes it."""
    w, h = size
    small = pygame.Surface((64, 36))
    cx, cy = small.get_width() / 2, small.get_height() / 2
    for y in range(small.get_height()):
        for x in range(small.get_width()):
            d = ((x - cx) / cx) ** 2 + ((y - cy) / cy) ** 2
            k = max(0.45, 1.08 - 0.42 * d)
            small.set_at((x, y), tuple(min(255, int(c * k)) for c in colour))
    surf = pygame.transform.smoothscale(small, size)
    weave = pygame.Surface((64, 64), pygame.SRCALPHA)
    rng = random.Random(7)
    for y in range(64):
        for x in range(64):
            weave.set_at((x, y), (0, 0, 0, 6 + ((x + y) % 2) * 8 + rng.randrange(6)))
    for y in range(0, h, 64):
        for x in range(0, w, 64):
            surf.blit(weave, (x, y))
    return surf
