"""German, English and French are complete: the same keys in every catalogue, the same placeholders in each
string, every key the code names present in all three, and the system locale choosing the first language."""

from __future__ import annotations

import ast
import json
import re
import time
from pathlib import Path
from string import Formatter

import pytest

from game import i18n
from game.games.koenigrufen.rules import _CODES as KOENIGRUFEN_REFUSALS
from game.games.twotenjack.cards import REFUSALS as TWOTENJACK_REFUSALS
from game.i18n import LANGUAGES
from game.scenes.ledger_page import day_label, full_date
from game.settings import system_language

I18N = Path(i18n.__file__).resolve().parent
GAME = I18N.parent
SECTIONS = sorted(I18N.glob("*_strings.json"))
KEY = re.compile(r"[a-z][a-z0-9_]*(\.[A-Za-z0-9_]+)+")
NOT_KEYS = re.compile(r".*\.(json|png|tmx|wav|ogg|ttf)")  # file names that look like keys


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in Formatter().parse(template) if name is not None}


def gaps(tables: dict[str, dict[str, str]]) -> dict[str, list[str]]:
    """For each language, the keys another language has and it lacks (empty lists when complete)."""
    every = set().union(*tables.values())
    return {lang: sorted(every - set(table)) for lang, table in tables.items() if every - set(table)}


def test_the_main_catalogues_have_the_same_keys() -> None:
    tables = {lang: json.loads((I18N / f"{lang}.json").read_text(encoding="utf-8")) for lang in LANGUAGES}
    assert gaps(tables) == {}, "keys missing, by language (left: the language that lacks them)"


