"""The player's settings: one dataclass, validated field by field when read back from disk."""

from __future__ import annotations

import locale
import os
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from game import schema, storage
from game.games.koenigrufen import house
from game.games.koenigrufen.profile import DEFAULT, Profile
from game.i18n import LANGUAGES

ANIM_SPEEDS = {"slow": 1.6, "normal": 1.0, "fast": 0.5, "instant": 0.0}
THINK_TIMES = (0.3, 0.7, 1.2, 2.0)
AIDS = ("aid_winning", "aid_gone", "aid_called", "aid_points")  # the switches of help while playing


def system_language() -> str:
    """The language of the system locale when Atout speaks it (German, French), English otherwise; the
    environment's first locale variable set wins, as in POSIX (LC_ALL, then LC_MESSAGES, then LANG)."""
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            return _language_of(value)
    try:
        code = locale.getlocale()[0] or ""
    except ValueError:
        code = ""
    return _language_of(code)


def _language_of(code: str) -> str:
    """'de_AT.UTF-8' → 'de', 'fr_CH' → 'fr', 'German_Austria' (Windows) → 'de', anything else → 'en'."""
    code = code.lower()
    for lang, windows_name in (("de", "german"), ("fr", "french")):
        posix = code[:2] == lang and not code[2:3].isalpha()
        if posix or code.startswith(windows_name):
            return lang
    return "en"


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
    koenigrufen_rules: str = DEFAULT  # the profile a new Königrufen table plays (`house.CHOICES`)
    koenigrufen_house: Profile | None = None  # the group's own edit of a profile, once made
    koenigrufen_deals: int = house.DEFAULT_DEALS  # how many deals a new Königrufen match lasts
    # help while playing (`AIDS`): on by default, for a first game; a player who knows the games turns
    # them off one by one (a settings file from before they existed reads them as on)
    aid_winning: bool = True  # the card taking the trick so far is marked
    aid_gone: bool = True  # the panel of trumps and kings (hearts and spades) gone
    aid_called: bool = True  # the called king marked in the hand that holds it
    aid_points: bool = True  # the card points of the tricks one's side is known to have won

    @property
    def speed_factor(self) -> float:
        """Multiplier for every animation duration; 0 means instant."""
        return ANIM_SPEEDS[self.anim_speed]

    def with_(self, **changes: object) -> Settings:
        return replace(self, **changes)  # type: ignore[arg-type]


PERCENT = schema.integer(0, 100)
FIELDS: dict[str, schema.Check[Any]] = {
    "language": schema.choice(LANGUAGES),
    "contrast": PERCENT,
    "grain": PERCENT,
    "temperature": PERCENT,
    "volume": PERCENT,
    "anim_speed": schema.choice(tuple(ANIM_SPEEDS)),
    "think_time": schema.number(0, 10),
    "four_colour": schema.boolean,
    "fullscreen": schema.boolean,
    "koenigrufen_rules": schema.choice(house.CHOICES),
    "koenigrufen_house": schema.nullable(house.decode),
    "koenigrufen_deals": schema.choice(house.MATCH_LENGTHS),
} | {field: schema.boolean for field in AIDS}


def decode(data: Any, defaults: Settings) -> Settings:
    """The settings a parsed file holds, every field checked; a field it lacks keeps its default."""
    return replace(defaults, **schema.obj(data, schema.ROOT, {}, FIELDS))


def settings_path() -> Path:
    return storage.config_dir() / "settings.json"


def load_settings() -> tuple[Settings, storage.Refused | None]:
    """Reads the settings; a bad file is kept aside, and the defaults come back with the reason."""
    defaults = Settings(language=system_language())
    settings, refused = storage.load(settings_path(), lambda data: decode(data, defaults))
    return settings or defaults, refused


def player_language() -> str:
    """The language the player chose, read without setting anything aside (for the command line's
    messages: the window reads the settings properly and tells what is wrong with them)."""
    try:
        return storage.parse(settings_path(), lambda data: decode(data, Settings(system_language()))).language
    except storage.FileProblem:
        return system_language()


def save_settings(settings: Settings) -> None:
    storage.save_json(settings_path(), asdict(settings))
