"""The start section of a card table (Königrufen, Two-Ten-Jack, any game seated the same way): a person or
the computer in each seat (or an engine, where the command line seated one), their names, and how well the
computers play."""

from __future__ import annotations

from game.ai import external
from game.ai.seeds import match_seed
from game.game_spec import GameSpec
from game.i18n import tr
from game.scenes import navigation
from game.seating import LEVELS, CardTableSetup, SeatPlayer
from game.ui import text, theme
from game.ui.salon import Column, split
from game.ui.start_rows import NAME_LEN, Page, choice, store
from game.ui.widgets import Button, Form, Label, TextInput


class CardTableStart:
    """Who sits at a card table: a person or the computer in each seat, and how well the computers play.
    A game with rules to choose adds its rows (`option_rows`, `add_options`) above the level."""

    option_rows = 0

    def __init__(self, menu: Page, game: GameSpec) -> None:
        counts = tuple(range(game.seats[0], game.seats[1] + 1))
        self.menu, self.game, self.counts = menu, game.id, counts
        self.count = 3 if 3 in counts else counts[0]
        self.engines = dict(menu.app.engines)  # seat -> an engine's command, from the command line
        self.kinds = [
            "engine" if i in self.engines else "human" if i == 0 else "computer" for i in range(max(counts))
        ]
        self.names = [""] * max(counts)
        self.level = "normal"  # every computer seat's level

    def build(self, form: Form, col: Column) -> Button:
        """Adds the seat rows, the computers' level and the Start button; returns the Start button."""
        self._fit_rows(col, 1 + self.count + 2 + self.option_rows)
        level_label = tr("menu.ai_level")
        widest = max(text.size_of(words, theme.SIZE_BODY)[0] for words in (tr("menu.players"), level_label))
        share = min(0.6, max(0.25, (widest + self.menu.g(14)) / col.width))  # one edge for both boxes
        if len(self.counts) > 1:
            form.add(
                choice(
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
        for i in range(self.count):
            left, right = split(col.next(), 0.46, 0.54, gap=self.menu.g(8))
            kinds = [("human", tr("menu.seat.human")), ("computer", tr("menu.seat.computer"))]
            if i in self.engines:
                kinds.append(("engine", tr("engine.seat")))
            form.add(choice(left, "", kinds, self.kinds[i], store(self.kinds, i, self.menu.relayout)))
            form.add(TextInput(right, self.names[i], store(self.names, i), NAME_LEN, self._placeholder(i)))
        self.add_options(form, col, share)
        levels = [(level, tr(f"menu.ai_level.{level}")) for level in LEVELS]
        form.add(choice(col.next(), level_label, levels, self.level, self._set_level, share))
        start = Button(col.next(), tr("menu.start"), self.start, primary=True)
        form.add(start)
        return start

    def add_options(self, form: Form, col: Column, share: float) -> None:
        """The game's own rows (`option_rows` of them); none by default."""

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

    def _placeholder(self, i: int) -> str:
        """A seat's name until one is typed: "Player 1", "Computer 2", or the engine's."""
        if self.kinds[i] == "engine":
            return external.label(self.engines[i])
        return tr("menu.player_n" if self.kinds[i] == "human" else "menu.computer_n", n=i + 1)

    def setup(self, seed: int) -> CardTableSetup:
        seats = tuple(
            SeatPlayer(
                self.names[i].strip() or self._placeholder(i),
                self.kinds[i] == "human",
                {"human": "easy", "engine": external.TAKEOVER}.get(self.kinds[i], self.level),
                self.engines[i] if self.kinds[i] == "engine" else "",
            )
            for i in range(self.count)
        )
        return CardTableSetup(self.game, seats, seed, deals=self.deals(), rules=self.rules())

    def rules(self) -> object | None:
        """The rule profile the table plays (None: the game's default)."""
        return None

    def deals(self) -> int | None:
        """How many deals the match lasts (None: the game's default)."""
        return None

    def note(self) -> str:
        return ""

    def summary_key(self) -> str:
        """The key of the game's rules in brief on the menu page."""
        return f"menu.game.{self.game}.summary"

    def start(self) -> None:
        setup = self.setup(match_seed())
        self.menu.app.scenes.replace(navigation.table(self.menu.app, setup))
