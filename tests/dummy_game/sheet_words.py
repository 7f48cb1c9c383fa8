"""Higher Card's final sheet: each player's tricks."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game import seating, sheets
from game.seating import CardTableSetup


def final_sheet(setup: CardTableSetup, state: Any, events: Sequence[Any]) -> sheets.ScoreSheet:
    return sheets.totals_sheet("highcard", seating.names(setup), tuple(state.totals), ())
