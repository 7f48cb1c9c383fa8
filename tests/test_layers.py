"""The layers point down: rules, computer players, files and the registry know nothing of pygame or of
scenes; nothing outside the scenes imports a scene; scenes find each other through the navigation module
only (or build on a base class). Read from every import statement, those inside functions included."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
SCENE_FILES = {
    "table",
    "score",
    "start",
    "characters_scene",
    "editor_scene",
    "story_graph",
}  # a game package's scene modules
BASES = {
    "game.scenes.navigation",
    "game.scenes.table_scene",
    "game.scenes.trick_table",
    "game.scenes.network_table",
    "game.scenes.card_start",
    "game.scenes.form_page",
    "game.scenes.ledger_page",
}
DISPLAY = ("game.ui", "game.engine", "game.app")  # what draws; scenes and the window may use it


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def is_scene(name: str) -> bool:
    parts = name.split(".")
    return name.startswith("game.scenes.") or (name.startswith("game.games.") and parts[-1] in SCENE_FILES)


def imports(path: Path) -> set[str]:
    """Every module `path` imports (for `from x import y`, both x and x.y when that is a module)."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


MODULES = {module_name(p): imports(p) for p in GAME.rglob("*.py")}
PURE = sorted(
    name
    for name in MODULES
    if not is_scene(name) and not name.startswith(DISPLAY) and name not in ("game.__main__", "game.scenes")
)


@pytest.mark.parametrize("name", PURE)
def test_rules_ai_files_and_registry_never_touch_pygame_or_scenes(name: str) -> None:
    bad = {m for m in MODULES[name] if m.split(".")[0] == "pygame" or is_scene(m) or m.startswith(DISPLAY)}
    assert bad == set(), f"{name} imports {sorted(bad)}"


def test_nothing_outside_the_scenes_imports_a_scene_but_the_command_line_through_navigation() -> None:
    outside = {
        name: {m for m in found if is_scene(m) and m in MODULES}
        for name, found in MODULES.items()
        if not is_scene(name)
    }
    assert {name: sorted(m) for name, m in outside.items() if m} == {
        "game.__main__": ["game.scenes.navigation"]
    }


def test_scenes_find_each_other_through_navigation_only() -> None:
    looked_up = {
        name: sorted(m for m in found if is_scene(m) and m in MODULES and m not in BASES and m != name)
        for name, found in MODULES.items()
        if is_scene(name) and name != "game.scenes.navigation"
    }
    assert {name: found for name, found in looked_up.items() if found} == {}


def test_the_layer_check_sees_a_scene_imported_inside_a_function(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("def f():\n    from game.scenes.menu import MenuScene\n    import pygame\n")
    assert {"game.scenes.menu", "game.scenes.menu.MenuScene", "pygame"} <= imports(sample)


NETWORK = "game.net"  # the network layer: above the rules, computers and files, below the scenes
BELOW_NETWORK = ("game.games", "game.ai", "game.rules", "game.registry", "game.game_spec", "game.journal")


def test_the_network_layer_is_pure_and_nothing_below_it_imports_it() -> None:
    network = sorted(name for name in MODULES if name.startswith(NETWORK))
    assert network and set(network) <= set(PURE)  # no pygame, no scene (the test above)
    below = {
        name: sorted(m for m in found if m.startswith(NETWORK))
        for name, found in MODULES.items()
        if name.startswith(BELOW_NETWORK) and not is_scene(name)  # (a game's table is a scene: above)
    }
    assert {name: found for name, found in below.items() if found} == {}
