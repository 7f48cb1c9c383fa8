"""Text in the table's typeface, with suit symbols drawn as icons (the font has no suit glyphs), cached."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pygame

from game.paths import CARDS
from game.ui import drawn

SUITS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
FLOOR = 13.0  # the smallest type a line is shrunk to before it is shortened (10 px in a 540 px window)
PAD = 4  # the room a line keeps from the edges of a panel or button: clear of its rim and inner line
_scale = 1.0
_four_colour = False
_cache: dict[tuple, pygame.Surface] = {}
# Wrapped lines and fitted labels, per scale.
_wrapped: dict[tuple[str, float, int, bool, bool], list[str]] = {}
_fitted: dict[tuple[str, float, int, bool], str] = {}
_lines: dict[tuple[object, ...], tuple[list[str], float]] = {}


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
    _lines.clear()


def reset() -> None:
    """Forgets fonts and rendered text (they die with pygame.quit; a new App starts clean)."""
    font.cache_clear()
    _band.cache_clear()
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
    if len(_wrapped) + len(_fitted) + len(_lines) > 4000:
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
    overhang = (1 if bold else 0) + (2 if italic else 0)  # a synthetic bold, a slanted last letter
    if any(ch in SUITS for ch in line):
        return render(line, size, (0, 0, 0), bold, italic).get_width() + overhang
    return font(px(size), bold, italic).size(line)[0] + overhang


def size_of(text: str, size: float, bold: bool = False) -> tuple[int, int]:
    """The size the line is drawn at; measured without drawing it when it is one line of plain text (the
    same size), so trying a message at several sizes renders none of them."""
    if not text or "\n" in text or any(ch in SUITS for ch in text):
        return render(text, size, (0, 0, 0), bold).get_size()
    return font(px(size), bold).size(text)


class Shortened(str):
    """Words shortened to fit, knowing what they stand for: drawn, they are recorded as cut."""

    full: str

    def __new__(cls, shown: str, full: str) -> Shortened:
        words = super().__new__(cls, shown)
        words.full = full
        return words


MIDDLES = frozenset({"center", "midleft", "midright"})


@cache
def _band(size: int, bold: bool, italic: bool) -> tuple[int, int]:
    """Where the letters stand in a line's picture: the top of the ascenders, the foot of the descenders."""
    f = font(size, bold, italic)
    up = [m[3] for m in f.metrics("lhdkbf") if m is not None]
    down = [m[2] for m in f.metrics("gjpqyJQ") if m is not None]
    return f.get_ascent() - max(up), f.get_ascent() - min(down)


def centred_top(y: int, size: float, bold: bool = False, italic: bool = False) -> int:
    """Where a line's picture starts for its letters' band (ascenders to descenders) to be centred on `y`,
    to the pixel: the line keeps room above for accents, which a box's centre would count."""
    top, bottom = _band(px(size), bold, italic)
    return y - (bottom - top) // 2 - top


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
    *,
    box: pygame.Rect,
    pad: int = PAD,
) -> pygame.Rect:
    """Draws one line anchored at `pos` (any pygame.Rect anchor name) and returns its rect. `box` is what
    the line belongs to (its button, panel, plate, cell or the stretch of felt kept for it), `pad` the room
    it keeps from the box's edges: both are recorded with it for the layout check (game/ui/drawn.py)."""
    surf = render(text, size, colour, bold, italic)
    rect = surf.get_rect(**{anchor: pos})
    if anchor in MIDDLES:
        rect.y = centred_top(pos[1], size, bold, italic)
    if shadow:
        surface.blit(render(text, size, (0, 0, 0), bold, italic), rect.move(1, 2))
    surface.blit(surf, rect)
    drawn.text(surface, text, rect.topleft, surf, box, pad, text.full if isinstance(text, Shortened) else "")
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
    *,
    box: pygame.Rect | None = None,
    pad: int = 0,
) -> int:
    """Draws wrapped text inside rect (clipped at its bottom); returns the height used. The lines belong to
    `box` (by default `rect` itself); when the last of them does not fit, the last line drawn is recorded
    as cut short, standing for the whole text."""
    line_h = round(font(px(size), False, italic).get_linesize() * spacing)
    lines = wrap(text, size, rect.width, italic=italic)
    last = line_height(size, italic)  # the last line needs its letters' height, not its spacing
    room = (rect.height - last) // line_h + 1 if rect.height >= last else 0
    shown = [(line, rect.top + i * line_h) for i, line in enumerate(lines[:room]) if line]
    for i, (line, y) in enumerate(shown):
        picture = render(line, size, colour, italic=italic)
        surface.blit(picture, (rect.left, y))
        cut = room < len(lines) and i == len(shown) - 1
        drawn.text(surface, line, (rect.left, y), picture, box or rect, pad, text if cut else "")
    return min(room, len(lines)) * line_h


