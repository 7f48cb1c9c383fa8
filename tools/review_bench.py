"""How the review judges the levels, and how long it takes: `python tools/review_bench.py GAME --games N
--levels easy,hard [--seed S] [--profile P] [--players K] [--deals D] [--jobs J]`.

Each game is one Königrufen deal (or Two-Ten-Jack round) dealt from the seed and its number, played by
computers all at one level (to the fixed budgets, so the same play whatever the load), once per level: every
level plays the same cards. Each deal is then reviewed as the table's review does (`game.review`, `--deals`
worlds a decision, the game's budget by default). Prints one JSON line: per level the decisions reviewed,
the points lost per decision and per deal, the share of decisions as good as the best move found, the
points lost per kind of decision, and the review's time per deal (median, p90 and p95, in CPU seconds, what
a quiet machine takes, and in wall-clock seconds on this one)."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.seeds import decision_seed
from game.ai.thinker import decide
from game.journal import Journal
from game.registry import GAMES
from game.review import analysis


def deal(game: str, seed: int, level: str, profile: str | None, players: int | None) -> Journal:
    """One deal played by computers at `level`, every decision to the fixed budget."""
    spec = GAMES[game]
    table = replace(spec.demo_setup(seed, players, level), deals=1)
    if profile is not None:
        assert spec.rule_profile is not None
        table = replace(table, rules=spec.rule_profile(profile))
    state, journal = spec.new_state(table), Journal(game, table)
    while not state.is_over:
        view = state.view(state.to_act)
        action = decide(
            game, view, level, decision_seed(seed, "think", view.seat, len(journal.actions))
        ).action
        state.apply(action)
        journal.actions.append(action)
    return journal


def one(task: tuple[str, int, str, str | None, int | None, int]) -> dict[str, Any]:
    """A deal played and reviewed: what it lost, by seat and kind, and the review's time."""
    game, seed, level, profile, players, deals = task
    journal = deal(game, seed, level, profile, players)
    cpu, wall = time.process_time(), time.perf_counter()
    review = analysis.review_deal(journal, 1, deals)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    figures = analysis.figures([review], len(journal.setup.seats))
    return {
        "level": level,
        "decisions": sum(f.decisions for f in figures),
        "matched": sum(f.matched for f in figures),
        "lost": sum(f.lost for f in figures),
        "by_kind": analysis.by_kind(review),
        "cpu": cpu,
        "wall": wall,
    }


def report(results: list[dict[str, Any]], levels: list[str]) -> dict[str, Any]:
    out = []
    for level in levels:
        mine = [r for r in results if r["level"] == level]
        decisions = sum(r["decisions"] for r in mine)
        lost = sum(r["lost"] for r in mine)
        kinds: dict[str, float] = {}
        for r in mine:
            for kind, value in r["by_kind"].items():
                kinds[kind] = kinds.get(kind, 0.0) + value
        cpu, wall = sorted(r["cpu"] for r in mine), sorted(r["wall"] for r in mine)
        out.append(
            {
                "level": level,
                "deals": len(mine),
                "decisions": decisions,
                "lost_per_decision": round(lost / decisions, 4) if decisions else 0.0,
                "lost_per_deal": round(lost / len(mine), 3) if mine else 0.0,
                "matched_share": round(sum(r["matched"] for r in mine) / decisions, 4) if decisions else 1.0,
                "lost_by_kind_per_deal": {k: round(v / len(mine), 3) for k, v in kinds.items()},
                "review_cpu_s": _spread(cpu),
                "review_wall_s": _spread(wall),
            }
        )
    return {"levels": out}


def _spread(values: list[float]) -> dict[str, float]:
    """The median, p90 and p95 of sorted `values`, in seconds to the hundredth."""
    at = {q: values[min(len(values) - 1, int(q / 100 * len(values)))] for q in (90, 95)}
    return {"median": round(statistics.median(values), 2)} | {f"p{q}": round(v, 2) for q, v in at.items()}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="review_bench.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=[g for g in GAMES if analysis.reviewable(g)])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--levels", default="easy,hard")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile")
    parser.add_argument("--players", type=int)
    parser.add_argument("--deals", type=int, default=analysis.DEALS, help="worlds weighed a decision")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    levels = args.levels.split(",")
    tasks = [
        (args.game, args.seed + n, level, args.profile, args.players, args.deals)
        for n in range(args.games)
        for level in levels
    ]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(one, tasks))
    else:
        results = [one(task) for task in tasks]
    print(json.dumps({"game": args.game, "games": args.games, "deals": args.deals} | report(results, levels)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
