"""Falkenstein adventures: the shipped ones branch and are complete in every language; the strict reader
refuses each broken form with its reason in the player's language; an adventure in one language plays in
it; the first straight-line scenario's journals still replay to the ending they had."""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.games.falkenstein import adventures, legacy
from game.games.falkenstein import scenario as adventure
from game.games.falkenstein.data import TALENTS
from game.games.falkenstein.scenario import Scenario, Text
from game.i18n import LANGUAGES
from game.journal import load_journal, replay
from game.paths import SCENARIOS
from game.registry import spec
from game.storage import FileProblem

DATA = Path(__file__).resolve().parent / "data"
SHIPPED = sorted(SCENARIOS.glob("*.json"))


def texts(scenario: Scenario) -> list[Text]:
    found = [scenario.title, scenario.intro]
    for c in scenario.challenges:
        found += [c.title, c.text, c.success, c.failure]
    return found + [t for e in scenario.endings for t in (e.title, e.text)]


def walk(scenario: Scenario, rng: random.Random) -> list[str]:
    """A path from the start, each outcome drawn at random, to the ending it reaches."""
    node, path = scenario.start, [scenario.start]
    for _ in range(200):
        challenge = scenario.challenge(node)
        if challenge is None:
            return path
        node = challenge.next(rng.choice(list(adventure.LINKS)))
        path.append(node)
    raise AssertionError(f"no ending after 200 challenges: {path[-5:]}")


def test_three_branching_adventures_ship_complete_in_every_language() -> None:
    shipped = adventures.builtin()
    assert len(shipped) == len(SHIPPED) == 3
    assert shipped[0].id == "the_kings_masque"  # the first offered
    for scenario in shipped:
        assert scenario.languages == ("de", "en", "fr") and adventure.problems(scenario) == []
        assert all(t.of(lang).strip() for t in texts(scenario) for lang in LANGUAGES)
        assert all(len({t.de, t.en, t.fr}) == 3 for t in texts(scenario))  # written, not copied
        happy = {e.happy for e in scenario.endings}
        assert len(scenario.endings) >= 2 and happy == {True, False}
        assert {c.suit for c in scenario.challenges} == {"S", "H", "D", "C"}
        assert len({c.talent for c in scenario.challenges}) == len(scenario.challenges)
        assert all(TALENTS[c.talent] == c.suit for c in scenario.challenges)
        assert any(c.on_success != c.on_failure for c in scenario.challenges)  # it branches
        reached = {walk(scenario, random.Random(seed))[-1] for seed in range(300)}
        assert reached == {e.id for e in scenario.endings}  # every ending, by some path


def test_a_file_holds_what_the_reader_gives_back() -> None:
    for path in SHIPPED:
        data = json.loads(path.read_text(encoding="utf-8"))
        assert adventure.to_json(adventure.read(data)) == data


def shipped() -> dict[str, Any]:
    return json.loads((SCENARIOS / "01_the_kings_masque.json").read_text(encoding="utf-8"))


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


def _island(data: dict[str, Any]) -> None:
    """A challenge no link leads to."""
    lonely = copy.deepcopy(data["challenges"][1])
    lonely["id"] = "island"
    lonely["title"] = {"de": "Die Insel", "en": "The island", "fr": "L'île"}
    data["challenges"].append(lonely)


def _loop(data: dict[str, Any]) -> None:
    """The treaty's both outcomes lead back to the storm, and the storm's to the treaty: a loop, no exit."""
    for challenge in data["challenges"]:
        if challenge["id"] == "treaty":
            challenge["on_success"] = challenge["on_failure"] = "storm"
    for ending in ("dawn", "laughing"):
        data["endings"] = [e for e in data["endings"] if e["id"] != ending]


def _dead_ending(data: dict[str, Any]) -> None:
    title = {"de": "Nirgends", "en": "Nowhere", "fr": "Nulle part"}
    data["endings"].append(copy.deepcopy(data["endings"][0]) | {"id": "nowhere", "title": title})


def _twice(data: dict[str, Any]) -> None:
    data["challenges"][2]["id"] = data["challenges"][1]["id"]


def _no_endings(data: dict[str, Any]) -> None:
    data["endings"] = []


def _huge(data: dict[str, Any]) -> None:
    data["challenges"][0]["text"]["de"] = "Lang " * 200


