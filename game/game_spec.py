"""What a game is, to the rest of the program: the description each game package gives of itself
(`game/games/<name>/spec.py`), which `game.registry` collects. No pygame, and nothing here imports a game
until it is asked about one: a spec names its parts by import path, as it names its scenes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cached_property
from importlib import import_module
from types import ModuleType
from typing import Any


@dataclass(frozen=True)
class Summary:
    """What the History lists of a match, read off its replayed state (never off what a file claims)."""

    names: tuple[str, ...]  # seat by seat: the player, or the character at Falkenstein
    scores: tuple[int, ...]  # the final totals (Falkenstein: each character's successes)
    played: int  # deals, rounds or challenges played
    over: bool  # played to its end (else ended by the players)
    winners: tuple[int, ...] = ()  # the seats with the best total
    tries: tuple[int, ...] = ()  # Falkenstein: challenges met by each character
    success: bool | None = None  # a Falkenstein adventure's outcome: a good ending; None without one
    scenario: Any = None  # a Falkenstein adventure's title, in its languages (a `Text`)
    ending: Any = None  # the title of the ending it reached (a `Text`), None before one
    # for the statistics: who played each seat (a person's name; "" where `names` already say it) and, for
    # a computer, its level ("" for a person); the contracts declared, as (seat, contract, made or not; None
    # where no side is judged, as in Trischaken)
    people: tuple[str, ...] = ()
    levels: tuple[str, ...] = ()
    contracts: tuple[tuple[int, str, bool | None], ...] = ()
    # for the Saved matches list: how many deals or rounds the match lasts, where it has a set length, and
    # the id of the rule profile it is played under, where the game has them
    length: int | None = None
    profile: str = ""


@dataclass(frozen=True)
class Computer:
    """A game's computer players: the rule-based `easy` one and the search the other levels run
    (`game.ai.thinker` drives both)."""

    easy: Callable[[Any, Any], Any]  # (view, rng) -> action
    search: ModuleType  # root_moves, habit, sampler, rollout, values, likelihood, action, reason
    # what the deal review (`game.review`) asks of the game: kind, lean, points, why, truth, MINOR, COSTLY
    review: ModuleType | None = None


@dataclass(frozen=True)
class Privacy:
    """What a game needs to be played over the network (`game.net`): a seat receives its view and the
    rules' events, each redacted to what that seat may know, and a client reads them back as records."""

    view: type  # the class of `view(seat)`
    events: tuple[type, ...]  # every event class its rules return
    # (event, seat) -> the event as that seat may see it: each card it may not know replaced by `HIDDEN`
    redact: Callable[[Any, Any], Any]
    profile: Callable[[Any], Any] | None = None  # a rule profile from its JSON form, where the game has them
    # (seed, seat count, story) -> a networked table's setup, every seat a person, where the game is not
    # seated as a card table (`seating.CardTableSetup`); the story is a Falkenstein adventure's JSON or None;
    # a ValueError (a FileProblem for the story) says why a count or a story is refused
    new_setup: Callable[[int, int, Any], Any] | None = None
    # a networked table's fewest and most seats, where they are not the game's players (Falkenstein: its
    # characters and the Host)
    seats: tuple[int, int] | None = None
    # a table's story (a Falkenstein adventure) as `joined` carries it to every window, and back as the game's
    # record there, read whole (a FileProblem says why not); None where the game has none
    story: Callable[[Any], Any] | None = None
    read_story: Callable[[Any], Any] | None = None


HIDDEN = "?"  # a card a seat may not know, in a redacted event
LATER = "later"  # an action field's metadata: added after the first journals, which lack it (its default)


