"""The finished matches kept in the data directory's history, as the History screen lists them.

Each file is a match journal; it is read with the same strict loader as a save and replayed, so the
list shows what the rules say (final totals, winners), never what a file claims. A file that cannot be
used is kept aside under another name (never deleted, never overwritten) and listed as unreadable.
No pygame here: the list is plain data, and the screen words it.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import storage
from game.autosave import HISTORY_KEPT, HISTORY_NAME, Autosave, history_files
from game.game_spec import Summary
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.i18n import Words
from game.journal import Journal, from_json, new_state, replay
from game.registry import GAMES, spec
from game.seating import CardTableSetup, SeatPlayer


@dataclass(frozen=True)
class Entry:
    """One finished match (or one unreadable file, when `refused` says why)."""

    path: Path
    when: float  # seconds since the epoch: when the match finished
    game: str  # "" when not even the file name tells
    summary: Summary | None = None  # what the replayed match says
    refused: storage.Refused | None = None  # why the file is unreadable, and where it was kept

    @property
    def readable(self) -> bool:
        return self.refused is None


# (path, size, mtime) -> entry: a match replays once per run of the app, not at every visit
_cache: dict[tuple[str, int, int], Entry] = {}


def entries(limit: int = HISTORY_KEPT) -> list[Entry]:
    """The newest `limit` history files, newest first; unreadable ones are kept aside and listed."""
    found: list[Entry] = []
    for path in reversed(history_files()):
        if len(found) >= limit:
            break
        found.append(entry(path))
    return found


def entry(path: Path) -> Entry:
    """The summary of one history file; a bad one is kept aside and comes back with its problem."""
    try:
        info = path.stat()
    except OSError:
        unreadable = storage.Refused(path, Words("file.problem.unreadable"))
        return Entry(path, time.time(), _game_of_name(path), refused=unreadable)
    key = (str(path), info.st_size, info.st_mtime_ns)
    cached = _cache.get(key)
    if cached is not None:
        return cached
    when = _when(path, info.st_mtime)
    found, refused = storage.load(path, lambda data: _summary(path, when, from_json(data)))
    if refused is not None:
        return Entry(path, when, _game_of_name(path), refused=refused)
    assert found is not None
    _cache[key] = found
    return found


def _when(path: Path, mtime: float) -> float:
    """The finishing time written in the name (local time), else the file's own time."""
    match = HISTORY_NAME.match(path.name)
    if match:
        try:
            return time.mktime(time.strptime(match.group(1), "%Y%m%d-%H%M%S"))
        except (ValueError, OverflowError):
            pass
    return mtime


def _game_of_name(path: Path) -> str:
    match = HISTORY_NAME.match(path.name)
    return match.group(2) if match and match.group(2) in GAMES else ""


def _summary(path: Path, when: float, journal: Journal) -> Entry:
    state, _ = replay(journal)
    return Entry(path, when, journal.game, spec(journal.game).summary(journal.setup, state))


# --- matches played to the history through the rules (tests, the monkey, the screenshot tool) -----------


def record_match(setup: Any, seed: int, stop_after: int | None = None) -> None:
    """Plays a match with random legal actions, autosaved action by action as a table does, so it
    ends in the history: at its end, or ended by the players after `stop_after` actions."""
    rng = random.Random(seed)
    state = new_state(setup)
    save = Autosave(Journal(setup.game, setup))
    while not state.is_over and (stop_after is None or len(save.journal.actions) < stop_after):
        action = rng.choice(state.legal_actions())
        state.apply(action)
        save.add(action, state.is_over)
    save.finish()


def demo_history(seed: int = 1) -> None:
    """A few finished matches of each game in the history, spread over the last days."""
    from game.games.falkenstein.adventures import builtin
    from game.games.falkenstein.data import HEROES

    names = ("Clara", "Anton", "Berta", "Carl", "Dora", "Emil")
    before = {p.name for p in history_files()}
    setups: list[tuple[Any, int | None]] = [
        (_card_setup("twotenjack", names[:3], seed), None),
        (_card_setup("koenigrufen", names[:4], seed + 1), None),
        (FalkensteinSetup("solo", (SeatSetup(HEROES[0], names[0]),), None, "", seed, builtin()[0]), None),
        (_card_setup("twotenjack", names[:5], seed + 2), None),
        (
            FalkensteinSetup(
                "hotseat", tuple(SeatSetup(h, n) for h, n in zip(HEROES[1:3], names[3:5], strict=True)), None
            ),
            9,
        ),
        (_card_setup("koenigrufen", names[2:6], seed + 3), None),
    ]
    for i, (setup, stop) in enumerate(setups):
        record_match(setup, seed + i, stop)
    made = [p for p in history_files() if p.name not in before]
    now = time.time()
    for age, path in enumerate(reversed(made)):  # the newest stays now; the others, hours to days ago
        when = now - age * (7 * 3600 + 1234 * (age % 3))
        target = path.with_name(f"{time.strftime('%Y%m%d-%H%M%S', time.localtime(when))}-{path.name[16:]}")
        if not target.exists():
            os.replace(path, target)


def _card_setup(game: str, names: tuple[str, ...], seed: int) -> CardTableSetup:
    return CardTableSetup(game, tuple(SeatPlayer(name, i == 0) for i, name in enumerate(names)), seed)
