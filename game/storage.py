"""The player's files on disk: JSON only, written atomically, and read one way for every kind (settings,
characters, the saved match, the history), so a bad file always ends the same: kept aside, never lost,
and told to the player in their language."""

from __future__ import annotations

import json
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from platformdirs import user_config_dir, user_data_dir

from game.i18n import Words

T = TypeVar("T")

MAX_FILE_BYTES = 2_000_000


def config_dir() -> Path:
    """The user's config directory (ATOUT_CONFIG_DIR overrides it, for tests and portable installs)."""
    return Path(os.environ.get("ATOUT_CONFIG_DIR") or user_config_dir("atout", appauthor=False))


def data_dir() -> Path:
    return Path(os.environ.get("ATOUT_DATA_DIR") or user_data_dir("atout", appauthor=False))


def save_json(path: Path, data: Any, indent: int | None = 1) -> None:
    """Writes through a temporary file and a rename, so a crash leaves the old file or the new one.
    `indent=None` writes one line, with the fast encoder, for files rewritten often."""
    save_text(path, json.dumps(data, ensure_ascii=False, indent=indent))


def save_text(path: Path, text: str) -> None:
    """`save_json`'s atomic write, of text already made."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def keep_aside(path: Path) -> Path:
    """Renames a bad file out of the way (never overwritten) and returns its new name."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.bad-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.bad-{stamp}-{n}")
    path.rename(target)
    return target


class FileProblem(Exception):
    """Why a player's file cannot be used: `words` for the interface (`file.problem.<code>` with its values),
    and the English sentence as the exception's text for tools and logs."""

    def __init__(self, code: str, **params: Any) -> None:
        self.words = Words(f"file.problem.{code}", params)
        super().__init__(self.words.text("en"))


@dataclass(frozen=True)
class Refused:
    """A file that could not be used, and where its bytes are now (None: left where it was)."""

    path: Path
    problem: Words
    aside: Path | None = None

    @property
    def words(self) -> Words:
        """'settings.json: <the problem>; kept as settings.json.bad-…': one line naming the file."""
        if self.aside is None:
            return Words("file.refused", {"file": self.path.name, "problem": self.problem})
        return Words(
            "file.kept_aside", {"file": self.path.name, "problem": self.problem, "aside": self.aside.name}
        )


def read_json(path: Path, limit: int = MAX_FILE_BYTES) -> Any:
    """The parsed file: bounded in size (`limit` bytes), UTF-8, JSON; anything else is a FileProblem.
    Nothing is evaluated."""
    return _json(_read(path, limit))


def read_json_lines(path: Path, limit: int) -> tuple[list[Any], bytes]:
    """A file of JSON lines, bounded to `limit` bytes: its values, and its torn end. The first line is written
    with the file, whole (a file without a newline is that one value); every later one is appended, ended by
    a newline, so an unterminated end is an append cut short by a crash, never a line that was complete: it
    is returned apart, not read. A bad line is a FileProblem naming it."""
    raw = _read(path, limit)
    if b"\n" not in raw:
        return [_json(raw)], b""
    *lines, torn = raw.split(b"\n")
    values, at = [], 0
    for number, line in enumerate(lines, 1):
        values.append(_json(line, number, at))
        at += len(line) + 1
    return values, torn


def _read(path: Path, limit: int) -> bytes:
    try:
        with path.open("rb") as f:
            raw = f.read(limit + 1)
    except OSError:
        raise FileProblem("unreadable") from None
    if len(raw) > limit:
        raise FileProblem("too_large", limit=limit)
    if not raw.strip():
        raise FileProblem("empty")
    return raw


def _json(raw: bytes, line: int = 1, at: int = 0) -> Any:
    """The value `raw` holds (line `line` of its file, from byte `at`), or the FileProblem naming why not."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FileProblem("not_utf8", at=at + exc.start) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileProblem("not_json", line=line + exc.lineno - 1) from None
    except RecursionError:
        raise FileProblem("too_deep") from None
    except ValueError:  # the parser's only other refusal: an integer of thousands of digits
        raise FileProblem("not_json_number") from None


def parse(path: Path, decode: Callable[[Any], T], read: Callable[[Path], Any] = read_json) -> T:
    """Reads `path` (with `read`) and checks it with `decode`; every failure, expected or not, is a
    FileProblem, so no exception from a player's file goes further than this."""
    data = read(path)
    try:
        return decode(data)
    except FileProblem:
        raise
    except RecursionError:
        raise FileProblem("too_deep") from None
    except Exception as exc:  # a decoder that missed a case still refuses the file, naming the kind
        raise FileProblem("unexpected", kind=type(exc).__name__) from exc


def load(
    path: Path, decode: Callable[[Any], T], read: Callable[[Path], Any] = read_json
) -> tuple[T | None, Refused | None]:
    """A file Atout looks for itself: (its value, None), (None, None) when absent, or (None, why) after
    keeping the file aside under a new name, so the next launch starts clean and no byte is lost."""
    if not path.exists():
        return None, None
    try:
        return parse(path, decode, read), None
    except FileProblem as exc:
        try:
            aside: Path | None = keep_aside(path)
        except OSError:
            aside = None
        return None, Refused(path, exc.words, aside)
