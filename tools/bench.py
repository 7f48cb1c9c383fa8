"""Engine speed: complete random games per second, one JSON line per game (no graphics).

`python tools/bench.py [GAME] [--seconds S]`; a Falkenstein "game" is a session of twelve challenges
set by the computer Host and answered with uniformly random legal cards; a Two-Ten-Jack "game" is one
complete round for three players with uniformly random legal plays; a Königrufen "game" is one complete
deal (deal, call, talon, discard, twelve tricks, scoring) of uniformly random legal actions.
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

from game.ai.falkenstein import ComputerHost
from game.rules.falkenstein_data import HEROES
from game.rules.falkenstein_session import FalkensteinConfig, FalkensteinGame
from game.rules.koenigrufen_game import KoenigrufenConfig, KoenigrufenGame
from game.rules.twotenjack_game import TwoTenJackConfig, TwoTenJackGame


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


def bench(name: str, seconds: float) -> dict[str, object]:
    play = GAMES[name]
    games, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        play(games)
        games += 1
    elapsed = time.perf_counter() - start
    return {
        "game": name,
        "games": games,
        "seconds": round(elapsed, 3),
        "games_per_s": round(games / elapsed, 1),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("game", nargs="?", choices=sorted(GAMES))
    p.add_argument("--seconds", type=float, default=3.0)
    args = p.parse_args(argv)
    for name in [args.game] if args.game else sorted(GAMES):
        print(json.dumps(bench(name, args.seconds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
