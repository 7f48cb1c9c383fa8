"""The History's statistics: per game, each player's matches played and won and average score, and for
games with contracts, each contract's bids and success rate per player.

They are counted from the summaries of the finished matches the History keeps (`game.history`), which
replays every file through the rules and keeps a bad one aside: nothing here reads a file or trusts what a
file claims. A person is counted by name across matches (a hot-seat group's names); a computer by its
level, whatever its seat was called. No pygame: the statistics scene words and draws these figures.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from game.game_spec import Summary
from game.history import Entry


@dataclass(frozen=True, order=True)
class Who:
    """A person by name, or a computer by level (`level` set, `name` empty)."""

    name: str
    level: str = ""


@dataclass(frozen=True)
class PlayerLine:
    who: Who
    played: int  # matches with at least one deal scored
    won: int  # matches played to their end among the winners (ties share), or a scenario met
    points: int  # the final scores, summed over the matches played
    deals: int  # the deals (rounds, challenges) those scores came from

    @property
    def per_match(self) -> float:
        return self.points / self.played if self.played else 0.0

    @property
    def per_deal(self) -> float | None:
        return self.points / self.deals if self.deals else None


@dataclass(frozen=True)
class ContractLine:
    contract: str
    who: Who | None  # None: every player's bids of the contract together
    bids: int  # times declared
    judged: int  # of those, the ones with a side that made or failed it (not Trischaken)
    made: int

    @property
    def rate(self) -> float | None:
        return self.made / self.judged if self.judged else None


@dataclass(frozen=True)
class EndingLine:
    """How often an adventure reached one of its endings (Falkenstein)."""

    scenario: Any  # the adventure's title, a `Text`
    ending: Any  # the ending's title, a `Text`
    happy: bool
    reached: int


@dataclass(frozen=True)
class Statistics:
    game: str
    matches: int  # finished matches of this game with at least one deal scored
    players: tuple[PlayerLine, ...]  # most matches first
    contracts: tuple[ContractLine, ...]  # most declared contract first, its total, then each bidder
    endings: tuple[EndingLine, ...] = ()  # by adventure, then most reached first


def who(summary: Summary, seat: int) -> Who:
    """Who played `seat`: a computer by its level, else the person's name."""
    level = summary.levels[seat] if seat < len(summary.levels) else ""
    if level:
        return Who("", level)
    people = summary.people if len(summary.people) == len(summary.names) else summary.names
    return Who(people[seat] or summary.names[seat])


def gather(entries: Iterable[Entry]) -> dict[str, Statistics]:
    """The statistics of every game with a readable history file among `entries` (unreadable ones skipped:
    the History has kept them aside and said so)."""
    by_game: dict[str, list[Summary]] = {}
    for entry in entries:
        if entry.summary is not None and entry.game:
            by_game.setdefault(entry.game, []).append(entry.summary)
    return {game: tally(game, summaries) for game, summaries in by_game.items()}


def tally(game: str, summaries: Iterable[Summary]) -> Statistics:
    """One game's statistics from its matches' summaries; a match where nothing was scored does not count."""
    counted = [s for s in summaries if s.played > 0]
    players: dict[Who, list[int]] = {}  # played, won, points, deals
    for summary in counted:
        for seat in range(len(summary.names)):
            line = players.setdefault(who(summary, seat), [0, 0, 0, 0])
            line[0] += 1
            line[1] += _won(summary, seat)
            line[2] += summary.scores[seat]
            line[3] += summary.tries[seat] if summary.tries else summary.played
    lines = [PlayerLine(w, *figures) for w, figures in players.items()]
    lines.sort(key=lambda line: (-line.played, -line.won, line.who.level != "", line.who))
    return Statistics(game, len(counted), tuple(lines), _contracts(counted), _endings(counted))


def _won(summary: Summary, seat: int) -> bool:
    if summary.success is not None:  # a scenario: its heroes win or lose together
        return summary.success
    return summary.over and seat in summary.winners


def _endings(summaries: list[Summary]) -> tuple[EndingLine, ...]:
    """Each adventure's endings reached, the adventures in the order first played, its endings by count."""
    counts: dict[Any, dict[tuple[Any, bool], int]] = {}
    for summary in summaries:
        if summary.scenario is not None and summary.ending is not None:
            by_ending = counts.setdefault(summary.scenario, {})
            key = (summary.ending, bool(summary.success))
            by_ending[key] = by_ending.get(key, 0) + 1
    return tuple(
        EndingLine(scenario, ending, happy, n)
        for scenario, by_ending in counts.items()
        for (ending, happy), n in sorted(by_ending.items(), key=lambda item: -item[1])
    )


def _contracts(summaries: list[Summary]) -> tuple[ContractLine, ...]:
    """Each declared contract (most declared first): every bid together, then each bidder's."""
    counts: dict[str, dict[Who | None, list[int]]] = {}  # contract -> who -> bids, judged, made
    for summary in summaries:
        for seat, contract, made in summary.contracts:
            by_who = counts.setdefault(contract, {})
            for key in (None, who(summary, seat)):
                figures = by_who.setdefault(key, [0, 0, 0])
                figures[0] += 1
                figures[1] += made is not None
                figures[2] += bool(made)
    out: list[ContractLine] = []
    for contract, by_who in sorted(counts.items(), key=lambda item: (-item[1][None][0], item[0])):
        out.append(ContractLine(contract, None, *by_who[None]))
        bidders = sorted(((w, f) for w, f in by_who.items() if w is not None), key=lambda i: (-i[1][0], i[0]))
        out.extend(ContractLine(contract, w, *figures) for w, figures in bidders)
    return tuple(out)
