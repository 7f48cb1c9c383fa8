"""The computer players know only what their seat may see.

At positions where a seat decides, in every phase of both games, two cards the seat cannot see (in
other hands, in the talon before it is turned, among the declarer's hidden discards, in the stock, as a
face-down lead) trade places: renamed in the dealt deck and in every action that moves them, and chosen
so every past action stays legal. The swapped deal must replay, must put a hidden card somewhere else,
must give the seat the same view, and the same view must give the same decision at a fixed seed, at
every level. (A new deal or round is a single action, no decision.) Positions and swaps are fixed by
seeds and every loop is finite, so a leak fails the test rather than hanging it; the last test shows a
leaking `view` does fail it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import pytest

from game.ai import thinker
from game.ai.thinker import LEVELS, decide
from game.games.koenigrufen import rules as kr
from game.games.koenigrufen.cards import CARD_SUIT, KINGS, SUIT_NO, TRUMP
from game.games.twotenjack import rules as ttj
from game.games.twotenjack.cards import ACE_OF_SPADES, DECK, GUARDED, JOKER, SUIT

POSITIONS = 2  # per situation
DEALS = 40  # deals tried, at most, to find them
SEED = 11  # the decisions' seed

# where an unseen card lies: ("hand", seat), ("talon", half), ("discards", declarer), ("stock", index)
# (in drawing order), ("lead", leader)
Place = tuple[str, int]


@dataclass(frozen=True)
class Rules:
    """How a game is dealt from a stacked deck, and what its rules hide and allow."""

    name: str
    make: Callable[[tuple[str, ...]], Any]
    cards: tuple[str, ...]
    hidden: Callable[[Any, int, tuple[str, ...]], dict[str, Place]]  # card -> where it lies unseen
    swappable: Callable[[Any, str, Place, str, Place], bool]  # keeps every past action legal
    special: Callable[[Any, int, tuple[str, ...], str, Place], str | None]  # a card's own swap kind


# Königrufen: one deal, dealer 0, so seat 1 declares; the talon is the deck's last six cards.
TALON = kr.SEATS * kr.HAND_SIZE


def _kr_make(deck: tuple[str, ...]) -> kr.KoenigrufenGame:
    return kr.KoenigrufenGame(kr.KoenigrufenConfig(deals=1, first_dealer=0, stacked_deck=deck), 0)


def _kr_hidden(game: kr.KoenigrufenGame, seat: int, deck: tuple[str, ...]) -> dict[str, Place]:
    """Other hands, the talon until it is turned (then all six cards are public), and for a defender the
    declarer's discards but the trumps shown."""
    talon, turned, declarer = deck[TALON:], game.phase != "call", game.declarer
    places: dict[str, Place] = {}
    for other in range(kr.SEATS):
        if other != seat:
            places |= {c: ("hand", other) for c in game.view(other).hand if not (turned and c in talon)}
    if not turned:
        places |= {c: ("talon", i // kr.HALF) for i, c in enumerate(talon)}
    if seat != declarer:
        discards = game.view(declarer).discards
        places |= {c: ("discards", declarer) for c in discards if CARD_SUIT[c] != TRUMP and c not in talon}
    return places


def _kr_swappable(game: kr.KoenigrufenGame, x: str, px: Place, y: str, py: Place) -> bool:
    """The call and the talon choice are legal whatever the hands hold. Once tricks are played, a hand's
    suits decide which plays were legal, and the declarer's kings which discards were: same suit, and a
    king never to or from the declarer."""
    if game.phase != "tricks":
        return True
    declarers = {("hand", game.declarer), ("discards", game.declarer)}
    kings = x in KINGS or y in KINGS
    return SUIT_NO[x] == SUIT_NO[y] and not (kings and {px, py} & declarers)


def _kr_special(
    game: kr.KoenigrufenGame, seat: int, deck: tuple[str, ...], card: str, place: Place
) -> str | None:
    """Moving the called king moves the partnership."""
    return "called king" if card == game.view(seat).king else None


KOENIGRUFEN = Rules("koenigrufen", _kr_make, kr.DECK, _kr_hidden, _kr_swappable, _kr_special)

# Two-Ten-Jack: three players, one round, dealer 0, so seat 1 leads; the stock is drawn from deck[DEALT] on.
PLAYERS = 3
DEALT = ttj.HAND_SIZE * PLAYERS


def _ttj_make(deck: tuple[str, ...]) -> ttj.TwoTenJackGame:
    return ttj.TwoTenJackGame(ttj.TwoTenJackConfig(PLAYERS, rounds=1, first_dealer=0, stacked_deck=deck), 0)


def _ttj_hidden(game: ttj.TwoTenJackGame, seat: int, deck: tuple[str, ...]) -> dict[str, Place]:
    """Other hands but the cards drawn face up, the stock under its face-up top (all of it while the top is
    face down), and a face-down lead for all but its leader."""
    view = game.view(seat)
    known = ttj.known_holdings(view)
    places: dict[str, Place] = {}
    for other in range(PLAYERS):
        if other != seat:
            places |= {c: ("hand", other) for c in game.view(other).hand if c not in known[other]}
    drawn = len(deck) - DEALT - view.stock_count
    start = DEALT + drawn + (1 if drawn else 0)
    places |= {c: ("stock", i) for i, c in enumerate(deck[start:], start)}
    lead = game.view(view.leader).trick
    if lead and lead[0][2] and seat != view.leader:
        card = lead[0][1]
        assert card is not None
        places[card] = ("lead", view.leader)
    return places


def _ttj_kind(card: str) -> str:
    """What a hand's legal plays depend on: the suits, and the joker and the ace of spades, each its own."""
    return card if card in (JOKER, ACE_OF_SPADES) else SUIT[card] or ""


def _ttj_swappable(game: ttj.TwoTenJackGame, x: str, px: Place, y: str, py: Place) -> bool:
    """Stock cards never sat in a hand; any other card changes a hand, whose plays must stay legal."""
    return px[0] == py[0] == "stock" or _ttj_kind(x) == _ttj_kind(y)


def _ttj_special(
    game: ttj.TwoTenJackGame, seat: int, deck: tuple[str, ...], card: str, place: Place
) -> str | None:
    """The stock's face-down top card, before and after it is drawn."""
    if card != deck[DEALT]:
        return None
    return "face-down top" if place[0] == "stock" else "face-down draw"


TWOTENJACK = Rules("twotenjack", _ttj_make, ttj.pack(PLAYERS), _ttj_hidden, _ttj_swappable, _ttj_special)


def _shuffled(rules: Rules, rng: random.Random) -> tuple[str, ...]:
    return tuple(rng.sample(rules.cards, len(rules.cards)))


def _face_down_lead(rules: Rules, rng: random.Random) -> tuple[str, ...]:
    """A deal whose leader holds only the joker, spades and hearts, so the first lead is face down."""
    deck = _shuffled(rules, rng)
    guarded = [c for c in deck if c in GUARDED][: ttj.HAND_SIZE]
    rest = [c for c in deck if c not in guarded]
    return tuple(guarded.pop() if i % PLAYERS == 0 and i < DEALT else rest.pop() for i in range(len(deck)))


@dataclass(frozen=True)
class Situation:
    """A kind of decision: how its deals are made, when a position has come, and the kinds of swap each
    of its positions must offer."""

    name: str
    rules: Rules
    deal: Callable[[Rules, random.Random], tuple[str, ...]]
    reached: Callable[[Any], bool]  # of the view of the seat to act
    kinds: tuple[str, ...]


SITUATIONS = (
    Situation(
        "koenigrufen call",
        KOENIGRUFEN,
        _shuffled,
        lambda v: v.phase == "call",
        ("hand-hand", "hand-talon", "talon-talon"),
    ),
    Situation(
        "koenigrufen talon",
        KOENIGRUFEN,
        _shuffled,
        lambda v: v.phase == "talon",
        ("hand-hand", "called king"),
    ),
    Situation(
        "koenigrufen discard",
        KOENIGRUFEN,
        _shuffled,
        lambda v: v.phase == "discard",
        ("hand-hand", "called king"),
    ),
    Situation(
        "koenigrufen tricks, declarer",
        KOENIGRUFEN,
        _shuffled,
        lambda v: v.phase == "tricks" and v.seat == v.declarer and len(v.tricks) >= 3,
        ("hand-hand", "called king"),
    ),
    Situation(
        "koenigrufen tricks, defender",
        KOENIGRUFEN,
        _shuffled,
        lambda v: v.phase == "tricks" and v.seat != v.declarer and len(v.tricks) >= 3,
        ("hand-hand", "discards-hand", "called king"),
    ),
    Situation(
        "twotenjack opening lead",
        TWOTENJACK,
        _shuffled,
        lambda v: v.opening and not v.trick,
        ("hand-hand", "hand-stock", "stock-stock", "face-down top"),
    ),
    Situation(
        "twotenjack after a face-down lead",
        TWOTENJACK,
        _face_down_lead,
        lambda v: bool(v.trick) and v.trick[0][2],
        ("hand-hand", "hand-lead", "lead-stock", "hand-stock"),
    ),
    Situation(
        "twotenjack mid-round",
        TWOTENJACK,
        _shuffled,
        lambda v: len(v.tricks) >= 3,
        ("hand-hand", "hand-stock", "stock-stock", "face-down draw"),
    ),
)


@dataclass(frozen=True)
class Position:
    deck: tuple[str, ...]
    actions: tuple[Any, ...]
    seat: int
    swaps: tuple[tuple[str, str, str], ...]  # (kind, x, y), one per kind of the situation


def _swaps(rules: Rules, game: Any, seat: int, deck: tuple[str, ...]) -> dict[str, list[tuple[str, str]]]:
    """Every allowed swap of two unseen cards lying in different places, by kind."""
    places = rules.hidden(game, seat, deck)
    cards = sorted(places)
    found: dict[str, list[tuple[str, str]]] = {}
    for i, x in enumerate(cards):
        for y in cards[i + 1 :]:
            px, py = places[x], places[y]
            if px != py and rules.swappable(game, x, px, y, py):
                kind = (
                    rules.special(game, seat, deck, x, px)
                    or rules.special(game, seat, deck, y, py)
                    or "-".join(sorted((px[0], py[0])))
                )
                found.setdefault(kind, []).append((x, y))
    return found


def positions(situation: Situation) -> list[Position]:
    """The first POSITIONS positions, in deals of fixed seeds played at random, where the situation has
    come, the seat has a choice, and every kind of swap is on offer."""
    rules, found = situation.rules, []
    for seed in range(DEALS):
        rng = random.Random(seed)
        deck = situation.deal(rules, rng)
        game, actions = rules.make(deck), []
        while not game.is_over:
            seat = game.to_act
            legal = game.legal_actions()
            if len(legal) > 1 and situation.reached(game.view(seat)):
                swaps = _swaps(rules, game, seat, deck)
                if all(kind in swaps for kind in situation.kinds):
                    chosen = tuple((kind, *rng.choice(swaps[kind])) for kind in situation.kinds)
                    found.append(Position(deck, tuple(actions), seat, chosen))
                    break
            actions.append(rng.choice(legal))
            game.apply(actions[-1])
        if len(found) == POSITIONS:
            return found
    raise AssertionError(f"{situation.name}: fewer than {POSITIONS} positions in {DEALS} deals")


def _moved(action: Any, names: dict[str, str]) -> Any:
    """The action with the swapped cards renamed where it moves them (a play, a discard); a called king
    names a choice, not a card moved, and stays."""
    if hasattr(action, "card"):
        return replace(action, card=names.get(action.card, action.card))
    if hasattr(action, "cards"):
        return replace(action, cards=tuple(names.get(c, c) for c in action.cards))
    return action


def check_fairness(situation: Situation, level: str) -> None:
    """Every swap of every position: replays, moves a hidden card, keeps the view and the decision."""
    rules = situation.rules
    for position in positions(situation):
        game, seat = rules.make(position.deck), position.seat
        for action in position.actions:
            game.apply(action)
        view = game.view(seat)
        places = rules.hidden(game, seat, position.deck)
        decision = decide(rules.name, view, level, SEED)
        for kind, x, y in position.swaps:
            names = {x: y, y: x}
            deck = tuple(names.get(c, c) for c in position.deck)
            other, swap = rules.make(deck), f"{situation.name}: swapping {x} and {y} ({kind})"
            for action in position.actions:
                try:
                    other.apply(_moved(action, names))
                except ValueError as exc:
                    raise AssertionError(f"{swap} makes {action} illegal: {exc}") from exc
            moved = rules.hidden(other, seat, deck)
            traded = (moved.get(x), moved.get(y)) == (places[y], places[x])
            assert traded and places[x] != places[y], f"{swap} moved no hidden card"
            assert other.view(seat) == view, f"{swap} changed seat {seat}'s view"
            assert decide(rules.name, other.view(seat), level, SEED) == decision, (
                f"{swap} changed the decision"
            )


@pytest.fixture(autouse=True)
def shorter_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hard keeps both its searches, its own one shortened: this is about what it sees, not its strength."""
    monkeypatch.setitem(thinker.ITERATIONS, "hard", 60)
    monkeypatch.setitem(thinker.CANDIDATES, "hard", 4)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize("situation", SITUATIONS, ids=[s.name for s in SITUATIONS])
def test_cards_a_seat_cannot_see_never_change_its_view_nor_its_move(situation: Situation, level: str) -> None:
    check_fairness(situation, level)


def _leak_talon(game: Any, seat: int, view: Any) -> Any:
    return replace(view, talon=game._halves)


def _leak_discards(game: Any, seat: int, view: Any) -> Any:
    return replace(view, discards=game._discards)


def _leak_partner(game: Any, seat: int, view: Any) -> Any:
    return replace(view, partner=game.lean().partner)


def _leak_face_down_lead(game: Any, seat: int, view: Any) -> Any:
    return replace(
        view, trick=tuple((s, DECK[game._core.trick[i]], down) for i, (s, _, down) in enumerate(view.trick))
    )


def _leak_stock_top(game: Any, seat: int, view: Any) -> Any:
    return replace(view, stock=tuple(DECK[card] for card in game._core.stock[-1:]))


LEAKS = {
    "the talon before the call": (kr.KoenigrufenGame, _leak_talon, "koenigrufen call"),
    "the discards to the defenders": (kr.KoenigrufenGame, _leak_discards, "koenigrufen tricks, defender"),
    "the partner before the king is played": (
        kr.KoenigrufenGame,
        _leak_partner,
        "koenigrufen tricks, declarer",
    ),
    "a face-down lead": (ttj.TwoTenJackGame, _leak_face_down_lead, "twotenjack after a face-down lead"),
    "the stock's face-down top": (ttj.TwoTenJackGame, _leak_stock_top, "twotenjack opening lead"),
}


@pytest.mark.parametrize("leak", LEAKS)
def test_a_view_that_leaks_a_hidden_card_fails_the_check(monkeypatch: pytest.MonkeyPatch, leak: str) -> None:
    cls, reveal, name = LEAKS[leak]
    honest = cls.view

    def view(game: Any, seat: int) -> Any:
        return reveal(game, seat, honest(game, seat))

    monkeypatch.setattr(cls, "view", view)
    situation = next(s for s in SITUATIONS if s.name == name)
    with pytest.raises(AssertionError, match=r"changed seat \d's view"):
        check_fairness(situation, "easy")
