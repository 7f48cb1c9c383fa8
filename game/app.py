"""The window and the frame loop: input, update, draw, the vintage grain over all, and frame statistics."""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.engine.scene import Scene, SceneManager
from game.locks import Holder
from game.settings import Settings, load_settings, save_settings
from game.ui import drawn, text, widgets
from game.ui.audio import Audio
from game.ui.card_images import CardImages
from game.ui.notice import Notices
from game.ui.vintage import Grain, VintageParams

if TYPE_CHECKING:
    from game.review.job import Reviews

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (960, 540)


class App:
    def __init__(self, size: tuple[int, int] = DEFAULT_SIZE, settings: Settings | None = None) -> None:
        pygame.init()
        text.reset()
        refused = None
        if settings is None:
            settings, refused = load_settings()
        self.settings = settings
        self.windowed_size = size
        self.screen = self._open_window(size, settings.fullscreen)
        pygame.display.set_caption("Atout")
        pygame.key.set_repeat(350, 40)
        i18n.set_language(settings.language)
        self.audio = Audio(settings.volume)
        widgets.click_sound = lambda: self.audio.play("click", 0.6)
        self.cards = CardImages(self.vintage, settings.four_colour)
        text.set_four_colour(settings.four_colour)
        self.grain = Grain(self.screen.get_size())
        self.grain.set_strength(settings.grain)
        self.notices = Notices()
        self.save_path: Path | None = None  # where tables write their journal; None: a saved match of its own
        self.locks = Holder()  # the saved matches and hosted tables this copy of Atout has open
        self.engines: dict[int, str] = {}  # seat -> the command of an engine offered there (`--engine`)
        self.scenes = SceneManager()
        self.frame = 0
        self.running = True
        self.frame_ms: list[float] = []
        self.ai_ms: list[float] = []
        self._reviews: Reviews | None = None
        self._update_scale()
        if refused:
            self.notices.show(i18n.tr("notice.bad_settings", problem=refused.words.text()), 10.0)

    # window -------------------------------------------------------------------------------------
    def _open_window(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(size, pygame.RESIZABLE)

    def _update_scale(self) -> None:
        w, h = self.screen.get_size()
        text.set_scale(min(w / DEFAULT_SIZE[0], h / DEFAULT_SIZE[1]))

    def _resized(self) -> None:
        self._update_scale()
        self.grain.resize(self.screen.get_size())
        self.scenes.relayout_all()

    def resize(self, size: tuple[int, int]) -> None:
        """Sets the window's size as a player dragging its edge would (the tools look at one scene at
        several sizes in one run)."""
        self.windowed_size = size
        self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self._resized()

    def toggle_fullscreen(self) -> None:
        self.apply_settings(self.settings.with_(fullscreen=not self.settings.fullscreen))

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def vintage(self) -> VintageParams:
        s = self.settings
        return VintageParams(s.contrast, s.grain, s.temperature)

    @property
    def reviews(self) -> Reviews:
        """The deals' reviews this window makes beside the table (loaded at the first one asked for)."""
        if self._reviews is None:
            from game.review.job import Reviews

            self._reviews = Reviews()
        return self._reviews

    def _tell_reviews(self) -> None:
        """A review made beside the table is told once it is ready, wherever the player is by then."""
        if self._reviews is None:
            return
        for job in self._reviews.finished():
            span, game = job.target.span, job.target.journal.game
            if job.review is not None:
                self.notices.show(i18n.tr(f"review.ready.{game}", n=span.number), 6.0)
            elif job.error:
                self.notices.show(i18n.tr(f"review.failed.{game}", n=span.number), 8.0)

    # settings -----------------------------------------------------------------------------------
    def apply_settings(self, settings: Settings) -> None:
        """Applies new settings at once and saves them."""
        old = self.settings
        self.settings = settings
        if settings.language != old.language:
            i18n.set_language(settings.language)
        if settings.fullscreen != old.fullscreen:
            self.screen = self._open_window(self.windowed_size, settings.fullscreen)
        self.audio.set_volume(settings.volume)
        self.grain.set_strength(settings.grain)
        self.cards.configure(self.vintage, settings.four_colour)
        text.set_four_colour(settings.four_colour)
        try:
            save_settings(settings)
        except OSError as exc:
            self.notices.show(i18n.tr("notice.cannot_save", problem=str(exc)))
        self._resized()

    def duration(self, seconds: float) -> float:
        """An animation length scaled by the animation-speed setting."""
        return seconds * self.settings.speed_factor

    # loop ---------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
        elif event.type == pygame.VIDEORESIZE and not self.settings.fullscreen:
            w, h = max(MIN_SIZE[0], event.w), max(MIN_SIZE[1], event.h)
            self.windowed_size = (w, h)
            if (w, h) != (event.w, event.h):
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            else:
                screen = pygame.display.get_surface()
                assert screen is not None  # the window being resized is open
                self.screen = screen
            self._resized()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
        else:
            self.scenes.handle(event)

    def step(self, dt: float) -> float:
        """One frame of work (input, update, draw, flip); returns its duration in ms."""
        start = time.perf_counter()
        for event in pygame.event.get():
            self.handle(event)
        self.scenes.update(dt)
        self._tell_reviews()
        self.notices.update(dt)
        self.draw()
        pygame.display.flip()
        self.frame += 1
        return (time.perf_counter() - start) * 1000

    def draw(self) -> None:
        drawn.begin(self.screen)
        self.scenes.draw(self.screen)
        self.grain.draw(self.screen, self.frame)
        self.notices.draw(self.screen)

    def run(
        self,
        first: Scene,
        seconds: float | None = None,
        fps: int = 60,
        on_frame: Callable[[App], None] | None = None,
    ) -> None:
        self.scenes.push(first)
        self.draw()  # builds the caches of the first frame (felt, grain, text) before the clock starts
        gc.collect()
        gc.freeze()  # loading is done: keep the collector off the long-lived objects
        clock = pygame.time.Clock()
        elapsed = 0.0
        dt = 1 / fps
        while self.running and (seconds is None or elapsed < seconds):
            self.frame_ms.append(self.step(dt))
            if on_frame:
                on_frame(self)
            dt = min(clock.tick(fps) / 1000, 0.1)
            elapsed += dt
        self.close()

    def close(self) -> None:
        """The app quits: a table's journal on disk first, then every scene lets go of what it holds."""
        if self.scenes.top:
            self.scenes.top.leave()
        for scene in reversed(self.scenes.stack):
            scene.close()
        self.locks.release_all()
        if self._reviews is not None:
            self._reviews.close()

    def stats(self) -> dict[str, float | int]:
        frames = self.frame_ms[1:] or [0.0]
        ai = self.ai_ms or [0.0]
        return {
            "frame_ms_median": round(statistics.median(frames), 3),
            "frame_ms_p99": round(_percentile(frames, 99), 3),
            "frames": len(self.frame_ms),
            "ai_ms_median": round(statistics.median(ai), 3),
            "ai_ms_p95": round(_percentile(ai, 95), 3),
        }


def _percentile(values: list[float], pct: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(pct / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]
