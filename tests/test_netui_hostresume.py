"""A desktop that hosts keeps its table under the player's data folder: killed mid-match (its server stopped
without ending the table, its scenes dropped), the next launch offers the table on the menu and the Host
page, resumes it by clicks at the same move with the host's own hand, and a player who was joined rejoins
it as the journal has it. A bad hosted file is kept aside and told; an ended or finished table is archived,
not offered; "Close that table" asks, then gives it up; two copies of Atout on one data folder each host
their own table, neither touching the other's. Real input through the real scene manager, the loopback only,
no sleeps."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from netui_driver import BOTS, button, host, remote, sessions, until
from scene_driver import click, frame_drawn, step
from test_netui_falkenstein import falkenstein, set_challenge
from test_netui_play import click_card, my_turn_or_score

from game import storage
from game.app import App
from game.i18n import tr
from game.net import hosted
from game.net.client import Joined
from game.net.protocol import SeatRequest, TableRequest
from game.net.remote_game import RemoteSession
from game.net.table_host import TableHost
from game.scenes.host_scene import HostScene
from game.scenes.menu import MenuScene
from game.scenes.network_table import NetworkTable
from game.settings import Settings
from game.ui import drawn

MOVES = 4  # cards the host plays before its program is killed


def launch(monkeypatch: pytest.MonkeyPatch) -> App:
    """The app at its menu, as a player starts it (English, animations instant, the loopback only)."""
    monkeypatch.setattr(HostScene, "bind", "127.0.0.1")
    monkeypatch.setattr(HostScene, "port", 0)  # any free port: test processes side by side never share one
    app = App(settings=Settings(language="en", anim_speed="instant", think_time=0.0))
    app.scenes.push(MenuScene(app))
    step(app)
    return app


@pytest.fixture
def apps() -> Iterator[list[App]]:
    """The apps a test launched (what they draw recorded); the seats of the last one given up after it, every
    bot closed."""
    launched: list[App] = []
    drawn.record(True)
    yield launched
    drawn.record(False)
    for session in sessions(launched[-1]) if launched else []:
        session.close()
    while BOTS:
        BOTS.pop().client.close()


def crash(app: App, session: RemoteSession) -> None:
    """The hosting program killed: its server stops without ending the table, its scenes are dropped, and
    the system lets go of what it held."""
    assert session.server is not None
    session.server.stop()
    session.client.close()
    app.scenes.stack.clear()
    app.locks.release_all()


def archived(data_dir: Path) -> list[str]:
    """The names of the files in the hosted tables' archive."""
    return sorted(p.name for p in (data_dir / "hosted" / "archive").rglob("*") if p.is_file())


def resume(app: App, game: str, code: str, moves: int) -> NetworkTable:
    """The host's program launched again resumes its table from the menu by clicks, the page offering it
    by its code and its moves: the networked table."""
    click(app, button(app, tr("netui.menu.resume_hosted")).rect.center)
    page = app.scenes.top
    assert isinstance(page, HostScene) and page.waiting is not None
    assert (page.waiting.game, page.waiting.code, page.waiting.moves) == (game, code, moves)
    assert code in page.offer and str(moves) in page.offer
    click(app, button(app, tr("netui.host.resume")).rect.center)
    until(app, lambda: any(isinstance(s, NetworkTable) for s in app.scenes.stack))
    return remote(app)


@pytest.mark.parametrize(
    ("game", "seats"),
    [("twotenjack", {1: "remote", 2: "easy"}), ("koenigrufen", {1: "remote", 2: "easy", 3: "easy"})],
)
def test_a_hosting_desktop_killed_mid_match_resumes_its_table_from_the_menu(
    game: str, seats: dict[int, str], monkeypatch: pytest.MonkeyPatch, data_dir: Path, apps: list[App]
) -> None:
    """Resumed, the host's table draws as it was drawn when it was killed: its trick in progress and its log
    too (issue 31, item 5: it showed neither until the next card)."""
    first = launch(monkeypatch)
    apps.append(first)
    session, bot = host(first, game, seats)
    assert bot is not None
    table = remote(first)
    play(first, MOVES, (bot,))  # then the table waits on the host: nothing moves while it is away
    until(first, lambda: bot.updates[-1].moves == table.game.moves, (bot,))
    assert first.scenes.top is table and table.game.to_act == session.seat
    moves, hand, code = table.game.moves, table.game.view(session.seat).hand, session.code
    assert session.server is not None and session.server.data is not None
    slot = session.server.data
    assert slot.parent == data_dir / "hosted" and (slot / "host.json").exists()
    seen = frame_drawn(first)  # the trick on the table, the log, the plates, the hand
    crash(first, session)

    again = launch(monkeypatch)
    apps.append(again)
    back = resume(again, game, code, moves)
    assert back.session.code == code and back.session.seat == session.seat
    assert back.game.moves == moves and back.game.view(session.seat).hand == hand

    token = next(m.token for m in bot.messages if isinstance(m, Joined))
    bot.client.rejoin(code, token)  # the player at the other machine, back
    until(again, lambda: bot.updates[-1].moves >= moves and back.session.seats[1].present, (bot,))
    until(again, lambda: back.awaiting == "human" and not back.busy)
    assert frame_drawn(again) == seen  # the table drawn as it was: its trick in progress, its log
    journal = TableHost.load(slot / "tables" / f"{code}.json")
    assert bot.updates[-1].moves == journal.moves
    assert bot.updates[-1].view == journal.state.view(1)


