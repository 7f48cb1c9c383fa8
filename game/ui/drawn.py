"""What a frame drew, as the layout check reads it (tools/layout_check.py): each line of text with the box
it belongs to, each panel's border, each opaque thing laid over what was drawn before.

The text, panel and card helpers record as they draw, into the surface they draw on, while recording is on
(`record`: the check and the tests turn it on; a player's frames pay one test per drawing call). A layer
composed once and blitted every frame (a table's backdrop, the auction's panel) keeps its records and hands
them on when it is blitted through `blit`, so the check reads exactly what reaches the player's screen, not
what the code meant to draw.
"""

from __future__ import annotations

from collections.abc import Iterator
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


@dataclass(frozen=True, slots=True)
class Layer:
    """A composed layer blitted here: its records as they stood, moved by (`dx`, `dy`), cut to `shown`
    (read out only when the frame is checked, so blitting a layer costs one record)."""

    records: list[Element]
    dx: int
    dy: int
    shown: pygame.Rect


Element = Text | Border | Cover | Veil | Layer

_on = False  # recording: the layout check and the tests that read frames turn it on
_records: WeakKeyDictionary[pygame.Surface, list[Element]] = WeakKeyDictionary()
_last: tuple[pygame.Surface | None, list[Element]] = (None, [])  # the surface drawn on last, its records


def record(on: bool) -> None:
    """Starts (or stops) recording what is drawn; a frame's records are read with `elements`."""
    global _on, _last
    _on = on
    _records.clear()
    _last = (None, [])


def begin(surface: pygame.Surface) -> None:
    """The surface is drawn afresh (the screen each frame, a layer when composed again)."""
    global _last
    if _on:
        found: list[Element] = []
        _records[surface] = found
        _last = (surface, found)


def elements(surface: pygame.Surface) -> list[Element]:
    """What has been drawn on the surface since it was begun, bottom first, composed layers read out."""
    return list(_expanded(_records.get(surface, []), 0, 0, None))


def _expanded(
    found: list[Element], dx: int, dy: int, shown: pygame.Rect | None
) -> Iterator[Text | Border | Cover | Veil]:
    for element in found:
        if isinstance(element, Layer):
            ox, oy = dx + element.dx, dy + element.dy
            inner = element.shown.move(ox, oy)
            yield from _expanded(element.records, ox, oy, inner.clip(shown) if shown else inner)
        elif dx or dy or shown is not None:
            yield _moved(element, dx, dy, shown)
        else:
            yield element


def _add(surface: pygame.Surface, element: Element) -> None:
    global _last
    on, found = _last
    if on is not surface:
        found = _records.get(surface) or []
        _records[surface] = found
        _last = (surface, found)
    if len(found) > MAX_RECORDS:
        found.clear()
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
    if _on:
        clip = surface.get_clip()
        _add(surface, Text(words, at, picture, pygame.Rect(box), pad, clip, full))


def border(surface: pygame.Surface, rect: pygame.Rect, width: int, what: str) -> None:
    if _on:
        _add(surface, Border(pygame.Rect(rect), width, what))


def cover(surface: pygame.Surface, rect: pygame.Rect, what: str) -> None:
    if _on:
        _add(surface, Cover(pygame.Rect(rect).clip(surface.get_clip()), what))


def veil(surface: pygame.Surface, shade: pygame.Surface) -> None:
    """Lays a shade over all of `surface`: the panel over it holds the table beneath."""
    surface.blit(shade, (0, 0))
    if _on:
        _add(surface, Veil())


def picture(surface: pygame.Surface, image: pygame.Surface, rect: pygame.Rect, what: str) -> pygame.Rect:
    """Blits an opaque picture (a card face, a portrait) and records that it covers its rect."""
    placed = surface.blit(image, rect)
    cover(surface, placed, what)
    return placed


def blit(surface: pygame.Surface, layer: pygame.Surface, at: tuple[int, int] | pygame.Rect) -> None:
    """Blits a composed layer and hands its records on, moved to where it lands and cut to what shows."""
    placed = surface.blit(layer, at)
    found = _records.get(layer) if _on else None
    if found:
        dx, dy = (at.x, at.y) if isinstance(at, pygame.Rect) else (placed.x, placed.y)
        shown = surface.get_clip().clip(pygame.Rect(dx, dy, *layer.get_size()))
        _add(surface, Layer(found, dx, dy, shown.move(-dx, -dy)))


def copy(source: pygame.Surface, target: pygame.Surface) -> None:
    """`target` is a copy of `source` (converted to the screen's format): it shows what `source` shows."""
    if _on:
        _records[target] = _records.get(source, [])


def _moved(
    element: Text | Border | Cover | Veil, dx: int, dy: int, shown: pygame.Rect | None
) -> Text | Border | Cover | Veil:
    shown = shown or pygame.Rect(-(10**6), -(10**6), 2 * 10**6, 2 * 10**6)
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
