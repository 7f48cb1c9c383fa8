"""An installed Atout is complete: the wheel holds every module, JSON file and asset the game loads."""

from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

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
