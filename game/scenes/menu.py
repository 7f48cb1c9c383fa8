"""The first screen: one tab per card tradition, each with its page, its rules in brief and its start.

The start sections only gather who sits where; the tables own the rules. Their choices live on the
scene, outside the widgets, so a resize or a change of language rebuilds the page without losing them.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

import pygame

from game import characters, paths, storage
from game.ai.seeds import match_seed
from game.autosave import current_path
from game.engine.scene import Scene
from game.i18n import language, tr
from game.journal import Journal, decode
from game.rules.falkenstein_session import MAX_CHARACTERS, Character
from game.rules.scenario import Scenario, list_scenarios
from game.scenes.card_setup import CardTableSetup, SeatPlayer
from game.scenes.falkenstein_setup import FalkensteinSetup, SeatSetup
from game.scenes.rules_scene import GAMES, RulesScene, game_tabs
from game.scenes.tables import available, open_table, resume_table
from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.salon import (
    Column,
    Grid,
    Tab,
    backdrop,
    label_share,
    ornament,
    restore_focus,
    split,
)
from game.ui.widgets import Button, Choice, Form, Label, TextInput

if TYPE_CHECKING:
    from game.app import App

FANS: dict[str, tuple[tuple[str, str], ...]] = {
    "falkenstein": (("french", "QH"), ("french", "RJ"), ("french", "AS")),
    "koenigrufen": (("tarock", "I"), ("tarock", "SK"), ("tarock", "XXI")),
    "twotenjack": (("french", "2H"), ("french", "10H"), ("french", "JH")),
}
SEAT_COUNTS = {"koenigrufen": (4,), "twotenjack": (2, 3, 4, 5, 6)}
QUIT_WINDOW = 2.0  # seconds in which a second Escape quits
NAME_LEN = 20
ARROWS = 52  # pixels of a choice box taken by its two arrows

T = TypeVar("T")
Setter = Callable[[Any], None]


class FalkensteinStart:
    """Who plays Château Falkenstein: a hero against the computer Host, or a table of people."""

    def __init__(self, menu: MenuScene) -> None:
        self.menu = menu
        self.mode = "solo"
        self.scenario_id: str | None = None
        self.hero: Character | None = None
        self.player = ""
        self.count = 2
        self.seats: list[Character | None] = [None] * MAX_CHARACTERS
        self.names = [""] * MAX_CHARACTERS
        self.host = ""

    def build(self, form: Form, col: Column, cast: list[Character], scenarios: list[Scenario]) -> Button:
        """Adds the rows of the current mode; returns the Start button."""
        menu = self.menu
        labels = ["menu.mode", "menu.scenario", "menu.hero", "menu.your_name", "menu.cast_count", "menu.host"]
        share = label_share([tr(k) for k in labels], col.width, menu.g(14))
        modes = [("solo", tr("menu.mode.solo")), ("hotseat", tr("menu.mode.hotseat"))]
        form.add(_choice(col.next(), tr("menu.mode"), modes, self.mode, self._set("mode"), share))
        if self.mode == "solo":
            titles = [(s.id, s.title.get(language())) for s in scenarios] or [(None, tr("menu.no_scenario"))]
            self.scenario_id = _kept(self.scenario_id, [v for v, _ in titles])
            self.hero = _kept(self.hero, cast)
            form.add(
                _choice(
                    col.next(), tr("menu.scenario"), titles, self.scenario_id, self._set("scenario_id"), share
                )
            )
            form.add(
                _choice(
                    col.next(),
                    tr("menu.hero"),
                    [(c, c.name) for c in cast],
                    self.hero,
                    self._set("hero"),
                    share,
                )
            )
            _labelled_input(
                form,
                col.next(),
                tr("menu.your_name"),
                self.player,
                self._set("player"),
                tr("menu.player_n", n=1),
                share,
            )
            ready = bool(scenarios)
        else:
            counts = [(n, str(n)) for n in range(1, MAX_CHARACTERS + 1)]
            form.add(
                _choice(col.next(), tr("menu.cast_count"), counts, self.count, self._set("count"), share)
            )
            for i in range(self.count):
                self.seats[i] = _kept(self.seats[i], cast, default=cast[i % len(cast)])
                left, right = split(col.next(), 0.64, 0.36, gap=menu.g(8))
                form.add(_choice(left, "", [(c, c.name) for c in cast], self.seats[i], _store(self.seats, i)))
                form.add(
                    TextInput(
                        right, self.names[i], _store(self.names, i), NAME_LEN, tr("menu.player_n", n=i + 1)
                    )
                )
            _labelled_input(
                form,
                col.next(),
                tr("menu.host"),
                self.host,
                self._set("host"),
                tr("menu.host_default"),
                share,
            )
            ready = True
        left, right = split(col.next(), 1, 1, gap=menu.g(10))
        form.add(Button(left, tr("menu.characters"), menu.open_characters))
        start = Button(right, tr("menu.start"), self.start, enabled=ready, primary=True)
        form.add(start)
        return start

    def _set(self, field: str) -> Setter:
        def setter(value: object) -> None:
            setattr(self, field, value)
            if field in ("mode", "count", "hero"):
                self.menu.relayout()

        return setter

    def setup(self, seed: int) -> FalkensteinSetup:
        if self.mode == "solo":
            assert self.hero is not None
            player = self.player.strip() or tr("menu.player_n", n=1)
            return FalkensteinSetup("solo", (SeatSetup(self.hero, player),), self.scenario_id, seed=seed)
        seats = tuple(
            SeatSetup(character, self.names[i].strip() or tr("menu.player_n", n=i + 1))
            for i, character in enumerate(self.seats[: self.count])
            if character is not None
        )
        host = self.host.strip() or tr("menu.host_default")
        return FalkensteinSetup("hotseat", seats, host_name=host, seed=seed)

    def start(self) -> None:
        from game.scenes.falkenstein_table import FalkensteinTable

        setup = self.setup(match_seed())
        self.menu.app.scenes.replace(FalkensteinTable(self.menu.app, setup))


class CardTableStart:
    """Who sits at a card table: a person or the computer in each seat, and how well the computers play."""

    def __init__(self, menu: MenuScene, game: str, counts: tuple[int, ...]) -> None:
        self.menu, self.game, self.counts = menu, game, counts
        self.count = 3 if 3 in counts else counts[0]
        self.humans = [i == 0 for i in range(max(counts))]
        self.names = [""] * max(counts)
        self.level = "normal"  # every computer seat's level

    def build(self, form: Form, col: Column) -> Button:
        """Adds the seat rows, the computers' level and the Start button; returns the Start button."""
        from game.scenes.card_setup import LEVELS

        self._fit_rows(col, 1 + self.count + 2)
        level_label = tr("menu.ai_level")
        widest = max(text.size_of(words, theme.SIZE_BODY)[0] for words in (tr("menu.players"), level_label))
        share = min(0.6, max(0.25, (widest + self.menu.g(14)) / col.width))  # one edge for both boxes
        if len(self.counts) > 1:
            form.add(
                _choice(
                    col.next(),
                    tr("menu.players"),
                    [(n, str(n)) for n in self.counts],
                    self.count,
                    self._set_count,
                    share,
                )
            )
        else:
            form.add(
                Label(col.next(), tr("menu.players_fixed", n=self.count), theme.SIZE_SMALL, theme.PARCHMENT)
            )
        kinds = [(True, tr("menu.seat.human")), (False, tr("menu.seat.computer"))]
        for i in range(self.count):
            left, right = split(col.next(), 0.46, 0.54, gap=self.menu.g(8))
            form.add(_choice(left, "", kinds, self.humans[i], _store(self.humans, i, self.menu.relayout)))
            placeholder = tr("menu.player_n" if self.humans[i] else "menu.computer_n", n=i + 1)
            form.add(TextInput(right, self.names[i], _store(self.names, i), NAME_LEN, placeholder))
        levels = [(level, tr(f"menu.ai_level.{level}")) for level in LEVELS]
        form.add(_choice(col.next(), level_label, levels, self.level, self._set_level, share))
        if available(self.game):
            start = Button(col.next(), tr("menu.start"), self.start, primary=True)
        else:
            start = Button(col.next(), tr("menu.not_available"), lambda: None, enabled=False)
        form.add(start)
        return start

    def _fit_rows(self, col: Column, rows: int) -> None:
        """Tightens the gaps (then the rows) so six seats, the level and Start stay inside the panel."""
        g = self.menu.g
        room = self.menu.start_panel.bottom - g(14) - col.y
        col.gap = max(g(3), min(col.gap, (room - rows * col.row) // (rows - 1)))
        col.row = min(col.row, (room - (rows - 1) * col.gap) // rows)

    def _set_count(self, count: int) -> None:
        self.count = count
        self.menu.relayout()

    def _set_level(self, level: str) -> None:
        self.level = level

    def setup(self, seed: int) -> CardTableSetup:
        seats = tuple(
            SeatPlayer(
                self.names[i].strip()
                or tr("menu.player_n" if self.humans[i] else "menu.computer_n", n=i + 1),
                bool(self.humans[i]),
                "easy" if self.humans[i] else self.level,
            )
            for i in range(self.count)
        )
        return CardTableSetup(self.game, seats, seed)

    def start(self) -> None:
        setup = self.setup(match_seed())
        self.menu.app.scenes.replace(open_table(self.menu.app, setup))


def _store(items: list[Any], i: int, then: Callable[[], None] | None = None) -> Setter:
    """A callback that keeps a widget's value in `items[i]` (and reacts with `then`)."""

    def setter(value: object) -> None:
        items[i] = value
        if then is not None:
            then()

    return setter


def _kept(value: T | None, options: list[T], default: T | None = None) -> T | None:
    """The previous choice if it is still offered, else the default (or the first option)."""
    if value in options:
        return value
    return default if default is not None else (options[0] if options else None)


def _choice(
    rect: pygame.Rect,
    label: str,
    options: list[tuple[Any, str]],
    value: object,
    on_change: Setter,
    share: float = 0.0,
) -> Choice:
    """A choice whose option names are shortened to fit its box (the arrows take its two ends)."""
    room = rect.width - round(rect.width * share) - ARROWS
    fitted = [(v, text.fit(name, theme.SIZE_BODY, room)) for v, name in options]
    return Choice(rect, label, fitted, value, on_change, share)


def _labelled_input(
    form: Form, row: pygame.Rect, label: str, value: str, on_change: Setter, placeholder: str, share: float
) -> None:
    cut = round(row.width * share)
    form.add(Label(pygame.Rect(row.x, row.y, cut, row.height), label))
    form.add(
        TextInput(
            pygame.Rect(row.x + cut, row.y, row.width - cut, row.height),
            value,
            on_change,
            NAME_LEN,
            placeholder,
        )
    )


def saved_match(app: App) -> tuple[Journal, float] | None:
    """The unfinished match in `current.json` and when it was saved; a bad file is kept aside and told."""
    path = current_path()
    journal, refused = storage.load(path, decode)
    if refused is not None:
        app.notices.show(tr("notice.bad_save", problem=refused.words.text()), 10.0)
    if journal is None or journal.finished:
        return None
    try:
        return journal, path.stat().st_mtime
    except OSError:
        return None


class MenuScene(Scene):
    name = "menu"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.game = GAMES[0]
        self.form = Form()
        self.tabs: list[Tab] = []
        self.falkenstein = FalkensteinStart(self)
        self.card_tables = {game: CardTableStart(self, game, counts) for game, counts in SEAT_COUNTS.items()}
        self.start_button: Button | None = None
        self.rules_button: Button | None = None
        self.settings_button: Button | None = None
        self.continue_button: Button | None = None
        self.saved = saved_match(app)
        self._quit_deadline = -1.0
        self._lines: list[tuple[str, tuple[int, int], float, tuple[int, int, int], bool]] = []
        self._bullets: list[tuple[int, int]] = []
        self._fan: list[tuple[pygame.Surface, pygame.Rect]] = []
        self.g = Grid(app.size)

    # layout -------------------------------------------------------------------------------------
    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        focus = self.form.focus_index
        margin = g(36)
        self.left = pygame.Rect(margin, margin, g(290), h - 2 * margin)
        self.page = pygame.Rect(
            self.left.right + g(22), margin, w - self.left.right - g(22) - margin, h - 2 * margin
        )
        self.form = Form()
        self.tabs = game_tabs(
            Column(self.left.x, g(178), self.left.width, g(68), g(10)), g(22), self.game, self.select
        )
        for tab in self.tabs:
            self.form.add(tab)
        self._layout_page()
        quit_rect = pygame.Rect(self.left.x, self.left.bottom - g(46), self.left.width, g(46))
        self.continue_button = None
        if self.saved:
            journal, saved_at = self.saved
            rect = quit_rect.move(0, -3 * g(56))
            words = tr(
                "menu.continue",
                game=tr(f"menu.game.{journal.game}.name"),
                when=time.strftime("%d/%m %H:%M", time.localtime(saved_at)),
            )
            label = text.fit(words, theme.SIZE_SMALL, rect.width - g(16))
            self.continue_button = Button(rect, label, self.resume, primary=True, size=theme.SIZE_SMALL)
            self.form.add(self.continue_button)
        self.form.add(Button(quit_rect.move(0, -2 * g(56)), tr("menu.history"), self.open_history))
        self.settings_button = Button(quit_rect.move(0, -g(56)), tr("menu.settings"), self.open_settings)
        self.form.add(self.settings_button)
        self.form.add(Button(quit_rect, tr("menu.quit"), self.quit))
        restore_focus(self.form, focus)

    def _layout_page(self) -> None:
        g, page, game = self.g, self.page, self.game
        pad = g(28)
        inner = page.inflate(-2 * pad, -2 * pad)
        info_w = round(inner.width * 0.48)
        info = pygame.Rect(inner.x, inner.y, info_w, inner.height)
        side = pygame.Rect(info.right + g(30), inner.y, inner.right - info.right - g(30), inner.height)
        self._lines, self._bullets = [], []
        y = self._text(
            tr(f"menu.game.{game}.kicker").upper(),
            info.x,
            info.y,
            theme.SIZE_SMALL * 0.9,
            theme.BRASS,
            info.width,
        )
        y = self._text(tr(f"menu.game.{game}.name"), info.x, y, theme.SIZE_H1, theme.CREAM, info.width)
        self._rule = (info.x, info.right, y + g(8))
        y += g(20)
        keys = ("pack", "origin")
        label_w = max(text.size_of(tr(f"menu.{key}") + "  ", theme.SIZE_SMALL, bold=True)[0] for key in keys)
        for key in keys:
            self._lines.append((tr(f"menu.{key}"), (info.x, y), theme.SIZE_SMALL, theme.BRASS_LIGHT, True))
            y = self._text(
                tr(f"menu.game.{game}.{key}"),
                info.x + label_w,
                y,
                theme.SIZE_SMALL,
                theme.PARCHMENT,
                info.width - label_w,
            )
        y += g(10)
        y = self._text(
            tr(f"menu.game.{game}.description"), info.x, y, theme.SIZE_SMALL, theme.CREAM, info.width
        )
        y += g(12)
        rules_rect = pygame.Rect(0, y, g(200), g(38))
        rules_rect.right = info.right
        self.rules_button = Button(rules_rect, tr("menu.read_rules"), self.open_rules, size=theme.SIZE_SMALL)
        self.form.add(self.rules_button)
        heading_h = text.line_height(theme.SIZE_BODY)
        self._text(
            tr("menu.in_brief"),
            info.x,
            rules_rect.centery - heading_h // 2,
            theme.SIZE_BODY,
            theme.BRASS_LIGHT,
            rules_rect.x - info.x,
        )
        y = rules_rect.bottom + g(8)
        bullet_indent, line_h = g(18), text.line_height(theme.SIZE_SMALL)
        for line in tr(f"menu.game.{game}.summary").split("\n"):
            if y + line_h > info.bottom:
                break
            self._bullets.append((info.x + g(5), y + line_h // 2))
            y = self._text(
                line,
                info.x + bullet_indent,
                y,
                theme.SIZE_SMALL,
                theme.CREAM,
                info.width - bullet_indent,
                limit=info.bottom,
            ) + g(3)
        self._layout_fan(side)
        self.start_panel = pygame.Rect(
            side.x - g(14), side.y + g(172), side.width + g(28), side.bottom - side.y - g(172) + g(14)
        )
        col = Column(side.x, self.start_panel.y + g(58), side.width, g(36), g(8))
        if game == "falkenstein":
            cast = characters.all_characters(self.app.notices.show)
            self.start_button = self.falkenstein.build(self.form, col, cast, self._scenarios())
            if self.falkenstein.mode == "solo" and self.falkenstein.hero is not None:
                self._text(
                    characters.describe(self.falkenstein.hero),
                    side.x,
                    col.y + g(6),
                    theme.SIZE_SMALL,
                    theme.PARCHMENT,
                    side.width,
                    limit=self.start_panel.bottom - g(10),
                )
        else:
            self.start_button = self.card_tables[game].build(self.form, col)

    def _text(
        self,
        value: str,
        x: int,
        y: int,
        size: float,
        colour: tuple[int, int, int],
        width: int,
        limit: int | None = None,
    ) -> int:
        """Queues wrapped lines for drawing; returns the y under them."""
        line_h = text.line_height(size)
        for line in text.wrap(value, size, width):
            if limit is not None and y + line_h > limit:
                break
            self._lines.append((line, (x, y), size, colour, False))
            y += line_h
        return y

    def _layout_fan(self, side: pygame.Rect) -> None:
        card_w = self.g(92)
        centre_x, top = side.centerx, side.y + self.g(6)
        self._fan = []
        for i, (pack, code) in enumerate(FANS[self.game]):
            angle = (1 - i) * 12
            image = pygame.transform.rotozoom(self.app.cards.face(pack, code, card_w), angle, 1.0)
            rect = image.get_rect(midtop=(centre_x + (i - 1) * self.g(58), top + abs(i - 1) * self.g(10)))
            self._fan.append((image, rect))

    def _scenarios(self) -> list[Scenario]:
        try:
            return list_scenarios(paths.SCENARIOS)
        except ValueError as exc:
            self.app.notices.show(tr("menu.bad_scenario", problem=str(exc)))
            return []

    # actions ------------------------------------------------------------------------------------
    def select(self, game: str) -> None:
        if game != self.game:
            self.game = game
            self.relayout()

    def resume(self) -> None:
        if self.saved:
            self.app.scenes.replace(resume_table(self.app, self.saved[0]))

    def open_history(self) -> None:
        from game.scenes.history_scene import HistoryScene

        self.app.scenes.push(HistoryScene(self.app))

    def open_settings(self) -> None:
        from game.scenes.settings_scene import SettingsScene

        self.app.scenes.push(SettingsScene(self.app))

    def open_rules(self) -> None:
        self.app.scenes.push(RulesScene(self.app, self.game))

    def open_characters(self) -> None:
        from game.scenes.characters_scene import CharactersScene

        self.app.scenes.push(CharactersScene(self.app))

    def quit(self) -> None:
        self.app.running = False

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event) or event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_1, pygame.K_2, pygame.K_3):
            self.select(GAMES[event.key - pygame.K_1])
        elif event.key == pygame.K_ESCAPE:
            if self.scheduler.now <= self._quit_deadline:
                self.quit()
            else:
                self._quit_deadline = self.scheduler.now + QUIT_WINDOW
                self.app.notices.show(tr("menu.escape_again"), QUIT_WINDOW)

    # drawing ------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        g = self.g
        surface.blit(backdrop(self.app.size, self.app.vintage), (0, 0))
        title = text.draw(
            surface,
            tr("app.title"),
            (self.left.x, self.left.y - g(8)),
            theme.SIZE_TITLE * 1.2,
            theme.BRASS_LIGHT,
            bold=True,
            shadow=True,
        )
        text.draw(
            surface,
            tr("menu.tagline"),
            (self.left.x + g(2), title.bottom - g(6)),
            theme.SIZE_SMALL,
            theme.PARCHMENT,
            italic=True,
        )
        ornament(surface, self.left.x, self.left.right, self.tabs[0].rect.y - g(16))
        draw_panel(surface, self.page, "panel")
        self._draw_start_panel(surface)
        for line, pos, size, colour, bold in self._lines:
            text.draw(surface, line, pos, size, colour, bold=bold)
        ornament(surface, *self._rule)
        for x, y in self._bullets:
            d = g(4)
            pygame.draw.polygon(surface, theme.BRASS, [(x, y - d), (x + d, y), (x, y + d), (x - d, y)])
        for image, rect in self._fan:
            surface.blit(image, rect)
        self.form.draw(surface)

    def _draw_start_panel(self, surface: pygame.Surface) -> None:
        g, rect = self.g, self.start_panel
        draw_panel(surface, rect, "glass")
        text.draw(
            surface,
            tr("menu.new_game"),
            (rect.x + g(14), rect.y + g(12)),
            theme.SIZE_H2 * 0.9,
            theme.BRASS_LIGHT,
        )
