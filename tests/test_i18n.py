"""French and English are complete: the same keys in every catalogue, the same placeholders in each string."""

from __future__ import annotations

import json
from pathlib import Path
from string import Formatter

import pytest

from game import i18n

I18N = Path(i18n.__file__).resolve().parent
SECTIONS = sorted(I18N.glob("*_strings.json"))


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name is not None}


def test_the_main_catalogues_have_the_same_keys() -> None:
    en = json.loads((I18N / "en.json").read_text(encoding="utf-8"))
    fr = json.loads((I18N / "fr.json").read_text(encoding="utf-8"))
    assert sorted(set(en) ^ set(fr)) == []


@pytest.mark.parametrize("path", SECTIONS, ids=lambda p: p.name)
def test_each_section_has_french_and_english_with_the_same_keys(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert {"en", "fr"} <= set(data)
    assert sorted(set(data["en"]) ^ set(data["fr"])) == []
    assert all(isinstance(v, str) and v.strip() for lang in ("en", "fr") for v in data[lang].values())


def test_placeholders_match_between_languages() -> None:
    en, fr = i18n.catalogue("en"), i18n.catalogue("fr")
    assert sorted(set(en) ^ set(fr)) == []
    mismatched = {key: (fields(en[key]), fields(fr[key])) for key in en if fields(en[key]) != fields(fr[key])}
    assert mismatched == {}


def test_no_key_is_defined_twice_across_files() -> None:
    seen: dict[str, str] = {}
    duplicates = []
    files = [(I18N / "en.json", None), *((path, "en") for path in SECTIONS)]
    for path, section in files:
        data = json.loads(path.read_text(encoding="utf-8"))
        for key in data[section] if section else data:
            if key in seen:
                duplicates.append((key, seen[key], path.name))
            seen[key] = path.name
    assert duplicates == []


def test_the_words_of_the_interface_follow_the_glossary() -> None:
    en, fr = i18n.catalogue("en"), i18n.catalogue("fr")
    levels = [fr[f"level.{n}"] for n in range(1, 7)]
    assert levels == ["Faible", "Moyen", "Bon", "Excellent", "Exceptionnel", "Extraordinaire"]
    assert [en[f"level.{n}"] for n in range(1, 7)] == [
        "Poor",
        "Average",
        "Good",
        "Great",
        "Exceptional",
        "Extraordinary",
    ]
    assert [fr[f"standing.{s}"] for s in ("stronger", "equal", "weaker")] == [
        "plus fort",
        "aussi fort",
        "moins fort",
    ]
    assert [fr[f"suit.{s}"] for s in "SHDC"] == ["pique", "cœur", "carreau", "trèfle"]
