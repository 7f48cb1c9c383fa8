"""The guided first deals: every lesson file loads strictly and replays through the real rules, and each
tradition's lesson is walked from the menu's Learn button to its last step by real clicks — a wrong move
refused with its reason and a hint, the lesson left and started again — without touching the saved match
or the History."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pygame
import pytest
from scene_driver import click, key, step, wait_until

from game.app import App
from game.i18n import LANGUAGES, tr
from game.lessons import lesson as lessons_module
from game.lessons.lesson import LessonProblem, lesson_paths, lessons, load, same
from game.registry import GAMES, spec
from game.scenes import navigation
from game.scenes.table_scene import refusal_text
from game.settings import Settings

LESSON_GAMES = ("koenigrufen", "twotenjack", "falkenstein")


@pytest.fixture
def app() -> App:
    return App(settings=Settings(language="en", anim_speed="instant", think_time=0.0))


# --- the files ----------------------------------------------------------------------------------------------


def test_each_tradition_has_a_lesson_and_every_lesson_replays_to_its_last_step() -> None:
    assert sorted({lesson.game for lesson in lessons()}) == sorted(LESSON_GAMES)
    for path in lesson_paths():
        lesson = load(path)
        state = spec(lesson.game).new_state(lesson.setup)
        for i, taught in enumerate(lesson.steps):
            assert taught.learner == (state.to_act == lesson.learner), (path.name, i)
            state.apply(taught.action)
        for taught in lesson.steps:
            for words in (taught.say, taught.praise, taught.wrong, taught.hint):
                assert words is None or all(words.get(lang).strip() for lang in LANGUAGES)


def broken(tmp_path: Path, change: Any) -> str:
    """The problem named when the Königrufen lesson is loaded after `change(data)`."""
    source = next(p for p in lesson_paths() if load(p).game == "koenigrufen")
    data = json.loads(source.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(LessonProblem) as problem:
        load(path)
    return str(problem.value)


def test_a_broken_lesson_is_refused_naming_the_place_and_the_problem(tmp_path: Path) -> None:
    def illegal(data: dict[str, Any]) -> None:
        data["steps"][6], data["steps"][7] = data["steps"][7], data["steps"][6]

    def no_praise(data: dict[str, Any]) -> None:
        del data["steps"][0]["praise"]

    def no_french(data: dict[str, Any]) -> None:
        del data["steps"][0]["say"]["fr"]

    def words_for_a_computer(data: dict[str, Any]) -> None:
        data["steps"][1]["say"] = data["steps"][0]["say"]

    def unknown_card(data: dict[str, Any]) -> None:
        data["steps"][0]["action"] = {"type": "Play", "seat": 0, "card": "ZZ"}

    def extra_field(data: dict[str, Any]) -> None:
        data["colour"] = "green"

    assert "steps[6]" in broken(tmp_path, illegal)
    assert "'say' and 'praise'" in broken(tmp_path, no_praise)
    assert "steps[0].say" in broken(tmp_path, no_french) and "fr" in broken(tmp_path, no_french)
    assert "only an action" in broken(tmp_path, words_for_a_computer)
    assert "the rules refuse it" in broken(tmp_path, unknown_card)
    assert "unknown field colour" in broken(tmp_path, extra_field)
    with pytest.raises(LessonProblem, match="no lesson"):
        lessons_module.find("nothing-here")


# --- at the table, by real input ----------------------------------------------------------------------------


def learner_turn(app: App, table: Any) -> None:
    """Waits for the learner's turn, or the lesson's end."""

    def ready() -> bool:
        step = table.guide.step
        if step is None:
            return bool(table.lesson_over)
        return step.learner and table.awaiting in ("human", "play") and not table.busy

    wait_until(app, ready, seconds=300)


def click_card(app: App, table: Any, card: str) -> None:
    sprite = next(s for s in table.hand if s.code == card)
    rect = sprite.rect(app.cards, table.card_w)
    click(app, (rect.x + 8, rect.centery))  # the visible left edge of an overlapped card


def make(app: App, table: Any, action: Any) -> None:
    """The move by mouse, where a player makes it: a card of the hand, the cards of a discard and its
    button, or the bid, king or talon half the table marks for it."""
    kind = type(action).__name__
    if kind in ("Play", "PlayCard"):
        click_card(app, table, action.card)
    elif kind == "Discard":
        for card in action.cards:
            click_card(app, table, card)
        click(app, table.panel_form.widgets[0].rect.center)
    else:
        click(app, table.hint_spots(action)[0].center)


def open_lesson(app: App, game: str) -> Any:
    app.scenes.push(navigation.menu(app))
    step(app)
    menu = app.scenes.top
    click(app, menu.tabs[list(GAMES).index(game)].rect.center)
    click(app, menu.learn_button.rect.center)
    table = app.scenes.top
    assert table.lesson.game == game
    return table


def a_wrong_card(table: Any) -> str | None:
    """A card of the hand other than the one the step expects, on a step that plays a card."""
    action = table.guide.step.action
    cards = [s.code for s in table.hand if s.code != getattr(action, "card", s.code)]
    return cards[0] if cards and hasattr(action, "card") else None


def pause_and_press(app: App, label: str) -> None:
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    click(app, next(b for b in pause.form.widgets if b.label == label).rect.center)


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_the_guided_deal_is_played_by_real_input_from_first_step_to_last(
    app: App, game: str, data_dir: Path
) -> None:
    table = open_lesson(app, game)
    # a wrong move: refused with its reason, the hint in the narrator's words, nothing played
    learner_turn(app, table)
    while a_wrong_card(table) is None:
        make(app, table, table.guide.step.action)
        learner_turn(app, table)
    index, moves, wrong = table.guide.index, table.moves, a_wrong_card(table)
    expected = table.guide.step
    if hasattr(table, "hinted_cards"):  # a trick table's Hint (H): the lesson's card marked and named
        key(app, pygame.K_h, "h")
        assert table.hinted_cards() == {expected.action.card} and table.moves == moves
        assert table.hint_text(table.current_hint()) in table.narration()[-1][0]
    click_card(app, table, wrong)
    assert (table.guide.index, table.moves) == (index, moves)
    refused = lessons_module.rules_refusal(table.game, replace(expected.action, card=wrong))
    reason = (
        refusal_text(refused) if refused else expected.wrong.get() if expected.wrong else tr("lesson.wrong")
    )
    assert table.refusal == (reason if refused else tr("lesson.not_this"))
    said = " ".join(words for words, _, _ in table.narration())
    assert reason in said and expected.say.get() in said
    assert expected.hint is None or expected.hint.get() in said
    # left mid-lesson: back at the menu; started again: at the first step
    pause_and_press(app, "Start the lesson again")
    table = app.scenes.top
    assert table.guide.index == 0 and table.moves == 0
    # the whole lesson, each right move praised
    while True:
        learner_turn(app, table)
        if table.lesson_over:
            break
        taught = table.guide.step
        make(app, table, taught.action)
        assert table.guide.praised is taught, f"step {table.guide.index} not taken"
        assert taught.praise.get() in " ".join(words for words, _, _ in table.narration())
    assert table.guide.done and table.lesson.end.get() == table.narration()[-1][0]
    assert [s.action for s in table.lesson.steps] and all(
        same(a, s.action) for a, s in zip(table.autosave.journal.actions, table.lesson.steps, strict=True)
    )
    # the end: again, or back to the menu; nothing saved, nothing in the History
    click(app, table.narrator_form.widgets[0].rect.center)
    assert app.scenes.top is not table and app.scenes.top.guide.index == 0
    pause_and_press(app, "Leave the table")
    assert app.scenes.top.name == "menu" and app.scenes.top.saved is None
    assert list(data_dir.rglob("*.json")) == []


def test_the_narrator_never_covers_the_hand_the_trick_or_the_message(app: App) -> None:
    for lesson in lessons():
        table = navigation.lesson(app, lesson.id)
        app.scenes.push(table)
        box = table.narrator_rect()
        names = {"hand", "trick", "message", "played", "hostcard"} & table.layout.names()
        names |= {n for n in table.layout.names() if n.startswith("seat")}
        assert names and not [n for n in names if box.colliderect(table.r(n))], lesson.id
        table.lesson_over = True  # the deal is over: the trick and the hand are gone, the seats stay
        box = table.narrator_rect()
        assert not [n for n in names - {"trick", "played", "hostcard"} if box.colliderect(table.r(n))]
        app.scenes.reset(navigation.menu(app))


def test_every_game_with_a_lesson_is_in_the_registry() -> None:
    assert {lesson.game for lesson in lessons()} <= set(GAMES)


def test_the_monkey_takes_a_lesson_and_raises_nothing() -> None:
    """Heading first for a guided deal (the Learn button), its moves and wrong clicks, nothing raised."""
    from tool_loader import load_tool

    report = load_tool("monkey").run(300, seed=4, first_goal="lesson")
    assert report["exceptions"] == 0
    assert "lesson" in report["scenes_visited"], report
