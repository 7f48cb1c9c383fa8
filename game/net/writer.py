"""The tables' files written off the loop, in groups (a group commit): every request is done once its bytes
are on the disk, and a sync costs milliseconds, so files are never synced one request at a time, nor one
file after another. The requests of one loop moment go out together, each file's in one task of a few
writing threads (`FILES_AT_ONCE`: the file system commits syncs that come together at once); what is asked
of a file while its task runs waits and goes in its next one, whole lines in one append and one sync. Each
file's tables are told as soon as their file is done, never held up by another's: a file written whole (a
new table's, many at once when matches end together) takes tens of times an append's time, so those tasks
have threads of their own, and appends never queue behind them.

Requests for one file are carried out in the order they were made.
"""

from __future__ import annotations

import asyncio
import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from game import storage

FILES_AT_ONCE = 8
_sync = getattr(os, "fdatasync", os.fsync)  # (the file's data and size; macOS and Windows have fsync only)


@dataclass
class _Request:
    kind: str  # "append", "write" (the whole file, atomically), "move" (to the path `text`) or "remove"
    text: str
    done: asyncio.Future[None]


class Writer:
    """The writing threads of a server's files (started on the first request); `close` ends them."""

    def __init__(self) -> None:
        self._waiting: dict[Path, list[_Request]] = {}  # asked this moment, or while the file's task ran
        self._running: dict[Path, asyncio.Future[None]] = {}  # the file's task on a writing thread
        self._pools: dict[bool, ThreadPoolExecutor] = {}  # appends only, or not
        self._handing_over = False

    def append(self, path: Path, text: str) -> asyncio.Future[None]:
        """Appends `text` (whole lines) to the file, synced before the future is done."""
        return self._ask(path, _Request("append", text, asyncio.get_running_loop().create_future()))

    def write(self, path: Path, text: str) -> asyncio.Future[None]:
        """Replaces the file with `text` atomically (a crash leaves the old file or the new one)."""
        return self._ask(path, _Request("write", text, asyncio.get_running_loop().create_future()))

    def remove(self, path: Path) -> asyncio.Future[None]:
        return self._ask(path, _Request("remove", "", asyncio.get_running_loop().create_future()))

    def move(self, path: Path, target: Path) -> asyncio.Future[None]:
        """Renames the file to `target` (a folder it makes if need be) once what was asked before is done."""
        return self._ask(path, _Request("move", str(target), asyncio.get_running_loop().create_future()))

    async def settled(self) -> None:
        """Once every request made so far is done."""
        self._hand_over()
        while self._running:
            await asyncio.wait(list(self._running.values()))

    async def close(self) -> None:
        """Waits for every request made, then ends the threads."""
        await self.settled()
        for pool in self._pools.values():
            pool.shutdown()
        self._pools.clear()

    def _ask(self, path: Path, request: _Request) -> asyncio.Future[None]:
        self._waiting.setdefault(path, []).append(request)
        if not self._handing_over:  # once this moment's requests are all made
            self._handing_over = True
            asyncio.get_running_loop().call_soon(self._hand_over)
        return request.done

    def _hand_over(self) -> None:
        self._handing_over = False
        for path in [path for path in self._waiting if path not in self._running]:
            self._start(path)

    def _start(self, path: Path) -> None:
        """The file's waiting requests, as one task of the writing threads."""
        requests = self._waiting.pop(path)
        appends = all(request.kind == "append" for request in requests)
        if (pool := self._pools.get(appends)) is None:
            pool = self._pools[appends] = ThreadPoolExecutor(FILES_AT_ONCE, "atout-writer")
        task = asyncio.get_running_loop().run_in_executor(pool, _file, path, requests)
        self._running[path] = task
        task.add_done_callback(lambda _: self._finished(path, requests, task))

    def _finished(self, path: Path, requests: list[_Request], task: asyncio.Future[None]) -> None:
        """On the loop: the file's requests done (or failed with what stopped them, an OSError), and its
        next ones started."""
        del self._running[path]
        failure = task.exception() if not task.cancelled() else asyncio.CancelledError()
        for request in requests:
            if request.done.done():
                continue
            if failure is None:
                request.done.set_result(None)
            else:
                request.done.set_exception(failure)
        if path in self._waiting:
            self._start(path)


def _file(path: Path, requests: list[_Request]) -> None:
    """On a writing thread: one file's requests in order, runs of appends written together and synced once."""
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
        elif request.kind == "move":
            target = Path(request.text)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(path, target)
            _sync_folder(target.parent)
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
