"""Hot-seat privacy, checked at every frame of whole deals played through the real app with real input.

When several people share the screen, a hand is face up only for the person whose turn it is, once they
passed the hand-over screen: never during the deal, while a computer acts, or between two turns. Who passed
the screen is read from the hand-over scene being dismissed, never from the table's own bookkeeping.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest
from scene_driver import click, key, wait_until

from game.app import MIN_SIZE, App
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.games.falkenstein.table import FalkensteinTable
from game.games.koenigrufen import profile
from game.games.koenigrufen.cards import KINGS
from game.games.koenigrufen.profile import Profile
from game.games.koenigrufen.rules import (
    Announce,
    AnnouncePass,
    Bid,
    CallKing,
    Discard,
    Hold,
    KoenigrufenConfig,
    KoenigrufenGame,
    Kontra,
    Pass,
    TakeTalon,
)
from game.games.koenigrufen.table import bid_word
from game.games.koenigrufen.words import bid_label
from game.i18n import tr
from game.scenes import navigation
from game.scenes.handover import HandoverScene
from game.scenes.table_scene import TableScene
from game.scenes.trick_table import TrickTable
from game.seating import CardTableSetup, SeatPlayer
from game.settings import Settings
from game.ui.card_sprite import CardSprite


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    return App(MIN_SIZE, Settings(language="en", grain=0, anim_speed="fast", think_time=0.05))


class Screen:
    """Follows every frame of the app at `table`: who last passed the hand-over screen (a score sheet is
    looked at by everyone, so after it nobody holds the screen), whether a hand shows to anyone else, and
    that a card played face up, being public, lies face up once the cards are at rest."""

    def __init__(
        self, app: App, table: TrickTable | FalkensteinTable, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        self.app, self.table = app, table
        self.passed: str | None = None
        self.handover: HandoverScene | None = None
        self.handed: set[str] = set()
        self.frames_up = 0  # frames with a hand face up: the rule was also seen allowing one
        step = app.step

        def watched(dt: float) -> float:
            ms = step(dt)
            self.frame()
            return ms

        monkeypatch.setattr(app, "step", watched)

    def person_of(self, seat: Any) -> str:
        setup = self.table.setup
        if isinstance(setup, FalkensteinSetup):
            return setup.host_name if seat == "host" else setup.seats[seat].player
        return setup.seats[seat].name

    def frame(self) -> None:
        stack = self.app.scenes.stack
        if self.handover is not None and self.handover not in stack:
            self.passed = self.handover.person
            self.handed.add(self.passed)
        top = stack[-1]
        self.handover = top if isinstance(top, HandoverScene) else None
        if top.name == "score":
            self.passed = None
        self.check()

    def check(self) -> None:
        if not self.table.tweens.busy("cards"):
            down = [s.code for s in self.played() if not s.face_up]
            assert not down, f"{down} played face up, yet lying face down"
        table, game = self.table, self.table.game
        up = {s.code for s in table.hand if s.face_up}
        if not up:
            return
        to_act = game.to_act
        assert table.hand_seat == to_act, f"{sorted(up)} up in seat {table.hand_seat}'s hand, {to_act} to act"
        person = self.person_of(to_act)
        assert person == self.passed, f"{person}'s hand face up, the screen last passed to {self.passed}"
        others = {c for seat in range(len(table.setup.seats)) if seat != to_act for c in game.view(seat).hand}
        assert not up & others, f"{sorted(up & others)} of another seat face up in {person}'s hand"
        self.frames_up += 1

    def played(self) -> list[CardSprite]:
        """The sprites of the cards in the rules' current trick that were played face up."""
        view = self.table.game.view(0)
        if self.table.game_id == "koenigrufen":
            public = set(view.trick.cards)
        else:
            public = {card for _, card, face_down in view.trick if not face_down}
        return [sprite for _, sprite in self.table.trick if sprite.code in public]


class AuctionScreen(Screen):
    """Besides the hands: the bids and announcements offered, being the seat's own choices, only to the
    person who passed the screen."""

    panels = 0

    def check(self) -> None:
        super().check()
        table = self.table
        phase = table.game.phase
        if phase in ("bid", "announce") and table.panel_form.widgets and table in self.app.scenes.stack[-1:]:
            assert table.awaiting == "human" and self.passed == self.person_of(table.game.to_act)
            self.panels += 1


class FalkensteinScreen(Screen):
    def played(self) -> list[CardSprite]:
        played = self.table.played
        return [played] if played is not None else []

    def check(self) -> None:
        """Besides the hands: the Host's panel, and so the Host's choices, only on the Host's turn."""
        super().check()
        if self.table.awaiting == "host" and self.table in self.app.scenes.stack:
            assert self.table.game.to_act == "host" and self.passed == self.person_of("host"), (
                f"the Host's panel is shown with the screen passed to {self.passed}"
            )


def click_card(app: App, table: TableScene, card: str) -> None:
    sprite = next(s for s in table.hand if s.code == card)
    rect = sprite.rect(app.cards, table.card_w)
    click(app, (rect.x + 8, rect.centery))  # the visible left edge of an overlapped card


def decide_koenigrufen(app: App, table: TrickTable) -> None:
    """The first legal action, taken by clicking the bid, the king, the talon half, the cards or the card."""
    match table.game.legal_actions()[0]:
        case Bid() | Pass() | Hold() as bid:
            offers = {w.label: w for w in table.panel_form.widgets}
            click(app, offers[bid_label(bid_word(bid))].rect.center)
        case AnnouncePass() | Kontra() | Announce():
            click(app, table.panel_form.widgets[0].rect.center)  # good (or Ich liege): the first offer
        case CallKing(king=king):
            click(app, table.panel_form.widgets[KINGS.index(king)].rect.center)
        case TakeTalon(half=half):
            click(app, table.panel_form.widgets[half].rect.center)
        case Discard(cards=cards):
            for card in cards:
                click_card(app, table, card)
            click(app, table.panel_form.widgets[0].rect.center)
        case action:
            click_card(app, table, action.card)


