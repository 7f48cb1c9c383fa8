"""The end of a Königrufen deal: both piles counted in threes and what was needed (or, in a negative contract
and in Trischaken, each player's tricks and card points), the settlement, the match's sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.scene import Scene
from game.games.koenigrufen.sheet import DealSheet, Group
from game.games.koenigrufen.words import contract_name, item_label
from game.i18n import tr
from game.scenes import navigation
from game.sheets import WayOut
from game.ui import drawn, review_control, text, theme
from game.ui.chart import draw_chart, min_height
from game.ui.felt import felt
from game.ui.names import fitted_names
from game.ui.panel import draw_panel
from game.ui.salon import Grid
from game.ui.way_out import draw_note, way_out_buttons
from game.ui.widgets import Form

if TYPE_CHECKING:
    from game.app import App

NAME = theme.SIZE_SMALL - 3  # the sheet's names and its settlement's lines
ENTRY = theme.SIZE_SMALL - 2  # a deal's line of the sheet


class KoenigrufenScore(Scene):
    """A `DealSheet` on the felt: the piles counted in threes on the left, the match's sheet on the right,
    as wide as its labels and names need (the piles take what is left)."""

    name = "score"

    def __init__(self, app: App, sheet: DealSheet, way_out: WayOut) -> None:
        super().__init__(app)
        self.sheet, self.way_out = sheet, way_out
        self.form = Form()
        self.g = Grid(app.size)
        self.review = review_control.offer(app.reviews, way_out.review, self.open_review, app.notices.show)

    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        self.form = way_out_buttons(self.way_out, (w, h), h - g(74), self.review)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.way_out.escape()
            return
        if review_control.key(self.review, event):
            return
        self.form.handle(event)

    def open_review(self) -> None:
        """The deal's review on the table itself (the sheet stays beneath it)."""
        self.app.scenes.push(navigation.review(self.app, self.way_out.review))

    # layout -----------------------------------------------------------------------------------------
    def _labels_width(self) -> int:
        """The width of the sheet's first column: its widest label (a deal's contract, a settlement line)."""
        sheet, g = self.sheet, self.g
        labels = [(tr("kr.total"), theme.SIZE_SMALL, True), (tr("krt.this_deal"), NAME, False)]
        labels += [(item_label(item), NAME, False) for item in sheet.items]
        if sheet.contracts:
            labels += [(f"{e.deal_no} {contract_name(e.contract)}", ENTRY, False) for e in sheet.lines[-12:]]
        else:
            labels += [(str(e.deal_no), ENTRY, False) for e in sheet.lines[-12:]]
        return max(text.size_of(words, size, bold)[0] for words, size, bold in labels) + g(20)

    def _column_width(self) -> int:
        """A seat's column: room for its widest figure and, over two lines, its name's longest word."""
        sheet = self.sheet
        figures = [text.size_of(f"{t:+d}", theme.SIZE_BODY, True)[0] for t in sheet.totals]
        figures += [text.size_of(f"{v:+d}*", theme.SIZE_SMALL)[0] for e in sheet.lines for v in e.settlement]
        words = [text.size_of(word, NAME)[0] for name in sheet.names for word in name.split()]
        return max([*figures, *words]) + self.g(10)

    def _areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """The deal's parchment on the left and the sheet on the right: the sheet as wide as it needs,
        between 40 and 55 % of the window."""
        w, h = self.app.size
        g = self.g
        needs = 2 * g(12) + self._labels_width() + 4 * self._column_width()
        width = max(w * 40 // 100 - g(24), min(w * 55 // 100, needs))
        top, bottom = g(104), h - g(96)
        right = pygame.Rect(w - g(24) - width, top, width, bottom - top)
        return pygame.Rect(g(24), top, right.x - g(12) - g(24), bottom - top), right

    # drawing ------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(self.app.size, self.app.vintage), (0, 0))
        w, _ = self.app.size
        sheet, g = self.sheet, self.g
        head = pygame.Rect(g(24), g(8), w - 2 * g(24), g(56))
        [title], size = text.fitted(sheet.title, theme.SIZE_H1, head.width)
        text.draw(
            surface, title, head.center, size, theme.BRASS_LIGHT, "center", shadow=True, box=head, pad=0
        )
        left, right = self._areas()
        charted = False
        if sheet.result:
            colour = theme.CREAM if sheet.won is None else theme.SUCCESS if sheet.won else theme.FAILURE
            row = pygame.Rect(head.x, head.bottom, head.width, left.y - g(4) - head.bottom)
            [result], size = text.fitted(sheet.result, theme.SIZE_BODY, row.width, italic=True)
            text.draw(surface, result, row.center, size, colour, "center", italic=True, box=row, pad=0)
            draw_panel(surface, left, "paper")
            inner = left.inflate(-g(24), -g(20))
            heights = [inner.height // 2] * 2  # each pile's part: a half, or what it needs over a chart
            if sheet.chart is not None:  # a finished match: its running scores under the deal, room allowing
                needs = (
                    [self._players_height(inner.height)] if sheet.players else self._pile_heights(inner.width)
                )
                top = inner.y + sum(needs) + g(12)
                charted = draw_chart(
                    surface, pygame.Rect(inner.x, top, inner.width, inner.bottom - top), sheet.chart
                )
                if charted:
                    inner.height, heights = sum(needs), needs
            if sheet.players:
                self._draw_players(surface, inner)
            else:
                self._draw_piles(surface, inner, sheet.piles, heights)
        free = self._draw_sheet(surface, right)
        if sheet.chart is not None and not charted and free.height - g(14) >= min_height():
            draw_panel(surface, free, "paper")  # no room under the deal: on a parchment inset in the sheet's
            draw_chart(surface, free.inflate(-g(20), -g(14)), sheet.chart)
        self.form.draw(surface)
        draw_note(surface, self.way_out, self.form)

    def _group_grid(self) -> tuple[int, int, int]:
        """A pile's groups of three as laid out: a card's width, a group's width and a row's height."""
        g = self.g
        card_w = g(34)
        return (
            card_w,
            card_w + 3 * g(14),
            self.app.cards.size_for(card_w)[1] + text.line_height(theme.SIZE_SMALL - 4) + g(6),
        )

    def _pile_heights(self, width: int) -> list[int]:
        """The height each pile needs to show all its groups."""
        _, group_w, row_h = self._group_grid()
        per_row = max(1, width // group_w)
        head = text.line_height(theme.SIZE_SMALL) + self.g(18)
        return [head + max(1, -(-len(pile) // per_row)) * row_h for pile in self.sheet.piles]

    def _players_height(self, room: int) -> int:
        """The height the players' table needs: with each one's tricks shown where a chart still fits under
        it in `room`, else its lines alone."""
        g = self.g
        card_h = self.app.cards.size_for(g(30))[1]
        head = text.line_height(theme.SIZE_SMALL) * 3 + g(12)
        lines = head + len(self.sheet.players) * (text.line_height(theme.SIZE_BODY) + g(8))
        shown = lines + len(self.sheet.players) * card_h
        return shown if room - shown - g(12) >= min_height() else lines

    def _heading(self, surface: pygame.Surface, area: pygame.Rect, words: str, objective: str) -> None:
        """A part's heading in bold on the left of `area`'s first line, what was needed on its right."""
        line = pygame.Rect(area.x, area.y, area.width, text.line_height(theme.SIZE_SMALL))
        title = text.draw(
            surface, words, line.topleft, theme.SIZE_SMALL, theme.INK, bold=True, box=line, pad=0
        )
        if objective:
            rest = pygame.Rect(
                title.right + self.g(16), line.y, line.right - title.right - self.g(16), line.height
            )
            [shown], size = text.fitted(objective, theme.SIZE_SMALL, rest.width)
            text.draw(surface, shown, rest.topright, size, theme.SEPIA, "topright", box=rest, pad=0)

    def _draw_piles(
        self,
        surface: pygame.Surface,
        inner: pygame.Rect,
        piles: tuple[tuple[Group, ...], ...],
        heights: list[int],
    ) -> None:
        labels = (tr("kr.pile.declarers"), tr("kr.pile.defenders"))
        for i, (pile, label) in enumerate(zip(piles, labels, strict=True)):
            box = pygame.Rect(inner.x, inner.y + sum(heights[:i]), inner.width, heights[i] - self.g(6))
            total = sum(v for _, v in pile)
            heading = f"{label}: {tr('kr.points', n=total)}"
            self._heading(surface, box, heading, self.sheet.objective if i == 0 else "")
            top = box.y + text.line_height(theme.SIZE_SMALL) + self.g(4)
            self._draw_groups(surface, pygame.Rect(box.x, top, box.width, box.bottom - top), pile)

    def _draw_players(self, surface: pygame.Surface, inner: pygame.Rect) -> None:
        """Each player's tricks, card points and gain: the count where each plays for himself or tricks
        are the objective."""
        sheet, g = self.sheet, self.g
        self._heading(surface, inner, tr("krt.players"), sheet.objective)
        columns = ("krt.col.player", "krt.col.tricks", "krt.col.points", "krt.col.gets")
        xs = (inner.x + inner.width * 45 // 100, inner.x + inner.width * 65 // 100, inner.right)
        spans = (
            (inner.x, xs[0] - g(60)),
            (xs[0] - g(56), xs[0]),
            (xs[0] + g(8), xs[1]),
            (xs[1] + g(8), xs[2]),
        )
        y = inner.y + text.line_height(theme.SIZE_SMALL) * 2
        head_h = text.line_height(theme.SIZE_SMALL)
        for i, (key, (left, right)) in enumerate(zip(columns, spans, strict=True)):
            cell = pygame.Rect(left, y, right - left, head_h)
            [words], size = text.fitted(tr(key), theme.SIZE_SMALL - 2, cell.width)
            at, anchor = (cell.topleft, "topleft") if i == 0 else (cell.topright, "topright")
            text.draw(surface, words, at, size, theme.SEPIA, anchor, italic=True, box=cell, pad=0)
        y += head_h + g(4)
        pygame.draw.line(surface, theme.SEPIA, (inner.x, y), (inner.right, y), 1)
        y += g(8)
        row_h = (inner.bottom - y) // max(1, len(sheet.players))
        card_w = g(30)
        card_h = self.app.cards.size_for(card_w)[1]
        line_h = text.line_height(theme.SIZE_BODY)
        for seat, player in enumerate(sheet.players):
            colour = theme.WALNUT if player.gets >= 0 else theme.VERMILION
            cells = (sheet.names[seat], str(player.tricks), str(player.points), f"{player.gets:+d}")
            for i, (words, (left, right)) in enumerate(zip(cells, spans, strict=True)):
                room = pygame.Rect(left, y, right - left, line_h)
                [shown], size = text.fitted(words, theme.SIZE_BODY, room.width)
                at, anchor = (room.topleft, "topleft") if i == 0 else (room.topright, "topright")
                ink = colour if i == 3 else theme.INK
                text.draw(surface, shown, at, size, ink, anchor, box=room, pad=0)
            top = y + line_h + g(2)
            if top + card_h <= y + row_h:  # the tricks it took, overlapped to fit the row
                n = len(player.cards)
                step = min(card_w * 0.55, (inner.width - card_w) / max(1, n - 1))
                for i, card in enumerate(player.cards):
                    image = self.app.cards.face("tarock", card, card_w)
                    drawn.picture(
                        surface, image, image.get_rect(topleft=(round(inner.x + i * step), top)), "card"
                    )
            y += row_h

    def _draw_items(self, surface: pygame.Surface, inner: pygame.Rect, y: int, first: int, col: int) -> int:
        """The deal's settlement line by line (the game, each bonus silent or announced, made or failed,
        its Kontra) with what each player gets, above the match's lines; returns the y under them."""
        g = self.g
        line_h = text.line_height(NAME)
        label = pygame.Rect(inner.x + g(8), y, first - g(12), line_h)
        text.draw(
            surface,
            tr("krt.this_deal"),
            label.topleft,
            NAME,
            theme.BRASS_LIGHT,
            italic=True,
            box=label,
            pad=0,
        )
        y += line_h
        for item in self.sheet.items:
            label = pygame.Rect(inner.x + g(8), y, first - g(12), line_h)
            [words], size = text.fitted(item_label(item), NAME, label.width)
            text.draw(surface, words, label.topleft, size, theme.CREAM, box=label, pad=0)
            self._draw_amounts(surface, item.amounts, inner, y, first, col, NAME)
            y += line_h
        if self.sheet.money:  # the items count the doublings; the score (the deal's line below) does not
            label = pygame.Rect(inner.x + g(8), y, first - g(12), line_h)
            [words], size = text.fitted(tr("krt.money"), NAME, label.width, italic=True)
            text.draw(surface, words, label.topleft, size, theme.BRASS_LIGHT, italic=True, box=label, pad=0)
            self._draw_amounts(surface, self.sheet.money, inner, y, first, col, NAME)
            y += line_h
        pygame.draw.line(surface, theme.SEPIA, (inner.x, y + 3), (inner.right, y + 3), 1)
        return y + g(10)

    @staticmethod
    def _draw_amounts(
        surface: pygame.Surface,
        amounts: tuple[int, ...],
        inner: pygame.Rect,
        y: int,
        first: int,
        col: int,
        size: float,
    ) -> None:
        """What each player gets, in the players' columns: won green, lost red, nothing a dot."""
        line_h = text.line_height(size)
        for seat, amount in enumerate(amounts):
            colour = theme.SUCCESS if amount > 0 else theme.FAILURE if amount < 0 else theme.DIM
            cell = pygame.Rect(inner.x + first + seat * col, y, col, line_h)
            words = f"{amount:+d}" if amount else "·"
            text.draw(surface, words, cell.midtop, size, colour, "midtop", box=cell, pad=0)

    def _draw_groups(self, surface: pygame.Surface, box: pygame.Rect, groups: tuple[Group, ...]) -> None:
        card_w, group_w, row_h = self._group_grid()
        card_h = self.app.cards.size_for(card_w)[1]
        step = self.g(14)
        per_row = max(1, box.width // group_w)
        small = theme.SIZE_SMALL - 4
        for i, (group, value) in enumerate(groups):
            x = box.x + (i % per_row) * group_w
            y = box.y + (i // per_row) * row_h
            if y + row_h > box.bottom + 8:
                break
            for j, card in enumerate(group):
                image = self.app.cards.face("tarock", card, card_w)
                drawn.picture(surface, image, image.get_rect(topleft=(x + j * step, y)), "card")
            under = pygame.Rect(x, y + card_h + 2, card_w + 2 * step, text.line_height(small))
            words = f"{value:+d}" if value < 0 else str(value)
            text.draw(
                surface,
                words,
                (x + card_w // 2 + step, under.y),
                small,
                theme.SEPIA,
                "midtop",
                box=under,
                pad=0,
            )

    def _draw_sheet(self, surface: pygame.Surface, area: pygame.Rect) -> pygame.Rect:
        """The match's sheet; returns the room left between its totals and its foot line."""
        draw_panel(surface, area, "glass")
        sheet, g = self.sheet, self.g
        inner = area.inflate(-g(24), -g(20))
        head = pygame.Rect(inner.x, inner.y, inner.width, text.line_height(theme.SIZE_SMALL))
        text.draw(
            surface,
            tr("kr.sheet"),
            head.topleft,
            theme.SIZE_SMALL,
            theme.BRASS_LIGHT,
            bold=True,
            box=head,
            pad=0,
        )
        first = min(self._labels_width(), inner.width - 4 * self._column_width())
        col = (inner.width - first) // 4
        y = head.bottom + g(8)
        name_h = text.line_height(NAME) + text.ink_height(NAME)
        names, size = fitted_names(list(sheet.names), NAME, col - g(6), name_h)
        tall = max(len(lines) for lines in names) * text.line_height(size)
        for seat, lines in enumerate(names):
            cell = pygame.Rect(inner.x + first + seat * col + g(3), y, col - g(6), tall)
            at = (cell.centerx, cell.bottom - (len(lines) * text.line_height(size)) // 2)
            text.draw_lines(surface, lines, at, size, theme.PARCHMENT, box=cell, pad=0)
        y += tall + g(4)
        line_h = text.line_height(theme.SIZE_SMALL) + g(2)
        if sheet.items:
            y = self._draw_items(surface, inner, y, first, col)
        room = max(1, (inner.bottom - text.line_height(theme.SIZE_BODY) * 2 - g(16) - y) // line_h)
        for entry in sheet.lines[-min(12, room) :]:
            label = str(entry.deal_no)
            if sheet.contracts:
                label = f"{label} {contract_name(entry.contract)}"
            cell = pygame.Rect(inner.x + g(8), y, first - g(12), line_h)
            [label], size = text.fitted(label, ENTRY, cell.width)
            text.draw(surface, label, cell.topleft, size, theme.PARCHMENT, box=cell, pad=0)
            for seat in range(4):
                value = entry.settlement[seat]
                colour = theme.SUCCESS if value > 0 else theme.FAILURE if value < 0 else theme.CREAM
                mark = "*" if seat == entry.declarer else ""
                cell = pygame.Rect(inner.x + first + seat * col, y, col, line_h)
                words = f"{value:+d}{mark}"
                text.draw(surface, words, cell.midtop, theme.SIZE_SMALL, colour, "midtop", box=cell, pad=0)
            y += line_h
        pygame.draw.line(surface, theme.BRASS, (inner.x, y + 2), (inner.right, y + 2), 1)
        y += g(8)
        total_h = text.line_height(theme.SIZE_BODY)
        cell = pygame.Rect(inner.x + g(8), y, first - g(12), total_h)
        at = cell.midleft  # centred on the totals' line, beside them
        text.draw(
            surface,
            tr("kr.total"),
            at,
            theme.SIZE_SMALL,
            theme.BRASS_LIGHT,
            "midleft",
            bold=True,
            box=cell,
            pad=0,
        )
        best = max(sheet.totals)
        for seat in range(4):
            total = sheet.totals[seat]
            cell = pygame.Rect(inner.x + first + seat * col, y, col, total_h)
            ink = theme.BRASS_LIGHT if total == best else theme.CREAM
            text.draw(
                surface,
                f"{total:+d}",
                cell.center,
                theme.SIZE_BODY,
                ink,
                "center",
                bold=True,
                box=cell,
                pad=0,
            )
        y += total_h + g(4)
        if sheet.money_totals:  # the money beside the score, where Kontra counts in it only
            line_h = text.line_height(NAME)
            row = pygame.Rect(inner.x + g(8), y, first - g(12), line_h)
            [words], size = text.fitted(tr("krt.money"), NAME, row.width, italic=True)
            text.draw(surface, words, row.topleft, size, theme.BRASS_LIGHT, italic=True, box=row, pad=0)
            self._draw_amounts(surface, sheet.money_totals, inner, y, first, col, NAME)
            y += line_h + g(4)
        y += g(4)
        foot = pygame.Rect(inner.x, inner.bottom - total_h, inner.width, total_h)
        free = pygame.Rect(inner.x, y, inner.width, foot.y - g(8) - y)
        if sheet.over:
            winners = ", ".join(sheet.names[s] for s in range(4) if sheet.totals[s] == best)
            lines, size = text.fitted(tr("kr.winners", names=winners), theme.SIZE_BODY, foot.width, bold=True)
            text.draw_lines(surface, lines, foot.center, size, theme.BRASS_LIGHT, bold=True, box=foot, pad=0)
        else:
            [words], size = text.fitted(tr("kr.declarer_mark"), theme.SIZE_SMALL - 4, foot.width, italic=True)
            text.draw(
                surface,
                words,
                foot.bottomleft,
                size,
                theme.PARCHMENT,
                "bottomleft",
                italic=True,
                box=foot,
                pad=0,
            )
        return free
