"""The character editor: the ready-made heroes to read or copy, and the player's own to shape.

Every change is saved at once, except typing a name, which is saved a moment after the last key so a
name is not written to disk letter by letter. A name may never be empty: the last good one is kept.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.games.falkenstein import characters
from game.games.falkenstein.data import HEROES, TALENTS
from game.games.falkenstein.resolution import LEVELS
from game.games.falkenstein.session import Character, Talent
from game.i18n import tr
from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.salon import (
    Column,
    Grid,
    backdrop,
    chip_side,
    ornament,
    restore_focus,
    split,
    suit_chip,
)
from game.ui.widgets import Button, Choice, Form, TextInput, Widget

if TYPE_CHECKING:
    from game.app import App

NAME_SAVE_DELAY = 0.8  # seconds after the last key of a name


class CharacterList(Widget):
    """The heroes and the player's characters under two headings; arrows move the selection when focused."""

    def __init__(
        self,
        rect: pygame.Rect,
        customs: list[Character],
        selected: int,
        row: int,
        on_select: Callable[[int], None],
    ) -> None:
        super().__init__(rect)
        self.customs, self.selected, self.row, self.on_select = customs, selected, row, on_select
        self.first = 0  # the first entry shown, when the list is longer than its box
        self._reveal()

    def entries(self) -> list[tuple[str, int | None]]:
        """(label, character index) from top to bottom; headings and the empty note have no index."""
        rows: list[tuple[str, int | None]] = [(tr("characters.heroes"), None)]
        rows += [(hero.name, i) for i, hero in enumerate(HEROES)]
        rows.append((tr("characters.custom"), None))
        rows += [(c.name, len(HEROES) + i) for i, c in enumerate(self.customs)] or [
            (tr("characters.none"), None)
        ]
        return rows

    @property
    def visible(self) -> int:
        return max(1, self.rect.height // self.row)

    def _reveal(self) -> None:
        """Scrolls so the selected character is in view."""
        place = next(n for n, (_, index) in enumerate(self.entries()) if index == self.selected)
        if place < self.first + 1:
            self.first = max(0, place - 1)
        elif place >= self.first + self.visible:
            self.first = place - self.visible + 1

    def _pick(self, index: int) -> None:
        if index != self.selected:
            self.selected = index
            self._reveal()
            self.on_select(index)

    def handle(self, event: pygame.event.Event) -> bool:
        super().handle(event)
        if event.type == pygame.MOUSEWHEEL and self.hover:
            limit = max(0, len(self.entries()) - self.visible)
            self.first = max(0, min(limit, self.first - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            place = self.first + (event.pos[1] - self.rect.y) // self.row
            entries = self.entries()
            index = entries[place][1] if place < len(entries) else None
            if index is not None:
                self._pick(index)
            return True
        return False

    def key(self, event: pygame.event.Event) -> bool:
        count = len(HEROES) + len(self.customs)
        moves = {pygame.K_UP: -1, pygame.K_DOWN: 1, pygame.K_HOME: -count, pygame.K_END: count}
        if event.key not in moves:
            return False
        self._pick(max(0, min(count - 1, self.selected + moves[event.key])))
        return True

    def draw(self, surface: pygame.Surface) -> None:
        y = self.rect.y
        for label, index in self.entries()[self.first : self.first + self.visible]:
            row = pygame.Rect(self.rect.x, y, self.rect.width, self.row - 4)
            if index is None:
                heading = label != tr("characters.none")
                text.draw(
                    surface,
                    label.upper() if heading else label,
                    (row.x + 4, row.bottom - 6),
                    theme.SIZE_SMALL * (0.9 if heading else 1),
                    theme.BRASS if heading else theme.DIM,
                    "bottomleft",
                    italic=not heading,
                    box=row,
                    pad=0,
                )
            else:
                chosen = index == self.selected
                draw_panel(surface, row, "hover" if chosen else "button")
                if chosen:
                    pygame.draw.rect(surface, theme.BRASS_LIGHT, (row.x + 5, row.y + 6, 4, row.height - 12))
                [label], size = text.fitted(label, theme.SIZE_BODY * 0.85, row.width - 28)
                ink = theme.BRASS_LIGHT if chosen else theme.CREAM
                text.draw(surface, label, (row.x + 16, row.centery), size, ink, "midleft", box=row)
            y += self.row
        self._focus_ring(surface)


class CharactersScene(Scene):
    name = "characters"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.customs = characters.load_custom_or_report(app.notices.show)
        self.saved = list(self.customs)  # as on disk, to fall back on when a name is emptied
        self.selected = 0
        self.confirming = False
        self.name_problem = False
        self.form = Form()
        self.g = Grid(app.size)
        self.lines: list[tuple[str, tuple[int, int], float, tuple[int, int, int], bool, pygame.Rect]] = []
        self.chips: list[tuple[str, tuple[int, int], float]] = []  # suit symbol, midleft, type size
        self.to_add = next(iter(TALENTS))

    @property
    def character(self) -> Character:
        return (
            HEROES[self.selected]
            if self.selected < len(HEROES)
            else self.customs[self.selected - len(HEROES)]
        )

    @property
    def editable(self) -> bool:
        return self.selected >= len(HEROES)

    # layout -------------------------------------------------------------------------------------
    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        focus = self.form.focus_index
        margin = g(36)
        left = pygame.Rect(margin, margin, g(330), h - 2 * margin)
        self.title_at = left.topleft
        self.rule = (left.x, left.right, left.y + g(66))
        self.page = pygame.Rect(left.right + g(22), margin, w - left.right - g(22) - margin, h - 2 * margin)
        self.form = Form()
        self.lines, self.chips = [], []
        buttons = pygame.Rect(left.x, left.bottom - g(46), left.width, g(46))
        list_rect = pygame.Rect(
            left.x, self.rule[2] + g(10), left.width, buttons.y - g(12) - self.rule[2] - g(10)
        )
        self.list = CharacterList(list_rect, self.customs, self.selected, g(40), self._select)
        self.form.add(self.list)
        new, back = split(buttons, 1, 1, gap=g(10))
        inner = self.page.inflate(-2 * g(30), -2 * g(26))
        self._layout_detail(inner)
        self.form.add(Button(new, tr("characters.new"), self.create))
        self.form.add(Button(back, tr("characters.back"), self.app.scenes.pop))
        restore_focus(self.form, focus)

    def _layout_detail(self, inner: pygame.Rect) -> None:
        g, c, add = self.g, self.character, self.form.add
        head, tools = split(pygame.Rect(inner.x, inner.y, inner.width, g(40)), 0.62, 0.38, gap=g(20))
        if self.editable:
            cut = text.size_of(tr("characters.name") + "  ", theme.SIZE_BODY)[0]
            self._line(
                tr("characters.name"),
                (head.x, head.centery - text.line_height(theme.SIZE_BODY) // 2),
                theme.SIZE_BODY,
                theme.BRASS_LIGHT,
                box=pygame.Rect(head.x, head.y, cut, head.height),
            )
            add(
                TextInput(
                    pygame.Rect(head.x + cut, head.y, head.width - cut, head.height),
                    c.name,
                    self._rename,
                    characters.MAX_NAME,
                )
            )
        else:
            self._line(
                c.name,
                (head.x, head.y - g(4)),
                theme.SIZE_H1 * 0.85,
                theme.CREAM,
                box=head.inflate(0, 2 * g(6)),
            )
        duplicate, delete = split(tools, 1, 1, gap=g(10))
        if self.confirming:
            self._confirm_row(inner, head.bottom + g(10))
        add(Button(duplicate, tr("characters.duplicate"), self.duplicate))
        if self.editable:
            add(Button(delete, tr("characters.delete"), self.ask_delete, enabled=not self.confirming))
        self.rule_y = head.bottom + g(62 if self.confirming else 14)
        y = self.rule_y + g(14)
        if not self.editable:
            y = self._paragraph(characters.describe(c), inner.x, y, inner.width, theme.PARCHMENT) + g(10)
        talents = pygame.Rect(inner.x, y, inner.width // 3, text.line_height(theme.SIZE_SMALL))
        self._line(
            tr("characters.talents").upper(), (inner.x, y), theme.SIZE_SMALL * 0.9, theme.BRASS, box=talents
        )
        self._legend(inner.right, y + text.line_height(theme.SIZE_SMALL) // 2)
        col = Column(inner.x, y + g(30), inner.width, g(32), g(6))
        for talent in c.talents:
            self._talent_row(col.next(), talent)
        if self.editable:
            self._add_row(col)
        self.note_at = (inner.x, max(col.y + g(4), inner.bottom - g(26)), inner.width)

    def _legend(self, right: int, centre_y: int) -> None:
        """What each suit stands for, right-aligned: a chip and a word per suit."""
        g, chip = self.g, chip_side(theme.SIZE_SMALL)
        entries = [(suit, tr(f"characters.theme.{suit}")) for suit in "CDHS"]
        widths = [chip + g(6) + text.size_of(word, theme.SIZE_SMALL)[0] for _, word in entries]
        x = right - sum(widths) - g(18) * (len(entries) - 1)
        for (suit, word), width in zip(entries, widths, strict=True):
            self.chips.append((characters.SYMBOLS[suit], (x, centre_y), theme.SIZE_SMALL))
            self._line(
                word,
                (x + chip + g(6), centre_y - text.line_height(theme.SIZE_SMALL) // 2),
                theme.SIZE_SMALL,
                theme.PARCHMENT,
                italic=True,
                box=pygame.Rect(
                    x,
                    centre_y - text.line_height(theme.SIZE_SMALL) // 2,
                    width,
                    text.line_height(theme.SIZE_SMALL),
                ),
            )
            x += width + g(18)

    def _cells(self, row: pygame.Rect) -> list[pygame.Rect]:
        """A talent row's columns: name, level, button."""
        return split(row, 0.45, 0.35, 0.2, gap=self.g(10))

    def _talent_row(self, row: pygame.Rect, talent: Talent) -> None:
        name_cell, level_cell, remove_cell = self._cells(row)
        self.chips.append(
            (characters.SYMBOLS[talent.suit], (name_cell.x + self.g(4), row.centery), theme.SIZE_BODY)
        )
        self._line(
            tr("talent." + talent.id),
            (name_cell.x + self.g(38), row.centery - text.line_height(theme.SIZE_BODY) // 2),
            theme.SIZE_BODY,
            theme.CREAM,
            box=name_cell,
        )
        if not self.editable:
            self._line(
                tr(f"level.{talent.level}"),
                (level_cell.x, row.centery - text.line_height(theme.SIZE_BODY) // 2),
                theme.SIZE_BODY,
                theme.PARCHMENT,
                box=level_cell,
            )
            return
        levels = [(n, tr(f"level.{n}")) for n in LEVELS]
        self.form.add(Choice(level_cell, "", levels, talent.level, partial(self._set_level, talent)))
        self.form.add(
            Button(
                remove_cell,
                tr("characters.remove"),
                partial(self._remove, talent),
                enabled=len(self.character.talents) > 1,
                size=theme.SIZE_SMALL,
            )
        )

    def _add_row(self, col: Column) -> None:
        c = self.character
        if len(c.talents) >= characters.MAX_TALENTS:
            row = col.next()
            self._line(
                tr("characters.full", n=characters.MAX_TALENTS),
                (row.x + self.g(6), row.y),
                theme.SIZE_SMALL,
                theme.DIM,
                italic=True,
                box=row,
            )
            return
        known = {t.id for t in c.talents}
        options = [(tid, tr("talent." + tid)) for tid in TALENTS if tid not in known]
        name_cell, level_cell, button_cell = self._cells(col.next())
        self.adder_chip = (name_cell.x + self.g(4), name_cell.centery)
        choice_cell = pygame.Rect(
            name_cell.x + self.g(38),
            name_cell.y,
            level_cell.right - name_cell.x - self.g(38),
            name_cell.height,
        )
        if self.to_add in known:
            self.to_add = options[0][0]
        self.form.add(Choice(choice_cell, "", options, self.to_add, self._choose_addition))
        self.form.add(Button(button_cell, tr("characters.add"), self._add_talent, size=theme.SIZE_SMALL))

    def _confirm_row(self, inner: pygame.Rect, y: int) -> None:
        g = self.g
        row = pygame.Rect(inner.x, y, inner.width, g(40))
        question, yes, no = split(row, 0.6, 0.2, 0.2, gap=g(10))
        self._line(
            tr("characters.confirm_delete", name=self.character.name),
            (question.x, question.centery - text.line_height(theme.SIZE_BODY) // 2),
            theme.SIZE_BODY,
            theme.FAILURE,
            box=question,
        )
        self.form.add(Button(yes, tr("characters.delete"), self.delete, primary=True))
        self.form.add(Button(no, tr("characters.keep"), self.cancel_delete))

    def _line(
        self,
        value: str,
        pos: tuple[int, int],
        size: float,
        colour: tuple[int, int, int],
        italic: bool = False,
        *,
        box: pygame.Rect,
    ) -> None:
        """Queues a line to draw at `pos` in `box`, shrunk to the width left in it if need be."""
        [value], size = text.fitted(value, size, box.right - pos[0], italic=italic)
        self.lines.append((value, pos, size, colour, italic, box))

    def _paragraph(self, value: str, x: int, y: int, width: int, colour: tuple[int, int, int]) -> int:
        for line in text.wrap(value, theme.SIZE_SMALL, width):
            row = pygame.Rect(x, y, width, text.line_height(theme.SIZE_SMALL))
            self._line(line, (x, y), theme.SIZE_SMALL, colour, italic=True, box=row)
            y += text.line_height(theme.SIZE_SMALL)
        return y

    # changes ------------------------------------------------------------------------------------
    def _select(self, index: int) -> None:
        self._save_name()
        self.selected, self.confirming, self.name_problem = index, False, False
        self.relayout()

    def _store(self, character: Character) -> None:
        """Replaces the selected custom character, saves, and rebuilds the page."""
        self.customs[self.selected - len(HEROES)] = character
        self._save()
        self.relayout()

    def _save(self) -> None:
        self.scheduler.cancel("save")
        try:
            characters.save_custom(self.customs)
            self.saved = list(self.customs)
        except OSError as exc:
            self.app.notices.show(tr("characters.cannot_save", problem=str(exc)))

    def _save_name(self) -> None:
        if self.scheduler.busy("save"):
            self._save()

    def _rename(self, name: str) -> None:
        """Keeps the typed name, or while the field is empty the name last saved."""
        index = self.selected - len(HEROES)
        self.name_problem = not name.strip()
        self.scheduler.cancel("save")
        if self.name_problem:
            self.customs[index] = replace(self.character, name=self.saved[index].name)
        else:
            self.customs[index] = replace(self.character, name=name.strip())
            self.scheduler.after(NAME_SAVE_DELAY, self._save, "save")

    def _set_level(self, talent: Talent, level: int) -> None:
        talents = tuple(replace(t, level=level) if t == talent else t for t in self.character.talents)
        self._store(replace(self.character, talents=talents))

    def _remove(self, talent: Talent) -> None:
        self._store(replace(self.character, talents=tuple(t for t in self.character.talents if t != talent)))

    def _choose_addition(self, talent_id: str) -> None:
        self.to_add = talent_id

    def _add_talent(self) -> None:
        talent = characters.make_talent(self.to_add, 3)
        self._store(replace(self.character, talents=(*self.character.talents, talent)))

    def _append(self, character: Character) -> None:
        self._save_name()
        self.customs.append(character)
        self._save()
        self.selected, self.confirming = len(HEROES) + len(self.customs) - 1, False
        self.relayout()

    def create(self) -> None:
        first = next(iter(TALENTS))
        self._append(Character(tr("characters.new_name"), (characters.make_talent(first, 3),)))

    def duplicate(self) -> None:
        name = tr("characters.copy_name", name=self.character.name)[: characters.MAX_NAME]
        self._append(replace(self.character, name=name))

    def ask_delete(self) -> None:
        self.confirming = True
        self.relayout()

    def cancel_delete(self) -> None:
        self.confirming = False
        self.relayout()

    def delete(self) -> None:
        del self.customs[self.selected - len(HEROES)]
        self._save()
        self.selected -= 1
        self.confirming = False
        self.relayout()

    # events -------------------------------------------------------------------------------------
    def enter(self) -> None:
        if self.form.focus_index is None:
            self.form.move_focus(1)  # the list: arrows walk through the characters at once

    def leave(self) -> None:
        self._save_name()

    def handle(self, event: pygame.event.Event) -> None:
        if self.form.handle(event) or event.type != pygame.KEYDOWN or event.key != pygame.K_ESCAPE:
            return
        if self.confirming:
            self.cancel_delete()
        else:
            self.app.scenes.pop()

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(self.app.size, self.app.vintage), (0, 0))
        head = pygame.Rect(self.title_at, (self.rule[1] - self.rule[0], self.rule[2] - self.title_at[1]))
        [title], size = text.fitted(tr("characters.title"), theme.SIZE_H1, head.width, bold=True)
        text.draw(
            surface, title, self.title_at, size, theme.BRASS_LIGHT, bold=True, shadow=True, box=head, pad=0
        )
        ornament(surface, *self.rule)
        draw_panel(surface, self.page, "panel")
        ornament(surface, self.page.x + self.g(30), self.page.right - self.g(30), self.rule_y)
        for value, pos, size, colour, italic, box in self.lines:
            text.draw(surface, value, pos, size, colour, italic=italic, box=box, pad=0)
        for symbol, pos, size in self.chips:
            suit_chip(surface, symbol, pos, size)
        if self.editable and len(self.character.talents) < characters.MAX_TALENTS:
            suit_chip(surface, characters.SYMBOLS[TALENTS[self.to_add]], self.adder_chip, theme.SIZE_BODY)
        self._draw_note(surface)
        self.form.draw(surface)

    def _draw_note(self, surface: pygame.Surface) -> None:
        """The hint under the talents; drawn live because it follows the name being typed."""
        if not self.editable:
            note, colour = "characters.read_only", theme.DIM
        elif self.name_problem:
            note, colour = "characters.name_needed", theme.FAILURE
        else:
            note, colour = "characters.unlisted", theme.DIM
        x, y, width = self.note_at
        room = pygame.Rect(x, y, width, self.page.bottom - y)
        for line in text.wrap(tr(note), theme.SIZE_SMALL, width):
            text.draw(surface, line, (x, y), theme.SIZE_SMALL, colour, italic=True, box=room, pad=0)
            y += text.line_height(theme.SIZE_SMALL)