@pytest.mark.parametrize("path", SECTIONS, ids=lambda p: p.name)
def test_each_section_has_every_language_with_the_same_keys(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert set(LANGUAGES) <= set(data), f"{path.name} lacks the sections {set(LANGUAGES) - set(data)}"
    assert gaps({lang: data[lang] for lang in LANGUAGES}) == {}, f"{path.name}: keys missing, by language"
    texts = [(lang, k, v) for lang in LANGUAGES for k, v in data[lang].items()]
    assert [(lang, k) for lang, k, v in texts if not (isinstance(v, str) and v.strip())] == []


def test_placeholders_match_between_languages() -> None:
    en = i18n.catalogue("en")
    mismatched = {
        (lang, key): (fields(en[key]), fields(text))
        for lang in LANGUAGES
        for key, text in i18n.catalogue(lang).items()
        if key in en and fields(text) != fields(en[key])
    }
    assert mismatched == {}, "(language, key): (English placeholders, that language's)"


def test_no_key_is_defined_twice_across_files() -> None:
    for lang in LANGUAGES:
        seen: dict[str, str] = {}
        duplicates = []
        files = [(I18N / f"{lang}.json", None), *((path, lang) for path in SECTIONS)]
        for path, section in files:
            data = json.loads(path.read_text(encoding="utf-8"))
            for key in data[section] if section else data:
                if key in seen:
                    duplicates.append((key, seen[key], path.name))
                seen[key] = path.name
        assert duplicates == [], lang


def keys_named_in_the_code() -> tuple[dict[str, str], dict[str, str]]:
    """Every key-shaped string literal in game/ under a catalogue's namespace, and every f-string's literal
    head (`tr(f"kr.rank.{rank}")` names the family `kr.rank.`), each with the first file naming it."""
    spaces = {key.split(".")[0] for key in i18n.catalogue("en")}
    literals: dict[str, str] = {}
    families: dict[str, str] = {}
    for path in sorted(GAME.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        heads = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr) and node.values and isinstance(node.values[0], ast.Constant):
                head = node.values[0]
                heads.add(id(head))
                if isinstance(head.value, str) and "." in head.value and head.value.split(".")[0] in spaces:
                    families.setdefault(head.value, str(path.relative_to(GAME.parent)))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in heads:
                text = node.value
                if KEY.fullmatch(text) and text.split(".")[0] in spaces and not NOT_KEYS.fullmatch(text):
                    literals.setdefault(text, str(path.relative_to(GAME.parent)))
    return literals, families


def test_every_key_the_code_names_is_in_every_language() -> None:
    literals, families = keys_named_in_the_code()
    assert len(literals) > 300 and len(families) > 30  # the scan finds the code's keys
    missing = {}
    for lang in LANGUAGES:
        table = i18n.catalogue(lang)
        for text, where in literals.items():
            # a literal is a key, or the head of a family a later f-string completes (`words = "krt.house"`)
            if text not in table and not any(key.startswith(text + ".") for key in table):
                missing.setdefault(lang, []).append(f"{text} ({where})")
        for head, where in families.items():
            if not any(key.startswith(head) for key in table):
                missing.setdefault(lang, []).append(f"{head}… ({where})")
    assert missing == {}, "keys the code names that a catalogue lacks, by language"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_of_the_rules_has_its_words(lang: str) -> None:
    codes = {*KOENIGRUFEN_REFUSALS.values(), "must_follow", *TWOTENJACK_REFUSALS}
    table = i18n.catalogue(lang)
    assert sorted(code for code in codes if f"illegal.{code}" not in table) == []


def test_german_is_a_translation_not_a_copy() -> None:
    """Names of games, cards and contracts are the same in every language; sentences are not."""
    de, en, fr = (i18n.catalogue(lang) for lang in ("de", "en", "fr"))
    sentences = [k for k in de if len(re.findall(r"\b[a-z]+\b", re.sub(r"{[^}]*}", "", en[k]))) > 3]
    assert len(sentences) > 250
    assert [k for k in sentences if de[k] in (en[k], fr[k])] == []


def test_the_words_of_the_interface_follow_the_glossary() -> None:
    en, fr, de = i18n.catalogue("en"), i18n.catalogue("fr"), i18n.catalogue("de")
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
    assert [de[f"kr.rank.{r}"] for r in "KQCJ"] == ["König", "Dame", "Reiter", "Bube"]
    assert [de[f"kr.kontra.{n}"] for n in (1, 2, 3)] == ["Kontra", "Rekontra", "Subkontra"]
    assert de["kr.say.ich_liege"] == "Ich liege" and de["kr.bid.vorhand"] == "Vorhand"
    assert de["table.last_trick"].startswith("Letzter Stich")
    for word in ("Sküs", "Mond", "Pagat", "Uhu", "Kakadu", "Quapil", "Trull", "Talon", "Vorhand", "Rufer"):
        assert word in de["rules.koenigrufen"] + "".join(v for k, v in de.items() if k.startswith("kr")), word


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LANG": "de_DE"}, "de"),
        ({"LANG": "fr_CH.UTF-8"}, "fr"),
        ({"LANG": "en_GB.UTF-8"}, "en"),
        ({"LANG": "it_IT.UTF-8"}, "en"),
        ({"LANG": "C"}, "en"),
        ({"LC_ALL": "de_AT.UTF-8", "LANG": "fr_FR.UTF-8"}, "de"),  # LC_ALL overrides LANG
        ({"LC_MESSAGES": "fr_BE", "LANG": "de_AT"}, "fr"),
        ({"LC_ALL": "German_Austria.1252"}, "de"),  # Windows names its locales
    ],
)
def test_the_system_locale_picks_the_first_language(
    env: dict[str, str], expected: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    for var, value in env.items():
        monkeypatch.setenv(var, value)
    assert system_language() == expected


def test_without_locale_variables_the_locale_module_decides(monkeypatch: pytest.MonkeyPatch) -> None:
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr("locale.getlocale", lambda: ("de_AT", "UTF-8"))
    assert system_language() == "de"
    monkeypatch.setattr("locale.getlocale", lambda: (None, None))
    assert system_language() == "en"


@pytest.mark.parametrize(
    ("lang", "short", "full"), [("de", "3. März", "3. März 2026"), ("en", "3 Mar", "3 Mar 2026")]
)
def test_a_date_reads_as_the_language_writes_it(lang: str, short: str, full: str) -> None:
    i18n.set_language(lang)
    when = time.mktime((2026, 3, 3, 17, 8, 0, 0, 0, -1))
    assert day_label(when, now=when + 30 * 86400) == (short, "17:08")
    assert full_date(when) == full