# each broken form, and the words the reader gives for it (in English; every language checked below)
BROKEN: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "unreachable challenge": (_island, "no path of the story reaches “The island”"),
    "unreachable ending": (_dead_ending, "no path of the story reaches “Nowhere”"),
    "loop without exit": (_loop, "from “The storm” the story loops and never reaches an ending"),
    "unknown talent": (_set(["challenges", 0, "talent"], "juggling"), "challenges[0].talent names something"),
    "unknown suit": (_set(["challenges", 3, "suit"], "X"), 'challenges[3].suit must be one of "S", "H"'),
    "difficulty out of range": (_set(["challenges", 4, "opposition"], 7), "challenges[4].opposition must be"),
    "missing text": (_drop(["intro", "en"]), "the introduction in English is empty"),
    "empty text": (_set(["title", "fr"], "  "), "the title in French is empty"),
    "missing outcome text": (
        _drop(["challenges", 2, "failure", "fr"]),
        "the failure of the challenge “The swan lady” in French is empty",
    ),
    "text in a language not declared": (_set(["languages"], ["de", "en"]), "title has an unknown field"),
    "oversized text": (_huge, "challenges[0].text.de is longer than 400 characters"),
    "oversized title": (_set(["title", "en"], "T" * 61), "title.en is longer than 60 characters"),
    "link to nowhere": (
        _set(["challenges", 0, "on_success"], "ballroom"),
        'after a success, the challenge “The great gate” leads to "ballroom", which is neither',
    ),
    "link not chosen": (
        _set(["challenges", 0, "on_failure"], ""),
        "the challenge “The great gate” does not say where a failure leads",
    ),
    "start nowhere": (_set(["start"], "cellar"), "start names something unknown"),
    "id twice": (_twice, 'id names "raven" twice'),
    "no endings": (_no_endings, "endings must hold 1 to 8 entries, not 0"),
    "bad id": (_set(["challenges", 0, "id"], "Gate!"), "challenges[0].id may hold only small letters"),
    "no format": (_drop(["format"]), "the file is not an Atout adventure"),
    "newer version": (_set(["version"], 9), "version 9 is newer than this Atout can read"),
    "not a list": (_set(["challenges"], {}), "challenges must be a list, not an object"),
    "unknown field": (_set(["author"], "me"), 'has an unknown field "author"'),
    "happy not a yes or no": (_set(["endings", 0, "happy"], "yes"), "endings[0].happy must be true or false"),
}


@pytest.mark.parametrize("case", BROKEN)
def test_the_reader_refuses_each_broken_form_with_its_reason(case: str, tmp_path: Path) -> None:
    change, words = BROKEN[case]
    data = shipped()
    change(data)
    path = tmp_path / "sent.json"
    raw = json.dumps(data, ensure_ascii=False).encode("utf-8")
    path.write_bytes(raw)
    with pytest.raises(FileProblem) as refused:
        adventures.take_in(path)
    assert words in refused.value.words.text("en")
    said = {lang: refused.value.words.text(lang) for lang in LANGUAGES}
    assert len(set(said.values())) == 3 and all("file.problem" not in s for s in said.values())
    assert path.read_bytes() == raw and not adventures.folder().exists()  # kept as sent, nothing taken in


@pytest.mark.parametrize("content", [b"{not json", b"[]", b"", b"\xff\xfe", b"{}" + b" " * 400_000])
def test_what_is_not_an_adventure_file_is_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(content)
    with pytest.raises(FileProblem):
        adventure.load_scenario(path)
    assert path.read_bytes() == content


def test_an_adventure_in_one_language_plays_in_it() -> None:
    data = shipped()
    data["languages"] = ["fr"]
    for text in _all_texts(data):
        for lang in ("de", "en"):
            del text[lang]
    scenario = adventure.read(data)
    assert scenario.title.get("de") == scenario.title.get("en") == "Le Bal masqué du roi"
    assert scenario.challenges[0].text.get("en").startswith("À la grande porte")


def _all_texts(data: dict[str, Any]) -> list[dict[str, str]]:
    found = [data["title"], data["intro"]]
    for c in data["challenges"]:
        found += [c["title"], c["text"], c["success"], c["failure"]]
    return found + [t for e in data["endings"] for t in (e["title"], e["text"])]


def test_the_straight_line_scenario_keeps_its_count() -> None:
    """Told as a graph, the first scenario ends well exactly when seven of its eleven challenges succeed."""
    story = legacy.legacy_scenario("the_kings_masque")
    assert adventure.problems(story) == []
    rng = random.Random(5)
    for _ in range(200):
        node, successes, steps = story.start, 0, 0
        while (challenge := story.challenge(node)) is not None:
            won = rng.random() < 0.6
            successes += won
            steps += 1
            node = challenge.next("success" if won else "failure")
        assert steps == 11 and node == ("met" if successes >= 7 else "missed")


@pytest.mark.parametrize(("name", "happy", "successes"), [("met", True, 7), ("missed", False, 4)])
def test_an_old_journal_of_the_straight_line_scenario_replays_to_its_ending(
    name: str, happy: bool, successes: int
) -> None:
    journal = load_journal(
        DATA / f"linear_masque_{name}.json"
    )  # written by the Atout before stories branched
    state, _ = replay(journal)
    summary = spec("falkenstein").summary(journal.setup, state)
    assert state.is_over and sum(state.successes) == successes and state.ending == name
    assert summary.success is happy and summary.scenario.en == "The King's Masque" and summary.ending
    assert len(state.path) == 11


def test_the_example_of_the_format_page_reads_whole() -> None:
    page = (Path(__file__).resolve().parent.parent / "docs" / "scenarios.md").read_text(encoding="utf-8")
    example = page.split("```json\n", 1)[1].split("```", 1)[0]
    story = adventure.read(json.loads(example))
    assert story.languages == ("en",) and len(story.challenges) == 3 and len(story.endings) == 2
