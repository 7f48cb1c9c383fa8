"""Computer players against each other, without graphics: which level is stronger, and how long it thinks.

`python tools/arena.py GAME --games N --seats SEAT,SEAT,... --seed S [--duplicate] [--jobs J] [--profile P]`

A seat is a level (easy, normal, hard) or an engine, `cmd:COMMAND` (docs/engine-protocol.md): the command
is split as a shell would, and a comma inside quotes stays in it (`cmd:./bot --levels 'a,b'`).

A game is one Königrufen deal (four seats) or one Two-Ten-Jack round (two to six seats), dealt from the
seed and the game's number. With `--duplicate` each deal is replayed once for every distinct rotation of
the seat levels, so every level plays the same cards from every seat and the luck of the deal cancels.
`--profile` plays a rule profile the game ships (Königrufen: cardavia, austria, cheltenham).
`--budget fixed` has the computers think to fixed budgets of deals and playouts (`thinker.ITERATIONS`,
`thinker.PLAYOUTS`) instead of the table's time caps: the report is then the same byte for byte, its
times aside, however loaded the machine.
Prints one JSON line: per level its mean score per deal (Königrufen game points, Two-Ten-Jack round
points) and its decision times (decisions with more than one legal move), and per pair of levels the
paired z-score of the per-deal difference of their mean scores. Where a deal ends with a declared
contract (Königrufen), `contracts` says per level how often it declared each one and how often it won it:
the reason one level gains on another. An engine that crashes, times out (`--time-ms` and a grace) or
answers what is not a legal move is listed in `engine_failures`, and `normal` plays its seat on.
Decision times are given in wall-clock and in CPU time (about what a quiet machine would take), and
`stages` says per search stage its playouts, how many of its searches its time cap cuts short (in CPU
time), and the median of the playouts the cap holds in those: the fixed budget that matches the cap.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import shlex
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import external, thinker
from game.ai.external import Engine, EngineFailure
from game.ai.seeds import decision_seed
from game.ai.thinker import LEVELS, Thinker
from game.registry import GAMES

ARENA_GAMES = tuple(game for game, spec in GAMES.items() if spec.computer is not None)


@dataclass(frozen=True)
class Deal:
    game: str
    seed: int
    rotations: tuple[tuple[str, ...], ...]  # the seat levels of each replay
    profile: str | None = None  # the game's rule profile, None for its default
    time_ms: int = external.TIME_MS  # an engine's time for a decision
    budget: str = "time"  # the computers think to the table's time caps, or to fixed budgets


@dataclass(frozen=True)
class Replay:
    """One rotation of one deal, played out."""

    levels: tuple[str, ...]  # per seat
    scores: tuple[int, ...]  # per seat
    times: dict[str, list[float]]  # decision times per level, in ms
    declared: tuple[tuple[str, str, bool, int], ...]  # (declarer's level, contract, won, seat) per contract
    failures: tuple[dict[str, Any], ...] = ()  # engines that lost their seat, and why
    cpu: dict[str, list[float]] = field(default_factory=dict)  # the same decisions' CPU time, in ms
    # per search stage, each search's playouts and CPU time in ms
    stages: dict[str, list[tuple[int, float]]] = field(default_factory=dict)


def _new(deal: Deal, players: int) -> Any:
    """One deal (or round) of the game for `players`, dealt from the deal's seed, under its profile."""
    spec = GAMES[deal.game]
    setup = replace(spec.demo_setup(deal.seed, players, "easy"), deals=1)
    if deal.profile is not None:
        assert spec.rule_profile is not None
        setup = replace(setup, rules=spec.rule_profile(deal.profile))
    return spec.new_state(setup)


def play(deal: Deal) -> list[Replay]:
    """Each rotation of one deal, played out by its seat levels."""
    results = []
    for levels in deal.rotations:
        state = _new(deal, len(levels))
        times: dict[str, list[float]] = {level: [] for level in set(levels)}
        cpu: dict[str, list[float]] = {level: [] for level in set(levels)}
        stages: dict[str, list[tuple[int, float]]] = {}
        declared: list[tuple[str, str, bool, int]] = []
        failures: list[dict[str, Any]] = []
        engines = {
            seat: Engine(level.removeprefix(ENGINE), deal.game, seat, state.view(seat))
            for seat, level in enumerate(levels)
            if level.startswith(ENGINE)
        }
        step = 0
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            start, start_cpu = time.perf_counter(), time.process_time()
            action = _engine_move(engines, seat, state, deal, step, failures)
            searched: dict[str, tuple[int, float]] = {}
            if action is None:
                action, searched = _computer_move(deal, state.view(seat), levels[seat], step)
            elapsed = (time.perf_counter() - start) * 1000
            if len(state.legal_actions()) > 1:  # not thinker.choices: a profile's one root move is no choice
                times[levels[seat]].append(elapsed)
                cpu[levels[seat]].append((time.process_time() - start_cpu) * 1000)
            for stage, figures in searched.items():
                stages.setdefault(stage, []).append(figures)
            for event in state.apply(action):
                if all(hasattr(event, name) for name in ("declarer", "contract", "won")):
                    declared.append((levels[event.declarer], event.contract, event.won, event.declarer))
            step += 1
        for seat, engine in engines.items():
            engine.close(state.view(seat))
        scores = tuple(state.returns())
        results.append(Replay(levels, scores, times, tuple(declared), tuple(failures), cpu, stages))
    return results


