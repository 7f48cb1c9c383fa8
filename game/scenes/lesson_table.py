"""A guided first deal: the game's own table, with a narrator's panel beside the cards. The lesson (data,
`game/lessons/`) decides the computers' moves and the move it expects of the learner; the rules still judge
every move. A wrong move is refused with its reason and a hint; a right one is praised. A lesson never
writes the saved match or the History: leaving returns to the menu, starting again begins at step one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.ai.decision import Decision
from game.i18n import tr
from game.lessons.lesson import Guide, Lesson, Step, rules_refusal
from game.registry import spec
from game.scenes import navigation
from game.scenes.table_scene import TableScene, refusal_text
from game.scenes.trick_table import Hint, TrickTable
from game.ui import text, theme
from game.ui.layout import Layout
from game.ui.panel import draw_panel
from game.ui.salon import ornament
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App

INK_GREEN = (46, 96, 40)  # praise, on the narrator's paper
INK_RED = (150, 40, 26)  # a refusal and its hint
BODY_SIZES = tuple(range(theme.SIZE_SMALL, round(text.FLOOR) - 1, -1))  # down to the smallest type


def lesson_table(app: App, lesson: Lesson) -> TableScene:
    """The lesson's game table, taught: the game's own table class with the lesson's behaviour first."""
    table = navigation.load(spec(lesson.game).table)
    taught = type(f"Lesson{table.__name__}", (LessonTable, table), {"lesson": lesson})
    made: TableScene = taught(app, lesson.setup)
    return made


