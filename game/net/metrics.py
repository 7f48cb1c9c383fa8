"""What a running server tells its operator (`GET /metrics`, docs/deploying.md): its tables and clients, the
actions it carried out and how long one took — from the message read to the update written to every seat's
socket, its journal line synced in between — over the last minute, and the bytes it sent and journalled
(what its network and its disk carry), in the Prometheus text format, which every monitoring system reads.
No I/O, no asyncio: the server counts, `text` words it.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Mapping

WINDOW = 60.0  # seconds the rate and the percentiles look back
KEPT = 100_000  # actions remembered at most for them (1,600 a second for a minute)


class Metrics:
    """Counts kept by the server; `action` once per action carried out, with its seconds."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.actions = 0
        self.sent_messages = 0
        self.sent_bytes = 0  # (the messages' own, not the WebSocket frames' few bytes of heading)
        self.journal_bytes = 0  # appended to the tables' files, or written whole
        self.recent: deque[tuple[float, float]] = deque(maxlen=KEPT)  # (when, seconds)

    def action(self, seconds: float) -> None:
        self.actions += 1
        self.recent.append((self.clock(), seconds))

    def sent(self, size: int) -> None:
        self.sent_messages += 1
        self.sent_bytes += size

    def window(self) -> list[float]:
        """The seconds each action of the last minute took, shortest first."""
        since = self.clock() - WINDOW
        while self.recent and self.recent[0][0] < since:
            self.recent.popleft()
        return sorted(seconds for _, seconds in self.recent)

    def text(self, gauges: Mapping[str, tuple[str, float]], counters: Mapping[str, tuple[str, float]]) -> str:
        """The Prometheus text exposition: `gauges` and `counters` by name (help, value), then the actions'
        rate and percentiles over the last minute."""
        timed = self.window()
        lines: list[str] = []

        def metric(name: str, kind: str, help_text: str, values: list[tuple[str, float]]) -> None:
            lines.extend((f"# HELP {name} {help_text}", f"# TYPE {name} {kind}"))
            lines.extend(f"{name}{labels} {_number(value)}" for labels, value in values)

        for name, (help_text, value) in gauges.items():
            metric(name, "gauge", help_text, [("", value)])
        for name, (help_text, value) in counters.items():
            metric(name, "counter", help_text, [("", value)])
        metric("atout_actions_total", "counter", "Actions carried out since the start.", [("", self.actions)])
        for name, help_text, value in (
            ("atout_sent_messages_total", "Messages sent to clients.", self.sent_messages),
            ("atout_sent_bytes_total", "Bytes of the messages sent.", self.sent_bytes),
            ("atout_journal_bytes_total", "Bytes written to the tables' files.", self.journal_bytes),
        ):
            metric(name, "counter", help_text, [("", value)])
        rate = len(timed) / WINDOW
        metric("atout_actions_per_second", "gauge", "Actions a second over the last minute.", [("", rate)])
        quantiles = [(f'{{quantile="{q}"}}', _percentile(timed, q)) for q in ("0.5", "0.99")]
        metric(
            "atout_action_seconds",
            "summary",
            "From an action read to its update written to every seat, over the last minute.",
            [*quantiles, ("_count", len(timed)), ("_sum", sum(timed))],
        )
        return "\n".join(lines) + "\n"


def _percentile(ordered: list[float], share: str) -> float:
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(float(share) * len(ordered)))]


def _number(value: float) -> str:
    return "NaN" if value != value else repr(round(value, 6)) if isinstance(value, float) else str(value)
