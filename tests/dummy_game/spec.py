"""Higher Card's registry entry: all a game needs to give the rest of Atout."""

from __future__ import annotations

from typing import Any

from dummy_game import computer, sheet_words
from dummy_game.rules import HigherCard, Play
from game import seating
from game.game_spec import Computer, GameSpec, Parts
from game.seating import CardTableSetup


def summary(setup: CardTableSetup, state: HigherCard) -> Any:
    return seating.summary(setup, tuple(state.totals), 3 - len(state.hands[0]), state.is_over)


PARTS = Parts(
    setup_type=CardTableSetup,
    actions=(Play,),
    rules_version=1,
    new_state=lambda setup: HigherCard(setup.seed),
    encode_setup=seating.encode,
    decode_setup=seating.decoder("highcard", 2, 2),
    demo_setup=lambda seed, players, level: seating.computers("highcard", seed, 2, level),
    summary=summary,
    view_seats=lambda state: range(2),
    final_sheet=sheet_words.final_sheet,
    computer=Computer(computer.choose, computer),
)
SPEC = GameSpec(
    id="highcard",
    seats=(2, 2),
    parts="dummy_game.spec:PARTS",
    table="dummy_game.table:HigherCardTable",
    pack="french",
    fan=("2H", "3H", "4H"),
)
