"""Engines at play: the example engine finishes deals in the arena and at a table driven through the real
scene manager; an engine that crashes, stays silent, answers an illegal move or garbles its answer is
reported (a line in the arena's JSON, a notice at the table in the player's language) and `normal` plays
its seat on."""

from __future__ import annotations

import json
import shlex
import sys
from pathlib import Path
from typing import Any

import pytest
from scene_driver import click, key, step, wait_until
from tool_loader import ROOT, load_tool

from game.__main__ import main as cli
from game.ai import external, thinker
from game.app import App
from game.i18n import tr
from game.scenes import navigation
from game.scenes.menu import MenuScene
from game.seating import CardTableSetup, SeatPlayer
from game.settings import Settings
from game.ui.widgets import Choice

arena = load_tool("arena")
RANDOM = shlex.join([sys.executable, str(ROOT / "tools" / "random_engine.py"), "--seed", "7"])

# engines that misbehave at their first decision, after a proper `ready`
MISDEEDS = {
    "crash": 'sys.stderr.write("boom\\n"); sys.exit(3)',
    "timeout": "continue",  # silent
    "illegal": 'reply({"type": "action", "action": {**m["legal"][0], "seat": 5}})',
    "garbled": 'print("my move: the ace", flush=True)',
}
TEMPLATE = """import json, sys
def reply(m):
    print(json.dumps(m), flush=True)
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "hello":
        reply({{"type": "ready", "name": "Rogue"}})
    elif m["type"] == "decide":
        {misdeed}
    elif m["type"] == "bye":
        break
"""


def rogue(tmp_path: Path, reason: str) -> str:
    """The command line of an engine that fails for `reason`."""
    path = tmp_path / f"{reason}.py"
    path.write_text(TEMPLATE.format(misdeed=MISDEEDS[reason]), encoding="utf-8")
    return shlex.join([sys.executable, str(path)])


def rogue_for(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reason: str) -> str:
    """The command line of an engine that fails for `reason`; a silent one is given up after a tenth of a
    second, not seconds (the others keep the usual time, however busy the machine)."""
    if reason == "timeout":
        monkeypatch.setattr(external, "TIME_MS", 1)
        monkeypatch.setattr(external, "GRACE_MS", 100)
    return rogue(tmp_path, reason)


def run_arena(capsys: pytest.CaptureFixture[str], game: str, seats: list[str], *args: str) -> dict:
    assert arena.main([game, "--seats", ",".join(seats), "--seed", "4", *args]) == 0
    report: dict = json.loads(capsys.readouterr().out)
    return report


# --- the arena ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "seats"), [("koenigrufen", ["easy", "cmd:", "easy", "easy"]), ("twotenjack", ["cmd:", "easy"])]
)
def test_the_example_engine_plays_deals_in_the_arena(
    capsys: pytest.CaptureFixture[str], game: str, seats: list[str]
) -> None:
    seats = [f"cmd:{RANDOM}" if seat == "cmd:" else seat for seat in seats]
    first = run_arena(capsys, game, seats, "--games", "3")
    assert first["games"] == 3 and first["engine_failures"] == []
    engine = next(level for level in first["levels"] if level["level"] == f"cmd:{RANDOM}")
    assert engine["decisions"] > 0
    again = run_arena(capsys, game, seats, "--games", "3")  # the same seeds, the engine's too: the same deals
    assert [level["mean_score"] for level in again["levels"]] == [
        level["mean_score"] for level in first["levels"]
    ]


@pytest.mark.parametrize("reason", tuple(MISDEEDS))
def test_a_failing_engine_is_reported_and_normal_finishes_its_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reason: str
) -> None:
    command = rogue_for(tmp_path, monkeypatch, reason)
    time_ms = "1" if reason == "timeout" else "1000"
    report = run_arena(
        capsys, "twotenjack", ["easy", f"cmd:{command}", "easy"], "--games", "1", "--time-ms", time_ms
    )
    [failure] = report["engine_failures"]
    assert (failure["seat"], failure["engine"], failure["reason"]) == (1, command, reason)
    if reason == "crash":
        assert "exit code 3" in failure["detail"] and "boom" in failure["detail"]
    engine = next(level for level in report["levels"] if level["level"] == f"cmd:{command}")
    assert engine["decisions"] > 1  # its seat played on after the failure, to the round's end


