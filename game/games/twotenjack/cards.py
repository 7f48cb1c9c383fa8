"""Two-Ten-Jack, the binding reading of `rules/twotenjack.md`: cards, points, the trick winner, legal plays.

Cards are codes `2H` … `10S` … `AS`, the joker `JK`. A trick is a sequence of plays `(card, face_down)`
in play order. The checked functions of the rules file (`card_points`, `score_pile`, `removed_cards`,
`trick_winner`, `legal_plays`) refuse bad arguments with a `ValueError` naming the problem. The game
state calls their unchecked cores `play_options`, `winning_play` and `pile_points` instead: its
arguments are consistent by construction, and a search runs them thousands of times per second. All of
them read the precomputed tables below (`SUIT`, `RANK`, `POINTS`, `STRENGTH`), as do the computer players.

Illegal actions are refused with `refusal(code)`, an `IllegalAction` (a ValueError): see `REFUSALS`.
"""

from collections.abc import Sequence

from game.rules.errors import IllegalAction

SUITS = ("S", "H", "D", "C")
RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
JOKER = "JK"
DECK: tuple[str, ...] = (*(rank + suit for suit in SUITS for rank in RANKS), JOKER)
SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
MIN_PLAYERS, MAX_PLAYERS = 2, 6
HAND_SIZE = 4

# Removed, in this order, so that the pack divides evenly among the players.
REMOVAL_ORDER = ("2C", "2D", "3C", "3D", "4C")
_REMOVED_COUNT = {2: 1, 3: 2, 4: 1, 5: 3, 6: 5}

_KNOWN = frozenset(DECK)
SUIT: dict[str, str | None] = {card: None if card == JOKER else card[-1] for card in DECK}
RANK: dict[str, int] = {card: len(RANKS) if card == JOKER else RANKS.index(card[:-1]) for card in DECK}

_POINTS_BY_RANK = {
    "H": {"2": 10, "10": 10, "J": 10, "A": 5, "K": 5, "Q": 5},
    "S": {"2": -10, "10": -10, "J": -10, "A": -5, "K": -5, "Q": -5},
    "D": {"A": 1, "K": 1, "Q": 1, "J": 1, "10": 1},
    "C": {"A": 1, "K": 1, "Q": 1, "J": 1, "10": 1},
}
POINTS: dict[str, int] = {card: _POINTS_BY_RANK.get(SUIT[card] or "", {}).get(card[:-1], 0) for card in DECK}
SCORING_HEARTS = frozenset(card for card in DECK if SUIT[card] == "H" and POINTS[card])
SCORING_SPADES = frozenset(card for card in DECK if SUIT[card] == "S" and POINTS[card])
# A player taking all six scoring hearts scores them -45 instead of +45; all six spades, +45 instead of -45.
REVERSAL = 90

ACE_OF_SPADES = "AS"
JOKER_CALL = "3S"
TRUMPS = frozenset(card for card in DECK if SUIT[card] == "H") | {ACE_OF_SPADES}
# What the opening lead may not be while the hand holds any other card.
GUARDED = TRUMPS | {JOKER} | {card for card in DECK if SUIT[card] == "S"}


def _strengths(led: str | None) -> dict[str, int]:
    """Each card's strength when `led` is the suit led (None: the joker led); 0 cannot win."""
    table = {}
    for card in DECK:
        if card == JOKER:
            table[card] = 100
        elif card == ACE_OF_SPADES:
            table[card] = 90
        elif SUIT[card] == "H":
            table[card] = 50 + RANK[card]
        else:
            table[card] = 20 + RANK[card] if SUIT[card] == led else 0
    return table


STRENGTH: dict[str | None, dict[str, int]] = {led: _strengths(led) for led in (*SUITS, None)}

# The refusals of illegal actions: the code under which the interface translates each (`illegal.<code>`,
# with the suit symbol as `suit` for "must_follow"), and the English reason.
REFUSALS = {
    "must_follow": "you must follow {suit}",
    "joker_call": "the 3 of spades calls the joker",
    "joker_lead": "you must play a trump after the joker lead",
    "opening_lead": "you may not lead the joker, a spade or a heart while you hold another card",
    "lead_face_down": "you hold only the joker, spades and hearts: lead one card face down",
    "face_up": "only an opening lead from a hand of the joker, spades and hearts is played face down",
    "not_your_turn": "not your turn",
    "not_in_hand": "you do not hold that card",
    "round_over": "the round is over: the next dealer deals",
    "round_not_over": "the round is still being played",
    "match_over": "the match is over",
}


def refusal(code: str, suit: str | None = None) -> IllegalAction:
    """The refusal `code` (a key of `REFUSALS`) as the IllegalAction the table can translate."""
    if suit is None:
        return IllegalAction(code, REFUSALS[code])
    return IllegalAction(code, REFUSALS[code].format(suit=SYMBOLS[suit]), suit=SYMBOLS[suit])


Plays = Sequence[tuple[str, bool]]


