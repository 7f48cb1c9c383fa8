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
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import Callable

SHARE = 1 / 3  # of the loop's time computers may think at most while people play


class Lane:
    """`await lane.turn()` before each slice, `lane.done()` after it."""

    def __init__(self, share: float = SHARE, crowded: Callable[[], bool] = lambda: True) -> None:
        self.share, self.crowded = share, crowded
        self.waiting: deque[asyncio.Future[None]] = deque()
        self.busy = False
        self.began = 0.0  # when the slice running began

    async def turn(self) -> None:
        """Returns when it is this slice's turn: at once if the lane is free."""
        if not self.busy:
            self.busy, self.began = True, time.perf_counter()
            return
        ready = asyncio.get_running_loop().create_future()
        self.waiting.append(ready)
        try:
            await ready
            self.began = time.perf_counter()
        except asyncio.CancelledError:
            if ready.done() and not ready.cancelled():
                self.began = time.perf_counter()
                self.done()  # (its turn had come: handed on)
            raise

    def done(self) -> None:
        """The slice is over: the next waiting one goes once the loop has turned (its other work first),
        and, while people are playing, the lane has rested for its share."""
        rest = (time.perf_counter() - self.began) * (1 - self.share) / self.share if self.crowded() else 0.0
        asyncio.get_running_loop().call_later(rest, self._next)

    def _next(self) -> None:
        while self.waiting:
            ready = self.waiting.popleft()
            if not ready.done():
                ready.set_result(None)
                return
        self.busy = False
