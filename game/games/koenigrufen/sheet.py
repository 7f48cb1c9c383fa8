"""The sheet at the end of a Königrufen deal or match, as plain data (the table and the History draw it):
the contract's outcome (both piles counted in threes for a positive contract; each player's tricks and
card points for a negative contract or Trischaken), the result, and the match's score sheet, each deal
under its contract's name, with its totals."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from game import seating
from game.games.koenigrufen.cards import CARD_POINTS, pile_points
from game.games.koenigrufen.core import ScoreItem
from game.games.koenigrufen.rules import DealScored, ScoreLine
from game.games.koenigrufen.words import contract_name, log_lines
from game.i18n import tr
from game.seating import CardTableSetup
from game.sheets import Chart

Group = tuple[tuple[str, ...], int]  # three cards (or the remainder) and what they count


@dataclass(frozen=True)
class Player:
    """One seat's own tally, where each counts for himself (Trischaken) or tricks are the objective."""

    tricks: int
    points: int  # the card points of the tricks it took, counted in threes
    gets: int  # what the deal's settlement gives it
    cards: tuple[str, ...] = ()  # the cards of its tricks, in the order taken


@dataclass(frozen=True)
class DealSheet:
    title: str
    names: tuple[str, ...]
    result: str  # who played with whom, the points and won or lost; "" when no deal was scored
    won: bool | None
    piles: tuple[tuple[Group, ...], ...]  # (declaring side, defenders), counted in threes; () when none
    lines: tuple[ScoreLine, ...]  # the match's score sheet so far
    totals: tuple[int, ...]
    over: bool
    log: tuple[str, ...] = ()
    players: tuple[Player, ...] = ()  # per seat, for a negative contract or Trischaken (else empty)
    objective: str = ""  # what the declaring side needed, in words
    contracts: bool = False  # the lines are named by their contract (a profile with an auction)
    items: tuple[ScoreItem, ...] = ()  # the deal's settlement line by line, where the engine reports it
    chart: Chart | None = None  # the running scores, on a finished match's sheet
    money: tuple[int, ...] = ()  # the deal's money, where Kontra counts in it only (else empty)
    money_totals: tuple[int, ...] = ()  # the money's totals so far, likewise


def groups_of_three(cards: tuple[str, ...]) -> tuple[Group, ...]:
    """The pile as counted at the table: each group of three is worth its sum minus 2, a remainder minus 1."""
    out = []
    for i in range(0, len(cards), 3):
        group = cards[i : i + 3]
        out.append((group, sum(CARD_POINTS[c] for c in group) - (2 if len(group) == 3 else 1)))
    return tuple(out)


def deal_sheet(
    names: Sequence[str], view: Any, scored: DealScored | None, over: bool, log: tuple[str, ...]
) -> DealSheet:
    """The sheet after the deal `scored` (None: a match ended before its first deal was scored)."""
    lines = tuple(view.score_sheet)
    money_totals = lines[-1].money_totals if lines else ()
    chart = chart_of(names, lines) if over else None
    title = tr("kr.final") if over else tr("kr.deal_title", n=lines[-1].deal_no if lines else 1)
    named = view.profile.bidding is not None
    if scored is None:
        return DealSheet(
            title,
            tuple(names),
            "",
            None,
            (),
            lines,
            tuple(view.totals),
            over,
            log,
            contracts=named,
            chart=chart,
            money_totals=money_totals,
        )
    contract = view.profile.contract(scored.contract)
    who = names[scored.declarer]
    won = tr("kr.won" if scored.won else "kr.lost")
    players: tuple[Player, ...] = ()
    piles: tuple[tuple[Group, ...], ...] = ()
    if contract.kind == "positive":
        side = (
            tr("kr.with_partner", declarer=who, partner=names[scored.partner])
            if scored.partner is not None
            else tr("kr.alone", declarer=who)
        )
        result = tr("kr.result_line", side=side, points=scored.declarer_side_points, result=won)
        piles = tuple(groups_of_three(pile) for pile in scored.piles)
        objective = tr("krt.needed", n=-(-contract.target // 3))
    else:
        players = seat_tallies(view.tricks, scored.settlement)
        if contract.kind == "trischaken":
            talon_last = view.profile.trischaken is not None and view.profile.trischaken.talon_to_last_trick
            objective = tr("krt.objective.trischaken_last" if talon_last else "krt.objective.trischaken")
            result = tr("krt.result.trischaken")
        else:
            taken = scored.tricks[scored.declarer]
            key = "krt.result.negative_one" if taken == 1 else "krt.result.negative"
            result = tr(key, declarer=who, n=taken, result=won)
            objective = tr("krt.objective.one" if contract.target == 1 else "krt.objective.none")
    if named:
        result = f"{contract_name(contract.id)} — {result}"
    return DealSheet(
        title,
        tuple(names),
        result,
        scored.won if contract.kind != "trischaken" else None,
        piles,
        lines,
        tuple(view.totals),
        over,
        log,
        players,
        objective,
        named,
        scored.items,
        chart,
        scored.money,
        money_totals,
    )


def chart_of(names: Sequence[str], lines: Sequence[ScoreLine]) -> Chart | None:
    """The running totals deal by deal (None before the first deal is scored)."""
    return Chart(tuple(names), tuple(line.totals for line in lines)) if lines else None


def seat_tallies(tricks: Sequence[Any], settlement: Sequence[int]) -> tuple[Player, ...]:
    """Each seat's tricks, their card points counted in threes, and what it gets, from the deal's tricks."""
    piles: list[list[str]] = [[] for _ in settlement]
    for trick in tricks:
        piles[trick.winner].extend(trick.cards)
    return tuple(
        Player(len(pile) // len(settlement), pile_points(pile), gets, tuple(pile))
        for pile, gets in zip(piles, settlement, strict=True)
    )


def final_sheet(setup: CardTableSetup, state: Any, events: Sequence[Any]) -> DealSheet:
    """A finished match's sheet, from its replayed state and events (the History's)."""
    names = seating.names(setup)
    rules = state.view(0).profile
    log = tuple(line for event in events for line in log_lines(event, names.__getitem__, rules))
    scored = [e for e in events if isinstance(e, DealScored)]
    view = state.view(0)
    sheet = deal_sheet(names, view, scored[-1] if scored else None, state.is_over, log)
    return replace(sheet, chart=chart_of(names, view.score_sheet))  # ended early too
