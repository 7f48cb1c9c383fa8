"""Château Falkenstein across machines, from the desktop: the menu's "Host a table" seats the app as the Host
with a bot (a `TableClient` on the loopback) playing the character, and the Host sets challenges by clicks
in the real Falkenstein scene; a window joining a table sees its own character's hand only, with its odds,
plays it by clicks and sees the fireworks when its joker meets the other; the Host and a character may share
the host's screen (the hand-over between them); a window that drops rejoins to the table as it stands; and a
host who leaves ends the table for everyone, after asking, each player told so in their language."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from netui_driver import (
    BOTS,
    Bot,
    button,
    choice_row,
    desktop,
    host,
    join_by_typing,
    remote,
    spy_events,
    until,
)
from scene_driver import click, drawn, key

from game.app import App
from game.game_spec import HIDDEN
from game.games.falkenstein.session import CardDrawn, EndSession, HandDealt, Resolved, SessionOver
from game.games.falkenstein.table import FalkensteinNetworkTable
from game.i18n import tr
from game.net.client import Ended, Error
from game.net.protocol import SeatRequest, TableRequest
from game.net.remote_game import GIVE_UP, RETRY, RemoteSession
from game.net.server import Background
from game.scenes.host_scene import HostScene
from game.scenes.lobby_scene import LobbyScene
from game.scenes.menu import MenuScene
from game.ui.widgets import Choice, Label

FIREWORKS_SEED = (
    437  # with two characters, the first challenged twice: its joker meets the other on the second
)
JOKERS = ("RJ", "BJ")


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from desktop(monkeypatch)


def falkenstein(app: App) -> FalkensteinNetworkTable:
    table = remote(app)
    assert isinstance(table, FalkensteinNetworkTable)
    return table


def set_challenge(app: App, table: FalkensteinNetworkTable, turns: int) -> tuple[str, int]:
    """The Host's panel by clicks: the talent and the opposition each moved on `turns` times, then set."""
    form = table.host_form.widgets
    talent, level, go = form[1], form[2], form[3]
    for _ in range(turns):
        click(app, (talent.box.right - 10, talent.box.centery))
        click(app, (level.box.right - 10, level.box.centery))
    chosen = (table.host_talent.value, table.host_level.value)
    click(app, go.rect.center)
    return chosen


def play_card(app: App, table: FalkensteinNetworkTable, card: str) -> None:
    sprite = next(s for s in table.hand if s.code == card)
    click(app, sprite.rect(app.cards, table.card_w).center)


def nothing_hidden_named(seen: list[Any], own: int | str) -> None:
    """Every hand dealt and card drawn to another seat came as backs."""
    for event in seen:
        if isinstance(event, HandDealt | CardDrawn) and event.seat != own:
            assert {*getattr(event, "cards", ()), getattr(event, "card", HIDDEN)} == {HIDDEN}


def falkenstein_host_page(app: App, lang: str) -> HostScene:
    """The menu's Host page, in `lang`, turned to Château Falkenstein by clicks."""
    app.apply_settings(app.settings.with_(language=lang))
    click(app, button(app, tr("netui.menu.host")).rect.center)
    page = app.scenes.top
    assert isinstance(page, HostScene)
    while page.game != "falkenstein":
        games = choice_row(page, tr("netui.host.game"))
        click(app, (games.box.right - 10, games.box.centery))
    return page


@pytest.mark.parametrize(
    ("lang", "you", "seat"),
    [
        ("en", "The Host: you", "Gräfin Ilse von Adlerstein"),
        ("fr", "Le MJ : vous", "Gräfin Ilse von Adlerstein"),
        ("de", "Der Spielleiter: du", "Gräfin Ilse von Adlerstein"),
    ],
)
def test_the_host_page_seats_its_host_as_the_falkenstein_host_among_people(
    app: App, lang: str, you: str, seat: str
) -> None:
    page = falkenstein_host_page(app, lang)
    labels = [w.label for w in page.form.widgets if isinstance(w, Label | Choice)]
    assert you in labels and seat in labels and tr("netui.host.away") not in labels  # the table waits
    counts = choice_row(page, tr("menu.players"))
    assert [n for n, _ in counts.options] == [2, 3, 4, 5]  # one to four characters, and the Host
    row = choice_row(page, seat)
    assert [kind for kind, _ in row.options] == ["remote", "here"]  # Falkenstein has no computer players
    assert page.request().seats == (SeatRequest("remote"),) * 3 and page.request().away == "wait"


