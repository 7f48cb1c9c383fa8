"""Drives the desktop at a networked table, headless, with real input through the real scene manager (shared
by the network scene tests): the app hosting from the menu, joining by typing, bot players at other
"machines" (`TableClient`s on the loopback), and waiting frame by frame for the network, never sleeping."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pygame
import pytest
from scene_driver import click, step

from game.app import App
from game.i18n import tr
from game.net.client import TableClient, Update
from game.net.remote_game import RemoteSession
from game.scenes.host_scene import HostScene
from game.scenes.lobby_scene import LobbyScene
from game.scenes.menu import MenuScene
from game.scenes.network_table import NetworkTable, seat_label
from game.settings import Settings
from game.ui.widgets import Button, Choice, TextInput

FRAMES = 20_000  # a bound on the frames a test waits through (the network answers within a few)
NETWORK_WAIT = 0.005  # seconds a frame waits at most for the network when nothing has come
BOTS: list[Bot] = []  # the bots of the test running, closed after it


def desktop(monkeypatch: pytest.MonkeyPatch) -> Iterator[App]:
    """The app at its menu, in English, its animations instant; every connection it left open closed after."""
    monkeypatch.setattr(HostScene, "bind", "127.0.0.1")  # the loopback only
    monkeypatch.setattr(HostScene, "port", 0)  # any free port: test processes side by side never share one
    app = App(settings=Settings(language="en", anim_speed="instant", think_time=0.0))
    app.scenes.push(MenuScene(app))
    step(app)
    yield app
    for session in sessions(app):
        session.close()
    while BOTS:
        BOTS.pop().client.close()


class Bot:
    """A player at another machine: joins the code's seat `seat` (or the first free one) and plays at random
    when asked (`choose` picks among the legal actions)."""

    def __init__(
        self,
        url: str,
        code: str,
        seed: int,
        seat: int | str | None = None,
        name: str = "Bot",
        choose: Callable[[random.Random, tuple[Any, ...]], Any] = lambda rng, legal: rng.choice(legal),
    ) -> None:
        self.client = TableClient(url)
        self.client.join(code, name, seat)
        self.rng = random.Random(seed)
        self.choose = choose
        self.updates: list[Update] = []
        self.messages: list[Any] = []
        BOTS.append(self)

    def play(self, wait: float = 0.0) -> None:
        """Answers what has come; with `wait`, first blocks that many seconds at most for a message (the app
        not stepped meanwhile, so a window of this machine cannot act in between)."""
        first = self.client.next(wait) if wait else None
        for message in ([] if first is None else [first]) + self.client.poll():
            self.messages.append(message)
            if isinstance(message, Update):
                self.updates.append(message)
                state = self.client.state
                if message.legal and state is not None and message.moves == state.moves:
                    self.client.act(self.choose(self.rng, message.legal))


def button(app: App, label: str) -> Button:
    scene = app.scenes.top
    return next(w for w in scene.form.widgets if isinstance(w, Button) and w.label == label)


def until(app: App, condition: Callable[[], bool], bots: tuple[Bot, ...] = ()) -> None:
    """Steps the app (and answers for the bots) until `condition` holds. Between two frames it waits for the
    network, a few milliseconds at most: frames stepped back to back would starve the connections' threads
    of the interpreter's lock (the app's own loop waits for the next frame), and a quiet machine then never
    sees the table answer."""
    for _ in range(FRAMES):
        if condition():
            return
        for bot in bots:
            bot.play()
        app.step(1 / 20)
        clients = [session.client for session in sessions(app)] + [bot.client for bot in bots]
        if clients and not any(client.wait(0) for client in clients):
            clients[0].wait(NETWORK_WAIT)
    raise AssertionError("the table did not get there")


def sessions(app: App) -> list[RemoteSession]:
    """The connections of the windows open in the app."""
    found = []
    for scene in app.scenes.stack:
        for session in getattr(scene, "sessions", [getattr(scene, "session", None)]):
            if isinstance(session, RemoteSession):
                found.append(session)
    return found


def choice_row(page: Any, label: str) -> Choice:
    return next(w for w in page.form.widgets if isinstance(w, Choice) and w.label == label)


def host(
    app: App, game: str, seats: dict[int, str], players: int | None = None, story: str = ""
) -> tuple[RemoteSession, Bot | None]:
    """Host a table from the menu by clicks: the game, the number of seats, then each seat's kind (remote,
    here or a level; by its place in the page's list), the adventure titled `story` (Falkenstein); a bot
    takes the first remote seat."""
    click(app, button(app, tr("netui.menu.host")).rect.center)
    page = app.scenes.top
    assert isinstance(page, HostScene)
    while page.game != game:
        games = choice_row(page, tr("netui.host.game"))
        click(app, (games.box.right - 10, games.box.centery))
    while players is not None and page.players != players:
        count = choice_row(page, tr("menu.players"))
        click(app, (count.box.right - 10, count.box.centery))
    for seat, kind in seats.items():
        while page.kinds[seat] != kind:
            row = choice_row(page, seat_label(page.game, page.players, page.seats[seat]))
            click(app, (row.box.right - 10, row.box.centery))
    while story and choice_row(page, tr("netui.host.story")).options[page_story(page)][1] != story:
        row = choice_row(page, tr("netui.host.story"))
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
    assert "Ada" in [s.name for s in session.seats if s.kind == "remote"]
    click(app, button(app, tr("netui.lobby.sit")).rect.center)
    remote(app)
    return session, bot


def page_story(page: HostScene) -> int:
    """Which of the Host page's adventures is chosen."""
    return choice_row(page, tr("netui.host.story")).index


def remote(app: App) -> NetworkTable:
    """The networked table on the stack (under a hand-over screen, perhaps)."""
    return next(scene for scene in app.scenes.stack if isinstance(scene, NetworkTable))


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


def spy_events(table: Any) -> list[Any]:
    """Every event the table is given to show, from now on (and those queued)."""
    seen: list[Any] = list(table.queue)
    original = table.enqueue

    def enqueue(events: list[Any]) -> None:
        seen.extend(events)
        original(events)

    table.enqueue = enqueue
    return seen
