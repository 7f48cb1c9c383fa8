"""Computer players against each other, without graphics: which level is stronger, and how long it thinks.

`python tools/arena.py GAME --games N --seats LEVEL,LEVEL,... --seed S [--duplicate] [--jobs J]`

A game is one Königrufen deal (four seats) or one Two-Ten-Jack round (two to six seats), dealt from the
seed and the game's number. With `--duplicate` each deal is replayed once for every distinct rotation of
the seat levels, so every level plays the same cards from every seat and the luck of the deal cancels.
Prints one JSON line: per level its mean score per deal (Königrufen game points, Two-Ten-Jack round
points) and its decision times (decisions with more than one legal move), and per pair of levels the
paired z-score of the per-deal difference of their mean scores.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import thinker
from game.ai.seeds import decision_seed
from game.ai.thinker import LEVELS, Thinker
from game.registry import GAMES

ARENA_GAMES = tuple(game for game, spec in GAMES.items() if spec.computer is not None)


@dataclass(frozen=True)
class Deal:
    game: str
    seed: int
    rotations: tuple[tuple[str, ...], ...]  # the seat levels of each replay


def _new(game: str, players: int, seed: int) -> Any:
    """One deal (or round) of `game` for `players`, dealt from `seed`."""
    spec = GAMES[game]
    return spec.new_state(replace(spec.demo_setup(seed, players, "easy"), deals=1))


def play(deal: Deal) -> list[tuple[tuple[str, ...], tuple[int, ...], dict[str, list[float]]]]:
    """Each rotation of one deal: (seat levels, scores per seat, decision times per level)."""
    results = []
    for levels in deal.rotations:
        state = _new(deal.game, len(levels), deal.seed)
        times: dict[str, list[float]] = {level: [] for level in set(levels)}
        step = 0
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            view = state.view(seat)
            thinker = Thinker(deal.game, view, levels[seat], decision_seed(deal.seed, "think", seat, step))
            start = time.perf_counter()
            while not thinker.step(1000.0):
                pass
            elapsed = (time.perf_counter() - start) * 1000
            assert thinker.decision is not None
            if thinker.choices > 1:
                times[levels[seat]].append(elapsed)
            state.apply(thinker.decision.action)
            step += 1
        results.append((levels, tuple(state.returns()), times))
    return results


def rotations(seats: tuple[str, ...], duplicate: bool) -> tuple[tuple[str, ...], ...]:
    if not duplicate:
        return (seats,)
    seen: list[tuple[str, ...]] = []
    for r in range(len(seats)):
        rotated = seats[r:] + seats[:r]
        if rotated not in seen:
            seen.append(rotated)
    return tuple(seen)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def summarise(game: str, seats: tuple[str, ...], deals: list[list[Any]], seed: int, duplicate: bool) -> dict:
    levels = sorted(set(seats), key=LEVELS.index)
    per_deal: dict[str, list[float]] = {level: [] for level in levels}
    scores: dict[str, list[int]] = {level: [] for level in levels}
    times: dict[str, list[float]] = {level: [] for level in levels}
    for replays in deals:
        deal_scores: dict[str, list[int]] = {level: [] for level in levels}
        for seat_levels, result, decision_times in replays:
            for level, score in zip(seat_levels, result, strict=True):
                deal_scores[level].append(score)
            for level, ms in decision_times.items():
                times[level].extend(ms)
        for level in levels:
            scores[level].extend(deal_scores[level])
            per_deal[level].append(statistics.fmean(deal_scores[level]))
    report: dict[str, Any] = {"game": game, "games": len(deals), "seats": list(seats), "seed": seed}
    report["duplicate"] = duplicate
    report["levels"] = [
        {
            "level": level,
            "mean_score": round(statistics.fmean(scores[level]), 4),
            "decisions": len(times[level]),
            "decision_ms_median": round(statistics.median(times[level]), 2) if times[level] else None,
            "decision_ms_p95": round(_percentile(times[level], 0.95), 2) if times[level] else None,
        }
        for level in levels
    ]
    report["z"] = {
        f"{a}-{b}": round(paired_z(per_deal[a], per_deal[b]), 2)
        for a, b in itertools.combinations(sorted(levels, key=LEVELS.index, reverse=True), 2)
    }
    return report


def paired_z(a: list[float], b: list[float]) -> float:
    """The mean of the per-deal differences over its standard error."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    if len(diffs) < 2:
        return 0.0
    spread = statistics.stdev(diffs)
    if spread == 0:
        return 0.0 if statistics.fmean(diffs) == 0 else math.copysign(math.inf, statistics.fmean(diffs))
    return statistics.fmean(diffs) / (spread / math.sqrt(len(diffs)))


def run(game: str, games: int, seats: tuple[str, ...], seed: int, duplicate: bool, jobs: int) -> dict:
    turns = rotations(seats, duplicate)
    deals = [Deal(game, seed * 1_000_003 + k, turns) for k in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play, deals))
    else:
        results = [play(deal) for deal in deals]
    return summarise(game, seats, results, seed, duplicate)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=ARENA_GAMES)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seats", required=True, help="a level per seat, e.g. normal,easy,normal,easy")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--duplicate", action="store_true")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (decision times share the cores)")
    p.add_argument("--iterations", default="", help="tuning: search budgets, e.g. normal=600,hard=4000")
    args = p.parse_args(argv)
    for item in filter(None, args.iterations.split(",")):
        level, _, count = item.partition("=")
        if level not in thinker.ITERATIONS or not count.isdigit():
            p.error(f"--iterations takes LEVEL=COUNT for normal or hard, not {item!r}")
        thinker.ITERATIONS[level] = int(count)
        thinker.CAP_MS[level] = math.inf
    seats = tuple(args.seats.split(","))
    for level in seats:
        if level not in LEVELS:
            p.error(f"unknown level {level!r}: choose from {', '.join(LEVELS)}")
    low, high = GAMES[args.game].seats
    if not low <= len(seats) <= high:
        allowed = f"{low} to {high}" if low < high else str(low)
        p.error(f"{args.game} takes {allowed} seats, not {len(seats)}")
    if args.games < 1:
        p.error("--games must be at least 1")
    print(json.dumps(run(args.game, args.games, seats, args.seed, args.duplicate, max(1, args.jobs))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
