"""A match journal: the setup, the seed and every action taken, enough to replay the match exactly.

Games are deterministic from their setup and actions, so a journal is the whole save. A file is read
as bytes, bounded in size, decoded as UTF-8 and parsed as JSON, then checked field by field and
replayed; whatever is wrong is refused with one line that says what, and nothing is ever evaluated.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game import storage
from game.journal_codec import GAMES, Setup, decode_action, decode_setup, encode_action, encode_setup
from game.rules.falkenstein_session import HOST, FalkensteinGame
from game.scenes.falkenstein_setup import FalkensteinSetup

FORMAT = "atout-journal"
VERSION = 1
# Bumped when a game's rules change what an action does, so an old journal is refused, not misread.
RULES_VERSION = {"falkenstein": 1, "koenigrufen": 1, "twotenjack": 1}
MAX_BYTES = storage.MAX_FILE_BYTES
KEYS = ("format", "version", "rules_version", "game", "setup", "actions", "finished")


class JournalError(ValueError):
    """A journal that cannot be used; the message is one line that says why."""


@dataclass
class Journal:
    game: str
    setup: Setup
    actions: list[Any] = field(default_factory=list)
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules_version": RULES_VERSION[self.game],
            "game": self.game,
            "setup": encode_setup(self.setup),
            "actions": [encode_action(action) for action in self.actions],
            "finished": self.finished,
        }


def from_json(data: Any) -> Journal:
    """The journal a parsed file holds; a wrong shape or version is a ValueError naming it."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not an Atout journal")
    _version(data.get("version"), VERSION, "journal version")
    unknown = sorted(set(data) - set(KEYS))
    missing = [key for key in KEYS if key not in data]
    if unknown or missing:
        raise ValueError(f"unknown field {unknown[0]!r}" if unknown else f"missing field {missing[0]!r}")
    game = data["game"]
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}")
    _version(data["rules_version"], RULES_VERSION[game], f"{game} rules version")
    if not isinstance(data["finished"], bool):
        raise ValueError("finished must be true or false")
    if not isinstance(data["actions"], list):
        raise ValueError("actions must be a list")
    setup = decode_setup(game, data["setup"])
    actions = [decode_action(game, a, f"action {i}") for i, a in enumerate(data["actions"])]
    return Journal(game, setup, actions, data["finished"])


def _version(value: Any, known: int, what: str) -> None:
    if type(value) is not int:
        raise ValueError(f"{what} must be a whole number, not {value!r}"[:120])
    if value > known:
        raise ValueError(f"{what} {value} is newer than this Atout reads ({known})")
    if value != known:
        raise ValueError(f"unknown {what} {value}")


def new_state(setup: Setup) -> Any:
    """The rules state at the start of the match, as the table builds it."""
    if isinstance(setup, FalkensteinSetup):
        return setup.new_game(setup.load_scenario())
    return setup.new_game()


def replay(journal: Journal) -> tuple[Any, int]:
    """The rules state after every action; an illegal action is a ValueError with its index and reason."""
    state = new_state(journal.setup)
    for index, action in enumerate(journal.actions):
        try:
            state.apply(action)
        except ValueError as exc:
            raise ValueError(f"action {index} ({type(action).__name__}) is illegal: {exc}") from None
    return state, len(journal.actions)


def digest(state: Any) -> str:
    """A stable hash of the whole state: every seat's view (the Host's too) and the phase."""
    seats: list[int | str] = list(range(len(state.view(0).hand_sizes)))
    if isinstance(state, FalkensteinGame):
        seats.append(HOST)
    views = [asdict(state.view(seat)) for seat in seats]
    text = json.dumps({"phase": state.phase, "views": views}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def load_journal(path: Path) -> Journal:
    """Reads, checks and replays a journal file; any problem is a JournalError naming the file."""
    try:
        return _load(path)
    except JournalError:
        raise
    except RecursionError:
        raise JournalError(f"{path.name}: nested too deeply") from None
    except (ValueError, TypeError) as exc:
        raise JournalError(f"{path.name}: {_one_line(str(exc))}") from None


def _load(path: Path) -> Journal:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise JournalError(f"{path.name}: too large ({size} bytes; at most {MAX_BYTES})")
        with path.open("rb") as f:
            raw = f.read(MAX_BYTES + 1)
    except OSError as exc:
        raise JournalError(f"{path.name}: cannot be read ({exc.strerror or exc})") from None
    if len(raw) > MAX_BYTES:
        raise JournalError(f"{path.name}: too large (more than {MAX_BYTES} bytes)")
    if not raw.strip():
        raise JournalError(f"{path.name}: empty")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise JournalError(f"{path.name}: not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise JournalError(f"{path.name}: not valid JSON ({exc.msg} at line {exc.lineno})") from None
    except ValueError:  # the only other refusal of the parser: an integer of thousands of digits
        raise JournalError(f"{path.name}: not valid JSON (a number too long)") from None
    journal = from_json(data)
    replay(journal)
    return journal


def _one_line(message: str) -> str:
    return " ".join(message.split())[:300]


def save_journal(path: Path, journal: Journal) -> None:
    """Atomic: a crash at any moment leaves the previous journal or this one, never a broken file."""
    storage.save_json(path, journal.to_json(), indent=None)
