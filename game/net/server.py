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
Computers (and computers standing in for away players) think in slices of a few milliseconds, one slice at
a time for the whole server (`game.net.lane`), between which every other table runs.

A server anyone can reach (docs/deploying.md): who may open what is `game.net.admission`'s, guessing is
bounded by `game.net.throttle`, and a sweep every `SWEEP` seconds lets go the client's tables nobody sat at,
ends those their people left (the time counted from the table's file, so across a restart too) and retires
done tables' files. `/health` and `/metrics` answer plain HTTP on the same port (`game.net.metrics`).
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import os
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any, cast

from websockets.asyncio.server import Server as SocketServer
from websockets.asyncio.server import ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

from game import storage
from game.ai.external import TAKEOVER, Engine, EngineFailure, EngineTurn
from game.ai.thinker import Thinker
from game.net import protocol
from game.net.admission import Admission, Quotas, secret
from game.net.lane import Lane
from game.net.metrics import Metrics
from game.net.protocol import Refusal, TableRequest
from game.net.table_host import COMPACT_AFTER, Seat, TableHost, new_code
from game.net.throttle import JoinThrottle
from game.net.writer import Writer
from game.storage import FileProblem

log = logging.getLogger("atout.net")

RATE = 20.0  # messages a second a connection may send on average …
BURST = 40.0  # … and at once
BEHIND = 1 << 20  # bytes a client may leave unread; a client further behind is disconnected (it rejoins)
AWAY_GRACE = 30.0  # seconds an away player has to come back before a computer stands in (if the table says)
UNPLAYED = 600.0  # seconds a client's table nobody sits at and nobody has played at lives on
ABANDONED = 3600.0  # seconds a client's table whose people have all gone lives on before it ends
MAX_TABLES = 1000
MAX_CONNECTIONS = 10_000
TABLES_PER_CONNECTION = 8
SWEEP = 30.0  # seconds between two looks for tables to let go and files to retire
FIRST_WORD = 10.0  # seconds a connection over its address's bound is given to say what it wanted
STEP_MS = 5.0  # a computer thinks this long between two chances for every other table to run
ENGINE_POLL = 0.005  # seconds between two looks for an engine's answer
CROWDED = 1.0  # seconds after a person acted during which computers think a third of the time at most
SAVED = "limits.json"  # the counts that outlive a restart (guesses, tables opened), in the data folder
FINISHED = "finished"  # where a done table's file goes, in the data folder, until its retention is over


@dataclass
class Limits:
    """What the operator allows (`atout serve`'s options): rates, sizes, the per-address bounds, how long
    a client's table waits for its people, and how long a done table's file is kept (None: it stays
    where it is, as a desktop's hosted table's does)."""

    rate: float = RATE
    burst: float = BURST
    away_grace: float = AWAY_GRACE
    unplayed: float = UNPLAYED
    abandoned: float = ABANDONED
    max_tables: int = MAX_TABLES
    max_connections: int = MAX_CONNECTIONS
    tables_per_connection: int = TABLES_PER_CONNECTION
    quotas: Quotas = field(default_factory=Quotas)
    finished_kept: float | None = None  # seconds a done table's file is kept in DIR/finished …
    archive: Path | None = None  # … then moved here (else removed)
    proxies: tuple[str, ...] = ()  # addresses of reverse proxies whose X-Forwarded-For is believed
    metrics_from: tuple[str, ...] = ("127.0.0.1", "::1")  # networks that may read /metrics


class Connection:
    """One client: its socket, the address it comes from and its mark, its rate allowance, and the seat
    it holds."""

    def __init__(
        self, socket: ServerConnection, limits: Limits, address: str, owner: str, metrics: Metrics
    ) -> None:
        self.socket, self.limits, self.address, self.owner = socket, limits, address, owner
        self.metrics = metrics
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
            log.warning("a client left %d bytes unread: disconnected", BEHIND, extra={"event": "behind"})
            self.closing = asyncio.get_running_loop().create_task(self.socket.close(1008, "too far behind"))
            return
        data = protocol.frame(message)
        self.metrics.sent(len(data))
        broadcast((self.socket,), data, text=True)

    def allowed(self) -> bool:
        """Takes one message from the rate allowance (a token bucket); False when none is left. A message
        past it is owed: a connection that owes a burst's worth floods, and is closed (`flooding`)."""
        now = time.monotonic()
        limits = self.limits
        self.allowance = min(limits.burst, self.allowance + (now - self.checked) * limits.rate)
        self.checked = now
        self.allowance -= 1.0
        return self.allowance >= 0.0

    @property
    def flooding(self) -> bool:
        return self.allowance < -self.limits.burst


class Server:
    """Many tables, one asyncio loop. `start` listens; `close` stops (tables stay in their files).
    `clock` is the wall's (the times a table's file and the saved counts hold); tests give a fake one and
    call `sweep` themselves."""

    def __init__(
        self, data: Path | None = None, limits: Limits | None = None, clock: Callable[[], float] = time.time
    ) -> None:
        self.data = data
        self.limits = limits or Limits()
        self.clock = clock
        self.tables: dict[str, TableHost] = {}
        self.owned: dict[str, dict[str, TableHost]] = {}  # the tables each client address asked for, by mark
        self.locks: dict[str, asyncio.Lock] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.timers: dict[str, asyncio.TimerHandle] = {}  # a table's next look at an away player's grace
        self.engines: dict[tuple[str, int | str], Engine] = {}  # by table and seat, once started
        self.engines_lost: set[tuple[str, int | str]] = set()  # seats whose engine failed: computers now
        self.connections: set[Connection] = set()
        self.socket_server: SocketServer | None = None
        self.sweeper: asyncio.Task[None] | None = None
        self.refused = 0  # messages answered with an error (the fuzz test and the load tool read it)
        self.faults = 0  # messages the server failed on (`internal`): always 0, or a bug
        self.throttle = JoinThrottle(clock=clock)  # wrong table codes and tokens, by address and table
        self.admission = Admission(self.limits.quotas, secret(data), clock)
        self.metrics = Metrics()
        self.acted = -CROWDED  # when a person last acted (perf_counter)
        self.lane = Lane(crowded=lambda: time.perf_counter() - self.acted < CROWDED)  # computers think here
        self.writer = Writer()
        self.retention_checked = 0.0
        self.counts_saved = json.dumps({"throttle": {}, "opened": {}})  # what limits.json holds
        if data is not None:
            self._restore_counts(data / SAVED)
            self._resume(data / "tables")

    def _restore_counts(self, path: Path) -> None:
        """The guesses' counts and the tables opened within the hour, as the last run left them."""
        try:
            saved = json.loads(path.read_text())
            self.throttle.restore(saved["throttle"])
            self.admission.restore(saved["opened"])
        except FileNotFoundError:
            pass
        except (OSError, ValueError, TypeError, KeyError, AttributeError) as problem:
            log.error("%s not read (%s): counts start afresh; kept as %s", path, problem, _kept_aside(path))

    def _save_counts(self) -> asyncio.Future[None] | None:
        """The counts that outlive a restart, written by the writing threads (a sync costs milliseconds)."""
        counts = json.dumps({"throttle": self.throttle.saved(), "opened": self.admission.saved()})
        if self.data is None or counts == self.counts_saved:
            return None  # (nothing new: no write every sweep on a quiet desktop)
        self.counts_saved = counts
        return self.writer.write(self.data / SAVED, counts)

    def _resume(self, folder: Path) -> None:
        """Every table saved in `folder`, as it was after its last journalled action. A file that cannot be
        read is kept aside (its bytes stay); a last line a crash cut short is dropped, and the file written
        whole again, before the server listens. A done table's file is retired (`_retire`)."""
        for path in sorted(folder.glob("*.json")):
            try:
                table = TableHost.load(path)
            except FileProblem as problem:
                log.error(
                    "table file %s not resumed: %s; kept as %s",
                    path,
                    problem,
                    _kept_aside(path),
                    extra={"event": "table_file_bad", "path": str(path)},
                )
                continue
            if table.torn:
                log.warning(
                    "table file %s: its last line was cut short by a crash (%d bytes, an action nobody was "
                    "told of): dropped",
                    path,
                    len(table.torn),
                    extra={"event": "table_file_torn", "path": str(path)},
                )
            if table.done:
                if self.limits.finished_kept is not None:
                    self._retire_now(path)
                continue  # a finished match stays in its file only
            if table.rewrite_due:  # (a torn end, or an older format)
                storage.save_text(path, table.whole_file())
                table.rewrite_due = False
            table.file_bytes, table.whole_bytes = path.stat().st_size, len(table.whole_file().encode())
            table.all_away(time.monotonic())  # its players have a grace to come back
            table.needs_person = bool(table.owner) and not self.limits.quotas.allow_bots
            if table.empty_since is None:
                table.empty_since = self.clock()  # (its people had until now: they have the time again)
            self._hold(table)
            self.locks[table.code] = asyncio.Lock()
            log.info(
                "resumed table %s (%s, %d actions)",
                table.code,
                table.journal.game,
                table.moves,
                extra={"event": "table_resumed", "table": table.code, "game": table.journal.game},
            )

    @property
    def port(self) -> int:
        assert self.socket_server is not None
        return int(next(iter(self.socket_server.sockets)).getsockname()[1])

    async def start(self, host: str = "127.0.0.1", port: int = 0, tls: ssl.SSLContext | None = None) -> int:
        """Listens on `host`:`port` (0: a free port), over TLS with `tls`; returns the port. Resumed tables'
        computers go on, and the sweep for tables to let go and files to retire begins."""
        self.socket_server = await serve(
            self._serve,
            host,
            port,
            max_size=protocol.MAX_FRAME,
            compression=None,
            ping_interval=20,
            ssl=tls,
            process_request=self._http,
            create_connection=self._gate(),
        )
        for table in list(self.tables.values()):
            self._settle(table)
        self.sweeper = asyncio.get_running_loop().create_task(self._sweeping())
        return self.port

    async def close(self) -> None:
        """Stops listening, closes every connection, every computer's turn and every engine; the counts that
        outlive a restart are saved."""
        if self.sweeper is not None:
            self.sweeper.cancel()
        for task in self.drivers.values():
            task.cancel()
        for timer in self.timers.values():
            timer.cancel()
        for table in self.tables.values():
            self._close_engines(table)
        if self.socket_server is not None:
            self.socket_server.close()
            await self.socket_server.wait_closed()
        self._save_counts()
        await self.writer.close()

    def create_table(
        self,
        request: TableRequest,
        seed: int | None = None,
        engines: dict[int, str] | None = None,
        owner: str = "",
    ) -> TableHost:
        """A new table (`atout host` opens one before anyone connects), with an engine at each computer
        seat `engines` names; one a client asked for carries its `owner`'s mark, and is let go if nobody
        sits down to play at it, or ended once its people have all gone. A Refusal names what cannot be."""
        if len(self.tables) >= self.limits.max_tables:
            raise Refusal("too_many_tables", f"this server runs {len(self.tables)} tables, its most")
        code = new_code(self.tables)
        path = None if self.data is None else self.data / "tables" / f"{code}.json"
        table = TableHost.new(code, request, path, seed, engines)
        if owner:  # (a client's: checked once its shape is)
            self.admission.check_create(owner, request, self.owned.get(owner, {}).values())
            self.admission.opened(owner)
        table.owner, table.created, table.empty_since = owner, self.clock(), self.clock()
        table.needs_person = bool(owner) and not self.limits.quotas.allow_bots
        self._save(table)  # (before any join's: a file's writes are made in order)
        self._hold(table)
        self.locks[code] = asyncio.Lock()
        log.info(
            "table %s opened (%s)",
            code,
            request.game,
            extra={"event": "table_opened", "table": code, "game": request.game, "owner": owner},
        )
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
    def _address(self, socket: ServerConnection) -> str:
        """The address a client comes from: its socket's, or the one a trusted reverse proxy names."""
        address = str((socket.remote_address or ("",))[0])
        if address in self.limits.proxies and socket.request is not None:
            forwarded = socket.request.headers.get("X-Forwarded-For", "")
            if hops := [hop.strip() for hop in forwarded.split(",") if hop.strip()]:
                return hops[-1]  # (the one the proxy saw: those before it the client may have written)
        return address

    async def _serve(self, socket: ServerConnection) -> None:
        address = self._address(socket)
        owner = self.admission.owner(address)
        connection = Connection(socket, self.limits, address, owner, self.metrics)
        if len(self.connections) >= self.limits.max_connections or not self.admission.connect(owner):
            await self._turn_away(connection)
            return
        self.connections.add(connection)
        try:
            async for frame in socket:
                await self._receive(connection, frame)
        except ConnectionClosed:
            pass
        finally:
            self.connections.discard(connection)
            self.admission.disconnect(owner)
            self._gone(connection)

    async def _turn_away(self, connection: Connection) -> None:
        """A connection past its address's bound (or the server's): its first message, if it says one soon,
        is answered `too_many_connections`, so its player reads why; then it is closed."""
        self.refused += 1
        log.info(
            "a connection turned away",
            extra={"event": "connection_refused", "owner": connection.owner},
        )
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            frame = await asyncio.wait_for(connection.socket.recv(), FIRST_WORD)
            refusal = Refusal("too_many_connections", "this address holds as many connections as it may")
            connection.send(refusal.message() | {"re": _type_of(frame)})
        await connection.socket.close(1008, "too many connections")

    async def _receive(self, connection: Connection, frame: str | bytes) -> None:
        """One message: checked, carried out, or answered with the error naming why."""
        try:
            if not connection.allowed():
                if connection.flooding and connection.closing is None:
                    log.info("a flood closed", extra={"event": "flood_closed", "owner": connection.owner})
                    connection.closing = asyncio.get_running_loop().create_task(
                        connection.socket.close(1008, "too many messages")
                    )
                raise Refusal("too_fast", f"more than {self.limits.rate:g} messages a second")
            message = protocol.parse(frame)
            await self._carry_out(connection, message)
        except Refusal as refusal:
            self.refused += 1
            connection.send(refusal.message() | {"re": _type_of(frame)})
            if refusal.reason == "too_many_attempts" and connection.closing is None:  # (a guesser: it goes)
                connection.closing = asyncio.get_running_loop().create_task(
                    connection.socket.close(1008, "too many wrong codes")
                )
        except Exception:  # a fault of ours: logged, answered, and the table goes on
            self.faults += 1
            log.exception("the server failed on a message", extra={"event": "fault"})
            connection.send(Refusal("internal", "the server failed on this message").message())

    async def _carry_out(self, connection: Connection, message: dict[str, Any]) -> None:
        kind = message["type"]
        if kind == "create":
            if connection.created >= self.limits.tables_per_connection:
                raise Refusal("too_many_tables", f"a connection opens {connection.created} tables at most")
            fields = {name: message[name] for name in ("seats", "profile", "deals", "away")}
            made = self.create_table(TableRequest(message["game"], **fields), owner=connection.owner)
            connection.created += 1
            connection.send({"type": "created", "table": made.code, "game": made.journal.game})
            return
        if kind in ("join", "rejoin"):
            await self._sit(connection, message)
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
        began = self.acted = time.perf_counter()
        async with self.locks[table.code]:
            events = table.act(seat, message["action"], message["moves"])
            await self._save(table, table.last_action_line())
            table.broadcast(events)
        self.metrics.action(time.perf_counter() - began)
        self._settle(table)

    async def _sit(self, connection: Connection, message: dict[str, Any]) -> None:
        """A join with the table's code, or a rejoin with a seat's token; wrong ones are counted against the
        address, its network and (a token) the table."""
        kind, address = message["type"], connection.address
        if connection.table is not None:
            raise Refusal("already_seated", f"this connection sits at table {connection.table.code}")
        code = message["table"].upper()
        self.throttle.check(address, code)
        found = self.tables.get(code)
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
                    self.throttle.failed(address, table.code)
                if earlier is not None and isinstance(earlier.link, Connection):
                    self._let_go(earlier.link)  # the seat's old connection, if it still stands
                seat = table.rejoin(token, connection)
            connection.table, connection.seat = table, seat
            connection.send(table.joined(seat, token))
            connection.send(table.welcome(seat))
        table.tell_seats()
        self._settle(table)  # the table may be full now, or its player back

    def _save(self, table: TableHost, line: str | None = None) -> asyncio.Future[None]:
        """The table's file brought up to date by the writing threads (the caller holds the table's lock, but
        at its opening): `line` (an action's, the seats', who is there) appended, or the file written whole
        (a new table, one whose last append failed, or one whose appended lines have grown past its
        record's size: written whole, they take the record's room, so a file's size stays bounded). Done
        once it is on the disk."""
        if table.path is None:
            done = asyncio.get_running_loop().create_future()
            done.set_result(None)
            return done
        if line is None or table.rewrite_due:
            table.rewrite_due = False
            whole = table.whole_file()
            table.whole_bytes = table.file_bytes = size = len(whole.encode())
            written = self.writer.write(table.path, whole)
        else:
            size = len(line.encode())
            table.file_bytes += size
            table.rewrite_due = table.file_bytes - table.whole_bytes > max(COMPACT_AFTER, table.whole_bytes)
            written = self.writer.append(table.path, line)
        self.metrics.journal_bytes += size
        written.add_done_callback(lambda future: self._saved(table, future))
        return written

    @staticmethod
    def _saved(table: TableHost, written: asyncio.Future[None]) -> None:
        """A write that failed: logged, and the table's file is written whole next time (the action is not
        told of; the message that made it is answered `internal`)."""
        if written.cancelled() or (problem := written.exception()) is None:
            return
        table.rewrite_due = True
        log.error(
            "table %s: its file was not written: %s",
            table.code,
            problem,
            extra={"event": "table_file_unwritten", "table": table.code},
        )

    def _settle(self, table: TableHost) -> None:
        """After a change: since when nobody is at the table, kept in its file; the table let go if it is
        done and nobody watches it, or if its time without people is over; else the computers' turn if one
        is due."""
        if self.tables.get(table.code) is not table:
            return
        if table.empty != (table.empty_since is not None):
            table.empty_since = self.clock() if table.empty else None
            self._save(table, table.presence_line())
        if table.idle:
            self._let_table_go(table)
            self._retire(table)
        elif not self._expired(table):
            self.drive(table)

    def _expired(self, table: TableHost) -> bool:
        """A client's table nobody has been at for too long: let go (its file removed) if nobody ever played
        at it, else ended as abandoned (its file retired): True. False if it goes on."""
        since = table.empty_since
        if not table.owner or since is None or table.done:
            return False
        waited = self.clock() - since
        if table.moves == 0 and waited >= self.limits.unplayed:
            log.info("table %s: nobody came, let go", table.code, extra={"event": "table_unplayed"})
            self._let_table_go(table)
            if table.path is not None:
                self.writer.remove(table.path).add_done_callback(lambda gone: self._saved(table, gone))
            return True
        if table.moves > 0 and waited >= self.limits.abandoned:
            log.info(
                "table %s: its people left, ended",
                table.code,
                extra={"event": "table_abandoned", "table": table.code, "moves": table.moves},
            )
            table.ended = "abandoned"
            self._save(table, table.presence_line())
            self._let_table_go(table)
            self._retire(table)
            return True
        return False

    def sweep(self) -> asyncio.Future[None] | None:
        """Every table whose time without people is over let go; done tables' files past their retention
        removed or archived (every ten sweeps, beside the loop: done when the future returned is); the
        counts that outlive a restart saved."""
        for table in list(self.tables.values()):
            self._expired(table)
        now, retired = self.clock(), None
        if self.limits.finished_kept is not None and now - self.retention_checked >= 10 * SWEEP:
            self.retention_checked = now  # (thousands of files looked at: beside the loop, not on it)
            before = now - self.limits.finished_kept
            retired = asyncio.get_running_loop().run_in_executor(None, self._past_retention, before)
        self._save_counts()
        return retired

    async def _sweeping(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                self.sweep()
            except Exception:
                self.faults += 1
                log.exception("the sweep failed", extra={"event": "fault"})

    def _retire(self, table: TableHost) -> None:
        """A done table's file moved out of the tables the server resumes, into DIR/finished, where its
        retention runs (with a retention set; else it stays)."""
        if table.path is not None and self.limits.finished_kept is not None:
            target = table.path.parent.parent / FINISHED / table.path.name
            self.writer.move(table.path, target).add_done_callback(lambda moved: self._saved(table, moved))

    def _retire_now(self, path: Path) -> None:
        """As `_retire`, for a done table's file found before the server listens."""
        target = path.parent.parent / FINISHED / path.name
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(path, target)

    def _past_retention(self, before: float) -> None:
        """The done tables' files last written before `before`: archived (moved to the operator's archive
        folder) or removed."""
        if self.data is None:
            return
        archive = self.limits.archive
        for path in (self.data / FINISHED).glob("*.json"):
            with contextlib.suppress(OSError):  # (gone meanwhile: nothing to keep)
                if path.stat().st_mtime >= before:
                    continue
                if archive is None:
                    path.unlink()
                else:
                    archive.mkdir(parents=True, exist_ok=True)
                    os.replace(path, archive / path.name)
                log.info("table file %s retired", path.name, extra={"event": "table_file_retired"})

    def _hold(self, table: TableHost) -> None:
        """The table among the server's, and its owner's (looked up at every `create`: not among a
        thousand)."""
        self.tables[table.code] = table
        if table.owner:
            self.owned.setdefault(table.owner, {})[table.code] = table

    def _let_table_go(self, table: TableHost) -> None:
        self._close_engines(table)
        self.tables.pop(table.code, None)
        if (mine := self.owned.get(table.owner)) is not None:
            mine.pop(table.code, None)
            if not mine:
                del self.owned[table.owner]
        self.locks.pop(table.code, None)
        driver = self.drivers.pop(table.code, None)
        if driver is not None and driver is not asyncio.current_task():
            driver.cancel()
        if (timer := self.timers.pop(table.code, None)) is not None:
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

    # --- what the operator reads ------------------------------------------------------------------
    def _http(self, socket: ServerConnection, request: Request) -> Response | None:
        """A plain HTTP request rather than a WebSocket: `/health` (anyone: "ok"), `/metrics` (the networks
        `Limits.metrics_from` names: the Prometheus text). Anything else goes on to the handshake, unless
        it came through a reverse proxy for an address opening connections faster than it may (429)."""
        path = request.path.split("?", 1)[0]
        if (
            path not in ("/health", "/metrics")
            and _peer(socket.transport) in self.limits.proxies  # (else the gate has counted it)
            and not self._arrives(self._address(socket))
        ):
            return socket.respond(HTTPStatus.TOO_MANY_REQUESTS, "too many connections: slow down\n")
        if path == "/health":
            return socket.respond(HTTPStatus.OK, "ok\n")
        if path != "/metrics":
            return None
        if not _within(self._address(socket), self.limits.metrics_from):
            return socket.respond(HTTPStatus.FORBIDDEN, "forbidden\n")
        response = socket.respond(HTTPStatus.OK, self.metrics_text())
        del response.headers["Content-Type"]
        response.headers["Content-Type"] = "text/plain; version=0.0.4; charset=utf-8"
        return response

    def _arrives(self, address: str) -> bool:
        """Counts a new connection from `address`; False (counted as refused) past its arrivals' bound."""
        if self.admission.arrive(self.admission.owner(address)):
            return True
        self.refused += 1
        return False

    def _gate(self) -> type[ServerConnection]:
        """The connections' class: one from an address opening connections faster than it may is dropped
        as it is accepted, before a byte of its request is read (a flood of connections costs the server
        the least it can); one from a reverse proxy is counted by the address the proxy names, in `_http`."""
        server = self

        class Gate(ServerConnection):
            turned_away = False

            def connection_made(self, transport: asyncio.BaseTransport) -> None:
                address = _peer(transport)
                if address not in server.limits.proxies and not server._arrives(address):
                    self.turned_away = True
                    cast(asyncio.Transport, transport).abort()
                    return
                super().connection_made(transport)

            def connection_lost(self, exc: Exception | None) -> None:
                if not self.turned_away:
                    super().connection_lost(exc)

        return Gate

    def metrics_text(self) -> str:
        people = sum(seat.link is not None for table in self.tables.values() for seat in table.seats)
        thinking = sum(not driver.done() for driver in self.drivers.values())
        gauges = {
            "atout_tables": ("Tables open.", len(self.tables)),
            "atout_clients": ("Connections open.", len(self.connections)),
            "atout_seated": ("People seated at a table and connected.", people),
            "atout_thinking": ("Tables whose computer is thinking.", thinking),
        }
        counters = {
            "atout_refused_total": ("Messages and connections refused, with a reason.", self.refused),
            "atout_faults_total": ("Messages the server failed on (a bug if not 0).", self.faults),
        }
        return self.metrics.text(gauges, counters)

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
                while not await self._think(decision, table.owner):
                    if isinstance(decision, EngineTurn) and decision.thinker is None:
                        await asyncio.sleep(ENGINE_POLL)  # an engine thinks elsewhere
                assert decision.decision is not None
                lock = self.locks.get(table.code)
                if lock is None:
                    return  # let go while it thought
                async with lock:
                    if (
                        table.moves != moves
                        or table.standin(time.monotonic(), self.limits.away_grace) != turn
                    ):
                        continue  # the player came back, or left, while it thought
                    began = time.perf_counter()
                    events = table.apply(turn[0], decision.decision.action, moves)
                    await self._save(table, table.last_action_line())
                    table.broadcast(events)
                    self.metrics.action(time.perf_counter() - began)
                await asyncio.sleep(0)
            if table.done:
                self._close_engines(table)
                self._settle(table)  # (let go if nobody is there to see the end)
            else:
                asyncio.get_running_loop().call_soon(self.drive, table)  # an away player's grace may run
        except asyncio.CancelledError:
            raise
        except Exception:
            self.faults += 1
            log.exception("a computer's turn failed at table %s", table.code, extra={"event": "fault"})

    async def _think(self, decision: Thinker | EngineTurn, owner: str) -> bool:
        """One slice of a computer's thinking, in the server's one lane (`game.net.lane`), as the table's
        owner's: done or not."""
        if isinstance(decision, EngineTurn) and decision.thinker is None:
            return decision.step(STEP_MS)  # (only a look for the engine's answer)
        await self.lane.turn(owner)
        try:
            return decision.step(STEP_MS)
        finally:
            self.lane.done()

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


def _peer(transport: asyncio.BaseTransport) -> str:
    """The address at the other end of a connection."""
    peer = transport.get_extra_info("peername")
    return str(peer[0]) if peer else ""


def _within(address: str, networks: tuple[str, ...]) -> bool:
    """Whether `address` is one of `networks` (addresses or CIDR networks)."""
    try:
        parsed = ipaddress.ip_address(address)
        return any(parsed in ipaddress.ip_network(net, strict=False) for net in networks)
    except ValueError:
        return False


def _type_of(frame: str | bytes) -> str | None:
    """The type a refused message gave itself, if it is readable at all."""
    if protocol.byte_size(frame) > protocol.MAX_MESSAGE:
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

    def __init__(
        self,
        host: str = "0.0.0.0",
        port: int = 0,
        data: Path | None = None,
        limits: Limits | None = None,
        tls: ssl.SSLContext | None = None,
    ) -> None:
        self.host, self.port_asked, self.data = host, port, data  # `data`: where its tables are journalled
        self.limits, self.tls = limits, tls
        self.loop = asyncio.new_event_loop()
        self.server: Server | None = None
        self._thread = threading.Thread(target=self.loop.run_forever, name="atout-server", daemon=True)

    def start(self) -> int:
        self._thread.start()

        async def begin() -> int:
            self.server = Server(self.data, self.limits)
            return await self.server.start(self.host, self.port_asked, self.tls)

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
