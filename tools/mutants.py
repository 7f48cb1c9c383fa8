"""Mutated player files against the real app: the promise that a bad file is kept aside, told, and never
stops Atout from starting.

`python tools/mutants.py [--count N] [--seed S] [--kinds K,K...]` writes, for each kind (settings,
characters, a Falkenstein adventure, a saved match of each game, and a hosted table's two files: `host.json`
and the table's journal), N files made by Atout's own code and then changed in one place — a field of the
wrong type, removed, null, a huge or negative number, nested junk, odd unicode, a cut or a flipped byte (for
the table's journal of JSON lines, in one of its lines) — and starts the app on each one headless: the menu
must show (and the Host page, for a hosted table), the file's bytes must still be on disk (in place, moved, or
kept aside under a new name), a file kept aside must be told in the player's language, a saved match must
pass through `tools/replay.py` in one line, and a match the menu offers to continue must open and play. A
saved match is placed three times: among the saved matches, as an older Atout's single save, and in the
History. An adventure is placed twice: among the player's own (the menu and the editor read it; kept aside
when it is not even a draft) and as a file someone sent, which the editor imports (refused with its reason,
or taken in; the sent file left as it was); one that reads whole is played a few seconds. One JSON line: per
kind, how many started cleanly, how many files were kept aside, and the failures (exit code 1 when there is
any).

The tests (`tests/test_mutants.py`) draw the same mutations with hypothesis.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import random
import re
import sys
import tempfile
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import pygame
import replay

from game import autosave
from game.app import App
from game.games.falkenstein import adventures, characters, drafting
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.editor_scene import EditorScene
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.i18n import LANGUAGES, catalogue
from game.journal import Journal, new_state, save_journal
from game.net import hosted
from game.net.protocol import SeatRequest, TableRequest
from game.net.table_host import TableHost
from game.scenes import navigation
from game.scenes.host_scene import HostScene
from game.scenes.menu import MenuScene
from game.seating import CardTableSetup, SeatPlayer
from game.settings import Settings, save_settings, settings_path

DT = 1 / 60
KINDS = (
    "settings",
    "characters",
    "adventure",
    "falkenstein",
    "koenigrufen",
    "twotenjack",
    "hosted",
    "hosted-table",
)
MATCHES = KINDS[3:6]
HOSTED = KINDS[6:]
HISTORY_NAME = "20200101-120000-{game}.json"
MATCH_NAME = "20200101-110000-{game}-abcdef.json"
SLOT = "20200101-100000-abcdef"  # a hosted table's folder
CODE = "K7PQ4M"
# what a field may be replaced by: every JSON type, the edges of numbers, junk, text a screen may choke on
JUNK: tuple[Any, ...] = (
    None,
    True,
    False,
    0,
    -1,
    -(2**63),
    2**63,
    10**30,
    1.5,
    -0.0,
    1e308,
    float("nan"),
    float("inf"),
    "",
    "x",
    "fast",
    "\u0000",
    "\ud800",
    "🂡 Sküs ♥",
    "é" * 300,
    [],
    [1, "a", None],
    {},
    {"a": {"b": {"c": []}}},
    [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]],
)
# an edit of one place: replace it, remove it, add an unknown field beside it, double a list's item
OPERATIONS = ("replace", "remove", "extra", "double")


# --- files as Atout writes them ---------------------------------------------------------------------------


def valid_file(kind: str, seed: int) -> bytes:
    """A file of `kind` written by Atout's own code (the settings screen, the character editor, a table's
    autosave part-way through a match), as bytes."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as folder, _dirs(Path(folder)):
        if kind == "settings":
            save_settings(
                Settings(
                    language=rng.choice(LANGUAGES),
                    contrast=rng.randrange(101),
                    anim_speed=rng.choice(("slow", "normal", "fast", "instant")),
                    think_time=rng.choice((0.3, 0.7, 1.2, 2.0)),
                    four_colour=rng.random() < 0.5,
                )
            )
            return settings_path().read_bytes()
        if kind == "characters":
            made = [
                characters.Character(
                    f"Héros {i}", tuple(characters.make_talent(t, rng.randrange(1, 7)) for t in ids)
                )
                for i, ids in enumerate(
                    (("fencing", "wealth"), ("athletics",), ("charisma", "courage", "fencing"))
                )
            ]
            characters.save_custom(made[: rng.randrange(1, 4)])
            return characters.custom_path().read_bytes()
        if kind == "adventure":
            path = Path(folder) / "adventure.json"
            adventures.save(path, _adventure(rng))
            return path.read_bytes()
        if kind in HOSTED:
            slot = _hosted_table(rng)
            return (slot / hosted.NAME if kind == "hosted" else slot / "tables" / f"{CODE}.json").read_bytes()
        path = Path(folder) / "match.json"
        save_journal(path, _partway(kind, rng))
        return path.read_bytes()


