"""A Falkenstein adventure across machines: the desktop that hosts chooses it on the Host page, the table
sends it to every window, where it is read whole again, and the story branches there as at one screen, to an
ending every window shows; a window that receives an adventure it cannot read says why, in its player's
language, and does not sit down."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from netui_driver import Bot, desktop, host, join_by_typing, remote, until
from scene_driver import click

from game.app import App
from game.games.falkenstein import scenario as adventure
from game.games.falkenstein.adventures import builtin
from game.games.falkenstein.table import FalkensteinNetworkTable
from game.net.protocol import SeatRequest, TableRequest
from game.net.server import Background
from game.net.table_host import TableHost


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from desktop(monkeypatch)


def test_the_hosted_table_sends_its_adventure_and_every_window_follows_the_story(app: App) -> None:
    story = builtin()[2]
    session, bot = host(app, "falkenstein", {0: "remote"}, players=2, story=story.title.en)
    assert bot is not None and session.joined is not None and session.joined.story == story
    table = remote(app)
    assert isinstance(table, FalkensteinNetworkTable) and table.scenario == story
    for _ in range(40):
        until(app, lambda: (table.awaiting == "host" or table.game.is_over) and not table.busy, (bot,))
        if table.game.is_over:
            break
        assert table.host_list.rows[[c.id for c in story.challenges].index(table._host_node)].aside == "next"
        click(app, table.host_go.rect.center)
        until(app, lambda: table.awaiting != "host", (bot,))
    until(app, lambda: table.awaiting == "continue" and not table.busy, (bot,))
    view = table.game.view("host")
    assert story.ending(view.ending) is not None and view.path[0].node == story.start
    until(app, lambda: bot.updates[-1].over, (bot,))
    seen = bot.client.state
    assert seen is not None and seen.view.ending == view.ending and seen.view.path == view.path
    assert bot.messages[0].story == story  # read whole at the other window too


def test_a_window_refuses_an_adventure_it_cannot_read_and_says_why(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = TableHost.joined

    def garbled(table: TableHost, seat, token):  # type: ignore[no-untyped-def]
        message = original(table, seat, token)
        message["story"]["challenges"][0]["on_failure"] = message["story"]["challenges"][0]["id"]  # a loop
        message["story"]["endings"] = message["story"]["endings"][:1]
        return message

    monkeypatch.setattr(TableHost, "joined", garbled)
    server = Background("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{server.start()}"
    try:
        request = TableRequest(
            "falkenstein", (SeatRequest("remote"),) * 2, story=adventure.to_json(builtin()[1])
        )
        code = server.call(lambda s: s.create_table(request).code)
        Bot(url, code, 3, "host", "Marie")
        app.apply_settings(app.settings.with_(language="de"))
        page = join_by_typing(app, url.removeprefix("ws://"), code, "Clara")
        assert page.problem.startswith("Das Abenteuer dieses Tisches ist hier nicht verwendbar: ")
        assert app.scenes.top is page  # not seated
    finally:
        server.stop()
