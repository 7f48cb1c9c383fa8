"""Where a table keeps its match: a file of its own under the data directory's `matches/`, rewritten after
every action, so a closed window, a power cut or a killed process loses nothing, and a new match never
replaces another; a finished match moves to the history, by a rename, so it is in one place or the other.

The write (with its fsync, a few milliseconds) runs on a short-lived worker thread so the frame does
not wait for the disk: one write at a time, the newest pending one wins, each atomic. The thread is not
a daemon, so the interpreter finishes the last write before it exits; `flush` waits for it sooner.
"""

from __future__ import annotations

import os
import re
import secrets
import threading
import time
from pathlib import Path
from typing import Any

from game import storage
from game.journal import Journal, save_journal
from game.locks import Holder

HISTORY_KEPT = 50
# a history file's name: when the match finished, its game, and a number when two finished in one second
HISTORY_NAME = re.compile(r"^(\d{8}-\d{6})-([a-z]+)(?:-(\d{1,4}))?\.json$")


def matches_dir() -> Path:
    """The unfinished matches, one journal each."""
    return storage.data_dir() / "matches"


def old_path() -> Path:
    """The one saved match of Atout before it kept several (taken over into `matches_dir()`)."""
    return storage.data_dir() / "current.json"


def new_match_path(game: str, when: float | None = None) -> Path:
    """A name no match has yet, for a match of `game` begun at `when` (now): the time, the game and six
    random hex digits, so two copies of Atout beginning a match of one game in one second never share it."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    while True:
        path = matches_dir() / f"{stamp}-{game}-{secrets.token_hex(3)}.json"
        if not path.exists():
            return path


def history_dir() -> Path:
    return storage.data_dir() / "history"


def history_files() -> list[Path]:
    """The history's journals, oldest first: by the finishing time in the name, then its number, so
    `…-twotenjack-2.json` comes after `…-twotenjack.json` (plain name order puts it first)."""
    try:
        paths = [p for p in history_dir().glob("*.json") if p.is_file()]
    except OSError:
        return []
    return sorted(paths, key=_history_order)


def _history_order(path: Path) -> tuple[str, int, str]:
    match = HISTORY_NAME.match(path.name)
    if match is None:  # not a name Atout gave: by its time on disk
        try:
            stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(path.stat().st_mtime))
        except OSError:
            stamp = ""
        return stamp, 0, path.name
    return match.group(1), int(match.group(3) or 1), path.name


def to_history(path: Path, game: str) -> Path:
    """Moves a finished match's journal into the history (a rename: never in both places, never in
    neither) and keeps the newest `HISTORY_KEPT` there; returns its new place."""
    folder = history_dir()
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = folder / f"{stamp}-{game}.json"
    n = 1
    while target.exists():
        n += 1
        target = folder / f"{stamp}-{game}-{n}.json"
    os.replace(path, target)
    for old in history_files()[:-HISTORY_KEPT]:
        old.unlink(missing_ok=True)
    return target


class Autosave:
    """The journal of the match at one table. With no `path` it is one of the player's saved matches (a
    new file under `matches_dir()`, held by `holder` so no other copy of Atout opens it meanwhile), which
    moves to the history when finished; with a `path` (the command line's `--save`) it stays there."""

    def __init__(self, journal: Journal, path: Path | None = None, holder: Holder | None = None) -> None:
        self.journal = journal
        self.path = path or new_match_path(journal.game)
        self.to_history = path is None
        self.holder = holder
        self._lock = threading.Lock()
        self._pending: dict[str, Any] | None = None
        self._worker: threading.Thread | None = None
        self._error: OSError | None = None

    def continue_in(self, path: Path) -> None:
        """A saved match resumed: its journal goes on in its own file (before anything is written)."""
        if self.to_history:
            self.path = path

    def add(self, action: Any, over: bool) -> None:
        """Records an applied action and has the journal written; raises the OSError of a failed write."""
        self.journal.actions.append(action)
        if over:
            self.finish()
        else:
            self.save()

    def save(self) -> None:
        """Has the journal as it stands written (not a finished one: that is in the history already)."""
        if self.journal.finished:
            return
        self._raise_error()
        if self.holder is not None and self.to_history:
            self.holder.claim(self.path)  # at once when held already (a resumed match)
        with self._lock:
            self._pending = self.journal.to_json()
            if self._worker is None:
                self._worker = threading.Thread(target=self._write, name="autosave")
                self._worker.start()

    def _write(self) -> None:
        while True:
            with self._lock:
                data, self._pending = self._pending, None
                if data is None:
                    self._worker = None
                    return
            try:
                storage.save_json(self.path, data, indent=None)
            except OSError as exc:
                self._error = exc

    def flush(self) -> None:
        """Waits until the newest journal is on disk."""
        with self._lock:
            worker = self._worker
        if worker is not None:
            worker.join()

    def _raise_error(self) -> None:
        error, self._error = self._error, None
        if error is not None:
            raise error

    def finish(self) -> None:
        """The match is over (or ended by the players): marked finished, kept as history (once)."""
        self.flush()
        if self.journal.finished:
            return
        self.journal.finished = True
        save_journal(self.path, self.journal)  # finished in its own file first: a crash now leaves it whole
        if self.to_history:
            to_history(self.path, self.journal.game)
            if self.holder is not None:
                self.holder.release(self.path, remove=True)
