"""Synthesise Atout's sound effects into assets/sounds/, so every sound is our own and rebuilds byte for byte.

Pure Python on purpose: a handful of tiny DSP helpers (noise, a gliding state-variable filter, envelopes,
sine partials, mixing) shared by short recipes, one per sound. Each recipe draws from its own seeded
generator, so a sound never changes because another one did.
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Literal, TypeAlias

RATE = 44100
TAU = 2.0 * math.pi
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "sounds"
EFFECT_PEAK_DBFS = -3.0
SEED = "atout-sounds-1"

Signal: TypeAlias = list[float]
Points: TypeAlias = Sequence[tuple[float, float]]
Recipe: TypeAlias = Callable[[random.Random], Signal]


# --- DSP helpers ---------------------------------------------------------------------------------


def samples(seconds: float) -> int:
    """Seconds to a sample count, the one rounding every helper agrees on."""
    return round(seconds * RATE)


def noise(rng: random.Random, seconds: float) -> Signal:
    """Uniform white noise; `random()` is bit-identical on every platform, unlike `gauss()`."""
    return [rng.random() * 2.0 - 1.0 for _ in range(samples(seconds))]


def curve(seconds: float, points: Points, log: bool = False) -> Signal:
    """Piecewise-linear breakpoints (time, value), held flat outside; `log` glides evenly in pitch."""
    times = [t for t, _ in points]
    values = [math.log(v) if log else v for _, v in points]
    out: Signal = []
    seg = 0
    for i in range(samples(seconds)):
        t = i / RATE
        while seg < len(times) - 2 and t >= times[seg + 1]:
            seg += 1
        t0, t1 = times[seg], times[min(seg + 1, len(times) - 1)]
        frac = 0.0 if t1 <= t0 else min(max((t - t0) / (t1 - t0), 0.0), 1.0)
        v = values[seg] + frac * (values[min(seg + 1, len(values) - 1)] - values[seg])
        out.append(math.exp(v) if log else v)
    return out


def perc(seconds: float, attack: float, tau: float) -> Signal:
    """Linear attack then exponential decay: the envelope of anything struck."""
    rise = max(attack * RATE, 1.0)
    fall = tau * RATE
    return [i / rise if i < rise else math.exp(-(i - rise) / fall) for i in range(samples(seconds))]


def sine(freq: float | Signal, seconds: float) -> Signal:
    """A sine whose frequency may glide per sample (phase is accumulated, so glides stay smooth)."""
    n = samples(seconds)
    freqs = freq if isinstance(freq, list) else itertools.repeat(freq, n)
    phases = itertools.accumulate((TAU * f / RATE for f in freqs), initial=0.0)
    return [math.sin(p) for p in itertools.islice(phases, n)]


def svf(x: Signal, cutoff: float | Signal, q: float, mode: Literal["band", "high"] = "band") -> Signal:
    """Topology-preserving state-variable filter: stays stable while its cutoff glides, unlike a biquad.

    Band-pass (scaled to unity gain at the centre, so layers mix at the levels written) or high-pass.
    """
    k = 1.0 / q
    cutoffs = cutoff if isinstance(cutoff, list) else itertools.repeat(cutoff)
    ic1 = ic2 = 0.0
    a1 = a2 = a3 = 0.0
    last = -1.0
    lows: Signal = []
    bands: Signal = []
    for v0, fc in zip(x, cutoffs, strict=False):
        if fc != last:
            g = math.tan(math.pi * min(fc, 0.45 * RATE) / RATE)
            a1 = 1.0 / (1.0 + g * (g + k))
            a2 = g * a1
            a3 = g * a2
            last = fc
        v3 = v0 - ic2
        v1 = a1 * ic1 + a2 * v3
        v2 = ic2 + a2 * ic1 + a3 * v3
        ic1 = 2.0 * v1 - ic1
        ic2 = 2.0 * v2 - ic2
        lows.append(v2)
        bands.append(v1)
    if mode == "high":
        return [v0 - k * b - lo for v0, b, lo in zip(x, bands, lows, strict=False)]
    return [k * b for b in bands]


def mul(a: Signal, b: Signal) -> Signal:
    """Sample-wise product, for applying envelopes."""
    return [x * y for x, y in zip(a, b, strict=False)]


def place(seconds: float, layers: Iterable[tuple[float, Signal, float]]) -> Signal:
    """Mix (start time, signal, gain) layers into a buffer of fixed length; overhang is cut."""
    out = [0.0] * samples(seconds)
    for at, signal, gain in layers:
        start = samples(at)
        for i, v in enumerate(signal[: max(len(out) - start, 0)], start):
            out[i] += gain * v
    return out


def partials(freq: float, seconds: float, spec: Sequence[tuple[float, float, float]]) -> Signal:
    """Struck tone: (ratio, gain, decay) partials, each fading on its own like a real bar or bell."""
    return place(
        seconds,
        (
            (0.0, mul(sine(freq * ratio, seconds), perc(seconds, 0.002, tau)), gain)
            for ratio, gain, tau in spec
        ),
    )


def burst(rng: random.Random, seconds: float, centre: float, q: float, attack: float, tau: float) -> Signal:
    """Band-passed noise with a struck envelope: taps, snaps, pops and the body of a bang."""
    return mul(svf(noise(rng, seconds), centre, q), perc(seconds, attack, tau))


def swish(rng: random.Random, seconds: float, glide: tuple[float, float], q: float, amp: Points) -> Signal:
    """Band-passed noise whose centre glides: friction of card on card or felt, and the rocket's rise."""
    centre = curve(seconds, [(0.0, glide[0]), (seconds, glide[1])], log=True)
    return mul(svf(noise(rng, seconds), centre, q), curve(seconds, amp))


