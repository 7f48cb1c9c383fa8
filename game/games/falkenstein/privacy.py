"""What each seat of a Château Falkenstein table may be told of an event, for a table played over the
network: a character's hand as dealt and the cards it draws are its own; the Host sees no hand. A
networked table is the hot seat's: every character and the Host are people."""

from __future__ import annotations

from dataclasses import replace
from typing import Any, get_args

from game.game_spec import HIDDEN, Privacy
from game.games.falkenstein import scenario as adventure
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.session import MAX_CHARACTERS, CardDrawn, Event, FalkensteinView, HandDealt
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup


def redact(event: Event, seat: int | str) -> Event:
    """`event` as `seat` (a character's, or the Host's "host") may see it."""
    if isinstance(event, HandDealt) and event.seat != seat:
        return replace(event, cards=(HIDDEN,) * len(event.cards))
    if isinstance(event, CardDrawn) and event.seat != seat:
        return replace(event, card=HIDDEN)
    return event


def new_setup(seed: int, seats: int, story: Any = None) -> FalkensteinSetup:
    """`seats` - 1 heroes and the Host, all people (the players' names are the table's, not the journal's),
    with the adventure `story` (its file's JSON, read whole: a FileProblem if it does not) or none."""
    if not 2 <= seats <= MAX_CHARACTERS + 1:
        raise ValueError(
            f"Falkenstein seats 1 to {MAX_CHARACTERS} characters and the Host, not {seats} seats"
        )
    heroes = tuple(SeatSetup(hero, "") for hero in HEROES[: seats - 1])
    scenario = None if story is None else adventure.read(story)
    return FalkensteinSetup("hotseat", heroes, seed=seed, scenario=scenario)


def story(setup: FalkensteinSetup) -> Any:
    """The table's adventure as `joined` carries it (None without one)."""
    return None if setup.scenario is None else adventure.to_json(setup.scenario)


PRIVACY = Privacy(
    FalkensteinView,
    get_args(Event),
    redact,
    new_setup=new_setup,
    seats=(2, MAX_CHARACTERS + 1),
    story=story,
    read_story=adventure.read,
)
