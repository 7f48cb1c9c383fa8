"""The player's settings: one dataclass, validated field by field when read back from disk."""

from __future__ import annotations

import locale
import os
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path

from game import storage

LANGUAGES = ("fr", "en")
ANIM_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
THINK_TIMES = (0.3, 0.7, 1.2, 2.0)


def system_language() -> str:
    """French when the system locale is French, English otherwise (the issue's rule)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return "fr" if code.lower().startswith("fr") else "en"


@dataclass(frozen=True)
class Settings:
    language: str = "en"
    contrast: int = 50
    grain: int = 50
    temperature: int = 50
    volume: int = 60
    anim_speed: str = "normal"
    think_time: float = 0.7
    four_colour: bool = False
    fullscreen: bool = False

    @property
    def speed_factor(self) -> float:
        """Multiplier for every animation duration; 0 means instant."""
        return ANIM_SPEEDS[self.anim_speed]

    def with_(self, **changes: object) -> Settings:
        return replace(self, **changes)  # type: ignore[arg-type]


def _valid(name: str, value: object) -> bool:
    if name == "language":
        return value in LANGUAGES
    if name in ("contrast", "grain", "temperature", "volume"):
        return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 100
    if name == "anim_speed":
        return value in ANIM_SPEEDS
    if name == "think_time":
        return isinstance(value, int | float) and not isinstance(value, bool) and 0 <= value <= 10
    return isinstance(value, bool)


def settings_path() -> Path:
    return storage.config_dir() / "settings.json"


def load_settings() -> tuple[Settings, str | None]:
    """Reads the settings; returns defaults and a message for the player when the file is bad."""
    defaults = Settings(language=system_language())
    path = settings_path()
    try:
        data = storage.load_json(path)
    except storage.BadFile as exc:
        return defaults, str(exc)
    if data is None:
        return defaults, None
    if not isinstance(data, dict):
        return defaults, str(storage.set_aside(path, "not a JSON object"))
    known = {f.name for f in fields(Settings)}
    bad = sorted(k for k, v in data.items() if k not in known or not _valid(k, v))
    if bad:
        return defaults, str(storage.set_aside(path, "bad values for " + ", ".join(map(str, bad))))
    return replace(defaults, **data), None


def save_settings(settings: Settings) -> None:
    storage.save_json(settings_path(), asdict(settings))
