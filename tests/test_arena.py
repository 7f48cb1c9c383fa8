"""The arena's report: every level present, paired z-scores, and duplicate deals that rotate the levels."""

import json

import pytest
from tool_loader import load_tool

arena = load_tool("arena")


def test_duplicate_replays_each_distinct_rotation_once() -> None:
    assert arena.rotations(("normal", "easy", "normal", "easy"), True) == (
        ("normal", "easy", "normal", "easy"),
        ("easy", "normal", "easy", "normal"),
    )
    assert arena.rotations(("hard", "easy", "easy"), False) == (("hard", "easy", "easy"),)


def test_paired_z_is_the_mean_difference_over_its_standard_error() -> None:
    assert arena.paired_z([1.0, 2.0, 3.0], [0.0, 0.0, 0.0]) == pytest.approx(2.0 / (1.0 / 3**0.5))
    assert arena.paired_z([1.0, 1.0], [1.0, 1.0]) == 0.0


def test_a_run_prints_one_json_line_with_every_level(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        arena.main(["twotenjack", "--games", "2", "--seats", "easy,hard", "--seed", "3", "--duplicate"]) == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 2 and report["duplicate"] is True
    assert [level["level"] for level in report["levels"]] == ["easy", "hard"]
    assert set(report["z"]) == {"hard-easy"}
    hard = report["levels"][1]
    assert hard["decisions"] > 0 and 0 < hard["decision_ms_median"] <= hard["decision_ms_p95"]


def test_bad_seats_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        arena.main(["koenigrufen", "--seats", "normal,easy"])
    assert exit_info.value.code == 2
    assert "koenigrufen takes 4 seats" in capsys.readouterr().err
