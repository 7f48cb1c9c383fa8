"""Königrufen for the search: deal the unseen cards consistently with a seat's view, score a finished deal,
weigh a world by the play so far, list the moves worth searching, play a world out by table habits, and
say why a move was chosen. Under every contract of every profile: a world is a lean state of the contract
declared, settled as it is (`LeanKoenigrufen.returns`, negative contracts and Trischaken included). Before
the declaration (the auction) a world is the auction as it stands (`auction.bidding_sampler`): the
playouts bid on by the measured hand evaluation (`evaluation`), call, take the talon, announce and play, so
that a bid is judged by the contracts it leads to and what they pay, in one unit (`values`).

What a seat knows and the sampler keeps: its own hand, the hands laid open (ouvert), every card played,
the talon once turned up (the half or the whole talon the declarer took is public, but its cards may since
have gone face down onto the declarer's pile: for the others they lie in the declarer's hand or among the
discards), the declarer's discards (to the declarer) or the shown pool among them (to all: the trumps, or
the suit cards after a trumps-first discard), a partner public once he spoke for his side, and what play
has shown a seat does not hold (`excluded`, read off the contract's own following rules). A talon nobody
sees (a contract that leaves it to the defenders or out of play, Trischaken) is dealt like a hand.

What the sampler cannot keep as a hard rule, `likelihood` weighs: the other seats' cards so far, replayed
under the playout habits, make some worlds likelier than others (a seat that let the declarer's card
stand when it could cheaply have taken the trick probably is the partner), and so do their bids
(`auction.bid_evidence`: a solo bid says strong, a pass weak).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from game.ai.dealing import Dealer
from game.games.koenigrufen import auction, evaluation
from game.games.koenigrufen import easy as koenigrufen_easy
from game.games.koenigrufen.cards import (
    CARD_POINTS,
    DECK,
    DECK_INDEX,
    DISCARD_SIZE,
    DISCARDABLE_SUIT,
    DISCARDABLE_TRUMP,
    HAND_SIZE,
    KING_CARDS,
    KINGS,
    PAGAT_CARD,
    POINTS,
    POWER,
    SEATS,
    SUIT,
    TRICKS_PER_DEAL,
    counted,
    discard_pools,
    split_hand,
    winning,
)
from game.games.koenigrufen.core import (
    ANNOUNCE,
    BID,
    CALL,
    CONCEDE,
    DISCARD,
    KONTRA,
    SAY_PASS,
    TALON,
    TRICKS,
    Follow,
    LeanAction,
    LeanKoenigrufen,
    plans,
)
from game.games.koenigrufen.easy import hand_value, mates, ranked_discards
from game.games.koenigrufen.profile import Profile
from game.games.koenigrufen.rules import (
    PASSES,
    Action,
    Announce,
    CallKing,
    Discard,
    KoenigrufenView,
    Kontra,
    Play,
    TakeTalon,
    from_action,
    to_action,
)

MARGIN_WEIGHT = 0.2  # how much the margin (card points, tricks, a pile) counts beside the settlement: ties
ROOT_DISCARDS = 8  # discards the declarer's own decision compares
ALL_POINTS = 70  # the card points of the deck
UNIT = 6  # game points: the scale of `values`
# Metropolis swaps drawing a world by the bids (`sampler(by_bids=True)`), by phase: in the tricks fewer, as
# fewer cards are hidden and a world is drawn for each one searched (in the announcements, once a decision)
CHAIN_STEPS = {ANNOUNCE: 80, TRICKS: 30}
# The least weight a bid gives a hand in the worlds drawn by the bids: next to nothing, unlike the weighing
# of blind deals (`auction.FLOOR`). At 5 % a bid barely moves the draw, as the hands that bid a solo are
# far fewer than one in twenty: the odds of a weak hand stay flat, and a Dreier's declarer stayed weak.
DRAWN_FLOOR = 0.001
STRAY = 0.1  # the share of choices the likelihood lets a seat make against the playout habits
# Standard errors by which hard's second search must find a bid better than normal's to bid it instead
# (`game.ai.thinker`): the playouts judge a contract by habits the table does not play, so a second look
# on fresh deals at the usual one standard error mostly added overbids on noise (120 austria deals).
CONFIDENCE = {("hard", BID): 2.0}
BY_BIDS = {ANNOUNCE, TRICKS}  # the phases in which hard draws the other hands by the bids (`worlds`)
# Deals sampled for each one searched, by stage and phase, where not the thinker's: a deal drawn by the bids
# costs several blind ones (its Metropolis chain), and already follows the bids the candidates weighed.
CANDIDATES = {("hard", TRICKS): 2}

_GIVE_KEY = [(POINTS[c], POWER[c]) for c in range(len(DECK))]  # the cheapest card to give away first
_SMEAR_KEY = [(POINTS[c], -POWER[c]) for c in range(len(DECK))]  # the richest card to smear first


def _ints(cards: Sequence[str]) -> list[int]:
    return [DECK_INDEX[card] for card in cards]


def excluded(
    view: KoenigrufenView, follow: Follow, cards: Sequence[int] = range(len(DECK))
) -> dict[int, set[int]]:
    """Per seat (but the viewer), which of `cards` play has shown it does not hold: each card that, held
    beside a card the seat played, would have made that card illegal under the contract's rules (`follow`,
    the core's own): the suit it did not follow, the trump it did not play, and where the contract has them
    the card that had to overtake, the trump the Pagat rule put first, the suit card a colour lead needed.
    A card a seat lacked then it lacks now: cards only leave a hand once the tricks begin."""
    out: dict[int, set[int]] = {seat: set() for seat in range(SEATS)}
    for t in (*view.tricks, view.trick):
        before: list[int] = []
        for seat, code in t.played:
            card = DECK_INDEX[code]
            if seat != view.seat:
                lacks = out[seat]
                for other in cards:
                    if other not in lacks and card not in follow(split_hand((card, other)), before):
                        lacks.add(other)
            before.append(card)
    return out


def sampler(view: KoenigrufenView, by_bids: bool = False) -> Callable[[random.Random], LeanKoenigrufen]:
    """A function dealing, at each call, one world consistent with `view` as a lean state of the contract
    played (after the declaration: the call, the talon, the discard or the tricks). `by_bids`: the other
    seats' hands drawn by their bids too (`_by_bids`), not dealt blind and weighed after."""
    if view.phase == BID:
        return auction.bidding_sampler(view)
    me, declarer, profile = view.seat, view.declarer, view.profile
    assert view.contract is not None, "a world is dealt once the contract is declared"
    rank = profile.rank(view.contract)
    contract, plan = profile.contracts[rank], plans(profile)[rank]
    hand = _ints(view.hand)
    completed: list[tuple[int, tuple[int, ...], int]] = []
    for t in view.tricks:
        assert t.winner is not None, "a completed trick has its winner"
        completed.append((t.leader, tuple(_ints(t.cards)), t.winner))
    trick = _ints(view.trick.cards)
    talon = None if view.talon is None else (tuple(_ints(view.talon[0])), tuple(_ints(view.talon[1])))
    laid_open = [[] if seat == me else _ints(cards) for seat, cards in enumerate(view.open_hands)]
    discarded = bool(contract.discard) and view.phase in (ANNOUNCE, TRICKS)
    known_discards: list[int] = []
    hidden_discards = 0
    if discarded:
        known_discards = _ints(view.discards if me == declarer else view.shown_trumps)
        hidden_discards = contract.discard - len(known_discards)
    seen = set(hand) | set(trick) | set(known_discards)
    for t in view.tricks:
        seen.update(_ints(t.cards))
    for cards in laid_open:
        seen.update(cards)
    taken: set[int] = set()
    if talon is not None:
        # Both halves until one is taken; then the one left to the defenders. The cards taken are in the
        # declarer's hand, played, or (for the others, unseen) face down on the declarer's pile.
        if contract.talon == "all":
            taken = set(talon[0] + talon[1])
        elif view.talon_taken is not None:
            taken = set(talon[view.talon_taken])
        seen.update(card for card in talon[0] + talon[1] if card not in taken)
    unseen = [card for card in range(len(DECK)) if card not in seen]

    # slots: the other seats' hidden cards, then the hidden discards, then the unseen talon halves (a talon
    # taken whole and unseen is in the declarer's hand or discards)
    others = [seat for seat in range(SEATS) if seat != me]
    slots = [view.hand_sizes[seat] - len(laid_open[seat]) for seat in others]
    lacking = excluded(view, plan.follow, unseen)
    discard_slot = len(slots) if hidden_discards else -1
    if hidden_discards:
        slots.append(hidden_discards)
    talon_slot = len(slots) if talon is None and contract.talon != "all" else -1
    if talon_slot >= 0:
        slots += [3, 3]
    discardable = DISCARDABLE_TRUMP if contract.trumps_first else DISCARDABLE_SUIT
    allowed_table = [
        [
            _allowed(c, i, others, lacking, discard_slot, discardable, taken, declarer)
            for i in range(len(slots))
        ]
        for c in range(len(DECK))
    ]
    king = None if view.king is None else DECK_INDEX[view.king]
    if king in unseen:  # a seat that spoke for its side and was not shown the partner is a defender
        for seat in {s.seat for s in view.said if s.word not in PASSES}:
            if seat in others and seat not in (view.partner, declarer):
                allowed_table[king][others.index(seat)] = False
    dealer = Dealer(unseen, slots, lambda card, slot: allowed_table[card][slot])
    if king in unseen and view.partner is not None:  # the partner spoke for his side: he holds it
        allowed_table[king] = [i < len(others) and others[i] == view.partner for i in range(len(slots))]
        dealer = Dealer(unseen, slots, lambda card, slot: allowed_table[card][slot])
    elif king in unseen and declarer != me:
        # A declarer calls a king it does not hold (calling one's own means playing alone, against three):
        # read the call that way, unless what play has shown leaves the king nowhere else.
        row = allowed_table[king]
        row[others.index(declarer)] = False
        try:
            inferred = Dealer(unseen, slots, lambda card, slot: allowed_table[card][slot])
            inferred.deal(random.Random(0))
            dealer = inferred
        except ValueError:
            row[others.index(declarer)] = True
    half = view.talon_taken
    talk = auction.talk_so_far(view) if plan.talks and view.phase == TRICKS else None
    talking = auction.talk_so_far(view) if view.phase == ANNOUNCE else None
    shown = view.partner is not None

    steps = auction.bid_steps(view) if by_bids else {}
    steps_per_world = CHAIN_STEPS.get(view.phase, CHAIN_STEPS[ANNOUNCE])
    told = [i for i, seat in enumerate(others) if seat in steps and slots[i]]
    played = auction.played_by(view)
    extra = [laid_open[seat] + played[seat] for seat in others]
    at = others.index(declarer) if declarer in others and (known_discards or hidden_discards) else -1

    def weight(i: int, dealt: list[list[int]]) -> float:
        """How likely the bids of `others[i]` are with the hand `dealt` gives it (as it was dealt)."""
        seat = others[i]
        if seat not in steps:
            return 1.0
        cards = dealt[i] + extra[i]
        if i == at:
            discards = known_discards + (dealt[discard_slot] if hidden_discards else [])
            cards = [card for card in cards + discards if card not in taken]
        if len(cards) != HAND_SIZE:
            return 1.0
        return auction.hand_weight(cards, seat == view.forehand, profile, steps[seat], DRAWN_FLOOR)

    def by_bids_chain(dealt: list[list[int]], rng: random.Random) -> None:
        """Metropolis steps from a blind deal towards the hands the bids make likely: swap one hidden card
        of a seat that bid with one of another hidden slot where both may lie, kept in proportion to how
        much likelier the bids become. A bid such as a Dreier comes from few hands (in one Dreier over 300
        blind deals, 2 gave it even odds), so weighing blind deals after left the declarer's hand
        almost as a random one."""
        rand = rng.random
        weights = [weight(i, dealt) for i in range(len(others))]
        for _ in range(steps_per_world):
            a = told[int(rand() * len(told))]
            b = int(rand() * len(slots))
            first, second = dealt[a], dealt[b]
            if b == a or not second:
                continue
            i, j = int(rand() * len(first)), int(rand() * len(second))
            card, other = first[i], second[j]
            if not (allowed_table[card][b] and allowed_table[other][a]):
                continue
            first[i], second[j] = other, card
            moved = {a, b, at} if b == discard_slot else {a, b}
            fresh = {k: weight(k, dealt) for k in moved if k < len(others)}
            before = math.prod(weights[k] for k in fresh)
            if rand() * before < math.prod(fresh.values()):
                for k, w in fresh.items():
                    weights[k] = w
            else:
                first[i], second[j] = card, other

    def sample(rng: random.Random) -> LeanKoenigrufen:
        dealt = dealer.deal(rng)
        if told:
            by_bids_chain(dealt, rng)
        hands: list[list[int]] = [[] for _ in range(SEATS)]
        hands[me] = list(hand)
        for i, seat in enumerate(others):
            hands[seat] = dealt[i] + laid_open[seat]
        discards = tuple(sorted(known_discards + (dealt[discard_slot] if hidden_discards else [])))
        halves: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        if talon is not None:
            halves = talon
        elif talon_slot >= 0:
            halves = (tuple(dealt[talon_slot]), tuple(dealt[talon_slot + 1]))
        world = LeanKoenigrufen.from_parts(
            hands,
            halves,
            declarer,
            king,
            half,
            discards,
            completed,
            view.trick.leader,
            trick,
            profile=profile,
            rank=rank,
            forehand=view.forehand,
            talk=talk,
            shown=shown,
        )
        if talking is not None:  # the announcement round under way, the seat to speak
            world.phase, world.to_act, world.talk = ANNOUNCE, me, talking
        return world

    return sample


