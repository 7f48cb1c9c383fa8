"""Random input for the real app, headless: clicks, drags, keys, text, resizes and focus loss, steered
through every scene, so that no sequence of input can crash Atout unnoticed.

`python tools/monkey.py [--events N] [--seed S]` prints one JSON line `{"events": ..., "exceptions": ...,
"restarts": ..., "scenes_visited": [...], "languages": [...]}` and exits 1 when any exception escaped
`App.step` (each one's traceback goes to stderr with the events that led to it, and the app is rebuilt
so the run goes on). The app runs in game time (`step(1/60)` after every event, never sleeping) with
its config and data in a fresh temporary directory, never the user's own.

Half of the time the monkey pursues a goal (a scene to reach: a table in some seating, a score sheet, a
hot-seat hand-over, the settings, the history and a finished match's sheet from it, its statistics…) with
the input a person would give; the other half it is random, with half of its clicks aimed at the widgets
and cards on screen so that it gets somewhere. The run's data directory starts with a few finished
matches (played through the rules) and one corrupt file in the history, so the History has something to
list, to count and to keep aside.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
import traceback
from collections import deque
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_NO_SIGNAL_HANDLERS", "1")  # Ctrl-C and kill stop the run, not just the app
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame

from game.app import App
from game.i18n import LANGUAGES
from game.scenes.table_scene import TableScene
from game.settings import Settings
from game.ui.widgets import Button, Choice, Form, Hotspot, TextInput, Widget

DT = 1 / 60
MIN_W, MIN_H, MAX_W, MAX_H = 960, 540, 1920, 1080
TABLES = ("falkenstein", "koenigrufen", "twotenjack")
# "auction": a Königrufen table under a profile with bidding, at a person's bid (not a scene: the panel)
GOALS = (
    *TABLES,
    "settings",
    "rules",
    "characters",
    "handover",
    "score",
    "pause",
    "history",
    "statistics",
    "auction",
    "houserules",
    "lesson",
)
FORMS = ("form", "panel_form", "host_form", "controls", "narrator_form")
# events spent in a goal's scene once reached (others: 40 to 150)
DWELL = {table: (300, 900) for table in (*TABLES, "auction", "lesson")} | {
    "score": (100, 400),
    "settings": (100, 300),
    "rules": (60, 200),
    "characters": (150, 500),
    "history": (200, 500),
    "statistics": (100, 300),
}
STEER = 0.55  # share of events spent pursuing the goal
HINT_KEY = pygame.K_h  # a trick table's hint; harmless where there is none
KEYS = (
    [pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_BACKSPACE, pygame.K_KP_ENTER]
    + [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN]
    + [pygame.K_HOME, pygame.K_END, pygame.K_PAGEUP, pygame.K_PAGEDOWN]
    + [pygame.K_0 + i for i in range(10)]
    + [pygame.K_a + i for i in range(26)]
    + [HINT_KEY, HINT_KEY, pygame.K_l, pygame.K_DELETE, pygame.K_F1, pygame.K_F5, pygame.K_KP_1]
)
TEXTS = "abcdefghijklmnopqrstuvwxyzÄÖÜßéèçœ 0123456789-'.!?♥♠日本語ЖΩ😀"


def describe(event: pygame.event.Event) -> str:
    return f"{pygame.event.event_name(event.type)} {event.dict}"


class Monkey:
    """One app and a random source; `run(n)` sends n input events and counts what went wrong."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.events = 0
        self.exceptions = 0
        self.restarts = 0
        self.visited: set[str] = set()
        self.languages: set[str] = set()  # the interface languages the app ran in
        self.recent: deque[str] = deque(maxlen=8)
        self.goal = ""
        self.goal_left = 0
        self.goal_reached = False
        self.setup_left = 0
        self.held = 0  # events still to post before the next frame (several input events in one frame)
        self.dragging = False
        self.table = TABLES[0]  # the table the goal is pursued at
        self.history_sheets = 0  # finished matches' score sheets opened from the History
        self._sheet: Any = None
        self.app = self._open()

    # the app ------------------------------------------------------------------------------------
    def _open(self) -> App:
        from game.scenes.menu import MenuScene

        pygame.init()
        pygame.event.clear()
        size = (self.rng.randint(MIN_W, MAX_W), self.rng.randint(MIN_H, MAX_H))
        settings: Settings | None = Settings(
            language=self.rng.choice(LANGUAGES), anim_speed="fast", think_time=0.05
        )
        if self.restarts and self.rng.random() < 0.5:  # reopened: the settings saved before, read back
            settings = None
        app = App(size=size, settings=settings)
        app.scenes.push(MenuScene(app))
        return app

    @property
    def top(self) -> Any:
        return self.app.scenes.top

    def send(self, event: pygame.event.Event) -> None:
        """Posts one input event and runs one frame; an exception is reported and the app rebuilt."""
        self.recent.append(f"{self.top.name if self.top else '-'}: {describe(event)}")
        pygame.event.post(event)
        self.events += 1
        if self.held > 0:
            self.held -= 1
            return
        try:
            self.app.step(DT)
        except Exception:
            self.exceptions += 1
            print(f"--- exception #{self.exceptions} at event {self.events}; last events:", file=sys.stderr)
            for line in self.recent:
                print("   ", line, file=sys.stderr)
            traceback.print_exc()
            self.app = self._open()
            self.restarts += 1
            return
        if not self.app.running:  # the person quit: open the app again
            self.app = self._open()
            self.restarts += 1
        self.languages.add(self.app.settings.language)
        if self.top is not None:
            self.visited.add(self.top.name)
            if _bidding(self.top):
                self.visited.add("auction" if self.top.game.phase == "bid" else "announce")
            if _from_history(self.top) and self.top is not self._sheet:
                self._sheet = self.top
                self.history_sheets += 1
            here = "auction" if _bidding(self.top) else self.top.name
            if here == self.goal and not self.goal_reached:
                self.goal_reached = True
                low, high = DWELL.get(self.goal, (40, 150))
                self.goal_left = min(self.goal_left, self.rng.randint(low, high))

    # input --------------------------------------------------------------------------------------
    def move(self, pos: tuple[int, int], buttons: tuple[int, int, int] = (0, 0, 0)) -> None:
        self.send(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=buttons))

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.move(pos)
        self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))

    def drag(self, start: tuple[int, int], end: tuple[int, int], steps: int) -> None:
        self.move(start)
        self.send(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
        for i in range(1, steps + 1):
            pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
            self.move(pos, (1, 0, 0))
            if not self.dragging and self.rng.random() < 0.1:  # something else happens mid-drag
                self.dragging = True
                self.chaos()
                self.dragging = False
        self.send(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))

    def key(self, k: int, mod: int = 0) -> None:
        name = pygame.key.name(k)
        char = {pygame.K_RETURN: "\r", pygame.K_SPACE: " ", pygame.K_TAB: "\t", pygame.K_ESCAPE: "\x1b"}.get(
            k, name if len(name) == 1 else ""
        )
        self.send(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode=char, scancode=0))
        if char.isprintable() and char:
            self.send(pygame.event.Event(pygame.TEXTINPUT, text=char))
        self.send(pygame.event.Event(pygame.KEYUP, key=k, mod=mod, unicode=char, scancode=0))

    def resize(self) -> None:
        w, h = self.rng.randint(MIN_W, MAX_W), self.rng.randint(MIN_H, MAX_H)
        if not self.app.settings.fullscreen:  # what the window system does before it tells the app
            pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.send(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h))

    # what is on screen ----------------------------------------------------------------------------
    def widgets(self) -> list[Widget]:
        found: list[Widget] = []
        for attr in FORMS:
            form = getattr(self.top, attr, None)
            if isinstance(form, Form):
                found += form.focusable
        return found

    def card_points(self) -> list[tuple[int, int]]:
        hand = getattr(self.top, "hand", None)
        if not isinstance(hand, list):
            return []
        width = self.top.card_w
        return [_visible_point(s.rect(self.app.cards, width)) for s in hand]

    def random_point(self) -> tuple[int, int]:
        w, h = self.app.size
        return self.rng.randrange(w), self.rng.randrange(h)

    def aimed_point(self) -> tuple[int, int]:
        """Inside a widget or a card half of the time, anywhere on screen otherwise."""
        targets = [_inside(w, self.rng) for w in self.widgets()] + self.card_points()
        if targets and self.rng.random() < 0.5:
            return self.rng.choice(targets)
        return self.random_point()

    # random input ---------------------------------------------------------------------------------
    def chaos(self) -> None:
        rng = self.rng
        r = rng.random()
        if r < 0.22:
            self.move(self.aimed_point())
        elif r < 0.47:
            self.click(self.aimed_point(), rng.choice((1, 1, 1, 1, 2, 3, 4, 5)))
        elif r < 0.50:
            kind = rng.choice((pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP))
            self.send(pygame.event.Event(kind, pos=self.wild_point(), button=rng.choice((1, 1, 3))))
        elif r < 0.56:
            end = self.aimed_point() if rng.random() < 0.8 else self.wild_point()
            self.drag(self.aimed_point(), end, rng.randint(1, 8))
        elif r < 0.80:
            mod = rng.choice((0, 0, 0, pygame.KMOD_SHIFT, pygame.KMOD_CTRL))
            self.key(rng.choice(KEYS), mod)
        elif r < 0.82:
            self.key(pygame.K_ESCAPE)
        elif r < 0.825:
            self.key(pygame.K_F11)
        elif r < 0.89:
            text = "".join(rng.choice(TEXTS) for _ in range(rng.randint(1, 6)))
            self.send(pygame.event.Event(pygame.TEXTINPUT, text=text))
        elif r < 0.94:
            self.move(self.aimed_point())
            self.send(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-3, -1, 1, 3)), flipped=False))
        elif r < 0.97:
            self.resize()
        elif r < 0.985:
            self.send(pygame.event.Event(pygame.WINDOWFOCUSLOST, window=None))
            self.send(pygame.event.Event(pygame.ACTIVEEVENT, gain=0, state=1))
        elif not self.held:  # a burst: several events in one frame, as fast hands and key repeat give
            self.held = rng.randint(1, 5)
            for _ in range(self.held + 1):
                self.chaos()
            self.held = 0

    def wild_point(self) -> tuple[int, int]:
        """Anywhere, even outside the window (a drag that left it)."""
        w, h = self.app.size
        return self.rng.randint(-50, w + 50), self.rng.randint(-50, h + 50)

    # steering -------------------------------------------------------------------------------------
    def next_goal(self) -> None:
        missing = [g for g in GOALS if g not in self.visited]
        if any(table in missing for table in TABLES):  # a lesson is a table too: the real ones first
            missing = [g for g in missing if g != "lesson"]
        self.goal = self.rng.choice(missing or GOALS)
        self.goal_reached = False
        table_goal = self.goal in (*TABLES, "handover", "score", "auction", "lesson")
        self.goal_left = self.rng.randint(1500, 3000) if table_goal else 400
        self.setup_left = self.rng.randint(0, 6)
        self.table = self.table_for(self.goal)
        pace = self.app.settings
        if table_goal and (
            pace.anim_speed in ("slow", "normal") or pace.think_time > 0.3 or self.goal == "score"
        ):
            # the monkey has no patience for a slow pace; instant play reaches the end of a match
            speed = self.rng.choice(
                ("fast", "instant") if self.goal == "score" else ("fast", "fast", "instant")
            )
            self.app.apply_settings(pace.with_(anim_speed=speed, think_time=0.05))

    def table_for(self, goal: str) -> str:
        """The table a goal is pursued at: its own, Königrufen's for its panels, else any."""
        if goal in TABLES:
            return goal
        return "koenigrufen" if goal in ("auction", "houserules") else self.rng.choice(TABLES)

    def steer(self) -> None:
        name = self.top.name
        if name == "menu":
            self.steer_menu()
        elif name in TABLES:
            self.steer_table()
        elif name == "lesson":
            self.steer_lesson()
        elif name == "pause":
            if self.goal in ("pause", "settings", "rules") and not self.goal_reached:
                self.click_widget(lambda w: self.goal in ("settings", "rules") and self._button_for(w))
            elif self.goal in (*TABLES, "handover", "score", "auction", "lesson") and self._table_fits():
                self.key(pygame.K_ESCAPE)
            else:
                buttons = [w for w in self.widgets() if isinstance(w, Button)]
                self.click(buttons[-1].rect.center)  # leave the table
        elif name == "history":
            self.steer_history()
        elif _from_history(self.top) and self.goal == "history":  # read the sheet a while, then back
            if self.rng.random() < 0.25:
                self.key(pygame.K_ESCAPE)
            else:
                self.chaos()
        elif name == "handover" or (name == "score" and self._table_fits()):
            self.key(self.rng.choice((pygame.K_RETURN, pygame.K_SPACE)))
        elif self.goal != name:
            self.key(pygame.K_ESCAPE)
        else:
            self.chaos()

    def _button_for(self, widget: Widget) -> bool:
        from game.i18n import tr

        return isinstance(widget, Button) and widget.label == tr(f"pause.{self.goal}")

    def _table_fits(self) -> bool:
        """Whether the table underneath serves the goal."""
        stack = self.app.scenes.stack
        table = next(
            (s for s in reversed(stack) if isinstance(s, TableScene) and s.name in (*TABLES, "lesson")), None
        )
        if table is None:
            return False
        if (self.goal == "lesson") != (table.name == "lesson"):
            return False
        if self.goal == "lesson":
            return True
        if self.goal in TABLES:
            return table.name == self.goal
        if self.goal == "auction":
            return table.name == "koenigrufen" and table.game.config.profile.bidding is not None
        if self.goal == "handover":
            if table.name == "falkenstein":
                return table.setup.mode == "hotseat"
            return sum(s.human for s in table.setup.seats) > 1
        return self.goal in ("score", "pause")

    def click_widget(self, wanted: Any) -> bool:
        options = [w for w in self.widgets() if wanted(w)]
        if not options:
            return False
        self.click(_inside(self.rng.choice(options), self.rng))
        return True

    def steer_menu(self) -> None:
        menu = self.top
        goal = self.goal
        if goal in ("settings", "characters", "rules", "history", "statistics"):
            button = {
                "settings": menu.settings_button,
                "rules": menu.rules_button,
                "history": self._menu_button(menu.open_history),
                "statistics": self._menu_button(menu.open_history),
                "characters": self._menu_button(menu.start("falkenstein").open_characters),
            }[goal]
            if button is None:  # the characters button is on the Falkenstein page
                self.key(pygame.K_1)
            else:
                self.click(button.rect.center)
            return
        if menu.game != self.table:
            self.key(pygame.K_1 + TABLES.index(self.table))
            return
        if self.setup_left > 0:
            self.setup_left -= 1
            choices = [w for w in menu.form.widgets if isinstance(w, Choice) and w not in menu.tabs]
            inputs = [w for w in menu.form.widgets if isinstance(w, TextInput)]
            if inputs and self.rng.random() < 0.3:
                field = self.rng.choice(inputs)
                self.click(field.rect.center)
                text = "".join(self.rng.choice(TEXTS) for _ in range(self.rng.randint(1, 12)))
                self.send(pygame.event.Event(pygame.TEXTINPUT, text=text))
            elif choices:
                choice = self.rng.choice(choices)
                self.click((choice.box.right - 6, choice.box.centery))
            return
        if self.goal == "handover" and not self._hot_seat(menu):
            return
        if self.goal == "lesson" and menu.learn_button is not None:
            self.click(_inside(menu.learn_button, self.rng))
            return
        house_button = self._menu_button(menu.start("koenigrufen").open_house_rules)
        if self.goal == "houserules" and house_button is not None:
            self.click(_inside(house_button, self.rng))
            return
        if self.goal == "auction" and not self._auction(menu):
            return
        button = menu.start_button
        if button is not None and button.enabled:
            self.click(_inside(button, self.rng))
        else:
            self.setup_left = 3

    def _auction(self, menu: Any) -> bool:
        """Königrufen's rules have an auction (any but the seed's preset); clicks toward them if not."""
        from game.games.koenigrufen import house

        rules = next(
            (w for w in menu.form.widgets if isinstance(w, Choice) and w.value in house.CHOICES), None
        )
        if rules is None or rules.value != "cardavia":
            return True
        self.click((rules.box.right - 6, rules.box.centery))
        return False

    def _menu_button(self, action: Any) -> Button | None:
        return next(
            (w for w in self.top.form.widgets if isinstance(w, Button) and w.on_click == action), None
        )

    def steer_history(self) -> None:
        """Opens finished matches' sheets: a click on a row, or the keys that choose and open one."""
        history = self.top
        if self.goal == "statistics" and history.statistics is not None:
            self.click(_inside(history.statistics, self.rng))
            return
        if self.goal != "history":
            self.key(pygame.K_ESCAPE)
            return
        rows = [r for r in history.rows if r.enabled and history.view.contains(r.rect)]
        r = self.rng.random()
        if rows and r < 0.1:  # a sheet takes a moment to rebuild: open some, not dozens
            self.click(_inside(self.rng.choice(rows), self.rng))
        elif r < 0.5:
            keys = (
                pygame.K_DOWN,
                pygame.K_UP,
                pygame.K_PAGEDOWN,
                pygame.K_HOME,
                pygame.K_END,
                pygame.K_RETURN,
            )
            self.key(self.rng.choice(keys))
        else:
            self.chaos()

    def _hot_seat(self, menu: Any) -> bool:
        """At least two people at the table (or Falkenstein's hot-seat mode); clicks toward it if not."""
        values = {id(w): {v for v, _ in w.options} for w in menu.form.widgets if isinstance(w, Choice)}
        choices = [w for w in menu.form.widgets if isinstance(w, Choice)]
        if menu.game == "falkenstein":
            mode = next(w for w in choices if values[id(w)] == {"solo", "hotseat"})
            if mode.value == "hotseat":
                return True
            self.click((mode.box.right - 6, mode.box.centery))
            return False
        seats = [w for w in choices if {"human", "computer"} <= values[id(w)]]  # a seat: person or computer
        if sum(w.value == "human" for w in seats) > 1:
            return True
        computer = next(w for w in seats if w.value != "human")
        self.click((computer.box.right - 6, computer.box.centery))
        return False

    def steer_table(self) -> None:
        table = self.top
        if not self._table_fits() or self.goal == "pause":
            self.key(pygame.K_ESCAPE)
            return
        if table.name == "falkenstein":
            self.steer_falkenstein(table)
            return
        if table.awaiting == "over":
            self.key(pygame.K_RETURN)
            return
        if table.awaiting != "human" or table.busy:
            self.move(self.aimed_point())
            return
        seat = table.to_act
        points = dict(zip([s.code for s in table.hand], self.card_points(), strict=True))
        if table.game.phase == "discard":
            self.steer_discard(table, points)
            return
        playable = [code for code in table.playable(seat) if code in points]
        if playable:
            card = self.rng.choice(playable)
            r = self.rng.random()
            if r < 0.2:
                self.drag(points[card], table.r("trick").center, self.rng.randint(2, 8))
            else:
                self.click(points[card])
            return
        if not self.click_widget(lambda w: isinstance(w, Hotspot | Button) and w in table.panel_form.widgets):
            self.move(self.aimed_point())

    def steer_lesson(self) -> None:
        """A guided deal: often the lesson's move, by the input a player would give; else a random card or
        button (a refusal); at the end, once more or back to the menu."""
        table = self.top
        if not self._table_fits():
            self.key(pygame.K_ESCAPE)
            return
        if table.lesson_over:
            self.click_widget(lambda w: w in table.narrator_form.widgets)
            return
        step = table.guide.step
        if step is None or not step.learner or table.awaiting not in ("human", "play") or table.busy:
            self.move(self.aimed_point())
            return
        points = dict(zip([s.code for s in table.hand], self.card_points(), strict=True))
        action = step.action
        if self.rng.random() < 0.3 and points:
            self.click(self.rng.choice(list(points.values())))
        elif getattr(action, "card", None) in points:
            self.click(points[action.card])
        elif (
            type(action).__name__ == "Discard"
        ):  # the lesson's cards picked (a wrong one unpicked), then its button
            chosen, wanted = set(table.chosen), set(action.cards)
            off = sorted((chosen - wanted) or (wanted - chosen))
            if off:
                self.click(points[off[0]])
            else:
                self.click_widget(lambda w: w in table.panel_form.widgets)
        elif table.hint_spots(action):
            self.click(table.hint_spots(action)[0].center)
        else:
            self.click_widget(lambda w: isinstance(w, Hotspot | Button) and w in table.panel_form.widgets)

    def steer_discard(self, table: Any, points: dict[str, tuple[int, int]]) -> None:
        """Picks the cards of a legal discard (the rules list them) and presses the button."""
        legal = [set(a.cards) for a in table.game.legal_actions()]
        chosen = set(table.chosen)
        if chosen in legal:
            self.click_widget(lambda w: w in table.panel_form.widgets)
            return
        wrong = sorted(chosen - set().union(*legal)) if legal else []
        target = next((d for d in legal if chosen <= d), None)
        if wrong or target is None:
            self.click(points[self.rng.choice(sorted(chosen))])
        else:
            self.click(points[self.rng.choice(sorted(target - chosen))])

    def steer_falkenstein(self, table: Any) -> None:
        if table.awaiting == "continue" or table.fireworks:
            self.key(pygame.K_RETURN)
        elif table.awaiting == "host":
            r = self.rng.random()
            if r < 0.3:
                self.click_widget(lambda w: isinstance(w, Choice) and w in table.host_form.widgets)
            else:
                self.click_widget(lambda w: isinstance(w, Button) and w in table.host_form.widgets)
        elif table.awaiting == "play" and not table.busy:
            points = self.card_points()
            if points and self.rng.random() < 0.7:
                self.click(self.rng.choice(points))
            else:
                self.key(pygame.K_1 + self.rng.randrange(4))
        else:
            self.move(self.aimed_point())

    # the run --------------------------------------------------------------------------------------
    def run(self, events: int) -> None:
        self.visited.add("menu")
        while self.events < events:
            if self.goal_left <= 0:
                self.next_goal()
            before = self.events
            if self.rng.random() < STEER:
                self.steer()
            else:
                self.chaos()
            self.goal_left -= self.events - before

    def report(self) -> dict[str, Any]:
        return {
            "events": self.events,
            "exceptions": self.exceptions,
            "restarts": self.restarts,
            "scenes_visited": sorted(self.visited),
            "languages": sorted(self.languages),
            "history_sheets": self.history_sheets,
        }


