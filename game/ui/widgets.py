"""Buttons, sliders, toggles, choices and text fields that work with the mouse and the keyboard alike."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui import text, theme
from game.ui.panel import draw_panel

click_sound: Callable[[], None] = lambda: None  # noqa: E731 - set by the app to its UI click


class Widget:
    focusable = True
    takes_text = False  # typing goes into it: a click gives it the keyboard focus

    def __init__(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.focused = False
        self.hover = False
        self.enabled = True

    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse input; returns True when the event was used."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
        return False

    def key(self, event: pygame.event.Event) -> bool:
        """Keyboard input while focused; returns True when used."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        raise NotImplementedError

    def _focus_ring(self, surface: pygame.Surface) -> None:
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, self.rect.inflate(6, 6), 2, border_radius=8)


class Label(Widget):
    focusable = False

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        size: float = theme.SIZE_BODY,
        colour: tuple[int, int, int] = theme.CREAM,
        anchor: str = "midleft",
    ) -> None:
        super().__init__(rect)
        self.label, self.size, self.colour, self.anchor = label, size, colour, anchor

    def draw(self, surface: pygame.Surface) -> None:
        text.draw(
            surface,
            self.label,
            getattr(self.rect, self.anchor),
            self.size,
            self.colour,
            self.anchor,
            box=self.rect,
            pad=0,
        )


class Button(Widget):
    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        on_click: Callable[[], object],  # what it returns is ignored (a scene stack's pop will do)
        enabled: bool = True,
        primary: bool = False,
        size: float = theme.SIZE_BODY,
    ) -> None:
        super().__init__(rect)
        self.label, self.on_click, self.primary, self.size = label, on_click, primary, size
        self.enabled = enabled
        self.pressed = False

    def activate(self) -> None:
        if self.enabled:
            click_sound()
            self.on_click()

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.activate()
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.activate()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        lit = self.hover or self.focused
        if not self.enabled:
            style = "disabled"
        elif self.pressed:
            style = "pressed"
        elif self.primary:
            style = "primary_hover" if lit else "primary"
        else:
            style = "hover" if lit else "button"
        draw_panel(surface, self.rect, style)
        colour = (
            theme.DIM if not self.enabled else (theme.INK if style.startswith("primary") else theme.CREAM)
        )
        room = self.rect.inflate(-4 * text.PAD, -2 * text.PAD)
        lines, size = text.fitted(self.label, self.size, room.width, room.height, bold=self.primary)
        text.draw_lines(surface, lines, self.rect.center, size, colour, bold=self.primary, box=self.rect)
        self._focus_ring(surface)