def _adventure(rng: random.Random) -> Any:
    """An adventure as the editor writes it: one of Atout's in one to three languages, or a new draft."""
    if rng.random() < 0.25:
        return adventures.starter(rng.choice(LANGUAGES), "Neu", ("Gut", "Schlecht"), "fencing", "C")
    story = rng.choice(adventures.builtin())
    for language in rng.sample(LANGUAGES, rng.randrange(3)):
        story = drafting.without_language(story, language)
    return story


def _hosted_table(rng: random.Random) -> Path:
    """A table hosted here part-way through its match, as the desktop's server leaves its folder: the
    table's record and a line for each action, and `host.json` with the host's token."""
    slot = hosted.folder() / SLOT
    game = rng.choice(("koenigrufen", "twotenjack"))
    seats = (SeatRequest("remote"), *(SeatRequest("computer", "easy"),) * (3 if game == "koenigrufen" else 2))
    request = TableRequest(game, seats, "austria" if game == "koenigrufen" else None, None, "computer")
    table = TableHost.new(CODE, request, slot / "tables" / f"{CODE}.json", seed=rng.randrange(2**32))
    lines = table.whole_file()
    for _ in range(rng.randrange(0, 30)):
        action = rng.choice(table.state.legal_actions())
        table.apply(table.state.to_act, action, table.moves)
        if table.over:
            break
        lines += table.last_action_line()
    (slot / "tables").mkdir(parents=True)
    (slot / "tables" / f"{CODE}.json").write_text(lines, encoding="utf-8")
    hosted.keep(slot, CODE, 8765, [(0, "token")])
    return slot


def _partway(game: str, rng: random.Random) -> Journal:
    """A journal of random legal actions, stopped before the match ends (a match to continue)."""
    if game == "falkenstein":
        mode = rng.choice(("solo", "hotseat"))
        seats = (
            (SeatSetup(HEROES[0], "Ada"),)
            if mode == "solo"
            else tuple(SeatSetup(h, "Bo") for h in HEROES[:2])
        )
        story = (
            rng.choice((None, *adventures.builtin()))
            if mode == "hotseat"
            else rng.choice(adventures.builtin())
        )
        setup: Any = FalkensteinSetup(mode, seats, None, "Host", rng.randrange(2**32), story)
    else:
        players = 4 if game == "koenigrufen" else rng.randrange(2, 7)
        setup = CardTableSetup(
            game, tuple(SeatPlayer(f"P{i}", i < 2, "easy") for i in range(players)), rng.randrange(2**32)
        )
    journal = Journal(game, setup)
    state = new_state(setup)
    for _ in range(rng.randrange(0, 40)):
        if state.is_over:
            break
        action = rng.choice(state.legal_actions())
        state.apply(action)
        if state.is_over:
            break
        journal.actions.append(action)
    return journal


# --- mutations ----------------------------------------------------------------------------------------------


