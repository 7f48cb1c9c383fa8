"""Choosing a card from a hand: hover and click, drag and drop onto the table, or Left/Right and Enter.

Shared by every table so a card is played the same way everywhere; the table decides what playing
means and whether it is allowed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from game.ui.card_images import CardImages
from game.ui.card_sprite import CardSprite

ENTER = (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)


class HandControl:
    def __init__(self) -> None:
        self.selected: int | None = None
        self.dragging: CardSprite | None = None
        self._start = (0, 0)
        self._offset = (0.0, 0.0)

    def reset(self) -> None:
        self.selected = None
        self.dragging = None

    @staticmethod
    def index_at(
        hand: Sequence[CardSprite], images: CardImages, width: int, pos: tuple[int, int]
    ) -> int | None:
        """The topmost card of the hand under `pos`."""
        for i in reversed(range(len(hand))):
            if hand[i].rect(images, width).collidepoint(pos):
                return i
        return None

    def key(self, event: pygame.event.Event, hand: Sequence[CardSprite], play: Callable[[int], None]) -> bool:
        """Left/Right move the selection, Enter or Space plays it."""
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT) and hand:
            step = 1 if event.key == pygame.K_RIGHT else -1
            self.selected = 0 if self.selected is None else (self.selected + step) % len(hand)
            return True
        if event.key in ENTER and self.selected is not None:
            play(self.selected)
            return True
        return False

    def mouse(
        self,
        event: pygame.event.Event,
        hand: Sequence[CardSprite],
        images: CardImages,
        width: int,
        can_drag: bool,
        drop_above: int,
        play: Callable[[int], None],
        home: Callable[[CardSprite], None],
    ) -> None:
        """Hover selects; a click plays; a card dragged above `drop_above` is played, else goes home."""
        if event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self.dragging.x = event.pos[0] - self._offset[0]
                self.dragging.y = event.pos[1] - self._offset[1]
            else:
                self.selected = self.index_at(hand, images, width, event.pos)
            return
        if getattr(event, "button", 0) != 1:
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            index = self.index_at(hand, images, width, event.pos)
            if index is None:
                return
            if not can_drag:
                play(index)  # the table says why not
                return
            sprite = hand[index]
            self.dragging = sprite
            self._start = event.pos
            self._offset = (event.pos[0] - sprite.x, event.pos[1] - sprite.y)
        elif event.type == pygame.MOUSEBUTTONUP and self.dragging:
            sprite, self.dragging = self.dragging, None
            moved = abs(event.pos[0] - self._start[0]) + abs(event.pos[1] - self._start[1])
            if sprite in hand and (moved < 8 or event.pos[1] < drop_above):
                play(list(hand).index(sprite))
            if sprite in hand:
                home(sprite)
