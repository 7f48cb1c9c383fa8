"""Start-up time: the whole process to the menu's first frame, against a bare pygame window's start.

`python tools/startup.py [--runs N]` starts, N times each and interleaved (so both meet the same load),
`python -m game --seconds 0.001` (the menu: its first frame drawn and shown, then it quits) and a bare pygame
program that opens the same window, shows one frame and quits, and prints one JSON line: each side's median
and spread in ms and the ratio of the medians. Both run headless (SDL's dummy drivers) on a fresh data
folder, so no saved match or setting of yours is read, and both pay the interpreter's start and exit.
`--baseline DIR` times another checkout's menu start in the same turns (a branch against main).
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


def once(args: list[str], data: str, where: Path = ROOT) -> float:
    """One process from its start to its exit, in ms."""
    env = os.environ | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    env |= {"ATOUT_DATA_DIR": data, "ATOUT_CONFIG_DIR": data}
    start = time.perf_counter()
    subprocess.run([sys.executable, *args], cwd=where, env=env, check=True, capture_output=True)
    return (time.perf_counter() - start) * 1000


def measure(runs: int, baseline: Path | None = None) -> dict[str, object]:
    sides: dict[str, list[float]] = {"bare": [], "menu": []}
    if baseline:
        sides["baseline"] = []
    with tempfile.TemporaryDirectory() as data:
        once(MENU, data)  # the first start writes the data folder and warms the disk cache: not counted
        if baseline:
            once(MENU, data, baseline)
        for _ in range(runs):
            sides["bare"].append(once(["-c", BARE], data))
            sides["menu"].append(once(MENU, data))
            if baseline:
                sides["baseline"].append(once(MENU, data, baseline))
    report: dict[str, object] = {"runs": runs}
    for side, times in sides.items():
        report |= {
            f"{side}_ms_median": round(statistics.median(times), 1),
            f"{side}_ms": [round(t) for t in times],
        }
    bare = statistics.median(sides["bare"])
    report["ratio"] = round(statistics.median(sides["menu"]) / bare, 2)
    if baseline:
        report["baseline_ratio"] = round(statistics.median(sides["baseline"]) / bare, 2)
    return report


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--baseline", type=Path, help="another checkout whose menu start is timed in turn too")
    args = p.parse_args(argv)
    if args.runs < 1:
        p.error("--runs must be at least 1")
    if args.baseline is not None and not (args.baseline / "game" / "__main__.py").is_file():
        p.error(f"--baseline {args.baseline}: no Atout checkout there")
    print(json.dumps(measure(args.runs, args.baseline)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
