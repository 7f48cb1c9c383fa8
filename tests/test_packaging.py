"""An installed Atout is complete, and a missing asset names the remedy for the copy it is missing from."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest
from tool_loader import load_tool

import game.ui.audio as audio
from game.paths import TABLES
from game.ui.layout import HAND_DRAWN, read_layout

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
BUILD = ["pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index"]  # offline, this setuptools
SKIP = shutil.ignore_patterns(".git", "build", "dist", "*.egg-info", "__pycache__", "*.pyc", ".*_cache")


def shipped(folder: Path, prefix: str) -> set[str]:
    """Every file under `folder` as the wheel names it, below `prefix`."""
    return {
        f"{prefix}/{path.relative_to(folder).as_posix()}"
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }


def test_every_package_under_game_is_listed() -> None:
    """pyproject lists the packages by hand (discovery cannot also map assets/ into game): none forgotten."""
    listed = set(PYPROJECT["tool"]["setuptools"]["packages"])
    on_disk = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "game").rglob("*.py")
        if "__pycache__" not in path.parts
    }
    assert on_disk | {"game.assets"} == listed
    assert PYPROJECT["tool"]["setuptools"]["package-dir"] == {"game.assets": "assets"}


def test_the_wheel_holds_everything_the_game_loads(tmp_path: Path) -> None:
    """Built offline from a copy of the repository with this environment's setuptools, as pip would."""
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=SKIP)
    built = subprocess.run(
        [sys.executable, "-m", *BUILD, "--wheel-dir", str(tmp_path / "dist"), str(source)],
        capture_output=True,
        text=True,
    )
    if built.returncode != 0:
        pytest.fail(
            "building the wheel failed; it needs pip and setuptools>=70.1 in this environment "
            f"(the `test` extra brings them: pip install -e '.[test]'):\n{built.stdout}\n{built.stderr}"
        )
    (wheel,) = (tmp_path / "dist").glob("atout-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        metadata = archive.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    in_game = {name for name in names if name.startswith("game/")}
    expected = shipped(ROOT / "game", "game") | shipped(ROOT / "assets", "game/assets")
    assert sorted(expected - in_game) == [], "missing from the wheel"
    assert sorted(in_game - expected) == [], "in the wheel but not in the repository"
    assert "Requires-Dist: fontpkg-eb-garamond" in metadata  # the typeface ships in its own package


def test_every_table_is_written_by_make_tables_or_drawn_by_hand() -> None:
    """The corrupt-table message names tools/make_tables.py only for the tables that tool writes."""
    make_tables = load_tool("make_tables")
    written = set(make_tables.koenigrufen()) | set(make_tables.twotenjack())
    assert not written & HAND_DRAWN
    assert written | HAND_DRAWN == {path.stem for path in TABLES.glob("*.tmx")}


def test_a_checkout_regenerates_a_made_table(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(audio, "INSTALLED", False)
    broken = tmp_path / "twotenjack4.tmx"
    broken.write_text("<map><oops")
    with pytest.raises(audio.AssetError) as caught:
        read_layout(broken)
    assert str(caught.value) == (
        f"missing or corrupt asset {broken}: regenerate it with `python tools/make_tables.py` in {audio.ROOT}"
    )


def test_a_checkout_restores_a_hand_drawn_table_from_git(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(audio, "INSTALLED", False)
    message = str(audio.AssetError(audio.ROOT / "assets" / "tables" / "falkenstein.tmx", None))
    assert message.endswith(
        "it is drawn by hand; restore it with `git checkout -- assets/tables/falkenstein.tmx`"
        f" in {audio.ROOT}"
    )


def test_an_installed_copy_is_reinstalled(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No tools and no repository there: pip again, from the folder or wheel pip recorded."""
    monkeypatch.setattr(audio, "INSTALLED", True)
    monkeypatch.setattr(sys, "prefix", str(tmp_path))
    monkeypatch.setattr(audio, "direct_url", lambda: '{"url": "file:///home/me/atout", "dir_info": {}}')
    message = str(
        audio.AssetError(tmp_path / "game" / "assets" / "sounds" / "deal.wav", "tools/make_sounds.py")
    )
    assert message.endswith(
        "this copy of Atout is incomplete; reinstall it with "
        f"`{sys.executable} -m pip install --force-reinstall /home/me/atout`"
    )
    assert "tools/" not in message
    (tmp_path / "pipx_metadata.json").write_text("{}")
    assert audio.reinstall_command() == "`pipx reinstall atout`"


@pytest.mark.parametrize(
    ("record", "source"),
    [
        (None, "atout"),
        (
            '{"url": "file:///tmp/dist/atout-0.1.0-py3-none-any.whl", "archive_info": {}}',
            "/tmp/dist/atout-0.1.0-py3-none-any.whl",
        ),
        ('{"url": "https://example.org/atout.zip", "archive_info": {}}', "https://example.org/atout.zip"),
        (
            '{"url": "https://example.org/atout.git", "vcs_info": {"vcs": "git", "commit_id": "abc"}}',
            "git+https://example.org/atout.git",
        ),
    ],
)
def test_pip_is_pointed_back_where_atout_came_from(record: str | None, source: str) -> None:
    assert audio.installed_from(record) == source
