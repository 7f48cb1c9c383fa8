"""Command line: `python -m game` opens the menu; `--demo GAME` seats the computer everywhere; `--engine
SEAT=CMD` seats an engine (docs/engine-protocol.md) at a demo table, or offers it at that seat in the menu;
`serve` and `host` run a table server and `open` opens a table at one (docs/network-protocol.md,
`game.net.command`)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from game.registry import GAMES


def _size(value: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in value.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must be WIDTHxHEIGHT, not {value!r}") from None
    if not (320 <= w <= 7680 and 240 <= h <= 4320):
        raise argparse.ArgumentTypeError(f"size {value!r} is out of range")
    return w, h


def _engine(value: str) -> tuple[int, str]:
    """SEAT=COMMAND: the seat (0 at the bottom of the screen) and the engine's command line."""
    from game.ai import external  # loaded when an engine is named, not at every start

    seat, _, command = value.partition("=")
    if not seat.strip().isdigit() or not command.strip():
        raise argparse.ArgumentTypeError(f"--engine takes SEAT=COMMAND, e.g. 1='./my_engine', not {value!r}")
    try:
        external.command_line(command)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(f"--engine {value!r}: {problem}") from None
    return int(seat), command.strip()


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="atout", description="Atout: a card table for three traditions.")
    p.add_argument("--demo", choices=tuple(GAMES), help="a table where the computer plays every seat")
    p.add_argument("--seed", type=int, default=1, help="seed of the demo deal")
    p.add_argument("--seconds", type=float, help="quit after this many seconds")
    p.add_argument("--size", type=_size, default=(1280, 720), help="window size, WIDTHxHEIGHT")
    p.add_argument("--screenshot", metavar="FILE", help="save the last frame as a PNG")
    p.add_argument("--stats", action="store_true", help="print frame and AI timings as one JSON line")
    p.add_argument("--players", type=int, help="number of players at a trick-game demo table")
    p.add_argument(
        "--level", choices=("easy", "normal", "hard"), help="the computers' level at a trick-game demo table"
    )
    p.add_argument(
        "--profile", help="a demo table's rule profile (Königrufen: cardavia, austria, cheltenham)"
    )
    p.add_argument(
        "--join",
        nargs=3,
        metavar=("ADDRESS", "CODE", "NAME"),
        help="sit at the table another machine hosts (docs/network-protocol.md)",
    )
    p.add_argument("--save", metavar="FILE", help="write the match's journal to FILE after every action")
    p.add_argument("--load", metavar="FILE", help="resume the match saved in FILE (saving on into it)")
    p.add_argument(
        "--engine",
        type=_engine,
        action="append",
        default=[],
        metavar="SEAT=CMD",
        help="an engine at SEAT (0 at the bottom): at a --demo table, or offered there in the menu",
    )
    return p


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    if words[:1] in (["serve"], ["host"], ["open"]):
        from game.net import command

        return command.main(words)
    p = parser()
    args = p.parse_args(argv)
    levelled = args.demo is not None and GAMES[args.demo].computer is not None  # a card table's computers
    if args.players is not None:
        if not levelled:
            p.error(f"--players goes with a trick-game --demo, not {args.players}")
        low, high = GAMES[args.demo].seats
        if not low <= args.players <= high:
            allowed = f"{low} to {high}" if low < high else str(low)
            p.error(f"{args.demo} takes {allowed} players, not {args.players}")
    if args.level is not None and not levelled:
        p.error("--level goes with a trick-game --demo")
    rules = None
    if args.profile is not None:
        make = GAMES[args.demo].rule_profile if args.demo else None
        if make is None:
            p.error("--profile goes with the --demo of a game that has rule profiles (koenigrufen)")
        try:
            rules = make(args.profile)
        except ValueError as problem:
            p.error(str(problem))
    engines = dict(args.engine)
    if engines and (args.load or (args.demo and not levelled)):
        p.error("--engine goes with the menu or the --demo of a game with computer seats: engines sit there")
    if engines:
        if levelled:
            seats = len(GAMES[args.demo].demo_setup(args.seed, args.players, "easy").seats)
        else:
            seats = max(spec.seats[1] for spec in GAMES.values() if spec.computer is not None)
        if any(seat >= seats for seat in engines):
            p.error(f"--engine: the seats are numbered 0 to {seats - 1}")
    journal = None
    if args.load:
        from game.journal import load_journal
        from game.settings import player_language
        from game.storage import FileProblem, Refused

        try:
            journal = load_journal(Path(args.load))
        except FileProblem as exc:
            message = Refused(Path(args.load), exc.words).words.text(player_language())
            print(f"atout: {message}", file=sys.stderr)
            return 2
        if args.demo and args.demo != journal.game:
            print(f"atout: {args.load} holds a {journal.game} match, not {args.demo}", file=sys.stderr)
            return 2
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.app import App
    from game.ui.audio import AssetError

    try:
        app = App(args.size)
        save = args.save or args.load
        app.save_path = Path(save) if save else None
        app.engines = engines
        if app.save_path is None and args.demo:
            from game import storage

            app.save_path = storage.data_dir() / "demo.json"  # a demo never replaces the player's match
        from game.scenes import navigation

        if journal is not None:
            first = navigation.resume(app, journal)
        elif args.join:
            address, code, name = args.join
            first = navigation.join(app, address, code, name, sit=True)
        elif args.demo:
            level = args.level or "easy"
            first = navigation.demo(app, args.demo, args.seed, args.players, level, rules, engines)
        else:
            first = navigation.menu(app)
        app.run(first, seconds=args.seconds)
    except AssetError as exc:
        print(f"atout: {exc}", file=sys.stderr)
        return 1
    if args.screenshot:
        pygame.image.save(app.screen, args.screenshot)
    if args.stats:
        print(json.dumps(app.stats()))
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
