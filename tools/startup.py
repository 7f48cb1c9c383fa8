"""Start-up time: the whole process to the menu's first frame, against a bare pygame window's start.

`python tools/startup.py [--runs N]` starts, N times each and interleaved (so both meet the same load),
`python -m game --seconds 0.001` (the menu: its first frame drawn and shown, then it quits) and a bare pygame
program that opens the same window, shows one frame and quits, and prints one JSON line: each side's median
and spread in ms and the ratio of the medians. Both run headless (SDL's dummy drivers) on a fresh data
folder, so no saved match or setting of yours is read, and both pay the interpreter's start and exit.
To see where the time goes: `python -X importtime -m game --seconds 0.001` and
`python -m cProfile -s cumtime -m game --seconds 0.001`.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BARE = """
import os
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 720))
screen.fill((30, 90, 50))
pygame.display.flip()
pygame.time.Clock().tick(60)
pygame.quit()
"""
MENU = ["-m", "game", "--seconds", "0.001"]


def once(args: list[str], data: str) -> float:
    """One process from its start to its exit, in ms."""
    env = os.environ | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env |= {"ATOUT_DATA_DIR": data, "ATOUT_CONFIG_DIR": data}
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=ROOT, env=env, check=True, capture_output=True)
    return (time.perf_counter() - start) * 1000


def measure(runs: int) -> dict[str, object]:
    bare: list[float] = []
    menu: list[float] = []
    with tempfile.TemporaryDirectory() as data:
        once(MENU, data)  # the first start writes the data folder and warms the disk cache: not counted
        for _ in range(runs):
            bare.append(once(["-c", BARE], data))
            menu.append(once(MENU, data))
    return {
        "runs": runs,
        "bare_ms_median": round(statistics.median(bare), 1),
        "bare_ms": [round(ms) for ms in bare],
        "menu_ms_median": round(statistics.median(menu), 1),
        "menu_ms": [round(ms) for ms in menu],
        "ratio": round(statistics.median(menu) / statistics.median(bare), 2),
    }


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=5)
    args = p.parse_args(argv)
    if args.runs < 1:
        p.error("--runs must be at least 1")
    print(json.dumps(measure(args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