@dataclass(frozen=True)
class Parts:
    """What playing a game takes: its rules, setup, computers, sheets and privacy. A game's package gives
    them in a module of their own (`game/games/<name>/parts.py`), imported only once a game is opened, a
    journal read or a table served (`GameSpec.parts`): listing the games in the menu imports none of it."""

    setup_type: type  # what a table of this game starts from: who sits where, the seed, the options
    actions: tuple[type, ...]  # every action its rules take; a journal names them by class name
    rules_version: int  # bumped when an action's meaning changes, so an old journal is refused
    new_state: Callable[[Any], Any]  # the rules state at the start of a match, from its setup
    encode_setup: Callable[[Any], dict[str, Any]]  # the setup as plain JSON, for journals
    decode_setup: Callable[[Any], Any]  # and back, every field checked (`storage.FileProblem` if not)
    demo_setup: Callable[[int, int | None, str], Any]  # (seed, players or None, level): computers only
    summary: Callable[[Any, Any], Summary]  # (setup, replayed state) -> what the History lists
    view_seats: Callable[[Any], Sequence[Any]]  # every seat with a view of the state (for digests)
    final_sheet: Callable[[Any, Any, Sequence[Any]], Any]  # (setup, state, events): a finished match's sheet
    computer: Computer | None = None  # levelled computer players, where the game has them
    # a rule profile it ships, by id, for a setup's `rules` (ValueError naming the ids for an unknown one);
    # None where the game has no profiles
    rule_profile: Callable[[str], Any] | None = None
    privacy: Privacy | None = None  # how it is played over the network; None: it is not


@dataclass(frozen=True)
class GameSpec:
    """One game, as everything outside its package sees it: what the menu lists (its id, seats, cards and
    scenes, named by import path) and, loaded at the first question about them, its `Parts`."""

    id: str  # its name in journals, on the command line and in translation keys (`menu.game.<id>.name`)
    seats: tuple[int, int]  # the fewest and most players
    parts: str  # where its `Parts` are, "module:NAME"
    table: str  # its table scene, "module:Class"
    pack: str  # its card faces: assets/cards/<pack>/
    fan: tuple[str, str, str]  # three of its cards, fanned on its menu page
    start: str = "game.scenes.card_start:CardTableStart"  # its menu start section, "module:Class"
    score_scene: str = "game.scenes.score:ScoreScene"  # what draws its sheet: (app, sheet, way out)
    bench: str = ""  # the module whose PATHS `tools/bench.py` times (and its `playouts`, if any)

    @cached_property
    def loaded(self) -> Parts:
        """Its parts, imported at the first question about them."""
        module, _, name = self.parts.partition(":")
        parts = getattr(import_module(module), name)
        if not isinstance(parts, Parts):
            raise TypeError(f"{self.parts} is not a game's Parts")
        return parts

    @property
    def setup_type(self) -> type:
        return self.loaded.setup_type

    @property
    def actions(self) -> tuple[type, ...]:
        return self.loaded.actions

    @property
    def rules_version(self) -> int:
        return self.loaded.rules_version

    @property
    def new_state(self) -> Callable[[Any], Any]:
        return self.loaded.new_state

    @property
    def encode_setup(self) -> Callable[[Any], dict[str, Any]]:
        return self.loaded.encode_setup

    @property
    def decode_setup(self) -> Callable[[Any], Any]:
        return self.loaded.decode_setup

    @property
    def demo_setup(self) -> Callable[[int, int | None, str], Any]:
        return self.loaded.demo_setup

    @property
    def summary(self) -> Callable[[Any, Any], Summary]:
        return self.loaded.summary

    @property
    def view_seats(self) -> Callable[[Any], Sequence[Any]]:
        return self.loaded.view_seats

    @property
    def final_sheet(self) -> Callable[[Any, Any, Sequence[Any]], Any]:
        return self.loaded.final_sheet

    @property
    def computer(self) -> Computer | None:
        return self.loaded.computer

    @property
    def rule_profile(self) -> Callable[[str], Any] | None:
        return self.loaded.rule_profile

    @property
    def privacy(self) -> Privacy | None:
        return self.loaded.privacy