def worlds(
    view: KoenigrufenView, level: str
) -> tuple[Callable[[random.Random], LeanKoenigrufen], Callable[[LeanKoenigrufen], float] | None] | None:
    """A search stage's own worlds (`game.ai.thinker`), where it reads more than the one before: hard, in
    the announcements (a Kontra) and the tricks, draws the other hands by the bids (`sampler(by_bids=True)`),
    the cards played weighing them after. Weighing blind deals by the bids left a Dreier's declarer with
    almost a random hand: normal doubled contracts its sampled deals said would fail and that were made. In
    the tricks a shorter chain and two candidates a deal searched (`CANDIDATES`) cost what twelve blind
    candidates did (1.15 ms a deal, austria); on the same 10 duplicate austria deals hard gained +0.5 game
    points a deal on normal against +0.05 with blind ones. None where the stage keeps the earlier stage's."""
    if level != "hard" or view.phase not in BY_BIDS or not auction.bid_steps(view):
        return None
    return sampler(view, by_bids=True), likelihood(view, bids=False)


def likelihood(view: KoenigrufenView, bids: bool = True) -> Callable[[LeanKoenigrufen], float] | None:
    """How likely a sampled world makes the other seats' bids (unless `bids` is False: the sampler drew
    them by the bids) and cards so far (None before they said or played anything that tells)."""
    me = view.seat
    said = auction.bid_evidence(view) if bids else None
    plays = [(seat, DECK_INDEX[card]) for t in (*view.tricks, view.trick) for seat, card in t.played]
    if not any(seat != me for seat, _card in plays):
        return said
    first = (view.tricks[0] if view.tricks else view.trick).leader
    if said is None:
        return lambda world: _likelihood(world, me, plays, first)
    return lambda world: said(world) * _likelihood(world, me, plays, first)


