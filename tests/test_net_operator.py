"""Running a server as an operator would (docs/deploying.md): the desktop joins a table over TLS (`wss://`,
a self-signed certificate made here and trusted as an authority's would be), the health and metrics
endpoints answer in the Prometheus text format (the metrics to this machine only), the log is one JSON
object a line, and `atout serve`'s options are the server's limits."""

from __future__ import annotations

import asyncio
import http.client
import json
import logging
import random
import shlex
import ssl
from collections.abc import Iterator
from pathlib import Path

import pytest
from net_bots import finished, play, run, seated
from netui_driver import Bot, button, desktop, join_by_typing, remote, until
from scene_driver import click
from tls_cert import self_signed

from game.app import App
from game.i18n import tr
from game.net import command, logs
from game.net.client import Client
from game.net.protocol import SeatRequest, TableRequest
from game.net.server import Background, Limits, Server
from game.scenes.lobby_scene import LobbyScene

REMOTE = SeatRequest("remote")


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from desktop(monkeypatch)


def server_tls(tmp_path) -> ssl.SSLContext:
    cert, key = self_signed(tmp_path)
    return command.tls(cert, key)


def test_the_desktop_joins_a_table_over_tls(app: App, tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The address typed in full, `wss://` and the server's name; two players at other machines join over
    TLS too; the desktop sits down and is dealt its hand."""
    context = server_tls(tmp_path)
    monkeypatch.setenv("SSL_CERT_FILE", str(tmp_path / "cert.pem"))  # trusted as an authority's would be
    server = Background("127.0.0.1", 0, tls=context)
    port = server.start()
    try:
        url = f"wss://localhost:{port}"
        code = server.call(lambda s: s.create_table(TableRequest("twotenjack", (REMOTE,) * 3)).code)
        join_by_typing(app, url, code, "Bea")
        lobby = app.scenes.top
        assert isinstance(lobby, LobbyScene) and lobby.session.address == url
        bots = (Bot(url, code, 1), Bot(url, code, 2))
        until(app, lambda: lobby.ready and all(s.present for s in lobby.session.seats), bots)
        click(app, button(app, tr("netui.lobby.sit")).rect.center)
        until(app, lambda: bool(remote(app).game.view(0).hand), bots)
        names = server.call(lambda s: [seat.name for seat in s.tables[code].seats])
        assert names[0] == "Bea" and all(names)
    finally:
        server.stop()


def test_a_plain_client_is_not_let_in_over_tls_nor_an_untrusted_certificate(tmp_path) -> None:
    async def scenario() -> None:
        server = Server()
        port = await server.start(tls=server_tls(tmp_path))
        for url in (f"ws://127.0.0.1:{port}", f"wss://localhost:{port}"):  # plain; a certificate not trusted
            with pytest.raises(Exception) as refused:
                await Client.connect(url, timeout=5)
            assert "unreachable" in str(refused.value)
        await server.close()

    run(scenario())


def get(port: int, path: str, source: str = "127.0.0.1") -> tuple[int, str, str]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5, source_address=(source, 0))
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.getheader("Content-Type", ""), response.read().decode()
    finally:
        connection.close()


def test_health_and_metrics_answer_in_the_prometheus_text_format(tmp_path) -> None:
    async def scenario() -> None:
        server = Server(tmp_path, Limits(metrics_from=("127.0.0.1/32",)))
        port = await server.start()
        url = f"ws://127.0.0.1:{port}"
        table = server.create_table(TableRequest("twotenjack", (REMOTE,) * 3, deals=1), seed=3)
        clients = [await seated(url, table.code, seat) for seat in range(3)]
        await asyncio.gather(*(play(c, random.Random(n), finished) for n, c in enumerate(clients)))
        loop = asyncio.get_running_loop()
        health = await loop.run_in_executor(None, get, port, "/health")
        metrics = await loop.run_in_executor(None, get, port, "/metrics")
        stranger = await loop.run_in_executor(None, get, port, "/metrics", "127.0.0.2")
        assert health == (200, "text/plain; charset=utf-8", "ok\n")
        status, kind, text = metrics
        assert status == 200 and kind.startswith("text/plain; version=0.0.4")
        values = dict(line.rsplit(" ", 1) for line in text.splitlines() if not line.startswith("#"))
        assert values["atout_tables"] == "1" and values["atout_clients"] == "3"
        assert int(values["atout_actions_total"]) == table.moves > 0
        assert float(values['atout_action_seconds{quantile="0.99"}']) >= float(
            values['atout_action_seconds{quantile="0.5"}']
        )
        assert int(values["atout_action_seconds_count"]) == table.moves
        assert int(values["atout_sent_messages_total"]) >= 3 * table.moves  # an update to each seat at least
        assert int(values["atout_sent_bytes_total"]) > 100 * int(values["atout_sent_messages_total"])
        file = tmp_path / "tables" / f"{table.code}.json"
        assert int(values["atout_journal_bytes_total"]) == file.stat().st_size  # what the disk was given
        assert "# TYPE atout_action_seconds summary" in text
        assert stranger[0] == 403  # another machine reads no metrics unless the operator says so
        for client in clients:
            await client.close()
        await server.close()

    run(scenario())


def test_the_log_is_one_json_object_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    logs.configure("json")
    try:
        logging.getLogger("atout.net").info(
            "table %s opened", "K7PQ4M", extra={"event": "table_opened", "table": "K7PQ4M"}
        )
    finally:
        logging.getLogger().handlers.clear()
    line = json.loads(capsys.readouterr().err)
    assert line["message"] == "table K7PQ4M opened" and line["level"] == "info"
    assert line["event"] == "table_opened" and line["table"] == "K7PQ4M" and line["time"].endswith("Z")


def test_the_command_line_sets_the_servers_limits(tmp_path) -> None:
    args = command.parser().parse_args(
        [
            "serve",
            "--allow-bots",
            "--address-tables",
            "2",
            "--abandoned-minutes",
            "5",
            "--keep-finished-days",
            "1",
            "--proxy",
            "10.0.0.1",
        ]
    )
    limits = command.limits(args)
    assert limits.quotas.allow_bots and limits.quotas.tables == 2 and limits.abandoned == 300.0
    assert limits.finished_kept == 86400.0 and limits.proxies == ("10.0.0.1",)
    assert args.log_format == "json"
    cert, _ = self_signed(tmp_path)
    with pytest.raises(SystemExit) as refused:
        command.main(["serve", "--tls-cert", str(cert)])  # a certificate without its key
    assert refused.value.code == 2


def test_atout_open_opens_a_table_at_a_running_server(capsys: pytest.CaptureFixture[str]) -> None:
    server = Background("127.0.0.1", 0)
    port = server.start()
    try:
        url = f"ws://127.0.0.1:{port}"
        assert command.main(["open", url, "koenigrufen", "--seats", "remote,easy,easy,remote"]) == 0
        code = capsys.readouterr().out.split()[2]
        seats = server.call(lambda s: [seat.kind for seat in s.tables[code].seats])
        assert seats == ["remote", "computer", "computer", "remote"]
        assert command.main(["open", url, "twotenjack", "--seats", "hard,hard,hard"]) == 1
        assert "no_person" in capsys.readouterr().err
    finally:
        server.stop()


def test_the_service_unit_and_the_container_start_atout_serve_as_it_parses() -> None:
    """deploy/atout.service and deploy/Containerfile name options `atout serve` takes, and a data folder."""
    root = Path(__file__).resolve().parent.parent / "deploy"
    unit = (root / "atout.service").read_text()
    start = next(line for line in unit.splitlines() if line.startswith("ExecStart="))
    program, *words = shlex.split(start.removeprefix("ExecStart="))
    assert program.endswith("/atout")
    entry = next(
        line for line in (root / "Containerfile").read_text().splitlines() if line.startswith("ENTRYPOINT")
    )
    program_too, *words_too = json.loads(entry.removeprefix("ENTRYPOINT"))
    assert program_too == "atout"
    for argv in (words, words_too):
        args = command.parser().parse_args(argv)
        assert args.command == "serve" and args.data is not None and args.port == 8765
    assert "StateDirectory=atout" in unit and str(command.parser().parse_args(words).data) == "/var/lib/atout"
