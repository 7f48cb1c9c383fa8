"""The one place scenes are looked up: a scene that leads to another asks here, by what it wants (the menu,
a game's table, the history…), so no scene module imports another to push it and the scene modules form
no circle. A game's own scenes are named in its registry entry and loaded when first opened.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game import saved_matches
from game.i18n import tr
from game.journal import replay
from game.registry import spec
from game.seating import with_engines
from game.sheets import WayOut

if TYPE_CHECKING:
    from game.app import App
    from game.engine.scene import Scene
    from game.journal import Journal
    from game.net.remote_game import RemoteSession
    from game.saved_matches import Saved


def load(path: str) -> Any:
    """The class named "module:Class"."""
    module, name = path.split(":")
    return getattr(import_module(module), name)


def menu(app: App) -> Scene:
    from game.scenes.menu import MenuScene

    return MenuScene(app)


def table(app: App, setup: Any) -> Scene:
    """A new match of the setup's game."""
    scene: Scene = load(spec(setup.game).table)(app, setup)
    return scene


def resume(app: App, journal: Journal, path: Path | None = None) -> Scene:
    """The table of a saved match of any game, as it was left, saving on into `path` (its file)."""
    scene: Scene = load(spec(journal.game).table).resume(app, journal, path)
    return scene


def resume_saved(app: App, saved: Saved) -> Scene | None:
    """The table of one of the player's saved matches, held for this copy of Atout and read again first;
    None, after telling the player why, when another copy has opened it or its file is bad."""
    found, refused = saved_matches.take(app.locks, saved)
    if found is not None:
        return resume(app, found.journal, found.path)
    if refused is not None:
        app.notices.show(tr("notice.bad_save", problem=refused.words.text()), 10.0)
    else:
        app.notices.show(tr("saved.open_elsewhere"), 6.0)
    return None


def demo(
    app: App,
    game: str,
    seed: int,
    players: int | None = None,
    level: str = "easy",
    rules: object = None,
    engines: dict[int, str] | None = None,
) -> Scene:
    """A table of `game` where the computer plays every seat (under the rule profile `rules`, if given),
    but those where an engine sits (seat -> command)."""
    setup = spec(game).demo_setup(seed, players, level)
    if engines:
        from game.ai.external import TAKEOVER  # the engines' module, loaded where one sits

        setup = with_engines(setup, engines, TAKEOVER)
    return table(app, setup if rules is None else replace(setup, rules=rules))


def lesson(app: App, lesson_id: str) -> Scene:
    """A guided first deal (`game/lessons/`), at its first step."""
    from game.lessons.lesson import find
    from game.scenes.lesson_table import lesson_table

    return lesson_table(app, find(lesson_id))


def host(app: App) -> Scene:
    from game.scenes.host_scene import HostScene

    return HostScene(app)


def join(app: App, address: str = "", code: str = "", name: str = "", sit: bool = False) -> Scene:
    """The Join page; with an address and a code it asks for the seat at once (and with `sit`, goes on to
    the table as soon as it can be shown: the command line's --join)."""
    from game.scenes.join_scene import JoinScene

    return JoinScene(app, address, code, name, sit)


def lobby(app: App, sessions: list[RemoteSession], sit: bool = False) -> Scene:
    """The lobby of a networked table for the seats played at this screen (the first one's address)."""
    from game.scenes.lobby_scene import LobbyScene

    return LobbyScene(app, sessions, sit)


def remote_table(app: App, sessions: list[RemoteSession]) -> Scene:
    """The game's own table in front of which its kind's network side goes (the table class names it:
    `network`), for the seats played at this screen, built from the first update waiting for each."""
    local = load(spec(sessions[0].game).table)
    remote = type(f"Remote{local.__name__}", (load(local.network), local), {})
    scene: Scene = remote(app, sessions)
    return scene


def confirm(app: App, title: str, words: str, yes: tuple[str, Callable[[], None]], stay: str) -> Scene:
    """A question before something that cannot be undone: `yes` (its label, what it does), or stay."""
    from game.scenes.pause import ConfirmOverlay

    return ConfirmOverlay(app, title, words, yes, stay)


def history(app: App) -> Scene:
    from game.scenes.history_scene import HistoryScene

    return HistoryScene(app)


def saved(app: App) -> Scene:
    """The unfinished matches, to resume or delete."""
    from game.scenes.saved_scene import SavedScene

    return SavedScene(app)


def statistics(app: App) -> Scene:
    from game.scenes.statistics_scene import StatisticsScene

    return StatisticsScene(app)


def settings(app: App) -> Scene:
    from game.scenes.settings_scene import SettingsScene

    return SettingsScene(app)


def house_rules(app: App) -> Scene:
    from game.scenes.house_rules import HouseRulesScene

    return HouseRulesScene(app)


def rules(app: App, game: str) -> Scene:
    from game.scenes.rules_scene import RulesScene

    return RulesScene(app, game)


def pause(
    app: App, game: str, leave: Callable[[], None], extra: list[tuple[str, Callable[[], None]]]
) -> Scene:
    from game.scenes.pause import PauseOverlay

    return PauseOverlay(app, game, leave, extra)


def handover(
    app: App,
    person: str,
    detail: str,
    on_ready: Callable[[], None],
    on_pause: Callable[[], None] | None = None,
) -> Scene:
    """The screen handed to the next person at a shared screen; Escape there opens `on_pause`."""
    from game.scenes.handover import HandoverScene

    return HandoverScene(app, person, detail, on_ready, on_pause)


def score(app: App, game: str, sheet: Any, way_out: WayOut) -> Scene:
    """A game's score sheet, drawn by the scene its registry entry names."""
    return scene(app, spec(game).score_scene, sheet, way_out)


def finished(app: App, journal: Journal, way_out: WayOut) -> Scene:
    """The final sheet of a finished match, from its journal replayed through the rules (no table)."""
    events: list[Any] = []
    state, _ = replay(journal, events)
    return score(app, journal.game, spec(journal.game).final_sheet(journal.setup, state, events), way_out)


def review_target(journal: Journal, number: int | None = None) -> Any:
    """Deal `number` of a match (its last finished one by default) to review, or None (a game without
    review, a match without a finished deal): a `game.review.job.Target`."""
    from game.review.job import Target  # the review's modules, loaded when a sheet offers one

    return Target.of(journal, number)


def review(app: App, target: Any, seat: int | None = None) -> Scene:
    """A deal's review on its game's own table, stepping through it (`target`: a `game.review.job.Target`)."""
    from game.scenes.review_table import review_table

    return review_table(app, target, seat)


def scene(app: App, path: str, *args: Any) -> Scene:
    """A game's own scene (a score sheet, an editor), by the name its package gives it."""
    made: Scene = load(path)(app, *args)
    return made
