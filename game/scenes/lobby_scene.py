"""The lobby of a networked table: its address and code in large type for the others to type, who has
taken which seat and who is there; the player sits down once the table has sent its first picture."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.i18n import tr
from game.net.remote_game import RemoteSession, close_all, failure_words, keep_hosted, unreachable
from game.net.table_host import seat_characters
from game.scenes import navigation
from game.scenes.form_page import FormPage
from game.scenes.network_table import leave_asking, seat_label, tell
from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.salon import restore_focus
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App


class LobbyScene(FormPage):
    words = "netui.lobby"
    name = "lobby"

    def __init__(self, app: App, sessions: list[RemoteSession], sit: bool = False) -> None:
        super().__init__(app)
        self.sessions = sessions  # one per seat played at this screen
        self.session = sessions[0]
        self.sit = sit  # sit down as soon as the table can be shown
        self.inner = pygame.Rect(0, 0, 0, 0)
        self.sit_button: Button | None = None
        self.kept = False  # the table hosted here is named on disk, with its seats' tokens

    @property
    def ready(self) -> bool:
        return all(session.joined is not None and session.updates for session in self.sessions)

    def relayout(self) -> None:
        focus = self.form.focus_index
        inner = self.inner = self.lay_panel(1120)
        g = self.g
        button = pygame.Rect(0, 0, g(260), g(46))
        button.bottomright = inner.bottomright
        self.sit_button = Button(button, tr("netui.lobby.sit"), self.sit_down, self.ready, primary=True)
        leave = Button(button.move(-button.width - g(16), 0), tr("netui.lobby.leave"), self.leave_table)
        self.form = Form([leave, self.sit_button])
        restore_focus(self.form, focus)

    def hint(self) -> str:
        """The computers wait for the people only at a table that has computers."""
        computers = any(state.kind == "computer" for state in self.session.seats)
        return tr("netui.lobby.hint" if computers else "netui.lobby.hint_people")

    def sit_down(self) -> None:
        if self.ready:
            self.app.scenes.replace(navigation.remote_table(self.app, self.sessions))

    def leave_table(self) -> None:
        leave_asking(self.app, self.sessions, self.to_menu)

    def to_menu(self) -> None:
        self.app.scenes.reset(navigation.menu(self.app))

    def close(self) -> None:
        """The app closes: the seats given up (a table hosted here ended for the others)."""
        close_all(self.sessions)

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.leave_table()

    def update(self, dt: float) -> None:
        super().update(dt)
        if tell(self.app, self.sessions):
            self.close()
            self.to_menu()
            return
        if not self.kept and all(session.joined is not None for session in self.sessions):
            self.kept = True
            try:
                keep_hosted(self.sessions)
            except OSError as problem:
                self.app.notices.show(tr("notice.cannot_save", problem=str(problem)))
        if self.sit_button is not None:
            self.sit_button.enabled = self.ready
        if self.sit and self.ready:
            self.sit_down()

    # drawing -----------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        g, inner, session = self.g, self.inner, self.session
        self.draw_frame(surface)
        left = pygame.Rect(inner.x, inner.y + g(84), inner.width * 11 // 20, inner.height - g(160))
        draw_panel(surface, left, "glass")
        room = left.inflate(-2 * g(24), -2 * g(18))
        x, y = room.topleft
        [tell], size = text.fitted(tr("netui.lobby.tell"), theme.SIZE_BODY, room.width)
        text.draw(surface, tell, (x, y), size, theme.PARCHMENT, box=left)
        y += g(44)
        y = self._big(surface, tr("netui.lobby.address"), session.address.removeprefix("ws://"), x, y, left)
        y = self._big(surface, tr("netui.lobby.code"), " ".join(session.code) or "…", x, y + g(10), left)
        failure = session.failure
        below = pygame.Rect(x, y + g(16), room.width, room.bottom - y - g(16))
        if failure is not None:
            words, ink, italic = failure_words(failure).text(), theme.FAILURE, False
        elif unreachable(self.sessions):  # (its Leave button is the way back to the menu)
            words, ink, italic = tr("netui.gone.title"), theme.FAILURE, False
        elif not self.ready:
            words, ink, italic = tr("netui.lobby.waiting"), theme.PARCHMENT, True
        else:
            words = ""
        if words:
            size = text.fitting_size(
                words, below, theme.SIZE_BODY if not italic else theme.SIZE_SMALL, text.FLOOR, italic
            )
            text.draw_paragraphs(surface, words, below, size, ink, italic=italic, box=left, pad=g(18))
        self._draw_seats(
            surface, pygame.Rect(left.right + g(28), left.y, inner.right - left.right - g(28), left.height)
        )
        self.form.draw(surface)

    def _big(self, surface: pygame.Surface, label: str, value: str, x: int, y: int, area: pygame.Rect) -> int:
        """A label and its value in large type, shrunk only if it would not fit the panel."""
        room = area.right - x - self.g(16)
        [head], size = text.fitted(label.upper(), theme.SIZE_SMALL * 0.9, room)
        text.draw(surface, head, (x, y), size, theme.BRASS, box=area)
        y += text.line_height(theme.SIZE_SMALL)
        [value], size = text.fitted(value, theme.SIZE_TITLE, room, floor=theme.SIZE_SMALL, bold=True)
        text.draw(surface, value, (x, y), size, theme.CREAM, bold=True, shadow=True, box=area)
        return y + text.line_height(size)

    def _draw_seats(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        g = self.g
        heading = tr("netui.lobby.seats") + (
            f" · {tr(f'menu.game.{self.session.game}.name')}" if self.session.game else ""
        )
        top = pygame.Rect(area.topleft, (area.width, g(30)))
        [heading], size = text.fitted(heading.upper(), theme.SIZE_SMALL * 0.9, area.width)
        text.draw(surface, heading, area.topleft, size, theme.BRASS, box=top, pad=0)
        y = area.y + g(34)
        mine = {session.joined.seat for session in self.sessions if session.joined}
        seats = self.session.seats
        characters = seat_characters(self.session.game, len(seats)) if self.session.game else {}
        for state in seats:
            label = seat_label(self.session.game, len(seats), state.seat)
            if state.kind == "computer" and isinstance(state.seat, int):
                name, status = tr("table.computer_n", n=state.seat + 1), tr("netui.lobby.computer")
            elif not state.name:
                name, status = tr("netui.seat.free", seat=label), tr("netui.lobby.free")
            else:
                name = state.name + (f" ({tr('netui.lobby.you')})" if state.seat in mine else "")
                if isinstance(state.seat, str) or state.seat in characters:  # the Host, a character: which
                    name = tr("netui.lobby.named", seat=label, name=name)
                status = tr("netui.lobby.present" if state.present else "netui.seat.away")
            row = pygame.Rect(area.x, y, area.width, g(44))
            draw_panel(surface, row, "button")
            inside = row.inflate(-2 * g(12), -2 * text.PAD)
            status_w = text.size_of(status, theme.SIZE_SMALL)[0]
            lines, size = text.fitted(name, theme.SIZE_BODY, inside.width - status_w - g(12), inside.height)
            text.draw_lines(surface, lines, inside.midleft, size, theme.CREAM, "left", box=row)
            colour = theme.SUCCESS if state.present else theme.PARCHMENT
            text.draw(surface, status, inside.midright, theme.SIZE_SMALL, colour, "midright", box=row)
            y += g(52)
