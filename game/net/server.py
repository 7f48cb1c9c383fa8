"""The table server (docs/network-protocol.md): an asyncio WebSocket server running many tables at once, for
`atout serve` (headless) and `atout host` (one table, from the desktop too).

Each connection reads its messages one at a time and answers every bad one with an `error` naming why:
size, rate, JSON, shape, then whether it is allowed (`game.net.table_host` decides the last). What a
connection is sent is written to its socket's buffer at once (`websockets.broadcast`), so a slow or stalled
client never holds up a table: one that leaves too much unread is disconnected, and rejoins. A table's
actions take its lock one at a time: apply, journal to disk, then tell every seat; a join or a rejoin takes
it too, so the picture a seat is sent is never one action ahead of the updates that follow it. The
journalling is one line appended to the table's file by the writing threads (`game.net.writer`), which sync
the lines of every table that acted in the same moment side by side, so tables do not queue behind each
other's syncs; the file is written whole only when the table opens (a join or a leave appends the seats).
Computers (and computers standing in for away players) think in slices of a few milliseconds between which
every other table runs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server as SocketServer
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed

from game import storage
from game.ai.external import TAKEOVER, Engine, EngineFailure, EngineTurn
from game.ai.thinker import Thinker
from game.net import protocol
from game.net.protocol import Refusal, TableRequest
from game.net.table_host import Seat, TableHost, new_code
from game.net.throttle import JoinThrottle
from game.net.writer import Writer
from game.storage import FileProblem

log = logging.getLogger("atout.net")

RATE = 20.0  # messages a second a connection may send on average …
BURST = 40.0  # … and at once
BEHIND = 1 << 20  # bytes a client may leave unread; a client further behind is disconnected (it rejoins)
AWAY_GRACE = (
    30.0  # seconds an away player has to come back before a computer stands in (if the table says so)
)
UNPLAYED = 600.0  # seconds a table nobody sits at and nobody has played at lives on
MAX_TABLES = 1000
TABLES_PER_CONNECTION = 8
STEP_MS = 5.0  # a computer thinks this long between two chances for every other table to run
ENGINE_POLL = 0.005  # seconds between two looks for an engine's answer


@dataclass
class Limits:
    rate: float = RATE
    burst: float = BURST
    away_grace: float = AWAY_GRACE
    unplayed: float = UNPLAYED
    max_tables: int = MAX_TABLES
    tables_per_connection: int = TABLES_PER_CONNECTION


class Connection:
    """One client: its socket, its rate allowance, and the seat it holds."""

    def __init__(self, socket: ServerConnection, limits: Limits) -> None:
        self.socket, self.limits = socket, limits
        self.table: TableHost | None = None
        self.seat: Seat | None = None
        self.created = 0
        self.allowance, self.checked = limits.burst, time.monotonic()
        self.closing: asyncio.Task[None] | None = None

    def send(self, message: dict[str, Any]) -> None:
        """Writes a message to the socket's buffer at once, never waiting on the client; a client that lets
        `BEHIND` bytes pile up unread is disconnected (it rejoins)."""
        if self.closing is not None:
            return
        if self.socket.transport.get_write_buffer_size() > BEHIND:
            log.warning("a client left %d bytes unread: disconnected", BEHIND)
            self.closing = asyncio.get_running_loop().create_task(self.socket.close(1008, "too far behind"))
            return
        broadcast((self.socket,), protocol.text(message))

    def allowed(self) -> bool:
        """Takes one message from the rate allowance (a token bucket); False when none is left."""
        now = time.monotonic()
        limits = self.limits
        self.allowance = min(limits.burst, self.allowance + (now - self.checked) * limits.rate)
        self.checked = now
        if self.allowance < 1.0:
            return False
        self.allowance -= 1.0
        return True


class Server:
    """Many tables, one asyncio loop. `start` listens; `close` stops (tables stay in their files)."""

    def __init__(self, data: Path | None = None, limits: Limits | None = None) -> None:
        self.data = data
        self.limits = limits or Limits()
        self.tables: dict[str, TableHost] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}  # a table's next look at an away player's grace
        self.unplayed: dict[str, asyncio.TimerHandle] = {}  # when an empty table nobody played at goes
        self.asked: set[str] = set()  # the tables clients asked for (the operator's stay until played)
        self.engines: dict[tuple[str, int | str], Engine] = {}  # by table and seat, once started
        self.engines_lost: set[tuple[str, int | str]] = set()  # seats whose engine failed: computers now
        self.connections: set[Connection] = set()
        self.socket_server: SocketServer | None = None
        self.refused = 0  # messages answered with an error (the fuzz test and the load tool read it)
        self.faults = 0  # messages the server failed on (`internal`): always 0, or a bug
        self.throttle = JoinThrottle()  # wrong table codes and tokens, by the address they come from
        self.writer = Writer()
        if data is not None:
            self._resume(data / "tables")

    def _resume(self, folder: Path) -> None:
        """Every table saved in `folder`, as it was after its last journalled action. A file that cannot be
        read is kept aside (its bytes stay); a last line a crash cut short is dropped, and the file written
        whole again, before the server listens."""
        for path in sorted(folder.glob("*.json")):
            try:
                table = TableHost.load(path)
            except FileProblem as problem:
                log.error("table file %s not resumed: %s; kept as %s", path, problem, _kept_aside(path))
                continue
            if table.torn:
                log.warning(
                    "table file %s: its last line was cut short by a crash (%d bytes, an action nobody was "
                    "told of): dropped",
                    path,
                    len(table.torn),
                )
            if table.over:
                continue  # a finished match stays in its file only
            if table.rewrite_due:  # (a torn end, or the first format)
                storage.save_text(path, table.whole_file())
                table.rewrite_due = False
            table.all_away(time.monotonic())  # its players have a grace to come back
            self.tables[table.code] = table
            self.locks[table.code] = asyncio.Lock()
            log.info("resumed table %s (%s, %d actions)", table.code, table.journal.game, table.moves)

    @property
    def port(self) -> int:
        assert self.socket_server is not None
        return int(next(iter(self.socket_server.sockets)).getsockname()[1])

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listens on `host`:`port` (0: a free port); returns the port. Resumed tables' computers go on."""
        self.socket_server = await serve(
            self._serve, host, port, max_size=protocol.MAX_FRAME, compression=None, ping_interval=20
        )
        for table in list(self.tables.values()):
            self._settle(table)
        return self.port

    async def close(self) -> None:
        """Stops listening, closes every connection, every computer's turn and every engine."""
        for task in self.drivers.values():
            task.cancel()
        for timer in (*self.timers.values(), *self.unplayed.values()):
            timer.cancel()
        for table in self.tables.values():
            self._close_engines(table)
        if self.socket_server is not None:
            self.socket_server.close()
            await self.socket_server.wait_closed()
        await self.writer.close()

    def create_table(
        self,
        request: TableRequest,
        seed: int | None = None,
        engines: dict[int, str] | None = None,
        asked: bool = False,
    ) -> TableHost:
        """A new table (`atout host` opens one before anyone connects), with an engine at each computer
        seat `engines` names; one a client `asked` for is let go if nobody sits down to play at it. A
        Refusal names what cannot be."""
        if len(self.tables) >= self.limits.max_tables:
            raise Refusal("too_many_tables", f"this server runs {len(self.tables)} tables, its most")
        code = new_code(self.tables)
        path = None if self.data is None else self.data / "tables" / f"{code}.json"
        table = TableHost.new(code, request, path, seed, engines)
        self._save(table)  # (before any join's: a file's writes are made in order)
        self.tables[code] = table
        self.locks[code] = asyncio.Lock()
        if asked:  # by a client: let go if nobody comes to play
            self.asked.add(code)
        self._settle(table)
        return table

    def end_table(self, code: str, by: str) -> None:
        """The host closes its table (a desktop that hosts leaves it): every seat is told, by whom, so no one
        waits for a table that is gone; the table is let go (its file stays)."""
        table = self.tables.get(code)
        if table is None:
            return
        for connection in self.connections:
            if connection.table is table:
                connection.send({"type": "ended", "by": by})
                connection.table = connection.seat = None
        self._let_table_go(table)

    # --- one connection -------------------------------------------------------------------------
    async def _serve(self, socket: ServerConnection) -> None:
        connection = Connection(socket, self.limits)
        self.connections.add(connection)
        try:
            async for frame in socket:
                await self._receive(connection, frame)
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(connection)
            self._gone(connection)

    async def _receive(self, connection: Connection, frame: str | bytes) -> None:
        """One message: checked, carried out, or answered with the error naming why."""
        try:
            if not connection.allowed():
                raise Refusal("too_fast", f"more than {self.limits.rate:g} messages a second")
            message = protocol.parse(frame)
            await self._carry_out(connection, message)
        except Refusal as refusal:
            self.refused += 1
            connection.send(refusal.message() | {"re": _type_of(frame)})
        except Exception:  # a fault of ours: logged, answered, and the table goes on
            self.faults += 1
            log.exception("the server failed on a message")
            connection.send(Refusal("internal", "the server failed on this message").message())

    async def _carry_out(self, connection: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "create":
            if connection.created >= self.limits.tables_per_connection:
                raise Refusal("too_many_tables", f"a connection opens {connection.created} tables at most")
            fields = {name: message[name] for name in ("seats", "profile", "deals", "away")}
            made = self.create_table(TableRequest(message["game"], **fields), asked=True)
            connection.created += 1
            connection.send({"type": "created", "table": made.code, "game": made.journal.game})
            return
        if kind in ("join", "rejoin"):
            if connection.table is not None:
                raise Refusal("already_seated", f"this connection sits at table {connection.table.code}")
            address = str((connection.socket.remote_address or ("",))[0])
            self.throttle.check(address)
            found = self.tables.get(message["table"].upper())
            if found is None:
                self.throttle.failed(address)
                raise Refusal("no_table", f"no table has the code {message['table']!r}")
            table = found
            async with self.locks[table.code]:  # (no action between the picture sent and the next update)
                if kind == "join":
                    seat, token = table.join(message["name"], message["seat"], connection)
                    await self._save(table, table.seats_line())
                else:
                    token = message["token"]
                    earlier = table.holder(token)
                    if earlier is None:
                        self.throttle.failed(address)
                    if earlier is not None and isinstance(earlier.link, Connection):
                        self._let_go(earlier.link)  # the seat's old connection, if it still stands
                    seat = table.rejoin(token, connection)
                connection.table, connection.seat = table, seat
                connection.send(table.joined(seat, token))
                connection.send(table.welcome(seat))
            table.tell_seats()
            self.drive(table)  # the table may be full now, or its player back
            return
        if connection.table is None or connection.seat is None:
            raise Refusal("not_seated", f"{kind}: this connection sits at no table")
        table, seat = connection.table, connection.seat
        if kind == "leave":
            async with self.locks[table.code]:
                table.leave(seat, time.monotonic())
                await self._save(table, table.seats_line())
            connection.table = connection.seat = None
            connection.send({"type": "left"})
            table.tell_seats()
            self._settle(table)
            return
        async with self.locks[table.code]:
            events = table.act(seat, message["action"], message["moves"])
            await self._save(table, table.last_action_line())
            table.broadcast(events)
        self._settle(table)

    def _save(self, table: TableHost, line: str | None = None) -> asyncio.Future[None]:
        """The table's file brought up to date by the writing threads (the caller holds the table's lock, but
        at its opening): `line` (an action's, or the seats') appended, or the file written whole (a new
        table, or one whose last append failed). Done once it is on the disk."""
        if table.path is None:
            done = asyncio.get_running_loop().create_future()
            done.set_result(None)
            return done
        if line is None or table.rewrite_due:
            table.rewrite_due = False
            written = self.writer.write(table.path, table.whole_file())
        else:
            written = self.writer.append(table.path, line)
        written.add_done_callback(lambda future: self._saved(table, future))
        return written

    @staticmethod
    def _saved(table: TableHost, written: asyncio.Future[None]) -> None:
        """A write that failed: logged, and the table's file is written whole next time (the action is not
        told of; the message that made it is answered `internal`)."""
        if written.cancelled() or (problem := written.exception()) is None:
            return
        table.rewrite_due = True
        log.error("table %s: its file was not written: %s", table.code, problem)

    def _settle(self, table: TableHost) -> None:
        """After a change: the computers' turn if one is due; a finished table nobody watches let go; an
        empty table nobody has played at let go after a while (tables are not free to hold)."""
        if table.idle:
            self._let_table_go(table)
            return
        if table.moves == 0 and table.empty and table.code in self.asked:
            if (timer := self.unplayed.get(table.code)) is not None:
                timer.cancel()
            loop = asyncio.get_running_loop()
            self.unplayed[table.code] = loop.call_later(self.limits.unplayed, self._let_go_unplayed, table)
        self.drive(table)

    def _let_go_unplayed(self, table: TableHost) -> None:
        if self.tables.get(table.code) is table and table.moves == 0 and table.empty:
            log.info("table %s: nobody came, let go", table.code)
            self._let_table_go(table)
            if table.path is not None:
                self.writer.remove(table.path).add_done_callback(lambda gone: self._saved(table, gone))

    def _let_table_go(self, table: TableHost) -> None:
        self._close_engines(table)
        self.tables.pop(table.code, None)
        self.locks.pop(table.code, None)
        self.drivers.pop(table.code, None)
        self.asked.discard(table.code)
        for timers in (self.timers, self.unplayed):
            if (timer := timers.pop(table.code, None)) is not None:
                timer.cancel()

    def _let_go(self, connection: Connection) -> None:
        """A connection whose seat was taken back with its token elsewhere: it sits nowhere now."""
        connection.table = connection.seat = None
        connection.send({"type": "left"})

    def _gone(self, connection: Connection) -> None:
        table = connection.table
        if table is None:
            return
        table.drop(connection, time.monotonic())
        connection.table = connection.seat = None
        table.tell_seats()
        self._settle(table)

    # --- computers ------------------------------------------------------------------------------
    def drive(self, table: TableHost) -> None:
        """Starts the table's computer turns if one is due and none is running; if a computer is to stand
        in for an away player once the grace is over, comes back then."""
        running = self.drivers.get(table.code)
        if running is not None and not running.done():
            return
        now, grace = time.monotonic(), self.limits.away_grace
        if table.standin(now, grace) is not None:
            self.drivers[table.code] = asyncio.get_running_loop().create_task(self._drive(table))
        elif (wait := table.standin_in(now, grace)) is not None:
            if (timer := self.timers.get(table.code)) is not None:
                timer.cancel()
            self.timers[table.code] = asyncio.get_running_loop().call_later(wait, self.drive, table)

    async def _drive(self, table: TableHost) -> None:
        """Plays every turn a computer has at the table, one after the other, in slices."""
        try:
            while (turn := table.standin(time.monotonic(), self.limits.away_grace)) is not None:
                moves = table.moves
                decision = self._decision(table, *turn)
                while not decision.step(STEP_MS):
                    waiting = isinstance(decision, EngineTurn) and decision.thinker is None
                    await asyncio.sleep(ENGINE_POLL if waiting else 0)  # an engine thinks elsewhere
                assert decision.decision is not None
                async with self.locks[table.code]:
                    if (
                        table.moves != moves
                        or table.standin(time.monotonic(), self.limits.away_grace) != turn
                    ):
                        continue  # the player came back, or left, while it thought
                    events = table.apply(turn[0], decision.decision.action, moves)
                    await self._save(table, table.last_action_line())
                    table.broadcast(events)
                await asyncio.sleep(0)
            if table.over:
                self._close_engines(table)
            else:
                asyncio.get_running_loop().call_soon(self.drive, table)  # an away player's grace may run
        except asyncio.CancelledError:
            raise
        except Exception:
            self.faults += 1
            log.exception("a computer's turn failed at table %s", table.code)

    def _decision(self, table: TableHost, seat: int | str, level: str) -> Thinker | EngineTurn:
        """A computer's decision: its engine's, asked with the seat's view only, or, with no engine there
        (or one that failed), the thinker's at the seat's level."""
        command = table.by_id[seat].engine
        key = (table.code, seat)
        if not command or key in self.engines_lost:
            return table.thinker(seat, level)
        view, game = table.state.view(seat), table.journal.game
        engine = self.engines.get(key)
        if engine is None:
            engine = self.engines[key] = Engine(command, game, seat, view)

        def failed(failure: EngineFailure) -> None:
            log.warning("the engine at table %s seat %s failed: %s", table.code, seat, failure)
            self.engines_lost.add(key)

        return EngineTurn(
            engine, view, table.state.legal_actions(), lambda: table.thinker(seat, TAKEOVER), failed
        )

    def _close_engines(self, table: TableHost) -> None:
        """Says goodbye to a table's engines (with their last view once the match is over)."""
        for (code, seat), engine in list(self.engines.items()):
            if code == table.code:
                engine.close(table.state.view(seat) if table.over else None)
                del self.engines[code, seat]


def _kept_aside(path: Path) -> str:
    """Moves a table file that cannot be resumed out of the way (its bytes kept); where it is now."""
    try:
        return storage.keep_aside(path).name
    except OSError as problem:
        return f"where it was ({problem})"


def _type_of(frame: str | bytes) -> str | None:
    """The type a refused message gave itself, if it is readable at all."""
    if isinstance(frame, bytes) or len(frame) > protocol.MAX_MESSAGE:
        return None
    try:
        data = json.loads(frame)
    except (ValueError, RecursionError):
        return None
    kind = data.get("type") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) and kind in protocol.MESSAGES else None


