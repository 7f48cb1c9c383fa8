"""The History's statistics: for one game at a time, each player's matches played and won and average
scores, and where the game has contracts (Königrufen), each contract's bids and success rate by player.

The figures are counted by `game.statistics` from the matches the History keeps (replayed, a bad file
kept aside there); this page lays them out as a ledger on parchment, a tab per game on the left.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import history
from game.engine.scene import Scene
from game.games.koenigrufen.words import contract_name
from game.i18n import language, tr
from game.registry import GAMES
from game.statistics import ContractLine, PlayerLine, Statistics, Who, gather
from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.salon import Grid, backdrop, column_and_page, ornament, restore_focus, scrolled_text_area
from game.ui.scroll import Scroller, fade
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App

PLAYER_COLUMNS = (0.36, 0.14, 0.14, 0.18, 0.18)  # shares of the page: player, played, won, averages
CONTRACT_COLUMNS = (0.28, 0.32, 0.13, 0.13, 0.14)  # contract, player, bids, made, success rate
ENDING_COLUMNS = (0.4, 0.45, 0.15)  # adventure, ending, times reached
SIZE = theme.SIZE_SMALL + 1
UNIT = {"koenigrufen": "stats.col.per_deal", "twotenjack": "stats.col.per_round"}  # else per challenge


@dataclass(frozen=True)
class Line:
    """One line of the page: a section's title, a table's header, or a row of cells."""

    kind: str  # "section", "header", "row", "total" (a contract's every bid), "gap"
    cells: tuple[str, ...] = ()
    shares: tuple[float, ...] = ()


def who_words(who: Who) -> str:
    return tr("stats.computer", level=tr(f"menu.ai_level.{who.level}")) if who.level else who.name


def decimal(value: float, signed: bool = True) -> str:
    """One decimal, the sign always shown, in the language's way of writing it."""
    words = f"{value:+.1f}" if signed else f"{value:.1f}"
    return words.replace(".", tr("stats.decimal_point")).replace("-", "−")


def percent(part: int, whole: int) -> str:
    return tr("stats.percent", n=round(100 * part / whole)) if whole else "—"


def player_row(game: str, line: PlayerLine) -> tuple[str, ...]:
    """A player's cells: name, matches played, won (with the share), the average score per match and
    per deal (at Falkenstein: the successes per session and per challenge)."""
    won = f"{line.won} · {percent(line.won, line.played)}"
    if game == "falkenstein":
        per_deal = percent(line.points, line.deals)
        return who_words(line.who), str(line.played), won, decimal(line.per_match, False), per_deal
    per_deal = "—" if line.per_deal is None else decimal(line.per_deal)
    return who_words(line.who), str(line.played), won, decimal(line.per_match), per_deal


def contract_row(line: ContractLine) -> tuple[str, ...]:
    rate = percent(line.made, line.judged)
    made = str(line.made) if line.judged else "—"
    if line.who is None:
        return contract_name(line.contract), tr("stats.all_players"), str(line.bids), made, rate
    return "", who_words(line.who), str(line.bids), made, rate


def page_lines(stats: Statistics) -> list[Line]:
    """The page of one game's statistics, line by line."""
    game = stats.game
    header = (
        tr("stats.col.player"),
        tr("stats.col.played"),
        tr("stats.col.won"),
        tr("stats.col.per_match"),
        tr(UNIT.get(game, "stats.col.per_challenge")),
    )
    lines = [Line("section", (tr("stats.players"),)), Line("header", header, PLAYER_COLUMNS)]
    lines += [Line("row", player_row(game, p), PLAYER_COLUMNS) for p in stats.players]
    if stats.contracts:
        head = tuple(tr(f"stats.col.{k}") for k in ("contract", "declarer", "bids", "made", "success"))
        lines += [
            Line("gap"),
            Line("section", (tr("stats.contracts"),)),
            Line("header", head, CONTRACT_COLUMNS),
        ]
        for c in stats.contracts:
            lines.append(Line("total" if c.who is None else "row", contract_row(c), CONTRACT_COLUMNS))
    if stats.endings:
        head = tuple(tr(f"stats.col.{k}") for k in ("adventure", "ending", "reached"))
        lines += [Line("gap"), Line("section", (tr("stats.endings"),)), Line("header", head, ENDING_COLUMNS)]
        previous = None
        for e in stats.endings:
            title = e.scenario.get(language()) if e.scenario != previous else ""
            previous = e.scenario
            lines.append(Line("row", (title, e.ending.get(language()), str(e.reached)), ENDING_COLUMNS))
    return lines


