"""The desktop at a networked table, driven headless with real input through the real scene manager: the
menu's "Host a table" opens a Background server on the loopback and sits the app at seat 0, the other
seats are a bot client (a `TableClient` playing at random) and computers at the server; the app plays its
cards by clicks to the end of a deal, never holding another seat's hand; a wrong code is refused with its
reason; a dropped connection rejoins its seat."""

from __future__ import annotations

import asyncio
import random
import socket
from collections.abc import Iterator
from typing import Any

import pygame
import pytest
from netui_driver import Bot, desktop, host, join_by_typing, remote, spy_events, until
from scene_driver import click, key, step

from game.app import App
from game.game_spec import HIDDEN
from game.games.koenigrufen.cards import legal_discards
from game.i18n import tr
from game.net.remote_game import RemoteSession
from game.net.server import Background
from game.scenes.menu import MenuScene
from game.scenes.remote_table import RemoteTable


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    yield from desktop(monkeypatch)


def click_card(app: App, table: RemoteTable, card: str) -> None:
    sprite = next(s for s in table.hand if s.code == card)
    rect = sprite.rect(app.cards, table.card_w)
    click(app, (rect.x + 8, rect.centery))  # the visible left edge of an overlapped card


def my_turn_or_score(app: App, table: RemoteTable, bots: tuple[Bot, ...]) -> None:
    until(
        app,
        lambda: (table.awaiting == "human" and not table.busy) or app.scenes.top.name == "score",
        bots,
    )


def own_only(session: RemoteSession, table: RemoteTable, seen: list[Any]) -> None:
    """Nothing the app holds names a card of another seat's hand: its views are its own seat's, and the
    others' dealt hands came as backs."""
    view = table.game.view(1)
    assert view.seat == session.seat
    assert {s.code for s in table.hand} <= set(view.hand)
    for event in seen:
        if type(event).__name__ == "HandDealt" and event.seat != session.seat:
            assert set(event.cards) == {HIDDEN}


def test_a_two_ten_jack_table_hosted_from_the_menu_plays_a_round_by_clicks(app: App) -> None:
    session, bot = host(app, "twotenjack", {1: "remote", 2: "easy"})
    assert bot is not None
    table = remote(app)
    seen = spy_events(table)
    played = 0
    while True:
        my_turn_or_score(app, table, (bot,))
        if app.scenes.top.name == "score":
            break
        own_only(session, table, seen)
        click_card(app, table, sorted(table.playable(session.seat))[0])
        played += 1
    assert played >= 5
    assert any(type(e).__name__ == "RoundScored" for e in seen)
    own_only(session, table, seen)
    assert table.game.view(0).round_no == 1
    until(app, lambda: bot.updates[-1].moves >= table.game.moves, (bot,))
    same = next(u.view for u in bot.updates if u.moves == table.game.moves)  # both saw the same scores
    assert same.totals == table.game.view(0).totals and same.seat == 1
    key(app, pygame.K_RETURN, "\r")  # on from the score sheet: whoever deals next, the next round comes
    until(app, lambda: app.scenes.top is table and table.game.view(0).round_no == 2, (bot,))
    my_turn_or_score(app, table, (bot,))
    assert app.scenes.top is table and table.game.view(0).hand


def test_a_koenigrufen_deal_hosted_from_the_menu_against_computers(app: App) -> None:
    session, _ = host(app, "koenigrufen", {1: "easy", 2: "easy", 3: "easy"})
    table = remote(app)
    seen = spy_events(table)
    while True:
        my_turn_or_score(app, table, ())
        if app.scenes.top.name == "score":
            break
        own_only(session, table, seen)
        phase = table.game.phase
        if phase in ("bid", "announce", "call", "talon"):
            key(app, pygame.K_RETURN, "\r")  # the focused offer, king or half
        elif phase == "discard":
            view = table.game.view(0)
            contract = view.profile.contract(view.contract)
            for card in legal_discards(view.hand, contract.discard, contract.trumps_first)[0]:
                click_card(app, table, card)
            click(app, table.panel_form.widgets[0].rect.center)
        else:
            click_card(app, table, sorted(table.playable(session.seat))[0])
    assert any(type(e).__name__ == "DealScored" for e in seen)
    own_only(session, table, seen)


