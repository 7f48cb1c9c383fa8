"""One Königrufen deal as a lean, full-information state: the rules core. It holds the deal as card numbers
and applies the rules of `cards` (the call and the partnership, the talon, the discard, following suit,
trick winners, the count and the settlement) without events, checks or dataclasses, so that a search can
afford thousands of random playouts; `rules.KoenigrufenGame` wraps it, adding the checks, the events, the
views and the match.

Cards are numbers, `DECK_INDEX[code]`. A hand is held as five ascending lists (trumps, ♥, ♦, ♣, ♠):
following suit is then one `list.pop` at a random index, which measured faster than bitmask hands (where
picking the k-th set bit is a Python loop).

Lean actions: call → the king's card number; talon → the half 0 or 1; discard → three card numbers,
ascending; play → the card number. `rules.to_action` and `rules.from_action` translate them.

`rollout` plays uniformly random legal actions to the end of the deal. Its draws are `int(rng.random() * n)`
over the list `legal()` would answer (one draw per call, talon choice and card), so a test can replay it
step by step; only the discard draws three cards one by one (`random_discard`).
"""

from __future__ import annotations

import random
import weakref
from bisect import insort
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from functools import partial
from itertools import repeat, starmap
from typing import NamedTuple

from game.games.koenigrufen.cards import (
    DECK_INDEX,
    HAND_SIZE,
    KING_CARDS,
    MOND_CARD,
    PAGAT_CARD,
    POINTS,
    POWER,
    SEATS,
    SKUS_CARD,
    SUIT,
    TRICKS_PER_DEAL,
    counted,
    legal_discard_list,
    playable,
    random_discard,
    restricted,
    side_settlement,
    split_hand,
    winning,
)
from game.games.koenigrufen.profile import BIRDS, CARDAVIA, Contract, Profile, Trischaken

LeanAction = int | tuple[int, ...]
Follow = Callable[[Sequence[list[int]], Sequence[int]], list[int]]


class Phase(StrEnum):
    """The phases of a deal, and of the match around it. A string, so that `phase == "tricks"` reads as
    before; the engines compare members by identity. The core ends a deal "scored"; the table engine says
    "over" once the match is."""

    BID = "bid"  # the auction, forehand first (profiles with bidding)
    CALL = "call"  # the declarer calls a king
    TALON = "talon"  # the declarer takes a half
    DISCARD = "discard"  # the declarer lays cards away (three, or six after the whole talon)
    ANNOUNCE = "announce"  # bonuses announced and items doubled, declarer first (profiles with them)
    TRICKS = "tricks"
    SCORED = "scored"  # the deal is settled
    OVER = "over"  # the match is


# The members as module names: reading `Phase.TRICKS` goes through the enum's descriptor, ten times slower.
BID, CALL, TALON, DISCARD, ANNOUNCE = Phase.BID, Phase.CALL, Phase.TALON, Phase.DISCARD, Phase.ANNOUNCE
TRICKS, SCORED = Phase.TRICKS, Phase.SCORED
# Lean bids: a contract's rank in the ladder (0 the lowest), or one of these words.
PASS, HOLD, NEUTRAL = -1, -2, -3
CONCEDE = 2  # the lean talon action beside the halves 0 and 1: the declarer gives the deal up

_SKUS_POWER = POWER[SKUS_CARD]
_CARDS = range(len(POINTS))
_HANDS_AT = range(0, SEATS * HAND_SIZE, HAND_SIZE)  # where each hand starts in a dealt deck
_TALON_AT = SEATS * HAND_SIZE

# Which seats are on the declaring side, per (declarer, partner or None when alone).
_TEAMS: dict[tuple[int, int | None], tuple[bool, ...]] = {
    (declarer, partner): tuple(seat in (declarer, partner) for seat in range(SEATS))
    for declarer in range(SEATS)
    for partner in (*range(SEATS), None)
}


class Auction(NamedTuple):
    """The auction so far, replaced whole at each bid (one field to copy per state): `bids` the (seat,
    lean bid) so far, `best` the standing contract's rank (-1 none yet) and `best_seat` its bidder,
    `passed` per seat, `choosing` once forehand picks a contract after his neutral opening and three
    passes."""

    bids: tuple[tuple[int, int], ...] = ()
    passed: tuple[bool, ...] = (False,) * SEATS
    best: int = -1
    best_seat: int = -1
    choosing: bool = False


_OPENING = Auction()
# Lean announcement words: SAY_PASS ("gut"; the declarer's "Ich liege"), a mask of bonuses announced at
# once (bit j: the profile's bonus j), KONTRA + i, one doubling step on item i (0 the game, j + 1 bonus j),
# or KONTRA_EACH + d, one step on the game between the declarer and defender d (`Announcing.kontra_each`).
SAY_PASS, KONTRA, KONTRA_EACH = 0, 1 << 12, 1 << 13
_BIRD_CARDS = {bonus_id: (DECK_INDEX[card], trick) for bonus_id, (card, trick) in BIRDS.items()}
DEFENDERS = ":defenders"  # the mark of the defenders' own bonus items and lines (`Announcing.per_side`)
_ABSOLUT_THIRDS = 134  # 45 points, in thirds, one third short allowed (konig's FeatValues)


class Talk(NamedTuple):
    """The announcement round so far, replaced whole at each word: `said` the (seat, lean word) in order,
    `owner` per item the seat that announced it (-1 not announced; the game's is the declarer),
    `level` per item its Kontra steps, `spoken` per seat whether he has announced bonuses, `passes`
    the passes in a row (turns without a word, under `Announcing.several_per_turn`); `accounts` per seat
    the Kontra steps on the game between the declarer and that defender, where each defender doubles for
    himself (`Plan.each`; else all 0). The items are the game (0), then each bonus j of the profile (1 + j);
    under `Announcing.per_side` the bonuses are the declaring side's (1 + j) and then the defenders' (1 + n
    + j, n bonuses), each side's its own item."""

    said: tuple[tuple[int, int], ...]
    owner: tuple[int, ...]
    level: tuple[int, ...]
    spoken: tuple[bool, ...]
    passes: int
    accounts: tuple[int, ...] = (0,) * SEATS


def passes_at_end(said: Sequence[tuple[int, int]], several: bool) -> int:
    """The passes in a row that `said` ends with: turns without a word (each word is a turn but under
    `Announcing.several_per_turn`, where a pass ends a turn and a turn under way counts none)."""
    count, k = 0, len(said) - 1
    if several and k >= 0 and said[k][1] != SAY_PASS:
        return 0
    while k >= 0 and said[k][1] == SAY_PASS:
        if several and k > 0 and said[k - 1][0] == said[k][0]:
            break  # the pass that ended a turn with words
        count += 1
        k -= 1
    return count


class ScoreItem(NamedTuple):
    """One line of a deal's settlement: `item` "game", "valat" (instead of the game) or a bonus id;
    `seat` a seat of the side it counts for (the announcer, or the side that made it silently);
    `announced`, `made`, `kontra` its doubling steps, `amounts` what each seat gets (zero-sum)."""

    item: str
    seat: int
    announced: bool
    made: bool
    kontra: int
    amounts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Plan:
    """How a deal goes under one contract of one profile, worked out once per profile (`plans`): a deal
    holds the one object and reads a field of it, rather than asking the contract and the profile again
    at each deal, step and trick."""

    rules: tuple[bool, bool, bool, bool]  # (overtake, pagat_rule, colour, emperor), as `cards.restricted`
    follow: Follow  # `cards.playable` for a plain contract, else `restricted` under `rules`
    emperor: bool  # `Profile.emperors_trick`
    colour: bool  # trumps do not beat suit cards
    start: Phase  # where the declaration leads: CALL, TALON, DISCARD (the whole talon taken) or TRICKS
    plain: bool  # the seed's play rules to the last trick: `rollout` plays them in its inlined loop
    tally: bool  # each seat's pile counted (negative contracts, Trischaken)
    counting: bool  # `rollout` keeps each seat's tricks (and piles, history): tally, or bonuses scored
    discard: int  # `Contract.discard`, read without a property call
    kontra_cap: int  # the doubling steps an item may take (0: none)
    talks: bool  # an announcement round before the first trick
    forehand_leads: bool
    simple: bool  # settled as the game alone (not Trischaken; no bonuses, no announcements)
    each: bool = False  # each defender doubles the game for himself (`Announcing.kontra_each`, negative)
    window: bool = False  # a doubling only at one's first turn after it opened (`kontra_window`)
    reserve: bool = False  # announced birds and König ultimo held for their tricks (`reserve_announced`)
    keep: bool = False  # announced birds and König ultimo kept for their tricks (`keep_announced`)
    several: bool = False  # a turn of the announcement round holds several words (`several_per_turn`)


