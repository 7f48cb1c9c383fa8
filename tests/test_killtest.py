"""The kill test's short form (`python tools/killtest.py all --runs 10` is the long one): a match being
played, two other saved matches beside it, is killed at a random moment; it replays and resumes, the menu
opens on the folder and lists all three, and the two others' bytes never changed."""

from __future__ import annotations

import random

from tool_loader import load_tool

killtest = load_tool("killtest")


def test_a_match_killed_mid_play_survives_and_so_do_the_two_saved_beside_it() -> None:
    report = killtest.kill_game("twotenjack", 1, random.Random(3))
    assert report["failures"] == [] and report["ok"] == 1