class StatisticsScene(Scene):
    name = "statistics"

    def __init__(self, app: App, game: str = "") -> None:
        super().__init__(app)
        self.stats = gather(history.entries())
        self.game = game or next((g for g in GAMES if g in self.stats), next(iter(GAMES)))
        self.g = Grid(app.size)
        self.form = Form()
        self.back: Button | None = None
        self.lines: list[Line] = []
        self.scroller = Scroller(inset=26, wheel=62, grab_idle=False)

    # layout ---------------------------------------------------------------------------------------
    def heights(self) -> dict[str, int]:
        g = self.g
        return {"section": g(46), "header": g(30), "row": g(34), "total": g(38), "gap": g(18)}

    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        focus = self.form.focus_index
        self.left, self.page = column_and_page(g, (w, h))
        inner = scrolled_text_area(g, self.page)
        self.title_y = inner.y
        top = inner.y + g(64)
        self.view = pygame.Rect(inner.x, top, inner.width, inner.bottom - top)
        self._fade = fade((self.view.width, g(22)))
        self.form = Form()
        y = self.left.y + g(96)
        for game in GAMES:
            count = self.stats[game].matches if game in self.stats else 0
            label = f"{tr(f'menu.game.{game}.name')} · {count}"
            rect = pygame.Rect(self.left.x, y, self.left.width, g(46))
            self.form.add(Button(rect, label, self._chooser(game), primary=game == self.game, size=SIZE))
            y += g(54)
        self.back = Button(
            pygame.Rect(self.left.x, self.left.bottom - g(46), self.left.width, g(46)),
            tr("stats.back"),
            self.app.scenes.pop,
        )
        self.form.add(self.back)
        self.hint_top = y + g(10)
        restore_focus(self.form, focus)
        self.lines = page_lines(self.stats[self.game]) if self.game in self.stats else []
        heights = self.heights()
        self.scroller.place(self.view, self.page.right, sum(heights[line.kind] for line in self.lines), g)

    def _chooser(self, game: str) -> Callable[[], None]:
        return lambda: self.choose(game)

    def choose(self, game: str) -> None:
        """Shows another game's statistics, from the top of the page."""
        if game != self.game:
            self.game = game
            self.scroller.place(self.view, self.page.right, 0, self.g)
            self.relayout()

    # input ----------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if self.scroller.handle(event):
            return
        if event.type == pygame.KEYDOWN and self._key(event.key):
            return
        if not self.form.handle(event) and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.scenes.pop()

    def _key(self, key: int) -> bool:
        """Left and Right choose the game; Up, Down and the page keys scroll (Tab moves the focus)."""
        games = list(GAMES)
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            index = games.index(self.game) + (1 if key == pygame.K_RIGHT else -1)
            self.choose(games[index % len(games)])
            return True
        page = self.view.height - self.g(40)
        row = self.heights()["row"]
        moves = {
            pygame.K_UP: -row,
            pygame.K_DOWN: row,
            pygame.K_PAGEUP: -page,
            pygame.K_PAGEDOWN: page,
            pygame.K_HOME: -self.scroller.content_h,
            pygame.K_END: self.scroller.content_h,
        }
        if key in moves:
            self.scroller.scroll_to(self.scroller.target + moves[key])
            return True
        return False

    def update(self, dt: float) -> None:
        super().update(dt)
        self.scroller.update(dt)

    # drawing --------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(self.app.size, self.app.vintage), (0, 0))
        self._draw_side(surface)
        draw_panel(surface, self.page, "paper")
        self._draw_title(surface)
        if self.lines:
            self._draw_lines(surface)
            self.scroller.draw(surface)
        else:
            self._draw_empty(surface)
        self.form.draw(surface)

    def _draw_side(self, surface: pygame.Surface) -> None:
        g, left = self.g, self.left
        [words], size = text.fitted(tr("stats.title"), theme.SIZE_H1, left.width, bold=True)
        title = text.draw(
            surface, words, left.topleft, size, theme.BRASS_LIGHT, bold=True, shadow=True, box=left, pad=0
        )
        ornament(surface, left.x, left.right, title.bottom + g(14))
        if self.back is None:
            return
        line_h = text.line_height(theme.SIZE_SMALL)
        lines = text.wrap(tr("stats.hint"), theme.SIZE_SMALL, left.width, italic=True)
        y = self.back.rect.y - g(14) - len(lines) * line_h
        if y < self.hint_top:
            return
        for line in lines:
            text.draw(
                surface, line, (left.x, y), theme.SIZE_SMALL, theme.PARCHMENT, italic=True, box=left, pad=0
            )
            y += line_h

    def _draw_title(self, surface: pygame.Surface) -> None:
        g, view = self.g, self.view
        head = pygame.Rect(view.x, self.title_y, view.width, view.y - g(12) - self.title_y)
        stats = self.stats.get(self.game)
        n = stats.matches if stats else 0
        count = tr("stats.count_one") if n == 1 else tr("stats.count", n=n)
        count_w = text.size_of(count, theme.SIZE_SMALL)[0]
        name = tr(f"menu.game.{self.game}.name")
        [name], size = text.fitted(name, theme.SIZE_H2, head.width - count_w - g(16), bold=True)
        title = text.draw(surface, name, head.topleft, size, theme.WALNUT, bold=True, box=head, pad=0)
        at = (view.right, title.bottom - g(4))
        text.draw(
            surface, count, at, theme.SIZE_SMALL, theme.SEPIA, "bottomright", italic=True, box=head, pad=0
        )
        y = view.y - g(10)
        pygame.draw.line(surface, theme.SEPIA, (view.x, y), (view.right, y), 1)

    def _draw_lines(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.view.clip(clip) if clip else self.view)
        heights = self.heights()
        y = self.view.y - round(self.scroller.offset)
        index = 0
        for line in self.lines:
            height = heights[line.kind]
            if y + height > self.view.top and y < self.view.bottom:
                self._draw_line(surface, line, pygame.Rect(self.view.x, y, self.view.width, height), index)
            index = index + 1 if line.kind in ("row", "total") else 0
            y += height
        if self.scroller.offset > 0:
            surface.blit(pygame.transform.flip(self._fade, False, True), self.view.topleft)
        if self.scroller.offset < self.scroller.max_offset:
            surface.blit(self._fade, (self.view.x, self.view.bottom - self._fade.get_height()))
        surface.set_clip(clip)

    def _draw_line(self, surface: pygame.Surface, line: Line, rect: pygame.Rect, index: int) -> None:
        g = self.g
        if line.kind == "section":
            words = line.cells[0]
            at = (rect.x, rect.bottom - g(8))
            shown = text.draw(
                surface, words, at, theme.SIZE_BODY, theme.WALNUT, "bottomleft", bold=True, box=rect, pad=0
            )
            ornament(surface, shown.right + g(16), rect.right, shown.centery + g(2), theme.SEPIA)
            return
        if line.kind == "gap":
            return
        if line.kind == "total" and index:
            pygame.draw.line(surface, theme.SEPIA, (rect.x, rect.y), (rect.right, rect.y), 1)
        elif line.kind == "row" and index % 2:
            band = pygame.Surface(rect.size, pygame.SRCALPHA)
            band.fill((*theme.SEPIA, 18))
            surface.blit(band, rect)
        header = line.kind == "header"
        size = theme.SIZE_SMALL * 0.8 if header else SIZE
        x = rect.x
        for i, (cell, share) in enumerate(zip(line.cells, line.shares, strict=True)):
            width = round(rect.width * share)
            words = cell.upper() if header else cell
            bold = header or (line.kind == "total" and i == 0)
            italic = line.kind == "total" and i == 1
            colour = theme.SEPIA if header or italic else theme.WALNUT if bold else theme.INK
            room = pygame.Rect(x + g(7), rect.y, width - g(14), rect.height)
            [cut], fits = text.fitted(words, size, room.width, bold=bold, italic=italic)
            if i == 0 or (i == 1 and line.shares in (CONTRACT_COLUMNS, ENDING_COLUMNS)):
                at, anchor = (x + g(8), rect.centery), "midleft"
            else:
                at, anchor = (x + width // 2, rect.centery), "center"
            text.draw(surface, cut, at, fits, colour, anchor, bold=bold, italic=italic, box=room, pad=0)
            x += width
        if header:
            pygame.draw.line(
                surface, theme.SEPIA, (rect.x, rect.bottom - 2), (rect.right, rect.bottom - 2), 1
            )

    def _draw_empty(self, surface: pygame.Surface) -> None:
        page, g = self.view, self.g
        words = tr("stats.empty", game=tr(f"menu.game.{self.game}.name"))
        y = page.y + page.height // 3
        line_h = text.line_height(theme.SIZE_BODY, italic=True)
        room = page.inflate(-2 * g(40), 0)
        for line in text.wrap(words, theme.SIZE_BODY, room.width, italic=True):
            at = (page.centerx, y)
            text.draw(surface, line, at, theme.SIZE_BODY, theme.SEPIA, "midtop", italic=True, box=room, pad=0)
            y += line_h
