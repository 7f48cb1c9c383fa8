"""The end of a Königrufen deal: both piles counted in threes and what was needed (or, in a negative contract
and in Trischaken, each player's tricks and card points), the settlement, the match's sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.games.koenigrufen.sheet import DealSheet, Group
from game.games.koenigrufen.words import contract_name, item_label
from game.i18n import tr
from game.sheets import WayOut
from game.ui import text, theme
from game.ui.chart import draw_chart, min_height
from game.ui.felt import felt
from game.ui.panel import draw_panel
from game.ui.way_out import draw_note, way_out_buttons
from game.ui.widgets import Form

if TYPE_CHECKING:
    from game.app import App


class KoenigrufenScore(Scene):
    """A `DealSheet` on the felt: the piles counted in threes on the left, the match's sheet on the right."""

    name = "score"

    def __init__(self, app: App, sheet: DealSheet, way_out: WayOut) -> None:
        super().__init__(app)
        self.sheet, self.way_out = sheet, way_out
        self.form = Form()

    def relayout(self) -> None:
        w, h = self.app.size
        self.form = way_out_buttons(self.way_out, w, h - 74)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.way_out.escape()
            return
        self.form.handle(event)

    # drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.app.size, self.app.vintage), (0, 0))
        w, h = self.app.size
        sheet = self.sheet
        text.draw(surface, sheet.title, (w // 2, 14), theme.SIZE_H1, theme.BRASS_LIGHT, "midtop", shadow=True)
        charted = False
        if sheet.result:
            colour = theme.CREAM if sheet.won is None else theme.SUCCESS if sheet.won else theme.FAILURE
            text.draw(surface, sheet.result, (w // 2, 66), theme.SIZE_BODY, colour, "midtop", italic=True)
            left = pygame.Rect(24, 104, w * 60 // 100 - 36, h - 104 - 96)
            draw_panel(surface, left, "paper")
            inner = left.inflate(-24, -20)
            heights = [inner.height // 2] * 2  # each pile's part: a half, or what it needs over a chart
            if sheet.chart is not None:  # a finished match: its running scores under the deal, room allowing
                needs = (
                    [self._players_height(inner.height)] if sheet.players else self._pile_heights(inner.width)
                )
                top = inner.y + sum(needs) + 12
                charted = draw_chart(
                    surface, pygame.Rect(inner.x, top, inner.width, inner.bottom - top), sheet.chart
                )
                if charted:
                    inner.height, heights = sum(needs), needs
            if sheet.players:
                self._draw_players(surface, inner)
            else:
                self._draw_piles(surface, inner, sheet.piles, heights)
        right = pygame.Rect(w * 60 // 100, 104, w * 40 // 100 - 24, h - 104 - 96)
        free = self._draw_sheet(surface, right)
        if sheet.chart is not None and not charted and free.height - 14 >= min_height():
            draw_panel(surface, free, "paper")  # no room under the deal: on a parchment inset in the sheet's
            draw_chart(surface, free.inflate(-20, -14), sheet.chart)
        self.form.draw(surface)
        draw_note(surface, self.way_out, self.form)

    def _group_grid(self) -> tuple[int, int, int]:
        """A pile's groups of three as laid out: a card's width, a group's width and a row's height."""
        card_w = 34
        return (
            card_w,
            card_w + 2 * 14 + 14,
            self.app.cards.size_for(card_w)[1] + text.line_height(theme.SIZE_SMALL - 4) + 6,
        )

    def _pile_heights(self, width: int) -> list[int]:
        """The height each pile needs to show all its groups."""
        _, group_w, row_h = self._group_grid()
        per_row = max(1, width // group_w)
        head = text.line_height(theme.SIZE_SMALL) + 18
        return [head + max(1, -(-len(pile) // per_row)) * row_h for pile in self.sheet.piles]

    def _players_height(self, room: int) -> int:
        """The height the players' table needs: with each one's tricks shown where a chart still fits under
        it in `room`, else its lines alone."""
        card_h = self.app.cards.size_for(30)[1]
        head = text.line_height(theme.SIZE_SMALL) * 3 + 12
        lines = head + len(self.sheet.players) * (text.line_height(theme.SIZE_BODY) + 8)
        shown = lines + len(self.sheet.players) * card_h
        return shown if room - shown - 12 >= min_height() else lines

    def _draw_piles(
        self,
        surface: pygame.Surface,
        inner: pygame.Rect,
        piles: tuple[tuple[Group, ...], ...],
        heights: list[int],
    ) -> None:
        labels = (tr("kr.pile.declarers"), tr("kr.pile.defenders"))
        for i, (pile, label) in enumerate(zip(piles, labels, strict=True)):
            box = pygame.Rect(inner.x, inner.y + sum(heights[:i]), inner.width, heights[i] - 6)
            total = sum(v for _, v in pile)
            text.draw(
                surface,
                f"{label}: {tr('kr.points', n=total)}",
                box.topleft,
                theme.SIZE_SMALL,
                theme.INK,
                bold=True,
            )
            if i == 0:
                text.draw(
                    surface, self.sheet.objective, box.topright, theme.SIZE_SMALL, theme.SEPIA, "topright"
                )
            self._draw_groups(surface, box.inflate(0, -text.line_height(theme.SIZE_SMALL)).move(0, 12), pile)

    def _draw_players(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        """Each player's tricks, card points and gain: the count where each plays for himself or tricks
        are the objective."""
        sheet = self.sheet
        text.draw(surface, tr("krt.players"), inner.topleft, theme.SIZE_SMALL, theme.INK, bold=True)
        text.draw(surface, sheet.objective, inner.topright, theme.SIZE_SMALL, theme.SEPIA, "topright")
        columns = ("krt.col.player", "krt.col.tricks", "krt.col.points", "krt.col.gets")
        xs = (inner.x, inner.x + inner.width * 45 // 100, inner.x + inner.width * 65 // 100, inner.right)
        anchors = ("topleft", "topright", "topright", "topright")
        y = inner.y + text.line_height(theme.SIZE_SMALL) * 2
        for key, x, anchor in zip(columns, xs, anchors, strict=True):
            text.draw(surface, tr(key), (x, y), theme.SIZE_SMALL - 2, theme.SEPIA, anchor, italic=True)
        y += text.line_height(theme.SIZE_SMALL) + 4
        pygame.draw.line(surface, theme.SEPIA, (inner.x, y), (inner.right, y), 1)
        y += 8
        row_h = (inner.bottom - y) // max(1, len(sheet.players))
        card_w = 30
        card_h = self.app.cards.size_for(card_w)[1]
        for seat, player in enumerate(sheet.players):
            colour = theme.WALNUT if player.gets >= 0 else theme.VERMILION
            cells = (sheet.names[seat], str(player.tricks), str(player.points), f"{player.gets:+d}")
            for cell, x, anchor in zip(cells, xs, anchors, strict=True):
                shown = text.fit(cell, theme.SIZE_BODY, xs[1] - xs[0] - 80) if x == inner.x else cell
                text.draw(
                    surface, shown, (x, y), theme.SIZE_BODY, colour if x == inner.right else theme.INK, anchor
                )
            top = y + text.line_height(theme.SIZE_BODY) + 2
            if top + card_h <= y + row_h:  # the tricks it took, overlapped to fit the row
                n = len(player.cards)
                step = min(card_w * 0.55, (inner.width - card_w) / max(1, n - 1))
                for i, card in enumerate(player.cards):
                    surface.blit(
                        self.app.cards.face("tarock", card, card_w), (round(inner.x + i * step), top)
                    )
            y += row_h

    def _draw_items(self, surface: pygame.Surface, inner: pygame.Rect, y: int, first: int, col: int) -> int:
        """The deal's settlement line by line (the game, each bonus silent or announced, made or failed,
        its Kontra) with what each player gets, above the match's lines; returns the y under them."""
        small = theme.SIZE_SMALL - 3
        text.draw(surface, tr("krt.this_deal"), (inner.x + 8, y), small, theme.BRASS_LIGHT, italic=True)
        y += text.line_height(small)
        for item in self.sheet.items:
            text.draw(
                surface, text.fit(item_label(item), small, first - 12), (inner.x + 8, y), small, theme.CREAM
            )
            self._draw_amounts(surface, item.amounts, inner, y, first, col, small)
            y += text.line_height(small)
        if self.sheet.money:  # the items count the doublings; the score (the deal's line below) does not
            label = text.fit(tr("krt.money"), small, first - 12)
            text.draw(surface, label, (inner.x + 8, y), small, theme.BRASS_LIGHT, italic=True)
            self._draw_amounts(surface, self.sheet.money, inner, y, first, col, small)
            y += text.line_height(small)
        pygame.draw.line(surface, theme.SEPIA, (inner.x, y + 3), (inner.right, y + 3), 1)
        return y + 10

    @staticmethod
    def _draw_amounts(
        surface: pygame.Surface,
        amounts: tuple[int, ...],
        inner: pygame.Rect,
        y: int,
        first: int,
        col: int,
        size: int,
    ) -> None:
        """What each player gets, in the players' columns: won green, lost red, nothing a dot."""
        for seat, amount in enumerate(amounts):
            colour = theme.SUCCESS if amount > 0 else theme.FAILURE if amount < 0 else theme.DIM
            at = (inner.x + first + seat * col + col // 2, y)
            text.draw(surface, f"{amount:+d}" if amount else "·", at, size, colour, "midtop")

    def _draw_groups(self, surface: pygame.Surface, box: pygame.Rect, groups: tuple[Group, ...]) -> None:
        card_w, group_w, row_h = self._group_grid()
        card_h = self.app.cards.size_for(card_w)[1]
        per_row = max(1, box.width // group_w)
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

    def _draw_sheet(self, surface: pygame.Surface, area: pygame.Rect) -> pygame.Rect:
        """The match's sheet; returns the room left between its totals and its foot line."""
        draw_panel(surface, area, "glass")
        sheet = self.sheet
        inner = area.inflate(-24, -20)
        text.draw(surface, tr("kr.sheet"), inner.topleft, theme.SIZE_SMALL, theme.BRASS_LIGHT, bold=True)
        first = (
            (210 if sheet.items else 150) if sheet.contracts else 60
        )  # a line's label: deal, contract, item
        col = (inner.width - first) // 4
        y = inner.y + text.line_height(theme.SIZE_SMALL) + 8
        for seat in range(4):
            name = text.fit(sheet.names[seat], theme.SIZE_SMALL - 3, col - 6)
            text.draw(
                surface,
                name,
                (inner.x + first + seat * col + col // 2, y),
                theme.SIZE_SMALL - 3,
                theme.PARCHMENT,
                "midtop",
            )
        y += text.line_height(theme.SIZE_SMALL) + 4
        line_h = text.line_height(theme.SIZE_SMALL) + 2
        if sheet.items:
            y = self._draw_items(surface, inner, y, first, col)
        room = max(1, (inner.bottom - text.line_height(theme.SIZE_BODY) * 2 - 16 - y) // line_h)
        for entry in sheet.lines[-min(12, room) :]:
            label = str(entry.deal_no)
            if sheet.contracts:
                label = text.fit(f"{label} {contract_name(entry.contract)}", theme.SIZE_SMALL - 2, first - 8)
            text.draw(surface, label, (inner.x + 8, y), theme.SIZE_SMALL - 2, theme.PARCHMENT)
            for seat in range(4):
                value = entry.settlement[seat]
                colour = theme.SUCCESS if value > 0 else theme.FAILURE if value < 0 else theme.CREAM
                mark = "*" if seat == entry.declarer else ""
                text.draw(
                    surface,
                    f"{value:+d}{mark}",
                    (inner.x + first + seat * col + col // 2, y),
                    theme.SIZE_SMALL,
                    colour,
                    "midtop",
                )
            y += line_h
        pygame.draw.line(surface, theme.BRASS, (inner.x, y + 2), (inner.right, y + 2), 1)
        y += 8
        text.draw(surface, tr("kr.total"), (inner.x + 8, y), theme.SIZE_SMALL, theme.BRASS_LIGHT, bold=True)
        best = max(sheet.totals)
        for seat in range(4):
            total = sheet.totals[seat]
            text.draw(
                surface,
                f"{total:+d}",
                (inner.x + first + seat * col + col // 2, y),
                theme.SIZE_BODY,
                theme.BRASS_LIGHT if total == best else theme.CREAM,
                "midtop",
                bold=True,
            )
        y += text.line_height(theme.SIZE_BODY) + 4
        if sheet.money_totals:  # the money beside the score, where Kontra counts in it only
            small = theme.SIZE_SMALL - 3
            text.draw(surface, tr("krt.money"), (inner.x + 8, y), small, theme.BRASS_LIGHT, italic=True)
            self._draw_amounts(surface, sheet.money_totals, inner, y, first, col, small)
            y += text.line_height(small) + 4
        y += 4
        free = pygame.Rect(inner.x, y, inner.width, inner.bottom - text.line_height(theme.SIZE_BODY) - 8 - y)
        if sheet.over:
            winners = ", ".join(sheet.names[s] for s in range(4) if sheet.totals[s] == best)
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
        return free
