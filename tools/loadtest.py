"""Load on one table server: N tables of bot clients for a fixed time, and how long an action takes to reach
every seat; with `--abuse`, the same beside an abusive stranger.

`python tools/loadtest.py [--tables N] [--seconds S] [--game G] [--think-ms T] [--spread F] [--seed N]
[--data DIR] [--server URL] [--warmup S] [--stagger S] [--procs P] [--abuse]`

Starts `atout serve` in a process and session of its own (one asyncio loop: one core, and the system's
scheduler gives it a share of its own, as if it ran on a machine of its own) unless `--server` names a
running one, opens N tables of remote seats (four, or the game's count), and seats a bot client in every
seat; the first seat's bot opens the table over its own connection. Each table's bots come from an address
of their own (a household: 127.x.y.z, all this machine's), as people do, so the server's per-address
limits meet them as they would meet people. A bot waits `--think-ms` once it is to act (a person is slower
still; `--spread 0.5` draws each wait within ±50 % of it, so tables drift apart as people's do), then sends
the first legal action; a finished match is replaced by a new table. `--warmup` seconds pass before
anything is counted (the tables opening). By default every table opens at once, so every match ends and a
new one opens in the same few seconds, over and over (the worst case); `--stagger S` opens them one after
another over S seconds (S the length of a match: matches end and open as evenly as a crowd's do).

The bots run in `--procs` processes of their own (by default one for every 250 tables), so that what is
measured is the server, not the bots' own loop: each process also times how late its loop wakes
(`clients_lag_p99_ms`, the most its bots' readings can be late by), and the server's own figure — from an
action read to its update written to every seat's socket, from its `/metrics` — is given beside. The bots
read the protocol's JSON as it comes, without decoding views into records, and keep only what they act on.

With `--abuse`, the run has three phases of `--seconds` each: quiet, then an abuser (a process of its own)
at an address of its own, 127.66.0.1, opening tables of every kind it may try — computers alone, empty
ones, and ones whose hard computers it plays against at once —, flooding with malformed, oversized and too
many messages and connections, and guessing table codes from other addresses, in one network and in many;
then quiet again after it has gone. The abuser is niced beside the bots: on this one machine it takes the
time the bots leave, not the server's, as an abuser on a machine of its own would.
The honest tables' figures are given for each phase, with what the abuser sent and was answered.

Prints one JSON line: actions taken, actions a second, and the time from a bot's `act` to the last of its
table's seats receiving the `update` it caused — p50, p99 and the maximum, in milliseconds — with, when
it started the server, the CPU time of the server (and any process it started) over the run (its share of a
core, per table, per action), the bytes it sent a message and journalled a second. Bounded: at most 1,000
tables, 600 seconds a phase.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import http.client
import itertools
import json
import math
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus

ROOT = Path(__file__).resolve().parent.parent
MAX_TABLES, MAX_SECONDS, MAX_PROCS = 1000, 600.0, 16
TABLES_A_PROCESS = 250  # the bots of this many tables to a process, by default
LAG_TICK = 0.01  # seconds between two looks at how late the bots' loop wakes
PHASES = ("quiet", "abuse", "after")
SEATS = {"koenigrufen": 4, "twotenjack": 4, "falkenstein": 5}


class Measure:
    """When each action was sent, and when each seat of its table heard of it; counted by the phase (of
    `phases`, each `seconds` long from the wall clock's `start`) in which its last seat heard of it."""

    def __init__(self, seats: int, start: float, seconds: float, phases: list[str]) -> None:
        self.seats, self.start, self.seconds, self.phases = seats, start, seconds, phases
        self.sent: dict[tuple[str, int], float] = {}
        self.heard: dict[tuple[str, int], int] = defaultdict(int)
        self.latencies: dict[str, list[float]] = defaultdict(list)  # by phase
        self.lags: dict[str, list[float]] = defaultdict(list)  # how late the loop woke, by phase

    def now(self) -> str | None:
        """The phase being counted now (None: the warm-up, or the run is over)."""
        number = math.floor((time.time() - self.start) / self.seconds)
        return self.phases[number] if 0 <= number < len(self.phases) else None

    def acted(self, table: str, moves: int) -> None:
        self.sent[table, moves + 1] = time.perf_counter()

    def updated(self, table: str, moves: int) -> None:
        key = (table, moves)
        if key not in self.sent:
            return
        self.heard[key] += 1
        if self.heard[key] == self.seats:
            sent = self.sent.pop(key)
            if (phase := self.now()) is not None:
                self.latencies[phase].append(round((time.perf_counter() - sent) * 1000, 3))
            del self.heard[key]

    async def probe(self, done: asyncio.Event) -> None:
        """How late the bots' loop wakes from a short sleep, until `done`: an update that came meanwhile was
        read that late too, so a figure near the latencies' is the bots', not the server's."""
        while not done.is_set():
            before = time.perf_counter()
            await asyncio.sleep(LAG_TICK)
            late = (time.perf_counter() - before - LAG_TICK) * 1000
            if (phase := self.now()) is not None:
                self.lags[phase].append(round(late, 3))


@dataclass
class Think:
    """A bot's pause before it acts: `ms`, spread evenly over ±`spread` of itself from a fixed seed. With no
    spread every table moves in step (all 100 finish and reopen in the same second, the worst case); people
    do not, and a spread lets the tables drift apart as theirs would."""

    ms: float
    spread: float
    rng: random.Random

    def pause(self) -> float:
        return self.ms / 1000 * (1 + self.spread * self.rng.uniform(-1, 1))


def household(table: int, match: int) -> str:
    """The address the bots of the `table`-th table's `match`-th match come from (all of 127.0.0.0/8 is
    this machine's): one of their own, as the players of a table at home."""
    return f"127.{1 + match % 60}.{table // 250}.{table % 250 + 1}"


def opened(url: str, address: str) -> Any:
    """A connection from `address` (when the server is this machine's)."""
    local: dict[str, Any] = {"local_addr": (address, 0)} if "://127." in url or "://localhost" in url else {}
    return connect(url, max_size=None, compression=None, **local)


async def bot(
    url: str, address: str, table: str, seat: Any, think: Think, measure: Measure, done: asyncio.Event
) -> None:
    """One seat, until its match is over or the time is up."""
    async with opened(url, address) as socket:
        await play(socket, table, seat, think, measure, done)


async def play(
    socket: ClientConnection, table: str, seat: Any, think: Think, measure: Measure, done: asyncio.Event
) -> None:
    """Sits down at `seat` over `socket` and plays it until the match is over or the time is up."""
    await socket.send(json.dumps({"type": "join", "table": table, "name": f"bot {seat}", "seat": seat}))
    async for text in socket:
        moves, over, action = _read(text, table, seat)
        if moves is None:
            continue
        measure.updated(table, moves)
        if over or done.is_set():
            return
        if action is not None:
            await _act(socket, action, moves, think, table, measure)


def _read(text: str | bytes, table: str, seat: Any) -> tuple[int | None, bool, Any]:
    """An update's moves, whether the match is over, and the first legal action (None when there is none);
    (None, …) for any other message. A bot keeps no more than this of a message: 400 clients each holding
    its last whole view would fill Python's youngest generation, and every collection of it would stall
    all of them for tens of milliseconds — the clients' own pause, not the server's."""
    message = orjson.loads(text)
    if message["type"] == "error":
        raise RuntimeError(f"table {table} seat {seat}: {message}")
    if message["type"] != "update":
        return None, False, None
    return message["moves"], message["over"], message["legal"][0] if message["legal"] else None


async def _act(
    socket: ClientConnection, action: Any, moves: int, think: Think, table: str, m: Measure
) -> None:
    await asyncio.sleep(think.pause())  # a person's moment: the server is meant to carry people, not a flood
    m.acted(table, moves)
    await socket.send(json.dumps({"type": "act", "action": action, "moves": moves}))


async def table_after_table(
    url: str, number: int, game: str, think: Think, measure: Measure, done: asyncio.Event, opens: float
) -> None:
    """One table's worth of bots, a new table each time a match ends: the first seat's connection opens the
    table and sits down at it, as a player's program does; the others join with its code. The first table
    opens `opens` seconds from now."""
    seats = SEATS[game]
    ids: list[Any] = [*range(seats - 1), "host"] if game == "falkenstein" else list(range(seats))
    match = 0
    await asyncio.sleep(opens)
    while not done.is_set():
        address = household(number, match)
        match += 1
        async with opened(url, address) as first:
            deals = None if game == "falkenstein" else 1  # (Falkenstein's hot seat has no end)
            create = {"type": "create", "game": game, "seats": [{"kind": "remote"}] * seats, "deals": deals}
            await first.send(json.dumps(create))
            created = json.loads(await first.recv())
            if created["type"] != "created":
                raise RuntimeError(f"no table: {created}")
            code = created["table"]
            others = (bot(url, address, code, seat, think, measure, done) for seat in ids[1:])
            await asyncio.gather(play(first, code, ids[0], think, measure, done), *others)


async def bots_alone(url: str, first: int, count: int, args: argparse.Namespace) -> dict[str, Any]:
    """A bots' process: tables `first` to `first + count - 1` until the phases counted from `args.start`
    are over; their latencies, how late their loop woke and the CPU time it took, by phase."""
    phases = args.phases.split(",")
    measure = Measure(SEATS[args.game], args.start, args.seconds, phases)
    done = asyncio.Event()
    think = Think(args.think_ms, args.spread, random.Random(args.seed * 1000 + first))
    tables = [
        asyncio.create_task(
            table_after_table(
                url, number, args.game, think, measure, done, args.stagger * number / args.tables
            )
        )
        for number in range(first, first + count)
    ]
    probe = asyncio.create_task(measure.probe(done))
    used: dict[str, float] = {}
    for number, phase in enumerate(phases):
        await asyncio.sleep(max(0.0, args.start + number * args.seconds - time.time()))
        before = time.process_time()
        await asyncio.sleep(max(0.0, args.start + (number + 1) * args.seconds - time.time()))
        used[phase] = time.process_time() - before
    done.set()
    await asyncio.wait([*tables, probe], timeout=10)
    for task in tables:
        if task.done() and task.exception() is not None:
            raise task.exception()  # type: ignore[misc]
        task.cancel()
    return {"latencies": measure.latencies, "lags": measure.lags, "cpu": used}


async def load(url: str, args: argparse.Namespace, server: Callable[[], dict[str, float]]) -> dict[str, Any]:
    """The honest tables, in `args.procs` processes, for the run's phases (and the abuser in the middle
    one, with `--abuse`); the bots' figures merged, what the server's `server()` read at each phase's start
    and end, and what the abuser sent and was answered."""
    phases = list(PHASES if args.abuse else PHASES[:1])
    start = time.time() + args.warmup
    slices = [
        (first, min(args.tables, first + args.per_process) - first)
        for first in range(0, args.tables, args.per_process)
    ]
    bots = [
        asyncio.create_task(
            _child(
                url, args, "--bots", f"{first},{count}", "--start", repr(start), "--phases", ",".join(phases)
            )
        )
        for first, count in slices
    ]
    readings: dict[str, tuple[dict[str, float], dict[str, float]]] = {}
    abuser: dict[str, Any] = {}
    for number, phase in enumerate(phases):
        await asyncio.sleep(max(0.0, start + number * args.seconds - time.time()))
        before = server()
        if phase == "abuse":
            abuser = await _child(url, args, "--abuser")
        await asyncio.sleep(max(0.0, start + (number + 1) * args.seconds - time.time()))
        readings[phase] = (before, server())
    merged: dict[str, dict[str, list[float]]] = {"latencies": defaultdict(list), "lags": defaultdict(list)}
    cpu: Counter[str] = Counter()
    for result in await asyncio.gather(*bots):
        for kind, lists in merged.items():
            for phase, values in result[kind].items():
                lists[phase] += values
        cpu.update(result["cpu"])
    return {"bots": merged, "bots_cpu": cpu, "server": readings, "abuser": abuser}


async def _child(url: str, args: argparse.Namespace, *role: str) -> dict[str, Any]:
    """A process of this tool's (the bots of a slice of the tables, or the abuser) with the run's options;
    what it printed last."""
    options = ["--game", args.game, "--think-ms", str(args.think_ms), "--spread", str(args.spread)]
    options += ["--seconds", str(args.seconds), "--seed", str(args.seed)]
    options += ["--tables", str(args.tables), "--stagger", str(args.stagger)]
    child = await asyncio.create_subprocess_exec(
        sys.executable, __file__, *options, *role, "--url", url, stdout=asyncio.subprocess.PIPE
    )
    out, _ = await child.communicate()
    if child.returncode != 0:
        raise RuntimeError(f"{role[0]} process failed ({child.returncode})")
    return dict(json.loads(out.decode().splitlines()[-1]))


# --- the abuser ----------------------------------------------------------------------------------------

ABUSER = "127.66.0.1"  # the abusive address (its guessers elsewhere: its own joins are not locked out)
FLOODERS = 40  # connections it floods from (more than an address may hold)
GUESSERS = 16  # addresses it guesses from: half in one network, half in networks of their own
REFUSED = (OSError, EOFError, ConnectionClosed, InvalidStatus, InvalidMessage)  # a connection turned away
GARBAGE = [
    '{"type": ["join"]}',
    "not json{",
    json.dumps({"type": "join", "table": "ABCDEF", "name": "\U0001f0a1" * 16_000}, ensure_ascii=False),
    '{"type": "leave"}',
    '{"type": "act", "action": {"type": "Play"}, "moves": -1}',
]


@dataclass
class Stranger:
    """The abuser's doings: where, until when, what it sent and what it was answered."""

    url: str
    over: asyncio.Event
    rng: random.Random
    sent: Counter[str] = field(default_factory=Counter)
    answered: Counter[str] = field(default_factory=Counter)

    async def connected(self, address: str) -> Any:
        self.sent["connections"] += 1
        return await opened(self.url, address)

    async def send(self, socket: ClientConnection, message: str) -> None:
        self.sent["messages"] += 1
        await socket.send(message)


async def abuser_alone(url: str, seconds: float, seed: int) -> dict[str, Any]:
    """The abuser's process: abuses `url` for `seconds`; what it sent and was answered. It shares the bots'
    session (where the system schedules sessions as groups, their group, not the server's) niced, so it
    takes the time the bots leave, as on a machine of its own."""
    os.nice(10)
    stranger = Stranger(url, asyncio.Event(), random.Random(seed))
    abusing = asyncio.create_task(abuse(stranger, min(2.0, seconds / 4)))
    await asyncio.sleep(seconds)
    stranger.over.set()
    await abusing
    return {"sent": dict(stranger.sent), "answered": dict(stranger.answered.most_common())}


async def abuse(stranger: Stranger, head_start: float) -> None:
    """One abusive stranger until `over`: it opens tables, floods and guesses all at once (the flood
    `head_start` seconds after its tables are opened and played)."""
    tasks = [
        asyncio.create_task(_opener(stranger)),
        *(asyncio.create_task(_flooder(stranger, head_start)) for _ in range(FLOODERS)),
        *(
            asyncio.create_task(_guesser(stranger, address))
            for n in range(GUESSERS)
            for address in [f"127.65.0.{10 + n}" if n % 2 else f"127.{67 + n}.0.1"]
        ),
    ]
    await stranger.over.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _answers(socket: ClientConnection, answered: Counter[str]) -> None:
    """Reads and counts everything the server says to the abuser."""
    async for text in socket:
        message = json.loads(text)
        answered[message.get("reason", message["type"])] += 1


async def _opener(stranger: Stranger) -> None:
    """Tables of computers alone, empty tables, and tables of hard computers it sits at and plays against
    at once, as many as it is let open; then again, with new connections."""
    seats = [[{"kind": "computer", "level": "hard"}] * 4, [{"kind": "remote"}] * 4]
    seats.append([{"kind": "remote"}, *[{"kind": "computer", "level": "hard"}] * 3])
    players: list[asyncio.Task[None]] = []
    answered = stranger.answered
    while not stranger.over.is_set():
        try:
            async with await stranger.connected(ABUSER) as socket:
                for kind in seats * 3:
                    create = {"type": "create", "game": "twotenjack", "seats": kind}
                    await stranger.send(socket, json.dumps(create))
                    message = json.loads(await socket.recv())
                    answered[message.get("reason", message["type"])] += 1
                    if message["type"] == "created" and kind is seats[2]:
                        players.append(asyncio.create_task(_fast_player(stranger, message["table"])))
        except REFUSED:
            answered["refused_connection"] += 1
        await asyncio.sleep(0.2)
    for player in players:
        player.cancel()


async def _fast_player(stranger: Stranger, code: str) -> None:
    """Sits at its own table of hard computers and plays its turns at once, to keep them thinking."""
    with contextlib.suppress(*REFUSED):
        async with await stranger.connected(ABUSER) as socket:
            join = {"type": "join", "table": code, "name": "Abuser", "seat": 0}
            await stranger.send(socket, json.dumps(join))
            async for text in socket:
                message = json.loads(text)
                if message["type"] == "update" and message["legal"] and not stranger.over.is_set():
                    act = {"type": "act", "action": message["legal"][0], "moves": message["moves"]}
                    await stranger.send(socket, json.dumps(act))


async def _flooder(stranger: Stranger, head_start: float) -> None:
    """Malformed, oversized and far too many messages, from one more connection than the address may
    hold; a connection closed is opened again. (It starts once the opener's tables are playing.)"""
    await asyncio.sleep(head_start)
    while not stranger.over.is_set():
        try:
            async with await stranger.connected(ABUSER) as socket:
                reader = asyncio.create_task(_answers(socket, stranger.answered))
                for n in itertools.count():
                    await stranger.send(socket, GARBAGE[n % len(GARBAGE)])
                    if n % 20 == 19:
                        await asyncio.sleep(0.01)  # (the abuser's own process shares the machine)
        except REFUSED:
            stranger.answered["refused_connection"] += 1
        finally:
            with contextlib.suppress(UnboundLocalError):
                reader.cancel()
        await asyncio.sleep(0.05)


async def _guesser(stranger: Stranger, address: str) -> None:
    """Table codes guessed as fast as they are answered, from `address`."""
    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    while not stranger.over.is_set():
        try:
            async with await stranger.connected(address) as socket:
                while True:
                    code = "".join(stranger.rng.choice(letters) for _ in range(6))
                    await stranger.send(socket, json.dumps({"type": "join", "table": code, "name": "Guess"}))
                    message = json.loads(await socket.recv())
                    stranger.answered[f"guess_{message.get('reason', message['type'])}"] += 1
        except REFUSED:
            stranger.answered["refused_connection"] += 1
        await asyncio.sleep(0.05)


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    server = None
    url = args.server
    if url is None:
        command = [sys.executable, "-m", "game", "serve", "--port", "0", "--bind", "127.0.0.1"]
        command += ["--max-tables", str(2 * args.tables + 100)]  # (matches ending and opening at once)
        if args.data:
            command += ["--data", args.data]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        log = open(args.server_log, "ab") if args.server_log else asyncio.subprocess.DEVNULL  # noqa: SIM115
        server = await asyncio.create_subprocess_exec(  # its own session: the clients' CPU is not its share
            *command,
            stdout=asyncio.subprocess.PIPE,
            stderr=log,
            env=env,
            cwd=ROOT,
            start_new_session=True,
        )
        assert server.stdout is not None
        url = (await asyncio.wait_for(server.stdout.readline(), 30)).decode().split()[-1]
    load_before = os.getloadavg()
    try:
        pid = None if server is None else server.pid
        run = await load(url, args, lambda: _server_reading(url, pid))
        memory = None if pid is None else _rss_mb(pid)
    finally:
        if server is not None:
            server.terminate()
            await server.wait()
    bots = run["bots"]
    phases = {
        phase: _figures(args, bots["latencies"][phase], bots["lags"][phase], run["bots_cpu"][phase], readings)
        for phase, readings in run["server"].items()
    }
    return {
        "game": args.game,
        "tables": args.tables,
        "clients": args.tables * SEATS[args.game],
        "procs": len(range(0, args.tables, args.per_process)),
        "seconds": args.seconds,
        "warmup": args.warmup,
        "stagger": args.stagger,
        "think_ms": args.think_ms,
        "spread": args.spread,
        "load_average_before": [round(value, 2) for value in load_before],
        "load_average_after": [round(value, 2) for value in os.getloadavg()],
        "server_rss_mb": memory,
        **phases[PHASES[0]],
        **(
            {
                "phases": phases,
                "abuser_sent": run["abuser"]["sent"],
                "abuser_answered": run["abuser"]["answered"],
            }
            if args.abuse
            else {}
        ),
    }


def _figures(
    args: argparse.Namespace,
    latencies: list[float],
    lags: list[float],
    bots_cpu: float,
    readings: tuple[dict[str, float], dict[str, float]],
) -> dict[str, Any]:
    """One phase's figures: actions, their rate, latencies as the bots saw them and how late the bots' own
    loop woke; the server's CPU (share of one core, per table in thousandths of a core, per action in
    microseconds), the share of the time its loop was ready to run but waited for a core (the machine's
    other work), its own p50 and p99 of an action (over the minute before the phase's end), the bytes of
    a message it sent and those it journalled; the bots' CPU."""
    before, after = readings
    used = {name: after[name] - before[name] for name in after if name in before}
    server_cpu, actions = used.get("cpu"), used.get("atout_actions_total")
    messages = used.get("atout_sent_messages_total")

    def ratio(value: float | None, by: float | None, scale: float = 1.0, digits: int = 1) -> float | None:
        return None if value is None or not by else round(scale * value / by, digits)

    return {
        "actions": len(latencies),
        "actions_per_s": round(len(latencies) / args.seconds, 1),
        "p50_ms": round(percentile(latencies, 0.50), 2),
        "p99_ms": round(percentile(latencies, 0.99), 2),
        "max_ms": round(max(latencies, default=float("nan")), 2),
        "mean_ms": round(statistics.fmean(latencies), 2) if latencies else None,
        "clients_lag_p99_ms": round(percentile(lags, 0.99), 2),
        "clients_lag_max_ms": round(max(lags, default=float("nan")), 2),
        "server_p50_ms": ratio(after.get('atout_action_seconds{quantile="0.5"}'), 1, 1000, 2),
        "server_p99_ms": ratio(after.get('atout_action_seconds{quantile="0.99"}'), 1, 1000, 2),
        "server_cpu_share": ratio(server_cpu, args.seconds, 1, 3),
        "server_cpu_per_table_milli": ratio(server_cpu, args.seconds * args.tables, 1000, 3),
        "server_cpu_per_action_us": ratio(server_cpu, actions, 1e6, 0),
        "server_waited_share": ratio(used.get("waited"), args.seconds, 1, 3),
        "update_bytes": ratio(used.get("atout_sent_bytes_total"), messages, 1, 0),
        "sent_kb_per_s": ratio(used.get("atout_sent_bytes_total"), args.seconds, 1e-3, 1),
        "journal_kb_per_s": ratio(used.get("atout_journal_bytes_total"), args.seconds, 1e-3, 1),
        "journal_bytes_per_action": ratio(used.get("atout_journal_bytes_total"), actions, 1, 0),
        "clients_cpu_share": round(bots_cpu / args.seconds, 3),
    }


def _server_reading(url: str, pid: int | None) -> dict[str, float]:
    """The server's CPU seconds (when it is this tool's child) and the counters of its `/metrics` (when it
    answers this machine), to be subtracted from a later reading's."""
    reading: dict[str, float] = {}
    if pid is not None and (cpu := _cpu(pid)) is not None:
        reading["cpu"] = cpu
    with contextlib.suppress(
        OSError, ValueError, IndexError
    ):  # (Linux's: how long its loop waited for a core)
        reading["waited"] = int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    host, _, port = url.split("://", 1)[1].rstrip("/").rpartition(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        connection.request("GET", "/metrics")
        response = connection.getresponse()
        if response.status == 200:
            for line in response.read().decode().splitlines():
                name, _, value = line.rpartition(" ")
                if name and not line.startswith("#"):
                    reading[name] = float(value)
    except (OSError, ValueError, http.client.HTTPException):
        pass  # (a server elsewhere, or over TLS: its counters are not read)
    finally:
        connection.close()
    return reading


def _cpu(pid: int) -> float | None:
    """The CPU seconds process `pid` and the processes it started (the server's writing process) have
    used (Linux's /proc), None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return None
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(_cpu(int(child)) or 0.0 for child in children)


def _rss_mb(pid: int) -> float | None:
    """The memory process `pid` holds (its resident set, Linux's /proc), None elsewhere."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    kilobytes = next((line.split()[1] for line in status.splitlines() if line.startswith("VmRSS:")), None)
    return None if kilobytes is None else round(int(kilobytes) / 1024, 1)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=100, help=f"tables at once (at most {MAX_TABLES})")
    p.add_argument("--seconds", type=float, default=20.0, help=f"how long (at most {MAX_SECONDS:g})")
    p.add_argument("--game", choices=tuple(SEATS), default="twotenjack")
    p.add_argument("--think-ms", type=float, default=250.0, help="a bot's pause before it acts")
    p.add_argument("--spread", type=float, default=0.0, help="each pause drawn within ±this share of it")
    p.add_argument("--seed", type=int, default=1, help="the pauses' seed")
    p.add_argument("--data", help="the server journals its tables here (else it keeps them in memory)")
    p.add_argument("--server", help="a running server's address, ws://HOST:PORT (else one is started)")
    p.add_argument("--warmup", type=float, default=0.0, help="seconds before anything is counted")
    p.add_argument(
        "--stagger",
        type=float,
        default=0.0,
        help="the tables open one after another over this many seconds (else all at once: the worst case)",
    )
    p.add_argument(
        "--procs", type=int, help=f"the bots' processes (by default one for every {TABLES_A_PROCESS} tables)"
    )
    p.add_argument("--abuse", action="store_true", help="quiet, an abuser beside, quiet again: a phase each")
    p.add_argument("--server-log", help="the started server's log goes to this file (else nowhere)")
    p.add_argument("--url", help=argparse.SUPPRESS)  # (a child process's: the server)
    p.add_argument("--abuser", action="store_true", help=argparse.SUPPRESS)  # (the abuser's own process)
    p.add_argument("--bots", help=argparse.SUPPRESS)  # (a bots' process: FIRST,COUNT of the tables)
    p.add_argument("--start", type=float, help=argparse.SUPPRESS)  # (… counting from this wall-clock time)
    p.add_argument("--phases", help=argparse.SUPPRESS)  # (… for these phases)
    args = p.parse_args(argv)
    procs = args.procs or math.ceil(args.tables / TABLES_A_PROCESS)
    if (
        not 1 <= args.tables <= MAX_TABLES
        or not 0 < args.seconds <= MAX_SECONDS
        or not 0 <= args.warmup <= MAX_SECONDS
        or not 0 <= args.stagger <= MAX_SECONDS
        or args.think_ms < 0
        or not 0 <= args.spread < 1
        or not 1 <= procs <= min(MAX_PROCS, args.tables)
    ):
        p.error(
            f"--tables 1 to {MAX_TABLES}, --seconds, --warmup, --stagger up to {MAX_SECONDS:g}, --think-ms "
            f"not negative, --spread from 0 to below 1, --procs 1 to {MAX_PROCS} and no more than the tables"
        )
    args.per_process = math.ceil(args.tables / procs)
    if args.abuser:
        print(json.dumps(asyncio.run(abuser_alone(args.url, args.seconds, args.seed))))
    elif args.bots:
        first, count = (int(number) for number in args.bots.split(","))
        print(json.dumps(asyncio.run(bots_alone(args.url, first, count, args))))
    else:
        print(json.dumps(asyncio.run(main_async(args))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
