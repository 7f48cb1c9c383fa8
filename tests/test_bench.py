"""`tools/bench.py` times every game the registry lists, on each path its bench module names (speed itself
is measured by running the tool, never asserted here)."""

from __future__ import annotations

import json

import pytest
from tool_loader import load_tool

from game.registry import GAMES

bench = load_tool("bench")


def test_every_game_with_a_bench_module_is_timed_on_each_path(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--seconds", "0.02"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    timed = {(line["game"], line.get("path", "engine")) for line in lines}
    assert timed == {(game, path) for game in GAMES for path in bench.module(game).PATHS}
    assert {game for game, _ in timed} == set(GAMES)
    assert all(line["games"] >= 1 for line in lines)
    # every line says its decisions per second, the unit comparable across games of different lengths
    assert all(line["decisions_per_s"] > 0 and line["decisions_per_game"] >= 1 for line in lines)


def test_playouts_are_measured_where_a_game_offers_them(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["koenigrufen", "--seconds", "0.02", "--playouts"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    playouts = {line["path"]: line for line in lines if "playouts" in line}
    assert set(playouts) == {"lean-random-playout", "search-playout"}
    assert all(line["playouts"] >= 1 and line["decisions_per_s"] > 0 for line in playouts.values())
