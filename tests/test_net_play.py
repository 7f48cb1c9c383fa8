"""Whole deals over real sockets: every game, four (or the game's count of) bot clients on loopback, and at
the end every client's table is the journal's: the same view, the same number of actions, and every event
it was sent the journal's own event as its seat may see it."""

from __future__ import annotations

import asyncio
import random
import sys
from pathlib import Path

import pytest
from net_bots import after, finished, play, replayed_events, replayed_views, run, seated

from game.net.protocol import SeatRequest, TableRequest
from game.net.server import Server
from game.net.table_host import TableHost

REMOTE = SeatRequest("remote")
ROOT = Path(__file__).resolve().parent.parent


async def whole_match(tmp, request: TableRequest, until, engines: dict | None = None) -> Server:
    server = Server(tmp)
    url = f"ws://127.0.0.1:{await server.start()}"
    table = server.create_table(request, seed=7, engines=engines)
    remote = [seat.id for seat in table.seats if seat.kind == "remote"]
    clients = [await seated(url, table.code, seat) for seat in remote]
    rngs = [random.Random(n) for n in range(len(clients))]
    errors = await asyncio.gather(*(play(c, r, until) for c, r in zip(clients, rngs, strict=True)))
    assert errors == [[]] * len(clients)
    views = replayed_views(server, table.code)
    for client, seat in zip(clients, remote, strict=True):
        assert client.table is not None
        assert client.table.moves == table.moves
        assert client.table.view == views[seat]
        assert client.table.history == replayed_events(server, table.code, seat)
        await client.close()
    on_disk = TableHost.load(tmp / "tables" / f"{table.code}.json")
    assert on_disk.journal.actions == table.journal.actions
    await server.close()
    return server


@pytest.mark.parametrize("profile", ["cheltenham", "austria"])
def test_a_whole_koenigrufen_deal_with_four_clients(tmp_path, profile: str) -> None:
    run(whole_match(tmp_path, TableRequest("koenigrufen", (REMOTE,) * 4, profile, deals=1), finished))


def test_a_whole_two_ten_jack_round_with_four_clients(tmp_path) -> None:
    run(whole_match(tmp_path, TableRequest("twotenjack", (REMOTE,) * 4, deals=1), finished))


def test_falkenstein_challenges_with_three_characters_and_the_host(tmp_path) -> None:
    run(whole_match(tmp_path, TableRequest("falkenstein", (REMOTE,) * 4), after(24)))


def test_computers_fill_the_seats_the_table_gives_them(tmp_path) -> None:
    computer = SeatRequest("computer", "easy")
    seats = (REMOTE, computer, REMOTE, computer)
    run(whole_match(tmp_path, TableRequest("twotenjack", seats, deals=1), finished))


def test_engines_play_the_computer_seats_the_command_line_gives_them(tmp_path) -> None:
    """Seat 1: the example engine; seat 2: an engine that dies at once, whose seat a computer plays on."""
    random_engine = f"{sys.executable} {ROOT / 'tools' / 'random_engine.py'} --seed 3"
    dying = f"{sys.executable} -c 'raise SystemExit(3)'"
    engines = {1: random_engine, 2: dying}
    computer = SeatRequest("computer", "easy")
    request = TableRequest("twotenjack", (REMOTE, computer, computer), deals=1)
    server = run(whole_match(tmp_path, request, finished, engines))
    assert [seat for _, seat in server.engines_lost] == [2] and server.engines == {}
