"""Falkenstein solo scenarios: JSON files in `assets/scenarios/`, checked on load so a broken file is
refused with a message naming the problem instead of failing in the middle of a story."""

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.games.falkenstein.data import TALENTS
from game.games.falkenstein.resolution import SUITS, check_level
from game.i18n import LANGUAGES

MIN_CHALLENGES = 8


@dataclass(frozen=True)
class Text:
    """One text in every language of the game."""

    de: str
    en: str
    fr: str

    def get(self, language: str) -> str:
        if language not in LANGUAGES:
            raise ValueError(f"unknown language: {language!r}")
        return getattr(self, language)


@dataclass(frozen=True)
class ScenarioChallenge:
    id: str
    text: Text
    talent: str
    suit: str
    opposition: int
    success: Text
    failure: Text


@dataclass(frozen=True)
class Scenario:
    id: str
    title: Text
    intro: Text
    challenges: tuple[ScenarioChallenge, ...]
    outro_success: Text
    outro_failure: Text
    pass_mark: int


def _field(data: dict[str, Any], key: str, where: str) -> Any:
    if key not in data:
        raise ValueError(f"{where}: missing {key!r}")
    return data[key]


def _text(data: dict[str, Any], key: str, where: str) -> Text:
    value = _field(data, key, where)
    if not isinstance(value, dict):
        raise ValueError(f"{where}: {key!r} must map languages to texts")
    for language in LANGUAGES:
        text = value.get(language)
        if not isinstance(text, str) or not text.strip():
            raise ValueError(f"{where}: {key!r} lacks the {language!r} text")
    return Text(**{language: value[language] for language in LANGUAGES})


def _id(data: dict[str, Any], where: str) -> str:
    value = _field(data, "id", where)
    if not isinstance(value, str) or not value:
        raise ValueError(f"{where}: bad id {value!r}")
    return value


def _challenge(data: Any, where: str) -> ScenarioChallenge:
    if not isinstance(data, dict):
        raise ValueError(f"{where}: a challenge must be an object")
    talent = _field(data, "talent", where)
    if not isinstance(talent, str) or talent not in TALENTS:
        raise ValueError(f"{where}: unknown talent {talent!r}")
    suit = _field(data, "suit", where)
    if suit not in SUITS:
        raise ValueError(f"{where}: unknown suit {suit!r}")
    opposition = _field(data, "opposition", where)
    check_level(opposition, f"{where}: opposition")
    return ScenarioChallenge(
        id=_id(data, where),
        text=_text(data, "text", where),
        talent=talent,
        suit=suit,
        opposition=opposition,
        success=_text(data, "success", where),
        failure=_text(data, "failure", where),
    )


def load_scenario(path: Path | str) -> Scenario:
    """Read and check one scenario file; ValueError names the file and the problem."""
    where = str(path)
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise ValueError(f"{where}: not valid JSON ({error})") from error
    if not isinstance(data, dict):
        raise ValueError(f"{where}: a scenario must be a JSON object")
    raw = _field(data, "challenges", where)
    if not isinstance(raw, list) or len(raw) < MIN_CHALLENGES:
        count = len(raw) if isinstance(raw, list) else 0
        raise ValueError(f"{where}: needs at least {MIN_CHALLENGES} challenges, has {count}")
    challenges = tuple(_challenge(item, f"{where}: challenge {index}") for index, item in enumerate(raw))
    ids = [challenge.id for challenge in challenges]
    if len(set(ids)) != len(ids):
        raise ValueError(f"{where}: challenge ids repeat: {sorted({i for i in ids if ids.count(i) > 1})}")
    pass_mark = _field(data, "pass_mark", where)
    if isinstance(pass_mark, bool) or not isinstance(pass_mark, int) or not 1 <= pass_mark <= len(challenges):
        raise ValueError(f"{where}: pass_mark must be 1..{len(challenges)}, not {pass_mark!r}")
    return Scenario(
        id=_id(data, where),
        title=_text(data, "title", where),
        intro=_text(data, "intro", where),
        challenges=challenges,
        outro_success=_text(data, "outro_success", where),
        outro_failure=_text(data, "outro_failure", where),
        pass_mark=pass_mark,
    )


def list_scenarios(directory: Path | str) -> list[Scenario]:
    """Every `*.json` scenario in `directory`, by file name; one broken file is an error, not skipped."""
    return [load_scenario(path) for path in sorted(Path(directory).glob("*.json"))]
