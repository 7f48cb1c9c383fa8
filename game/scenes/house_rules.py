"""The house-rules page: the group picks the Königrufen profile to start from and changes any value of it,
section by section (tabs down the left, as on the menu): the contracts played and what each pays, the
bonuses in play with their silent and announced values, the announcement round and Kontra, Trischaken's
payout and the table's options. Every change is checked whole (the rules core must make sense of it), then
saved with the settings at once and chosen as the rules of the next table; a change that cannot be played
is refused with its reason."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.games.koenigrufen import house, profile
from game.games.koenigrufen.profile import BONUS_IDS, Profile
from game.games.koenigrufen.words import (
    bid_label,
    bonus_line,
    bonus_name,
    contract_line,
    contract_name,
    profile_short_name,
)
from game.i18n import tr
from game.scenes import navigation
from game.scenes.form_page import FormPage
from game.ui import text, theme
from game.ui.salon import Column, Grid, Tab, restore_focus, split
from game.ui.widgets import Button, Check, Choice, Form

if TYPE_CHECKING:
    from game.app import App

SECTIONS = ("contracts", "bonuses", "announcing", "kontra", "trischaken", "options")
NAMED = {
    "announcing": house.ANNOUNCING,
    "kontra": house.KONTRA,
    "trischaken": house.TRISCHAKEN,
    "options": house.OPTIONS,
}
# a row of the contracts' or the bonuses' table: the name, whether played, then three choices
CONTRACT_CELLS = (0.36, 0.1, 0.18, 0.18, 0.18)
BONUS_CELLS = (0.34, 0.1, 0.15, 0.15, 0.26)
NAME_SIZE = theme.SIZE_SMALL - 1
NOTE_SIZE = theme.SIZE_SMALL - 5


@dataclass(frozen=True)
class Note:
    """Words the page draws beside its widgets: a row's name (bold), the line under it saying what it is,
    a column's heading or a section's remark."""

    words: str
    pos: tuple[int, int]
    width: int  # fitted to this width (a remark: wrapped)
    box: pygame.Rect  # the cell it belongs to
    lit: bool = True  # in play (else dimmed)
    anchor: str = "topleft"
    kind: str = "name"  # name, line, head, remark
    size: float = 0  # its type size where the row sets it (else its kind's)
    short: tuple[str, ...] = ()  # shorter words for it, where it is too wide


class HouseRulesScene(FormPage):
    words = "krt.house"
    name = "houserules"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.section = SECTIONS[0]
        self.notes: list[Note] = []

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
        left_w = round(inner.width * 0.28)
        self.form, self.headings, self.notes = Form(), [], []
        rules, add = self.rules, self.form.add
        col = Column(inner.x, self.rule_y + g(14), left_w, g(34), g(7))
        self.headings.append((tr("krt.house.start"), (col.x, col.y + g(8))))
        col.skip(g(32))
        bases = [(p, profile_short_name(p)) for p in profile.PROFILE_IDS]
        add(Choice(col.next(), "", bases, house.base_of(rules).id, self._start_from))
        col.skip(g(10))
        for section in SECTIONS:
            tab = Tab(
                col.next(g(60)),
                tr(f"krt.house.tab.{section}"),
                partial(self._show, section),
                section == self.section,
                tr(f"krt.house.tab.{section}.sub"),
                theme.SIZE_BODY * 0.9,
                g(18),
            )
            add(tab)
        bottom = inner.bottom - g(46)
        read = Button(
            pygame.Rect(inner.x, bottom, left_w // 2 - g(4), g(46)), tr("krt.house.read"), self._read
        )
        back = Button(
            pygame.Rect(read.rect.right + g(8), bottom, read.rect.width, g(46)),
            tr("settings.back"),
            self.app.scenes.pop,
        )
        x = inner.x + left_w + g(40)
        area = pygame.Rect(x, self.rule_y + g(14), inner.right - x, inner.bottom - self.rule_y - g(14))
        if self.section == "contracts":
            self._contracts(area, rules)
        elif self.section == "bonuses":
            self._bonuses(area, rules)
        else:
            self._named(area, rules, self.section)
        add(read)  # last in the keyboard's order: the tabs, the section's values, then these
        add(back)
        restore_focus(self.form, focus)

    # the sections ----------------------------------------------------------------------------------
    def _table(
        self, area: pygame.Rect, cells: Sequence[float], heads: Sequence[str], rows: int
    ) -> tuple[int, int]:
        """The column headings of a table over `area` (none over a column left empty: an empty key);
        returns where its rows start and their height."""
        g = self.g
        head = pygame.Rect(area.x, area.y + g(8), area.width, g(24))
        for i, (cell, key) in enumerate(zip(split(head, *cells, gap=g(6)), heads, strict=True)):
            if not key:
                continue
            words = tr(f"krt.house.col.{key}").upper()
            pos, anchor = (cell.topleft, "topleft") if i == 0 else (cell.midtop, "midtop")
            self.notes.append(Note(words, pos, cell.width, cell, anchor=anchor, kind="head"))
        top = head.bottom + g(8)
        return top, min(g(42), (area.bottom - top) // max(1, rows))

    def _row_name(self, cell: pygame.Rect, name: str, line: str, lit: bool, short: str = "") -> None:
        """A row's name with what it is under it (`short`: its shorter words), centred in the row's height,
        both smaller where the row is low, what it is over two lines where the row has room for them."""
        size, small = text.stacked(NAME_SIZE, NOTE_SIZE, cell.height, bold=True)
        high = text.ink_height(size, True)
        shorts = (short,) if short else ()
        lines, small = text.fitted(line, small, cell.width, cell.height - high - 1, short=shorts)
        low = (len(lines) - 1) * text.line_height(small) + text.ink_height(small)
        top = cell.centery - (high + 1 + low) // 2
        self.notes.append(Note(name, (cell.x, top + high // 2), cell.width, cell, lit, "midleft", size=size))
        for i, part in enumerate(lines):
            at = (cell.x, top + high + 1 + text.ink_height(small) // 2 + i * text.line_height(small))
            self.notes.append(Note(part, at, cell.width, cell, lit, "midleft", "line", small))

    def _contracts(self, area: pygame.Rect, rules: Profile) -> None:
        """One row per contract of the base profile's ladder: its name and what it is, whether it is
        played, then its value won and lost per opponent and how many times it counts its bonuses."""
        g = self.g
        ladder = house.base_of(rules).contracts
        factor = "factor" if house.bonuses_offered(rules) else ""
        heads = ("contract", "played", "won", "lost", factor)
        top, row_h = self._table(area, CONTRACT_CELLS, heads, len(ladder))
        played = {c.id: c for c in rules.contracts}
        won = [(v, f"+{v}") for v in house.VALUES]
        lost = [(v, f"−{v}") for v in house.VALUES]
        factors = [(f, f"×{f}") for f in house.FACTORS]
        for i, base in enumerate(ladder):
            row = pygame.Rect(area.x, top + i * row_h, area.width, row_h - g(4))
            name_cell, play_cell, won_cell, lost_cell, factor_cell = split(row, *CONTRACT_CELLS, gap=g(6))
            contract = played.get(base.id)
            shown = contract or base
            words, short = contract_line(shown), contract_line(shown, short=True)
            self._row_name(name_cell, contract_name(base.id), words, bool(contract), short)
            self.form.add(Check(play_cell, contract is not None, self._play(base.id)))
            if contract is None:
                continue
            self._choice(won_cell, won, contract.value, self._value(base.id, True))
            self._choice(lost_cell, lost, contract.lost_value, self._value(base.id, False))
            if house.scores_bonuses(contract, rules):
                self._choice(factor_cell, factors, contract.bonus_factor, self._factor(base.id))

    def _bonuses(self, area: pygame.Rect, rules: Profile) -> None:
        """One row per bonus Atout knows: its name and what it asks, whether it is in play, then its silent
        and announced values per opponent and who may announce it."""
        if not house.bonuses_offered(rules):
            self._remark(area, "krt.house.none.bonuses")
            return
        g = self.g
        heads = ("bonus", "in_play", "silent", "announced", "by")
        top, row_h = self._table(area, BONUS_CELLS, heads, len(BONUS_IDS))
        in_play = {b.id: b for b in rules.bonuses}
        silent = [(v, str(v) if v else "—") for v in house.SILENT_VALUES]
        announced = [(v, str(v)) for v in house.VALUES]
        for i, bonus_id in enumerate(BONUS_IDS):
            row = pygame.Rect(area.x, top + i * row_h, area.width, row_h - g(4))
            name_cell, play_cell, silent_cell, announced_cell, by_cell = split(row, *BONUS_CELLS, gap=g(6))
            bonus = in_play.get(bonus_id)
            line, short = bonus_line(bonus_id), bonus_line(bonus_id, short=True)
            self._row_name(name_cell, bonus_name(bonus_id), line, bonus is not None, short)
            self.form.add(Check(play_cell, bonus is not None, self._bonus(bonus_id)))
            if bonus is None:
                continue
            self._choice(silent_cell, silent, bonus.silent, self._bonus_value(bonus_id, "silent"))
            self._choice(announced_cell, announced, bonus.announced, self._bonus_value(bonus_id, "announced"))
            who = house.announcers(bonus)
            if who:
                options = [(by, tr(f"krt.house.by.{by}")) for by in who]
                self._choice(by_cell, options, bonus.announce_by, self._bonus_value(bonus_id, "announce_by"))
            else:
                words = tr("krt.house.by.side")
                self.notes.append(
                    Note(words, by_cell.center, by_cell.width, by_cell, False, "center", "line")
                )

    def _choice(
        self, cell: pygame.Rect, options: list[tuple[Any, str]], value: Any, change: Callable[[Any], None]
    ) -> None:
        """A choice in a table's cell, its present value among its options (a file may bring one off the
        page's list)."""
        if value not in (v for v, _ in options):
            options = sorted([*options, (value, str(value))])
        self.form.add(Choice(cell, "", options, value, change))

    def _named(self, area: pygame.Rect, rules: Profile, section: str) -> None:
        """The section's named values the profile has, one a row: what it is, then its choice."""
        g = self.g
        names = [n for n in NAMED[section] if house.offered(rules, n)]
        if not names:
            self._remark(area, f"krt.house.none.{section}")
            return
        top = area.y + g(6)
        if section == "trischaken" and "trischaken" not in {c.id for c in rules.contracts}:
            self._remark(area, "krt.house.trischaken_out")
            top += g(34)
        row_h = min(g(56), (area.bottom - top) // len(names))
        words = [self._worded(name, v) for name in names for v in house.values(rules, name)]
        widest = max(text.size_of(w, theme.SIZE_BODY)[0] for w in words) + 72  # and its arrows
        choice_w = min(g(250), round(area.width * 0.36), widest)  # what is left says what each row is
        for i, name in enumerate(names):
            row = pygame.Rect(area.x, top + i * row_h, area.width, row_h - g(6))
            label = pygame.Rect(row.x, row.y, row.width - choice_w - g(20), row.height)
            self._row_name(label, tr(f"krt.house.field.{name}"), tr(f"krt.house.field.{name}.note"), True)
            options = [(v, self._worded(name, v)) for v in house.values(rules, name)]
            box = pygame.Rect(row.right - choice_w, row.centery - g(17), choice_w, g(34))
            self.form.add(Choice(box, "", options, house.option(rules, name), self._set(name)))

    @staticmethod
    def _worded(name: str, value: house.Value) -> str:
        """A named value's choice as the page shows it."""
        if isinstance(value, bool):
            return tr("settings.on" if value else "settings.off")
        if name == "neutral":
            return bid_label(str(value))
        if name in ("kontra_cap", "kontra_cap_negative"):
            return tr(f"krt.house.kontra.{value}")
        if name == "forehand_factor":
            return f"×{value}"
        if name == "mayor_thirds":
            return tr("krt.house.none") if value is None else tr("krt.house.points", n=-(-int(value) // 3))
        return tr(f"krt.house.value.{name}.{value if value is not None else 'none'}")

    def _remark(self, area: pygame.Rect, key: str) -> None:
        self.notes.append(Note(tr(key), (area.x, area.y + self.g(8)), area.width, area, kind="remark"))

    # changes ---------------------------------------------------------------------------------------
    def _save(self, change: Callable[[], Profile]) -> None:
        """Applies an edit if the rules make sense of it, else says why; either way the page shows what
        is saved."""
        try:
            edited = change()
        except house.Unplayable as exc:
            self.app.notices.show(tr("krt.house.refused", problem=exc.words.text()))
        else:
            self.app.apply_settings(
                self.app.settings.with_(koenigrufen_house=edited, koenigrufen_rules=house.HOUSE)
            )
        self.relayout()

    def _show(self, section: str) -> None:
        self.section = section
        self.relayout()

    def _start_from(self, base_id: str) -> None:
        self._save(lambda: house.based_on(profile.load(base_id)))

    def _set(self, name: str) -> Callable[[Any], None]:
        return lambda value: self._save(lambda: house.with_option(self.rules, name, value))

    def _play(self, contract_id: str) -> Callable[[bool], None]:
        return lambda on: self._save(lambda: house.with_contract(self.rules, contract_id, on))

    def _value(self, contract_id: str, won: bool) -> Callable[[int], None]:
        field = "won" if won else "lost"
        return lambda value: self._save(lambda: house.with_value(self.rules, contract_id, **{field: value}))

    def _factor(self, contract_id: str) -> Callable[[int], None]:
        return lambda factor: self._save(lambda: house.with_factor(self.rules, contract_id, factor))

    def _bonus(self, bonus_id: str) -> Callable[[bool], None]:
        return lambda on: self._save(lambda: house.with_bonus(self.rules, bonus_id, on))

    def _bonus_value(self, bonus_id: str, field: str) -> Callable[[Any], None]:
        return lambda value: self._save(
            lambda: house.with_bonus_value(self.rules, bonus_id, **{field: value})
        )

    def _read(self) -> None:
        self.app.scenes.push(navigation.rules(self.app, "koenigrufen"))

    # input and drawing -----------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        """Page Up and Page Down turn to the section before or after, wherever the focus is."""
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEUP, pygame.K_PAGEDOWN):
            step = 1 if event.key == pygame.K_PAGEDOWN else -1
            self._show(SECTIONS[(SECTIONS.index(self.section) + step) % len(SECTIONS)])
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        for note in self.notes:
            size, colour, bold = {
                "name": (NAME_SIZE, theme.CREAM, True),
                "line": (NOTE_SIZE, theme.PARCHMENT, False),
                "head": (theme.SIZE_SMALL * 0.8, theme.BRASS, False),
                "remark": (theme.SIZE_SMALL, theme.PARCHMENT, False),
            }[note.kind]
            if not note.lit:
                colour = theme.DIM
            size = note.size or size
            if note.kind == "remark":
                area = pygame.Rect(note.pos, (note.width, self.panel.bottom - note.pos[1]))
                text.draw_paragraphs(surface, note.words, area, size, colour, italic=True, box=note.box)
                continue
            [words], size = text.fitted(note.words, size, note.width, bold=bold, short=note.short)
            text.draw(surface, words, note.pos, size, colour, note.anchor, bold=bold, box=note.box, pad=0)
        self.form.draw(surface)
