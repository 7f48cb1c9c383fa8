"""Sound effects; with no audio device the game simply runs silent."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pygame

from game.paths import INSTALLED, ROOT, SOUNDS

NAMES = (
    "deal",
    "flip",
    "play",
    "sweep",
    "shuffle",
    "success",
    "failure",
    "click",
    "whoosh",
    "bang",
    "crackle",
)


class Audio:
    def __init__(self, volume: int) -> None:
        self.volume = volume
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        self.available = False
        try:
            pygame.mixer.init(44100, -16, 1, 512)
            pygame.mixer.set_num_channels(16)
            self.available = True
        except pygame.error:
            return

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if not self.available:
            return None
        sound = self.sounds.get(name)
        if sound is None:
            path = SOUNDS / f"{name}.wav"
            try:
                sound = pygame.mixer.Sound(str(path))
            except (pygame.error, FileNotFoundError) as exc:
                raise AssetError(path, "tools/make_sounds.py") from exc
            self.sounds[name] = sound
        return sound

    def play(self, name: str, volume: float = 1.0) -> None:
        sound = self._sound(name)
        if sound is not None and self.volume > 0:
            sound.set_volume(self.volume / 100 * volume)
            sound.play()

    def set_volume(self, volume: int) -> None:
        self.volume = volume


class AssetError(RuntimeError):
    """A missing or corrupt asset: names the file and what brings it back in this copy of Atout.

    `tool` is the script of tools/ that writes the file, None for a file made by hand.
    """

    def __init__(self, path: Path, tool: str | None) -> None:
        super().__init__(f"missing or corrupt asset {path}: {remedy(path, tool)}")


def remedy(path: Path, tool: str | None) -> str:
    """An installed copy has no tools and no repository: only reinstalling brings its files back."""
    if INSTALLED:
        return f"this copy of Atout is incomplete; reinstall it with {reinstall_command()}"
    if tool is not None:
        return f"regenerate it with `python {tool}` in {ROOT}"
    name = path.relative_to(ROOT).as_posix() if path.is_relative_to(ROOT) else path
    return f"it is drawn by hand; restore it with `git checkout -- {name}` in {ROOT}"


def reinstall_command() -> str:
    """pipx's own command for a pipx install; else this interpreter's pip, from where pip took Atout."""
    if (Path(sys.prefix) / "pipx_metadata.json").is_file():
        return "`pipx reinstall atout`"
    return f"`{sys.executable} -m pip install --force-reinstall {installed_from(direct_url())}`"


def direct_url() -> str | None:
    """pip's record (PEP 610) of the folder, wheel or URL Atout was installed from; None from an index.
    (Its modules imported here, when assets are missing, not at every start.)"""
    from importlib import metadata

    try:
        return metadata.distribution("atout").read_text("direct_url.json")
    except metadata.PackageNotFoundError:
        return None


def installed_from(record: str | None) -> str:
    """What to hand pip again: the local folder or wheel, the URL, or the name for an index."""
    from urllib.parse import urlparse
    from urllib.request import url2pathname

    if record is None:
        return "atout"
    data = json.loads(record)
    url = data["url"]
    if url.startswith("file:"):
        return url2pathname(urlparse(url).path)
    vcs = data.get("vcs_info", {}).get("vcs")
    return f"{vcs}+{url}" if vcs else url
