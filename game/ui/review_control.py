"""A score sheet's offer to review its deal: "Review this deal (R)"; while the review is made beside the table
(`game.review.job`), its progress on a bar with a Cancel at its end; once made, "Open the review (R)"."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.i18n import tr
from game.review.job import Job, Reviews, Target
from game.ui import text, theme
from game.ui.panel import draw_panel
from game.ui.widgets import Button

KEY = pygame.K_r  # the sheet's key for it, whatever has the focus
FILLED = (138, 102, 48)  # brass in shade: the bar's cream words stay readable where it has filled


class ReviewControl(Button):
    """Starts the review, cancels it while it runs, opens it once it is made (`on_open`)."""

    def __init__(
        self,
        rect: pygame.Rect,
        reviews: Reviews,
        target: Target,
        on_open: Callable[[], None],
        size: float = theme.SIZE_BODY,
    ) -> None:
        super().__init__(rect, "", self._act, size=size)
        self.reviews, self.target, self.on_open = reviews, target, on_open
        self.review, self.refused = reviews.find(target)  # read once: a bad file is kept aside and told

    @property
    def job(self) -> Job | None:
        return self.reviews.job(self.target)

    @property
    def state(self) -> str:
        """ "ready" (made and kept), "running", "failed" or "offer"."""
        job = self.job
        if self.review is None and job is not None and job.review is not None:
            self.review = job.review
        if self.review is not None:
            return "ready"
        if job is not None and job.running:
            return "running"
        return "failed" if job is not None and job.error else "offer"

    @property
    def cancel_rect(self) -> pygame.Rect:
        """The Cancel at the bar's end, while the review runs."""
        width = max(self.rect.height * 2, self.rect.width * 34 // 100)
        return pygame.Rect(self.rect.right - width, self.rect.y, width, self.rect.height)

    def _act(self) -> None:
        """Opens the review once made, cancels it while it runs, else starts it."""
        state = self.state
        if state == "ready":
            self.on_open()
        elif state == "running":
            self.reviews.cancel(self.target)
        else:
            self.reviews.start(self.target)

    def handle(self, event: pygame.event.Event) -> bool:
        """A click as on a button; while the review runs, only its Cancel answers one."""
        up = event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.pressed
        if up and self.state == "running" and not self.cancel_rect.collidepoint(event.pos):
            self.pressed = False
            return True
        return super().handle(event)

    def words(self) -> str:
        state = self.state
        if state == "ready":
            return tr("review.open")
        if state == "running":
            job = self.job
            return tr("review.running", pct=round(100 * (job.progress if job else 0.0)))
        return tr("review.again" if state == "failed" else f"review.offer.{self.target.journal.game}")

    def draw(self, surface: pygame.Surface) -> None:
        """A button saying what it does; while the review runs, its bar filling, the Cancel at its end."""
        self.label = self.words()
        if self.state != "running":
            super().draw(surface)
            return
        job = self.job
        lit = self.hover or self.focused
        draw_panel(surface, self.rect, "field")
        stop = self.cancel_rect
        bar = pygame.Rect(self.rect.x + 8, self.rect.y + 8, stop.x - self.rect.x - 14, self.rect.height - 16)
        pygame.draw.rect(surface, theme.WALNUT_DARK, bar, border_radius=4)
        filled = bar.copy()
        filled.width = round(bar.width * (job.progress if job else 0.0))
        if filled.width:
            pygame.draw.rect(surface, FILLED, filled, border_radius=4)
        small = self.size - 4
        _centred(surface, self.label, bar, small)
        button = stop.inflate(-6, -6)
        draw_panel(surface, button, "hover" if lit else "button")
        _centred(surface, tr("review.cancel"), button, small)
        self._focus_ring(surface)


def _centred(surface: pygame.Surface, words: str, box: pygame.Rect, size: float) -> None:
    """Words centred in `box`, at the size (or in the lines) that fit it."""
    room = box.inflate(-2 * text.PAD, -2 * text.PAD)
    lines, fitted = text.fitted(words, size, room.width, room.height)
    text.draw_lines(surface, lines, box.center, fitted, theme.CREAM, box=box)


def offer(
    reviews: Reviews, target: Target | None, on_open: Callable[[], None], tell: Callable[[str], None]
) -> ReviewControl | None:
    """The control for a sheet that offers to review `target` (None: it offers none); a kept review that
    could not be read is told (kept aside by then, so the deal may be reviewed again)."""
    if target is None:
        return None
    control = ReviewControl(pygame.Rect(0, 0, 0, 0), reviews, target, on_open)
    if control.refused is not None:
        tell(tr("review.unreadable", problem=control.refused.words.text()))
    return control


def key(control: ReviewControl | None, event: pygame.event.Event) -> bool:
    """R on a sheet acts on its review control, wherever the focus is."""
    if control is None or event.type != pygame.KEYDOWN or event.key != KEY:
        return False
    control.activate()
    return True
