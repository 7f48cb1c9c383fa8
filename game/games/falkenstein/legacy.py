"""The first Falkenstein scenario, read in a straight line, kept so the journals played with it still
replay: their setup names it by id (`scenario_id`) and their Host's challenges name no challenge.

It is told as a branching adventure whose story keeps the count: one challenge for each place in the line
and each number of successes so far (up to the pass mark), a success leading on with one more. The last
challenge leads to the good ending when the count reached the pass mark, else to the other, which is what
the first Atout decided. No pygame here.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from game.games.falkenstein.scenario import Challenge, Ending, Scenario, Text
from game.i18n import LANGUAGES
from game.paths import SCENARIOS

FOLDER = SCENARIOS / "legacy"
IDS = ("the_kings_masque",)  # the first of them is the one a solo setup without an id played
GOOD, BAD = "met", "missed"


def _text(data: dict[str, str]) -> Text:
    return Text(**{lang: data[lang] for lang in LANGUAGES})


@cache
def legacy_scenario(scenario_id: str) -> Scenario:
    """The straight-line scenario `scenario_id` (one of IDS) as a branching one; a KeyError otherwise."""
    if scenario_id not in IDS:
        raise KeyError(scenario_id)
    data: dict[str, Any] = json.loads((FOLDER / f"{scenario_id}.json").read_text(encoding="utf-8"))
    line, mark = data["challenges"], data["pass_mark"]

    def node(place: int, count: int) -> str:
        if place < len(line):
            return f"{line[place]['id']}-{count}"
        return GOOD if count >= mark else BAD

    challenges = tuple(
        Challenge(
            node(place, count),
            _text(step["title"]),
            _text(step["text"]),
            step["talent"],
            step["suit"],
            step["opposition"],
            _text(step["success"]),
            _text(step["failure"]),
            node(place + 1, min(count + 1, mark)),
            node(place + 1, count),
        )
        for place, step in enumerate(line)
        for count in range(min(place, mark) + 1)
    )
    endings = (
        Ending(GOOD, _text(data["ending_titles"]["success"]), _text(data["outro_success"]), True),
        Ending(BAD, _text(data["ending_titles"]["failure"]), _text(data["outro_failure"]), False),
    )
    return Scenario(
        data["id"], LANGUAGES, _text(data["title"]), _text(data["intro"]), node(0, 0), challenges, endings
    )
