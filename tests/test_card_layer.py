"""Cards at rest drawn as one picture (`CardLayer`): the table looks as it does card by card, and a card
that moves, turns, lifts or dims is shown so at once."""

import pygame
import pytest

from game.ui.card_images import CardImages
from game.ui.card_sprite import CardLayer, CardSprite
from game.ui.felt import felt
from game.ui.vintage import VintageParams

SIZE = (640, 360)
WIDTH = 80


@pytest.fixture(autouse=True)
def display() -> None:
    pygame.init()
    pygame.display.set_mode(SIZE)


def hand() -> list[CardSprite]:
    cards = ("XXI", "I", "KH", "QS", "1D", "7C")
    sprites = [
        CardSprite(c, "tarock", "backs/tarock", 120 + 60 * i, 250, face_up=True) for i, c in enumerate(cards)
    ]
    sprites[2].lift, sprites[2].highlight = 22.0, True
    sprites[4].dim = True
    sprites[5].face_up = False
    return sprites


def card_by_card(images: CardImages, sprites: list[CardSprite]) -> pygame.Surface:
    surface = felt(SIZE, VintageParams()).copy()
    for sprite in sprites:
        sprite.draw(surface, images, WIDTH)
    return surface


def through_layer(
    images: CardImages, layer: CardLayer, sprites: list[CardSprite], frames: int
) -> pygame.Surface:
    surface = felt(SIZE, VintageParams()).copy()
    for _ in range(frames):
        surface = felt(SIZE, VintageParams()).copy()
        layer.draw(surface, sprites, images, WIDTH)
    return surface


def largest_difference(a: pygame.Surface, b: pygame.Surface) -> int:
    pa, pb = pygame.image.tobytes(a, "RGB"), pygame.image.tobytes(b, "RGB")
    return max(abs(x - y) for x, y in zip(pa, pb, strict=True))


def test_a_still_hand_looks_as_drawn_card_by_card() -> None:
    images, sprites = CardImages(VintageParams()), hand()
    expected = card_by_card(images, sprites)
    layer = CardLayer()
    assert (
        largest_difference(through_layer(images, layer, sprites, 1), expected) == 0
    )  # first frame: as before
    composed = through_layer(images, layer, sprites, 3)  # still: drawn from the composed picture
    assert layer._picture is not None
    assert largest_difference(composed, expected) <= 4  # premultiplied rounding only


@pytest.mark.parametrize(
    "change",
    [
        lambda s: setattr(s, "x", s.x + 17),
        lambda s: setattr(s, "face_up", not s.face_up),
        lambda s: setattr(s, "lift", 22.0),
        lambda s: setattr(s, "dim", True),
        lambda s: setattr(s, "highlight", True),
        lambda s: setattr(s, "code", "II"),
    ],
)
def test_a_card_that_changes_is_shown_changed_at_once(change) -> None:
    images, sprites = CardImages(VintageParams()), hand()
    layer = CardLayer()
    through_layer(images, layer, sprites, 3)
    change(sprites[0])
    assert largest_difference(through_layer(images, layer, sprites, 1), card_by_card(images, sprites)) == 0


def test_a_card_leaving_the_hand_leaves_the_picture() -> None:
    images, sprites = CardImages(VintageParams()), hand()
    layer = CardLayer()
    through_layer(images, layer, sprites, 3)
    rest = sprites[1:]
    assert largest_difference(through_layer(images, layer, rest, 1), card_by_card(images, rest)) == 0
    assert largest_difference(through_layer(images, layer, rest, 3), card_by_card(images, rest)) <= 4
