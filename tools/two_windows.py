"""Two real windows at one networked table: `python tools/two_windows.py --out DIR`.

Opens a table with `atout host` on the loopback (two people and a computer at Two-Ten-Jack, or
Königrufen with --game), starts Xvfb (a virtual X screen: `apt-get install xvfb`), and runs two
`python -m game --join …` windows on it side by side, each for --seconds; each saves its last frame
(pygame's window surface). Look at the PNGs: each window shows its own hand face up, the others' not at all.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SEATS = {"twotenjack": "remote,remote,easy", "koenigrufen": "remote,remote,easy,easy"}
PLAYERS = ("Anna", "Bruno")
WINDOW = (960, 540)


def free_display() -> int:
    """An X display number no server holds (its lock file is absent)."""
    return next(n for n in range(90, 200) if not Path(f"/tmp/.X{n}-lock").exists())


def hosted(game: str) -> tuple[subprocess.Popen[str], str, str]:
    """`atout host` on the loopback: the process, the address and the table code it printed."""
    command = [sys.executable, "-m", "game", "host", game, "--port", "0", "--bind", "127.0.0.1"]
    host = subprocess.Popen([*command, "--seats", SEATS[game]], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    address = code = ""
    assert host.stdout is not None
    for line in host.stdout:
        if found := re.search(r"serving on ws://(\S+)", line):
            address = found.group(1)
        if found := re.search(r"table (\w+)", line):
            code = found.group(1)
        if address and code:
            return host, address, code
    raise SystemExit("atout host stopped before it printed its address and code")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--out", type=Path, required=True, help="the folder for the PNGs")
    p.add_argument("--game", choices=tuple(SEATS), default="twotenjack")
    p.add_argument("--seconds", type=float, default=12.0, help="how long each window runs")
    args = p.parse_args(argv)
    if shutil.which("Xvfb") is None:
        raise SystemExit("Xvfb is missing: apt-get install -y xvfb")
    args.out.mkdir(parents=True, exist_ok=True)
    display = f":{free_display()}"
    width, height = WINDOW
    screen = subprocess.Popen(
        ["Xvfb", display, "-screen", "0", f"{2 * width + 40}x{height + 40}x24", "-nolisten", "tcp"]
    )
    host, address, code = hosted(args.game)
    windows = []
    try:
        for i, name in enumerate(PLAYERS):
            scratch = tempfile.mkdtemp(prefix="atout-window-")
            env = os.environ | {
                "DISPLAY": display,
                "SDL_VIDEODRIVER": "x11",
                "SDL_AUDIODRIVER": "dummy",
                "SDL_VIDEO_WINDOW_POS": f"{10 + i * (width + 20)},10",
                "ATOUT_CONFIG_DIR": scratch,
                "ATOUT_DATA_DIR": scratch,
                "PYTHONPATH": str(ROOT),
            }
            shot = args.out / f"window_{name.lower()}.png"
            command = [sys.executable, "-m", "game", "--join", address, code, name]
            command += [
                "--seconds",
                str(args.seconds),
                "--size",
                f"{width}x{height}",
                "--screenshot",
                str(shot),
            ]
            windows.append((subprocess.Popen(command, cwd=ROOT, env=env), shot))
        for window, shot in windows:
            window.wait(timeout=args.seconds + 60)
            print(f"{shot.stem}: {shot} (exit {window.returncode})")
    finally:
        for window, _ in windows:
            window.kill() if window.poll() is None else None
        host.terminate()
        host.wait(timeout=10)
        screen.terminate()
        screen.wait(timeout=10)
    return 0 if all(window.returncode == 0 for window, _ in windows) else 1


if __name__ == "__main__":
    sys.exit(main())
