"""The History's statistics, counted from hand-made match summaries (and from matches played through the
rules to the history): matches played and won per person and per computer level, average scores,
Königrufen's contracts with their bids and success rates; a broken history file is kept aside, not counted."""

from __future__ import annotations

from pathlib import Path

import pytest

from game import history
from game.autosave import history_dir
from game.game_spec import Summary
from game.games.falkenstein.scenario import Text
from game.games.koenigrufen import profile
from game.history import Entry, record_match
from game.seating import CardTableSetup, SeatPlayer
from game.sheets import running
from game.statistics import ContractLine, EndingLine, PlayerLine, Who, gather, tally


def card(names: str, scores: tuple[int, ...], played: int = 3, over: bool = True, **more: object) -> Summary:
    """A card-table match: one-letter names, the first a computer at "hard" when named "*"."""
    levels = tuple("hard" if n == "*" else "" for n in names)
    best = max(scores)
    winners = tuple(s for s, score in enumerate(scores) if score == best)
    return Summary(tuple(names), scores, played, over, winners, levels=levels, **more)  # type: ignore[arg-type]


ANNA, BEN, CARL, HARD = Who("A"), Who("B"), Who("C"), Who("", "hard")

PLAYERS = [
    pytest.param(
        [card("AB", (10, -10)), card("BA", (6, -6))],
        {ANNA: (2, 1, 4, 6), BEN: (2, 1, -4, 6)},
        id="the same names across matches are the same players",
    ),
    pytest.param(
        [card("A*", (1, -1)), card("*B", (-3, 3), played=5)],
        {ANNA: (1, 1, 1, 3), BEN: (1, 1, 3, 5), HARD: (2, 0, -4, 8)},
        id="computers are counted by level, whatever their seat",
    ),
    pytest.param(
        [card("ABC", (5, 5, -10))],
        {ANNA: (1, 1, 5, 3), BEN: (1, 1, 5, 3), CARL: (1, 0, -10, 3)},
        id="a tie shares the victory",
    ),
    pytest.param(
        [card("AB", (4, -4), over=False), card("AB", (0, 0), played=0, over=False)],
        {ANNA: (1, 0, 4, 3), BEN: (1, 0, -4, 3)},
        id="ended early: played, never won; nothing scored: not counted",
    ),
]


@pytest.mark.parametrize(("summaries", "expected"), PLAYERS)
def test_matches_played_and_won_and_points_per_player(
    summaries: list[Summary], expected: dict[Who, tuple[int, int, int, int]]
) -> None:
    stats = tally("twotenjack", summaries)
    assert {p.who: (p.played, p.won, p.points, p.deals) for p in stats.players} == expected
    assert stats.matches == sum(s.played > 0 for s in summaries)


def test_averages_per_match_and_per_deal() -> None:
    line = PlayerLine(ANNA, played=4, won=1, points=-10, deals=20)
    assert (line.per_match, line.per_deal) == (-2.5, -0.5)
    assert PlayerLine(ANNA, 0, 0, 0, 0).per_deal is None


def test_players_come_most_matches_first() -> None:
    stats = tally("twotenjack", [card("AB", (1, -1)), card("AC", (1, -1)), card("CA", (-1, 1))])
    assert [p.who for p in stats.players] == [ANNA, CARL, BEN]


def test_falkenstein_counts_the_people_and_a_scenario_won_together() -> None:
    session = Summary(("Hero", "Other"), (3, 1), 6, True, tries=(4, 2), success=True, people=("A", "B"))
    hotseat = Summary(("Hero",), (2,), 5, False, tries=(5,), people=("A",))
    stats = tally("falkenstein", [session, hotseat])
    assert {p.who: (p.played, p.won, p.points, p.deals) for p in stats.players} == {
        ANNA: (2, 1, 5, 9),
        BEN: (1, 1, 1, 2),
    }


def test_each_adventure_counts_the_endings_it_reached() -> None:
    masque, bell = Text(en="Masque"), Text(en="Bell")
    dawn, raven, ice = Text(en="Dawn"), Text(en="Raven"), Text(en="Ice")

    def ended(scenario: Text, ending: Text | None, happy: bool | None) -> Summary:
        return Summary(("Hero",), (1,), 3, True, tries=(3,), success=happy, scenario=scenario, ending=ending)

    played = [
        ended(masque, raven, False),
        ended(bell, ice, False),
        ended(masque, dawn, True),
        ended(masque, raven, False),
        ended(masque, None, None),  # ended by its players before an ending: not counted
    ]
    assert tally("falkenstein", played).endings == (
        EndingLine(masque, raven, False, 2),
        EndingLine(masque, dawn, True, 1),
        EndingLine(bell, ice, False, 1),
    )


