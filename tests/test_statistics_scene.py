"""The History's statistics page, reached with real clicks and keys from the menu: the figures of matches
played to the history through the rules, a tab per game, Königrufen's contracts; and the chart of the
running scores on a finished match's sheet, opened from the History."""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest
from scene_driver import click, drawn, key, step

from game.app import App
from game.games.koenigrufen import profile
from game.history import record_match
from game.journal import new_state
from game.scenes.menu import MenuScene
from game.seating import CardTableSetup, SeatPlayer
from game.settings import Settings
from game.ui.widgets import Button

SETTINGS = Settings(language="en", anim_speed="fast", think_time=0.05)


def ttj(names: tuple[str, ...], seed: int) -> CardTableSetup:
    return CardTableSetup("twotenjack", tuple(SeatPlayer(n, True) for n in names), seed)


def played(setup: CardTableSetup, seed: int) -> Any:
    """The last view of the match `record_match(setup, seed)` plays (the same random legal actions)."""
    rng, state = random.Random(seed), new_state(setup)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return state.view(0)


def totals_of(setup: CardTableSetup, seed: int) -> tuple[int, ...]:
    return tuple(played(setup, seed).totals)


def button(app: App, label: str) -> Button:
    (found,) = [w for w in app.scenes.top.form.widgets if isinstance(w, Button) and w.label == label]
    return found


def open_statistics(language: str = "en", size: tuple[int, int] = (1280, 720)) -> App:
    app = App(size, SETTINGS.with_(language=language))
    app.scenes.push(MenuScene(app))
    step(app)
    click(app, button(app, "History" if language == "en" else "Historique").rect.center)
    assert app.scenes.top.name == "history"
    click(app, button(app, "Statistics" if language == "en" else "Statistiques").rect.center)
    assert app.scenes.top.name == "statistics"
    step(app)
    return app


def test_the_statistics_show_each_players_matches_won_and_average(monkeypatch: pytest.MonkeyPatch) -> None:
    setups = [(ttj(("Anna", "Ben", "Cleo"), 3), 1), (ttj(("Ben", "Anna"), 4), 2)]
    results = []
    for setup, seed in setups:
        record_match(setup, seed)
        results.append(dict(zip((s.name for s in setup.seats), totals_of(setup, seed), strict=True)))
    app = open_statistics()
    scene = app.scenes.top
    assert scene.game == "twotenjack"  # the only game played is shown first
    rows = {cells[0]: cells for cells in (line.cells for line in scene.lines if line.kind == "row")}
    for name in ("Anna", "Ben"):
        won = sum(r[name] == max(r.values()) for r in results)
        average = sum(r[name] for r in results) / 2
        assert rows[name][1:4] == ("2", f"{won} · {round(50 * won)}%", f"{average:+.1f}".replace("-", "−"))
    assert rows["Cleo"][1] == "1"
    words = drawn(app, monkeypatch)
    assert {"Two-Ten-Jack", "counted over 2 finished matches", "Anna", "Ben", "Cleo"} <= set(words)
    assert "Contracts" not in words

    key(app, pygame.K_LEFT)  # Two-Ten-Jack is the last tab: Left goes to Königrufen, with no match yet
    assert scene.game == "koenigrufen" and not scene.lines
    assert any(w.startswith("No match of Königrufen has been scored yet") for w in drawn(app, monkeypatch))
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top.name == "history"


def test_koenigrufen_contracts_are_listed_with_bids_and_success_rates_in_french(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    seats = (SeatPlayer("Anna", True), *(SeatPlayer(f"C{i}", False, "hard") for i in range(3)))
    record_match(CardTableSetup("koenigrufen", seats, 9, deals=5, rules=profile.load("austria")), 5)
    app = open_statistics("fr")
    scene = app.scenes.top
    assert scene.game == "koenigrufen"
    rows = [line.cells for line in scene.lines if line.kind == "row"]
    assert rows[0][:2] == ("Ordinateur (Difficile)", "3") and rows[1][:2] == ("Anna", "1")
    totals = [line.cells for line in scene.lines if line.kind == "total"]
    assert totals and all(cells[1] == "tous les joueurs" for cells in totals)
    assert sum(int(cells[2]) for cells in totals) == 5  # a contract each deal
    words = drawn(app, monkeypatch)
    assert "Contrats" in words and "tous les joueurs" in words
    scroller = scene.scroller
    key(app, pygame.K_END)
    step(app, 1.0)
    assert scroller.offset == scroller.max_offset  # the page keys read down to the last bidder


@pytest.mark.parametrize("game", ["twotenjack", "koenigrufen"])
def test_a_finished_sheet_from_the_history_charts_the_running_scores(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    names = ("Anna", "Ben", "Cleo", "Dan")[: 4 if game == "koenigrufen" else 3]
    setup = CardTableSetup(game, tuple(SeatPlayer(n, i == 0) for i, n in enumerate(names)), 2)
    record_match(setup, 1)
    app = App((1280, 720), SETTINGS)
    app.scenes.push(MenuScene(app))
    step(app)
    click(app, button(app, "History").rect.center)
    key(app, pygame.K_RETURN, "\r")
    step(app)
    sheet = app.scenes.top.sheet
    chart = sheet.chart
    assert chart is not None and chart.names == tuple(s.name for s in setup.seats)
    assert chart.totals[-1] == totals_of(setup, 1)
    view = played(setup, 1)
    assert len(chart.totals) == len(view.score_sheet if game == "koenigrufen" else view.round_scores)
    words = drawn(app, monkeypatch)
    assert "Score over the match" in words and set(chart.names) <= set(words)


def test_the_chart_is_drawn_in_each_players_ink_or_left_out_where_too_small() -> None:
    from game.sheets import Chart
    from game.ui.chart import draw_chart, ink

    App((1280, 720), SETTINGS)  # type sizes and fonts as the app sets them
    chart = Chart(("Anna", "Ben"), ((5, -5), (-2, 2), (7, -7)))
    surface = pygame.Surface((600, 300))
    surface.fill((255, 255, 255))
    assert not draw_chart(surface, pygame.Rect(0, 0, 600, 40), chart)
    assert pygame.transform.average_color(surface)[:3] == (255, 255, 255)  # nothing drawn
    assert draw_chart(surface, pygame.Rect(0, 0, 600, 300), chart)
    colours = {tuple(surface.get_at((x, y)))[:3] for x in range(0, 600, 2) for y in range(0, 300, 2)}
    assert {ink(0), ink(1)} <= colours
