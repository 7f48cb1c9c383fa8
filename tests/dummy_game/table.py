"""Higher Card's table: the plainest scene that can show a match and resume it."""

from __future__ import annotations

from typing import Any

import pygame

from dummy_game.rules import HigherCard
from game.scenes.table_scene import TableScene
from game.ui import text, theme


class HigherCardTable(TableScene):
    name = "highcard"
    game_id = "highcard"

    def __init__(self, app: Any, setup: Any) -> None:
        super().__init__(app, setup)
        self.game = HigherCard(setup.seed)

    def present(self, event: Any) -> float:
        return 0.0

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill((24, 72, 40))
        hand = " ".join(self.game.view(0).hand)
        text.draw(surface, hand, (40, 40), theme.SIZE_BODY, theme.CREAM, box=surface.get_rect(), pad=40)
