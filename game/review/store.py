"""Where a deal's review is kept: `reviews/` in the data directory, one file a deal, named by a hash of the
match so far (its setup, seed included, and its actions up to the deal's end) with the method's version and
budget. The History finds a finished match's reviews from its journal alone, without running them again,
and a review follows its match from the table to the History without being moved.

A file is read as every player's file is (`storage.load`): a bad one is kept aside, told, and the review made
again; every field is checked, every action decoded by the journal's own codec."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from game import schema, storage
from game.journal import Journal
from game.journal_codec import decode_action, encode_action
from game.review.analysis import KINDS, VERSION, DealReview, Moment, Span
from game.storage import FileProblem

FORMAT = "atout-review"
KEPT = 400  # review files kept: the oldest go when there are more (the History keeps 50 matches)
MAX_OPTIONS = 10_000  # more moves weighed than any decision has: not a file Atout wrote
MAX_MOMENTS = 10_000
MAX_POINTS = 1e6  # points, in absolute value: more than any deal pays


def folder() -> Path:
    return storage.data_dir() / "reviews"


def key(journal: Journal, span: Span, deals: int) -> str:
    """The deal's name among the reviews: the same match and deal, method and budget give the same name."""
    text = json.dumps(
        {
            "version": VERSION,
            "deals": deals,
            "game": journal.game,
            "setup": journal.encoded_setup(),
            "actions": [encode_action(action) for action in journal.actions[: span.end]],
        },
        sort_keys=True,
        separators=(",", ":"),
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def path_of(name: str) -> Path:
    return folder() / f"{name}.json"


def to_json(review: DealReview) -> dict[str, Any]:
    span = review.span
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": review.game,
        "deal": span.number,
        "first": span.first,
        "end": span.end,
        "deals": review.deals,
        "moments": [_moment_json(m) for m in review.moments],
    }


def _moment_json(moment: Moment) -> dict[str, Any]:
    return {
        "index": moment.index,
        "seat": moment.seat,
        "kind": moment.kind,
        "options": [encode_action(option) for option in moment.options],
        "means": list(moment.means),
        "made": moment.made,
        "best": moment.best,
        "error": moment.error,
        "share": moment.share,
        "reason": moment.reason,
        "truth": list(moment.truth),
    }


def from_json(data: Any, game: str) -> DealReview:
    """A review file's contents, every field checked (a FileProblem names what is wrong)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FileProblem("not_a_review")
    whole = schema.obj(
        data,
        schema.ROOT,
        {
            "format": schema.choice((FORMAT,)),
            "version": schema.choice((VERSION,)),
            "game": schema.choice((game,)),
            "deal": schema.integer(1, 100_000),
            "first": schema.integer(0, 10**6),
            "end": schema.integer(0, 10**6),
            "deals": schema.integer(1, 10**6),
            "moments": schema.items(lambda m, where: _moment(m, where, game), 0, MAX_MOMENTS),
        },
    )
    return DealReview(
        game, Span(whole["deal"], whole["first"], whole["end"]), whole["deals"], whole["moments"]
    )


def _points(value: Any, where: schema.Where) -> float:
    return float(schema.number(-MAX_POINTS, MAX_POINTS)(value, where))


def _moment(data: Any, where: schema.Where, game: str) -> Moment:
    fields = schema.obj(
        data,
        where,
        {
            "index": schema.integer(0, 10**6),
            "seat": schema.integer(0, 63),
            "kind": schema.choice(KINDS),
            "options": schema.items(lambda a, w: decode_action(game, a, str(w)), 1, MAX_OPTIONS),
            "means": schema.items(_points, 1, MAX_OPTIONS),
            "made": schema.integer(0, MAX_OPTIONS),
            "best": schema.integer(0, MAX_OPTIONS),
            "error": schema.number(0, MAX_POINTS),
            "share": schema.number(0, 1),
            "reason": schema.text(40, 1),
            "truth": schema.items(_points, 0, MAX_OPTIONS),
        },
    )
    count = len(fields["options"])
    for name, lengths in (("means", (count,)), ("truth", (0, count))):
        if len(fields[name]) not in lengths:
            raise FileProblem("count", where=f"{where}.{name}", low=count, high=count, n=len(fields[name]))
    for name in ("made", "best"):
        if fields[name] >= count:
            raise FileProblem(
                "out_of_range", where=f"{where}.{name}", low=0, high=count - 1, value=fields[name]
            )
    return Moment(
        fields["index"],
        fields["seat"],
        fields["kind"],
        fields["options"],
        fields["means"],
        fields["made"],
        fields["best"],
        float(fields["error"]),
        float(fields["share"]),
        fields["reason"],
        fields["truth"],
    )


def load(journal: Journal, span: Span, deals: int) -> tuple[DealReview | None, storage.Refused | None]:
    """The review kept for the deal, if any; a bad file is kept aside and comes back as refused."""
    return storage.load(path_of(key(journal, span, deals)), lambda data: from_json(data, journal.game))


def save(journal: Journal, review: DealReview) -> Path:
    """Keeps the review with its match (atomic), and lets the oldest reviews go beyond `KEPT`."""
    path = path_of(key(journal, review.span, review.deals))
    storage.save_json(path, to_json(review), indent=None)
    prune()
    return path


def prune(kept: int = KEPT) -> None:
    try:
        files = sorted(folder().glob("*.json"), key=lambda p: (p.stat().st_mtime_ns, p.name))
    except OSError:
        return
    for old in files[:-kept]:
        old.unlink(missing_ok=True)
