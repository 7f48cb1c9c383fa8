"""The player's unfinished matches, as the menu's Continue and the Saved matches list show them: one journal
per match under `matches/` (`game.autosave`), each read with the same strict loader as any journal and
replayed, so the list says what the rules say (the deal reached, the totals), never what a file claims.

There is no index to trust: the list is the folder, read again whenever it is shown (each file replayed
once per run while it is unchanged). A bad file is kept aside, never lost, and told; a finished match found
there (a finish cut short by a crash) goes on to the history; a match another copy of Atout holds is left
alone. The one saved match of an older Atout (`current.json`) is moved in, bytes unchanged. No pygame."""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass
from pathlib import Path

from game import storage
from game.autosave import matches_dir, new_match_path, old_path, to_history
from game.game_spec import Summary
from game.journal import Journal, decode, from_json, replay
from game.locks import Holder
from game.registry import spec
from game.storage import Refused


@dataclass(frozen=True)
class Saved:
    """One unfinished match: its file, when it was last played, its journal and what its replay says."""

    path: Path
    when: float  # seconds since the epoch: the file's last write
    journal: Journal
    summary: Summary

    @property
    def game(self) -> str:
        return self.journal.game

    @property
    def moves(self) -> int:
        return len(self.journal.actions)


@dataclass(frozen=True)
class Listing:
    """The folder as read now: the matches to offer, newest first; the files kept aside; how many matches
    another copy of Atout has open."""

    matches: tuple[Saved, ...] = ()
    refused: tuple[Refused, ...] = ()
    elsewhere: int = 0

    @property
    def latest(self) -> Saved | None:
        return self.matches[0] if self.matches else None


# (path, size, mtime) -> the match: a journal replays once per run while its file stays as it was
_cache: dict[tuple[str, int, int], Saved] = {}


def take_over_old() -> Refused | None:
    """Moves an older Atout's single saved match into the folder under a name of its own, its bytes and
    time unchanged (a rename); a bad one is kept aside (the refusal says so), a finished one goes to the
    history, where an older Atout would have put it."""
    old = old_path()
    journal, refused = storage.load(old, decode)
    if journal is None:
        return refused
    try:
        when = old.stat().st_mtime
        if journal.finished:
            to_history(old, journal.game)
        else:
            target = new_match_path(journal.game, when)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(old, target)
    except OSError:
        return None  # left where it was: the next launch tries again
    return None


def listing(holder: Holder) -> Listing:
    """Every unfinished match in the folder that `holder`'s copy may open, the most recently played first.
    Bad files are kept aside (and returned to be told); finished ones go on to the history."""
    refused = [r for r in (take_over_old(),) if r is not None]
    matches: list[Saved] = []
    elsewhere = 0
    for path in _files():
        if not holder.free_elsewhere(path):
            elsewhere += 1
            continue
        found, problem = _read(path)
        if problem is not None:
            refused.append(problem)
        elif found is not None:
            matches.append(found)
    matches.sort(key=lambda saved: (-saved.when, saved.path.name))
    return Listing(tuple(matches), tuple(refused), elsewhere)


def _files() -> list[Path]:
    try:
        return sorted(p for p in matches_dir().glob("*.json") if p.is_file())
    except OSError:
        return []


def _read(path: Path) -> tuple[Saved | None, Refused | None]:
    """The match in `path`, or why not (the file kept aside); None, None when it was finished (moved on)."""
    try:
        info = path.stat()
    except OSError:
        return None, None  # gone since the folder was read
    key = (str(path), info.st_size, info.st_mtime_ns)
    cached = _cache.get(key)
    if cached is not None:
        return cached, None
    found, refused = storage.load(path, lambda data: _replayed(path, info.st_mtime, data))
    if found is None:
        return None, refused
    if found.journal.finished:
        with contextlib.suppress(OSError):
            to_history(path, found.game)
        return None, None
    _cache[key] = found
    return found, None


def _replayed(path: Path, when: float, data: object) -> Saved:
    """A parsed file's match, checked, replayed and summed up (any failure is the file's problem)."""
    journal = from_json(data)
    state, _ = replay(journal)
    return Saved(path, when, journal, spec(journal.game).summary(journal.setup, state))


def take(holder: Holder, saved: Saved) -> tuple[Saved | None, Refused | None]:
    """The match to resume, held for this copy and read again (it may have been played elsewhere since it
    was listed): (None, None) when another copy of Atout holds it or it is gone; a bad file kept aside."""
    if not holder.claim(saved.path):
        return None, None
    found, refused = _read(saved.path)
    if found is None:
        holder.release(saved.path)
    return found, refused


def delete(holder: Holder, saved: Saved) -> bool:
    """Discards a match for good (the player asked, and confirmed); False when another copy of Atout has
    opened it since."""
    if not holder.claim(saved.path):
        return False
    with contextlib.suppress(OSError):
        saved.path.unlink()
    holder.release(saved.path, remove=True)
    return True
