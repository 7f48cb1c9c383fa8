"""Table layouts drawn in Tiled: named rectangles read with pytmx and scaled to the window."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame
from pytmx.pytmx import TiledMap

from game.paths import TABLES
from game.ui.audio import AssetError

HAND_DRAWN = frozenset({"falkenstein"})  # drawn in Tiled; tools/make_tables.py writes every other table


class Layout:
    """Named rectangles in the map's own pixel space (its design size), scaled on request."""

    def __init__(
        self,
        name: str,
        size: tuple[int, int],
        rects: dict[str, tuple[float, float, float, float]],
        properties: dict[str, dict[str, object]],
    ) -> None:
        self.name = name
        self.size = size
        self.rects = rects
        self.properties = properties
        self._scaled: dict[tuple[str, tuple[int, int]], pygame.Rect] = {}

    def names(self) -> set[str]:
        return set(self.rects)

    def scale(self, window: tuple[int, int]) -> float:
        """The uniform scale that fits the design into the window (used for card and type sizes)."""
        return min(window[0] / self.size[0], window[1] / self.size[1])

    def number(self, name: str, key: str, default: float) -> float:
        """A number set on the named rectangle in Tiled (an int or float property), else `default`."""
        value = self.properties[name].get(key, default)
        if not isinstance(value, int | float):
            raise TypeError(f"layout {self.name!r}: property {key!r} of {name!r} is not a number")
        return value

    def rect(self, name: str, window: tuple[int, int]) -> pygame.Rect:
        """The named rectangle for this window: uniform scale, centred (letterboxed) in the window."""
        cached = self._scaled.get((name, window))
        if cached is not None:
            return cached.copy()
        if name not in self.rects:
            raise KeyError(f"layout {self.name!r} has no rectangle named {name!r}")
        rect = self.place(self.rects[name], window)
        self._scaled[(name, window)] = rect
        return rect.copy()

    def place(self, box: tuple[float, float, float, float], window: tuple[int, int]) -> pygame.Rect:
        """A rectangle in the design's pixels (x, y, w, h), scaled and centred as the named ones are."""
        s = self.scale(window)
        ox = (window[0] - self.size[0] * s) / 2
        oy = (window[1] - self.size[1] * s) / 2
        x, y, w, h = box
        return pygame.Rect(round(ox + x * s), round(oy + y * s), round(w * s), round(h * s))


def read_layout(path: Path) -> Layout:
    try:
        tmx = TiledMap(str(path))
    except Exception as exc:  # pytmx raises many kinds on a broken file; all mean the same to us
        raise AssetError(path, None if path.stem in HAND_DRAWN else "tools/make_tables.py") from exc
    size = (tmx.width * tmx.tilewidth, tmx.height * tmx.tileheight)
    rects: dict[str, tuple[float, float, float, float]] = {}
    properties: dict[str, dict[str, object]] = {}
    for obj in tmx.objects:
        if obj.name:
            rects[obj.name] = (obj.x, obj.y, obj.width, obj.height)
            properties[obj.name] = dict(obj.properties)
    return Layout(path.stem, size, rects, properties)


@cache
def load_layout(name: str) -> Layout:
    return read_layout(TABLES / f"{name}.tmx")
