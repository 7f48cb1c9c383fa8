"""The process that reviews one deal beside the table: `python -m game.review.worker` reads its request (the
journal, the deal's number, the worlds a decision) as one JSON line on stdin, works only on a core the window
does not want unless told otherwise (Linux's idle class: measured, a nice of 10 still doubled the table's
worst frames), and writes JSON lines on stdout: `{"progress": p}` as it goes (0 to 1), then `{"review": …}`
(the review file's contents) or `{"error": "…"}`. It stops when the window that started it is gone."""

from __future__ import annotations

import contextlib
import json
import os
import sys
from typing import IO, Any

from game.journal import from_json, replay
from game.review import store
from game.review.analysis import Reviewer

SLICE_MS = 100.0  # work between two looks at the window's process and the progress
EVERY = 0.01  # the least change of progress worth a line


def run(request: dict[str, Any], out: IO[str], parent: int | None = None) -> int:
    """Reviews the requested deal, telling `out` how far it is; stops early once `parent` is gone."""
    journal = from_json(request["journal"])
    replay(journal)  # checked as every journal is: a refused action is a FileProblem
    reviewer = Reviewer(journal, int(request["deal"]), int(request["deals"]))
    said = -1.0
    while not reviewer.step(SLICE_MS):
        if parent is not None and os.getppid() != parent:
            return 1  # orphaned: nobody waits for this review
        if reviewer.progress - said >= EVERY:
            said = reviewer.progress
            _say(out, {"progress": round(said, 4)})
    _say(out, {"review": store.to_json(reviewer.result)})
    return 0


def _say(out: IO[str], line: dict[str, Any]) -> None:
    out.write(json.dumps(line, separators=(",", ":")) + "\n")
    out.flush()


def _lower_priority() -> None:
    """The window's frames come first: this process takes what the machine has left (Linux: only a core
    nothing else wants; elsewhere the lowest priority)."""
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
            return
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(19)


def main() -> int:
    parent = os.getppid()
    try:
        request = json.loads(sys.stdin.readline())
        if request.get("idle", True):
            _lower_priority()
        return run(request, sys.stdout, parent)
    except BrokenPipeError:
        return 1  # the window went away while this was telling it something
    except Exception as exc:  # one line the window can tell, never a traceback it cannot read
        _say(sys.stdout, {"error": f"{type(exc).__name__}: {exc}"})
        return 2


if __name__ == "__main__":
    sys.exit(main())
