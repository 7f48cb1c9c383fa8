"""The adventure editor driven by real input: a Host writes a five-challenge branching adventure from the
menu's "Write an adventure", undoes a slip, finds the draft saved while typing, plays it to an ending by each
of its paths, exports it, and a second data folder imports the file and plays it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from scene_driver import click, key, step, wait_until

from game.app import App
from game.games.falkenstein import adventures, drafting
from game.games.falkenstein import scenario as adventure
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.editor_scene import TYPING_SAVE, EditorScene
from game.games.falkenstein.resolution import explain, is_fireworks
from game.games.falkenstein.scenario import Scenario
from game.games.falkenstein.session import FalkensteinConfig, FalkensteinGame, PlayCard, SetChallenge
from game.games.falkenstein.table import FalkensteinTable
from game.i18n import tr
from game.scenes.menu import MenuScene
from game.settings import Settings
from game.ui.pick_list import PickList
from game.ui.text_area import TextArea
from game.ui.widgets import Button, Choice

SETTINGS = Settings(language="en", anim_speed="instant", think_time=0.0)
# the adventure written: id, title, talent, success -> , failure ->  (c1 is the starter's own)
CHALLENGES = [
    ("c1", "The gate", "social_graces", "c2", "c3"),
    ("c2", "The hall", "perception", "c4", "c5"),
    ("c3", "The yard", "athletics", "c4", "bad"),
    ("c4", "The tower", "courage", "good", "c5"),
    ("c5", "The cellar", "sorcery", "good", "bad"),
]


@pytest.fixture
def exchange(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "exchange"
    monkeypatch.setenv("ATOUT_EXCHANGE_DIR", str(folder))
    return folder


def top(app: App) -> Any:
    return app.scenes.top


def widgets(app: App, kind: type) -> list[Any]:
    return [w for w in top(app).form.widgets if isinstance(w, kind)]


def press(app: App, label: str) -> None:
    (button,) = [b for b in widgets(app, Button) if b.label == label and b.enabled]
    click(app, button.rect.center)


def type_into(app: App, area: TextArea, words: str, clear: bool = False) -> None:
    """Clicks the field and types, a word at a time as a keyboard's TEXTINPUT events come."""
    click(app, area.rect.center)
    if clear:
        key(app, pygame.K_END)
        for _ in range(len(area.value)):
            key(app, pygame.K_BACKSPACE)
    for n, word in enumerate(words.split(" ")):
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=(" " if n else "") + word))
        step(app)


def choose(app: App, choice: Choice, value: Any) -> None:
    """Clicks the choice's right arrow until it shows `value`."""
    for _ in range(len(choice.options) + 1):
        if choice.value == value:
            return
        click(app, (choice.box.right - 8, choice.box.centery))
        choice = next(c for c in widgets(app, Choice) if c.rect == choice.rect)
    raise AssertionError(f"{value!r} is not among the choices")


def open_editor(app: App) -> EditorScene:
    menu = MenuScene(app)
    app.scenes.push(menu)
    step(app)
    assert menu.game == "falkenstein"
    press(app, tr("editor.open"))
    assert isinstance(top(app), EditorScene)
    return top(app)


def write_adventure(app: App) -> EditorScene:
    editor = open_editor(app)
    press(app, "New")
    title, intro = widgets(app, TextArea)
    type_into(app, title, "The Cellar Door", clear=True)
    type_into(app, intro, "A house in Munich, a door that should not be opened, and a night to open it.")
    press(app, "Challenges")
    for n, (node, name, talent, _, _) in enumerate(CHALLENGES):
        if n:
            press(app, "Add")
        assert editor.draft is not None and editor.draft.challenges[editor.challenge].id == node
        title_area, situation, success, failure = widgets(app, TextArea)
        type_into(app, title_area, name)
        type_into(app, situation, f"The heroes reach {name.lower()} and must get past it.")
        type_into(app, success, f"They get past {name.lower()}.")
        type_into(app, failure, f"{name} stops them for a while.")
        choose(app, widgets(app, Choice)[0], talent)
    for node, _, _, on_success, on_failure in CHALLENGES:  # now that every challenge exists: the links
        index = [c.id for c in editor.draft.challenges].index(node)
        (challenges_list,) = [w for w in widgets(app, PickList) if w.rect.x > editor.page.x]
        click(app, challenges_list.row_rect(index).center)
        choose(app, widgets(app, Choice)[3], on_success)
        choose(app, widgets(app, Choice)[4], on_failure)
    press(app, "Endings")
    for index, words in enumerate(("The door opens on gold.", "The door stays shut for good.")):
        (endings_list,) = [w for w in widgets(app, PickList) if w.rect.x > editor.page.x]
        click(app, endings_list.row_rect(index).center)
        type_into(app, widgets(app, TextArea)[1], words)
    return editor


