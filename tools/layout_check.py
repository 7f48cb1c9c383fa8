"""The layout check: every line of text a frame draws lies wholly inside the box it belongs to, with its
padding, crosses no panel's rim, lies under nothing drawn after it, is drawn whole (not cut short to fit)
and is in the frame's language. It reads what the drawing helpers recorded (game/ui/drawn.py), so it
sees what the player sees.

`python tools/layout_check.py [SCENE ...] [--lang de en fr]` brings each scene the screenshot tool knows
(all by default) to its moment once per language, checks its frame at 1280×720, 960×540 and 1920×1080 (the
window resized, as a player does), and prints one JSON line: the problems found per scene, language and
size; exit 1 if any.
"""

from __future__ import annotations

import argparse
import json
import sys
from functools import cache
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import lang_check
import screenshot

from game import i18n
from game.ui import drawn

SIZES = ((1280, 720), (960, 540), (1920, 1080))
LANGUAGES = ("de", "en", "fr")


def problems(elements: list[drawn.Element], screen: Any) -> list[str]:
    """What is wrong with the text of one frame (`elements` bottom first, `screen` its rect); a shade over
    the whole frame holds what lies beneath it, so only what is drawn after the last shade is read."""
    veils = [i for i, element in enumerate(elements) if isinstance(element, drawn.Veil)]
    shown = elements[veils[-1] + 1 :] if veils else elements
    texts = [(i, e, e.ink()) for i, e in enumerate(shown) if isinstance(e, drawn.Text)]
    texts = [(i, e, ink) for i, e, ink in texts if ink.width and ink.height]
    found: list[str] = []
    for i, line, ink in texts:
        name = repr(line.words)
        room = line.box.inflate(-2 * line.pad, -2 * line.pad)
        if not room.contains(ink):
            found.append(f"{name} at {_rect(ink)} leaves its box {_rect(line.box)} (padding {line.pad})")
        elif not screen.contains(ink):
            found.append(f"{name} at {_rect(ink)} leaves the window")
        if line.full:
            found.append(f"{name} is cut short from {line.full!r}")
        for j, other in enumerate(shown):
            if isinstance(other, drawn.Border):
                inner = other.rect.inflate(-2 * other.width, -2 * other.width)
                if ink.colliderect(other.rect) and not inner.contains(ink) and not _hidden(shown, j, i, ink):
                    found.append(
                        f"{name} at {_rect(ink)} crosses the rim of a {other.what} {_rect(other.rect)}"
                    )
            elif j > i and isinstance(other, drawn.Cover) and ink.colliderect(other.rect):
                found.append(f"{name} at {_rect(ink)} lies under a {other.what} {_rect(other.rect)}")
            elif j > i and isinstance(other, drawn.Text) and ink.colliderect(other.ink()):
                found.append(f"{name} at {_rect(ink)} lies under the text {other.words!r}")
    return list(dict.fromkeys(found))


def worded(elements: list[drawn.Element], lang: str) -> list[str]:
    """What is wrong with the words of the frame's lines in `lang`: words not of it (its catalogue,
    scenarios, lessons, names), and lines ending in an ellipsis it does not write (cut short by any means)."""
    lines = [e.words for e in elements if isinstance(e, drawn.Text)]
    words = {w for line in lines for w in lang_check.WORD.findall(lang_check.NOT_WORDS.sub("", line))}
    strange = sorted(w for w in words if w.lower() not in lang_check.words_of(lang))
    found = [f"words not of the language drawn: {', '.join(strange)}"] if strange else []
    endings = _ellipsis_endings(lang)
    found += [
        f"{line!r} ends cut short" for line in lines if line.endswith("…") and line.split()[-1] not in endings
    ]
    return found


@cache
def _ellipsis_endings(lang: str) -> frozenset[str]:
    """The last words, ellipsis and all, of the texts `lang` writes with one ("Thinking…")."""
    texts = i18n.catalogue(lang).values()
    return frozenset(text.split()[-1] for text in texts if text.endswith("…"))


def _hidden(shown: list[drawn.Element], rim: int, line: int, ink: Any) -> bool:
    """Whether a panel laid after the rim and before the line hides the rim wherever the line is (a
    button laid over the end of a band, a tag over a plate's edge)."""
    return any(isinstance(e, drawn.Cover) and e.rect.contains(ink) for e in shown[rim + 1 : line])


def _rect(rect: Any) -> str:
    return f"({rect.x}, {rect.y}, {rect.width}×{rect.height})"


def check(name: str, lang: str, sizes: tuple[tuple[int, int], ...] = SIZES) -> dict[str, list[str]]:
    """The problems of scene `name` in `lang`, per size ("1280x720": [...]): brought to its moment once,
    at the first size, with brisk animations and thinking (the same moment, in fewer frames), then the
    window resized to each other size."""
    from game.app import App
    from game.settings import Settings

    drawn.record(True)
    app = App(sizes[0], Settings(language=lang, anim_speed="fast", think_time=0.05))
    try:
        draw, app.draw = app.draw, lambda: None  # type: ignore[method-assign]  # the frames on the way: not seen
        try:
            screenshot.stage(app, name)
        finally:
            app.draw = draw  # type: ignore[method-assign]
        for _ in range(3):
            app.step(1 / 60)
        found = {}
        for size in sizes:
            if app.size != size:
                app.resize(size)
                for _ in range(3):
                    app.step(1 / 60)
            shown = drawn.elements(app.screen)
            found["x".join(map(str, size))] = problems(shown, app.screen.get_rect()) + worded(shown, lang)
        return found
    finally:
        app.close()
        drawn.record(False)
        i18n.set_language("en")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("scenes", nargs="*", metavar="SCENE", help="screenshot scenes (default: all)")
    p.add_argument("--lang", nargs="+", choices=LANGUAGES, default=list(LANGUAGES))
    args = p.parse_args(argv)
    scenes = args.scenes or list(screenshot.SCENES)
    unknown = sorted(set(scenes) - set(screenshot.SCENES))
    if unknown:
        p.error(f"unknown scenes {unknown}; choose from {', '.join(screenshot.SCENES)}")
    screenshot.scratch()
    found: dict[str, Any] = {}
    for scene in scenes:
        for lang in args.lang:
            bad = {size: lines for size, lines in check(scene, lang).items() if lines}
            if bad:
                found.setdefault(scene, {})[lang] = bad
    print(json.dumps({"scenes": len(scenes), "problems": found}, ensure_ascii=False, indent=1))
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
