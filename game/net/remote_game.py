"""A seat at a networked table as the desktop's scenes see it: `RemoteSession` holds the connection from
the join on (the seat, its token, who is present, the updates not yet shown, a rejoin after a drop), and
`RemoteGame` offers a table scene the small surface of a rules state it reads (`phase`, `view`, `to_act`,
`is_over`, `legal_actions`, `apply`, `opening`, `config`) from the server's updates, so the game's own
table shows a remote table as it shows a local one.

The scenes poll once a frame and never wait: everything here returns at once. The state moves on one
update at a time, when the table has shown the events before it (`RemoteGame.advance`), as a local
table's state moves one action at a time. No pygame here.
"""

from __future__ import annotations

import contextlib
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlsplit

from game.i18n import Words
from game.locks import Holder
from game.net import hosted
from game.net.client import (
    Closed,
    Ended,
    Error,
    Joined,
    Left,
    SeatsChanged,
    SeatState,
    TableClient,
    Update,
)
from game.net.command import PORT
from game.net.server import Background
from game.rules.errors import IllegalAction
from game.storage import FileProblem

RETRY = 2.0  # seconds between two attempts to rejoin a table that cannot be reached
GIVE_UP = 60.0  # seconds of failed rejoins before the player is told the host is gone (the attempts go on)


def table_url(address: str) -> str:
    """The WebSocket address of what a player typed: `host`, `host:port` or `ws://host:port`; a ValueError
    when it cannot be one."""
    typed = address.strip()
    if not typed:
        raise ValueError("no address")
    if "://" not in typed:
        typed = f"ws://{typed}"
    try:
        parts = urlsplit(typed)
        port = parts.port or PORT
    except ValueError:
        raise ValueError(f"not an address: {address!r}") from None
    if parts.scheme not in ("ws", "wss") or not parts.hostname or parts.path not in ("", "/"):
        raise ValueError(f"not an address: {address!r}")
    host = f"[{parts.hostname}]" if ":" in parts.hostname else parts.hostname
    return f"{parts.scheme}://{host}:{port}"


def table_code(typed: str) -> str:
    """A table code as typed, in the server's form (capitals, no spaces)."""
    return "".join(typed.split()).upper()


def failure_key(failure: Error | Closed) -> str:
    """The catalogue key that says why a join failed: the server's refusal, or the connection's end."""
    return f"net.{'error' if isinstance(failure, Error) else 'closed'}.{failure.reason}"


def failure_words(failure: Error | Closed) -> Words:
    """Why a join failed, in words (with the reason a table's story was refused here, if it was)."""
    return Words(failure_key(failure), dict(failure.params) if isinstance(failure, Error) else {})


@dataclass
class Notice:
    """Something the player should be told: `key` a catalogue key, `params` its values."""

    key: str
    params: dict[str, Any]
    seconds: float = 4.0  # how long it is shown


