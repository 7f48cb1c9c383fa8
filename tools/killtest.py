"""Kills a match being played at random moments and checks that it always survives, and the player's other
saved matches beside it too.

`python tools/killtest.py GAME|all [--runs N] [--seed S]`: for each game, N times, in scratch config and
data directories, writes two unfinished matches of other games among the player's saved matches (as a
table writes them) and a new match of GAME beside them (F, the computer in every seat), starts `python -m
game --demo GAME --load F --seconds 30` headless (SDL's dummy drivers), which plays F on, saving into it,
sends it SIGKILL at a seeded random moment between 1 and 8 s, then requires that `python tools/replay.py F`
succeeds twice with the same digest, that `python -m game --demo GAME --load F --seconds 1` resumes the match
and exits 0, that the menu opens on the folder (`python -m game --seconds 1`), that the saved matches then
listed are the three, F with the moves its file holds, and that the two others' bytes never changed. Prints
one JSON line per game `{"game": ..., "runs": N, "ok": k, "failures": [...]}` and exits 1 when any run
failed.

A kill can land at any instant of a write (the save is rewritten after every action), which is the point:
the atomic rename must leave the previous save or the new one, never a broken file. A demo still starting
up when its moment comes (no save written yet: nothing to lose) is killed as soon as its first save is
there; `killed_at_first_save` in the line counts those.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import saved_matches, storage  # noqa: E402
from game.autosave import new_match_path  # noqa: E402
from game.journal import Journal, new_state, save_journal  # noqa: E402
from game.locks import Holder  # noqa: E402
from game.registry import GAMES as REGISTERED  # noqa: E402

GAMES = tuple(REGISTERED)
BESIDE = 2  # other saved matches in the folder while one is killed
KILL_AFTER = (1.0, 8.0)  # seconds after the start
DEMO_SECONDS = 30
TIMEOUT = 120  # for a replay or a resume: far beyond what they need, so a hang is a failure, not a stall


def environment(home: Path) -> dict[str, str]:
    """Headless, and never the player's own settings or matches."""
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        ATOUT_CONFIG_DIR=str(home / "config"),
        ATOUT_DATA_DIR=str(home / "data"),
    )
    return env


def saved_beside(game: str, deal: int, env: dict[str, str]) -> tuple[Path, dict[Path, bytes]]:
    """The player's saved matches before the kill, in `env`'s data folder: a new match of `game` (to be
    played and killed) and `BESIDE` matches of other games part-way, as a table leaves them."""
    rng = random.Random(deal)
    with _data_dir(env):
        others: dict[Path, bytes] = {}
        for other in [g for g in GAMES if g != game][:BESIDE] or [game] * BESIDE:
            journal = Journal(other, REGISTERED[other].demo_setup(rng.randrange(2**32), None, "easy"))
            state = new_state(journal.setup)
            for _ in range(rng.randrange(1, 30)):
                action = rng.choice(state.legal_actions())
                state.apply(action)
                if state.is_over:
                    break
                journal.actions.append(action)
            path = new_match_path(other)
            save_journal(path, journal)
            others[path] = path.read_bytes()
        played = new_match_path(game)
        save_journal(played, Journal(game, REGISTERED[game].demo_setup(deal, None, "easy")))
        return played, others


@contextlib.contextmanager
def _data_dir(env: dict[str, str]) -> Iterator[None]:
    """This process reads and writes `env`'s data folder meanwhile."""
    kept = os.environ.get("ATOUT_DATA_DIR")
    os.environ["ATOUT_DATA_DIR"] = env["ATOUT_DATA_DIR"]
    try:
        yield
    finally:
        if kept is None:
            os.environ.pop("ATOUT_DATA_DIR")
        else:
            os.environ["ATOUT_DATA_DIR"] = kept


