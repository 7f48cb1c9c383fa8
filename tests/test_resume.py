"""Autosave and resume: a match played at a real table is written after every action; a new app resumes it
from the journal with the same rules state, turn and hand; the menu offers it; a bad save is kept aside."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame
import pytest
from scene_driver import click, key, step, wait_until

from game.__main__ import main
from game.app import App
from game.autosave import HISTORY_KEPT, Autosave, history_dir, matches_dir, old_path
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.games.falkenstein.table import FalkensteinTable
from game.journal import Journal, load_journal, new_state
from game.scenes import navigation
from game.scenes.menu import MenuScene
from game.scenes.table_scene import TableScene
from game.seating import CardTableSetup, SeatPlayer
from game.settings import Settings

SETTINGS = Settings(language="en", anim_speed="fast", think_time=0.05)


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))


def card_seats(n: int, humans: tuple[int, ...]) -> tuple[SeatPlayer, ...]:
    return tuple(SeatPlayer(f"P{i}", i in humans) for i in range(n))


TABLES: dict[str, Any] = {
    "koenigrufen": CardTableSetup("koenigrufen", card_seats(4, (0,)), 5),
    "koenigrufen-hotseat": CardTableSetup("koenigrufen", card_seats(4, (0, 2)), 6),
    "twotenjack": CardTableSetup("twotenjack", card_seats(3, (1,)), 7),
    "twotenjack-hotseat": CardTableSetup("twotenjack", card_seats(5, (0, 1, 3)), 8),
    "falkenstein-solo": FalkensteinSetup("solo", (SeatSetup(HEROES[0], "Me"),), None, "", 9),
    "falkenstein-hotseat": FalkensteinSetup(
        "hotseat", (SeatSetup(HEROES[0], "Ann"), SeatSetup(HEROES[1], "Bob")), host_name="Cy", seed=10
    ),
}


def new_table(app: App, setup: Any) -> TableScene:
    table = (
        FalkensteinTable(app, setup) if isinstance(setup, FalkensteinSetup) else navigation.table(app, setup)
    )
    app.scenes.push(table)
    return table  # type: ignore[return-value]


def humans_turn(table: TableScene) -> bool:
    return table.awaiting in ("human", "host", "play") and not table.busy


def wait_for_a_person(app: App, table: TableScene) -> None:
    """Steps until a person must act at `table`, answering a hand-over screen on the way."""
    while True:
        wait_until(app, lambda: humans_turn(table) or app.scenes.top.name == "handover", seconds=120)
        if app.scenes.top is table:
            return
        key(app, pygame.K_RETURN, "\r")


def play_until(app: App, table: TableScene, actions: int) -> None:
    """The people at the table take their first legal action until the journal holds `actions`."""
    while len(table.autosave.journal.actions) < actions:
        wait_for_a_person(app, table)
        if len(table.autosave.journal.actions) >= actions:
            break
        assert table.act(table.game.legal_actions()[0])
    wait_for_a_person(app, table)
    table.autosave.flush()


def seats_of(table: TableScene) -> list[int | str]:
    seats: list[int | str] = list(range(len(table.setup.seats)))
    return [*seats, "host"] if isinstance(table, FalkensteinTable) else seats


@pytest.mark.parametrize("name", list(TABLES))
def test_a_resumed_table_is_where_it_was_left(name: str) -> None:
    app = App(settings=SETTINGS)
    table = new_table(app, TABLES[name])
    play_until(app, table, 9)
    journal = load_journal(table.autosave.path)
    assert journal.actions == table.autosave.journal.actions and not journal.finished

    again = App(settings=SETTINGS)
    resumed = navigation.resume(again, journal)
    assert [resumed.game.view(s) for s in seats_of(resumed)] == [table.game.view(s) for s in seats_of(table)]
    assert resumed.log.lines == table.log.lines
    again.scenes.push(resumed)
    step(again)
    if "hotseat" in name:
        assert again.scenes.top.name == "handover"  # the hand stays hidden until its person is ready
    wait_for_a_person(again, resumed)
    assert resumed.game.to_act == table.game.to_act
    assert resumed.hand_seat == table.hand_seat
    assert sorted(s.code for s in resumed.hand) == sorted(s.code for s in table.hand)
    assert all(s.face_up for s in resumed.hand)


def test_the_log_and_score_sheet_survive_a_resume_across_deals() -> None:
    app = App(settings=Settings(language="en", anim_speed="instant", think_time=0.0))
    table = new_table(app, CardTableSetup("koenigrufen", card_seats(4, ()), 3, 3))

    def second_deal() -> bool:
        if app.scenes.top.name == "score":
            key(app, pygame.K_RETURN, "\r")  # on to the next deal
        return table.game.deal_no == 2 and len(table.game.view(0).tricks) >= 2

    wait_until(app, second_deal, seconds=600)
    table.autosave.flush()
    resumed = navigation.resume(App(settings=SETTINGS), load_journal(table.autosave.path))
    assert resumed.game.view(0).score_sheet == table.game.view(0).score_sheet != ()
    assert resumed.tricks_won == table.tricks_won  # type: ignore[attr-defined]


def test_the_menu_continues_the_saved_match() -> None:
    app = App(settings=SETTINGS)
    table = new_table(app, TABLES["twotenjack"])
    play_until(app, table, 5)
    app.close()  # quits: the next launch may open its match
    app = App(settings=SETTINGS)
    menu = MenuScene(app)
    app.scenes.push(menu)
    step(app)
    assert menu.continue_button is not None and "Two-Ten-Jack" in menu.continue_button.label
    click(app, menu.continue_button.rect.center)
    top = app.scenes.top
    assert isinstance(top, TableScene) and top.game.view(1) == table.game.view(1)


@pytest.mark.parametrize("content", [b"", b"{not json", b'{"format": "atout-journal", "version": 9}'])
def test_a_bad_save_of_an_older_atout_is_kept_aside_and_the_menu_opens(content: bytes) -> None:
    path = old_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    app = App(settings=SETTINGS)
    menu = MenuScene(app)
    app.scenes.push(menu)
    step(app, 0.2)
    assert menu.continue_button is None and not path.exists()
    (aside,) = path.parent.glob("current.json.bad-*")
    assert aside.read_bytes() == content
    assert any(
        message.startswith("The saved match cannot be continued. current.json could not be used: ")
        for message, _ in app.notices.items
    )


def test_a_finished_match_goes_to_the_history_which_keeps_the_newest() -> None:
    setup = TABLES["twotenjack"]
    game = new_state(setup)
    first = game.legal_actions()[0]
    game.apply(first)
    second = game.legal_actions()[0]
    for _ in range(HISTORY_KEPT + 2):
        save = Autosave(Journal("twotenjack", setup))
        save.add(first, over=False)
        save.flush()
        assert save.path.exists()
        save.add(second, over=True)
        assert not save.path.exists()
    kept = sorted(history_dir().glob("*.json"))
    assert len(kept) == HISTORY_KEPT
    assert load_journal(kept[-1]).finished


def test_a_demo_saved_on_the_command_line_is_loaded_again(tmp_path: Path) -> None:
    settings = tmp_path / "config" / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"language": "en", "anim_speed": "fast", "think_time": 0.3}))
    save = tmp_path / "demo.json"
    assert main(["--demo", "falkenstein", "--seconds", "2", "--save", str(save)]) == 0
    before = load_journal(save)
    assert before.game == "falkenstein" and before.actions
    assert main(["--load", str(save), "--seconds", "1"]) == 0
    assert main(["--demo", "falkenstein", "--load", str(save), "--seconds", "0.5"]) == 0
    assert load_journal(save).actions[: len(before.actions)] == before.actions
    assert not list(matches_dir().glob("*"))  # --save keeps the player's own matches untouched


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--load", "{missing}"], "cannot be read"),
        (["--load", "{bad}"], "not valid JSON"),
        (["--demo", "koenigrufen", "--load", "{good}"], "holds a twotenjack match, not koenigrufen"),
    ],
)
def test_a_bad_load_is_one_line_and_exit_code_2(
    argv: list[str], says: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "bad.json").write_text("{oops")
    good = Autosave(Journal("twotenjack", TABLES["twotenjack"]), tmp_path / "good.json")
    good.add(new_state(TABLES["twotenjack"]).legal_actions()[0], over=False)
    good.flush()
    files = {name: str(tmp_path / f"{name}.json") for name in ("missing", "bad", "good")}
    assert main([arg.format(**files) for arg in argv]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("atout: ") and says in err


def test_a_demo_without_save_leaves_the_players_match_alone(tmp_path, monkeypatch) -> None:
    from game import autosave, storage
    from game.__main__ import main

    monkeypatch.setenv("ATOUT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    assert main(["--demo", "twotenjack", "--seconds", "1.5"]) == 0
    assert not autosave.matches_dir().exists()
    assert (storage.data_dir() / "demo.json").exists()
