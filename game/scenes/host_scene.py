"""Host a table: the game, its rules, who sits where (the host at the first seat, or at the seat named for
who runs the table: Falkenstein's Host; the others people at other machines or at this screen, or computers
where the game has them), then a server on this machine opens the table and the host sits down; the lobby
shows the address and the code the others type."""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.games.falkenstein import scenario as adventure
from game.games.falkenstein.adventures import playable
from game.games.falkenstein.scenario import Scenario
from game.games.koenigrufen.profile import PROFILE_IDS
from game.games.koenigrufen.words import profile_short_name
from game.i18n import language, tr
from game.net import hosted
from game.net.command import PORT, local_address
from game.net.hosted import Hosted
from game.net.protocol import LEVELS, Refusal, SeatRequest, TableRequest
from game.net.remote_game import RemoteSession
from game.net.server import Background
from game.net.table_host import seat_ids
from game.registry import GAMES
from game.scenes import navigation
from game.scenes.form_page import FormPage
from game.scenes.network_table import seat_label
from game.ui import text, theme
from game.ui.salon import Column, label_share, restore_focus
from game.ui.start_rows import choice, labelled_input
from game.ui.widgets import Button, Form, Label

if TYPE_CHECKING:
    from game.app import App

PEOPLE = ("remote", "here")  # a seat besides the host's: a person elsewhere or at this screen…
KINDS = (*PEOPLE, *LEVELS)  # … or a computer, where the game has them


def hosted_games() -> list[str]:
    """The games played over the network."""
    return [g for g, spec in GAMES.items() if spec.privacy is not None]


def seat_range(game: str) -> tuple[int, int]:
    """The fewest and most seats of a networked table of `game`."""
    privacy = GAMES[game].privacy
    return privacy.seats if privacy is not None and privacy.seats is not None else GAMES[game].seats


def kinds_of(game: str) -> tuple[str, ...]:
    return KINDS if GAMES[game].computer is not None else PEOPLE


def seat_kind_name(kind: str) -> str:
    if kind in ("remote", "here"):
        return tr(f"netui.kind.{kind}")
    return tr("netui.kind.computer", level=tr(f"menu.ai_level.{kind}"))


