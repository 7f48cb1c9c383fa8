"""Card faces and backs at the size the table needs, scaled once and baked with the vintage filter."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

from game.paths import CARDS
from game.ui.audio import AssetError
from game.ui.vintage import VintageParams, bake

CARD_RATIO = 336 / 240


@cache
def _load(path: Path) -> pygame.Surface:
    """A card's master image, read from disk once per process (never drawn on: every size is a copy)."""
    try:
        return pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError) as exc:
        raise AssetError(path, "tools/make_cards.py") from exc


class CardImages:
    def __init__(self, params: VintageParams, four_colour: bool = False) -> None:
        self.params = params
        self.four_colour = four_colour
        self._sized: dict[tuple[str, int], pygame.Surface] = {}
        self._squashed: dict[tuple[str, int, int], pygame.Surface] = {}
        self._premultiplied: dict[pygame.Surface, pygame.Surface] = {}

    def configure(self, params: VintageParams, four_colour: bool) -> None:
        if (params, four_colour) != (self.params, self.four_colour):
            self.params, self.four_colour = params, four_colour
            self._sized.clear()
            self._squashed.clear()
            self._premultiplied.clear()

    def path_for(self, pack: str, code: str) -> str:
        """The asset path of a face: `french`/`tarock`, with their four-colour variants for suit cards."""
        suited = code[-1] in "SHDC" and code not in ("SK",)
        if self.four_colour and suited and pack in ("french", "tarock"):
            return f"{pack}4/{code}"
        return f"{pack}/{code}"

    def size_for(self, width: int) -> tuple[int, int]:
        return width, round(width * CARD_RATIO)

    def get(self, rel: str, width: int) -> pygame.Surface:
        key = (rel, width)
        surf = self._sized.get(key)
        if surf is None:
            scaled = pygame.transform.smoothscale(_load(CARDS / f"{rel}.png"), self.size_for(width))
            surf = bake(scaled, self.params)
            if pygame.display.get_surface() is not None:
                surf = surf.convert_alpha()
            self._sized[key] = surf
        return surf

    def warm(self, rels: list[str], width: int) -> None:
        """Scales and bakes the given cards now (at a table's start) rather than mid-animation."""
        for rel in rels:
            self.get(rel, width)

    def face(self, pack: str, code: str, width: int) -> pygame.Surface:
        return self.get(self.path_for(pack, code), width)

    def back(self, name: str, width: int) -> pygame.Surface:
        return self.get(f"backs/{name}", width)

    def squashed(self, rel: str, width: int, x_scale: float) -> pygame.Surface:
        """The card squeezed horizontally for a flip, in 16 cached steps (no per-frame scaling)."""
        step = max(1, round(x_scale * 16))
        if step >= 16:
            return self.get(rel, width)
        key = (rel, width, step)
        surf = self._squashed.get(key)
        if surf is None:
            full = self.get(rel, width)
            # a plain scale: the card is only this narrow for a few frames of a flip
            surf = pygame.transform.scale(full, (max(1, full.get_width() * step // 16), full.get_height()))
            self._squashed[key] = surf
        return surf

    def premultiplied(self, image: pygame.Surface) -> pygame.Surface:
        """One of these images with its colours multiplied by its alpha (cards composed into one picture)."""
        surf = self._premultiplied.get(image)
        if surf is None:
            surf = self._premultiplied[image] = image.premul_alpha()
        return surf
