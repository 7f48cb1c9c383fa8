"""Load on one table server: N tables of bot clients for a fixed time, and how long an action takes to reach
every seat; with `--abuse`, the same beside an abusive stranger.

`python tools/loadtest.py [--tables N] [--seconds S] [--game G] [--think-ms T] [--spread F] [--seed N]
[--data DIR] [--server URL] [--warmup S] [--abuse]`

Starts `atout serve` in a process and session of its own (one asyncio loop: one core, and the system's
scheduler gives it a share of its own, as if it ran on a machine of its own) unless `--server` names a
running one, opens N tables of remote seats (four, or the game's count), and seats a bot client in every
seat; the first seat's bot opens the table over its own connection. Each table's bots come from an address
of their own (a household: 127.x.y.z, all this machine's), as people do, so the server's per-address
limits meet them as they would meet people. A bot waits `--think-ms` once it is to act (a person is slower
still; `--spread 0.5` draws each wait within ±50 % of it, so tables drift apart as people's do), then sends
the first legal action; a finished match is replaced by a new table. The bots read the protocol's JSON as
it comes, without decoding views into records, and keep only what they act on, so the clients' process
measures the server, not itself. `--warmup` seconds pass before anything is counted (the tables opening).

With `--abuse`, the run has three phases of `--seconds` each: quiet, then an abuser (a process of its own)
at an address of its own, 127.66.0.1, opening tables of every kind it may try — computers alone, empty
ones, and ones whose hard computers it plays against at once —, flooding with malformed, oversized and too
many messages and connections, and guessing table codes from other addresses, in one network and in many;
then quiet again after it has gone.
The honest tables' figures are given for each phase, with what the abuser was answered.

Prints one JSON line: actions taken, actions a second, and the time from a bot's `act` to the last of its
table's seats receiving the `update` it caused — p50, p99 and the maximum, in milliseconds — with the
server's CPU time over the run when it ran as a child process, and its share per table. Bounded: at most
1,000 tables, 600 seconds a phase.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import itertools
import json
import os
import random
import statistics
import sys
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidMessage, InvalidStatus

ROOT = Path(__file__).resolve().parent.parent
MAX_TABLES, MAX_SECONDS = 1000, 600.0
PHASES = ("quiet", "abuse", "after")
SEATS = {"koenigrufen": 4, "twotenjack": 4, "falkenstein": 5}


class Measure:
    """When each action was sent, and when each seat of its table heard of it."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.sent: dict[tuple[str, int], float] = {}
        self.heard: dict[tuple[str, int], list[float]] = defaultdict(list)
        self.latencies: dict[str, list[float]] = defaultdict(list)  # by phase
        self.phase: str | None = None  # what is being counted now (None: nothing)

    def acted(self, table: str, moves: int) -> None:
        self.sent[table, moves + 1] = time.perf_counter()

    def updated(self, table: str, moves: int) -> None:
        key = (table, moves)
        if key not in self.sent:
            return
        heard = self.heard[key]
        heard.append(time.perf_counter())
        if len(heard) == self.seats:
            sent = self.sent.pop(key)
            if self.phase is not None:
                self.latencies[self.phase].append((heard[-1] - sent) * 1000)
            del self.heard[key]


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
    message = json.loads(text)
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
    url: str, number: int, game: str, think: Think, measure: Measure, done: asyncio.Event
) -> None:
    """One table's worth of bots, a new table each time a match ends: the first seat's connection opens the
    table and sits down at it, as a player's program does; the others join with its code."""
    seats = SEATS[game]
    ids: list[Any] = [*range(seats - 1), "host"] if game == "falkenstein" else list(range(seats))
    match = 0
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


async def load(
    url: str, args: argparse.Namespace, cpu: Callable[[], float | None]
) -> tuple[Measure, Counter[str], dict[str, tuple[float | None, float]]]:
    """The honest tables for the run's phases (and the abuser in the middle one, with `--abuse`); what
    the abuser was answered, by reason; the CPU seconds the server (`cpu`, None if unknown) and the
    clients used in each phase."""
    measure = Measure(SEATS[args.game])
    done = asyncio.Event()
    think = Think(args.think_ms, args.spread, random.Random(args.seed))
    tables = [
        asyncio.create_task(table_after_table(url, number, args.game, think, measure, done))
        for number in range(args.tables)
    ]
    answered: Counter[str] = Counter()
    await asyncio.sleep(args.warmup)
    used: dict[str, tuple[float | None, float]] = {}
    for phase in PHASES if args.abuse else PHASES[:1]:
        measure.phase = phase
        server_before, own_before = cpu(), time.process_time()
        if phase == "abuse":  # in a process of its own, as an abuser is on a machine of its own
            answered.update(await _abuser_process(url, args))
        else:
            await asyncio.sleep(args.seconds)
        server_after = cpu()
        server_used = None if server_after is None or server_before is None else server_after - server_before
        used[phase] = (server_used, time.process_time() - own_before)
    measure.phase = None
    done.set()
    await asyncio.wait(tables, timeout=10)
    for task in tables:
        if task.done() and task.exception() is not None:
            raise task.exception()  # type: ignore[misc]
        task.cancel()
    return measure, answered, used


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


