"""Bot clients for the network tests and the load tool: each joins a seat over a real socket and plays a
random legal action whenever its update offers some. Everything is awaited, never slept on."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from typing import Any

from game.journal import new_state
from game.net.client import Client, Closed, Error, NetError, Update
from game.net.server import Server

TIMEOUT = 20.0  # seconds a whole test table may take before it counts as stuck


class Dropped(Exception):
    """The bot's connection is gone."""


async def seated(url: str, code: str, seat: int | str, name: str | None = None) -> Client:
    client = await Client.connect(url)
    await client.join(code, name or f"Bot {seat}", seat)
    return client


async def play(
    client: Client,
    rng: random.Random,
    until: Callable[[Update], bool],
    seen: Callable[[Update], None] = lambda update: None,
) -> list[Error]:
    """Plays the client's seat at random until an update satisfies `until` (each shown to `seen` first);
    the errors it was sent."""
    errors: list[Error] = []
    while True:
        message = await client.next(TIMEOUT)
        if isinstance(message, Closed):
            raise Dropped(str(message))
        if isinstance(message, Error):
            errors.append(message)
        if not isinstance(message, Update):
            continue
        seen(message)
        if until(message):
            return errors
        if message.legal and client.table is not None and message.moves == client.table.moves:
            try:
                await client.act(rng.choice(message.legal))  # only on the latest update: older ones are past
            except NetError as lost:  # (the connection went between the update and the answer)
                raise Dropped(str(lost)) from None


def finished(update: Update) -> bool:
    return update.over


def after(moves: int) -> Callable[[Update], bool]:
    return lambda update: update.over or update.moves >= moves


def replayed_views(server: Server, code: str, moves: int | None = None) -> dict[Any, Any]:
    """Every seat's view of the table after its first `moves` actions (all by default), from its journal
    replayed afresh (not the server's state)."""
    table = server.tables[code]
    state = new_state(table.journal.setup)
    for action in table.journal.actions[:moves]:
        state.apply(action)
    return {seat.id: state.view(seat.id) for seat in table.seats}


def replayed_events(server: Server, code: str, seat: Any) -> list[Any]:
    """Every event of the table from its opening on, as `seat` may see them, from the journal replayed."""
    table = server.tables[code]
    state = new_state(table.journal.setup)
    events = list(getattr(state, "opening", ()))
    for action in table.journal.actions:
        events += state.apply(action)
    return [table.privacy.redact(event, seat) for event in events]


def run(coroutine: Any) -> Any:
    return asyncio.run(asyncio.wait_for(coroutine, TIMEOUT * 2))
