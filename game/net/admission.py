"""Who may open what on a server anyone can reach (docs/network-protocol.md, docs/deploying.md): a table is
for people, so a client's `create` must give at least one seat to a person (`no_person`; an operator who
wants tables of computers alone says `--allow-bots`); and what one address holds at once is bounded, so
no stranger fills the server: its connections, the live tables it asked for, the tables it opened within
the last hour, and the computer seats running at its tables. An IPv6 address counts by its /64 network
(`game.net.throttle.key`), which one machine usually holds whole.

A table remembers who asked for it by a mark, not the address: the HMAC of the address with the server's
secret (`secret`, kept in its data folder), so a table's file does not hold a player's address, and the
tables resumed after a restart count against their askers as before. The tables opened within the hour are
kept with the guesses' counts (`saved`, `restore`). No I/O but the secret's file, no asyncio.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import time
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from game.net.protocol import Refusal, TableRequest
from game.net.table_host import OWNER_LENGTH, TableHost
from game.net.throttle import ADDRESSES, key

SECRET = "secret"  # the file of the server's secret, in its data folder


@dataclass
class Quotas:
    """What one address may hold at once."""

    connections: int = 32  # connections open (a household of players, each with a spare)
    arrivals: float = 1.0  # new connections a second on average …
    arrivals_burst: float = 30.0  # … and at once (everyone at a table coming back after a restart)
    tables: int = 8  # live tables it asked for (a club behind one router)
    opened: int = 30  # tables it may open within `window` seconds
    window: float = 3600.0
    computers: int = 6  # computer seats at its live tables (two tables of three, each a person's)
    allow_bots: bool = False  # tables of computers alone may be asked for (an operator's choice)


def secret(data: Path | None) -> bytes:
    """The server's secret: kept in `data` so marks outlive a restart (a new one made the first time), or a
    fresh one for a server that keeps nothing."""
    if data is None:
        return secrets.token_bytes(32)
    path = data / SECRET
    try:
        return bytes.fromhex(path.read_text().strip())
    except (OSError, ValueError):
        made = secrets.token_bytes(32)
        data.mkdir(parents=True, exist_ok=True)
        path.write_text(made.hex() + "\n")
        path.chmod(0o600)
        return made


class Admission:
    """The per-address bounds: `connect`/`disconnect` around a connection, `check_create` before a client's
    table opens, `opened` once it has."""

    def __init__(self, quotas: Quotas, secret: bytes, clock: Callable[[], float] = time.time) -> None:
        self.quotas, self.secret, self.clock = quotas, secret, clock
        self.open: Counter[str] = Counter()  # connections open, by mark
        self.arrived: OrderedDict[str, tuple[float, float]] = OrderedDict()  # (allowance, when), by mark
        self.recent: OrderedDict[str, deque[float]] = OrderedDict()  # when each mark opened its tables

    def owner(self, address: str) -> str:
        """The mark an address's tables carry: its /64 (IPv6) or itself, keyed with the server's secret."""
        digest = hmac.new(self.secret, key(address).encode(), hashlib.sha256).hexdigest()
        return digest[:OWNER_LENGTH]

    def arrive(self, owner: str) -> bool:
        """Takes one new connection from `owner`'s allowance (a token bucket); False when it has none left:
        it is turned away before the handshake, which is what a flood of connections costs most."""
        quotas, now = self.quotas, time.monotonic()
        allowance, then = self.arrived.pop(owner, (quotas.arrivals_burst, now))
        allowance = min(quotas.arrivals_burst, allowance + (now - then) * quotas.arrivals)
        allowed = allowance >= 1.0
        self.arrived[owner] = (allowance - allowed, now)  # the most recent last
        while len(self.arrived) > ADDRESSES:
            self.arrived.popitem(last=False)
        return allowed

    def connect(self, owner: str) -> bool:
        """Counts a new connection of `owner`'s; False (not counted) when it holds as many as it may."""
        if self.open[owner] >= self.quotas.connections:
            return False
        self.open[owner] += 1
        return True

    def disconnect(self, owner: str) -> None:
        self.open[owner] -= 1
        if self.open[owner] <= 0:
            del self.open[owner]

    def check_create(self, owner: str, request: TableRequest, tables: Iterable[TableHost]) -> None:
        """Refuses a table `owner` may not open now: none for people (`no_person`), or one past its bounds
        on live tables, tables opened this hour (`too_many_tables`) or computer seats
        (`too_many_computers`)."""
        quotas = self.quotas
        if not quotas.allow_bots and all(seat.kind != "remote" for seat in request.seats):
            raise Refusal("no_person", "a table here seats at least one person")
        mine = [table for table in tables if table.owner == owner]
        if len(mine) >= quotas.tables:
            raise Refusal("too_many_tables", f"{len(mine)} tables opened from here are open: the most")
        if len(self._recent(owner)) >= quotas.opened:
            raise Refusal("too_many_tables", f"{quotas.opened} tables opened from here within the hour")
        asked = sum(seat.kind == "computer" for seat in request.seats)
        running = sum(table.computers() for table in mine if not table.done)
        if asked and running + asked > quotas.computers:
            raise Refusal("too_many_computers", f"{running} computers play at tables opened from here")

    def opened(self, owner: str) -> None:
        self._recent(owner).append(self.clock())
        self.recent.move_to_end(owner)
        while len(self.recent) > ADDRESSES:
            self.recent.popitem(last=False)

    def _recent(self, owner: str) -> deque[float]:
        """When `owner` opened the tables it opened within the window."""
        times = self.recent.setdefault(owner, deque())
        since = self.clock() - self.quotas.window
        while times and times[0] <= since:
            times.popleft()
        return times

    def saved(self) -> dict[str, list[float]]:
        """The tables opened within the window, by mark, to outlive a restart."""
        return {owner: list(times) for owner in list(self.recent) if (times := self._recent(owner))}

    def restore(self, saved: dict[str, list[float]]) -> None:
        for owner, times in saved.items():
            self.recent[owner] = deque(float(t) for t in times[-self.quotas.opened :])
