"""A server anyone can reach (issue 32): no stranger fills it, keeps it busy or guesses his way in. Each test
is one of the holes a public server had, over loopback, strangers at addresses of their own
(127.0.0.0/8 is all this machine's), a fake wall clock for the times, and a restart on the same data folder
where a limit must outlive it."""

from __future__ import annotations

import asyncio
import json
import random
import time
from collections.abc import Callable

import pytest
from net_bots import after, finished, play, run, seated
from websockets.asyncio.client import connect
from websockets.exceptions import InvalidMessage

from game.net.admission import Admission, Quotas
from game.net.client import Client, Error, Left, NetError
from game.net.protocol import MAX_MESSAGE, SeatRequest, TableRequest
from game.net.server import FINISHED, Limits, Server
from game.net.table_host import CODE_LENGTH, CODE_LETTERS, TableHost

REMOTE = SeatRequest("remote")
HARD = SeatRequest("computer", "hard")
EASY = SeatRequest("computer", "easy")
START = 1_800_000_000.0  # the fake clock's first second (2027)


class Clock:
    def __init__(self) -> None:
        self.now = START

    def __call__(self) -> float:
        return self.now


async def until(condition: Callable[[], bool]) -> None:
    """Lets the loop run until `condition` holds (the server's side of a close, say): first turn by turn,
    then, when the server waits on its journal's threads (a disk sync), a few milliseconds a turn, so those
    threads get the interpreter's lock and a slow disk does not fail the test."""
    for turn in range(12_000):
        if condition():
            return
        await asyncio.sleep(0 if turn < 10_000 else 0.005)
    raise AssertionError("never came to pass")


async def from_address(url: str, address: str) -> Client:
    """A client whose connection comes from `address` (any of 127.0.0.0/8)."""
    return Client(await connect(url, max_size=None, compression=None, local_addr=(address, 0)))


async def reason(client: Client, message: dict | str) -> str:
    """What the server answers `message` with: the refusal's reason, or the answer's kind."""
    await client.send_text(message if isinstance(message, str) else json.dumps(message))
    answer = await client.next()
    return answer.reason if isinstance(answer, Error) else type(answer).__name__


async def created(url: str, address: str, request: TableRequest) -> str:
    """A table `address` opens: its code, or the reason it was refused."""
    client = await from_address(url, address)
    try:
        return await client.create(request)
    except NetError as refused:
        return refused.reason
    finally:
        await client.close()


def test_computers_wait_for_a_person_and_a_table_its_people_left_ends_across_a_restart(tmp_path) -> None:
    """Defect 1: a stranger opened tables of computers alone that played on forever, and a table whose
    people had left was never let go."""
    clock = Clock()

    async def first_run() -> str:
        server = Server(tmp_path, Limits(abandoned=3600.0), clock)
        url = f"ws://127.0.0.1:{await server.start()}"
        stranger = await Client.connect(url)
        refused = await reason(stranger, TableRequest("twotenjack", (HARD,) * 4).message())
        assert refused == "no_person" and server.tables == {}
        code = await stranger.create(TableRequest("twotenjack", (REMOTE, EASY, EASY, EASY), deals=5))
        await stranger.join(code, "Anna", 0)
        assert await play(stranger, random.Random(1), after(12)) == []
        await stranger.close()
        table = server.tables[code]
        await until(lambda: table.empty)  # (the server has seen the connection go)
        if (driver := server.drivers.get(code)) is not None:
            await driver  # the move it was thinking of, if any
        moves = table.moves
        assert table.standin(0.0, 0.0) is None and not table.done  # nobody to play for: the computers wait
        clock.now += 1800.0
        server.sweep()
        assert code in server.tables and table.moves == moves  # half an hour: still there
        await server.close()
        return code

    code = run(first_run())
    clock.now += 1799.0  # the server was down; its people left an hour ago less a second

    async def after_restart() -> None:
        server = Server(tmp_path, Limits(abandoned=3600.0, finished_kept=86400.0), clock)
        await server.start()
        assert code in server.tables
        server.sweep()
        assert code in server.tables
        clock.now += 1.0
        server.sweep()  # an hour since the last person left, across the restart
        assert code not in server.tables
        await server.writer.settled()
        ended = TableHost.load(tmp_path / FINISHED / f"{code}.json")
        assert ended.ended == "abandoned" and not list((tmp_path / "tables").glob("*.json"))
        await server.close()

    run(after_restart())
    server = Server(tmp_path, Limits(finished_kept=86400.0), clock)
    assert server.tables == {}  # an ended table does not come back


