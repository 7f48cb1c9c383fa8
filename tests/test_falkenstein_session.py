"""The Falkenstein session: dealing, drawing, reshuffling, views, illegal actions, and the shipped data."""

import json
import random
import re
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.games.falkenstein.data import HERO_DESCRIPTIONS, HEROES, TALENTS
from game.games.falkenstein.resolution import DECK, SUITS, win_chance
from game.games.falkenstein.session import (
    CardDrawn,
    CardPlayed,
    ChallengeSet,
    Character,
    DeckReshuffled,
    FalkensteinConfig,
    FalkensteinGame,
    HandDealt,
    HostDrew,
    PlayCard,
    Resolved,
    SessionOver,
    SetChallenge,
    Talent,
    unseen,
    win_chances,
)
from game.i18n import LANGUAGES
from game.paths import ROOT

STRINGS = json.loads((ROOT / "game" / "i18n" / "falkenstein_strings.json").read_text(encoding="utf-8"))


def config(seats: int = 1, **options: object) -> FalkensteinConfig:
    return FalkensteinConfig(HEROES[:seats], **options)


def stacked(*top: str) -> tuple[str, ...]:
    """A full deck with `top` first, the rest in deck order."""
    return top + tuple(card for card in DECK if card not in top)


def check_cards(game: FalkensteinGame) -> None:
    """Hands + deck + discard are the 54 cards, none twice, and every seat holds four between plays."""
    views = [game.view(seat) for seat in range(len(game.config.characters))]
    known = [card for view in views for card in view.hand] + list(views[0].discard)
    assert len(known) == len(set(known))
    assert set(known) <= set(DECK)
    assert sum(views[0].hand_sizes) + views[0].deck_size + len(views[0].discard) == len(DECK)
    if game.phase == "challenge":
        assert set(views[0].hand_sizes) == {4}


def play_randomly(game: FalkensteinGame, rng: random.Random, challenges: int) -> list[object]:
    """Random legal actions, now and then a talent the character does not list."""
    events: list[object] = []
    for _ in range(challenges):
        if game.is_over:
            break
        action = rng.choice(game.legal_actions())
        if rng.random() < 0.1:
            action = SetChallenge(action.seat, "luck", rng.choice(SUITS), rng.randint(1, 6))
        events += game.apply(action)
        check_cards(game)
        events += game.apply(rng.choice(game.legal_actions()))
        check_cards(game)
    return events


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
def test_deal_four_each(seats: int) -> None:
    game = FalkensteinGame(config(seats), seed=7)
    hands = [game.view(seat).hand for seat in range(seats)]
    assert all(len(hand) == 4 for hand in hands)
    assert game.view(0).deck_size == 54 - 4 * seats
    assert game.view(0).discard == ()
    assert game.opening == tuple(HandDealt(seat, hand) for seat, hand in enumerate(hands))
    assert (game.phase, game.to_act, game.is_over) == ("challenge", "host", False)
    check_cards(game)


@settings(derandomize=True, max_examples=25, deadline=None)
@given(st.integers(1, 4), st.integers(0, 2**32))
def test_cards_are_conserved(seats: int, seed: int) -> None:
    game = FalkensteinGame(config(seats), seed)
    events = play_randomly(game, random.Random(seed), challenges=120)
    assert len(game.history) == 120
    assert any(isinstance(event, DeckReshuffled) for event in events)


def test_reshuffle_when_the_deck_runs_out() -> None:
    # One seat: 50 cards left after the deal, each challenge takes two (the Host's draw and the refill).
    game = FalkensteinGame(config(1), seed=3)
    for _ in range(25):
        game.apply(SetChallenge(0, "fencing", "C", 3))
        events = game.apply(PlayCard(0, game.view(0).hand[0]))
        assert not any(isinstance(event, DeckReshuffled) for event in events)
    assert (game.view(0).deck_size, len(game.view(0).discard)) == (0, 50)
    game.apply(SetChallenge(0, "fencing", "C", 3))
    # Nothing is unseen now: the Host will draw from the reshuffled discard pile, and the odds say so.
    view = game.view(0)
    assert unseen(view) == ()
    assert win_chances(view) == {c: win_chance(c, "C", "weaker", view.discard) for c in view.hand}
    played = game.view(0).hand[0]
    events = game.apply(PlayCard(0, played))
    assert [type(event) for event in events] == [CardPlayed, DeckReshuffled, HostDrew, Resolved, CardDrawn]
    assert events[1] == DeckReshuffled(50)
    assert game.view(0).deck_size == 48
    assert game.view(0).discard == (played, events[2].card)
    check_cards(game)


