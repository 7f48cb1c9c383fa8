"""Reviews the deals of a saved match, as the table's review does: `python tools/review.py JOURNAL [--deal N]
[--deals D]` prints one JSON line per decision of each finished deal (or deal N), then one line summing the
deal up: the same figures, bit for bit, as the review the game makes of that deal (`game.review`), the
all-cards opinion apart under `all_cards`. `--deals` sets the worlds weighed a decision (the game's budget by
default: another budget is another review). Exit code 2 and one line on stderr when the file is refused,
never a traceback."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def moment_line(review: Any, moment: Any) -> dict[str, Any]:
    """One decision, as the review's panel tells it (and the all-cards opinion apart)."""
    from game.journal_codec import encode_action

    line: dict[str, Any] = {
        "deal": review.span.number,
        "index": moment.index,
        "seat": moment.seat,
        "kind": moment.kind,
        "made": encode_action(moment.options[moment.made]),
        "made_points": moment.means[moment.made],
        "best": encode_action(moment.options[moment.best]),
        "best_points": moment.means[moment.best],
        "gap": moment.gap,
        "error": moment.error,
        "share": moment.share,
        "mark": review.mark(moment),
        "reason": moment.reason,
        "options": [
            {"move": encode_action(option), "points": mean}
            for option, mean in zip(moment.options, moment.means, strict=True)
        ],
    }
    if moment.truth:
        best = moment.truth_best
        line["all_cards"] = {
            "made_points": moment.truth[moment.made],
            "best": encode_action(moment.options[best]),
            "best_points": moment.truth[best],
        }
    return line


def summary_line(review: Any, seats: int) -> dict[str, Any]:
    """The deal summed up: points lost per kind, the three costliest moments, each seat's figures."""
    from game.review import analysis

    return {
        "deal": review.span.number,
        "deals_per_decision": review.deals,
        "lost_by_kind": analysis.by_kind(review),
        "costliest": [m.index for m in analysis.costliest(review)],
        "seats": [
            {"decisions": f.decisions, "matched": f.matched, "share": f.share, "lost": f.lost}
            for f in analysis.figures([review], seats)
        ],
    }


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="review.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("journal", type=Path)
    parser.add_argument("--deal", type=int, help="only this deal (round) of the match, from 1")
    parser.add_argument("--deals", type=int, help="worlds weighed for each decision")
    args = parser.parse_args(argv)
    from game.journal import load_journal
    from game.review import analysis
    from game.storage import FileProblem

    try:
        journal = load_journal(args.journal)
    except FileProblem as exc:
        print(f"review: {args.journal.name}: {exc}", file=sys.stderr)
        return 2
    if not analysis.reviewable(journal.game):
        print(f"review: {args.journal.name}: {journal.game} has no review", file=sys.stderr)
        return 2
    numbers = [span.number for span in analysis.spans(journal)]
    if args.deal is not None and args.deal not in numbers:
        print(f"review: {args.journal.name}: no finished deal {args.deal}", file=sys.stderr)
        return 2
    deals = args.deals or analysis.DEALS
    for number in [args.deal] if args.deal is not None else numbers:
        review = analysis.review_deal(journal, number, deals)
        for moment in review.moments:
            print(json.dumps(moment_line(review, moment), ensure_ascii=False))
        print(json.dumps(summary_line(review, len(journal.setup.seats)), ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
