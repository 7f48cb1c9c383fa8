"""Every Tiled table layout loads with pytmx and has the rectangles its scene reads."""

import pygame
import pytest

from game.paths import TABLES
from game.ui.layout import load_layout, read_layout


def _required() -> dict[str, frozenset[str]]:
    from game.games.falkenstein.table import LAYOUT_NAMES as falkenstein
    from game.scenes.trick_table import LAYOUT_NAMES as trick
    from game.scenes.trick_table import seat_names

    required = {"falkenstein": falkenstein, "koenigrufen4": trick | seat_names(4) | {"talon", "panel"}}
    for n in range(2, 7):
        required[f"twotenjack{n}"] = trick | seat_names(n) | {"removed", "stock", "points"}
    return required


@pytest.mark.parametrize("name", sorted(p.stem for p in TABLES.glob("*.tmx")))
def test_every_map_loads_and_fits_its_design_size(name: str) -> None:
    layout = read_layout(TABLES / f"{name}.tmx")
    assert layout.size == (1280, 720)
    bounds = pygame.Rect((0, 0), layout.size)
    for rect_name in layout.names():
        assert bounds.contains(layout.rect(rect_name, layout.size)), rect_name


def test_each_scene_finds_the_names_it_needs() -> None:
    for table, names in _required().items():
        missing = names - load_layout(table).names()
        assert not missing, f"{table}.tmx lacks {sorted(missing)}"


def test_layout_scales_uniformly_and_centres_in_wider_windows() -> None:
    layout = load_layout("falkenstein")
    hand = layout.rect("hand", (1280, 720))
    wide = layout.rect("hand", (2560 + 200, 1440))
    assert wide.size == (hand.width * 2, hand.height * 2)
    assert wide.x == hand.x * 2 + 100


def test_a_broken_map_names_the_file(tmp_path) -> None:
    bad = tmp_path / "broken.tmx"
    bad.write_text("<map><oops")
    with pytest.raises(Exception, match=r"broken\.tmx"):
        read_layout(bad)
