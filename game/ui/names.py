"""Seats named in narrow room (a score sheet's columns): every name whole if it can be, smaller or over two
lines, else by its initials, all at one size, so that no two seats read alike ("Comp… Comp…")."""

from __future__ import annotations

from game.ui import text


def initials(name: str) -> str:
    """ "Computer 2" → "C. 2", "Gräfin Ilse von Adlerstein" → "G. I. v. A.": each word by its first letter,
    figures whole (the number that tells computers apart); a single word stays whole."""
    words = name.split()
    if len(words) <= 1:
        return name
    return " ".join(word if any(c.isdigit() for c in word) else word[0] + "." for word in words)


def fitted_names(
    names: list[str], size: float, width: int, height: int, floor: float = text.FLOOR
) -> tuple[list[list[str]], float]:
    """Each name's lines in a cell `width` wide and `height` tall, all at the one largest size down to
    `floor` at which every name reads whole (on one line or wrapped at its words); failing that, at which
    each reads whole or by its initials; only past that cut at a word."""
    for allow_initials in (False, True):
        least = size
        while True:
            shown = [_lines(name, least, width, height, allow_initials) for name in names]
            if all(lines is not None for lines in shown):
                return [lines for lines in shown if lines is not None], least
            if least <= floor:
                break
            least = max(floor, least - 1)
    return [[text.fit(name, floor, width)] for name in names], floor


def _lines(name: str, size: float, width: int, height: int, allow_initials: bool) -> list[str] | None:
    forms = [name, initials(name)] if allow_initials else [name]
    for form in forms:
        if text.size_of(form, size)[0] <= width:
            return [form]
        lines = text.wrap(form, size, width)
        tall = (len(lines) - 1) * text.line_height(size) + text.ink_height(size)
        if tall <= height and all(text.size_of(line, size)[0] <= width for line in lines):
            return lines
    return None
