"""One lane for every computer's thinking on a server: a computer thinks in slices of a few milliseconds, and
the slices of all the tables whose computers are thinking go through this lane one at a time, with the
loop's other work — the people's actions, the updates, the joins — run between any two of them.

Without it, each thinking table took its slice at every turn of the loop, so a loop turn held one slice
per thinking table: a stranger's tables of hard computers, each played against as fast as it answers,
made every person's action at every other table wait that many slices at each of its steps. With it, a
person's action waits for one slice at most, however many computers think; the computers share the time
that is left (each thinks longer in wall time when many do), which is the trade a public server wants.
And while people are playing (`crowded`: a person acted within the last second), the lane rests after each
slice so that computers think a third of the loop's time at most (`share`): even a stranger's tables of hard
computers, played against as fast as they answer, leave two thirds to the people (a computer's move then
takes three times its thinking). On a server where nobody else plays, computers think flat out.

Within that third, the computers of one address — its owner's, the tables it opened — think a sixth of the
loop's time at most (`own_share`): a stranger who keeps two tables of hard computers thinking at once takes
half what it took alone, and what it costs a busy machine is bounded per address as its tables are. (The
operator's own tables, a desktop's hosted one, have no owner and no such bound.)
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

SHARE = 1 / 3  # of the loop's time computers may think at most while people play …
OWN_SHARE = 1 / 6  # … and those of one address


class Lane:
    """`await lane.turn(owner)` before each slice, `lane.done()` after it."""

    def __init__(
        self, share: float = SHARE, crowded: Callable[[], bool] = lambda: True, own_share: float = OWN_SHARE
    ) -> None:
        self.share, self.crowded, self.own_share = share, crowded, own_share
        self.waiting: deque[tuple[str, asyncio.Future[None]]] = deque()  # (owner, its turn), in order asked
        self.resting: dict[str, float] = {}  # an owner's next slice waits until then (perf_counter)
        self.busy = False
        self.owner = ""  # the running slice's
        self.began = 0.0  # when the slice running began
        self.wake: asyncio.TimerHandle | None = None  # a look at the waiting once an owner's rest is over

    async def turn(self, owner: str = "") -> None:
        """Returns when it is this slice's turn: at once if the lane is free and its owner has rested."""
        if not self.busy and self._rested(owner, time.perf_counter()):
            self._begin(owner)
            return
        ready = asyncio.get_running_loop().create_future()
        self.waiting.append((owner, ready))
        try:
            await ready
            self._begin(owner)
        except asyncio.CancelledError:
            if ready.done() and not ready.cancelled():
                self._begin(owner)
                self.done()  # (its turn had come: handed on)
            raise

    def done(self) -> None:
        """The slice is over: the next waiting one goes once the loop has turned (its other work first),
        and, while people are playing, the lane has rested for its share and the slice's owner for its own."""
        now = time.perf_counter()
        took = now - self.began
        crowded = self.crowded()
        rest = took * (1 - self.share) / self.share if crowded else 0.0
        if crowded and self.owner:
            self.resting[self.owner] = now + took * (1 - self.own_share) / self.own_share
        asyncio.get_running_loop().call_later(rest, self._hand_on)

    def _begin(self, owner: str) -> None:
        self.busy, self.owner, self.began = True, owner, time.perf_counter()

    def _rested(self, owner: str, now: float) -> bool:
        until = self.resting.get(owner)
        if until is not None and until <= now:
            del self.resting[owner]
            until = None
        return until is None

    def _hand_on(self) -> None:
        self.busy = False
        self._look()

    def _look(self) -> None:
        """Hands the free lane to the first waiting slice whose owner has rested; with none, looks again
        when the first rest is over (a slice asking meanwhile whose owner has rested goes at once)."""
        if self.wake is not None:
            self.wake.cancel()
            self.wake = None
        if self.busy:
            return
        now = time.perf_counter()
        for entry in list(self.waiting):
            owner, ready = entry
            if ready.done():
                self.waiting.remove(entry)
            elif self._rested(owner, now):
                self.waiting.remove(entry)
                self.busy = True
                ready.set_result(None)
                return
        if self.waiting:
            first = min(self.resting[owner] for owner, _ in self.waiting)
            self.wake = asyncio.get_running_loop().call_later(max(0.0, first - now), self._look)
