"""A trick game's table played over the network: `RemoteTable` is the trick tables' part of the network's
side (`network_table.NetworkTable`): the seats named as the server names them, the player's own seat at the
bottom, and the table waiting (never thinking) while a seat elsewhere is to act.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.net.remote_game import RemoteSession
from game.scenes.network_table import NetworkTable, table_seed
from game.scenes.table_scene import Awaiting
from game.scenes.trick_table import TrickTable
from game.seating import CardTableSetup, SeatPlayer

if TYPE_CHECKING:
    from game.app import App


def remote_setup(sessions: list[RemoteSession]) -> CardTableSetup:
    """The table's seats as the scene draws them (the seats played here its people)."""
    session = sessions[0]
    assert session.joined is not None
    here = {s.seat for s in sessions}
    seats = tuple(SeatPlayer(s.name, s.seat in here) for s in session.seats)
    return CardTableSetup(session.game, seats, table_seed(session.code), None, session.joined.profile)


class RemoteTable(NetworkTable, TrickTable):
    """The network's side of a trick table; the game's table class follows it in the class order."""

    def __init__(self, app: App, sessions: list[RemoteSession]) -> None:
        super().__init__(app, sessions, remote_setup(sessions))

    @property
    def own_seat(self) -> int:
        """The first seat played here (a trick table's seats are numbers)."""
        return int(self.session.seat)

    def seat_name(self, seat: int) -> str:
        return self.player(seat)

    def place(self, seat: int) -> int:
        """The player's own seat at the bottom, the others around it in the game's order."""
        return (seat - self.own_seat) % self.n

    def seat_detail(self, seat: int) -> str:
        """Who is away says so under the name (a computer plays for them where the table chose it)."""
        return self.absence(seat) or super().seat_detail(seat)

    def next_step(self) -> None:
        """The next update once the last one's events are shown; while another seat is to act, waiting."""
        scoring = self.game.phase == "scored" and self.scored is not None
        if not (scoring and not self.awaiting) and self.advance():  # the sheet comes first
            return
        seat = self.to_act
        if seat is not None and not self.is_human(seat) and not self.is_over and not scoring:
            if not self.awaiting and self.hand_seat is None and not self.shared_screen:
                self.show_hand(self.own_seat)
            return
        super().next_step()

    def proceed(self) -> None:
        """From the score sheet: the next deal when it is this seat's to start, else the table waits."""
        if self.to_act is not None and self.is_human(self.to_act):
            super().proceed()
        else:
            self.scored = None
            self.awaiting = Awaiting.NOTHING
