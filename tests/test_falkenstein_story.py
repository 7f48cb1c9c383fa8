"""A session that plays an adventure: the story moves by each challenge's outcome, as its links say, to an
ending that ends the session; the path and the cards that decided it are in the events and the views; a
Host may set another challenge of the story; random play always ends on one of the endings."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from game.games.falkenstein.adventures import builtin
from game.games.falkenstein.data import HEROES
from game.games.falkenstein.resolution import DECK
from game.games.falkenstein.scenario import Scenario
from game.games.falkenstein.session import (
    HOST,
    FalkensteinConfig,
    FalkensteinGame,
    PlayCard,
    SessionOver,
    SetChallenge,
    StoryEnded,
    StoryTurned,
)


def game(
    story: Scenario, seats: int = 1, deck: tuple[str, ...] | None = None, seed: int = 1
) -> FalkensteinGame:
    return FalkensteinGame(FalkensteinConfig(HEROES[:seats], stacked_deck=deck, story=story), seed)


def stacked(*top: str) -> tuple[str, ...]:
    return top + tuple(card for card in DECK if card not in top)


def test_each_outcome_leads_where_the_challenge_says() -> None:
    story = builtin()[0]  # the King's Masque, from the gate
    gate = story.challenge("gate")
    assert gate is not None
    # the hero holds the red joker; the Host's first draw is a low card: a success, the raven next
    session = game(story, deck=stacked("RJ", "2S", "3S", "4S", "2D"))
    assert session.legal_actions() == [SetChallenge(0, gate.talent, gate.suit, gate.opposition, "gate")]
    session.apply(SetChallenge(0, gate.talent, gate.suit, gate.opposition))  # "": the story's own
    events = session.apply(PlayCard(0, "RJ"))
    turned = [e for e in events if isinstance(e, StoryTurned)]
    assert turned == [StoryTurned("gate", 0, "RJ", "2D", "success", "raven")]
    assert session.view(HOST).story_at == "raven" and session.view(0).path == tuple(turned)


def test_fireworks_take_their_own_link_and_an_ending_ends_the_session() -> None:
    story = builtin()[0]
    duel = story.challenge("duel")
    assert duel is not None and duel.on_fireworks == "midnight"
    session = game(story, deck=stacked("RJ", "2S", "3S", "4S", "BJ"))
    session.apply(SetChallenge(0, duel.talent, duel.suit, duel.opposition, "duel"))  # the Host picks it
    events = session.apply(PlayCard(0, "RJ"))
    assert StoryTurned("duel", 0, "RJ", "BJ", "fireworks", "midnight") in events
    assert events[-2:] == [StoryEnded("midnight", True), SessionOver()]
    assert session.is_over and session.ending == "midnight" and session.view(HOST).story_at == ""


def test_a_challenge_the_story_has_not_is_refused() -> None:
    session = game(builtin()[0])
    with pytest.raises(ValueError, match="no challenge 'ballroom'"):
        session.apply(SetChallenge(0, "fencing", "C", 3, "ballroom"))
    with pytest.raises(ValueError, match="no challenge 'midnight'"):  # an ending is not a challenge
        session.apply(SetChallenge(0, "fencing", "C", 3, "midnight"))
    plain = FalkensteinGame(FalkensteinConfig(HEROES[:1]), 1)
    with pytest.raises(ValueError, match="no story"):
        plain.apply(SetChallenge(0, "fencing", "C", 3, "gate"))


@pytest.mark.parametrize("index", range(3))
def test_random_play_always_reaches_an_ending_and_the_path_is_the_history(index: int) -> None:
    story = builtin()[index]
    endings = set()
    for seed in range(40):
        rng = random.Random(seed)
        session = game(story, seats=rng.randint(1, 3), seed=seed)
        for _ in range(400):
            if session.is_over:
                break
            session.apply(rng.choice(session.legal_actions()))
        assert session.is_over and story.ending(session.ending) is not None
        endings.add(session.ending)
        path, history = session.path, session.history
        assert len(path) == len(history)
        assert [(t.seat, t.played, t.drawn) for t in path] == [(r.seat, r.played, r.drawn) for r in history]
        assert path[0].node == story.start and all(a.to == b.node for a, b in pairwise(path))
    assert len(endings) >= 2
