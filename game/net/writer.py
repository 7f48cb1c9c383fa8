"""The tables' files written off the loop, in groups (a group commit): every request is done once its bytes
are on the disk, and a sync costs milliseconds, so files are never synced one request at a time, nor one
file after another. The requests of one loop moment go out together, each file's in one task of a few
writing threads (`FILES_AT_ONCE`: the file system commits syncs that come together at once); what is asked
of a file while its task runs waits and goes in its next one, whole lines in one append and one sync. Each
file's tables are told as soon as their file is done, never held up by another's: a file written whole (a
new table's, many at once when matches end together) takes tens of times an append's time, so those tasks
have threads of their own, and appends never queue behind them.

A thousand tables act a thousand times a second, each action a file's task: the loop's share of a task is
kept to a queue's put and, once the task is done, a look at a list the threads fill — the threads wake the
loop once for all the tasks they finish meanwhile, rather than once a task (as an executor's futures do).

Requests for one file are carried out in the order they were made.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import queue
import threading
import weakref
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


_Task = tuple[Path, list[_Request]]  # a file's requests, carried out together by a writing thread


class Writer:
    """The writing threads of a server's files (started on the first request); `close` ends them."""

    def __init__(self) -> None:
        self._waiting: dict[Path, list[_Request]] = {}  # asked this moment, or while the file's task ran
        self._running: dict[Path, list[_Request]] = {}  # the file's task on a writing thread
        self._tasks: dict[bool, queue.SimpleQueue[_Task | None]] = {}  # for the appends' threads, the others'
        self._threads: list[threading.Thread] = []
        self._finished: list[tuple[Path, Exception | None]] = []  # filled by the threads, emptied by the loop
        self._lock = threading.Lock()  # (over `_finished` and `_woken`)
        self._woken = False  # the loop is to look at `_finished`
        self._loop: asyncio.AbstractEventLoop | None = None
        self._handing_over = False

    def append(self, path: Path, text: str) -> asyncio.Future[None]:
        """Appends `text` (whole lines) to the file, synced before the future is done."""
        return self._ask(path, "append", text)

    def write(self, path: Path, text: str) -> asyncio.Future[None]:
        """Replaces the file with `text` atomically (a crash leaves the old file or the new one)."""
        return self._ask(path, "write", text)

    def remove(self, path: Path) -> asyncio.Future[None]:
        return self._ask(path, "remove", "")

    def move(self, path: Path, target: Path) -> asyncio.Future[None]:
        """Renames the file to `target` (a folder it makes if need be) once what was asked before is done."""
        return self._ask(path, "move", str(target))

    async def settled(self) -> None:
        """Once every request made so far is done."""
        self._hand_over()
        while self._running:
            await asyncio.wait([request.done for requests in self._running.values() for request in requests])

    async def close(self) -> None:
        """Waits for every request made, then ends the threads."""
        await self.settled()
        for tasks in self._tasks.values():
            _stop(tasks)
        for thread in self._threads:
            thread.join()
        self._tasks.clear()
        self._threads.clear()

    def _ask(self, path: Path, kind: str, text: str) -> asyncio.Future[None]:
        self._loop = loop = asyncio.get_running_loop()
        request = _Request(kind, text, loop.create_future())
        self._waiting.setdefault(path, []).append(request)
        if not self._handing_over:  # once this moment's requests are all made
            self._handing_over = True
            loop.call_soon(self._hand_over)
        return request.done

    def _hand_over(self) -> None:
        self._handing_over = False
        for path in [path for path in self._waiting if path not in self._running]:
            self._start(path)

    def _start(self, path: Path) -> None:
        """The file's waiting requests, as one task of the writing threads."""
        requests = self._running[path] = self._waiting.pop(path)
        appends = all(request.kind == "append" for request in requests)
        if (tasks := self._tasks.get(appends)) is None:
            tasks = self._tasks[appends] = queue.SimpleQueue()
            weakref.finalize(self, _stop, tasks)  # (a writer nobody closed: its threads end with it)
            for _ in range(FILES_AT_ONCE):
                thread = threading.Thread(
                    target=_work, args=(weakref.ref(self), tasks), name="atout-writer", daemon=True
                )
                thread.start()
                self._threads.append(thread)
        tasks.put((path, requests))

    def _done(self, path: Path, failure: Exception | None) -> None:
        """On a writing thread: the file's task is done; the loop is woken to look, unless it has been
        already and has not looked yet."""
        with self._lock:
            self._finished.append((path, failure))
            wake, self._woken = not self._woken, True
        if wake and self._loop is not None:
            with contextlib.suppress(RuntimeError):  # (its loop is closed: nobody waits any more)
                self._loop.call_soon_threadsafe(self._collect)

    def _collect(self) -> None:
        """On the loop: the files' tasks done (or failed with what stopped them) since it last looked, their
        requests told, and their next ones started."""
        with self._lock:
            finished, self._finished, self._woken = self._finished, [], False
        for path, failure in finished:
            for request in self._running.pop(path):
                if request.done.done():
                    continue
                if failure is None:
                    request.done.set_result(None)
                else:
                    request.done.set_exception(failure)
            if path in self._waiting:
                self._start(path)


def _work(writer: weakref.ref[Writer], tasks: queue.SimpleQueue[_Task | None]) -> None:
    """A writing thread: each file's task in turn, until told to stop."""
    while (task := tasks.get()) is not None:
        path, requests = task
        try:
            _file(path, requests)
            failure = None
        except Exception as problem:  # (an OSError: the file's requests fail with it)
            failure = problem
        if (alive := writer()) is not None:
            alive._done(path, failure)
        del alive


def _stop(tasks: queue.SimpleQueue[_Task | None]) -> None:
    for _ in range(FILES_AT_ONCE):
        tasks.put(None)


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
