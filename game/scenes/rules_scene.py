"""The rules reader: each game's full rules on a parchment page that scrolls, one tab per game.

The texts live in `rules_strings.json`: "# " starts a heading, "- " a bullet, "1. " a numbered step;
every other line is a paragraph.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.games.koenigrufen import house
from game.games.koenigrufen.profile import Profile
from game.games.koenigrufen.rules_page import page
from game.i18n import tr
from game.registry import GAMES
from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.salon import Column, Grid, Tab, backdrop, game_tabs, ornament, restore_focus
from game.ui.scroll import Scroller, fade
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App

BODY = theme.SIZE_BODY * 0.92
HEADING = theme.SIZE_H2
STEP = re.compile(r"^(\d+\.|-) ")
SCROLL_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END)


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
        self.scroller = Scroller(inset=24, wheel=60)

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
        self._fade = fade((self.view.width + g(8), g(26)))

    def _typeset(self) -> None:
        """Breaks the game's rules into positioned lines for the current page width."""
        g, width = self.g, self.view.width
        self.lines, self.marks = [], []
        body_h = text.line_height(BODY)
        y = 0
        for raw in self.source().split("\n"):
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
        self.scroller.place(self.view, self.page.right, y, g)

    def source(self) -> str:
        """The game's rules; Königrufen's follow the profile in use, read from its values."""
        return page(self.profile_in_use()) if self.game == "koenigrufen" else tr(f"rules.{self.game}")

    def profile_in_use(self) -> Profile:
        """The rules of the Königrufen table beneath (opened from its pause), else those the menu chose."""
        for scene in reversed(self.app.scenes.stack):
            rules = getattr(scene, "rules", None)
            if isinstance(rules, Profile):
                return rules
        settings = self.app.settings
        return house.in_use(settings.koenigrufen_rules, settings.koenigrufen_house)

    # scrolling ----------------------------------------------------------------------------------
    @property
    def offset(self) -> float:
        return self.scroller.offset

    @property
    def max_offset(self) -> int:
        return self.scroller.max_offset

    @property
    def track(self) -> pygame.Rect:
        return self.scroller.track

    @property
    def thumb(self) -> pygame.Rect:
        return self.scroller.thumb

    def _scroll_key(self, key: int) -> None:
        """Arrows move a line, Page Up/Down a page less a margin kept for context, Home/End to the ends."""
        scroller, line, page = self.scroller, self.g(44), self.view.height - self.g(60)
        moves = {pygame.K_UP: -line, pygame.K_DOWN: line, pygame.K_PAGEUP: -page, pygame.K_PAGEDOWN: page}
        if key == pygame.K_HOME:
            scroller.scroll_to(0)
        elif key == pygame.K_END:
            scroller.scroll_to(scroller.max_offset)
        else:
            scroller.scroll_to(scroller.target + moves[key])

    # input --------------------------------------------------------------------------------------
    def select(self, game: str) -> None:
        if game != self.game:
            self.game = game
            self.scroller.target = 0.0
            self.relayout()

    def handle(self, event: pygame.event.Event) -> None:
        if self.scroller.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key in SCROLL_KEYS:
            self._scroll_key(event.key)
        elif not self.form.handle(event) and event.type == pygame.KEYDOWN:
            self._key(event.key)

    def _key(self, key: int) -> None:
        index = list(GAMES).index(self.game)
        if key == pygame.K_ESCAPE:
            self.app.scenes.pop()
        elif key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.select(list(GAMES)[key - pygame.K_1])
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.select(list(GAMES)[(index + (1 if key == pygame.K_RIGHT else -1)) % len(GAMES)])

    def update(self, dt: float) -> None:
        super().update(dt)
        self.scroller.update(dt)

    # drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        g = self.g
        surface.blit(backdrop(self.app.size, self.app.vintage), (0, 0))
        x, y = self.title_at
        column = pygame.Rect(x, y, self.tabs[0].rect.width, self.back.rect.y - y)
        title = text.draw(
            surface,
            tr("rules.ui.title"),
            (x, y),
            theme.SIZE_H1,
            theme.BRASS_LIGHT,
            bold=True,
            shadow=True,
            box=column,
            pad=0,
        )
        ornament(surface, x, self.tabs[0].rect.right, title.bottom + g(14))
        hint = text.wrap(tr("rules.ui.hint"), theme.SIZE_SMALL, column.width, italic=True)
        line_h = text.line_height(theme.SIZE_SMALL)
        below = pygame.Rect(
            x, self.tabs[-1].rect.bottom, column.width, self.hint_at[1] - self.tabs[-1].rect.bottom
        )
        for i, line in enumerate(hint):
            at = (x, self.hint_at[1] - (len(hint) - i) * line_h)
            text.draw(surface, line, at, theme.SIZE_SMALL, theme.PARCHMENT, italic=True, box=below, pad=0)
        draw_panel(surface, self.page, "paper")
        self._draw_text(surface)
        self.scroller.draw(surface)
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
                page = view.inflate(self.g(8), 0)
                text.draw(surface, line, (view.x + x, y), size, colour, bold=heading, box=page, pad=0)
        if self.offset > 0:
            surface.blit(pygame.transform.flip(self._fade, False, True), (view.x - self.g(4), view.y))
        if self.offset < self.max_offset:
            surface.blit(self._fade, (view.x - self.g(4), view.bottom - self._fade.get_height()))
        surface.set_clip(clip)
