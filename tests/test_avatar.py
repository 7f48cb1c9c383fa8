"""Seat portraits: one sitter per seed, and the idle, thinking and reaction animations."""

import pygame
import pytest

from game.ui.avatar import REACTION_TIME, STATES, Avatar

TABLE = (24, 70, 44)


def portrait(avatar: Avatar, size: tuple[int, int] = (160, 200), glow: bool = False) -> bytes:
    target = pygame.Surface(size)
    target.fill(TABLE)
    avatar.draw(target, target.get_rect(), glow=glow)
    return pygame.image.tobytes(target, "RGB")


def test_same_seed_same_portrait() -> None:
    assert portrait(Avatar(7, "Host")) == portrait(Avatar(7, "Host"))


def test_different_seeds_different_portraits() -> None:
    pictures = {portrait(Avatar(seed)) for seed in range(6)}
    assert len(pictures) == 6


def test_seeds_vary_the_sitter() -> None:
    sitters = [Avatar(seed).sitter for seed in range(40)]
    assert {s.woman for s in sitters} == {True, False}
    assert {s.hat for s in sitters} == {"top", "bowler", "bonnet", "none"}
    assert len({s.moustache for s in sitters}) >= 3
    assert len({s.beard for s in sitters}) >= 3


def test_starts_idle() -> None:
    assert Avatar(1).state == "idle"


def test_thinking() -> None:
    avatar = Avatar(1)
    avatar.think(True)
    assert avatar.state == "thinking"
    avatar.update(5.0)
    assert avatar.state == "thinking"
    avatar.think(False)
    assert avatar.state == "idle"


@pytest.mark.parametrize(("kind", "state"), [("nod", "happy"), ("frown", "sad")])
def test_reactions_return_to_idle(kind: str, state: str) -> None:
    avatar = Avatar(2)
    avatar.react(kind)
    assert avatar.state == state
    avatar.update(REACTION_TIME * 0.5)
    assert avatar.state == state
    avatar.update(REACTION_TIME * 0.6)
    assert avatar.state == "idle"


def test_reaction_while_thinking_returns_to_thinking() -> None:
    avatar = Avatar(3)
    avatar.think(True)
    avatar.react("nod")
    assert avatar.state == "happy"
    avatar.update(REACTION_TIME + 0.1)
    assert avatar.state == "thinking"


def test_unknown_reaction_is_refused() -> None:
    with pytest.raises(ValueError):
        Avatar(1).react("wink")


def test_states_are_the_documented_ones() -> None:
    avatar = Avatar(4)
    seen = {avatar.state}
    avatar.think(True)
    seen.add(avatar.state)
    for kind in ("nod", "frown"):
        avatar.react(kind)
        seen.add(avatar.state)
    assert seen == set(STATES)


def test_animation_moves_the_picture() -> None:
    avatar = Avatar(5)
    still = portrait(avatar)
    avatar.react("nod")
    avatar.update(REACTION_TIME * 0.25)
    assert portrait(avatar) != still
    avatar.update(REACTION_TIME)
    avatar.think(True)
    avatar.update(0.3)
    assert portrait(avatar) != still


def test_animation_is_deterministic() -> None:
    a, b = Avatar(6), Avatar(6)
    for step in range(240):
        a.update(1 / 30)
        b.update(1 / 30)
        if step % 40 == 0:
            assert portrait(a) == portrait(b)


def test_idle_blinks_and_breathes() -> None:
    avatar = Avatar(8)
    frames = set()
    for _ in range(300):
        avatar.update(1 / 30)
        frames.add(portrait(avatar))
    assert len(frames) >= 3


@pytest.mark.parametrize("size", [(48, 60), (96, 120), (160, 200), (240, 300), (300, 200)])
def test_draws_at_several_sizes(size: tuple[int, int]) -> None:
    target = pygame.Surface((size[0] + 40, size[1] + 40))
    target.fill(TABLE)
    rect = pygame.Rect(20, 20, *size)
    avatar = Avatar(9, "Graf")
    avatar.think(True)
    avatar.draw(target, rect, glow=True)
    # Something is drawn at the middle of the rect, and nothing outside it.
    assert target.get_at(rect.center) != pygame.Color(*TABLE)
    border = [target.get_at((x, 5)) for x in range(0, target.get_width(), 7)]
    border += [target.get_at((5, y)) for y in range(0, target.get_height(), 7)]
    assert all(c == pygame.Color(*TABLE) for c in border)


def test_glow_marks_the_seat_to_act() -> None:
    avatar = Avatar(10)
    assert portrait(avatar, glow=True) != portrait(avatar, glow=False)
