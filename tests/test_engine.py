"""The engine's timing is game time: delays, sequences and tweens follow the dt they are given."""

import pygame

from game.engine.bus import EventBus
from game.engine.scene import Scene, SceneManager
from game.engine.scheduler import Scheduler
from game.engine.tween import Tween, Tweener, ease_in_out_cubic, ease_out_back, ease_out_cubic, linear


def test_scheduler_runs_jobs_in_time_order_and_reports_busy() -> None:
    s = Scheduler()
    seen: list[str] = []
    s.after(0.5, lambda: seen.append("b"), tag="x")
    s.after(0.2, lambda: seen.append("a"))
    s.update(0.1)
    assert seen == [] and s.busy("x")
    s.update(0.15)
    assert seen == ["a"]
    s.update(0.3)
    assert seen == ["a", "b"] and not s.busy()


def test_sequence_spaces_steps_and_flush_runs_everything() -> None:
    s = Scheduler()
    seen: list[int] = []
    total = s.sequence([(0.1, lambda: seen.append(1)), (0.2, lambda: seen.append(2))])
    assert abs(total - 0.3) < 1e-9
    s.update(0.15)
    assert seen == [1]
    s.flush()
    assert seen == [1, 2]


def test_cancel_drops_tagged_jobs_only() -> None:
    s = Scheduler()
    seen: list[str] = []
    s.after(0.1, lambda: seen.append("keep"))
    s.after(0.1, lambda: seen.append("drop"), tag="think")
    s.cancel("think")
    s.update(1)
    assert seen == ["keep"]


def test_tween_reaches_its_end_exactly_and_calls_back_once() -> None:
    values: list[float] = []
    done: list[bool] = []
    tweens = Tweener()
    tweens.add(Tween(0.3, values.append, linear, delay=0.1, on_done=lambda: done.append(True), tag="cards"))
    tweens.update(0.05)
    assert values == [] and tweens.busy("cards")
    for _ in range(10):
        tweens.update(0.05)
    assert values[-1] == 1.0 and done == [True] and not tweens.busy()
    assert values == sorted(values)


def test_finish_all_jumps_to_the_end() -> None:
    values: list[float] = []
    tweens = Tweener()
    tweens.add(Tween(5.0, values.append))
    tweens.finish_all()
    assert values == [1.0] and not tweens.busy()


def test_easings_start_at_zero_and_end_at_one() -> None:
    for ease in (linear, ease_out_cubic, ease_in_out_cubic, ease_out_back):
        assert abs(ease(0.0)) < 1e-9 and abs(ease(1.0) - 1.0) < 1e-9


def test_bus_delivers_by_type_and_to_catch_all() -> None:
    bus = EventBus()
    ints: list[int] = []
    everything: list[object] = []
    bus.subscribe(int, ints.append)
    bus.subscribe(None, everything.append)
    bus.publish_all([1, "x", 2])
    assert ints == [1, 2] and everything == [1, "x", 2]


class _Probe(Scene):
    def __init__(self, name: str, log: list[str], overlay: bool = False) -> None:
        self.name, self.log, self.overlay = name, log, overlay
        self.scheduler = Scheduler()
        from game.engine.tween import Tweener

        self.tweens = Tweener()

    def enter(self) -> None:
        self.log.append(f"enter {self.name}")

    def leave(self) -> None:
        self.log.append(f"leave {self.name}")

    def handle(self, event: pygame.event.Event) -> None:
        self.log.append(f"event {self.name}")

    def draw(self, surface: pygame.Surface) -> None:
        self.log.append(f"draw {self.name}")


def test_scene_manager_gives_input_to_the_top_and_draws_under_overlays() -> None:
    log: list[str] = []
    m = SceneManager()
    m.push(_Probe("menu", log))
    m.push(_Probe("table", log))
    m.push(_Probe("pause", log, overlay=True))
    log.clear()
    m.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a))
    m.draw(pygame.Surface((10, 10)))
    assert log == ["event pause", "draw table", "draw pause"]
    log.clear()
    m.pop()
    assert log == ["leave pause", "enter table"]
    m.reset(_Probe("menu2", log))
    assert len(m.stack) == 1 and m.top is not None and m.top.name == "menu2"