def decide_twotenjack(app: App, table: TrickTable) -> None:
    click_card(app, table, table.game.legal_actions()[0].card)


def play(
    app: App, table: TrickTable, decide: Callable[[App, TrickTable], None], done: Callable[[], bool]
) -> None:
    """Passes each hand-over screen and answers each person's decision with real input until `done()`; a
    score sheet is left for the next deal."""
    while True:
        wait_until(
            app,
            lambda: done() or app.scenes.top is not table or (table.awaiting == "human" and not table.busy),
            seconds=120,
        )
        if done():
            return
        if app.scenes.top is table:
            decide(app, table)
        else:
            key(app, pygame.K_RETURN, "\r")  # "Ready" on the hand-over screen, "Next" on the score sheet


def card_table(
    app: App, game: str, humans: tuple[int, ...], players: int, seed: int, rules: Profile | None = None
) -> TrickTable:
    seats = tuple(SeatPlayer(f"P{i}", i in humans) for i in range(players))
    deals = 1 if game == "koenigrufen" else None
    table = navigation.table(app, CardTableSetup(game, seats, seed, deals, rules))
    app.scenes.push(table)
    assert isinstance(table, TrickTable)
    return table


def declarer_seed(seat: int, rules: Profile = profile.CARDAVIA) -> int:
    """A deal whose forehand (the declarer where nobody bids) is `seat`."""
    return next(
        s for s in range(200) if KoenigrufenGame(KoenigrufenConfig(profile=rules), s).view(0).forehand == seat
    )


@pytest.mark.parametrize("humans", [(0, 2), (0, 1, 2, 3)], ids=["two-people-two-computers", "four-people"])
def test_a_koenigrufen_hand_is_face_up_only_for_its_person_after_the_handover(
    app: App, monkeypatch: pytest.MonkeyPatch, humans: tuple[int, ...]
) -> None:
    """A whole deal (call, talon, discard, twelve tricks) declared by the second person."""
    table = card_table(app, "koenigrufen", humans, 4, declarer_seed(humans[1]))
    screen = Screen(app, table, monkeypatch)
    play(app, table, decide_koenigrufen, lambda: app.scenes.top.name == "score")
    assert len(table.game.view(0).tricks) == 12
    assert screen.handed == {f"P{i}" for i in humans} and screen.frames_up > 0


@pytest.mark.parametrize("humans", [(0, 2), (0, 1, 2, 3)], ids=["two-people-two-computers", "four-people"])
def test_in_an_austrian_auction_a_hand_and_its_bids_show_only_for_its_person_after_the_handover(
    app: App, monkeypatch: pytest.MonkeyPatch, humans: tuple[int, ...]
) -> None:
    """A whole deal under a profile with an auction: each person bids from the panel after passing the
    screen, and whatever contract follows is played to its score."""
    rules = profile.load("austria")
    table = card_table(app, "koenigrufen", humans, 4, declarer_seed(humans[1], rules), rules)
    screen = AuctionScreen(app, table, monkeypatch)
    play(app, table, decide_koenigrufen, lambda: app.scenes.top.name == "score")
    assert table.game.view(0).bids and screen.panels > 0
    assert screen.handed == {f"P{i}" for i in humans} and screen.frames_up > 0


@pytest.mark.parametrize("humans", [(0, 1), (0, 1, 2)], ids=["two-people-one-computer", "three-people"])
def test_a_twotenjack_hand_is_face_up_only_for_its_person_after_the_handover(
    app: App, monkeypatch: pytest.MonkeyPatch, humans: tuple[int, ...]
) -> None:
    """A whole round, its score sheet, and the first trick of the next round (handed over afresh)."""
    table = card_table(app, "twotenjack", humans, 3, 8)
    screen = Screen(app, table, monkeypatch)
    play(app, table, decide_twotenjack, lambda: table.game.round_no == 2 and bool(table.game.view(0).tricks))
    assert screen.handed == {f"P{i}" for i in humans} and screen.frames_up > 0


def test_a_falkenstein_hand_and_the_hosts_panel_show_only_on_their_turn_after_the_handover(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four challenges, the Host turning to the other character each time, then the session is ended."""
    seats = (SeatSetup(HEROES[0], "Ann"), SeatSetup(HEROES[1], "Bob"))
    table = FalkensteinTable(app, FalkensteinSetup("hotseat", seats, host_name="Hal", seed=4))
    app.scenes.push(table)
    screen = FalkensteinScreen(app, table, monkeypatch)
    while True:
        wait_until(
            app,
            lambda: app.scenes.top is not table or (table.awaiting in ("host", "play") and not table.busy),
        )
        if app.scenes.top is not table:
            key(app, pygame.K_RETURN, "\r")  # "Ready" on the hand-over screen
        elif table.awaiting == "play":
            click_card(app, table, table.game.legal_actions()[0].card)
        elif len(table.game.history) < 4:
            key(app, pygame.K_RIGHT)  # the other character
            click(app, table.host_form.widgets[-1].rect.center)
        else:
            break
    end = next(w for w in table.controls.widgets if getattr(w, "label", "") == tr("fal.end_session"))
    click(app, end.rect.center)
    assert app.scenes.top.name == "score"
    assert {r.seat for r in table.game.history} == {0, 1}
    assert screen.handed == {"Hal", "Ann", "Bob"} and screen.frames_up > 0
