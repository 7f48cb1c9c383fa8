"""The client as the desktop app uses it: `TableClient` on its own thread, polled, never blocking the caller,
against a server on a thread of its own (`Background`, the desktop's "Host a table"); and the command
line's refusals."""

from __future__ import annotations

import pytest

from game.__main__ import main
from game.net.client import Closed, Ended, Error, Joined, Message, TableClient, Update
from game.net.protocol import SeatRequest, TableRequest
from game.net.server import Background

EASY = SeatRequest("computer", "easy")


def test_a_polled_client_plays_a_whole_round_against_computers_on_a_background_server() -> None:
    background = Background("127.0.0.1")
    port = background.start()
    try:
        table = background.call(
            lambda server: server.create_table(
                TableRequest("twotenjack", (SeatRequest("remote"), EASY, EASY), deals=1)
            )
        )
        net = TableClient(f"ws://127.0.0.1:{port}")
        joined = net.join(table.code, "Anna").result(timeout=10)
        assert isinstance(joined, Joined) and joined.seat == 0 and joined.token
        updates = 0
        for _ in range(1000):
            message = net.next(timeout=10)
            assert message is not None and not isinstance(message, Closed), message
            if not isinstance(message, Update):
                continue
            updates += 1
            state = net.state
            assert state is not None
            if message.over:
                break
            if message.legal and message.moves == state.moves:
                net.act(message.legal[0])
        assert updates > 10 and net.state is not None and net.state.over
        final = background.call(lambda server: server.tables[table.code].state.view(0))
        assert net.state.view == final and net.poll() == []
        net.close()
    finally:
        background.stop()


def test_an_unreachable_table_is_said_so_through_poll() -> None:
    net = TableClient("ws://127.0.0.1:1")
    assert net.join("ABCDEF", "Anna").result(timeout=10) is None
    assert [type(m) for m in net.poll()] == [Closed] and net.state is None
    net.close()


@pytest.mark.parametrize(
    "argv",
    [
        ["host", "chess"],
        ["host", "twotenjack", "--seats", "remote,genius"],
        ["host", "koenigrufen", "--away", "forever"],
        ["serve", "--port", "x"],
        ["serve", "--bogus"],
        ["host", "twotenjack", "--engine", "one=./bot"],
        ["host", "twotenjack", "--engine", "1="],
    ],
)
def test_bad_serve_and_host_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2 and "usage:" in capsys.readouterr().err


def test_a_table_the_rules_refuse_is_named(capsys) -> None:
    argv = ["host", "koenigrufen", "--profile", "vienna", "--port", "0", "--bind", "127.0.0.1"]
    assert main(argv) == 2
    assert "vienna" in capsys.readouterr().err


def test_a_table_its_host_ends_tells_every_seat_who_ended_it_and_admits_no_one_after() -> None:
    background = Background("127.0.0.1")
    port = background.start()
    try:
        request = TableRequest("falkenstein", (SeatRequest("remote"),) * 3)
        code = background.call(lambda server: server.create_table(request).code)
        seated = [TableClient(f"ws://127.0.0.1:{port}") for _ in range(2)]
        for seat, (net, name) in enumerate(zip(seated, ("Anna", "Ben"), strict=True)):
            assert isinstance(net.join(code, name, seat).result(timeout=10), Joined)
        background.call(lambda server: server.end_table(code, "Ada"))
        for net in seated:
            assert first(net, Ended) == Ended("Ada") and net.state is None
        late = TableClient(f"ws://127.0.0.1:{port}")
        late.join(code, "Cleo")
        refused = first(late, Error)
        assert isinstance(refused, Error) and refused.reason == "no_table"
        for net in (*seated, late):
            net.close()
    finally:
        background.stop()


def first(net: TableClient, kind: type) -> Message | None:
    """The first message of `kind` to come (None if the client hears nothing for ten seconds)."""
    while (message := net.next(timeout=10)) is not None and not isinstance(message, kind):
        pass
    return message