class Offer(Button):
    """A choice with its terms: the name and, right-aligned, what it is worth on one line, what it means
    in a smaller line under them (a bid of the auction, with what it pays). `chosen` marks one picked
    among several to be said at once (bonuses to announce). Where the box is short of room the name's type
    shrinks, and the note wraps in two lines, shrinks, or takes its `short` form."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        aside: str,
        note: str,
        on_click: Callable[[], object],
        short: tuple[str, ...] = (),
    ) -> None:
        super().__init__(rect, label, on_click, size=theme.SIZE_SMALL)
        self.aside, self.note, self.short = aside, note, short
        self.chosen = False

    def draw(self, surface: pygame.Surface) -> None:
        lit = self.hover or self.focused
        draw_panel(
            surface, self.rect, "pressed" if self.pressed or self.chosen else "hover" if lit else "button"
        )
        if self.chosen:
            pygame.draw.rect(surface, theme.BRASS_LIGHT, self.rect.inflate(-4, -4), 2, border_radius=6)
        inner = self.rect.inflate(-4 * text.PAD, -2 * text.PAD)
        gap = 1
        size, note_size = text.stacked(self.size, self.size - 5, inner.height, gap, bold=True)
        aside_w = text.size_of(self.aside, note_size)[0] + 8 if self.aside else 0
        [name], size = text.fitted(self.label, size, inner.width - aside_w, bold=True)
        name_h = text.ink_height(size, True)
        room = inner.height - name_h - gap
        notes, note_size = text.fitted(self.note, note_size, inner.width, room, short=self.short)
        line_h = text.line_height(note_size)
        notes_h = (len(notes) - 1) * line_h + text.ink_height(note_size)
        top = inner.y + max(0, (inner.height - name_h - gap - notes_h) // 2)
        middle = top + name_h // 2
        text.draw(surface, name, (inner.x, middle), size, theme.CREAM, "midleft", bold=True, box=self.rect)
        if self.aside:
            at = (inner.right, middle)
            text.draw(surface, self.aside, at, note_size, theme.BRASS_LIGHT, "midright", box=self.rect)
        at = (inner.x, top + name_h + gap + notes_h // 2)
        text.draw_lines(surface, notes, at, note_size, theme.PARCHMENT, "left", box=self.rect)
        self._focus_ring(surface)


def _arrow(
    surface: pygame.Surface, centre: tuple[int, int], size: int, left: bool, colour: tuple[int, int, int]
) -> None:
    x, y = centre
    d = size if left else -size
    pygame.draw.polygon(surface, colour, [(x + d // 2, y - size), (x + d // 2, y + size), (x - d // 2, y)])


class Slider(Widget):
    """A 0–100 % slider: drag, click, or Left/Right when focused."""

    def __init__(
        self, rect: pygame.Rect, label: str, value: int, on_change: Callable[[int], None], step: int = 5
    ) -> None:
        super().__init__(rect)
        self.label, self.value, self.on_change, self.step = label, value, on_change, step
        self.dragging = False

    @property
    def track(self) -> pygame.Rect:
        r = self.rect
        return pygame.Rect(r.x + r.width * 45 // 100, r.centery - 3, r.width * 40 // 100, 6)

    def _set(self, value: int) -> None:
        value = max(0, min(100, value))
        if value != self.value:
            self.value = value
            self.on_change(value)

    def _from_x(self, x: int) -> None:
        t = self.track
        self._set(round((x - t.left) / t.width * 100 / self.step) * self.step)

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        hit = self.track.inflate(24, 30)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and hit.collidepoint(event.pos):
            self.dragging = True
            self._from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            self._from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and self.dragging:
            self.dragging = False
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self._set(self.value + (self.step if event.key == pygame.K_RIGHT else -self.step))
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        t = self.track
        left = pygame.Rect(self.rect.x, self.rect.y, t.x - 16 - self.rect.x, self.rect.height)
        [label], size = text.fitted(self.label, theme.SIZE_BODY, left.width)
        text.draw(surface, label, left.midleft, size, theme.CREAM, "midleft", box=left, pad=0)
        pygame.draw.rect(surface, theme.WALNUT_DARK, t.inflate(4, 4), border_radius=5)
        filled = t.copy()
        filled.width = t.width * self.value // 100
        pygame.draw.rect(surface, theme.BRASS, filled, border_radius=3)
        knob = (t.left + t.width * self.value // 100, t.centery)
        pygame.draw.circle(surface, theme.WALNUT_DARK, knob, 11)
        pygame.draw.circle(surface, theme.BRASS_LIGHT if self.hover or self.focused else theme.BRASS, knob, 9)
        right = pygame.Rect(t.right + 16, self.rect.y, self.rect.right - t.right - 16, self.rect.height)
        value = f"{self.value} %"
        text.draw(
            surface, value, right.midright, theme.SIZE_BODY, theme.PARCHMENT, "midright", box=right, pad=0
        )
        self._focus_ring(surface)


class Choice(Widget):
    """Cycles through options with arrows (click either side, or Left/Right when focused)."""

    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        options: Sequence[tuple[Any, str]],
        value: Any,
        on_change: Callable[[Any], None],
        label_width: float = 0.45,
    ) -> None:
        super().__init__(rect)
        self.label, self.options, self.on_change = label, list(options), on_change
        self.label_width = label_width
        values = [v for v, _ in self.options]
        self.index = values.index(value) if value in values else 0

    @property
    def value(self) -> Any:
        return self.options[self.index][0]

    @property
    def box(self) -> pygame.Rect:
        r = self.rect
        left = r.x + round(r.width * self.label_width) if self.label else r.x
        return pygame.Rect(left, r.y, r.right - left, r.height)

    def _move(self, delta: int) -> None:
        self.index = (self.index + delta) % len(self.options)
        click_sound()
        self.on_change(self.value)

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.box.collidepoint(event.pos):
            self._move(-1 if event.pos[0] < self.box.centerx - self.box.width // 4 else 1)
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_RETURN, pygame.K_SPACE):
            self._move(-1 if event.key == pygame.K_LEFT else 1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        box = self.box
        if self.label:
            left = pygame.Rect(self.rect.x, self.rect.y, box.left - self.rect.x - 10, self.rect.height)
            [label], size = text.fitted(self.label, theme.SIZE_BODY, left.width)
            text.draw(surface, label, left.midleft, size, theme.CREAM, "midleft", box=left, pad=0)
        draw_panel(surface, box, "hover" if self.hover or self.focused else "field")
        colour = theme.BRASS_LIGHT
        _arrow(surface, (box.left + 14, box.centery), 7, True, colour)
        _arrow(surface, (box.right - 14, box.centery), 7, False, colour)
        value = self.options[self.index][1]
        room = box.inflate(-48, 0)  # between the arrows
        [shown], size = text.fitted(
            value, theme.SIZE_BODY, room.width - 2 * text.PAD, room.height - 2 * text.PAD, wrap=False
        )
        text.draw(surface, shown, box.center, size, theme.CREAM, "center", box=room)
        self._focus_ring(surface)


class Toggle(Choice):
    def __init__(
        self,
        rect: pygame.Rect,
        label: str,
        value: bool,
        on_change: Callable[[bool], None],
        on_text: str,
        off_text: str,
    ) -> None:
        super().__init__(rect, label, [(False, off_text), (True, on_text)], value, on_change)


class TextInput(Widget):
    """A one-line text field; typing goes in while it is focused (click it or Tab to it)."""

    takes_text = True

    def __init__(
        self,
        rect: pygame.Rect,
        value: str,
        on_change: Callable[[str], None],
        max_len: int = 28,
        placeholder: str = "",
    ) -> None:
        super().__init__(rect)
        self.value, self.on_change, self.max_len, self.placeholder = value, on_change, max_len, placeholder

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.TEXTINPUT and self.focused:
            self._set((self.value + event.text)[: self.max_len])
            return True
        return False

    def _set(self, value: str) -> None:
        if value != self.value:
            self.value = value
            self.on_change(value)

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_BACKSPACE:
            self._set(self.value[:-1])
            return True
        # printable keys arrive as TEXTINPUT; claim them so they do not act as shortcuts
        return bool(event.unicode and event.unicode.isprintable())

    def draw(self, surface: pygame.Surface) -> None:
        draw_panel(surface, self.rect, "field")
        shown = self.value or self.placeholder
        colour = theme.CREAM if self.value else theme.DIM
        room = self.rect.inflate(-12, 0)
        width = room.width - 2 * text.PAD
        [line], size = text.fitted(shown, theme.SIZE_BODY, width, room.height - 2 * text.PAD, wrap=False)
        if line != shown:  # longer than the field at the smallest type (an address): its end, the typing's
            tail = shown
            while len(tail) > 1 and text.size_of("…" + tail, size)[0] > width:
                tail = tail[1:]
            line = "…" + tail
        at = (room.x + text.PAD, room.centery)
        r = text.draw(surface, line, at, size, colour, "midleft", box=room)
        if self.focused:
            x = r.right + 2 if self.value else self.rect.x + 10
            pygame.draw.line(surface, theme.BRASS_LIGHT, (x, self.rect.y + 8), (x, self.rect.bottom - 8), 2)
        self._focus_ring(surface)


class Form:
    """A set of widgets with one keyboard focus: Tab/arrows move it, Enter/Space act, the mouse works too."""

    def __init__(self, widgets: Sequence[Widget] = ()) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.focus_index: int | None = None

    def add(self, widget: Widget) -> Widget:
        self.widgets.append(widget)
        return widget

    @property
    def focusable(self) -> list[Widget]:
        return [w for w in self.widgets if w.focusable and w.enabled]

    @property
    def focused(self) -> Widget | None:
        items = self.focusable
        if self.focus_index is None or not items:
            return None
        return items[self.focus_index % len(items)]

    def _set_focus(self, widget: Widget | None) -> None:
        for w in self.widgets:
            w.focused = False
        items = self.focusable
        if widget is None or widget not in items:
            self.focus_index = None
            return
        self.focus_index = items.index(widget)
        widget.focused = True

    def focus(self, widget: Widget | None) -> None:
        """Puts the keyboard focus on `widget` (None: no focus)."""
        self._set_focus(widget)

    def move_focus(self, delta: int) -> None:
        items = self.focusable
        if not items:
            return
        start = self.focus_index if self.focus_index is not None else (-1 if delta > 0 else 0)
        self._set_focus(items[(start + delta) % len(items)])

    def handle(self, event: pygame.event.Event) -> bool:
        """Gives the event to the widgets; returns True when one of them used it."""
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((w for w in self.focusable if w.rect.collidepoint(event.pos)), None)
            focused = self.focused
            if (hit is not None and hit.takes_text) or (hit is None and focused and focused.takes_text):
                self._set_focus(hit)
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        used = False
        for w in list(self.widgets):
            if w.enabled and w.handle(event):
                used = True
                if event.type != pygame.MOUSEMOTION:
                    break
        return used

    def _key(self, event: pygame.event.Event) -> bool:
        focused = self.focused
        if focused is not None and focused.key(event):
            return True
        if event.key == pygame.K_TAB:
            self.move_focus(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            return True
        if event.key in (pygame.K_DOWN, pygame.K_UP):
            self.move_focus(1 if event.key == pygame.K_DOWN else -1)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        for w in self.widgets:
            w.draw(surface)


class Hotspot(Widget):
    """A clickable area drawn by its owner (a card to call, a talon half): glows on hover and focus."""

    def __init__(self, rect: pygame.Rect, on_click: Callable[[], object], label: str = "") -> None:
        super().__init__(rect)
        self.on_click, self.label = on_click, label
        self.pressed = False

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self.pressed = True
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                click_sound()
                self.on_click()
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            click_sound()
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if self.hover or self.focused:
            pygame.draw.rect(surface, theme.FOCUS, self.rect.inflate(10, 10), 3, border_radius=10)
        if self.label:
            below = pygame.Rect(self.rect.x - 12, self.rect.bottom + 6, self.rect.width + 24, 0)
            [label], size = text.fitted(self.label, theme.SIZE_SMALL, below.width)
            below.height = text.line_height(size) + 4
            at = (below.centerx, below.y + 2)
            text.draw(surface, label, at, size, theme.CREAM, "midtop", shadow=True, box=below, pad=0)


class Check(Toggle):
    """A yes-or-no as a box to tick, for narrow cells of a table (a contract played or not): click the cell
    or, focused, Enter, Space or an arrow key flips it."""

    def __init__(self, rect: pygame.Rect, value: bool, on_change: Callable[[bool], None]) -> None:
        super().__init__(rect, "", value, on_change, "", "")

    @property
    def square(self) -> pygame.Rect:
        side = min(self.rect.height, self.rect.width) - 6
        square = pygame.Rect(0, 0, side, side)
        square.center = self.rect.center
        return square

    def draw(self, surface: pygame.Surface) -> None:
        square = self.square
        draw_panel(surface, square, "hover" if self.hover or self.focused else "field")
        if self.value:
            s = square.inflate(-square.width // 2, -square.height // 2)
            tick = [(s.left, s.centery), (s.left + s.width // 3, s.bottom), (s.right, s.top)]
            pygame.draw.lines(surface, theme.BRASS_LIGHT, False, tick, max(2, square.width // 8))
        if self.focused:
            pygame.draw.rect(surface, theme.FOCUS, square.inflate(6, 6), 2, border_radius=8)
