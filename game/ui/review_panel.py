"""How the review's panel and its summary lay their words: blocks of text, each in a role (its type size,
ink and style) and with a figure at its right where it has one, wrapped to the panel's width and laid down
it at the largest sizes at which they all fit; the optional ones left out, the least needed first, where
even the smallest sizes do not (`game/scenes/review_table.py`)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import text, theme

MARK_INK = {"costly": theme.FAILURE, "doubtful": theme.BRASS_LIGHT, "": theme.SUCCESS}  # on the dark band


@dataclass(frozen=True)
class Block:
    """A piece of the review's panel or summary: words in a role (its type size, ink and style), a figure
    at its right where it has one; an optional one is left out where the panel is too small for it."""

    words: str
    role: str
    figure: str = ""
    optional: bool = False


# role -> (larger type or not, ink, bold, italic)
ROLES: dict[str, tuple[bool, tuple[int, int, int], bool, bool]] = {
    "kicker": (False, theme.SEPIA, True, False),
    "place": (False, theme.SEPIA, False, True),
    "note": (False, theme.SEPIA, False, False),
    "heading": (True, theme.SEPIA, True, False),
    "row": (True, theme.INK, False, False),
    "markcostly": (True, MARK_INK["costly"], True, False),
    "markdoubtful": (True, theme.WALNUT, True, False),
    "mark": (True, (44, 104, 46), True, False),
    "move": (True, theme.INK, False, False),
    "why": (False, theme.SEPIA, False, True),
    "others": (False, theme.SEPIA, False, False),
    "rule": (False, theme.SEPIA, False, False),
    "truth_title": (False, theme.SEPIA, False, True),
    "truth": (False, theme.INK, False, False),
}
PANEL_SIZES = (
    (theme.SIZE_SMALL - 3, theme.SIZE_SMALL - 5),
    (theme.SIZE_SMALL - 4, theme.SIZE_SMALL - 6),
    (theme.SIZE_SMALL - 5, theme.SIZE_SMALL - 6),
)
SUMMARY_SIZES = ((theme.SIZE_SMALL - 1, theme.SIZE_SMALL - 3), (theme.SIZE_SMALL - 3, theme.SIZE_SMALL - 5))
SUMMARY_TITLE = theme.SIZE_H2 * 0.8
RULE_H = 7


def _laid(block: Block, sizes: tuple[float, float], width: int) -> tuple[float, list[str]]:
    """A block's type size and lines at `sizes` (larger, smaller) in `width`: wrapped, the first line beside
    its figure."""
    large, _ink, bold, italic = ROLES[block.role]
    size = sizes[0] if large else sizes[1]
    if block.role == "rule":
        return size, []
    beside = width - (text.size_of(block.figure, size, True)[0] + 8 if block.figure else 0)
    lines = text.wrap(block.words, size, beside, bold, italic)
    if len(lines) > 1:
        lines = lines[:1] + text.wrap(" ".join(lines[1:]), size, width, bold, italic)
    return size, lines


def blocks_height(blocks: list[Block], choices: tuple[tuple[float, float], ...], width: int) -> int:
    """The height of `blocks` laid at the first of the sizes `choices` (as `draw_blocks` lays them)."""
    return _height(blocks, choices[0], width)


def _height(blocks: list[Block], sizes: tuple[float, float], width: int) -> int:
    total = 0
    for block in blocks:
        size, lines = _laid(block, sizes, width)
        total += (
            RULE_H if block.role == "rule" else len(lines) * text.line_height(size, ROLES[block.role][3]) + 2
        )
    return total


def draw_blocks(
    surface: pygame.Surface,
    blocks: list[Block],
    inner: pygame.Rect,
    bottom: int,
    box: pygame.Rect,
    choices: tuple[tuple[float, float], ...] = PANEL_SIZES,
) -> int:
    """The blocks from the top of `inner` down to `bottom` (each line recorded as of `box`, their panel), at
    the first of the sizes `choices` at which they all fit, else the optional ones left out, the least
    needed first; lines past `bottom` are not drawn. Returns the y under the last."""
    room = bottom - inner.y
    sizes = next((tried for tried in choices if _height(blocks, tried, inner.width) <= room), choices[-1])
    while _height(blocks, sizes, inner.width) > room and any(b.optional for b in blocks):
        last = max(i for i, b in enumerate(blocks) if b.optional)
        blocks = blocks[:last] + blocks[last + 1 :]
    y = inner.y
    for block in blocks:
        size, lines = _laid(block, sizes, inner.width)
        _large, ink, bold, italic = ROLES[block.role]
        if block.role == "rule":
            pygame.draw.line(surface, theme.SEPIA, (inner.x, y + 3), (inner.right, y + 3), 1)
            y += RULE_H
            continue
        line_h = text.line_height(size, italic)
        for i, line in enumerate(lines):
            if y + line_h > bottom + 2:
                return y
            text.draw(surface, line, (inner.x, y), size, ink, bold=bold, italic=italic, box=box)
            if i == 0 and block.figure:
                text.draw(surface, block.figure, (inner.right, y), size, ink, "topright", bold=True, box=box)
            y += line_h
        y += 2
    return y
