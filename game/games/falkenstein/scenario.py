"""Falkenstein adventures: a small graph of challenges, each naming where the story goes on a success, on a
failure and (if it says so) on fireworks, down to one of its endings. The format is in `docs/scenarios.md`.

Read in two steps, so the editor can keep a draft that is not finished yet and a stranger's file is still
refused whole: `decode` checks the shape (every field's type and limits, the talents, the languages) and
gives a `Scenario` that may still be a draft; `check` refuses a draft that cannot be played (a text
missing, a link to nowhere, a challenge no path reaches, a loop with no way out). `read` is both. Every
refusal is a `FileProblem` the interface words in the player's language. No pygame here.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any

from game import schema, storage
from game.games.falkenstein.data import TALENTS
from game.games.falkenstein.resolution import LEVELS, SUITS
from game.i18n import LANGUAGES, Words, language
from game.storage import FileProblem

FORMAT = "atout-scenario"
VERSION = 1
MAX_FILE_BYTES = 300_000  # thirty long challenges in three languages take about a third of it
MAX_CHALLENGES = 30
MAX_ENDINGS = 8
ID_LEN = 32
# the longest texts, in characters: each fits the table's story panel at 960×540 at its smallest reading
# size (tests/test_falkenstein_scene.py)
TITLE_LEN = 60  # the adventure's title
NAME_LEN = 40  # a challenge's or an ending's title (the story graph, the path taken)
INTRO_LEN = 400
SITUATION_LEN = 400
OUTCOME_LEN = 300  # a challenge's success or failure
ENDING_LEN = 400
LINKS = {"success": "on_success", "failure": "on_failure", "fireworks": "on_fireworks"}
IDENTIFIER = re.compile(r"[a-z0-9][a-z0-9_-]*")


@dataclass(frozen=True)
class Text:
    """One text in the languages its adventure is written in ("" where it has none)."""

    de: str = ""
    en: str = ""
    fr: str = ""

    def get(self, language: str) -> str:
        """The text in `language`, or, for an adventure written in other languages, in the first it has."""
        if language not in LANGUAGES:
            raise ValueError(f"unknown language: {language!r}")
        return getattr(self, language) or next((t for lang in LANGUAGES if (t := getattr(self, lang))), "")

    def of(self, language: str) -> str:
        """The text written in `language` itself ("" if none)."""
        return str(getattr(self, language))

    def put(self, language: str, value: str) -> Text:
        return replace(self, **{language: value})

    def only(self, languages: Iterable[str]) -> Text:
        """The texts of `languages`, the others dropped."""
        kept = set(languages)
        return Text(**{lang: self.of(lang) for lang in LANGUAGES if lang in kept})


@dataclass(frozen=True)
class Challenge:
    id: str
    title: Text
    text: Text  # the situation
    talent: str
    suit: str  # trump: the talent's suit unless the author says otherwise
    opposition: int  # the difficulty, 1 to 6
    success: Text
    failure: Text
    on_success: str  # a challenge's or an ending's id ("" in a draft: not chosen yet)
    on_failure: str
    on_fireworks: str = ""  # "" : fireworks lead where a success does

    def next(self, outcome: str) -> str:
        """Where the story goes after `outcome` ("success", "failure" or "fireworks")."""
        if outcome == "fireworks":
            return self.on_fireworks or self.on_success
        return self.on_success if outcome == "success" else self.on_failure

    def links(self) -> tuple[tuple[str, str], ...]:
        """(outcome, target) of every link it has, fireworks only when it leads somewhere of its own."""
        found = [("success", self.on_success), ("failure", self.on_failure)]
        if self.on_fireworks:
            found.append(("fireworks", self.on_fireworks))
        return tuple(found)


@dataclass(frozen=True)
class Ending:
    id: str
    title: Text
    text: Text
    happy: bool  # a good ending: the heroes' success, in the History and the statistics


@dataclass(frozen=True)
class Scenario:
    id: str
    languages: tuple[str, ...]
    title: Text
    intro: Text
    start: str
    challenges: tuple[Challenge, ...]
    endings: tuple[Ending, ...]
    _nodes: dict[str, Challenge | Ending] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        nodes: dict[str, Challenge | Ending] = {}
        for node in self.nodes():
            nodes.setdefault(node.id, node)
        object.__setattr__(self, "_nodes", nodes)

    def nodes(self) -> tuple[Challenge | Ending, ...]:
        """The challenges, then the endings."""
        return (*self.challenges, *self.endings)

    def challenge(self, node: str) -> Challenge | None:
        found = self._nodes.get(node)
        return found if isinstance(found, Challenge) else None

    def ending(self, node: str) -> Ending | None:
        found = self._nodes.get(node)
        return found if isinstance(found, Ending) else None

    def title_of(self, node: str) -> Text:
        """The title of a challenge or an ending (an empty text for an unknown id)."""
        found = self._nodes.get(node)
        return found.title if found is not None else Text()


# --- the story's graph: what leads where --------------------------------------------------------------


def reachable(scenario: Scenario) -> set[str]:
    """Every challenge and ending some path from the start reaches (the start itself included)."""
    seen: set[str] = set()
    todo = [scenario.start] if scenario.challenge(scenario.start) else []
    while todo:
        node = todo.pop()
        if node in seen:
            continue
        seen.add(node)
        challenge = scenario.challenge(node)
        if challenge is not None:
            todo += [target for _, target in challenge.links() if _known(scenario, target)]
    return seen


def _known(scenario: Scenario, node: str) -> bool:
    """`node` is a challenge or an ending of the adventure."""
    return scenario.challenge(node) is not None or scenario.ending(node) is not None


def escaping(scenario: Scenario) -> set[str]:
    """The challenges from which some path reaches an ending (the others loop, or lead nowhere, for good)."""
    out = {ending.id for ending in scenario.endings}
    grew = True
    while grew:
        grew = False
        for challenge in scenario.challenges:
            if challenge.id not in out and any(target in out for _, target in challenge.links()):
                out.add(challenge.id)
                grew = True
    return out - {ending.id for ending in scenario.endings}


def dangling(scenario: Scenario) -> list[tuple[int, str, str]]:
    """(challenge index, outcome, target) of every link that names no challenge and no ending."""
    return [
        (index, outcome, target)
        for index, challenge in enumerate(scenario.challenges)
        for outcome, target in challenge.links()
        if not _known(scenario, target)
    ]


def depths(scenario: Scenario) -> dict[str, int]:
    """How many challenges from the start each node first is (unreached ones missing): the story graph's
    columns."""
    found: dict[str, int] = {}
    layer = [scenario.start] if scenario.challenge(scenario.start) else []
    depth = 0
    while layer:
        following: list[str] = []
        for node in layer:
            if node in found:
                continue
            found[node] = depth
            challenge = scenario.challenge(node)
            if challenge is not None:
                following += [t for _, t in challenge.links() if _known(scenario, t)]
        layer, depth = following, depth + 1
    return found


# --- reading: the shape -------------------------------------------------------------------------------


def identifier(value: Any, where: schema.Where) -> str:
    """An id: small letters, digits, '-' and '_', as a file name or a link can hold it."""
    found = schema.text(ID_LEN, shortest=1)(value, where)
    if not IDENTIFIER.fullmatch(found):
        raise FileProblem("bad_id", where=where, limit=ID_LEN)
    return found


def _link(value: Any, where: schema.Where) -> str:
    """A link: an id, or "" in a draft whose author has not chosen yet."""
    return "" if value == "" else identifier(value, where)


def _text(languages: tuple[str, ...], longest: int) -> schema.Check[Text]:
    """A text: an object with a text for each of the adventure's languages (a draft may lack some)."""

    def check(value: Any, where: schema.Where) -> Text:
        found = schema.obj(value, where, {}, {lang: schema.text(longest) for lang in languages})
        return Text(**found)

    return check


