"""A computer or a hint receives only a keyed hash of the match seed, never a number that can be turned
back into the deal; new matches draw their seeds with 63 unguessable bits."""

from __future__ import annotations

import random
import secrets
from pathlib import Path
from typing import Any

import pygame
import pytest
from scene_driver import click, key, step, wait_until

from game.ai import thinker as thinker_module
from game.ai.seeds import SEED_BITS, decision_seed
from game.app import App
from game.games.falkenstein import table as falkenstein_table
from game.games.falkenstein.ai import ComputerHost
from game.scenes import navigation
from game.scenes.menu import MenuScene
from game.scenes.trick_table import TrickTable
from game.settings import Settings

SEED = 0x2545F4914F6CDD1D  # a 63-bit match seed
OLD_FACTOR = 1_000_003  # the tables once seeded a thinker with match seed × this + moves


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    return App(settings=Settings(language="en", anim_speed="instant", think_time=0.0))


def thinker_seeds(
    app: App, game: str, seed: int, monkeypatch: pytest.MonkeyPatch
) -> list[tuple[int, int, int]]:
    """(seat, moves, thinker seed) for the first five positions of an all-computer table, each decided
    through the table's one way of starting a thinker."""
    made: list[int] = []
    real = thinker_module.Thinker.__init__

    def init(self: Any, game: str, view: Any, level: str, seed: int) -> None:
        made.append(seed)
        real(self, game, view, level, seed)

    monkeypatch.setattr(thinker_module.Thinker, "__init__", init)
    table = navigation.demo(app, game, seed)
    assert isinstance(table, TrickTable)
    seeds = []
    for _ in range(5):
        seat = table.to_act
        assert seat is not None
        table.thinker(seat, "easy")
        seeds.append((seat, table.moves, made[-1]))
        assert table.act(table.game.legal_actions()[-1])
    return seeds


def test_a_decision_seed_is_63_bits_fixed_by_its_match_purpose_seat_and_position() -> None:
    seed = decision_seed(SEED, "think", 2, 7)
    assert 0 <= seed < 2**SEED_BITS
    assert decision_seed(SEED, "think", 2, 7) == seed
    others = {
        decision_seed(SEED ^ 1, "think", 2, 7),
        decision_seed(SEED, "card", 2, 7),
        decision_seed(SEED, "think", 3, 7),
        decision_seed(SEED, "think", 2, 8),
    }
    assert seed not in others and len(others) == 4


@pytest.mark.parametrize("game", ["koenigrufen", "twotenjack"])
def test_a_thinker_is_seeded_by_the_keyed_hash_of_its_seat_and_position(
    app: App, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    for seat, moves, seed in thinker_seeds(app, game, SEED, monkeypatch):
        assert seed == decision_seed(SEED, "think", seat, moves)
        assert (seed - moves) // OLD_FACTOR != SEED  # the old seed gave the match seed back at once


@pytest.mark.parametrize("game", ["koenigrufen", "twotenjack"])
def test_match_seeds_a_bit_apart_give_thinker_seeds_with_no_common_offset(
    app: App, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    first = [seed for _, _, seed in thinker_seeds(app, game, SEED, monkeypatch)]
    for bit in (1, 2, 4):
        other = [seed for _, _, seed in thinker_seeds(app, game, SEED ^ bit, monkeypatch)]
        offsets = {a - b for a, b in zip(first, other, strict=True)}
        assert len(offsets) == len(first), (
            f"seeds {SEED} and {SEED ^ bit} give thinker seeds a constant apart"
        )


def test_falkenstein_computers_draw_from_the_keyed_seed_of_their_position(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The Host and the characters get a generator seeded by `decision_seed` alone, never one seeded
    from the match seed directly."""
    table = navigation.demo(app, "falkenstein", SEED)
    drawn: list[tuple[str, int | str, int, Any]] = []  # purpose, seat, moves, generator state
    real_choose, real_challenge = falkenstein_table.choose_card, ComputerHost.next_challenge

    def moves() -> int:
        return len(table.autosave.journal.actions)

    def choose_card(view: Any, rng: random.Random) -> str:
        drawn.append(("card", view.seat, moves(), rng.getstate()))
        return real_choose(view, rng)

    def next_challenge(host: ComputerHost, view: Any, characters: Any) -> Any:
        drawn.append(("host", "host", moves(), host._rng.getstate()))
        return real_challenge(host, view, characters)

    monkeypatch.setattr(falkenstein_table, "choose_card", choose_card)
    monkeypatch.setattr(ComputerHost, "next_challenge", next_challenge)
    app.scenes.push(table)
    wait_until(app, lambda: {purpose for purpose, *_ in drawn} == {"card", "host"}, seconds=60)
    for purpose, seat, at, state in drawn:
        assert state == random.Random(decision_seed(SEED, purpose, seat, at)).getstate()


@pytest.fixture
def drawn_bits(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every secrets.randbits(k) from now on answers 2**62 + 5 and records k."""
    asked: list[int] = []

    def randbits(k: int) -> int:
        asked.append(k)
        return 2**62 + 5

    monkeypatch.setattr(secrets, "randbits", randbits)
    return asked


@pytest.mark.parametrize(("digit", "game"), [(pygame.K_1, "falkenstein"), (pygame.K_2, "koenigrufen")])
def test_the_menu_starts_a_match_on_63_secret_bits(
    app: App, drawn_bits: list[int], digit: int, game: str
) -> None:
    menu = MenuScene(app)
    app.scenes.push(menu)
    step(app)
    key(app, digit)
    assert menu.start_button is not None
    click(app, menu.start_button.rect.center)
    table = app.scenes.top
    assert table.name == game and table.setup.seed == 2**62 + 5 and drawn_bits == [SEED_BITS]


def test_another_match_from_a_score_sheet_starts_on_63_secret_bits(app: App, drawn_bits: list[int]) -> None:
    seeds = []
    for game in ("falkenstein", "koenigrufen", "twotenjack"):
        table: Any = navigation.demo(app, game, SEED)
        app.scenes.push(table)
        table.rematch()  # what the sheet's "another match" button does
        assert app.scenes.top is not table and app.scenes.top.name == game
        seeds.append(app.scenes.top.setup.seed)
    assert seeds == [2**62 + 5] * 3 and drawn_bits == [SEED_BITS] * 3
