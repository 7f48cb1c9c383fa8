"""A Château Falkenstein session: characters with four-card hands, one shared Fortune deck, the Host.

The Host sets a challenge (seat, talent, trump suit, opposition), the challenged character plays one
card, the Host draws the top of the deck and `rules.falkenstein` decides. Everything that happens is
returned by `apply` as frozen-dataclass events, so the table scene can animate it and a save can
replay it from config + seed + actions.

Dealing: each seat in turn receives the next four cards from the top of the deck (seat 0 gets the
first four), so a `stacked_deck` is easy to write for demos and tests.

With a story (an adventure, `scenario.Scenario`), each challenge is one of its challenges: the one the story
has reached unless the Host names another, and its outcome moves the story on (`StoryTurned`) until it
reaches an ending (`StoryEnded`), which ends the session. The path and the cards that decided each turn are
in the events, so a journal replays the story as it went.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING

from game.game_spec import LATER
from game.games.falkenstein.resolution import (
    DECK,
    LEVELS,
    SUITS,
    check_card,
    check_level,
    explain,
    is_fireworks,
    standing_of,
    win_chance,
)

if TYPE_CHECKING:
    from game.games.falkenstein.scenario import Scenario

HAND_SIZE = 4
MAX_CHARACTERS = 4
AVERAGE = 2  # a talent the character does not list, as in the original game
HOST = "host"


class Phase(StrEnum):
    """Where a session stands: the Host sets a challenge, the challenged character plays, or it is over."""

    CHALLENGE = "challenge"
    PLAY = "play"
    OVER = "over"


@dataclass(frozen=True)
class Talent:
    id: str
    suit: str
    level: int

    def __post_init__(self) -> None:
        if not self.id:
            raise ValueError("a talent needs an id")
        if self.suit not in SUITS:
            raise ValueError(f"talent {self.id!r}: unknown suit {self.suit!r}")
        check_level(self.level, f"talent {self.id!r}")


@dataclass(frozen=True)
class Character:
    name: str
    talents: tuple[Talent, ...]

    def __post_init__(self) -> None:
        if not self.talents:
            raise ValueError(f"character {self.name!r} has no talents")
        ids = [talent.id for talent in self.talents]
        duplicates = sorted({tid for tid in ids if ids.count(tid) > 1})
        if duplicates:
            raise ValueError(f"character {self.name!r} lists talents twice: {duplicates}")

    def level_of(self, talent_id: str) -> int:
        """The talent's level; an unlisted talent is Average (2)."""
        return next((t.level for t in self.talents if t.id == talent_id), AVERAGE)


@dataclass(frozen=True)
class FalkensteinConfig:
    characters: tuple[Character, ...]
    max_challenges: int | None = None
    stacked_deck: tuple[str, ...] | None = None
    story: Scenario | None = None  # the adventure played, checked whole (`scenario.check`)

    def __post_init__(self) -> None:
        if not 1 <= len(self.characters) <= MAX_CHARACTERS:
            raise ValueError(f"1 to {MAX_CHARACTERS} characters, not {len(self.characters)}")
        if self.max_challenges is not None and self.max_challenges < 1:
            raise ValueError(f"max_challenges must be at least 1, not {self.max_challenges}")
        if self.stacked_deck is not None:
            _check_deck(self.stacked_deck)


def _check_deck(deck: tuple[str, ...]) -> None:
    for card in deck:
        check_card(card)
    duplicates = sorted({card for card in deck if deck.count(card) > 1})
    if duplicates:
        raise ValueError(f"stacked deck repeats cards: {duplicates}")
    if len(deck) != len(DECK):
        missing = [card for card in DECK if card not in deck]
        raise ValueError(f"stacked deck must hold all {len(DECK)} cards; missing {missing}")


