"""What playing Château Falkenstein takes (`game_spec.Parts`), loaded when a game of it is first opened."""

from __future__ import annotations

from game.game_spec import Parts, Summary
from game.games.falkenstein import privacy, sheet
from game.games.falkenstein import setup as falkenstein_setup
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.session import (
    HOST,
    EndSession,
    FalkensteinGame,
    PlayCard,
    SetChallenge,
)
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.i18n import tr

DEMO_HEROES = 2


def new_state(setup: FalkensteinSetup) -> FalkensteinGame:
    return setup.new_game()


def demo_setup(seed: int, players: int | None, level: str) -> FalkensteinSetup:
    """Two heroes and the Host, all played by the computer, over a stacked deck that shows the fireworks."""
    heroes = HEROES[: players or DEMO_HEROES]
    return FalkensteinSetup("demo", tuple(SeatSetup(hero, tr("fal.computer")) for hero in heroes), seed=seed)


def summary(setup: FalkensteinSetup, state: FalkensteinGame) -> Summary:
    tries = [0] * len(setup.seats)
    for resolved in state.history:
        tries[resolved.seat] += 1
    story = setup.story()
    ending = story.ending(state.ending) if story is not None else None
    return Summary(
        tuple(seat.character.name for seat in setup.seats),
        tuple(state.successes),
        len(state.history),
        state.is_over,
        tries=tuple(tries),
        success=ending.happy if ending is not None else None,
        scenario=story.title if story is not None else None,
        ending=ending.title if ending is not None else None,
        people=tuple(seat.player for seat in setup.seats),
    )


PARTS = Parts(
    setup_type=FalkensteinSetup,
    actions=(SetChallenge, PlayCard, EndSession),
    rules_version=1,
    new_state=new_state,
    encode_setup=falkenstein_setup.encode,
    decode_setup=falkenstein_setup.decode,
    demo_setup=demo_setup,
    summary=summary,
    view_seats=lambda state: [*range(len(state.config.characters)), HOST],
    final_sheet=sheet.final_sheet,
    privacy=privacy.PRIVACY,
)
