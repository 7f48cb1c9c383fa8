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
from game.scenes.trick_table import Hint, TrickTable
from game.ui import review_control, text, theme
from game.ui.panel import draw_panel, draw_veil
from game.ui.review_control import ReviewControl
from game.ui.review_panel import (
    MARK_INK,
    SUMMARY_SIZES,
    SUMMARY_TITLE,
    Block,
    blocks_height,
    draw_blocks,
)
from game.ui.salon import Grid
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App


def review_table(
    app: App, target: Target, seat: int | None = None, position: int | None = None, summary: bool = False
) -> TableScene:
    """The deal's game table, reviewed: the game's own table class with the review's behaviour first."""
    table = navigation.load(spec(target.journal.game).table)
    reviewed = type(f"Review{table.__name__}", (ReviewTable, table), {})
    made: TableScene = reviewed(app, target, seat, position, summary)
    return made


def reason_words(moment: Moment) -> str:
    """The best move's reason in the hints' words ("" for a bid or a word weighed: only the share says it)."""
    return tr(f"review.why.{moment.reason}") if moment.reason not in ("", "weighed") else ""


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
        self.moments_bottom = 0  # the summary's costliest moments end there (its buttons, laid once)
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
        reason = reason_words(moment)
        if moment.best == moment.made or not moment.share:
            return reason
        deals = self.review.deals if self.review else 0
        share = tr(
            "review.share_short" if short else "review.share", pct=round(100 * moment.share), deals=deals
        )
        return f"{reason}; {share}" if reason else share

    def verdict(self) -> str:
        """The message band's sentence at a decision of the seat."""
        moment = self.moment
        if self.review is None:
            running = self.control is not None and self.control.state == "running"
            return tr("review.band.running" if running else "review.band.not_yet")
        if moment is None:
            return ""
        assert self.review is not None
        mark = self.review.mark(moment)
        if not mark:
            return tr("review.band.good", name=self.seat_name(self.seat))
        better = self.move_named(moment.options[moment.best])["move"]
        why = reason_words(moment) or self.why(moment, short=True)  # the share where the hint says nothing
        return tr("review.band.marked", mark=self.mark_words(mark), move=better, why=why)

    def draw_message(self, surface: pygame.Surface) -> None:
        """The band, short of the step buttons: what the review makes of the decision shown, else what the
        table says."""
        words = self.verdict() or self.message_fn()
        if not words:
            return
        area = self.band_area()
        draw_panel(surface, area, "glass")
        room = pygame.Rect(area.x + 10, area.y, area.width - 20, area.height)
        lines, size = text.fitted(
            words, theme.SIZE_SMALL + 1, room.width - 2 * text.PAD, room.height - 2 * text.PAD
        )
        moment = self.moment
        ink = MARK_INK[self.review.mark(moment)] if self.review and moment else theme.CREAM
        text.draw_lines(surface, lines, (room.x + text.PAD, room.centery), size, ink, "left", box=room)

    # layout -----------------------------------------------------------------------------------------------
    def review_area(self) -> pygame.Rect:
        """The review's panel: in the log's place, and the round's points panel's where a table has one (the
        name plates still show each seat's points)."""
        area = self.r("log")
        return area.union(self.r("points")) if "points" in self.layout.names() else area

    def steps_area(self) -> pygame.Rect:
        """The two step buttons (← →): at the right end of the message band."""
        band = self.r("message")
        side = band.height + Grid(self.app.size)(4)
        return pygame.Rect(band.right - 2 * side - 6, band.y - 2, 2 * side + 6, side)

    def band_area(self) -> pygame.Rect:
        """The message band, but for the step buttons at its end."""
        band = self.r("message")
        return pygame.Rect(band.x, band.y, self.steps_area().x - 8 - band.x, band.height)

    def build_controls(self) -> None:
        """The review's buttons: the steps at the band's end; the marks, the seat, the summary and the way
        back in the place of the table's buttons."""
        steps = self.steps_area()
        side = steps.height
        big = theme.SIZE_SMALL + 2
        buttons = [
            Button(pygame.Rect(steps.x, steps.y, side, side), "←", self.step_back, size=big),
            Button(pygame.Rect(steps.right - side, steps.y, side, side), "→", self.forward, size=big),
        ]
        area = self.r("controls")
        gap = 6
        rows = [
            [(tr("review.button.marked"), lambda: self.jump(1)), (tr("review.button.seat"), self.next_seat)],
            [
                (tr("review.button.summary"), self.toggle_summary),
                (tr("review.button.back"), self.leave_review),
            ],
        ]
        h = (area.height - gap * (len(rows) + 1)) // len(rows)
        small = theme.SIZE_SMALL - 2
        for r, row in enumerate(rows):
            w = (area.width - gap * (len(row) + 1)) // len(row)
            for c, (label, act) in enumerate(row):
                rect = pygame.Rect(area.x + gap + c * (w + gap), area.y + gap + r * (h + gap), w, h)
                buttons.append(Button(rect, _label(label, small, rect), act, size=small))
        self.controls = Form(buttons)

    def relayout(self) -> None:
        super().relayout()
        self.log.hidden = True  # the review's panel in its place
        self.given_up = {"points"}  # and in the round's points panel's, where a table has one
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
        draw_panel(surface, area, "paper")
        pad = max(8, area.width // 24)
        inner = area.inflate(-2 * pad, -pad)
        title = tr(f"review.title.{self.target.journal.game}", n=self.target.span.number)
        head: list[Block] = [
            Block(title, "place", optional=True),  # the first thing a small panel does without
            Block(f"{self.seat_name(self.seat)} · {self.place_words()}", "kicker"),
        ]
        if self.review is None:
            bottom = self.control.rect.y - 4 if self.control else inner.bottom
            words = tr(f"review.not_yet.{self.target.journal.game}")
            draw_blocks(surface, [*head, Block(words, "note")], inner, bottom, area)
            self.review_form.draw(surface)
            return
        moment = self.moment
        if moment is None:
            ahead = [m for m in self.moments if m.index > self.position]
            words = tr("review.next_decision") if ahead else tr("review.no_more")
            draw_blocks(surface, [*head, Block(words, "note")], inner, inner.bottom, area)
            return
        draw_blocks(surface, head + self.moment_blocks(moment), inner, inner.bottom, area)

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
            blocks.append(Block(self.why(moment), "why", optional=True))
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
            blocks += [Block("", "rule"), Block(words, "truth")]
        return blocks

    # the summary ------------------------------------------------------------------------------------------
    def summary_rect(self) -> pygame.Rect:
        """Over the middle of the table, clear of the review's panel and buttons."""
        g = Grid(self.app.size)
        right = self.review_area().x - g(16)
        return pygame.Rect(g(24), g(20), right - g(24), self.app.size[1] - g(40))

    def summary_areas(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect, pygame.Rect]:
        """The summary's title, its two columns (the deal's losses and moments; the players' figures) and
        its foot (the buttons to the other deals and back)."""
        g = Grid(self.app.size)
        area = self.summary_rect().inflate(-g(40), -g(30))
        title = pygame.Rect(area.x, area.y, area.width, text.line_height(SUMMARY_TITLE) + g(8))
        foot_h = text.line_height(SUMMARY_SIZES[0][0]) + g(14)
        foot = pygame.Rect(area.x, area.bottom - foot_h, area.width, foot_h)
        body = pygame.Rect(area.x, title.bottom, area.width, foot.y - title.bottom - g(10))
        left = pygame.Rect(body.x, body.y, body.width * 58 // 100, body.height)
        right = pygame.Rect(left.right + g(24), body.y, body.right - left.right - g(24), body.height)
        return title, left, right, foot

    def _build_summary(self) -> None:
        """The summary's buttons: each of the three costliest moments (a jump to it), and the deals."""
        self.summary_form = Form()
        if not self.summary_open:
            return
        self.match = self._match_reviews()  # read once the summary opens, not at every frame
        _title, left, _right, foot = self.summary_areas()
        size = SUMMARY_SIZES[0][0]
        buttons: list[Button] = []
        if self.review is not None:
            top = left.y + blocks_height(self._summary_blocks(), SUMMARY_SIZES, left.width)
            self.moments_bottom = top
            button_h = text.line_height(size) + Grid(self.app.size)(10)
            for i, moment in enumerate(analysis.costliest(self.review)):
                rect = pygame.Rect(left.x, top + i * (button_h + 4), left.width, button_h)
                buttons.append(
                    Button(rect, self._costly_words(moment), partial(self._jump_to, moment), size=size)
                )
                self.moments_bottom = rect.bottom
        third = (foot.width - 24) // 3
        for i, (label, act) in enumerate(
            (
                (tr("review.deal_before"), lambda: self.other_deal(-1)),
                (tr("review.deal_after"), lambda: self.other_deal(1)),
                (tr("review.close_summary"), self.toggle_summary),
            )
        ):
            rect = pygame.Rect(foot.x + i * (third + 12), foot.y, third, foot.height)
            buttons.append(Button(rect, _label(label, size, rect), act, size=size))
        self.summary_form = Form(buttons)

    def _summary_blocks(self) -> list[Block]:
        """The deal's column above its costliest moments: the points lost by kind of decision."""
        assert self.review is not None
        blocks = [Block(tr("review.by_kind"), "heading")]
        blocks += [
            Block(tr(f"review.kind.{kind}"), "row", points(-lost))
            for kind, lost in analysis.by_kind(self.review).items()
        ]
        costly = analysis.costliest(self.review)
        return [*blocks, Block(tr("review.costliest") if costly else tr("review.costliest_none"), "heading")]

    def _costly_words(self, moment: Moment) -> str:
        move = self.move_named(moment.options[moment.made])["move"]
        return tr(
            "review.costly_line",
            name=self.seat_name(moment.seat),
            kind=tr(f"review.kind.{moment.kind}"),
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
        """The deal's points lost by kind, its costliest moments (a click jumps there), then apart what the
        moves lost with every hand known; beside them each player's figures, the deal's and the match's."""
        draw_veil(surface)
        box = self.summary_rect()
        draw_panel(surface, box, "paper")
        title_box, left, right, _foot = self.summary_areas()
        words = tr(f"review.summary.{self.target.journal.game}", n=self.target.span.number)
        lines, size = text.fitted(words, SUMMARY_TITLE, title_box.width, bold=True)
        text.draw_lines(surface, lines, title_box.midleft, size, theme.WALNUT, "left", bold=True, box=box)
        if self.review is None:
            words = tr(f"review.not_yet.{self.target.journal.game}")
            draw_blocks(surface, [Block(words, "note")], left, left.bottom, box, SUMMARY_SIZES)
        else:
            y = draw_blocks(surface, self._summary_blocks(), left, left.bottom, box, SUMMARY_SIZES)
            y = max(y, self.moments_bottom) + Grid(self.app.size)(12)  # under the costliest moments
            hindsight = [Block("", "rule"), Block(tr("review.truth.summary"), "truth_title")]
            hindsight += [
                Block(self.seat_name(seat), "row", points(-lost))
                for seat, lost in enumerate(analysis.lost_with_all_cards(self.review, self.n))
            ]
            draw_blocks(
                surface,
                hindsight,
                pygame.Rect(left.x, y, left.width, left.bottom - y),
                left.bottom,
                box,
                SUMMARY_SIZES,
            )
            draw_blocks(surface, self._figure_blocks(), right, right.bottom, box, SUMMARY_SIZES)
        self.summary_form.draw(surface)

    def _figure_blocks(self) -> list[Block]:
        """Per player: this deal's decisions as good as the best found and points lost; the match's so far."""
        assert self.review is not None
        reviews, deals = self.match
        blocks: list[Block] = []
        for title, figures in (
            (tr("review.this_deal"), analysis.figures([self.review], self.n)),
            (tr("review.this_match", n=len(reviews), total=deals), analysis.figures(reviews, self.n)),
        ):
            blocks.append(Block(title, "heading"))
            blocks += [Block(self.seat_name(seat), "row", _figure_words(f)) for seat, f in enumerate(figures)]
        return [*blocks, Block(tr("review.figures_note"), "why")]


def _label(label: str, size: float, rect: pygame.Rect) -> str:
    """A button's label, without the key in brackets at its end where the whole would not fit it on one
    line."""
    room = rect.inflate(-4 * text.PAD, -2 * text.PAD)
    lines, _size = text.fitted(label, size, room.width, wrap=False)
    if isinstance(lines[0], text.Shortened) and " (" in label:
        return label.rsplit(" (", 1)[0]
    return label


def _figure_words(figure: Figures) -> str:
    return tr("review.figure", pct=round(100 * figure.share), lost=points(-figure.per_deal))
