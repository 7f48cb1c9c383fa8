"""The joker fireworks: deterministic, capped, audible and finite."""

import pygame

from game.ui.fireworks import MAX_PARTICLES, Fireworks

DT = 1 / 60
AREA = pygame.Rect(0, 0, 1280, 720)


def night_table() -> pygame.Surface:
    table = pygame.Surface(AREA.size)
    table.fill((26, 74, 46))
    return table


def run(show: Fireworks, seconds: float) -> list[str]:
    cues: list[str] = []
    for _ in range(round(seconds / DT)):
        cues += show.update(DT)
    return cues


def picture(show: Fireworks) -> bytes:
    target = night_table()
    show.draw(target)
    return pygame.image.tobytes(target, "RGB")


def test_same_seed_same_show() -> None:
    a, b = Fireworks(AREA, seed=11), Fireworks(AREA, seed=11)
    assert run(a, 2.5) == run(b, 2.5)
    assert a.live == b.live > 0
    assert picture(a) == picture(b)
    # Drawing does not disturb the show.
    picture(a)
    assert run(a, 0.5) == run(b, 0.5)
    assert picture(a) == picture(b)


def test_different_seeds_differ() -> None:
    a, b = Fireworks(AREA, seed=1), Fireworks(AREA, seed=2)
    run(a, 2.5)
    run(b, 2.5)
    assert picture(a) != picture(b)


def test_cues_for_launches_and_bursts() -> None:
    show = Fireworks(AREA, seed=5)
    cues = run(show, 6.0)
    assert cues.count("whoosh") >= 10
    assert cues.count("bang") >= 8
    assert set(cues) <= {"whoosh", "bang", "crackle"}
    # The first sound is a launch, and every crackle belongs to a bang.
    assert cues[0] == "whoosh"
    assert cues.count("crackle") <= cues.count("bang")


def test_done_only_after_the_duration_and_the_last_spark() -> None:
    show = Fireworks(AREA, seed=8, duration=3.0)
    steps = 0
    while not show.done:
        show.update(DT)
        steps += 1
        assert steps < 20 / DT, "the show never ended"
    assert show.time >= 3.0
    assert show.live == 0
    assert show.update(DT) == []
    target = night_table()
    show.draw(target)
    assert pygame.image.tobytes(target, "RGB") == pygame.image.tobytes(night_table(), "RGB")


def test_not_done_while_running() -> None:
    show = Fireworks(AREA, seed=8, duration=3.0)
    run(show, 2.9)
    assert not show.done


def test_skip_ends_at_once() -> None:
    show = Fireworks(AREA, seed=4)
    run(show, 2.0)
    assert show.live > 0
    show.skip()
    assert show.done
    assert show.live == 0
    assert show.update(DT) == []
    assert picture(show) == pygame.image.tobytes(night_table(), "RGB")


def test_particles_stay_under_the_cap() -> None:
    for seed in (1, 2, 3):
        show = Fireworks(AREA, seed=seed)
        peak = 0
        while not show.done:
            show.update(DT)
            peak = max(peak, show.live)
        assert 100 < peak <= MAX_PARTICLES


def test_drawing_changes_the_frame() -> None:
    show = Fireworks(AREA, seed=6)
    run(show, 2.5)
    before = night_table()
    after = night_table()
    show.draw(after)
    changed = sum(
        a != b
        for a, b in zip(pygame.image.tobytes(before, "RGB"), pygame.image.tobytes(after, "RGB"), strict=True)
    )
    assert changed > 5000
    # Stars glow brighter than the night-dimmed table.
    assert max(pygame.image.tobytes(after, "RGB")) > 200


def test_show_stays_in_its_area() -> None:
    area = pygame.Rect(200, 100, 640, 360)
    show = Fireworks(area, seed=9)
    run(show, 2.5)
    target = pygame.Surface((1280, 720))
    target.fill((26, 74, 46))
    show.draw(target)
    # Night and stars stay inside the area; the table outside it keeps its colour.
    outside = [tuple(target.get_at((x, y))) for x in range(0, 1280, 40) for y in (5, 95, 470, 715)]
    outside += [tuple(target.get_at((x, y))) for x in (5, 195, 845, 1275) for y in range(0, 720, 40)]
    assert set(outside) == {(26, 74, 46, 255)}
    assert target.get_at((area.x + 2, area.bottom - 2)) != pygame.Color(26, 74, 46)