def fade(x: Signal, fade_in: float, fade_out: float) -> Signal:
    """Linear ramps at both ends so playback never starts or stops on a click."""
    n = len(x)
    rise, fall = max(samples(fade_in), 1), max(samples(fade_out), 1)
    return [v * min(1.0, i / rise, (n - 1 - i) / fall) for i, v in enumerate(x)]


def normalise(x: Signal, peak_dbfs: float) -> Signal:
    """Scale so the loudest sample sits at `peak_dbfs`: consistent levels and headroom against clipping."""
    scale = 10.0 ** (peak_dbfs / 20.0) / max(abs(v) for v in x)
    return [v * scale for v in x]


# --- recipes -------------------------------------------------------------------------------------


def deal(rng: random.Random) -> Signal:
    """A card slid off the deck: friction rising in pitch, quick in, tapering out."""
    return swish(rng, 0.12, (2200.0, 5200.0), 1.4, [(0.0, 0.0), (0.006, 1.0), (0.05, 0.7), (0.12, 0.0)])


def flip(rng: random.Random) -> Signal:
    """A card turned over: a short flutter ending on a crisp snap."""
    flutter = swish(rng, 0.06, (1500.0, 3500.0), 1.2, [(0.0, 0.0), (0.045, 1.0), (0.06, 0.0)])
    snap = burst(rng, 0.04, 3200.0, 1.5, 0.0004, 0.006)
    return place(
        0.09,
        [
            (0.0, flutter, 0.45),
            (0.048, snap, 1.0),
            (0.048, partials(1300.0, 0.04, [(1.0, 1.0, 0.005)]), 0.25),
        ],
    )


def play(rng: random.Random) -> Signal:
    """A card tossed onto felt: a soft slide, then a muffled thud as it lands."""
    slide = swish(rng, 0.12, (1300.0, 2600.0), 0.9, [(0.0, 0.0), (0.02, 0.5), (0.1, 0.6), (0.12, 0.0)])
    thud = burst(rng, 0.08, 260.0, 0.8, 0.002, 0.018)
    body = partials(105.0, 0.08, [(1.0, 1.0, 0.015), (2.3, 0.35, 0.008)])
    return place(0.18, [(0.0, slide, 0.8), (0.1, thud, 2.5), (0.1, body, 0.4)])