class RemoteSession:
    """One seat at a table over the network, from the join to the leave. `poll()` reads what has come
    (once a frame); the updates wait in `updates` until the table shows them. Its `clock` (seconds) times
    the rejoins after a drop, whichever scene polls; a test drives it."""

    def __init__(
        self,
        url: str,
        server: Background | None = None,
        address: str = "",
        clock: Callable[[], float] = time.monotonic,
        locks: Holder | None = None,
    ) -> None:
        self.url, self.clock = url, clock
        self.client = TableClient(url)
        self.server = server  # the server this machine hosts the table on, if it does
        self.locks = locks  # what holds the hosted table's folder for this copy of Atout
        self.address = address or url  # what the others type to come here
        self.joined: Joined | None = None
        self.seats: tuple[SeatState, ...] = ()
        self.updates: deque[Update] = deque()
        self.refusals: list[Error] = []  # refused actions, for the table to show
        self.notices: list[Notice] = []  # what the table or lobby should tell the player
        self.failure: Error | Closed | None = None  # why the join failed (before a seat was given)
        self.away = False  # the connection is lost and a rejoin is under way
        self.lost_at: float | None = None  # when it was lost, while it is
        self.ended: Ended | None = None  # the host closed the table
        self.retry_at: float | None = None  # when the next rejoin is due, after a drop
        self._left = False
        self.closed = False
        self._welcome = False  # the next update is the one after a join: the match so far

    @property
    def code(self) -> str:
        return self.joined.table if self.joined else ""

    @property
    def seat(self) -> int | str:
        assert self.joined is not None
        return self.joined.seat

    @property
    def name(self) -> str:
        """The name this seat's player sits under."""
        return next((s.name for s in self.seats if self.joined and s.seat == self.joined.seat), "")

    @property
    def game(self) -> str:
        return self.joined.game if self.joined else ""

    def join(self, code: str, name: str, seat: int | str | None = None) -> None:
        self.failure = None
        self.client.join(code, name, seat)

    def rejoin(self, code: str, token: str) -> None:
        """Takes back the seat `token` holds (a hosted table resumed after a crash)."""
        self.failure = None
        self.client.rejoin(code, token)

    @property
    def unreachable(self) -> bool:
        """The table has not answered a rejoin for GIVE_UP seconds (its host's program is gone, perhaps for
        good); the rejoins go on, in case it comes back."""
        return self.away and self.lost_at is not None and self.clock() - self.lost_at >= GIVE_UP

    def poll(self) -> None:
        """Takes in every message that has come; rejoins after a drop (again every RETRY seconds)."""
        now = self.clock()
        for message in self.client.poll():
            self._take(message, now)
        if self.retry_at is not None and now >= self.retry_at and self.joined is not None:
            self.retry_at = None
            self.client.rejoin(self.joined.table, self.joined.token)

    def _take(self, message: Any, now: float) -> None:
        match message:
            case Joined(story=FileProblem() as refused):  # its story read here too, and refused: not played
                self.failure = Error("story", str(refused), "join", params={"problem": refused.words})
                self.client.leave()
            case Joined():
                if self.away:
                    self.notices.append(Notice("netui.notice.back", {}))
                self.joined, self.seats, self.away, self.lost_at = message, message.seats, False, None
                self._welcome = True
            case SeatsChanged(seats=seats):
                self.seats = seats
            case Update():
                self.updates.append(replace(message, welcome=self._welcome))
                self._welcome = False
            case Error() if self.joined is None:
                self.failure = message
            case Error():
                self.refusals.append(message)
            case Ended():
                self.ended, self._left = message, True
                self.notices.append(Notice("netui.notice.ended", {"name": message.by}, 10.0))
            case Closed() if self._left:
                pass
            case Closed() if self.joined is None:
                self.failure = message
            case Closed():
                if not self.away:
                    self.notices.append(Notice("netui.notice.lost", {}))
                    self.lost_at = now
                self.away = True
                self.retry_at = now + (RETRY if message.reason == "unreachable" else 0.0)
            case Left():
                pass

    def act(self, action: Any) -> None:
        self.client.act(action)

    def close(self) -> None:
        """Gives the seat up and closes the connection; a hosted table ends with it (the others are told who
        closed it) and its server stops. Once."""
        if self.closed:
            return
        self._left = self.closed = True
        if self.server is not None and self.joined is not None:
            code, name = self.joined.table, self.name
            with contextlib.suppress(TimeoutError, RuntimeError):  # a server that no longer answers: it stops
                self.server.call(lambda server: server.end_table(code, name))
        elif self.joined is not None and self.ended is None:
            self.client.leave()
        self.client.close()
        if self.server is not None:
            self.server.stop()
            if self.server.data is not None:  # ended: not offered again
                hosted.archive(self.server.data)
                if self.locks is not None:
                    self.locks.release(self.server.data, remove=True)
            self.server = None


def keep_hosted(sessions: list[RemoteSession]) -> None:
    """Names the table hosted here, with the tokens of the seats played here, so the next launch can resume
    it after a crash (nothing for a server without a data folder); an OSError if it cannot be written."""
    server = sessions[0].server
    if server is None or server.data is None:
        return
    seats = [(s.joined.seat, s.joined.token) for s in sessions if s.joined is not None]
    hosted.keep(server.data, sessions[0].code, int(sessions[0].url.rsplit(":", 1)[1]), seats)


def close_all(sessions: list[RemoteSession]) -> None:
    """Gives up every seat played at this screen (a table hosted here ends with them)."""
    for session in sessions:
        session.close()


def poll(sessions: list[RemoteSession]) -> list[Notice]:
    """Polls every seat played at this screen; what the player should be told since the last frame."""
    notices = []
    for session in sessions:
        session.poll()
        notices += session.notices
        session.notices = []
    return notices


def ends_for_others(sessions: list[RemoteSession]) -> bool:
    """Leaving would end the table for someone else: this screen hosts it, and another player sits at it."""
    here = {session.joined.seat for session in sessions if session.joined is not None}
    hosting = any(session.server is not None for session in sessions)
    return hosting and any(seat.name and seat.seat not in here for seat in sessions[0].seats)


