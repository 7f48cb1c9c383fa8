"""Château Falkenstein "Fortune" card resolution, the binding reading of `rules/falkenstein.md`.

One card played by the player against one card drawn by the Host. The whole resolution table lives
in `_TABLE` below: for each standing and kind of played card, the Host's winning conditions in the
order they are tried. Each condition is named by its reason code, so the interface can say *why*.

Reason codes returned by `explain` (stable; the interface translates `reason.<code>`):

Player wins:
- ``"joker_fireworks"``: the player played a joker and the Host drew the other one (fireworks).
- ``"player_joker"``: the player played a joker.
- ``"holds"``: nothing about the Host's card beats the player's card.

Host wins:
- ``"host_joker"``: the Host drew a joker.
- ``"higher_trump"``: a trump higher than the card played.
- ``"any_trump"``: any trump beats the player's non-trump.
- ``"higher_same_suit"``: a higher card of the played card's suit.
- ``"higher_trump_colour"``: a higher card of either suit of the trump colour.
- ``"trump_colour"``: any card of the trump colour beats the player's card of the other colour.
- ``"any_higher"``: any higher card (weaker standing, player played trump).
- ``"other_suit"``: any card of another suit (weaker standing, player played a non-trump).
"""

from collections.abc import Callable, Iterable
from fractions import Fraction

SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKERS = ("RJ", "BJ")
DECK: tuple[str, ...] = tuple(rank + suit for suit in SUITS for rank in RANKS) + JOKERS
LEVELS = range(1, 7)
STANDINGS = ("stronger", "equal", "weaker")

_RED = frozenset("HD")
# A parsed non-joker card: (rank index 0..12, suit).
_Card = tuple[int, str]
_CARDS: dict[str, _Card] = {rank + suit: (RANKS.index(rank), suit) for suit in SUITS for rank in RANKS}

_CONDITIONS: dict[str, Callable[[_Card, _Card, str], bool]] = {
    "higher_trump": lambda p, g, trump: g[1] == trump and g[0] > p[0],
    "any_trump": lambda p, g, trump: g[1] == trump,
    "higher_same_suit": lambda p, g, trump: g[1] == p[1] and g[0] > p[0],
    "higher_trump_colour": lambda p, g, trump: _same_colour(g[1], trump) and g[0] > p[0],
    "trump_colour": lambda p, g, trump: _same_colour(g[1], trump),
    "any_higher": lambda p, g, trump: g[0] > p[0],
    "other_suit": lambda p, g, trump: g[1] != p[1],
}

# (standing, kind of P) -> the Host's winning conditions. Kinds: "trump", "colour" (the other suit of
# the trump colour), "other" (a suit of the other colour).
_TABLE: dict[tuple[str, str], tuple[str, ...]] = {
    ("stronger", "trump"): ("higher_trump",),
    ("stronger", "colour"): ("any_trump", "higher_same_suit"),
    ("stronger", "other"): ("any_trump", "higher_same_suit"),
    ("equal", "trump"): ("higher_trump_colour",),
    ("equal", "colour"): ("any_trump", "higher_same_suit"),
    ("equal", "other"): ("trump_colour", "higher_same_suit"),
    ("weaker", "trump"): ("any_higher",),
    ("weaker", "colour"): ("other_suit", "higher_same_suit"),
    ("weaker", "other"): ("other_suit", "higher_same_suit"),
}

# Every reason code `explain` can return, player wins first.
REASONS: tuple[str, ...] = ("joker_fireworks", "player_joker", "holds", "host_joker", *_CONDITIONS)


def _same_colour(a: str, b: str) -> bool:
    return (a in _RED) == (b in _RED)


def _fireworks(played: str, drawn: str) -> bool:
    return played in JOKERS and drawn in JOKERS and played != drawn


def check_card(code: str) -> None:
    """Refuse an unknown card code, naming it."""
    if code not in _CARDS and code not in JOKERS:
        raise ValueError(f"unknown card code: {code!r}")


def _check(trump: str, standing: str) -> None:
    if trump not in SUITS:
        raise ValueError(f"unknown suit: {trump!r}")
    if standing not in STANDINGS:
        raise ValueError(f"unknown standing: {standing!r}")


def suit_of(card: str) -> str | None:
    """The card's suit, None for a joker; lets the AI and the interface sort cards without parsing codes."""
    check_card(card)
    return None if card in JOKERS else _CARDS[card][1]


def rank_of(card: str) -> int:
    """Rank index 0 (two) .. 12 (ace), 13 for a joker, so cards can be compared by strength."""
    check_card(card)
    return len(RANKS) if card in JOKERS else _CARDS[card][0]


def _host_condition(p: _Card, g: _Card, trump: str, standing: str) -> str | None:
    """The reason the Host wins with two non-joker cards, None when the player's card holds."""
    kind = "trump" if p[1] == trump else "colour" if _same_colour(p[1], trump) else "other"
    return next((code for code in _TABLE[standing, kind] if _CONDITIONS[code](p, g, trump)), None)


def explain(played: str, drawn: str, trump: str, standing: str) -> tuple[bool, str]:
    """(Host wins, reason code) for one resolution; see the module docstring for the codes."""
    check_card(played)
    check_card(drawn)
    _check(trump, standing)
    if played in JOKERS:
        return False, "joker_fireworks" if _fireworks(played, drawn) else "player_joker"
    if drawn in JOKERS:
        return True, "host_joker"
    reason = _host_condition(_CARDS[played], _CARDS[drawn], trump, standing)
    return (False, "holds") if reason is None else (True, reason)


def gm_wins(played: str, drawn: str, trump: str, standing: str) -> bool:
    """True when the Host's drawn card beats the player's played card."""
    return explain(played, drawn, trump, standing)[0]


def is_fireworks(played: str, drawn: str) -> bool:
    """True only for one joker played and the other joker drawn."""
    check_card(played)
    check_card(drawn)
    return _fireworks(played, drawn)


def win_chance(played: str, trump: str, standing: str, unseen: Iterable[str]) -> Fraction:
    """Exact chance that `played` prevails when the Host draws uniformly from `unseen`."""
    check_card(played)
    _check(trump, standing)
    cards = list(unseen)
    for card in cards:
        check_card(card)
    if not cards:
        raise ValueError("no unseen cards: unseen is empty")
    if played in JOKERS:
        return Fraction(1)
    p = _CARDS[played]
    host = sum(1 for g in cards if g in JOKERS or _host_condition(p, _CARDS[g], trump, standing))
    return 1 - Fraction(host, len(cards))


def check_level(level: int, what: str = "level") -> None:
    """Refuse anything but an int in 1..6 (Poor .. Extraordinary), naming `what` and the value."""
    if isinstance(level, bool) or not isinstance(level, int) or level not in LEVELS:
        raise ValueError(f"{what} must be a level in 1..6, not {level!r}")


def standing_of(talent_level: int, opposition_level: int) -> str:
    """The character's standing: "stronger", "equal" or "weaker" than the opposition."""
    check_level(talent_level, "talent level")
    check_level(opposition_level, "opposition level")
    if talent_level > opposition_level:
        return "stronger"
    return "equal" if talent_level == opposition_level else "weaker"