def _computer_move(deal: Deal, view: Any, level: str, step: int) -> tuple[Any, dict[str, tuple[int, float]]]:
    """A computer's move at `level` (an engine's seat it has taken over: `external.TAKEOVER`), and per
    search stage the playouts it made and their CPU time."""
    level = level if level in LEVELS else external.TAKEOVER
    seed = decision_seed(deal.seed, "think", view.seat, step)
    thinker = Thinker(deal.game, view, level, seed, deal.budget)
    while not thinker.step(1000.0):
        pass
    assert thinker.decision is not None
    return thinker.decision.action, thinker.stats


def _engine_move(
    engines: dict[int, Engine], seat: int, state: Any, deal: Deal, step: int, failures: list[dict[str, Any]]
) -> Any:
    """The move of the engine at `seat`, if one sits there; a failed one is reported and leaves the seat."""
    engine = engines.get(seat)
    if engine is None:
        return None
    try:
        return external.decide_now(engine, state.view(seat), state.legal_actions(), deal.time_ms)
    except EngineFailure as failure:
        del engines[seat]
        failures.append(
            {"seed": deal.seed, "seat": seat, "engine": shlex.join(engine.args), "decision": step}
            | {"reason": failure.reason, "detail": failure.detail}
        )
        return None


ENGINE = "cmd:"  # a seat played by an engine: cmd:COMMAND


def parse_seats(text: str) -> tuple[str, ...]:
    """The seats of `--seats`: split at the commas outside quotes, each a level or `cmd:COMMAND` (its
    command checked to split as a shell line)."""
    seats, quote, part = [], "", ""
    for char in text:
        if char == "," and not quote:
            seats.append(part)
            part = ""
            continue
        quote = (char if char in "'\"" else quote) if not quote else ("" if char == quote else quote)
        part += char
    seats.append(part)
    for seat in seats:
        if seat.startswith(ENGINE):
            try:
                external.command_line(seat.removeprefix(ENGINE))
            except ValueError as problem:
                raise ValueError(f"seat {seat!r}: {problem}") from None
        elif seat not in LEVELS:
            raise ValueError(f"unknown level {seat!r}: choose from {', '.join(LEVELS)} or cmd:COMMAND")
    return tuple(seats)


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


def contracts(replays: list[Replay], levels: list[str]) -> dict[str, dict[str, dict[str, float]]]:
    """Per level, per contract it declared (in first-declared order): how often, its success rate, and
    the declarer's mean score in those deals (a contract made often can still cost, bonuses and Kontras
    counted)."""
    counts: dict[str, dict[str, list[int]]] = {level: {} for level in levels}
    for replay in replays:
        for level, contract, won, seat in replay.declared:
            tally = counts[level].setdefault(contract, [0, 0, 0])
            tally[0] += 1
            tally[1] += won
            tally[2] += replay.scores[seat]
    return {
        level: {
            c: {"declared": n, "success": round(won / n, 3), "points": round(points / n, 2)}
            for c, (n, won, points) in by_contract.items()
        }
        for level, by_contract in counts.items()
    }


def summarise(
    game: str, seats: tuple[str, ...], deals: list[list[Replay]], seed: int, duplicate: bool
) -> dict:
    def rank(seat: str) -> tuple[int, int]:  # the levels, weakest first, then the engines as seated
        return (0, LEVELS.index(seat)) if seat in LEVELS else (1, seats.index(seat))

    levels = sorted(set(seats), key=rank)
    per_deal: dict[str, list[float]] = {level: [] for level in levels}
    scores: dict[str, list[int]] = {level: [] for level in levels}
    times: dict[str, list[float]] = {level: [] for level in levels}
    cpu: dict[str, list[float]] = {level: [] for level in levels}
    stages: dict[str, list[tuple[int, float]]] = {}
    for replays in deals:
        deal_scores: dict[str, list[int]] = {level: [] for level in levels}
        for replay in replays:
            for level, score in zip(replay.levels, replay.scores, strict=True):
                deal_scores[level].append(score)
            for level, ms in replay.times.items():
                times[level].extend(ms)
            for level, ms in replay.cpu.items():
                cpu[level].extend(ms)
            for stage, figures in replay.stages.items():
                stages.setdefault(stage, []).extend(figures)
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
            "decision_cpu_ms_median": round(statistics.median(cpu[level]), 2) if cpu[level] else None,
            "decision_cpu_ms_p95": round(_percentile(cpu[level], 0.95), 2) if cpu[level] else None,
        }
        for level in levels
    ]
    if stages:
        report["stages"] = {stage: pace(stage, figures) for stage, figures in sorted(stages.items())}
    report["z"] = {
        f"{a}-{b}": round(paired_z(per_deal[a], per_deal[b]), 2)
        for a, b in itertools.combinations(sorted(levels, key=rank, reverse=True), 2)
    }
    played = [replay for replays in deals for replay in replays]
    if any(replay.declared for replay in played):
        report["contracts"] = contracts(played, levels)
    if any(seat.startswith(ENGINE) for seat in seats):
        report["engine_failures"] = [failure for replay in played for failure in replay.failures]
    return report


