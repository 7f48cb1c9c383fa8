"""Where adventures come from and go: the ones Atout ships (`assets/scenarios/`), the player's own, written in
the editor and kept under the data folder (`adventures/`, one file each, saved as the author types, so a
draft survives a crash), and the files players send each other (exported whole, imported only once the
strict reader has taken them).

A draft may be unfinished: it is kept and offered to edit, and offered to play once it reads whole. A file
that is not even a draft's shape is kept aside, never lost, and told, as every player's file is. No pygame.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from game import storage
from game.games.falkenstein import scenario as adventure
from game.games.falkenstein.scenario import Challenge, Ending, Scenario, Text
from game.i18n import Words
from game.paths import SCENARIOS
from game.storage import FileProblem, Refused

FOLDER = "adventures"
SUFFIX = ".json"
MAX_OWN = 200  # adventures read from the folder: more is not a folder the editor filled


def folder() -> Path:
    return storage.data_dir() / FOLDER


def exchange_dir() -> Path:
    """Where an exported adventure is written and where import looks first: ATOUT_EXCHANGE_DIR, or beside
    the data of a data folder chosen by ATOUT_DATA_DIR (tests, portable installs), else the player's
    documents (`Atout` in them), where a file sent by mail is easy to put."""
    chosen = os.environ.get("ATOUT_EXCHANGE_DIR")
    if chosen:
        return Path(chosen)
    if os.environ.get("ATOUT_DATA_DIR"):
        return storage.data_dir() / "exchange"
    from platformdirs import user_documents_dir

    return Path(user_documents_dir()) / "Atout"


@cache
def builtin() -> tuple[Scenario, ...]:
    """The adventures Atout ships, read whole (a broken one is a FileProblem: a fault of ours)."""
    return tuple(adventure.list_scenarios(SCENARIOS))


@dataclass(frozen=True)
class Own:
    """One of the player's adventures: its file, the draft it holds, and what keeps it from being played
    (None: it reads whole)."""

    path: Path
    draft: Scenario
    problem: FileProblem | None


def own(report: list[Refused] | None = None) -> list[Own]:
    """The player's adventures, by file name; a file not of a draft's shape is kept aside and added to
    `report`."""
    found: list[Own] = []
    paths = sorted(folder().glob(f"*{SUFFIX}"))[:MAX_OWN] if folder().is_dir() else []
    for path in paths:
        draft, refused = storage.load(path, adventure.decode, adventure.read_json_file)
        if refused is not None and report is not None:
            report.append(refused)
        if draft is not None:
            problems = adventure.problems(draft)
            found.append(Own(path, draft, problems[0] if problems else None))
    return found


def playable(report: list[Refused] | None = None) -> list[Scenario]:
    """Every adventure that can be played: Atout's, then the player's that read whole."""
    return [*builtin(), *(o.draft for o in own(report) if o.problem is None)]


def save(path: Path, draft: Scenario) -> None:
    """Writes a draft (atomically: a crash leaves this one or the one before)."""
    storage.save_json(path, adventure.to_json(draft))


def new_path(name: str) -> Path:
    """A file for a new adventure named after `name` (an id), never one that exists."""
    base = folder()
    path, n = base / f"{name}{SUFFIX}", 1
    while path.exists():
        n += 1
        path = base / f"{name}-{n}{SUFFIX}"
    return path


def starter(language: str, title: str, ending_titles: tuple[str, str], talent: str, suit: str) -> Scenario:
    """A new adventure in `language`: one challenge leading to a good and a bad ending, all texts to write
    but the titles (the editor words them in the player's language)."""
    good, bad = ending_titles
    challenge = Challenge(
        "c1", Text(), Text(), talent, suit, 3, Text(), Text(), on_success="good", on_failure="bad"
    )
    endings = (
        Ending("good", Text().put(language, good), Text(), True),
        Ending("bad", Text().put(language, bad), Text(), False),
    )
    return Scenario(
        _unused_id(), (language,), Text().put(language, title), Text(), "c1", (challenge,), endings
    )


def _unused_id() -> str:
    taken = {o.draft.id for o in own()} | {s.id for s in builtin()}
    n = 1
    while f"adventure-{n}" in taken:
        n += 1
    return f"adventure-{n}"


def export(scenario: Scenario) -> Path:
    """Writes an adventure that reads whole as one file in the exchange folder; returns where. A FileProblem
    if it does not read whole, an OSError if it cannot be written."""
    adventure.check(scenario)
    path, n = exchange_dir() / f"{scenario.id}{SUFFIX}", 1
    while path.exists():
        n += 1
        path = exchange_dir() / f"{scenario.id}-{n}{SUFFIX}"
    save(path, scenario)
    return path


def take_in(path: Path) -> Own:
    """Reads a file someone sent through the strict reader and keeps a copy among the player's adventures
    (the file itself is left as it is). A FileProblem says why it is refused; an OSError, a write failed."""
    scenario = storage.parse(path, adventure.read, adventure.read_json_file)
    taken = {o.draft.id for o in own()} | {s.id for s in builtin()}
    if scenario.id in taken:
        scenario = replace(scenario, id=_free_id(scenario.id, taken))
    kept = new_path(scenario.id)
    save(kept, scenario)
    return Own(kept, scenario, None)


def _free_id(wanted: str, taken: set[str]) -> str:
    n = 2
    stem = wanted[: adventure.ID_LEN - 4]
    while f"{stem}-{n}" in taken:
        n += 1
    return f"{stem}-{n}"


def offered_files() -> list[Path]:
    """The adventure files waiting in the exchange folder, newest first (import offers them)."""
    base = exchange_dir()
    if not base.is_dir():
        return []
    files = [p for p in base.glob(f"*{SUFFIX}") if p.is_file()]
    return sorted(files, key=lambda p: (-p.stat().st_mtime, p.name))[:50]


def refusal(path: Path, problem: FileProblem) -> Words:
    """'<file> could not be used: <why>.' in the player's language; the file stays where it was."""
    return Refused(path, problem.words).words
