"""Walnut-and-brass panels and buttons, drawn once per size and style, then blitted from a cache."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.ui import drawn, theme

# style: (fill, inner line, border, border width, alpha)
STYLES: dict[str, tuple[tuple[int, int, int], tuple[int, int, int], tuple[int, int, int], int, int]] = {
    "panel": ((38, 24, 14), (92, 64, 36), theme.BRASS, 2, 228),
    "glass": ((10, 26, 18), (40, 70, 50), (120, 110, 80), 1, 190),
    "button": (theme.WALNUT, (110, 74, 44), theme.BRASS, 2, 255),
    "hover": ((98, 64, 38), (140, 100, 60), theme.BRASS_LIGHT, 2, 255),
    "pressed": (theme.WALNUT_DARK, (70, 46, 28), theme.BRASS, 2, 255),
    "primary": (theme.BRASS, theme.BRASS_LIGHT, (120, 86, 36), 2, 255),
    "primary_hover": (theme.BRASS_LIGHT, (246, 224, 160), (140, 100, 40), 2, 255),
    "disabled": ((60, 50, 42), (76, 66, 56), (110, 100, 86), 1, 220),
    "field": ((24, 16, 10), (60, 42, 26), (140, 112, 64), 1, 240),
    "paper": (theme.PARCHMENT, (250, 242, 222), theme.SEPIA, 2, 250),
}


@lru_cache(maxsize=256)
def panel_surface(size: tuple[int, int], style: str) -> pygame.Surface:
    fill, inner, border, width, alpha = STYLES[style]
    w, h = size
    radius = max(4, min(12, h // 4))
    surf = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(surf, (*fill, alpha), (0, 0, w, h), border_radius=radius)
    pygame.draw.rect(surf, (*inner, alpha), (3, 3, w - 6, h - 6), 1, border_radius=max(2, radius - 3))
    pygame.draw.rect(surf, border, (0, 0, w, h), width, border_radius=radius)
    return surf


@lru_cache(maxsize=4)
def veil(size: tuple[int, int]) -> pygame.Surface:
    """The shade laid over a table whose input a panel has taken, so that it reads as held."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    surf.fill((0, 0, 0, 150))
    return surf


def draw_veil(surface: pygame.Surface) -> None:
    """Veils all of `surface`: the table beneath a panel reads as held (recorded, so the layout check
    reads the panel over it, not the table it holds)."""
    drawn.veil(surface, veil(surface.get_size()))


RIM = 4  # the rim and the inner line inside it: the band of a panel's edge no text may cross


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, style: str = "panel") -> None:
    if rect.width > 8 and rect.height > 8:
        surface.blit(panel_surface(rect.size, style), rect)
        drawn.cover(surface, rect, style)
        drawn.border(surface, rect, RIM, style)
