"""`tools/loadtest.py` starts a server, seats bot clients at every table and reports its figures (speed
itself is measured by running the tool, never asserted here)."""

from __future__ import annotations

import json

import pytest
from tool_loader import load_tool

loadtest = load_tool("loadtest")


@pytest.mark.parametrize("spread", ["0", "0.5"])
def test_a_short_load_reports_actions_and_latencies(spread: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = [
        "--tables",
        "2",
        "--seconds",
        "1",
        "--think-ms",
        "20",
        "--game",
        "koenigrufen",
        "--spread",
        spread,
    ]
    assert loadtest.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["clients"] == 8 and report["actions"] > 0 and report["spread"] == float(spread)
    assert 0 < report["p50_ms"] <= report["p99_ms"] <= report["max_ms"]
    assert report["procs"] == 1 and report["clients_lag_p99_ms"] >= 0  # (the bots' own loop, measured)
    assert report["update_bytes"] > 100 and report["server_cpu_per_action_us"] is not None  # a table's cost


@pytest.mark.parametrize(
    "argv",
    [
        ["--tables", "0"],
        ["--tables", "1001"],
        ["--seconds", "601"],
        ["--think-ms", "-1"],
        ["--spread", "1"],
        ["--stagger", "601"],
        ["--tables", "2", "--procs", "3"],
    ],
)
def test_the_load_is_bounded(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        loadtest.main(argv)
    assert exit_info.value.code == 2


def test_an_abusive_stranger_beside_honest_tables_is_refused_and_measured(capsys) -> None:
    """Three phases (quiet, the abuser, quiet again), each with the honest tables' figures, and what the
    abuser was answered: its tables of computers alone refused, its flood slowed, its guesses locked out."""
    argv = ["--tables", "2", "--seconds", "1.5", "--think-ms", "20", "--abuse", "--game", "twotenjack"]
    assert loadtest.main(argv) == 0
    report = json.loads(capsys.readouterr().out)
    assert list(report["phases"]) == ["quiet", "abuse", "after"]
    assert all(phase["actions"] > 0 for phase in report["phases"].values())
    answered = report["abuser_answered"]
    assert answered["no_person"] > 0 and answered["too_fast"] > 0 and answered["bad_message"] > 0
    assert answered["too_big"] > 0 and answered["guess_no_table"] > 0
    assert "internal" not in answered
