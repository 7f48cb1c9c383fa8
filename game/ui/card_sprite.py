"""A card on the table: where it is, which side is up, how far it is lifted or flipped."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.engine.tween import Tween, Tweener, ease_in_out_cubic, ease_out_cubic, lerp
from game.game_spec import HIDDEN
from game.ui.card_images import CardImages


@lru_cache(maxsize=16)
def shadow(size: tuple[int, int], spread: int) -> pygame.Surface:
    """A soft drop shadow for a card of `size`, made once by blurring a dark rounded rectangle."""
    w, h = size
    pad = spread * 2
    small_w, small_h = max(2, (w + 2 * pad) // 4), max(2, (h + 2 * pad) // 4)
    base = pygame.Surface((small_w, small_h), pygame.SRCALPHA)
    inner = pygame.Rect(pad // 4, pad // 4, small_w - pad // 2, small_h - pad // 2)
    pygame.draw.rect(base, (0, 0, 0, 110), inner, border_radius=3)
    blurred = pygame.transform.gaussian_blur(base, max(1, spread // 4))
    return pygame.transform.smoothscale(blurred, (w + 2 * pad, h + 2 * pad))


@dataclass
class CardSprite:
    code: str
    pack: str  # "french" or "tarock": the face is looked up when drawn, so four-colour applies at once
    rel_back: str  # asset path of the back, e.g. "backs/falkenstein"
    x: float = 0.0  # centre
    y: float = 0.0
    face_up: bool = False
    x_scale: float = 1.0  # 0..1 during a flip
    lift: float = 0.0  # pixels raised (hover / selection)
    dim: bool = False
    highlight: bool = False
    visible: bool = True
    flips: int = 0  # flips begun or sides shown at once: only the latest one moves the card

    def rect(self, images: CardImages, width: int) -> pygame.Rect:
        w, h = images.size_for(width)
        return pygame.Rect(round(self.x - w / 2), round(self.y - h / 2 - self.lift), w, h)

    def draw(self, surface: pygame.Surface, images: CardImages, width: int) -> None:
        if not self.visible:
            return
        shown = self.face_up and self.code != HIDDEN  # a card a remote seat may not know shows its back
        rel = images.path_for(self.pack, self.code) if shown else self.rel_back
        image = images.squashed(rel, width, self.x_scale)
        rect = image.get_rect(center=(round(self.x), round(self.y - self.lift)))
        spread = max(3, width // 16) + int(self.lift / 3)
        sh = shadow(images.size_for(width), spread)
        off = 2 + int(self.lift / 2)
        surface.blit(sh, sh.get_rect(center=(rect.centerx + off, rect.centery + off + 1)))
        if self.highlight:
            glow = rect.inflate(6, 6)
            pygame.draw.rect(surface, (255, 214, 120), glow, 3, border_radius=max(4, width // 12))
        surface.blit(image, rect)
        if self.dim:
            veil = _veil(rect.size, max(4, width // 14))
            surface.blit(veil, rect)

    # motion ------------------------------------------------------------------------------------
    def fly(
        self,
        tweens: Tweener,
        to: tuple[float, float],
        duration: float,
        delay: float = 0.0,
        arc: float = 0.0,
        tag: str = "",
        on_done=None,
    ) -> None:
        """Moves the card to `to`, lifting it along an arc of `arc` pixels (a dealt card's flight)."""
        x0, y0 = self.x, self.y
        x1, y1 = to

        def apply(t: float) -> None:
            self.x = lerp(x0, x1, t)
            self.y = lerp(y0, y1, t) - arc * 4 * t * (1 - t)

        if duration <= 0:
            apply(1.0)
            if on_done:
                on_done()
            return
        tweens.add(Tween(duration, apply, ease_out_cubic, delay, on_done, tag))

    def flip(
        self, tweens: Tweener, duration: float, delay: float = 0.0, tag: str = "", face_up: bool = True
    ) -> None:
        """Squashes the x-scale to 0, swaps the side, and opens it again, unless a later turn overtakes it."""
        if duration <= 0:
            self.turn(face_up)
            return
        self.flips += 1
        flip = self.flips

        def apply(t: float) -> None:
            if flip != self.flips:
                return
            if t < 0.5:
                self.x_scale = 1 - 2 * t
            else:
                self.face_up = face_up
                self.x_scale = 2 * t - 1

        tweens.add(Tween(duration, apply, ease_in_out_cubic, delay, None, tag))

    def turn(self, face_up: bool) -> None:
        """Shows one side at once, cancelling a flip under way: a hand covered mid-flip stays covered."""
        self.flips += 1
        self.face_up, self.x_scale = face_up, 1.0


@lru_cache(maxsize=8)
def _veil(size: tuple[int, int], radius: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (10, 20, 14, 120), veil.get_rect(), border_radius=radius)
    return veil
