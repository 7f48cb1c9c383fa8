"""Two-Ten-Jack's card tables, the binding reading of `rules/twotenjack.md` that every engine imports:
strength in a trick, what follows what, points and the reversals, and the trick winner.

Cards are codes `2H` … `10S` … `AS`, the joker `JK`, and inside the engines ints, their index in `DECK`;
a set of cards (a hand, a scoring pile) is a bitmask of those ints. A trick is a sequence of plays in play
order, whose first may lie face down on a round's opening trick. The legal plays, which follow from these
tables, are written once, in `core.options`.

The checked functions of the rules file (`card_points`, `score_pile`, `removed_cards`, `trick_winner`)
refuse bad arguments with a `ValueError` naming the problem, then call the unchecked cores (`pile_score`,
`winning`) the engines run thousands of times per second. Illegal actions are refused with
`refusal(code)`, an `IllegalAction` (a ValueError): see `REFUSALS`.
"""

from collections.abc import Iterable, Sequence

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

SUIT: dict[str, str | None] = {card: None if card == JOKER else card[-1] for card in DECK}
RANK: dict[str, int] = {card: len(RANKS) if card == JOKER else RANKS.index(card[:-1]) for card in DECK}
INDEX: dict[str, int] = {card: index for index, card in enumerate(DECK)}
BIT: tuple[int, ...] = tuple(1 << index for index in range(len(DECK)))
CARD_BIT: dict[str, int] = {card: BIT[index] for card, index in INDEX.items()}

