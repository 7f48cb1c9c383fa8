"""The menu's start section for Château Falkenstein: a hero against the computer Host (solo, a scenario), or
a table of people with a human Host (hot seat)."""

from __future__ import annotations

from game.ai.seeds import match_seed
from game.game_spec import GameSpec
from game.games.falkenstein import characters
from game.games.falkenstein.scenario import Scenario, list_scenarios
from game.games.falkenstein.session import MAX_CHARACTERS, Character
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.i18n import language, tr
from game.paths import SCENARIOS
from game.scenes import navigation
from game.ui.salon import Column, label_share, split
from game.ui.start_rows import NAME_LEN, Page, Setter, choice, kept, labelled_input, store
from game.ui.widgets import Button, Form, TextInput


class FalkensteinStart:
    """Who plays Château Falkenstein: a hero against the computer Host, or a table of people."""

    def __init__(self, menu: Page, game: GameSpec) -> None:
        self.menu = menu
        self.mode = "solo"
        self.scenario_id: str | None = None
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
        labels = ["menu.mode", "menu.scenario", "menu.hero", "menu.your_name", "menu.cast_count", "menu.host"]
        share = label_share([tr(k) for k in labels], col.width, menu.g(14))
        modes = [("solo", tr("menu.mode.solo")), ("hotseat", tr("menu.mode.hotseat"))]
        form.add(choice(col.next(), tr("menu.mode"), modes, self.mode, self._set("mode"), share))
        if self.mode == "solo":
            titles: list[tuple[str | None, str]] = [(s.id, s.title.get(language())) for s in scenarios]
            if not titles:
                titles = [(None, tr("menu.no_scenario"))]
            self.scenario_id = kept(self.scenario_id, [v for v, _ in titles])
            self.hero = kept(self.hero, cast)
            form.add(
                choice(
                    col.next(), tr("menu.scenario"), titles, self.scenario_id, self._set("scenario_id"), share
                )
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
            return FalkensteinSetup("solo", (SeatSetup(self.hero, player),), self.scenario_id, seed=seed)
        seats = tuple(
            SeatSetup(character, self.names[i].strip() or tr("menu.player_n", n=i + 1))
            for i, character in enumerate(self.seats[: self.count])
            if character is not None
        )
        host = self.host.strip() or tr("menu.host_default")
        return FalkensteinSetup("hotseat", seats, host_name=host, seed=seed)

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

    def _scenarios(self) -> list[Scenario]:
        try:
            return list_scenarios(SCENARIOS)
        except ValueError as exc:
            self.menu.app.notices.show(tr("menu.bad_scenario", problem=str(exc)))
            return []
