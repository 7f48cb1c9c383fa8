"""A lesson is a prepared deal told step by step: every action of the deal, in order, from the game's own
journal format; on the learner's steps the narrator's words (in every language) and, once the move is made,
why it was good. Loading a lesson checks every field and replays every action through the real rules, so a
lesson that loads is legal from its first step to its last. The format is in `docs/lessons.md`.

No pygame here: the table scene only drives a `Guide` (which step is next, is this move the one expected).
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path
from typing import Any

from game.i18n import LANGUAGES, language
from game.journal_codec import decode_action, encode_action
from game.registry import GAMES, spec
from game.storage import FileProblem

DIR = Path(__file__).resolve().parent
FORMAT = "atout-lesson"
VERSION = 1
LEARNER_WORDS = ("say", "praise", "wrong", "hint")  # "say" and "praise" required, the others optional
TOP = (
    "format",
    "version",
    "id",
    "game",
    "title",
    "rules",
    "setup",
    "learner",
    "narrator",
    "narrator_end",
    "end",
    "steps",
)
OPTIONAL = ("rules", "narrator_end")


class LessonProblem(ValueError):
    """Why a lesson file cannot be used: its name, where in it, and what is wrong."""


@dataclass(frozen=True)
class Text:
    """One text in every interface language."""

    by_language: tuple[tuple[str, str], ...]

    def get(self, lang: str | None = None) -> str:
        return dict(self.by_language)[lang or language()]


@dataclass(frozen=True)
class Step:
    """One action of the deal. The learner's steps carry words; the others are the computers' script."""

    action: Any
    learner: bool
    say: Text | None = None
    praise: Text | None = None
    wrong: Text | None = None  # why another legal move is not this lesson's (else a general sentence)
    hint: Text | None = None  # what to do instead (else the table names the expected move)


@dataclass(frozen=True)
class Lesson:
    id: str
    game: str
    title: Text
    setup: Any  # the game's table setup, as a journal holds it
    learner: Any  # the learner's seat, as the rules' `to_act` names it
    narrator: tuple[int, int, int, int]  # where the narrator's panel sits, in the table layout's pixels
    narrator_end: tuple[int, int, int, int]  # where it sits once the deal is over (the felt is clear)
    end: Text
    steps: tuple[Step, ...]

    @property
    def learner_steps(self) -> int:
        return sum(step.learner for step in self.steps)


def same(a: Any, b: Any) -> bool:
    """The same move: the same action, a set of cards (a discard) in any order."""
    return _key(a) == _key(b)


def _key(action: Any) -> dict[str, Any]:
    coded = encode_action(action)
    return {k: sorted(v) if isinstance(v, list) else v for k, v in coded.items()}


class Guide:
    """Where the learner is in a lesson: the next step, and whether a move is the one it expects."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        self.index = 0
        self.praised: Step | None = None  # the learner's step last made, whose praise is shown

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self) -> Step | None:
        return None if self.done else self.lesson.steps[self.index]

    @property
    def number(self) -> int:
        """The learner's step being asked for (1-based), or the last one made once the lesson is done."""
        made = sum(step.learner for step in self.lesson.steps[: self.index])
        step = self.step
        return made + (1 if step is not None and step.learner else 0)

    def expects(self, action: Any) -> bool:
        step = self.step
        return step is not None and same(action, step.action)

    def advance(self) -> None:
        step = self.step
        if step is None:
            raise ValueError("the lesson is over")
        if step.learner:
            self.praised = step
        self.index += 1


def rules_refusal(state: Any, action: Any) -> ValueError | None:
    """The rules' reason if they refuse `action` in `state` (tried on a copy: nothing changes), else None."""
    try:
        copy.deepcopy(state).apply(action)
    except ValueError as exc:
        return exc
    return None


# --- loading ---------------------------------------------------------------------------------------------


def lesson_paths() -> list[Path]:
    return sorted(DIR.glob("*.json"))


