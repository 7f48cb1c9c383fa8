"""`tools/review.py JOURNAL` prints the review of each finished deal of a match as JSON lines, the same
figures as the game's review of that deal; a file that is not a journal is refused in one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from review_deals import played, setup
from tool_loader import load_tool

from game.journal import save_journal
from game.review import analysis

review_tool = load_tool("review")


def test_each_decision_and_each_deal_in_json_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    journal = played(setup("twotenjack", 7, deals=2))
    path = tmp_path / "match.json"
    save_journal(path, journal)
    assert review_tool.main([str(path), "--deals", "3"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    for number in (1, 2):
        review = analysis.review_deal(journal, number, 3)
        moments = [line for line in lines if line["deal"] == number and "index" in line]
        (summary,) = [line for line in lines if line["deal"] == number and "seats" in line]
        assert [m["index"] for m in moments] == [m.index for m in review.moments]
        for line, moment in zip(moments, review.moments, strict=True):
            assert line["made_points"] == moment.means[moment.made]  # bit for bit, through JSON
            assert line["best_points"] == moment.means[moment.best] and line["error"] == moment.error
            assert line["mark"] == review.mark(moment) and "all_cards" in line
        assert summary["lost_by_kind"] == analysis.by_kind(review)
        assert [s["decisions"] for s in summary["seats"]] == [
            f.decisions for f in analysis.figures([review], 3)
        ]


def test_one_deal_and_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    journal = played(setup("twotenjack", 7, deals=2))
    path = tmp_path / "match.json"
    save_journal(path, journal)
    assert review_tool.main([str(path), "--deal", "2", "--deals", "2"]) == 0
    assert {json.loads(line)["deal"] for line in capsys.readouterr().out.splitlines()} == {2}
    assert review_tool.main([str(path), "--deal", "3"]) == 2
    assert "no finished deal 3" in capsys.readouterr().err
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    assert review_tool.main([str(bad)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("review: bad.json: ")
