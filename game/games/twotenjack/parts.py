"""What playing Two-Ten-Jack takes (`game_spec.Parts`), loaded when a game of it is first opened."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game import seating
from game.game_spec import Computer, Parts, Summary
from game.games.twotenjack import easy, privacy, review, search, sheet
from game.games.twotenjack.cards import MAX_PLAYERS, MIN_PLAYERS
from game.games.twotenjack.rules import NextRound, Play, TwoTenJackConfig, TwoTenJackGame
from game.seating import CardTableSetup

DEMO_PLAYERS = 3


def new_state(setup: CardTableSetup) -> TwoTenJackGame:
    """`deals` is the number of rounds when the table chose it (one per player by default)."""
    return TwoTenJackGame(TwoTenJackConfig(len(setup.seats), rounds=setup.deals), setup.seed)


def summary(setup: CardTableSetup, state: Any) -> Summary:
    view = state.view(0)
    summary = seating.summary(setup, tuple(view.totals), len(view.round_scores), state.is_over)
    return replace(summary, length=state.config.round_count)


PARTS = Parts(
    setup_type=CardTableSetup,
    actions=(Play, NextRound),
    rules_version=1,
    new_state=new_state,
    encode_setup=seating.encode,
    decode_setup=seating.decoder("twotenjack", MIN_PLAYERS, MAX_PLAYERS),
    demo_setup=lambda seed, players, level: seating.computers(
        "twotenjack", seed, players or DEMO_PLAYERS, level
    ),
    summary=summary,
    view_seats=lambda state: range(len(state.view(0).hand_sizes)),
    final_sheet=sheet.final_sheet,
    computer=Computer(easy.choose, search, review),
    privacy=privacy.PRIVACY,
)
