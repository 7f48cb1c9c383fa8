"""Computer players for Château Falkenstein: a character choosing its card, and a Host setting challenges.

Both see only a `FalkensteinView`; both are a few exact-odds counts, well under a millisecond.
"""

import random
from fractions import Fraction

from game.games.falkenstein.resolution import JOKERS, LEVELS, rank_of, suit_of
from game.games.falkenstein.session import Character, FalkensteinView, SetChallenge, win_chances

# A joker always prevails, so it is kept for a bad hand: it is played only when the best other card
# is more likely to fail than to succeed.
JOKER_THRESHOLD = Fraction(1, 2)


def choose_card(view: FalkensteinView, rng: random.Random) -> str:
    """The card most likely to prevail; among equal odds a low non-trump, so strong trumps are kept.

    Exact ties (same odds, trumpness and rank) are broken with `rng`.
    """
    challenge = view.challenge
    if challenge is None:
        raise ValueError(f"seat {view.seat!r} has no challenge to answer")
    chances = win_chances(view)
    jokers = [card for card in view.hand if card in JOKERS]
    others = [card for card in view.hand if card not in JOKERS]
    if jokers and (not others or max(chances[card] for card in others) < JOKER_THRESHOLD):
        return jokers[0]

    def key(card: str) -> tuple[Fraction, bool, int]:
        return chances[card], suit_of(card) != challenge.trump, -rank_of(card)

    best = max(key(card) for card in others)
    return rng.choice([card for card in others if key(card) == best])


class ComputerHost:
    """Sets challenges for the all-computer demo: seats in turn, a random talent of the character,
    and an opposition within one level of the character's level."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def next_challenge(self, view: FalkensteinView, characters: tuple[Character, ...]) -> SetChallenge:
        if view.phase != "challenge":
            raise ValueError(f"no challenge to set in phase {view.phase.value!r}")
        seat = len(view.history) % len(characters)
        talent = self._rng.choice(characters[seat].talents)
        opposition = talent.level + self._rng.choice((-1, 0, 1))
        return SetChallenge(seat, talent.id, talent.suit, min(max(opposition, LEVELS[0]), LEVELS[-1]))
