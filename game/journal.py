"""A match journal: the setup, the seed and every action taken, enough to replay the match exactly.

Games are deterministic from their setup and actions, so a journal is the whole save. A file is read the
way every player's file is (`storage.parse`), then checked field by field and replayed; whatever is wrong
is a FileProblem that says what, in the player's language, and nothing is ever evaluated.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from game import schema, storage
from game.i18n import Words, has
from game.journal_codec import decode_action, encode_action
from game.registry import GAMES, spec
from game.rules.errors import IllegalAction
from game.storage import FileProblem

FORMAT = "atout-journal"
VERSION = 1
KEYS = ("format", "version", "rules_version", "game", "setup", "actions", "finished")
MAX_ACTIONS = 100_000  # a hundred long deals hold a few thousand


@dataclass
class Journal:
    game: str
    setup: Any  # the game's setup type (`GameSpec.setup_type`)
    actions: list[Any] = field(default_factory=list)
    finished: bool = False
    _encoded: tuple[Any, Any] | None = field(default=None, init=False, repr=False, compare=False)

    def encoded_setup(self) -> Any:
        """The setup as JSON, encoded once: the autosave writes the journal after every action, and a
        setup can be large (a whole Königrufen rule profile)."""
        if self._encoded is None or self._encoded[0] is not self.setup:
            self._encoded = (self.setup, spec(self.game).encode_setup(self.setup))
        return self._encoded[1]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "rules_version": spec(self.game).rules_version,
            "game": self.game,
            "setup": self.encoded_setup(),
            "actions": [encode_action(action) for action in self.actions],
            "finished": self.finished,
        }


def from_json(data: Any) -> Journal:
    """The journal a parsed file holds, every field checked; a FileProblem names what is wrong."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FileProblem("not_a_journal")
    schema.obj(data, schema.ROOT, dict.fromkeys(KEYS, _checked))  # every field there, and no other
    _version(data["version"], VERSION, "version")
    game = schema.choice(tuple(GAMES))(data["game"], "game")
    _version(data["rules_version"], spec(game).rules_version, "rules_version")
    fields = schema.obj(
        data,
        schema.ROOT,
        {
            **dict.fromkeys(KEYS, _checked),
            "setup": lambda setup, where: spec(game).decode_setup(setup),
            "actions": schema.items(
                lambda action, where: decode_action(game, action, str(where)), 0, MAX_ACTIONS
            ),
            "finished": schema.boolean,
        },
    )
    return Journal(game, fields["setup"], list(fields["actions"]), fields["finished"])


def _checked(value: Any, where: schema.Where) -> Any:
    """A field checked on its own (the versions and the game come first: they say how to read the rest)."""
    return value


def _version(value: Any, known: int, where: str) -> None:
    schema.integer(0, 2**31)(value, where)
    if value > known:
        raise FileProblem("newer_version", where=where, found=value, known=known)
    if value != known:
        raise FileProblem("not_one_of", where=where, options=known, value=value)


def new_state(setup: Any) -> Any:
    """The rules state at the start of a match, as its table builds it."""
    return spec(setup.game).new_state(setup)


def replay(journal: Journal, events: list[Any] | None = None) -> tuple[Any, int]:
    """The rules state after every action (and, into `events`, every event they made); an action the rules
    refuse is a FileProblem with its index and the rules' reason."""
    state = new_state(journal.setup)
    for index, action in enumerate(journal.actions):
        try:
            made = state.apply(action)
            if events is not None:
                events.extend(made)
        except ValueError as exc:
            reason = (
                Words(f"illegal.{exc.code}", dict(exc.params))
                if isinstance(exc, IllegalAction) and has(f"illegal.{exc.code}")
                else Words("file.problem.against_rules")
            )
            raise FileProblem("illegal_action", index=index, reason=reason) from None
    return state, len(journal.actions)


def digest(game: str, state: Any) -> str:
    """A stable hash of the whole state: every seat's view (the Host's too) and the phase."""
    views = [asdict(state.view(seat)) for seat in spec(game).view_seats(state)]
    text = json.dumps({"phase": state.phase, "views": views}, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def decode(data: Any) -> Journal:
    """A parsed file's journal, checked and replayed: a journal whose actions the rules refuse is refused."""
    journal = from_json(data)
    replay(journal)
    return journal


def load_journal(path: Path) -> Journal:
    """Reads, checks and replays a journal file; any problem is a storage.FileProblem. The file stays where
    it is: a caller that found it itself keeps it aside with `storage.load(path, decode)`."""
    return storage.parse(path, decode)


def save_journal(path: Path, journal: Journal) -> None:
    """Atomic: a crash at any moment leaves the previous journal or this one, never a broken file."""
    storage.save_json(path, journal.to_json(), indent=None)