def test_refill_to_four_and_resolution_events() -> None:
    game = FalkensteinGame(config(2), seed=11)
    hand = game.view(1).hand
    challenge = ChallengeSet(1, "tinkering", "D", 5, 4, "stronger")
    assert game.apply(SetChallenge(1, "tinkering", "D", 4)) == [challenge]
    assert game.view(0).challenge == challenge
    assert (game.phase, game.to_act) == ("play", 1)
    events = game.apply(PlayCard(1, hand[2]))
    played, drew, resolved, refill = events
    assert played == CardPlayed(1, hand[2])
    assert resolved.played == hand[2] and resolved.drawn == drew.card
    assert (resolved.trump, resolved.standing, resolved.seat) == ("D", "stronger", 1)
    assert game.view(0).challenge is None
    assert refill == CardDrawn(1, game.view(1).hand[-1])
    assert game.view(1).hand[:3] == hand[:2] + hand[3:]
    assert game.view(0).discard == (hand[2], drew.card)
    assert game.history == (resolved,)
    assert (game.phase, game.to_act) == ("challenge", "host")


def test_same_seed_same_session() -> None:
    first, second = (FalkensteinGame(config(3), seed=42) for _ in range(2))
    assert play_randomly(first, random.Random(1), 60) == play_randomly(second, random.Random(1), 60)
    assert FalkensteinGame(config(3), seed=43).opening != first.opening


def test_max_challenges_ends_the_session() -> None:
    game = FalkensteinGame(config(2, max_challenges=3), seed=5)
    events = play_randomly(game, random.Random(5), challenges=10)
    assert len(game.history) == 3
    assert events[-1] == SessionOver()
    assert events.count(SessionOver()) == 1
    assert (game.phase, game.to_act, game.is_over, game.legal_actions()) == ("over", None, True, [])
    with pytest.raises(ValueError, match="phase 'over'"):
        game.apply(SetChallenge(0, "fencing", "C", 3))


def test_counters() -> None:
    game = FalkensteinGame(config(2), seed=9)
    play_randomly(game, random.Random(9), challenges=200)
    for seat in (0, 1):
        mine = [r for r in game.history if r.seat == seat]
        assert game.successes[seat] == sum(not r.host_wins for r in mine)
        assert game.fireworks[seat] == sum(r.fireworks for r in mine)
    assert sum(game.successes) > 0


def test_stacked_deck_fireworks() -> None:
    game = FalkensteinGame(config(1, stacked_deck=stacked("RJ", "2S", "3S", "4S", "BJ")), seed=0)
    assert game.view(0).hand == ("RJ", "2S", "3S", "4S")
    game.apply(SetChallenge(0, "courage", "H", 6))
    events = game.apply(PlayCard(0, "RJ"))
    assert events[1] == HostDrew("BJ")
    assert events[2] == Resolved(0, "RJ", "BJ", False, True, "joker_fireworks", "H", "weaker")
    assert (game.successes, game.fireworks) == ((1,), (1,))


@pytest.mark.parametrize(
    ("deck", "named"),
    [
        (stacked()[:-1], "BJ"),
        ((*stacked()[:-1], "2S"), "2S"),
        ((*stacked(), "2S"), "2S"),
        ((*stacked()[:-1], "ZZ"), "ZZ"),
    ],
)
def test_bad_stacked_deck(deck: tuple[str, ...], named: str) -> None:
    with pytest.raises(ValueError, match=named):
        config(1, stacked_deck=deck)


def test_bad_configs() -> None:
    with pytest.raises(ValueError, match="not 0"):
        FalkensteinConfig(())
    with pytest.raises(ValueError, match="not 5"):
        FalkensteinConfig(HEROES[:4] + HEROES[:1])
    with pytest.raises(ValueError, match="max_challenges"):
        config(1, max_challenges=0)
    with pytest.raises(ValueError, match="'X'"):
        Talent("fencing", "X", 3)
    with pytest.raises(ValueError, match="7"):
        Talent("fencing", "C", 7)
    with pytest.raises(ValueError, match="no talents"):
        Character("Nobody", ())
    with pytest.raises(ValueError, match="fencing"):
        Character("Twice", (Talent("fencing", "C", 3), Talent("fencing", "C", 4)))


def test_unlisted_talent_is_average() -> None:
    hero = Character("Anna", (Talent("fencing", "C", 5),))
    assert (hero.level_of("fencing"), hero.level_of("sorcery")) == (5, 2)
    game = FalkensteinGame(FalkensteinConfig((hero,)), seed=1)
    [challenge] = game.apply(SetChallenge(0, "sorcery", "D", 2))
    assert (challenge.level, challenge.standing) == (2, "equal")


def test_legal_actions() -> None:
    game = FalkensteinGame(config(2), seed=2)
    actions = game.legal_actions()
    assert len(actions) == 6 * (len(HEROES[0].talents) + len(HEROES[1].talents))
    assert SetChallenge(1, HEROES[1].talents[0].id, HEROES[1].talents[0].suit, 6) in actions
    game.apply(SetChallenge(1, "deduction", "D", 3))
    assert game.legal_actions() == [PlayCard(1, card) for card in game.view(1).hand]


