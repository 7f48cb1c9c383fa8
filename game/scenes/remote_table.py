"""A game's own table, played over the network: `RemoteTable` goes in front of the game's table class
(navigation.remote_table builds the pair), so the same scene shows a remote table. What changes is only
where the state comes from and goes to: the server's updates (`game.net.remote_game`) instead of a local
rules state. The other seats are neither thought for nor animated here: the table waits for the server.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.i18n import has, tr
from game.net.client import Error
from game.net.remote_game import RemoteGame, RemoteSession
from game.rules.errors import IllegalAction
from game.scenes import navigation
from game.scenes.table_scene import Awaiting, refusal_text
from game.scenes.trick_table import TrickTable
from game.seating import CardTableSetup, SeatPlayer

if TYPE_CHECKING:
    from collections.abc import Callable

    from game.app import App


def remote_setup(sessions: list[RemoteSession]) -> CardTableSetup:
    """The table's seats as the scene draws them (the seats played here its people), and a seed for the
    portraits from the table's code, so every machine shows the same faces."""
    session = sessions[0]
    assert session.joined is not None
    here = {s.seat for s in sessions}
    seats = tuple(SeatPlayer(s.name, s.seat in here) for s in session.seats)
    seed = int.from_bytes(session.code.encode(), "big") % 1_000_003
    return CardTableSetup(session.game, seats, seed, None, session.joined.profile)


def refusal_words(error: Error) -> str:
    """A refusal from the server in the player's language: the rules' own reason when they gave it."""
    if error.reason == "illegal" and error.code:
        return refusal_text(IllegalAction(error.code, error.detail, **error.params))
    key = f"net.error.{error.reason}"
    return tr(key) if has(key) else error.detail


class RemoteTable(TrickTable):
    """The network's side of a trick table; the game's table class follows it in the class order."""

    def __init__(self, app: App, sessions: list[RemoteSession]) -> None:
        self.remote = RemoteGame(sessions)
        self.sessions = sessions
        self.session = sessions[0]  # the first seat played here: the others' presence as it hears it
        super().__init__(app, remote_setup(sessions))

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

    # seats -----------------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        seats = self.session.seats
        state = seats[seat] if seat < len(seats) else None
        if state is None or not state.name:
            kind = "table.computer_n" if state is not None and state.kind == "computer" else "netui.seat.free"
            return tr(kind, n=seat + 1)
        return state.name

    def place(self, seat: int) -> int:
        """The player's own seat at the bottom, the others around it in the game's order."""
        return (seat - self.session.seat) % self.n  # (the first seat played here)

    def seat_detail(self, seat: int) -> str:
        """Who is away says so under the name (a computer plays for them where the table chose it)."""
        seats = self.session.seats
        if seat < len(seats) and not seats[seat].present:
            return tr("netui.seat.standin" if seats[seat].standin else "netui.seat.away")
        return super().seat_detail(seat)

    # flow ------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for session in self.sessions:
            session.poll(self.scheduler.now)
            for notice in session.notices:
                self.app.notices.show(tr(notice.key, **notice.params), 4.0)
            session.notices.clear()
        for error in self.remote.refused():
            self.refuse(refusal_words(error))
            self.awaiting = Awaiting.NOTHING
        super().update(dt)

    def next_step(self) -> None:
        """The next update once the last one's events are shown; while another seat is to act, waiting."""
        shown = self.remote.moves
        scoring = self.game.phase == "scored" and self.scored is not None
        update = None if scoring and not self.awaiting else self.remote.advance()  # the sheet comes first
        if update is not None:
            if update.moves > shown + 1 or (update.moves > shown and not update.events):
                self.remote.put_back()  # missed moves (a rejoin): the table laid afresh
                self.app.scenes.replace(navigation.remote_table(self.app, self.sessions))
                return
            self.enqueue(list(update.events))
            return
        seat = self.to_act
        if seat is not None and not self.is_human(seat) and not self.is_over and not scoring:
            if not self.awaiting and self.hand_seat is None and not self.shared_screen:
                self.show_hand(self.session.seat)
            return
        super().next_step()

    def proceed(self) -> None:
        """From the score sheet: the next deal when it is this seat's to start, else the table waits."""
        if self.to_act is not None and self.is_human(self.to_act):
            super().proceed()
        else:
            self.scored = None
            self.awaiting = Awaiting.NOTHING

    def rematch(self) -> None:
        self.leave_table()

    def leave_table(self) -> None:
        for session in self.sessions:
            session.close()
        super().leave_table()