@pytest.mark.parametrize("challenged", [False, True])
def test_a_hosting_desktop_killed_mid_falkenstein_session_resumes_its_table_as_it_was(
    challenged: bool, monkeypatch: pytest.MonkeyPatch, data_dir: Path, apps: list[App]
) -> None:
    """The Host's window killed as it is to set a challenge, or with one set and the character elsewhere yet
    to play: resumed, the challenge, the cards on the table, the log, the plates and the Host's panel drawn
    as before (issue 31, item 5; its panel opened on another challenge than the last one set)."""
    first = launch(monkeypatch)
    apps.append(first)
    session, bot = host(first, "falkenstein", {0: "remote"}, players=2)
    assert bot is not None
    table = falkenstein(first)
    for turn in range(3 if challenged else 2):
        until(first, lambda: table.awaiting == "host" and not table.busy, (bot,))
        set_challenge(first, table, turn + 1)
        if turn < 2:
            until(first, lambda: len(table.shown_results) == turn + 1 and not table.busy, (bot,))  # noqa: B023
    waiting = (lambda t: t.game.to_act == 0) if challenged else (lambda t: t.awaiting == "host")
    until(first, lambda: waiting(table) and not table.busy)  # (the bot not asked to play meanwhile)
    moves, code = table.game.moves, session.code
    seen = frame_drawn(first)
    words = " ".join(element[1] for element in seen if element[0] == "text")  # wrapped lines joined
    character = table.setup.seats[0].character.name
    if challenged:  # the Host's window says who is to play, not that the Host is setting a challenge
        assert tr("fal.hint_wait_card", name=character) in words and tr("fal.hint_wait") not in words
    crash(first, session)

    again = launch(monkeypatch)
    apps.append(again)
    back = resume(again, "falkenstein", code, moves)
    token = next(m.token for m in bot.messages if isinstance(m, Joined))
    bot.client.rejoin(code, token)  # the character's player, back (not playing before the frame is taken)
    until(again, lambda: back.session.seats[0].present and waiting(back) and not back.busy)
    assert frame_drawn(again) == seen
    if not challenged:
        set_challenge(again, falkenstein(again), 0)
    until(again, lambda: len(back.shown_results) == 3 and not back.busy, (bot,))  # and play goes on