def test_two_people_at_the_host_screen_take_turns_with_the_hand_over(app: App) -> None:
    host(app, "twotenjack", {1: "here", 2: "easy"})
    table = remote(app)
    assert table.shared_screen and len(table.sessions) == 2
    seen = spy_events(table)
    handed = set()
    while True:
        until(
            app,
            lambda: (
                (table.awaiting == "human" and not table.busy) or app.scenes.top.name in ("score", "handover")
            ),
        )
        top = app.scenes.top
        if top.name == "score":
            break
        if top.name == "handover":
            handed.add(top.person)
            assert all(not s.face_up for s in table.hand)  # covered while the screen changes hands
            key(app, pygame.K_RETURN, "\r")
            continue
        seat = table.game.to_act
        assert table.hand_seat == seat and {s.code for s in table.hand} == set(table.game.view(seat).hand)
        click_card(app, table, sorted(table.playable(seat))[0])
    assert handed == {"Ada", tr("table.player_n", n=2)}
    assert any(type(e).__name__ == "RoundScored" for e in seen)


def test_an_illegal_card_is_refused_with_the_rules_reason(app: App) -> None:
    session, bot = host(app, "twotenjack", {1: "remote", 2: "easy"})
    assert bot is not None
    table = remote(app)
    for _ in range(40):
        my_turn_or_score(app, table, (bot,))
        if app.scenes.top.name == "score":
            break
        hand, legal = set(table.game.view(0).hand), table.playable(session.seat)
        if hand - legal:
            moves = table.game.moves
            click_card(app, table, sorted(hand - legal)[0])
            until(app, lambda: bool(table.refusal), (bot,))
            assert table.refusal.startswith(("You must", "You may", "The ", "You hold", "Only"))
            assert table.game.moves == moves
            return
        click_card(app, table, sorted(legal)[0])
    pytest.skip("no illegal card came up")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_a_wrong_code_is_refused_with_its_reason(app: App, lang: str) -> None:
    app.apply_settings(app.settings.with_(language=lang))
    server = Background("127.0.0.1", 0)
    port = server.start()
    try:
        page = join_by_typing(app, f"127.0.0.1:{port}", "ZZZZZZ", "Bea")
        assert page.problem == tr("net.error.no_table")
        assert page.problem == {"en": "No table has that code.", "de": "Kein Tisch hat diesen Code."}[lang]
        assert app.scenes.top is page
    finally:
        server.stop()


def test_a_table_nobody_answers_at_is_refused_as_unreachable(app: App) -> None:
    with socket.socket() as probe:  # a port that was free a moment ago: nobody listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert join_by_typing(app, f"127.0.0.1:{port}", "K7PQ4M").problem == tr("net.closed.unreachable")


def test_a_full_table_is_refused_with_its_reason(app: App) -> None:
    session, _ = host(app, "twotenjack", {1: "easy", 2: "easy"})
    step(app)
    app.scenes.push(MenuScene(app))  # a second player at this app's menu, for the test's sake
    page = join_by_typing(app, session.url.removeprefix("ws://"), session.code, "Cleo")
    assert page.problem == tr("net.error.table_full")


def test_a_dropped_connection_rejoins_its_seat(app: App) -> None:
    session, bot = host(app, "twotenjack", {1: "remote", 2: "easy"})
    assert bot is not None
    token = session.joined.token if session.joined else ""
    client = session.client._client
    assert client is not None
    asyncio.run_coroutine_threadsafe(_abort(client.socket), session.client._loop).result(5)
    until(app, lambda: session.away, (bot,))
    until(app, lambda: not session.away and session.joined is not None, (bot,))
    assert session.joined is not None and session.joined.token == token and session.joined.seat == 0
    table = app.scenes.top
    assert isinstance(table, RemoteTable) and table.session is session
    my_turn_or_score(app, table, (bot,))
    assert table.game.view(0).seat == 0


def test_the_others_seats_say_who_is_away(app: App) -> None:
    _, bot = host(app, "twotenjack", {1: "remote", 2: "easy"})
    assert bot is not None
    table = remote(app)
    assert table.seat_name(1) == "Bot" and table.seat_detail(1) != tr("netui.seat.away")
    bot.client.close()
    until(app, lambda: table.seat_detail(1) in (tr("netui.seat.away"), tr("netui.seat.standin")))


async def _abort(socket: Any) -> None:
    socket.transport.abort()


@pytest.mark.parametrize("game", ["twotenjack", "koenigrufen"])
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_computer_at_the_server_starts_the_next_deal(game: str, level: str) -> None:
    """A server asks its computers every turn, the next deal's start too (a desktop starts it itself)."""
    from game.ai.thinker import decide
    from game.journal import new_state
    from game.seating import CardTableSetup, SeatPlayer

    players = 3 if game == "twotenjack" else 4
    state = new_state(CardTableSetup(game, tuple(SeatPlayer(f"C{i}", False) for i in range(players)), 5))
    rng = random.Random(5)
    while state.phase != "scored":
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_act
    action = decide(game, state.view(seat), level, 1).action
    assert type(action).__name__ in ("NextRound", "NextDeal") and action.seat == seat
    state.apply(action)
