"""The table this desktop hosts, kept under the player's data folder (`data_dir()/hosted`) so a desktop
killed mid-match loses nothing: its server journals the table there as `atout serve --data` does
(`tables/<code>.json`), and `host.json` names the table, the port it listened on and the tokens of the seats
played at this screen (the server keeps only their hashes), so the next launch can start the table again on
the same port with the same code and take those seats back; the others' windows rejoin by themselves.

A table ended by its host, or finished, is forgotten (its files deleted); a bad file is kept aside, never
lost, and told. No pygame here."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import schema, storage
from game.i18n import Words
from game.net.table_host import CODE_LENGTH, TableHost
from game.storage import FileProblem, Refused

FORMAT = "atout-hosted"
VERSION = 1
NAME = "host.json"


def folder() -> Path:
    """Where the desktop's hosted table lives."""
    return storage.data_dir() / "hosted"


@dataclass(frozen=True)
class Hosted:
    """An unfinished table hosted here: its code, port, the seats played at this screen (seat, token; the
    host's first), and, from its journal, its game and the moves taken."""

    code: str
    port: int
    seats: tuple[tuple[int | str, str], ...]
    game: str = ""
    moves: int = 0


def keep(data: Path, code: str, port: int, seats: list[tuple[int | str, str]]) -> None:
    """Names the hosted table in `data` with the tokens of the seats played here (an OSError if it cannot)."""
    storage.save_json(
        data / NAME,
        {
            "format": FORMAT,
            "version": VERSION,
            "code": code,
            "port": port,
            "seats": [{"seat": seat, "token": token} for seat, token in seats],
        },
    )


def _decode(data: Any) -> Hosted:
    fields = schema.obj(
        data,
        schema.ROOT,
        {
            "format": schema.choice((FORMAT,)),
            "version": schema.choice((VERSION,)),
            "code": schema.text(CODE_LENGTH, CODE_LENGTH),
            "port": schema.integer(0, 65535),
            "seats": schema.items(
                schema.shape(
                    lambda seat: seat,
                    {"seat": _seat_id, "token": schema.text(64, 1)},
                ),
                1,
                8,
            ),
        },
    )
    seats = tuple((seat["seat"], seat["token"]) for seat in fields["seats"])
    return Hosted(fields["code"], fields["port"], seats)


def _seat_id(value: Any, where: schema.Where) -> int | str:
    """A seat's id: a number, or a name (Falkenstein's "host")."""
    if type(value) is int:
        return schema.integer(0, 7)(value, where)
    return schema.text(16, 1)(value, where)


def waiting(data: Path) -> tuple[Hosted | None, Refused | None]:
    """The unfinished table hosted in `data`, if any, and what was wrong with its files, if anything: a bad
    file is kept aside (and the table forgotten); a finished table is forgotten, not offered."""
    found, refused = storage.load(data / NAME, _decode)
    if found is None:
        return None, refused
    path = data / "tables" / f"{found.code}.json"
    try:
        table = TableHost.load(path)
    except FileProblem as problem:
        aside = None
        with contextlib.suppress(OSError):
            aside = storage.keep_aside(path)
        forget(data)
        return None, Refused(path, problem.words, aside)
    if table.over:
        forget(data)
        return None, None
    return Hosted(found.code, found.port, found.seats, table.journal.game, table.moves), None


def offered() -> tuple[Hosted | None, Words | None]:
    """The unfinished table this desktop hosted, to offer to resume, and, when a file of it was bad (kept
    aside), the words telling the player so."""
    found, refused = waiting(folder())
    return found, None if refused is None else Words("netui.host.bad_file", {"problem": refused.words})


def forget(data: Path) -> None:
    """The hosted table's files deleted (it was ended, or is done): nothing is offered next time. Files
    kept aside stay."""
    for path in [data / NAME, *(data / "tables").glob("*.json")]:
        with contextlib.suppress(OSError):
            path.unlink()