def test_computer_tables_stay_the_operators_choice(tmp_path) -> None:
    async def scenario() -> None:
        server = Server(limits=Limits(quotas=Quotas(allow_bots=True, computers=4)))
        url = f"ws://127.0.0.1:{await server.start()}"
        assert len(await created(url, "127.0.0.1", TableRequest("twotenjack", (HARD,) * 4, deals=1))) == 6
        more = await created(url, "127.0.0.1", TableRequest("twotenjack", (EASY,) * 4))
        assert more == "too_many_computers"
        assert len(await created(url, "127.0.0.2", TableRequest("twotenjack", (EASY,) * 4))) == 6
        await server.close()

    run(scenario())


def test_one_address_cannot_fill_the_server_and_its_empty_tables_go_after_a_restart(tmp_path) -> None:
    """Defect 2: one address's connections filled the server with empty tables, and after a restart the
    tables were back, never to be let go."""
    clock = Clock()
    limits = Limits(unplayed=600.0, quotas=Quotas(tables=3, opened=5, connections=4))
    request = TableRequest("twotenjack", (REMOTE,) * 4)

    async def first_run() -> None:
        server = Server(tmp_path, limits, clock)
        url = f"ws://127.0.0.1:{await server.start()}"
        mine = [await created(url, "127.0.0.1", request) for _ in range(4)]
        assert [len(code) for code in mine[:3]] == [CODE_LENGTH] * 3 and mine[3] == "too_many_tables"
        assert len(await created(url, "127.0.0.2", request)) == CODE_LENGTH  # another address is not held up
        held = [await from_address(url, "127.0.0.3") for _ in range(5)]
        answers = [await reason(client, {"type": "leave"}) for client in held]
        assert answers == ["not_seated"] * 4 + ["too_many_connections"]
        for client in held:
            await client.close()
        await server.close()

    run(first_run())

    async def after_restart() -> None:
        server = Server(tmp_path, limits, clock)
        url = f"ws://127.0.0.1:{await server.start()}"
        assert len(server.tables) == 4
        assert await created(url, "127.0.0.1", request) == "too_many_tables"  # its tables came back, counted
        clock.now += 600.0
        server.sweep()  # ten minutes and nobody sat down: let go, though this run did not open them
        await server.writer.settled()
        assert server.tables == {} and not list((tmp_path / "tables").glob("*.json"))
        again = [await created(url, "127.0.0.1", request) for _ in range(3)]
        assert [len(code) for code in again[:2]] == [CODE_LENGTH] * 2  # five within the hour, in two runs
        assert again[2] == "too_many_tables"
        clock.now += 3600.0
        assert len(await created(url, "127.0.0.1", request)) == CODE_LENGTH
        await server.close()

    run(after_restart())


def test_a_type_of_the_wrong_kind_is_refused_not_failed_on() -> None:
    """Defect 3: a `type` that is a list or an object made the server fail (`internal`)."""

    async def scenario() -> None:
        server = Server()
        client = await Client.connect(f"ws://127.0.0.1:{await server.start()}")
        for wrong in (["join"], {"join": 1}, 5, None, True, 1.5):
            assert await reason(client, {"type": wrong, "table": "ABCDEF"}) == "bad_message"
        assert server.faults == 0
        await client.close()
        await server.close()

    run(scenario())


def test_the_size_limit_counts_bytes() -> None:
    """Defect 4: the 16 KiB limit counted characters, so 64 KB of four-byte characters passed."""

    async def scenario() -> None:
        server = Server()
        client = await Client.connect(f"ws://127.0.0.1:{await server.start()}")
        name = "\U0001f0a1" * 16_000  # 16,000 characters, 64,000 bytes
        message = json.dumps({"type": "join", "table": "ABCDEF", "name": name}, ensure_ascii=False)
        assert len(message) < MAX_MESSAGE < len(message.encode())
        assert await reason(client, message) == "too_big"
        await client.close()
        await server.close()

    run(scenario())