@cache
def load(path: Path) -> Lesson:
    """The lesson in `path`, every field checked and every action replayed (LessonProblem if not)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise LessonProblem(f"{path.name}: cannot be read: {exc}") from exc
    try:
        return _lesson(data, path.name)
    except FileProblem as exc:
        raise LessonProblem(f"{path.name}: {exc}") from exc


def lessons(game: str | None = None) -> list[Lesson]:
    """Every lesson shipped (of `game`), in file-name order."""
    found = [load(path) for path in lesson_paths()]
    return [lesson for lesson in found if game is None or lesson.game == game]


@cache
def listed(game: str) -> tuple[str, ...]:
    """The ids of the lessons shipped for `game`, read off their files without replaying them (the menu
    shows its Learn button by this; the lesson is checked whole when opened, `find`). A file that cannot
    be read lists nothing: opening its lesson says why."""
    ids = []
    for path in lesson_paths():
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError):
            continue
        if isinstance(data, dict) and data.get("game") == game and isinstance(data.get("id"), str):
            ids.append(data["id"])
    return tuple(ids)


def find(lesson_id: str) -> Lesson:
    for lesson in lessons():
        if lesson.id == lesson_id:
            return lesson
    raise LessonProblem(f"no lesson {lesson_id!r}")


def _fail(where: str, what: str) -> LessonProblem:
    return LessonProblem(f"{where}: {what}")


def _obj(data: Any, where: str, required: tuple[str, ...], allowed: tuple[str, ...]) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _fail(where, "must be an object")
    missing = [k for k in required if k not in data]
    if missing:
        raise _fail(where, f"missing {', '.join(missing)}")
    extra = sorted(set(data) - set(allowed))
    if extra:
        raise _fail(where, f"unknown field {', '.join(extra)}")
    return data


def _text(data: Any, where: str) -> Text:
    obj = _obj(data, where, LANGUAGES, LANGUAGES)
    for lang in LANGUAGES:
        if not isinstance(obj[lang], str) or not obj[lang].strip():
            raise _fail(f"{where}.{lang}", "must be a text")
    return Text(tuple((lang, obj[lang]) for lang in LANGUAGES))


def _lesson(data: Any, name: str) -> Lesson:
    top = _obj(data, name, tuple(k for k in TOP if k not in OPTIONAL), TOP)
    if top["format"] != FORMAT or top["version"] != VERSION:
        raise _fail(name, f"not an {FORMAT} file of version {VERSION}")
    if top["game"] not in GAMES:
        raise _fail(f"{name}.game", f"unknown game {top['game']!r}")
    game = spec(top["game"])
    if not isinstance(top["id"], str) or not top["id"]:
        raise _fail(f"{name}.id", "must be a text")
    setup = game.decode_setup(top["setup"])
    if setup.game != game.id:
        raise _fail(f"{name}.setup", "is another game's")
    if "rules" in top:
        if game.rule_profile is None or not isinstance(top["rules"], str):
            raise _fail(f"{name}.rules", "names no rule profile of this game")
        try:
            setup = replace(setup, rules=game.rule_profile(top["rules"]))
        except ValueError as exc:
            raise _fail(f"{name}.rules", str(exc)) from exc
    box = _box(top["narrator"], f"{name}.narrator")
    end_box = _box(top.get("narrator_end", top["narrator"]), f"{name}.narrator_end")
    steps = _steps(top["steps"], game.id, setup, top["learner"], f"{name}.steps")
    return Lesson(
        top["id"],
        game.id,
        _text(top["title"], f"{name}.title"),
        setup,
        top["learner"],
        box,
        end_box,
        _text(top["end"], f"{name}.end"),
        steps,
    )


def _box(data: Any, where: str) -> tuple[int, int, int, int]:
    if not (isinstance(data, list) and len(data) == 4 and all(type(v) is int and v >= 0 for v in data)):
        raise _fail(where, "must be [x, y, width, height] in layout pixels")
    return data[0], data[1], data[2], data[3]


def _steps(data: Any, game: str, setup: Any, learner: Any, where: str) -> tuple[Step, ...]:
    """Each step decoded, and the deal replayed through the rules: every action legal, taken by the seat
    to act, the learner's steps (and only those) with words."""
    if not isinstance(data, list) or not data:
        raise _fail(where, "must be a list of steps")
    state = spec(game).new_state(setup)
    steps = []
    for i, item in enumerate(data):
        at = f"{where}[{i}]"
        obj = _obj(item, at, ("action",), ("action", *LEARNER_WORDS))
        action = decode_action(game, obj["action"], f"{at}.action")
        mine = state.to_act == learner
        if mine and not {"say", "praise"} <= set(obj):
            raise _fail(at, "the learner's step needs 'say' and 'praise'")
        if not mine and set(obj) != {"action"}:
            raise _fail(at, f"seat {state.to_act!r} acts here, not the learner: only an action")
        refused = rules_refusal(state, action)
        if refused is not None:
            raise _fail(f"{at}.action", f"the rules refuse it: {refused}")
        state.apply(action)
        words = {k: _text(obj[k], f"{at}.{k}") for k in LEARNER_WORDS if k in obj}
        steps.append(Step(action, mine, **words))
    if not any(step.learner for step in steps):
        raise _fail(where, "the learner never acts")
    return tuple(steps)
