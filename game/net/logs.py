"""The server's log as an operator's tools read it: one JSON object a line (`atout serve`'s default), with
the time, the level, the message, and the fields a record was given as `extra` (`event`, `table`, …), so a
log collector can count refusals or follow one table without parsing sentences; or plain text for a person
at a terminal.
"""

from __future__ import annotations

import json
import logging
import sys
import time

STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "taskName"}


class JsonLines(logging.Formatter):
    """One record as one line of JSON: time (UTC, ISO 8601), level, logger, message, its extra fields,
    and the exception's text if it has one."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
        line = {
            "time": f"{stamp}.{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        line |= {name: value for name, value in vars(record).items() if name not in STANDARD}
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def configure(form: str, level: int = logging.INFO) -> None:
    """The root logger writes to standard error, as JSON lines (`form` "json") or text; the WebSocket
    library's only from warnings on (the server logs what matters of a connection itself)."""
    handler = logging.StreamHandler(sys.stderr)
    if form == "json":
        handler.setFormatter(JsonLines())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    logging.getLogger("websockets").setLevel(max(level, logging.WARNING))  # (a line a connection: too many)
