"""The arena's report: every level present, paired z-scores, duplicate deals that rotate the levels, and
Königrufen under each rule profile with the contracts each level declared."""

import json

import pytest
from tool_loader import load_tool

from game.ai import thinker
from game.games.koenigrufen.profile import PROFILE_IDS, load

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


def test_a_run_prints_one_json_line_with_every_level(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    for level in thinker.ITERATIONS:  # the run's --iterations below change them: restored after the test
        monkeypatch.setitem(thinker.ITERATIONS, level, thinker.ITERATIONS[level])
        monkeypatch.setitem(thinker.CAP_MS, level, thinker.CAP_MS[level])
    args = ["twotenjack", "--games", "1", "--seats", "easy,hard", "--seed", "3", "--duplicate"]
    assert arena.main([*args, "--iterations", "normal=20,hard=20"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 1 and report["duplicate"] is True
    assert [level["level"] for level in report["levels"]] == ["easy", "hard"]
    assert set(report["z"]) == {"hard-easy"}
    hard = report["levels"][1]
    assert hard["decisions"] > 0 and 0 < hard["decision_ms_median"] <= hard["decision_ms_p95"]


def test_bad_seats_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        arena.main(["koenigrufen", "--seats", "normal,easy"])
    assert exit_info.value.code == 2
    assert "koenigrufen takes 4 seats" in capsys.readouterr().err


@pytest.mark.parametrize("profile", PROFILE_IDS)
def test_a_profile_is_played_and_each_level_s_contracts_are_reported(
    capsys: pytest.CaptureFixture[str], profile: str
) -> None:
    args = ["koenigrufen", "--profile", profile, "--games", "4", "--seats", "easy,easy,easy,easy"]
    assert arena.main(args) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["profile"] == profile and report["games"] == 4
    assert report["levels"][0]["decisions"] > 0
    ladder = {contract.id for contract in load(profile).contracts}
    declared = report["contracts"]["easy"]
    assert set(declared) <= ladder
    assert sum(tally["declared"] for tally in declared.values()) == 4  # one contract a deal
    assert all(0 <= tally["success"] <= 1 for tally in declared.values())


def test_contracts_are_counted_for_the_declarer_s_level_with_the_share_won() -> None:
    def replay(score: int, *declared: tuple[str, str, bool, int]) -> object:
        return arena.Replay(("hard", "easy", "easy", "easy"), (score, 1, -1, -score - 1), {}, declared)

    replays = [replay(3, ("hard", "solo", True, 0)), replay(-6, ("hard", "solo", False, 0))]
    replays.append(replay(2, ("easy", "rufer", True, 1)))
    assert arena.contracts(replays, ["easy", "normal", "hard"]) == {
        "easy": {"rufer": {"declared": 1, "success": 1.0, "points": 1.0}},
        "normal": {},
        "hard": {"solo": {"declared": 2, "success": 0.5, "points": -1.5}},
    }


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["koenigrufen", "--profile", "texas"], "unknown Königrufen profile 'texas'"),
        (["twotenjack", "--profile", "austria"], "twotenjack has no rule profiles"),
    ],
)
def test_a_profile_the_game_does_not_ship_is_refused(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        arena.main([*args, "--seats", "easy,easy,easy,easy"])
    assert exit_info.value.code == 2
    assert message in capsys.readouterr().err


def _budgeted_run(capsys: pytest.CaptureFixture[str], game: str, seats: str, *more: str) -> dict:
    args = [game, "--games", "1", "--seats", seats, "--seed", "5", "--budget", "fixed"]
    assert arena.main([*args, "--playouts", "normal=40,hard=60", *more]) == 0
    return arena.timeless(json.loads(capsys.readouterr().out))


@pytest.mark.parametrize(
    ("game", "seats", "more"),
    [
        ("twotenjack", "hard,normal,easy", ()),
        ("koenigrufen", "hard,normal,easy,normal", ("--profile", "austria")),
    ],
)
def test_fixed_budgets_play_the_same_whatever_the_clock_says(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: str, seats: str, more: tuple
) -> None:
    """Two runs with fixed budgets and the same seed agree but for their times, even when the clock says each
    moment took a second (a machine loaded to a crawl): the budgets count playouts, never time."""
    monkeypatch.setattr(thinker, "PLAYOUTS", dict(thinker.PLAYOUTS))  # --playouts sets them
    first = _budgeted_run(capsys, game, seats, *more)
    ticks = iter(range(10**9))
    monkeypatch.setattr(arena.time, "perf_counter", lambda: float(next(ticks)))
    assert _budgeted_run(capsys, game, seats, *more) == first
    assert first["budget"] == "fixed" and all(level["decisions"] > 0 for level in first["levels"])
    assert "decision_ms_median" not in first["levels"][0]  # the times, and only they, are left out
