"""A short random-input soak of the real app: no click, key, resize or focus loss may raise."""

from tool_loader import load_tool

monkey = load_tool("monkey")


def test_600_random_events_raise_nothing() -> None:
    """Heading first for the History (seeded with finished matches), then wherever the goals lead (the long
    form, every goal in turn: `tools/monkey.py`, 20,000 events by default)."""
    assert monkey.HINT_KEY in monkey.KEYS and "history" in monkey.GOALS
    report = monkey.run(600, seed=3, first_goal="history")
    assert report["events"] >= 600
    assert report["exceptions"] == 0
    visited = set(report["scenes_visited"])
    assert "menu" in visited and visited & {"falkenstein", "koenigrufen", "twotenjack"}, visited
    assert "history" in visited and report["history_sheets"] >= 1, report


def test_the_monkey_bids_in_a_koenigrufen_auction() -> None:
    """Heading first for the auction: the menu's rules turned to a profile with bidding, a person's bid
    panel reached and clicked about, nothing raised."""
    report = monkey.run(600, seed=5, first_goal="auction")
    assert report["exceptions"] == 0
    assert "auction" in report["scenes_visited"], report


def test_the_monkey_reaches_the_statistics_in_german() -> None:
    """Heading first for the History's statistics page, the app in German (the seed's first pick): reached
    through the menu and the History, clicked and keyed about, nothing raised."""
    report = monkey.run(300, seed=2, first_goal="statistics")
    assert report["exceptions"] == 0 and "de" in report["languages"], report
    assert "statistics" in report["scenes_visited"], report
