"""The end of a Two-Ten-Jack round: each pile's scoring cards and points, the totals, the winners."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.ai.seeds import match_seed
from game.games.twotenjack.cards import POINTS
from game.i18n import tr
from game.scenes.score import ScoreScene, ScoreSheet

if TYPE_CHECKING:
    from game.app import App
    from game.games.twotenjack.table import TwoTenJackTable


class TwoTenJackScore(ScoreScene):
    def __init__(self, app: App, table: TwoTenJackTable) -> None:
        from game.games.twotenjack.table import card_label

        scored = table.scored
        assert scored is not None
        over = table.game.is_over
        rows = []
        for seat in range(table.n):
            scoring = " ".join(card_label(c) for c in scored.piles[seat] if POINTS[c]) or "—"
            rows.append(
                (table.seat_name(seat), scoring, f"{scored.points[seat]:+d}", f"{scored.totals[seat]:+d}")
            )
        notes = [tr(f"ttj.reversal.{name}", name=table.seat_name(seat)) for seat, name in scored.reversals]
        best = max(scored.totals)
        winners = [table.seat_name(s) for s, total in enumerate(scored.totals) if total == best]
        if over:
            notes.append(tr("ttj.winners" if len(winners) > 1 else "ttj.winner", names=", ".join(winners)))
        title = (
            tr("ttj.final")
            if over
            else tr("ttj.round_title", n=scored.round_no, total=table.game.view(0).rounds)
        )
        subtitle = tr("ttj.leader", names=", ".join(winners), points=best)
        sheet = ScoreSheet(
            title,
            subtitle,
            (tr("score.player"), tr("ttj.scoring_cards"), tr("ttj.this_round"), tr("ttj.total")),
            tuple(rows),
            "\n".join(notes),
            tuple(table.log.lines),
        )
        self.table = table
        if over:
            super().__init__(app, sheet, on_again=self._again)
        else:
            super().__init__(app, sheet, proceed=(tr("ttj.next_round"), self._next))

    def _next(self) -> None:
        self.app.scenes.pop()
        self.table.proceed()

    def _again(self) -> None:
        from game.games.twotenjack.table import TwoTenJackTable

        setup = self.table.setup
        fresh = type(setup)(setup.game, setup.seats, match_seed(), setup.deals)
        self.app.scenes.reset(TwoTenJackTable(self.app, fresh))