def check_card(card: str) -> None:
    """Refuse an unknown card code, naming it."""
    if card not in SUIT:
        raise ValueError(f"unknown card code: {card!r}")


def _check_cards(cards: Sequence[str], what: str) -> set[str]:
    """The cards as a set, refusing unknown codes and repeats."""
    held = set(cards)
    if not held <= _KNOWN:
        check_card(next(card for card in cards if card not in _KNOWN))
    if len(held) != len(cards):
        twice = sorted({card for card in cards if list(cards).count(card) > 1})
        raise ValueError(f"{what} holds cards twice: {twice}")
    return held


def check_players(n_players: int) -> None:
    """Refuse a player count outside 2–6 with a clear message."""
    if isinstance(n_players, bool) or not isinstance(n_players, int) or n_players not in _REMOVED_COUNT:
        raise ValueError(f"Two-Ten-Jack is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n_players!r}")


def removed_cards(n_players: int) -> list[str]:
    """The cards taken out of the 53 so that the pack divides evenly among `n_players`."""
    check_players(n_players)
    return list(REMOVAL_ORDER[: _REMOVED_COUNT[n_players]])


def card_points(card: str) -> int:
    """The card's points per the table, without the reversals."""
    check_card(card)
    return POINTS[card]


def pile_points(cards: Sequence[str]) -> int:
    """Unchecked `score_pile`, for the game state."""
    total = sum(POINTS[card] for card in cards)
    if len(cards) >= len(SCORING_HEARTS):
        held = set(cards)
        total -= REVERSAL if held >= SCORING_HEARTS else 0
        total += REVERSAL if held >= SCORING_SPADES else 0
    return total


def score_pile(cards: Sequence[str]) -> int:
    """A scoring pile's points, with both reversals."""
    _check_cards(cards, "the pile")
    return pile_points(cards)


def _led_index(plays: Plays) -> int:
    """A face-down opening lead never counts: the second card is then the card led."""
    return 1 if plays[0][1] else 0


def winning_play(plays: Plays) -> int:
    """Unchecked `trick_winner`: at least one face-up card, the face-down one only first."""
    led = _led_index(plays)
    table = STRENGTH[SUIT[plays[led][0]]]
    best, best_strength = led, table[plays[led][0]]
    for index in range(led + 1, len(plays)):
        strength = table[plays[index][0]]
        if strength > best_strength:
            best, best_strength = index, strength
    return best


def _check_plays(plays: Plays, opening: bool, most: int) -> set[str]:
    """The trick's cards as a set, refusing a trick too long or a face-down card where none may be."""
    if len(plays) > most:
        raise ValueError(f"the trick may hold at most {most} plays here, not {len(plays)}")
    if any(face_down for _, face_down in plays[1:]) or (plays and plays[0][1] and not opening):
        raise ValueError("a face-down card is allowed only as the opening lead of a round")
    return _check_cards([card for card, _ in plays], "the trick")


def trick_winner(plays: Plays) -> int:
    """The index in `plays` of the winning play (complete or partial trick)."""
    if not plays:
        raise ValueError("an empty trick has no winner")
    _check_plays(plays, True, MAX_PLAYERS)
    if plays[0][1] and len(plays) == 1:
        raise ValueError("a face-down card cannot win: the trick needs a face-up card")
    return winning_play(plays)


Options = list[tuple[str, bool]]


def play_options(hand: Sequence[str], plays: Plays, opening: bool) -> tuple[Options, str, str | None]:
    """Unchecked `legal_plays`, with the refusal code (and suit) answering any other play of the hand."""
    if not plays:
        if not opening:
            return [(card, False) for card in hand], "face_up", None
        plain = [(card, False) for card in hand if card not in GUARDED]
        if plain:
            return plain, "opening_lead", None
        return [(card, True) for card in hand], "lead_face_down", None
    led_index = _led_index(plays)
    if led_index == len(plays):
        return [(card, False) for card in hand], "face_up", None
    led = plays[led_index][0]
    if led == JOKER:
        trumps = [(card, False) for card in hand if card in TRUMPS]
        if trumps:
            return trumps, "joker_lead", None
    elif led == JOKER_CALL and JOKER in hand:
        return [(JOKER, False)], "joker_call", None
    else:
        suit = SUIT[led]
        follow = [(card, False) for card in hand if SUIT[card] == suit]
        if follow:
            if JOKER in hand:
                follow.append((JOKER, False))
            return follow, "must_follow", suit
    return [(card, False) for card in hand], "face_up", None


def legal_plays(hand: Sequence[str], plays: Plays, opening: bool) -> Options:
    """Every `(card, face_down)` the player to act may play on the trick so far; `opening` marks the
    first trick of a round."""
    if not hand:
        raise ValueError("an empty hand has no plays")
    shared = _check_cards(hand, "the hand") & _check_plays(plays, opening, MAX_PLAYERS - 1)
    if shared:
        raise ValueError(f"cards both in the hand and on the trick: {sorted(shared)}")
    return play_options(hand, plays, opening)[0]
