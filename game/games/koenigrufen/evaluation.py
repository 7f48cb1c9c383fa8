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
from collections.abc import Sequence

from game.games.koenigrufen.cards import DECK, KING_CARDS, POINTS, SUIT
from game.games.koenigrufen.core import HOLD, NEUTRAL, PASS, LeanKoenigrufen
from game.games.koenigrufen.easy import worth
from game.games.koenigrufen.evaluation_table import TABLE
from game.games.koenigrufen.profile import Contract, Profile

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
    """The hand's features, in `FEATURES` order, scaled to about 0..1 so one ridge penalty fits all."""
    trumps = [card for card in hand if SUIT[card] == 0]
    lengths = [0] * 5
    courts = [0] * 4  # kings, queens, knights and jacks
    for card in hand:
        lengths[SUIT[card]] += 1
        if SUIT[card]:
            rank = (card - 22) % SUIT_SIZE
            if rank < 4:
                courts[rank] += 1
    suits = lengths[1:]
    n = len(trumps)
    return [
        1.0,
        n / 12,
        n * n / 144,
        sum(card >= HIGH for card in trumps) / 7,
        sum(6 < card < HIGH for card in trumps) / 8,
        sum(0 < card <= 6 for card in trumps) / 6,
        float(SKUS in trumps),
        float(MOND in trumps),
        float(PAGAT in trumps),
        (max(trumps) + 1) / 22 if trumps else 0.0,
        courts[0] / 4,
        courts[1] / 4,
        (courts[2] + courts[3]) / 8,
        (len(hand) - n - sum(courts)) / 12,
        sum(s == 0 for s in suits) / 4,
        sum(s == 1 for s in suits) / 4,
        max(suits) / 8,
        sum(POINTS[card] for card in hand) / 40,
        float(forehand),
    ]


Fit = tuple[float, Sequence[float], float, Sequence[float]]


def _fit(profile: Profile, contract: Contract) -> Fit | None:
    """The fitted coefficients of `contract` (over all hands; from `cut` on, over the best hands) and the
    scale to its value here (a house profile's own)."""
    table = TABLE.get(profile.id) or TABLE.get(profile.id.partition(":")[2])
    entry = None if table is None else table.get(contract.id)
    if entry is None:
        return None
    value, whole, cut, best = entry
    return (contract.value + contract.lost_value) / (2 * value), whole, cut, best


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
    codes = [DECK[card] for card in hand]
    out = []
    for contract in profile.contracts:
        found = _fit(profile, contract)
        if found is None:
            out.append(float(contract.value if worth(codes, contract) else -contract.lost_value))
            continue
        scale, whole, cut, best = found
        value = sum(c * f for c, f in zip(whole, x, strict=True))
        if value >= cut:
            value = sum(c * f for c, f in zip(best, x, strict=True))
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
