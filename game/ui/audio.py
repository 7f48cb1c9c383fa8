"""Sound effects; with no audio device the game simply runs silent."""

from __future__ import annotations

import pygame

from game.paths import SOUNDS

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
    """A missing or corrupt asset: names the file and the tool that makes it again."""

    def __init__(self, path: object, tool: str) -> None:
        super().__init__(f"missing or corrupt asset {path}: regenerate it with `python {tool}`")
