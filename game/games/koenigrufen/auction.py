"""The search before the cards: worlds for a decision of the auction (the talon and the other hands
unknown, the bids so far replayed), the announcement round as it stands, and what the other seats' bids
say about their hands (`bid_evidence`), by the measured hand evaluation (`evaluation`).

A bid is evidence, not proof: a player who bid a contract more likely holds a hand that expects to make it,
one who passed a hand that expects little of anything on offer, but the other players' thresholds are not
ours, so a world against the evidence is made less likely (`bid_chance`, soft; never below `FLOOR`), not
impossible.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.games.koenigrufen.cards import DECK, DECK_INDEX, HAND_SIZE, SEATS
from game.games.koenigrufen.core import HOLD, NEUTRAL, PASS, LeanKoenigrufen, Talk, passes_at_end
from game.games.koenigrufen.evaluation import MARGIN, bid_chance, expectations
from game.games.koenigrufen.profile import Profile
from game.games.koenigrufen.rules import KoenigrufenView, item_names, lean_word

SOFTNESS = 1.0  # game points: how sharply a bid reads as the bidder's expectation
FLOOR = 0.05  # the least weight a bid gives a world: a player may bid on a hunch
ROOT_CONTRACTS = 4  # contracts a bid searches: those the seat's own hand expects most of
TRIES = 50  # deals tried for one whose hands allow every bid so far


def lean_bid(word: str, profile: Profile) -> int:
    """The lean word of a bid as `BidMade` says it."""
    if word == "pass":
        return PASS
    if word == "hold":
        return HOLD
    if profile.bidding is not None and word == profile.bidding.neutral:
        return NEUTRAL
    return profile.rank(word)


def root_bids(view: KoenigrufenView, standing: int) -> list[int]:
    """The bids a search weighs: every word but a contract bid (pass, hold, the neutral opening), the
    standing bid, and among the positive contracts the evaluation rates worth bidding the
    `ROOT_CONTRACTS` the hand expects most of. Not the others: the playouts' habits misjudge a negative
    contract (over 120 austria deals hard searching them declared Piccolo ouvert 26 times and made it 4)
    and a contract the evaluation rates a loss."""
    profile = view.profile
    words = [lean_bid(word, profile) for word in view.bid_options]
    hand = [DECK_INDEX[card] for card in view.hand]
    values = expectations(hand, view.seat == view.forehand, profile)
    worth = [w for w in words if w >= 0 and values[w] > MARGIN and profile.contracts[w].kind == "positive"]
    ranks = sorted(worth, key=values.__getitem__, reverse=True)[:ROOT_CONTRACTS]
    return [w for w in words if w < 0 or w in ranks or w == standing]


def bidding_sampler(view: KoenigrufenView) -> Callable[[random.Random], LeanKoenigrufen]:
    """Worlds of the auction as it stands: the seat's hand, the other hands and the talon dealt from the
    rest at random, the bids so far replayed (each legal for the hand dealt: a bid of a contract barred to a
    hand of four kings, or to one without its bird, says the hand is not one)."""
    me, profile = view.seat, view.profile
    hand = [DECK_INDEX[card] for card in view.hand]
    held = set(hand)
    unseen = [card for card in range(len(DECK)) if card not in held]
    others = [seat for seat in range(SEATS) if seat != me]
    words = [lean_bid(word, profile) for _seat, word in view.bids]

    def sample(rng: random.Random) -> LeanKoenigrufen:
        for _ in range(TRIES):
            state = deal(rng)
            if all(_said(state, word) for word in words):
                return state
        state = deal(rng)  # hands the bids barely allow: the bids replayed all the same
        for word in words:
            state.bid(word)
        return state

    def deal(rng: random.Random) -> LeanKoenigrufen:
        cards = unseen[:]
        rng.shuffle(cards)
        hands: list[list[int]] = [hand] * SEATS
        for i, seat in enumerate(others):
            hands[seat] = cards[i * HAND_SIZE : (i + 1) * HAND_SIZE]
        talon = cards[len(others) * HAND_SIZE :]
        return LeanKoenigrufen(hands, (tuple(talon[:3]), tuple(talon[3:])), view.forehand, profile)

    return sample


def _said(state: LeanKoenigrufen, word: int) -> bool:
    """Bids `word` if the seat to act may (its kings, the bird a bird contract asks for); False if not."""
    if word not in state.bid_options():
        return False
    state.bid(word)
    return True


def talk_so_far(view: KoenigrufenView) -> Talk:
    """The announcement round as it stands (or as it ended, for the settlement), as the core holds it: who
    announced each item and its Kontra level, the words in order, who has announced, the passes in a row,
    the game's Kontra per defender where each doubles for himself."""
    names = item_names(view.profile)
    owner, level = [-1] * len(names), [0] * len(names)
    owner[0] = view.declarer
    for item, seat, steps in view.items:
        owner[names.index(item)], level[names.index(item)] = seat, steps
    said = tuple((s.seat, lean_word(s, view.profile)) for s in view.said)
    spoken = tuple(any(s.seat == seat and s.word == "announce" for s in view.said) for seat in range(SEATS))
    announcing = view.profile.announcing
    passes = passes_at_end(said, announcing is not None and announcing.several_per_turn)
    return Talk(said, tuple(owner), tuple(level), spoken, passes, view.accounts or (0,) * SEATS)


