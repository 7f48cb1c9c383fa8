"""The first Two-Ten-Jack computer level ("easy"): one look at each legal card, from the public table only.

Each legal play gets a value: the chance of taking the trick times what the trick would then be worth,
minus the card's points handed to another player when it loses (so a −10 spade is gladly discarded and
a 10 of hearts is not), minus the card's power (the joker and the ace of spades are kept for tricks
worth them), plus what winning changes in the card drawn next from the face-up stock. The chance of
taking the trick counts the cards that could beat it in the hands of the players still to play, known
exactly for the cards they drew face up, by odds for the rest. Leading the 3 of spades gets a bonus
when it calls an opponent's joker out. A decision takes well under a millisecond.
"""

import random

from game.games.twotenjack.cards import (
    ACE_OF_SPADES,
    DECK,
    HAND_SIZE,
    JOKER,
    JOKER_CALL,
    POINTS,
    RANK,
    STRENGTH,
    SUIT,
    TRUMPS,
)
from game.games.twotenjack.rules import Action, NextRound, Play, TwoTenJackView, known_holdings

# How much a card handed to another player's trick counts against (or, for spades, for) us.
GIVE_WEIGHT = 0.5
# How much the card drawn next counts, in power points.
DRAW_WEIGHT = 0.5
# A later player holding a beating trump plays it only when void in the suit led.
OFF_SUIT_TRUMP = 0.4
# A later player known to hold a beating card of the suit led (or the joker) uses it this often.
KNOWN_THREAT = 0.75
# Calling an opponent's joker out takes away the strongest card of the game.
JOKER_CALL_BONUS = 4.0


def power(card: str) -> float:
    """What a card is worth kept in hand, as a tool for taking tricks later."""
    if card == JOKER:
        return 8.0
    if card == ACE_OF_SPADES:
        return 5.0
    if SUIT[card] == "H":
        return 1.0 + RANK[card] / 3
    return RANK[card] / 12


def choose(view: TwoTenJackView, rng: random.Random) -> Action:
    """The seat's action: `NextRound` when it deals next, else the legal play of highest value."""
    if view.to_act != view.seat:
        raise ValueError(f"seat {view.seat} has nothing to do: seat {view.to_act} acts")
    if view.phase == "scored":
        return NextRound(view.seat)
    table = _Table(view)
    values = {option: _value(view, table, *option) for option in view.legal}
    best = max(values.values())
    card, face_down = rng.choice([option for option, value in values.items() if value >= best - 1e-9])
    return Play(view.seat, card, face_down)


class _Table:
    """The public facts every option is weighed against."""

    def __init__(self, view: TwoTenJackView) -> None:
        players = view.players
        self.known = known_holdings(view)
        played = {card for trick in view.tricks for card in trick.cards}
        played.update(card for _, card, _ in view.trick if card is not None)
        seen = played | set(view.hand) | set(view.removed) | set(view.stock)
        seen.update(card for cards in self.known.values() for card in cards)
        self.pool = [card for card in DECK if card not in seen]  # in unseen hands, the hidden top or trick
        self.played = played
        later = players - len(view.trick) - 1
        self.later = [(view.seat + offset) % players for offset in range(1, later + 1)]
        self.face_up = [(seat, card) for seat, card, down in view.trick if not down and card is not None]
        hidden = (None,) if view.stock_hidden_top else ()
        self.draws: tuple[str | None, ...] = hidden + view.stock
        self.keep = 1.0 if view.stock_count else min(1.0, (len(view.hand) - 1) / (HAND_SIZE - 1))


def _value(view: TwoTenJackView, table: _Table, card: str, face_down: bool) -> float:
    led = table.face_up[0][1] if table.face_up else card
    strength = STRENGTH[SUIT[led]]
    best_seat, best = max(
        ((s, strength[c]) for s, c in table.face_up), key=lambda sc: sc[1], default=(None, 0)
    )
    mine = 0 if face_down else strength[card]
    win = 0.0 if mine <= best else _chance_to_hold(view, table, strength, mine, SUIT[led])
    trick_points = sum(POINTS[c] for _, c in table.face_up) + POINTS[card]
    value = win * trick_points - (1 - win) * GIVE_WEIGHT * POINTS[card] - table.keep * power(card)
    if table.draws:
        other = best_seat if best_seat is not None and win < 1 else (view.seat + 1) % view.players
        value += win * DRAW_WEIGHT * (_desire(table.draws[0]) - _desire(_incoming(view, table, other)))
    if not table.face_up and card == JOKER_CALL:
        value += JOKER_CALL_BONUS * _joker_held_by_opponent(view, table)
    return value


def _chance_to_hold(
    view: TwoTenJackView, table: _Table, strength: dict[str, int], mine: int, led: str | None
) -> float:
    """Chance that no player still to play beats a card of strength `mine`."""

    def weight(card: str) -> float:
        off_suit_trump = card in TRUMPS and led not in (None, "H", SUIT[card])
        return OFF_SUIT_TRUMP if off_suit_trump else 1.0

    threats = sum(weight(card) for card in table.pool if strength[card] > mine)
    chance = 1.0
    for seat in table.later:
        known = table.known[seat]
        held = max((weight(card) for card in known if strength[card] > mine), default=0.0)
        unknown = view.hand_sizes[seat] - len(known)
        chance *= (1 - KNOWN_THREAT * held) * none_among(len(table.pool), threats, unknown)
    return chance


def none_among(pool: int, threats: float, drawn: int) -> float:
    """Chance that `drawn` cards taken from `pool` hold none of `threats` (hypergeometric)."""
    chance = 1.0
    for index in range(drawn):
        if pool - index <= 0:
            break
        chance *= max(0.0, (pool - threats - index) / (pool - index))
    return chance


def _incoming(view: TwoTenJackView, table: _Table, winner: int) -> str | None:
    """The card the viewer draws when `winner` takes the trick (None: unknown or none)."""
    index = (view.seat - winner) % view.players
    return table.draws[index] if index < len(table.draws) else None


def _desire(card: str | None) -> float:
    return 1.0 if card is None else power(card)


def _joker_held_by_opponent(view: TwoTenJackView, table: _Table) -> float:
    """Chance that another player holds the joker now, so the 3 of spades calls it out."""
    if JOKER in view.hand or JOKER in table.played:
        return 0.0
    if any(JOKER in cards for seat, cards in table.known.items() if seat != view.seat):
        return 1.0
    if JOKER not in table.pool:
        return 0.0
    known_elsewhere = sum(len(cards) for seat, cards in table.known.items() if seat != view.seat)
    return (sum(view.hand_sizes) - len(view.hand) - known_elsewhere) / len(table.pool)
