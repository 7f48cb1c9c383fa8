"""Hints at both trick tables, driven headless through the real scene manager with real input events:
H or the Hint button on a person's turn marks a legal move and says why, in the current language; it is
worked out from that seat's view only, never plays by itself, and is refused on a computer's turn. Each case
runs in one language, the next in turn, so that every language is covered without running each case in all."""

from __future__ import annotations

from itertools import cycle
from pathlib import Path
from typing import Any

import pygame
import pytest
from scene_driver import click, key, step, wait_until

from game import i18n
from game.ai import thinker as thinker_module
from game.app import App
from game.games.koenigrufen.rules import CallKing, KoenigrufenConfig, KoenigrufenGame
from game.games.koenigrufen.table import KoenigrufenTable
from game.games.twotenjack.table import TwoTenJackTable
from game.scenes.trick_table import SLICE_MS, TrickTable
from game.seating import CardTableSetup, SeatPlayer
from game.settings import Settings

TURNS = cycle(i18n.LANGUAGES)


def in_turn(*games: str) -> pytest.MarkDecorator:
    """The `app` fixture in the next language in turn: one language per case (each game's, if any)."""
    if not games:
        return pytest.mark.parametrize("app", [next(TURNS)], indirect=True)
    return pytest.mark.parametrize(("game", "app"), [(g, next(TURNS)) for g in games], indirect=["app"])


