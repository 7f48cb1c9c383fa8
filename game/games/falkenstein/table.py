"""The Château Falkenstein table: the Host, the Fortune deck, a four-card hand with exact odds.

The scene only turns the session's domain events into motion, sound and words; who may act, what a
card is worth and who prevails all come from `game.rules`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING

import pygame

from game.ai.seeds import match_seed
from game.games.falkenstein.ai import ComputerHost, choose_card
from game.games.falkenstein.data import TALENTS
from game.games.falkenstein.privacy import new_setup
from game.games.falkenstein.resolution import DECK, standing_of
from game.games.falkenstein.scenario import Ending, Scenario
from game.games.falkenstein.session import (
    HOST,
    CardDrawn,
    CardPlayed,
    ChallengeSet,
    DeckReshuffled,
    EndSession,
    Event,
    HandDealt,
    HostDrew,
    PlayCard,
    Resolved,
    SessionOver,
    SetChallenge,
    StoryEnded,
    StoryTurned,
    win_chances,
)
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.games.falkenstein.sheet import session_sheet
from game.games.falkenstein.words import log_lines, outcome_sentence, talent_name
from game.i18n import language, tr
from game.scenes import navigation
from game.scenes.network_table import NetworkTable, table_seed
from game.scenes.table_scene import Awaiting, TableScene, refusal_text
from game.sheets import WayOut
from game.ui import drawn, text, theme
from game.ui.avatar import Avatar
from game.ui.card_sprite import CardSprite
from game.ui.fireworks import Fireworks, warm_up
from game.ui.layout import load_layout
from game.ui.log_panel import LogPanel
from game.ui.panel import draw_panel
from game.ui.pick_list import PickList, Row
from game.ui.salon import restore_focus, split
from game.ui.widgets import Button, Choice, Form, Label, Widget

if TYPE_CHECKING:
    from game.app import App
    from game.net.remote_game import RemoteSession

BACK = "backs/falkenstein"
# the story panel's type shrinks to fit down to this; an adventure's longest texts fit above it (what is
# longer, as in the first straight-line scenario's introduction, shrinks further)
STORY_SMALLEST = theme.SIZE_SMALL - 5
# the rectangles this scene reads from assets/tables/falkenstein.tmx
LAYOUT_NAMES = frozenset(
    {
        "host",
        "challenge",
        "log",
        "deck",
        "played",
        "hostcard",
        "discard",
        "message",
        "hand",
        "seats",
        "talents",
        "controls",
        "hostpanel",
    }
)


class FalkensteinTable(TableScene):
    name = "falkenstein"
    game_id = "falkenstein"
    network = "game.games.falkenstein.table:FalkensteinNetworkTable"  # played over the network (navigation)

    def __init__(self, app: App, setup: FalkensteinSetup) -> None:
        super().__init__(app, setup)
        self.setup: FalkensteinSetup = setup
        self.scenario: Scenario | None = setup.story()
        self.game = setup.new_game()
        self.layout = load_layout("falkenstein")
        self.host_avatar = Avatar(setup.seed % 997 + 3, setup.host_name or tr("fal.host"))
        self.host_avatar.masters()  # carve the portrait now, not on the first animated frame
        self.log = LogPanel(tr("fal.log"))
        self.played: CardSprite | None = None
        self.drawn: CardSprite | None = None
        self.discard: list[CardSprite] = []  # the top few cards of the discard pile, as drawn
        # what the table has shown so far (the rules state runs ahead of the animations)
        self.shown_deck = len(DECK)
        self.shown_discard = 0
        self.shown_results: list[Resolved] = []
        self.shown_challenge: ChallengeSet | None = None
        self.shown_ending: Ending | None = None
        self.fireworks: Fireworks | None = None
        # the words on the table are kept as functions so a language switch re-words them at once
        self.message_fn: Callable[[], str] = str
        self.message_good: bool | None = None
        if self.scenario:
            scenario = self.scenario
            self.story_fn: Callable[[], str] = lambda: scenario.intro.get(language())
        else:
            key = "fal.story_hotseat" if setup.mode == "hotseat" else "fal.story_demo"
            self.story_fn = lambda: tr(key)
        self.chances: dict[str, str] = {}
        self.last_person: str | None = None
        self.host_form = Form()
        self._host_choice: tuple[int, str | None, int] = (0, None, 3)  # seat, talent, opposition
        self._host_node = ""  # the story's challenge the Host has picked
        self.controls = Form()
        self.challenge_no = 0
        self.enqueue(list(self.game.opening))
        self.app.cards.warm([self.app.cards.path_for("french", c) for c in DECK] + [BACK], self.card_w)
        warm_up()

    # layout ----------------------------------------------------------------------------------
    def r(self, name: str) -> pygame.Rect:
        return self.layout.rect(name, self.app.size)

    @property
    def card_w(self) -> int:
        return self.r("played").width * 15 // 16

    def relayout(self) -> None:
        self.land_if_resized()
        self.log.rect = self.r("log")
        self.log.title = tr("fal.log")
        self._build_controls()
        if self.awaiting is Awaiting.HOST:
            self._build_host_form()
        self._place_static()

    def _place_static(self) -> None:
        """Puts resting cards where the (possibly resized) layout says, without animation."""
        for i, sprite in enumerate(self.hand):
            sprite.x, sprite.y = self.hand_slot(i)
        if self.played:
            self.played.x, self.played.y = self.r("played").center
        if self.drawn:
            self.drawn.x, self.drawn.y = self.r("hostcard").center
        for i, sprite in enumerate(self.discard):
            sprite.x, sprite.y = self._discard_pos(self.shown_discard - len(self.discard) + i)

    def hand_slot(self, i: int) -> tuple[float, float]:
        area = self.r("hand")
        gap = area.width // 4
        return area.x + gap // 2 + gap * i, area.bottom - self.app.cards.size_for(self.card_w)[1] // 2 - 6

    def _discard_pos(self, i: int) -> tuple[int, int]:
        c = self.r("discard").center
        return c[0] + (i % 3) - 1, c[1] - min(i // 4, 6)

    def _build_controls(self) -> None:
        area, u = self.r("controls"), self.u
        bw, bh = area.width - u(40), u(46)
        entries: list[tuple[str, Callable[[], None]]] = [(tr("fal.pause"), self.pause)]
        if self.session_end_offered:
            entries.append((tr("fal.end_session"), self.end_session))
        buttons = [
            Button(pygame.Rect(area.x + u(20), area.bottom - (bh + u(12)) * (i + 1), bw, bh), label, fn)
            for i, (label, fn) in enumerate(entries)
        ]
        self.controls = Form(buttons)

    @property
    def shared_screen(self) -> bool:
        return self.setup.mode == "hotseat"

    @property
    def session_end_offered(self) -> bool:
        """The people may end the session (a hot seat's has no end of its own)."""
        return self.setup.mode == "hotseat"

    @property
    def open_seat(self) -> int | None:
        """The character whose hand is dealt face up and stays so: the first, unless the screen is shared
        (then each hand is shown on its turn only)."""
        return None if self.shared_screen else 0

    def seat_person(self, seat: int) -> str:
        """Who plays the character, said under its name where people take turns at the characters."""
        return self.setup.seats[seat].player if self.setup.mode == "hotseat" else ""

    def host_caption(self) -> str:
        """The name under the Host's portrait."""
        return self.person_of("host")

    # flow ------------------------------------------------------------------------------------
    def person_of(self, seat: int | str) -> str:
        if seat == "host":
            return self.setup.host_name or tr("fal.host")
        return self.setup.seats[int(seat)].player

    def computer_acts(self, seat: int | str) -> bool:
        if self.setup.mode == "demo":
            return True
        return seat == "host" and self.setup.mode == "solo"

    def next_step(self) -> None:
        """Called when every queued event has been shown: decides who acts now."""
        if self.game.is_over:
            if self.awaiting is not Awaiting.CONTINUE:
                self.awaiting = Awaiting.CONTINUE
            return
        to_act = self.game.to_act
        if to_act is None or self.awaiting:
            return
        if self.computer_acts(to_act):
            self.awaiting = Awaiting.COMPUTER
            if to_act == "host":
                self.host_avatar.think(True)
            self.scheduler.after(self.app.settings.think_time, self._computer_move, "think")
            return
        person = self.person_of(to_act)
        if self.shared_screen and person != self.last_person:
            self.awaiting = Awaiting.HANDOVER
            self.hide_hand()
            self.handover(
                person,
                tr(
                    "fal.handover_host" if to_act == "host" else "fal.handover_player",
                    name=self.setup.seats[int(to_act)].character.name if to_act != "host" else person,
                ),
                lambda: self._ready(to_act),
            )
            return
        self._ready(to_act)

    def _ready(self, to_act: int | str) -> None:
        self.last_person = self.person_of(to_act)
        if to_act == "host":
            self.awaiting = Awaiting.HOST
            self._host_turn()
            self._build_host_form()
        else:
            self.awaiting = Awaiting.PLAY
            self.show_hand(int(to_act))

    def _computer_move(self) -> None:
        start = time.perf_counter()
        to_act = self.game.to_act
        if to_act == "host":
            node = self.scenario.challenge(self.game.view(HOST).story_at) if self.scenario else None
            if node is not None:  # the challenge the story has reached, for the hero
                action: SetChallenge | PlayCard = SetChallenge(
                    0, node.talent, node.suit, node.opposition, node.id
                )
            elif self.challenge_no == 0 and self.setup.mode == "demo":
                action = _demo_first_challenge(self.setup)
            else:
                host = ComputerHost(random.Random(self.decision_seed("host", to_act)))
                action = host.next_challenge(self.game.view("host"), self.game.config.characters)
        else:
            assert isinstance(to_act, int)
            rng = random.Random(self.decision_seed("card", to_act))
            action = PlayCard(to_act, choose_card(self.game.view(to_act), rng))
        self.app.ai_ms.append((time.perf_counter() - start) * 1000)
        self.host_avatar.think(False)
        self.awaiting = Awaiting.NOTHING
        self.act(action)

    def act(self, action: SetChallenge | PlayCard | EndSession) -> bool:
        """Applies an action; a refusal is shown to the player and changes nothing."""
        try:
            events = self.game.apply(action)
        except ValueError as exc:
            self.refuse(refusal_text(exc))
            return False
        self.record(action)
        self.cover_out_of_turn()
        self.awaiting = Awaiting.NOTHING
        self.enqueue(events)
        return True

    def play_card(self, index: int) -> None:
        if self.awaiting is not Awaiting.PLAY or self.busy:
            self.refuse(tr("fal.wait_turn") if self.awaiting is not Awaiting.PLAY else tr("fal.wait_cards"))
            return
        if not 0 <= index < len(self.hand) or self.hand_seat is None:
            return
        self.act(PlayCard(self.hand_seat, self.hand[index].code))

    def end_session(self) -> None:
        """The people end the session (the controls' button): at one screen, at once."""
        self.show_score()

    def show_score(self) -> None:
        """The session's sheet, from the challenges resolved (every seat's view holds them all)."""
        self.end_match()
        view = self.game.view(HOST)
        sheet = session_sheet(self.setup, view.history, tuple(self.log.lines), view.path, view.ending)
        way_out = WayOut(self.score_buttons(), self.leave_table)
        self.app.scenes.replace(navigation.score(self.app, self.game_id, sheet, way_out))

    def score_buttons(self) -> tuple[tuple[str, Callable[[], None]], ...]:
        return ((tr("score.again"), self.rematch), (tr("score.menu"), self.leave_table))

    def rematch(self) -> None:
        """Another session with the same characters and Host."""
        self.app.scenes.replace(navigation.table(self.app, replace(self.setup, seed=match_seed())))

    def event_lines(self, event: Event) -> list[str]:
        if isinstance(event, StoryTurned | StoryEnded) and self.scenario:
            node = event.to if isinstance(event, StoryTurned) else event.ending
            title = self.scenario.title_of(node).get(language())
            key = "fal.log_story_ends" if isinstance(event, StoryEnded) else "fal.log_story_turns"
            return (
                [] if isinstance(event, StoryTurned) and self.scenario.ending(node) else [tr(key, to=title)]
            )
        return log_lines(event, lambda seat: self.setup.seats[seat].character.name)

    # presenting events -------------------------------------------------------------------------
    def present(self, event: Event) -> float:
        d = self.app.duration
        match event:
            case HandDealt(seat=seat, cards=cards):
                return self._deal(seat, cards)
            case ChallengeSet():
                return self._challenge_set(event)
            case CardPlayed(seat=seat, card=card):
                return self._card_played(seat, card)
            case HostDrew(card=card):
                self.shown_deck -= 1
                sprite = CardSprite(card, "french", BACK, *self.r("deck").center)
                self.drawn = sprite
                sprite.fly(self.tweens, self.r("hostcard").center, d(0.3), arc=30, tag="cards")
                sprite.flip(self.tweens, d(0.22), delay=d(0.3), tag="cards")
                self.sound("deal")
                self.scheduler.after(d(0.3), lambda: self.sound("flip"))
                return d(0.62)
            case Resolved():
                return self._resolved(event)
            case DeckReshuffled():
                for sprite in self.discard:
                    sprite.flip(self.tweens, d(0.2), face_up=False, tag="cards")
                    sprite.fly(self.tweens, self.r("deck").center, d(0.4), delay=d(0.2), arc=40, tag="cards")
                self.scheduler.after(d(0.6), self.discard.clear)
                self.shown_deck += self.shown_discard
                self.shown_discard = 0
                self.sound("shuffle")
                return d(0.9)
            case CardDrawn(seat=seat, card=card):
                return self._card_drawn(seat, card)
            case StoryEnded(ending=ending):
                return self._story_ended(ending)
            case SessionOver():
                self.awaiting = Awaiting.CONTINUE
                return d(0.5)
        return 0.0

    def _story_ended(self, ending_id: str) -> float:
        """The ending reached takes the story panel, once the last challenge's outcome has been read."""
        ending = self.scenario.ending(ending_id) if self.scenario else None
        if ending is None:
            return 0.0
        self.shown_ending = ending
        self.story_fn = lambda: ending.text.get(language())
        self.message_fn = lambda: ending.title.get(language())
        self.message_good = ending.happy
        return self.app.duration(0.4)

    def _deal(self, seat: int, cards: tuple[str, ...]) -> float:
        d = self.app.duration
        self.shown_deck -= len(cards)
        if seat == 0:
            self.sound("shuffle")
        if seat != self.open_seat:
            self.sound("deal")
            return d(0.15)
        self.hand_seat = seat
        self.hand_open = True
        for i, card in enumerate(cards):
            sprite = CardSprite(card, "french", BACK, *self.r("deck").center)
            self.hand.append(sprite)
            sprite.fly(self.tweens, self.hand_slot(i), d(0.22), delay=d(0.3 + 0.09 * i), arc=50, tag="cards")
            sprite.flip(self.tweens, d(0.2), delay=d(0.3 + 0.09 * len(cards) + 0.22), tag="cards")
            self.scheduler.after(d(0.3 + 0.09 * i), lambda: self.sound("deal", 0.7))
        return d(0.3 + 0.09 * len(cards) + 0.45)

    def _challenge_set(self, event: ChallengeSet) -> float:
        """The challenge on the table; the Host's panel opens next on it (the last one set, as the Host's
        own choice, so a table laid from the match so far offers what the table played to it offered)."""
        self.challenge_no += 1
        self.shown_challenge = event
        self._host_choice, self._host_node = (event.seat, event.talent, event.opposition), event.node
        character = self.setup.seats[event.seat].character
        node = self.scenario.challenge(event.node) if self.scenario else None
        if node is not None:
            words = node.text
            self.story_fn = lambda: words.get(language())
        else:
            self.story_fn = lambda: tr(
                "fal.story_generic", name=character.name, talent=talent_name(event.talent)
            )
        self.message_fn = lambda: tr(f"fal.standing_msg.{event.standing}")
        self.message_good = None
        self.host_form = Form()
        if self.setup.mode != "hotseat":
            self.show_hand(event.seat)
        return self.app.duration(0.3)

    def _card_played(self, seat: int, card: str) -> float:
        d = self.app.duration
        sprite = next((s for s in self.hand if s.code == card), None) if seat == self.hand_seat else None
        if sprite is None:
            plate = self._seat_plate(seat)
            sprite = CardSprite(card, "french", BACK, *plate.center)
        else:
            self.hand.remove(sprite)
            sprite.lift = 0
            sprite.dim = sprite.highlight = False
            for i, rest in enumerate(self.hand):  # close the gap so the refill comes in at the end
                rest.fly(self.tweens, self.hand_slot(i), d(0.25), tag="cards")
        if not sprite.face_up:  # from a seat, or from a hand covered as the turn passed: the card is public
            sprite.flip(self.tweens, d(0.2), tag="cards")
        self.played = sprite
        self.pick.reset()
        self.chances = {}
        sprite.fly(self.tweens, self.r("played").center, d(0.25), tag="cards")
        self.sound("play")
        return d(0.35)

    def _resolved(self, event: Resolved) -> float:
        d = self.app.duration
        self.shown_results.append(event)
        self.message_fn = lambda: outcome_sentence(event)
        self.message_good = not event.host_wins
        node = (
            self.scenario.challenge(self.shown_challenge.node)
            if self.scenario and self.shown_challenge
            else None
        )
        if node is not None:
            outcome = node.failure if event.host_wins else node.success
            self.story_fn = lambda: outcome.get(language())
        self.host_avatar.react("nod" if event.host_wins else "frown")
        if event.fireworks and not self.replaying:
            self.fireworks = Fireworks(
                pygame.Rect((0, 0), self.app.size), self.setup.seed + self.challenge_no
            )
            self.sound("success")
        else:
            self.sound("failure" if event.host_wins else "success")
        pause = d(1.4) if self.setup.mode != "demo" else d(0.9)
        self.scheduler.after(pause, self._sweep, "cards")
        return pause + d(0.4)

    def _sweep(self) -> None:
        """Both cards of the challenge go to the discard pile."""
        d = self.app.duration
        for sprite in (self.played, self.drawn):
            if sprite is None:
                continue
            self.discard = [*self.discard[-3:], sprite]
            self.shown_discard += 1
            sprite.fly(self.tweens, self._discard_pos(self.shown_discard - 1), d(0.3), tag="cards")
        self.played = self.drawn = None
        self.sound("sweep", 0.6)

    def _card_drawn(self, seat: int, card: str) -> float:
        d = self.app.duration
        self.shown_deck -= 1
        if seat != self.hand_seat:
            return d(0.15)
        sprite = CardSprite(card, "french", BACK, *self.r("deck").center)
        self.hand.append(sprite)
        sprite.fly(self.tweens, self.hand_slot(len(self.hand) - 1), d(0.25), arc=40, tag="cards")
        if self.hand_open:  # a refill into a hand covered after its play stays face down
            sprite.flip(self.tweens, d(0.2), delay=d(0.25), tag="cards")
        self.sound("deal")
        return d(0.3)

    def show_hand(self, seat: int) -> None:
        """Shows `seat`'s own hand (from its view) face up at the bottom, with the odds of each card."""
        view = self.game.view(seat)
        if seat != self.hand_seat or [s.code for s in self.hand] != list(view.hand):
            self.hand = [CardSprite(c, "french", BACK, *self.hand_slot(i)) for i, c in enumerate(view.hand)]
            for sprite in self.hand:
                sprite.flip(self.tweens, self.app.duration(0.2), tag="cards")
        else:
            for sprite in self.hand:
                if not sprite.face_up:
                    sprite.flip(self.tweens, self.app.duration(0.2), tag="cards")
        self.hand_seat = seat
        self.hand_open = True
        self.chances = {}
        if view.challenge is not None and view.to_act == seat:
            self.chances = {c: f"{round(float(p) * 100)} %" for c, p in win_chances(view).items()}
            self._odds = {c: float(p) for c, p in win_chances(view).items()}

    def hide_hand(self) -> None:
        super().hide_hand()
        self.chances = {}

    # hot-seat Host ---------------------------------------------------------------------------
    def _host_turn(self) -> None:
        """A new challenge to set: with a story, the one it has reached is picked, as the story sets it."""
        node = self.scenario.challenge(self.game.view(HOST).story_at) if self.scenario else None
        if node is not None:
            seat = self._host_choice[0] if self._host_choice[0] < len(self.setup.seats) else 0
            self._host_choice = (seat, node.talent, node.opposition)
            self._host_node = node.id

    def _build_host_form(self) -> None:
        area = self.r("hostpanel").inflate(-48, -28)
        row, high = area.height * 58 // 436, area.height * 42 // 436
        seats = [(i, s.character.name) for i, s in enumerate(self.setup.seats)]
        seat, talent, level = self._host_choice
        seat = seat if seat < len(seats) else 0
        character = self.setup.seats[seat].character
        own = [t.id for t in character.talents]
        talents = own + sorted((t for t in TALENTS if t not in own), key=talent_name)
        options = [
            (
                t,
                f"{talent_name(t)} {_suit_char(TALENTS.get(t, 'S'))}"
                f" — {tr(f'level.{character.level_of(t)}')}",
            )
            for t in talents
        ]
        talent = talent if talent in talents else talents[0]
        widgets: list[Widget] = []
        names = ("fal.host_character", "fal.host_talent", "fal.host_opposition")
        if self.scenario is not None:  # the story's challenges on the left, the rows captioned on the right
            left, area = split(pygame.Rect(area.x, area.y + 56, area.width, area.height - 56), 0.36, 0.64)
            left.height -= high + 10
            at = self.game.view(HOST).story_at
            rows = [
                Row(c.title.get(language()), tr("fal.host_next") if c.id == at else "")
                for c in self.scenario.challenges
            ]
            chosen = next((i for i, c in enumerate(self.scenario.challenges) if c.id == self._host_node), 0)
            self.host_list = PickList(left, rows, chosen, self._host_node_changed, high * 3 // 4)
            widgets.append(self.host_list)
            caption = text.line_height(theme.SIZE_SMALL - 2)
            boxes = [
                pygame.Rect(area.x, area.y + caption + i * (high + caption + 8), area.width, high)
                for i in range(3)
            ]
            for box, key in zip(boxes, names, strict=True):
                widgets.append(
                    Label(
                        box.move(0, -caption).inflate(0, 0),
                        tr(key),
                        theme.SIZE_SMALL - 2,
                        theme.PARCHMENT,
                        "topleft",
                    )
                )
            labels = ["", "", ""]
            share = 0.0
        else:
            y = area.y + 64
            boxes = [pygame.Rect(area.x, y + i * row, area.width, high) for i in range(3)]
            labels, share = [tr(k) for k in names], 0.45
        self.host_seat = Choice(boxes[0], labels[0], seats, seat, self._host_seat_changed, share)
        self.host_talent = Choice(boxes[1], labels[1], options, talent, lambda v: self._host_changed(), share)
        levels = [(lv, tr(f"level.{lv}")) for lv in range(1, 7)]
        self.host_level = Choice(boxes[2], labels[2], levels, level, lambda v: self._host_changed(), share)
        panel = self.r("hostpanel")
        width = min(340, panel.width - 60)
        self.host_go = go = Button(
            pygame.Rect(panel.centerx - width // 2, panel.bottom - 14 - high - 6, width, high + 4),
            tr("fal.host_set"),
            self._host_set,
            primary=True,
        )
        self.host_form = Form([*widgets, self.host_seat, self.host_talent, self.host_level, go])
        self.host_form.move_focus(1)

    def _host_node_changed(self, index: int) -> None:
        """Another challenge of the story picked: its talent and difficulty, for the character chosen."""
        assert self.scenario is not None
        node = self.scenario.challenges[index]
        self._host_node = node.id
        self._host_choice = (self.host_seat.value, node.talent, node.opposition)
        focus = self.host_form.focus_index
        self._build_host_form()
        restore_focus(self.host_form, focus)

    def _host_seat_changed(self, seat: int) -> None:
        self._host_choice = (seat, self.host_talent.value, self.host_level.value)
        self._build_host_form()

    def _host_changed(self) -> None:
        self._host_choice = (self.host_seat.value, self.host_talent.value, self.host_level.value)

    def _host_set(self) -> None:
        """The challenge as the Host set it: with a story, the challenge picked (its suit kept while its
        talent is), else the talent's own suit."""
        talent = self.host_talent.value
        self._host_changed()
        node = self.scenario.challenge(self._host_node) if self.scenario else None
        suit = node.suit if node is not None and node.talent == talent else TALENTS.get(talent, "S")
        picked = node.id if node is not None else ""
        self.act(SetChallenge(self.host_seat.value, talent, suit, self.host_level.value, picked))

    # input -------------------------------------------------------------------------------------
    def handle_table(self, event: pygame.event.Event) -> None:
        if self.fireworks and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN):
            self.fireworks.skip()
            return
        if self.awaiting is Awaiting.CONTINUE and self._continue_event(event):
            return
        if self.awaiting is Awaiting.HOST and self.host_form.handle(event):
            return
        if self.controls.handle(event) or self.log.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
        elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self._mouse(event)

    def _continue_event(self, event: pygame.event.Event) -> bool:
        ok = (
            event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
        ) or (event.type == pygame.MOUSEBUTTONUP and event.button == 1)
        if ok and not self.busy:
            self.awaiting = Awaiting.NOTHING
            self.show_score()
        return ok

    def _key(self, event: pygame.event.Event) -> None:
        if event.key in (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4):
            self.play_card(event.key - pygame.K_1)
        elif self.awaiting is Awaiting.PLAY:
            self.hand_input(event, False)

    def _mouse(self, event: pygame.event.Event) -> None:
        self.hand_input(event, self.awaiting is Awaiting.PLAY and not self.busy)

    # drawing ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        self.host_avatar.update(dt)
        for i, sprite in enumerate(self.hand):
            target = (
                18.0
                if i == self.pick.selected and self.awaiting is Awaiting.PLAY and not self.pick.dragging
                else 0.0
            )
            sprite.lift += (target - sprite.lift) * min(1.0, dt * 14)
            sprite.highlight = i == self.pick.selected and self.awaiting is Awaiting.PLAY
        if self.fireworks:
            for cue in self.fireworks.update(dt):
                self.sound(cue, 0.8)
            if self.fireworks.done:
                self.fireworks = None

    @property
    def busy(self) -> bool:
        return super().busy or self.fireworks is not None

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(
            surface,
            [
                (self.r("challenge"), "paper"),
                (self.log.rect, "glass"),
                (self.r("seats"), "glass"),
                *([] if self.covered(self.r("talents")) else [(self.r("talents"), "glass")]),
            ],
        )
        self._draw_host(surface)
        self._draw_challenge(surface)
        self._draw_seats(surface)
        self._draw_piles(surface)
        self.log.draw(surface, with_panel=False)
        self.controls.draw(surface)
        self._draw_hints(surface)
        self._draw_message(surface)
        if self.awaiting is Awaiting.HOST:
            self._draw_host_panel(surface)
        self._draw_hand(surface)
        for sprite in (self.played, self.drawn):
            if sprite:
                sprite.draw(surface, self.app.cards, self.card_w)
        if self.pick.dragging:
            self.pick.dragging.draw(surface, self.app.cards, self.card_w)
        if self.fireworks:
            self.fireworks.draw(surface)
        self.draw_refusal(surface)

    def u(self, value: float) -> int:
        """A length of the layout's design (1280×720), scaled for the window as its rectangles are."""
        return round(value * self.layout.scale(self.app.size))

    def _draw_host(self, surface: pygame.Surface) -> None:
        area = self.r("host")
        portrait = pygame.Rect(area.x, area.y, area.width, area.height - self.u(40))
        self.host_avatar.draw(surface, portrait, glow=self.game.to_act == "host")
        caption = pygame.Rect(area.x - self.u(20), portrait.bottom, area.width + self.u(40), self.u(40))
        [name], size = text.fitted(self.host_caption(), theme.SIZE_BODY, caption.width)
        text.draw(surface, name, caption.center, size, theme.CREAM, "center", shadow=True, box=caption, pad=0)

    def _draw_challenge(self, surface: pygame.Surface) -> None:
        """The story panel: the scenario's narration (or the Host's words), shrunk to fit if long."""
        area = self.r("challenge")
        inner = area.inflate(-self.u(36), -self.u(24))
        title = self.scenario.title.get(language()) if self.scenario else tr("fal.title")
        room = inner.width
        if self.scenario:
            [counter], size = text.fitted(self._story_place(), theme.SIZE_SMALL, inner.width // 2)
            at = inner.topright
            room -= text.draw(surface, counter, at, size, theme.SEPIA, "topright", box=inner, pad=0).width
        [title], size = text.fitted(title, theme.SIZE_SMALL, room - self.u(16), bold=True)
        text.draw(surface, title, inner.topleft, size, theme.SEPIA, bold=True, box=inner, pad=0)
        story = self.story_box()
        words = self.story_fn()
        size = text.fitting_size(words, story, theme.SIZE_BODY - 1, STORY_SMALLEST, True, 1.05)
        text.draw_paragraphs(surface, words, story, size, theme.INK, italic=True, spacing=1.05)

    def story_box(self) -> pygame.Rect:
        """Where the story's text is written, under its title."""
        inner = self.r("challenge").inflate(-self.u(36), -self.u(24))
        top = inner.y + text.line_height(theme.SIZE_SMALL) + self.u(6)
        return pygame.Rect(inner.x, top, inner.width, inner.bottom - top)

    def _story_place(self) -> str:
        """Where the story stands, above its text: the ending reached, or the challenge met and its number."""
        lang = language()
        if self.shown_ending is not None:
            return self.shown_ending.title.get(lang)
        challenge = self.shown_challenge
        node = self.scenario.challenge(challenge.node) if self.scenario and challenge else None
        if node is None:
            return tr("fal.story_start") if not self.challenge_no else ""
        return tr("fal.challenge_at", n=self.challenge_no, title=node.title.get(lang))

    def _seat_plate(self, seat: int) -> pygame.Rect:
        area, u = self.r("seats"), self.u
        h = min(u(56), (area.height - u(40)) // max(1, len(self.setup.seats)))
        return pygame.Rect(area.x + u(10), area.y + u(36) + seat * h, area.width - u(20), h - u(6))

    def _draw_seats(self, surface: pygame.Surface) -> None:
        area, u = self.r("seats"), self.u
        head = pygame.Rect(area.x + u(14), area.y + u(6), area.width - u(28), u(28))
        [title], size = text.fitted(tr("fal.characters"), theme.SIZE_SMALL, head.width, bold=True)
        text.draw(
            surface, title, head.midleft, size, theme.BRASS_LIGHT, "midleft", bold=True, box=head, pad=0
        )
        successes = [0] * len(self.setup.seats)
        attempts = [0] * len(self.setup.seats)
        for r in self.shown_results:
            attempts[r.seat] += 1
            successes[r.seat] += not r.host_wins
        for i, seat in enumerate(self.setup.seats):
            plate = self._seat_plate(i)
            acting = self.game.to_act == i
            draw_panel(surface, plate, "hover" if acting else "button")
            detail = tr("fal.seat_score", ok=successes[i], n=attempts[i])
            if person := self.seat_person(i):
                detail = f"{person} · {detail}"
            room = plate.inflate(-2 * u(10), -2 * text.PAD)
            size, small = text.stacked(theme.SIZE_SMALL, theme.SIZE_SMALL - 3, room.height, bold=acting)
            [name], size = text.fitted(seat.character.name, size, room.width, bold=acting)
            [detail], small = text.fitted(detail, small, room.width)
            high, low = text.ink_height(size, acting), text.ink_height(small)
            top = room.centery - (high + 1 + low) // 2
            at = (room.x, top + high // 2)
            text.draw(surface, name, at, size, theme.CREAM, "midleft", bold=acting, box=plate)
            text.draw(
                surface,
                detail,
                (room.x, top + high + 1 + low // 2),
                small,
                theme.PARCHMENT,
                "midleft",
                box=plate,
            )
        if not self.covered(self.r("talents")):
            self._draw_talents(surface)

    def _draw_talents(self, surface: pygame.Surface) -> None:
        """The talents of the character in play, in their panel beside the log: in two columns where they
        are narrow enough, the type smaller where the room is short."""
        u, panel = self.u, self.r("talents")
        area = panel.inflate(-2 * u(16), -2 * u(10))
        seat = self.shown_challenge.seat if self.shown_challenge else 0
        character = self.setup.seats[seat].character
        talents = sorted(character.talents, key=lambda t: -t.level)
        rows = [(f"{talent_name(t.id)} {_suit_char(t.suit)}", tr(f"level.{t.level}")) for t in talents]
        heading = tr("fal.talents", name=character.name)
        size: float = theme.SIZE_SMALL
        while True:
            lh = text.line_height(size)
            lines, title_size = text.fitted(heading, size + 1, area.width, 2 * lh, bold=True)
            head_h = len(lines) * text.line_height(title_size) + u(4)
            widest = max(
                (text.size_of(a, size)[0] + u(8) + text.size_of(b, size)[0] for a, b in rows), default=0
            )
            columns = 2 if 2 * widest + u(24) <= area.width else 1
            tall = head_h + -(-len(rows) // columns) * lh
            if tall <= area.height or size <= text.FLOOR:
                break
            size = max(text.FLOOR, size - 1)
        y = area.y
        for line in lines:
            text.draw(surface, line, (area.x, y), title_size, theme.BRASS_LIGHT, bold=True, box=panel)
            y += text.line_height(title_size)
        top = area.y + head_h
        col_w = (area.width - (columns - 1) * u(24)) // columns
        per_column = -(-len(rows) // columns)
        for n, (label, level) in enumerate(rows):
            column, row = divmod(n, per_column)
            cell = pygame.Rect(area.x + column * (col_w + u(24)), top + row * lh, col_w, lh)
            if (
                cell.bottom > area.bottom + text.PAD
            ):  # no room even in the smallest type: the last shown says so
                break
            level_w = text.size_of(level, size)[0]
            [label], small = text.fitted(label, size, cell.width - level_w - u(8))
            text.draw(surface, label, cell.topleft, small, theme.CREAM, box=panel)
            text.draw(surface, level, cell.topright, size, theme.PARCHMENT, "topright", box=panel)

    def _draw_piles(self, surface: pygame.Surface) -> None:
        cards = self.app.cards
        deck = self.r("deck")
        size = self.shown_deck
        back = cards.back("falkenstein", self.card_w)
        for i in range(min(6, (size + 7) // 8)):
            drawn.picture(surface, back, back.get_rect(center=(deck.centerx - i, deck.centery - i)), "card")
        for card in self.discard:
            card.draw(surface, cards, self.card_w)
        slots = [("played", self.played), ("hostcard", self.drawn)]
        if not self.discard:
            slots.append(("discard", None))
        for name, sprite in slots:
            if sprite is None:
                outline = pygame.Rect((0, 0), cards.size_for(self.card_w))
                outline.center = self.r(name).center
                pygame.draw.rect(surface, (46, 104, 72), outline, 2, border_radius=max(4, self.card_w // 12))
        small = theme.SIZE_SMALL
        under = pygame.Rect(0, deck.bottom + self.u(6), deck.width + self.u(40), text.line_height(small))
        under.centerx = deck.centerx
        [words], fits = text.fitted(tr("fal.deck", n=size), small, under.width)
        text.draw(surface, words, under.midtop, fits, theme.PARCHMENT, "midtop", box=under, pad=0)
        labels = (
            ("discard", tr("fal.discard", n=self.shown_discard)),
            ("played", tr("fal.your_card")),
            ("hostcard", tr("fal.host_card")),
        )
        if self.awaiting is Awaiting.HOST:
            return  # the Host's panel covers the table's centre
        top = min(self.r(name).y for name, _ in labels) - self.u(6)
        for name, label in labels:
            slot = self.r(name)
            above = pygame.Rect(
                slot.x - self.u(10),
                top - text.line_height(small),
                slot.width + self.u(20),
                text.line_height(small),
            )
            [words], fits = text.fitted(label, small, above.width)
            text.draw(surface, words, above.midbottom, fits, theme.PARCHMENT, "midbottom", box=above, pad=0)

    def _draw_message(self, surface: pygame.Surface) -> None:
        """Under the cards: who is challenged with what and the standing, then the outcome or advice."""
        colours = {True: (178, 226, 146), False: (246, 150, 126), None: theme.CREAM}
        message, colour = self.message_fn(), colours[self.message_good]
        if self.awaiting is Awaiting.CONTINUE and not self.busy:
            message, colour = tr("fal.continue"), theme.BRASS_LIGHT
        challenge = self.shown_challenge
        if not message and challenge is None:
            return
        area = self.r("message")
        draw_panel(surface, area, "glass")
        room = area.inflate(-2 * self.u(20), -2 * text.PAD)
        rows = [room]
        if challenge is not None and message:
            rows = [pygame.Rect(room.x, room.y, room.width, room.height // 2)]
            rows.append(pygame.Rect(room.x, rows[0].bottom, room.width, room.height - rows[0].height))
        size = theme.SIZE_SMALL + 1
        if challenge is not None:
            row = rows[0]
            line = tr(
                "fal.challenge_line",
                talent=talent_name(challenge.talent),
                suit=_suit_char(challenge.trump),
                level=tr(f"level.{challenge.level}"),
                opposition=tr(f"level.{challenge.opposition}"),
            )
            if len(self.setup.seats) > 1:
                line = f"{self.setup.seats[challenge.seat].character.name} · {line}"
            standing = tr(f"standing.{challenge.standing}")
            tint = {"stronger": (178, 226, 146), "equal": theme.BRASS_LIGHT, "weaker": (246, 150, 126)}
            text.draw(
                surface,
                standing,
                row.midright,
                size,
                tint[challenge.standing],
                "midright",
                bold=True,
                box=area,
            )
            width = row.width - text.size_of(standing, size, True)[0] - self.u(16)
            lines, fits = text.fitted(line, size, width, row.height)
            text.draw_lines(surface, lines, row.midleft, fits, theme.PARCHMENT, "left", box=area)
        if message:
            row = rows[-1]
            lines, fits = text.fitted(message, size, row.width, row.height)
            text.draw_lines(surface, lines, row.center, fits, colour, box=area)

    def _draw_hints(self, surface: pygame.Surface) -> None:
        area = self.r("controls").inflate(-self.u(24), 0)
        to_act = self.game.to_act
        if self.awaiting is Awaiting.PLAY:
            hint = tr("fal.play_hint")
        elif to_act is None or to_act == "host":
            hint = tr("fal.hint_wait")
        else:  # a character elsewhere (or a computer) chooses a card against the challenge set
            hint = tr("fal.hint_wait_card", name=self.setup.seats[int(to_act)].character.name)
        buttons = [w.rect.y for w in self.controls.widgets] if hasattr(self, "controls") else []
        box = pygame.Rect(
            area.x, area.y, area.width, min(buttons, default=area.bottom - self.u(70)) - self.u(8) - area.y
        )
        if self.covered(box):
            return
        size = text.fitting_size(hint, box, theme.SIZE_SMALL, text.FLOOR, True)
        text.draw_paragraphs(surface, hint, box, size, theme.PARCHMENT, italic=True)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        cards = self.app.cards
        odds = getattr(self, "_odds", {})
        for sprite in self.hand:
            if sprite is self.pick.dragging:
                continue
            sprite.draw(surface, cards, self.card_w)
            label = self.chances.get(sprite.code) if sprite.face_up else None
            if label and self.awaiting is Awaiting.PLAY:
                rect = sprite.rect(cards, self.card_w)
                plate = pygame.Rect(0, 0, self.u(84), self.u(28))
                plate.midbottom = (rect.centerx, rect.top - self.u(6))
                draw_panel(surface, plate, "panel")
                p = odds.get(sprite.code, 0.0)
                colour = theme.SUCCESS if p >= 0.66 else theme.BRASS_LIGHT if p >= 0.4 else theme.FAILURE
                [shown], size = text.fitted(
                    label, theme.SIZE_SMALL, plate.width - 2 * text.PAD - 4, bold=True
                )
                text.draw(surface, shown, plate.center, size, colour, "center", bold=True, box=plate)

    def _draw_host_panel(self, surface: pygame.Surface) -> None:
        area = self.r("hostpanel")
        draw_panel(surface, area, "panel")
        u = self.u
        head = pygame.Rect(area.x + u(16), area.y + u(8), area.width - u(32), u(44))
        [title], size = text.fitted(
            tr("fal.host_panel", name=self.person_of("host")), theme.SIZE_H2, head.width
        )
        text.draw(surface, title, head.center, size, theme.BRASS_LIGHT, "center", box=head, pad=0)
        self.host_form.draw(surface)
        seat = self.host_seat.value
        level = self.setup.seats[seat].character.level_of(self.host_talent.value)
        standing = standing_of(level, self.host_level.value)
        tint = {"stronger": (178, 226, 146), "equal": theme.BRASS_LIGHT, "weaker": (246, 150, 126)}
        column = self.host_level.rect  # under the rows: the standing they make, and what it means
        y = column.bottom + area.height // 24
        verdict = pygame.Rect(column.x, y, column.width, text.line_height(theme.SIZE_H2))
        [words], size = text.fitted(tr(f"standing.{standing}"), theme.SIZE_H2, verdict.width, bold=True)
        text.draw(
            surface, words, verdict.midtop, size, tint[standing], "midtop", bold=True, box=verdict, pad=0
        )
        top = verdict.bottom + u(6)
        inset = column.width // 10
        advice = pygame.Rect(column.x + inset, top, column.width - 2 * inset, self.host_go.rect.y - 8 - top)
        words = tr(f"fal.standing_msg.{standing}")
        size = text.fitting_size(words, advice, theme.SIZE_BODY, text.FLOOR, True)
        text.draw_paragraphs(surface, words, advice, size, theme.PARCHMENT, italic=True)


def network_setup(sessions: list[RemoteSession]) -> FalkensteinSetup:
    """The table's characters as the server dealt them (its networked setup), each with its player's name,
    and its adventure as `joined` brought it, read whole here (the lobby has left a table whose story was
    refused)."""
    session = sessions[0]
    assert session.joined is not None
    names = {state.seat: state.name for state in session.seats}
    dealt = new_setup(table_seed(session.code), len(session.seats))
    seats = tuple(SeatSetup(seat.character, names.get(i, "")) for i, seat in enumerate(dealt.seats))
    story = session.joined.story if isinstance(session.joined.story, Scenario) else None
    return replace(dealt, seats=seats, host_name=names.get("host", ""), scenario=story)


class FalkensteinNetworkTable(NetworkTable, FalkensteinTable):
    """Château Falkenstein played over the network, every seat a person here or elsewhere: the screen shows
    the hand of the one character played at it (the Host holds none), with its odds on its turn, and waits
    while a seat elsewhere is to act. The Host's player ends the session, and every screen shows its sheet."""

    def __init__(self, app: App, sessions: list[RemoteSession]) -> None:
        super().__init__(app, sessions, network_setup(sessions))

    def person_of(self, seat: int | str) -> str:
        return self.player(seat)

    def seat_person(self, seat: int | str) -> str:
        """The player's name, and whether they are away."""
        away = self.absence(seat)
        return f"{self.player(seat)} ({away})" if away else self.player(seat)

    def host_caption(self) -> str:
        return self.seat_person("host")

    @property
    def shared_screen(self) -> bool:
        return len(self.sessions) > 1

    @property
    def session_end_offered(self) -> bool:
        """The Host's player may end the session, as at one screen; the server decides (`EndSession`)."""
        return HOST in self.here

    def end_session(self) -> None:
        """Asks the server to end the session, when the Host is to set a challenge: every screen at the
        table then shows its end and its sheet alike."""
        if self.game.to_act != HOST or self.awaiting is not Awaiting.HOST or self.busy:
            self.refuse(tr("fal.end_between"))
            return
        self.act(EndSession())

    def score_buttons(self) -> tuple[tuple[str, Callable[[], None]], ...]:
        """Another session is the Host's to open: from the sheet, back to the menu."""
        return ((tr("score.menu"), self.leave_table),)

    @property
    def open_seat(self) -> int | None:
        own = self.session.seat
        return own if isinstance(own, int) and not self.shared_screen else None

    def next_step(self) -> None:
        """The next update once the last one's events are shown; while a seat elsewhere is to act, waiting
        with the own hand in view."""
        if self.advance():
            return
        to_act = self.game.to_act
        if to_act is not None and to_act not in self.here:
            if self.open_seat is not None and self.hand_seat is None:
                self.show_hand(self.open_seat)
            return
        super().next_step()


def _suit_char(suit: str) -> str:
    return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[suit]


def _demo_first_challenge(setup: FalkensteinSetup) -> SetChallenge:
    """A hopeless first challenge, so the computer reaches for its joker."""
    talent = min(setup.seats[0].character.talents, key=lambda t: t.level)
    return SetChallenge(0, talent.id, talent.suit, 6)
