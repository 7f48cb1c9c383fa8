"""The rules reader: each game's full rules on a parchment page that scrolls, one tab per game.

The texts live in `rules_strings.json`: "# " starts a heading, "- " a bullet, "1. " a numbered step;
every other line is a paragraph.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.i18n import tr
from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.salon import Column, Grid, Tab, backdrop, ornament, restore_focus
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App

GAMES = ("falkenstein", "koenigrufen", "twotenjack")
BODY = theme.SIZE_BODY * 0.92
HEADING = theme.SIZE_H2
STEP = re.compile(r"^(\d+\.|-) ")
SCROLL_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)
EASE_RATE = 14.0  # per second: how fast the page glides to where it was scrolled


def game_tabs(col: Column, pointer: int, selected: str, select: Callable[[str], None]) -> list[Tab]:
    """One tab per tradition, down a column, as on the menu; the selected one points at its page."""
    return [
        Tab(
            col.next(),
            tr(f"menu.game.{game}.tab"),
            partial(select, game),
            game == selected,
            tr(f"menu.game.{game}.subtitle"),
            theme.SIZE_H2 * 0.85,
            pointer,
        )
        for game in GAMES
    ]


class RulesScene(Scene):
    name = "rules"

    def __init__(self, app: App, game: str) -> None:
        if game not in GAMES:
            raise ValueError(f"no rules for {game!r}")
        super().__init__(app)
        self.game = game
        self.form = Form()
        self.tabs: list[Tab] = []
        self.g = Grid(app.size)
        self.lines: list[tuple[str, int, int, float, bool]] = []  # text, x, y in the page, size, heading
        self.marks: list[tuple[str, int, int]] = []  # bullet or rule: kind, x, y
        self.offset = 0.0
        self.target = 0.0
        self.content_h = 0
        self._drag: int | None = None

    # layout -------------------------------------------------------------------------------------
    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        focus = self.form.focus_index
        margin = g(36)
        left = pygame.Rect(margin, margin, g(290), h - 2 * margin)
        self.title_at = (left.x, left.y)
        self.page = pygame.Rect(left.right + g(22), margin, w - left.right - g(22) - margin, h - 2 * margin)
        self.view = self.page.inflate(-2 * g(46), -2 * g(30))
        self.view.width -= g(14)  # room for the scroll bar
        self.form = Form()
        self.tabs = game_tabs(
            Column(left.x, left.y + g(96), left.width, g(68), g(10)), g(22), self.game, self.select
        )
        for tab in self.tabs:
            self.form.add(tab)
        self.back = Button(
            pygame.Rect(left.x, left.bottom - g(46), left.width, g(46)),
            tr("rules.ui.back"),
            self.app.scenes.pop,
        )
        self.form.add(self.back)
        self.hint_at = (left.x, self.back.rect.y - g(14))
        restore_focus(self.form, focus)
        self._typeset()
        self._fade = _fade((self.view.width + g(8), g(26)))

    def _typeset(self) -> None:
        """Breaks the game's rules into positioned lines for the current page width."""
        g, width = self.g, self.view.width
        self.lines, self.marks = [], []
        body_h = text.line_height(BODY)
        y = 0
        for raw in tr(f"rules.{self.game}").split("\n"):
            line = raw.strip()
            if not line:
                continue
            if line.startswith("# "):
                y += g(18) if y else 0
                for part in text.wrap(line[2:], HEADING, width, bold=True):
                    self.lines.append((part, 0, y, HEADING, True))
                    y += text.line_height(HEADING)
                self.marks.append(("rule", 0, y + g(2)))
                y += g(12)
                continue
            step = STEP.match(line)
            indent = g(30) if step else 0
            if step and step.group(1) == "-":
                self.marks.append(("bullet", g(10), y + body_h // 2))
                line = line[2:]
            elif step:
                self.lines.append((step.group(1), 0, y, BODY, True))
                line = line[step.end() :]
            for part in text.wrap(line, BODY, width - indent):
                self.lines.append((part, indent, y, BODY, False))
                y += body_h
            y += g(6)
        self.content_h = y
        self._scroll_to(self.target)
        self.offset = self.target

    # scrolling ----------------------------------------------------------------------------------
    @property
    def max_offset(self) -> int:
        return max(0, self.content_h - self.view.height)

    def _scroll_to(self, value: float) -> None:
        self.target = max(0.0, min(float(self.max_offset), value))

    def _scroll_key(self, key: int) -> None:
        line, page = self.g(44), self.view.height - self.g(60)
        moves = {pygame.K_UP: -line, pygame.K_DOWN: line, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
        if key == pygame.K_HOME:
            self._scroll_to(0)
        elif key == pygame.K_END:
            self._scroll_to(self.max_offset)
        else:
            self._scroll_to(self.target + moves[key])

    @property
    def track(self) -> pygame.Rect:
        return pygame.Rect(self.page.right - self.g(24), self.view.y, self.g(8), self.view.height)

    @property
    def thumb(self) -> pygame.Rect:
        track = self.track
        if not self.max_offset:
            return track.copy()
        height = max(self.g(40), track.height * self.view.height // self.content_h)
        y = track.y + round((track.height - height) * self.offset / self.max_offset)
        return pygame.Rect(track.x, y, track.width, height)

    def _drag_to(self, y: int, grip: int) -> None:
        """Moves the thumb so the point `grip` pixels below its top follows the pointer at `y`."""
        track, thumb = self.track, self.thumb
        room = track.height - thumb.height
        if room > 0:
            self._scroll_to((y - grip - track.y) / room * self.max_offset)
            self.offset = self.target

    # input --------------------------------------------------------------------------------------
    def select(self, game: str) -> None:
        if game != self.game:
            self.game = game
            self.target = 0.0
            self.relayout()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEWHEEL:
            self._scroll_to(self.target - event.y * self.g(60))
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.track.inflate(16, 0).collidepoint(event.pos)
        ):
            thumb = self.thumb
            self._drag = event.pos[1] - thumb.y if thumb.collidepoint(event.pos) else thumb.height // 2
            self._drag_to(event.pos[1], self._drag)
        elif event.type == pygame.MOUSEMOTION and self._drag is not None:
            self._drag_to(event.pos[1], self._drag)
        elif event.type == pygame.MOUSEBUTTONUP and self._drag is not None:
            self._drag = None
        elif event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self._scroll_key(event.key)
        elif not self.form.handle(event) and event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        index = GAMES.index(self.game)
        if key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.select(GAMES[key - pygame.K_1])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.select(GAMES[(index + (1 if key == pygame.K_RIGHT else -1)) % len(GAMES)])

    def update(self, dt: float) -> None:
        super().update(dt)
        self.offset += (self.target - self.offset) * min(1.0, dt * EASE_RATE)
        if abs(self.target - self.offset) < 1:
            self.offset = self.target

    # drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        g = self.g
        surface.blit(backdrop(self.app.size, self.app.vintage), (0, 0))
        x, y = self.title_at
        title = text.draw(
            surface, tr("rules.ui.title"), (x, y), theme.SIZE_H1, theme.BRASS_LIGHT, bold=True, shadow=True
        )
        ornament(surface, x, self.tabs[0].rect.right, title.bottom + g(14))
        hint = text.wrap(tr("rules.ui.hint"), theme.SIZE_SMALL, self.tabs[0].rect.width)
        line_h = text.line_height(theme.SIZE_SMALL)
        for i, line in enumerate(hint):
            text.draw(
                surface,
                line,
                (x, self.hint_at[1] - (len(hint) - i) * line_h),
                theme.SIZE_SMALL,
                theme.PARCHMENT,
                italic=True,
            )
        draw_panel(surface, self.page, "paper")
        self._draw_text(surface)
        if self.max_offset:
            pygame.draw.rect(surface, theme.SEPIA, self.track, 1, border_radius=4)
            pygame.draw.rect(surface, theme.WALNUT, self.thumb, border_radius=4)
        self.form.draw(surface)

    def _draw_text(self, surface: pygame.Surface) -> None:
        view, top = self.view, self.view.y - round(self.offset)
        clip = surface.get_clip()
        surface.set_clip(view.inflate(self.g(8), 0))
        d = self.g(4)
        for kind, x, y in self.marks:
            y += top
            if view.top - 10 <= y <= view.bottom + 10:
                if kind == "rule":
                    pygame.draw.line(surface, theme.SEPIA, (view.x, y), (view.right, y), 1)
                else:
                    x += view.x
                    pygame.draw.polygon(
                        surface, theme.VERMILION, [(x, y - d), (x + d, y), (x, y + d), (x - d, y)]
                    )
        for line, x, y, size, heading in self.lines:
            y += top
            if view.top - 60 <= y <= view.bottom:
                colour = theme.WALNUT if heading and size == HEADING else theme.INK
                text.draw(surface, line, (view.x + x, y), size, colour, bold=heading)
        if self.offset > 0:
            surface.blit(pygame.transform.flip(self._fade, False, True), (view.x - self.g(4), view.y))
        if self.offset < self.max_offset:
            surface.blit(self._fade, (view.x - self.g(4), view.bottom - self._fade.get_height()))
        surface.set_clip(clip)


def _fade(size: tuple[int, int]) -> pygame.Surface:
    """Paper fading in towards the bottom edge, so a cut line reads as "more below"."""
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(size[1]):
        pygame.draw.line(surf, (*theme.PARCHMENT, 255 * y // max(1, size[1] - 1)), (0, y), (size[0], y))
    return surf
