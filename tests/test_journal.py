"""Match journals: each game round-trips through a file to the same state; hostile files are refused by
`tools/replay.py` with exit code 2 and one line; the action codec accepts exactly what it wrote."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.games.falkenstein.data import HEROES
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.games.koenigrufen.profile import load
from game.games.koenigrufen.rules import Announce, AnnouncePass, Discard, Kontra, Play
from game.journal import Journal, digest, load_journal, replay, save_journal
from game.journal_codec import decode_action, encode_action
from game.registry import spec
from game.seating import CardTableSetup, SeatPlayer
from game.storage import FileProblem

REPLAY = Path(__file__).resolve().parent.parent / "tools" / "replay.py"


def setups() -> dict[str, Any]:
    people = tuple(SeatPlayer(f"P{i}", i == 0, "easy") for i in range(4))
    return {
        "falkenstein": FalkensteinSetup(
            "hotseat", tuple(SeatSetup(h, f"Player {i}") for i, h in enumerate(HEROES[:3])), None, "Ada", 11
        ),
        "falkenstein-solo": FalkensteinSetup("solo", (SeatSetup(HEROES[0], "Me"),), None, "", 12),
        "falkenstein-demo": FalkensteinSetup("demo", tuple(SeatSetup(h, "cpu") for h in HEROES[:2]), seed=13),
        "koenigrufen": CardTableSetup("koenigrufen", people, 21, 2),
        "koenigrufen-austria": CardTableSetup("koenigrufen", people, 22, 2, rules=load("austria")),
        "twotenjack": CardTableSetup("twotenjack", people[:3], 31),
    }


def played(name: str, count: int = 120, seed: int = 7) -> Journal:
    """A journal of up to `count` random legal actions."""
    setup = setups()[name]
    game = "falkenstein" if isinstance(setup, FalkensteinSetup) else setup.game
    journal = Journal(game, setup)
    state, _ = replay(journal)
    rng = random.Random(seed)
    while len(journal.actions) < count and not state.is_over:
        action = rng.choice(state.legal_actions())
        state.apply(action)
        journal.actions.append(action)
    journal.finished = state.is_over
    return journal


def run_replay(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(REPLAY), str(path)], capture_output=True, text=True, timeout=60
    )


@pytest.mark.parametrize("name", list(setups()))
def test_a_saved_match_replays_to_the_same_state(name: str, tmp_path: Path) -> None:
    journal = played(name)
    state, count = replay(journal)
    path = tmp_path / "match.json"
    save_journal(path, journal)
    loaded = load_journal(path)
    assert loaded == journal
    again, again_count = replay(loaded)
    assert (
        (again_count, digest(journal.game, again))
        == (count, digest(journal.game, state))
        == (len(journal.actions), digest(journal.game, replay(loaded)[0]))
    )
    assert again.view(0) == state.view(0)


def test_the_replay_tool_prints_one_json_line_with_the_same_digest_twice(tmp_path: Path) -> None:
    journal = played("koenigrufen", 300)
    path = tmp_path / "k.json"
    save_journal(path, journal)
    lines = []
    for _ in range(2):
        result = run_replay(path)
        assert result.returncode == 0, result.stderr
        lines.append(result.stdout)
    first = json.loads(lines[0])
    assert lines[0] == lines[1] and lines[0].count("\n") == 1
    assert first == {
        "ok": True,
        "game": "koenigrufen",
        "actions": len(journal.actions),
        "digest": digest(journal.game, replay(journal)[0]),
    }


def _journal_text() -> str:
    return json.dumps(played("twotenjack", 40).to_json())


def _edited(change: Any) -> bytes:
    data = json.loads(_journal_text())
    change(data)
    return json.dumps(data).encode()


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def change(data: Any) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


HOSTILE: dict[str, Any] = {
    "empty": lambda: b"",
    "blank": lambda: b"  \n",
    "truncated": lambda: _journal_text().encode()[:-40],
    "random bytes": lambda: random.Random(3).randbytes(4000),
    "not UTF-8": lambda: b'{"format": "atout-journal", "game": "\xff\xfe"}',
    "a list": lambda: b"[1, 2, 3]",
    "a number": lambda: b"42",
    "another format": lambda: b'{"format": "something", "version": 1}',
    "no version": lambda: _edited(lambda d: d.pop("version")),
    "future version": lambda: _edited(_set(("version",), 2)),
    "unknown version": lambda: _edited(_set(("version",), 0)),
    "future rules": lambda: _edited(_set(("rules_version",), 99)),
    "unknown game": lambda: _edited(_set(("game",), "skat")),
    "extra field": lambda: _edited(_set(("cheat",), True)),
    "missing actions": lambda: _edited(lambda d: d.pop("actions")),
    "setup of the wrong shape": lambda: _edited(_set(("setup",), [1, 2])),
    "too many seats": lambda: _edited(lambda d: d["setup"]["seats"].extend(d["setup"]["seats"] * 3)),
    "seed is a string": lambda: _edited(_set(("setup", "seed"), "1")),
    "seed is NaN": lambda: _journal_text().replace('"seed": 31', '"seed": NaN').encode(),
    "huge number": lambda: _journal_text().replace('"seed": 31', '"seed": ' + "9" * 5000).encode(),
    "illegal action": lambda: _edited(lambda d: d["actions"].append({"type": "NextRound", "seat": 0})),
    "action of another game": lambda: _edited(
        lambda d: d["actions"].insert(0, {"type": "CallKing", "seat": 0})
    ),
    "card not in hand": lambda: _edited(_set(("actions", 0, "card"), "XX")),
    "absurdly large": lambda: b'{"format": "atout-journal", "pad": "' + b"x" * 2_100_000 + b'"}',
    "absurdly deep": lambda: b"[" * 200_000 + b"]" * 200_000,
    "deep inside actions": lambda: (
        _journal_text().replace('"actions": [', '"actions": [' + "[" * 50_000, 1).encode()
    ),
}


@pytest.mark.parametrize("kind", list(HOSTILE))
def test_a_hostile_file_is_refused_with_one_line_and_exit_code_2(kind: str, tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_bytes(HOSTILE[kind]())
    result = run_replay(path)
    assert result.returncode == 2, (kind, result.stdout, result.stderr)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("replay: save.json: "), lines
    assert "Traceback" not in result.stderr
    assert path.exists()  # the tool only reads


def test_a_missing_file_and_no_argument_are_refused_too(tmp_path: Path) -> None:
    result = run_replay(tmp_path / "none.json")
    assert result.returncode == 2 and result.stderr.startswith("replay: none.json: the file cannot be read")
    bare = subprocess.run([sys.executable, str(REPLAY)], capture_output=True, text=True, timeout=60)
    assert bare.returncode == 2 and bare.stderr.count("\n") == 1


def test_the_illegal_action_is_named_by_index_and_reason(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_bytes(HOSTILE["illegal action"]())
    message = run_replay(path).stderr
    assert "actions[40] breaks the rules (" in message


@pytest.mark.parametrize(
    ("game", "action"),
    [
        ("koenigrufen", Discard(1, ("3H", "4H", "KS"))),
        ("koenigrufen", Play(2, "XXI")),
        ("koenigrufen", Announce(1, ("pagat", "trull"))),
        ("koenigrufen", Kontra(2, "game")),
        ("koenigrufen", AnnouncePass(3)),
        ("twotenjack", played("twotenjack", 1).actions[0]),
        ("falkenstein", played("falkenstein", 1).actions[0]),
    ],
)
def test_actions_round_trip_through_json(game: str, action: Any) -> None:
    data = json.loads(json.dumps(encode_action(action)))
    assert decode_action(game, data) == action


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ({"type": "Teleport", "seat": 0}, 'action.type must be one of "Play", "NextRound", not "Teleport"'),
        ({"seat": 0, "card": "KH", "face_down": False}, "action.type must be one of .*, not null"),
        ({"type": "Play", "seat": 0, "card": "KH"}, "action (Play) lacks the field “face_down”"),
        ({"type": "Play", "seat": 0, "card": "KH", "face_down": False, "x": 1}, 'unknown field "x"'),
        (
            {"type": "Play", "seat": "0", "card": "KH", "face_down": False},
            "seat must be a whole number, not text",
        ),
        (
            {"type": "Play", "seat": True, "card": "KH", "face_down": False},
            "seat must be a whole number, not true",
        ),
        (
            {"type": "Play", "seat": 0, "card": "KH", "face_down": 0},
            "face_down must be true or false, not a whole",
        ),
        (
            {"type": "Play", "seat": 0.0, "card": "KH", "face_down": False},
            "seat must be a whole number, not a number",
        ),
        ({"type": "Play", "seat": 99_999, "card": "KH", "face_down": False}, "seat must be from 0 to 1000"),
        (["Play", 0, "KH"], "action must be an object, not a list"),
    ],
)
def test_the_action_codec_is_strict(data: Any, named: str) -> None:
    with pytest.raises(FileProblem, match=named.replace("(", r"\(").replace(")", r"\)")):
        decode_action("twotenjack", data)


def test_a_discard_must_list_card_codes() -> None:
    with pytest.raises(FileProblem, match=r"cards\[1\] must be text, not a whole number"):
        decode_action("koenigrufen", {"type": "Discard", "seat": 0, "cards": ["3H", 4, "KS"]})


@pytest.mark.parametrize("name", list(setups()))
def test_setups_round_trip_through_json(name: str) -> None:
    setup = setups()[name]
    game = "falkenstein" if isinstance(setup, FalkensteinSetup) else setup.game
    assert spec(game).decode_setup(json.loads(json.dumps(spec(game).encode_setup(setup)))) == setup