def run_once(game: str, home: Path, kill_at: float, deal: int) -> tuple[str, bool]:
    """One kill and its checks: what went wrong ("" when every match survived), and whether the kill had
    to wait for the demo's first save."""
    env = environment(home)
    save, others = saved_beside(game, deal, env)
    command = [sys.executable, "-m", "game", "--demo", game]
    log = home / "demo.log"
    first = save.stat().st_mtime_ns
    with log.open("wb") as err:
        demo = subprocess.Popen(
            [*command, "--load", str(save), "--seconds", str(DEMO_SECONDS)],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
        start = time.monotonic()
        with contextlib.suppress(subprocess.TimeoutExpired):
            demo.wait(timeout=kill_at)
        # a demo still starting up (nothing saved yet) is killed the moment its first save is there
        late = not _saved_since(save, first)
        while (
            not _saved_since(save, first) and demo.poll() is None and time.monotonic() - start < DEMO_SECONDS
        ):
            time.sleep(0.01)
        if demo.poll() is not None:
            return f"the demo ended by itself before the kill (exit {demo.returncode}): {_tail(log)}", late
        demo.send_signal(signal.SIGKILL)
        demo.wait()
    return check(game, save, command, env) or beside(save, others, env), late


def _saved_since(save: Path, first: int) -> bool:
    try:
        return save.stat().st_mtime_ns != first
    except OSError:
        return False


def beside(save: Path, others: dict[Path, bytes], env: dict[str, str]) -> str:
    """The menu opens on the folder, which then lists the three matches, the killed one with the moves its
    file holds; the others' bytes never changed. What went wrong, or ""."""
    done = _run([sys.executable, "-m", "game", "--seconds", "1"], env)
    if done.returncode != 0:
        return f"the menu exit {done.returncode}: {_last_line(done.stderr)}"
    changed = [path.name for path, raw in others.items() if not path.exists() or path.read_bytes() != raw]
    if changed:
        return f"saved matches beside it changed: {changed}"
    with _data_dir(env):
        listing = saved_matches.listing(Holder())
    listed = {saved.path: saved.moves for saved in listing.matches}
    if set(listed) != {save, *others} or listing.refused:
        return f"the saved matches listed are {sorted(p.name for p in listed)}, refused {listing.refused}"
    if listed[save] != len(storage.read_json(save)["actions"]):
        return f"the killed match is listed at {listed[save]} moves"
    return ""


def check(game: str, save: Path, command: list[str], env: dict[str, str]) -> str:
    """Replays the save twice (same digest) and resumes it; returns what went wrong, or ""."""
    if not save.exists():
        return f"no save {DEMO_SECONDS} s after the start"
    replays = []
    for _ in range(2):
        done = _run([sys.executable, str(ROOT / "tools" / "replay.py"), str(save)], env)
        if done.returncode != 0:
            return f"replay exit {done.returncode}: {_last_line(done.stderr)}"
        try:
            replays.append(json.loads(done.stdout))
        except ValueError:
            return f"replay printed no JSON line: {_last_line(done.stdout)}"
    if replays[0] != replays[1] or not replays[0].get("ok"):
        return f"two replays differ: {replays[0]} / {replays[1]}"
    if replays[0].get("game") != game:
        return f"replay says {replays[0].get('game')!r}, not {game}"
    done = _run([*command, "--load", str(save), "--seconds", "1"], env)
    if done.returncode != 0:
        return f"--load exit {done.returncode}: {_last_line(done.stderr)}"
    return ""


def _run(command: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    try:
        return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, -1, "", f"no answer within {TIMEOUT} s")


def _last_line(output: str) -> str:
    lines = [line for line in output.strip().splitlines() if line.strip()]
    return lines[-1][:300] if lines else "(nothing)"


def _tail(log: Path) -> str:
    return _last_line(log.read_text(encoding="utf-8", errors="replace"))


def kill_game(game: str, runs: int, rng: random.Random) -> dict[str, Any]:
    failures: list[dict[str, Any]] = []
    late = 0
    with tempfile.TemporaryDirectory(prefix="atout-kill-") as scratch:
        for run in range(runs):
            kill_at = round(rng.uniform(*KILL_AFTER), 2)
            deal = rng.randrange(1, 10_000)
            home = Path(scratch) / f"run-{run}"
            why, waited = run_once(game, home, kill_at, deal)
            late += waited
            if why:
                failures.append({"run": run, "seed": deal, "kill_at": kill_at, "why": why})
    report = {"game": game, "runs": runs, "ok": runs - len(failures), "failures": failures}
    return report | {"killed_at_first_save": late}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=(*GAMES, "all"))
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    rng = random.Random(args.seed)
    failed = False
    for game in GAMES if args.game == "all" else (args.game,):
        start = time.perf_counter()
        report = kill_game(game, args.runs, rng)
        report["seconds"] = round(time.perf_counter() - start, 1)
        print(json.dumps(report, ensure_ascii=False), flush=True)
        failed = failed or bool(report["failures"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
