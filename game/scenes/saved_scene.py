"""Saved matches: every unfinished match, the most recently played first, on the History's ledger — its
game and rules, who plays it and their totals, the deal or challenge it has reached, when it was last
played — to resume where it was left, or to delete after saying exactly what is lost.

The list is read from the files each time (`game.saved_matches`): a match opened meanwhile in another
window of Atout is not offered, and one deleted there is gone here too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import saved_matches
from game.games.koenigrufen.words import profile_short_name
from game.i18n import language, tr
from game.saved_matches import Listing, Saved
from game.scenes import navigation
from game.scenes.ledger_page import (
    DETAIL,
    LINE,
    LedgerPage,
    LedgerRow,
    clock,
    count,
    day_label,
    full_date,
    seats,
)
from game.ui import text, theme
from game.ui.widgets import Button

if TYPE_CHECKING:
    from game.app import App

COLUMNS = (("when", 0.15), ("game", 0.27), ("players", 0.36), ("reached", 0.22))  # shares of the row


def rules_words(saved: Saved) -> str:
    """The game's rules line: the rule profile, the scenario, or how many play."""
    summary = saved.summary
    if summary.profile:
        return profile_short_name(summary.profile)
    if summary.scenario:
        return str(summary.scenario.get(language()))
    if saved.game == "falkenstein":
        return tr("history.hotseat")
    return tr("saved.players", n=len(summary.names))


def reached_words(saved: Saved) -> str:
    """The deal, round or challenge being played."""
    summary = saved.summary
    if saved.game == "falkenstein":
        return tr("saved.challenge", n=summary.played + 1)
    key = "saved.deal" if saved.game == "koenigrufen" else "saved.round"
    length = summary.length or summary.played + 1
    return tr(key, n=min(summary.played + 1, length), of=length)


def moves_words(saved: Saved) -> str:
    return count(saved.moves, "saved.moves_one", "saved.moves")


def described(saved: Saved) -> str:
    """The match in one sentence, for the question before deleting it: what would be lost."""
    players = ", ".join(f"{name} {score}" for name, score, _ in seats(saved.game, saved.summary))
    return tr(
        "saved.delete.words",
        game=tr(f"menu.game.{saved.game}.name"),
        players=players,
        reached=reached_words(saved),
        when=f"{full_date(saved.when)}, {clock(saved.when)}",
    )


