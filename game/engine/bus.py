"""A small publish/subscribe bus: domain events reach animations, sounds and the log without coupling."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import Any

Handler = Callable[[Any], None]


class EventBus:
    def __init__(self) -> None:
        self._handlers: dict[type, list[Handler]] = defaultdict(list)
        self._any: list[Handler] = []

    def subscribe(self, kind: type | None, handler: Handler) -> None:
        """Subscribes to one event class, or to every event with `kind=None`."""
        if kind is None:
            self._any.append(handler)
        else:
            self._handlers[kind].append(handler)

    def publish(self, event: Any) -> None:
        for handler in self._handlers.get(type(event), ()):
            handler(event)
        for handler in self._any:
            handler(event)

    def publish_all(self, events: list[Any]) -> None:
        for event in events:
            self.publish(event)
