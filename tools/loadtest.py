"""Load on one table server: N tables of bot clients for a fixed time, and how long an action takes to reach
every seat.

`python tools/loadtest.py [--tables N] [--seconds S] [--game G] [--think-ms T] [--spread F] [--seed N]
[--data DIR] [--server URL]`

Starts `atout serve` in a process and session of its own (one asyncio loop: one core, and the system's
scheduler gives it a share of its own, as if it ran on a machine of its own) unless `--server` names a
running one, opens N tables of remote seats (four, or the game's count), and seats a bot client in every
seat; the first seat's bot opens the table over its own connection. A bot waits `--think-ms` once it is to
act (a person is slower still; `--spread 0.5` draws each wait within ±50 % of it, so tables drift apart as
people's do), then sends the first legal action; a finished match is replaced by a new table. The bots read
the protocol's JSON as it comes, without decoding views into records, and keep only what they act on, so
the clients' process measures the server, not itself.

Prints one JSON line: actions taken, actions a second, and the time from a bot's `act` to the last of its
table's seats receiving the `update` it caused — p50, p99 and the maximum, in milliseconds — with the
server's CPU time over the run when it ran as a child process. Bounded: at most 500 tables, 600 seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import time
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

ROOT = Path(__file__).resolve().parent.parent
MAX_TABLES, MAX_SECONDS = 500, 600.0
SEATS = {"koenigrufen": 4, "twotenjack": 4, "falkenstein": 5}


class Measure:
    """When each action was sent, and when each seat of its table heard of it."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.sent: dict[tuple[str, int], float] = {}
        self.heard: dict[tuple[str, int], list[float]] = defaultdict(list)
        self.latencies: list[float] = []
        self.actions = 0
        self.recording = True

    def acted(self, table: str, moves: int) -> None:
        self.sent[table, moves + 1] = time.perf_counter()

    def updated(self, table: str, moves: int) -> None:
        key = (table, moves)
        if key not in self.sent:
            return
        heard = self.heard[key]
        heard.append(time.perf_counter())
        if len(heard) == self.seats:
            if self.recording:
                self.latencies.append((heard[-1] - self.sent.pop(key)) * 1000)
                self.actions += 1
            else:
                self.sent.pop(key)
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


async def bot(url: str, table: str, seat: Any, think: Think, measure: Measure, done: asyncio.Event) -> None:
    """One seat, until its match is over or the time is up."""
    async with connect(url, max_size=None, compression=None) as socket:
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


async def table_after_table(url: str, game: str, think: Think, measure: Measure, done: asyncio.Event) -> None:
    """One table's worth of bots, a new table each time a match ends: the first seat's connection opens the
    table and sits down at it, as a player's program does; the others join with its code."""
    seats = SEATS[game]
    ids: list[Any] = [*range(seats - 1), "host"] if game == "falkenstein" else list(range(seats))
    while not done.is_set():
        async with connect(url, max_size=None, compression=None) as first:
            deals = None if game == "falkenstein" else 1  # (Falkenstein's hot seat has no end)
            create = {"type": "create", "game": game, "seats": [{"kind": "remote"}] * seats, "deals": deals}
            await first.send(json.dumps(create))
            created = json.loads(await first.recv())
            if created["type"] != "created":
                raise RuntimeError(f"no table: {created}")
            code = created["table"]
            others = (bot(url, code, seat, think, measure, done) for seat in ids[1:])
            await asyncio.gather(play(first, code, ids[0], think, measure, done), *others)


async def load(url: str, args: argparse.Namespace) -> Measure:
    measure = Measure(SEATS[args.game])
    done = asyncio.Event()
    think = Think(args.think_ms, args.spread, random.Random(args.seed))
    tables = [
        asyncio.create_task(table_after_table(url, args.game, think, measure, done))
        for _ in range(args.tables)
    ]
    await asyncio.sleep(args.seconds)
    measure.recording = False
    done.set()
    await asyncio.wait(tables, timeout=10)
    for task in tables:
        if task.done() and task.exception() is not None:
            raise task.exception()  # type: ignore[misc]
        task.cancel()
    return measure


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
        if args.data:
            command += ["--data", args.data]
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        server = await asyncio.create_subprocess_exec(  # its own session: the clients' CPU is not its share
            *command, stdout=asyncio.subprocess.PIPE, env=env, cwd=ROOT, start_new_session=True
        )
        assert server.stdout is not None
        url = (await asyncio.wait_for(server.stdout.readline(), 30)).decode().split()[-1]
    try:
        cpu_before = _cpu(server.pid) if server else None
        own_before = time.process_time()
        measure = await load(url, args)
        own = time.process_time() - own_before
        cpu_after = _cpu(server.pid) if server else None
        cpu = cpu_after - cpu_before if cpu_after is not None and cpu_before is not None else None
    finally:
        if server is not None:
            server.terminate()
            await server.wait()
    return {
        "game": args.game,
        "tables": args.tables,
        "clients": args.tables * SEATS[args.game],
        "seconds": args.seconds,
        "think_ms": args.think_ms,
        "spread": args.spread,
        "actions": measure.actions,
        "actions_per_s": round(measure.actions / args.seconds, 1),
        "p50_ms": round(percentile(measure.latencies, 0.50), 2),
        "p99_ms": round(percentile(measure.latencies, 0.99), 2),
        "max_ms": round(max(measure.latencies, default=float("nan")), 2),
        "mean_ms": round(statistics.fmean(measure.latencies), 2) if measure.latencies else None,
        "server_cpu_share": round(cpu / args.seconds, 3) if cpu is not None else None,
        "clients_cpu_share": round(own / args.seconds, 3),
    }


def _cpu(pid: int) -> float | None:
    """The CPU seconds process `pid` has used (Linux's /proc), None elsewhere."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
    args = p.parse_args(argv)
    if (
        not 1 <= args.tables <= MAX_TABLES
        or not 0 < args.seconds <= MAX_SECONDS
        or args.think_ms < 0
        or not 0 <= args.spread < 1
    ):
        p.error(
            f"--tables 1 to {MAX_TABLES}, --seconds up to {MAX_SECONDS:g}, --think-ms not negative, "
            "--spread from 0 to below 1"
        )
    print(json.dumps(asyncio.run(main_async(args))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
