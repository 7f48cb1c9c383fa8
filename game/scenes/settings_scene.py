"""The settings: every change is applied and saved at once, with a live preview of cards on the baize.

It can sit over the menu or over a table's pause overlay; Back returns to whichever it came from.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.i18n import LANGUAGES, tr
from game.scenes.form_page import FormPage
from game.settings import AIDS, ANIM_SPEEDS, THINK_TIMES
from game.ui import text, theme
from game.ui.felt import felt
from game.ui.salon import Column, Grid, chip_side, restore_focus, suit_chip
from game.ui.widgets import Button, Choice, Form, Slider, Toggle

if TYPE_CHECKING:
    from game.app import App

THINK_NAMES = ("brisk", "steady", "deliberate", "pensive")
PREVIEW_CARDS = (("french", "QH"), ("french", "10D"), ("french", "KC"))


class SettingsScene(FormPage):
    words = "settings"
    name = "settings"

    def __init__(self, app: App) -> None:
        super().__init__(app)

    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        focus = self.form.focus_index
        held = next(
            (i for i, w in enumerate(self.form.widgets) if isinstance(w, Slider) and w.dragging), None
        )
        margin = g(36)
        self.panel = pygame.Rect(0, 0, min(w - 2 * margin, g(1120)), h - 2 * margin)
        self.panel.center = (w // 2, h // 2)
        inner = self.panel.inflate(-2 * g(32), -2 * g(28))
        self.title_at = inner.topleft
        self.rule_y = inner.y + g(62)
        left_w = round(inner.width * 0.6)
        col = Column(inner.x, self.rule_y + g(18), left_w, g(33), g(6))
        back = pygame.Rect(0, 0, g(220), g(46))
        back.bottomright = inner.bottomright
        right = Column(inner.x + left_w + g(40), 0, 0, g(34), g(7))
        right.width = inner.right - right.x
        right.y = back.y - g(14) - g(32) - len(AIDS) * (right.row + right.gap) + right.gap
        self.preview = pygame.Rect(right.x, self.rule_y + g(56), right.width, 0)
        self.preview.height = right.y - g(16) - self.preview.y
        self.form = Form()
        self.headings = []
        s, add = self.app.settings, self.form.add
        self._heading(col, "general")
        add(
            Choice(
                col.next(),
                tr("settings.language"),
                [(lang, tr(f"settings.lang.{lang}")) for lang in LANGUAGES],
                s.language,
                self._change("language"),
            )
        )
        add(Slider(col.next(), tr("settings.volume"), s.volume, self._change("volume")))
        self._heading(col, "picture")
        for field in ("contrast", "grain", "temperature"):
            add(Slider(col.next(), tr(f"settings.{field}"), getattr(s, field), self._change(field)))
        for field in ("four_colour", "fullscreen"):
            add(
                Toggle(
                    col.next(),
                    tr(f"settings.{field}"),
                    getattr(s, field),
                    self._change(field),
                    tr("settings.on"),
                    tr("settings.off"),
                )
            )
        self._heading(col, "pace")
        add(
            Choice(
                col.next(),
                tr("settings.anim_speed"),
                [(k, tr(f"settings.speed.{k}")) for k in ANIM_SPEEDS],
                s.anim_speed,
                self._change("anim_speed"),
            )
        )
        thinking = [(t, tr(f"settings.think.{n}")) for t, n in zip(THINK_TIMES, THINK_NAMES, strict=True)]
        add(Choice(col.next(), tr("settings.think_time"), thinking, s.think_time, self._change("think_time")))
        note = pygame.Rect(col.x, col.y + g(6), back.x - g(24) - col.x, inner.bottom - col.y - g(6))
        self.note = (tr("aid.note"), note)  # under both columns, as far as the Back button
        self._aids(right)
        self.form.add(Button(back, tr("settings.back"), self.app.scenes.pop))
        restore_focus(self.form, focus)
        slider = self.form.widgets[held] if held is not None else None
        if isinstance(slider, Slider):  # every step of a drag applies the setting, which rebuilds the form
            slider.dragging = True
        self._cards = [self.app.cards.face(pack, code, g(92)) for pack, code in PREVIEW_CARDS]

    def _aids(self, col: Column) -> None:
        """Help while playing, one switch per aid, under the preview (`game.settings.AIDS`)."""
        self.headings.append((tr("aid.section"), (col.x, col.y + self.g(8))))
        col.skip(self.g(32))
        for field in AIDS:
            toggle = Toggle(
                col.next(),
                tr(field.replace("_", ".")),
                getattr(self.app.settings, field),
                self._change(field),
                tr("settings.on"),
                tr("settings.off"),
            )
            toggle.label_width = 0.52
            self.form.add(toggle)

    def _heading(self, col: Column, key: str) -> None:
        self.headings.append((tr(f"settings.section.{key}"), (col.x, col.y + self.g(8))))
        col.skip(self.g(32))

    def _change(self, field: str) -> Callable[[Any], None]:
        def apply(value: object) -> None:
            self.app.apply_settings(self.app.settings.with_(**{field: value}))

        return apply

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_frame(surface)
        self._draw_preview(surface)
        self.form.draw(surface)
        words, area = self.note
        size = text.fitting_size(words, area, theme.SIZE_SMALL - 2, theme.SIZE_SMALL - 6, italic=True)
        text.draw_paragraphs(surface, words, area, size, theme.PARCHMENT, italic=True)

    def _draw_preview(self, surface: pygame.Surface) -> None:
        g, rect = self.g, self.preview
        heading = pygame.Rect(rect.x, rect.y - g(30), rect.width, g(24))
        words = tr("settings.preview").upper()
        text.draw(surface, words, heading.topleft, theme.SIZE_SMALL * 0.9, theme.BRASS, box=heading, pad=0)
        surface.blit(felt(rect.size, self.app.vintage), rect)
        pygame.draw.rect(surface, theme.WALNUT_DARK, rect.inflate(g(12), g(12)), g(6))
        pygame.draw.rect(surface, theme.BRASS, rect.inflate(2, 2), 1)
        card_w, card_h = self._cards[0].get_size()
        gap, chip = g(14), chip_side(theme.SIZE_H2)
        top = rect.centery - (card_h + g(30) + chip) // 2
        left = rect.centerx - (len(self._cards) * (card_w + gap) - gap) // 2
        for i, card in enumerate(self._cards):
            surface.blit(card, (left + i * (card_w + gap), top))
        left = rect.centerx - (4 * (chip + gap) - gap) // 2
        for i, symbol in enumerate("♠♥♦♣"):
            suit_chip(
                surface, symbol, (left + i * (chip + gap), top + card_h + g(30) + chip // 2), theme.SIZE_H2
            )
