"""The Falkenstein table driven headless through the real scene manager with real input events."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from scene_driver import click, drag, key, step, wait_until

from game.app import App
from game.games.falkenstein import scenario as adventure
from game.games.falkenstein.adventures import builtin
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.games.falkenstein.table import STORY_SMALLEST, FalkensteinTable
from game.scenes import navigation
from game.settings import Settings
from game.ui import text, theme


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    return App(settings=Settings(language="en", anim_speed="fast", think_time=0.2))


def solo(app: App, seed: int = 2) -> FalkensteinTable:
    setup = FalkensteinSetup("solo", (SeatSetup(HEROES[0], "Ann"),), seed=seed, scenario=builtin()[0])
    table = FalkensteinTable(app, setup)
    app.scenes.push(table)
    return table


def test_a_whole_solo_adventure_by_mouse_ends_on_the_score_scene_with_its_path(app: App) -> None:
    table = solo(app)
    n = 0
    while not table.game.is_over:
        wait_until(app, lambda: table.game.is_over or (table.awaiting == "play" and not table.busy))
        if table.game.is_over:
            break
        assert len(table.hand) == 4 and set(table.chances) == {s.code for s in table.hand}
        card = table.hand[n % 4]
        click(app, card.rect(app.cards, table.card_w).center)
        n += 1
        assert len(table.game.history) == n
    wait_until(app, lambda: table.awaiting == "continue" and not table.busy)
    key(app, pygame.K_RETURN, "\r")
    assert app.scenes.top.name == "score"
    score = app.scenes.top
    ending = table.scenario.ending(table.game.ending)
    assert len(score.sheet.rows) == 1 and ending is not None and ending.text.en in score.sheet.story
    assert sum(1 for line in score.sheet.log if "played" in line) == n == len(score.sheet.path)


def test_odds_on_each_card_match_the_rules(app: App) -> None:
    from game.games.falkenstein.session import win_chances

    table = solo(app)
    wait_until(app, lambda: table.awaiting == "play" and not table.busy)
    exact = win_chances(table.game.view(0))
    for code, label in table.chances.items():
        assert label == f"{round(float(exact[code]) * 100)} %"


def test_keyboard_selection_and_enter_play_the_selected_card(app: App) -> None:
    table = solo(app)
    wait_until(app, lambda: table.awaiting == "play" and not table.busy)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    chosen = table.hand[1].code
    key(app, pygame.K_RETURN, "\r")
    assert table.game.history and table.game.history[-1].played == chosen


def test_dragging_a_card_onto_the_table_plays_it(app: App) -> None:
    table = solo(app)
    wait_until(app, lambda: table.awaiting == "play" and not table.busy)
    card = table.hand[2]
    drag(app, card.rect(app.cards, table.card_w).center, table.r("played").center)
    assert table.game.history[-1].played == card.code


def test_a_card_played_out_of_turn_is_refused_with_a_reason(app: App) -> None:
    table = solo(app)
    step(app, 0.1)
    assert table.awaiting != "play"
    key(app, pygame.K_1, "1")
    assert table.refusal and not table.game.history


def test_hot_seat_hands_over_between_host_and_players(app: App) -> None:
    seats = (SeatSetup(HEROES[0], "Ann"), SeatSetup(HEROES[1], "Bob"))
    table = FalkensteinTable(app, FalkensteinSetup("hotseat", seats, host_name="Hal", seed=4))
    app.scenes.push(table)
    wait_until(app, lambda: app.scenes.top.name == "handover")
    assert app.scenes.top.person == "Hal"
    key(app, pygame.K_RETURN, "\r")
    assert app.scenes.top is table and table.awaiting == "host"
    assert all(not s.face_up for s in table.hand)  # the Host never sees a hand
    key(app, pygame.K_DOWN)  # character -> talent
    key(app, pygame.K_DOWN)  # talent -> opposition
    key(app, pygame.K_DOWN)  # opposition -> the button
    key(app, pygame.K_RETURN, "\r")
    assert table.game.phase == "play"
    wait_until(app, lambda: app.scenes.top.name == "handover")
    assert app.scenes.top.person == "Ann"
    key(app, pygame.K_SPACE, " ")
    wait_until(app, lambda: table.awaiting == "play" and not table.busy)
    assert [s.code for s in table.hand] == list(table.game.view(0).hand)
    key(app, pygame.K_2, "2")
    assert len(table.game.history) == 1
    wait_until(app, lambda: app.scenes.top.name == "handover")
    assert app.scenes.top.person == "Hal"


def test_demo_stages_fireworks_within_five_seconds_and_a_click_skips_them(app: App) -> None:
    app.settings = app.settings.with_(anim_speed="normal", think_time=0.7)
    table = navigation.demo(app, "falkenstein", 9)
    app.scenes.push(table)
    wait_until(app, lambda: table.fireworks is not None, seconds=5.0)
    assert table.game.history[0].fireworks
    step(app, 1.0)
    click(app, (640, 360))
    step(app, 0.1)
    assert table.fireworks is None


def test_escape_pauses_and_leave_returns_to_the_menu(app: App) -> None:
    solo(app)
    step(app, 0.2)
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    assert pause.name == "pause"
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top.name == "falkenstein"
    key(app, pygame.K_ESCAPE)
    leave = app.scenes.top.form.widgets[-1]
    click(app, leave.rect.center)
    assert app.scenes.top.name == "menu" and len(app.scenes.stack) == 1


def test_instant_speed_skips_the_animations(app: App) -> None:
    app.settings = app.settings.with_(anim_speed="instant", think_time=0.0)
    table = solo(app)
    step(app, 3 * (1 / 60))
    assert table.awaiting == "play" and not table.busy


def test_the_table_redraws_at_another_window_size(app: App) -> None:
    table = solo(app)
    wait_until(app, lambda: table.awaiting == "play" and not table.busy)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900)))
    step(app, 0.5)
    assert table.hand[0].x > 320


def test_switching_language_rewords_the_table_at_once(app: App) -> None:
    table = solo(app)
    wait_until(app, lambda: table.awaiting == "play" and not table.busy)
    english = table.story_fn()
    app.apply_settings(app.settings.with_(language="fr"))
    step(app, 0.1)
    assert table.story_fn() == table.scenario.challenges[0].text.fr != english
    assert "Journal" in table.log.title


@pytest.mark.parametrize("size", [(960, 540), (1280, 720)])
def test_the_longest_texts_an_adventure_may_hold_fit_the_story_panel(size: tuple[int, int]) -> None:
    """Written in long German words, each kind of text at its limit is read whole at a reading size."""
    app = App(size, Settings(language="de"))
    table = solo(app)
    box = table.story_box()
    words = " ".join(t.de for s in builtin() for t in (s.intro, *(e.text for e in s.endings)))
    for limit in (adventure.INTRO_LEN, adventure.SITUATION_LEN, adventure.OUTCOME_LEN, adventure.ENDING_LEN):
        longest = words[:limit]
        size_used = text.fitting_size(longest, box, theme.SIZE_BODY - 1, STORY_SMALLEST, True, 1.05)
        line_h = round(text.font(text.px(size_used), False, True).get_linesize() * 1.05)
        assert size_used >= theme.SIZE_SMALL - 3
        assert len(text.wrap(longest, size_used, box.width, italic=True)) * line_h <= box.height


def test_a_hot_seat_host_sees_the_story_s_challenges_and_may_pick_another(app: App) -> None:
    seats = (SeatSetup(HEROES[0], "Ann"), SeatSetup(HEROES[1], "Bob"))
    story = builtin()[0]
    table = FalkensteinTable(app, FalkensteinSetup("hotseat", seats, host_name="Hal", seed=4, scenario=story))
    app.scenes.push(table)
    wait_until(app, lambda: app.scenes.top.name == "handover")
    key(app, pygame.K_RETURN, "\r")
    assert table.awaiting == "host" and table.host_list.rows[0].aside == "next"  # the gate, the story's own
    assert [row.label for row in table.host_list.rows] == [c.title.en for c in story.challenges]
    duel = [c.id for c in story.challenges].index("duel")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=table.host_list.rect.center, rel=(0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-5))  # down the list
    step(app)
    click(app, table.host_list.row_rect(duel).center)
    written = story.challenges[duel]
    assert (table.host_talent.value, table.host_level.value) == (written.talent, written.opposition)
    click(app, (table.host_level.box.right - 10, table.host_level.box.centery))  # harder than written
    click(app, table.host_go.rect.center)
    challenge = table.game.view(0).challenge
    assert challenge is not None and challenge.node == "duel" and challenge.opposition == 5
