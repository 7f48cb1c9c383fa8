"""The one translation lookup every visible string goes through; the language switches at once."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

_DIR = Path(__file__).resolve().parent
LANGUAGES = ("de", "en", "fr")  # in the order the settings offer them: Deutsch, English, Français
_current = "en"


@cache
def catalogue(lang: str) -> dict[str, str]:
    """All strings of one language: the main file plus each game's own `*_strings.json` section."""
    table: dict[str, str] = json.loads((_DIR / f"{lang}.json").read_text(encoding="utf-8"))
    for extra in sorted(_DIR.glob("*_strings.json")):
        table.update(json.loads(extra.read_text(encoding="utf-8")).get(lang, {}))
    return table


def set_language(lang: str) -> None:
    global _current
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    _current = lang


def language() -> str:
    return _current


def tr(key: str, **params: object) -> str:
    """Looks a key up in the current language (English as fallback) and fills in `{name}` fields."""
    return _word(_current, key, params)


def _word(lang: str, key: str, params: dict[str, Any]) -> str:
    text = catalogue(lang).get(key)
    if text is None:
        text = catalogue("en").get(key, key)
    return text.format(**params) if params else text


def has(key: str) -> bool:
    return key in catalogue(_current) or key in catalogue("en")


@dataclass(frozen=True)
class Words:
    """A message worded only when shown, so it reads in the language of that moment; a parameter may be
    Words itself (a reason inside a notice)."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)

    def text(self, lang: str | None = None) -> str:
        """In `lang`, by default the current language (command-line tools ask for English)."""
        lang = lang or _current
        return _word(
            lang, self.key, {k: v.text(lang) if isinstance(v, Words) else v for k, v in self.params.items()}
        )
