"""Help while playing at the tables, driven through the real scene manager with real input: each switch
of the settings page shows or hides its aid at once, the settings file keeps them (an older file without
them reads them as on), and on a shared screen an aid shows only what the person holding the screen may
know."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import pygame
import pytest
from scene_driver import click, key, step
from test_hotseat_privacy import Screen, card_table, decide_koenigrufen, decide_twotenjack, play

from game.app import MIN_SIZE, App
from game.games.koenigrufen.cards import KINGS
from game.games.koenigrufen.rules import CallKing, KoenigrufenConfig, KoenigrufenGame, Play
from game.i18n import tr
from game.scenes import table_scene
from game.scenes.settings_scene import SettingsScene
from game.scenes.trick_table import TrickTable
from game.settings import AIDS, Settings, load_settings, settings_path
from game.ui import aids as look
from game.ui.felt import felt
from game.ui.widgets import Button, Toggle


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    return App(MIN_SIZE, Settings(language="en", grain=0, anim_speed="fast", think_time=0.05))


class Recorder(pygame.Surface):
    """The frame the scenes draw on, or a table's backdrop, noting every surface blitted onto it."""

    blitted: list[pygame.Surface]
    felt = False  # the felt itself: blitted over a backdrop, it covers all that backdrop held

    def blit(self, source: pygame.Surface, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        if isinstance(source, Recorder) and source.felt:
            self.blitted.clear()
        self.blitted.append(source)
        return super().blit(source, *args, **kwargs)

    def copy(self) -> Recorder:
        twin = Recorder(self.get_size())
        twin.blitted = []
        pygame.Surface.blit(twin, self, (0, 0))
        return twin


def landed(surfaces: list[pygame.Surface]) -> list[pygame.Surface]:
    """The surfaces blitted, with those blitted onto a backdrop that was then blitted."""
    out: list[pygame.Surface] = []
    for surface in surfaces:
        out.append(surface)
        if isinstance(surface, Recorder):
            out += landed(surface.blitted)
    return out


class Drawn:
    """What the aids drew in the frames since the last `clear`: the real drawing, watched — the marks as
    they are drawn, the gone panel when its composed surface lands on the frame (it is composed once a
    position, into the table's backdrop), each with the seat whose view it read."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, app: App, table: TrickTable) -> None:
        self.calls: list[tuple[str, int | None]] = []
        self.panels: WeakKeyDictionary[pygame.Surface, list[tuple[str, int | None]]] = WeakKeyDictionary()
        self.frame = Recorder(app.size)
        self.frame.blitted = []
        real_winning, real_medal, real_panel = look.draw_winning, look.draw_medal, look.gone_panel

        def winning(*args: Any) -> None:
            self.calls.append(("winning", None))
            real_winning(*args)

        def medal(surface: pygame.Surface, at: tuple[int, int], card_w: int, emblem: str) -> None:
            if emblem == "crown":
                self.calls.append(("crown", table.aid_seat))
            real_medal(surface, at, card_w, emblem)

        def panel(
            rows: Any, gone: Any, marked: Any, title: str, footer: str, four: bool, size: float = look.TOKEN
        ) -> pygame.Surface:
            composed = real_panel(rows, gone, marked, title, footer, four, size)
            kinds = [("gone", None)] * bool(rows) + [("points", table.aid_seat)] * bool(footer)
            kinds += [("called", None)] * (bool(rows) and marked is not None)
            self.panels[composed] = kinds
            return composed

        monkeypatch.setattr(look, "draw_winning", winning)
        monkeypatch.setattr(look, "draw_medal", medal)
        monkeypatch.setattr(look, "gone_panel", panel)
        monkeypatch.setattr(app, "draw", lambda: app.scenes.draw(self.frame))
        felts: dict[tuple[int, int], Recorder] = {}

        def watched_felt(size: tuple[int, int], params: Any) -> Recorder:
            if size not in felts:
                felts[size] = Recorder(size)
                felts[size].blitted, felts[size].felt = [], True
                pygame.Surface.blit(felts[size], felt(size, params), (0, 0))
            return felts[size]

        monkeypatch.setattr(table_scene, "felt", watched_felt)

    def drawn(self) -> list[tuple[str, int | None]]:
        shown = landed(self.frame.blitted)
        panels = [kind for surface in shown for kind in self.panels.get(surface, [])]
        return self.calls + panels

    def kinds(self) -> set[str]:
        return {kind for kind, _ in self.drawn()}

    def clear(self) -> None:
        self.calls.clear()
        self.frame.blitted.clear()


def calling_own_king(app: App, table: TrickTable) -> None:
    """The person calls a king of his own hand (so the crown has a card to mark) and keeps it."""
    game = table.game
    legal = game.legal_actions()
    hand = set(game.view(game.to_act).hand)
    own = [a.king for a in legal if isinstance(a, CallKing) and a.king in hand]
    if own:
        click(app, table.panel_form.widgets[KINGS.index(own[0])].rect.center)
        return
    if isinstance(legal[0], Play) and len(legal) > 1 and game.view(game.to_act).king == legal[0].card:
        legal = legal[1:]
        sprite = next(s for s in table.hand if s.code == legal[0].card)
        rect = sprite.rect(app.cards, table.card_w)
        click(app, (rect.x + 8, rect.centery))
        return
    decide_koenigrufen(app, table)


def own_king_seed(seat: int) -> int:
    """A deal whose declarer (forehand, as nobody bids) is `seat` and holds a king he may call."""
    for seed in range(500):
        game = KoenigrufenGame(KoenigrufenConfig(deals=1), seed)
        if game.view(0).forehand == seat and any(c in KINGS for c in game.view(seat).hand):
            return seed
    raise AssertionError("no such deal")


def flip_in_settings(app: App, field: str) -> None:
    """From the table: pause, open the settings, flip the aid's switch with the keyboard, come back."""
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    button = next(w for w in pause.form.widgets if isinstance(w, Button) and w.label == tr("pause.settings"))
    click(app, button.rect.center)
    scene = app.scenes.top
    assert isinstance(scene, SettingsScene)
    toggle = next(
        w for w in scene.form.widgets if isinstance(w, Toggle) and w.label == tr(field.replace("_", "."))
    )
    for _ in range(scene.form.focusable.index(toggle) + 1):
        key(app, pygame.K_DOWN)
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)


