"""The menu's start section for Château Falkenstein: a hero against the computer Host (solo, an adventure), or
a table of people with a human Host (hot seat, with an adventure or without); and the way to the adventure
editor ("Write an adventure")."""

from __future__ import annotations

from collections.abc import Callable

from game.ai.seeds import match_seed
from game.game_spec import GameSpec
from game.games.falkenstein import adventures, characters
from game.games.falkenstein.scenario import Scenario
from game.games.falkenstein.session import MAX_CHARACTERS, Character
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.i18n import language, tr
from game.scenes import navigation
from game.storage import FileProblem, Refused
from game.ui.salon import Column, label_share, split
from game.ui.start_rows import NAME_LEN, Page, Setter, choice, kept, labelled_input, store
from game.ui.widgets import Button, Form, TextInput


class FalkensteinStart:
    """Who plays Château Falkenstein: a hero against the computer Host, or a table of people."""

    def __init__(self, menu: Page, game: GameSpec) -> None:
        self.menu = menu
        self.mode = "solo"
        self.scenario: Scenario | None = None  # solo: the adventure played
        self.hosted: Scenario | None = None  # hot seat: the Host's adventure, or None to make it up
        self.hero: Character | None = None
        self.player = ""
        self.count = 2
        self.seats: list[Character | None] = [None] * MAX_CHARACTERS
        self.names = [""] * MAX_CHARACTERS
        self.host = ""

    def build(self, form: Form, col: Column) -> Button:
        """Adds the rows of the current mode; returns the Start button."""
        menu = self.menu
        cast = characters.all_characters(menu.app.notices.show)
        scenarios = self._scenarios()
        rows = 5 if self.mode == "solo" else 5 + self.count  # with the buttons' row
        room = menu.start_panel.bottom - menu.g(10) - col.y
        if rows * (col.row + col.gap) > room:  # four characters and an adventure: the rows draw closer
            col.gap = menu.g(4)
            col.row = room // rows - col.gap
        labels = ["menu.mode", "menu.scenario", "menu.hero", "menu.your_name", "menu.cast_count", "menu.host"]
        share = label_share([tr(k) for k in labels], col.width, menu.g(14))
        modes = [("solo", tr("menu.mode.solo")), ("hotseat", tr("menu.mode.hotseat"))]
        form.add(choice(col.next(), tr("menu.mode"), modes, self.mode, self._set("mode"), share))
        titles: list[tuple[Scenario | None, str]] = [(s, s.title.get(language())) for s in scenarios]
        if self.mode == "solo":
            if not titles:
                titles = [(None, tr("menu.no_scenario"))]
            self.scenario = kept(self.scenario, [v for v, _ in titles])
            self.hero = kept(self.hero, cast)
            form.add(
                choice(col.next(), tr("menu.scenario"), titles, self.scenario, self._set("scenario"), share)
            )
            form.add(
                choice(
                    col.next(),
                    tr("menu.hero"),
                    [(c, c.name) for c in cast],
                    self.hero,
                    self._set("hero"),
                    share,
                )
            )
            labelled_input(
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
            titles.insert(0, (None, tr("menu.no_adventure")))
            self.hosted = kept(self.hosted, [v for v, _ in titles])
            form.add(choice(col.next(), tr("menu.scenario"), titles, self.hosted, self._set("hosted"), share))
            counts = [(n, str(n)) for n in range(1, MAX_CHARACTERS + 1)]
            form.add(choice(col.next(), tr("menu.cast_count"), counts, self.count, self._set("count"), share))
            for i in range(self.count):
                self.seats[i] = kept(self.seats[i], cast, default=cast[i % len(cast)])
                left, right = split(col.next(), 0.64, 0.36, gap=menu.g(8))
                form.add(choice(left, "", [(c, c.name) for c in cast], self.seats[i], store(self.seats, i)))
                form.add(
                    TextInput(
                        right, self.names[i], store(self.names, i), NAME_LEN, tr("menu.player_n", n=i + 1)
                    )
                )
            labelled_input(
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
        form.add(Button(left, tr("menu.characters"), self.open_characters))
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
            hero = (SeatSetup(self.hero, player),)
            return FalkensteinSetup("solo", hero, seed=seed, scenario=self.scenario)
        seats = tuple(
            SeatSetup(character, self.names[i].strip() or tr("menu.player_n", n=i + 1))
            for i, character in enumerate(self.seats[: self.count])
            if character is not None
        )
        host = self.host.strip() or tr("menu.host_default")
        return FalkensteinSetup("hotseat", seats, host_name=host, seed=seed, scenario=self.hosted)

    def summary_key(self) -> str:
        """The key of the game's rules in brief on the menu page."""
        return "menu.game.falkenstein.summary"

    def note(self) -> str:
        """Under the rows: the chosen hero's sketch, in solo."""
        return characters.describe(self.hero) if self.mode == "solo" and self.hero is not None else ""

    def start(self) -> None:
        setup = self.setup(match_seed())
        self.menu.app.scenes.replace(navigation.table(self.menu.app, setup))

    def open_characters(self) -> None:
        app = self.menu.app
        app.scenes.push(navigation.scene(app, "game.games.falkenstein.characters_scene:CharactersScene"))

    def heading_button(self) -> tuple[str, Callable[[], None]]:
        """The button beside the start panel's heading: the adventure editor."""
        return tr("editor.open"), self.open_editor

    def open_editor(self) -> None:
        app = self.menu.app
        app.scenes.push(navigation.scene(app, "game.games.falkenstein.editor_scene:EditorScene"))

    def _scenarios(self) -> list[Scenario]:
        """Every adventure to play: Atout's and the player's finished ones (a bad file kept aside, told)."""
        refused: list[Refused] = []
        try:
            found = adventures.playable(refused)
        except FileProblem as problem:  # one of Atout's own: a fault of ours, said, not fatal
            self.menu.app.notices.show(tr("menu.bad_scenario", problem=problem.words.text()))
            found = []
        for told in refused:
            self.menu.app.notices.show(tr("editor.bad_file", problem=told.words.text()), 10.0)
        return found