# CLOCKWISE[players][seat]: every seat from `seat` on, clockwise (increasing seat numbers).
CLOCKWISE = {
    n: [tuple((seat + k) % n for k in range(n)) for seat in range(n)]
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


def mask_of(cards: Iterable[int | str]) -> int:
    """The bitmask of card codes or card ints."""
    total = 0
    for card in cards:
        total |= BIT[card] if isinstance(card, int) else CARD_BIT[card]
    return total


def cards_of(mask: int) -> list[int]:
    """The card ints of a bitmask, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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
REVERSALS = (("hearts", mask_of(SCORING_HEARTS), -REVERSAL), ("spades", mask_of(SCORING_SPADES), REVERSAL))


def _settled(first: int, last: int) -> list[int]:
    """What every set of the card ints first..last-1 scores in a pile (bit k stands for card first + k):
    its points, and a reversal's change when it holds that reversal's six cards, which lie in one block."""
    table = [0]
    for card in DECK[first:last]:  # the sets with the card: those without it, plus its points
        value = POINTS[card]
        table += [points + value for points in table]
    for _, six, change in REVERSALS:
        bits = (six >> first) & (len(table) - 1)
        if not bits:
            continue
        assert bits << first == six, "a reversal's six cards lie in one block"
        others = sub = (len(table) - 1) & ~bits
        while True:  # the six with every set of the other cards
            table[bits | sub] += change
            if not sub:
                break
            sub = (sub - 1) & others
    return table


# A pile's settlement precomputed by block of thirteen card ints, one suit each (the last one also holds
# the joker), so that it scores in four lookups at the end of every playout.
_SPADES, _HEARTS, _DIAMONDS, _REST = (
    _settled(first, last) for first, last in ((0, 13), (13, 26), (26, 39), (39, len(DECK)))
)
_SUIT_BITS = (1 << 13) - 1

ACE_OF_SPADES = "AS"
JOKER_CALL = "3S"
TRUMPS = frozenset(card for card in DECK if SUIT[card] == "H") | {ACE_OF_SPADES}
# What the opening lead may not be while the hand holds any other card.
GUARDED = TRUMPS | {JOKER} | {card for card in DECK if SUIT[card] == "S"}

# The joker is the last card of DECK, so a hand holds it exactly when it is at least JK_BIT: a comparison
# the hot paths make instead of a `&`, which builds a new int.
JK_BIT = CARD_BIT[JOKER]
assert DECK[-1] == JOKER
THREE_S = INDEX[JOKER_CALL]
SUIT_MASK: dict[str, int] = {suit: mask_of(card for card in DECK if SUIT[card] == suit) for suit in SUITS}
TRUMP_MASK = mask_of(TRUMPS)
GUARDED_MASK = mask_of(GUARDED)
PLAIN_MASK = mask_of(DECK) & ~GUARDED_MASK  # what an opening lead must be while the hand holds one
# FOLLOW[led]: the cards that answer the card led, by its int: its suit (the ace of spades is a spade),
# trumps after the joker. The joker's own freedom and the joker call are `core.options`' to apply.
FOLLOW: tuple[int, ...] = tuple(TRUMP_MASK if card == JOKER else SUIT_MASK[SUIT[card] or ""] for card in DECK)


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
# ROW[led][card]: the strength of card int `card` when card int `led` is the card led.
_ROWS = {led: tuple(table[card] for card in DECK) for led, table in STRENGTH.items()}
ROW: tuple[tuple[int, ...], ...] = tuple(_ROWS[SUIT[card]] for card in DECK)


# LED_AT[down]: where the card led lies in a trick, `down` when its first card lies face down: a face-down
# opening lead never counts, and the second card leads.
LED_AT = (0, 1)


def winning(trick: Sequence[int], down: bool) -> int:
    """The index in `trick` (card ints in play order, the first face down when `down`) of the play that
    wins it so far; the trick holds a face-up card."""
    first = LED_AT[down]
    row = ROW[trick[first]]
    best, best_strength = first, row[trick[first]]
    for index in range(first + 1, len(trick)):
        strength = row[trick[index]]
        if strength > best_strength:
            best, best_strength = index, strength
    return best


def reversals(mask: int) -> list[str]:
    """The reversals a scoring pile earns: "hearts", "spades", both or none."""
    return [name for name, six, _ in REVERSALS if mask & six == six]


def pile_score(mask: int) -> int:
    """A scoring pile's points, with both reversals: the round's settlement for its player."""
    bits = _SUIT_BITS
    return (
        _SPADES[mask & bits] + _HEARTS[mask >> 13 & bits] + _DIAMONDS[mask >> 26 & bits] + _REST[mask >> 39]
    )


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
Options = list[tuple[str, bool]]


def check_card(card: str) -> None:
    """Refuse an unknown card code, naming it."""
    if card not in INDEX:
        raise ValueError(f"unknown card code: {card!r}")


def check_cards(cards: Sequence[str], what: str) -> set[str]:
    """The cards as a set, refusing unknown codes and repeats."""
    held = set(cards)
    if not held <= INDEX.keys():
        check_card(next(card for card in cards if card not in INDEX))
    if len(held) != len(cards):
        twice = sorted({card for card in cards if list(cards).count(card) > 1})
        raise ValueError(f"{what} holds cards twice: {twice}")
    return held


def check_plays(plays: Plays, opening: bool, most: int) -> set[str]:
    """The trick's cards as a set, refusing a trick too long or a face-down card where none may be."""
    if len(plays) > most:
        raise ValueError(f"the trick may hold at most {most} plays here, not {len(plays)}")
    if any(face_down for _, face_down in plays[1:]) or (plays and plays[0][1] and not opening):
        raise ValueError("a face-down card is allowed only as the opening lead of a round")
    return check_cards([card for card, _ in plays], "the trick")


def check_players(n_players: int) -> None:
    """Refuse a player count outside 2–6 with a clear message."""
    if isinstance(n_players, bool) or not isinstance(n_players, int) or n_players not in _REMOVED_COUNT:
        raise ValueError(f"Two-Ten-Jack is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n_players!r}")


def removed_cards(n_players: int) -> list[str]:
    """The cards taken out of the 53 so that the pack divides evenly among `n_players`."""
    check_players(n_players)
    return list(REMOVAL_ORDER[: _REMOVED_COUNT[n_players]])


def pack(players: int) -> tuple[str, ...]:
    """The round's cards for `players`: the 53 less the removed cards, in deck order."""
    removed = set(removed_cards(players))
    return tuple(card for card in DECK if card not in removed)


def card_points(card: str) -> int:
    """The card's points per the table, without the reversals."""
    check_card(card)
    return POINTS[card]


def score_pile(cards: Sequence[str]) -> int:
    """A scoring pile's points, with both reversals."""
    check_cards(cards, "the pile")
    return pile_score(mask_of(cards))


def trick_winner(plays: Plays) -> int:
    """The index in `plays` of the winning play (complete or partial trick)."""
    if not plays:
        raise ValueError("an empty trick has no winner")
    check_plays(plays, True, MAX_PLAYERS)
    if plays[0][1] and len(plays) == 1:
        raise ValueError("a face-down card cannot win: the trick needs a face-up card")
    return winning([INDEX[card] for card, _ in plays], plays[0][1])
