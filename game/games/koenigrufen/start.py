"""Königrufen's start section: the seats, as at every card table, the rules the group plays (a profile
Atout ships, or its house rules) with the way to the house-rules page, and how many deals the match lasts."""

from __future__ import annotations

from game.games.koenigrufen import house
from game.games.koenigrufen.profile import CARDAVIA, Profile
from game.games.koenigrufen.words import profile_short_name
from game.i18n import tr
from game.scenes import navigation
from game.scenes.card_start import CardTableStart
from game.ui import text, theme
from game.ui.salon import Column, split
from game.ui.start_rows import choice
from game.ui.widgets import Button, Form


class KoenigrufenStart(CardTableStart):
    option_rows = 2

    def add_options(self, form: Form, col: Column, share: float) -> None:
        """The rules played and the match's length, kept in the settings (the seed's preset and four deals
        until the group picks others)."""
        settings = self.menu.app.settings
        offered = [c for c in house.CHOICES if c != house.HOUSE or settings.koenigrufen_house is not None]
        left, right = split(col.next(), 0.72, 0.28, gap=self.menu.g(8))
        options = [(c, profile_short_name(c)) for c in offered]
        label = tr("krt.menu.rules")
        # the label is short: its box takes the room the other rows' longer labels need
        fitted = min(share, (text.size_of(label, theme.SIZE_BODY)[0] + self.menu.g(16)) / left.width)
        form.add(choice(left, label, options, settings.koenigrufen_rules, self._set_rules, fitted))
        form.add(Button(right, tr("krt.menu.house"), self.open_house_rules))
        lengths = [(n, tr("krt.menu.deals_n", n=n)) for n in house.MATCH_LENGTHS]
        form.add(
            choice(
                col.next(), tr("krt.menu.deals"), lengths, settings.koenigrufen_deals, self._set_deals, share
            )
        )

    def _set_rules(self, choice_id: str) -> None:
        app = self.menu.app
        app.apply_settings(app.settings.with_(koenigrufen_rules=choice_id))
        self.menu.relayout()  # the rules in brief follow the profile chosen

    def _set_deals(self, deals: int) -> None:
        app = self.menu.app
        app.apply_settings(app.settings.with_(koenigrufen_deals=deals))

    def deals(self) -> int:
        return self.menu.app.settings.koenigrufen_deals

    def open_house_rules(self) -> None:
        self.menu.app.scenes.push(navigation.house_rules(self.menu.app))

    def summary_key(self) -> str:
        """The rules in brief of the profile chosen: the seed's fixed Rufer, or a table with an auction."""
        rules = self.rules()
        return super().summary_key() + ("_auction" if rules is not None and rules.bidding else "")

    def rules(self) -> Profile | None:
        settings = self.menu.app.settings
        rules = house.in_use(settings.koenigrufen_rules, settings.koenigrufen_house)
        return None if rules == CARDAVIA else rules  # None stands for the seed's preset, as in a journal