@pytest.fixture
def app(request: pytest.FixtureRequest, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    return App(settings=Settings(language=request.param, anim_speed="fast", think_time=0.05))


def declarer_seed(seat: int) -> int:
    return next(s for s in range(200) if KoenigrufenGame(KoenigrufenConfig(), s).declarer == seat)


def open_table(app: App, game: str, humans: tuple[int, ...], seed: int, players: int = 4) -> TrickTable:
    """Computers at `easy`: the hints, at `normal`, are what these tests look at."""
    seats = tuple(SeatPlayer(f"P{i}", i in humans, "easy") for i in range(players))
    setup = CardTableSetup(game, seats, seed)
    table: TrickTable = KoenigrufenTable(app, setup) if game == "koenigrufen" else TwoTenJackTable(app, setup)
    app.scenes.push(table)
    return table


def my_turn(app: App, table: TrickTable, phase: str) -> None:
    """Steps until the person is to act in `phase` with nothing moving (answering hand-overs)."""
    wait_until(
        app,
        lambda: table.awaiting == "human" and not table.busy and table.game.phase == phase,
        seconds=120,
    )


def hint_shown(app: App, table: TrickTable) -> None:
    wait_until(app, lambda: table.current_hint() is not None, seconds=30)
    step(app, 0.5)  # the hinted card rises


def assert_card_hint(table: TrickTable) -> None:
    """One legal card of the shown hand is lifted and glows; the band gives the reason in this language."""
    hint = table.current_hint()
    assert hint is not None
    seat = table.to_act
    assert seat is not None and table.hand_seat == seat
    card = hint.decision.action.card
    assert card in table.playable(seat)
    assert hint.decision.action in table.game.legal_actions()
    sprite = next(s for s in table.hand if s.code == card)
    assert sprite.highlight and sprite.lift > table.hand_lift / 2
    others = [s for s in table.hand if s.code != card and s is not sprite]
    assert not any(s.highlight for s in others)
    said = table.hint_words()
    prefix = {"de": "Tipp:", "en": "Hint:", "fr": "Conseil :"}[i18n.language()]
    assert said.startswith(prefix) and table.card_name(card) in said
    assert said == table.hint_text(hint)


@in_turn("koenigrufen", "twotenjack")
def test_h_marks_a_legal_card_and_says_why(app: App, game: str) -> None:
    table = open_table(app, game, (0,), declarer_seed(1), 4 if game == "koenigrufen" else 3)
    phase = "tricks" if game == "koenigrufen" else "play"
    my_turn(app, table, phase)
    before = list(table.autosave.journal.actions)
    key(app, pygame.K_h, "h")
    hint_shown(app, table)
    assert_card_hint(table)
    step(app, 2.0)  # a hint never plays the move by itself
    assert table.autosave.journal.actions == before and table.current_hint() is not None


@in_turn("koenigrufen", "twotenjack")
def test_the_hint_button_does_the_same_and_the_hint_goes_with_the_move(app: App, game: str) -> None:
    table = open_table(app, game, (0,), declarer_seed(2), 4 if game == "koenigrufen" else 2)
    my_turn(app, table, "tricks" if game == "koenigrufen" else "play")
    button = table.hint_button
    assert table.hint_offered and button.label == i18n.tr("hint.button")
    click(app, button.rect.center)
    hint_shown(app, table)
    assert_card_hint(table)
    hint = table.current_hint()
    assert hint is not None
    sprite = next(s for s in table.hand if s.code == hint.decision.action.card)
    rect = sprite.rect(app.cards, table.card_w)
    click(app, (rect.x + 8, rect.centery))  # the person plays it themselves
    assert table.autosave.journal.actions[-1].card == hint.decision.action.card
    assert table.hint is None and table.current_hint() is None and not table.hinted_cards()
    assert not any(s.highlight for s in table.hand)


@in_turn()
def test_a_hint_marks_the_king_to_call(app: App) -> None:
    table = open_table(app, "koenigrufen", (0,), declarer_seed(0))
    my_turn(app, table, "call")
    key(app, pygame.K_h, "h")
    hint_shown(app, table)
    hint = table.current_hint()
    assert hint is not None and isinstance(hint.decision.action, CallKing)
    spot = table.panel_form.widgets[["KH", "KD", "KC", "KS"].index(hint.decision.action.king)]
    assert table.hint_spots(hint.decision.action) == [spot.rect]
    assert table.panel_form.focused is spot  # Enter would call it; only the person presses Enter
    assert table.game.phase == "call"
    assert table.card_name(hint.decision.action.king) in table.hint_words()


@in_turn()
def test_h_on_a_computers_turn_is_refused(app: App) -> None:
    table = open_table(app, "twotenjack", (0,), 4, 3)
    wait_until(app, lambda: table.awaiting == "computer", seconds=60)
    assert not table.hint_offered  # no Hint button on the table
    key(app, pygame.K_h, "h")
    assert table.refusal == i18n.tr("hint.refused") and table.refusal_left > 0
    assert table.hint_thought is None and table.hint is None


@in_turn()
def test_a_hint_thinks_in_slices_from_the_seats_view_only(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    """A slow thinker shows 'thinking…' on the button and in the band, one slice a frame; it is built
    from the person's own view at level normal."""
    made: list[tuple[Any, str]] = []
    slices: list[float] = []
    real_init, real_step = thinker_module.Thinker.__init__, thinker_module.Thinker.step

    def init(self: Any, game: str, view: Any, level: str, seed: int) -> None:
        made.append((view, level))
        real_init(self, game, view, level, seed)

    def slow_step(self: Any, budget_ms: float) -> bool:
        slices.append(budget_ms)
        return real_step(self, budget_ms) if len(slices) > 5 else False

    table = open_table(app, "koenigrufen", (0,), declarer_seed(3))
    my_turn(app, table, "tricks")
    monkeypatch.setattr(thinker_module.Thinker, "__init__", init)
    monkeypatch.setattr(thinker_module.Thinker, "step", slow_step)
    key(app, pygame.K_h, "h")
    assert table.hint_thought is not None
    step(app, 3 / 60)
    assert table.hint_words() == i18n.tr("hint.thinking")
    assert table.hint_button.label == i18n.tr("hint.button_thinking")
    assert made == [(table.game.view(0), "normal")]
    hint_shown(app, table)
    assert_card_hint(table)
    assert table.hint_button.label == i18n.tr("hint.button")
    assert set(slices) == {SLICE_MS}


@in_turn()
def test_leaving_the_table_drops_a_hint_in_the_making(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = open_table(app, "twotenjack", (0,), 9, 3)
    my_turn(app, table, "play")
    monkeypatch.setattr(thinker_module.Thinker, "step", lambda self, budget_ms: False)
    key(app, pygame.K_h, "h")
    assert table.hint_thought is not None
    key(app, pygame.K_ESCAPE)  # the pause menu
    assert app.scenes.top is not table and table.hint_thought is None
    assert table.hint_words() == ""
