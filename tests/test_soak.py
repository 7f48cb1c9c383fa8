"""The rules soak, short: complete all-computer games of every tradition with their invariants checked."""

import json

import pytest
from tool_loader import load_tool

from game.games.twotenjack import core as twotenjack_core

soak = load_tool("soak")


def test_60_of_each_hold_every_invariant() -> None:
    report = soak.soak(60, seed=6)
    assert report["violations"] == 0
    assert (
        report["koenigrufen_deals"] == report["twotenjack_rounds"] == report["falkenstein_challenges"] == 60
    )
    assert all(report[f"twotenjack_{n}p"] for n in range(2, 7))


def test_a_broken_score_is_reported(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(twotenjack_core, "pile_score", lambda pile: 0)
    assert soak.main(["--deals", "3"]) == 1
    out, err = capsys.readouterr()
    assert json.loads(out)["violations"] >= 1 and "round points" in err
