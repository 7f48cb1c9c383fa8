"""A fuzzing client at a live table: malformed, oversized, out-of-turn and other-seat messages, wrong codes
and tokens, floods. Every one is refused with the reason for it, the server never fails (`faults` stays
0), and the honest players' match runs to its end, equal to the journal."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random

import pytest
from net_bots import finished, play, replayed_views, run, seated

from game.ai.engine_protocol import action_to_json
from game.net.admission import Quotas
from game.net.client import Client, Closed, Error, NetError, Update
from game.net.protocol import MAX_MESSAGE, REASONS, Refusal, SeatRequest, TableRequest
from game.net.server import Limits, Server
from game.net.table_host import CODE_LENGTH, CODE_LETTERS
from game.net.throttle import JoinThrottle

REMOTE = SeatRequest("remote")
LOOSE = Limits(rate=10_000, burst=10_000, quotas=Quotas(arrivals_burst=10_000))  # (not about rates)


def garbage(code: str) -> list[tuple[str | bytes, str]]:
    """Messages from a connection that sits nowhere, each with the reason it must be refused for."""
    join = {"type": "join", "table": code, "name": "Eve", "seat": None}
    create = {"type": "create", "game": "koenigrufen", "seats": [{"kind": "remote"}] * 4}
    cases: list[tuple[object, str]] = [
        ("not json{", "not_json"),
        (b"\x00\x01binary", "not_json"),
        ("[" * 5000 + "]" * 5000, "not_json"),
        ("x" * (MAX_MESSAGE + 1), "too_big"),
        ([1, 2], "bad_message"),
        ({"type": "nope"}, "bad_message"),
        ({"type": "join", "table": code}, "bad_message"),
        ({**join, "extra": 1}, "bad_message"),
        ({**join, "name": "Eve\u0000"}, "bad_message"),
        ({**join, "name": "E" * 41}, "bad_message"),
        ({**join, "seat": 1e300}, "bad_message"),
        ({**join, "seat": True}, "bad_message"),
        ({**join, "table": "ZZZZZZ"}, "no_table"),
        (join, "table_full"),
        ({**join, "seat": 9}, "table_full"),
        ({"type": "rejoin", "table": code, "token": "not-a-real-token"}, "bad_token"),
        ({"type": "rejoin", "table": code, "token": 12345678}, "bad_message"),
        ({"type": "act", "action": {"type": "Play", "seat": 0, "card": "AS"}, "moves": 0}, "not_seated"),
        ({"type": "leave"}, "not_seated"),
        ({**create, "game": "chess"}, "bad_message"),
        ({**create, "seats": [{"kind": "computer", "level": "god"}] * 4}, "bad_message"),
        ({**create, "seats": [{"kind": "remote"}] * 3}, "bad_message"),
        ({**create, "profile": "vienna"}, "bad_message"),
        ({**create, "deals": 0}, "bad_message"),
        ({**create, "away": "forever"}, "bad_message"),
        (
            {**create, "game": "falkenstein", "seats": [{"kind": "computer", "level": "easy"}] * 3},
            "bad_message",
        ),
        ({**create, "game": "twotenjack", "profile": "austria"}, "bad_message"),
    ]
    return [(case if isinstance(case, str | bytes) else json.dumps(case), reason) for case, reason in cases]


async def refused(client: Client, sent: str | bytes) -> Error:
    await client.socket.send(sent)
    while not isinstance(answer := await client.next(), Error):
        assert not isinstance(answer, Closed), answer
    return answer


async def cheat_at_every_turn(client: Client, rng: random.Random, refusals: list[str]) -> int:
    """Seat 3, playing honestly but sending, at every update, an action out of turn or for another seat,
    a stale or an illegal one, and garbled actions; the count of bad messages sent."""
    sent = 0

    async def bad(action: dict, moves: int) -> None:
        nonlocal sent
        sent += 1
        await client.send({"type": "act", "action": action, "moves": moves})

    while True:
        message = await client.next()
        if isinstance(message, Error):
            refusals.append(message.reason)
            assert message.re == "act" and (message.reason != "illegal" or message.code), message
            continue
        if not isinstance(message, Update) or message.moves != client.table.moves:
            if isinstance(message, Update) and message.over:
                break
            continue
        if message.over:
            break
        view, moves = message.view, message.moves
        mine = {"type": "Play", "seat": 3, "card": view.hand[0], "face_down": False} if view.hand else None
        await bad({"type": "Play", "seat": 0, "card": "AS", "face_down": False}, moves)  # another seat's
        await bad({"type": "Play", "seat": 3, "card": 7, "face_down": False}, moves)  # garbled
        await bad({"type": "Bid", "seat": 3, "contract": "solo"}, moves)  # another game's
        if not message.legal:
            if mine:
                await bad(mine, moves)  # out of turn
            continue
        held = set(view.hand)
        stranger = next(card for card in ("AS", "KH", "QD", "JC", "10S", "2H") if card not in held)
        await bad({"type": "Play", "seat": 3, "card": stranger, "face_down": False}, moves)  # not held
        await bad(action_to_json(message.legal[0]), moves + 1)  # meant for another moment
        await client.act(rng.choice(message.legal), moves)
    # the errors still on their way
    while len(refusals) < sent:
        answer = await client.next()
        if isinstance(answer, Error):
            refusals.append(answer.reason)
    return sent


def test_a_fuzzing_client_is_refused_with_reasons_and_the_honest_game_goes_on(tmp_path) -> None:
    async def scenario() -> None:
        server = Server(tmp_path, LOOSE)
        url = f"ws://127.0.0.1:{await server.start()}"
        table = server.create_table(TableRequest("twotenjack", (REMOTE,) * 4, deals=1), seed=5)
        honest = [await seated(url, table.code, seat) for seat in range(3)]
        cheat = await seated(url, table.code, 3)
        refusals: list[str] = []
        playing = [asyncio.create_task(play(c, random.Random(n), finished)) for n, c in enumerate(honest)]
        cheating = asyncio.create_task(cheat_at_every_turn(cheat, random.Random(3), refusals))
        stranger = await Client.connect(url)
        for sent, reason in garbage(table.code):
            answer = await refused(stranger, sent)
            assert (answer.reason, answer.detail != "") == (reason, True), (sent[:80], answer)
        assert [await p for p in playing] == [[], [], []]
        bad = await cheating
        assert len(refusals) == bad > 20
        assert set(refusals) <= {"not_your_seat", "not_your_turn", "bad_message", "illegal", "stale", "over"}
        assert {"not_your_seat", "not_your_turn", "bad_message", "illegal", "stale"} <= set(refusals)
        views = replayed_views(server, table.code)
        for seat, client in enumerate([*honest, cheat]):
            assert client.table.view == views[seat] and client.table.over
        assert server.faults == 0 and server.refused == bad + len(garbage(table.code))
        for client in [*honest, cheat, stranger]:
            await client.close()
        await server.close()

    run(scenario())


def test_a_flood_is_slowed_and_an_oversized_frame_cut_off_while_a_table_plays(tmp_path) -> None:
    async def scenario() -> None:
        server = Server(tmp_path)  # the real limits
        url = f"ws://127.0.0.1:{await server.start()}"
        table = server.create_table(TableRequest("twotenjack", (REMOTE,) * 3, deals=1), seed=9)
        honest = [await seated(url, table.code, seat) for seat in range(3)]
        playing = [asyncio.create_task(play(c, random.Random(n), finished)) for n, c in enumerate(honest)]
        flood = await Client.connect(url)
        for _ in range(200):  # a burst's worth is answered, the next burst's refused, then it is closed
            with contextlib.suppress(NetError):
                await flood.send({"type": "leave"})
        answers = []
        while not isinstance(answer := await flood.next(), Closed):
            answers.append(answer)
        reasons = [a.reason for a in answers if isinstance(a, Error)]
        assert len(reasons) == len(answers) and set(reasons) == {"not_seated", "too_fast"}
        assert reasons.count("not_seated") >= 40 and reasons.count("too_fast") >= 30
        assert flood.socket.close_code == 1008
        giant = await Client.connect(url)
        await giant.socket.send("x" * (2 << 20))
        assert isinstance(await giant.next(), Closed) and giant.socket.close_code == 1009
        assert [await p for p in playing] == [[], [], []]
        views = replayed_views(server, table.code)
        assert all(c.table.view == views[s] for s, c in enumerate(honest))
        assert server.faults == 0
        for client in [*honest, flood, giant]:
            await client.close()
        await server.close()

    run(scenario())


@pytest.mark.parametrize("reason", REASONS)
def test_every_refusal_has_words_in_every_language(reason: str) -> None:
    from game.i18n import LANGUAGES, catalogue

    assert all(f"net.error.{reason}" in catalogue(lang) for lang in LANGUAGES)


def picture(table) -> list:
    """Everything every seat of the table sees, and its phase."""
    from game.ai.engine_protocol import to_json

    return [table.state.phase, *(to_json(table.state.view(seat.id)) for seat in table.seats)]


def test_any_well_formed_action_is_applied_or_refused_with_a_reason_and_nothing_changes() -> None:
    """Every action class of every game, its fields drawn from real and nonsense values, from every seat:
    the table applies it or refuses it with a reason; a refusal leaves the state exactly as it was."""
    from dataclasses import fields

    from game.journal_codec import encode_action
    from game.net.protocol import Refusal
    from game.net.table_host import TableHost
    from game.registry import GAMES

    rng = random.Random(18)
    words = [
        "AS",
        "XXI",
        "I",
        "SK",
        "10H",
        "RJ",
        "ZZ",
        "",
        "solo",
        "rufer",
        "pass",
        "hold",
        "host",
        "C",
        "game",
    ]
    for game in ("koenigrufen", "twotenjack", "falkenstein"):
        request = TableRequest(game, (REMOTE,) * (4 if game != "twotenjack" else 3), deals=None)
        table = TableHost.new("FUZZ00", request, seed=rng.randrange(1000))
        applied = refused = 0

        for _ in range(300):
            kind = rng.choice(GAMES[game].actions)
            values = {}
            for f in fields(kind):
                pool = {"int": [0, 1, 2, 3, 5, 999], "str": words, "bool": [False, True]}.get(str(f.type))
                values[f.name] = rng.choice(pool) if pool else tuple(rng.sample(words, rng.choice([0, 1, 3])))
            data = (
                encode_action(kind(**values))
                if rng.random() < 0.7
                else encode_action(rng.choice(table.state.legal_actions()))
            )
            seat = rng.choice(table.seats) if rng.random() < 0.3 else table.by_id[table.state.to_act]
            before, moves = picture(table), table.moves
            try:
                table.act(seat, data, moves)
                applied += 1
            except Refusal as refusal:
                refused += 1
                assert refusal.reason in REASONS and refusal.detail
                assert picture(table) == before and table.moves == moves
            if table.over:  # (Falkenstein's Host may end a session at once): a new table, the fuzz goes on
                table = TableHost.new("FUZZ00", request, seed=rng.randrange(1000))
        assert applied > 10 and refused > 50, (game, applied, refused)


def test_tables_clients_open_and_nobody_plays_at_are_let_go(tmp_path) -> None:
    async def scenario() -> None:
        server = Server(tmp_path, Limits(unplayed=0.0))  # let go at once, not after ten minutes
        url = f"ws://127.0.0.1:{await server.start()}"
        client = await Client.connect(url)
        codes = [await client.create(TableRequest("twotenjack", (REMOTE,) * 3)) for _ in range(8)]
        answer = await refused(
            client, json.dumps({"type": "join", "table": codes[0], "name": "Eve", "seat": 0})
        )
        await server.writer.settled()
        assert answer.reason == "no_table" and list((tmp_path / "tables").glob("*.json")) == []
        opened = server.create_table(TableRequest("twotenjack", (REMOTE,) * 3))  # the operator's: it stays
        assert server.tables == {opened.code: opened}
        with pytest.raises(NetError) as refusal:
            await client.create(TableRequest("twotenjack", (REMOTE,) * 3))
        assert refusal.value.reason == "too_many_tables"  # eight a connection
        await client.close()
        await server.close()

    run(scenario())


def test_a_code_guesser_is_locked_out_by_its_address_and_honest_typos_are_not() -> None:
    """Guesses from many connections of one address: a few typos before the right code seat their players,
    a brute force is refused as `too_many_attempts` (the right code too) until its lockout is over."""

    async def scenario() -> None:
        clock = [0.0]
        server = Server(limits=LOOSE)
        server.throttle = JoinThrottle(limit=12, window=600.0, lockout=900.0, clock=lambda: clock[0])
        url = f"ws://127.0.0.1:{await server.start()}"
        code = server.create_table(TableRequest("koenigrufen", (REMOTE,) * 4)).code
        rng = random.Random(18)

        async def attempt(typed: str, name: str = "Eve") -> str:
            client = await Client.connect(url)
            try:
                joined = await client.join(typed, name)
                return f"seat {joined.seat}"
            except NetError as refused:
                return refused.reason
            finally:
                await client.close()

        def guess() -> str:
            return "".join(rng.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))

        # three players at one address, each mistyping the code once or twice, then typing it right
        for player, typos in (("Anna", 1), ("Bert", 2), ("Cleo", 1)):
            for _ in range(typos):
                assert await attempt(guess(), player) == "no_table"
            assert (await attempt(code.lower(), player)).startswith("seat")
        # a guesser from the same address, one connection a code: locked out after the limit's worth
        answers = [await attempt(guess()) for _ in range(40)]
        assert set(answers[: 12 - 4]) == {"no_table"} and set(answers[12 - 4 :]) == {"too_many_attempts"}
        assert await attempt(code) == "too_many_attempts"  # the right code waits out the lockout too
        clock[0] += 899.0
        assert await attempt(code) == "too_many_attempts"
        clock[0] += 2.0
        assert await attempt(code, "Dora") == "seat 3"
        assert server.faults == 0
        await server.close()

    run(scenario())


def test_the_throttle_remembers_a_bounded_number_of_addresses() -> None:
    clock = [0.0]
    throttle = JoinThrottle(limit=3, addresses=100, clock=lambda: clock[0])
    rng = random.Random(5)
    for _ in range(20_000):
        throttle.failed(f"10.{rng.randrange(256)}.{rng.randrange(256)}.{rng.randrange(256)}")
        clock[0] += 0.001
    assert len(throttle.counts) <= 100
    for _ in range(3):
        throttle.failed("2001:db8::1")
    with pytest.raises(Refusal, match="too_many_attempts"):
        throttle.check("2001:db8::ffff")  # the same /64 network: one machine's
    throttle.check("2001:db8:0:1::1")  # another network is not
