"""The tables' files written by one thread, in groups (a group commit): what the loop asks for in one moment
goes to the thread together, and what piled up while the thread waited on the disk goes in its next group.
A group writes each file's lines in one append and syncs each file once, then every waiting table is told
at once: a sync costs milliseconds, and tables that act together share it instead of queueing behind each
other's.

Each request returns a future that is done once its bytes are on the disk (or failed with what stopped them:
an OSError). Requests for one file are carried out in the order they were made.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import threading
from dataclasses import dataclass
from pathlib import Path

from game import storage

_sync = getattr(os, "fdatasync", os.fsync)  # (the file's data and size; macOS and Windows have fsync only)


@dataclass
class _Request:
    kind: str  # "append", "write" (the whole file, atomically) or "remove"
    path: Path
    text: str
    done: asyncio.Future[None]


class Writer:
    """One writing thread for a server's files, started on the first request; `close` ends it."""

    def __init__(self) -> None:
        self._pending: list[_Request] = []
        self._queue: queue.SimpleQueue[list[_Request] | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def append(self, path: Path, text: str) -> asyncio.Future[None]:
        """Appends `text` (whole lines) to the file, synced before the future is done."""
        return self._ask("append", path, text)

    def write(self, path: Path, text: str) -> asyncio.Future[None]:
        """Replaces the file with `text` atomically (a crash leaves the old file or the new one)."""
        return self._ask("write", path, text)

    def remove(self, path: Path) -> asyncio.Future[None]:
        return self._ask("remove", path, "")

    async def close(self) -> None:
        """Waits for every request made, then ends the thread."""
        if self._thread is None:
            return
        if self._pending:
            self._hand_over()
        self._queue.put(None)
        await asyncio.to_thread(self._thread.join)
        self._thread = None

    def _ask(self, kind: str, path: Path, text: str) -> asyncio.Future[None]:
        loop = asyncio.get_running_loop()
        if self._thread is None:
            self._loop = loop
            self._thread = threading.Thread(target=self._run, name="atout-writer", daemon=True)
            self._thread.start()
        if not self._pending:
            loop.call_soon(self._hand_over)  # once this moment's requests are all made
        request = _Request(kind, path, text, loop.create_future())
        self._pending.append(request)
        return request.done

    def _hand_over(self) -> None:
        self._queue.put(self._pending)
        self._pending = []

    # --- on the writing thread ----------------------------------------------------------------
    def _run(self) -> None:
        while (group := self._queue.get()) is not None:
            with contextlib.suppress(queue.Empty):
                while True:  # whatever else came while the disk was busy
                    more = self._queue.get_nowait()
                    if more is None:
                        self._queue.put(None)
                        break
                    group += more
            outcomes = self._carry_out(group)
            assert self._loop is not None
            with contextlib.suppress(RuntimeError):  # (a loop closed meanwhile: nobody waits any more)
                self._loop.call_soon_threadsafe(_tell, outcomes)

    def _carry_out(self, group: list[_Request]) -> list[tuple[_Request, Exception | None]]:
        """Every file's requests in order, each file's appends in one write, each file synced once."""
        by_file: dict[Path, list[_Request]] = {}
        for request in group:
            by_file.setdefault(request.path, []).append(request)
        outcomes: list[tuple[_Request, Exception | None]] = []
        for path, requests in by_file.items():
            try:
                _file(path, requests)
                failure = None
            except Exception as problem:  # (the file's requests fail; the thread goes on for the others)
                failure = problem
            outcomes += [(request, failure) for request in requests]
        return outcomes


def _file(path: Path, requests: list[_Request]) -> None:
    """One file's requests of a group: runs of appends written together, synced at the end."""
    lines: list[str] = []
    for request in requests:
        if request.kind == "append":
            lines.append(request.text)
            continue
        _append(path, lines)
        lines = []
        if request.kind == "write":
            storage.save_text(path, request.text)
            _sync_folder(path.parent)
        else:
            path.unlink(missing_ok=True)
    _append(path, lines)


def _append(path: Path, lines: list[str]) -> None:
    """Appends to an existing file (one that is gone fails: its lines would have no header) and syncs it."""
    if not lines:
        return
    data = "".join(lines).encode("utf-8")
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | getattr(os, "O_BINARY", 0))
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
        _sync(fd)
    finally:
        os.close(fd)


def _sync_folder(folder: Path) -> None:
    """Makes a file's new name durable too (POSIX; Windows has no folder to sync)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _tell(outcomes: list[tuple[_Request, Exception | None]]) -> None:
    """On the loop: every request of a group done, or failed."""
    for request, failure in outcomes:
        if request.done.done():
            continue
        if failure is None:
            request.done.set_result(None)
        else:
            request.done.set_exception(failure)
