"""What every card table shares: domain events shown one after another, pause, hand-over, refusals."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.seeds import decision_seed
from game.autosave import Autosave
from game.engine.scene import Scene
from game.i18n import has, tr
from game.journal import Journal
from game.rules.errors import IllegalAction
from game.scenes import navigation
from game.ui import drawn, text, theme
from game.ui.card_sprite import CardSprite
from game.ui.felt import felt
from game.ui.hand_control import HandControl
from game.ui.log_panel import LogPanel
from game.ui.panel import draw_panel

if TYPE_CHECKING:
    from game.app import App


class Awaiting(StrEnum):
    """What a table waits for before it moves on (a table is busy showing events when NOTHING)."""

    NOTHING = ""
    COMPUTER = "computer"  # a computer is thinking
    HANDOVER = "handover"  # the hand-over screen, before a person's turn on a shared screen
    PERSON = "human"  # a person's card or decision at a trick table
    HOST = "host"  # Falkenstein: the human Host sets a challenge
    PLAY = "play"  # Falkenstein: a character plays a card
    SCORE = "score"  # the score sheet of the deal or round just scored
    OVER = "over"  # the match is over
    CONTINUE = "continue"  # Falkenstein: the session is over, its sheet comes next


def refusal_text(exc: ValueError) -> str:
    """The reason for a refused action, in the player's language when the rules gave it a code."""
    if isinstance(exc, IllegalAction) and has(f"illegal.{exc.code}"):
        return tr(f"illegal.{exc.code}", **exc.params)
    return str(exc)


