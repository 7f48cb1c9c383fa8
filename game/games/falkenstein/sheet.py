"""The sheet at the end of a Falkenstein session, as plain data (the table and the History draw it): each
character's challenges, successes and fireworks, the adventure's ending, and the path taken to it with the
cards that decided each turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.games.falkenstein.scenario import Scenario
from game.games.falkenstein.session import Resolved, StoryTurned
from game.games.falkenstein.setup import FalkensteinSetup
from game.games.falkenstein.words import card_name, log_lines
from game.i18n import language, tr
from game.sheets import ScoreSheet, running


def path_lines(story: Scenario, path: Sequence[StoryTurned], names: Sequence[str]) -> tuple[str, ...]:
    """The path taken, a line a turn: the challenge, who met it, the cards, the outcome and where it led."""
    lang = language()
    key = "score.fal_path_step" if len(names) > 1 else "score.fal_path_step_solo"  # one hero: no name
    return tuple(
        tr(
            key,
            n=n,
            challenge=story.title_of(turn.node).get(lang),
            name=names[turn.seat] if 0 <= turn.seat < len(names) else "",
            played=card_name(turn.played),
            drawn=card_name(turn.drawn),
            outcome=tr(f"score.fal_outcome.{turn.outcome}"),
            to=story.title_of(turn.to).get(lang),
        )
        for n, turn in enumerate(path, 1)
    )


def session_sheet(
    setup: FalkensteinSetup,
    history: Sequence[Resolved],
    log: tuple[str, ...],
    path: Sequence[StoryTurned] = (),
    ending: str = "",
) -> ScoreSheet:
    """The sheet from the challenges resolved and the story's path (a local state's, or a seat's view of a
    networked table: both hold them all)."""
    attempts, successes, fireworks = ([0] * len(setup.seats) for _ in range(3))
    for resolved in history:
        attempts[resolved.seat] += 1
        successes[resolved.seat] += not resolved.host_wins
        fireworks[resolved.seat] += resolved.fireworks
    rows = tuple(
        (s.character.name, str(attempts[i]), str(successes[i]), str(fireworks[i]))
        for i, s in enumerate(setup.seats)
    )
    scenario = setup.story()
    words, success, title = "", None, tr("fal.title")
    taken: tuple[str, ...] = ()
    names = tuple(row[0] for row in rows)
    if scenario:
        title = scenario.title.get(language())
        reached = scenario.ending(ending)
        if reached is not None:
            success = reached.happy
            words = f"{reached.title.get(language())}\n{reached.text.get(language())}"
        taken = path_lines(scenario, path, names)
    subtitle = tr("score.fal_summary", ok=sum(successes), n=len(history), fw=sum(fireworks))
    headers = (tr("score.character"), tr("score.challenges"), tr("score.successes"), tr("score.fireworks"))
    won = [tuple(int(r.seat == seat and not r.host_wins) for seat in range(len(rows))) for r in history]
    return ScoreSheet(title, subtitle, headers, rows, words, log, success, running(names, won), taken)


def final_sheet(setup: FalkensteinSetup, state: Any, events: Sequence[Any]) -> ScoreSheet:
    """A finished session's sheet, from its replayed state and events (the History's)."""
    names = [seat.character.name for seat in setup.seats]
    log = tuple(line for event in events for line in log_lines(event, names.__getitem__))
    return session_sheet(setup, state.history, log, state.path, state.ending)
