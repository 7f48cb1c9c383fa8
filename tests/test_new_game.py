"""Adding a game is a package and a registry entry: Higher Card (`tests/dummy_game`), registered here,
appears in the menu and opens its table, round-trips through a journal and the replay tool, and plays
in the arena, with nothing else changed."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from dummy_game.spec import SPEC
from scene_driver import click, key, step
from tool_loader import load_tool

from game import registry
from game.app import App
from game.journal import Journal, digest, load_journal, new_state, replay, save_journal
from game.scenes import navigation
from game.settings import Settings


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    registry.register(SPEC)
    yield
    registry.unregister(SPEC.id)


def test_the_menu_offers_the_new_game_and_opens_its_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path))
    app = App(settings=Settings(language="en"))
    menu = navigation.menu(app)
    app.scenes.push(menu)
    step(app)
    assert [tab.rect.y for tab in menu.tabs] == sorted(tab.rect.y for tab in menu.tabs) and len(
        menu.tabs
    ) == 4
    key(app, pygame.K_4)
    assert menu.game == "highcard" and menu.start_button is not None
    click(app, menu.start_button.rect.center)
    table = app.scenes.top
    assert table.name == "highcard" and len(table.setup.seats) == 2


def test_a_match_round_trips_through_a_journal_and_the_replay_tool(tmp_path: Path) -> None:
    setup = SPEC.demo_setup(7, None, "easy")
    journal = Journal("highcard", setup)
    state = new_state(setup)
    while not state.is_over:
        action = state.legal_actions()[0]
        state.apply(action)
        journal.actions.append(action)
    path = tmp_path / "highcard.json"
    save_journal(path, journal)
    assert load_journal(path) == journal
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert load_tool("replay").main([str(path)]) == 0
    line = json.loads(out.getvalue())
    assert line == {
        "ok": True,
        "game": "highcard",
        "actions": 6,
        "digest": digest("highcard", replay(journal)[0]),
    }


def test_the_arena_plays_it() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert (
            load_tool("arena").main(["highcard", "--games", "3", "--seats", "easy,easy", "--duplicate"]) == 0
        )
    report = json.loads(out.getvalue())
    assert report["game"] == "highcard" and report["games"] == 3
    assert [level["level"] for level in report["levels"]] == ["easy"] and report["levels"][0][
        "mean_score"
    ] == 0