def test_guesses_spread_over_addresses_are_limited_by_network_and_by_table(tmp_path) -> None:
    """Defect 5: guesses spread over eight addresses were never refused. Guessers sharing a network are
    counted together; guessers anywhere who send one table wrong tokens are refused there, while its own
    player comes back; a lockout outlives a restart."""
    clock = Clock()
    rng = random.Random(32)

    async def attempt(url: str, address: str, message: dict) -> str:
        client = await from_address(url, address)
        try:
            return await reason(client, message)
        finally:
            await client.close()

    def guess() -> dict:
        code = "".join(rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
        return {"type": "join", "table": code, "name": "Eve"}

    async def first_run() -> None:
        server = Server(tmp_path, Limits(rate=1000, burst=1000), clock)
        url = f"ws://127.0.0.1:{await server.start()}"
        code = server.create_table(TableRequest("twotenjack", (REMOTE,) * 4)).code
        player = await from_address(url, "127.0.5.1")
        token = (await player.join(code, "Anna", 0)).token
        await player.close()
        answers = [await attempt(url, f"127.0.0.{2 + n % 8}", guess()) for n in range(40)]
        assert set(answers[:30]) == {"no_table"} and set(answers[30:]) == {"too_many_attempts"}
        right = {"type": "join", "table": code, "name": "Eve"}
        assert await attempt(url, "127.0.0.200", right) == "too_many_attempts"  # the same network
        # wrong tokens at one table, from ten networks: one each, far below an address's limit
        wrong = {"type": "rejoin", "table": code, "token": "x" * 22}
        assert {await attempt(url, f"127.0.{10 + n}.1", wrong) for n in range(10)} == {"bad_token"}
        assert await attempt(url, "127.0.10.1", wrong) == "too_many_attempts"
        assert await attempt(url, "127.0.1.1", wrong) == "bad_token"  # a stranger to this table
        mine = {"type": "rejoin", "table": code, "token": token}
        assert await attempt(url, "127.0.5.1", mine) == "Joined"  # its own player
        assert server.faults == 0
        await server.close()

    run(first_run())

    async def after_restart() -> None:
        server = Server(tmp_path, Limits(rate=1000, burst=1000), clock)
        url = f"ws://127.0.0.1:{await server.start()}"
        assert await attempt(url, "127.0.0.9", guess()) == "too_many_attempts"
        clock.now += 901.0
        assert await attempt(url, "127.0.0.9", guess()) == "no_table"
        await server.close()

    run(after_restart())


def test_a_table_file_stays_bounded_however_often_its_seats_change(tmp_path) -> None:
    async def scenario() -> None:
        server = Server(tmp_path, Limits(rate=10_000, burst=10_000))
        url = f"ws://127.0.0.1:{await server.start()}"
        table = server.create_table(TableRequest("twotenjack", (REMOTE,) * 4))
        assert table.path is not None
        client = await Client.connect(url)
        largest = 0
        for _ in range(300):
            await client.join(table.code, "A" * 40, 0)
            await client.leave()
            while not isinstance(await client.next(), Left):
                pass
            await server.writer.settled()
            largest = max(largest, table.path.stat().st_size)
        whole = len(table.whole_file().encode())
        assert largest <= whole + 64_000 + 2_000  # the record, and what is appended before it is rewritten
        assert TableHost.load(table.path).seats[0].name == ""
        await client.close()
        await server.close()

    run(scenario())


def test_a_finished_tables_file_is_kept_its_days_then_archived(tmp_path) -> None:
    """A long-running server's disk does not grow with every match ever played: a done table's file leaves
    the tables resumed at a start, and after its days goes to the operator's archive (or away)."""
    clock = Clock()
    clock.now = time.time()  # (the files' own times are compared with it)
    limits = Limits(finished_kept=86400.0, archive=tmp_path / "archive")

    async def scenario() -> None:
        server = Server(tmp_path / "data", limits, clock)
        url = f"ws://127.0.0.1:{await server.start()}"
        table = server.create_table(TableRequest("twotenjack", (REMOTE,) * 3, deals=1), seed=4)
        clients = [await seated(url, table.code, seat) for seat in range(3)]
        await asyncio.gather(*(play(c, random.Random(n), finished) for n, c in enumerate(clients)))
        for client in clients:
            await client.close()
        await until(lambda: table.code not in server.tables)  # over, and nobody looks at it any more
        await server.writer.settled()
        name = f"{table.code}.json"
        assert (tmp_path / "data" / FINISHED / name).exists()
        assert not (tmp_path / "data" / "tables" / name).exists()
        await server.sweep()  # a day less a second: kept
        assert (tmp_path / "data" / FINISHED / name).exists()
        clock.now += 86400.0 + 301.0
        await server.sweep()
        assert not (tmp_path / "data" / FINISHED / name).exists()
        assert TableHost.load(tmp_path / "archive" / name).over
        await server.close()

    run(scenario())


def test_an_address_opening_connections_too_fast_is_dropped_before_its_request_is_read() -> None:
    async def scenario() -> None:
        server = Server(limits=Limits(quotas=Quotas(arrivals=0.001, arrivals_burst=3)))
        url = f"ws://127.0.0.1:{await server.start()}"
        kept = [await from_address(url, "127.0.0.7") for _ in range(3)]
        with pytest.raises((OSError, EOFError, InvalidMessage)):  # dropped as it was accepted
            await from_address(url, "127.0.0.7")
        assert server.refused == 1
        other = await from_address(url, "127.0.0.8")  # another address is not held up
        for client in [*kept, other]:
            await client.close()
        await server.close()

    run(scenario())


def test_an_ipv6_address_counts_by_its_64_network() -> None:
    admission = Admission(Quotas(connections=2), b"k" * 32)
    one_machine = [admission.owner(a) for a in ("2001:db8::1", "2001:db8::ffff:1", "2001:db8:0:0:1::9")]
    assert len(set(one_machine)) == 1
    assert admission.owner("2001:db8:0:1::1") != one_machine[0]  # the next /64
    assert admission.owner("::ffff:192.0.2.7") == admission.owner("192.0.2.7")  # IPv4 seen through IPv6
    assert admission.connect(one_machine[0]) and admission.connect(admission.owner("2001:db8::2"))
    assert not admission.connect(admission.owner("2001:db8::3"))  # a third from the same /64


def test_behind_a_reverse_proxy_players_are_counted_by_the_address_it_names() -> None:
    """Everyone comes from the proxy's address; the one it names last in X-Forwarded-For is the player's
    (what came before it, the player may have written), and only a proxy the operator names is believed."""

    async def scenario() -> None:
        server = Server(limits=Limits(proxies=("127.0.0.1",), quotas=Quotas(connections=1)))
        url = f"ws://127.0.0.1:{await server.start()}"

        async def through(forwarded: str, source: str = "127.0.0.1") -> Client:
            headers = {"X-Forwarded-For": forwarded}
            socket = await connect(url, compression=None, additional_headers=headers, local_addr=(source, 0))
            return Client(socket)

        anna = await through("203.0.113.9, 198.51.100.7")
        again = await through("198.51.100.7")
        bert = await through("198.51.100.7, 198.51.100.8")  # a forged first hop, a player of its own
        assert await reason(anna, {"type": "leave"}) == "not_seated"
        assert await reason(again, {"type": "leave"}) == "too_many_connections"
        assert await reason(bert, {"type": "leave"}) == "not_seated"
        direct = [await through("192.0.2.1", "127.0.0.9") for _ in range(2)]  # not a proxy: not believed
        assert [await reason(c, {"type": "leave"}) for c in direct] == ["not_seated", "too_many_connections"]
        for client in [anna, again, bert, *direct]:
            await client.close()
        await server.close()

    run(scenario())


def test_a_table_whose_journal_is_full_ends_rather_than_write_a_file_it_could_not_read(monkeypatch) -> None:
    from game.ai.engine_protocol import action_to_json
    from game.net import table_host
    from game.net.protocol import Refusal

    monkeypatch.setattr(table_host, "MAX_ACTIONS", 5)
    table = TableHost.new("ABCDEF", TableRequest("twotenjack", (REMOTE,) * 3), seed=2)
    for _ in range(5):
        seat = table.by_id[table.state.to_act]
        table.act(seat, action_to_json(table.state.legal_actions()[0]), table.moves)
    assert table.ended == "too_long" and table.done and not table.over
    seat = table.by_id[table.state.to_act]
    with pytest.raises(Refusal, match="over"):
        table.act(seat, action_to_json(table.state.legal_actions()[0]), table.moves)