def test_each_switch_shows_and_hides_its_aid_at_the_table(app: App, monkeypatch: pytest.MonkeyPatch) -> None:
    table = card_table(app, "koenigrufen", (0,), 4, own_king_seed(0))
    drawn = Drawn(monkeypatch, app, table)

    def following() -> bool:
        return len(table.trick) >= 2 and table.awaiting == "human" and not table.busy

    play(app, table, calling_own_king, following)
    drawn.clear()
    step(app)
    assert drawn.kinds() == {"winning", "gone", "called", "points", "crown"}  # the king: ringed, crowned
    shows = {"aid_winning": {"winning"}, "aid_gone": {"gone", "called"}, "aid_called": {"called", "crown"}}
    shows["aid_points"] = {"points"}
    assert set(shows) == set(AIDS)
    every = set().union(*shows.values())
    for field, kinds in shows.items():
        flip_in_settings(app, field)
        assert app.scenes.top is table and getattr(app.settings, field) is False
        assert json.loads(settings_path().read_text(encoding="utf-8"))[field] is False
        drawn.clear()
        step(app)
        assert drawn.kinds() == every - kinds, field
        flip_in_settings(app, field)
        drawn.clear()
        step(app)
        assert drawn.kinds() == every


def test_a_settings_file_from_before_the_aids_reads_them_as_on(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path))
    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"language": "fr", "volume": 20}), encoding="utf-8")
    settings, refused = load_settings()
    assert refused is None and (settings.language, settings.volume) == ("fr", 20)
    assert all(getattr(settings, field) is True for field in AIDS)
    settings_path().write_text(json.dumps({"aid_gone": "yes"}), encoding="utf-8")
    _settings, refused = load_settings()
    assert refused is not None  # a switch that is not true or false is refused like any bad field


class AidScreen(Screen):
    """Besides the hands: what only one seat may know (its side's points, the called king in its hand) is
    drawn only for the person who last passed the screen, from that person's seat."""

    def __init__(self, app: App, table: TrickTable, monkeypatch: pytest.MonkeyPatch) -> None:
        super().__init__(app, table, monkeypatch)
        self.drawn = Drawn(monkeypatch, app, table)
        self.private = 0  # frames a private aid was drawn: the rule was also seen allowing one

    def check(self) -> None:
        super().check()
        for kind, seat in self.drawn.drawn():
            if kind in ("points", "crown"):
                assert seat is not None and self.table.hand_open and seat == self.table.hand_seat
                assert self.person_of(seat) == self.passed, (
                    f"{kind} of {seat} with the screen at {self.passed}"
                )
                self.private += 1
            if kind == "crown":
                assert self.table.game.view(seat).king in self.table.game.view(seat).hand
        self.drawn.clear()


@pytest.mark.parametrize("humans", [(0, 2), (0, 1, 2, 3)], ids=["two-people-two-computers", "four-people"])
def test_on_a_shared_screen_the_aids_show_only_what_the_person_at_it_may_know(
    app: App, monkeypatch: pytest.MonkeyPatch, humans: tuple[int, ...]
) -> None:
    table = card_table(app, "koenigrufen", humans, 4, own_king_seed(humans[1]))
    screen = AidScreen(app, table, monkeypatch)
    done: Callable[[], bool] = lambda: app.scenes.top.name == "score"  # noqa: E731
    play(app, table, calling_own_king, done)
    assert screen.frames_up > 0 and screen.private > 0


def test_twotenjack_shows_the_winning_card_and_the_cards_gone_each_at_its_switch(
    app: App, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = card_table(app, "twotenjack", (0,), 3, 8)
    drawn = Drawn(monkeypatch, app, table)

    def following() -> bool:
        return len(table.trick) >= 2 and table.awaiting == "human" and not table.busy

    play(app, table, decide_twotenjack, following)
    drawn.clear()
    step(app)
    assert drawn.kinds() == {"winning", "gone"}  # every pile is public there: no count of one's own
    for field, kind in (("aid_winning", "winning"), ("aid_gone", "gone")):
        flip_in_settings(app, field)
        drawn.clear()
        step(app)
        assert drawn.kinds() == {"winning", "gone"} - {kind}
        flip_in_settings(app, field)
