"""The command line: usage errors exit 2; the demo prints its statistics as one JSON line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.__main__ import main


@pytest.fixture(autouse=True)
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path))


@pytest.mark.parametrize(
    "argv",
    [
        ["--bogus"],
        ["--demo", "chess"],
        ["--size", "huge"],
        ["--seed", "x"],
        ["--demo", "koenigrufen", "--players", "3"],
        ["--demo", "falkenstein", "--players", "2"],
        ["--demo", "falkenstein", "--level", "hard"],
        ["--demo", "twotenjack", "--level", "expert"],
        ["--demo", "twotenjack", "--profile", "austria"],
        ["--demo", "koenigrufen", "--profile", "vienna"],
    ],
)
def test_bad_arguments_print_usage_and_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    assert exit_info.value.code == 2
    assert "usage:" in capsys.readouterr().err


@pytest.mark.parametrize("players", ["1", "7"])
def test_a_player_count_outside_two_to_six_is_refused(
    players: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["--demo", "twotenjack", "--players", players])
    assert exit_info.value.code == 2
    assert "twotenjack takes 2 to 6 players" in capsys.readouterr().err


def test_demo_prints_stats_and_saves_a_screenshot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    shot = tmp_path / "demo.png"
    assert (
        main(
            [
                "--demo",
                "falkenstein",
                "--seconds",
                "0.5",
                "--stats",
                "--screenshot",
                str(shot),
                "--size",
                "960x540",
            ]
        )
        == 0
    )
    stats = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(stats) == {"frame_ms_median", "frame_ms_p99", "frames", "ai_ms_median", "ai_ms_p95"}
    assert stats["frames"] > 5 and shot.stat().st_size > 10_000


def test_a_missing_asset_names_the_file_and_the_tool(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import game.ui.card_images as card_images

    monkeypatch.setattr(card_images, "CARDS", tmp_path)
    assert main(["--demo", "falkenstein", "--seconds", "0.3"]) == 1
    err = capsys.readouterr().err
    assert "make_cards.py" in err and str(tmp_path) in err


def test_a_koenigrufen_demo_plays_the_profile_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("ATOUT_DATA_DIR", str(tmp_path / "data"))
    assert main(["--demo", "koenigrufen", "--profile", "austria", "--seconds", "0.5", "--stats"]) == 0
    assert json.loads(capsys.readouterr().out.strip().splitlines()[-1])["frames"] > 5
    saved = json.loads((tmp_path / "data" / "demo.json").read_text(encoding="utf-8"))
    assert saved["setup"]["profile"]["id"] == "austria"
