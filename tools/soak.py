"""Soak of the rules: complete all-computer games of the three traditions, invariants checked at every step.

`python tools/soak.py [--deals N] [--seed S]` plays N Königrufen deals (four seats of the easy player),
N Two-Ten-Jack rounds (2 to 6 easy players) and N Falkenstein challenges (the computer Host against one to
four heroes answering with `choose_card`), every computer player seeing only its own seat's view. After
every action it checks that the action was legal, that every card is somewhere exactly once, and at each
scoring that the points and settlements add up. It prints one JSON line with the counts and the number of
violations (each also described on stderr) and exits 1 when there is any.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.games.falkenstein import session as fs
from game.games.falkenstein.ai import ComputerHost, choose_card
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.resolution import DECK as FALKENSTEIN_DECK
from game.games.koenigrufen import cards as kr
from game.games.koenigrufen import easy as koenigrufen_easy
from game.games.koenigrufen import rules as krg
from game.games.twotenjack import cards as ttj
from game.games.twotenjack import easy as twotenjack_easy
from game.games.twotenjack import rules as ttjg

KOENIGRUFEN_POINTS = 70  # all 54 tarock cards counted in threes
HEARTS = frozenset(c for c in ttj.DECK if c[-1] == "H" and ttj.POINTS[c])
SPADES = frozenset(c for c in ttj.DECK if c[-1] == "S" and ttj.POINTS[c])


class Violation(Exception):
    """An invariant that did not hold; the game it happened in is abandoned."""


def check(ok: bool, what: str) -> None:
    if not ok:
        raise Violation(what)


def checked_step(game: Any, choose: Any, rng: random.Random, stats: dict[str, int]) -> list[Any]:
    """The computer to act chooses from its own view; the choice must be legal. Returns the events."""
    seat = game.to_act
    check(seat is not None, "a match not over with nobody to act")
    action = choose(game.view(seat), rng)
    check(action in game.legal_actions(), f"seat {seat} chose an illegal {action}")
    stats["actions"] += 1
    return game.apply(action)


def exactly_once(places: Iterable[Iterable[str]], deck: Iterable[str], what: str) -> None:
    """Every card of `deck` in exactly one of `places`, and nothing else there."""
    seen = Counter(card for place in places for card in place)
    expected = Counter(deck)
    if seen != expected:
        missing = sorted((expected - seen).elements())
        extra = sorted((seen - expected).elements())
        raise Violation(f"{what}: cards not conserved, missing {missing}, extra or twice {extra}")


# --- Königrufen --------------------------------------------------------------------------------------------


def koenigrufen_cards(game: krg.KoenigrufenGame) -> list[tuple[str, ...]]:
    """Where each card is, read from the seats' views (the talon from the state before it is turned up)."""
    views = [game.view(seat) for seat in range(krg.SEATS)]
    places: list[tuple[str, ...]] = [v.hand for v in views]
    public = views[0]
    declarer = views[public.declarer]
    if public.talon_taken is None:
        talon = public.talon or game._halves  # face down until the king is called
        places += [talon[0], talon[1]]
    else:
        assert public.talon is not None
        places.append(public.talon[1 - public.talon_taken])  # left to the defenders
        places.append(declarer.discards)
    places += [t.cards for t in public.tricks]
    places.append(public.trick.cards)
    return places


def soak_koenigrufen(deals: int, seed: int, stats: Counter[str]) -> None:
    rng = random.Random(seed)
    match = 0
    while stats["koenigrufen_deals"] < deals:
        match += 1
        left = deals - stats["koenigrufen_deals"]
        game = krg.KoenigrufenGame(krg.KoenigrufenConfig(deals=min(4, left)), rng.randrange(2**31))
        totals = [0] * krg.SEATS
        try:
            while not game.is_over:
                events = checked_step(game, koenigrufen_easy.choose, rng, stats)
                exactly_once(koenigrufen_cards(game), kr.DECK, f"Königrufen match {match}")
                for event in events:
                    if isinstance(event, krg.DealScored):
                        _koenigrufen_scored(event, totals, game, match)
                        stats["koenigrufen_deals"] += 1
                    elif isinstance(event, krg.MatchOver):
                        check(
                            list(event.totals) == totals, f"match {match}: totals {event.totals} != {totals}"
                        )
        except Violation as exc:
            stats["violations"] += 1
            stats["koenigrufen_deals"] += 1  # the one it happened in, so a broken engine still ends the run
            print(f"Königrufen match {match} (deal {game.deal_no}): {exc}", file=sys.stderr)


def _koenigrufen_scored(event: krg.DealScored, totals: list[int], game: Any, match: int) -> None:
    where = f"match {match} deal {game.deal_no}"
    exactly_once(event.piles, kr.DECK, where + " piles")
    points = (kr.count_points(event.piles[0]), kr.count_points(event.piles[1]))
    check(
        points == (event.declarer_side_points, event.defenders_points),
        f"{where}: sides scored {event.declarer_side_points}+{event.defenders_points}, piles count {points}",
    )
    check(sum(points) == KOENIGRUFEN_POINTS, f"{where}: side points {points} do not sum to 70")
    check(event.won == (event.declarer_side_points >= kr.WIN_POINTS), f"{where}: won/lost wrong")
    check(sum(event.settlement) == 0, f"{where}: settlement {event.settlement} is not zero-sum")
    for seat in range(krg.SEATS):
        totals[seat] += event.settlement[seat]
    check(list(game.totals) == totals, f"{where}: running totals {game.totals} != {totals}")


# --- Two-Ten-Jack ------------------------------------------------------------------------------------------