BidSteps = dict[
    int, list[tuple[int, list[int]]]
]  # per seat: its words (HOLD as the held rank), the ranks on offer


def bid_steps(view: KoenigrufenView) -> BidSteps:
    """What the other seats said that tells about their hands: per seat, each word but the neutral opening,
    with the contracts then on offer (a pass is read against them)."""
    me, profile = view.seat, view.profile
    steps: BidSteps = {}
    if profile.bidding is None:
        return steps
    best = -1
    ladder = range(len(profile.contracts))
    barred = {profile.rank(c) for c in (*profile.bidding.reserved, *profile.bidding.first_word_only)}
    for seat, word in view.bids:
        lean = lean_bid(word, profile)
        if seat != me and lean != NEUTRAL:
            offer = [r for r in ladder if r > best and r not in barred]
            steps.setdefault(seat, []).append((best if lean == HOLD else lean, offer))
        if lean >= 0:
            best = lean
    return steps


def hand_weight(
    hand: Sequence[int],
    forehand: bool,
    profile: Profile,
    said: Sequence[tuple[int, list[int]]],
    floor: float = FLOOR,
) -> float:
    """How likely a player dealt `hand` says the words `said` (`bid_chance`, each never below `floor`)."""
    values = expectations(hand, forehand, profile)
    weight = 1.0
    for word, offer in said:
        chance = bid_chance(values, word if word >= 0 else PASS, offer, SOFTNESS)
        weight *= floor + (1 - floor) * chance
    return weight


def played_by(view: KoenigrufenView) -> dict[int, list[int]]:
    """Per seat, the cards it has played so far."""
    played: dict[int, list[int]] = {seat: [] for seat in range(SEATS)}
    for t in (*view.tricks, view.trick):
        for seat, card in t.played:
            played[seat].append(DECK_INDEX[card])
    return played


def bid_evidence(view: KoenigrufenView) -> Callable[[LeanKoenigrufen], float] | None:
    """How likely a world makes the other seats' bids (None when they said nothing but the neutral word):
    per seat, `hand_weight` of its hand as it was dealt (the cards it played since given back, and a
    declarer's talon exchange undone)."""
    steps = bid_steps(view)
    if not steps:
        return None
    profile, forehand, played = view.profile, view.forehand, played_by(view)

    def weigh(world: LeanKoenigrufen) -> float:
        weight = 1.0
        for seat, said in steps.items():
            dealt = _dealt(world, seat, played[seat])
            if dealt is not None:
                weight *= hand_weight(dealt, seat == forehand, profile, said)
        return weight

    return weigh


def _dealt(world: LeanKoenigrufen, seat: int, played: Sequence[int]) -> list[int] | None:
    """The seat's hand as dealt in `world`: its cards now and those it played, and for the declarer the
    discards back and the talon cards taken out (None where the world does not hold them: an unseen talon
    taken whole)."""
    cards = world.hand(seat) + list(played)
    if seat == world.declarer and world.contract is not None and world.discards:
        taken = world.halves[0] + world.halves[1] if world.half is None else world.halves[world.half]
        cards = [card for card in cards + list(world.discards) if card not in taken]
    return cards if len(cards) == HAND_SIZE else None