def _plan(profile: Profile, contract: Contract) -> Plan:
    rules = (contract.overtake, contract.pagat_rule, contract.colour, profile.emperors_trick)
    announcing = profile.announcing
    cap = 0
    if announcing is not None and contract.kind != "trischaken":
        cap = announcing.kontra_cap_negative if contract.kind == "negative" else announcing.kontra_cap
    talks = bool(cap or contract.bonuses)
    tally = contract.kind != "positive"
    start = CALL if contract.call else {"halves": TALON, "all": DISCARD}.get(contract.talon, TRICKS)
    return Plan(
        rules=rules,
        follow=playable if contract.plain else partial(restricted, rules=rules),
        emperor=profile.emperors_trick,
        colour=contract.colour,
        start=start,
        plain=contract.plain and not (profile.early_end and contract.kind == "negative"),
        tally=tally,
        counting=tally or bool(profile.bonuses),
        discard=contract.discard,
        kontra_cap=cap,
        talks=talks,
        forehand_leads=contract.lead == "forehand",
        simple=contract.kind != "trischaken" and not profile.bonuses and not talks and not profile.concession,
        each=bool(cap) and contract.kind == "negative" and announcing is not None and announcing.kontra_each,
        window=bool(cap) and announcing is not None and announcing.kontra_window,
        reserve=bool(contract.bonuses) and announcing is not None and announcing.reserve_announced,
        keep=bool(contract.bonuses) and announcing is not None and announcing.keep_announced,
        several=talks and announcing is not None and announcing.several_per_turn,
    )


# Each profile's plans by the profile's identity (a match holds one profile; a journal read back makes
# another), dropped with the profile.
_PLANS: dict[int, tuple[Plan, ...]] = {}


def plans(profile: Profile) -> tuple[Plan, ...]:
    """Each contract's `Plan` under `profile`, in ladder order, worked out on the first ask."""
    found = _PLANS.get(id(profile))
    if found is None:
        found = _PLANS[id(profile)] = tuple(_plan(profile, contract) for contract in profile.contracts)
        weakref.finalize(profile, _PLANS.pop, id(profile), None)
    return found


# What a deal holds during the auction, before any contract: read by nothing, there so `plan` is a Plan.
_AUCTION = Plan((False,) * 4, playable, False, False, BID, True, False, False, 0, 0, False, True, False)

# The three seats after each leader, in play order.
_FOLLOWERS = tuple(tuple((leader + i) % SEATS for i in range(1, SEATS)) for leader in range(SEATS))


def shuffled(rng: random.Random) -> list[int]:
    """The card numbers uniformly shuffled, by sorting them on random keys: cheaper than `rng.shuffle`, the
    keys drawn without a Python loop."""
    keys = list(starmap(rng.random, repeat((), len(_CARDS))))
    return sorted(_CARDS, key=keys.__getitem__)


def kings_held(split: Sequence[list[int]]) -> int:
    """How many kings a `split_hand` holds: each is the lowest number of its suit."""
    return sum(1 for suit in range(1, 5) if split[suit] and split[suit][0] == KING_CARDS[suit - 1])


def group_settlement(side: Sequence[int], amount: int) -> tuple[int, ...]:
    """`side` (one to three seats) wins `amount` against the rest the Rufer's way: two against two
    ±amount each, one against three ±3·amount against ∓amount each (and three against one the mirror)."""
    if len(side) == 2:
        return side_settlement(side[0], side[1], amount)
    if len(side) == 1:
        return side_settlement(side[0], None, amount)
    (lone,) = [seat for seat in range(SEATS) if seat not in side]
    return side_settlement(lone, None, -amount)