def sweep(rng: random.Random) -> Signal:
    """Several cards gathered across the felt: staggered slides over one broad brush."""
    brush = swish(rng, 0.4, (900.0, 2000.0), 0.7, [(0.0, 0.0), (0.08, 0.6), (0.3, 0.5), (0.4, 0.0)])
    layers = [(0.0, brush, 0.6)]
    for at in (0.0, 0.05, 0.11, 0.17, 0.23):
        low = rng.uniform(1400.0, 2200.0)
        slide = swish(rng, 0.16, (low, low * 1.8), 1.2, [(0.0, 0.0), (0.03, 1.0), (0.16, 0.0)])
        layers.append((at, slide, rng.uniform(0.5, 0.8)))
    return place(0.4, layers)


def _ticks(
    rng: random.Random, start: float, gaps: Iterable[float], gain: float
) -> list[tuple[float, Signal, float]]:
    """A train of tiny card-edge clicks, one per gap, for riffles and cascades."""
    layers = []
    at = start
    for gap in gaps:
        tick = burst(rng, 0.01, rng.uniform(2500.0, 5000.0), 2.0, 0.0003, 0.0015)
        layers.append((at + rng.uniform(-0.001, 0.001), tick, gain * rng.uniform(0.5, 1.0)))
        at += gap
    return layers


def shuffle(rng: random.Random) -> Signal:
    """A riffle: ~40 clicks accelerating as the halves interleave, then the bridge cascading down."""
    riffle = _ticks(rng, 0.02, (0.028 * (12.0 / 28.0) ** (i / 39) for i in range(40)), 1.0)
    cascade = _ticks(rng, 0.8, (0.007 + 0.0006 * i for i in range(18)), 0.5)
    purr = swish(rng, 0.38, (2600.0, 900.0), 0.8, [(0.0, 0.0), (0.05, 0.5), (0.25, 0.3), (0.38, 0.0)])
    return place(1.2, [*riffle, *cascade, (0.8, purr, 0.45)])


def success(rng: random.Random) -> Signal:
    """A soft rising chime: three warm bell strokes (C5-E5-G5) with the partials dying first."""
    bell = [(0.5, 0.12, 0.35), (1.0, 1.0, 0.26), (2.0, 0.3, 0.13), (3.0, 0.1, 0.07), (4.16, 0.05, 0.04)]
    notes = ((0.0, 523.25, 0.8), (0.12, 659.26, 0.8), (0.24, 783.99, 1.0))
    return place(1.0, [(at, partials(freq, 1.0 - at, bell), gain) for at, freq, gain in notes])


def failure(rng: random.Random) -> Signal:
    """Two low knocks on a wooden rim: inharmonic partials, short decays, a dull contact noise."""
    wood = [(1.0, 1.0, 0.05), (2.6, 0.45, 0.022), (4.9, 0.2, 0.01)]
    layers = []
    for at, freq, gain in ((0.0, 170.0, 1.0), (0.19, 150.0, 0.75)):
        layers.append((at, partials(freq, 0.3, wood), gain))
        layers.append((at, burst(rng, 0.03, 900.0, 1.0, 0.0005, 0.004), gain))
    return place(0.5, layers)


def click(rng: random.Random) -> Signal:
    """A UI click: a tiny damped tick, barely pitched."""
    tick = partials(2400.0, 0.03, [(1.0, 1.0, 0.004), (2.7, 0.3, 0.002)])
    return place(0.03, [(0.0, tick, 1.0), (0.0, burst(rng, 0.01, 5000.0, 1.0, 0.0003, 0.001), 0.5)])


