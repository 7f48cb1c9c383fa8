"""A player's side of a networked table (docs/network-protocol.md).

`Client` is the asyncio client: one WebSocket connection, a reader task that decodes every message into
the records below (the rules' own events, views and actions) and keeps `Client.table` current; `create`,
`join` and `rejoin` wait for their answer, `act` and `leave` do not (an `Update` or an `Error` follows).

`TableClient` wraps it for a pygame frame loop: its own thread runs the event loop; every call returns at
once, and `poll()` hands over, once a frame, what has come since the last frame. It connects at its first
request and again at a request after the connection was lost (a `Closed` message says so), so a scene
rejoins with `rejoin(code, token)` after a drop:

    net = TableClient("ws://192.168.1.20:8765")
    net.create(TableRequest("koenigrufen", (SeatRequest("remote"),) * 4, "austria"))  # → Created(code)
    net.join("K7PQ4M", "Anna")
    …every frame:
    for message in net.poll():
        match message:
            case Joined(): remember message.token
            case Update(): show message.events, then message.view; act when message.legal (and
                           message.moves == net.state.moves: an older update's moves are past)
            case Error(): show tr(f"net.error.{message.reason}")
            case Closed(): offer to rejoin
    net.act(action)

No pygame here: the scenes read these records as they read a local table's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import queue
import threading
from concurrent.futures import Future
from dataclasses import dataclass, field, replace
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.ai import engine_protocol as forms
from game.net import protocol
from game.net.protocol import SeatRequest, TableRequest, Update
from game.storage import FileProblem

TIMEOUT = 10.0  # seconds a request waits for its answer before it counts as lost

__all__ = [
    "Closed",
    "Created",
    "Ended",
    "Error",
    "Joined",
    "Left",
    "Message",
    "NetError",
    "SeatRequest",
    "SeatState",
    "SeatsChanged",
    "TableClient",
    "TableRequest",
    "TableState",
    "Update",
]


# --- what comes from the server, as records -----------------------------------------------------------


@dataclass(frozen=True)
class SeatState:
    """One seat as everybody at the table sees it."""

    seat: int | str
    name: str  # "" while a remote seat is free
    kind: str  # "remote" or "computer"
    present: bool  # a remote seat: its player is connected; a computer: always
    standin: bool = False  # a computer plays the seat while its player is away


@dataclass(frozen=True)
class Created:
    table: str  # the code that admits players
    game: str


@dataclass(frozen=True)
class Joined:
    table: str
    game: str
    seat: int | str
    token: str  # the seat's secret: keep it to `rejoin` after a drop
    profile: Any  # the rule profile played (Königrufen), else None
    seats: tuple[SeatState, ...]
    story: Any = None  # the table's story (a Falkenstein adventure), read whole here; or why it is refused


@dataclass(frozen=True)
class SeatsChanged:
    seats: tuple[SeatState, ...]


@dataclass(frozen=True)
class Left:
    pass


@dataclass(frozen=True)
class Ended:
    """The table's host closed it: nobody plays at it any more. `by` is the host's name."""

    by: str


@dataclass(frozen=True)
class Error:
    """The server refused a message: `reason` one of `protocol.REASONS` (shown as `net.error.<reason>`),
    `detail` its English explanation, `re` the refused message's type (None when unreadable); an action the
    rules refused carries their `code` and `params` (shown as `illegal.<code>`) when they gave them."""

    reason: str
    detail: str
    re: str | None = None
    code: str | None = None
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Closed:
    """The connection is gone: `reason` "unreachable" (never opened), "lost" (dropped) or "closed" (by us)."""

    reason: str
    detail: str = ""


Message = Created | Joined | Update | SeatsChanged | Left | Ended | Error | Closed


class NetError(Exception):
    """A request that failed: the server's `Error`, or the connection's `Closed`."""

    def __init__(self, answer: Error | Closed) -> None:
        super().__init__(f"{answer.reason}: {answer.detail}")
        self.answer = answer
        self.reason = answer.reason


@dataclass(frozen=True)
class TableState:
    """The table as this client knows it, from the last messages: the reader replaces it whole with each
    message, so another thread reading `TableClient.state` never sees half of an update."""

    table: str
    game: str
    seat: int | str
    token: str
    profile: Any
    seats: tuple[SeatState, ...]
    moves: int = 0
    view: Any = None  # the seat's view (the rules' record), once the first update has come
    legal: tuple[Any, ...] = ()  # the seat's legal actions when it is to act
    to_act: int | str | None = None
    over: bool = False
    history: list[Any] = field(default_factory=list)  # every event received, as this seat saw it


def _seats(data: Any) -> tuple[SeatState, ...]:
    return tuple(
        SeatState(s["seat"], s["name"], s["kind"], s["present"], s.get("standin", False)) for s in data
    )


# --- the asyncio client -------------------------------------------------------------------------------


class Client:
    """One connection to a server. `messages` receives every decoded message, in order."""

    def __init__(self, socket: ClientConnection) -> None:
        self.socket = socket
        self.table: TableState | None = None
        self.messages: asyncio.Queue[Message] = asyncio.Queue()
        self._waiting: list[tuple[tuple[type, ...], asyncio.Future[Message]]] = []
        self._reader = asyncio.get_running_loop().create_task(self._read())

    @classmethod
    async def connect(cls, url: str, timeout: float = TIMEOUT) -> Client:
        """A client connected to the server at `url` (ws://host:port); NetError(Closed) if unreachable."""
        try:
            socket = await asyncio.wait_for(connect(url, max_size=None, compression=None), timeout)
        except (OSError, TimeoutError, InvalidHandshake, InvalidURI) as problem:
            raise NetError(Closed("unreachable", str(problem) or type(problem).__name__)) from None
        return cls(socket)

    # requests ------------------------------------------------------------------------------------
    async def create(self, request: TableRequest) -> str:
        """Opens a table; returns its code (the sender still joins it like everyone else)."""
        answer = await self._request(request.message(), (Created,))
        assert isinstance(answer, Created)
        return answer.table

    async def join(self, table: str, name: str, seat: int | str | None = None) -> Joined:
        """Takes a free remote seat (`seat`, or the first free one) at the table with code `table`."""
        answer = await self._request({"type": "join", "table": table, "name": name, "seat": seat}, (Joined,))
        assert isinstance(answer, Joined)
        return answer

    async def rejoin(self, table: str, token: str) -> Joined:
        """Returns to the seat `token` holds; an `Update` with the table as it is follows."""
        answer = await self._request({"type": "rejoin", "table": table, "token": token}, (Joined,))
        assert isinstance(answer, Joined)
        return answer

    async def act(self, action: Any, moves: int | None = None) -> None:
        """Sends the seat's action, stamped with `moves`, the number of actions it follows (by default the
        latest update's); an `Update` or an `Error` answers it through `messages`."""
        if moves is None:
            moves = self.table.moves if self.table else 0
        await self.send({"type": "act", "action": forms.action_to_json(action), "moves": moves})

    async def leave(self) -> None:
        """Gives the seat up (its token stops acting); `Left` answers."""
        await self.send({"type": "leave"})

    async def send(self, message: dict[str, Any]) -> None:
        """Any message, as is (tests send malformed ones this way too, as text)."""
        await self.send_text(protocol.text(message))

    async def send_text(self, text: str) -> None:
        try:
            await self.socket.send(text)
        except ConnectionClosed as closed:
            raise NetError(Closed("lost", str(closed))) from None

    async def next(self, timeout: float = TIMEOUT) -> Message:
        """The next message (TimeoutError after `timeout` seconds)."""
        return await asyncio.wait_for(self.messages.get(), timeout)

    async def close(self) -> None:
        await self.socket.close()
        with contextlib.suppress(asyncio.CancelledError):
            await self._reader

    async def _request(self, message: dict[str, Any], answers: tuple[type, ...]) -> Message:
        """Sends `message` and waits for its answer (or the `Error` refusing it); raises NetError."""
        future: asyncio.Future[Message] = asyncio.get_running_loop().create_future()
        self._waiting.append((answers, future))
        await self.send(message)
        try:
            answer = await asyncio.wait_for(future, TIMEOUT)
        except TimeoutError:
            raise NetError(Closed("lost", f"no answer to {message['type']} in {TIMEOUT} s")) from None
        if isinstance(answer, Error | Closed):
            raise NetError(answer)
        return answer

    # the reader ----------------------------------------------------------------------------------
    async def _read(self) -> None:
        closed = Closed("closed")
        try:
            async for text in self.socket:
                message = self._decode(text)
                self._answer(message)
                self.messages.put_nowait(message)
        except ConnectionClosed as problem:
            closed = Closed("lost", str(problem))
        except forms.ProtocolError as problem:  # a server outside the protocol: nothing more to trust
            closed = Closed("lost", f"the server broke the protocol: {problem}")
            await self.socket.close()
        if self.socket.close_code not in (1000, None) or closed.reason == "lost":
            closed = Closed("lost", closed.detail or str(self.socket.close_reason))
        self._answer(closed)
        self.messages.put_nowait(closed)

    def _answer(self, message: Message) -> None:
        """Resolves the oldest request this message answers (a lost connection answers them all)."""
        if isinstance(message, Closed):
            waiting, self._waiting = self._waiting, []
        else:
            refused = isinstance(message, Error) and message.re in ("create", "join", "rejoin", None)
            waiting = [pair for pair in self._waiting if refused or isinstance(message, pair[0])][:1]
            self._waiting = [pair for pair in self._waiting if pair not in waiting]
        for _answers, future in waiting:
            if not future.done():
                future.set_result(message)

    def _decode(self, text: str | bytes) -> Message:
        try:
            data = json.loads(text)
            kind = data["type"]
            if kind == "update":
                if self.table is None:
                    raise forms.ProtocolError("garbled", "an update before joined")
                update = protocol.read_update(self.table.game, data, self.table.profile)
                self.table.history.extend(update.events)
                self.table = replace(
                    self.table,
                    moves=update.moves,
                    view=update.view,
                    legal=update.legal,
                    to_act=update.to_act,
                    over=update.over,
                )
                return update
            if kind == "joined":
                if data["protocol"] != protocol.PROTOCOL:
                    raise forms.ProtocolError("garbled", f"the server speaks protocol {data['protocol']}")
                profile = protocol.read_profile(data["game"], data["profile"])
                try:
                    story: Any = protocol.read_story(data["game"], data.get("story"))
                except FileProblem as refused:  # checked here too: the table is left, and the player told why
                    story = refused
                joined = Joined(
                    data["table"],
                    data["game"],
                    data["seat"],
                    data["token"],
                    profile,
                    _seats(data["seats"]),
                    story,
                )
                self.table = TableState(
                    joined.table, joined.game, joined.seat, joined.token, profile, joined.seats
                )
                return joined
            if kind == "seats":
                seats = _seats(data["seats"])
                if self.table is not None:
                    self.table = replace(self.table, seats=seats)
                return SeatsChanged(seats)
            if kind == "created":
                return Created(data["table"], data["game"])
            if kind == "left":
                self.table = None
                return Left()
            if kind == "ended":
                self.table = None
                return Ended(str(data["by"]))
            if kind == "error":
                params = data.get("params", {})
                return Error(data["reason"], data.get("detail", ""), data.get("re"), data.get("code"), params)
        except (ValueError, KeyError, TypeError) as problem:
            raise forms.ProtocolError("garbled", f"{type(problem).__name__}: {problem}") from None
        raise forms.ProtocolError("garbled", f"an unknown message {kind!r}")


# --- the thread-backed wrapper the frame loop polls ------------------------------------------------------


class TableClient:
    """A `Client` on a thread of its own: every call returns at once; `poll()` returns what has come."""

    def __init__(self, url: str) -> None:
        self.url = url
        self._inbox: queue.Queue[Message] = queue.Queue()
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="atout-net", daemon=True)
        self._thread.start()
        self._client: Client | None = None
        self._pump: asyncio.Task[None] | None = None

    @property
    def state(self) -> TableState | None:
        """The table as last heard of (the object is the reader's: read it, do not change it)."""
        return self._client.table if self._client else None

    def poll(self) -> list[Message]:
        """Every message that has come since the last call, oldest first; never waits."""
        messages = []
        while True:
            try:
                messages.append(self._inbox.get_nowait())
            except queue.Empty:
                return messages

    def next(self, timeout: float) -> Message | None:
        """The next message, waiting at most `timeout` seconds (None if none came): for tools and tests; a
        frame loop calls `poll`."""
        try:
            return self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None

    def wait(self, timeout: float) -> bool:
        """Blocks until a message is waiting (it stays for `poll`), `timeout` seconds at most; whether one
        is. For tests and tools that step a frame loop back to back: a loop that never waits holds the
        interpreter's lock, and this thread would not get to read the network at all."""
        with self._inbox.not_empty:
            return self._inbox.not_empty.wait_for(lambda: bool(self._inbox.queue), timeout)

    def create(self, request: TableRequest) -> Future[Any]:
        """Opens a table: `Created` (its code) or an `Error` comes through `poll`."""
        return self._run(lambda c: c.create(request))

    def join(self, table: str, name: str, seat: int | str | None = None) -> Future[Any]:
        return self._run(lambda c: c.join(table, name, seat))

    def rejoin(self, table: str, token: str) -> Future[Any]:
        return self._run(lambda c: c.rejoin(table, token))

    def act(self, action: Any) -> Future[Any]:
        return self._run(lambda c: c.act(action))

    def leave(self) -> Future[Any]:
        return self._run(lambda c: c.leave())

    def close(self) -> None:
        """Closes the connection and stops the thread (waits at most a second); once."""
        if self._loop.is_closed():
            return

        async def stop() -> None:
            if self._client is not None:
                await self._client.close()
            if self._pump is not None:
                await asyncio.wait([self._pump], timeout=1.0)

        with contextlib.suppress(Exception):
            asyncio.run_coroutine_threadsafe(stop(), self._loop).result(timeout=2.0)
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(timeout=2.0)
        if not self._thread.is_alive():
            self._loop.close()

    def _run(self, request: Any) -> Future[Any]:
        """Runs `request(client)` on the thread, connecting first when needed; a failure to connect comes
        as `Closed("unreachable")`, a refusal as the `Error` the reader already passed on."""

        async def run() -> Any:
            try:
                client = await self._connected()
                return await request(client)
            except NetError as failure:
                if failure.answer.reason == "unreachable":
                    self._inbox.put(failure.answer)
                return None

        return asyncio.run_coroutine_threadsafe(run(), self._loop)

    async def _connected(self) -> Client:
        if self._client is None or self._pump is None or self._pump.done():
            self._client = await Client.connect(self.url)
            self._pump = asyncio.get_running_loop().create_task(self._forward(self._client))
        return self._client

    async def _forward(self, client: Client) -> None:
        """Moves the client's messages to the inbox the frame loop polls, until the connection ends."""
        while True:
            message = await client.messages.get()
            self._inbox.put(message)
            if isinstance(message, Closed):
                return