def _likelihood(world: LeanKoenigrufen, me: int, plays: list[tuple[int, int]], first: int) -> float:
    """How likely the other seats' cards so far are in `world`, if they play by the playout habits but for a
    share `STRAY` of their choices: the deal is replayed from the first trick (led by `first`)."""
    start = [world.hand(seat) for seat in range(SEATS)]
    for seat, card in plays:
        start[seat].append(card)
    profile, contract = world.profile, world.contract
    assert contract is not None
    state = LeanKoenigrufen.from_parts(
        start,
        world.halves,
        world.declarer,
        world.king,
        world.half,
        world.discards,
        [],
        first,
        [],
        profile=profile,
        rank=profile.rank(contract.id),
        forehand=world.forehand,
        talk=world.talk,
    )
    weight = 1.0
    for seat, card in plays:
        if seat != me:
            choices = len(state.playable())
            if choices > 1:
                weight *= (1 - STRAY) if card == _card(state) else STRAY / (choices - 1)
        state.play(card)
    return weight


def _allowed(
    card: int,
    slot: int,
    others: list[int],
    lacking: dict[int, set[int]],
    discard_slot: int,
    discardable: Sequence[bool],
    taken: set[int],
    declarer: int,
) -> bool:
    if slot == discard_slot:
        return discardable[card]  # a hidden discard is of the pool not shown, never a king nor a Trull card
    if slot >= len(others):
        return card not in taken  # a talon half, not yet turned up
    seat = others[slot]
    if card in taken and seat != declarer:
        return False  # the declarer took it: in the hand or face down on the pile
    return card not in lacking[seat]


