"""What the trick-game tables share: seats with portraits around the felt, the fanned hand of the person
whose turn it is, the trick in the centre, computer seats thinking in slices, hints, and the hand-over.

A game's table subclasses `TrickTable` and fills in the hooks (its rules state, how it names cards,
the events it shows); it never decides what is legal — it asks the rules and shows their refusal.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import pygame

from game import seating
from game.ai.decision import Decision
from game.ai.external import TAKEOVER, Engine, EngineFailure, EngineTurn
from game.ai.seeds import match_seed
from game.ai.thinker import Thinker
from game.i18n import has, tr
from game.scenes import navigation
from game.scenes.table_scene import Awaiting, TableScene, refusal_text
from game.seating import CardTableSetup
from game.sheets import WayOut
from game.ui import aids, drawn, text, theme
from game.ui.avatar import Avatar
from game.ui.card_sprite import CardLayer, CardSprite
from game.ui.layout import Layout, load_layout
from game.ui.log_panel import LogPanel
from game.ui.names import initials
from game.ui.panel import draw_panel
from game.ui.widgets import Button, Form

if TYPE_CHECKING:
    from game.app import App


# what every trick-table layout must name (a game adds its own), besides seat0…seatN-1
LAYOUT_NAMES = frozenset({"hand", "trick", "deck", "message", "log", "controls"})
SLICE_MS = 3.0  # thinking per frame, computer or hint: a hard search never stalls the cards' motion
HINT_LEVEL = "normal"  # a hint is the move a normal computer would make in the person's seat
HINT_GLOW = (255, 214, 120)  # the ring of a lifted card, so a hinted spot reads as the same mark


@dataclass
class Thought:
    """A decision in the making for `seat`: begun at game time `since`, for the position after `moves`
    actions, so a decision is never applied to a position it was not made for."""

    seat: int
    thinker: Thinker | EngineTurn
    since: float
    moves: int


@dataclass(frozen=True)
class Hint:
    """A finished hint: valid only while the same seat faces the same position."""

    seat: int
    moves: int
    decision: Decision
    choices: int  # moves the seat weighed: an "only" reason is believed only when there was one


def seat_names(players: int) -> frozenset[str]:
    return frozenset(f"seat{i}" for i in range(players))


class TrickTable(TableScene):
    """Seats `seat0`…`seatN-1`, `hand`, `trick`, `deck`, `log` and `controls` come from the layout."""

    pack = "french"  # card faces: assets/cards/<pack>/
    back = "falkenstein"  # card back: assets/cards/backs/<back>.png
    hand_lift = 22.0
    next_label = ""  # the key of the score sheet's button on to the next deal or round
    network = "game.scenes.remote_table:RemoteTable"  # its side played over the network (navigation)

    def __init__(self, app: App, setup: CardTableSetup, layout: Layout | None = None) -> None:
        super().__init__(app, setup)
        self.setup: CardTableSetup = setup
        self.n = len(setup.seats)
        self.layout = layout or load_layout(f"{self.game_id}{self.n}")
        self.avatars = [Avatar(setup.seed * 7 + i * 131 + 5, self.seat_name(i)) for i in range(self.n)]
        self.log = LogPanel(tr("table.log"))
        self.trick: list[tuple[int, CardSprite]] = []
        self.ghosts: list[CardSprite] = []  # cards in flight to or from a seat whose hand is not shown
        self.last_trick: list[tuple[int, str]] = []
        self.show_last = False
        self.last_person: str | None = None
        self.panel_form = Form()  # a game's decision panel (call a king, take a talon half…)
        self.message_fn: Callable[[], str] = str
        self.scored: Any = None  # the scoring event of the deal or round just finished
        self.controls = Form()
        self.thought: Thought | None = None  # a computer seat deciding
        self.hint_thought: Thought | None = None  # a hint being worked out for the person to act
        self.hint: Hint | None = None
        self.engines: dict[int, Engine] = {}  # the engines seated, started at their first turn
        self.engines_lost: set[int] = set()  # seats whose engine failed: the computer plays them now
        self.hint_button = Button(pygame.Rect(0, 0, 0, 0), "", self.request_hint, size=theme.SIZE_SMALL + 1)
        self.face_down_lead: CardSprite | None = None  # the card last led face down, unseen in the trick
        self.hand_layer = CardLayer()  # the shown hand, one picture while it lies still
        self.given_up: set[str] = set()  # the layout's areas another panel took (a review's): left undrawn
        self.bottom = self.spectator_seat  # the seat at the bottom of the layout, beside the hand shown

    # hooks a game fills in (the defaults read `self.game`, the rules state) ----------------------
    def enter(self) -> None:
        """The portraits are carved as the table opens, not on its first animated frame (and not at all
        for a table rebuilt only for its score sheet)."""
        super().enter()
        for avatar in self.avatars:
            avatar.masters()

    @property
    def to_act(self) -> int | None:
        return self.game.to_act

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    def view(self, seat: int) -> Any:
        return self.game.view(seat)

    def apply(self, action: Any) -> list[Any]:
        return self.game.apply(action)

    def hand_of(self, seat: int) -> tuple[str, ...]:
        """The cards `seat` holds, read from its own view."""
        return self.game.view(seat).hand

    def playable(self, seat: int) -> set[str]:
        """The cards `seat` may play now; empty when its decision is not a card from the hand."""
        raise NotImplementedError

    def card_action(self, seat: int, card: str) -> Any:
        raise NotImplementedError

    def card_name(self, card: str) -> str:
        """How the log and the hints name a card."""
        return card

    def hint_spots(self, action: Any) -> list[pygame.Rect]:
        """Where a hinted decision other than a card from the hand is marked (a king, a talon half)."""
        return []

    def move_words(self, action: Any) -> str:
        """A game's own words for a hinted move the shared ones do not name (a bid…); "" if none."""
        return ""

    def trick_winner_shown(self) -> int | None:
        """Which card of the trick on the table (`self.trick`, in play order) takes it so far: the rules'
        answer (its game's `aids.winning_index`), None when none does yet."""
        return None

    def hint_ready(self, action: Any) -> None:
        """A hint has just been worked out (a game may put the keyboard focus on what it names)."""

    def sort_hand(self, cards: tuple[str, ...]) -> list[str]:
        return list(cards)

    def human_panel(self, seat: int) -> None:
        """Builds `panel_form` when a person must decide something other than a card (default: nothing)."""
        self.panel_form = Form()

    def seat_detail(self, seat: int) -> str:
        """A short line under the seat's name (score, tricks…)."""
        return ""

    def seat_detail_short(self, seat: int) -> str:
        """The line under the name in fewer words, for a narrow plate ("" if none)."""
        return ""

    def seat_badge(self, seat: int) -> str:
        """A short role shown on a brass tag above the seat's name plate (dealer, Rufer…)."""
        return ""

    def score_sheet(self) -> Any:
        """The sheet of the deal or round just scored, built by the game's sheet module."""
        raise NotImplementedError

    def show_score(self) -> None:
        """Pushes the game's score scene for the deal or round just scored: on to the next one, or at the
        end of the match another match with the same seats."""
        if self.game.is_over:
            buttons = ((tr("score.again"), self.rematch), (tr("score.menu"), self.leave_table))
        else:
            buttons = ((tr(self.next_label), self._next_from_score), (tr("pause.leave"), self.leave_table))
        way_out = WayOut(buttons, self.leave_table, review=self.review_target())
        self.app.scenes.push(navigation.score(self.app, self.game_id, self.score_sheet(), way_out))

    def review_target(self) -> Any:
        """The deal just scored, to review from its sheet (a `game.review.job.Target`; None where the game
        has no review)."""
        return navigation.review_target(self.autosave.journal)

    def _next_from_score(self) -> None:
        self.app.scenes.pop()
        self.proceed()

    def rematch(self) -> None:
        """A new match at this table: the same seats, a new deal."""
        self.close_engines()
        self.app.scenes.reset(navigation.table(self.app, replace(self.setup, seed=match_seed())))

    def leave_table(self) -> None:
        self.close_engines()
        super().leave_table()

    def next_action(self, seat: int) -> Any:
        """The action that starts the next deal or round, taken by `seat`."""
        raise NotImplementedError

    def prompt(self) -> str:
        """What the person to act should do now, shown in the message band."""
        return ""

    def finished(self) -> None:
        """The match is over and every event has been shown: the final score."""
        self.close_engines()
        if self.scored is not None:
            self.show_score()

    def proceed(self) -> None:
        """From the score scene: on to the next deal or round."""
        seat = self.to_act
        self.scored = None
        self.awaiting = Awaiting.NOTHING
        if seat is not None and self.game.phase == "scored":
            self.act(self.next_action(seat))

    def say(self, words: Callable[[], str]) -> None:
        """Sets the table's message; kept as a function so a language switch re-words it."""
        self.message_fn = words

    # seats and people ------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        return seating.names(self.setup)[seat]

    def is_human(self, seat: int) -> bool:
        return self.setup.seats[seat].human

    @property
    def shared_screen(self) -> bool:
        return self.setup.humans > 1

    @property
    def spectator_seat(self) -> int:
        """Whose view the table's public panels read, and, with at most one person at the screen, whose hand
        lies face up all along: that person's, or seat 0's."""
        return next((i for i in range(self.n) if self.is_human(i)), 0)

    @property
    def aid_seat(self) -> int | None:
        """Whose view the help while playing reads for what only one seat may know: the hand lying face up,
        else with at most one person at the screen that person's; None on a shared screen while no hand is
        shown (then the aids draw only what is public)."""
        if self.hand_open and self.hand_seat is not None:
            return self.hand_seat
        return None if self.shared_screen else self.spectator_seat

    # layout ------------------------------------------------------------------------------------------
    def r(self, name: str) -> pygame.Rect:
        return self.layout.rect(name, self.app.size)

    @property
    def card_w(self) -> int:
        return max(40, round(self.layout.scale(self.app.size) * self.layout.number("hand", "card", 96)))

    def seat_rect(self, seat: int) -> pygame.Rect:
        """Where `seat` sits: the layout's `seat<place>` (seat 0 at the bottom, unless a table turns)."""
        return self.r(f"seat{self.place(seat)}")

    def place(self, seat: int) -> int:
        """The layout's place of `seat`: its own number, turned so that at a shared screen the person whose
        hand is shown sits at the bottom, beside it (a networked table turns its own seat down)."""
        return (seat - self.bottom) % self.n

    def seat_anchor(self, seat: int) -> tuple[int, int]:
        return self.seat_rect(seat).center

    def trick_pos(self, seat: int) -> tuple[float, float]:
        """Where `seat`'s card lies in the trick: from the centre toward that seat, inside the trick's area
        (clear of the name plates round it)."""
        area = self.r("trick")
        centre = area.center
        sx, sy = self.seat_anchor(seat)
        dx, dy = sx - centre[0], sy - centre[1]
        d = math.hypot(dx, dy) or 1.0
        w, h = self.app.cards.size_for(self.card_w)
        x = min(max(centre[0] + dx / d * w * 0.8, area.x + w / 2), area.right - w / 2)
        y = min(max(centre[1] + dy / d * h * 0.42, area.y + h / 2), area.bottom - h / 2)
        return x, y

    def slot(self, i: int, count: int) -> tuple[float, float]:
        """Position of the i-th card of a hand of `count`, overlapped to fit the hand area."""
        area = self.r("hand")
        w = self.card_w
        step = min(w * 1.04, (area.width - w) / max(1, count - 1)) if count > 1 else 0
        left = area.centerx - (step * (count - 1)) / 2
        h = self.app.cards.size_for(w)[1]
        return left + step * i, area.bottom - h / 2 - 4

    def relayout(self) -> None:
        self.land_if_resized()
        self.log.rect = self.r("log")
        self.log.title = tr("table.log")
        self.build_controls()
        first, band = self.r("seat0"), self.r("message")
        self.hint_button.rect = pygame.Rect(first.x, band.y, first.width, band.height)
        if self.awaiting is Awaiting.PERSON and self.to_act is not None and not self.playable(self.to_act):
            self.human_panel(self.to_act)
        for i, sprite in enumerate(self.hand):
            sprite.x, sprite.y = self.slot(i, len(self.hand))
        for seat, sprite in self.trick:
            sprite.x, sprite.y = self.trick_pos(seat)

    def build_controls(self) -> None:
        from game.ui.widgets import Button

        area = self.r("controls")
        u = self.u
        bw, bh = area.width - u(24), u(42)
        entries = [(tr("table.last_trick"), self.toggle_last_trick), (tr("table.pause"), self.pause)]
        self.controls = Form(
            [
                Button(pygame.Rect(area.x + u(12), area.bottom - (bh + u(10)) * (i + 1), bw, bh), label, fn)
                for i, (label, fn) in enumerate(reversed(entries))
            ]
        )

    def toggle_last_trick(self) -> None:
        if self.last_trick:
            self.show_last = not self.show_last
        else:
            self.refuse(tr("table.no_last_trick"))

    # flow --------------------------------------------------------------------------------------------
    def next_step(self) -> None:
        if self.game.phase == "scored" and not self.awaiting and self.scored is not None:
            self.awaiting = Awaiting.SCORE
            self.show_score()
            return
        if self.is_over or self.awaiting:
            if self.is_over and not self.awaiting:
                self.awaiting = Awaiting.OVER
                self.finished()
            return
        seat = self.to_act
        if seat is None:
            return
        if not self.is_human(seat):
            self.awaiting = Awaiting.COMPUTER
            self.avatars[seat].think(True)
            if self.hand_seat is None and not self.shared_screen:
                self.show_hand(self.spectator_seat)
            self.thought = Thought(seat, self.computer(seat), self.scheduler.now, self.moves)
            return
        person = self.seat_name(seat)
        if self.shared_screen and person != self.last_person:
            self.awaiting = Awaiting.HANDOVER
            self.hide_hand()
            self.handover(person, tr("table.handover", name=person), lambda: self._ready(seat))
            return
        self._ready(seat)

    def _ready(self, seat: int) -> None:
        if self.shared_screen and self.bottom != seat:  # the table turns to the person handed the screen
            self.bottom = seat
            self.relayout()
        self.last_person = self.seat_name(seat)
        self.awaiting = Awaiting.PERSON
        self.show_hand(seat)
        if not self.playable(seat):
            self.human_panel(seat)

    def act(self, action: Any) -> bool:
        """Applies an action; a refusal is shown with its reason and nothing changes."""
        try:
            events = self.apply(action)
        except ValueError as exc:
            self.refuse(refusal_text(exc))
            return False
        self.record(action)
        self.cover_out_of_turn()
        self.stop_thinking()
        self.hint = None
        self.awaiting = Awaiting.NOTHING
        self.panel_form = Form()
        self.pick.selected = None
        self.enqueue(events)
        return True

    def play_card(self, index: int) -> None:
        seat = self.hand_seat
        if seat is None or not 0 <= index < len(self.hand):
            return
        if self.awaiting is not Awaiting.PERSON or self.to_act != seat or self.busy:
            self.refuse(tr("table.wait_turn"))
            return
        if not self.playable(seat):
            self.refuse(tr("table.decide_first"))
            return
        self.act(self.card_action(seat, self.hand[index].code))

    # thinking ----------------------------------------------------------------------------------------
    def thinker(self, seat: int, level: str) -> Thinker:
        """The one way a decision starts, computer or hint: from `seat`'s view and the position's
        decision seed only."""
        return Thinker(self.game_id, self.view(seat), level, self.decision_seed("think", seat))

    def computer(self, seat: int) -> Thinker | EngineTurn:
        """A computer seat's decision: its engine's, asked with the seat's view only, or, with no engine
        there (or one that failed), the thinker's at the seat's level."""
        player = self.setup.seats[seat]
        if not player.engine or seat in self.engines_lost:
            return self.thinker(seat, player.level)
        engine = self.engines.get(seat)
        if engine is None:
            engine = self.engines[seat] = Engine(player.engine, self.game_id, seat, self.view(seat))
        return EngineTurn(
            engine,
            self.view(seat),
            self.game.legal_actions(),
            lambda: self.thinker(seat, TAKEOVER),
            lambda failure: self._engine_failed(seat, engine, failure),
        )

    def _engine_failed(self, seat: int, engine: Engine, failure: EngineFailure) -> None:
        """Tells the table an engine lost its seat, and why; the computer plays it from now on."""
        self.engines_lost.add(seat)
        reason = tr(f"engine.reason.{failure.reason}")
        words = tr("engine.failed", engine=engine.name, seat=self.seat_name(seat), reason=reason)
        self.app.notices.show(words, 10.0)

    def close_engines(self) -> None:
        """Says goodbye to the engines (with their last view once the match is over)."""
        for seat, engine in self.engines.items():
            engine.close(self.view(seat) if self.is_over else None)

    def think(self) -> None:
        """One slice for whatever is being decided; a computer acts once done and its think time is up, in
        a later frame than its last slice: the move's events, log lines and new words are drawn in a frame
        that does not think as well."""
        thought = self.thought
        if thought is not None:
            if not thought.thinker.done:
                thought.thinker.step(SLICE_MS)
            elif self.scheduler.now - thought.since >= self.app.settings.think_time and not self.busy:
                self._computer_move(thought)
        pending = self.hint_thought
        if pending is not None and pending.thinker.step(SLICE_MS):
            assert pending.thinker.decision is not None
            self.hint_thought = None
            self.hint = Hint(pending.seat, pending.moves, pending.thinker.decision, pending.thinker.choices)
            self.hint_ready(self.hint.decision.action)
            self.sound("flip", 0.4)

    def _computer_move(self, thought: Thought) -> None:
        decision = thought.thinker.decision
        assert decision is not None
        self.thought = None
        self.app.ai_ms.append(thought.thinker.spent_ms)
        self.avatars[thought.seat].think(False)
        self.awaiting = Awaiting.NOTHING
        self.act(decision.action)

    def stop_thinking(self) -> None:
        """Drops decisions still in the making; a computer's turn starts over (to the same decision)."""
        if self.thought is not None:
            self.avatars[self.thought.seat].think(False)
            self.thought = None
            if self.awaiting is Awaiting.COMPUTER:
                self.awaiting = Awaiting.NOTHING
        self.hint_thought = None

    def leave(self) -> None:
        """Paused, handed over or gone: nothing thinks while the table is not on screen."""
        self.stop_thinking()
        super().leave()

    # hints -------------------------------------------------------------------------------------------
    def request_hint(self) -> None:
        """The Hint button or H: works out, in slices, what a normal computer would do in this seat."""
        seat = self.to_act
        if (
            self.awaiting is not Awaiting.PERSON
            or seat is None
            or seat != self.hand_seat
            or not self.is_human(seat)
        ):
            self.refuse(tr("hint.refused"))
            return
        if self.busy:
            self.refuse(tr("table.wait_turn"))
            return
        if self.current_hint() is not None or self.hint_thought is not None:
            return
        self.hint_thought = Thought(seat, self.thinker(seat, HINT_LEVEL), self.scheduler.now, self.moves)

    def current_hint(self) -> Hint | None:
        hint = self.hint
        if (
            hint is None
            or self.awaiting is not Awaiting.PERSON
            or (hint.seat, hint.moves) != (self.to_act, self.moves)
        ):
            return None
        return hint

    def hinted_cards(self) -> set[str]:
        """Cards of the shown hand that the current hint names (the card to play, or the discard)."""
        hint = self.current_hint()
        if hint is None or hint.seat != self.hand_seat:
            return set()
        action = hint.decision.action
        card = getattr(action, "card", None)
        return {card} if card is not None else set(getattr(action, "cards", ()))

    def move_named(self, action: Any) -> dict[str, str]:
        """A move in words, as a hint says it: `move` ("play the IX", "call the King of hearts"…) and what it
        names (`card`, `king`, `half`, `cards`)."""
        words: dict[str, str] = {}
        named = self.move_words(action)
        if named:
            words["move"] = named
        elif getattr(action, "card", None) is not None:
            name = self.card_name(action.card)
            words["card"] = tr("hint.face_down", card=name) if getattr(action, "face_down", False) else name
            words["move"] = tr("hint.do.play", card=words["card"])
        elif getattr(action, "king", None) is not None:
            words["king"] = self.card_name(action.king)
            words["move"] = tr("hint.do.call", king=words["king"])
        elif getattr(action, "half", None) is not None:
            words["half"] = tr(f"hint.half.{action.half + 1}")
            words["move"] = tr("hint.do.talon", half=words["half"])
        elif getattr(action, "cards", None) is not None:
            words["cards"] = ", ".join(self.card_name(c) for c in action.cards)
            words["move"] = tr("hint.do.discard", cards=words["cards"])
        return words

    def hint_text(self, hint: Hint) -> str:
        """The hint in words: the move named from the action itself, the reason from its code."""
        decision = hint.decision
        words = self.move_named(decision.action)
        for name, value in decision.params.items():
            words.setdefault(name, self._hint_word(name, value))
        key = f"hint.{decision.reason}"
        only_in_name = decision.reason == "only" and hint.choices > 1
        try:
            line = tr(key, **words) if has(key) and not only_in_name else tr("hint.move", **words)
        except (KeyError, IndexError):  # a reason whose words this move cannot fill: name the move
            line = tr("hint.move", **words)
        if decision.win_chance is not None:
            line += " " + tr("hint.chance", pct=round(decision.win_chance * 100))
        return line

    def _hint_word(self, name: str, value: Any) -> str:
        if name in ("card", "king") and isinstance(value, str):
            return self.card_name(value)
        if name == "cards" and isinstance(value, tuple | list):
            return ", ".join(self.card_name(str(c)) for c in value)
        if name == "half" and has(f"hint.half.{value}"):
            return tr(f"hint.half.{value}")
        return str(value)

    def hint_words(self) -> str:
        """What the message band says about a hint: thinking, the hint itself, or nothing."""
        if self.hint_thought is not None:
            return tr("hint.thinking")
        hint = self.current_hint()
        return self.hint_text(hint) if hint is not None else ""

    @property
    def hint_offered(self) -> bool:
        """The Hint button shows while a person at this screen is to act."""
        seat = self.to_act
        return self.awaiting is Awaiting.PERSON and seat is not None and self.is_human(seat)

    # the hand ------------------------------------------------------------------------------------------
    def sprite(self, card: str, face_up: bool, pos: tuple[float, float]) -> CardSprite:
        return CardSprite(card, self.pack, f"backs/{self.back}", pos[0], pos[1], face_up=face_up)

    def show_hand(self, seat: int) -> None:
        """Lays out `seat`'s own hand face up at the bottom (flipping cards that were face down)."""
        cards = self.sort_hand(self.hand_of(seat))
        if seat != self.hand_seat or sorted(s.code for s in self.hand) != sorted(cards):
            self.hand = [self.sprite(c, False, self.slot(i, len(cards))) for i, c in enumerate(cards)]
        else:
            by_code = {s.code: s for s in self.hand}
            self.hand = [by_code[c] for c in cards]
        self.hand_seat = seat
        self.hand_open = True
        self.relayout_hand()
        for sprite in self.hand:
            if not sprite.face_up:
                sprite.flip(self.tweens, self.app.duration(0.2), tag="cards")

    def relayout_hand(self, duration: float = 0.2) -> None:
        for i, sprite in enumerate(self.hand):
            sprite.fly(self.tweens, self.slot(i, len(self.hand)), self.app.duration(duration), tag="cards")

    def clear_for_deal(self) -> None:
        """A new deal or round: no cards on the table, no hand shown; on a shared screen the first person
        to act is handed the screen afresh, as everyone has just looked at the score."""
        self.hand, self.trick, self.ghosts, self.last_trick = [], [], [], []
        self.hand_seat = None
        self.hand_open = False
        self.last_person = None

    def deal_to(self, seat: int, cards: tuple[str, ...], delay: float) -> float:
        """Deals `cards` from the deck: face up into the shown hand, face down toward other seats. On a
        shared screen no hand is shown yet: every seat's cards go face down to its place."""
        d = self.app.duration
        start = self.r("deck").center
        shown = not self.shared_screen and (
            seat == self.hand_seat or (self.hand_seat is None and seat == self.spectator_seat)
        )
        if shown:
            self.hand_seat = seat
            self.hand_open = True
            order = self.sort_hand(cards)
            self.hand = [self.sprite(c, False, start) for c in order]
        for i, card in enumerate(cards):
            at = delay + i * 0.05
            if shown:
                sprite = next(s for s in self.hand if s.code == card)
                sprite.fly(
                    self.tweens,
                    self.slot(self.hand.index(sprite), len(self.hand)),
                    d(0.2),
                    d(at),
                    40,
                    "cards",
                )
            else:
                ghost = self.sprite(card, False, start)
                self.ghosts.append(ghost)
                ghost.fly(
                    self.tweens,
                    self.seat_anchor(seat),
                    d(0.2),
                    d(at),
                    30,
                    "cards",
                    on_done=lambda g=ghost: self._drop_ghost(g),
                )
        if shown:
            for sprite in self.hand:
                sprite.flip(self.tweens, d(0.2), d(delay + len(cards) * 0.05 + 0.2), "cards")
        self.scheduler.after(d(delay), lambda: self.sound("deal", 0.6))
        return d(len(cards) * 0.05)

    def _drop_ghost(self, ghost: CardSprite) -> None:
        if ghost in self.ghosts:
            self.ghosts.remove(ghost)

    # the trick -------------------------------------------------------------------------------------------
    def play_to_trick(self, seat: int, card: str, face_down: bool = False) -> float:
        """A card leaves `seat` (its hand if shown, else its seat) and lands in the trick."""
        d = self.app.duration
        sprite = next((s for s in self.hand if s.code == card), None) if seat == self.hand_seat else None
        if sprite is not None:
            self.hand.remove(sprite)
            sprite.lift = 0
            sprite.dim = sprite.highlight = False
            self.relayout_hand(0.25)
            if sprite.face_up == face_down:  # from a covered hand too, a card played face up is public
                sprite.flip(self.tweens, d(0.2), tag="cards", face_up=not face_down)
        else:
            sprite = self.sprite(card, False, self.seat_anchor(seat))
            if not face_down:
                sprite.flip(self.tweens, d(0.2), tag="cards")
        if face_down:
            self.face_down_lead = sprite
        self.trick.append((seat, sprite))
        sprite.fly(self.tweens, self.trick_pos(seat), d(0.25), tag="cards")
        self.pick.dragging = None
        self.sound("play")
        return d(0.3)

    def gather_trick(self, winner: int, reveal: bool = True) -> float:
        """After a pause to read it, the trick is swept to its winner."""
        d = self.app.duration
        self.last_trick = [(seat, s.code) for seat, s in self.trick]
        pause = d(0.7)
        cards = [s for _, s in self.trick]
        if reveal:
            for s in cards:
                if not s.face_up:
                    s.flip(self.tweens, d(0.2), tag="cards")
        self.avatars[winner].react("nod")

        def sweep() -> None:
            for s in cards:
                s.fly(
                    self.tweens,
                    self.seat_anchor(winner),
                    d(0.3),
                    tag="cards",
                    on_done=lambda s=s: self._forget(s),
                )
            self.sound("sweep", 0.7)

        self.scheduler.after(pause, sweep, "cards")
        return pause + d(0.35)

    def _forget(self, sprite: CardSprite) -> None:
        self.trick = [(seat, s) for seat, s in self.trick if s is not sprite]

    # input -------------------------------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> None:
        if self.awaiting is Awaiting.OVER:
            if event.type == pygame.KEYDOWN or (event.type == pygame.MOUSEBUTTONUP and event.button == 1):
                self.finished()
            return
        if self.awaiting is Awaiting.PERSON and self.panel_form.widgets and self.panel_form.handle(event):
            return
        if self.hint_offered and event.type != pygame.KEYDOWN and self.hint_button.handle(event):
            return
        if self.controls.handle(event) or self.log.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self._mouse(event)

    def _key(self, event: pygame.event.Event) -> None:
        if event.key == pygame.K_l:
            self.toggle_last_trick()
        elif event.key == pygame.K_h:
            self.request_hint()
        else:
            self.hand_input(event, False)

    def _mouse(self, event: pygame.event.Event) -> None:
        if self.show_last and event.type == pygame.MOUSEBUTTONDOWN:
            self.show_last = False
            return
        seat = self.hand_seat
        self.hand_input(
            event,
            self.awaiting is Awaiting.PERSON
            and not self.busy
            and seat is not None
            and bool(self.playable(seat)),
        )

    def hand_slot(self, i: int) -> tuple[float, float]:
        return self.slot(i, len(self.hand))

    # frame ---------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.think()  # first, so a move made now is presented in this same frame
        super().update(dt)
        for avatar in self.avatars:
            avatar.update(dt)
        legal = (
            self.playable(self.hand_seat)
            if self.awaiting is Awaiting.PERSON and self.hand_seat is not None
            else set()
        )
        hinted = self.hinted_cards()
        for i, sprite in enumerate(self.hand):
            if sprite is self.pick.dragging:
                up = False
            else:
                up = sprite.code in legal and (i == self.pick.selected or sprite.code in hinted)
            target = self.hand_lift if up else 0.0
            sprite.lift += (target - sprite.lift) * min(1.0, dt * 14)
            sprite.highlight = up or sprite.code in hinted
            sprite.dim = bool(legal) and sprite.code not in legal
        thinking = self.hint_thought is not None
        self.hint_button.label = tr("hint.button_thinking" if thinking else "hint.button")
        if not self.hint_offered:
            self.hint_button.hover = self.hint_button.pressed = False

    def draw_seats(self, surface: pygame.Surface) -> None:
        for seat in range(self.n):
            self.draw_portrait(surface, seat)
            self.draw_plate(surface, seat)
            self.draw_badge(surface, seat)

    def u(self, value: float) -> int:
        """A length of the layout's design (1280×720), scaled for the window as its rectangles are."""
        return round(value * self.layout.scale(self.app.size))

    def plate_rect(self, seat: int) -> pygame.Rect:
        area = self.seat_rect(seat)
        return pygame.Rect(area.x, area.bottom - self.u(42), area.width, self.u(42))

    def draw_portrait(self, surface: pygame.Surface, seat: int) -> None:
        """The seat's portrait, above its name plate (glowing on its turn)."""
        area = self.seat_rect(seat)
        portrait = pygame.Rect(area.x, area.y, area.width, area.height - self.u(44))
        portrait.width = min(portrait.width, portrait.height * 4 // 5)
        portrait.centerx = area.centerx
        self.avatars[seat].draw(surface, portrait, glow=self.to_act == seat)

    def plate_look(self, seat: int) -> tuple[object, ...]:
        """What the seat's name plate shows: what `draw_plate` draws it from."""
        return (
            tuple(self.plate_rect(seat)),
            self.to_act == seat,
            self.seat_name(seat),
            self.seat_detail(seat),
        )

    def draw_plate(self, surface: pygame.Surface, seat: int) -> None:
        """The name plate: the name (bold on its turn) and the short line under it."""
        plate = self.plate_rect(seat)
        turn = self.to_act == seat
        draw_panel(surface, plate, "hover" if turn else "button")
        room = plate.inflate(-3 * text.PAD, -2 * text.PAD)
        detail = self.seat_detail(seat)
        if not detail:
            [name], size = text.fitted(self.seat_name(seat), theme.SIZE_SMALL, room.width, bold=turn)
            text.draw(surface, name, plate.center, size, theme.CREAM, "center", bold=turn, box=plate)
            return
        size, small = text.stacked(theme.SIZE_SMALL, theme.SIZE_SMALL - 4, room.height, bold=turn)
        initial = (initials(self.seat_name(seat)),)
        [name], size = text.fitted(self.seat_name(seat), size, room.width, bold=turn, short=initial)
        short = self.seat_detail_short(seat)
        [detail], small = text.fitted(detail, small, room.width, short=(short,) if short else ())
        high, low = text.ink_height(size, turn), text.ink_height(small)
        top = room.centery - (high + 1 + low) // 2
        text.draw(
            surface, name, (plate.centerx, top + high // 2), size, theme.CREAM, "center", bold=turn, box=plate
        )
        at = (plate.centerx, top + high + 1 + low // 2)
        text.draw(surface, detail, at, small, theme.PARCHMENT, "center", box=plate)

    def draw_badge(self, surface: pygame.Surface, seat: int) -> None:
        """The seat's role on a brass tag over the plate's top edge and the portrait's foot."""
        badge = self.seat_badge(seat)
        if badge:
            plate = self.plate_rect(seat)
            [badge], size = text.fitted(badge, theme.SIZE_SMALL - 4, plate.width - 20, bold=True)
            width, tall = text.size_of(badge, size, bold=True)[0], text.ink_height(size, True)
            box = pygame.Rect(0, 0, width + 12, tall + 2 * text.PAD)
            box.bottomright = (plate.right + 2, plate.y + 4)
            draw_panel(surface, box, "primary")
            text.draw(surface, badge, box.center, size, theme.INK, "center", bold=True, box=box)

    def draw_cards(self, surface: pygame.Surface) -> None:
        cards, w = self.app.cards, self.card_w
        for ghost in self.ghosts:
            ghost.draw(surface, cards, w)
        winner = self.trick_winner_shown() if self.app.settings.aid_winning and len(self.trick) > 1 else None
        for i, (_, sprite) in enumerate(self.trick):
            if i == winner:
                aids.draw_halo(surface, sprite.rect(cards, w), w)
            sprite.draw(surface, cards, w)
        if winner is not None:
            over = [sprite.rect(cards, w) for _, sprite in self.trick[winner + 1 :]]
            aids.draw_winning(surface, self.trick[winner][1].rect(cards, w), w, over)
        self.hand_layer.draw(surface, [s for s in self.hand if s is not self.pick.dragging], cards, w)
        if self.pick.dragging:
            self.pick.dragging.draw(surface, cards, w)
        self.draw_hint_marks(surface)

    def draw_hint_marks(self, surface: pygame.Surface) -> None:
        """A brass pin over each hinted card (the card itself glows) and a ring round a hinted spot (no pin:
        a spot is a panel's offer, a king or a talon half, with the panel's words close above it)."""
        hint = self.current_hint()
        if hint is None:
            return
        bob = round(2 * math.sin(self.scheduler.now * 5))
        hinted = self.hinted_cards()
        images, w = self.app.cards, self.card_w
        for i, sprite in enumerate(self.hand):
            if sprite.code not in hinted or sprite is self.pick.dragging:
                continue
            rect = sprite.rect(images, w)
            right = self.hand[i + 1].rect(images, w).x if i + 1 < len(self.hand) else rect.right
            _pin(surface, ((rect.x + max(rect.x + 16, min(right, rect.right))) // 2, rect.y - 6 + bob))
        radius = max(4, w // 12)
        for spot in self.hint_spots(hint.decision.action):
            pygame.draw.rect(surface, HINT_GLOW, spot.inflate(8, 8), 3, border_radius=radius)

    def draw_last_trick(self, surface: pygame.Surface) -> None:
        if not (self.show_last and self.last_trick):
            return
        area = self.r("trick").inflate(self.card_w, self.card_w // 2)
        draw_panel(surface, area, "panel")
        head = pygame.Rect(area.x, area.y, area.width, self.u(36))
        text.draw(
            surface,
            tr("table.last_trick"),
            head.center,
            theme.SIZE_SMALL,
            theme.BRASS_LIGHT,
            "center",
            box=head,
        )
        w = self.card_w * 3 // 4
        n = len(self.last_trick)
        step = min(w + 8, (area.width - 24 - w) // max(1, n - 1)) if n > 1 else 0
        left = area.centerx - (step * (n - 1)) // 2 - w // 2
        small = theme.SIZE_SMALL - 4
        for i, (seat, card) in enumerate(self.last_trick):
            image = self.app.cards.face(self.pack, card, w)
            rect = drawn.picture(
                surface, image, image.get_rect(topleft=(left + i * step, head.bottom)), "card"
            )
            under = pygame.Rect(rect.x, rect.bottom + 2, step or w, text.line_height(small) + 2)
            [name], size = text.fitted(self.seat_name(seat), small, under.width - 4)
            text.draw(surface, name, under.midtop, size, theme.CREAM, "midtop", box=under, pad=0)

    def draw_message(self, surface: pygame.Surface) -> None:
        """The message band: a hint, or what to do when a person is to act, else what just happened;
        with the Hint button beside it on a person's turn."""
        if self.hint_offered:
            self.hint_button.draw(surface)
        area = self.r("message")
        hint = self.hint_words() if self.awaiting is Awaiting.PERSON else ""
        words = hint or (self.prompt() if self.awaiting is Awaiting.PERSON else "") or self.message_fn()
        if not words:
            return
        draw_panel(surface, area, "glass")
        beside = [w.rect for w in self.panel_form.widgets if w.rect.colliderect(area)]
        right = min((r.left for r in beside), default=area.right) - 8
        room = pygame.Rect(area.x + 10, area.y, right - area.x - 10, area.height)
        lines, size = text.fitted(
            words, theme.SIZE_SMALL + 1, room.width - 2 * text.PAD, room.height - 2 * text.PAD
        )
        colour = theme.BRASS_LIGHT if hint else theme.CREAM
        at = (room.x + text.PAD, room.centery)
        text.draw_lines(surface, lines, at, size, colour, "left", box=room)


def _pin(surface: pygame.Surface, at: tuple[int, int]) -> None:
    """A small brass diamond pointing down at what a hint names."""
    x, y = at
    points = [(x, y + 7), (x + 7, y - 2), (x, y - 11), (x - 7, y - 2)]
    pygame.draw.polygon(surface, theme.BRASS_LIGHT, points)
    drawn.cover(surface, pygame.draw.polygon(surface, theme.WALNUT_DARK, points, 2), "hint pin")