TIMED = ("_ms", "capped", "playouts_at_cap")  # the report's figures read off the clock (in their keys)


def timeless(report: Any) -> Any:
    """The report without its times: what two runs with fixed budgets and the same seed agree on byte for
    byte, however loaded the machine."""
    if isinstance(report, dict):
        return {k: timeless(v) for k, v in report.items() if not any(mark in k for mark in TIMED)}
    if isinstance(report, list):
        return [timeless(v) for v in report]
    return report


def pace(stage: str, figures: list[tuple[int, float]]) -> dict[str, Any]:
    """One search stage over the run: its searches, their median playouts and CPU time, and the fixed
    budget that matches its time cap: the median of the playouts the cap holds at each search's pace in
    CPU time (what a quiet machine gives it at the table), over the searches that the cap cuts short, or
    would (the others finish their deals within it whatever the budget). A stage's CPU time includes its
    preparation, the moves listed and the worlds set up, as its time cap does."""
    cap = thinker.CAP_MS[stage]
    held = [playouts / ms * cap for playouts, ms in figures if ms >= 0.9 * cap]
    return {
        "searches": len(figures),
        "playouts_median": statistics.median(playouts for playouts, _ms in figures),
        "cpu_ms_median": round(statistics.median(ms for _playouts, ms in figures), 2),
        "capped": len(held),
        "playouts_at_cap": round(statistics.median(held)) if held else None,
    }


def paired_z(a: list[float], b: list[float]) -> float:
    """The mean of the per-deal differences over its standard error."""
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    if len(diffs) < 2:
        return 0.0
    spread = statistics.stdev(diffs)
    if spread == 0:
        return 0.0 if statistics.fmean(diffs) == 0 else math.copysign(math.inf, statistics.fmean(diffs))
    return statistics.fmean(diffs) / (spread / math.sqrt(len(diffs)))


def run(
    game: str,
    games: int,
    seats: tuple[str, ...],
    seed: int,
    duplicate: bool,
    jobs: int,
    profile: str | None = None,
    time_ms: int = external.TIME_MS,
    budget: str = "time",
) -> dict:
    turns = rotations(seats, duplicate)
    deals = [Deal(game, seed * 1_000_003 + k, turns, profile, time_ms, budget) for k in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play, deals))
    else:
        results = [play(deal) for deal in deals]
    report = summarise(game, seats, results, seed, duplicate) | {"budget": budget}
    return report if profile is None else {"game": game, "profile": profile} | report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", choices=ARENA_GAMES)
    p.add_argument("--games", type=int, default=20)
    p.add_argument(
        "--seats", required=True, help="a level or cmd:COMMAND per seat, e.g. normal,easy,cmd:./bot,easy"
    )
    p.add_argument("--time-ms", type=int, default=external.TIME_MS, help="an engine's time per decision")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--duplicate", action="store_true")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (decision times share the cores)")
    p.add_argument(
        "--budget",
        choices=thinker.BUDGETS,
        default="time",
        help="the computers think to the table's time caps, or to fixed budgets (the same play on any load)",
    )
    p.add_argument("--iterations", default="", help="tuning: deals searched, e.g. normal=600,hard=4000")
    p.add_argument("--playouts", default="", help="tuning: fixed budgets in playouts, e.g. normal=900")
    p.add_argument(
        "--profile", help="a rule profile the game ships (Königrufen: cardavia, austria, cheltenham)"
    )
    args = p.parse_args(argv)
    if args.profile is not None:
        load = GAMES[args.game].rule_profile
        if load is None:
            p.error(f"{args.game} has no rule profiles; --profile goes with a game that has them")
        try:
            load(args.profile)
        except ValueError as exc:
            p.error(str(exc))
    for option in ("iterations", "playouts"):
        for item in filter(None, getattr(args, option).split(",")):
            level, _, count = item.partition("=")
            if level not in thinker.ITERATIONS or not count.isdigit():
                p.error(f"--{option} takes LEVEL=COUNT for normal or hard, not {item!r}")
            if option == "iterations":
                thinker.ITERATIONS[level] = int(count)
                thinker.CAP_MS[level] = math.inf
            else:
                thinker.PLAYOUTS[args.game, level] = int(count)
    try:
        seats = parse_seats(args.seats)
    except ValueError as problem:
        p.error(str(problem))
    low, high = GAMES[args.game].seats
    if not low <= len(seats) <= high:
        allowed = f"{low} to {high}" if low < high else str(low)
        p.error(f"{args.game} takes {allowed} seats, not {len(seats)}")
    if args.games < 1:
        p.error("--games must be at least 1")
    if args.time_ms < 1:
        p.error("--time-ms must be at least 1")
    jobs = max(1, args.jobs)
    report = run(
        args.game, args.games, seats, args.seed, args.duplicate, jobs, args.profile, args.time_ms, args.budget
    )
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
