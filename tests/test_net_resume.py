"""A server killed in the middle of a match — its tasks dropped in-process, or its process killed — resumes
every table from its journal; the clients rejoin with their tokens and play on; no action anybody was told
of is lost, and at the end every client's table is the journal's."""

from __future__ import annotations

import asyncio
import logging
import os
import random
import sys
from pathlib import Path

import pytest
from net_bots import Dropped, play, run, seated

from game.journal import new_state
from game.net.client import Client, Update
from game.net.protocol import SeatRequest, TableRequest
from game.net.server import Server
from game.net.table_host import TableHost

ROOT = Path(__file__).resolve().parent.parent
REMOTE = SeatRequest("remote")
KILL_AT = 15  # actions seen before the server dies


def views_of(path: Path, moves: int | None = None) -> tuple[TableHost, dict]:
    """The table a file holds, and every seat's view after its first `moves` actions."""
    table = TableHost.load(path)
    state = new_state(table.journal.setup)
    for action in table.journal.actions[:moves]:
        state.apply(action)
    return table, {seat.id: state.view(seat.id) for seat in table.seats}


class Bot:
    """A seat's player that comes back whenever the server does (`restarted` gives the new address)."""

    def __init__(self, client: Client, seat: int) -> None:
        self.client, self.seat, self.rng = client, seat, random.Random(seat)
        self.code, self.token = client.table.table, client.table.token
        self.before: tuple[int, object] | None = None  # (moves, view) last seen before the server died

    async def run(self, died: asyncio.Event, restarted: asyncio.Queue) -> None:
        def watch(update: Update) -> None:
            if update.moves >= KILL_AT:
                died.set()

        while True:
            try:
                await play(self.client, self.rng, lambda u: u.over, watch)
                return
            except Dropped:
                self.before = self.before or (self.client.table.moves, self.client.table.view)
                url = await restarted.get()
                await restarted.put(url)  # for the next bot
                self.client = await Client.connect(url)
                await self.client.rejoin(self.code, self.token)


async def match_through_a_death(kill, start) -> None:
    """`start()` starts a server and returns its address; `kill()` kills the one running."""
    url = await start()
    opener = await Client.connect(url)
    code = await opener.create(TableRequest("twotenjack", (REMOTE,) * 4, deals=1))
    bots = [Bot(await seated(url, code, seat), seat) for seat in range(4)]
    died, restarted = asyncio.Event(), asyncio.Queue()
    playing = [asyncio.create_task(bot.run(died, restarted)) for bot in bots]
    await died.wait()
    path = await kill()
    saved, _ = views_of(path)
    await restarted.put(await start())
    await asyncio.gather(*playing)
    table, views = views_of(path)
    for bot in bots:
        assert bot.before is not None, "every bot saw the server die"
        moves, view = bot.before
        assert moves <= saved.moves  # every action a client was told of was journalled
        assert views_of(path, moves)[1][bot.seat] == view
        assert bot.client.table.view == views[bot.seat] and bot.client.table.moves == table.moves
    assert table.over and table.journal.actions[: saved.moves] == saved.journal.actions
    for bot in bots:
        await bot.client.close()


@pytest.mark.parametrize("torn", [b"", b'{"type": "Play", "seat": 2, "ca'], ids=["whole", "torn"])
def test_a_server_whose_tasks_are_dropped_resumes_from_its_journal(tmp_path, caplog, torn: bytes) -> None:
    """Dropped mid-deal; `torn`: in the middle of appending a line that nobody was told of."""
    servers: list[Server] = []

    async def start() -> str:
        servers.append(Server(tmp_path))
        return f"ws://127.0.0.1:{await servers[-1].start()}"

    async def kill() -> Path:
        dead = servers[-1]
        for task in dead.drivers.values():
            task.cancel()
        for connection in list(dead.connections):
            connection.socket.transport.abort()
        assert dead.socket_server is not None
        dead.socket_server.close()
        await dead.writer.close()  # its last write done, as a process's is when it dies
        (code,) = dead.tables
        path = tmp_path / "tables" / f"{code}.json"
        with path.open("ab") as file:
            file.write(torn)
        return path

    async def scenario() -> None:
        await match_through_a_death(kill, start)
        await servers[-1].close()

    with caplog.at_level(logging.WARNING, "atout.net"):
        run(scenario())
    assert ("cut short by a crash" in caplog.text) == bool(torn)


def test_a_server_process_killed_mid_match_resumes_and_the_clients_rejoin(tmp_path) -> None:
    processes: list[asyncio.subprocess.Process] = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "game", "serve", "--port", "0", "--bind", "127.0.0.1", "--data"]

    async def start() -> str:
        process = await asyncio.create_subprocess_exec(
            *command, str(tmp_path), stdout=asyncio.subprocess.PIPE, env=env, cwd=ROOT
        )
        processes.append(process)
        assert process.stdout is not None
        line = (await asyncio.wait_for(process.stdout.readline(), 20)).decode()
        assert line.startswith("atout: serving on ws://127.0.0.1:"), line
        return line.split()[-1]

    async def kill() -> Path:
        processes[-1].kill()  # SIGKILL: no goodbye, no last write
        await processes[-1].wait()
        (path,) = (tmp_path / "tables").glob("*.json")
        return path

    async def scenario() -> None:
        try:
            await match_through_a_death(kill, start)
        finally:
            for process in processes:
                if process.returncode is None:
                    process.kill()
                    await process.wait()

    run(scenario())
