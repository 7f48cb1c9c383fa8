"""The first screen: one tab per card tradition, each with its page, its rules in brief and its start.

The start sections only gather who sits where; the tables own the rules. Their choices live on the
scene, outside the widgets, so a resize or a change of language rebuilds the page without losing them.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

import pygame

from game import saved_matches
from game.engine.scene import Scene
from game.i18n import tr
from game.lessons.lesson import listed
from game.net import hosted
from game.registry import GAMES
from game.scenes import navigation
from game.ui import drawn, text, theme
from game.ui.panel import draw_panel
from game.ui.salon import (
    Column,
    Grid,
    Tab,
    backdrop,
    column_and_page,
    game_tabs,
    ornament,
    restore_focus,
    split,
)
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App

QUIT_WINDOW = 2.0  # seconds in which a second Escape quits
NAME_LEN = 20
ARROWS = 52  # pixels of a choice box taken by its two arrows


def saved_listing(app: App) -> saved_matches.Listing:
    """The player's unfinished matches, read from their files; a bad file is kept aside and told."""
    found = saved_matches.listing(app.locks)
    for refused in found.refused:
        app.notices.show(tr("notice.bad_save", problem=refused.words.text()), 10.0)
    return found


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.game = next(iter(GAMES))
        self.form = Form()
        self.tabs: list[Tab] = []
        self.starts: dict[str, Any] = {}  # each game's start section, made when its page is first shown
        self.start_button: Button | None = None
        self.rules_button: Button | None = None
        self.learn_button: Button | None = None
        self.settings_button: Button | None = None
        self.continue_button: Button | None = None
        self.saved_button: Button | None = None
        self.listing = saved_listing(app)
        self._read_again = False  # back from the Saved matches list: they may have changed
        self.hosted, told = hosted.offered(
            app.locks
        )  # a table this desktop hosted, its program killed mid-match
        if told is not None:
            app.notices.show(told.text(), 10.0)
        self._quit_deadline = -1.0
        self._lines: list[tuple[str, pygame.Rect, float, tuple[int, int, int], bool]] = []
        self._bullets: list[tuple[int, int]] = []
        self._fan: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.g = Grid(app.size)

    # layout -------------------------------------------------------------------------------------
    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        focus = self.form.focus_index
        self.left, self.page = column_and_page(g, (w, h))
        self.form = Form()
        self.tabs = game_tabs(
            Column(self.left.x, g(178), self.left.width, g(68), g(10)), g(22), self.game, self.select
        )
        for tab in self.tabs:
            self.form.add(tab)
        self._layout_page()
        quit_rect = pygame.Rect(self.left.x, self.left.bottom - g(46), self.left.width, g(46))
        self.continue_button = None
        host, join = split(quit_rect.move(0, -3 * g(56)), 1, 1, gap=g(10))
        hosting = "netui.menu.resume_hosted" if self.hosted else "netui.menu.host"  # the Host page offers it
        for rect, key, opens in ((host, hosting, self.open_host), (join, "netui.menu.join", self.open_join)):
            primary = key == "netui.menu.resume_hosted"
            self.form.add(Button(rect, tr(key), opens, primary=primary, size=theme.SIZE_SMALL))
        if self.saved:
            rect = quit_rect.move(0, -4 * g(56))
            words = tr(
                "menu.continue",
                game=tr(f"menu.game.{self.saved.game}.name"),
                when=time.strftime(tr("menu.continue_when"), time.localtime(self.saved.when)),  # as written
            )
            self.continue_button = Button(rect, words, self.resume, primary=True, size=theme.SIZE_SMALL)
            self.form.add(self.continue_button)
        self._lay_history(quit_rect.move(0, -2 * g(56)))
        self.settings_button = Button(quit_rect.move(0, -g(56)), tr("menu.settings"), self.open_settings)
        self.form.add(self.settings_button)
        self.form.add(Button(quit_rect, tr("menu.quit"), self.quit))
        restore_focus(self.form, focus)

    def _lay_history(self, rect: pygame.Rect) -> None:
        """The History; beside it, while any match is unfinished, the Saved matches list."""
        self.saved_button = None
        if not self.listing.matches and not self.listing.elsewhere:
            self.form.add(Button(rect, tr("menu.history"), self.open_history))
            return
        saved, history = split(rect, 1, 1, gap=self.g(10))
        count = len(self.listing.matches)
        label = text.fit(tr("menu.saved", n=count), theme.SIZE_SMALL, saved.width - self.g(12))
        self.saved_button = Button(saved, label, self.open_saved, size=theme.SIZE_SMALL)
        self.form.add(self.saved_button)
        label = text.fit(tr("menu.history"), theme.SIZE_SMALL, history.width - self.g(12))
        self.form.add(Button(history, label, self.open_history, size=theme.SIZE_SMALL))

    @property
    def saved(self) -> saved_matches.Saved | None:
        """The match Continue resumes: the one played most recently."""
        return self.listing.latest

    def enter(self) -> None:
        if self._read_again:
            self._read_again = False
            self.listing = saved_listing(self.app)
            self.relayout()

    def _layout_page(self) -> None:
        g, page, game = self.g, self.page, self.game
        pad = g(28)
        inner = page.inflate(-2 * pad, -2 * pad)
        info_w = round(inner.width * 0.48)
        info = pygame.Rect(inner.x, inner.y, info_w, inner.height)
        side = pygame.Rect(info.right + g(30), inner.y, inner.right - info.right - g(30), inner.height)
        self._lines, self._bullets = [], []
        y = self._text(
            tr(f"menu.game.{game}.kicker").upper(),
            info.x,
            info.y,
            theme.SIZE_SMALL * 0.9,
            theme.BRASS,
            info.width,
        )
        y = self._text(tr(f"menu.game.{game}.name"), info.x, y, theme.SIZE_H1, theme.CREAM, info.width)
        self._rule = (info.x, info.right, y + g(8))
        y += g(20)
        keys = ("pack", "origin")
        label_w = max(text.size_of(tr(f"menu.{key}") + "  ", theme.SIZE_SMALL, bold=True)[0] for key in keys)
        for key in keys:
            label = pygame.Rect(info.x, y, label_w, text.line_height(theme.SIZE_SMALL))
            self._lines.append((tr(f"menu.{key}"), label, theme.SIZE_SMALL, theme.BRASS_LIGHT, True))
            y = self._text(
                tr(f"menu.game.{game}.{key}"),
                info.x + label_w,
                y,
                theme.SIZE_SMALL,
                theme.PARCHMENT,
                info.width - label_w,
            )
        y += g(10)
        y = self._text(
            tr(f"menu.game.{game}.description"), info.x, y, theme.SIZE_SMALL, theme.CREAM, info.width
        )
        y += g(12)
        rules_rect = pygame.Rect(0, y, g(200), g(38))
        rules_rect.right = info.right
        self.rules_button = Button(rules_rect, tr("menu.read_rules"), self.open_rules, size=theme.SIZE_SMALL)
        self.form.add(self.rules_button)
        heading_h = text.line_height(theme.SIZE_BODY)
        self._text(
            tr("menu.in_brief"),
            info.x,
            rules_rect.centery - heading_h // 2,
            theme.SIZE_BODY,
            theme.BRASS_LIGHT,
            rules_rect.x - info.x,
        )
        y = rules_rect.bottom + g(8)
        bullet_indent = g(18)
        summary = tr(self.start(game).summary_key()).split("\n")
        size: float = theme.SIZE_SMALL  # every bullet read whole: smaller type where the page is short
        while (
            size > text.FLOOR
            and self._bullets_height(summary, size, info.width - bullet_indent) > info.bottom - y
        ):
            size -= 1
        line_h = text.line_height(size)
        for line in summary:
            self._bullets.append((info.x + g(5), y + line_h // 2))
            y = self._text(
                line,
                info.x + bullet_indent,
                y,
                size,
                theme.CREAM,
                info.width - bullet_indent,
                limit=info.bottom,
            ) + g(3)
        self._layout_fan(side)
        self.start_panel = pygame.Rect(
            side.x - g(14), side.y + g(172), side.width + g(28), side.bottom - side.y - g(172) + g(14)
        )
        self._layout_learn()
        col = Column(side.x, self.start_panel.y + g(58), side.width, g(36), g(8))
        start = self.start(game)
        self.start_button = start.build(self.form, col)
        note = start.note()
        if note:
            self._text(
                note,
                side.x,
                col.y + g(6),
                theme.SIZE_SMALL,
                theme.PARCHMENT,
                side.width,
                self.start_panel.bottom - g(10),
            )

    def _bullets_height(self, summary: list[str], size: float, width: int) -> int:
        """How tall the rules in brief stand in type `size`, each bullet wrapped to `width`."""
        rows = sum(len(text.wrap(line, size, width)) for line in summary)
        return rows * text.line_height(size) + len(summary) * self.g(3)

    def _layout_learn(self) -> None:
        """The Learn button, in the heading row of the start panel, when the game on show has a lesson;
        left of it the start section's own button, if it has one (Falkenstein's adventure editor)."""
        self.learn_button = None
        g, panel = self.g, self.start_panel
        right = panel.right - g(14)
        taught = listed(self.game)
        if taught:
            label = tr("lesson.learn")
            rect = pygame.Rect(0, panel.y + g(12), text.size_of(label, theme.SIZE_SMALL)[0] + g(36), g(34))
            rect.right = right
            self.learn_button = Button(rect, label, lambda: self.learn(taught[0]), size=theme.SIZE_SMALL)
            self.form.add(self.learn_button)
            right = rect.x - g(10)
        heading = getattr(self.start(self.game), "heading_button", None)
        if heading is None:
            return
        label, opens = heading()
        title = min(  # the title yields room down to its smallest type, so the button reads whole
            text.size_of(tr("menu.new_game"), theme.SIZE_H2 * 0.9)[0],
            max(
                text.size_of(tr("menu.new_game"), text.FLOOR)[0],
                right - panel.x - g(52) - text.size_of(label, theme.SIZE_SMALL)[0],
            ),
        )
        left = panel.x + g(14) + title + g(14)
        room = right - left
        rect = pygame.Rect(
            0, panel.y + g(12), min(room, text.size_of(label, theme.SIZE_SMALL)[0] + g(24)), g(34)
        )
        rect.right = right  # the button fits its words in (smaller, or in two lines) where it is narrow
        self.form.add(Button(rect, label, opens, size=theme.SIZE_SMALL))

    def _text(
        self,
        value: str,
        x: int,
        y: int,
        size: float,
        colour: tuple[int, int, int],
        width: int,
        limit: int | None = None,
    ) -> int:
        """Queues wrapped lines for drawing, each in its row `width` wide (those past `limit` left out, the
        last one shown then standing for the whole text: cut); returns the y under them."""
        line_h = text.line_height(size)
        for line in text.wrap(value, size, width):
            if limit is not None and y + line_h > limit:
                if self._lines:
                    last, row, shown, ink, bold = self._lines[-1]
                    self._lines[-1] = (text.Shortened(last, value), row, shown, ink, bold)
                break
            self._lines.append((line, pygame.Rect(x, y, width, line_h), size, colour, False))
            y += line_h
        return y

    def _layout_fan(self, side: pygame.Rect) -> None:
        card_w = self.g(92)
        centre_x, top = side.centerx, side.y + self.g(6)
        self._fan = []
        game = GAMES[self.game]
        for i, code in enumerate(game.fan):
            angle = (1 - i) * 12
            image = pygame.transform.rotozoom(self.app.cards.face(game.pack, code, card_w), angle, 1.0)
            rect = image.get_rect(midtop=(centre_x + (i - 1) * self.g(58), top + abs(i - 1) * self.g(10)))
            self._fan.append((image, rect))

    def start(self, game: str) -> Any:
        """The start section of `game`, made the first time its page is shown: a game's start imports
        what its options need (Königrufen's house rules), which the menu's first page need not wait for."""
        if game not in self.starts:
            self.starts[game] = navigation.load(GAMES[game].start)(self, GAMES[game])
        return self.starts[game]

    # actions ------------------------------------------------------------------------------------
    def select(self, game: str) -> None:
        if game != self.game:
            self.game = game
            self.relayout()

    def resume(self) -> None:
        """Continues the match played most recently (unless another copy of Atout has opened it since)."""
        table = navigation.resume_saved(self.app, self.saved) if self.saved else None
        if table is not None:
            self.app.scenes.replace(table)
        else:  # the list has changed
            self._read_again = True
            self.enter()

    def open_saved(self) -> None:
        self._read_again = True
        self.app.scenes.push(navigation.saved(self.app))

    def learn(self, lesson_id: str) -> None:
        """A guided first deal of the game on show; leaving it comes back here."""
        self.app.scenes.replace(navigation.lesson(self.app, lesson_id))

    def open_host(self) -> None:
        self.app.scenes.push(navigation.host(self.app))

    def open_join(self) -> None:
        self.app.scenes.push(navigation.join(self.app))

    def open_history(self) -> None:
        self.app.scenes.push(navigation.history(self.app))

    def open_settings(self) -> None:
        self.app.scenes.push(navigation.settings(self.app))

    def open_rules(self) -> None:
        self.app.scenes.push(navigation.rules(self.app, self.game))

    def quit(self) -> None:
        self.app.running = False

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event) or event.type != pygame.KEYDOWN:
            return
        if pygame.K_1 <= event.key < pygame.K_1 + len(GAMES):
            self.select(list(GAMES)[event.key - pygame.K_1])
        elif event.key == pygame.K_ESCAPE:
            if self.scheduler.now <= self._quit_deadline:
                self.quit()
            else:
                self._quit_deadline = self.scheduler.now + QUIT_WINDOW
                self.app.notices.show(tr("menu.escape_again"), QUIT_WINDOW)

    # drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        g = self.g
        surface.blit(backdrop(self.app.size, self.app.vintage), (0, 0))
        head = pygame.Rect(self.left.x, self.left.y - g(8), self.left.width, self.tabs[0].rect.y - g(16))
        head.height -= head.y
        title = text.draw(
            surface,
            tr("app.title"),
            head.topleft,
            theme.SIZE_TITLE * 1.2,
            theme.BRASS_LIGHT,
            bold=True,
            shadow=True,
            box=head,
            pad=0,
        )
        [tagline], size = text.fitted(tr("menu.tagline"), theme.SIZE_SMALL, head.width - g(2))
        at = (self.left.x + g(2), title.bottom - g(6))
        text.draw(surface, tagline, at, size, theme.PARCHMENT, italic=True, box=head, pad=0)
        ornament(surface, self.left.x, self.left.right, self.tabs[0].rect.y - g(16))
        draw_panel(surface, self.page, "panel")
        self._draw_start_panel(surface)
        for line, row, size, colour, bold in self._lines:
            text.draw(surface, line, row.topleft, size, colour, bold=bold, box=row, pad=0)
        ornament(surface, *self._rule)
        for x, y in self._bullets:
            d = g(4)
            pygame.draw.polygon(surface, theme.BRASS, [(x, y - d), (x + d, y), (x, y + d), (x - d, y)])
        for image, rect in self._fan:
            drawn.picture(surface, image, rect, "card")
        self.form.draw(surface)

    def _draw_start_panel(self, surface: pygame.Surface) -> None:
        g, rect = self.g, self.start_panel
        draw_panel(surface, rect, "glass")
        buttons = [w.rect for w in self.form.widgets if w.rect.y == rect.y + g(12) and w.rect.x > rect.x]
        right = min((r.x for r in buttons), default=rect.right)
        head = pygame.Rect(rect.x + g(14), rect.y + g(12), right - rect.x - g(24), g(34))
        [title], size = text.fitted(tr("menu.new_game"), theme.SIZE_H2 * 0.9, head.width)
        text.draw(surface, title, head.midleft, size, theme.BRASS_LIGHT, "midleft", box=head, pad=0)
