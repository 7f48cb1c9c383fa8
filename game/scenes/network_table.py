"""The network's side of a table, whatever the game: `NetworkTable` goes in front of a game's table class,
with the part of its kind (`remote_table.RemoteTable` for the trick tables, Falkenstein's own), and
`navigation.remote_table` builds the trio, so the game's own scene shows a table played over the network.

What changes is only where the state comes from and goes to: the server's updates (`game.net.remote_game`)
instead of a local rules state; the seats' names and presence as the server tells them; nothing journalled
here (the server journals). A table this machine hosts ends for everyone when its host leaves it, so
leaving asks first; a table whose host has left says so and returns to the menu.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import has, tr
from game.net.client import Error, SeatState
from game.net.remote_game import (
    RemoteGame,
    RemoteSession,
    close_all,
    ended,
    ends_for_others,
    poll,
    unreachable,
)
from game.net.table_host import seat_characters
from game.rules.errors import IllegalAction
from game.scenes import navigation
from game.scenes.table_scene import Awaiting, TableScene, refusal_text
from game.ui import text, theme
from game.ui.panel import draw_panel, draw_veil
from game.ui.salon import Grid
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App


def seat_label(game: str, count: int, seat: int | str) -> str:
    """A seat of a table of `game` with `count` seats as the players read it: the character it plays where
    the game has characters (as its one-screen start page names them), a named seat by its name ("The
    Host"), else "Seat 2"."""
    if isinstance(seat, str):
        return tr(f"netui.seat.{seat}")
    return seat_characters(game, count).get(seat) or tr("netui.host.seat", n=seat + 1)


def table_seed(code: str) -> int:
    """A seed for the portraits from the table's code, so every machine at the table shows the same faces."""
    return int.from_bytes(code.encode(), "big") % 1_000_003


def refusal_words(error: Error) -> str:
    """A refusal from the server in the player's language: the rules' own reason when they gave it."""
    if error.reason == "illegal" and error.code:
        return refusal_text(IllegalAction(error.code, error.detail, **error.params))
    key = f"net.error.{error.reason}"
    return tr(key) if has(key) else error.detail


def tell(app: App, sessions: list[RemoteSession]) -> bool:
    """Polls the seats played at this screen and shows what the player should be told; True when the host
    has closed the table (the caller then leaves it)."""
    for notice in poll(sessions):
        app.notices.show(tr(notice.key, **notice.params), notice.seconds)
    return ended(sessions)


def leave_asking(app: App, sessions: list[RemoteSession], then: Callable[[], None]) -> None:
    """Gives up the seats played here, then `then` (to the menu); first asks when that ends the table for
    others (this screen hosts it)."""

    def leave() -> None:
        close_all(sessions)
        then()

    if not ends_for_others(sessions):
        leave()
        return
    words = (tr("netui.end.title"), tr("netui.end.words"))
    app.scenes.push(navigation.confirm(app, *words, (tr("netui.end.yes"), leave), tr("netui.end.stay")))


class NetworkTable(TableScene):
    """The network's side of a table; the game's table class follows it in the class order."""

    def __init__(self, app: App, sessions: list[RemoteSession], setup: Any) -> None:
        self.remote = RemoteGame(sessions)
        self.sessions = sessions
        self.session = sessions[0]  # the first seat played here: the others' presence as it hears it
        self.gone: Form | None = None  # the way back to the menu, while the table cannot be reached
        super().__init__(app, setup)
        if self.remote.laid_from_history:  # joined mid-match: the match so far laid at once, as it stands
            self.fast_forward()

    # the rules state is the server's: a game table's own (local) state is set and then never read
    @property
    def game(self) -> Any:
        return self.remote

    @game.setter
    def game(self, value: Any) -> None:
        pass

    @property
    def moves(self) -> int:
        return self.remote.moves

    def _save(self, write: Callable[[], None]) -> None:
        """The server journals the match: nothing of it is written here."""

    def review_target(self) -> Any:
        """The whole deal is the server's: this screen has its seats' views only, not the journal."""
        return None

    # seats -----------------------------------------------------------------------------------------
    @property
    def here(self) -> set[int | str]:
        """The seats played at this screen."""
        return {session.seat for session in self.sessions}

    def seat_state(self, seat: int | str) -> SeatState | None:
        return next((state for state in self.session.seats if state.seat == seat), None)

    def player(self, seat: int | str) -> str:
        """Who plays `seat`: its player's name, a computer, or a free seat."""
        state = self.seat_state(seat)
        if state is not None and state.name:
            return state.name
        if state is not None and state.kind == "computer" and isinstance(seat, int):
            return tr("table.computer_n", n=seat + 1)
        return tr("netui.seat.free", seat=seat_label(self.session.game, len(self.session.seats), seat))

    def absence(self, seat: int | str) -> str:
        """The words "away" (or that a computer plays) while the seat's player is not there, else ""."""
        state = self.seat_state(seat)
        if state is None or state.present:
            return ""
        return tr("netui.seat.standin" if state.standin else "netui.seat.away")

    # flow ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        if tell(self.app, self.sessions):
            self.close()
            super().leave_table()
            return
        if unreachable(self.sessions) != (self.gone is not None):
            self.gone = self._gone_form() if self.gone is None else None
        for error in self.remote.refused():
            self.refuse(refusal_words(error))
            self.awaiting = Awaiting.NOTHING
        super().update(dt)

    def advance(self) -> bool:
        """Takes the server's next update once the last one's events are shown: its events queued, or, after
        missed moves (a rejoin), the table laid afresh. False while there is none."""
        shown = self.remote.moves
        update = self.remote.advance()
        if update is None:
            return False
        if update.moves > shown + 1 or (update.moves > shown and (update.welcome or not update.events)):
            self.remote.put_back()
            self.app.scenes.replace(navigation.remote_table(self.app, self.sessions))
            return True
        self.enqueue(list(update.events))
        return True

    # a table that cannot be reached ------------------------------------------------------------------
    def _gone_panel(self) -> pygame.Rect:
        w, g = self.app.size[0], Grid(self.app.size)
        panel = pygame.Rect(0, 0, min(w - g(40), g(760)), g(150))
        panel.midtop = (w // 2, g(24))
        return panel

    def _gone_form(self) -> Form:
        panel, g = self._gone_panel(), Grid(self.app.size)
        back = pygame.Rect(0, 0, g(260), g(44))
        back.bottomright = (panel.right - g(20), panel.bottom - g(16))
        return Form([Button(back, tr("netui.gone.menu"), self.leave_table, primary=True)])

    def relayout(self) -> None:
        super().relayout()
        if self.gone is not None:
            self.gone = self._gone_form()

    def handle_table(self, event: pygame.event.Event) -> None:
        """While the table cannot be reached, only its panel answers (Esc still pauses): a card played or a
        button pressed beneath would go to nobody."""
        if self.gone is None:
            super().handle_table(event)
        else:
            self.gone.handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The table; over it, while the table cannot be reached, why, and the way back to the menu."""
        super().draw(surface)
        if self.gone is None:
            return
        draw_veil(surface)  # the table beneath is held
        panel = self._gone_panel()
        pygame.draw.rect(surface, theme.INK, panel, border_radius=12)  # hides the words beneath
        draw_panel(surface, panel, "panel")
        g = Grid(self.app.size)
        x, y = panel.x + g(24), panel.y + g(16)
        title = tr("netui.gone.title")
        text.draw(surface, title, (x, y), theme.SIZE_H2, theme.BRASS_LIGHT, bold=True, box=panel, pad=8)
        top = y + text.line_height(theme.SIZE_H2) + g(4)
        words = pygame.Rect(x, top, panel.width - 2 * g(24), panel.bottom - g(10) - top)
        words.width -= self.gone.widgets[0].rect.width + g(16)
        text.draw_paragraphs(surface, tr("netui.gone.words"), words, theme.SIZE_SMALL, theme.PARCHMENT)
        self.gone.draw(surface)

    def rematch(self) -> None:
        self.leave_table()

    def leave_table(self) -> None:
        leave_asking(self.app, self.sessions, super().leave_table)

    def close(self) -> None:
        """The app closes: the seats given up (a table hosted here ended for the others)."""
        close_all(self.sessions)
