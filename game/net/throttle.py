"""A bound on guessing table codes (docs/network-protocol.md): a table code is one of about 10⁹, so a stranger
who tries codes from many connections at once is counted by the address they come from, not the connection.
After `limit` wrong codes or tokens within `window` seconds, an address's joins and rejoins are refused as
`too_many_attempts` for `lockout` seconds, the right code too; a few typos stay far below the limit, and a
join that succeeds does not wipe the count (a guesser could seat itself at a table it created).

Memory is bounded: at most `addresses` addresses are remembered, the least recently failed forgotten first.
An IPv6 address counts by its /64 network, which one machine usually holds whole. No I/O, no asyncio: the
server asks `check` before it looks a code up and tells `failed` when the code or token was wrong.
"""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from game.net.protocol import Refusal

LIMIT = 20  # wrong codes or tokens an address may send …
WINDOW = 600.0  # … within this many seconds …
LOCKOUT = 900.0  # … before its joins are refused for this long
ADDRESSES = 10_000  # addresses remembered at most


@dataclass
class _Count:
    since: float  # when the window being counted began
    failures: int = 0
    locked_until: float = 0.0


class JoinThrottle:
    """Counts wrong codes and tokens by remote address; `check` refuses an address that sent too many."""

    def __init__(
        self,
        limit: int = LIMIT,
        window: float = WINDOW,
        lockout: float = LOCKOUT,
        addresses: int = ADDRESSES,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit, self.window, self.lockout, self.addresses = limit, window, lockout, addresses
        self.clock = clock
        self.counts: OrderedDict[str, _Count] = OrderedDict()

    def check(self, address: str) -> None:
        """Refuses (`too_many_attempts`) a join or rejoin from an address locked out now."""
        count = self.counts.get(key(address))
        now = self.clock()
        if count is not None and now < count.locked_until:
            wait = int(count.locked_until - now) + 1
            raise Refusal("too_many_attempts", f"too many wrong table codes from here: try again in {wait} s")

    def failed(self, address: str) -> None:
        """One wrong code or token from `address`; at the limit, the address is locked out."""
        now, name = self.clock(), key(address)
        count = self.counts.pop(name, None)
        if count is None or now - count.since >= self.window:
            count = _Count(now, 0, count.locked_until if count else 0.0)
        count.failures += 1
        if count.failures >= self.limit:
            count.locked_until, count.since, count.failures = now + self.lockout, now, 0
        self.counts[name] = count  # the most recently failed last
        while len(self.counts) > self.addresses:
            self.counts.popitem(last=False)


def key(address: str) -> str:
    """The address a guesser is counted by: an IPv4 address itself, an IPv6 address's /64 network."""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        mapped = parsed.ipv4_mapped
        return str(mapped) if mapped else str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return str(parsed)
