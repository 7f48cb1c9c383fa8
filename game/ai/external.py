"""An engine in another process (docs/engine-protocol.md), asked and polled without ever blocking: a reader
thread and a writer thread carry the lines, so a table polls it once a frame and a silent engine costs
nothing but its timeout. A crash, a timeout or a bad answer is an `EngineFailure`; the caller lets a
computer take the seat over.
"""

from __future__ import annotations

import contextlib
import queue
import shlex
import subprocess
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any

from game.ai import engine_protocol as protocol
from game.ai.decision import Decision

if TYPE_CHECKING:
    from game.ai.thinker import Thinker

TIME_MS = 1000  # the time a decision may take, as told to the engine
GRACE_MS = 2000  # on top of it, for the pipes and a busy machine, before a silent engine is given up
START_MS = 10_000  # to start and answer `hello`
TAKEOVER = "normal"  # the computer level that takes a failed engine's seat
REASONS = ("start", "crash", "timeout", "garbled", "illegal")


class EngineFailure(Exception):
    """Why an engine lost its seat: `reason` one of REASONS, `detail` what happened, in English (logs)."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason, self.detail = reason, detail


def command_line(command: str | Sequence[str]) -> list[str]:
    """A command line as its arguments (a string is split as a shell would, without a shell)."""
    args = shlex.split(command) if isinstance(command, str) else list(command)
    if not args:
        raise ValueError("an engine needs a command")
    return args


def label(command: str | Sequence[str]) -> str:
    """A short name for an engine before it names itself: its program's, past an interpreter and options."""
    args = command_line(command)
    named = [a for a in args[1:] if not a.startswith("-")] if Path(args[0]).name.startswith("python") else []
    return Path((named or args)[0]).stem or args[0]


class Engine:
    """One engine process seated at `seat` of a `game`, from the `hello` on. `ask` sends a decision, `poll`
    reads its answer when it has come; after a failure every call raises it again."""

    def __init__(self, command: str | Sequence[str], game: str, seat: int | str, view: Any) -> None:
        self.args = command_line(command)
        self.game, self.seat = game, seat
        self.name = label(self.args)
        self.failure: EngineFailure | None = None
        self.legal: list[Any] = []
        self.pending = 0  # decisions asked whose answers have not come; only the last one's counts
        self.ready = False
        self.closed = False
        self.time_ms = TIME_MS
        self.exit_code: int | None = None  # once it has stopped
        self.deadline = time.monotonic() + START_MS / 1000
        self._lines: queue.Queue[str | None] = queue.Queue()  # None: the engine closed its output
        self._outbox: queue.Queue[str | None] = queue.Queue()  # None: close its input
        self._stderr: deque[str] = deque(maxlen=3)
        try:
            self.proc: subprocess.Popen[str] | None = subprocess.Popen(
                self.args,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                encoding="utf-8",
                errors="replace",
            )
        except OSError as exc:
            self.proc = None
            self.failure = EngineFailure("start", f"{shlex.join(self.args)}: {exc}")
            return
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr
        errors = threading.Thread(target=self._read_errors, args=(self.proc.stderr,), daemon=True)
        errors.start()
        threading.Thread(target=self._read, args=(self.proc, errors), daemon=True).start()
        threading.Thread(target=self._write, args=(self.proc.stdin,), daemon=True).start()
        self._outbox.put(protocol.line(protocol.hello(game, seat, view)))

    # the threads ---------------------------------------------------------------------------------
    def _read(self, proc: subprocess.Popen[str], errors: threading.Thread) -> None:
        """Carries the engine's lines; at their end, waits a moment for its exit code and last words."""
        assert proc.stdout is not None
        try:
            while text := proc.stdout.readline(protocol.MAX_LINE + 1):
                self._lines.put(text)
        except (OSError, ValueError):
            pass
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.exit_code = proc.wait(timeout=1.0)
        errors.join(timeout=1.0)
        self._lines.put(None)

    def _write(self, stream: IO[str]) -> None:
        try:
            while (text := self._outbox.get()) is not None:
                stream.write(text)
                stream.flush()
            stream.close()
        except (OSError, ValueError):
            pass  # the engine is gone: its output's end tells the reader

    def _read_errors(self, stream: IO[str]) -> None:
        try:
            for text in stream:
                if text.strip():
                    self._stderr.append(text.strip()[:200])
        except (OSError, ValueError):
            pass

    # the caller's side ---------------------------------------------------------------------------
    def ask(self, view: Any, legal: list[Any], time_ms: int | None = None) -> None:
        """Sends the seat's view and legal moves; the answer is read by `poll`."""
        if self.failure is not None:
            raise self.failure
        time_ms = TIME_MS if time_ms is None else time_ms
        self.legal, self.time_ms = legal, time_ms
        self.pending += 1
        if self.ready:
            self.deadline = time.monotonic() + (time_ms + GRACE_MS) / 1000
        self._outbox.put(protocol.line(protocol.decide(view, legal, time_ms)))

    def poll(self, wait: bool = False) -> Any | None:
        """The legal action answering the last `ask`, or None while it has not come (with `wait`, waits
        for it or for the timeout). Raises the EngineFailure of a crash, a timeout or a bad answer."""
        while True:
            if self.failure is not None:
                raise self.failure
            waiting = not self.ready or self.pending > 0
            try:
                if wait and waiting:
                    text = self._lines.get(timeout=max(0.0, self.deadline - time.monotonic()))
                else:
                    text = self._lines.get_nowait()
            except queue.Empty:
                if waiting and time.monotonic() >= self.deadline:
                    limit = START_MS if not self.ready else self.time_ms + GRACE_MS
                    self._fail("timeout", f"no answer within {limit} ms")
                    continue
                return None
            action = self._take(text)
            if action is not None:
                return action

    def _take(self, text: str | None) -> Any | None:
        """One line from the engine: the action that answers the last question, if it is that line."""
        if text is None:
            said = f"; it said: {' | '.join(self._stderr)}" if self._stderr else ""
            self._fail("crash", f"the engine stopped (exit code {self.exit_code}){said}")
            return None
        try:
            message = protocol.parse(text)
            if not self.ready:
                self.name = protocol.ready_name(message) or self.name
                self.ready = True
                self.deadline = time.monotonic() + (self.time_ms + GRACE_MS) / 1000
                return None
            if self.pending == 0:
                raise protocol.ProtocolError("garbled", f"an answer nobody asked for: {text.strip()[:80]!r}")
            self.pending -= 1
            if self.pending > 0:  # the answer to a question since withdrawn (the table was paused)
                return None
            return protocol.chosen(self.game, message, self.legal)
        except protocol.ProtocolError as problem:
            self._fail(problem.reason, str(problem))
            return None

    def _fail(self, reason: str, detail: str) -> None:
        self.failure = EngineFailure(reason, detail)
        self._stop(kill=True)

    def close(self, last_view: Any = None) -> None:
        """Says `bye` (after the last view, when the match is over) and lets the process go: it is killed
        if it has not left within a second, by a thread, so the caller never waits."""
        if self.closed:
            return
        self.closed = True
        if self.failure is None:
            if last_view is not None:
                self._outbox.put(protocol.line(protocol.over(last_view)))
            self._outbox.put(protocol.line(protocol.BYE))
        self._stop(kill=False)

    def _stop(self, kill: bool) -> None:
        self._outbox.put(None)
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if kill:
            proc.kill()
        threading.Thread(target=_reap, args=(proc,), daemon=True).start()