async def _abuser_process(url: str, args: argparse.Namespace) -> dict[str, int]:
    """Runs the abuser for `--seconds` in a child process (the honest bots' loop is not its), niced so it
    takes the machine's spare time rather than the server's; what it was answered."""
    command = [sys.executable, __file__, "--abuser", url, "--seconds", str(args.seconds)]
    child = await asyncio.create_subprocess_exec(
        *command, "--seed", str(args.seed), stdout=asyncio.subprocess.PIPE, start_new_session=True
    )
    out, _ = await child.communicate()
    return dict(json.loads(out.decode().splitlines()[-1]))


async def abuser_alone(url: str, seconds: float, seed: int) -> dict[str, int]:
    """The abuser's process: abuses `url` for `seconds`; what it was answered."""
    os.nice(10)
    over, answered = asyncio.Event(), Counter[str]()
    abusing = asyncio.create_task(abuse(url, over, answered, random.Random(seed), min(2.0, seconds / 4)))
    await asyncio.sleep(seconds)
    over.set()
    await abusing
    return dict(answered)


async def abuse(
    url: str, over: asyncio.Event, answered: Counter[str], rng: random.Random, head_start: float
) -> None:
    """One abusive stranger until `over`: it opens tables, floods and guesses all at once (the flood
    `head_start` seconds after its tables are opened and played)."""
    tasks = [
        asyncio.create_task(_opener(url, over, answered)),
        *(asyncio.create_task(_flooder(url, over, answered, head_start)) for _ in range(FLOODERS)),
        *(
            asyncio.create_task(_guesser(url, address, over, answered, rng))
            for n in range(GUESSERS)
            for address in [f"127.65.0.{10 + n}" if n % 2 else f"127.{67 + n}.0.1"]
        ),
    ]
    await over.wait()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _answers(socket: ClientConnection, answered: Counter[str]) -> None:
    """Reads and counts everything the server says to the abuser."""
    async for text in socket:
        message = json.loads(text)
        answered[message.get("reason", message["type"])] += 1


async def _opener(url: str, over: asyncio.Event, answered: Counter[str]) -> None:
    """Tables of computers alone, empty tables, and tables of hard computers it sits at and plays against
    at once, as many as it is let open; then again, with new connections."""
    seats = [[{"kind": "computer", "level": "hard"}] * 4, [{"kind": "remote"}] * 4]
    seats.append([{"kind": "remote"}, *[{"kind": "computer", "level": "hard"}] * 3])
    players: list[asyncio.Task[None]] = []
    while not over.is_set():
        try:
            async with opened(url, ABUSER) as socket:
                for kind in seats * 3:
                    await socket.send(json.dumps({"type": "create", "game": "twotenjack", "seats": kind}))
                    message = json.loads(await socket.recv())
                    answered[message.get("reason", message["type"])] += 1
                    if message["type"] == "created" and kind is seats[2]:
                        players.append(asyncio.create_task(_fast_player(url, message["table"], over)))
        except REFUSED:
            answered["refused_connection"] += 1
        await asyncio.sleep(0.2)
    for player in players:
        player.cancel()


async def _fast_player(url: str, code: str, over: asyncio.Event) -> None:
    """Sits at its own table of hard computers and plays its turns at once, to keep them thinking."""
    with contextlib.suppress(*REFUSED):
        async with opened(url, ABUSER) as socket:
            await socket.send(json.dumps({"type": "join", "table": code, "name": "Abuser", "seat": 0}))
            async for text in socket:
                message = json.loads(text)
                if message["type"] == "update" and message["legal"] and not over.is_set():
                    act = {"type": "act", "action": message["legal"][0], "moves": message["moves"]}
                    await socket.send(json.dumps(act))