def test_a_bad_hosted_file_is_kept_aside_and_told(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    folder = data_dir / "hosted"
    folder.mkdir()
    (folder / "host.json").write_bytes(b'{"format": "atout-hosted", "code": ')  # as an older Atout kept it
    app = launch(monkeypatch)
    aside = list(folder.rglob("host.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == b'{"format": "atout-hosted", "code": '
    told = [message for message, _ in app.notices.items]
    assert any(m.startswith("The table you hosted cannot be resumed.") and "host.json" in m for m in told)
    assert button(app, tr("netui.menu.host"))  # nothing offered


def test_a_bad_hosted_table_file_is_kept_aside_and_told_in_german(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    folder = data_dir / "hosted"
    hosted.keep(folder, "ABCDEF", 8765, [(0, "token")])
    (folder / "tables").mkdir()
    (folder / "tables" / "ABCDEF.json").write_bytes(b"\xff not a table")
    monkeypatch.setattr(HostScene, "bind", "127.0.0.1")
    app = App(settings=Settings(language="de", anim_speed="instant"))
    app.scenes.push(MenuScene(app))
    (kept,) = [p for p in folder.rglob("ABCDEF.json*") if p.is_file()]
    assert kept.name.startswith("ABCDEF.json.bad-") and kept.read_bytes() == b"\xff not a table"
    told = [message for message, _ in app.notices.items]
    assert any(m.startswith("Dein eröffneter Tisch lässt sich nicht fortsetzen.") for m in told)
    assert hosted.slots() == []


def test_an_ended_table_is_not_offered(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path, apps: list[App]
) -> None:
    app = launch(monkeypatch)
    apps.append(app)
    host(app, "twotenjack", {1: "remote", 2: "easy"})
    remote(app).leave_table()
    click(app, button(app, tr("netui.end.yes")).rect.center)  # "End the table": someone else sits at it
    assert isinstance(app.scenes.top, MenuScene)
    assert hosted.slots() == [] and "host.json" in archived(data_dir)
    again = launch(monkeypatch)
    apps.append(again)
    assert button(again, tr("netui.menu.host")) and hosted.offered(again.locks) == (None, None)


def hosted_file(folder: Path, deals: int | None, finish: bool) -> TableHost:
    """A Königrufen table hosted here, as its files are left: played at random to its end, or not at all."""
    seats = (SeatRequest("remote"), *(SeatRequest("computer", "easy"),) * 3)
    request = TableRequest("koenigrufen", seats, "austria", deals, "computer")
    table = TableHost.new("K7PQ4M", request, folder / "tables" / "K7PQ4M.json", seed=3)
    rng = random.Random(3)
    while finish and not table.over:
        table.apply(table.state.to_act, rng.choice(table.state.legal_actions()), table.moves)
    storage.save_text(table.path, table.whole_file())
    hosted.keep(folder, table.code, 8765, [(0, "token")])
    return table


SLOT = "20200101-120000-abcdef"  # a hosted table's folder


def test_a_finished_table_is_archived_not_offered(monkeypatch: pytest.MonkeyPatch, data_dir: Path) -> None:
    table = hosted_file(data_dir / "hosted" / SLOT, 1, finish=True)
    raw = table.path.read_bytes()
    app = launch(monkeypatch)
    assert button(app, tr("netui.menu.host")) and hosted.slots() == []
    assert (data_dir / "hosted" / "archive" / SLOT / "tables" / "K7PQ4M.json").read_bytes() == raw


def test_close_that_table_asks_then_gives_it_up_and_the_page_hosts_anew(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path
) -> None:
    hosted_file(data_dir / "hosted" / SLOT, None, finish=False)
    app = launch(monkeypatch)
    click(app, button(app, tr("netui.menu.resume_hosted")).rect.center)
    click(app, button(app, tr("netui.host.close")).rect.center)
    question = app.scenes.top
    assert question.name == "confirm" and "K7PQ4M" in question.words  # type: ignore[attr-defined]
    click(app, button(app, tr("netui.end.stay")).rect.center)  # not after all
    page = app.scenes.top
    assert isinstance(page, HostScene) and page.waiting is not None and hosted.slots() != []
    click(app, button(app, tr("netui.host.close")).rect.center)
    click(app, button(app, tr("netui.host.close_yes")).rect.center)
    assert app.scenes.top is page and page.waiting is None
    assert button(app, tr("netui.host.open")) and hosted.slots() == []
    assert archived(data_dir) == ["K7PQ4M.json", "host.json"]


def play(app: App, moves: int, bots: tuple[Any, ...]) -> None:
    """The host of `app`'s networked table makes `moves` moves: its first playable card each time, else (a
    word of the auction, a king, a talon half, a discard) the first the rules allow."""
    scene = remote(app)
    for _ in range(moves):
        my_turn_or_score(app, scene, bots)
        assert app.scenes.top is scene, "a deal ended"
        playable = sorted(scene.playable(scene.session.seat))
        if playable:
            click_card(app, scene, playable[0])
        else:
            scene.act(scene.game.legal_actions()[0])
    my_turn_or_score(app, scene, bots)


def on_disk(session: RemoteSession) -> tuple[Path, int]:
    """The hosted table's folder and the moves its journal holds."""
    assert session.server is not None and session.server.data is not None
    slot = session.server.data
    return slot, TableHost.load(slot / "tables" / f"{session.code}.json").moves


def test_two_copies_on_one_data_folder_host_their_own_tables_and_never_touch_the_others(
    monkeypatch: pytest.MonkeyPatch, data_dir: Path, apps: list[App]
) -> None:
    first = launch(monkeypatch)
    apps.append(first)
    mine, bot = host(first, "twotenjack", {1: "remote", 2: "easy"})
    assert bot is not None
    play(first, 2, (bot,))

    second = launch(monkeypatch)  # another copy of Atout, started on the same data folder
    apps.append(second)
    assert button(second, tr("netui.menu.host"))  # the first copy's table is not offered to resume
    theirs, _ = host(second, "twotenjack", {1: "easy", 2: "easy"})
    told = [message for message, _ in second.notices.items]
    assert any(mine.code in m and "window of Atout" in m for m in told)
    assert theirs.code != mine.code
    play(second, 2, ())
    play(first, 2, (bot,))  # both go on, each in its own folder
    (slot1, moves1), (slot2, moves2) = on_disk(mine), on_disk(theirs)
    assert slot1 != slot2 and moves1 == remote(first).game.moves and moves2 == remote(second).game.moves

    remote(second).leave_table()  # the second copy ends its table (nobody else sits at it)
    assert isinstance(second.scenes.top, MenuScene) and not slot2.exists()
    assert on_disk(mine) == (slot1, moves1) and (slot1 / "host.json").exists()
    click(second, button(second, tr("netui.menu.host")).rect.center)
    assert isinstance(second.scenes.top, HostScene) and second.scenes.top.waiting is None

    crash(first, mine)  # the first copy killed: its table is free, and offered to the copy still running
    second.scenes.stack.clear()
    third = launch(monkeypatch)
    apps.append(third)
    click(third, button(third, tr("netui.menu.resume_hosted")).rect.center)
    page = third.scenes.top
    assert isinstance(page, HostScene) and page.waiting is not None
    assert (page.waiting.code, page.waiting.moves, page.waiting.slot) == (mine.code, moves1, slot1)