def fitting_size(
    text: str, rect: pygame.Rect, size: float, smallest: float, italic: bool = False, spacing: float = 1.15
) -> float:
    """The largest type size from `size` down to `smallest` at which the wrapped text fits `rect`."""
    while size > smallest:
        line_h = round(font(px(size), False, italic).get_linesize() * spacing)
        lines = len(wrap(text, size, rect.width, italic=italic))
        if (lines - 1) * line_h + line_height(size, italic) <= rect.height:
            return size
        size -= 1
    return smallest


def line_height(size: float, italic: bool = False) -> int:
    """The height of a line: the font's line spacing, or its descenders' foot where they reach lower."""
    f = font(px(size), False, italic)
    return max(f.get_linesize(), _band(px(size), False, italic)[1])


def fit(line: str, size: float, width: int, bold: bool = False) -> str:
    """The line if it is not wider than `width`, else the last resort: the words that fit, with an
    ellipsis, never a word cut in two (the layout check reports it drawn: `Shortened`). Before it come a
    smaller size, a short form, a second line (`fitting`, `wrap`)."""
    key = (line, size, width, bold)
    cached = _fitted.get(key)
    if cached is None:
        cached = _fitted[key] = _fit(line, size, width, bold)
    return cached


def fitted(
    line: str,
    size: float,
    width: int,
    height: int = 0,
    floor: float = FLOOR,
    bold: bool = False,
    italic: bool = False,
    short: tuple[str, ...] = (),
    wrap: bool = True,
) -> tuple[list[str], float]:
    """The line read whole in a box `width` wide (and, given a `height`, as tall as that, in as many lines
    as fit it unless `wrap` is off): at the largest type size from `size` down to `floor` at which it fits
    on one line or, wrapped, in the height; else the first of its `short` forms (shorter words from the
    catalogue, initials) that fits so; only past all of them cut at a word (`fit`). Returns the lines and
    their size."""
    key = (line, size, width, height, floor, bold, italic, short, wrap)
    cached = _lines.get(key)
    if cached is None:
        cached = _lines[key] = _fit_lines(line, size, width, height, floor, bold, italic, short, wrap)
    return list(cached[0]), cached[1]


def _fit_lines(
    line: str,
    size: float,
    width: int,
    height: int,
    floor: float,
    bold: bool,
    italic: bool,
    short: tuple[str, ...],
    wrap_lines: bool,
) -> tuple[list[str], float]:
    for words in (line, *short):
        least = size
        while True:
            tall = ink_height(least, bold, italic) + 1  # a pixel to spare: the letters are centred to one
            if _width(words, least, bold, italic) <= width and (not height or tall <= height):
                return [words], least
            if height and wrap_lines:
                lines = wrap(words, least, width, bold, italic)
                tall += (len(lines) - 1) * line_height(least, italic)
                if tall <= height and all(_width(part, least, bold, italic) <= width for part in lines):
                    return lines, least
            if least <= floor:
                break
            least = max(floor, least - 1)
    return [fit(line, floor, width, bold)], floor


def stacked(
    first: float, second: float, height: int, gap: int = 1, bold: bool = False
) -> tuple[float, float]:
    """Two lines one over the other (a name and the line under it) in `height`: their sizes, shrunk
    together from `first` and `second` until their letters fit, neither below the floor."""
    step = 0.0
    while True:
        a, b = max(FLOOR, first - step), max(FLOOR, second - step)
        if ink_height(a, bold) + gap + ink_height(b) + 1 <= height or (a, b) == (FLOOR, FLOOR):
            return a, b
        step += 1


def ink_height(size: float, bold: bool = False, italic: bool = False) -> int:
    """How tall a line's letters stand, from the ascenders to the descenders (less than its line height,
    which keeps room above for accents)."""
    top, bottom = _band(px(size), bold, italic)
    return bottom - top


def draw_lines(
    surface: pygame.Surface,
    lines: list[str],
    pos: tuple[int, int],
    size: float,
    colour: tuple[int, int, int],
    align: str = "center",
    bold: bool = False,
    italic: bool = False,
    *,
    box: pygame.Rect,
    pad: int = PAD,
) -> None:
    """Lines one under the other, their letters centred as a block on `pos`'s height, each centred on its x
    (`align` "center"), or starting (`"left"`) or ending (`"right"`) there."""
    line_h = line_height(size, italic)
    top = pos[1] - ((len(lines) - 1) * line_h) // 2
    anchor = {"center": "center", "left": "midleft", "right": "midright"}[align]
    for i, line in enumerate(lines):
        draw(surface, line, (pos[0], top + i * line_h), size, colour, anchor, bold, italic, box=box, pad=pad)


def _fit(line: str, size: float, width: int, bold: bool) -> str:
    if _width(line, size, bold, False) <= width:
        return line
    words = line.split(" ")
    for count in range(len(words) - 1, 0, -1):
        head = " ".join(words[:count]).rstrip(" ·,;:—–-") + "…"
        if _width(head, size, bold, False) <= width:
            return Shortened(head, line)
    return Shortened(words[0] + "…", line)
