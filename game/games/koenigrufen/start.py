"""Königrufen's start section: the seats, as at every card table, and the rules the group plays (a profile
Atout ships, or its house rules), with the way to the house-rules page."""

from __future__ import annotations

from game.games.koenigrufen import house
from game.games.koenigrufen.profile import CARDAVIA, Profile
from game.games.koenigrufen.words import profile_name
from game.i18n import tr
from game.scenes import navigation
from game.scenes.card_start import CardTableStart
from game.ui.salon import Column, split
from game.ui.start_rows import choice
from game.ui.widgets import Button, Form


class KoenigrufenStart(CardTableStart):
    option_rows = 1

    def add_options(self, form: Form, col: Column, share: float) -> None:
        """The rules played, kept in the settings (the seed's preset until the group picks another)."""
        settings = self.menu.app.settings
        offered = [c for c in house.CHOICES if c != house.HOUSE or settings.koenigrufen_house is not None]
        left, right = split(col.next(), 0.72, 0.28, gap=self.menu.g(8))
        options = [(c, profile_name(c)) for c in offered]
        form.add(
            choice(left, tr("krt.menu.rules"), options, settings.koenigrufen_rules, self._set_rules, share)
        )
        form.add(Button(right, tr("krt.menu.house"), self.open_house_rules))

    def _set_rules(self, choice_id: str) -> None:
        app = self.menu.app
        app.apply_settings(app.settings.with_(koenigrufen_rules=choice_id))

    def open_house_rules(self) -> None:
        self.menu.app.scenes.push(navigation.house_rules(self.menu.app))

    def rules(self) -> Profile | None:
        settings = self.menu.app.settings
        rules = house.in_use(settings.koenigrufen_rules, settings.koenigrufen_house)
        return None if rules == CARDAVIA else rules  # None stands for the seed's preset, as in a journal
