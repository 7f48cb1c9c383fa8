"""A bound on guessing table codes (docs/network-protocol.md): a table code is one of about 10⁹, so a stranger
who tries codes from many connections at once is counted by the address they come from, not the connection,
and one with many addresses by the network they share. After `limit` wrong codes or tokens from an address
(`network_limit` from its network) within `window` seconds, its joins and rejoins are refused as
`too_many_attempts` for `lockout` seconds, the right code too; a few typos stay far below the limits, and a
join that succeeds does not wipe the count (a guesser could seat itself at a table it created). A table sent
`table_limit` wrong tokens refuses, for the lockout, the rejoins of every address that sent it one, whatever
their networks: its own players, who never did, come back as before.

Memory is bounded: at most `addresses` counts are kept, the least recently failed forgotten first. An IPv6
address counts by its /64 network, which one machine usually holds whole. The clock is the wall's, so the
counts can be saved and outlive a restart (`saved`, `restore`). No I/O, no asyncio: the server asks `check`
before it looks a code up and tells `failed` when the code or token was wrong.
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from game.net.protocol import Refusal

LIMIT = 20  # wrong codes or tokens an address may send …
NETWORK_LIMIT = 30  # … or the addresses of one network (IPv4 /24, IPv6 /48) together …
TABLE_LIMIT = 10  # … or wrong tokens a table may be sent (then its guessers' rejoins are refused) …
WINDOW = 600.0  # … within this many seconds …
LOCKOUT = 900.0  # … before their joins are refused for this long
ADDRESSES = 10_000  # counts remembered at most


@dataclass
class _Count:
    since: float  # when the window being counted began
    failures: int = 0
    locked_until: float = 0.0


class JoinThrottle:
    """Counts wrong codes and tokens by remote address, by its network, and wrong tokens by table; `check`
    refuses an address that sent too many, or whose network did, or that guessed at a table guessed at too
    often (the table's own players, who never sent it a wrong token, still rejoin it)."""

    def __init__(
        self,
        limit: int = LIMIT,
        window: float = WINDOW,
        lockout: float = LOCKOUT,
        addresses: int = ADDRESSES,
        clock: Callable[[], float] = time.time,
        network_limit: int = NETWORK_LIMIT,
        table_limit: int = TABLE_LIMIT,
    ) -> None:
        self.limit, self.window, self.lockout, self.addresses = limit, window, lockout, addresses
        self.network_limit, self.table_limit = network_limit, table_limit
        self.clock = clock
        self.counts: OrderedDict[str, _Count] = OrderedDict()

    def check(self, address: str, table: str | None = None) -> None:
        """Refuses (`too_many_attempts`) a join or rejoin from an address locked out now."""
        now, name = self.clock(), key(address)
        names = [f"a {name}", f"n {network(address)}"]
        if table is not None and f"p {table} {name}" in self.counts:
            names.append(f"t {table}")  # a table guessed at refuses only those who guessed there
        for locked in names:
            count = self.counts.get(locked)
            if count is not None and now < count.locked_until:
                wait = int(count.locked_until - now) + 1
                raise Refusal(
                    "too_many_attempts", f"too many wrong table codes from here: try again in {wait} s"
                )

    def failed(self, address: str, table: str | None = None) -> None:
        """One wrong code (`table` None) or a wrong token at `table` from `address`; at a limit, the
        address, its network or the table's guessers are locked out."""
        name = key(address)
        self._count(f"a {name}", self.limit)
        self._count(f"n {network(address)}", self.network_limit)
        if table is not None:
            self._count(f"t {table}", self.table_limit)
            self._count(f"p {table} {name}", 1 << 30)  # (who guessed there, for as long as remembered)

    def _count(self, name: str, limit: int) -> None:
        now = self.clock()
        count = self.counts.pop(name, None)
        if count is None or now - count.since >= self.window:
            count = _Count(now, 0, count.locked_until if count else 0.0)
        count.failures += 1
        if count.failures >= limit:
            count.locked_until, count.since, count.failures = now + self.lockout, now, 0
        self.counts[name] = count  # the most recently failed last
        while len(self.counts) > self.addresses:
            self.counts.popitem(last=False)

    def saved(self) -> dict[str, list[float]]:
        """The lockouts still running and the counts still in their window, to outlive a restart (the
        clock is the wall's: a restart keeps every limit)."""
        now = self.clock()
        return {
            name: [count.since, count.failures, count.locked_until]
            for name, count in self.counts.items()
            if now < count.locked_until or now - count.since < self.window
        }

    def restore(self, saved: dict[str, list[float]]) -> None:
        for name, (since, failures, locked_until) in saved.items():
            self.counts[name] = _Count(since, int(failures), locked_until)
        while len(self.counts) > self.addresses:
            self.counts.popitem(last=False)


def key(address: str) -> str:
    """The address a guesser is counted by: an IPv4 address itself, an IPv6 address's /64 network."""
    return _prefix(address, 32, 64)


def network(address: str) -> str:
    """The network an address belongs to, for limits on many neighbouring addresses: IPv4 /24, IPv6 /48."""
    return _prefix(address, 24, 48)


def _prefix(address: str, ipv4: int, ipv6: int) -> str:
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        parsed = parsed.ipv4_mapped
    bits = ipv6 if isinstance(parsed, ipaddress.IPv6Address) else ipv4
    if bits == parsed.max_prefixlen:
        return str(parsed)
    return str(ipaddress.ip_network((parsed, bits), strict=False))
