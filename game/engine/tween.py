"""Tweens and easing: every motion at the table is a value moving over time, driven by the frame's dt."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

Ease = Callable[[float], float]


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_cubic(t: float) -> float:
    return t**3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t**3 if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    return 1 + (c1 + 1) * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


@dataclass
class Tween:
    """Calls `apply(eased progress)` every step for `duration` seconds, after an optional delay."""

    duration: float
    apply: Callable[[float], None]
    ease: Ease = ease_out_cubic
    delay: float = 0.0
    on_done: Callable[[], None] | None = None
    tag: str = ""
    elapsed: float = field(default=0.0, init=False)
    done: bool = field(default=False, init=False)

    def step(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        t = self.elapsed - self.delay
        if t < 0:
            return
        progress = 1.0 if self.duration <= 0 else min(1.0, t / self.duration)
        self.apply(self.ease(progress))
        if progress >= 1.0:
            self.finish()

    def finish(self) -> None:
        """Jump to the end (used by 'instant' speed and by skipping)."""
        if self.done:
            return
        self.done = True
        self.apply(self.ease(1.0))
        if self.on_done:
            self.on_done()


class Tweener:
    """Owns running tweens; a scene asks it whether the animations an input depends on are done."""

    def __init__(self) -> None:
        self._tweens: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        self._tweens.append(tween)
        return tween

    def update(self, dt: float) -> None:
        if not self._tweens:
            return
        for tween in list(self._tweens):
            tween.step(dt)
        self._tweens = [t for t in self._tweens if not t.done]

    def busy(self, tag: str | None = None) -> bool:
        return any(tag is None or t.tag == tag for t in self._tweens)

    def finish_all(self) -> None:
        while self._tweens:
            tweens, self._tweens = self._tweens, []
            for tween in tweens:
                tween.finish()
