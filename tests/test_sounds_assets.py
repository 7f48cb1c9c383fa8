"""The committed sounds: valid, audible, unclipped, and exactly what tools/make_sounds.py renders today."""

import itertools
import sys
import wave
from array import array
from pathlib import Path

import pygame
import pytest
from tool_loader import load_tool

ROOT = Path(__file__).resolve().parent.parent
SOUNDS_DIR = ROOT / "assets" / "sounds"
FULL_SCALE = 32767

# Rough lengths from the sound brief; the tool may stray a quarter either way.
NOMINAL_SECONDS = {
    "deal": 0.12,
    "flip": 0.09,
    "play": 0.18,
    "sweep": 0.4,
    "shuffle": 1.2,
    "success": 1.0,
    "failure": 0.5,
    "click": 0.03,
    "whoosh": 0.9,
    "bang": 1.2,
    "crackle": 1.5,
}
UI_SOUNDS = {"click"}


make_sounds = load_tool("make_sounds")


def _frames(name: str) -> bytes:
    with wave.open(str(SOUNDS_DIR / f"{name}.wav"), "rb") as wav:
        return wav.readframes(wav.getnframes())


def _pcm(name: str) -> array:
    """The committed samples; WAV is little-endian whatever the host is."""
    pcm = array("h", _frames(name))
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm


def _crossings_per_second(pcm: array) -> float:
    """Half the zero-crossing rate: a crude brightness, near the frequency for a pure tone."""
    flips = sum(1 for a, b in itertools.pairwise(pcm) if (a < 0) != (b < 0))
    return flips / 2 / (len(pcm) / 44100)


def test_expected_files_are_the_agreed_set() -> None:
    assert sorted(make_sounds.expected_files()) == sorted(f"{name}.wav" for name in NOMINAL_SECONDS)


@pytest.mark.parametrize("name", sorted(NOMINAL_SECONDS))
def test_wav_format_and_duration(name: str) -> None:
    with wave.open(str(SOUNDS_DIR / f"{name}.wav"), "rb") as wav:
        params = wav.getparams()
    assert (params.nchannels, params.sampwidth, params.framerate, params.comptype) == (1, 2, 44100, "NONE")
    seconds = params.nframes / params.framerate
    assert seconds == pytest.approx(NOMINAL_SECONDS[name], rel=0.25)


@pytest.mark.parametrize("name", sorted(NOMINAL_SECONDS))
def test_audible_unclipped_and_faded(name: str) -> None:
    pcm = _pcm(name)
    peak = max(abs(v) for v in pcm)
    rms = (sum(v * v for v in pcm) / len(pcm)) ** 0.5
    target = FULL_SCALE * 10 ** ((-9.0 if name in UI_SOUNDS else -3.0) / 20)
    assert peak < FULL_SCALE
    assert peak == pytest.approx(target, rel=0.03)
    assert rms > FULL_SCALE / 100
    assert abs(pcm[0]) < FULL_SCALE / 100 and abs(pcm[-1]) < FULL_SCALE / 100


@pytest.mark.parametrize("name", sorted(NOMINAL_SECONDS))
def test_rerender_reproduces_committed_frames(name: str) -> None:
    assert make_sounds.render(name) == _frames(name)


def test_character_dark_knock_tonal_chime_bright_cards() -> None:
    brightness = {name: _crossings_per_second(_pcm(name)) for name in NOMINAL_SECONDS}
    assert brightness["failure"] < 400
    assert 400 < brightness["success"] < 1200
    for name in ("deal", "flip", "play", "sweep", "shuffle", "whoosh", "crackle"):
        assert brightness[name] > 2000, name


def test_each_sound_loads_in_pygame_mixer() -> None:
    try:
        pygame.mixer.init()
    except pygame.error as error:
        pytest.skip(f"pygame.mixer cannot start under SDL_AUDIODRIVER=dummy here: {error}")
    try:
        for name, seconds in NOMINAL_SECONDS.items():
            sound = pygame.mixer.Sound(str(SOUNDS_DIR / f"{name}.wav"))
            assert sound.get_length() == pytest.approx(seconds, rel=0.25), name
    finally:
        pygame.mixer.quit()
