"""Join a table another machine hosts: its address, its code and the player's name. A refusal (no table
with that code, no free seat, nobody at that address) is said on the page in the player's language; once
seated, the lobby follows."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.net.remote_game import RemoteSession, failure_words, table_code, table_url
from game.scenes import navigation
from game.scenes.form_page import FormPage
from game.ui import text, theme
from game.ui.salon import Column, restore_focus
from game.ui.start_rows import labelled_input
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App

ADDRESS_LEN = 100  # characters of an address: a server's name, as wss://atout.example.org:8765, fits


class JoinScene(FormPage):
    words = "netui.join"
    name = "join"

    def __init__(
        self, app: App, address: str = "", code: str = "", player: str = "", sit: bool = False
    ) -> None:
        super().__init__(app)
        self.address, self.code, self.player = address, code, player
        self.sit = sit  # straight to the table once seated (the command line's --join)
        self.session: RemoteSession | None = None  # the join under way
        self.problem = ""
        if address and code:
            self.join()

    def relayout(self) -> None:
        focus = self.form.focus_index
        inner = self.lay_panel(900, 520)
        g = self.g
        self.headings = []
        col = Column(inner.x, self.rule_y + g(30), inner.width, g(40), g(12))
        self.form = Form()
        share = 0.32
        labelled_input(
            self.form,
            col.next(),
            tr("netui.join.address"),
            self.address,
            self._set("address"),
            tr("netui.join.address_example"),
            share,
            ADDRESS_LEN,
        )
        labelled_input(
            self.form, col.next(), tr("netui.join.code"), self.code, self._set("code"), "K7PQ4M", share
        )
        labelled_input(
            self.form,
            col.next(),
            tr("menu.your_name"),
            self.player,
            self._set("player"),
            tr("table.player_n", n=1),
            share,
        )
        self.problem_at = pygame.Rect(col.x, col.y + g(4), col.width, g(60))
        button = pygame.Rect(0, 0, g(220), g(46))
        button.bottomright = inner.bottomright
        joining = self.session is not None
        label = tr("netui.join.joining" if joining else "netui.join.button")
        self.join_button = Button(button, label, self.join, enabled=not joining, primary=True)
        self.form.add(Button(button.move(-button.width - g(16), 0), tr("settings.back"), self.back))
        self.form.add(self.join_button)
        restore_focus(self.form, focus)

    def _set(self, field: str) -> Callable[[str], None]:
        def setter(value: str) -> None:
            setattr(self, field, value)

        return setter

    def join(self) -> None:
        """Asks the table for a seat; the answer comes in a later frame."""
        try:
            url = table_url(self.address)
        except ValueError:
            self._refused(tr("netui.join.bad_address"))
            return
        code = table_code(self.code)
        if not code:
            self._refused(tr("netui.join.no_code"))
            return
        self.problem = ""
        self.session = RemoteSession(url)
        self.session.join(code, self.player.strip() or tr("table.player_n", n=1))
        self.relayout()

    def _refused(self, words: str) -> None:
        self.problem = words
        if self.session is not None:
            self.session.close()
            self.session = None
        self.relayout()

    def back(self) -> None:
        """To the menu: the one beneath, or a new one when the page opened first (the command line)."""
        if self.session is not None:
            self.session.close()
            self.session = None
        if len(self.app.scenes.stack) > 1:
            self.app.scenes.pop()
        else:
            self.app.scenes.reset(navigation.menu(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.back()

    def update(self, dt: float) -> None:
        super().update(dt)
        session = self.session
        if session is None:
            return
        session.poll()
        failure = session.failure
        if failure is not None:
            self._refused(failure_words(failure).text())
        elif session.joined is not None:
            self.session = None
            self.app.scenes.replace(navigation.lobby(self.app, [session], self.sit))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        self.form.draw(surface)
        if self.problem:
            room = self.problem_at
            lines, size = text.fitted(self.problem, theme.SIZE_BODY, room.width, room.height)
            tall = (len(lines) - 1) * text.line_height(size) + text.ink_height(size)
            at = (room.x, room.y + 2 + tall // 2)  # clear of the row's top: a figure may stand taller
            text.draw_lines(surface, lines, at, size, theme.FAILURE, "left", box=room, pad=0)
