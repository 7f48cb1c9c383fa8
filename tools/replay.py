"""Checks a saved match: `python tools/replay.py FILE` validates and replays it, and prints one JSON line
with the game, the number of actions and a digest of the resulting state; exit code 2 and one line on
stderr when anything is wrong, never a traceback."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("replay: usage: python tools/replay.py FILE", file=sys.stderr)
        return 2
    from game.journal import digest, load_journal, replay
    from game.storage import FileProblem

    try:
        journal = load_journal(Path(argv[0]))
    except FileProblem as exc:  # every problem of the file, named in one line
        print(f"replay: {Path(argv[0]).name}: {exc}", file=sys.stderr)
        return 2
    state, count = replay(journal)
    print(
        json.dumps(
            {"ok": True, "game": journal.game, "actions": count, "digest": digest(journal.game, state)}
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