class SavedScene(LedgerPage):
    name = "saved"
    columns = tuple((f"saved.col.{key}", share) for key, share in COLUMNS)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.listing = Listing()
        self.chosen: Saved | None = None  # the match Resume and Delete act on
        self.resume_button: Button | None = None
        self.delete_button: Button | None = None
        self.load()

    def load(self) -> None:
        """Reads the folder again; a bad file is kept aside and told."""
        self.listing = saved_matches.listing(self.app.locks)
        for refused in self.listing.refused:
            self.app.notices.show(tr("notice.bad_save", problem=refused.words.text()), 10.0)
        paths = [saved.path for saved in self.listing.matches]
        if self.chosen is None or self.chosen.path not in paths:
            self.chosen = self.listing.latest
        else:
            self.chosen = self.listing.matches[paths.index(self.chosen.path)]

    # the ledger ---------------------------------------------------------------------------------------
    def items(self) -> tuple[Saved, ...]:
        return self.listing.matches

    def lay_side(self, back: pygame.Rect) -> list[Button]:
        if not self.listing.matches:
            return []
        g = self.g
        self.resume_button = Button(back.move(0, -2 * g(56)), tr("saved.resume"), self.resume, primary=True)
        self.delete_button = Button(back.move(0, -g(56)), tr("saved.delete"), self.ask_delete)
        return [self.resume_button, self.delete_button]

    def marked(self, row: LedgerRow) -> bool:
        return self.chosen is not None and row.item.path == self.chosen.path

    def open(self, item: Saved) -> None:
        """A row clicked: chosen; clicked again (or Enter on it), resumed."""
        if self.chosen is not None and item.path == self.chosen.path:
            self.resume()
        else:
            self.chosen = item

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        focused = self.form.focused
        if isinstance(focused, LedgerRow) and event.type == pygame.KEYDOWN:
            self.chosen = focused.item  # the arrows choose as they move
        if event.type == pygame.KEYDOWN and event.key == pygame.K_DELETE:
            self.ask_delete()

    # actions ------------------------------------------------------------------------------------------
    def resume(self) -> None:
        if self.chosen is None:
            return
        table = navigation.resume_saved(self.app, self.chosen)
        if table is not None:
            self.app.scenes.reset(table)
        else:
            self.load()
            self.relayout()

    def ask_delete(self) -> None:
        """Asks first, naming the match and what is lost."""
        chosen = self.chosen
        if chosen is None:
            return
        yes = (tr("saved.delete.yes"), lambda: self.delete(chosen))
        question = navigation.confirm(
            self.app, tr("saved.delete.title"), described(chosen), yes, tr("saved.delete.stay")
        )
        self.app.scenes.push(question)

    def delete(self, saved: Saved) -> None:
        """Confirmed: the match's file deleted (unless another window of Atout opened it meanwhile)."""
        self.app.scenes.pop()  # the question
        if not saved_matches.delete(self.app.locks, saved):
            self.app.notices.show(tr("saved.open_elsewhere"), 6.0)
        self.load()
        self.relayout()

    # drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        self.draw_ledger(surface)
        self._draw_side(surface)
        if not self.listing.matches:
            self.draw_empty(surface, tr("saved.empty.title"), tr("saved.empty.body"))
        self.draw_buttons(surface)

    def _draw_side(self, surface: pygame.Surface) -> None:
        g, left = self.g, self.left
        y = self.draw_title(surface, tr("saved.title"))
        n = len(self.listing.matches)
        line_h = text.line_height(theme.SIZE_SMALL)
        if n:
            words = tr("saved.count_one") if n == 1 else tr("saved.count", n=n)
            y = text.draw(
                surface, words, (left.x, y), theme.SIZE_H2 * 0.8, theme.CREAM, box=left, pad=0
            ).bottom
            y += g(10)
            paragraphs = [tr("saved.kept")]
        else:
            paragraphs = []
        if self.listing.elsewhere:
            paragraphs.append(tr("saved.elsewhere", n=self.listing.elsewhere))
        hint = tr("saved.hint") if n else tr("saved.hint_empty")
        hint_lines = len(text.wrap(hint, theme.SIZE_SMALL, left.width, italic=True))
        for paragraph in paragraphs:  # shrunk to the room above the hint
            room = pygame.Rect(left.x, y, left.width, self.hint_y - (hint_lines + 1) * line_h - y)
            size = text.fitting_size(paragraph, room, theme.SIZE_SMALL, text.FLOOR, True, 1.0)
            y += text.draw_paragraphs(
                surface, paragraph, room, size, theme.PARCHMENT, italic=True, spacing=1.0
            )
            y += g(8)
        self.draw_hint(surface, hint)

    def draw_row(self, surface: pygame.Surface, row: LedgerRow, cols: list[pygame.Rect]) -> None:
        saved: Saved = row.item
        top, second = self.line_tops(row)
        when, game, players, reached = cols
        day, hour = day_label(saved.when)
        self.cell(surface, day, (when.x, top), when.width, LINE, theme.INK)
        self.cell(surface, hour, (when.x, second), when.width, DETAIL, theme.SEPIA)
        name = tr(f"menu.game.{saved.game}.name")
        self.cell(surface, name, (game.x, top), game.width, LINE, theme.WALNUT, bold=True)
        self.cell(surface, rules_words(saved), (game.x, second), game.width, DETAIL, theme.SEPIA, italic=True)
        self.draw_players(surface, seats(saved.game, saved.summary), players, top, second)
        self.cell(
            surface, reached_words(saved), (reached.x, top), reached.width, LINE, theme.WALNUT, bold=True
        )
        self.cell(surface, moves_words(saved), (reached.x, second), reached.width, DETAIL, theme.SEPIA)
