"""Which running copy of Atout holds a saved match or a hosted table: two copies started on one data folder
must never write the same file. A copy holds a thing by an exclusive lock on a small file beside it
(`<thing>.lock`), taken without waiting; the operating system lets go of it when the copy ends, however it
ends, so a killed copy never leaves a thing held. The lock file itself carries nothing and may stay.

`Holder` is what one copy holds (the app owns one): a thing it holds stays held until it lets go of it or
ends, so the same copy finds it again, and another copy is told it is open elsewhere. No pygame here."""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

if sys.platform == "win32":
    import msvcrt

    def _lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True

else:
    import fcntl

    def _lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False
        return True


def lock_path(thing: Path) -> Path:
    """The file whose lock stands for `thing` (a match's journal, a hosted table's folder)."""
    return thing.with_name(thing.name + ".lock")


class Holder:
    """The things one running copy holds, by path."""

    def __init__(self) -> None:
        self._held: dict[Path, int] = {}  # thing -> the open lock file

    def holds(self, thing: Path) -> bool:
        return thing in self._held

    def claim(self, thing: Path) -> bool:
        """Holds `thing` for this copy (True at once when it already does); False when another copy
        holds it. A folder that cannot be written is not held by anyone: True, so play goes on."""
        if thing in self._held:
            return True
        path = lock_path(thing)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            return True
        if not _lock(fd):
            os.close(fd)
            return False
        try:
            same = os.fstat(fd).st_ino == path.stat().st_ino  # not a lock file deleted while it was opened
        except OSError:
            same = False
        if not same:
            os.close(fd)
            return self.claim(thing)
        self._held[thing] = fd
        return True

    def free_elsewhere(self, thing: Path) -> bool:
        """No other copy holds `thing` (looked at without keeping it)."""
        if thing in self._held:
            return True
        if not self.claim(thing):
            return False
        self.release(thing)
        return True

    def release(self, thing: Path, remove: bool = False) -> None:
        """Lets go of `thing`; with `remove` (the thing is gone), its lock file is deleted while still held,
        unless another copy holds it."""
        if remove and not self.claim(thing):
            return
        fd = self._held.pop(thing, None)
        if remove:
            with contextlib.suppress(OSError):
                lock_path(thing).unlink()
        if fd is not None:
            os.close(fd)

    def release_all(self) -> None:
        """This copy ends: it holds nothing more."""
        for thing in list(self._held):
            self.release(thing)
