"""A deal's review, stepped through on the game's own table: the seat under review holds its hand as it was,
the cards go to the tricks as they went, and at each of its decisions the panel in the log's place tells the
move made and the best move found with what each was expected to bring from what the seat could see, marked
costly or doubtful where the gap is sure; the message band says it in a sentence, the best move is pinned
where a hint pins it, and under a rule of its own the panel gives the all-cards opinion, after the deal.

Keys and clicks as at the table: → (or Space) the next move, ← the one before, C the next marked decision
(Shift+C the one before), Tab the next seat (any seat: computers are reviewed too), S the summary of the deal
and the match, Page Up / Page Down the deal before or after, Home / End the deal's start and end, R the review
when it is not made yet, Esc back. Nothing here writes the match; a jump builds the table anew at its place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.decision import Decision
from game.i18n import language, tr
from game.registry import spec
from game.review import analysis
from game.review.analysis import DealReview, Figures, Moment
from game.review.job import Target
from game.scenes import navigation
from game.scenes.table_scene import TableScene
from game.scenes.trick_table import Hint, TrickTable, band_lines
from game.ui import review_control, text, theme
from game.ui.panel import draw_panel, veil
from game.ui.review_control import ReviewControl
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App

MARK_INK = {"costly": theme.FAILURE, "doubtful": theme.BRASS_LIGHT, "": theme.SUCCESS}


def review_table(
    app: App, target: Target, seat: int | None = None, position: int | None = None, summary: bool = False
) -> TableScene:
    """The deal's game table, reviewed: the game's own table class with the review's behaviour first."""
    table = navigation.load(spec(target.journal.game).table)
    reviewed = type(f"Review{table.__name__}", (ReviewTable, table), {})
    made: TableScene = reviewed(app, target, seat, position, summary)
    return made


def points(value: float) -> str:
    """Points as the review writes them: signed, one decimal, the language's decimal mark (0 unsigned)."""
    if round(value, 1) == 0:
        return "0"
    words = f"{value:+.1f}".replace("-", "−")
    return words.replace(".", ",") if language() in ("de", "fr") else words