def places(document: Any, at: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON document, as the keys and indices that lead to it ((): the whole)."""
    found = [at]
    if isinstance(document, dict):
        for key, value in document.items():
            found += places(value, (*at, key))
    elif isinstance(document, list):
        for i, value in enumerate(document):
            found += places(value, (*at, i))
    return found


def mutate(document: Any, at: tuple[Any, ...], operation: str, junk: Any) -> Any:
    """A copy of `document` changed at one place."""
    copy = json.loads(json.dumps(document))
    if not at:
        return junk if operation == "replace" else copy
    parent = copy
    for key in at[:-1]:
        parent = parent[key]
    last = at[-1]
    if operation == "replace":
        parent[last] = junk
    elif operation == "remove":
        del parent[last]
    elif operation == "extra" and isinstance(parent, dict):
        parent["zz_unknown"] = junk
    elif operation == "double" and isinstance(parent, list):
        parent.insert(last, parent[last])
    else:
        parent[last] = junk
    return copy


def to_bytes(document: Any) -> bytes:
    return json.dumps(document, ensure_ascii=False, allow_nan=True).encode("utf-8", "surrogatepass")


def byte_damage(raw: bytes, rng: random.Random) -> bytes:
    """A file cut short, or with one byte changed (a disk's or an editor's damage)."""
    if rng.random() < 0.5:
        return raw[: rng.randrange(len(raw))]
    i = rng.randrange(len(raw))
    return raw[:i] + bytes([rng.randrange(256)]) + raw[i + 1 :]


def random_mutant(kind: str, rng: random.Random) -> bytes:
    raw = valid_file(kind, rng.randrange(2**32))
    if rng.random() < 0.15:
        return byte_damage(raw, rng)
    if kind == "hosted-table":  # JSON lines: one of them changed
        lines = raw.split(b"\n")
        at_line = rng.randrange(len(lines) - 1 if len(lines) > 1 else 1)
        lines[at_line] = random_mutant_of(lines[at_line], rng)
        return b"\n".join(lines)
    return random_mutant_of(raw, rng)


def record(kind: str, raw: bytes) -> tuple[bytes, bytes]:
    """A file's first JSON document, and what follows it (a hosted table's appended lines; else nothing)."""
    if kind != "hosted-table":
        return raw, b""
    first, newline, rest = raw.partition(b"\n")
    return first, newline + rest


def random_mutant_of(raw: bytes, rng: random.Random) -> bytes:
    """One JSON document changed in one place."""
    document = json.loads(raw)
    at = rng.choice(places(document))
    return to_bytes(mutate(document, at, rng.choice(OPERATIONS), rng.choice(JUNK)))


# --- the app on a mutant ------------------------------------------------------------------------------------


@dataclass
class Outcome:
    kind: str
    kept_aside: int = 0  # files set aside (a saved match is placed three times: see `_place`)
    continued: bool = False  # the menu offered the match, and it opened and played
    problems: list[str] = field(default_factory=list)  # broken promises; empty when all held


@contextlib.contextmanager
def _dirs(folder: Path, language: str = "en") -> Iterator[None]:
    """Config and data under `folder`, the system language `language`, restored afterwards."""
    names = ("ATOUT_CONFIG_DIR", "ATOUT_DATA_DIR", "LANG", "LC_ALL", "LC_MESSAGES")
    kept = {name: os.environ.get(name) for name in names}
    os.environ.update(
        ATOUT_CONFIG_DIR=str(folder / "config"),
        ATOUT_DATA_DIR=str(folder / "data"),
        LANG=f"{language}_XX.UTF-8",
    )
    os.environ.pop("LC_ALL", None)
    os.environ.pop("LC_MESSAGES", None)
    try:
        yield
    finally:
        for name, value in kept.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def launch(kind: str, mutant: bytes, folder: Path, language: str = "en") -> Outcome:
    """Starts the app on `mutant` placed where Atout finds a file of `kind`, and checks every promise."""
    outcome = Outcome(kind)
    with _dirs(folder, language):
        placed = _place(kind, mutant)
        try:
            _run(kind, mutant, placed, outcome)
        except Exception:
            outcome.problems.append("exception: " + traceback.format_exc(limit=6))
    return outcome


def _place(kind: str, mutant: bytes) -> list[Path]:
    if kind == "settings":
        paths = [settings_path()]
    elif kind == "characters":
        paths = [characters.custom_path()]
    elif kind == "adventure":  # among the player's own, and sent by someone
        paths = [adventures.folder() / "mutant.json", adventures.exchange_dir() / "sent.json"]
    elif kind in HOSTED:
        slot = _hosted_table(random.Random(0))  # a good table, its file of `kind` then replaced
        paths = [slot / hosted.NAME if kind == "hosted" else slot / "tables" / f"{CODE}.json"]
    else:  # among the saved matches, as an older Atout's single save, and in the History
        paths = [
            autosave.matches_dir() / MATCH_NAME.format(game=kind),
            autosave.old_path(),
            autosave.history_dir() / HISTORY_NAME.format(game=kind),
        ]
    for path in paths:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(mutant)
    return paths


def _run(kind: str, mutant: bytes, placed: list[Path], outcome: Outcome) -> None:
    app = App((1280, 720))
    menu = MenuScene(app)
    app.scenes.push(menu)
    _frames(app, 3)
    if kind in MATCHES:
        menu.open_history()
        _frames(app, 3)
        app.scenes.pop()
        _frames(app, 2)
    if kind == "adventure":
        _write_and_play(app, menu, placed[1], outcome)
    if kind in HOSTED:  # the Host page reads the hosted tables again
        menu.open_host()
        _frames(app, 3)
        if not isinstance(app.scenes.top, HostScene):
            outcome.problems.append(f"the Host page is not showing ({app.scenes.top!r})")
        app.scenes.pop()
        _frames(app, 2)
    if app.scenes.top is not menu:
        outcome.problems.append(f"the menu is not showing ({app.scenes.top!r})")
    everything = [p for p in Path(os.environ["ATOUT_DATA_DIR"]).parent.rglob("*") if p.is_file()]
    copies = sum(p.read_bytes() == mutant for p in everything)
    if copies < len(placed):
        outcome.problems.append(f"the file's bytes are lost ({copies} of {len(placed)} copies on disk)")
    aside = [p for p in everything if ".bad-" in p.name]
    outcome.kept_aside = len(aside)
    told = " ".join(message for message, _ in app.notices.items)
    kept_word = kept_wording(app.settings.language)
    for path in aside:
        if path.name not in told or kept_word not in told:
            outcome.problems.append(f"{path.name} was kept aside untold (notices: {told!r})")
    if kind in MATCHES:
        _check_replay(mutant, placed[0].parent, outcome)
        if menu.saved and menu.continue_button is not None:
            _continue(app, menu, outcome)


def kept_wording(language: str) -> str:
    """The words of the kept-aside notice in `language` that lead to the new name ("It was kept as"):
    a notice told in that language holds them."""
    before_name = catalogue(language)["file.kept_aside"].split("{aside}")[0]
    return re.split(r"\{\w+\}", before_name)[-1].strip(" .:")


def _check_replay(mutant: bytes, folder: Path, outcome: Outcome) -> None:
    """`tools/replay.py` on the mutant: one JSON line and exit 0, or one line naming the file and exit 2."""
    path = folder / "mutant.json"
    path.write_bytes(mutant)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = replay.main([str(path)])
    lines = (out.getvalue() + err.getvalue()).splitlines()
    if code == 0:
        good = len(lines) == 1 and json.loads(lines[0]).get("ok") is True and not err.getvalue()
    else:
        good = code == 2 and len(lines) == 1 and lines[0].startswith("replay: mutant.json: ")
    if not good:
        outcome.problems.append(f"replay printed {lines!r} with exit code {code}")
    path.unlink()


def _write_and_play(app: App, menu: MenuScene, sent: Path, outcome: Outcome) -> None:
    """The editor opens on the player's adventures and imports the one sent; one that reads whole is
    played a few seconds; then back to the menu."""
    editor = EditorScene(app)
    app.scenes.push(editor)
    _frames(app, 2)
    editor.open_import()
    editor.take_in(sent)
    for part in ("story", "challenges", "endings", "graph"):
        editor.show(part)
        _frames(app, 1)
    ready = [own.draft for own in editor.owns if own.problem is None]
    editor.back()
    _frames(app, 2)
    if ready:
        setup = FalkensteinSetup("solo", (SeatSetup(HEROES[0], "Ada"),), seed=1, scenario=ready[0])
        app.scenes.push(navigation.table(app, setup))
        _frames(app, 240)
        app.scenes.pop()
        outcome.continued = True
        _frames(app, 2)


def _continue(app: App, menu: MenuScene, outcome: Outcome) -> None:
    """Continues the saved match and lets the table play on for a few seconds of game time."""
    assert menu.continue_button is not None
    at = menu.continue_button.rect.center
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1, rel=(0, 0), buttons=(0, 0, 0)))
    _frames(app, 240)
    top = app.scenes.top
    if top is None or top is menu:
        outcome.problems.append("continuing the saved match did not open its table")
    outcome.continued = True


def _frames(app: App, n: int) -> None:
    for _ in range(n):
        app.step(DT)


# --- the tool -----------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--count", type=int, default=200, help="mutated files per kind")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--kinds", default=",".join(KINDS), help="comma-separated: " + ", ".join(KINDS))
    args = p.parse_args(argv)
    kinds = args.kinds.split(",")
    if not set(kinds) <= set(KINDS):
        p.error(f"kinds are {', '.join(KINDS)}")
    rng = random.Random(args.seed)
    report: dict[str, Any] = {"count": args.count, "seed": args.seed, "kinds": {}}
    failed = 0
    for kind in kinds:
        tally = {"started": 0, "kept_aside": 0, "continued": 0, "failures": 0}
        for i in range(args.count):
            mutant = random_mutant(kind, rng)
            with tempfile.TemporaryDirectory() as folder:
                outcome = launch(kind, mutant, Path(folder), LANGUAGES[i % len(LANGUAGES)])
            tally["started"] += not outcome.problems
            tally["kept_aside"] += outcome.kept_aside > 0
            tally["continued"] += outcome.continued
            if outcome.problems:
                tally["failures"] += 1
                print(f"{kind} #{i}: {mutant[:200]!r}", *outcome.problems, sep="\n  ", file=sys.stderr)
        report["kinds"][kind] = tally
        failed += tally["failures"]
    print(json.dumps(report))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