@pytest.mark.parametrize(
    ("lang", "free", "hint"),
    [
        ("en", "Gräfin Ilse von Adlerstein (free)", "The game begins once everyone has come."),
        ("de", "Gräfin Ilse von Adlerstein (frei)", "Es geht los, sobald alle da sind."),
    ],
)
def test_a_falkenstein_lobby_names_its_seats_characters_and_speaks_of_no_computers(
    app: App, monkeypatch: pytest.MonkeyPatch, lang: str, free: str, hint: str
) -> None:
    falkenstein_host_page(app, lang)
    click(app, button(app, tr("netui.host.open")).rect.center)
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene)
    until(app, lambda: lobby.ready)
    Bot(lobby.session.url, lobby.session.code, 1, 1, "Paul")
    until(app, lambda: any(s.name == "Paul" for s in lobby.session.seats), tuple(BOTS))
    words = drawn(app, monkeypatch)
    assert free in words and "Professor Aurelius Quenzel: Paul" in words
    assert hint in words and lobby.hint() == hint


def test_the_host_sets_challenges_by_clicks_and_a_character_elsewhere_meets_them(app: App) -> None:
    session, bot = host(app, "falkenstein", {0: "remote"}, players=2)
    assert bot is not None and session.seat == "host"
    table = falkenstein(app)
    seen = spy_events(table)
    assert table.person_of("host") == "Ada" and table.person_of(0) == "Bot"
    challenges = []
    for turn in range(5):
        until(app, lambda: table.awaiting == "host" and not table.busy, (bot,))
        assert table.hand == []  # the Host holds no cards
        challenges.append(set_challenge(app, table, turn))
        until(app, lambda: len(table.shown_results) == turn + 1 and not table.busy, (bot,))  # noqa: B023
    nothing_hidden_named(seen, "host")
    shown = [(e.talent, e.opposition) for e in seen if type(e).__name__ == "ChallengeSet"]
    assert shown == challenges and len(set(challenges)) > 1
    resolved = [e for e in seen if isinstance(e, Resolved)]
    assert len(resolved) == 5 and all(r.seat == 0 for r in resolved)
    until(app, lambda: bot.updates[-1].moves == table.game.moves, (bot,))
    assert bot.updates[-1].view.history == table.game.view("host").history == tuple(resolved)


