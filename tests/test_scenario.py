"""Solo scenarios: the shipped one is complete in every language; broken files are refused by name."""

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.games.falkenstein.data import TALENTS
from game.games.falkenstein.resolution import SUITS
from game.games.falkenstein.scenario import LANGUAGES, Scenario, Text, list_scenarios, load_scenario
from game.paths import SCENARIOS

SHIPPED = SCENARIOS / "the_kings_masque.json"


def texts(scenario: Scenario) -> list[Text]:
    story = [scenario.title, scenario.intro, scenario.outro_success, scenario.outro_failure]
    return story + [t for c in scenario.challenges for t in (c.text, c.success, c.failure)]


def test_shipped_scenario() -> None:
    scenario = load_scenario(SHIPPED)
    assert scenario.id == "the_kings_masque"
    assert len(scenario.challenges) >= 8
    assert 1 <= scenario.pass_mark <= len(scenario.challenges)
    assert all(text.get(language).strip() for text in texts(scenario) for language in LANGUAGES)
    assert all(len({text.de, text.en, text.fr}) == 3 for text in texts(scenario))
    assert {c.suit for c in scenario.challenges} == set(SUITS)
    assert all(TALENTS[c.talent] == c.suit for c in scenario.challenges)
    assert all(2 <= c.opposition <= 5 for c in scenario.challenges)
    assert len({c.talent for c in scenario.challenges}) == len(scenario.challenges)
    assert len({c.id for c in scenario.challenges}) == len(scenario.challenges)


def test_list_scenarios() -> None:
    assert "the_kings_masque" in [scenario.id for scenario in list_scenarios(SCENARIOS)]


def test_text_language() -> None:
    title = load_scenario(SHIPPED).title
    assert (title.get("fr"), title.get("en"), title.get("de")) == (title.fr, title.en, title.de)
    with pytest.raises(ValueError, match="'it'"):
        title.get("it")


def shipped() -> dict[str, Any]:
    return json.loads(SHIPPED.read_text(encoding="utf-8"))


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(path: list[Any]) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def _truncate(data: dict[str, Any]) -> None:
    del data["challenges"][7:]


def _repeat_id(data: dict[str, Any]) -> None:
    data["challenges"][1]["id"] = data["challenges"][0]["id"]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_drop(["intro", "en"]), "'intro' lacks the 'en' text"),
        (_set(["title", "fr"], "  "), "'title' lacks the 'fr' text"),
        (_drop(["challenges", 2, "failure", "fr"]), "challenge 2: 'failure' lacks the 'fr' text"),
        (_set(["outro_success"], "The end"), "'outro_success' must map languages"),
        (_drop(["outro_failure"]), "missing 'outro_failure'"),
        (_set(["challenges", 0, "talent"], "juggling"), "unknown talent 'juggling'"),
        (_set(["challenges", 3, "suit"], "X"), "challenge 3: unknown suit 'X'"),
        (_set(["challenges", 4, "opposition"], 7), "not 7"),
        (_set(["challenges", 4, "opposition"], "3"), "not '3'"),
        (_drop(["challenges", 5, "text"]), "challenge 5: missing 'text'"),
        (_set(["challenges", 1], "a challenge"), "challenge 1: a challenge must be an object"),
        (_truncate, "at least 8 challenges, has 7"),
        (_set(["challenges"], {}), "at least 8 challenges, has 0"),
        (_repeat_id, "challenge ids repeat"),
        (_set(["pass_mark"], 0), "pass_mark"),
        (_set(["pass_mark"], 99), "not 99"),
        (_drop(["id"]), "missing 'id'"),
    ],
)
def test_broken_scenarios_are_refused(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    data = copy.deepcopy(shipped())
    change(data)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(ValueError, match=r"broken\.json") as error:
        load_scenario(path)
    assert message in str(error.value)
    with pytest.raises(ValueError):
        list_scenarios(tmp_path)


@pytest.mark.parametrize("content", ["{not json", "[]"])
def test_not_a_scenario_object(tmp_path: Path, content: str) -> None:
    path = tmp_path / "odd.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ValueError, match=r"odd\.json"):
        load_scenario(path)
