"""A Königrufen match played under austria, in the History: its final sheet names each deal's contract and
totals what the journal's own profile settled (the journal replays under the rules it was played under)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest
from scene_driver import key, step
from test_history import drawn, open_history

from game.autosave import Autosave
from game.games.koenigrufen import profile
from game.games.koenigrufen.words import contract_name
from game.journal import Journal, new_state
from game.seating import CardTableSetup, SeatPlayer


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ATOUT_DATA_DIR", str(tmp_path / "data"))


def test_an_austrian_match_in_the_history_shows_each_deals_contract(monkeypatch: pytest.MonkeyPatch) -> None:
    seats = tuple(SeatPlayer(n, i == 0) for i, n in enumerate("NESW"))
    setup = CardTableSetup("koenigrufen", seats, 7, 3, profile.load("austria"))
    rng = random.Random(2)
    state = new_state(setup)
    save = Autosave(Journal("koenigrufen", setup))
    while not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        save.add(action, state.is_over)
    lines = state.view(0).score_sheet
    app, _history = open_history()
    key(app, pygame.K_RETURN, "\r")
    step(app)
    sheet = app.scenes.top
    assert sheet.name == "score" and sheet.sheet.contracts
    words = drawn(app, monkeypatch)
    for line in lines:
        assert any(w.startswith(f"{line.deal_no} {contract_name(line.contract)}") for w in words), words
    assert sheet.sheet.totals == tuple(state.view(0).totals) and sum(sheet.sheet.totals) == 0