def _challenge(languages: tuple[str, ...]) -> schema.Check[Challenge]:
    return schema.shape(
        lambda found: Challenge(**found),
        {
            "id": identifier,
            "title": _text(languages, NAME_LEN),
            "text": _text(languages, SITUATION_LEN),
            "talent": schema.choice(TALENTS, listed=False),
            "suit": schema.choice(SUITS),
            "opposition": schema.choice(LEVELS),
            "success": _text(languages, OUTCOME_LEN),
            "failure": _text(languages, OUTCOME_LEN),
            "on_success": _link,
            "on_failure": _link,
        },
        {"on_fireworks": _link},
    )


def _ending(languages: tuple[str, ...]) -> schema.Check[Ending]:
    return schema.shape(
        lambda found: Ending(**found),
        {
            "id": identifier,
            "title": _text(languages, NAME_LEN),
            "text": _text(languages, ENDING_LEN),
            "happy": schema.boolean,
        },
    )


def _languages(value: Any, where: schema.Where) -> tuple[str, ...]:
    found = schema.items(schema.choice(LANGUAGES), 1, len(LANGUAGES))(value, where)
    schema.distinct(found, where)
    return tuple(found)


def _version(value: Any, where: schema.Where) -> int:
    found = schema.integer(1, 2**31)(value, where)
    if found > VERSION:
        raise FileProblem("newer_version", where=where, found=found, known=VERSION)
    return found


KEYS = ("format", "version", "id", "languages", "title", "intro", "start", "challenges", "endings")