def test_an_engine_that_cannot_start_is_reported(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    report = run_arena(capsys, "twotenjack", ["easy", f"cmd:{tmp_path / 'nowhere'}"], "--games", "1")
    assert [failure["reason"] for failure in report["engine_failures"]] == ["start"]


# --- the table ---------------------------------------------------------------------------------------


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> App:
    """In French, without animations; `normal` searches few deals (it only takes a failed engine's seat)."""
    monkeypatch.setitem(thinker.ITERATIONS, "normal", 20)
    return App(settings=Settings(language="fr", anim_speed="instant", think_time=0.0))


def engine_table(app: App, game: str, players: int, command: str) -> Any:
    """A one-deal table of computers, an engine at seat 1."""
    seats = tuple(
        SeatPlayer(f"P{i}", False, "normal" if i == 1 else "easy", command if i == 1 else "")
        for i in range(players)
    )
    table = navigation.table(app, CardTableSetup(game, seats, 5, deals=1))
    app.scenes.push(table)
    return table


def finish(app: App, table: Any) -> None:
    wait_until(app, lambda: app.scenes.top is not table and app.scenes.top.name == "score", seconds=900)
    assert table.game.is_over


@pytest.mark.parametrize(("game", "players"), [("twotenjack", 3), ("koenigrufen", 4)])
def test_the_example_engine_plays_a_deal_at_the_table(app: App, game: str, players: int) -> None:
    table = engine_table(app, game, players, RANDOM)
    finish(app, table)
    engine = table.engines[1]
    assert engine.name == "Random" and engine.failure is None and engine.closed
    assert any(getattr(a, "seat", None) == 1 for a in table.autosave.journal.actions)
    assert app.notices.items == []


@pytest.mark.parametrize("reason", ("crash", "timeout", "illegal"))
def test_a_failing_engine_is_told_at_the_table_and_normal_plays_on(
    app: App, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, reason: str
) -> None:
    table = engine_table(app, "twotenjack", 3, rogue_for(tmp_path, monkeypatch, reason))
    wait_until(app, lambda: bool(app.notices.items), seconds=300)
    [(notice, _)] = app.notices.items
    assert notice == tr("engine.failed", engine="Rogue", seat="P1", reason=tr(f"engine.reason.{reason}"))
    assert notice.startswith("Le moteur Rogue (P1)")  # the player's language
    finish(app, table)
    assert table.engines_lost == {1}


# --- where engines are seated --------------------------------------------------------------------------


def test_the_start_section_offers_an_engine_configured_on_the_command_line() -> None:
    app = App(settings=Settings(language="en"))
    app.engines = {1: RANDOM}
    menu = MenuScene(app)
    app.scenes.push(menu)
    step(app)
    key(app, 0x33)  # "3": Two-Ten-Jack
    kinds = [w for w in menu.form.widgets if isinstance(w, Choice) and w.label == ""]
    assert [w.value for w in kinds] == ["human", "engine", "computer"]
    assert [name for _, name in kinds[1].options] == ["Person", "Computer", "Engine"]
    assert menu.start_button is not None
    click(app, menu.start_button.rect.center)
    table = app.scenes.top
    assert table is not None and table.name == "twotenjack"
    seat = table.setup.seats[1]
    assert (seat.human, seat.level, seat.engine, seat.name) == (False, "normal", RANDOM, "random_engine")
    table.close_engines()


@pytest.mark.parametrize(
    "argv",
    [
        ["--engine", "1="],
        ["--engine", "one=./bot"],
        ["--engine", "1='unclosed"],
        ["--demo", "twotenjack", "--engine", "3=./bot"],  # three seats: 0 to 2
        ["--demo", "falkenstein", "--engine", "0=./bot"],  # no computer seat there
    ],
)
def test_bad_engine_arguments_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli(argv)
    assert exit_info.value.code == 2
    assert "--engine" in capsys.readouterr().err