def _inside(widget: Widget, rng: random.Random) -> tuple[int, int]:
    r = widget.rect
    return rng.randint(r.left, max(r.left, r.right - 1)), rng.randint(r.top, max(r.top, r.bottom - 1))


def _bidding(scene: Any) -> bool:
    """A Königrufen table where a person is choosing a bid in the auction panel, or what to announce."""
    return (
        scene.name == "koenigrufen"
        and scene.game.phase in ("bid", "announce")
        and scene.awaiting == "human"
        and bool(scene.panel_form.widgets)
    )


def _from_history(scene: Any) -> bool:
    """A score sheet opened from the History (its way out notes when its match finished)."""
    return scene is not None and scene.name == "score" and bool(scene.way_out.note)


def seed_history(seed: int) -> None:
    """Finished matches in the run's history, played to their end through the rules, and one corrupt
    file that the History must keep aside without a crash."""
    from game.autosave import history_dir
    from game.history import demo_history

    demo_history(seed)
    (history_dir() / "20000101-000000-twotenjack.json").write_bytes(b'{"format": "atout-journal", "vers')


def _visible_point(rect: pygame.Rect) -> tuple[int, int]:
    """A point of a hand card that the card to its right does not cover."""
    return rect.x + 6, rect.centery


@contextmanager
def private_dirs() -> Iterator[Path]:
    """The app's config and data in a fresh temporary directory for the run, then the old values back."""
    names = ("ATOUT_CONFIG_DIR", "ATOUT_DATA_DIR")
    old = {name: os.environ.get(name) for name in names}
    with tempfile.TemporaryDirectory(prefix="atout-monkey-", ignore_cleanup_errors=True) as home:
        os.environ["ATOUT_CONFIG_DIR"] = str(Path(home, "config"))
        os.environ["ATOUT_DATA_DIR"] = str(Path(home, "data"))
        try:
            yield Path(home)
        finally:
            for name, value in old.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def run(events: int, seed: int, first_goal: str = "") -> dict[str, Any]:
    """A whole soak in a scratch home; `first_goal` (one of GOALS) sets where it heads first, until it gets
    there (its dwell then bounds the stay): on a loaded machine the computers' turns take more frames."""
    with private_dirs():
        seed_history(seed)
        monkey = Monkey(seed)
        if first_goal:
            monkey.goal, monkey.goal_left = first_goal, events
            monkey.table = monkey.table_for(first_goal)
        monkey.run(events)
        return monkey.report()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report = run(args.events, args.seed)
    report["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(report))
    return 1 if report["exceptions"] else 0


if __name__ == "__main__":
    sys.exit(main())
