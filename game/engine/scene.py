"""Scenes and the manager that stacks them: menu, tables, overlays such as the pause menu."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.engine.scheduler import Scheduler
from game.engine.tween import Tweener

if TYPE_CHECKING:
    from game.app import App


class Scene:
    """One screen of the app; owns its own timers and tweens so leaving a scene stops its motion."""

    name = "scene"
    overlay = False  # an overlay draws over the scene beneath it

    def __init__(self, app: App) -> None:
        self.app = app
        self.scheduler = Scheduler()
        self.tweens = Tweener()

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (again)."""

    def leave(self) -> None:
        """Called when the scene stops being the top of the stack."""

    def close(self) -> None:
        """Called when the app closes with the scene on the stack: lets go of what others depend on (a
        table this machine hosts)."""

    def relayout(self) -> None:
        """Rebuilds what depends on the window size or the language."""

    def handle(self, event: pygame.event.Event) -> None:
        """Receives every input event while the scene is on top."""

    def update(self, dt: float) -> None:
        self.tweens.update(dt)
        self.scheduler.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        """Draws the whole scene (an overlay draws only itself)."""


class SceneManager:
    """A stack of scenes; only the top one gets input and updates."""

    def __init__(self) -> None:
        self.stack: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def push(self, scene: Scene) -> None:
        if self.top:
            self.top.leave()
        self.stack.append(scene)
        scene.relayout()
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.leave()
        if self.top:
            self.top.relayout()
            self.top.enter()
        return scene

    def replace(self, scene: Scene) -> None:
        """Swaps the top scene for another (menu → table, table → score)."""
        if self.stack:
            self.stack.pop().leave()
        self.stack.append(scene)
        scene.relayout()
        scene.enter()

    def reset(self, scene: Scene) -> None:
        """Clears the stack back to one scene (leave a table for the menu)."""
        while self.stack:
            self.stack.pop().leave()
        self.push(scene)

    def relayout_all(self) -> None:
        for scene in self.stack:
            scene.relayout()

    def handle(self, event: pygame.event.Event) -> None:
        if self.top:
            self.top.handle(event)

    def update(self, dt: float) -> None:
        if self.top:
            self.top.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].overlay:
            first -= 1
        for scene in self.stack[first:]:
            scene.draw(surface)
