"""Whether a review made beside the table is in its way: `python tools/review_frames.py [--game G] [--runs N]
[--seconds S] [--size WxH] [--profile P]` plays the game's demo table (every seat a computer, full animation,
headless) for S seconds at a time, N times without a review and N times while a deal's review runs beside it
in its worker process (as "Review this deal" starts it), the two kinds of run interleaved so both meet the
same load. Prints one JSON line: per kind the frame times' median and p99 over all its frames (ms), and
each run's own p99; then the ratio of the p99 with a review to the p99 without, and how many deals were
reviewed beside the table meanwhile."""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.app import App
from game.journal import Journal
from game.registry import GAMES
from game.review.job import Reviews, Target
from game.scenes import navigation


def journal_to_review(game: str, profile: str | None, seed: int) -> Journal:
    """A deal played by the easy player, whose review keeps a worker busy for seconds."""
    spec = GAMES[game]
    assert spec.computer is not None
    table = replace(spec.demo_setup(seed, None, "easy"), deals=1)
    if profile is not None and spec.rule_profile is not None:
        table = replace(table, rules=spec.rule_profile(profile))
    state, journal = spec.new_state(table), Journal(game, table)
    while not state.is_over:
        action = spec.computer.easy(state.view(state.to_act), random.Random(len(journal.actions)))
        state.apply(action)
        journal.actions.append(action)
    return journal


def run(args: argparse.Namespace, target: Target | None, seed: int) -> tuple[list[float], float]:
    """One run of the demo table, with a review running beside it the whole time if `target` is given:
    its frame times, and how many reviews the worker made meanwhile (the one under way counted by its
    progress)."""
    app = App(args.size)
    reviews = Reviews()
    rules = None
    spec = GAMES[args.game]
    if args.profile is not None and spec.rule_profile is not None:
        rules = spec.rule_profile(args.profile)
    first = navigation.demo(app, args.game, seed, rules=rules)

    made = [0.0]

    def keep_busy(app: App) -> None:
        job = reviews.job(target) if target is not None else None
        if target is not None and job is not None and not job.running:
            made[0] += 1
            reviews.start(target)  # made again at once if it ended before the run did

    try:
        if target is not None:
            reviews.start(target)
        app.run(first, args.seconds, on_frame=keep_busy)
        job = reviews.job(target) if target is not None else None
        made[0] += job.progress if job is not None and job.running else 0.0
    finally:
        reviews.close()
    return app.frame_ms[1:], made[0]


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * len(ordered)))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="review_frames.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="koenigrufen", choices=[g for g, s in GAMES.items() if s.computer])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=12.0)
    parser.add_argument("--size", default="1280x720")
    parser.add_argument("--profile", default="austria")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    for name in ("ATOUT_DATA_DIR", "ATOUT_CONFIG_DIR"):  # the demo's journal, the reviews: never the player's
        os.environ.setdefault(name, tempfile.mkdtemp(prefix="atout-frames-"))
    args.size = tuple(int(v) for v in args.size.split("x"))
    if args.game != "koenigrufen":
        args.profile = None
    journal = journal_to_review(args.game, args.profile, args.seed)
    target = Target.of(journal)
    assert target is not None
    frames: dict[str, list[float]] = {"without": [], "with": []}
    runs: dict[str, list[float]] = {"without": [], "with": []}
    reviewed = 0.0
    for n in range(args.runs):
        order = ("without", "with") if n % 2 == 0 else ("with", "without")
        for kind in order:
            times, made = run(args, target if kind == "with" else None, args.seed + n)
            frames[kind] += times
            runs[kind].append(round(_p99(times), 2))
            reviewed += made
    out: dict[str, Any] = {"game": args.game, "runs": args.runs, "seconds": args.seconds}
    for kind, values in frames.items():
        out[kind] = {
            "frames": len(values),
            "median_ms": round(statistics.median(values), 2),
            "p99_ms": round(_p99(values), 2),
            "p99_per_run": runs[kind],
        }
    out["p99_ratio"] = round(out["with"]["p99_ms"] / out["without"]["p99_ms"], 3)
    out["reviews_made_beside"] = round(reviewed, 2)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