class TableScene(Scene):
    """Queues the rules' events and presents them in order; each presentation says how long it takes.
    Every applied action is written to the match's journal, from which `resume` rebuilds the table."""

    game_id = ""

    def __init__(self, app: App, setup: Any) -> None:
        super().__init__(app)
        self.setup = setup
        self.game: Any = None  # the rules state, set by the game's table
        self.log = LogPanel("")  # the match's log; the game's table gives it its title
        self.awaiting = Awaiting.NOTHING
        self.autosave = Autosave(Journal(self.game_id, setup), app.save_path, app.locks)
        self.replaying = False
        self.queue: deque[Any] = deque()
        self.wait = 0.0
        self.refusal = ""
        self.refusal_left = 0.0
        self.hand: list[CardSprite] = []  # the hand shown at the bottom, in slot order
        self.hand_seat: int | None = None  # whose hand that is
        self.hand_open = False  # it is (being turned) face up: a card joining it follows suit
        self.pick = HandControl()

    # subclasses fill these in -------------------------------------------------------------------
    def present(self, event: Any) -> float:
        """Starts the animation and sound of one domain event; returns seconds before the next one."""
        raise NotImplementedError

    def next_step(self) -> None:
        """Called whenever the queue is empty and nothing is animating: who acts now?"""

    def handle_table(self, event: pygame.event.Event) -> None:
        """Input for the table itself (Escape is handled here)."""

    def hand_slot(self, i: int) -> tuple[float, float]:
        """Where the i-th card of the shown hand rests."""
        raise NotImplementedError

    def play_card(self, index: int) -> None:
        """The person chose the card at `index` of the shown hand."""
        raise NotImplementedError

    def act(self, action: Any) -> bool:
        """Applies an action (a person's or a computer's); a refusal is shown and nothing changes."""
        raise NotImplementedError

    def r(self, name: str) -> pygame.Rect:
        """The named rectangle of the table's layout, for the window's size."""
        raise NotImplementedError

    @property
    def card_w(self) -> int:
        """How wide a card is drawn at this table."""
        raise NotImplementedError

    @property
    def shared_screen(self) -> bool:
        """Several people take turns at this screen (hot seat): a hand is face up only on its turn."""
        return False

    def land_if_resized(self) -> None:
        """A window resized while cards fly: they land at once (their flights aim at the old size's places),
        so that laying the table out anew puts every card where the new size has it."""
        if getattr(self, "_laid_for", self.app.size) != self.app.size:
            self.tweens.finish_all()
        self._laid_for = self.app.size

    def covered(self, rect: pygame.Rect) -> bool:
        """Whether a panel of the scene's own lies over `rect` for good (a lesson's narrator over the
        log): what would be drawn there is left out."""
        return False

    # shared -------------------------------------------------------------------------------------
    def hide_hand(self) -> None:
        """Covers the shown hand at once, even mid-flip, and forgets the card picked in it."""
        for sprite in self.hand:
            sprite.turn(False)
        self.hand_open = False
        self.pick.selected = None

    def cover_out_of_turn(self) -> None:
        """After an action on a shared screen, a hand whose seat is no longer to act is covered before
        anything moves: its person may already be handing the screen on."""
        if self.shared_screen and self.game.to_act != self.hand_seat:
            self.hide_hand()

    def hand_input(self, event: pygame.event.Event, can_drag: bool) -> None:
        """Keys and mouse on the shown hand: Left/Right and Enter, click, or drag onto the table."""
        if event.type == pygame.KEYDOWN:
            self.pick.key(event, self.hand, self.play_card)
        else:
            self.pick.mouse(
                event,
                self.hand,
                self.app.cards,
                self.card_w,
                can_drag,
                self.r("hand").top,
                self.play_card,
                self._send_home,
            )

    def _send_home(self, sprite: CardSprite) -> None:
        """A dragged card that was not played goes back to its place in the hand."""
        sprite.fly(self.tweens, self.hand_slot(self.hand.index(sprite)), self.app.duration(0.2), tag="cards")

    def enqueue(self, events: list[Any]) -> None:
        self.queue.extend(events)

    def record(self, action: Any) -> None:
        """Writes the journal after an applied action."""
        self._save(lambda: self.autosave.add(action, self.game.is_over))

    def end_match(self) -> None:
        """The players end the match before its end: its journal goes to the history."""
        self._save(self.autosave.finish)

    def enter(self) -> None:
        """The match is on disk from its deal on, so a kill before the first action still leaves it."""
        self._save(self.autosave.save)

    def leave(self) -> None:
        """Whatever happens next (the menu, the score, quitting), the journal is on disk first."""
        self.autosave.flush()

    def _save(self, write: Callable[[], None]) -> None:
        """A disk that refuses is told to the player, and play goes on."""
        try:
            write()
        except OSError as exc:
            self.app.notices.show(tr("notice.cannot_save", problem=str(exc)))

    @property
    def moves(self) -> int:
        """Actions taken so far in the match: the position a decision belongs to."""
        return len(self.autosave.journal.actions)

    def decision_seed(self, purpose: str, seat: int | str) -> int:
        """The only seed a computer or a hint receives: keyed with the match seed, so it cannot be turned
        back into the deal, and fixed by the position, so a resumed match decides as it would have."""
        return decision_seed(self.setup.seed, purpose, seat, self.moves)

    @classmethod
    def resume(cls, app: App, journal: Journal, path: Path | None = None) -> TableScene:
        """The table of a saved match, its actions replayed without animation: exactly as it was left; it
        goes on saving into `path`, the file it was read from (a saved match's). Each action's events are
        shown before the next action is applied, so that what a presentation reads of the rules (a hand, a
        talon taken unseen) is the state its event came from, as in play."""
        table = cls(app, journal.setup)
        if path is not None:
            table.autosave.continue_in(path)
        table.fast_forward()  # the deal, as it opened
        for action in journal.actions:
            table.enqueue(table.game.apply(action))
            table.fast_forward()
        table.autosave.journal.actions = list(journal.actions)
        return table

    def fast_forward(self) -> None:
        """Presents every queued event at once and in silence, so the table shows the rules' state."""
        settings = self.app.settings
        self.app.settings = settings.with_(anim_speed="instant")
        self.replaying = True
        try:
            while self.queue:
                self.show(self.queue.popleft())
                while self.tweens.busy() or self.scheduler.busy():
                    self.tweens.finish_all()
                    self.scheduler.flush()
        finally:
            self.app.settings = settings
            self.replaying = False

    def show(self, event: Any) -> float:
        """An event's lines into the log (worded by the game, the same words the History reads), then its
        presentation; returns how long that takes."""
        for line in self.event_lines(event):
            self.log.add(line)
        return self.present(event)

    def event_lines(self, event: Any) -> list[str]:
        """What the log says of an event (nothing by default)."""
        return []

    @property
    def busy(self) -> bool:
        return bool(self.queue) or self.wait > 0 or self.tweens.busy("cards")

    def update(self, dt: float) -> None:
        super().update(dt)
        self.wait -= dt
        while self.wait <= 0 and self.queue:
            self.wait = max(0.0, self.wait) + self.show(self.queue.popleft())
        if self.refusal_left > 0:
            self.refusal_left -= dt
        if not self.busy:
            self.wait = 0.0
            self.next_step()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.pause()
            return
        self.handle_table(event)

    def pause_extra(self) -> list[tuple[str, Callable[[], None]]]:
        return []

    def pause(self) -> None:
        self.app.scenes.push(navigation.pause(self.app, self.game_id, self.leave_table, self.pause_extra()))

    def leave_table(self) -> None:
        """Back to the menu: the match, on disk, is no longer held, so another copy of Atout may open it."""
        self.app.scenes.reset(navigation.menu(self.app))
        self.app.locks.release(self.autosave.path)

    def handover(self, person: str, detail: str, on_ready: Callable[[], None]) -> None:
        self.app.scenes.push(navigation.handover(self.app, person, detail, on_ready, self.pause))

    def refuse(self, reason: str) -> None:
        """Shows why an input was not accepted (a refused card, not your turn…) and plays the knock."""
        self.refusal = reason
        self.refusal_left = 3.0
        self.sound("failure", 0.5)

    def sound(self, name: str, volume: float = 1.0) -> None:
        if self.replaying:
            return
        if self.app.settings.anim_speed != "instant" or name in ("success", "failure"):
            self.app.audio.play(name, volume)

    def draw_backdrop(
        self,
        surface: pygame.Surface,
        panels: list[tuple[pygame.Rect, str]],
        still: Callable[[pygame.Surface], None] | None = None,
        still_key: object = None,
    ) -> None:
        """The felt with the table's fixed panels, and what `still` draws on them (name plates, the log…),
        composed once per size, filter setting and `still_key`: whatever `still` draws from belongs in that
        key, so the picture is composed again as soon as any of it changes."""
        key = (self.app.size, self.app.vintage, tuple((tuple(r), style) for r, style in panels), still_key)
        if getattr(self, "_backdrop_key", None) != key:
            base = felt(self.app.size, self.app.vintage)
            layer = getattr(self, "_backdrop", None)
            if layer is None or layer.get_size() != base.get_size():
                layer = base.copy()
            else:  # composed again in the same surface: no new window-sized memory for each event
                layer.blit(base, (0, 0))
            drawn.begin(layer)
            for rect, style in panels:
                draw_panel(layer, rect, style)
            if still is not None:
                still(layer)
            self._backdrop, self._backdrop_key = layer, key
        drawn.blit(surface, self._backdrop, (0, 0))

    def draw_refusal(self, surface: pygame.Surface) -> None:
        if self.refusal_left <= 0 or not self.refusal:
            return
        w, h = surface.get_size()
        lines, size = text.fitted(self.refusal, theme.SIZE_BODY, w * 2 // 3, h // 3)
        widest = max(text.size_of(line, size)[0] for line in lines)
        tall = (len(lines) - 1) * text.line_height(size) + text.ink_height(size)
        rect = pygame.Rect(0, 0, widest + 48, tall + 24)
        rect.center = (w // 2, h // 2)
        draw_panel(surface, rect, "panel")
        text.draw_lines(surface, lines, rect.center, size, theme.CREAM, box=rect)
        if self.refusal_left < 0.1:
            self.refusal = ""