def unreachable(sessions: list[RemoteSession]) -> bool:
    """A seat played here has not reached its table for a while (`RemoteSession.unreachable`)."""
    return any(session.unreachable for session in sessions)


def ended(sessions: list[RemoteSession]) -> bool:
    """The host has closed the table."""
    return any(session.ended is not None for session in sessions)


@dataclass(frozen=True)
class RemoteConfig:
    """The table's rules as a scene reads them from `game.config` (Königrufen's profile)."""

    profile: Any


class RemoteGame:
    """The rules-state surface a table scene reads, from the server's updates to the seats played at this
    screen (one, or several taking turns): each such seat's view is its own (`view(s)` of any other seat is
    the first one's, whose public part serves every seat), the legal actions of the one to act, whose turn
    it is and whether the match is over. `apply` sends; the answer comes as the next update (or a
    refusal). The seats' updates are taken in step: one action, one update to each."""

    def __init__(self, sessions: list[RemoteSession]) -> None:
        first = sessions[0]
        assert first.joined is not None
        self.session = first  # the first seat played here: its updates carry the events shown
        self.sessions = {session.seat: session for session in sessions}
        self.config = RemoteConfig(first.joined.profile)
        self.sent = False  # an action is on its way: nobody is to act until the server answers
        self.updates: dict[int | str, Update] = {}
        taken = self.advance()
        assert taken is not None, "a remote table opens on the first update of each of its seats"
        self.opening = list(taken.events)  # the events the table shows first (the deal, when it opens)

    @property
    def current(self) -> Update:
        return self.updates[self.session.seat]

    @property
    def phase(self) -> str:
        return str(self.current.view.phase)

    @property
    def to_act(self) -> Any:
        return None if self.sent else self.current.to_act

    @property
    def is_over(self) -> bool:
        return self.current.over

    @property
    def moves(self) -> int:
        return self.current.moves

    def view(self, seat: Any = None) -> Any:
        return self.updates.get(seat, self.current).view

    def legal_actions(self) -> list[Any]:
        acting = self.current.to_act
        update = None if acting is None else self.updates.get(acting)
        return list(update.legal) if update is not None and not self.sent else []

    def apply(self, action: Any) -> list[Any]:
        """Sends the action for the seat to act; its events come with the server's next update."""
        acting = self.current.to_act
        if acting is None or acting not in self.sessions:
            raise IllegalAction("not_your_turn", "not your turn")  # only a seat played here acts from here
        self.sessions[acting].act(action)
        self.sent = True
        return []

    def ready(self) -> bool:
        """Every seat played here has its next update (a rejoin's repeat of the position passed over)."""
        for session in self.sessions.values():
            shown = self.updates.get(session.seat)
            while shown is not None and session.updates and session.updates[0].moves <= shown.moves:
                first = session.updates[0]
                if first.moves < shown.moves or (first.events and not first.welcome):
                    break  # a table rebuilt after a rejoin: the scene sees the gap and lays it afresh
                session.updates.popleft()  # the match so far, as this table already shows it
            if not session.updates:
                return False
        return True

    def advance(self) -> Update | None:
        """The next update not yet shown, now the table's state (None until each seat here has it)."""
        if not self.ready():
            return None
        self.updates = {seat: session.updates.popleft() for seat, session in self.sessions.items()}
        self.sent = False
        return replace(self.current, events=self.events())

    @property
    def laid_from_history(self) -> bool:
        """The table opened on the match so far (joined, or rejoined after its host's crash, mid-match):
        its opening is laid at once, as a resumed local match is, not animated."""
        return self.current.welcome and self.current.moves > 0

    def events(self) -> tuple[Any, ...]:
        """The last update's events as this screen shows them: each as the seat it concerns saw it when that
        seat is played here (its own hand, its own draw), else as the first seat here saw it."""
        told: dict[Any, tuple[Any, ...]] = {seat: update.events for seat, update in self.updates.items()}
        first = told[self.session.seat]
        if any(len(events) != len(first) for events in told.values()):
            return first
        return tuple(told.get(getattr(event, "seat", None), first)[i] for i, event in enumerate(first))

    def put_back(self) -> None:
        """Returns the updates shown last to their seats' queues, for a table laid afresh from them."""
        for seat, update in self.updates.items():
            self.sessions[seat].updates.appendleft(update)

    def refused(self) -> list[Error]:
        """The refusals that came since the last call (the action sent is no longer on its way)."""
        refusals = []
        for session in self.sessions.values():
            refusals += session.refusals
            session.refusals = []
        if refusals:
            self.sent = False
        return refusals
