"""Engine speed: complete random games per second, one JSON line per game and path (no graphics).

`python tools/bench.py [GAME] [--seconds S]`; a Falkenstein "game" is a session of twelve challenges
set by the computer Host and answered with uniformly random legal cards; a Two-Ten-Jack "game" is one
complete round for three players with uniformly random legal plays; a Königrufen "game" is one complete
deal (deal, call, talon, discard, twelve tricks, scoring) of uniformly random legal actions.

Königrufen is measured twice: the normal path (`KoenigrufenGame`, the checked engine: its checks, events and
match around the rules core) and the lean path, the rules core alone as the search plays out on it
(`LeanKoenigrufen.deal` then `rollout`, `game/games/koenigrufen/core.py`), whose line says `"path": "lean"`;
`--rollouts` adds the search's own unit, lean rollouts per second from mid-deal positions.
Two-Ten-Jack is measured the same two ways: the table engine (`TwoTenJackGame`) and, on the lean line,
the rules core it wraps, as the search plays it out (`LeanTwoTenJack.deal` then `rollout`).
`tools/bench_openspiel.py` measures OpenSpiel's tarok the same way, for comparison.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.games.falkenstein.ai import ComputerHost
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.session import FalkensteinConfig, FalkensteinGame
from game.games.koenigrufen.core import LeanKoenigrufen
from game.games.koenigrufen.rules import KoenigrufenConfig, KoenigrufenGame
from game.games.twotenjack.core import LeanTwoTenJack
from game.games.twotenjack.rules import TwoTenJackConfig, TwoTenJackGame


def falkenstein_game(seed: int) -> None:
    rng = random.Random(seed)
    game = FalkensteinGame(FalkensteinConfig(HEROES[:2], max_challenges=12), seed)
    host = ComputerHost(rng)
    while not game.is_over:
        if game.to_act == "host":
            game.apply(host.next_challenge(game.view("host"), game.config.characters))
        else:
            game.apply(rng.choice(game.legal_actions()))


def koenigrufen_game(seed: int) -> None:
    rng = random.Random(seed)
    game = KoenigrufenGame(KoenigrufenConfig(deals=1), seed)
    while not game.is_over:
        game.apply(game.random_action(rng))


def koenigrufen_lean_games() -> Callable[[int], None]:
    """One generator for the whole run, as a search would use: a fresh deal and a rollout per game."""
    rng = random.Random(0)

    def play(seed: int) -> None:
        LeanKoenigrufen.deal(rng, seed % 4).rollout(rng)

    return play


def koenigrufen_rollouts(seconds: float) -> dict[str, object]:
    """What the search spends its time on: copy + `rollout` from mid-deal positions (tricks, after three)."""
    positions = []
    for seed in range(64):
        rng = random.Random(seed)
        game = KoenigrufenGame(KoenigrufenConfig(deals=1), seed)
        while game.phase != "tricks" or len(game.view(0).tricks) < 3:
            game.apply(game.random_action(rng))
        positions.append(game.lean())
    rng = random.Random(0)
    rollouts, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        positions[rollouts % 64].copy().rollout(rng)
        rollouts += 1
    elapsed = time.perf_counter() - start
    return {
        "game": "koenigrufen",
        "path": "lean-rollout",
        "from": "tricks, after 3",
        "rollouts": rollouts,
        "seconds": round(elapsed, 3),
        "rollouts_per_s": round(rollouts / elapsed, 1),
    }


def twotenjack_lean_games() -> Callable[[int], None]:
    """The rules core alone, as the search uses it: a fresh round and a rollout per game."""
    rng = random.Random(0)

    def play(seed: int) -> None:
        LeanTwoTenJack.deal(rng, 3, seed % 3).rollout(rng)  # three players, as on the normal path

    return play


def twotenjack_game(seed: int) -> None:
    rng = random.Random(seed)
    game = TwoTenJackGame(TwoTenJackConfig(3, rounds=1), seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))


GAMES: dict[str, Callable[[int], None]] = {
    "falkenstein": falkenstein_game,
    "koenigrufen": koenigrufen_game,
    "twotenjack": twotenjack_game,
}


# The lean paths by game, each made when measured: None when a game has none (yet).
LEAN: dict[str, Callable[[], Callable[[int], None] | None]] = {
    "koenigrufen": koenigrufen_lean_games,
    "twotenjack": twotenjack_lean_games,
}


def bench(name: str, seconds: float, play: Callable[[int], None] | None = None) -> dict[str, object]:
    """Games of `name` per second, on the normal path or on `play` (the lean path)."""
    run = GAMES[name] if play is None else play
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        run(games)
        games += 1
    elapsed = time.perf_counter() - start
    line: dict[str, object] = {"game": name}
    if play is not None:
        line["path"] = "lean"
    return line | {"games": games, "seconds": round(elapsed, 3), "games_per_s": round(games / elapsed, 1)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game", nargs="?", choices=sorted(GAMES))
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument(
        "--rollouts", action="store_true", help="also Königrufen rollouts per second from mid-deal positions"
    )
    args = p.parse_args(argv)
    for name in [args.game] if args.game else sorted(GAMES):
        print(json.dumps(bench(name, args.seconds)), flush=True)
        lean = LEAN.get(name, lambda: None)()
        if lean is not None:
            print(json.dumps(bench(name, args.seconds, lean)), flush=True)
        if name == "koenigrufen" and args.rollouts:
            print(json.dumps(koenigrufen_rollouts(args.seconds)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
