"""Reviews being made beside the table, each deal in a process of its own (`game.review.worker`), and the
reviews kept (`store`). The window asks `Reviews` each frame how a deal stands; nothing here waits: a
thread per process reads its lines as they come, and the finished review is written to the data directory
by that thread, so the frame never waits for a disk or a pipe."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from dataclasses import dataclass, field
from typing import Any

from game import paths
from game.journal import Journal
from game.review import analysis, store
from game.review.analysis import DealReview, Span
from game.storage import FileProblem, Refused

# The worker takes only a core nothing else wants (`worker`). Off in the tests, whose own frames keep both
# cores of a busy machine and would leave it none.
IDLE = True


@dataclass(frozen=True)
class Target:
    """A finished deal that can be reviewed: the match's journal as far as it went, the deal, and its name
    among the reviews kept (for the budget `deals`)."""

    journal: Journal
    span: Span
    deals: int
    key: str = field(compare=False)

    @classmethod
    def of(cls, journal: Journal, number: int | None = None, deals: int | None = None) -> Target | None:
        """Deal `number` of the match (its last finished deal by default); None if it has none such, or its
        game cannot be reviewed."""
        if not analysis.reviewable(journal.game):
            return None
        copy = Journal(journal.game, journal.setup, list(journal.actions), journal.finished)
        found = analysis.spans(copy)
        chosen = [s for s in found if s.number == number] if number is not None else found[-1:]
        return cls.at(copy, chosen[0], deals) if chosen else None

    @classmethod
    def at(cls, journal: Journal, span: Span, deals: int | None = None) -> Target:
        """The deal `span` of the match whose journal this is (not copied)."""
        budget = analysis.DEALS if deals is None else deals
        return cls(journal, span, budget, store.key(journal, span, budget))

    def others(self) -> list[Target]:
        """Every finished deal of the match, this one among them, with the same budget."""
        return [Target.at(self.journal, span, self.deals) for span in analysis.spans(self.journal)]


class Job:
    """One deal being reviewed by a worker process: its progress (0 to 1) and then its review or its error."""

    def __init__(self, target: Target) -> None:
        self.target = target
        self.progress = 0.0
        self.review: DealReview | None = None
        self.error = ""
        self.cancelled = False
        self.told = False  # its end has been reported (`Reviews.finished`)
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join(p for p in (str(paths.ROOT), env.get("PYTHONPATH", "")) if p)
        flags = getattr(subprocess, "BELOW_NORMAL_PRIORITY_CLASS", 0)  # Windows has no nice
        self.process = subprocess.Popen(
            [sys.executable, "-m", "game.review.worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            encoding="utf-8",
            env=env,
            creationflags=flags,
        )
        self._request = {
            "journal": target.journal.to_json(),
            "deal": target.span.number,
            "deals": target.deals,
            "idle": IDLE,
        }
        self._reader = threading.Thread(target=self._read, name="review", daemon=True)
        self._reader.start()

    @property
    def running(self) -> bool:
        return self.review is None and not self.error and not self.cancelled

    def _read(self) -> None:
        """Sends the request (a long match's journal may fill the pipe: the worker reads it once started),
        then reads the worker's lines until it ends."""
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(json.dumps(self._request) + "\n")
            stdin.close()
        except OSError:  # cancelled before it read its request
            pass
        for line in stdout:
            try:
                said: dict[str, Any] = json.loads(line)
                if "progress" in said:
                    self.progress = min(1.0, max(0.0, float(said["progress"])))
                elif "review" in said:
                    review = store.from_json(said["review"], self.target.journal.game)
                    store.save(self.target.journal, review)
                    self.progress, self.review = 1.0, review
                elif "error" in said:
                    self.error = str(said["error"])
            except (ValueError, TypeError, KeyError, FileProblem, OSError) as exc:
                self.error = f"{type(exc).__name__}: {exc}"
        self.process.wait()
        if self.review is None and not self.error and not self.cancelled:
            self.error = f"the review stopped ({self.process.returncode})"

    def cancel(self) -> None:
        """Stops the worker (this job's own process) and waits for it."""
        self.cancelled = True
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        self._reader.join()

    def wait(self, timeout: float | None = None) -> None:
        """Until the worker has finished, or `timeout` seconds (tests and tools that step frames back to back:
        a loop that never waits holds the interpreter's lock, and the reading thread would never run)."""
        self._reader.join(timeout)


@dataclass
class Reviews:
    """The reviews this window is making or has read, by their name among the reviews kept."""

    jobs: dict[str, Job] = field(default_factory=dict)
    known: dict[str, DealReview] = field(default_factory=dict)

    def find(self, target: Target) -> tuple[DealReview | None, Refused | None]:
        """The deal's review if it is kept (read once), or finished here; a bad file comes back refused
        (kept aside by then: the deal may be reviewed again)."""
        if target.key in self.known:
            return self.known[target.key], None
        job = self.jobs.get(target.key)
        if job is not None and job.review is not None:
            self.known[target.key] = job.review
            return job.review, None
        review, refused = store.load(target.journal, target.span, target.deals)
        if review is not None:
            self.known[target.key] = review
        return review, refused

    def job(self, target: Target) -> Job | None:
        return self.jobs.get(target.key)

    def start(self, target: Target) -> Job:
        """Starts reviewing the deal beside the table (again, after an error or a cancel)."""
        job = self.jobs.get(target.key)
        if job is None or not job.running:
            job = self.jobs[target.key] = Job(target)
        return job

    def cancel(self, target: Target) -> None:
        job = self.jobs.pop(target.key, None)
        if job is not None:
            job.cancel()

    def finished(self) -> list[Job]:
        """The jobs that finished (or failed) since the last call."""
        done = [job for job in self.jobs.values() if not job.running and not job.told]
        for job in done:
            job.told = True
            if job.review is not None:
                self.known[job.target.key] = job.review
        return done

    def settle(self, timeout: float) -> None:
        """Gives a running review's reading thread up to `timeout` seconds (see `Job.wait`)."""
        running = [job for job in self.jobs.values() if job.running]
        if running:
            running[0].wait(timeout)

    def close(self) -> None:
        """The window closes: no review goes on without it."""
        for job in self.jobs.values():
            job.cancel()
        self.jobs.clear()
