"""The computer players know only what their seat may see.

At positions where a seat decides, in every phase of both games, two cards the seat cannot see (in
other hands but cards laid open, in the talon while it is unseen, among the declarer's hidden discards,
in the stock, as a face-down lead) trade places: renamed in the dealt deck and in every action that
moves them, and chosen so every past action stays legal (a cheap test per game, then a replay). Königrufen
is also played under the `austria` and `cheltenham` profiles: the auction, the announcements (the
auction steered to a Rufer), the discard and the tricks of several contracts (a talon nobody sees, the
colour rule's hidden trumps, Trischaken, a negative contract, an ouvert one whose open hands are part of
the view), where normal and hard search, their bids, calls, announcements and Kontras included. The
swapped deal must replay, must put a hidden card somewhere else, must give the seat the same view, and the
same view must give the same decision at a fixed seed, at every level. (A new deal or round is a single
action, no decision.) Positions and swaps are fixed by seeds and every loop is finite, so a leak fails
the test rather than hanging it; the last test shows a leaking `view` does fail it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cache, partial
from typing import Any

import pytest
from test_koenigrufen_profiles import steered_bid

from game.ai import thinker
from game.ai.thinker import LEVELS, decide
from game.games.koenigrufen import rules as kr
from game.games.koenigrufen.cards import CARD_SUIT, KINGS, SUIT_NO, TRUMP
from game.games.koenigrufen.profile import CARDAVIA, Profile, load
from game.games.twotenjack import rules as ttj
from game.games.twotenjack.cards import ACE_OF_SPADES, DECK, GUARDED, JOKER, SUIT

POSITIONS = 2  # per situation
DEALS = 40  # deals tried, at most, to find them
TRIES = 20  # swaps of a kind tried, at most, for one that keeps every past action legal
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
    swappable: Callable[[Any, str, Place, str, Place], bool]  # a first, cheap test that the past stays legal
    special: Callable[[Any, int, tuple[str, ...], str, Place], str | None]  # a card's own swap kind


# Königrufen: one deal, dealer 0, so seat 1 is forehand (the declarer without an auction); the talon is
# the deck's last six cards.
TALON = kr.SEATS * kr.HAND_SIZE


def _kr_make(profile: Profile, deck: tuple[str, ...]) -> kr.KoenigrufenGame:
    config = kr.KoenigrufenConfig(deals=1, first_dealer=0, stacked_deck=deck, profile=profile)
    return kr.KoenigrufenGame(config, 0)


def _kr_hidden(game: kr.KoenigrufenGame, seat: int, deck: tuple[str, ...]) -> dict[str, Place]:
    """What the rules leave unseen, read from the profile, not from the view under test: other hands but
    the cards laid open (ouvert, after the first trick: the declarer's hand, or every hand) and the talon
    cards turned up for all (a contract whose talon is shown, once the king is called); the talon while it
    lies unseen; for a defender the declarer's discards but the shown pool (trumps, or the suit cards after
    a trumps-first discard); the called king once the rules made the partnership public (the core's
    `shown`: the king played, or the partner spoke for his side in the announcements)."""
    view, declarer, profile = game.view(seat), game.declarer, game.config.profile
    contract = None if view.contract is None else profile.contract(view.contract)
    turned = contract is not None and contract.talon_shown and game.phase != "call"
    public = set(deck[TALON:]) if turned else set()
    if game.lean().shown and view.king is not None:
        public.add(view.king)
    laid_open = contract is not None and contract.ouvert and bool(view.tricks)
    open_seats = range(kr.SEATS) if laid_open and profile.ouvert_all else [declarer] if laid_open else []
    played = {card for trick in (*view.tricks, view.trick) for card in trick.cards}
    discards = game.view(declarer).discards
    places: dict[str, Place] = {}
    held: set[str] = set()
    for other in range(kr.SEATS):
        hand = game.view(other).hand
        held.update(hand)
        if other != seat and other not in open_seats:
            places |= {c: ("hand", other) for c in hand if c not in public}
    if seat != declarer and contract is not None:
        unseen = (c for c in discards if (CARD_SUIT[c] == TRUMP) == contract.trumps_first and c not in public)
        places |= {c: ("discards", declarer) for c in unseen}
    gone = held | played | set(discards) | public
    return places | {c: ("talon", i // kr.HALF) for i, c in enumerate(deck[TALON:]) if c not in gone}


def _kr_swappable(game: kr.KoenigrufenGame, x: str, px: Place, y: str, py: Place) -> bool:
    """Once tricks are played, a hand's suits decide which plays were legal, and the declarer's kings
    which discards were: same suit, and a king never to or from the declarer. (What else a past action
    depended on, a hand's kings in the auction, a held bird or the sides in the announcements, the
    overtaking rule, the replay checks.)"""
    if game.phase == "announce":  # the called king cannot go to a seat that spoke: speaking shows the partner
        king, talk = game.view(0).king, game.lean().talk
        spoke = {("hand", seat) for seat, word in (talk.said if talk else ()) if word}
        return not ({x, y} & {king} and {px, py} & spoke)
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


def _koenigrufen(profile: Profile) -> Rules:
    return Rules("koenigrufen", partial(_kr_make, profile), kr.DECK, _kr_hidden, _kr_swappable, _kr_special)


AUSTRIA_RULES, CHELTENHAM_RULES = load("austria"), load("cheltenham")
KOENIGRUFEN = _koenigrufen(CARDAVIA)
AUSTRIA = _koenigrufen(AUSTRIA_RULES)
CHELTENHAM = _koenigrufen(CHELTENHAM_RULES)

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


def _at_random(legal: list[Any], rng: random.Random) -> Any:
    return rng.choice(legal)


def _declaring(profile: Profile, contract: str) -> Callable[[list[Any], random.Random], Any]:
    """Random play after an auction steered to `contract` (`steered_bid`). In the announcements half the
    words are passes, so that a partner often stays hidden (speaking shows him)."""
    bidding = profile.bidding
    assert bidding is not None

    def steer(legal: list[Any], rng: random.Random) -> Any:
        quiet = [a for a in legal if isinstance(a, kr.AnnouncePass)]
        if quiet and rng.random() < 0.5:
            return quiet[0]
        return steered_bid(legal, contract, bidding.neutral) or rng.choice(legal)

    return steer


@dataclass(frozen=True)
class Situation:
    """A kind of decision: how its deals are made and played, when a position has come, and the kinds of
    swap each of its positions must offer."""

    name: str
    rules: Rules
    deal: Callable[[Rules, random.Random], tuple[str, ...]]
    reached: Callable[[Any], bool]  # of the view of the seat to act
    kinds: tuple[str, ...]
    steer: Callable[[list[Any], random.Random], Any] = field(default=_at_random)  # the actions before


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
        "austria auction",
        AUSTRIA,
        _shuffled,
        lambda v: v.phase == "bid" and len(v.bids) >= 2,
        ("hand-hand", "hand-talon", "talon-talon"),
    ),
    Situation(
        "cheltenham auction",
        CHELTENHAM,
        _shuffled,
        lambda v: v.phase == "bid" and len(v.bids) >= 2,
        ("hand-hand", "hand-talon", "talon-talon"),
    ),
    Situation(
        "austria rufer call",  # the king called after an auction, the talon still unseen
        AUSTRIA,
        _shuffled,
        lambda v: v.phase == "call",
        ("hand-hand", "hand-talon", "talon-talon"),
        _declaring(AUSTRIA_RULES, "rufer"),
    ),
    Situation(
        "austria solorufer announcements, defender",  # a Kontra weighed with the talon unseen
        AUSTRIA,
        _shuffled,
        lambda v: v.phase == "announce" and v.seat != v.declarer,
        ("hand-hand", "hand-talon"),
        _declaring(AUSTRIA_RULES, "solorufer"),
    ),
    Situation(
        "austria rufer announcements, declarer",
        AUSTRIA,
        _shuffled,
        lambda v: v.phase == "announce" and v.seat == v.declarer and bool(v.said) and v.partner is None,
        ("hand-hand", "called king"),
        _declaring(AUSTRIA_RULES, "rufer"),
    ),
    Situation(
        "austria rufer announcements, defender",
        AUSTRIA,
        _shuffled,
        lambda v: v.phase == "announce" and v.seat != v.declarer,
        ("hand-hand", "discards-hand", "called king"),
        _declaring(AUSTRIA_RULES, "rufer"),
    ),
    Situation(
        "cheltenham rufer announcements, declarer",
        CHELTENHAM,
        _shuffled,
        lambda v: v.phase == "announce" and v.seat == v.declarer and bool(v.said) and v.partner is None,
        ("hand-hand", "called king"),
        _declaring(CHELTENHAM_RULES, "rufer"),
    ),
    Situation(
        "cheltenham rufer announcements, defender",
        CHELTENHAM,
        _shuffled,
        lambda v: v.phase == "announce" and v.seat != v.declarer,
        ("hand-hand", "discards-hand", "called king"),
        _declaring(CHELTENHAM_RULES, "rufer"),
    ),
    Situation(
        "austria piccolo tricks",
        AUSTRIA,
        _shuffled,
        lambda v: v.phase == "tricks" and len(v.tricks) >= 2,
        ("hand-hand", "hand-talon", "talon-talon"),
        _declaring(AUSTRIA_RULES, "piccolo"),
    ),
    Situation(
        "austria sechserdreier tricks, defender",  # the whole talon taken unseen, six cards laid away
        AUSTRIA,
        _shuffled,
        lambda v: v.phase == "tricks" and v.seat != v.declarer and len(v.tricks) >= 2,
        ("hand-hand", "discards-hand"),
        _declaring(AUSTRIA_RULES, "sechserdreier"),
    ),
    Situation(
        "austria bettel ouvert tricks",  # every hand open after the first trick: only the talon unseen
        AUSTRIA,
        _shuffled,
        lambda v: v.phase == "tricks" and len(v.tricks) >= 1,
        ("talon-talon",),
        _declaring(AUSTRIA_RULES, "bettel_ouvert"),
    ),
    Situation(
        "cheltenham piccolo ouvert tricks, defender",  # the declarer's hand open after the first trick
        CHELTENHAM,
        _shuffled,
        lambda v: v.phase == "tricks" and v.seat != v.declarer and len(v.tricks) >= 1,
        ("hand-hand", "hand-talon", "talon-talon"),
        _declaring(CHELTENHAM_RULES, "piccolo_ouvert"),
    ),
    Situation(
        "austria dreier discard",  # the search's own discards, the other half public
        AUSTRIA,
        _shuffled,
        lambda v: v.phase == "discard",
        ("hand-hand",),
        _declaring(AUSTRIA_RULES, "dreier"),
    ),
    Situation(
        "austria solorufer tricks, defender",  # the talon nobody sees, maybe holding the called king
        AUSTRIA,
        _shuffled,
        lambda v: v.phase == "tricks" and v.seat != v.declarer and len(v.tricks) >= 2,
        ("hand-hand", "hand-talon"),
        _declaring(AUSTRIA_RULES, "solorufer"),
    ),
    Situation(
        "austria farbendreier tricks, defender",  # the colour rule; the trumps laid away hidden
        AUSTRIA,
        _shuffled,
        lambda v: v.phase == "tricks" and v.seat != v.declarer and len(v.tricks) >= 2,
        ("hand-hand", "discards-hand"),
        _declaring(AUSTRIA_RULES, "farbendreier"),
    ),
    Situation(
        "cheltenham trischaken tricks",  # everyone for himself, the talon out of play
        CHELTENHAM,
        _shuffled,
        lambda v: v.phase == "tricks" and len(v.tricks) >= 2,
        ("hand-hand", "hand-talon", "talon-talon"),
        _declaring(CHELTENHAM_RULES, "trischaken"),
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
    special = {card: rules.special(game, seat, deck, card, places[card]) for card in cards}
    found: dict[str, list[tuple[str, str]]] = {}
    for i, x in enumerate(cards):
        for y in cards[i + 1 :]:
            px, py = places[x], places[y]
            if px != py and rules.swappable(game, x, px, y, py):
                kind = special[x] or special[y] or "-".join(sorted((px[0], py[0])))
                found.setdefault(kind, []).append((x, y))
    return found


def _moved(action: Any, names: dict[str, str]) -> Any:
    """The action with the swapped cards renamed where it moves them (a play, a discard); a called king
    names a choice, not a card moved, and stays."""
    if hasattr(action, "card"):
        return replace(action, card=names.get(action.card, action.card))
    if hasattr(action, "cards"):
        return replace(action, cards=tuple(names.get(c, c) for c in action.cards))
    return action


def _replay(rules: Rules, position: Position, names: dict[str, str]) -> Any:
    """The position's deal with the cards of `names` swapped, every action replayed (ValueError if one is
    illegal there)."""
    game = rules.make(tuple(names.get(c, c) for c in position.deck))
    for action in position.actions:
        try:
            game.apply(_moved(action, names))
        except ValueError as exc:
            raise ValueError(f"makes {action} illegal: {exc}") from exc
    return game


def _legal_swap(rules: Rules, position: Position, pairs: list[tuple[str, str]], rng: random.Random) -> Any:
    """One of `pairs`, at random, whose swap keeps every past action legal; None if TRIES found none."""
    for x, y in rng.sample(pairs, min(TRIES, len(pairs))):
        try:
            _replay(rules, position, {x: y, y: x})
        except ValueError:
            continue
        return x, y
    return None


@cache
def positions(situation: Situation) -> tuple[Position, ...]:
    """The first POSITIONS positions, in deals of fixed seeds played at random (or steered), where the
    situation has come, the seat has a choice, and every kind of swap is on offer (found once, under the
    honest view, for every level)."""
    rules, kinds, found = situation.rules, situation.kinds, []
    for seed in range(DEALS):
        rng = random.Random(seed)
        deck = situation.deal(rules, rng)
        game, actions = rules.make(deck), []
        while not game.is_over:
            seat = game.to_act
            legal = game.legal_actions()
            if len(legal) > 1 and situation.reached(game.view(seat)):
                swaps = _swaps(rules, game, seat, deck)
                position = Position(deck, tuple(actions), seat, ())
                chosen = {kind: _legal_swap(rules, position, swaps.get(kind, []), rng) for kind in kinds}
                if all(chosen.values()):
                    found.append(replace(position, swaps=tuple((k, *xy) for k, xy in chosen.items())))
                    break
            actions.append(situation.steer(legal, rng))
            game.apply(actions[-1])
        if len(found) == POSITIONS:
            return tuple(found)
    raise AssertionError(f"{situation.name}: fewer than {POSITIONS} positions in {DEALS} deals")


def check_fairness(situation: Situation, level: str) -> None:
    """Every swap of every position: replays, moves a hidden card, keeps the view and the decision."""
    rules = situation.rules
    for position in positions(situation):
        game, seat = _replay(rules, position, {}), position.seat
        view = game.view(seat)
        places = rules.hidden(game, seat, position.deck)
        decision = decide(rules.name, view, level, SEED)
        for kind, x, y in position.swaps:
            names = {x: y, y: x}
            deck = tuple(names.get(c, c) for c in position.deck)
            swap = f"{situation.name}: swapping {x} and {y} ({kind})"
            try:
                other = _replay(rules, position, names)
            except ValueError as exc:
                raise AssertionError(f"{swap} {exc}") from exc
            moved = rules.hidden(other, seat, deck)
            traded = (moved.get(x), moved.get(y)) == (places[y], places[x])
            assert traded and places[x] != places[y], f"{swap} moved no hidden card"
            assert other.view(seat) == view, f"{swap} changed seat {seat}'s view"
            assert decide(rules.name, other.view(seat), level, SEED) == decision, (
                f"{swap} changed the decision"
            )


@pytest.fixture(autouse=True)
def shorter_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """Normal and hard search, hard keeps both its searches, each shortened: this is about what they see,
    not their strength."""
    monkeypatch.setitem(thinker.ITERATIONS, "normal", 40)
    monkeypatch.setitem(thinker.CANDIDATES, "normal", 2)
    monkeypatch.setitem(thinker.ITERATIONS, "hard", 30)
    monkeypatch.setitem(thinker.CANDIDATES, "hard", 2)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(
    "situation",
    SITUATIONS,
    ids=[s.name for s in SITUATIONS],
)
def test_cards_a_seat_cannot_see_never_change_its_view_nor_its_move(situation: Situation, level: str) -> None:
    check_fairness(situation, level)


def _leak_talon(game: Any, seat: int, view: Any) -> Any:
    return replace(view, talon=game._halves)


def _leak_discards(game: Any, seat: int, view: Any) -> Any:
    return replace(view, discards=game._discards)


def _leak_partner(game: Any, seat: int, view: Any) -> Any:
    return replace(view, partner=game.lean().partner)


def _leak_open_hands(game: Any, seat: int, view: Any) -> Any:
    return replace(view, open_hands=tuple(tuple(kr.DECK[c] for c in hand) for hand in game.lean().hands))


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
    "the talon during the auction": (kr.KoenigrufenGame, _leak_talon, "austria auction"),
    "the talon in a contract that never shows it": (
        kr.KoenigrufenGame,
        _leak_talon,
        "austria piccolo tricks",
    ),
    "the partner during the announcements": (
        kr.KoenigrufenGame,
        _leak_partner,
        "austria rufer announcements, defender",
    ),
    "every hand where only the declarer's is open": (
        kr.KoenigrufenGame,
        _leak_open_hands,
        "cheltenham piccolo ouvert tricks, defender",
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

    situation = next(s for s in SITUATIONS if s.name == name)
    positions(situation)  # found under the honest view, as the fairness test finds them
    monkeypatch.setattr(cls, "view", view)
    with pytest.raises(AssertionError, match=r"changed seat \d's view"):
        check_fairness(situation, "easy")