class LessonTable(TableScene):
    """Mixed in before a game's table class by `lesson_table`; drives a `Guide`, never judges a move."""

    name = "lesson"
    lesson: ClassVar[Lesson]
    layout: Layout

    def __init__(self, app: App, setup: Any) -> None:
        self.guide = Guide(self.lesson)
        self.lesson_over = False
        # after a wrong move, why not and what instead; after the Hint button, what to do (until a right move)
        self.advice: tuple[str, tuple[int, int, int]] | None = None
        self.narrator_form = Form()
        super().__init__(app, setup)

    # a lesson is never saved --------------------------------------------------------------------------
    def _save(self, write: Callable[[], None]) -> None:
        """Neither the saved match nor the History hears of a lesson."""

    def record(self, action: Any) -> None:
        """Counts the move (hints and seeds go by the position) without writing anything."""
        self.autosave.journal.actions.append(action)

    def review_target(self) -> Any:
        """A lesson's deal is taught, not reviewed."""
        return None

    # the moves --------------------------------------------------------------------------------------------
    def act(self, action: Any) -> bool:
        """The computers play as the lesson is written; the learner's move must be the step's."""
        step = self.guide.step
        if step is None:
            return False
        if not step.learner:
            action = step.action
        elif not self.guide.expects(action):
            self.wrong_move(action, step)
            return False
        if not super().act(action):
            return False
        self.guide.advance()
        self.advice = None
        if step.learner:
            self.sound("success", 0.35)
        return True

    def wrong_move(self, action: Any, step: Step) -> None:
        """Refused: the rules' reason if they refuse it too, else why the lesson wants another; a hint."""
        refused = rules_refusal(self.game, action)
        if refused is not None:
            reason = refusal_text(refused)
            self.refuse(reason)
        else:  # the table's one-line notice points to the narrator, where the reason is told whole
            reason = step.wrong.get() if step.wrong else tr("lesson.wrong")
            self.refuse(tr("lesson.not_this"))
        self.advice = (f"{reason} {self.show_hint(step)}", INK_RED)

    def show_hint(self, step: Step) -> str:
        """Marks the step's move on the table where the table marks hints; returns the hint's words: the
        step's own, else the move named as the table names a hint."""
        if isinstance(self, TrickTable):
            self.hint = Hint(self.to_act or 0, self.moves, Decision(step.action, "lesson"), 1)
            if step.hint is None:
                return self.hint_text(self.hint)
        return step.hint.get() if step.hint else tr("lesson.hint")

    def request_hint(self) -> None:
        """The Hint button tells the lesson's move at once (no computer is asked)."""
        step = self.guide.step
        if step is None or not step.learner or self.busy:
            self.refuse(tr("hint.refused"))
            return
        self.advice = (self.show_hint(step), theme.SEPIA)

    def next_step(self) -> None:
        """Once the last step is shown the lesson is over: no score sheet, no next deal; the narrator ends."""
        if self.guide.done:
            if not self.lesson_over:
                self.lesson_over = True
                self.build_narrator()
            return
        super().next_step()

    # leaving and starting again ---------------------------------------------------------------------------
    def pause_extra(self) -> list[tuple[str, Callable[[], None]]]:
        return [(tr("lesson.restart"), self.restart_lesson)]

    def restart_lesson(self) -> None:
        self.app.scenes.reset(navigation.lesson(self.app, self.lesson.id))

    # the narrator -----------------------------------------------------------------------------------------
    def narrator_rect(self) -> pygame.Rect:
        """Beside the cards while the deal is played; once it is over, where the lesson's last words fit."""
        box = self.lesson.narrator_end if self.lesson_over else self.lesson.narrator
        return self.layout.place(box, self.app.size)

    def covered(self, rect: pygame.Rect) -> bool:
        return self.narrator_rect().colliderect(rect)

    def relayout(self) -> None:
        super().relayout()
        self.log.hidden = self.covered(self.log.rect)  # the narrator tells it instead
        self.build_narrator()

    def build_narrator(self) -> None:
        """The buttons at the lesson's end: again from the first step, or back to the menu."""
        self.narrator_form = Form()
        if not self.lesson_over:
            return
        box = self.narrator_rect()
        pad = self._pad(box)
        h = max(30, round(text.line_height(theme.SIZE_SMALL) * 1.5))
        entries = (
            (tr("lesson.again"), self.restart_lesson, False),
            (tr("lesson.menu"), self.leave_table, True),
        )
        widest = max(text.size_of(label, theme.SIZE_SMALL, bold=True)[0] for label, _, _ in entries)
        w = (box.width - 3 * pad) // 2
        if widest + 24 <= w:  # side by side, else one above the other across the panel
            rects = [pygame.Rect(box.x + pad + i * (w + pad), box.bottom - pad - h, w, h) for i in range(2)]
        else:
            rects = [
                pygame.Rect(box.x + pad, box.bottom - (2 - i) * (pad + h), box.width - 2 * pad, h)
                for i in range(2)
            ]
        self.narrator_form = Form(
            [
                Button(rect, label, fn, primary=primary, size=theme.SIZE_SMALL)
                for rect, (label, fn, primary) in zip(rects, entries, strict=True)
            ]
        )

    def handle(self, event: pygame.event.Event) -> None:
        if self.narrator_form.widgets and self.narrator_form.handle(event):
            return
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self.draw_narrator(surface)

    def narration(self) -> list[tuple[str, tuple[int, int, int], bool]]:
        """What the narrator says now, paragraph by paragraph: (words, ink, italic)."""
        guide, said = self.guide, []
        if guide.praised is not None and guide.praised.praise is not None:
            said.append((guide.praised.praise.get(), INK_GREEN, True))
        if self.lesson_over:
            return [*said, (self.lesson.end.get(), theme.INK, False)]
        step = guide.step
        if step is not None and step.learner and step.say is not None:
            said.append((step.say.get(), theme.INK, False))
        elif not said:
            said.append((tr("lesson.watch"), theme.SEPIA, True))
        if self.advice is not None:
            said.append((*self.advice, False))
        return said

    @staticmethod
    def _pad(box: pygame.Rect) -> int:
        return max(10, box.width // 36)

    def draw_narrator(self, surface: pygame.Surface) -> None:
        box = self.narrator_rect()
        draw_panel(surface, box, "paper")
        pad = self._pad(box)
        inner = box.inflate(-2 * pad, -2 * pad)
        head = theme.SIZE_SMALL - 4
        counter = tr("lesson.step", n=max(1, self.guide.number), total=self.lesson.learner_steps)
        kicker = tr("lesson.kicker", title=self.lesson.title.get())
        counter_w = text.size_of(counter, head)[0]
        beside = text.size_of(kicker, head, bold=True)[0] + pad + counter_w <= inner.width
        [kicker], size = text.fitted(kicker, head, inner.width, bold=True)
        text.draw(surface, kicker, inner.topleft, size, theme.SEPIA, bold=True, box=inner, pad=0)
        at = inner.topright if beside else (inner.right, inner.y + text.line_height(head))
        rule_y = text.draw(surface, counter, at, head, theme.SEPIA, "topright", box=inner, pad=0).bottom + 4
        ornament(surface, inner.x, inner.right, rule_y, theme.SEPIA)
        body = pygame.Rect(inner.x, rule_y + 7, inner.width, inner.bottom - rule_y - 7)
        if self.narrator_form.widgets:
            body.height = min(w.rect.y for w in self.narrator_form.widgets) - pad // 2 - body.y
        said = self.narration()
        size, blocks = self._fit(said, body)
        y = body.y
        placed: list[tuple[str, int, tuple[int, int, int], bool]] = []
        for lines, (words, ink, italic) in zip(blocks, said, strict=True):
            line_h = text.line_height(size, italic)
            for line in lines:
                if y + text.line_height(size, italic) > body.bottom:  # never over the buttons: too long
                    last, row, colour, slant = placed[-1] if placed else (line, y, ink, italic)
                    placed[-1:] = [(text.Shortened(last, words), row, colour, slant)]
                    break
                placed.append((line, y, ink, italic))
                y += line_h
            y += line_h // 3
        for line, row, ink, italic in placed:
            text.draw(surface, line, (body.x, row), size, ink, italic=italic, box=body, pad=0)
        self.narrator_form.draw(surface)

    @staticmethod
    def _fit(
        said: list[tuple[str, tuple[int, int, int], bool]], body: pygame.Rect
    ) -> tuple[float, list[list[str]]]:
        """The largest of the body sizes at which every paragraph fits the panel (else the smallest)."""
        blocks: list[list[str]] = []
        for size in BODY_SIZES:
            blocks = [text.wrap(words, size, body.width, italic=italic) for words, _, italic in said]
            height = sum(
                (len(lines) + 1 / 3) * text.line_height(size, italic)
                for lines, (_, _, italic) in zip(blocks, said, strict=True)
            )
            if height - text.line_height(size) / 3 <= body.height:
                return size, blocks
        return BODY_SIZES[-1], blocks