async def _flooder(url: str, over: asyncio.Event, answered: Counter[str], head_start: float) -> None:
    """Malformed, oversized and far too many messages, from one more connection than the address may
    hold; a connection closed is opened again. (It starts once the opener's tables are playing.)"""
    await asyncio.sleep(head_start)
    while not over.is_set():
        try:
            async with opened(url, ABUSER) as socket:
                reader = asyncio.create_task(_answers(socket, answered))
                for n in itertools.count():
                    await socket.send(GARBAGE[n % len(GARBAGE)])
                    if n % 20 == 19:
                        await asyncio.sleep(0.01)  # (the abuser's own process shares the machine)
        except REFUSED:
            answered["refused_connection"] += 1
        finally:
            with contextlib.suppress(UnboundLocalError):
                reader.cancel()
        await asyncio.sleep(0.05)


async def _guesser(
    url: str, address: str, over: asyncio.Event, answered: Counter[str], rng: random.Random
) -> None:
    """Table codes guessed as fast as they are answered, from `address`."""
    letters = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
    while not over.is_set():
        try:
            async with opened(url, address) as socket:
                while True:
                    code = "".join(rng.choice(letters) for _ in range(6))
                    await socket.send(json.dumps({"type": "join", "table": code, "name": "Guess"}))
                    message = json.loads(await socket.recv())
                    answered[f"guess_{message.get('reason', message['type'])}"] += 1
        except REFUSED:
            answered["refused_connection"] += 1
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
        cpu = (lambda: _cpu(server.pid)) if server else (lambda: None)
        measure, answered, used = await load(url, args, cpu)
        memory = _rss_mb(server.pid) if server else None
    finally:
        if server is not None:
            server.terminate()
            await server.wait()
    phases = {phase: _figures(measure.latencies[phase], args, used[phase]) for phase in used}
    first = phases[PHASES[0]]
    return {
        "game": args.game,
        "tables": args.tables,
        "clients": args.tables * SEATS[args.game],
        "seconds": args.seconds,
        "warmup": args.warmup,
        "think_ms": args.think_ms,
        "spread": args.spread,
        "load_average_before": [round(value, 2) for value in load_before],
        "load_average_after": [round(value, 2) for value in os.getloadavg()],
        "server_rss_mb": memory,
        **first,
        **({"phases": phases, "abuser_answered": dict(answered.most_common())} if args.abuse else {}),
    }


def _figures(latencies: list[float], args: argparse.Namespace, cpu: tuple[float | None, float]) -> dict:
    """One phase's figures: actions, their rate, latencies, and the CPU shares of the server (of one core;
    and per table, in thousandths of a core) and of the clients."""
    server, own = cpu
    return {
        "actions": len(latencies),
        "actions_per_s": round(len(latencies) / args.seconds, 1),
        "p50_ms": round(percentile(latencies, 0.50), 2),
        "p99_ms": round(percentile(latencies, 0.99), 2),
        "max_ms": round(max(latencies, default=float("nan")), 2),
        "mean_ms": round(statistics.fmean(latencies), 2) if latencies else None,
        "server_cpu_share": round(server / args.seconds, 3) if server is not None else None,
        "server_cpu_per_table_milli": (
            round(1000 * server / args.seconds / args.tables, 2) if server is not None else None
        ),
        "clients_cpu_share": round(own / args.seconds, 3),
    }


def _cpu(pid: int) -> float | None:
    """The CPU seconds process `pid` has used (Linux's /proc), None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    p.add_argument("--abuse", action="store_true", help="quiet, an abuser beside, quiet again: a phase each")
    p.add_argument("--server-log", help="the started server's log goes to this file (else nowhere)")
    p.add_argument("--abuser", metavar="URL", help=argparse.SUPPRESS)  # (the abuser's own process)
    args = p.parse_args(argv)
    if (
        not 1 <= args.tables <= MAX_TABLES
        or not 0 < args.seconds <= MAX_SECONDS
        or not 0 <= args.warmup <= MAX_SECONDS
        or args.think_ms < 0
        or not 0 <= args.spread < 1
    ):
        p.error(
            f"--tables 1 to {MAX_TABLES}, --seconds and --warmup up to {MAX_SECONDS:g}, --think-ms not "
            "negative, --spread from 0 to below 1"
        )
    if args.abuser:
        print(json.dumps(asyncio.run(abuser_alone(args.abuser, args.seconds, args.seed))))
        return 0
    print(json.dumps(asyncio.run(main_async(args))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
