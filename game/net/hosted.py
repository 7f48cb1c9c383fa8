"""The tables this desktop hosts, kept under the player's data folder (`data_dir()/hosted`) so a desktop
killed mid-match loses nothing. Each hosted table has a folder of its own there (`<time>-<hex>/`), which the
copy of Atout hosting it holds (`game.locks`), so two copies started on one data folder never share one: a
copy offers only the tables no running copy holds, and tells of the others. In its folder the table's server
journals it as `atout serve --data` does (`tables/<code>.json`), and `host.json` names the table, the port it
listened on and the tokens of the seats played at this screen (the server keeps only their hashes), so the
next launch can start the table again on the same port with the same code and take those seats back; the
others' windows rejoin by themselves.

A table ended by its host, closed from the Host page, or finished, is archived (its folder moved under
`archive/`, the newest kept), never offered again; a bad file is kept aside, never lost, and told. The one
folder of an older Atout (`host.json` and `tables/` right under `hosted/`) becomes a table's folder. No pygame
here."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import schema, storage
from game.i18n import Words
from game.locks import Holder
from game.storage import FileProblem, Refused

FORMAT = "atout-hosted"
VERSION = 1
NAME = "host.json"
ARCHIVE = "archive"
ARCHIVED = 50  # tables kept in the archive, the newest
SLOT = re.compile(r"^\d{8}-\d{6}-[0-9a-f]{6}$")  # a table's folder: when it was hosted, and six hex digits


def folder() -> Path:
    """Where the desktop's hosted tables live, each in a folder of its own."""
    return storage.data_dir() / "hosted"


def new_slot() -> Path:
    """A folder no hosted table has yet, for a new one (not made yet)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        slot = folder() / f"{stamp}-{secrets.token_hex(3)}"
        if not slot.exists():
            return slot


def slots() -> list[Path]:
    """The hosted tables' folders, oldest first (an older Atout's single one taken over first)."""
    _take_over_old()
    try:
        found = list(folder().iterdir())
    except OSError:
        return []
    for lock in found:  # the lock of a table archived: deleted, unless a running copy still holds it
        if lock.suffix == ".lock" and not lock.with_suffix("").exists():
            Holder().release(lock.with_suffix(""), remove=True)
    return sorted(p for p in found if p.is_dir() and SLOT.match(p.name))


def _take_over_old() -> None:
    """An older Atout kept its one hosted table right in `folder()`: it is moved into a folder of its own."""
    old = [path for path in (folder() / NAME, folder() / "tables") if path.exists()]
    if not old:
        return
    slot = new_slot()
    with contextlib.suppress(OSError):
        slot.mkdir(parents=True)
        for path in old:
            os.replace(path, slot / path.name)


@dataclass(frozen=True)
class Hosted:
    """An unfinished table hosted here: its code, port, the seats played at this screen (seat, token; the
    host's first), and, from its journal, its game and the moves taken."""

    code: str
    port: int
    seats: tuple[tuple[int | str, str], ...]
    game: str = ""
    moves: int = 0
    slot: Path = Path()  # its folder


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
    # the tables' module only where a file is read: the menu asks here at every start, mostly of no file
    from game.net import table_host

    fields = schema.obj(
        data,
        schema.ROOT,
        {
            "format": schema.choice((FORMAT,)),
            "version": schema.choice((VERSION,)),
            "code": schema.text(table_host.CODE_LENGTH, table_host.CODE_LENGTH),
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
    """The unfinished table hosted in its folder `data`, if any, and what was wrong with its files, if
    anything: a bad file is kept aside (and the table archived with it); a finished table, or one that never
    got as far as naming its seats, is archived, not offered."""
    found, refused = storage.load(data / NAME, _decode)
    if found is None:
        archive(data)
        return None, refused
    path = data / "tables" / f"{found.code}.json"
    from game.net import table_host

    try:
        table = table_host.TableHost.load(path)
    except FileProblem as problem:
        aside = None
        with contextlib.suppress(OSError):
            aside = storage.keep_aside(path)
        archive(data)
        return None, Refused(path, problem.words, aside)
    if table.over:
        archive(data)
        return None, None
    return Hosted(found.code, found.port, found.seats, table.journal.game, table.moves, data), None


def offered(holder: Holder) -> tuple[Hosted | None, Words | None]:
    """The unfinished table this desktop hosted that no running copy of Atout holds (the most recent), to
    offer to resume, and, when a file of one was bad (kept aside), the words telling the player so."""
    found: Hosted | None = None
    told: Words | None = None
    for slot in slots():
        if holder.holds(slot) or not holder.free_elsewhere(slot):
            continue  # played here now, or held by another copy
        table, refused = waiting(slot)
        found = table or found
        if refused is not None:
            told = Words("netui.host.bad_file", {"problem": refused.words})
    return found, told


def elsewhere(holder: Holder) -> list[str]:
    """The codes of the tables hosted from this data folder that another running copy of Atout holds (read
    without touching their files)."""
    codes = []
    for slot in slots():
        if holder.holds(slot) or holder.free_elsewhere(slot):
            continue
        with contextlib.suppress(FileProblem):
            codes.append(storage.parse(slot / NAME, _decode).code)
    return codes


def archive(data: Path) -> None:
    """A table that is over, ended or given up: its folder moved whole under `archive/` (a file kept aside in
    it too), so it is never offered again and no byte of it is lost."""
    target = folder() / ARCHIVE / data.name
    with contextlib.suppress(OSError):
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(data, target)
    _prune(folder() / ARCHIVE)


def drop_empty(data: Path) -> None:
    """A table's folder that never came to hold a table (its server could not open one): removed; a folder
    with any file in it stays."""
    for path in [*sorted(data.rglob("*"), reverse=True), data]:
        with contextlib.suppress(OSError):
            path.rmdir()


def _prune(archived: Path) -> None:
    """The archive keeps the newest `ARCHIVED` tables, and every folder holding a file kept aside."""
    with contextlib.suppress(OSError):
        old = sorted(p for p in archived.iterdir() if p.is_dir())[:-ARCHIVED]
        for slot in old:
            if not any(".bad-" in p.name for p in slot.rglob("*")):
                shutil.rmtree(slot, ignore_errors=True)
