"""Every scene the screenshot tool shows, rendered in one language: each word drawn belongs to that
language (its catalogue, its scenario texts, a player's or hero's name), and no whole label is cut short
to fit its box. `python tools/lang_check.py --lang de [SCENE ...]` (all scenes by default) prints one JSON
line: the scenes checked and, per scene, the foreign words and cut labels found; exit 1 if any."""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import screenshot

from game import i18n, settings
from game.games.falkenstein.data import HEROES
from game.lessons.lesson import lesson_paths
from game.paths import SCENARIOS
from game.ui import text

WORD = re.compile(r"[^\W\d_]{3,}")
# a name cut short by an ellipsis, a tarock's numeral, a file's name or path (an adventure to import)
NOT_WORDS = re.compile(r"\S*…|\b[IVX]+\b|\S*/\S*|\S+\.json\b")
# the players the tool seats (the saved matches' long names too)
NAMES = (
    "Clara",
    "Paul",
    "Marie",
    "Anton",
    "Berta",
    "Carl",
    "Dora",
    "Emil",
    *("Maximiliane von Hohenzollern", "Bartholomäus Wittelsbach", "Clementine", "Friedrich-Wilhelm"),
)


def _texts(data: Any, lang: str) -> Iterator[str]:
    if isinstance(data, dict):
        if isinstance(data.get(lang), str):
            yield data[lang]
        for value in data.values():
            yield from _texts(value, lang)
    elif isinstance(data, list):
        for value in data:
            yield from _texts(value, lang)


@cache
def words_of(lang: str) -> frozenset[str]:
    """Every word a screen in `lang` may show: the catalogue's, the scenarios' and lessons', the names'."""
    texts = [*i18n.catalogue(lang).values(), *(h.name for h in HEROES), *NAMES, *screenshot.LONG_NAMES]
    for path in [*SCENARIOS.glob("*.json"), *lesson_paths()]:
        texts += _texts(json.loads(path.read_text(encoding="utf-8")), lang)
    return frozenset(word.lower() for line in texts for word in WORD.findall(line))


@cache
def labels_of(lang: str) -> frozenset[str]:
    """The texts of `lang` that are whole labels (no slot to fill, one line)."""
    return frozenset(v for v in i18n.catalogue(lang).values() if "{" not in v and "\n" not in v)


class Drawn:
    """Records the lines the text module draws, and those its `fit` cuts short, while in use."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.cut: list[str] = []

    def __enter__(self) -> Drawn:
        self._render, self._fit = text.render, text._fit
        render, fit = self._render, self._fit

        def recording_render(line: str, *args: Any, **kwargs: Any) -> Any:
            self.lines.append(line)
            return render(line, *args, **kwargs)

        def recording_fit(line: str, size: float, width: int, bold: bool) -> str:
            fitted = fit(line, size, width, bold)
            if fitted != line:
                self.cut.append(line)
            return fitted

        text.render, text._fit = recording_render, recording_fit  # type: ignore[assignment]
        text.reset()
        return self

    def __exit__(self, *exc: object) -> None:
        text.render, text._fit = self._render, self._fit
        text.reset()

    def foreign(self, lang: str) -> list[str]:
        words = {w for line in self.lines for w in WORD.findall(NOT_WORDS.sub("", line))}
        return sorted(w for w in words if w.lower() not in words_of(lang))

    def cut_labels(self, lang: str) -> list[str]:
        return sorted(set(self.cut) & labels_of(lang))


def check(scene: str, lang: str, out: Path) -> tuple[list[str], list[str], list[str]]:
    """The lines drawn for `scene` in `lang`, its foreign words and its cut labels. The scene is brought to
    its moment with fast animations and brief thinking: the same moments, in fewer frames."""
    keep = settings.Settings

    def brisk(*args: Any, **kwargs: Any) -> settings.Settings:
        return keep(*args, **{"anim_speed": "fast", "think_time": 0.05, **kwargs})

    settings.Settings = brisk  # type: ignore[assignment, misc]
    try:
        with Drawn() as drawn:
            if screenshot.main([scene, "--lang", lang, "--out", str(out)]) != 0:
                raise RuntimeError(f"the screenshot of {scene} failed")
    finally:
        settings.Settings = keep  # type: ignore[misc]
        i18n.set_language("en")
    return drawn.lines, drawn.foreign(lang), drawn.cut_labels(lang)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("scenes", nargs="*", metavar="SCENE", help="screenshot scenes (default: all)")
    p.add_argument("--lang", choices=i18n.LANGUAGES, default="de")
    args = p.parse_args(argv)
    scenes = args.scenes or list(screenshot.SCENES)
    unknown = sorted(set(scenes) - set(screenshot.SCENES))
    if unknown:
        p.error(f"unknown scenes {unknown}; choose from {', '.join(screenshot.SCENES)}")
    found: dict[str, dict[str, list[str]]] = {}
    with tempfile.TemporaryDirectory(prefix="atout-lang-") as scratch:
        for scene in scenes:
            _lines, foreign, cut = check(scene, args.lang, Path(scratch) / f"{scene}.png")
            if foreign or cut:
                found[scene] = {"foreign": foreign, "cut": cut}
    print(json.dumps({"lang": args.lang, "scenes": len(scenes), "problems": found}, ensure_ascii=False))
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
