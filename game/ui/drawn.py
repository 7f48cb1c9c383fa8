"""What a frame drew, as the layout check reads it (tools/layout_check.py): each line of text with the box
it belongs to, each panel's border, each opaque thing laid over what was drawn before.

The text, panel and card helpers record as they draw, into the surface they draw on. A layer composed once
and blitted every frame (a table's backdrop, the auction's panel) keeps its records and hands them on when
it is blitted through `blit`, so the check reads exactly what reaches the player's screen, not what the
code meant to draw.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from weakref import WeakKeyDictionary

import pygame

MAX_RECORDS = 4000  # a surface drawn into over and over without being begun again stays bounded


@dataclass(frozen=True, slots=True)
class Text:
    """One line of text: its picture at `at`, the box it belongs to and the room it keeps from its edges
    (`pad`); `full` the words it stands for when they were shortened to fit ("" when drawn whole)."""

    words: str
    at: tuple[int, int]
    picture: pygame.Surface
    box: pygame.Rect
    pad: int
    clip: pygame.Rect
    full: str = ""

    def ink(self) -> pygame.Rect:
        """Where its pixels are (what the player sees of it), inside the clip it was drawn under."""
        return self.picture.get_bounding_rect().move(self.at).clip(self.clip)


@dataclass(frozen=True, slots=True)
class Border:
    """A panel's rim: no text may lie across it (`width`, the band of the rim and its inner line)."""

    rect: pygame.Rect
    width: int
    what: str


@dataclass(frozen=True, slots=True)
class Cover:
    """Something opaque laid down (a panel, a card, a portrait, a hint's pin): hides what lies under it."""

    rect: pygame.Rect
    what: str


@dataclass(frozen=True, slots=True)
class Veil:
    """A shade over the whole surface: what was drawn before it is held, out of play (under a pause)."""


Element = Text | Border | Cover | Veil

_records: WeakKeyDictionary[pygame.Surface, list[Element]] = WeakKeyDictionary()


def begin(surface: pygame.Surface) -> None:
    """The surface is drawn afresh (the screen each frame, a layer when composed again)."""
    _records[surface] = []


def elements(surface: pygame.Surface) -> list[Element]:
    """What has been drawn on the surface since it was begun, bottom first."""
    return list(_records.get(surface, ()))


def _add(surface: pygame.Surface, element: Element) -> None:
    found = _records.get(surface)
    if found is None or len(found) > MAX_RECORDS:
        found = _records[surface] = []
    found.append(element)


def text(
    surface: pygame.Surface,
    words: str,
    at: tuple[int, int],
    picture: pygame.Surface,
    box: pygame.Rect,
    pad: int,
    full: str = "",
) -> None:
    clip = surface.get_clip()
    _add(surface, Text(words, at, picture, pygame.Rect(box), pad, clip, full))


def border(surface: pygame.Surface, rect: pygame.Rect, width: int, what: str) -> None:
    _add(surface, Border(pygame.Rect(rect), width, what))


def cover(surface: pygame.Surface, rect: pygame.Rect, what: str) -> None:
    _add(surface, Cover(pygame.Rect(rect).clip(surface.get_clip()), what))


def veil(surface: pygame.Surface, shade: pygame.Surface) -> None:
    """Lays a shade over all of `surface`: the panel over it holds the table beneath."""
    surface.blit(shade, (0, 0))
    _add(surface, Veil())


def picture(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, what: str) -> pygame.Rect:
    """Blits an opaque picture (a card face, a portrait) and records that it covers its rect."""
    placed = surface.blit(image, rect)
    cover(surface, placed, what)
    return placed


def blit(surface: pygame.Surface, layer: pygame.Surface, at: tuple[int, int] | pygame.Rect) -> None:
    """Blits a composed layer and hands its records on, moved to where it lands and cut to what shows."""
    placed = surface.blit(layer, at)
    found = _records.get(layer)
    if not found:
        return
    dx, dy = placed.x, placed.y
    if isinstance(at, pygame.Rect):
        dx, dy = at.x, at.y
    shown = surface.get_clip().clip(pygame.Rect(dx, dy, *layer.get_size()))
    for element in found:
        _add(surface, _moved(element, dx, dy, shown))


def copy(source: pygame.Surface, target: pygame.Surface) -> None:
    """`target` is a copy of `source` (converted to the screen's format): it shows what `source` shows."""
    _records[target] = elements(source)


def _moved(element: Element, dx: int, dy: int, shown: pygame.Rect) -> Element:
    if isinstance(element, Text):
        return replace(
            element,
            at=(element.at[0] + dx, element.at[1] + dy),
            box=element.box.move(dx, dy),
            clip=element.clip.move(dx, dy).clip(shown),
        )
    if isinstance(element, Border):
        return replace(element, rect=element.rect.move(dx, dy))
    if isinstance(element, Cover):
        return replace(element, rect=element.rect.move(dx, dy).clip(shown))
    return element
