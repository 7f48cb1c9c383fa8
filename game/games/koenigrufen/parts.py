"""What playing Königrufen takes (`game_spec.Parts`), loaded when a game of it is first opened."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game import schema, seating
from game.game_spec import Computer, Parts, Summary
from game.games.koenigrufen import easy, privacy, profile, review, search, sheet
from game.games.koenigrufen.house import DEFAULT_DEALS
from game.games.koenigrufen.rules import (
    SEATS,
    Announce,
    AnnouncePass,
    Bid,
    CallKing,
    Concede,
    Discard,
    Hold,
    KoenigrufenConfig,
    KoenigrufenGame,
    Kontra,
    KontraEach,
    NextDeal,
    Pass,
    Play,
    TakeTalon,
)
from game.seating import CardTableSetup


def rules_of(setup: CardTableSetup) -> profile.Profile:
    """The profile a table plays: its own, else the seed's preset (`cardavia`)."""
    return setup.rules if isinstance(setup.rules, profile.Profile) else profile.CARDAVIA


def new_state(setup: CardTableSetup) -> KoenigrufenGame:
    config = KoenigrufenConfig(deals=setup.deals or DEFAULT_DEALS, profile=rules_of(setup))
    return KoenigrufenGame(config, setup.seed)


def encode(setup: CardTableSetup) -> dict[str, Any]:
    """The seating, and the whole profile played, so that a journal replays under its own rules."""
    return seating.encode(setup) | {"profile": rules_of(setup).to_json()}


_SEATING = seating.decoder("koenigrufen", SEATS, SEATS)


def decode(data: Any) -> CardTableSetup:
    """A journal's setup, checked; one written before profiles existed plays the seed's preset."""
    if not isinstance(data, dict):
        raise schema.wrong_type(data, "setup", "object")
    rest = {name: value for name, value in data.items() if name != "profile"}
    setup = _SEATING(rest)
    if "profile" not in data:
        return setup
    rules = profile.from_json(data["profile"], "setup.profile")
    return setup if rules == profile.CARDAVIA else replace(setup, rules=rules)  # None stands for it


def summary(setup: CardTableSetup, state: Any) -> Summary:
    view = state.view(0)
    contracts = tuple(
        (
            line.declarer,
            line.contract,
            None if view.profile.contract(line.contract).kind == "trischaken" else line.won,
        )
        for line in view.score_sheet
    )
    summary = seating.summary(setup, tuple(view.totals), len(view.score_sheet), state.is_over)
    return replace(summary, contracts=contracts, length=state.config.deals, profile=rules_of(setup).id)


PARTS = Parts(
    setup_type=CardTableSetup,
    actions=(
        Bid,
        Pass,
        Hold,
        CallKing,
        TakeTalon,
        Discard,
        Play,
        NextDeal,
        Announce,
        Kontra,
        KontraEach,
        AnnouncePass,
        Concede,
    ),
    rules_version=1,
    new_state=new_state,
    encode_setup=encode,
    decode_setup=decode,
    demo_setup=lambda seed, players, level: seating.computers("koenigrufen", seed, SEATS, level),
    summary=summary,
    view_seats=lambda state: range(SEATS),
    final_sheet=sheet.final_sheet,
    computer=Computer(easy.choose, search, review),
    rule_profile=profile.load,
    privacy=privacy.PRIVACY,
)
