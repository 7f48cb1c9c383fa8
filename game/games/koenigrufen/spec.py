"""Königrufen as the registry knows it."""

from __future__ import annotations

from typing import Any

from game import seating
from game.game_spec import Computer, GameSpec, Summary
from game.games.koenigrufen import easy, search, sheet
from game.games.koenigrufen.rules import (
    SEATS,
    CallKing,
    Discard,
    KoenigrufenConfig,
    KoenigrufenGame,
    NextDeal,
    Play,
    TakeTalon,
)
from game.seating import CardTableSetup

DEFAULT_DEALS = 4


def new_state(setup: CardTableSetup) -> KoenigrufenGame:
    return KoenigrufenGame(KoenigrufenConfig(deals=setup.deals or DEFAULT_DEALS), setup.seed)


def summary(setup: CardTableSetup, state: Any) -> Summary:
    view = state.view(0)
    return seating.summary(setup, tuple(view.totals), len(view.score_sheet), state.is_over)


SPEC = GameSpec(
    id="koenigrufen",
    seats=(SEATS, SEATS),
    setup_type=CardTableSetup,
    actions=(CallKing, TakeTalon, Discard, Play, NextDeal),
    rules_version=1,
    new_state=new_state,
    encode_setup=seating.encode,
    decode_setup=seating.decoder("koenigrufen", SEATS, SEATS),
    demo_setup=lambda seed, players, level: seating.computers("koenigrufen", seed, SEATS, level),
    summary=summary,
    view_seats=lambda state: range(SEATS),
    final_sheet=sheet.final_sheet,
    table="game.games.koenigrufen.table:KoenigrufenTable",
    pack="tarock",
    fan=("I", "SK", "XXI"),
    bench="game.games.koenigrufen.bench",
    computer=Computer(easy.choose, search),
    score_scene="game.games.koenigrufen.score:KoenigrufenScore",
)
