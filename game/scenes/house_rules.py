"""The house-rules page: the group picks the Königrufen profile to start from and changes what it plays
differently, each contract's value won and lost per opponent and the named options. Every change is
checked whole (the rules core must make sense of it), then saved with the settings at once and chosen as
the rules of the next table; a change that cannot be played is refused with its reason."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.games.koenigrufen import house, profile
from game.games.koenigrufen.profile import Profile
from game.games.koenigrufen.words import contract_line, contract_name, profile_name
from game.i18n import tr
from game.scenes import navigation
from game.scenes.form_page import FormPage
from game.storage import FileProblem
from game.ui import text, theme
from game.ui.salon import Column, Grid, restore_focus, split
from game.ui.widgets import Button, Choice, Form, Toggle

if TYPE_CHECKING:
    from game.app import App


LABEL_SHARE = 0.64  # of an option's row, for its name


class HouseRulesScene(FormPage):
    words = "krt.house"
    name = "houserules"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.notes: list[tuple[str, tuple[int, int], int, bool]] = []  # words, where, width, in play

    @property
    def rules(self) -> Profile:
        """The house profile being edited: the saved one, else a copy of the profile in use."""
        s = self.app.settings
        return s.koenigrufen_house or house.based_on(house.in_use(s.koenigrufen_rules, None))

    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        focus = self.form.focus_index
        margin = g(36)
        self.panel = pygame.Rect(0, 0, min(w - 2 * margin, g(1180)), h - 2 * margin)
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-2 * g(32), -2 * g(24))
        self.title_at = inner.topleft
        self.rule_y = inner.y + g(58)
        left_w = round(inner.width * 0.4)
        self.form, self.headings, self.notes = Form(), [], []
        rules, add = self.rules, self.form.add
        col = Column(inner.x, self.rule_y + g(14), left_w, g(34), g(7))
        self._heading(col, "krt.house.start")
        bases = [(p, profile_name(p)) for p in profile.PROFILE_IDS]
        add(Choice(col.next(), "", bases, house.base_of(rules).id, self._start_from))
        self._heading(col, "krt.house.options")
        for name in house.OPTIONS:
            on = house.option(rules, name)
            if on is not None:
                label = tr(f"krt.option.{name}")
                toggle = Toggle(
                    col.next(), label, on, self._switch(name), tr("settings.on"), tr("settings.off")
                )
                toggle.label_width = LABEL_SHARE
                add(toggle)
        bottom = inner.bottom - g(46)
        read = Button(
            pygame.Rect(inner.x, bottom, left_w // 2 - g(4), g(46)), tr("krt.house.read"), self._read
        )
        back = Button(
            pygame.Rect(read.rect.right + g(8), bottom, read.rect.width, g(46)),
            tr("settings.back"),
            self.app.scenes.pop,
        )
        add(read)
        add(back)
        right = pygame.Rect(
            inner.x + left_w + g(36), self.rule_y + g(14), inner.right - inner.x - left_w - g(36), 0
        )
        self._contracts(right, inner.bottom, rules)
        restore_focus(self.form, focus)

    def _contracts(self, area: pygame.Rect, bottom: int, rules: Profile) -> None:
        """One row per contract of the base profile's ladder: its name and what it is, whether it is
        played, then its value won and lost."""
        g = self.g
        self.headings.append((tr("krt.house.contracts"), (area.x, area.y + g(8))))
        top = area.y + g(40)
        ladder = house.base_of(rules).contracts
        row_h = min(g(40), (bottom - top) // max(1, len(ladder)))
        played = {c.id: c for c in rules.contracts}
        in_play = [(True, tr("settings.on")), (False, tr("settings.off"))]
        won = [(v, f"+{v}") for v in house.VALUES]
        lost = [(v, f"−{v}") for v in house.VALUES]
        for i, base in enumerate(ladder):
            row = pygame.Rect(area.x, top + i * row_h, area.width, row_h - g(4))
            name_cell, play_cell, won_cell, lost_cell = split(row, 0.44, 0.18, 0.19, 0.19, gap=g(6))
            contract = played.get(base.id)
            lit = contract is not None
            self.notes.append((contract_name(base.id), name_cell.topleft, 0, lit))
            line = contract_line(contract or base)
            self.notes.append((line, (name_cell.x, name_cell.y + g(19)), name_cell.width, lit))
            self.form.add(Choice(play_cell, "", in_play, lit, self._play(base.id)))
            if contract is not None:
                self.form.add(Choice(won_cell, "", won, contract.value, self._value(base.id, True)))
                self.form.add(Choice(lost_cell, "", lost, contract.lost_value, self._value(base.id, False)))

    def _heading(self, col: Column, key: str) -> None:
        self.headings.append((tr(key), (col.x, col.y + self.g(8))))
        col.skip(self.g(32))

    # changes ---------------------------------------------------------------------------------------
    def _save(self, change: Callable[[], Profile]) -> None:
        """Applies an edit if the rules make sense of it, else says why; either way the page shows what
        is saved."""
        try:
            edited = change()
        except FileProblem as exc:
            self.app.notices.show(tr("krt.house.refused", problem=exc.words.text()))
        else:
            self.app.apply_settings(
                self.app.settings.with_(koenigrufen_house=edited, koenigrufen_rules=house.HOUSE)
            )
        self.relayout()

    def _start_from(self, base_id: str) -> None:
        self._save(lambda: house.based_on(profile.load(base_id)))

    def _switch(self, name: str) -> Callable[[bool], None]:
        return lambda on: self._save(lambda: house.with_option(self.rules, name, on))

    def _play(self, contract_id: str) -> Callable[[bool], None]:
        return lambda on: self._save(lambda: house.with_contract(self.rules, contract_id, on))

    def _value(self, contract_id: str, won: bool) -> Callable[[int], None]:
        def change(value: int) -> None:
            rules = self.rules
            self._save(lambda: house.with_value(rules, contract_id, **{"won" if won else "lost": value}))

        return change

    def _read(self) -> None:
        self.app.scenes.push(navigation.rules(self.app, "koenigrufen"))

    # input and drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        for words, pos, width, lit in self.notes:
            if width:
                size = theme.SIZE_SMALL - 5
                colour = theme.PARCHMENT if lit else theme.DIM
                text.draw(surface, text.fit(words, size, width), pos, size, colour)
            else:
                text.draw(
                    surface, words, pos, theme.SIZE_SMALL - 1, theme.CREAM if lit else theme.DIM, bold=True
                )
        self.form.draw(surface)
