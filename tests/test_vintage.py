"""The vintage filter: baked contrast and temperature, and the live grain overlay."""

import itertools

import pygame
import pytest

from game.ui.vintage import Grain, VintageParams, bake, luts

IDENTITY = bytes(range(256))


def gradient(width: int = 256, height: int = 4) -> pygame.Surface:
    surface = pygame.Surface((width, height))
    for x in range(width):
        v = x * 255 // (width - 1)
        pygame.draw.line(surface, (v, v, v), (x, 0), (x, height - 1))
    return surface


def channel(surface: pygame.Surface, index: int, fmt: str = "RGB") -> bytes:
    return pygame.image.tobytes(surface, fmt)[index :: len(fmt)]


def spread(levels: bytes) -> float:
    """Mean distance from the mean: how far a gradient's levels are pushed apart."""
    mean = sum(levels) / len(levels)
    return sum(abs(v - mean) for v in levels) / len(levels)


def test_zero_percent_is_identity() -> None:
    assert luts(VintageParams(contrast=0, grain=0, temperature=0)) == (IDENTITY, IDENTITY, IDENTITY)
    image = gradient()
    image.fill((200, 30, 90), (0, 0, 40, 2))
    baked = bake(image, VintageParams(contrast=0, grain=50, temperature=0))
    assert pygame.image.tobytes(baked, "RGB") == pygame.image.tobytes(image, "RGB")


@pytest.mark.parametrize("contrast", [0, 25, 50, 75, 100])
@pytest.mark.parametrize("temperature", [0, 50, 100])
def test_luts_are_monotonic(contrast: int, temperature: int) -> None:
    for table in luts(VintageParams(contrast=contrast, temperature=temperature)):
        assert len(table) == 256
        assert all(a <= b for a, b in itertools.pairwise(table))


def test_full_contrast_spreads_a_gradient() -> None:
    image = gradient()
    baked = bake(image, VintageParams(contrast=100, temperature=0))
    assert spread(channel(baked, 1)) > spread(channel(image, 1)) * 1.1
    # An S-curve keeps the ends: black stays black and white stays white.
    assert channel(baked, 1)[0] == 0
    assert channel(baked, 1)[-1] == 255


def test_full_temperature_warms_grey() -> None:
    grey = pygame.Surface((8, 8))
    grey.fill((128, 128, 128))
    r, g, b = bake(grey, VintageParams(contrast=0, temperature=100)).get_at((3, 3))[:3]
    assert r > g > b
    assert r - b >= 20


def test_bake_keeps_alpha() -> None:
    image = pygame.Surface((64, 4), pygame.SRCALPHA)
    for x in range(64):
        pygame.draw.line(image, (x * 4, 90, 255 - x * 4, x * 4), (x, 0), (x, 3))
    baked = bake(image, VintageParams(contrast=80, temperature=80))
    assert baked.get_flags() & pygame.SRCALPHA
    assert channel(baked, 3, "RGBA") == channel(image, 3, "RGBA")
    assert channel(baked, 0, "RGBA") != channel(image, 0, "RGBA")


def test_bake_returns_a_new_surface() -> None:
    image = gradient()
    before = pygame.image.tobytes(image, "RGB")
    baked = bake(image, VintageParams())
    assert baked is not image
    assert pygame.image.tobytes(image, "RGB") == before


def grey_target(size: tuple[int, int] = (320, 180)) -> pygame.Surface:
    target = pygame.Surface(size)
    target.fill((128, 128, 128))
    return target


def test_grain_off_leaves_the_frame_alone() -> None:
    target = grey_target()
    grain = Grain(target.get_size(), seed=3)
    grain.set_strength(0)
    for frame in range(4):
        grain.draw(target, frame)
    assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(grey_target(), "RGB")


def test_grain_changes_pixels_but_not_the_mean() -> None:
    target = grey_target()
    grain = Grain(target.get_size(), seed=3)
    grain.draw(target, 0)
    assert pygame.image.tobytes(target, "RGB") != pygame.image.tobytes(grey_target(), "RGB")
    # The middle of the frame is clear of the vignette: there the grain alone must average out.
    middle = target.subsurface((80, 45, 160, 90))
    levels = channel(middle, 0)
    assert len(set(levels)) > 3
    assert abs(sum(levels) / len(levels) - 128) < 2.5


def test_vignette_darkens_the_corners() -> None:
    target = grey_target()
    Grain(target.get_size(), seed=3).draw(target, 0)
    corner = channel(target.subsurface((0, 0, 24, 14)), 0)
    assert sum(corner) / len(corner) < 120


def test_grain_moves_between_frames_and_follows_a_resize() -> None:
    grain = Grain((320, 180), seed=3)
    first, later = grey_target(), grey_target()
    grain.draw(first, 0)
    grain.draw(later, 10)
    assert pygame.image.tobytes(first, "RGB") != pygame.image.tobytes(later, "RGB")
    grain.resize((400, 240))
    wide = grey_target((400, 240))
    grain.draw(wide, 0)
    assert wide.get_at((390, 120)) != pygame.Color(128, 128, 128)
