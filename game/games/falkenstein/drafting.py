"""The adventure editor's model, without pygame: the changes an author makes to a draft (each one a new frozen
`Scenario`, so undo is a stack of them) and the story graph as places and lines for the editor to draw.

A draft may be unfinished (texts to write, links to choose); `scenario.problems` says what is missing, and
the graph flags what no path reaches and what never leads to an ending.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from game.games.falkenstein import scenario as adventure
from game.games.falkenstein.data import TALENTS
from game.games.falkenstein.scenario import Challenge, Ending, Scenario, Text
from game.i18n import LANGUAGES

UNDO_DEPTH = 200  # drafts kept to go back to


class History:
    """The drafts before the present one. Keystrokes in one field make one step: a change in the same
    `group` as the one before does not add another."""

    def __init__(self, present: Scenario) -> None:
        self.present = present
        self.before: list[Scenario] = []
        self.group: Any = None

    def change(self, draft: Scenario, group: Any = None) -> bool:
        """Makes `draft` the present one; False when it is the same."""
        if draft == self.present:
            return False
        if group is None or group != self.group:
            self.before = [*self.before[-(UNDO_DEPTH - 1) :], self.present]
        self.group = group
        self.present = draft
        return True

    def undo(self) -> bool:
        if not self.before:
            return False
        self.present = self.before.pop()
        self.group = None
        return True


# --- changes --------------------------------------------------------------------------------------------


def _free_id(draft: Scenario, prefix: str) -> str:
    taken = {node.id for node in draft.nodes()}
    n = 1
    while f"{prefix}{n}" in taken:
        n += 1
    return f"{prefix}{n}"


def add_challenge(draft: Scenario, after: int | None = None) -> tuple[Scenario, int]:
    """A new challenge (its texts to write, its links to choose) after challenge `after`, or last; the
    challenge `after` leads to it on a failure when its failure led nowhere yet."""
    talent = next(iter(TALENTS))
    new = Challenge(_free_id(draft, "c"), Text(), Text(), talent, TALENTS[talent], 3, Text(), Text(), "", "")
    challenges = list(draft.challenges)
    index = len(challenges) if after is None else after + 1
    challenges.insert(index, new)
    start = draft.start or new.id
    return replace(draft, challenges=tuple(challenges), start=start), index


def remove_challenge(draft: Scenario, index: int) -> Scenario:
    """Without challenge `index`; the links that led to it lead nowhere yet (the author chooses again)."""
    gone = draft.challenges[index].id
    kept = [c for i, c in enumerate(draft.challenges) if i != index]
    start = draft.start if draft.start != gone else (kept[0].id if kept else "")
    return replace(draft, challenges=tuple(_unlinked(c, gone) for c in kept), start=start)


def add_ending(draft: Scenario, happy: bool) -> tuple[Scenario, int]:
    new = Ending(_free_id(draft, "e"), Text(), Text(), happy)
    return replace(draft, endings=(*draft.endings, new)), len(draft.endings)


def remove_ending(draft: Scenario, index: int) -> Scenario:
    gone = draft.endings[index].id
    kept = tuple(e for i, e in enumerate(draft.endings) if i != index)
    return replace(draft, endings=kept, challenges=tuple(_unlinked(c, gone) for c in draft.challenges))


def _unlinked(challenge: Challenge, gone: str) -> Challenge:
    return replace(
        challenge,
        on_success="" if challenge.on_success == gone else challenge.on_success,
        on_failure="" if challenge.on_failure == gone else challenge.on_failure,
        on_fireworks="" if challenge.on_fireworks == gone else challenge.on_fireworks,
    )


def change_challenge(draft: Scenario, index: int, **fields: Any) -> Scenario:
    challenges = list(draft.challenges)
    challenges[index] = replace(challenges[index], **fields)
    return replace(draft, challenges=tuple(challenges))


def change_ending(draft: Scenario, index: int, **fields: Any) -> Scenario:
    endings = list(draft.endings)
    endings[index] = replace(endings[index], **fields)
    return replace(draft, endings=tuple(endings))


def written(draft: Scenario, kind: str, index: int, field: str, language: str, value: str) -> Scenario:
    """The draft with a text (`field`, in `language`) of its challenge or ending (`kind`) `index` written."""
    if kind == "challenge":
        node = draft.challenges[index]
        return change_challenge(draft, index, **{field: getattr(node, field).put(language, value)})
    return change_ending(draft, index, **{field: getattr(draft.endings[index], field).put(language, value)})


def with_language(draft: Scenario, language: str) -> Scenario:
    """The draft written in `language` too (its texts there still to write)."""
    if language in draft.languages:
        return draft
    chosen = (*draft.languages, language)
    return replace(draft, languages=tuple(lang for lang in LANGUAGES if lang in chosen))


def without_language(draft: Scenario, language: str) -> Scenario:
    """The draft no longer written in `language` (never its last one): those texts dropped."""
    if language not in draft.languages or len(draft.languages) == 1:
        return draft
    kept = tuple(lang for lang in draft.languages if lang != language)

    def only(value: Any) -> Any:
        return value.only(kept) if isinstance(value, Text) else value

    return replace(
        draft,
        languages=kept,
        title=only(draft.title),
        intro=only(draft.intro),
        challenges=tuple(replace(c, **_texts_of(c, only)) for c in draft.challenges),
        endings=tuple(replace(e, **_texts_of(e, only)) for e in draft.endings),
    )


def _texts_of(node: Challenge | Ending, change: Callable[[Any], Any]) -> dict[str, Any]:
    names = ("title", "text", "success", "failure") if isinstance(node, Challenge) else ("title", "text")
    return {name: change(getattr(node, name)) for name in names}


# --- the story graph, as the editor draws it --------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """A challenge or an ending where the picture puts it: its column (how far from the start) and row."""

    id: str
    ending: bool
    column: int
    row: int
    start: bool = False
    unreached: bool = False  # no path of the story leads here
    trapped: bool = False  # a challenge from which no path leads to an ending
    happy: bool = False  # an ending's kind


@dataclass(frozen=True)
class Line:
    """A link: from a challenge, after an outcome, to a place ("" target: it leads nowhere yet)."""

    source: str
    outcome: str
    target: str


@dataclass(frozen=True)
class Picture:
    places: tuple[Place, ...]
    lines: tuple[Line, ...]
    columns: int
    rows: int

    def place(self, node: str) -> Place | None:
        return next((p for p in self.places if p.id == node), None)


def picture(draft: Scenario) -> Picture:
    """The story graph: the challenges in columns by their distance from the start, the endings in a last
    column, what no path reaches in a column of its own at the far left; every link, chosen or not."""
    depth = adventure.depths(draft)
    seen = adventure.reachable(draft)
    out = adventure.escaping(draft)
    reached = [c for c in draft.challenges if c.id in depth]
    last = max((depth[c.id] for c in reached), default=-1) + 1
    lost = [c for c in draft.challenges if c.id not in depth]
    shift = 1 if lost else 0
    rows: dict[int, int] = {}

    def at(column: int) -> int:
        rows[column] = rows.get(column, 0) + 1
        return rows[column] - 1

    places = [Place(c.id, False, 0, at(0), unreached=True, trapped=c.id not in out) for c in lost]
    for c in reached:
        column = depth[c.id] + shift
        trapped = c.id in seen and c.id not in out
        places.append(Place(c.id, False, column, at(column), c.id == draft.start, False, trapped))
    for e in draft.endings:
        column = last + shift
        places.append(Place(e.id, True, column, at(column), unreached=e.id not in seen, happy=e.happy))
    lines = tuple(Line(c.id, outcome, target) for c in draft.challenges for outcome, target in _links(c))
    return Picture(tuple(places), lines, last + shift + 1, max(rows.values(), default=0))


def _links(challenge: Challenge) -> list[tuple[str, str]]:
    """Its success and failure links, chosen or not, and its fireworks link when it has one."""
    found = [("success", challenge.on_success), ("failure", challenge.on_failure)]
    return found + ([("fireworks", challenge.on_fireworks)] if challenge.on_fireworks else [])