def decode(data: Any) -> Scenario:
    """The adventure (perhaps a draft) a parsed file holds, every field checked for its type and limits."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FileProblem("not_a_scenario")
    first = schema.obj(data, schema.ROOT, dict.fromkeys(KEYS, lambda value, where: value))
    _version(first["version"], "version")
    languages = _languages(first["languages"], "languages")
    found = schema.obj(
        data,
        schema.ROOT,
        {
            "format": schema.choice((FORMAT,)),
            "version": _version,
            "id": identifier,
            "languages": _languages,
            "title": _text(languages, TITLE_LEN),
            "intro": _text(languages, INTRO_LEN),
            "start": _link,
            "challenges": schema.items(_challenge(languages), 0, MAX_CHALLENGES),
            "endings": schema.items(_ending(languages), 0, MAX_ENDINGS),
        },
    )
    return Scenario(
        found["id"],
        languages,
        found["title"],
        found["intro"],
        found["start"],
        found["challenges"],
        found["endings"],
    )


# --- reading: the whole -------------------------------------------------------------------------------


def problems(scenario: Scenario) -> list[FileProblem]:
    """Everything that keeps a draft from being played, in the order a reader meets it; each names the
    challenge or ending by its title (its id while it has none), as the author knows it."""
    found: list[FileProblem] = []
    for where, text in _texts(scenario):
        for lang in scenario.languages:
            if not text.of(lang).strip():
                said = Words(where.key, where.params | {"lang": Words(f"scenario.lang.{lang}")})
                found.append(FileProblem("empty_text", where=said))
    if not scenario.challenges:
        found.append(FileProblem("count", where="challenges", low=1, high=MAX_CHALLENGES, n=0))
    if not scenario.endings:
        found.append(FileProblem("count", where="endings", low=1, high=MAX_ENDINGS, n=0))
    ids = [node.id for node in scenario.nodes()]
    for twice in sorted({i for i in ids if ids.count(i) > 1}):
        found.append(FileProblem("duplicate", where="id", value=schema.shown(twice)))
    if scenario.challenges and not scenario.challenge(scenario.start):
        found.append(FileProblem("unknown_value", where="start", value=schema.shown(scenario.start)))
    for index, outcome, target in dangling(scenario):
        name, said = _name(scenario, scenario.challenges[index]), Words(f"scenario.outcome.{outcome}")
        if target:
            found.append(FileProblem("bad_link", name=name, outcome=said, value=schema.shown(target)))
        else:
            found.append(FileProblem("no_link", name=name, outcome=said))
    if found:
        return found
    seen = reachable(scenario)
    for node in scenario.nodes():
        if node.id not in seen:
            found.append(FileProblem("unreachable", name=_name(scenario, node)))
    out = escaping(scenario)
    for challenge in scenario.challenges:
        if challenge.id in seen and challenge.id not in out:
            found.append(FileProblem("no_way_out", name=_name(scenario, challenge)))
    return found


@dataclass(frozen=True)
class Named(Words):
    """A challenge or an ending as a problem names it: its title in the reader's language (the adventure's
    own where it has none there), else its id."""

    title: Text = field(default_factory=Text)

    def text(self, lang: str | None = None) -> str:
        return self.title.get(lang or language()).strip() or self.key


def _name(scenario: Scenario, node: Challenge | Ending) -> Named:
    return Named(node.id, {}, node.title.only(scenario.languages))


def _texts(scenario: Scenario) -> list[tuple[Words, Text]]:
    """Every text, with the words that say where it is (its language to fill in)."""
    found = [(Words("scenario.where.title"), scenario.title), (Words("scenario.where.intro"), scenario.intro)]
    for challenge in scenario.challenges:
        name = _name(scenario, challenge)
        for part in ("title", "text", "success", "failure"):
            found.append(
                (Words(f"scenario.where.challenge_{part}", {"name": name}), getattr(challenge, part))
            )
    for ending in scenario.endings:
        name = _name(scenario, ending)
        for part in ("title", "text"):
            found.append((Words(f"scenario.where.ending_{part}", {"name": name}), getattr(ending, part)))
    return found


def check(scenario: Scenario) -> Scenario:
    """The adventure, if it can be played from its start to an ending by every path; else the first
    FileProblem that says why not."""
    found = problems(scenario)
    if found:
        raise found[0]
    return scenario


def read(data: Any) -> Scenario:
    """A whole adventure from a parsed file: its shape and its story checked (the strict reader)."""
    return check(decode(data))


def to_json(scenario: Scenario) -> dict[str, Any]:
    """The adventure as its file holds it (texts in its own languages only)."""

    def words(text: Text) -> dict[str, str]:
        return {lang: text.of(lang) for lang in scenario.languages}

    def node(item: Challenge | Ending) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(item):
            value = getattr(item, f.name)
            if f.name == "on_fireworks" and not value:
                continue
            out[f.name] = words(value) if isinstance(value, Text) else value
        return out

    return {
        "format": FORMAT,
        "version": VERSION,
        "id": scenario.id,
        "languages": list(scenario.languages),
        "title": words(scenario.title),
        "intro": words(scenario.intro),
        "start": scenario.start,
        "challenges": [node(c) for c in scenario.challenges],
        "endings": [node(e) for e in scenario.endings],
    }


def read_json_file(path: Path) -> Any:
    """An adventure file's parsed JSON, bounded to MAX_FILE_BYTES."""
    return storage.read_json(path, MAX_FILE_BYTES)


def load_scenario(path: Path) -> Scenario:
    """Reads and checks one adventure file whole; a FileProblem says what is wrong (the file stays)."""
    return storage.parse(path, read, read_json_file)


def list_scenarios(directory: Path) -> list[Scenario]:
    """Every `*.json` adventure in `directory`, by file name; one broken file is an error, not skipped."""
    return [load_scenario(path) for path in sorted(directory.glob("*.json"))]
