"""The end of a Königrufen deal: both piles counted in threes, the 36 needed, the settlement, the sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ai.seeds import match_seed
from game.engine.scene import Scene
from game.games.koenigrufen.cards import CARD_POINTS
from game.i18n import tr
from game.scenes import navigation
from game.ui import text, theme
from game.ui.felt import felt
from game.ui.panel import draw_panel
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App
    from game.games.koenigrufen.table import KoenigrufenTable


def groups_of_three(cards: tuple[str, ...]) -> list[tuple[tuple[str, ...], int]]:
    """The pile as counted at the table: each group of three is worth its sum minus 2, a remainder minus 1."""
    out = []
    for i in range(0, len(cards), 3):
        group = cards[i : i + 3]
        out.append((group, sum(CARD_POINTS[c] for c in group) - (2 if len(group) == 3 else 1)))
    return out


class KoenigrufenScore(Scene):
    name = "score"

    def __init__(self, app: App, table: KoenigrufenTable) -> None:
        super().__init__(app)
        self.table = table
        self.form = Form()

    @property
    def over(self) -> bool:
        return self.table.game.is_over

    def relayout(self) -> None:
        w, h = self.app.size
        y = h - 74
        if self.over:
            entries = [(tr("score.again"), self._again, True), (tr("score.menu"), self._menu, False)]
        else:
            entries = [(tr("kr.next_deal"), self._next, True), (tr("pause.leave"), self._menu, False)]
        self.form = Form(
            [
                Button(pygame.Rect(w // 2 - 330 + i * 360, y, 300, 52), label, fn, primary=primary)
                for i, (label, fn, primary) in enumerate(entries)
            ]
        )
        self.form.move_focus(1)

    def _next(self) -> None:
        self.app.scenes.pop()
        self.table.proceed()

    def _again(self) -> None:
        from game.games.koenigrufen.table import KoenigrufenTable

        setup = self.table.setup
        fresh = type(setup)(setup.game, setup.seats, match_seed(), setup.deals)
        self.app.scenes.reset(KoenigrufenTable(self.app, fresh))

    def _menu(self) -> None:
        self.app.scenes.reset(navigation.menu(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._menu()
            return
        self.form.handle(event)

    # drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.app.size, self.app.vintage), (0, 0))
        w, h = self.app.size
        table = self.table
        scored = table.scored
        sheet = table.game.view(0).score_sheet
        title = tr("kr.final") if self.over else tr("kr.deal_title", n=sheet[-1].deal_no if sheet else 1)
        text.draw(surface, title, (w // 2, 14), theme.SIZE_H1, theme.BRASS_LIGHT, "midtop", shadow=True)
        if scored is not None:
            who = table.seat_name(scored.declarer)
            side = (
                tr("kr.with_partner", declarer=who, partner=table.seat_name(scored.partner))
                if scored.partner is not None
                else tr("kr.alone", declarer=who)
            )
            result = tr("kr.won" if scored.won else "kr.lost")
            line = tr("kr.result_line", side=side, points=scored.declarer_side_points, result=result)
            colour = theme.SUCCESS if scored.won else theme.FAILURE
            text.draw(surface, line, (w // 2, 66), theme.SIZE_BODY, colour, "midtop", italic=True)
            left = pygame.Rect(24, 104, w * 60 // 100 - 36, h - 104 - 96)
            self._draw_piles(surface, left, scored.piles)
        right = pygame.Rect(w * 60 // 100, 104, w * 40 // 100 - 24, h - 104 - 96)
        self._draw_sheet(surface, right)
        self.form.draw(surface)

    def _draw_piles(self, surface: pygame.Surface, area: pygame.Rect, piles: tuple) -> None:
        draw_panel(surface, area, "paper")
        inner = area.inflate(-24, -20)
        half = inner.height // 2
        labels = (tr("kr.pile.declarers"), tr("kr.pile.defenders"))
        for i, (pile, label) in enumerate(zip(piles, labels, strict=True)):
            box = pygame.Rect(inner.x, inner.y + i * half, inner.width, half - 6)
            total = sum(v for _, v in groups_of_three(pile))
            text.draw(
                surface,
                f"{label}: {tr('kr.points', n=total)}",
                box.topleft,
                theme.SIZE_SMALL,
                theme.INK,
                bold=True,
            )
            if i == 0:
                text.draw(surface, tr("kr.needed"), box.topright, theme.SIZE_SMALL, theme.SEPIA, "topright")
            self._draw_groups(surface, box.inflate(0, -text.line_height(theme.SIZE_SMALL)).move(0, 12), pile)

    def _draw_groups(self, surface: pygame.Surface, box: pygame.Rect, pile: tuple[str, ...]) -> None:
        groups = groups_of_three(pile)
        card_w = 34
        card_h = self.app.cards.size_for(card_w)[1]
        group_w = card_w + 2 * 14 + 14
        per_row = max(1, box.width // group_w)
        row_h = card_h + text.line_height(theme.SIZE_SMALL - 4) + 6
        for i, (group, value) in enumerate(groups):
            x = box.x + (i % per_row) * group_w
            y = box.y + (i // per_row) * row_h
            if y + row_h > box.bottom + 8:
                break
            for j, card in enumerate(group):
                surface.blit(self.app.cards.face("tarock", card, card_w), (x + j * 14, y))
            text.draw(
                surface,
                f"{value:+d}" if value < 0 else str(value),
                (x + card_w // 2 + 14, y + card_h + 2),
                theme.SIZE_SMALL - 4,
                theme.SEPIA,
                "midtop",
            )

    def _draw_sheet(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        draw_panel(surface, area, "glass")
        table = self.table
        view = table.game.view(0)
        inner = area.inflate(-24, -20)
        text.draw(surface, tr("kr.sheet"), inner.topleft, theme.SIZE_SMALL, theme.BRASS_LIGHT, bold=True)
        col = (inner.width - 60) // 4
        y = inner.y + text.line_height(theme.SIZE_SMALL) + 8
        for seat in range(4):
            name = text.fit(table.seat_name(seat), theme.SIZE_SMALL - 3, col - 6)
            text.draw(
                surface,
                name,
                (inner.x + 60 + seat * col + col // 2, y),
                theme.SIZE_SMALL - 3,
                theme.PARCHMENT,
                "midtop",
            )
        y += text.line_height(theme.SIZE_SMALL) + 4
        line_h = text.line_height(theme.SIZE_SMALL) + 2
        for entry in view.score_sheet[-12:]:
            text.draw(surface, str(entry.deal_no), (inner.x + 8, y), theme.SIZE_SMALL, theme.PARCHMENT)
            for seat in range(4):
                value = entry.settlement[seat]
                colour = theme.SUCCESS if value > 0 else theme.FAILURE if value < 0 else theme.CREAM
                mark = "*" if seat == entry.declarer else ""
                text.draw(
                    surface,
                    f"{value:+d}{mark}",
                    (inner.x + 60 + seat * col + col // 2, y),
                    theme.SIZE_SMALL,
                    colour,
                    "midtop",
                )
            y += line_h
        pygame.draw.line(surface, theme.BRASS, (inner.x, y + 2), (inner.right, y + 2), 1)
        y += 8
        text.draw(surface, tr("kr.total"), (inner.x + 8, y), theme.SIZE_SMALL, theme.BRASS_LIGHT, bold=True)
        best = max(view.totals)
        for seat in range(4):
            total = view.totals[seat]
            text.draw(
                surface,
                f"{total:+d}",
                (inner.x + 60 + seat * col + col // 2, y),
                theme.SIZE_BODY,
                theme.BRASS_LIGHT if total == best else theme.CREAM,
                "midtop",
                bold=True,
            )
        if self.over:
            winners = ", ".join(table.seat_name(s) for s in range(4) if view.totals[s] == best)
            text.draw(
                surface,
                tr("kr.winners", names=winners),
                (inner.centerx, inner.bottom),
                theme.SIZE_BODY,
                theme.BRASS_LIGHT,
                "midbottom",
                bold=True,
            )
        else:
            text.draw(
                surface,
                tr("kr.declarer_mark"),
                (inner.x, inner.bottom),
                theme.SIZE_SMALL - 4,
                theme.PARCHMENT,
                "bottomleft",
                italic=True,
            )
