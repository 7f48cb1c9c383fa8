"""The Two-Ten-Jack table driven headless through the real scene manager with real input events."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from scene_driver import click, key, wait_until

from game.app import App
from game.games.twotenjack.table import TwoTenJackTable
from game.seating import CardTableSetup, SeatPlayer
from game.settings import Settings


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    return App(settings=Settings(language="en", anim_speed="fast", think_time=0.05))


def table_for(app: App, humans: tuple[int, ...], players: int = 3, seed: int = 3) -> TwoTenJackTable:
    seats = tuple(SeatPlayer(f"P{i}", i in humans) for i in range(players))
    table = TwoTenJackTable(app, CardTableSetup("twotenjack", seats, seed))
    app.scenes.push(table)
    return table


def click_card(app: App, table: TwoTenJackTable, card: str) -> None:
    sprite = next(s for s in table.hand if s.code == card)
    rect = sprite.rect(app.cards, table.card_w)
    click(app, (rect.x + 8, rect.centery))


def settle(app: App, table: TwoTenJackTable) -> None:
    wait_until(
        app,
        lambda: (
            (table.awaiting in ("human", "handover") and not table.busy) or app.scenes.top.name == "score"
        ),
        seconds=120,
    )


def play_round(app: App, table: TwoTenJackTable) -> set[str]:
    """Plays the people's cards with clicks until the round's score scene; returns who was handed over to."""
    handed = set()
    while True:
        settle(app, table)
        top = app.scenes.top
        if top.name == "score":
            return handed
        if top.name == "handover":
            handed.add(top.person)
            assert all(not s.face_up for s in table.hand)
            key(app, pygame.K_RETURN, "\r")
            continue
        seat = table.game.to_act
        assert table.hand_seat == seat
        click_card(app, table, sorted(table.playable(seat))[0])


def test_a_three_player_match_against_two_computers(app: App) -> None:
    app.settings = app.settings.with_(anim_speed="instant", think_time=0.0)
    table = table_for(app, (0,))
    for round_no in range(1, 4):
        assert table.game.round_no == round_no
        play_round(app, table)
        score = app.scenes.top
        assert len(score.sheet.rows) == 3
        if round_no < 3:
            key(app, pygame.K_RETURN, "\r")  # next round
    assert table.game.is_over
    assert "Winner" in score.sheet.story
    view = table.game.view(0)
    assert [sum(r[s] for r in view.round_scores) for s in range(3)] == list(view.totals)


def test_a_hot_seat_round_with_two_people_and_a_computer(app: App) -> None:
    table = table_for(app, (0, 1), seed=8)
    handed = play_round(app, table)
    assert handed == {"P0", "P1"}
    assert len(table.game.view(0).tricks) > 0 and app.scenes.top.name == "score"


def test_an_illegal_card_is_refused_with_the_reason(app: App) -> None:
    table = table_for(app, (0,), seed=11)
    for _ in range(60):
        settle(app, table)
        if app.scenes.top.name == "score":
            break
        hand = set(table.game.view(0).hand)
        illegal = hand - table.playable(0)
        if illegal:
            before = table.game.view(0)
            click_card(app, table, sorted(illegal)[0])
            assert table.refusal and table.game.view(0) == before
            return
        click_card(app, table, sorted(table.playable(0))[0])
    pytest.skip("no illegal card came up")


@pytest.mark.parametrize("players", [2, 6])
def test_the_demo_plays_a_round_at_every_table_size(app: App, players: int) -> None:
    from game.scenes import navigation

    app.settings = app.settings.with_(anim_speed="instant", think_time=0.0)
    table = navigation.demo(app, "twotenjack", 2, players)
    app.scenes.push(table)
    wait_until(app, lambda: app.scenes.top.name == "score", seconds=120)
    assert len(app.scenes.top.sheet.rows) == players