def whoosh(rng: random.Random) -> Signal:
    """A rocket climbing: a whistling noise band gliding up over a broad hiss, then gone."""
    amp = [(0.0, 0.0), (0.25, 0.6), (0.6, 1.0), (0.9, 0.0)]
    whistle = swish(rng, 0.9, (300.0, 3500.0), 3.0, amp)
    hiss = swish(rng, 0.9, (600.0, 6000.0), 0.7, amp)
    return place(0.9, [(0.0, whistle, 1.0), (0.0, hiss, 0.5)])


def bang(rng: random.Random) -> Signal:
    """A firework burst: a sharp crack, a boom dropping in pitch, and a long rumbling tail."""
    crack = burst(rng, 0.03, 3000.0, 0.5, 0.0002, 0.004)
    boom = mul(sine(curve(1.0, [(0.0, 110.0), (0.5, 40.0)], log=True), 1.0), perc(1.0, 0.002, 0.18))
    body = burst(rng, 0.8, 150.0, 0.7, 0.002, 0.2)
    tail = burst(rng, 1.19, 1800.0, 0.5, 0.01, 0.4)
    return place(1.2, [(0.005, crack, 2.5), (0.005, boom, 0.7), (0.005, body, 3.0), (0.01, tail, 1.0)])


def crackle(rng: random.Random) -> Signal:
    """Glitter after a burst: sparse pops, denser and louder early, over a faint dying hiss."""
    layers = [(0.0, swish(rng, 1.5, (6000.0, 4000.0), 0.7, [(0.0, 0.0), (0.05, 0.06), (1.5, 0.0)]), 1.0)]
    for _ in range(70):
        at = 0.02 + 1.4 * rng.random() ** 1.6
        pop = burst(rng, 0.01, rng.uniform(2000.0, 7000.0), 1.5, 0.0002, rng.uniform(0.0006, 0.002))
        layers.append((at, pop, rng.uniform(0.3, 1.0) * math.exp(-at / 0.6)))
    return place(1.5, layers)


SOUNDS: dict[str, Recipe] = {
    "deal": deal,
    "flip": flip,
    "play": play,
    "sweep": sweep,
    "shuffle": shuffle,
    "success": success,
    "failure": failure,
    "click": click,
    "whoosh": whoosh,
    "bang": bang,
    "crackle": crackle,
}
PEAK_DBFS: dict[str, float] = {"click": -9.0}  # the UI sits under the table's effects


def expected_files() -> list[str]:
    """The file names the game and the tests expect in assets/sounds/."""
    return [f"{name}.wav" for name in SOUNDS]


def synthesise(name: str) -> Signal:
    """Run one recipe and finish it: DC removed, ends faded, peak normalised."""
    raw = SOUNDS[name](random.Random(f"{SEED}:{name}"))
    clean = svf(raw, 20.0, 0.707, "high")
    return normalise(
        fade(clean, 0.001, min(0.02, len(clean) / RATE / 4)), PEAK_DBFS.get(name, EFFECT_PEAK_DBFS)
    )


def render(name: str) -> bytes:
    """The sound as 16-bit little-endian PCM frames, exactly as written into its WAV file."""
    pcm = array("h", (round(v * 32767) for v in synthesise(name)))
    if sys.byteorder == "big":
        pcm.byteswap()
    return pcm.tobytes()


def write_wav(path: Path, frames: bytes) -> None:
    """Write mono 16-bit PCM at RATE."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def main(argv: Sequence[str] | None = None) -> int:
    """Render every sound into the output directory and print one summary line."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--out", type=Path, default=DEFAULT_OUT, help="output directory (default: %(default)s)"
    )
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    seconds = 0.0
    for name, filename in zip(SOUNDS, expected_files(), strict=True):
        frames = render(name)
        write_wav(args.out / filename, frames)
        seconds += len(frames) / 2 / RATE
    print(f"wrote {len(SOUNDS)} sounds ({seconds:.2f} s of audio) to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
