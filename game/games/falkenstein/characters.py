"""The player's own Falkenstein characters, kept beside the settings so they survive updates.

The file holds talent ids and levels only; each talent's suit comes from `TALENTS`, so an edited
talent list re-suits old characters. A file that cannot be trusted is set aside whole, never half-read.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from game import schema, storage
from game.games.falkenstein.data import HERO_DESCRIPTIONS, HEROES, TALENTS
from game.games.falkenstein.resolution import LEVELS
from game.games.falkenstein.session import Character, Talent
from game.i18n import tr

FILE_NAME = "characters.json"
VERSION = 1
MAX_TALENTS = 10
MAX_SAVED = 200  # characters: more is not a file the editor wrote
MAX_NAME = 28
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def custom_path() -> Path:
    return storage.config_dir() / FILE_NAME


def make_talent(talent_id: str, level: int) -> Talent:
    """A talent with its suit taken from the talent list."""
    return Talent(talent_id, TALENTS[talent_id], level)


def to_json(character: Character) -> dict[str, Any]:
    return {"name": character.name, "talents": [{"id": t.id, "level": t.level} for t in character.talents]}


def _talent(data: Any, where: schema.Where) -> Talent:
    fields = schema.obj(
        data, where, {"id": schema.choice(TALENTS, listed=False), "level": schema.choice(LEVELS)}
    )
    return make_talent(fields["id"], fields["level"])


def _character(data: Any, where: schema.Where) -> Character:
    fields = schema.obj(
        data,
        where,
        {"name": schema.text(MAX_NAME, shortest=1), "talents": schema.items(_talent, 1, MAX_TALENTS)},
    )
    schema.distinct(tuple(t.id for t in fields["talents"]), f"{where}.talents")
    return Character(fields["name"], fields["talents"])


def decode(data: Any) -> list[Character]:
    """The characters a parsed file holds, every field checked (FileProblem names the first bad one)."""
    fields = schema.obj(
        data,
        schema.ROOT,
        {"characters": schema.items(_character, 0, MAX_SAVED)},
        {"version": schema.choice((VERSION,))},
    )
    return list(fields["characters"])


def load_custom() -> tuple[list[Character], storage.Refused | None]:
    """The saved characters; a bad file is kept aside and comes back as the reason, with none."""
    found, refused = storage.load(custom_path(), decode)
    return found or [], refused


def load_custom_or_report(report: Callable[[str], None]) -> list[Character]:
    """The saved characters, or none after telling the player why the file was set aside."""
    found, refused = load_custom()
    if refused is not None:
        report(tr("characters.bad_file", problem=refused.words.text()))
    return found


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


def all_characters(report: Callable[[str], None]) -> list[Character]:
    """Every character a seat can take: the ready-made heroes first, then the player's own (none, after
    `report`ing why, when their file had to be set aside)."""
    return [*HEROES, *load_custom_or_report(report)]