class HostScene(FormPage):
    words = "netui.host"
    name = "host"
    bind = "0.0.0.0"  # every network of this machine (the tests keep to the loopback)
    port = PORT  # tried first, then any free one (the tests, run side by side, take any free one)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.game = hosted_games()[0]
        rules = app.settings.koenigrufen_rules
        self.profile = rules if rules in PROFILE_IDS else PROFILE_IDS[0]
        self.count = {
            g: min(max(3, seat_range(g)[0]), seat_range(g)[1]) for g in hosted_games()
        }  # as at the menu
        self.kinds = ["remote"] * max(
            seat_range(g)[1] for g in hosted_games()
        )  # by seat, in the table's order
        self.away = "computer"
        self.story: Scenario | None = None  # a Falkenstein table's adventure (None: the Host makes it up)
        self.player = ""
        self.problem = ""  # why the table could not be opened
        self.waiting, told = hosted.offered(app.locks)  # offered to resume (or close) before a new one
        if told is not None:
            app.notices.show(told.text(), 10.0)
        elsewhere = hosted.elsewhere(app.locks)
        if elsewhere:  # another copy of Atout on this data folder hosts them: left alone
            app.notices.show(tr("netui.host.elsewhere", codes=", ".join(elsewhere)), 10.0)
        self.offer, self.offer_at = "", pygame.Rect(0, 0, 0, 0)  # what is said of it, and where

    @property
    def players(self) -> int:
        return self.count[self.game]

    @property
    def seats(self) -> list[int | str]:
        """The table's seats, in the order the server lists them."""
        return seat_ids(self.game, self.players)

    @property
    def mine(self) -> int:
        """Where the host sits, in `seats`: the seat named for who runs the table (Falkenstein's Host), if
        the game has one, else the first."""
        return next((i for i, seat in enumerate(self.seats) if isinstance(seat, str)), 0)

    def hint(self) -> str:
        return tr("netui.host.waiting_hint" if self.waiting else "netui.host.hint")

    def relayout(self) -> None:
        focus = self.form.focus_index
        inner = self.lay_panel(1120)
        g = self.g
        if self.waiting is not None:
            self._lay_offer(inner, self.waiting)
            restore_focus(self.form, focus)
            return
        half = (inner.width - g(40)) // 2
        left = Column(inner.x, self.rule_y + g(52), half, g(36), g(8))
        right = Column(inner.x + half + g(40), self.rule_y + g(52), half, g(36), g(8))
        self.headings = [
            (tr("netui.host.table"), (left.x, self.rule_y + g(18))),
            (tr("netui.host.seats"), (right.x, self.rule_y + g(18))),
        ]
        self.form = Form()
        add = self.form.add
        computers = GAMES[self.game].computer is not None
        keys = ("netui.host.game", "krt.menu.rules", "netui.host.story", "menu.players", "netui.host.away")
        labels = [tr(k) for k in keys]
        share = label_share([*labels, tr("menu.your_name")], left.width, g(14))
        games = [(game, tr(f"menu.game.{game}.name")) for game in hosted_games()]
        add(choice(left.next(), tr("netui.host.game"), games, self.game, self._set_game, share))
        if GAMES[self.game].rule_profile is not None:
            profiles = [(p, profile_short_name(p)) for p in PROFILE_IDS]
            add(choice(left.next(), tr("krt.menu.rules"), profiles, self.profile, self._set_profile, share))
        privacy = GAMES[self.game].privacy
        if privacy is not None and privacy.story is not None:
            stories: list[tuple[Scenario | None, str]] = [(None, tr("menu.no_adventure"))]
            stories += [(s, s.title.get(language())) for s in playable()]
            self.story = self.story if self.story in [s for s, _ in stories] else None
            add(choice(left.next(), tr("netui.host.story"), stories, self.story, self._set_story, share))
        low, high = seat_range(self.game)
        if low < high:
            counts = [(n, str(n)) for n in range(low, high + 1)]
            add(choice(left.next(), tr("menu.players"), counts, self.players, self._set_count, share))
        if computers:  # (a game without computers waits for whoever is away)
            aways = [(a, tr(f"netui.away.{a}")) for a in ("computer", "wait")]
            add(choice(left.next(), tr("netui.host.away"), aways, self.away, self._set_away, share))
        labelled_input(
            self.form,
            left.next(),
            tr("menu.your_name"),
            self.player,
            self._set_name,
            tr("table.player_n", n=1),
            share,
        )
        seats, mine = self.seats, self.mine
        label = functools.partial(seat_label, self.game, self.players)
        add(Label(right.next(), tr("netui.host.you", seat=label(seats[mine])), theme.SIZE_BODY, theme.CREAM))
        kinds = [(k, seat_kind_name(k)) for k in kinds_of(self.game)]
        seat_share = label_share([tr("netui.host.seat", n=6), *map(label, seats)], right.width, g(14))
        for i, seat in enumerate(seats):
            if i != mine:
                add(choice(right.next(), label(seat), kinds, self.kinds[i], self._kind(i), seat_share))
        back = pygame.Rect(0, 0, g(220), g(46))
        back.bottomright = inner.bottomright
        self.open_button = Button(back, tr("netui.host.open"), self.open_table, primary=True)
        self.back_button = Button(back.move(-back.width - g(16), 0), tr("settings.back"), self.app.scenes.pop)
        add(self.back_button)
        add(self.open_button)
        self.problem_at = pygame.Rect(inner.x, back.y, self.back_button.rect.x - g(16) - inner.x, back.height)
        restore_focus(self.form, focus)

    def _lay_offer(self, inner: pygame.Rect, waiting: Hosted) -> None:
        """The unfinished table hosted here: resume it, or close it for good (then the page hosts anew)."""
        g = self.g
        self.headings = [(tr("netui.host.waiting"), (inner.x, self.rule_y + g(18)))]
        about = tr(
            "netui.host.waiting_words",
            game=tr(f"menu.game.{waiting.game}.name"),
            code=waiting.code,
            moves=waiting.moves,
        )
        self.offer = about
        self.offer_at = pygame.Rect(inner.x, self.rule_y + g(60), inner.width * 2 // 3, g(200))
        button = pygame.Rect(0, 0, g(260), g(46))
        button.bottomright = inner.bottomright
        resume = Button(button, tr("netui.host.resume"), self.resume_table, primary=True)
        close = Button(button.move(-button.width - g(16), 0), tr("netui.host.close"), self.ask_close)
        back = Button(close.rect.move(-button.width - g(16), 0), tr("settings.back"), self.app.scenes.pop)
        self.form = Form([back, close, resume])
        self.problem_at = pygame.Rect(inner.x, button.y, back.rect.x - g(16) - inner.x, button.height)

    def ask_close(self) -> None:
        """Asks first, naming the table that would be given up."""
        waiting = self.waiting
        assert waiting is not None
        words = tr(
            "netui.host.close_words",
            game=tr(f"menu.game.{waiting.game}.name"),
            code=waiting.code,
            moves=waiting.moves,
        )
        yes = (tr("netui.host.close_yes"), self.close_waiting)
        question = navigation.confirm(
            self.app, tr("netui.host.close_title"), words, yes, tr("netui.end.stay")
        )
        self.app.scenes.push(question)

    def close_waiting(self) -> None:
        """Confirmed: the unfinished table given up (archived, never offered again), and the page offers
        the next one, or a new one (unless another copy of Atout has resumed it meanwhile)."""
        self.app.scenes.pop()  # the question
        waiting = self.waiting
        assert waiting is not None
        if self.app.locks.claim(waiting.slot):
            hosted.archive(waiting.slot)
            self.app.locks.release(waiting.slot, remove=True)
        self.waiting, told = hosted.offered(self.app.locks)
        if told is not None:
            self.app.notices.show(told.text(), 10.0)
        self.problem = ""
        self.relayout()

    def resume_table(self) -> None:
        """The table started again from its journal, on its port if free, with its code; the seats played
        here take themselves back with their tokens (the others' windows rejoin by themselves)."""
        waiting = self.waiting
        assert waiting is not None
        if not self.app.locks.claim(waiting.slot):
            self.problem = tr("netui.host.open_elsewhere", code=waiting.code)
            return
        server = None
        try:
            server, port = _listening(self.bind, waiting.slot, waiting.port)
            if not server.call(lambda s: waiting.code in s.tables):
                raise OSError(tr("netui.host.not_resumed", code=waiting.code))
        except (OSError, TimeoutError) as problem:
            if server is not None:
                server.stop()
            self.app.locks.release(waiting.slot)
            self.problem = tr("netui.host.cannot_open", problem=str(problem))
            return
        url, address = self._addresses(port)
        sessions = [
            RemoteSession(url, server, address, locks=self.app.locks)
            if i == 0
            else RemoteSession(url, None, address)
            for i in range(len(waiting.seats))
        ]
        for session, (_, token) in zip(sessions, waiting.seats, strict=True):
            session.rejoin(waiting.code, token)
        self.app.scenes.replace(navigation.lobby(self.app, sessions, sit=True))

    def _addresses(self, port: int) -> tuple[str, str]:
        """The server's address for this machine's seats, and the one the others type."""
        shown = local_address() if self.bind == "0.0.0.0" else self.bind
        return f"ws://127.0.0.1:{port}", f"{shown}:{port}"

    def _set_game(self, game: str) -> None:
        self.game = game
        self.kinds = [kind if kind in kinds_of(game) else "remote" for kind in self.kinds]
        self.relayout()

    def _set_profile(self, profile: str) -> None:
        self.profile = profile

    def _set_story(self, story: Scenario | None) -> None:
        self.story = story

    def _set_count(self, count: int) -> None:
        self.count[self.game] = count
        self.relayout()

    def _set_away(self, away: str) -> None:
        self.away = away

    def _set_name(self, name: str) -> None:
        self.player = name

    def _kind(self, i: int) -> Callable[[str], None]:
        def setter(kind: str) -> None:
            self.kinds[i] = kind

        return setter

    def request(self) -> TableRequest:
        seats = [
            SeatRequest("remote") if i == self.mine or kind in PEOPLE else SeatRequest("computer", kind)
            for i, kind in enumerate(self.kinds[: self.players])
        ]
        koenigrufen = GAMES[self.game].rule_profile is not None
        profile = self.profile if koenigrufen else None
        deals = self.app.settings.koenigrufen_deals if koenigrufen else None
        away = self.away if GAMES[self.game].computer is not None else "wait"
        privacy = GAMES[self.game].privacy
        told = self.story is not None and privacy is not None and privacy.story is not None
        story = adventure.to_json(self.story) if told and self.story is not None else None
        return TableRequest(self.game, tuple(seats), profile, deals, away, story)

    def open_table(self) -> None:
        """A server on this machine (on Atout's port, or any free one), the table on it, the host seated."""
        server = None
        slot = hosted.new_slot()  # a folder of its own, held by this copy of Atout
        self.app.locks.claim(slot)
        try:
            server, port = _listening(self.bind, slot, self.port)
            request = self.request()
            code = server.call(lambda s: s.create_table(request).code)
        except (OSError, Refusal, TimeoutError) as problem:
            if server is not None:
                server.stop()
            hosted.drop_empty(slot)
            self.app.locks.release(slot, remove=True)
            detail = problem.detail if isinstance(problem, Refusal) else str(problem)
            self.problem = tr("netui.host.cannot_open", problem=detail)
            return
        url, address = self._addresses(port)
        seats, mine = self.seats, self.mine
        host = RemoteSession(url, server, address, locks=self.app.locks)
        host.join(code, self.player.strip() or tr("table.player_n", n=1), seats[mine])
        here = [i for i in range(self.players) if i != mine and self.kinds[i] == "here"]
        sessions = [host] + [RemoteSession(url, None, address) for _ in here]
        people = enumerate(zip(here, sessions[1:], strict=True), start=2)
        for n, (i, session) in people:  # a seat of its own for each person here
            session.join(code, tr("table.player_n", n=n), seats[i])
        self.app.scenes.replace(navigation.lobby(self.app, sessions))

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        self.form.draw(surface)
        if self.waiting is not None:
            text.draw_paragraphs(surface, self.offer, self.offer_at, theme.SIZE_BODY, theme.CREAM)
        if self.problem:
            room = self.problem_at
            lines, size = text.fitted(self.problem, theme.SIZE_SMALL, room.width, room.height)
            at = (room.x, room.centery)
            text.draw_lines(surface, lines, at, size, theme.FAILURE, "left", box=room, pad=0)


def _listening(bind: str, data: Path, first: int) -> tuple[Background, int]:
    """A server journalling its table in `data` (resuming what is there), listening on `first`, or on any
    free one when that is taken."""
    for port in dict.fromkeys((first, 0)):
        server = Background(bind, port, data)
        try:
            return server, server.start()
        except OSError:
            server.stop()
            if port == 0:
                raise
    raise AssertionError("unreachable")