# --- running it -----------------------------------------------------------------------------------------


class Background:
    """A server on a thread of its own, for the desktop app's "Host a table": `start` returns once it listens;
    `call` runs a function on its loop (create a table); `stop` ends it."""

    def __init__(self, host: str = "0.0.0.0", port: int = 0, data: Path | None = None) -> None:
        self.host, self.port_asked, self.data = host, port, data  # `data`: where its tables are journalled
        self.loop = asyncio.new_event_loop()
        self.server: Server | None = None
        self._thread = threading.Thread(target=self.loop.run_forever, name="atout-server", daemon=True)

    def start(self) -> int:
        self._thread.start()

        async def begin() -> int:
            self.server = Server(self.data)
            return await self.server.start(self.host, self.port_asked)

        return asyncio.run_coroutine_threadsafe(begin(), self.loop).result(timeout=10)

    def call(self, function: Any, *args: Any) -> Any:
        """`function(server, *args)` run on the server's loop; its result."""

        async def on_loop() -> Any:
            return function(self.server, *args)

        return asyncio.run_coroutine_threadsafe(on_loop(), self.loop).result(timeout=10)

    def stop(self) -> None:
        if self.server is not None:
            with contextlib.suppress(Exception):
                asyncio.run_coroutine_threadsafe(self.server.close(), self.loop).result(timeout=5)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout=5)
