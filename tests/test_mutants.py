"""A player's file, however damaged, never stops Atout: it starts on the menu, keeps the file's bytes (in
place or aside under a new name), says what was wrong in the player's language, and `tools/replay.py`
answers in one line. Files are written by Atout's own code, then changed in one place (`tools/mutants.py`).
"""

from __future__ import annotations

import json
import re
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tool_loader import load_tool

import game
from game.i18n import LANGUAGES, catalogue
from game.settings import decode as decode_settings
from game.storage import FileProblem, Refused

mutants = load_tool("mutants")

# JSON values of every shape, unicode included (lone surrogates too: a JSON file can hold them)
VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(st.characters(codec=None, categories=None), max_size=40),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
EXAMPLES = 12  # per kind here; `python tools/mutants.py` runs 200 per kind


def run(kind: str, mutant: bytes, language: str = "en") -> Any:
    with tempfile.TemporaryDirectory() as folder:
        return mutants.launch(kind, mutant, Path(folder), language)


@pytest.mark.parametrize("kind", mutants.KINDS)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_a_file_changed_in_one_place_never_stops_atout(kind: str, data: st.DataObject) -> None:
    raw = mutants.valid_file(kind, data.draw(st.integers(0, 2**16), label="seed"))
    head, rest = mutants.record(kind, raw)  # a hosted table's file: its record line
    document = json.loads(head)
    at = data.draw(st.sampled_from(mutants.places(document)), label="place")
    operation = data.draw(st.sampled_from(mutants.OPERATIONS), label="operation")
    junk = data.draw(st.sampled_from(mutants.JUNK) | VALUES, label="value")
    mutant = mutants.to_bytes(mutants.mutate(document, at, operation, junk)) + rest
    outcome = run(kind, mutant, data.draw(st.sampled_from(LANGUAGES), label="language"))
    assert outcome.problems == []


@pytest.mark.parametrize("kind", mutants.KINDS)
def test_a_file_as_atout_wrote_it_is_used_as_it_is(kind: str) -> None:
    outcome = run(kind, mutants.valid_file(kind, 3))
    assert outcome.problems == [] and outcome.kept_aside == 0
    assert outcome.continued == (kind in mutants.MATCHES)


def _changed(kind: str, change: Any) -> bytes:
    head, rest = mutants.record(kind, mutants.valid_file(kind, 5))
    document = json.loads(head)
    change(document)
    return mutants.to_bytes(document) + rest


# each once stopped every launch of the app (issue 13), now kept aside and told
ONCE_FATAL = {
    "settings value of the wrong type": ("settings", lambda d: d.update(anim_speed=["fast"])),
    "talent id that is a list": (
        "characters",
        lambda d: d["characters"][0]["talents"][0].update(id=["fencing"]),
    ),
    "saved match without seats": ("koenigrufen", lambda d: d["setup"].pop("seats")),
    "saved match without a character": ("falkenstein", lambda d: d["setup"]["seats"][0].pop("character")),
    "saved match without talents": (
        "falkenstein",
        lambda d: d["setup"]["seats"][0]["character"].pop("talents"),
    ),
    "talent level out of range": (
        "falkenstein",
        lambda d: d["setup"]["seats"][0]["character"]["talents"][0].update(level=99),
    ),
    "a name no screen can draw": ("twotenjack", lambda d: d["setup"]["seats"][1].update(name="a\u0000b")),
}


# each case in one language, the languages in turn
@pytest.mark.parametrize(
    ("case", "language"), [(case, LANGUAGES[i % len(LANGUAGES)]) for i, case in enumerate(ONCE_FATAL)]
)
def test_a_file_that_once_stopped_every_launch_is_kept_aside_and_told(case: str, language: str) -> None:
    kind, change = ONCE_FATAL[case]
    outcome = run(kind, _changed(kind, change), language)
    assert outcome.problems == []
    # a match is placed three times: among the saved matches, as an older Atout's save, in the History
    assert outcome.kept_aside == (1 if kind in ("settings", "characters") else 3)


def test_the_reason_reads_in_the_interface_language(tmp_path: Path) -> None:
    with pytest.raises(FileProblem) as caught:
        decode_settings({"anim_speed": ["fast"]}, mutants.Settings())
    refused = Refused(tmp_path / "settings.json", caught.value.words, tmp_path / "settings.json.bad-1")
    assert refused.words.text("fr") == (
        "settings.json est inutilisable : anim_speed doit être l’un de "
        '"slow", "normal", "fast", "instant", pas ["fast"]. '
        "Il a été conservé sous le nom settings.json.bad-1."
    )
    assert refused.words.text("en") == (
        'settings.json could not be used: anim_speed must be one of "slow", "normal", "fast", "instant", '
        'not ["fast"]. It was kept as settings.json.bad-1.'
    )
    assert refused.words.text("de") == (
        'settings.json ist nicht verwendbar: anim_speed muss eines von "slow", "normal", "fast", "instant" '
        'sein, nicht ["fast"]. Sie wurde aufbewahrt als settings.json.bad-1.'
    )


def test_every_problem_a_file_can_have_has_its_words_in_every_language() -> None:
    source = "\n".join(p.read_text(encoding="utf-8") for p in Path(game.__file__).parent.rglob("*.py"))
    codes = set(re.findall(r'FileProblem\(\s*"(\w+)"', source))
    kinds = set(re.findall(r'wrong_type\([^)]*, "(\w+)"\)', source))
    assert {"missing", "wrong_type", "illegal_action"} <= codes and {"int", "object"} <= kinds
    needed = {f"file.problem.{c}" for c in codes} | {f"file.kind.{k}" for k in kinds} | {"file.whole"}
    for language in LANGUAGES:
        assert needed - set(catalogue(language)) == set()
