"""A player whose connection drops mid-trick comes back with the seat token and sees the table as it is;
meanwhile the table waits for it, or a computer plays its turns, as the table was set."""

from __future__ import annotations

import asyncio
import random

from net_bots import finished, play, replayed_events, replayed_views, run, seated

from game.net.client import Client, Joined, SeatsChanged, Update
from game.net.protocol import SeatRequest, TableRequest
from game.net.server import Limits, Server
from game.net.table_host import TableHost

REMOTE = SeatRequest("remote")


async def drop_and_rejoin(tmp, game: str, seats: int, away: str, profile: str | None, gone_for: int) -> None:
    """Seat 1 drops mid-trick and rejoins once the table has seen `gone_for` more actions (0: at once)."""
    server = Server(tmp, Limits(away_grace=0.0))  # a computer stands in at once
    url = f"ws://127.0.0.1:{await server.start()}"
    table = server.create_table(TableRequest(game, (REMOTE,) * seats, profile, 1, away), seed=21)
    clients = [await seated(url, table.code, seat) for seat in range(seats)]
    progressed = asyncio.Event()
    dropped_at: list[int] = []

    def watch(update: Update) -> None:
        if dropped_at and update.moves >= dropped_at[0] + gone_for:
            progressed.set()

    others = [
        asyncio.create_task(play(c, random.Random(n), finished, watch if n == 0 else lambda u: None))
        for n, c in enumerate(clients)
        if n != 1
    ]
    token = clients[1].table.token

    def mid_trick(update: Update) -> bool:
        trick = update.view.trick
        return update.moves > 4 and len(trick.cards if hasattr(trick, "cards") else trick) == 2

    await play(clients[1], random.Random(1), mid_trick)
    dropped_at.append(clients[1].table.moves)
    clients[1].socket.transport.abort()  # no closing handshake: the cable is pulled
    if gone_for:
        await progressed.wait()
    back = await Client.connect(url)
    joined = await back.rejoin(table.code, token)
    assert isinstance(joined, Joined) and joined.seat == 1 and joined.token == token
    welcome = await back.next()
    while not isinstance(welcome, Update):
        welcome = await back.next()
    assert welcome.view == replayed_views(server, table.code, welcome.moves)[1]  # the table as it is
    assert welcome.moves >= dropped_at[0]
    away_actions = table.journal.actions[dropped_at[0] : welcome.moves]
    taken_for_it = [action for action in away_actions if getattr(action, "seat", None) == 1]
    if away == "wait":
        assert taken_for_it == []
    else:
        assert taken_for_it, "a computer played the seat while its player was away"
    if welcome.legal:
        await back.act(random.choice(welcome.legal), welcome.moves)
    assert await play(back, random.Random(5), finished) == []
    assert [errors for errors in await asyncio.gather(*others)] == [[]] * (seats - 1)
    views = replayed_views(server, table.code)
    for seat, client in enumerate([clients[0], back, *clients[2:]]):
        assert client.table.view == views[seat] and client.table.moves == table.moves
    assert back.table.history == replayed_events(server, table.code, 1)[-len(back.table.history) :]
    for client in [back, *clients]:
        await client.close()
    await server.close()


def test_a_koenigrufen_player_dropped_mid_trick_rejoins_and_the_table_waited(tmp_path) -> None:
    run(drop_and_rejoin(tmp_path, "koenigrufen", 4, "wait", "cheltenham", 0))


def test_a_two_ten_jack_player_dropped_mid_trick_rejoins_after_a_computer_stood_in(tmp_path) -> None:
    run(drop_and_rejoin(tmp_path, "twotenjack", 4, "computer", None, 8))


def test_the_others_are_told_who_is_away_and_back(tmp_path) -> None:
    async def scenario() -> None:
        server = Server(tmp_path)
        url = f"ws://127.0.0.1:{await server.start()}"
        table = server.create_table(TableRequest("twotenjack", (REMOTE,) * 3, away="computer"))
        first, second = await seated(url, table.code, 0, "Anna"), await seated(url, table.code, 1, "Ben")

        async def seats() -> tuple:
            while not isinstance(message := await first.next(), SeatsChanged):
                pass
            return message.seats

        while not (shown := await seats())[1].present:
            pass
        assert shown[1].name == "Ben" and not shown[1].standin
        second.socket.transport.abort()
        while (shown := await seats())[1].present:
            pass
        assert shown[1].name == "Ben" and shown[1].standin and not shown[2].present and not shown[2].name
        back = await Client.connect(url)
        await back.rejoin(table.code, second.table.token)
        while not (shown := await seats())[1].present:
            pass
        assert shown[1].name == "Ben" and not shown[1].standin
        await back.close()
        await first.close()
        await server.close()

    run(scenario())


def test_a_computer_stands_in_only_once_the_away_player_had_its_grace() -> None:
    class Link:
        def send(self, message: dict) -> None:
            pass

    table = TableHost.new("TEST00", TableRequest("twotenjack", (REMOTE,) * 3, away="computer"), seed=4)
    links = [Link() for _ in range(3)]
    for seat, link in enumerate(links):
        table.join(f"P{seat}", seat, link)
    to_act = table.state.to_act
    assert table.standin(100.0, 30.0) is None  # everybody is there
    table.drop(links[to_act], 100.0)
    assert table.standin(129.0, 30.0) is None and table.standin_in(129.0, 30.0) == 1.0
    assert table.standin(130.0, 30.0) == (to_act, "normal")
    waiting = TableHost.new("TEST01", TableRequest("twotenjack", (REMOTE,) * 3, away="wait"), seed=4)
    for seat, link in enumerate(links):
        waiting.join(f"P{seat}", seat, link)
    waiting.drop(links[waiting.state.to_act], 100.0)
    assert waiting.standin(1e9, 30.0) is None and waiting.standin_in(1e9, 30.0) is None
