"""Where Atout's assets live, so every module finds them the same way.

An installed copy (pip, a wheel, pipx) carries them in the package as `game/assets` (pyproject.toml ships
the repository's top-level `assets/` folder as the package data `game.assets`); a source checkout, run in
place or installed editable, reads that top-level folder beside the package.
"""

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parent  # the repository in a source checkout; site-packages in an installed copy
INSTALLED = (PACKAGE / "assets").is_dir()
ASSETS = PACKAGE / "assets" if INSTALLED else ROOT / "assets"
CARDS = ASSETS / "cards"
SOUNDS = ASSETS / "sounds"
TABLES = ASSETS / "tables"
SCENARIOS = ASSETS / "scenarios"
