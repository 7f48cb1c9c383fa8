"""Text in the table's typeface, with suit symbols drawn as icons (the font has no suit glyphs), cached."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

from game.paths import CARDS

SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_scale = 1.0
_four_colour = False
_cache: dict[tuple, pygame.Surface] = {}
# Wrapped lines and fitted labels, per scale.
_wrapped: dict[tuple[str, float, int, bool, bool], list[str]] = {}
_fitted: dict[tuple[str, float, int, bool], str] = {}


def _font_file(italic: bool) -> Path | None:
    try:
        from fontpkg_eb_garamond import ROOT
    except ImportError:  # the typeface is a declared dependency; pygame's own font is the fallback
        return None
    path = ROOT / "files" / ("EBGaramond-Italic[wght].ttf" if italic else "EBGaramond[wght].ttf")
    return path if path.exists() else None


def _forget_layouts() -> None:
    _wrapped.clear()
    _fitted.clear()


def reset() -> None:
    """Forgets fonts and rendered text (they die with pygame.quit; a new App starts clean)."""
    font.cache_clear()
    _suit_icon.cache_clear()
    _cache.clear()
    _forget_layouts()


def set_scale(scale: float) -> None:
    """Type sizes follow the window height (720 px = 1.0)."""
    global _scale
    if abs(scale - _scale) > 1e-3:
        _scale = scale
        _cache.clear()
        _forget_layouts()


def set_four_colour(on: bool) -> None:
    global _four_colour
    if on != _four_colour:
        _four_colour = on
        _cache.clear()


def px(size: float) -> int:
    return max(8, round(size * _scale))


@cache
def font(size: int, bold: bool = False, italic: bool = False) -> pygame.font.Font:
    f = pygame.font.Font(_font_file(italic), size)
    f.bold = bold
    return f


@cache
def _suit_icon(suit: str, height: int, four: bool, chip: bool = False) -> pygame.Surface:
    """A suit symbol; on light-on-dark text it sits on a small card-coloured chip so ♠ and ♣ show."""
    folder = "suits4" if four else "suits"
    path = CARDS / folder / f"{suit}.png"
    try:
        image = pygame.image.load(str(path))
    except (pygame.error, FileNotFoundError) as exc:
        from game.ui.audio import AssetError

        raise AssetError(path, "tools/make_cards.py") from exc
    if not chip:
        return pygame.transform.smoothscale(image, (height, height))
    inner = round(height * 0.8)
    surf = pygame.Surface((height, height), pygame.SRCALPHA)
    pygame.draw.rect(surf, (243, 234, 211), surf.get_rect(), border_radius=max(2, height // 5))
    icon = pygame.transform.smoothscale(image, (inner, inner))
    surf.blit(icon, icon.get_rect(center=surf.get_rect().center))
    return surf


def render(
    text: str, size: float, colour: tuple[int, int, int], bold: bool = False, italic: bool = False
) -> pygame.Surface:
    """One line of text as a surface; suit characters become icons. Cached by all arguments."""
    key = (text, size, colour, bold, italic)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    f = font(px(size), bold, italic)
    if not any(ch in SUITS for ch in text):
        surf = f.render(text, True, colour)
    else:
        surf = _render_with_suits(f, text, colour)
    if len(_cache) > 2000:
        _cache.clear()
    if len(_wrapped) + len(_fitted) > 4000:
        _forget_layouts()
    _cache[key] = surf
    return surf


def _render_with_suits(f: pygame.font.Font, text: str, colour: tuple[int, int, int]) -> pygame.Surface:
    height = f.get_linesize()
    icon_h = round(f.get_ascent() * 0.72)
    chip = sum(colour) > 3 * 140
    pieces: list[tuple[pygame.Surface, bool]] = []  # (surface, is an icon)
    run = ""
    for ch in text + "\0":
        if ch in SUITS or ch == "\0":
            if run:
                pieces.append((f.render(run, True, colour), False))
                run = ""
            if ch in SUITS:
                pieces.append((_suit_icon(SUITS[ch], icon_h, _four_colour, chip), True))
        else:
            run += ch
    width = sum(p.get_width() + icon for p, icon in pieces) + 1
    surf = pygame.Surface((width, height), pygame.SRCALPHA)
    x = 0
    baseline = f.get_ascent()
    for p, icon in pieces:
        surf.blit(p, (x, baseline - icon_h if icon else 0))
        x += p.get_width() + icon
    return surf


def _width(line: str, size: float, bold: bool, italic: bool) -> int:
    """Rendered width; lines with suit icons are measured as drawn (icons are wider than glyphs)."""
    if any(ch in SUITS for ch in line):
        return render(line, size, (0, 0, 0), bold, italic).get_width()
    return font(px(size), bold, italic).size(line)[0]


def size_of(text: str, size: float, bold: bool = False) -> tuple[int, int]:
    """The size the line is drawn at; measured without drawing it when it is one line of plain text (the
    same size), so trying a message at several sizes renders none of them."""
    if not text or "\n" in text or any(ch in SUITS for ch in text):
        return render(text, size, (0, 0, 0), bold).get_size()
    return font(px(size), bold).size(text)


def draw(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: float,
    colour: tuple[int, int, int],
    anchor: str = "topleft",
    bold: bool = False,
    italic: bool = False,
    shadow: bool = False,
) -> pygame.Rect:
    """Draws one line anchored at `pos` (any pygame.Rect anchor name) and returns its rect."""
    surf = render(text, size, colour, bold, italic)
    rect = surf.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(render(text, size, (0, 0, 0), bold, italic), rect.move(1, 2))
    surface.blit(surf, rect)
    return rect


def wrap(text: str, size: float, width: int, bold: bool = False, italic: bool = False) -> list[str]:
    """Breaks text into lines that fit `width`; blank lines in the text are kept as paragraph breaks."""
    key = (text, size, width, bold, italic)
    cached = _wrapped.get(key)
    if cached is None:
        cached = _wrapped[key] = _wrap(text, size, width, bold, italic)
    return list(cached)


def _wrap(text: str, size: float, width: int, bold: bool, italic: bool) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        words = para.split(" ")
        line = ""
        for word in words:
            trial = f"{line} {word}" if line else word
            if _width(trial, size, bold, italic) <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines


def draw_paragraphs(
    surface: pygame.Surface,
    text: str,
    rect: pygame.Rect,
    size: float,
    colour: tuple[int, int, int],
    italic: bool = False,
    spacing: float = 1.15,
) -> int:
    """Draws wrapped text inside rect (clipped at its bottom); returns the height used."""
    line_h = round(font(px(size), False, italic).get_linesize() * spacing)
    y = rect.top
    for line in wrap(text, size, rect.width, italic=italic):
        if y + line_h > rect.bottom + line_h // 3:
            break
        if line:
            surface.blit(render(line, size, colour, italic=italic), (rect.left, y))
        y += line_h
    return y - rect.top


def fitting_size(
    text: str, rect: pygame.Rect, size: float, smallest: float, italic: bool = False, spacing: float = 1.15
) -> float:
    """The largest type size from `size` down to `smallest` at which the wrapped text fits `rect`."""
    while size > smallest:
        line_h = round(font(px(size), False, italic).get_linesize() * spacing)
        if len(wrap(text, size, rect.width, italic=italic)) * line_h <= rect.height:
            return size
        size -= 1
    return smallest


def line_height(size: float, italic: bool = False) -> int:
    return font(px(size), False, italic).get_linesize()


def fit(line: str, size: float, width: int, bold: bool = False) -> str:
    """The line, shortened with an ellipsis if it is wider than `width`."""
    key = (line, size, width, bold)
    cached = _fitted.get(key)
    if cached is None:
        cached = _fitted[key] = _fit(line, size, width, bold)
    return cached


def shrunk(line: str, size: float, smallest: float, width: int) -> tuple[str, float]:
    """The line at the largest type size down to `smallest` at which it is not wider than `width` (a
    choice's value read whole in a narrow window), shortened with an ellipsis only below that."""
    while size > smallest and font(px(size), False).size(line)[0] > width:
        size -= 1
    return fit(line, size, width), size


def _fit(line: str, size: float, width: int, bold: bool) -> str:
    f = font(px(size), bold)
    if f.size(line)[0] <= width:
        return line
    while line and f.size(line + "…")[0] > width:
        line = line[:-1]
    return line.rstrip() + "…"
