"""The desktop at a networked table, driven headless with real input through the real scene manager: the
menu's "Host a table" opens a Background server on the loopback and sits the app at seat 0, the other
seats are a bot client (a `TableClient` playing at random) and computers at the server; the app plays its
cards by clicks to the end of a deal, never holding another seat's hand; a wrong code is refused with its
reason; a dropped connection rejoins its seat."""

from __future__ import annotations

import asyncio
import random
import socket
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from scene_driver import click, key, step

from game.app import App
from game.game_spec import HIDDEN
from game.games.koenigrufen.cards import legal_discards
from game.i18n import tr
from game.net.client import TableClient, Update
from game.net.remote_game import RemoteSession
from game.net.server import Background
from game.scenes.host_scene import HostScene
from game.scenes.lobby_scene import LobbyScene
from game.scenes.menu import MenuScene
from game.scenes.remote_table import RemoteTable
from game.settings import Settings
from game.ui import text
from game.ui.widgets import Button, Choice, TextInput

FRAMES = 20_000  # a bound on the frames a test waits through (the network answers within a few)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    monkeypatch.setattr(HostScene, "bind", "127.0.0.1")  # the loopback only
    app = App(settings=Settings(language="en", anim_speed="instant", think_time=0.0))
    app.scenes.push(MenuScene(app))
    step(app)
    yield app
    for scene in app.scenes.stack:
        session = getattr(scene, "session", None)
        if isinstance(session, RemoteSession):
            session.close()


class Bot:
    """A player at another machine: joins the code's first free seat and plays at random when asked."""

    def __init__(self, url: str, code: str, seed: int) -> None:
        self.client = TableClient(url)
        self.client.join(code, "Bot")
        self.rng = random.Random(seed)
        self.updates: list[Update] = []

    def play(self) -> None:
        for message in self.client.poll():
            if isinstance(message, Update):
                self.updates.append(message)
                state = self.client.state
                if message.legal and state is not None and message.moves == state.moves:
                    self.client.act(self.rng.choice(message.legal))


def button(app: App, label: str) -> Button:
    scene = app.scenes.top
    return next(w for w in scene.form.widgets if isinstance(w, Button) and w.label == label)


def until(app: App, condition: Callable[[], bool], bots: tuple[Bot, ...] = ()) -> None:
    for _ in range(FRAMES):
        if condition():
            return
        for bot in bots:
            bot.play()
        app.step(1 / 20)
    raise AssertionError("the table did not get there")


def host(app: App, game: str, seats: dict[int, str]) -> tuple[RemoteSession, Bot | None]:
    """Host a table from the menu by clicks: the game, then each seat's kind (remote or a level)."""
    click(app, button(app, tr("netui.menu.host")).rect.center)
    page = app.scenes.top
    assert isinstance(page, HostScene)
    games = next(w for w in page.form.widgets if isinstance(w, Choice) and w.label == tr("netui.host.game"))
    while page.game != game:
        click(app, (games.box.right - 10, games.box.centery))
        games = next(
            w for w in page.form.widgets if isinstance(w, Choice) and w.label == tr("netui.host.game")
        )
    for seat, kind in seats.items():
        while page.kinds[seat] != kind:
            row = next(
                w
                for w in page.form.widgets
                if isinstance(w, Choice) and w.label == tr("netui.host.seat", n=seat + 1)
            )
            click(app, (row.box.right - 10, row.box.centery))
    name = next(w for w in page.form.widgets if isinstance(w, TextInput))
    click(app, name.rect.center)
    for letter in "Ada":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    step(app)
    click(app, button(app, tr("netui.host.open")).rect.center)
    lobby = app.scenes.top
    assert isinstance(lobby, LobbyScene), getattr(lobby, "problem", "")
    session = lobby.session
    until(app, lambda: session.joined is not None)
    assert session.server is not None and session.address.endswith(str(session.url.rsplit(":", 1)[1]))
    bot = Bot(session.url, session.code, 7) if "remote" in seats.values() else None
    bots = (bot,) if bot else ()
    until(app, lambda: lobby.ready and all(s.present for s in session.seats), bots)
    assert [s.name for s in session.seats if s.kind == "remote"][:1] == ["Ada"]
    click(app, button(app, tr("netui.lobby.sit")).rect.center)
    remote(app)
    return session, bot


def remote(app: App) -> RemoteTable:
    """The remote table on the stack (under a hand-over screen, perhaps)."""
    return next(scene for scene in app.scenes.stack if isinstance(scene, RemoteTable))


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


def spy_events(table: RemoteTable) -> list[Any]:
    seen: list[Any] = list(table.queue)
    original = table.enqueue

    def enqueue(events: list[Any]) -> None:
        seen.extend(events)
        original(events)

    table.enqueue = enqueue  # type: ignore[method-assign]
    return seen


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


def join_by_typing(app: App, *typed: str) -> Any:
    """The menu's Join page, the address, the code and the name typed in, Join clicked: the page."""
    click(app, button(app, tr("netui.menu.join")).rect.center)
    page = app.scenes.top
    fields = [w for w in page.form.widgets if isinstance(w, TextInput)]
    for field, words in zip(fields, typed, strict=False):
        click(app, field.rect.center)
        for letter in words:
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=letter))
        step(app)
    click(app, button(app, tr("netui.join.button")).rect.center)
    until(app, lambda: bool(page.problem) or page.session is None)
    return page


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


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_host_page_says_chateau_falkenstein_is_played_at_one_screen(app: App, lang: str) -> None:
    app.apply_settings(app.settings.with_(language=lang))
    click(app, button(app, tr("netui.menu.host")).rect.center)
    page = app.scenes.top
    assert isinstance(page, HostScene)
    games = next(w for w in page.form.widgets if isinstance(w, Choice) and w.label == tr("netui.host.game"))
    assert "falkenstein" not in [value for value, _ in games.options]
    says = {
        "en": "Château Falkenstein is played at one screen for now, not over the network",
        "de": "Château Falkenstein wird vorerst an einem Bildschirm gespielt, nicht über das Netzwerk",
        "fr": "Château Falkenstein se joue pour l'instant à un seul écran, pas en réseau",
    }[lang]
    assert [note for note in page.notes() if note.startswith(says)]
    drawn: list[str] = []
    spy = pygame.Surface(app.size)
    real = text.draw
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(text, "draw", lambda s, words, *a, **k: drawn.append(words) or real(s, words, *a, **k))
        page.draw(spy)
    shown = " ".join(drawn)
    assert "Château Falkenstein" in shown and page.note_at.y < page.back_button.rect.y


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