CONTRACTS = [
    pytest.param(
        [((0, "dreier", True), (1, "dreier", False), (0, "rufer", True), (0, "dreier", True))],
        [
            ContractLine("dreier", None, 3, 3, 2),
            ContractLine("dreier", ANNA, 2, 2, 2),
            ContractLine("dreier", BEN, 1, 1, 0),
            ContractLine("rufer", None, 1, 1, 1),
            ContractLine("rufer", ANNA, 1, 1, 1),
        ],
        id="most declared first, its total then each bidder",
    ),
    pytest.param(
        [((2, "trischaken", None), (2, "trischaken", None))],
        [ContractLine("trischaken", None, 2, 0, 0), ContractLine("trischaken", CARL, 2, 0, 0)],
        id="trischaken is counted but never judged",
    ),
    pytest.param(
        [((0, "solo", False),), ((1, "solo", True),)],
        [
            ContractLine("solo", None, 2, 2, 1),
            ContractLine("solo", ANNA, 1, 1, 0),
            ContractLine("solo", BEN, 1, 1, 1),
        ],
        id="over several matches",
    ),
]


@pytest.mark.parametrize(("declared", "expected"), CONTRACTS)
def test_each_contract_bids_and_success_rate(
    declared: list[tuple[tuple[int, str, bool | None], ...]], expected: list[ContractLine]
) -> None:
    summaries = [card("ABCD", (3, 1, -1, -3), contracts=contracts) for contracts in declared]
    assert list(tally("koenigrufen", summaries).contracts) == expected


def test_success_rate_leaves_out_what_is_not_judged() -> None:
    assert ContractLine("rufer", None, 4, 4, 3).rate == 0.75
    assert ContractLine("trischaken", None, 2, 0, 0).rate is None


def test_unreadable_entries_are_left_out() -> None:
    good = Entry(Path("a.json"), 0.0, "twotenjack", card("AB", (2, -2)))
    bad = Entry(Path("b.json"), 0.0, "koenigrufen")
    assert set(gather([good, bad])) == {"twotenjack"}


def test_matches_played_through_the_rules_are_counted_and_a_broken_file_kept_aside() -> None:
    seats = (SeatPlayer("Anna", True), *(SeatPlayer(f"Computer {i}", False, "hard") for i in (2, 3, 4)))
    setup = CardTableSetup("koenigrufen", seats, 7, deals=4, rules=profile.load("austria"))
    record_match(setup, 1)
    broken = history_dir() / "20200101-120000-koenigrufen.json"
    broken.write_bytes(b'{"format": "atout-journal", "actions": [')
    stats = gather(history.entries())["koenigrufen"]
    assert not broken.exists() and list(history_dir().glob("*.bad-*"))
    assert stats.matches == 1
    assert [(p.who, p.played, p.deals) for p in stats.players] == [(HARD, 3, 12), (Who("Anna"), 1, 4)]
    assert sum(p.points for p in stats.players) == 0  # the settlement is zero-sum
    totals = [line for line in stats.contracts if line.who is None]
    assert sum(line.bids for line in totals) == 4  # one contract a deal
    for total in totals:
        bidders = [line for line in stats.contracts if line.contract == total.contract and line.who]
        assert sum(line.bids for line in bidders) == total.bids


@pytest.mark.parametrize(
    ("points", "totals"),
    [
        ([(3, -3), (-1, 1), (2, -2)], ((3, -3), (2, -2), (4, -4))),
        ([(0, 5, -5)], ((0, 5, -5),)),
    ],
)
def test_the_chart_of_a_match_holds_the_running_totals(
    points: list[tuple[int, ...]], totals: tuple[tuple[int, ...], ...]
) -> None:
    chart = running(("A", "B", "C")[: len(points[0])], points)
    assert chart is not None and chart.totals == totals


def test_no_chart_before_anything_was_scored() -> None:
    assert running(("A", "B"), []) is None


@pytest.mark.parametrize("over", [False, True])
def test_a_two_ten_jack_sheet_is_charted_once_the_match_is_over(over: bool) -> None:
    from game.games.twotenjack.rules import RoundScored
    from game.games.twotenjack.sheet import round_sheet

    scored = RoundScored(2, (4, -4), ((), ()), (), (9, -9))
    sheet = round_sheet(("A", "B"), scored, 2, over, (), [(5, -5), (4, -4)])
    assert (sheet.chart is not None) == over
    if sheet.chart is not None:
        assert sheet.chart.totals == ((5, -5), (9, -9))