class ReviewTable(TrickTable):
    """Mixed in before a game's table class by `review_table`; steps through the journal's deal."""

    name = "review"

    def __init__(
        self, app: App, target: Target, seat: int | None, position: int | None, summary: bool
    ) -> None:
        self.target = target
        setup = target.journal.setup
        humans = [i for i, player in enumerate(setup.seats) if player.human]
        self.seat = seat if seat is not None else (humans[0] if humans else 0)
        span = target.span
        self.position = span.first if position is None else max(span.first, min(span.end, position))
        self.summary_open = summary
        self.review: DealReview | None = None
        self.control: ReviewControl | None = None
        self.review_form = Form()
        self.summary_form = Form()
        self.match: tuple[list[DealReview], int] = ([], 0)
        super().__init__(app, setup)
        self.review, _ = app.reviews.find(target)
        if self.review is None:
            self.control = review_control.offer(app.reviews, target, self._reviewed, app.notices.show)
        self._build(self.position)

    # never the match's journal, never a computer: the deal as it was ---------------------------------------
    def _save(self, write: Callable[[], None]) -> None:
        """A review writes nothing of the match."""

    def record(self, action: Any) -> None:
        self.autosave.journal.actions.append(action)

    @property
    def spectator_seat(self) -> int:
        return self.seat

    @property
    def shared_screen(self) -> bool:
        return False

    def next_step(self) -> None:
        """Nobody acts: the journal says what was done."""

    def _build(self, position: int) -> None:
        """The table at `position`, shown at once: the deal's events up to it, without animation."""
        journal, span = self.target.journal, self.target.span
        self.queue.clear()
        self.game = spec(journal.game).new_state(journal.setup)
        events: list[Any] = list(self.game.opening)
        for action in journal.actions[: span.first]:
            events = self.game.apply(action)  # the deal's own start is the last action's events
        for action in journal.actions[span.first : position]:
            events += self.game.apply(action)
        self.autosave.journal.actions = list(journal.actions[:position])
        self.position = position
        self.enqueue(events)
        self.fast_forward()

    def goto(self, position: int, seat: int | None = None) -> None:
        """The table built anew at another place of the deal (or for another seat)."""
        seat = self.seat if seat is None else seat
        self.app.scenes.replace(review_table(self.app, self.target, seat, position, self.summary_open))

    def forward(self) -> None:
        """The next move of the deal, played as it was."""
        if self.position >= self.target.span.end:
            self.refuse(tr("review.at_end"))
            return
        if self.busy:  # the last move still showing: shown at once, then the next one
            self.fast_forward()
            self.tweens.finish_all()
            self.scheduler.flush()
        action = self.target.journal.actions[self.position]
        events = self.game.apply(action)
        self.record(action)
        self.position += 1
        self.enqueue(events)

    def step_back(self) -> None:
        if self.position > self.target.span.first:
            self.goto(self.position - 1)

    def jump(self, step: int) -> None:
        """To the seat's next (or previous, `step` -1) marked decision, round the deal."""
        marked = [m.index for m in self.moments if self.review is not None and self.review.mark(m)]
        if not marked:
            self.refuse(tr("review.none_marked"))
            return
        ahead = [i for i in marked if (i > self.position if step > 0 else i < self.position)]
        self.goto((ahead[0] if step > 0 else ahead[-1]) if ahead else (marked[0] if step > 0 else marked[-1]))

    def next_seat(self, step: int = 1) -> None:
        self.goto(self.position, (self.seat + step) % self.n)

    def other_deal(self, step: int) -> None:
        """The deal before or after in the match, reviewed or not yet."""
        number = self.target.span.number + step
        other = Target.of(self.target.journal, number, self.target.deals)
        if other is None:
            self.refuse(tr("review.no_deal"))
            return
        self.app.scenes.replace(review_table(self.app, other, self.seat, None, self.summary_open))

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.control is not None and self.control.state == "ready":
            self._reviewed()

    def _reviewed(self) -> None:
        """The review made while the table was shown: its marks from now on."""
        self.review, _ = self.app.reviews.find(self.target)
        self.control = None
        self.relayout()

    # what the review says of the place shown --------------------------------------------------------------
    @property
    def moments(self) -> list[Moment]:
        """The seat's decisions in this deal, in order."""
        if self.review is None:
            return []
        return [m for m in self.review.moments if m.seat == self.seat]

    @property
    def moment(self) -> Moment | None:
        """The seat's decision at the place shown, if it decides here."""
        return next((m for m in self.moments if m.index == self.position), None)

    def current_hint(self) -> Hint | None:
        """The best move found, pinned where a hint pins it."""
        moment = self.moment
        if moment is None or self.busy:
            return None
        decision = Decision(moment.options[moment.best], moment.reason)
        return Hint(self.seat, self.moves, decision, len(moment.options))

    def mark_words(self, mark: str) -> str:
        return tr(f"review.mark.{mark or 'good'}")

    def why(self, moment: Moment, short: bool = False) -> str:
        """Why the best move: the hint's reason in the review's words (none for a weighed bid or word: the
        share says it), and how often it did better."""
        reason = tr(f"review.why.{moment.reason}") if moment.reason not in ("", "weighed") else ""
        if moment.best == moment.made or not moment.share:
            return reason
        deals = self.review.deals if self.review else 0
        key = "review.share_short" if short else "review.share"
        share = tr(key, pct=round(100 * moment.share), deals=deals)
        return f"{reason}; {share}" if reason and not short else share

    def verdict(self) -> str:
        """The message band's sentence at a decision of the seat."""
        moment = self.moment
        if self.review is None:
            return tr("review.band.not_yet")
        if moment is None:
            return ""
        assert self.review is not None
        mark = self.review.mark(moment)
        if not mark:
            return tr("review.band.good", name=self.seat_name(self.seat))
        better = self.move_named(moment.options[moment.best])["move"]
        return tr("review.band.marked", mark=self.mark_words(mark), move=better, why=self.why(moment))

    def draw_message(self, surface: pygame.Surface) -> None:
        words = self.verdict()
        if not words:
            super().draw_message(surface)
            return
        area = self.r("message")
        draw_panel(surface, area, "glass")
        size, lines = band_lines(words, area.width - 28, area.height)
        moment = self.moment
        ink = MARK_INK[self.review.mark(moment)] if self.review and moment else theme.CREAM
        line_h = text.line_height(size)
        top = area.centery - line_h * len(lines) // 2
        for i, line in enumerate(lines):
            text.draw(surface, line, (area.x + 14, top + i * line_h + line_h // 2), size, ink, "midleft")

    # layout -----------------------------------------------------------------------------------------------
    def review_area(self) -> pygame.Rect:
        """The review's panel: in the log's place, and the round's points panel's where a table has one (the
        name plates still show each seat's points)."""
        area = self.r("log")
        return area.union(self.r("points")) if "points" in self.layout.names() else area

    def build_controls(self) -> None:
        """The review's buttons in the place of the table's: the moves, the marks, the seat, the summary."""
        area = self.r("controls")
        gap = 6
        rows = [
            [("←", self.step_back), ("→", self.forward), (tr("review.button.marked"), lambda: self.jump(1))],
            [
                (tr("review.button.seat"), self.next_seat),
                (tr("review.button.summary"), self.toggle_summary),
                (tr("review.button.back"), self.leave_review),
            ],
        ]
        h = (area.height - gap * (len(rows) + 1)) // len(rows)
        small = theme.SIZE_SMALL - 2
        buttons = []
        for r, row in enumerate(rows):
            w = (area.width - gap * (len(row) + 1)) // len(row)
            for c, (label, act) in enumerate(row):
                rect = pygame.Rect(area.x + gap + c * (w + gap), area.y + gap + r * (h + gap), w, h)
                words, size = _label(label, small, w - 8)
                buttons.append(Button(rect, words, act, size=size))
        self.controls = Form(buttons)

    def relayout(self) -> None:
        super().relayout()
        self.review_form = Form()
        if self.control is not None:
            panel = self.review_area()
            height = max(30, text.line_height(theme.SIZE_SMALL) * 2)
            self.control.rect = pygame.Rect(
                panel.x + 10, panel.bottom - height - 10, panel.width - 20, height
            )
            self.control.size = theme.SIZE_SMALL - 2
            self.review_form = Form([self.control])
        self._build_summary()

    def leave_review(self) -> None:
        self.app.scenes.pop()

    def toggle_summary(self) -> None:
        self.summary_open = not self.summary_open
        self._build_summary()

    # input ------------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and self._review_key(event):
            return
        if self.summary_open:
            self.summary_form.handle(event)
            return
        if self.review_form.handle(event) or self.controls.handle(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and self.show_last:
            self.show_last = False

    def _review_key(self, event: pygame.event.Event) -> bool:
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        keys: dict[int, Callable[[], None]] = {
            pygame.K_ESCAPE: self.toggle_summary if self.summary_open else self.leave_review,
            pygame.K_RIGHT: self.forward,
            pygame.K_SPACE: self.forward,
            pygame.K_LEFT: self.step_back,
            pygame.K_BACKSPACE: self.step_back,
            pygame.K_c: lambda: self.jump(-1 if shift else 1),
            pygame.K_TAB: lambda: self.next_seat(-1 if shift else 1),
            pygame.K_s: self.toggle_summary,
            pygame.K_PAGEUP: lambda: self.other_deal(-1),
            pygame.K_PAGEDOWN: lambda: self.other_deal(1),
            pygame.K_HOME: lambda: self.goto(self.target.span.first),
            pygame.K_END: lambda: self.goto(self.target.span.end),
            pygame.K_l: self.toggle_last_trick,
        }
        if event.key in keys:
            keys[event.key]()
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not self.summary_open:
            focused = self.controls.focused or self.review_form.focused
            if focused is None:
                self.forward()
                return True
        return review_control.key(self.control, event)

    # drawing ----------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_made(surface)
        self._draw_panel(surface)
        if self.summary_open:
            self._draw_summary(surface)

    def _draw_made(self, surface: pygame.Surface) -> None:
        """A ring round the card the seat played, where the review found a better one."""
        moment = self.moment
        if moment is None or moment.best == moment.made or self.busy:
            return
        made = moment.options[moment.made]
        cards = {getattr(made, "card", None), *getattr(made, "cards", ())} - {None}
        images, w = self.app.cards, self.card_w
        for sprite in self.hand:
            if sprite.code in cards:
                rect = sprite.rect(images, w)
                pygame.draw.rect(
                    surface, theme.VERMILION, rect.inflate(6, 6), 3, border_radius=max(4, w // 12)
                )

    def place_words(self) -> str:
        """Where the place shown stands: the decision's kind (the trick's number), or the deal's end."""
        span, position = self.target.span, self.position
        if position >= span.end:
            return tr("review.place.end")
        moment = self.moment
        if moment is None:
            seat = self.game.to_act
            return tr("review.place.other", name=self.seat_name(seat)) if seat is not None else ""
        number = [m.index for m in self.moments].index(moment.index) + 1
        kind = moment.kind
        if kind == "play":
            trick = len(getattr(self.game.view(self.seat), "tricks", ())) + 1
            head = tr("review.kind.trick", n=trick)
        else:
            head = tr(f"review.kind.{kind}")
        return tr("review.place.decision", head=head, n=number, total=len(self.moments))

    def _draw_panel(self, surface: pygame.Surface) -> None:
        """The review's panel in the log's place: the deal, the seat and the place shown, then the decision
        there (or, before the review is made, what it will do and its control)."""
        area = self.review_area()
        pygame.draw.rect(surface, theme.PARCHMENT, area.inflate(-6, -6), border_radius=8)  # the log hidden
        draw_panel(surface, area, "paper")
        pad = max(8, area.width // 24)
        inner = area.inflate(-2 * pad, -pad)
        title = tr(f"review.title.{self.target.journal.game}", n=self.target.span.number)
        head: list[Block] = [
            Block(f"{title} · {self.seat_name(self.seat)}", "kicker"),
            Block(self.place_words(), "place"),
        ]
        if self.review is None:
            bottom = self.control.rect.y - 4 if self.control else inner.bottom
            words = tr(f"review.not_yet.{self.target.journal.game}")
            draw_blocks(
                surface, [*head, Block(words, "note")], inner.clip(inner.move(0, 0)).inflate(0, 0), bottom
            )
            self.review_form.draw(surface)
            return
        moment = self.moment
        if moment is None:
            ahead = [m for m in self.moments if m.index > self.position]
            words = tr("review.next_decision") if ahead else tr("review.no_more")
            draw_blocks(surface, [*head, Block(words, "note")], inner, inner.bottom)
            return
        draw_blocks(surface, head + self.moment_blocks(moment), inner, inner.bottom)

    def short_move(self, action: Any) -> str:
        """A move named briefly, for the list of the others weighed: a card's name, else the move."""
        card = getattr(action, "card", None)
        return self.card_name(card) if card is not None else self.move_named(action)["move"]

    def moment_blocks(self, moment: Moment) -> list[Block]:
        """The decision: its mark and the gap with its error, the move made and the best found with what
        each was expected to bring, how often the best did better; then, under a rule of its own and never
        mixed with them, the all-cards opinion."""
        assert self.review is not None
        mark = self.review.mark(moment)
        gap = (
            f"{points(-moment.gap)} ± {points(moment.error).lstrip('+')}"
            if moment.best != moment.made
            else ""
        )
        blocks = [Block(self.mark_words(mark), f"mark{mark}", gap)]
        for key, option in (("review.made", moment.made), ("review.best", moment.best)):
            if key == "review.made" or moment.best != moment.made:
                label = tr(key, move=self.move_named(moment.options[option])["move"])
                blocks.append(Block(label, "move", points(moment.means[option])))
        if len(moment.options) == 1:
            blocks.append(Block(tr("review.only"), "why"))
        elif moment.best != moment.made:
            blocks.append(Block(self.why(moment, short=True), "why", optional=True))
        others = sorted(
            (i for i in range(len(moment.options)) if i not in (moment.made, moment.best)),
            key=lambda i: -moment.means[i],
        )
        if others:
            named = " · ".join(
                f"{self.short_move(moment.options[i])} {points(moment.means[i])}" for i in others
            )
            blocks.append(Block(tr("review.others", moves=named), "others", optional=True))
        best = moment.truth_best
        if best is not None:
            made = points(moment.truth[moment.made])
            if best == moment.made:
                words = tr("review.truth.same", points=made)
            else:
                move = self.move_named(moment.options[best])["move"]
                words = tr("review.truth.better", made=made, move=move, points=points(moment.truth[best]))
            blocks += [
                Block("", "rule"),
                Block(tr("review.truth.title"), "truth_title"),
                Block(words, "truth"),
            ]
        return blocks

    # the summary ------------------------------------------------------------------------------------------
    def summary_rect(self) -> pygame.Rect:
        """Over the middle of the table, clear of the review's panel and buttons."""
        h = self.app.size[1]
        right = self.review_area().x - 16
        return pygame.Rect(24, 20, right - 24, h - 40)

    def _build_summary(self) -> None:
        """The summary's buttons: each of the three costliest moments (a jump to it), and the deals."""
        self.summary_form = Form()
        if not self.summary_open:
            return
        self.match = self._match_reviews()  # read once the summary opens, not at every frame
        area = self.summary_rect().inflate(-40, -30)
        size = theme.SIZE_SMALL - 2
        line_h = text.line_height(size) + 8
        buttons: list[Button] = []
        if self.review is not None:
            top = area.y + self._summary_costly_top(area)
            for i, moment in enumerate(analysis.costliest(self.review)):
                rect = pygame.Rect(area.x, top + i * line_h, area.width * 62 // 100, line_h - 4)
                label = self._costly_words(moment)
                words, shrunk = text.shrunk(label, size, size - 5, rect.width - 12)
                buttons.append(Button(rect, words, partial(self._jump_to, moment), size=shrunk))
        half = (area.width - 24) // 3
        foot = pygame.Rect(area.x, area.bottom - line_h - 4, half, line_h + 4)
        for i, (label, act) in enumerate(
            (
                (tr("review.deal_before"), lambda: self.other_deal(-1)),
                (tr("review.deal_after"), lambda: self.other_deal(1)),
                (tr("review.close_summary"), self.toggle_summary),
            )
        ):
            words, shrunk = _label(label, size, half - 12)
            buttons.append(Button(foot.move(i * (half + 12), 0), words, act, size=shrunk))
        self.summary_form = Form(buttons)

    def _summary_costly_top(self, area: pygame.Rect) -> int:
        """Where the costliest moments' list starts within the summary, under the title and the kinds."""
        head = text.line_height(theme.SIZE_H2 * 0.8) + 10
        kinds = len(analysis.by_kind(self.review)) if self.review else 0
        return head + text.line_height(theme.SIZE_SMALL - 2) * (kinds + 2) + 12

    def _costly_words(self, moment: Moment) -> str:
        move = self.move_named(moment.options[moment.made])["move"]
        kind = tr(f"review.kind.{moment.kind}") if moment.kind != "play" else tr("review.kind.play")
        return tr(
            "review.costly_line",
            name=self.seat_name(moment.seat),
            kind=kind,
            move=move,
            points=points(-moment.gap),
        )

    def _jump_to(self, moment: Moment) -> None:
        self.summary_open = False
        self.goto(moment.index, moment.seat)

    def _match_reviews(self) -> tuple[list[DealReview], int]:
        """The match's deals reviewed so far (kept, or made here), and how many deals it has."""
        deals = self.target.others()
        found = [review for other in deals if (review := self.app.reviews.find(other)[0]) is not None]
        return found, len(deals)

    def _draw_summary(self, surface: pygame.Surface) -> None:
        surface.blit(veil(surface.get_size()), (0, 0))
        box = self.summary_rect()
        draw_panel(surface, box, "paper")
        area = box.inflate(-40, -30)
        head = theme.SIZE_H2 * 0.8
        size = theme.SIZE_SMALL - 2
        line_h = text.line_height(size)
        title = tr(f"review.summary.{self.target.journal.game}", n=self.target.span.number)
        text.draw(surface, text.fit(title, head, area.width), area.topleft, head, theme.WALNUT, bold=True)
        y = area.y + text.line_height(head) + 10
        review = self.review
        if review is None:
            _paragraph(
                surface, tr(f"review.not_yet.{self.target.journal.game}"), area.move(0, y - area.y), size
            )
            self.summary_form.draw(surface)
            return
        left = area.width * 62 // 100
        text.draw(surface, tr("review.by_kind"), (area.x, y), size, theme.SEPIA, bold=True)
        y += line_h
        for kind, lost in analysis.by_kind(review).items():
            text.draw(surface, tr(f"review.kind.{kind}"), (area.x + 12, y), size, theme.INK)
            text.draw(surface, points(-lost), (area.x + left - 12, y), size, theme.INK, "topright")
            y += line_h
        y = area.y + self._summary_costly_top(area) - line_h - 4
        costly = analysis.costliest(review)
        heading = tr("review.costliest") if costly else tr("review.costliest_none")
        text.draw(surface, heading, (area.x, y), size, theme.SEPIA, bold=True)
        self.summary_form.draw(surface)
        y += line_h + 4 + len(costly) * (line_h + 8) + 12
        self._draw_all_cards(surface, pygame.Rect(area.x, y, left - 12, area.bottom - y - line_h * 2))
        self._draw_figures(
            surface,
            pygame.Rect(
                area.x + left + 16, area.y + text.line_height(head) + 10, area.width - left - 16, area.height
            ),
        )

    def _draw_all_cards(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Apart, under a rule: what each player's moves lost with every hand known, after the deal."""
        assert self.review is not None
        size = theme.SIZE_SMALL - 3
        line_h = text.line_height(size)
        if area.height < line_h * (self.n + 2):
            return
        pygame.draw.line(surface, theme.SEPIA, area.topleft, area.topright, 1)
        y = area.y + 6
        text.draw(surface, tr("review.truth.summary"), (area.x, y), size, theme.SEPIA, italic=True)
        y += line_h
        for seat, lost in enumerate(analysis.lost_with_all_cards(self.review, self.n)):
            text.draw(surface, self.seat_name(seat), (area.x + 12, y), size, theme.INK)
            text.draw(surface, points(-lost), (area.right, y), size, theme.INK, "topright")
            y += line_h

    def _draw_figures(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Per player: this deal's decisions as good as the best found and points lost; the match's so far."""
        assert self.review is not None
        size = theme.SIZE_SMALL - 3
        line_h = text.line_height(size)
        reviews, deals = self.match
        y = area.y
        for title, figures in (
            (tr("review.this_deal"), analysis.figures([self.review], self.n)),
            (tr("review.this_match", n=len(reviews), total=deals), analysis.figures(reviews, self.n)),
        ):
            text.draw(surface, text.fit(title, size, area.width), (area.x, y), size, theme.SEPIA, bold=True)
            y += line_h
            for seat, figure in enumerate(figures):
                text.draw(
                    surface,
                    text.fit(self.seat_name(seat), size, area.width // 2),
                    (area.x, y),
                    size,
                    theme.INK,
                )
                text.draw(surface, _figure_words(figure), (area.right, y), size, theme.INK, "topright")
                y += line_h
            y += line_h // 2
        _paragraph(
            surface,
            tr("review.figures_note"),
            pygame.Rect(area.x, y, area.width, area.bottom - y),
            theme.SIZE_SMALL - 5,
            theme.SEPIA,
            italic=True,
        )


@dataclass(frozen=True)
class Block:
    """A piece of the review's panel: words in a role (its type size, ink and style), a figure at its right
    where it has one; an optional one is left out where the panel is too small for it."""

    words: str
    role: str
    figure: str = ""
    optional: bool = False


# role -> (larger type or not, ink, bold, italic, wrapped)
ROLES: dict[str, tuple[bool, tuple[int, int, int], bool, bool, bool]] = {
    "kicker": (False, theme.SEPIA, True, False, False),
    "place": (False, theme.SEPIA, False, True, False),
    "note": (False, theme.SEPIA, False, False, True),
    "markcostly": (True, MARK_INK["costly"], True, False, False),
    "markdoubtful": (True, theme.WALNUT, True, False, False),
    "mark": (True, (44, 104, 46), True, False, False),
    "move": (True, theme.INK, False, False, True),
    "why": (False, theme.SEPIA, False, True, True),
    "others": (False, theme.SEPIA, False, False, True),
    "rule": (False, theme.SEPIA, False, False, False),
    "truth_title": (False, theme.SEPIA, False, True, False),
    "truth": (False, theme.INK, False, False, True),
}
SIZES = ((theme.SIZE_SMALL - 3, theme.SIZE_SMALL - 5), (theme.SIZE_SMALL - 4, theme.SIZE_SMALL - 6))


def _laid(block: Block, sizes: tuple[float, float], width: int) -> tuple[float, list[str]]:
    """A block's type size and lines at `sizes` (larger, smaller) in `width`."""
    large, _ink, bold, italic, wrapped = ROLES[block.role]
    size = sizes[0] if large else sizes[1]
    if block.role == "rule":
        return size, []
    room = width - (text.size_of(block.figure, size, True)[0] + 8 if block.figure else 0)
    if not wrapped:
        return size, [text.fit(block.words, size, room, bold)]
    lines = text.wrap(block.words, size, room, bold, italic)
    return size, lines[:1] + text.wrap(" ".join(lines[1:]), size, width, bold, italic) if len(
        lines
    ) > 1 else lines


def _height(blocks: list[Block], sizes: tuple[float, float], width: int) -> int:
    total = 0
    for block in blocks:
        size, lines = _laid(block, sizes, width)
        total += 7 if block.role == "rule" else len(lines) * text.line_height(size, ROLES[block.role][3]) + 2
    return total


def draw_blocks(surface: pygame.Surface, blocks: list[Block], inner: pygame.Rect, bottom: int) -> None:
    """The blocks from the top of `inner` down to `bottom`, at the largest sizes at which they all fit; the
    optional ones left out before the sizes go below the smallest; the last lines cut if nothing else will."""
    room = bottom - inner.y
    sizes = next((tried for tried in SIZES if _height(blocks, tried, inner.width) <= room), SIZES[-1])
    while _height(blocks, sizes, inner.width) > room and any(b.optional for b in blocks):
        last = max(i for i, b in enumerate(blocks) if b.optional)  # the least needed goes first
        blocks = blocks[:last] + blocks[last + 1 :]
    y = inner.y
    for block in blocks:
        size, lines = _laid(block, sizes, inner.width)
        _large, ink, bold, italic, _wrapped = ROLES[block.role]
        if block.role == "rule":
            pygame.draw.line(surface, theme.SEPIA, (inner.x, y + 3), (inner.right, y + 3), 1)
            y += 7
            continue
        line_h = text.line_height(size, italic)
        for i, line in enumerate(lines):
            if y + line_h > bottom + 2:
                return
            text.draw(surface, line, (inner.x, y), size, ink, bold=bold, italic=italic)
            if i == 0 and block.figure:
                text.draw(surface, block.figure, (inner.right, y), size, ink, "topright", bold=True)
            y += line_h
        y += 2


def _label(label: str, size: float, width: int) -> tuple[str, float]:
    """A button's label at the largest size down to a few points smaller that fits `width`, without the key
    in brackets at its end where even that does not fit."""
    words, fitted = text.shrunk(label, size, size - 5, width)
    if text.size_of(label, fitted)[0] > width and " (" in label:
        return text.shrunk(label.rsplit(" (", 1)[0], size, size - 5, width)
    return words, fitted


def _figure_words(figure: Figures) -> str:
    return tr("review.figure", pct=round(100 * figure.share), lost=points(-figure.per_deal))


def _paragraph(
    surface: pygame.Surface,
    words: str,
    box: pygame.Rect,
    size: float,
    ink: tuple[int, int, int] = theme.INK,
    italic: bool = False,
) -> int:
    """Wrapped lines within `box` (the last that fits, shortened); returns the height used."""
    line_h = text.line_height(size, italic)
    lines = text.wrap(words, size, box.width, italic=italic)
    room = max(1, box.height // line_h)
    if len(lines) > room:
        lines = [*lines[: room - 1], text.fit(" ".join(lines[room - 1 :]), size, box.width)]
    for i, line in enumerate(lines):
        text.draw(surface, line, (box.x, box.y + i * line_h), size, ink, italic=italic)
    return len(lines) * line_h
