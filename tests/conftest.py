"""Headless pygame for every test: SDL's dummy video and audio drivers, private data and config dirs."""

import os
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


@pytest.fixture(autouse=True)
def data_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every table autosaves its match: into a directory of the test's own, never the user's."""
    path = tmp_path_factory.mktemp("data")
    monkeypatch.setenv("ATOUT_DATA_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def config_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Settings and characters too: a test that saves them, even by accident, writes its own directory,
    never the user's nor one a test running beside it (pytest-xdist) reads."""
    path = tmp_path_factory.mktemp("config")
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(path))
    return path


@pytest.fixture(autouse=True)
def english() -> None:
    """Each test starts in English, whatever language an earlier test's app switched to."""
    from game import i18n

    i18n.set_language("en")