def test_a_joining_window_sees_only_its_own_hand_and_plays_its_joker_into_fireworks(app: App) -> None:
    server = Background("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{server.start()}"
    try:
        request = TableRequest("falkenstein", (SeatRequest("remote"),) * 3)
        code = server.call(lambda s: s.create_table(request, seed=FIREWORKS_SEED).code)
        challenge_me = lambda rng, legal: rng.choice([a for a in legal if a.seat == 0])  # noqa: E731
        the_host = Bot(url, code, 3, "host", "Marie", challenge_me)
        other = Bot(url, code, 4, 1, "Paul")
        bots = (the_host, other)
        page = join_by_typing(app, url.removeprefix("ws://"), code.lower(), "Clara")
        assert page.problem == ""
        lobby = app.scenes.top
        assert isinstance(lobby, LobbyScene)
        until(app, lambda: lobby.ready and all(s.present for s in lobby.session.seats), bots)
        click(app, button(app, tr("netui.lobby.sit")).rect.center)
        table = falkenstein(app)
        seen = spy_events(table)
        fireworks: list[int] = []

        def shown(turn: int) -> bool:
            if table.fireworks is not None:  # up over the table while it is shown
                fireworks.append(turn)
            return len(table.shown_results) == turn + 1 and not table.busy

        for turn in range(3):
            until(app, lambda: table.awaiting == "play" and not table.busy, bots)
            view = table.game.view(0)
            assert view.seat == 0 and table.hand_seat == 0
            assert [s.code for s in table.hand] == list(view.hand) and all(s.face_up for s in table.hand)
            assert set(table.chances) == set(view.hand)  # the odds of each card, on its turn
            play_card(app, table, next((c for c in view.hand if c in JOKERS), view.hand[0]))
            until(app, lambda: shown(turn), bots)  # noqa: B023
        nothing_hidden_named(seen, 0)
        assert [r.fireworks for r in seen if isinstance(r, Resolved)] == [False, True, False]
        assert set(fireworks) == {1}  # over the table, on the second challenge
        assert all(u.view.hand == () for u in the_host.updates)  # and the Host, elsewhere, saw no hand
        assert table.host_caption() == "Marie" and table.seat_person(1) == "Paul"
        the_host.client.close()
        until(app, lambda: table.host_caption() == f"Marie ({tr('netui.seat.away')})", (other,))
    finally:
        server.stop()


def test_the_host_and_a_character_at_one_screen_hand_it_over(app: App) -> None:
    host(app, "falkenstein", {0: "here"}, players=2)
    table = falkenstein(app)
    assert table.shared_screen and table.here == {"host", 0}
    handed = set()
    for turn in range(3):
        while len(table.shown_results) <= turn:
            until(
                app,
                lambda: (
                    (table.awaiting in ("host", "play") and not table.busy)
                    or app.scenes.top.name == "handover"
                ),
            )
            top = app.scenes.top
            if top.name == "handover":
                handed.add(top.person)
                assert all(not s.face_up for s in table.hand)  # covered while the screen changes hands
                key(app, pygame.K_RETURN, "\r")
            elif table.awaiting == "host":
                set_challenge(app, table, 0)
            else:
                assert table.hand_seat == 0 and table.chances
                play_card(app, table, table.hand[0].code)
            until(app, lambda: not table.busy and app.scenes.top.name != "pause")
    assert handed == {"Ada", tr("table.player_n", n=2)}


def test_a_falkenstein_window_that_drops_rejoins_to_the_table_as_it_stands(app: App) -> None:
    session, bot = host(app, "falkenstein", {0: "remote"}, players=2)
    assert bot is not None
    table = falkenstein(app)
    for turn in range(2):
        until(app, lambda: table.awaiting == "host" and not table.busy, (bot,))
        set_challenge(app, table, turn)
        until(app, lambda: len(table.shown_results) == turn + 1 and not table.busy, (bot,))  # noqa: B023
    until(app, lambda: table.awaiting == "host" and not table.busy, (bot,))
    set_challenge(app, table, 2)
    until(app, lambda: table.game.to_act == 0 and not table.busy)  # (the bot not yet asked to play)
    client = session.client._client
    assert client is not None
    shown = table.remote.moves
    asyncio.run_coroutine_threadsafe(_abort(client.socket), session.client._loop).result(5)
    for _ in range(20):  # the third card on the table before the dropped window is stepped (and rejoins)
        if bot.updates and bot.updates[-1].moves > shown:
            break
        bot.play(wait=5.0)
    assert bot.updates[-1].moves > shown
    until(app, lambda: session.away, (bot,))
    until(app, lambda: not session.away and falkenstein(app) is not table, (bot,))
    laid = falkenstein(app)
    until(app, lambda: laid.awaiting == "host" and not laid.busy, (bot,))
    view = laid.game.view("host")
    assert laid.shown_results == list(view.history) and len(view.history) == 3  # the third played while away
    assert laid.shown_deck == view.deck_size and laid.shown_discard == len(view.discard) == 6
    assert [s.code for s in laid.discard] == list(view.discard[-4:]) and laid.hand == []
    set_challenge(app, laid, 0)  # and play goes on
    until(app, lambda: len(laid.shown_results) == 4 and not laid.busy, (bot,))


def test_the_host_ends_the_session_by_a_click_and_every_screen_goes_to_its_sheet(app: App) -> None:
    _, bot = host(app, "falkenstein", {0: "remote"}, players=2)
    assert bot is not None
    table = falkenstein(app)
    end = next(b for b in table.controls.widgets if b.label == tr("fal.end_session"))
    for turn in range(2):
        until(app, lambda: table.awaiting == "host" and not table.busy, (bot,))
        set_challenge(app, table, turn)
        until(app, lambda: table.game.to_act == 0 and not table.busy)  # (the bot not yet asked to play)
        click(app, end.rect.center)  # while a character is challenged: not now
        assert table.refusal == tr("fal.end_between") and not table.game.is_over
        until(app, lambda: len(table.shown_results) == turn + 1 and not table.busy, (bot,))  # noqa: B023
    until(app, lambda: table.awaiting == "host" and not table.busy, (bot,))
    bot.client.act(EndSession())  # a character may not end it: the server refuses
    until(app, lambda: any(isinstance(m, Error) for m in bot.messages), (bot,))
    assert [m.reason for m in bot.messages if isinstance(m, Error)] == ["not_your_turn"]
    click(app, end.rect.center)
    until(app, lambda: table.awaiting == "continue" and not table.busy, (bot,))
    until(app, lambda: bot.updates[-1].over, (bot,))
    assert bot.updates[-1].events == (SessionOver(),) and bot.updates[-1].legal == ()
    click(app, table.r("played").center)  # "click to see the ending"
    sheet = app.scenes.top
    assert sheet.name == "score" and [b for b, _ in sheet.way_out.buttons] == [tr("score.menu")]
    assert sheet.sheet.rows == ((table.setup.seats[0].character.name, "2", *sheet.sheet.rows[0][2:]),)


def test_a_joined_character_sees_the_session_the_host_ended_and_its_sheet(app: App) -> None:
    server = Background("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{server.start()}"
    try:
        request = TableRequest("falkenstein", (SeatRequest("remote"),) * 2)
        code = server.call(lambda s: s.create_table(request).code)
        asked: list[int] = []

        def once_then_end(rng: Any, legal: tuple[Any, ...]) -> Any:
            asked.append(len(asked))
            return legal[0] if len(asked) == 1 else EndSession()

        the_host = Bot(url, code, 3, "host", "Marie", once_then_end)
        join_by_typing(app, url.removeprefix("ws://"), code, "Clara")
        until(app, lambda: isinstance(app.scenes.top, LobbyScene) and app.scenes.top.ready, (the_host,))
        click(app, button(app, tr("netui.lobby.sit")).rect.center)
        table = falkenstein(app)
        assert not table.session_end_offered  # a character's window has no such button
        until(app, lambda: table.awaiting == "play" and not table.busy, (the_host,))
        play_card(app, table, table.hand[0].code)
        until(app, lambda: table.awaiting == "continue" and not table.busy, (the_host,))
        assert table.game.is_over
        key(app, pygame.K_RETURN, "\r")
        sheet = app.scenes.top
        assert sheet.name == "score" and sheet.sheet.rows[0][:2] == (table.setup.seats[0].character.name, "1")
    finally:
        server.stop()


def test_a_host_that_crashed_is_said_gone_after_a_while_and_its_table_comes_back_with_it(
    app: App, tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The host's program killed (its server gone without a word): the joined window rejoins every RETRY
    seconds of its clock, says after GIVE_UP that the host can no longer be reached, with the way back to the
    menu, and takes its seat again when the host's server resumes the table from its journal."""
    server = Background("127.0.0.1", 0, tmp_path)
    port = server.start()
    url = f"ws://127.0.0.1:{port}"
    request = TableRequest("falkenstein", (SeatRequest("remote"),) * 2)
    code = server.call(lambda s: s.create_table(request).code)
    the_host = Bot(url, code, 3, "host", "Marie")
    join_by_typing(app, url.removeprefix("ws://"), code, "Clara")
    until(app, lambda: isinstance(app.scenes.top, LobbyScene) and app.scenes.top.ready, (the_host,))
    click(app, button(app, tr("netui.lobby.sit")).rect.center)
    table = falkenstein(app)
    session = table.session
    clock = [1000.0]
    session.clock = lambda: clock[0]
    until(app, lambda: table.awaiting == "play" and not table.busy, (the_host,))
    the_host.client.close()
    server.stop()  # (the server's journal stays on disk, as a killed host's does)
    rejoins: list[float] = []
    rejoin = session.client.rejoin
    session.client.rejoin = lambda *args: rejoins.append(clock[0]) or rejoin(*args)  # type: ignore[method-assign]
    until(app, lambda: session.away)
    while clock[0] < 1000.0 + GIVE_UP:  # a rejoin every RETRY seconds, answered by nobody
        assert table.gone is None
        until(app, lambda: session.retry_at is not None)
        assert session.retry_at == clock[0] + (RETRY if rejoins else 0.0)
        clock[0] = session.retry_at
        until(app, lambda: rejoins[-1:] == [clock[0]])
    until(app, lambda: table.gone is not None and session.retry_at is not None)  # the last rejoin refused too
    assert rejoins == [1000.0 + RETRY * n for n in range(int(GIVE_UP / RETRY) + 1)] and session.away
    assert tr("netui.gone.title") in drawn(app, monkeypatch)
    play_card(app, table, table.hand[0].code)  # the table under the panel takes no play
    key(app, pygame.K_1, "1")
    key(app, pygame.K_RETURN, "\r")
    assert table.awaiting == "play" and table.remote.legal_actions()  # nothing sent
    back = Background("127.0.0.1", port, tmp_path)  # the host starts again: its table resumed from its file
    back.start()
    try:
        clock[0] += RETRY  # the next rejoin, due since the last was refused
        until(app, lambda: not session.away)
        laid = falkenstein(app)
        until(app, lambda: laid.gone is None and laid.awaiting == "play" and not laid.busy)
        assert tr("netui.notice.back") in [message for message, _ in app.notices.items]
    finally:
        back.stop()
    laid.session.clock = lambda: clock[0]
    until(app, lambda: laid.session.away)
    clock[0] += GIVE_UP + RETRY
    until(app, lambda: laid.gone is not None)
    click(app, laid.gone.widgets[0].rect.center)  # "Back to the menu"
    assert isinstance(app.scenes.top, MenuScene) and laid.session.closed


async def _abort(socket: Any) -> None:
    socket.transport.abort()


# --- the host leaves ------------------------------------------------------------------------------------


def test_the_host_leaving_asks_first_then_ends_the_table_for_everyone(app: App) -> None:
    session, bot = host(app, "falkenstein", {0: "remote"}, players=2)
    assert bot is not None
    table = falkenstein(app)
    key(app, pygame.K_ESCAPE)
    click(app, button(app, tr("pause.leave")).rect.center)
    assert app.scenes.top.name == "confirm"  # it would end the table for the Bot: asked first
    click(app, button(app, tr("netui.end.stay")).rect.center)
    assert app.scenes.top.name == "pause" and session.server is not None
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is table
    until(app, lambda: table.awaiting == "host" and not table.busy, (bot,))
    key(app, pygame.K_ESCAPE)
    click(app, button(app, tr("pause.leave")).rect.center)
    click(app, button(app, tr("netui.end.yes")).rect.center)
    assert isinstance(app.scenes.top, MenuScene) and session.server is None
    until(app, lambda: any(isinstance(m, Ended) for m in bot.messages), (bot,))
    assert [m.by for m in bot.messages if isinstance(m, Ended)] == ["Ada"]


def test_a_host_alone_at_the_table_leaves_the_lobby_without_a_question(app: App) -> None:
    click(app, button(app, tr("netui.menu.host")).rect.center)
    click(app, button(app, tr("netui.host.open")).rect.center)
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene)
    until(app, lambda: lobby.ready)
    click(app, button(app, tr("netui.lobby.leave")).rect.center)
    assert isinstance(app.scenes.top, MenuScene) and lobby.session.server is None


@pytest.mark.parametrize(
    ("lang", "says"),
    [
        ("en", "Marie has closed the table: the game is over."),
        ("fr", "Marie a fermé la table : la partie est finie."),
        ("de", "Marie hat den Tisch geschlossen: Das Spiel ist zu Ende."),
    ],
)
def test_a_joined_window_is_told_in_its_language_that_the_host_closed_the_table(
    app: App, lang: str, says: str
) -> None:
    """The host's desktop (its server and seat, as "Host a table" makes them) leaves while this one plays."""
    app.apply_settings(app.settings.with_(language=lang))
    server = Background("127.0.0.1", 0)
    url = f"ws://127.0.0.1:{server.start()}"
    code = server.call(
        lambda s: s.create_table(TableRequest("falkenstein", (SeatRequest("remote"),) * 2)).code
    )
    the_host = RemoteSession(url, server)
    the_host.join(code, "Marie", "host")
    while the_host.joined is None:  # (its window is not this app's: wait for its connection itself)
        assert the_host.client.wait(10.0), "the table did not answer"
        the_host.poll()
    join_by_typing(app, url.removeprefix("ws://"), code, "Clara")
    until(app, lambda: isinstance(app.scenes.top, LobbyScene) and app.scenes.top.ready)
    click(app, button(app, tr("netui.lobby.sit")).rect.center)
    table = falkenstein(app)
    until(app, lambda: not table.busy)
    the_host.close()
    until(app, lambda: isinstance(app.scenes.top, MenuScene))
    assert says in [message for message, _ in app.notices.items]
    assert all(session.closed for session in table.sessions)


def test_closing_the_window_of_a_hosted_table_ends_it_for_the_others(app: App) -> None:
    session, bot = host(app, "falkenstein", {0: "remote"}, players=2)
    assert bot is not None
    key(app, pygame.K_ESCAPE)  # (the pause over the table)
    app.close()
    assert session.server is None and session.closed
    until(app, lambda: any(isinstance(m, Ended) for m in bot.messages), (bot,))
