"""Where Atout's committed assets live, so every module finds them the same way."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
CARDS = ASSETS / "cards"
SOUNDS = ASSETS / "sounds"
TABLES = ASSETS / "tables"
SCENARIOS = ASSETS / "scenarios"