def trischaken_settlement(
    scores: Sequence[int], tricks: Sequence[int], forehand: int, rules: Trischaken
) -> tuple[int, ...]:
    """Trischaken's payout per seat from each seat's pile (`scores`, thirds or rounded points, as the
    profile compares them) and tricks taken; see `profile.Trischaken`. Zero-sum."""
    top = max(scores)
    losers = [seat for seat in range(SEATS) if scores[seat] == top]
    maidens = [seat for seat in range(SEATS) if tricks[seat] == 0]
    alone = losers == [forehand] or (rules.forehand_tied_alone and forehand in losers)
    factor = rules.forehand_factor if alone else 1
    if alone:
        losers = [forehand]
    if rules.payout == "sides":
        if maidens:
            return group_settlement(maidens, 1)
        return (0,) * SEATS if len(losers) == SEATS else group_settlement(losers, -factor)
    row = [0] * SEATS
    others = [seat for seat in range(SEATS) if seat not in losers]
    total = 0
    for seat in losers:
        mayor = rules.mayor_thirds is not None and scores[seat] >= rules.mayor_thirds
        paid = factor * (2 if mayor else 1) * len(others)
        row[seat] -= paid
        total += paid
    takers = [seat for seat in maidens if seat not in losers] or others
    share = -(-total // len(takers))  # shared rounded up: the first loser pays what rounding adds
    for seat in takers:
        row[seat] += share
    row[losers[0]] -= share * len(takers) - total
    return tuple(row)


class LeanKoenigrufen:
    """One deal, phases BID (profiles with bidding), CALL, TALON, DISCARD, TRICKS, SCORED, as the contract
    asks. Trusted: `apply` checks nothing.

    `profile` is the rule profile, `contract` the contract played (None during the auction), `forehand`
    the dealer's right-hand neighbour. `to_act` is the seat to act, -1 once scored; `partner` is the true
    partner once the king is called (None when alone); `shown` says whether the partnership is public (the
    called king turned up in the talon, or was played); `trick` holds the cards of the trick being played,
    `leader` its leader. `suits` is each seat's hand as five ascending lists (trumps, ♥ ♦ ♣ ♠) and `team`
    flags the declaring side's seats, for playout policies that need them. `wins` and `sums` are each
    seat's tricks and their plain card points, kept only where the contract reads them (`Plan.counting`:
    a negative contract, Trischaken, bonuses; the points only with `tally`); `auction` the bidding so far.
    `plan` is the contract's `Plan`."""

    __slots__ = (
        "_dn",
        "_dsum",
        "auction",
        "contract",
        "declarer",
        "discards",
        "follow",
        "forehand",
        "half",
        "halves",
        "history",
        "king",
        "leader",
        "partner",
        "phase",
        "plan",
        "profile",
        "reserved",
        "shown",
        "suits",
        "sums",
        "talk",
        "team",
        "to_act",
        "trick",
        "tricks_done",
        "wins",
    )
    king: int | None
    partner: int | None
    half: int | None
    discards: tuple[int, ...]
    trick: list[int]
    auction: Auction
    talk: Talk | None  # the announcement round, once it begins
    reserved: tuple[tuple[int, int, int], ...]  # (card, its trick, holder) held for it (`Plan.reserve`)
    history: list[tuple[int, tuple[int, ...], int]] | None
    contract: Contract | None
    plan: Plan  # the contract's, under the profile
    follow: Follow  # (hand, trick) -> the playable cards: the plan's, read at every play

    def __init__(
        self,
        hands: Sequence[Sequence[int]],
        halves: tuple[tuple[int, ...], tuple[int, ...]],
        forehand: int,
        profile: Profile = CARDAVIA,
    ) -> None:
        self.suits = [split_hand(cards) for cards in hands]
        self.halves = (tuple(sorted(halves[0])), tuple(sorted(halves[1])))
        self._open(forehand, profile)

    def _open(self, forehand: int, profile: Profile) -> None:
        """The deal before anyone acts: the auction, or forehand declaring the profile's only contract."""
        self.profile, self.forehand, self.leader = profile, forehand, forehand
        self.king = self.partner = self.half = None
        self.shown = False
        self.discards = ()
        self.trick = []
        self.tricks_done = self._dsum = self._dn = 0
        self.wins, self.sums = [0] * SEATS, [0] * SEATS
        self.auction, self.talk, self.reserved = _OPENING, None, ()
        # the completed tricks (leader, cards, winner), kept only where bonuses are settled from them
        self.history = [] if profile.bonuses else None
        if profile.bidding is None:  # `_declare`, a call the less where the contract starts with the call
            self.phase = start = self._settle(forehand, 0).start
            if start is not CALL:
                self._lead_in(start)
            return
        self.declarer = self.to_act = forehand
        self.contract, self.phase, self.plan, self.follow = None, BID, _AUCTION, playable
        self.team = _TEAMS[forehand, None]  # seats of the declaring side, set by the call

    # --- making states -----------------------------------------------------------------------------------

    @classmethod
    def deal(cls, rng: random.Random, forehand: int, profile: Profile = CARDAVIA) -> LeanKoenigrufen:
        """A uniformly shuffled fresh deal, seat 0 getting the deck's first twelve cards."""
        deck = shuffled(rng)
        new = object.__new__(cls)
        new.suits = [
            split_hand(deck[:12]),
            split_hand(deck[12:24]),
            split_hand(deck[24:36]),
            split_hand(deck[36:48]),
        ]
        talon = deck[_TALON_AT:]
        new.halves = (tuple(sorted(talon[:3])), tuple(sorted(talon[3:])))
        new._open(forehand, profile)
        return new

    @classmethod
    def from_parts(
        cls,
        hands: Sequence[Sequence[int]],
        halves: tuple[tuple[int, ...], tuple[int, ...]],
        declarer: int,
        king: int | None,
        half: int | None,
        discards: tuple[int, ...],
        completed_tricks: Sequence[tuple[int, tuple[int, ...], int]],
        leader: int,
        trick: Sequence[int],
        *,
        profile: Profile = CARDAVIA,
        rank: int = 0,
        forehand: int | None = None,
        talk: Talk | None = None,
        shown: bool = False,
    ) -> LeanKoenigrufen:
        """Any position of a deal once `declarer` declared the contract of rank `rank` of `profile` (the
        seed's Rufer, forehand declaring, by default): the position's phase is the first whose choice is
        still missing (the call, the talon half, the discard), else the tricks. The partner is the seat
        that held the called king at the call: the one holding it now or having played it; None (alone)
        when that is the declarer or it lay in the talon. `talk` is the announcement round once over (its
        owners and Kontra levels settle the deal), `shown` the partner already public (he spoke for his
        side). `halves` may be empty where nothing reads them any more (a talon taken whole, unseen).
        Built field by field, as a search samples a world per iteration."""
        new = cls(hands, halves, declarer if forehand is None else forehand, profile)
        if new.phase is BID:  # the contract without what declaring it does to the hands: they are given
            new._settle(declarer, rank)
        contract = new.contract
        assert contract is not None
        split = new.suits
        if contract.call:
            if king is None:
                new.phase = CALL
                return new
            new.king = king
            holder = None
            suit = SUIT[king]
            for seat in range(SEATS):
                if king in split[seat][suit]:
                    holder = seat
                    break
            else:
                for lead, cards, _winner in [*completed_tricks, (leader, trick, leader)]:
                    if king in cards:
                        holder = (lead + list(cards).index(king)) % SEATS
                        new.shown = True
            new.shown = new.shown or (contract.talon_shown and king in new.halves[0] + new.halves[1])
            if holder is not None and holder != declarer:
                new.partner = holder
                new.team = _TEAMS[declarer, holder]
        team = new.team
        if contract.talon == "halves":
            if half is None:
                new.phase = TALON
                return new
            new.half = half
        if contract.discard and not discards:
            new.phase = DISCARD
            return new
        new.discards = tuple(sorted(discards))
        credit = new.discards + new.talon_credit()
        dsum, dn = sum(map(POINTS.__getitem__, credit)), len(credit)
        points = POINTS.__getitem__
        for lead, cards, winner in completed_tricks:
            won = sum(map(points, cards))
            new.wins[winner] += 1
            new.sums[winner] += won
            if team[winner]:
                dsum += won
                dn += len(cards)
            if new.history is not None:
                new.history.append((lead, tuple(cards), winner))
        new._dsum, new._dn = dsum, dn
        new.talk, new.shown = talk, new.shown or shown
        new.reserved = new._reservations()
        new.tricks_done = len(completed_tricks)
        new.trick = list(trick)
        new.leader = leader
        if new.tricks_done == TRICKS_PER_DEAL or (not new.plan.plain and new._failed()):
            new.phase, new.to_act = SCORED, -1
        else:
            new.phase, new.to_act = TRICKS, (leader + len(trick)) % SEATS
        return new

    def copy(self) -> LeanKoenigrufen:
        """An independent copy: only the hands, the trick and the per-seat tallies are mutable, so only
        they are copied."""
        new = object.__new__(LeanKoenigrufen)
        new.suits = [[a[:], b[:], c[:], d[:], e[:]] for a, b, c, d, e in self.suits]
        new.trick = self.trick[:]
        new.wins, new.sums = self.wins[:], self.sums[:]
        new.halves, new.declarer, new.king, new.partner = self.halves, self.declarer, self.king, self.partner
        new.half, new.discards, new.phase, new.to_act = self.half, self.discards, self.phase, self.to_act
        new.leader, new.tricks_done, new.team = self.leader, self.tricks_done, self.team
        new.shown, new._dsum, new._dn = self.shown, self._dsum, self._dn
        new.profile, new.contract, new.forehand = self.profile, self.contract, self.forehand
        new.plan, new.follow, new.auction, new.talk = self.plan, self.follow, self.auction, self.talk
        new.reserved = self.reserved
        new.history = None if self.history is None else self.history[:]
        return new

    # --- reading -----------------------------------------------------------------------------------------

    def hand(self, seat: int) -> list[int]:
        """The seat's cards, ascending."""
        trumps, hearts, diamonds, clubs, spades = self.suits[seat]
        return [*trumps, *hearts, *diamonds, *clubs, *spades]

    @property
    def hands(self) -> list[list[int]]:
        return [self.hand(seat) for seat in range(SEATS)]

    def over(self) -> bool:
        return self.phase is SCORED

    def declarer_points(self) -> int:
        """The declaring side's card points so far, counted in threes (all of them once scored)."""
        return counted(self._dsum, self._dn)

    def seat_scores(self) -> list[int]:
        """Each seat's own pile as Trischaken compares them (thirds, or rounded points), the talon credited
        to the last trick's winner where the profile says so (meaningful once scored)."""
        rules = self.profile.trischaken
        assert rules is not None, "a profile with Trischaken has its payout"
        sums, cards = self.sums[:], [4 * won for won in self.wins]
        if rules.talon_to_last_trick and self.phase is SCORED:
            talon = self.halves[0] + self.halves[1]
            sums[self.leader] += sum(POINTS[card] for card in talon)
            cards[self.leader] += len(talon)
        if rules.rounded:
            return [counted(total, n) for total, n in zip(sums, cards, strict=True)]
        return [3 * total - 2 * n for total, n in zip(sums, cards, strict=True)]

    def won(self) -> bool:
        """Whether the declaring side made its objective (once scored): its card points in thirds reach the
        target, or the declarer took exactly the tricks a negative contract asks; in Trischaken, whether
        the declarer is not among those who pay."""
        contract = self.contract
        assert contract is not None, "a contract is played once the auction is over"
        if contract.kind == "positive":
            return 3 * self._dsum - 2 * self._dn >= contract.target
        if contract.kind == "negative":
            return self.wins[self.declarer] == contract.target
        return self.returns()[self.declarer] >= 0

    def returns(self) -> list[int]:
        """The settlement per seat, as `DealScored.settlement` (meaningful once scored): the score that ranks
        the match, the doublings left out where they count in the money only (`kontra_in_points` off)."""
        contract = self.contract
        assert contract is not None, "a contract is played once the auction is over"
        if self.plan.simple:  # the usual case first
            amount = contract.value if self.won() else -contract.lost_value
            return list(side_settlement(self.declarer, self.partner, amount))
        if contract.kind == "trischaken":
            assert self.profile.trischaken is not None
            return list(
                trischaken_settlement(self.seat_scores(), self.wins, self.forehand, self.profile.trischaken)
            )
        announcing = self.profile.announcing
        return self._summed(announcing is None or announcing.kontra_in_points)

    def money(self) -> list[int]:
        """The settlement per seat with every doubling counted: the money paid at the table. The same as
        `returns` but where the profile keeps the doublings out of the score (`kontra_in_points` off)."""
        contract = self.contract
        assert contract is not None, "a contract is played once the auction is over"
        if self.plan.simple or contract.kind == "trischaken":
            return self.returns()
        return self._summed(True)

    def _summed(self, kontra: bool) -> list[int]:
        """The score items' amounts per seat, with their doublings or without (each an exact multiple)."""
        totals = [0] * SEATS
        for item in self.score_items():
            shift = 0 if kontra else item.kontra
            for seat, amount in enumerate(item.amounts):
                totals[seat] += amount >> shift
        return totals

    def outcome(self) -> tuple[bool, tuple[int, ...]]:
        """`won` and the settlement together, as the engine's score reads both: the usual (`Plan.simple`)
        settlement then asks `won` once, not twice."""
        contract = self.contract
        assert contract is not None, "a contract is played once the auction is over"
        won = self.won()
        if self.plan.simple:
            amount = contract.value if won else -contract.lost_value
            return won, side_settlement(self.declarer, self.partner, amount)
        return won, tuple(self.returns())

    def score_items(self) -> list[ScoreItem]:
        """The settlement line by line (once scored; none in Trischaken): the game (or the Valat that
        replaces it), then each bonus of the contract announced or made or, where the profile says so,
        silently failed (under `per_side`, each side's apart). Each announced item counts its announced
        value, a silent one its silent value, times the contract's `bonus_factor` and 2 per Kontra step
        (`kontra_levels`: the steps that count); made for its side, failed against it."""
        contract, talk, announcing = self.contract, self.talk, self.profile.announcing
        assert contract is not None
        if contract.kind == "trischaken":
            return []  # its own payout, `trischaken_settlement`
        if self.conceded():  # nothing else counts, no Kontra
            amounts = side_settlement(self.declarer, None, -self.concession_value())
            return [ScoreItem("concession", self.declarer, False, False, 0, amounts)]
        if self.plan.each:  # negative: the declarer against each defender apart, a line per Kontra level
            accounts = talk.accounts if talk is not None else (0,) * SEATS
            return self._each_game((0,) * SEATS if self._kontra_void() else accounts)
        owner = talk.owner if talk is not None else (self.declarer,)
        level = self.kontra_levels()
        per_side = announcing is not None and announcing.per_side
        declaring = [seat for seat in range(SEATS) if self.team[seat]]
        defending = [seat for seat in range(SEATS) if not self.team[seat]]
        tricks = sum(self.wins[seat] for seat in declaring)
        valat_side = True if tricks == TRICKS_PER_DEAL else False if tricks == 0 else None
        items: list[ScoreItem] = []
        n = len(self.profile.bonuses)
        bonuses = [(j, b) for j, b in enumerate(self.profile.bonuses) if b.id in contract.bonuses]
        replaced, valat_said = None, False  # the Valat settled instead of the game, and whether it was said
        if announcing is not None and announcing.valat_replaces_game:
            for j, bonus in bonuses:
                said = any(owner[i] >= 0 for i in ((1 + j, 1 + n + j) if per_side else (1 + j,)))
                if bonus.id == "valat" and (said or valat_side is not None):
                    replaced, valat_said = j, said
        if replaced is None:
            won = self.won()
            amount = (contract.value if won else -contract.lost_value) << level[0]
            items.append(
                ScoreItem(
                    "game",
                    self.declarer,
                    True,
                    won,
                    level[0],
                    side_settlement(self.declarer, self.partner, amount),
                )
            )
        for j, bonus in bonuses:
            made_by, failed_by = self._bonus_result(bonus.id, valat_side, per_side)
            for i in (1 + j, 1 + n + j) if per_side else (1 + j,):
                announcer = owner[i]
                side = (i <= n) if per_side else None if announcer < 0 else bool(self.team[announcer])
                if j == replaced:  # the Valat instead of the game, the game's Kontra carried over
                    if announcer >= 0 or not (valat_said or (per_side and valat_side is not side)):
                        items.append(self._valat_line(announcer, side, valat_side, level[0] + level[i]))
                    continue
                if announcer >= 0:
                    made = made_by is side
                    amount = bonus.announced * contract.bonus_factor << level[i]
                elif replaced is not None or not bonus.silent:
                    continue  # the silent bonuses are dropped beside a Valat
                elif made_by is not None and (side is None or made_by is side):
                    side, made, amount = made_by, True, bonus.silent * contract.bonus_factor
                elif (
                    failed_by is not None
                    and (side is None or failed_by is side)
                    and announcing is not None
                    and announcing.failed_silent_counts
                ):
                    side, made, amount = failed_by, False, bonus.silent * contract.bonus_factor
                else:
                    continue
                members = declaring if side else defending
                items.append(
                    ScoreItem(
                        bonus.id + DEFENDERS if per_side and not side else bonus.id,
                        announcer if announcer >= 0 else members[0],
                        announcer >= 0,
                        made,
                        level[i],
                        group_settlement(members, amount if made else -amount),
                    )
                )
        return items

    def _valat_line(
        self, announcer: int, side: bool | None, valat_side: bool | None, steps: int
    ) -> ScoreItem:
        """The Valat settled instead of the game (`valat_replaces_game`): the game's value × 8 announced, × 4
        silent, for the side that made it or against the side that announced it and failed."""
        contract = self.contract
        assert contract is not None
        ours = side if side is not None else valat_side
        declaring_wins = (valat_side is ours) == bool(ours)
        times = (8 if announcer >= 0 else 4) << steps
        amount = (contract.value if declaring_wins else -contract.lost_value) * times
        defending = [seat for seat in range(SEATS) if not self.team[seat]]
        return ScoreItem(
            "valat",
            self.declarer if ours else defending[0],
            announcer >= 0,
            valat_side is ours,
            steps,
            side_settlement(self.declarer, self.partner, amount),
        )

    def kontra_levels(self) -> tuple[int, ...]:
        """The doubling steps of each item that count in the settlement: the round's, less those the
        contract voids — every one with the called king in the talon (`kontra_void_talon_king`), or the
        game's single Kontra when the declarer alone lost it and his side announced no bonus
        (`kontra_void_lost_alone`)."""
        talk, contract = self.talk, self.contract
        assert contract is not None
        if talk is None:
            return (0,)
        if self._kontra_void():
            return (0,) * len(talk.level)
        level = talk.level
        if (
            contract.kontra_void_lost_alone
            and level[0] == 1
            and self.partner is None
            and not self.won()
            and all(owner < 0 or not self.team[owner] for owner in talk.owner[1:])
        ):
            return (0, *level[1:])
        return level

    def _kontra_void(self) -> bool:
        """Whether every doubling of the deal is void: the called king lay in the talon, where the contract
        says so (`Contract.kontra_void_talon_king`)."""
        contract, king = self.contract, self.king
        return (
            contract is not None
            and contract.kontra_void_talon_king
            and king is not None
            and king in self.halves[0] + self.halves[1]
        )

    def _each_game(self, accounts: Sequence[int]) -> list[ScoreItem]:
        """The game of a negative contract doubled per defender (`Plan.each`): each defender and the
        declarer settle the game times 2 per step on their account; the defenders of one level in a line."""
        contract = self.contract
        assert contract is not None
        won, declarer = self.won(), self.declarer
        base = contract.value if won else -contract.lost_value
        items = []
        for level in sorted({accounts[d] for d in range(SEATS) if d != declarer}):
            amounts = [0] * SEATS
            for d in range(SEATS):
                if d != declarer and accounts[d] == level:
                    amounts[d] -= base << level
                    amounts[declarer] += base << level
            items.append(ScoreItem("game", declarer, True, won, level, tuple(amounts)))
        return items

    def _bonus_result(
        self, bonus_id: str, valat_side: bool | None, per_side: bool = False
    ) -> tuple[bool | None, bool | None]:
        """(the side that made the bonus, the side that visibly failed it), each True for the declaring
        side, False for the defenders, None for neither. A bird must win its trick itself, played by its
        side; König ultimo is the called king in the last trick won by the declaring side; Trull and four
        kings are the side's pile holding those cards; 45 is 134 thirds (under `per_side`, konig's, also
        the other side's pile being six cards only: a Valat against a talon of six); Valat all twelve
        tricks."""
        history, team = self.history or [], self.team
        if bonus_id in _BIRD_CARDS or bonus_id == "king_ultimo":
            card, number = _BIRD_CARDS.get(bonus_id, (self.king, TRICKS_PER_DEAL))
            if len(history) < number or card is None:
                return None, None
            leader, cards, winner = history[number - 1]
            if card not in cards:
                return None, None
            player = (leader + cards.index(card)) % SEATS
            if bonus_id == "king_ultimo":
                return (True, None) if team[winner] else (None, True)
            side = bool(team[player])
            return (side, None) if winner == player else (None, side)
        if bonus_id in ("trull", "four_kings"):
            wanted = (PAGAT_CARD, MOND_CARD, SKUS_CARD) if bonus_id == "trull" else KING_CARDS
            sides = {self._pile_side(card) for card in wanted}
            return (sides.pop() if len(sides) == 1 else None), None
        if bonus_id == "forty_five":
            thirds = 3 * self._dsum - 2 * self._dn
            if thirds >= _ABSOLUT_THIRDS or (per_side and self._dn == len(_CARDS) - 6):
                return True, None
            if 210 - thirds >= _ABSOLUT_THIRDS or (per_side and self._dn == 6):
                return False, None
            return None, None
        return valat_side, None

    def _pile_side(self, card: int) -> bool:
        """Whether `card` ends in the declaring side's pile (else the defenders'): won in a trick, laid
        away, or a talon card the contract credits."""
        for _leader, cards, winner in self.history or []:
            if card in cards:
                return bool(self.team[winner])
        return card in self.discards or card in self.talon_credit()

    def talon_credit(self) -> tuple[int, ...]:
        """The talon cards counted for the declaring side at the end (beside the discard, which holds any
        it took): in a contract whose talon goes to the defenders, the called king lying in it brings the
        declarer its half or all of it (`Profile.solo_king_talon`)."""
        contract, king = self.contract, self.king
        if contract is None or contract.talon != "defenders" or king is None or self.partner is not None:
            return ()
        if king not in self.halves[0] + self.halves[1]:
            return ()
        if self.profile.solo_king_talon == "half":
            return self.halves[0] if king in self.halves[0] else self.halves[1]
        return self.halves[0] + self.halves[1]

    def playable(self) -> list[int]:
        """The cards the seat to act may play, ascending; may be its hand's own list (do not mutate it)."""
        follow = self.follow  # read, then called: a call straight off the slot is not specialised (3.11)
        if self.reserved:
            return self._keep_reserved(follow(self.suits[self.to_act], self.trick))
        return follow(self.suits[self.to_act], self.trick)

    def _keep_reserved(self, cards: list[int]) -> list[int]:
        """`cards` less what the announced cards held for their tricks forbid. Under `Plan.keep` (konig):
        an announced card of the seat's whose trick it is must be played when legal, and one whose trick is
        still to come only when no other card is legal. Under `Plan.reserve` (OÖ): such an early card may
        not take the trick for certain (`_sure_win`), and a seat left only its announced birds to give up
        early gives the highest first. Some card always stays: forced, a card is played all the same."""
        seat, number = self.to_act, self.tricks_done + 1
        for card, trick, holder in self.reserved:  # the usual answer, without a list made: nothing held
            if holder == seat and trick >= number and card in cards:
                break
        else:
            return cards
        if self.plan.keep:
            due = [card for card, trick, holder in self.reserved if holder == seat and trick == number]
            now = [card for card in cards if card in due]
            if now:
                return now
            early = [card for card, trick, holder in self.reserved if holder == seat and trick > number]
            cards = [card for card in cards if card not in early] or cards
        if not self.plan.reserve:
            return cards
        early = [card for card, trick, holder in self.reserved if holder == seat and trick > number]
        kept = [card for card in cards if card not in early or not self._sure_win(card)] or cards
        if all(card in early and SUIT[card] == 0 for card in kept):  # only announced birds left to play
            return [max(kept, key=POWER.__getitem__)]
        return kept

    def _keep_live(self) -> None:
        """The reservations still binding after a trick: the card in its holder's hand, its trick to come."""
        number, suits = self.tricks_done + 1, self.suits
        self.reserved = tuple(r for r in self.reserved if r[1] >= number and r[0] in suits[r[2]][SUIT[r[0]]])

    def _sure_win(self, card: int) -> bool:
        """Whether `card`, played now, takes the trick for certain by what all have seen and the player's
        own hand: it beats the cards on the table, and each card that could beat it has been played, is in
        his hand or lies in the talon half turned up and left. In doubt, not: a refusal read off other
        hands would tell what they hold."""
        trick, plan = self.trick, self.plan
        if trick and winning([*trick, card], plan.emperor, plan.colour)[0] != len(trick):
            return False
        if len(trick) == SEATS - 1:
            return True
        seen = {*self.hand(self.to_act), *trick}
        for _leader, cards, _winner in self.history or ():
            seen.update(cards)
        contract = self.contract
        if contract is not None and contract.talon_shown and self.half is not None:
            seen.update(self.halves[1 - self.half])
        suit, power = SUIT[card], POWER[card]
        return not any(
            other not in seen
            and POWER[other] > power
            and (SUIT[other] == suit or (SUIT[other] == 0 and not plan.colour))
            for other in _CARDS
        )

    def reservation_refusal(self, card: int) -> str:
        """Why `card`, playable by the following rules, is refused by the announced cards held for their
        tricks (player-facing)."""
        seat, number = self.to_act, self.tricks_done + 1
        if self.plan.keep:
            legal = self.follow(self.suits[seat], self.trick)
            if any(holder == seat and trick == number and c in legal for c, trick, holder in self.reserved):
                return "play your announced card in its trick"
            if any(holder == seat and trick > number and c == card for c, trick, holder in self.reserved):
                return "keep your announced card for its trick"
        if self._sure_win(card):
            return "an announced card may not take an earlier trick"
        return "give up your highest announced bird first"

    def _reservations(self) -> tuple[tuple[int, int, int], ...]:
        """The announced birds and König ultimo still in a hand of their side, as (card, its trick, holder),
        where the profile holds them for their tricks (`Plan.reserve`, `Plan.keep`); read once the
        announcement round is over."""
        talk, king, plan = self.talk, self.king, self.plan
        if not (plan.reserve or plan.keep) or talk is None:
            return ()
        found = []
        n = len(self.profile.bonuses)
        for i, owner in enumerate(talk.owner[1:], 1):
            bonus = self.profile.bonuses[(i - 1) % n]
            if owner < 0:
                continue
            if bonus.id in _BIRD_CARDS:
                card, number = _BIRD_CARDS[bonus.id]
            elif bonus.id == "king_ultimo" and king is not None:
                card, number = king, TRICKS_PER_DEAL
            else:
                continue
            for seat in range(SEATS):
                if card in self.suits[seat][SUIT[card]] and self.team[seat] == self.team[owner]:
                    found.append((card, number, seat))
        return tuple(found)

    def bid_options(self) -> list[int]:
        """The lean bids of the seat to act: PASS, HOLD, NEUTRAL or contract ranks (see `profile.Bidding`).
        A contract is open to a hand holding at most its `max_kings` kings and, for a bird contract under
        `Profile.bird_held`, one of its birds (`lacks_bird`)."""
        bidding = self.profile.bidding
        assert bidding is not None, "only a profile with bidding has an auction"
        seat, contracts = self.to_act, self.profile.contracts
        kings = kings_held(self.suits[seat])
        lacks = self.lacks_bird
        auction = self.auction
        if auction.choosing:
            return [
                r
                for r, c in enumerate(contracts)
                if c.id in bidding.after_neutral and kings <= c.max_kings and not (c.bird and lacks(seat, c))
            ]
        if not auction.bids:  # forehand's opening word
            return [NEUTRAL] + [
                r
                for r, c in enumerate(contracts)
                if (c.id in bidding.first_word_only or c.id not in bidding.reserved)
                and kings <= c.max_kings
                and not (c.bird and lacks(seat, c))
            ]
        options = [PASS]
        best = contracts[auction.best] if auction.best >= 0 else None
        if (
            seat == self.forehand
            and bidding.hold
            and auction.best_seat not in (-1, seat)
            and best is not None
            and kings <= best.max_kings
            and not (best.bird and lacks(seat, best))
        ):
            options.append(HOLD)
        barred = (*bidding.reserved, *bidding.first_word_only)
        options += [
            r
            for r in range(auction.best + 1, len(contracts))
            if (c := contracts[r]).id not in barred
            and kings <= c.max_kings
            and not (c.bird and lacks(seat, c))
        ]
        return options

    def lacks_bird(self, seat: int, contract: Contract) -> bool:
        """A bird contract the profile asks a bird for (`Profile.bird_held`), and `seat` holds none of its."""
        return contract.bird and self.profile.bird_held and not self.birds_held(seat, contract)

    def calls(self) -> Sequence[int]:
        """The kings the declarer may call: any (the table itself, not a copy), or (without `call_own_king`)
        those he does not hold."""
        if self.profile.call_own_king:
            return KING_CARDS
        split = self.suits[self.declarer]
        return [king for king in KING_CARDS if king not in split[SUIT[king]]]

    def legal(self) -> list[int] | list[tuple[int, ...]]:
        """The legal lean actions, in a fixed order (a new list; each discard ascending)."""
        phase = self.phase
        if phase is TRICKS:
            return self.playable()[:]
        if phase is BID:
            return self.bid_options()
        if phase is ANNOUNCE:
            return self.say_options()
        if phase is CALL:
            return list(self.calls())
        if phase is TALON:
            return self.talon_options()
        if phase is DISCARD:
            contract = self.contract
            assert contract is not None
            hand = self.hand(self.declarer)
            return [
                tuple(sorted(d)) for d in legal_discard_list(hand, contract.discard, contract.trumps_first)
            ]
        return []

    # --- playing -----------------------------------------------------------------------------------------

    def apply(self, action: LeanAction) -> None:
        """Carries out a legal lean action, unchecked."""
        phase = self.phase
        if phase is TRICKS:
            assert isinstance(action, int)
            self.play(action)
        elif phase is BID:
            assert isinstance(action, int)
            self.bid(action)
        elif phase is ANNOUNCE:
            assert isinstance(action, int)
            self.say(action)
        elif phase is CALL:
            assert isinstance(action, int)
            self.call(action)
        elif phase is TALON:
            assert isinstance(action, int)
            if action == CONCEDE:
                self.concede()
            else:
                self.take(action)
        elif phase is DISCARD:
            assert isinstance(action, tuple)
            self.discard(action)

    def bid(self, word: int) -> None:
        """The seat to act bids `word`; the auction ends when one bidder is left (or forehand chooses)."""
        seat, auction = self.to_act, self.auction
        bids, passed, best, best_seat, choosing = auction
        bids += ((seat, word),)
        if choosing:
            self.auction = auction._replace(bids=bids)
            self._declare(seat, word)
            return
        if word == PASS:
            passed = tuple(was or s == seat for s, was in enumerate(passed))
        elif word == HOLD:
            best_seat = seat
        elif word != NEUTRAL:
            best, best_seat = word, seat
        left = [s for s in range(SEATS) if not passed[s]]
        self.auction = Auction(bids, passed, best, best_seat, len(left) == 1 and best_seat != left[0])
        if len(left) > 1:
            nxt = (seat + 1) % SEATS
            while passed[nxt]:
                nxt = (nxt + 1) % SEATS
            self.to_act = nxt
        elif best_seat == left[0]:
            self._declare(left[0], best)
        else:  # forehand's neutral opening, and everyone passed: he chooses
            self.to_act = self.forehand

    def _declare(self, declarer: int, rank: int) -> None:
        """The auction's outcome: `declarer` plays the contract of rank `rank`; its call, talon and discard
        follow (the whole talon taken at once)."""
        self.phase = start = self._settle(declarer, rank).start
        if start is not CALL:
            self._lead_in(start)

    def _lead_in(self, start: Phase) -> None:
        """What a declared contract does before the call it lacks: the whole talon taken, or the tricks."""
        if start is DISCARD:
            split = self.suits[self.declarer]
            for card in self.halves[0] + self.halves[1]:
                insort(split[SUIT[card]], card)
        elif start is TRICKS:
            self._start_tricks()

    def _settle(self, declarer: int, rank: int) -> Plan:
        """The contract of rank `rank` declared by `declarer`, its side still alone; its plan."""
        profile = self.profile
        self.contract = profile.contracts[rank]
        self.plan = plan = (_PLANS.get(id(profile)) or plans(profile))[rank]
        self.follow = plan.follow
        self.declarer = self.to_act = declarer
        self.team = _TEAMS[declarer, None]
        return plan

    def _start_tricks(self) -> None:
        """The announcement round where the profile and contract have one, then the tricks."""
        plan = self.plan
        self.phase = TRICKS
        self.leader = self.to_act = self.forehand if plan.forehand_leads else self.declarer
        if plan.talks:
            announcing = self.profile.announcing
            sides = 2 if announcing is not None and announcing.per_side else 1
            items = 1 + sides * len(self.profile.bonuses)
            owner = (self.declarer,) + (-1,) * (items - 1)
            self.talk = Talk((), owner, (0,) * items, (False,) * SEATS, 0)
            self.phase, self.to_act = ANNOUNCE, self.declarer

    def item(self, bonus: int, seat: int) -> int:
        """The item in `Talk` that `seat` announces bonus number `bonus` of the profile as: its own side's
        under `per_side`, else the one item of that bonus."""
        announcing = self.profile.announcing
        if announcing is not None and announcing.per_side and not self.team[seat]:
            return 1 + len(self.profile.bonuses) + bonus
        return 1 + bonus

    def turn_words(self, seat: int) -> list[int]:
        """The words `seat` has said so far in the turn he is in (under `Plan.several`; else none: each
        word is a turn)."""
        talk = self.talk
        assert talk is not None
        words: list[int] = []
        if not self.plan.several:
            return words
        for who, word in reversed(talk.said):
            if who != seat or word == SAY_PASS:
                break
            words.append(word)
        return words

    def _turns_done(self, seat: int) -> int:
        """How many turns of the round `seat` has ended (a pass ends one under `Plan.several`, any word
        else)."""
        talk = self.talk
        assert talk is not None
        several = self.plan.several
        return sum(1 for who, word in talk.said if who == seat and (word == SAY_PASS or not several))

    def say_options(self, window: bool = True) -> list[int]:
        """The lean words of the seat to act in the announcement round: SAY_PASS, every non-empty set of
        the bonuses he may announce (a mask), KONTRA + i for each item he may double a step further. A
        bonus is announced once, for the announcer's side (`per_side`: once by each side); birds and König
        ultimo ("holder") only by the seat holding the card, König ultimo only for the declaring side.
        Kontra (odd steps) by the item's opponents, Rekontra (even) by its side: each seat knows which side
        it is on. In a bird contract the declarer's word must announce a bird until he has (`birds_owed`).
        Under `Plan.each` the game is doubled per defender (KONTRA_EACH + d); under `Plan.window` a doubling
        only while its window is open (`_open_windows`; `window` False: as if always, to tell a late Kontra
        from a wrong one); under `Contract.kontra_or_valat` a defender who announced Valat doubles nothing."""
        talk, seat = self.talk, self.to_act
        assert talk is not None
        bits = self.announceable(seat)
        owed = self.birds_owed()
        words = [] if owed else [SAY_PASS]
        mask = bits
        while mask:  # every non-empty subset of the bits, largest first (with a bird owed, those holding one)
            if not owed or mask & owed:
                words.append(mask)
            mask = (mask - 1) & bits
        if owed or not self._may_double(seat):
            return words  # the declarer's first word: nothing to double yet
        plan = self.plan
        cap, each, declarer = plan.kontra_cap, plan.each, self.declarer
        items, accounts = self._open_windows(talk, seat) if plan.window and window else (None, None)
        for i, owner in enumerate(talk.owner):
            level = talk.level[i]
            if (
                owner >= 0
                and level < cap
                and (self.team[seat] == self.team[owner]) == (level % 2 == 1)
                and not (each and i == 0)  # the game is doubled per defender
                and (items is None or items[i])
            ):
                words.append(KONTRA + i)
        if each:  # a defender doubles his own account (Kontra, Subkontra), the declarer answers (Rekontra)
            for d in range(SEATS):
                level = talk.accounts[d]
                if (
                    d != declarer
                    and level < cap
                    and seat == (declarer if level % 2 else d)
                    and (accounts is None or accounts[d])
                ):
                    words.append(KONTRA_EACH + d)
        return words

    def _may_double(self, seat: int) -> bool:
        """Whether `seat` may double at all: not a defender who announced Valat where the contract has a
        defender either double or announce it (`Contract.kontra_or_valat`)."""
        contract, talk = self.contract, self.talk
        assert contract is not None and talk is not None
        if not contract.kontra_or_valat or self.team[seat]:
            return True
        valat = self._valat_bit()
        return not any(who == seat and 0 < word < KONTRA and word & valat for who, word in talk.said)

    def _valat_bit(self) -> int:
        """The announcement mask bit of Valat (0 where the profile has none)."""
        for j, bonus in enumerate(self.profile.bonuses):
            if bonus.id == "valat":
                return 1 << j
        return 0

    def _open_windows(self, talk: Talk, seat: int) -> tuple[list[bool], list[bool]]:
        """Under `Announcing.kontra_window`: per item and per defender's account, whether `seat` has not
        spoken since it reached its level (announced, declared, or doubled), so that he may double it
        (the words of his own turn under way aside)."""
        items, accounts = [False] * len(talk.owner), [False] * SEATS
        said = talk.said
        k = len(said) - len(self.turn_words(seat))
        if all(who != seat for who, _word in said[:k]):  # no turn of his yet: every window is open
            return [True] * len(items), [True] * SEATS
        for who, word in reversed(said[:k]):  # what reached its level since his last word
            if who == seat:
                break
            if word >= KONTRA_EACH:
                accounts[word - KONTRA_EACH] = True
            elif word >= KONTRA:
                items[word - KONTRA] = True
            else:
                for j in range(len(self.profile.bonuses)):
                    if word >> j & 1:
                        items[self.item(j, who)] = True
        return items, accounts

    def announceable(self, seat: int) -> int:
        """The mask of the bonuses `seat` may announce now (see `say_options`): none in the declarer's first
        turn of a contract asking it silent (`silent_first`), nor after it where his first turn is his only
        one (`declarer_first_only`), nor in a later turn of a player who announced before
        (`once_per_player`); no Valat from a defender who doubled (`kontra_or_valat`)."""
        talk, contract, announcing = self.talk, self.contract, self.profile.announcing
        assert talk is not None and contract is not None and announcing is not None
        bits = 0
        if seat == self.declarer and (
            contract.silent_first if self._turns_done(seat) == 0 else announcing.declarer_first_only
        ):
            return bits
        turn = self.turn_words(seat)
        if announcing.once_per_player and talk.spoken[seat] and not any(0 < word < KONTRA for word in turn):
            return bits
        split = self.suits[seat]
        for j, bonus in enumerate(self.profile.bonuses):
            if bonus.id not in contract.bonuses or talk.owner[self.item(j, seat)] != -1:
                continue
            if bonus.id == "king_ultimo" and not self.team[seat]:
                continue
            if bonus.announce_by == "holder":
                card = self.king if bonus.id == "king_ultimo" else _BIRD_CARDS[bonus.id][0]
                if card is None or card not in split[SUIT[card]]:
                    continue
            bits |= 1 << j
        if (
            contract.kontra_or_valat
            and not self.team[seat]
            and any(who == seat and word >= KONTRA for who, word in talk.said)
        ):
            bits &= ~self._valat_bit()
        return bits

    def birds_owed(self) -> int:
        """In a bird contract (`Contract.bird`), while the declarer to speak has announced no bird: the mask
        of the birds one of which his word must announce (those he may announce; with `Profile.bird_held`
        those he held before the talon). 0 when nothing is owed, or when no bird is left for him to
        announce (a bird laid away): then he is not held to the impossible."""
        contract, talk, seat = self.contract, self.talk, self.to_act
        if contract is None or not contract.bird or self.phase is not ANNOUNCE or seat != self.declarer:
            return 0
        assert talk is not None
        birds = 0
        taken = () if self.half is None else self.halves[self.half]
        for j, bonus in enumerate(self.profile.bonuses):
            if bonus.id in _BIRD_CARDS and bonus.id in contract.bonuses:
                if talk.owner[j + 1] == seat:
                    return 0
                if not (self.profile.bird_held and _BIRD_CARDS[bonus.id][0] in taken):
                    birds |= 1 << j
        return birds & self.announceable(seat)

    def birds_held(self, seat: int, contract: Contract) -> list[str]:
        """The birds `contract` scores whose card `seat` holds, lowest first: what a bird contract asks of
        its bidder (`Profile.bird_held`) and what a conceding declarer pays (`concession_value`)."""
        trumps = self.suits[seat][0]
        return [
            bird
            for bird, (card, _trick) in _BIRD_CARDS.items()
            if bird in contract.bonuses and card in trumps
        ]

    def say(self, word: int) -> None:
        """The seat to act says `word`; three passes in a row (after the declarer's first word) end the
        round and the first trick is led. Under `Plan.several` a word other than a pass leaves the turn to
        its speaker, and a pass ends it: a pass only where he said nothing in it."""
        talk, seat = self.talk, self.to_act
        assert talk is not None
        owner, level, spoken, accounts = talk.owner, talk.level, talk.spoken, talk.accounts
        several = self.plan.several
        if word >= KONTRA_EACH:
            d = word - KONTRA_EACH
            accounts = (*accounts[:d], accounts[d] + 1, *accounts[d + 1 :])
        elif word >= KONTRA:
            i = word - KONTRA
            level = (*level[:i], level[i] + 1, *level[i + 1 :])
        elif word:
            items = list(owner)
            for j in range(len(self.profile.bonuses)):
                if word >> j & 1:
                    items[self.item(j, seat)] = seat
            owner = tuple(items)
            spoken = (*spoken[:seat], True, *spoken[seat + 1 :])
        if word != SAY_PASS and seat == self.partner:
            self.shown = True  # a word for one's side is a word for the declarer's: the partner shows himself
        if several and word != SAY_PASS:  # his turn goes on
            self.talk = Talk((*talk.said, (seat, word)), owner, level, spoken, 0, accounts)
            return
        said = (*talk.said, (seat, word))
        passes = passes_at_end(said, several)
        self.talk = Talk(said, owner, level, spoken, passes, accounts)
        turns = sum(1 for _who, w in said if w == SAY_PASS) if several else len(said)
        if passes >= SEATS - 1 and turns >= SEATS:
            self.phase, self.to_act = TRICKS, self.leader
            self.reserved = self._reservations()
        else:
            self.to_act = (seat + 1) % SEATS

    def call(self, king: int) -> None:
        """Calls `king`; its holder is the partner, unless that is the declarer or the talon (alone; public
        at once when the talon is turned up). In a contract whose talon goes to the defenders, a king lying
        in it brings the declarer that half, or all of it (`Profile.solo_king_talon`)."""
        contract = self.contract
        assert contract is not None
        self.king = king
        suit = SUIT[king]
        declarer = self.declarer
        self.phase = TALON
        for seat in range(SEATS):
            if king in self.suits[seat][suit]:
                if seat != declarer:
                    self.partner = seat
                    self.team = _TEAMS[declarer, seat]
                break
        else:
            if contract.talon_shown:
                self.shown = True
            elif contract.talon == "defenders":
                cards = self.halves[0] + self.halves[1]
                if self.profile.solo_king_talon == "half":
                    cards = self.halves[0] if king in self.halves[0] else self.halves[1]
                self._dsum += sum(POINTS[card] for card in cards)
                self._dn += len(cards)
        if contract.talon != "halves":
            self._start_tricks()

    def talon_options(self) -> list[int]:
        """The lean talon actions: the halves 0 and 1, and CONCEDE where the declarer may give up."""
        return [0, 1, CONCEDE] if self.may_concede() else [0, 1]

    def may_concede(self) -> bool:
        """Whether the declarer may concede (`Profile.concession`): the called king lies in the talon,
        turned up for all, before he takes a half."""
        contract, king = self.contract, self.king
        return (
            self.profile.concession is not None
            and self.phase is TALON
            and contract is not None
            and contract.talon_shown
            and king is not None
            and king in self.halves[0] + self.halves[1]
        )

    def concede(self) -> None:
        """The declarer gives the deal up: it is scored at once, no trick played (`conceded`)."""
        self.phase, self.to_act = SCORED, -1

    def conceded(self) -> bool:
        """Whether the deal ended by the declarer's concession: only that scores a deal before a trick."""
        return self.phase is SCORED and not self.tricks_done

    def concession_value(self) -> int:
        """What a conceding declarer pays each other player: the game's value and, under `game_and_bird`
        in a bird contract, the announced value of the lowest bird he holds (× the contract's factor)."""
        contract = self.contract
        assert contract is not None
        value = contract.value
        held = self.birds_held(self.declarer, contract)
        if self.profile.concession == "game_and_bird" and contract.bird and held:
            value += self.profile.bonus(held[0]).announced * contract.bonus_factor
        return value

    def take(self, half: int) -> None:
        split = self.suits[self.declarer]
        for card in self.halves[half]:
            insort(split[SUIT[card]], card)
        self.half = half
        self.phase = DISCARD

    def discard(self, cards: tuple[int, ...]) -> None:
        split = self.suits[self.declarer]
        points = 0
        for card in cards:  # the points summed in the loop there is: cheaper than sum(map(...))
            split[SUIT[card]].remove(card)
            points += POINTS[card]
        self.discards = cards
        self._dsum += points
        self._dn += len(cards)
        self._start_tricks()

    def play(self, card: int) -> None:
        """Plays `card` for the seat to act. A completed trick's list is left as it is: a new one begins."""
        seat = self.to_act
        self.suits[seat][SUIT[card]].remove(card)
        if card == self.king:
            self.shown = True
        trick = self.trick
        trick.append(card)
        if len(trick) < SEATS:
            self.to_act = (seat + 1) % SEATS
            return
        plan = self.plan
        winner = (self.leader + winning(trick, plan.emperor, plan.colour)[0]) % SEATS
        if self.team[winner]:
            self._dsum += POINTS[trick[0]] + POINTS[trick[1]] + POINTS[trick[2]] + POINTS[trick[3]]
            self._dn += 4
        if plan.counting:
            self._count(self.leader, trick, winner)
        self.trick = []
        self.tricks_done += 1
        self.leader = winner
        if self.reserved:  # those played or whose trick has come are free again: none left, `rollout`
            self._keep_live()  # goes back to its inlined tricks
        if self.tricks_done == TRICKS_PER_DEAL or (not plan.plain and self._failed()):
            self.phase, self.to_act = SCORED, -1
        else:
            self.to_act = winner

    def _failed(self) -> bool:
        """A negative contract visibly lost, where the profile stops the deal then (`early_end`)."""
        contract = self.contract
        assert contract is not None
        return (
            self.profile.early_end
            and contract.kind == "negative"
            and self.wins[self.declarer] > contract.target
        )

    def _count(self, leader: int, cards: Sequence[int], winner: int) -> None:
        """A completed trick counted where the plan asks (`counting`): the winner's trick, his pile
        (`tally`), the history (bonuses)."""
        self.wins[winner] += 1
        if self.plan.tally:
            self.sums[winner] += POINTS[cards[0]] + POINTS[cards[1]] + POINTS[cards[2]] + POINTS[cards[3]]
        if self.history is not None:
            self.history.append((leader, tuple(cards), winner))

    def rollout(self, rng: random.Random) -> list[int]:
        """Plays uniformly random legal actions to the end of the deal (this state ends scored) and returns
        the settlement. Each choice is one draw, `int(rng.random() * n)` over what `legal()` lists, but
        the discard (`random_discard`, a draw per card) and the tricks of a plain contract.

        Those tricks are one inlined loop over locals, written back once at the end: the one deliberate
        copy of `playable` and `winning` (and of `play`'s bookkeeping), as it plays a deal out in half the
        time `playable` and `play` card by card take. Where the plan asks for no more (`counting` off: a
        positive contract without bonuses) it counts only the declaring side's pile, all the settlement
        reads: `wins` and `sums` stay as the loop found them; else `_count` keeps them and the history.
        `test_koenigrufen_lean` keeps it honest, replaying it from every position of random deals on the
        table engine with the same draws."""
        draw = rng.random
        while self.phase is BID:
            options = self.bid_options()
            self.bid(options[int(draw() * len(options))])
        if self.phase is CALL:
            kings = self.calls()
            self.call(kings[int(draw() * len(kings))])
        if self.phase is TALON:
            options = self.talon_options()
            half = options[int(draw() * len(options))]
            if half == CONCEDE:  # `apply`'s choice, without its dispatch on the phase
                self.concede()
            else:
                self.take(half)
        if self.phase is DISCARD:
            contract = self.contract
            assert contract is not None
            hand = self.hand(self.declarer)
            self.discard(random_discard(hand, draw, self.plan.discard, contract.trumps_first))
        while self.phase is ANNOUNCE:
            words = self.say_options()
            self.say(words[int(draw() * len(words))])
        plan = self.plan
        while (self.trick or not plan.plain or self.reserved) and self.phase is TRICKS:  # begun, or special
            cards = self.playable()
            self.play(cards[int(draw() * len(cards))])
        if self.phase is SCORED:
            return self.returns()
        hands, team, leader, dsum, dn = self.suits, self.team, self.leader, self._dsum, self._dn
        emperor, counting = plan.emperor, plan.counting
        for held in range(TRICKS_PER_DEAL - self.tricks_done, 0, -1):  # each seat's cards before the trick
            # the lead: any card, the k-th in suit order
            k = int(draw() * held)
            for cards in hands[leader]:
                if k < len(cards):
                    c0 = cards.pop(k)
                    break
                k -= len(cards)
            led = SUIT[c0]
            best, win = POWER[c0], leader
            s1, s2, s3 = _FOLLOWERS[leader]
            # second hand: follow suit, else trump, else anything (which cannot win)
            split = hands[s1]
            cards = split[led] or split[0]
            if cards:
                c1 = cards.pop(int(draw() * len(cards)))
                if POWER[c1] > best:
                    best, win = POWER[c1], s1
            else:
                a, b, c, d, e = split
                c1 = [*a, *b, *c, *d, *e][int(draw() * held)]
                split[SUIT[c1]].remove(c1)
            # third hand
            split = hands[s2]
            cards = split[led] or split[0]
            if cards:
                c2 = cards.pop(int(draw() * len(cards)))
                if POWER[c2] > best:
                    best, win = POWER[c2], s2
            else:
                a, b, c, d, e = split
                c2 = [*a, *b, *c, *d, *e][int(draw() * held)]
                split[SUIT[c2]].remove(c2)
            # fourth hand
            split = hands[s3]
            cards = split[led] or split[0]
            if cards:
                c3 = cards.pop(int(draw() * len(cards)))
                if POWER[c3] > best:
                    best, win = POWER[c3], s3
            else:
                a, b, c, d, e = split
                c3 = [*a, *b, *c, *d, *e][int(draw() * held)]
                split[SUIT[c3]].remove(c3)
            if best == _SKUS_POWER and emperor:  # the Sküs took it, unless this is the Emperor's trick
                played = (c0, c1, c2, c3)
                if PAGAT_CARD in played and MOND_CARD in played:
                    win = (leader, s1, s2, s3)[played.index(PAGAT_CARD)]
            if team[win]:
                dsum += POINTS[c0] + POINTS[c1] + POINTS[c2] + POINTS[c3]
                dn += 4
            if counting:  # one test a trick for what only some contracts read
                self._count(leader, (c0, c1, c2, c3), win)
            leader = win
        self.leader, self.tricks_done, self._dsum, self._dn = leader, TRICKS_PER_DEAL, dsum, dn
        self.phase, self.to_act, self.shown = SCORED, -1, True
        return self.returns()