def values(state: LeanKoenigrufen) -> list[float]:
    """The settlement per seat in units of `UNIT` game points, nudged by a margin so a safer result counts
    more: the declaring side's card points beyond the target (positive contracts), the declarer's tricks off
    his target (negative), each seat's own pile (Trischaken); the margin is worth up to a fifth of three
    times the contract's value. One unit for every contract, so that a search before the declaration
    compares contracts by what they pay (within one contract, the unit changes no choice)."""
    contract, declarer = state.contract, state.declarer
    assert contract is not None
    scale = 3 * max(contract.value, contract.lost_value)
    pays = state.returns()
    if contract.kind == "trischaken":
        piles = [counted(state.sums[s], 4 * state.wins[s]) - ALL_POINTS / SEATS for s in range(SEATS)]
        return [(pays[s] - MARGIN_WEIGHT * scale * piles[s] / ALL_POINTS) / UNIT for s in range(SEATS)]
    if contract.kind == "negative":
        off = abs(state.wins[declarer] - contract.target)
        margin = MARGIN_WEIGHT * (0.5 - off) / TRICKS_PER_DEAL
    else:
        needed = -(-contract.target // 3)  # card points, from thirds
        margin = (state.declarer_points() - (needed - 0.5)) / 70 * MARGIN_WEIGHT
    ours = (declarer, state.partner)
    margin *= scale
    return [(pay + (margin if seat in ours else -margin)) / UNIT for seat, pay in enumerate(pays)]


def quick_discard(
    hand: Sequence[int], size: int = DISCARD_SIZE, trumps_first: bool = False
) -> tuple[int, ...]:
    """In a playout, the declarer's discard: suit cards from the shortest suits first, richest cards first,
    trumps only when the suits cannot make `size` (the rules' order); after a trumps-first discard's
    trumps (lowest first), suit cards the same way."""
    first, second = discard_pools(hand, size, trumps_first)
    suits, trumps = (second, first) if trumps_first else (first, second)
    counts = [0] * 5
    for card in suits:
        counts[SUIT[card]] += 1
    ordered = sorted(suits, key=lambda c: (counts[SUIT[c]], -POINTS[c]))
    chosen = (trumps + ordered if trumps_first else ordered + trumps)[:size]
    return tuple(sorted(chosen))


def root_moves(view: KoenigrufenView) -> list[object]:
    """The seat's own choices, as lean actions: the cards it may play, the talon halves (and the concession
    where the profile offers it), a short list of the best discards, the kings it may call, the bids worth
    weighing (`auction.root_bids`), and the announcement words (`_root_words`)."""
    if view.phase == "tricks":
        return list(_ints(view.playable))
    if view.phase == "talon":
        return [0, 1, CONCEDE] if view.concession else [0, 1]
    if view.phase == "discard":
        contract = view.profile.contract(view.contract or "")
        ranked = ranked_discards(view.hand, contract.discard, contract.trumps_first)
        return [tuple(sorted(_ints(d))) for d in ranked[:ROOT_DISCARDS]]
    if view.phase == "bid":
        return list(auction.root_bids(view, _bid_habit(view)))
    if view.phase == "call":
        own = view.profile.call_own_king
        return list(DECK_INDEX[king] for king in KINGS if own or king not in view.hand)
    if view.phase == "announce":
        return _root_words(view)
    return []


def _root_words(view: KoenigrufenView) -> list[object]:
    """The announcement words a search weighs: a pass (unless a bird is owed), each bonus on its own (the
    owed bird's), the easy player's word, and each Kontra step the seat may take."""
    profile = view.profile
    owed = set(view.birds_owed)
    words: list[object] = [] if owed else [SAY_PASS]
    words += [from_action(Announce(view.seat, (item,)), profile) for item in view.may_announce]
    words = [w for w in words if not owed or w == SAY_PASS or _items(w, profile) & owed]
    words += [from_action(Kontra(view.seat, item), profile) for item in view.may_kontra]
    easy = from_action(koenigrufen_easy.choose(view, random.Random(0)), profile)
    return words if easy in words else [*words, easy]


def _items(word: object, profile: Profile) -> set[str]:
    """The bonuses a lean announcement names."""
    assert isinstance(word, int)
    return {bonus.id for j, bonus in enumerate(profile.bonuses) if word < KONTRA and word >> j & 1}


def habit(view: KoenigrufenView, rng: random.Random) -> LeanAction:
    """The move the search keeps unless another is clearly better: the bid the hand evaluation makes
    (`evaluation.bid`); in the announcements the playouts' word, a pass or the bird a bird contract owes
    (the easy player's birds, announced on a count of trumps, failed often enough to cost it more than they
    brought); else the easy player's move; as a lean action."""
    if view.phase == "bid":
        return _bid_habit(view)
    if view.phase == "announce":
        return evaluation.owed_bird(sampler(view)(random.Random(0)))
    return from_action(koenigrufen_easy.choose(view, rng), view.profile)


def _bid_habit(view: KoenigrufenView) -> int:
    """The bid by the hand's expectations, read in a world of the auction (the bids depend on the seat's
    own hand and the auction alone)."""
    return evaluation.bid(auction.bidding_sampler(view)(random.Random(0)))


def action(view: KoenigrufenView, lean: LeanAction) -> Action:
    return to_action(lean, view.seat, view.phase, view.profile)


def reason(view: KoenigrufenView, act: Action, choices: int) -> tuple[str, dict[str, object]]:
    """A short reason code and its words' parameters (see `game.ai.decision.REASONS`). A bid or an
    announcement is said as weighed: the search played its candidates out and none did clearly better
    (the reason a hint gives, always searched); its legal moves counted from the view, as the search
    weighs only some of them."""
    if view.profile.bidding is not None and view.phase in ("bid", "call", "announce"):
        choices = _legal_count(view)
    if choices == 1:
        return "only", {}
    if isinstance(act, CallKing):
        return "call", {"king": act.king}
    if isinstance(act, TakeTalon):
        return "talon", {"half": act.half + 1}
    if isinstance(act, Discard):
        return "discard", {"cards": act.cards}
    if not isinstance(act, Play):
        return "weighed", {}
    card, trick = act.card, view.trick.cards
    if not trick:
        return "lead", {"card": card}
    contract = view.profile.contract(view.contract or "")
    emperor = view.profile.emperors_trick
    if winning(_ints((*trick, card)), emperor, contract.colour)[0] == len(trick):
        return "take", {"card": card}
    holder = (view.trick.leader + winning(_ints(trick), emperor, contract.colour)[0]) % SEATS
    if holder in mates(view) and CARD_POINTS[card] >= 3:
        return "smear", {"card": card}
    return "duck", {"card": card}


def _legal_count(view: KoenigrufenView) -> int:
    """How many moves the seat may make now, as far as the view lists them (at least two elsewhere)."""
    if view.phase == "bid":
        return len(view.bid_options)
    if view.phase == "announce":
        return 1 + len(view.may_announce) + len(view.may_kontra)
    return 2


def rollout(state: LeanKoenigrufen, rng: random.Random) -> None:
    """Plays the deal out by the easy player's table habits (the card it would play in 98–100% of
    positions). In a positive contract: lead a king, else the cheapest card of the shortest suit; take a
    trick the other side holds with the cheapest card that does, keeping the Pagat out of a trick a later
    trump would catch; else give the cheapest card; smear the richest card when the own side holds the trick
    and plays last (in a colour contract a trump that cannot win is a card given). Each player acts on what
    it would know: until the called king shows, only the partner knows the partnership (in a contract
    without a call, everyone knows the sides). In a negative contract and Trischaken, `_ducking`. From the
    auction, the seats bid by the hand evaluation (`evaluation.bid`) and the declarer calls by the easy
    habit (`evaluation.call`). After a call, the declarer takes the talon half easy would (in 91% of deals)
    and discards by `quick_discard`; in the announcements everyone passes (silent bonuses still count) but
    a bird contract's declarer, who announces the bird he owes.
    Playouts that play like the table judge a move far better than random ones, and without chance better
    still: 0.375 game points a deal over `easy` against 0.25 with 15% random cards, on the same 120 deals
    (the seed's Rufer)."""
    if state.phase is BID:
        _auction(state)
    if state.phase is CALL:
        state.call(evaluation.call(state))
    if state.phase is TALON:
        state.take(_talon_habit(state))
    contract = state.contract
    assert contract is not None
    if state.phase is DISCARD:
        state.discard(quick_discard(state.hand(state.declarer), contract.discard, contract.trumps_first))
    while state.phase is ANNOUNCE:
        state.say(evaluation.owed_bird(state) if state.to_act == state.declarer else SAY_PASS)
    if state.plan.tally:
        while state.phase is TRICKS:
            state.play(_ducking(state))
        return
    hands, team, partner = state.suits, state.team, state.partner
    alone = not contract.call  # the sides known to all from the first card (see `_sides_known`)
    while state.phase is TRICKS:
        state.play(_habit(state, hands[state.to_act], team, alone or state.shown, partner))


def _auction(state: LeanKoenigrufen) -> None:
    """The rest of the auction, each seat bidding by its hand's expectations (`evaluation.bid`)."""
    profile, forehand = state.profile, state.forehand
    values = [evaluation.expectations(state.hand(s), s == forehand, profile) for s in range(SEATS)]
    while state.phase is BID:
        state.bid(evaluation.bid(state, values[state.to_act]))


def _card(state: LeanKoenigrufen) -> int:
    """The playout card of the seat to act, by the contract's habits."""
    if state.plan.tally:
        return _ducking(state)
    return _habit(state, state.suits[state.to_act], state.team, _sides_known(state), state.partner)


def _sides_known(state: LeanKoenigrufen) -> bool:
    """Whether every seat knows the sides: the called king shown, or a contract without a call (the
    declarer alone against three; the core's `shown` is about a call)."""
    contract = state.contract
    return state.shown or (contract is not None and not contract.call)


def _talon_habit(state: LeanKoenigrufen) -> int:
    """The half the easy player would take: the one whose discard leaves the strongest hand, with the points
    discarded (they are banked); the first half on a tie."""
    contract = state.contract
    assert contract is not None
    hand = state.hand(state.declarer)
    worths = []
    for half in state.halves:
        cards = hand + list(half)
        discard = quick_discard(cards, contract.discard, contract.trumps_first)
        kept = [DECK[card] for card in cards if card not in discard]
        worths.append(hand_value(kept) + sum(POINTS[card] for card in discard))
    return 0 if worths[0] >= worths[1] else 1


def _habit(
    state: LeanKoenigrufen, split: list[list[int]], team: Sequence[bool], revealed: bool, partner: int | None
) -> int:
    """The playout card of the seat to act in a positive contract (the easy player's habits, read off the
    lean state)."""
    trick = state.trick
    if state.reserved:  # announced cards held for their tricks: the habit among the cards still allowed
        cards = state.playable()
        if not trick:
            lead = _lead(split)
            return lead if lead in cards else cards[0]
    elif not trick:
        return _lead(split)
    else:
        cards = state.follow(split, trick)
    if len(cards) == 1:
        return cards[0]
    plan = state.plan
    win, best = winning(trick, plan.emperor, plan.colour)
    winner, me = (state.leader + win) % SEATS, state.to_act
    ours = team[winner] == team[me] if revealed else me == partner and team[winner]
    last = len(trick) == 3
    suit = SUIT[cards[0]]
    if suit != SUIT[trick[0]] and (suit or plan.colour):  # neither the suit led nor a trump that counts
        if ours and last:
            return max(cards, key=_SMEAR_KEY.__getitem__)
        return min(cards, key=_GIVE_KEY.__getitem__)
    trumps = not suit
    if ours:
        if last:  # the side's trick for sure: the richest card of the suit, or the Pagat onto it
            return cards[0] if trumps else max(cards, key=_SMEAR_KEY.__getitem__)
        return _cheapest(cards, trumps)
    winners = [c for c in cards if POWER[c] > best]
    if trumps:
        if winners and winners[0] == PAGAT_CARD and not last:
            winners = winners[1:]  # a later trump would catch the Pagat
        return winners[0] if winners else _cheapest(cards, trumps)
    return winners[-1] if winners else cards[-1]


def _ducking(state: LeanKoenigrufen) -> int:
    """The playout card in a negative contract or Trischaken, among the cards the contract allows (its
    overtaking and Pagat rules). Whoever wants no trick (the declarer, every seat in Trischaken) leads his
    lowest card and follows with the highest that stays under the trick (in Trischaken the richest), else,
    playing last, the highest (the trick is his anyway), else the lowest, hoping to be overtaken; a
    declarer still short of his target takes a trick he wins playing last. A defender makes the declarer
    take tricks and keeps his low cards: the lowest card while the declarer is still to play to the trick,
    else the highest that stays under the declarer's card, else his highest."""
    cards = state.playable()
    if len(cards) == 1:
        return cards[0]
    trick, seat, declarer = state.trick, state.to_act, state.declarer
    contract = state.contract
    assert contract is not None
    if not trick:
        return min(cards, key=POWER.__getitem__)
    plan = state.plan
    position = len(trick)
    win, top = winning(trick, plan.emperor, plan.colour)
    led, colour = SUIT[trick[0]], plan.colour
    # a card stays under unless it is of the suit led, or a trump that counts, and higher (the Emperor's
    # trick aside: a habit, not a rule)
    under = [c for c in cards if POWER[c] < top or (SUIT[c] != led and (SUIT[c] or colour))]
    last = position == SEATS - 1
    if contract.kind == "negative" and seat != declarer:
        to_play = (declarer - state.leader) % SEATS  # the declarer's place in the trick
        if to_play > position:
            return min(cards, key=POWER.__getitem__)
        holds = (state.leader + win) % SEATS == declarer
        return max(under if holds and under else cards, key=POWER.__getitem__)
    short = contract.kind == "negative" and state.wins[declarer] < contract.target
    if short and last and len(under) < len(cards):
        return max(cards, key=POWER.__getitem__)
    if under:
        return max(under, key=(_SMEAR_KEY if contract.kind == "trischaken" else POWER).__getitem__)
    return max(cards, key=POWER.__getitem__) if last else min(cards, key=POWER.__getitem__)


def _lead(split: list[list[int]]) -> int:
    """A king while one is held, else the cheapest card of the shortest suit, else the lowest trump."""
    short = None
    for suit in split[1:]:
        if suit:
            if suit[0] in KING_CARDS:
                return suit[0]
            if short is None or (len(suit), _GIVE_KEY[suit[-1]]) < (len(short), _GIVE_KEY[short[-1]]):
                short = suit
    if short is not None:
        return short[-1]
    return _cheapest(split[0], True)


def _cheapest(cards: list[int], trumps: bool) -> int:
    """The cheapest card of one suit list: the lowest pip, or the lowest trump but the Pagat."""
    if not trumps:
        return cards[-1]
    return cards[1] if cards[0] == PAGAT_CARD and len(cards) > 1 else cards[0]