def twotenjack_cards(game: ttjg.TwoTenJackGame) -> list[tuple[str, ...]]:
    """Hands from each seat's own view, piles and the trick (a face-down lead from its leader's view), the
    stock from the state (its cards under the top are hidden from every view) and the removed cards."""
    views = [game.view(seat) for seat in range(game.config.players)]
    leader = views[views[0].leader]
    places: list[tuple[str, ...]] = [v.hand for v in views]
    places += list(views[0].piles)
    places.append(tuple(card for _, card, _ in leader.trick if card is not None))
    places.append(tuple(ttj.DECK[card] for card in game.lean().stock))
    places.append(views[0].removed)
    return places


def round_points(pile: tuple[str, ...]) -> int:
    """A pile's points with the reversals: all six scoring hearts count against, all six spades for."""
    held = set(pile)
    points = sum(ttj.POINTS[card] for card in pile)
    return points - (ttj.REVERSAL if held >= HEARTS else 0) + (ttj.REVERSAL if held >= SPADES else 0)


def soak_twotenjack(rounds: int, seed: int, stats: Counter[str]) -> None:
    rng = random.Random(seed)
    match = 0
    while stats["twotenjack_rounds"] < rounds:
        match += 1
        players = ttjg.MIN_PLAYERS + match % (ttjg.MAX_PLAYERS - ttjg.MIN_PLAYERS + 1)
        left = rounds - stats["twotenjack_rounds"]
        config = ttjg.TwoTenJackConfig(players, rounds=min(players, left))
        game = ttjg.TwoTenJackGame(config, rng.randrange(2**31))
        totals = [0] * players
        try:
            exactly_once(twotenjack_cards(game), ttj.DECK, f"Two-Ten-Jack match {match} deal")
            while not game.is_over:
                events = checked_step(game, twotenjack_easy.choose, rng, stats)
                exactly_once(twotenjack_cards(game), ttj.DECK, f"Two-Ten-Jack match {match}")
                for event in events:
                    if isinstance(event, ttjg.RoundScored):
                        _twotenjack_scored(event, totals, players, match)
                        stats["twotenjack_rounds"] += 1
                        stats[f"twotenjack_{players}p"] += 1
                    elif isinstance(event, ttjg.MatchOver):
                        check(
                            list(event.totals) == totals, f"match {match}: totals {event.totals} != {totals}"
                        )
        except Violation as exc:
            stats["violations"] += 1
            stats["twotenjack_rounds"] += 1  # the one it happened in, so a broken engine still ends the run
            print(f"Two-Ten-Jack match {match} ({players} players): {exc}", file=sys.stderr)


def _twotenjack_scored(event: ttjg.RoundScored, totals: list[int], players: int, match: int) -> None:
    where = f"match {match} round {event.round_no}"
    removed = ttj.removed_cards(players)
    exactly_once([*event.piles, removed], ttj.DECK, where + " piles")
    expected = tuple(round_points(pile) for pile in event.piles)
    check(event.points == expected, f"{where}: round points {event.points}, piles score {expected}")
    for seat in range(players):
        totals[seat] += event.points[seat]
    check(list(event.totals) == totals, f"{where}: totals {event.totals} != {totals}")


# --- Château Falkenstein -----------------------------------------------------------------------------------


def falkenstein_cards(game: fs.FalkensteinGame) -> list[tuple[str, ...]]:
    seats = len(game.config.characters)
    views = [game.view(seat) for seat in range(seats)]
    return [*(v.hand for v in views), views[0].discard, tuple(game._deck)]


def soak_falkenstein(challenges: int, seed: int, stats: Counter[str]) -> None:
    rng = random.Random(seed)
    session = 0
    while stats["falkenstein_challenges"] < challenges:
        session += 1
        cast = tuple(rng.sample(HEROES, rng.randint(1, min(fs.MAX_CHARACTERS, len(HEROES)))))
        left = challenges - stats["falkenstein_challenges"]
        config = fs.FalkensteinConfig(cast, max_challenges=min(rng.randint(4, 40), left))
        game = fs.FalkensteinGame(config, rng.randrange(2**31))
        host = ComputerHost(rng)
        try:
            exactly_once(falkenstein_cards(game), FALKENSTEIN_DECK, f"Falkenstein session {session} deal")
            while not game.is_over:
                seat = game.to_act
                if seat == fs.HOST:
                    action: fs.Action = host.next_challenge(game.view(fs.HOST), cast)
                elif isinstance(seat, int):
                    action = fs.PlayCard(seat, choose_card(game.view(seat), rng))
                else:
                    raise Violation(f"nobody to act in phase {game.phase}")
                check(action in game.legal_actions(), f"{seat} chose an illegal {action}")
                events = game.apply(action)
                stats["actions"] += 1
                exactly_once(falkenstein_cards(game), FALKENSTEIN_DECK, f"Falkenstein session {session}")
                if any(isinstance(e, fs.Resolved) for e in events):
                    stats["falkenstein_challenges"] += 1
                    sizes = [len(game.view(s).hand) for s in range(len(cast))]
                    check(all(n == fs.HAND_SIZE for n in sizes), f"session {session}: hands {sizes} not four")
        except Violation as exc:
            stats["violations"] += 1
            stats["falkenstein_challenges"] += (
                1  # the one it happened in, so a broken engine still ends the run
            )
            print(f"Falkenstein session {session}: {exc}", file=sys.stderr)


# --- the run -----------------------------------------------------------------------------------------------


def soak(deals: int, seed: int = 1) -> dict[str, int]:
    stats: Counter[str] = Counter(violations=0, actions=0)
    soak_koenigrufen(deals, seed, stats)
    soak_twotenjack(deals, seed, stats)
    soak_falkenstein(deals, seed, stats)
    return dict(sorted(stats.items()))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals, rounds and challenges of each game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    report: dict[str, Any] = soak(args.deals, args.seed)
    report["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(report))
    return 1 if report["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
