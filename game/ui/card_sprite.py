"""A card on the table: where it is, which side is up, how far it is lifted or flipped."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.engine.tween import Tween, Tweener, ease_in_out_cubic, ease_out_cubic, lerp
from game.game_spec import HIDDEN
from game.ui import drawn
from game.ui.card_images import CardImages

GLOW = (255, 214, 120)  # the ring round a highlighted card
# one thing a card lays down: an image at a place, or (no image) the glow ring round that place
Piece = tuple[pygame.Surface | None, pygame.Rect]


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

    def look(self) -> tuple[object, ...]:
        """All `pieces` reads of the card: two cards with the same look are drawn alike (at one size)."""
        at = (round(self.x), round(self.y - self.lift), int(self.lift / 3), int(self.lift / 2))
        side = (self.code, self.pack, self.rel_back, self.face_up, round(self.x_scale * 16))
        return (*at, *side, self.dim, self.highlight, self.visible)

    def pieces(self, images: CardImages, width: int, premultiplied: bool = False) -> list[Piece]:
        """What drawing the card lays down, bottom first: its shadow, the glow ring when highlighted (no
        image), the side shown, the veil when dimmed; premultiplied images for a `CardLayer`."""
        if not self.visible:
            return []
        shown = self.face_up and self.code != HIDDEN  # a card a remote seat may not know shows its back
        rel = images.path_for(self.pack, self.code) if shown else self.rel_back
        image = images.squashed(rel, width, self.x_scale)
        rect = image.get_rect(center=(round(self.x), round(self.y - self.lift)))
        spread = max(3, width // 16) + int(self.lift / 3)
        sh = shadow(images.size_for(width), spread)
        off = 2 + int(self.lift / 2)
        if premultiplied:
            sh, image = _premultiplied(sh), images.premultiplied(image)
        out: list[Piece] = [(sh, sh.get_rect(center=(rect.centerx + off, rect.centery + off + 1)))]
        if self.highlight:
            out.append((None, rect.inflate(6, 6)))
        out.append((image, rect))
        if self.dim:
            veil = _veil(rect.size, max(4, width // 14))
            out.append(((_premultiplied(veil) if premultiplied else veil), rect))
        return out

    def draw(self, surface: pygame.Surface, images: CardImages, width: int) -> None:
        lay(surface, self.pieces(images, width), width)
        if self.visible:
            drawn.cover(surface, self.rect(images, width), "card")

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


def lay(
    surface: pygame.Surface, pieces: list[Piece], width: int, origin: tuple[int, int] = (0, 0), flags: int = 0
) -> None:
    """Draws a card's pieces with their top left corner moved by -`origin`."""
    ox, oy = origin
    for image, rect in pieces:
        if image is None:
            pygame.draw.rect(surface, GLOW, rect.move(-ox, -oy), 3, border_radius=max(4, width // 12))
        else:
            surface.blit(image, rect.move(-ox, -oy), special_flags=flags)


class CardLayer:
    """Cards at rest (a hand, a talon) drawn as one picture: once the same cards lie in the same places
    for two frames in a row, their shadows, rings, faces and veils are composed, premultiplied, into one
    surface, and every frame after that is one blit of it until something moves. The pixels are those of
    drawing card after card (to a level of rounding); a card in motion is simply drawn as before."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] = ()
        self._picture: pygame.Surface | None = None
        self._at = (0, 0)

    def draw(
        self, surface: pygame.Surface, sprites: list[CardSprite], images: CardImages, width: int
    ) -> None:
        key = (width, images.params, images.four_colour, *(sprite.look() for sprite in sprites))
        if key != self._key:  # moved (or new): drawn card by card, composed if it is still so next frame
            self._key, self._picture = key, None
            for sprite in sprites:
                sprite.draw(surface, images, width)
            return
        if self._picture is None:
            self._compose(sprites, images, width)
        if self._picture is not None:
            surface.blit(self._picture, self._at, special_flags=pygame.BLEND_PREMULTIPLIED)
            for sprite in sprites:
                if sprite.visible:
                    drawn.cover(surface, sprite.rect(images, width), "card")

    def _compose(self, sprites: list[CardSprite], images: CardImages, width: int) -> None:
        pieces = [piece for sprite in sprites for piece in sprite.pieces(images, width, premultiplied=True)]
        if not pieces:
            return
        rects = [rect for _, rect in pieces]
        bounds = rects[0].unionall(rects[1:])
        picture = pygame.Surface(bounds.size, pygame.SRCALPHA)
        lay(picture, pieces, width, bounds.topleft, pygame.BLEND_PREMULTIPLIED)
        self._picture, self._at = picture, bounds.topleft


@lru_cache(maxsize=32)
def _premultiplied(surface: pygame.Surface) -> pygame.Surface:
    """A shadow or veil with its colours multiplied by its alpha, for a `CardLayer`."""
    return surface.premul_alpha()


@lru_cache(maxsize=8)
def _veil(size: tuple[int, int], radius: int) -> pygame.Surface:
    veil = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(veil, (10, 20, 14, 120), veil.get_rect(), border_radius=radius)
    return veil