@dataclass(frozen=True)
class SetChallenge:
    """Taken by the Host: the talent's suit is trump; any talent id is accepted, unlisted is Average. With a
    story, `node` names the story's challenge it sets ("": the one the story has reached)."""

    seat: int
    talent: str
    suit: str
    opposition: int
    node: str = field(default="", metadata={LATER: True})  # older journals' Host set no story's challenge


@dataclass(frozen=True)
class PlayCard:
    seat: int
    card: str


@dataclass(frozen=True)
class EndSession:
    """Taken by the Host instead of a challenge: the session ends here (a session without a scenario has
    no end of its own). Not among `legal_actions`, so random play and the computer never stop a session."""


Action = SetChallenge | PlayCard | EndSession


@dataclass(frozen=True)
class HandDealt:
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True)
class ChallengeSet:
    seat: int
    talent: str
    trump: str
    level: int
    opposition: int
    standing: str
    node: str = ""  # the story's challenge, with a story


@dataclass(frozen=True)
class CardPlayed:
    seat: int
    card: str


@dataclass(frozen=True)
class HostDrew:
    card: str


@dataclass(frozen=True)
class Resolved:
    seat: int
    played: str
    drawn: str
    host_wins: bool
    fireworks: bool
    reason: str
    trump: str
    standing: str


@dataclass(frozen=True)
class CardDrawn:
    seat: int
    card: str


@dataclass(frozen=True)
class DeckReshuffled:
    cards: int


@dataclass(frozen=True)
class StoryTurned:
    """The story moved on from challenge `node` after its `outcome` ("success", "failure", "fireworks"),
    decided by the cards `played` and `drawn`, to `to` (a challenge, or an ending)."""

    node: str
    seat: int
    played: str
    drawn: str
    outcome: str
    to: str


@dataclass(frozen=True)
class StoryEnded:
    ending: str
    happy: bool


@dataclass(frozen=True)
class SessionOver:
    pass


Event = (
    HandDealt
    | ChallengeSet
    | CardPlayed
    | HostDrew
    | Resolved
    | CardDrawn
    | DeckReshuffled
    | StoryTurned
    | StoryEnded
    | SessionOver
)


@dataclass(frozen=True)
class FalkensteinView:
    """What one seat (or the Host, seat "host") may know: its own hand and the public table."""

    seat: int | str
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    discard: tuple[str, ...]
    deck_size: int
    challenge: ChallengeSet | None
    history: tuple[Resolved, ...]
    phase: Phase
    to_act: int | str | None
    story_at: str = ""  # the challenge the story has reached ("" without a story, or at its end)
    path: tuple[StoryTurned, ...] = ()  # the story's turns so far
    ending: str = ""  # the ending reached


