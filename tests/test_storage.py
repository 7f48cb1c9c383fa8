"""Settings on disk: written atomically, read back, and a bad file is kept aside with a message."""

import json
from pathlib import Path

import pytest

from game import storage
from game.settings import Settings, load_settings, save_settings, settings_path, system_language


@pytest.fixture(autouse=True)
def config_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path))
    monkeypatch.setenv("LANG", "en_GB.UTF-8")
    return tmp_path


def test_settings_round_trip() -> None:
    s = Settings(language="fr", contrast=10, grain=0, volume=30, anim_speed="fast", four_colour=True)
    save_settings(s)
    loaded, problem = load_settings()
    assert loaded == s and problem is None


def test_missing_settings_give_defaults_in_the_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    monkeypatch.delenv("LC_ALL", raising=False)
    monkeypatch.delenv("LC_MESSAGES", raising=False)
    assert system_language() == "fr"
    loaded, problem = load_settings()
    assert loaded.language == "fr" and loaded.contrast == 50 and problem is None


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"{not json",
        b"\xff\xfe\x00garbage",
        b"[1, 2, 3]",
        b'{"contrast": 400}',
        b'{"language": "xx"}',
        b'{"unknown": 1}',
        b'{"anim_speed": ["fast"]}',
        b'{"think_time": NaN}',
        b'{"language": "\\ud800"}',
        b"[" * 100000 + b"]" * 100000,
        b'{"volume": 60' + b" " * 3_000_000 + b"}",
        b'{"version": 99, "language": "en"}',
    ],
)
def test_bad_settings_are_kept_aside_and_defaults_used(content: bytes, config_dir: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(content)
    loaded, problem = load_settings()
    assert loaded == Settings(language="en")
    assert problem is not None and problem.words.text().startswith("settings.json could not be used: ")
    assert not path.exists()
    kept = list(config_dir.glob("settings.json.bad-*"))
    assert len(kept) == 1 and kept[0].read_bytes() == content


def test_save_json_replaces_atomically_and_leaves_no_temp_files(tmp_path: Path) -> None:
    target = tmp_path / "x.json"
    storage.save_json(target, {"a": 1})
    storage.save_json(target, {"a": 2})
    assert json.loads(target.read_text()) == {"a": 2}
    assert [p.name for p in tmp_path.iterdir()] == ["x.json"]


def test_keep_aside_never_overwrites(tmp_path: Path) -> None:
    first = tmp_path / "s.json"
    names = set()
    for i in range(3):
        first.write_text(str(i))
        names.add(storage.keep_aside(first).name)
    assert len(names) == 3
