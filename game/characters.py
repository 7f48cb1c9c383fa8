"""The player's own Falkenstein characters, kept beside the settings so they survive updates.

The file holds talent ids and levels only; each talent's suit comes from `TALENTS`, so an edited
talent list re-suits old characters. A file that cannot be trusted is set aside whole, never half-read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game import storage
from game.i18n import tr
from game.rules.falkenstein import LEVELS
from game.rules.falkenstein_data import HERO_DESCRIPTIONS, HEROES, TALENTS
from game.rules.falkenstein_session import Character, Talent

FILE_NAME = "characters.json"
VERSION = 1
MAX_TALENTS = 10
MAX_NAME = 28
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def custom_path() -> Path:
    return storage.config_dir() / FILE_NAME


def make_talent(talent_id: str, level: int) -> Talent:
    """A talent with its suit taken from the talent list."""
    return Talent(talent_id, TALENTS[talent_id], level)


def to_json(character: Character) -> dict[str, Any]:
    return {"name": character.name, "talents": [{"id": t.id, "level": t.level} for t in character.talents]}


def from_json(data: Any, where: str) -> Character:
    """One character from the file; ValueError names what is wrong and where."""
    if not isinstance(data, dict):
        raise ValueError(f"{where}: not an object")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        raise ValueError(f"{where}: empty name")
    if len(name) > MAX_NAME:
        raise ValueError(f"{where}: name longer than {MAX_NAME} characters")
    talents = data.get("talents")
    if not isinstance(talents, list) or not 1 <= len(talents) <= MAX_TALENTS:
        raise ValueError(f"{name!r}: needs 1 to {MAX_TALENTS} talents")
    parsed = []
    for item in talents:
        talent_id = item.get("id") if isinstance(item, dict) else None
        level = item.get("level") if isinstance(item, dict) else None
        if talent_id not in TALENTS:
            raise ValueError(f"{name!r}: unknown talent {talent_id!r}")
        if isinstance(level, bool) or level not in LEVELS:
            raise ValueError(f"{name!r}: bad level {level!r} for {talent_id!r}")
        parsed.append(make_talent(talent_id, level))
    return Character(name, tuple(parsed))


def load_custom() -> list[Character]:
    """The saved characters; raises storage.BadFile (with the file already set aside) if unusable."""
    path = custom_path()
    data = storage.load_json(path)
    if data is None:
        return []
    entries = data.get("characters") if isinstance(data, dict) else None
    if not isinstance(entries, list):
        raise storage.set_aside(path, "no list of characters")
    try:
        return [from_json(entry, f"character {i + 1}") for i, entry in enumerate(entries)]
    except ValueError as exc:
        raise storage.set_aside(path, str(exc)) from exc


def load_custom_or_report(report: Callable[[str], None]) -> list[Character]:
    """The saved characters, or none after telling the player why the file was set aside."""
    try:
        return load_custom()
    except storage.BadFile as exc:
        report(tr("characters.bad_file", problem=str(exc)))
        return []


def save_custom(characters: Sequence[Character]) -> None:
    storage.save_json(custom_path(), {"version": VERSION, "characters": [to_json(c) for c in characters]})


def talent_line(talent: Talent) -> str:
    """'♣ Fencing, Great': how a talent reads everywhere in the interface."""
    return f"{SYMBOLS[talent.suit]} {tr('talent.' + talent.id)}, {tr(f'level.{talent.level}')}"


def describe(character: Character) -> str:
    """A hero's own sketch, or for a home-made character the list of its talents."""
    key = HERO_DESCRIPTIONS.get(character.name)
    if key is not None and character in HEROES:
        return tr(key)
    return " · ".join(talent_line(t) for t in character.talents)


def all_characters(report: Callable[[str], None] | None = None) -> list[Character]:
    """Every character a seat can take: the ready-made heroes first, then the player's own.

    A bad file is set aside and either `report`ed (then only the heroes are offered) or raised as
    storage.BadFile when there is nobody to tell.
    """
    return [*HEROES, *(load_custom() if report is None else load_custom_or_report(report))]