class FalkensteinGame:
    """Session state. Phases: "challenge" (the Host acts), "play" (the challenged seat acts), "over"."""

    def __init__(self, config: FalkensteinConfig, seed: int) -> None:
        self.config = config
        self._rng = random.Random(seed)
        cards = list(config.stacked_deck or DECK)
        if config.stacked_deck is None:
            self._rng.shuffle(cards)
        self._deck = deque(cards)
        self._discard: list[str] = []
        self._hands = [[self._deck.popleft() for _ in range(HAND_SIZE)] for _ in config.characters]
        self._challenge: ChallengeSet | None = None
        self._history: list[Resolved] = []
        self._phase = Phase.CHALLENGE
        story = config.story
        self._at = story.start if story is not None else ""
        self._path: list[StoryTurned] = []
        self._ending = ""
        # The initial deal, for the table scene to animate before the first action.
        self.opening: tuple[HandDealt, ...] = tuple(
            HandDealt(seat, tuple(hand)) for seat, hand in enumerate(self._hands)
        )

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> int | str | None:
        """The Host ("host") while a challenge is awaited, the challenged seat in play, None when over."""
        if self._phase is Phase.CHALLENGE:
            return HOST
        return None if self._challenge is None else self._challenge.seat

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def history(self) -> tuple[Resolved, ...]:
        return tuple(self._history)

    @property
    def successes(self) -> tuple[int, ...]:
        """Per seat, how many challenges the character won."""
        return self._count(lambda r: not r.host_wins)

    @property
    def fireworks(self) -> tuple[int, ...]:
        """Per seat, how many fireworks (a joker played, the other drawn)."""
        return self._count(lambda r: r.fireworks)

    def _count(self, keep: Callable[[Resolved], bool]) -> tuple[int, ...]:
        counts = [0] * len(self.config.characters)
        for resolved in self._history:
            counts[resolved.seat] += keep(resolved)
        return tuple(counts)

    @property
    def path(self) -> tuple[StoryTurned, ...]:
        return tuple(self._path)

    @property
    def ending(self) -> str:
        """The ending the story reached ("" before, or without a story)."""
        return self._ending

    def legal_actions(self) -> list[Action]:
        """For the Host: with a story, the challenge it has reached for each seat; else each seat's own
        talents at oppositions 1..6 (apply accepts any talent id with a valid suit too, another challenge of
        the story, and `EndSession`); for the challenged seat: one PlayCard per card in hand."""
        story = self.config.story
        if self._phase is Phase.CHALLENGE and story is not None:
            node = story.challenge(self._at)
            assert node is not None
            return [
                SetChallenge(seat, node.talent, node.suit, node.opposition, node.id)
                for seat in range(len(self.config.characters))
            ]
        if self._phase is Phase.CHALLENGE:
            return [
                SetChallenge(seat, talent.id, talent.suit, opposition)
                for seat, character in enumerate(self.config.characters)
                for talent in character.talents
                for opposition in LEVELS
            ]
        if self._challenge is not None and self._phase is Phase.PLAY:
            seat = self._challenge.seat
            return [PlayCard(seat, card) for card in self._hands[seat]]
        return []

    def apply(self, action: Action) -> list[Event]:
        """Carry out one action; an illegal one raises ValueError with the reason, changing nothing."""
        if isinstance(action, SetChallenge):
            return self._set_challenge(action)
        if isinstance(action, PlayCard):
            return self._play(action)
        if isinstance(action, EndSession):
            if self._phase is not Phase.CHALLENGE:
                raise ValueError(
                    f"the Host ends the session between challenges, not in phase {self._phase.value!r}"
                )
            self._phase = Phase.OVER
            return [SessionOver()]
        raise ValueError(f"not a Falkenstein action: {action!r}")

    def _set_challenge(self, action: SetChallenge) -> list[Event]:
        if self._phase is not Phase.CHALLENGE:
            raise ValueError(f"cannot set a challenge in phase {self._phase.value!r}")
        self._check_seat(action.seat)
        if action.suit not in SUITS:
            raise ValueError(f"unknown suit: {action.suit!r}")
        if not isinstance(action.talent, str) or not action.talent:
            raise ValueError("a challenge needs a talent id")
        node = self._story_node(action.node)
        level = self.config.characters[action.seat].level_of(action.talent)
        standing = standing_of(level, action.opposition)
        challenge = ChallengeSet(
            action.seat, action.talent, action.suit, level, action.opposition, standing, node
        )
        self._challenge = challenge
        self._phase = Phase.PLAY
        return [challenge]

    def _play(self, action: PlayCard) -> list[Event]:
        if self._phase is not Phase.PLAY or self._challenge is None:
            raise ValueError(f"cannot play a card in phase {self._phase.value!r}")
        challenge = self._challenge
        if action.seat != challenge.seat:
            raise ValueError(f"seat {action.seat!r} cannot play: seat {challenge.seat} is challenged")
        hand = self._hands[challenge.seat]
        if action.card not in hand:
            raise ValueError(f"card {action.card!r} is not in seat {challenge.seat}'s hand")
        hand.remove(action.card)
        events: list[Event] = [CardPlayed(challenge.seat, action.card)]
        drawn = self._draw(events)
        events.append(HostDrew(drawn))
        host_wins, reason = explain(action.card, drawn, challenge.trump, challenge.standing)
        resolved = Resolved(
            challenge.seat,
            action.card,
            drawn,
            host_wins,
            is_fireworks(action.card, drawn),
            reason,
            challenge.trump,
            challenge.standing,
        )
        self._history.append(resolved)
        events.append(resolved)
        self._discard += [action.card, drawn]
        while len(hand) < HAND_SIZE:
            card = self._draw(events)
            hand.append(card)
            events.append(CardDrawn(challenge.seat, card))
        self._challenge = None
        events += self._turn_story(challenge.node, resolved)
        max_challenges = self.config.max_challenges
        if self._ending or (max_challenges is not None and len(self._history) >= max_challenges):
            self._phase = Phase.OVER
            events.append(SessionOver())
        else:
            self._phase = Phase.CHALLENGE
        return events

    def _story_node(self, node: object) -> str:
        """The story's challenge a SetChallenge sets ("" without a story)."""
        story = self.config.story
        if story is None:
            if node:
                raise ValueError(f"no story to set the challenge {node!r} of")
            return ""
        chosen = node or self._at
        if not isinstance(chosen, str) or story.challenge(chosen) is None:
            raise ValueError(f"the story has no challenge {chosen!r}")
        return chosen

    def _turn_story(self, node: str, resolved: Resolved) -> list[Event]:
        """The story moved on by the outcome of its challenge `node` (nothing without a story)."""
        story = self.config.story
        challenge = story.challenge(node) if story is not None else None
        if story is None or challenge is None:
            return []
        outcome = "fireworks" if resolved.fireworks else "failure" if resolved.host_wins else "success"
        to = challenge.next(outcome)
        turned = StoryTurned(node, resolved.seat, resolved.played, resolved.drawn, outcome, to)
        self._path.append(turned)
        ending = story.ending(to)
        if ending is None:
            self._at = to
            return [turned]
        self._at, self._ending = "", to
        return [turned, StoryEnded(to, ending.happy)]

    def _draw(self, events: list[Event]) -> str:
        """Top card of the deck; an empty deck is first rebuilt from the shuffled discard pile."""
        if not self._deck:
            self._rng.shuffle(self._discard)
            self._deck.extend(self._discard)
            self._discard.clear()
            events.append(DeckReshuffled(len(self._deck)))
        return self._deck.popleft()

    def _check_seat(self, seat: object) -> int:
        """The seat, if this session has it (whatever a file or a caller passed)."""
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self._hands):
            raise ValueError(f"no such seat: {seat!r}")
        return seat

    def view(self, seat: int | str) -> FalkensteinView:
        """What `seat` may know; the Host ("host") sees no hands."""
        hand = () if seat == HOST else tuple(self._hands[self._check_seat(seat)])
        return FalkensteinView(
            seat=seat,
            hand=hand,
            hand_sizes=tuple(len(hand) for hand in self._hands),
            discard=tuple(self._discard),
            deck_size=len(self._deck),
            challenge=self._challenge,
            history=self.history,
            phase=self._phase,
            to_act=self.to_act,
            story_at=self._at,
            path=self.path,
            ending=self._ending,
        )


def unseen(view: FalkensteinView) -> tuple[str, ...]:
    """Every card the viewer cannot see: not in its own hand and not in the discard pile."""
    known = set(view.hand) | set(view.discard)
    return tuple(card for card in DECK if card not in known)


def win_chances(view: FalkensteinView) -> dict[str, Fraction]:
    """The challenged seat's chance of prevailing with each card of its hand.

    The Host's card comes from the unseen cards, except when the deck is empty: it is then rebuilt
    from the discard pile before the Host draws, so the draw comes from exactly the discard pile.
    """
    challenge = view.challenge
    if challenge is None or view.seat != challenge.seat:
        raise ValueError(f"seat {view.seat!r} is not facing a challenge")
    pool = unseen(view) if view.deck_size else view.discard
    return {card: win_chance(card, challenge.trump, challenge.standing, pool) for card in view.hand}