def paths(story: Scenario, node: str = "", taken: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every path from the start to an ending, as the outcomes met on it."""
    challenge = story.challenge(node or story.start)
    if challenge is None:
        yield taken
        return
    for outcome in ("success", "failure"):
        yield from paths(story, challenge.next(outcome), (*taken, outcome))


def steered(game: FalkensteinGame, hand: list[str], outcome: str) -> int | None:
    """The card of `hand` that makes `outcome` against the Host's next draw (the test peeks at the deck)."""
    challenge = game.view(0).challenge
    assert challenge is not None
    drawn = game._deck[0]
    for index, card in enumerate(hand):
        host_wins, _ = explain(card, drawn, challenge.trump, challenge.standing)
        if host_wins == (outcome == "failure") and not is_fireworks(card, drawn):
            return index
    return None


def seed_for(story: Scenario, outcomes: tuple[str, ...]) -> int:
    """The first seed whose deals let the hero steer to these outcomes (played out by the rules alone)."""
    for seed in range(1, 400):
        game = FalkensteinGame(FalkensteinConfig((HEROES[0],), story=story), seed)
        for outcome in outcomes:
            node = story.challenge(game.view(0).story_at)
            assert node is not None
            game.apply(SetChallenge(0, node.talent, node.suit, node.opposition, node.id))
            hand = list(game.view(0).hand)
            index = steered(game, hand, outcome)
            if index is None:
                break
            game.apply(PlayCard(0, hand[index]))
        else:
            return seed
    raise AssertionError(f"no seed steers to {outcomes}")


def play(app: App, outcomes: tuple[str, ...], monkeypatch: pytest.MonkeyPatch, story: Scenario) -> Any:
    """From the editor, "Play it now" and the path played card by card with the mouse; the sheet."""
    seed = seed_for(story, outcomes)
    monkeypatch.setattr("game.games.falkenstein.editor_scene.match_seed", lambda: seed)
    press(app, "Play it now")
    table = top(app)
    assert isinstance(table, FalkensteinTable) and table.scenario == story
    for outcome in outcomes:
        wait_until(app, lambda: table.awaiting == "play" and not table.busy)
        index = steered(table.game, [s.code for s in table.hand], outcome)
        assert index is not None
        click(app, table.hand[index].rect(app.cards, table.card_w).center)
    wait_until(app, lambda: table.awaiting == "continue" and not table.busy)
    key(app, pygame.K_RETURN, "\r")
    sheet = top(app).sheet
    press(app, "Back to the menu")
    press(app, "Write an adventure")
    return sheet


def test_a_host_writes_a_branching_adventure_plays_every_path_and_shares_it(
    exchange: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = App((1280, 720), SETTINGS)
    editor = write_adventure(app)
    own = editor.owns[editor.chosen]
    assert own.problem is None, own.problem.words.text() if own.problem else ""
    story = own.draft
    assert [c.id for c in story.challenges] == [
        c[0] for c in CHALLENGES
    ] and story.title.en == "The Cellar Door"
    step(app, TYPING_SAVE + 0.1)
    assert adventure.read(json.loads(own.path.read_text(encoding="utf-8"))) == story  # saved as written

    every = list(paths(story))
    assert len(every) == 9
    for outcomes in every:
        sheet = play(app, outcomes, monkeypatch, story)
        end = story.challenge(story.start)
        node = story.start
        for outcome in outcomes:
            end = story.challenge(node)
            assert end is not None
            node = end.next(outcome)
        ending = story.ending(node)
        assert ending is not None and ending.text.en in sheet.story and len(sheet.path) == len(outcomes)
        assert sheet.success is ending.happy

    editor = top(app)
    press(app, "Export")
    (sent,) = exchange.glob("*.json")
    assert str(sent) in app.notices.items[-1][0]

    monkeypatch.setenv("ATOUT_DATA_DIR", str(tmp_path / "second"))  # another player's Atout
    other = App((1280, 720), SETTINGS)
    editor = open_editor(other)
    assert editor.owns == []
    press(other, "Open a file…")
    (offered,) = widgets(other, PickList)[-1:]
    click(other, offered.row_rect(0).center)
    assert len(editor.owns) == 1 and editor.owns[0].draft == story
    assert editor.owns[0].path.parent == tmp_path / "second" / "adventures" and sent.exists()
    sheet = play(other, every[0], monkeypatch, story)
    assert sheet.success is True


def test_undo_steps_back_and_typing_is_on_disk_a_moment_later(exchange: Path) -> None:
    app = App((1280, 720), SETTINGS)
    editor = open_editor(app)
    press(app, "New")
    path = editor.owns[editor.chosen].path
    intro = widgets(app, TextArea)[1]
    type_into(app, intro, "A storm over the lake.")
    step(app, TYPING_SAVE + 0.1)  # no leaving, no closing: as if the program died now
    saved = adventure.decode(json.loads(path.read_text(encoding="utf-8")))
    assert saved.intro.en == "A storm over the lake."
    press(app, "Challenges")
    press(app, "Add")
    assert len(editor.draft.challenges) == 2
    key(app, pygame.K_z, "\x1a", pygame.KMOD_CTRL)
    assert len(editor.draft.challenges) == 1
    press(app, "Undo")  # the typing, as one step
    assert editor.draft.intro.en == ""
    assert adventure.decode(json.loads(path.read_text(encoding="utf-8"))).intro.en == ""


def test_a_refused_file_is_told_and_left_as_it_was(exchange: Path) -> None:
    exchange.mkdir()
    bad = exchange / "broken.json"
    data = adventure.to_json(adventures.builtin()[2])
    data["challenges"][0]["on_failure"] = "nowhere"
    raw = json.dumps(data).encode("utf-8")
    bad.write_bytes(raw)
    app = App((1280, 720), SETTINGS.with_(language="de"))
    editor = open_editor(app)
    press(app, "Datei öffnen…")
    click(app, widgets(app, PickList)[-1].row_rect(0).center)
    assert editor.owns == [] and editor.importing
    assert (
        "broken.json ist nicht verwendbar" in editor.import_problem and "„Der Hafen“" in editor.import_problem
    )
    assert bad.read_bytes() == raw and not adventures.folder().exists()


def test_an_input_method_composes_at_the_caret_and_commits_there(exchange: Path) -> None:
    app = App((1280, 720), SETTINGS)
    open_editor(app)
    press(app, "New")
    title = widgets(app, TextArea)[0]
    click(app, title.rect.center)
    key(app, pygame.K_HOME)
    pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="ねこ", start=2, length=0))
    step(app)
    assert title.composing == "ねこ" and title.value == "A new adventure"  # shown, not yet written
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text="猫 "))
    step(app)
    assert title.composing == "" and title.value == "猫 A new adventure" and title.caret == 2


def test_removing_a_challenge_leaves_the_links_to_it_to_choose_again_and_a_language_can_go() -> None:
    story = adventures.builtin()[2]
    index = [c.id for c in story.challenges].index("bell")
    without = drafting.remove_challenge(story, index)
    problems = [p.words.text("en") for p in adventure.problems(without)]
    assert "the challenge “The ice” does not say where a success leads" in problems
    assert "the challenge “The chronicle” does not say where a success leads" in problems
    french = drafting.without_language(drafting.without_language(story, "de"), "en")
    assert french.languages == ("fr",) and adventure.problems(french) == []
    assert drafting.without_language(french, "fr") == french  # never its last language
    history = drafting.History(story)
    history.change(drafting.written(story, "challenge", 0, "title", "en", "T"), ("title", 0))
    history.change(drafting.written(history.present, "challenge", 0, "title", "en", "Th"), ("title", 0))
    assert history.undo() and history.present == story  # the keystrokes in one field: one step
