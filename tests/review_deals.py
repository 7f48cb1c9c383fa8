"""Matches played to their end by the computers, as journals, for the review's tests (core and scenes)."""

from __future__ import annotations

import random
from dataclasses import replace

from game.ai.thinker import decide
from game.games.koenigrufen.rules import Play
from game.journal import Journal
from game.registry import GAMES
from game.seating import CardTableSetup, SeatPlayer

AUSTRIA_SEED = 6  # an austria Rufer whose deal has every kind of decision: bids, call, talon, discard, words
BLUNDER_SEED = (
    419  # a cardavia deal: forehand (the declarer) holds the Pagat, the next seat the Mond, the last
)
# the Sküs and another trump, and neither of those two the called king


def setup(
    game: str, seed: int, deals: int = 1, profile: str | None = None, players: int = 3
) -> CardTableSetup:
    """A table of the game whose seat 0 is a person, the others computers."""
    spec = GAMES[game]
    made = spec.demo_setup(seed, players if game == "twotenjack" else None, "easy")
    seats = tuple(SeatPlayer(f"P{i}", i == 0, "easy") for i in range(len(made.seats)))
    made = replace(made, seats=seats, deals=deals)
    if profile is not None:
        assert spec.rule_profile is not None
        made = replace(made, rules=spec.rule_profile(profile))
    return made


def played(table: CardTableSetup, level: str = "easy", stop: int | None = None) -> Journal:
    """The match played by the computers at `level` (the easy player's habits, or the search to its fixed
    budget), to its end or for `stop` actions."""
    spec = GAMES[table.game]
    assert spec.computer is not None
    state, journal = spec.new_state(table), Journal(table.game, table)
    while not state.is_over and (stop is None or len(journal.actions) < stop):
        view = state.view(state.to_act)
        n = len(journal.actions)
        action = (
            spec.computer.easy(view, random.Random(n))
            if level == "easy"
            else decide(table.game, view, level, n).action
        )
        state.apply(action)
        journal.actions.append(action)
    return journal


def skus_under_the_pagat() -> tuple[Journal, int, int]:
    """A cardavia deal where, in the first trick, the declarer leads the Pagat, the next seat (a defender)
    plays the Mond and the last one, its fellow defender, throws the Sküs under them: the Emperor's trick,
    the Pagat takes Mond and Sküs. The rest by the easy player's habits. Returns the journal, the blunder's
    index and its seat."""
    spec = GAMES["koenigrufen"]
    assert spec.computer is not None
    table = setup("koenigrufen", BLUNDER_SEED)
    state, journal = spec.new_state(table), Journal("koenigrufen", table)

    def act(action: object) -> None:
        state.apply(action)
        journal.actions.append(action)

    while state.phase != "tricks":
        act(spec.computer.easy(state.view(state.to_act), random.Random(len(journal.actions))))
    declarer = state.declarer
    mond, skus = (declarer + 1) % 4, (declarer + 3) % 4
    king = state.view(0).king
    assert "I" in state.view(declarer).hand and "XXI" in state.view(mond).hand, "the planted deal moved"
    assert "SK" in state.view(skus).hand and king not in state.view(mond).hand + state.view(skus).hand
    act(Play(declarer, "I"))
    act(Play(mond, "XXI"))
    act(spec.computer.easy(state.view(state.to_act), random.Random(0)))
    act(Play(skus, "SK"))
    index = len(journal.actions) - 1
    while not state.is_over:
        act(spec.computer.easy(state.view(state.to_act), random.Random(len(journal.actions))))
    return journal, index, skus
