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


@pytest.mark.parametrize(
    "argv",
    [["--tables", "0"], ["--tables", "501"], ["--seconds", "601"], ["--think-ms", "-1"], ["--spread", "1"]],
)
def test_the_load_is_bounded(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        loadtest.main(argv)
    assert exit_info.value.code == 2
