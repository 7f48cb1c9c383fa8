"""The committed card art is complete and is exactly what tools/make_cards.py draws, pixel for pixel."""

from pathlib import Path

import pygame
import pytest
from tool_loader import load_tool

ROOT = Path(__file__).resolve().parent.parent
CARDS = ROOT / "assets" / "cards"

make_cards = load_tool("make_cards")

FRENCH = [r + s for s in "SHDC" for r in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")]
# fmt: off
ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI",
         "XII", "XIII", "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI"]
# fmt: on
TAROCK_SUITS = [c + s for s in "HD" for c in ("K", "Q", "C", "J", "1", "2", "3", "4")] + [
    c + s for s in "CS" for c in ("K", "Q", "C", "J", "10", "9", "8", "7")
]


def _pixels(surf: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surf, "RGBA")


def test_catalogue_matches_the_brief() -> None:
    """Written out independently of the tool, so a renamed or forgotten card fails here."""
    wanted = {f"french/{c}.png" for c in [*FRENCH, "RJ", "BJ", "JK"]}
    wanted |= {f"french4/{c}.png" for c in FRENCH}
    wanted |= {f"tarock/{c}.png" for c in [*ROMAN, "SK", *TAROCK_SUITS]}
    wanted |= {f"tarock4/{c}.png" for c in TAROCK_SUITS}
    wanted |= {f"backs/{b}.png" for b in ("falkenstein", "tarock", "twotenjack")}
    wanted |= {f"{d}/{s}.png" for d in ("suits", "suits4") for s in "SHDC"}
    assert set(make_cards.expected_files()) == wanted
    assert len(wanted) == 204


@pytest.mark.parametrize("rel", make_cards.expected_files())
def test_committed_file_is_a_png_of_the_right_size(rel: str) -> None:
    surf = pygame.image.load(CARDS / rel)
    icon = rel.startswith("suits")
    assert surf.get_size() == ((64, 64) if icon else (240, 336))
    assert surf.get_at((0, 0)).a == 0, "corners must be transparent"
    if not icon:
        assert surf.get_at((120, 168)).a == 255


def test_no_stray_files_under_assets_cards() -> None:
    committed = {p.relative_to(CARDS).as_posix() for p in CARDS.rglob("*.png")}
    assert committed == set(make_cards.expected_files())


def test_rerender_reproduces_committed_images(tmp_path: Path) -> None:
    assert make_cards.render_all(tmp_path) == len(make_cards.expected_files())
    changed = [
        rel
        for rel in make_cards.expected_files()
        if _pixels(pygame.image.load(tmp_path / rel)) != _pixels(pygame.image.load(CARDS / rel))
    ]
    assert not changed, f"re-run tools/make_cards.py; these differ: {changed[:10]}"


def test_render_one_is_deterministic() -> None:
    for rel in ("french/QH.png", "tarock/XXI.png", "backs/twotenjack.png"):
        assert _pixels(make_cards.render_one(rel)) == _pixels(make_cards.render_one(rel))
