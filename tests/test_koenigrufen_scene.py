"""The Königrufen table driven headless through the real scene manager with real input events."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from scene_driver import click, key, step, wait_until

from game.app import App
from game.games.koenigrufen.cards import legal_discards
from game.games.koenigrufen.rules import KoenigrufenConfig, KoenigrufenGame
from game.games.koenigrufen.table import KoenigrufenTable
from game.scenes import navigation
from game.seating import CardTableSetup, SeatPlayer
from game.settings import Settings


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    return App(settings=Settings(language="en", anim_speed="fast", think_time=0.05))


def seed_with_forehand(seat: int) -> int:
    return next(s for s in range(200) if KoenigrufenGame(KoenigrufenConfig(), s).declarer == seat)


def table_for(app: App, humans: tuple[int, ...], seed: int, deals: int = 4) -> KoenigrufenTable:
    seats = tuple(SeatPlayer(f"P{i}", i in humans) for i in range(4))
    table = KoenigrufenTable(app, CardTableSetup("koenigrufen", seats, seed, deals))
    app.scenes.push(table)
    return table


def human_turn(app: App, table: KoenigrufenTable) -> None:
    wait_until(
        app,
        lambda: (
            (table.awaiting == "human" and not table.busy)
            or table.game.phase == "scored"
            or app.scenes.top is not table
        ),
        seconds=120,
    )


def click_card(app: App, table: KoenigrufenTable, card: str) -> None:
    sprite = next(s for s in table.hand if s.code == card)
    rect = sprite.rect(app.cards, table.card_w)
    click(app, (rect.x + 8, rect.centery))  # the visible left edge of an overlapped card


def play_my_part(app: App, table: KoenigrufenTable, seat: int) -> None:
    """Answers every decision of `seat` with real clicks and keys until the deal is scored."""
    while table.game.phase not in ("scored", "over"):
        human_turn(app, table)
        if app.scenes.top.name == "handover":
            key(app, pygame.K_RETURN, "\r")
            continue
        if table.game.phase in ("scored", "over"):
            break
        phase = table.game.phase
        if phase in ("call", "talon"):
            key(app, pygame.K_RETURN, "\r")  # the focused king / talon half
        elif phase == "discard":
            hand = table.game.view(table.game.to_act).hand
            for card in legal_discards(hand)[0]:
                click_card(app, table, card)
            click(app, table.panel_form.widgets[0].rect.center)
        else:
            legal = sorted(table.playable(table.game.to_act))
            click_card(app, table, legal[0])


def test_a_whole_deal_as_declarer_by_mouse_and_keyboard(app: App) -> None:
    table = table_for(app, (0,), seed_with_forehand(0))
    play_my_part(app, table, 0)
    assert len(table.game.view(0).tricks) == 12
    wait_until(app, lambda: app.scenes.top.name == "score", seconds=20)
    score = app.scenes.top
    assert sum(table.scored.settlement) == 0
    assert table.scored.declarer_side_points + table.scored.defenders_points == 70
    key(app, pygame.K_RETURN, "\r")  # next deal
    assert table.game.view(0).deal_no == 2 and app.scenes.top is table
    del score


def test_an_illegal_card_is_refused_with_the_reason(app: App) -> None:
    table = table_for(app, (0,), seed_with_forehand(1))
    for _ in range(40):
        human_turn(app, table)
        if table.game.phase == "tricks" and table.game.to_act == 0:
            hand = set(table.game.view(0).hand)
            illegal = hand - table.playable(0)
            if illegal:
                before = table.game.view(0)
                click_card(app, table, sorted(illegal)[0])
                assert table.refusal.startswith("You must")
                assert table.game.view(0) == before
                return
            click_card(app, table, sorted(table.playable(0))[0])
    pytest.skip("no illegal card came up in this deal")


def test_hot_seat_hands_over_between_two_people(app: App) -> None:
    table = table_for(app, (0, 2), seed_with_forehand(0), deals=1)
    people_seen = set()
    for _ in range(200):
        wait_until(
            app,
            lambda: (
                (table.awaiting in ("human", "handover") and not table.busy)
                or table.game.phase in ("scored", "over")
            ),
            seconds=120,
        )
        if table.game.phase in ("scored", "over"):
            break
        if app.scenes.top.name == "handover":
            people_seen.add(app.scenes.top.person)
            assert all(not s.face_up for s in table.hand)  # nothing visible while passing the screen
            key(app, pygame.K_RETURN, "\r")
            continue
        seat = table.game.to_act
        assert table.hand_seat == seat and [s.code for s in table.hand] == table.sort_hand(
            table.game.view(seat).hand
        )
        if table.game.phase in ("call", "talon"):
            key(app, pygame.K_RETURN, "\r")
        elif table.game.phase == "discard":
            for card in legal_discards(table.game.view(seat).hand)[0]:
                click_card(app, table, card)
            click(app, table.panel_form.widgets[0].rect.center)
        else:
            click_card(app, table, sorted(table.playable(seat))[0])
    assert people_seen == {"P0", "P2"}
    assert len(table.game.view(0).tricks) == 12


def test_the_demo_plays_by_itself(app: App) -> None:
    table = navigation.demo(app, "koenigrufen", 5)
    app.scenes.push(table)
    wait_until(app, lambda: table.game.phase == "scored", seconds=240)
    step(app, 3.0)
    assert app.scenes.top.name == "score"


def test_a_match_of_four_deals_ends_on_the_final_score_sheet(app: App) -> None:
    app.settings = app.settings.with_(anim_speed="instant", think_time=0.0)
    table = table_for(app, (0,), seed_with_forehand(2))
    for deal in range(1, 5):
        assert table.game.view(0).deal_no == deal
        play_my_part(app, table, 0)
        wait_until(app, lambda: app.scenes.top.name == "score", seconds=30)
        if deal < 4:
            key(app, pygame.K_RETURN, "\r")
    score = app.scenes.top
    assert score.sheet.over and len(table.game.view(0).score_sheet) == 4
    assert sum(table.game.view(0).totals) == 0
