"""Higher Card's computer player: the highest card, always (what the thinker needs of a game)."""

from __future__ import annotations

import random
from typing import Any

from dummy_game.rules import Play, View


def choose(view: View, rng: random.Random) -> Play:
    return Play(view.seat, max(view.hand))


def root_moves(view: View) -> list[str]:
    return list(view.hand)


def reason(view: View, act: Any, choices: int) -> tuple[str, dict[str, Any]]:
    return ("only" if choices == 1 else "lead"), {"card": act.card}
