"""A measured hand evaluation for the auction: what a hand can expect, in game points, from declaring each
contract, and the table habits of the `normal` and `hard` computers that follow from it (their bid, their
king call, the bird a bird contract owes) on the lean core.

The expectation is linear in a few hand features (`features`), per contract of a shipped profile, fitted
by `tools/fit_bids.py` on deals played out by the playout habits (`search.rollout`) and kept in
`evaluation_table`: once over all hands, and again over the best fifth of them, where a bid is decided
(one line drawn through every hand misjudged the few worth a negative contract), then checked where it
says bid against deals the easy players play on the rules engine. A house profile reads
its shipped profile's table, scaled by the contract's value; a contract no table knows falls back on
the easy player's threshold (`easy.worth`): worth it or not, ± its value.

The bid: the contract of the highest expectation when it beats passing (`MARGIN`), else pass; forehand
opens with the neutral word when the best it could play waits for it (a contract reserved for forehand),
holds the standing contract when it expects to make it, and, left to choose, takes the best.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Sequence
from operator import mul

from game.games.koenigrufen.cards import DECK, KING_CARDS, POINTS, SUIT
from game.games.koenigrufen.core import HOLD, NEUTRAL, PASS, LeanKoenigrufen
from game.games.koenigrufen.easy import worth
from game.games.koenigrufen.evaluation_table import TABLE
from game.games.koenigrufen.profile import Profile

MARGIN = 0.0  # game points a contract must be expected to bring the declarer beyond passing
HIGH = 15  # the card number of trump XVI: the high trumps are XVI to the Sküs
PAGAT, MOND, SKUS = 0, 20, 21
SUIT_SIZE = 8  # König, Dame, Reiter, Bube, four pips; a suit's cards follow from 22 on, high to low
FEATURES = (
    "bias",
    "trumps",
    "trumps_squared",
    "high_trumps",
    "middle_trumps",
    "low_trumps",
    "skus",
    "mond",
    "pagat",
    "top_trump",
    "kings",
    "queens",
    "courts",
    "pips",
    "voids",
    "singletons",
    "longest_suit",
    "points",
    "forehand",
)


def features(hand: Sequence[int], forehand: bool) -> list[float]:
    """The hand's features, in `FEATURES` order, scaled to about 0..1 so one ridge penalty fits all. One
    pass over the cards: the search weighs thousands of dealt hands a decision (`auction.bid_evidence`)."""
    lengths = [0, 0, 0, 0, 0]
    courts = [0, 0, 0, 0]  # kings, queens, knights and jacks
    high = middle = low = points = 0
    top = -1
    for card in hand:
        suit = SUIT[card]
        lengths[suit] += 1
        points += POINTS[card]
        if suit:
            rank = (card - 22) % SUIT_SIZE
            if rank < 4:
                courts[rank] += 1
        else:
            if card > top:
                top = card
            if card >= HIGH:
                high += 1
            elif card > 6:
                middle += 1
            elif card:
                low += 1
    suits = lengths[1:]
    n = lengths[0]
    return [
        1.0,
        n / 12,
        n * n / 144,
        high / 7,
        middle / 8,
        low / 6,
        float(top == SKUS),
        float(MOND in hand),
        float(PAGAT in hand),
        (top + 1) / 22 if n else 0.0,
        courts[0] / 4,
        courts[1] / 4,
        (courts[2] + courts[3]) / 8,
        (len(hand) - n - sum(courts)) / 12,
        suits.count(0) / 4,
        suits.count(1) / 4,
        max(suits) / 8,
        points / 40,
        float(forehand),
    ]


Fit = tuple[float, Sequence[float], float, Sequence[float]]


def _fits(profile: Profile) -> list[Fit | None]:
    """Per contract of the ladder, its fitted coefficients (over all hands; from `cut` on, over the best
    hands) and the scale to its value here (a house profile's own); None where no table knows it. Worked
    out once per profile."""
    found = _FITS.get(id(profile))
    if found is None:
        table = TABLE.get(profile.id) or TABLE.get(profile.id.partition(":")[2])
        found = _FITS[id(profile)] = []
        for contract in profile.contracts:
            entry = None if table is None else table.get(contract.id)
            if entry is None:
                found.append(None)
                continue
            value, whole, cut, best = entry
            found.append(((contract.value + contract.lost_value) / (2 * value), whole, cut, best))
        weakref.finalize(profile, _FITS.pop, id(profile), None)
    return found


_FITS: dict[int, list[Fit | None]] = {}


_KNOWN: dict[tuple[int, bool, tuple[int, ...]], list[float]] = {}  # expectations worked out lately
_KNOWN_MOST = 4096


def expectations(hand: Sequence[int], forehand: bool, profile: Profile) -> list[float]:
    """Per contract of the ladder, the game points the hand's holder can expect declaring it (alone, or
    with the partner a call brings: his own share). Kept a while: a search meets the same hands again."""
    key = (id(profile), forehand, tuple(hand))
    known = _KNOWN.get(key)
    if known is None:
        if len(_KNOWN) >= _KNOWN_MOST:
            _KNOWN.clear()
        known = _KNOWN[key] = _expectations(hand, forehand, profile)
    return known


def _expectations(hand: Sequence[int], forehand: bool, profile: Profile) -> list[float]:
    x = features(hand, forehand)
    out = []
    for contract, found in zip(profile.contracts, _fits(profile), strict=True):
        if found is None:
            codes = [DECK[card] for card in hand]
            out.append(float(contract.value if worth(codes, contract) else -contract.lost_value))
            continue
        scale, whole, cut, best = found
        value = sum(map(mul, whole, x))
        if value >= cut:
            value = sum(map(mul, best, x))
        out.append(scale * value)
    return out


def bid(state: LeanKoenigrufen, values: Sequence[float] | None = None) -> int:
    """The lean bid of the seat to act, by its expectations (`values`, worked out when not given)."""
    profile, seat, auction = state.profile, state.to_act, state.auction
    bidding = profile.bidding
    assert bidding is not None, "only a profile with bidding has an auction"
    if values is None:
        values = expectations(state.hand(seat), seat == state.forehand, profile)
    options = state.bid_options()
    ranks = [word for word in options if word >= 0]
    best = max(ranks, key=values.__getitem__) if ranks else None
    if auction.choosing:
        assert best is not None, "forehand choosing has a contract to choose"
        return best
    if NEUTRAL in options:  # forehand's opening word
        later = [r for r, c in enumerate(profile.contracts) if c.id in bidding.after_neutral]
        waiting = max(later, key=values.__getitem__) if later else None
        if best is None or (waiting is not None and values[waiting] >= values[best]):
            return NEUTRAL
        return best if values[best] > MARGIN else NEUTRAL
    if HOLD in options and values[auction.best] > MARGIN:
        return HOLD
    if best is not None and values[best] > MARGIN:
        return best
    return PASS


def bid_chance(values: Sequence[float], word: int, options: Sequence[int], softness: float) -> float:
    """How likely a player whose hand expects `values` says `word` among `options` (the standing contract's
    rank for HOLD): likelier the more a contract bid is expected to bring, a pass the less any would. Soft
    (`softness` game points), as the other players' thresholds are not ours."""
    if word == NEUTRAL:
        return 1.0
    if word == PASS:
        ranks = [values[r] for r in options if r >= 0]
        return 1.0 - _sigmoid(max(ranks) / softness) if ranks else 1.0
    return _sigmoid(values[word] / softness)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def call(state: LeanKoenigrufen) -> int:
    """The king the declarer calls: one he does not hold, in a suit where he holds the Dame, else in his
    shortest suit (the easy player's habit; the first on a tie); holding all four, one of them."""
    split = state.suits[state.declarer]
    missing = [king for king in state.calls() if king not in split[SUIT[king]]] or list(KING_CARDS)

    def key(king: int) -> tuple[bool, int]:
        suit = split[SUIT[king]]
        return king + 1 in suit, -len(suit)

    return max(missing, key=key)


def owed_bird(state: LeanKoenigrufen) -> int:
    """The announcement a bird contract's declarer owes (his highest bird, the earliest to bring home),
    else a pass (0)."""
    owed = state.birds_owed()
    return 1 << (owed.bit_length() - 1) if owed else 0