def _reap(proc: subprocess.Popen[str]) -> None:
    """Waits for a process that was told to leave, and kills it if it does not."""
    try:
        proc.wait(timeout=1.0)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


def decide_now(engine: Engine, view: Any, legal: list[Any], time_ms: int | None = None) -> Any:
    """Asks and waits for the answer (the arena, where nothing else is waiting)."""
    engine.ask(view, legal, time_ms)
    while (action := engine.poll(wait=True)) is None:
        pass
    return action


class EngineTurn:
    """One decision of an engine's seat, stepped like a `Thinker` so the table polls it each frame. If the
    engine fails, `on_failure` is told once and the `fallback` thinker decides instead."""

    def __init__(
        self,
        engine: Engine,
        view: Any,
        legal: list[Any],
        fallback: Callable[[], Thinker],
        on_failure: Callable[[EngineFailure], None],
    ) -> None:
        self.engine, self.fallback, self.on_failure = engine, fallback, on_failure
        self.decision: Decision | None = None
        self.choices = len(legal)
        self.spent_ms = 0.0
        self.thinker: Thinker | None = None
        try:
            engine.ask(view, legal)
        except EngineFailure as failure:
            self._failed(failure)

    @property
    def done(self) -> bool:
        return self.decision is not None

    def step(self, budget_ms: float) -> bool:
        """Reads the engine's answer if it has come (or thinks on in its place); True once decided."""
        start = time.perf_counter()
        if self.decision is None and self.thinker is not None:
            if self.thinker.step(budget_ms):
                self.decision = self.thinker.decision
        elif self.decision is None:
            try:
                action = self.engine.poll()
            except EngineFailure as failure:
                self._failed(failure)
            else:
                if action is not None:
                    self.decision = Decision(action, "only" if self.choices == 1 else "habit")
        self.spent_ms += (time.perf_counter() - start) * 1000
        return self.decision is not None

    def _failed(self, failure: EngineFailure) -> None:
        self.thinker = self.fallback()
        self.on_failure(failure)