@pytest.mark.parametrize(
    ("phase", "action", "reason"),
    [
        ("challenge", PlayCard(0, "2S"), "phase 'challenge'"),
        ("challenge", SetChallenge(2, "fencing", "C", 3), "seat: 2"),
        ("challenge", SetChallenge(-1, "fencing", "C", 3), "seat: -1"),
        ("challenge", SetChallenge(0, "fencing", "X", 3), "suit: 'X'"),
        ("challenge", SetChallenge(0, "fencing", "C", 7), "not 7"),
        ("challenge", SetChallenge(0, "fencing", "C", 0), "not 0"),
        ("challenge", SetChallenge(0, "", "C", 3), "talent"),
        ("challenge", "fold", "'fold'"),
        ("play", SetChallenge(0, "fencing", "C", 3), "phase 'play'"),
        ("play", PlayCard(1, "2S"), "seat 1 cannot play"),
        ("play", PlayCard(0, "ZZ"), "'ZZ' is not in seat 0's hand"),
    ],
)
def test_illegal_actions_are_refused(phase: str, action: object, reason: str) -> None:
    game = FalkensteinGame(config(2), seed=4)
    if phase == "play":
        game.apply(SetChallenge(0, "fencing", "C", 3))
    before = (game.view(0), game.view(1))
    with pytest.raises(ValueError, match=re.escape(reason)):
        game.apply(action)
    assert (game.view(0), game.view(1)) == before


def test_card_of_another_hand_is_refused() -> None:
    game = FalkensteinGame(config(2), seed=4)
    game.apply(SetChallenge(0, "fencing", "C", 3))
    other = game.view(1).hand[0]
    with pytest.raises(ValueError, match="not in seat 0's hand"):
        game.apply(PlayCard(0, other))


def test_view_shows_only_the_viewers_hand() -> None:
    # Two decks that differ only in seat 1's hand (swapped with cards deep in the deck).
    base = stacked()
    swapped = list(base)
    swapped[4:8], swapped[40:44] = base[40:44], base[4:8]
    games = [FalkensteinGame(config(2, stacked_deck=deck), seed=8) for deck in (base, tuple(swapped))]
    assert games[0].view(0) == games[1].view(0)
    assert games[0].view("host") == games[1].view("host")
    assert games[0].view(1).hand != games[1].view(1).hand
    host = games[0].view("host")
    assert (host.hand, host.hand_sizes, host.to_act) == ((), (4, 4), "host")
    with pytest.raises(ValueError, match="seat: 2"):
        games[0].view(2)


def test_unseen_and_win_chances() -> None:
    game = FalkensteinGame(config(2), seed=12)
    play_randomly(game, random.Random(12), challenges=5)
    game.apply(SetChallenge(1, "wealth", "S", 4))  # unlisted: Average against Great
    view = game.view(1)
    hidden = unseen(view)
    assert set(hidden) == set(DECK) - set(view.hand) - set(view.discard)
    assert set(game.view(0).hand) <= set(hidden)
    assert len(unseen(game.view("host"))) == 54 - len(view.discard)
    chances = win_chances(view)
    assert list(chances) == list(view.hand)
    assert all(chances[card] == win_chance(card, "S", "weaker", hidden) for card in view.hand)
    with pytest.raises(ValueError, match="seat 0"):
        win_chances(game.view(0))


# The shipped data: talents, heroes, and their translations.


def test_talents() -> None:
    assert len(TALENTS) >= 20
    assert all(re.fullmatch(r"[a-z][a-z_]*", tid) for tid in TALENTS)
    assert set(TALENTS.values()) == set(SUITS)
    assert min(Counter(TALENTS.values()).values()) >= 4
    for language in LANGUAGES:
        assert all(STRINGS[language][f"talent.{tid}"].strip() for tid in TALENTS)
    assert STRINGS["fr"]["talent.social_graces"] == "Savoir-vivre"
    assert all(STRINGS[language].keys() == STRINGS["en"].keys() for language in LANGUAGES)


def test_heroes() -> None:
    assert len(HEROES) >= 4
    assert len({hero.name for hero in HEROES}) == len(HEROES)
    for hero in HEROES:
        assert len(hero.talents) >= 6
        assert len({talent.suit for talent in hero.talents}) >= 3
        assert all(TALENTS[talent.id] == talent.suit for talent in hero.talents)
        levels = Counter(talent.level for talent in hero.talents)
        # One Extraordinary, or at most two Exceptional.
        assert (levels[6], levels[5]) in {(1, 0), (0, 0), (0, 1), (0, 2)}, hero.name
    assert HERO_DESCRIPTIONS.keys() == {hero.name for hero in HEROES}
    for language in LANGUAGES:
        assert all(STRINGS[language][key].strip() for key in HERO_DESCRIPTIONS.values())
