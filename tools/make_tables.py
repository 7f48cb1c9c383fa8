"""Writes the trick-game table layouts as Tiled maps (assets/tables/<game><players>.tmx).

The Falkenstein map is drawn by hand; the trick tables share one geometry (seats on an arc around the
trick, the hand at the bottom) for every player count, so they are computed here and can be refined
in Tiled afterwards. Rectangles are in the 1280×720 design space; `hand` carries the card width.
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

TABLES = Path(__file__).resolve().parent.parent / "assets" / "tables"
Rect = tuple[int, int, int, int]
SEAT = (136, 176)


def seat_rects(
    n: int, centre: tuple[int, int], radii: tuple[int, int], bottom: Rect, clockwise: bool, bounds: Rect
) -> dict[str, Rect]:
    """Seat 0 at the bottom; the others on an arc over the top, in play order."""
    rects = {"seat0": bottom}
    others = n - 1
    for k in range(1, n):
        if others == 1:
            angle = 90.0
        else:
            spread = 150.0 if others > 2 else 110.0
            angle = 90 + spread / 2 - (k - 1) * spread / (others - 1)
        if not clockwise:  # counter-clockwise play: the next seat sits to the right
            angle = 180 - angle
        x = centre[0] + radii[0] * math.cos(math.radians(angle))
        y = centre[1] - radii[1] * math.sin(math.radians(angle))
        left = min(max(round(x - SEAT[0] / 2), bounds[0]), bounds[0] + bounds[2] - SEAT[0])
        top = min(max(round(y - SEAT[1] / 2), bounds[1]), bounds[1] + bounds[3] - SEAT[1])
        rects[f"seat{k}"] = (left, top, *SEAT)
    return rects


def koenigrufen() -> dict[str, dict[str, Rect]]:
    rects: dict[str, Rect] = {
        "trick": (500, 196, 280, 270),
        "deck": (250, 290, 96, 134),
        "talon": (330, 200, 620, 250),
        "panel": (300, 190, 680, 276),
        "message": (300, 470, 680, 40),
        "hand": (216, 516, 780, 196),
        "log": (1010, 388, 254, 204),
        "controls": (1010, 600, 254, 108),
    }
    seats = {
        "seat0": (40, 522, *SEAT),
        "seat1": (1094, 196, *SEAT),
        "seat2": (572, 14, *SEAT),
        "seat3": (50, 196, *SEAT),
    }
    return {"koenigrufen4": {**rects, **seats}}


def twotenjack() -> dict[str, dict[str, Rect]]:
    maps = {}
    for n in range(2, 7):
        rects: dict[str, Rect] = {
            "removed": (16, 8, 968, 52),
            "trick": (470, 240, 290, 200),
            "stock": (250, 236, 200, 190),
            "deck": (300, 262, 96, 134),
            "message": (226, 464, 700, 40),
            "hand": (216, 512, 760, 200),
            "points": (1000, 8, 264, 440),
            "log": (1000, 456, 264, 142),
            "controls": (1000, 604, 264, 104),
        }
        seats = seat_rects(n, (500, 300), (420, 210), (40, 522, *SEAT), True, (16, 64, 968, 412))
        maps[f"twotenjack{n}"] = {**rects, **seats}
    return maps


def tmx(rects: dict[str, Rect], card: int) -> str:
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
        f'width="80" height="45" tilewidth="16" tileheight="16" infinite="0" nextlayerid="2" '
        f'nextobjectid="{len(rects) + 1}">',
        ' <objectgroup id="1" name="layout">',
    ]
    for i, (name, (x, y, w, h)) in enumerate(rects.items(), 1):
        if name == "hand":
            lines += [
                f'  <object id="{i}" name="{name}" x="{x}" y="{y}" width="{w}" height="{h}">',
                "   <properties>",
                f'    <property name="card" type="int" value="{card}"/>',
                "   </properties>",
                "  </object>",
            ]
        else:
            lines.append(f'  <object id="{i}" name="{name}" x="{x}" y="{y}" width="{w}" height="{h}"/>')
    lines += [" </objectgroup>", "</map>", ""]
    return "\n".join(lines)


def main() -> int:
    written = 0
    for name, rects in {**koenigrufen(), **twotenjack()}.items():
        (TABLES / f"{name}.tmx").write_text(tmx(rects, 96), encoding="utf-8")
        written += 1
    print(f"make_tables: wrote {written} layouts to {TABLES}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
