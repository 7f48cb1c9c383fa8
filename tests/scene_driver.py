"""Drives the real app headless with real input events (shared by the scene tests)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.app import App
from game.ui import drawn as record
from game.ui import text

DT = 1 / 60
WAIT = 1 / 20  # a frame while waiting: game time passes as in play, drawn 20 times a second, not 60


def step(app: App, seconds: float = DT) -> None:
    for _ in range(max(1, round(seconds / DT))):
        app.step(DT)


def key(app: App, k: int, unicode: str = "", mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=unicode, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=unicode, scancode=0))
    app.step(DT)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    app.step(DT)


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 6) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    app.step(DT)
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
        app.step(DT)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step(DT)


def wait_until(app: App, condition, seconds: float = 30.0, dt: float = WAIT) -> None:  # type: ignore[no-untyped-def]
    """Steps game time, `dt` a frame, until `condition()` holds; fails after `seconds` of game time."""
    for _ in range(round(seconds / dt)):
        if condition():
            return
        app.step(dt)
    raise AssertionError(f"condition not reached within {seconds} s of game time")


def drawn(app: App, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text drawn in one frame."""
    seen: list[str] = []
    original = text.draw

    def spy(surface: pygame.Surface, words: str, *args: Any, **kwargs: Any) -> pygame.Rect:
        seen.append(words)
        return original(surface, words, *args, **kwargs)

    monkeypatch.setattr(text, "draw", spy)
    step(app)
    monkeypatch.setattr(text, "draw", original)
    return seen


def frame_drawn(app: App) -> list[tuple[Any, ...]]:
    """One frame (drawn now, recording on): its lines of text and the opaque things laid down (cards, backs,
    panels, portraits), each where it is, bottom first; the notices over the scene left out. What two
    tables must share to look alike."""
    step(app)
    told = {line for message, _ in app.notices.items for line in message.split("\n")}
    seen: list[tuple[Any, ...]] = []
    for element in record.elements(app.screen):
        if isinstance(element, record.Text) and not any(element.words in line for line in told):
            seen.append(("text", element.words, tuple(element.ink())))
        elif isinstance(element, record.Cover):
            seen.append(("cover", element.what, tuple(element.rect)))
    return seen
