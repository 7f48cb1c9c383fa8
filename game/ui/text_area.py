"""A text field of several lines, for the words of an adventure: the text wraps inside its box and scrolls to
keep the caret in view; typing goes in where the caret is (TEXTINPUT), an input method's composition shows
at the caret until it is committed (TEXTEDITING), the arrows, Home and End move the caret, Backspace and
Delete remove, Ctrl+V pastes. One paragraph: Enter adds nothing (an adventure's texts hold no line breaks)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import pygame

from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.widgets import Widget

PAD = 8


def pasted() -> str:
    """The clipboard's text on one line ("" when there is none or no clipboard)."""
    try:
        found = pygame.scrap.get_text()
    except (pygame.error, AttributeError):
        return ""
    return " ".join((found or "").split()) if isinstance(found, str) else ""


def printable(typed: str) -> str:
    """What may go into a text: no line breaks nor other control characters."""
    return "".join(ch if ch.isprintable() else " " for ch in typed)


class TextArea(Widget):
    takes_text = True

    def __init__(
        self,
        rect: pygame.Rect,
        value: str,
        on_change: Callable[[str], None],
        max_len: int,
        placeholder: str = "",
        size: float = theme.SIZE_SMALL,
    ) -> None:
        super().__init__(rect)
        self.value, self.on_change, self.max_len = value, on_change, max_len
        self.placeholder, self.size = placeholder, size
        self.caret = len(value)
        self.composing = ""  # an input method's text not yet committed
        self.first = 0  # the first wrapped line shown

    # the text laid out ------------------------------------------------------------------------------
    @property
    def inner(self) -> pygame.Rect:
        return self.rect.inflate(-2 * PAD, -2 * PAD)

    @property
    def line_h(self) -> int:
        return text.line_height(self.size)

    @property
    def rows(self) -> int:
        return max(1, self.inner.height // self.line_h)

    def lines(self) -> list[tuple[int, str]]:
        """The wrapped lines with where each starts in the value (a wrap drops the space it breaks at)."""
        out: list[tuple[int, str]] = []
        at = 0
        for line in text.wrap(self.value, self.size, self.inner.width) if self.value else [""]:
            found = self.value.find(line, at) if line else at
            at = found if found >= 0 else at
            out.append((at, line))
            at += len(line)
        return out

    def _line_of(self, index: int) -> int:
        lines = self.lines()
        for n in range(len(lines) - 1, -1, -1):
            if index >= lines[n][0]:
                return n
        return 0

    def _index_at(self, line: int, x: int) -> int:
        """The place in the value nearest `x` pixels into wrapped line `line`."""
        lines = self.lines()
        start, words = lines[max(0, min(line, len(lines) - 1))]
        best, best_d = start, abs(x)
        for n in range(1, len(words) + 1):
            d = abs(text.size_of(words[:n], self.size)[0] - x)
            if d < best_d:
                best, best_d = start + n, d
        return best

    def _reveal(self) -> None:
        line = self._line_of(self.caret)
        if line < self.first:
            self.first = line
        elif line >= self.first + self.rows:
            self.first = line - self.rows + 1
        self.first = max(0, min(self.first, max(0, len(self.lines()) - self.rows)))

    # changes ----------------------------------------------------------------------------------------
    def _put(self, value: str, caret: int) -> None:
        self.caret = max(0, min(caret, len(value)))
        if value != self.value:
            self.value = value
            self.on_change(value)
        self._reveal()

    def insert(self, typed: str) -> None:
        typed = printable(typed)[: max(0, self.max_len - len(self.value))]
        if typed:
            self._put(self.value[: self.caret] + typed + self.value[self.caret :], self.caret + len(typed))

    # input ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.TEXTINPUT and self.focused:
            self.composing = ""
            self.insert(event.text)
            return True
        if event.type == pygame.TEXTEDITING and self.focused:
            self.composing = printable(event.text)
            return True
        if event.type == pygame.MOUSEWHEEL and self.hover:
            self.first = max(0, min(self.first - event.y, max(0, len(self.lines()) - self.rows)))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            line = self.first + (event.pos[1] - self.inner.y) // self.line_h
            self.caret = self._index_at(line, event.pos[0] - self.inner.x)
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        k, value, caret = event.key, self.value, self.caret
        if k == pygame.K_BACKSPACE and caret:
            self._put(value[: caret - 1] + value[caret:], caret - 1)
        elif k == pygame.K_DELETE and caret < len(value):
            self._put(value[:caret] + value[caret + 1 :], caret)
        elif k in (pygame.K_LEFT, pygame.K_RIGHT):
            self._put(value, caret + (1 if k == pygame.K_RIGHT else -1))
        elif k in (pygame.K_UP, pygame.K_DOWN):
            line = self._line_of(caret)
            start = self.lines()[line][0]
            x = text.size_of(value[start:caret], self.size)[0]
            self._put(value, self._index_at(line + (1 if k == pygame.K_DOWN else -1), x))
        elif k in (pygame.K_HOME, pygame.K_END):
            start, words = self.lines()[self._line_of(caret)]
            self._put(value, start if k == pygame.K_HOME else start + len(words))
        elif k == pygame.K_v and event.mod & pygame.KMOD_CTRL:
            self.insert(pasted())
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            pass  # one paragraph
        else:
            # printable keys arrive as TEXTINPUT: claim them so they do not act as shortcuts
            return bool(event.unicode and event.unicode.isprintable())
        return True

    # drawing ----------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.rect, "field")
        inner, line_h = self.inner, self.line_h
        lines = self.lines()
        if not self.value and not self.composing:
            for n, line in enumerate(text.wrap(self.placeholder, self.size, inner.width, italic=True)):
                if n >= self.rows:
                    break
                at = (inner.x, inner.y + n * line_h)
                text.draw(surface, line, at, self.size, theme.DIM, italic=True, box=inner, pad=0)
        clip = surface.get_clip()
        surface.set_clip(inner.clip(clip) if clip else inner)  # a word longer than the box stays in it
        for n in range(self.first, min(len(lines), self.first + self.rows)):
            y = inner.y + (n - self.first) * line_h
            text.draw(surface, lines[n][1], (inner.x, y), self.size, theme.CREAM, box=inner, pad=0)
        surface.set_clip(clip)
        if self.focused:
            self._draw_caret(surface, lines)
        if len(lines) > self.rows:  # a thin bar: which part of the text is in view
            track = pygame.Rect(self.rect.right - 5, inner.y, 3, inner.height)
            bar = pygame.Rect(track.x, track.y + track.height * self.first // len(lines), 3, 0)
            bar.height = max(6, track.height * self.rows // len(lines))
            pygame.draw.rect(surface, theme.BRASS, bar)
        self._focus_ring(surface)

    def _draw_caret(self, surface: pygame.Surface, lines: list[tuple[int, str]]) -> None:
        inner, line = self.inner, self._line_of(self.caret)
        if not self.first <= line < self.first + self.rows:
            return
        start, words = lines[line]
        x = inner.x + text.size_of(words[: self.caret - start], self.size)[0] if words else inner.x
        y = inner.y + (line - self.first) * self.line_h
        if self.composing:  # the input method's text, underlined, where it will go
            room = max(0, inner.right - x)
            shown = text.fit(self.composing, self.size, room)
            drawn = text.draw(surface, shown, (x, y), self.size, theme.BRASS_LIGHT, box=inner, pad=0)
            pygame.draw.line(
                surface, theme.BRASS_LIGHT, (drawn.x, drawn.bottom - 2), (drawn.right, drawn.bottom - 2)
            )
            x = drawn.right
        pygame.draw.line(surface, theme.BRASS_LIGHT, (x, y + 2), (x, y + self.line_h - 2), 2)
        with contextlib.suppress(pygame.error):  # where an input method shows its window
            pygame.key.set_text_input_rect(pygame.Rect(x, y, 2, self.line_h))
