"""Delays and sequences in game time (the frame's dt), so speed settings and tests control all timing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class _Job:
    at: float
    fn: Callable[[], None]
    tag: str
    order: int = field(default=0)


class Scheduler:
    """Runs callbacks after delays; `busy(tag)` tells whether something tagged is still pending."""

    def __init__(self) -> None:
        self.now = 0.0
        self._jobs: list[_Job] = []
        self._order = 0

    def after(self, delay: float, fn: Callable[[], None], tag: str = "") -> None:
        self._order += 1
        self._jobs.append(_Job(self.now + max(0.0, delay), fn, tag, self._order))

    def sequence(self, steps: list[tuple[float, Callable[[], None]]], tag: str = "") -> float:
        """Schedules (gap, fn) steps one after another; returns the total length."""
        total = 0.0
        for gap, fn in steps:
            total += gap
            self.after(total, fn, tag)
        return total

    def update(self, dt: float) -> None:
        self.now += dt
        while True:
            due = [j for j in self._jobs if j.at <= self.now]
            if not due:
                return
            job = min(due, key=lambda j: (j.at, j.order))
            self._jobs.remove(job)
            job.fn()

    def busy(self, tag: str | None = None) -> bool:
        return any(tag is None or j.tag == tag for j in self._jobs)

    def cancel(self, tag: str) -> None:
        self._jobs = [j for j in self._jobs if j.tag != tag]

    def flush(self) -> None:
        """Runs every pending job now, in order (for 'instant' animation speed)."""
        while self._jobs:
            job = min(self._jobs, key=lambda j: (j.at, j.order))
            self._jobs.remove(job)
            self.now = max(self.now, job.at)
            job.fn()
