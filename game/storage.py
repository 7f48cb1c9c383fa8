"""Settings and saves on disk: JSON only, written atomically, and a bad file is kept aside, never lost."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir, user_data_dir

MAX_FILE_BYTES = 2_000_000


def config_dir() -> Path:
    """The user's config directory (ATOUT_CONFIG_DIR overrides it, for tests and portable installs)."""
    return Path(os.environ.get("ATOUT_CONFIG_DIR") or user_config_dir("atout", appauthor=False))


def data_dir() -> Path:
    return Path(os.environ.get("ATOUT_DATA_DIR") or user_data_dir("atout", appauthor=False))


def save_json(path: Path, data: Any, indent: int | None = 1) -> None:
    """Writes through a temporary file and a rename, so a crash leaves the old file or the new one.
    `indent=None` writes one line, with the fast encoder, for files rewritten often."""
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=False, indent=indent)
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


class BadFile(Exception):
    """A file that exists but cannot be used; the message says why, for the player."""


def load_json(path: Path) -> Any | None:
    """Returns the parsed file, None if absent; raises BadFile (after keeping it aside) if unusable."""
    if not path.exists():
        return None
    try:
        if path.stat().st_size > MAX_FILE_BYTES:
            raise ValueError(f"larger than {MAX_FILE_BYTES} bytes")
        text = path.read_text(encoding="utf-8")
        return json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError, OSError) as exc:
        aside = keep_aside(path)
        raise BadFile(f"{path.name}: {exc}; kept as {aside.name}") from exc


def set_aside(path: Path, reason: str) -> BadFile:
    """For a file that parsed but has the wrong shape: keep it aside and describe the problem."""
    aside = keep_aside(path)
    return BadFile(f"{path.name}: {reason}; kept as {aside.name}")
