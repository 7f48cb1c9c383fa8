"""The program starts without loading the games: listing them (the registry) and drawing the menu's first
frame import no game's rules, computers or parts, which wait until a game is opened (its start measured by
`tools/startup.py`, never timed here). Each check runs in a fresh interpreter, as a start does."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from game.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
# the modules of a game that play it: rules engines, computers, and the parts that name them
PLAYING = ("parts", "rules", "core", "session", "easy", "search", "auction", "evaluation", "habits", "ai")
COMPUTERS = ("game.ai.thinker", "game.ai.search")
# The menu opens on Château Falkenstein, whose start section lists the cast: its Character type lives in
# its rules module (`session`), so that one comes with the page on show.
ON_SHOW = {"game.games.falkenstein.session"}


def _loaded(code: str, tmp_path: Path) -> set[str]:
    """The game modules a fresh interpreter has loaded after running `code`."""
    env = os.environ | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env |= {"ATOUT_DATA_DIR": str(tmp_path), "ATOUT_CONFIG_DIR": str(tmp_path)}
    script = (
        f"{code}\nimport json, sys\nprint(json.dumps(sorted(m for m in sys.modules if m.startswith('game'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def _playing(modules: set[str]) -> set[str]:
    games = {f"game.games.{game}.{name}" for game in GAMES for name in PLAYING}
    return (modules & games) | (modules & set(COMPUTERS))


def test_listing_the_games_imports_none_of_their_rules_or_computers(tmp_path: Path) -> None:
    code = "from game.registry import GAMES\nassert [spec.fan for spec in GAMES.values()]"
    modules = _loaded(code, tmp_path)
    assert {f"game.games.{game}.spec" for game in GAMES} <= modules
    assert _playing(modules) == set()


def test_the_menu_s_first_frame_imports_no_rules_or_computers(tmp_path: Path) -> None:
    modules = _loaded("from game.__main__ import main\nassert main(['--seconds', '0.001']) == 0", tmp_path)
    assert "game.scenes.menu" in modules
    assert _playing(modules) == ON_SHOW


def test_a_game_s_parts_load_when_it_is_first_asked_about() -> None:
    spec = GAMES["twotenjack"]
    assert spec.loaded.computer is not None and spec.computer is spec.loaded.computer
    state = spec.new_state(spec.demo_setup(3, 3, "easy"))
    assert len(state.legal_actions()) > 1


def test_the_seats_listed_are_the_rules_own() -> None:
    from game.games.falkenstein.session import MAX_CHARACTERS
    from game.games.koenigrufen.cards import SEATS
    from game.games.twotenjack.cards import MAX_PLAYERS, MIN_PLAYERS

    assert GAMES["falkenstein"].seats == (1, MAX_CHARACTERS)
    assert GAMES["koenigrufen"].seats == (SEATS, SEATS)
    assert GAMES["twotenjack"].seats == (MIN_PLAYERS, MAX_PLAYERS)
