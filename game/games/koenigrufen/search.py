"""Königrufen for the search: deal the unseen cards consistently with a seat's view, score a finished deal,
weigh a world by the play so far, list the moves worth searching, play a world out by table habits, and
say why a move was chosen.

What a seat knows and the sampler keeps: its own hand, every card played, the talon once turned up, the
declarer's discards (to the declarer) or the trumps among them (to all), and the voids play has shown — a
seat that did not follow a suit holds none of it, and one that neither followed nor trumped holds no trump.
The talon half the declarer took is public, but its cards may since have gone face down onto the
declarer's pile: for the others they lie in the declarer's hand or among the discards.

What the sampler cannot keep as a hard rule, `likelihood` weighs: the other seats' cards so far, replayed
under the playout habits, make some worlds likelier than others (a seat that let the declarer's card
stand when it could cheaply have taken the trick probably is the partner).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from game.ai.dealing import Dealer
from game.games.koenigrufen import easy as koenigrufen_easy
from game.games.koenigrufen.cards import (
    CARD_POINTS,
    CARD_SUIT,
    DECK,
    DECK_INDEX,
    DISCARD_SIZE,
    DISCARDABLE_SUIT,
    KING_CARDS,
    KINGS,
    PAGAT_CARD,
    POINTS,
    POWER,
    SEATS,
    SUIT,
    TRUMP,
    WIN_POINTS,
    discard_pools,
    playable,
    split_hand,
    winning,
    winning_index,
)
from game.games.koenigrufen.core import CALL, DISCARD, TALON, TRICKS, LeanAction, LeanKoenigrufen
from game.games.koenigrufen.easy import hand_value, mates, ranked_discards
from game.games.koenigrufen.rules import (
    Action,
    CallKing,
    Discard,
    KoenigrufenView,
    Play,
    TakeTalon,
    from_action,
    to_action,
)

MARGIN_WEIGHT = 0.2  # how much the card-point margin counts beside the settlement (breaks ties only)
ROOT_DISCARDS = 8  # discards the declarer's own decision compares
STRAY = 0.1  # the share of choices the likelihood lets a seat make against the playout habits

_GIVE_KEY = [(POINTS[c], POWER[c]) for c in range(len(DECK))]  # the cheapest card to give away first
_SMEAR_KEY = [(POINTS[c], -POWER[c]) for c in range(len(DECK))]  # the richest card to smear first


def _ints(cards: Sequence[str]) -> list[int]:
    return [DECK_INDEX[card] for card in cards]


def voids(view: KoenigrufenView) -> dict[int, set[str]]:
    """Per seat, the suits (and "T" for trumps) it has shown it no longer holds."""
    shown: dict[int, set[str]] = {seat: set() for seat in range(SEATS)}
    tricks = [trick.played for trick in view.tricks] + [view.trick.played]
    for played in tricks:
        if not played:
            continue
        led = CARD_SUIT[played[0][1]]
        for seat, card in played[1:]:
            suit = CARD_SUIT[card]
            if suit != led:
                shown[seat].add(led)
                if suit != TRUMP:
                    shown[seat].add(TRUMP)
    return shown


def sampler(view: KoenigrufenView) -> Callable[[random.Random], LeanKoenigrufen]:
    """A function dealing, at each call, one world consistent with `view` as a lean state."""
    me, declarer = view.seat, view.declarer
    hand = _ints(view.hand)
    completed: list[tuple[int, tuple[int, ...], int]] = []
    for t in view.tricks:
        assert t.winner is not None, "a completed trick has its winner"
        completed.append((t.leader, tuple(_ints(t.cards)), t.winner))
    trick = _ints(view.trick.cards)
    talon = None if view.talon is None else (tuple(_ints(view.talon[0])), tuple(_ints(view.talon[1])))
    discarded = view.talon_taken is not None and view.phase not in ("talon", "discard")
    known_discards: list[int] = []
    hidden_discards = 0
    if discarded:
        known_discards = _ints(view.discards if me == declarer else view.shown_trumps)
        hidden_discards = DISCARD_SIZE - len(known_discards)
    seen = set(hand) | set(trick) | set(known_discards)
    for t in view.tricks:
        seen.update(_ints(t.cards))
    if talon is not None:
        # Both halves until one is taken; then the one left to the defenders. The taken half is in the
        # declarer's hand, played, or (for the others, unseen) face down on the declarer's pile.
        seen.update(talon[0] + talon[1] if view.talon_taken is None else talon[1 - view.talon_taken])
    unseen = [card for card in range(len(DECK)) if card not in seen]

    # slots: the other seats' hands, then the hidden discards, then the unknown talon halves
    others = [seat for seat in range(SEATS) if seat != me]
    slots = [view.hand_sizes[seat] for seat in others]
    shown_voids = voids(view)
    discard_slot = len(slots) if hidden_discards else -1
    if hidden_discards:
        slots.append(hidden_discards)
    talon_slot = len(slots) if talon is None else -1
    if talon is None:
        slots += [3, 3]
    taken = set() if talon is None or view.talon_taken is None else set(talon[view.talon_taken])
    allowed_table = [
        [_allowed(c, i, others, shown_voids, discard_slot, taken, declarer) for i in range(len(slots))]
        for c in range(len(DECK))
    ]
    king = None if view.king is None else DECK_INDEX[view.king]
    dealer = Dealer(unseen, slots, lambda card, slot: allowed_table[card][slot])
    if king in unseen and declarer != me:
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

    def sample(rng: random.Random) -> LeanKoenigrufen:
        dealt = dealer.deal(rng)
        hands: list[list[int]] = [[] for _ in range(SEATS)]
        hands[me] = list(hand)
        for i, seat in enumerate(others):
            hands[seat] = dealt[i]
        discards = tuple(sorted(known_discards + (dealt[discard_slot] if hidden_discards else [])))
        halves = talon if talon is not None else (tuple(dealt[talon_slot]), tuple(dealt[talon_slot + 1]))
        return LeanKoenigrufen.from_parts(
            hands, halves, declarer, king, half, discards, completed, view.trick.leader, trick
        )

    return sample


def likelihood(view: KoenigrufenView) -> Callable[[LeanKoenigrufen], float] | None:
    """How likely a sampled world makes the other seats' cards so far (None before they played any)."""
    me = view.seat
    plays = [(seat, DECK_INDEX[card]) for t in (*view.tricks, view.trick) for seat, card in t.played]
    if not any(seat != me for seat, _card in plays):
        return None
    return lambda world: _likelihood(world, me, plays)


def _likelihood(world: LeanKoenigrufen, me: int, plays: list[tuple[int, int]]) -> float:
    """How likely the other seats' cards so far are in `world`, if they play by the playout habits but for a
    share `STRAY` of their choices: the deal is replayed from the first trick."""
    start = [world.hand(seat) for seat in range(SEATS)]
    for seat, card in plays:
        start[seat].append(card)
    state = LeanKoenigrufen.from_parts(
        start, world.halves, world.declarer, world.king, world.half, world.discards, [], world.declarer, []
    )
    hands, team, partner = state.suits, state.team, state.partner
    weight = 1.0
    for seat, card in plays:
        if seat != me:
            choices = len(state.playable())
            if choices > 1:
                habit = _habit(state, hands[seat], team, state.shown, partner)
                weight *= (1 - STRAY) if card == habit else STRAY / (choices - 1)
        state.play(card)
    return weight


def _allowed(
    card: int,
    slot: int,
    others: list[int],
    shown_voids: dict[int, set[str]],
    discard_slot: int,
    taken: set[int],
    declarer: int,
) -> bool:
    if slot == discard_slot:
        return DISCARDABLE_SUIT[card]  # a hidden discard is a suit card, never a king
    if slot >= len(others):
        return card not in taken  # a talon half, not yet turned up
    seat = others[slot]
    if card in taken and seat != declarer:
        return False  # the declarer took it: in the hand or face down on the pile
    return CARD_SUIT[DECK[card]] not in shown_voids[seat]


def values(state: LeanKoenigrufen) -> list[float]:
    """The settlement per seat (−1..1), nudged by the card-point margin so a safer win counts more."""
    margin = (state.declarer_points() - (WIN_POINTS - 0.5)) / 70 * MARGIN_WEIGHT
    ours = (state.declarer, state.partner)
    return [pay / 3 + (margin if seat in ours else -margin) for seat, pay in enumerate(state.returns())]


def quick_discard(hand: Sequence[int]) -> tuple[int, ...]:
    """In a playout, the declarer's discard: the shortest suits first, richest cards first;
    trumps only when the suits cannot make three (the rules' order)."""
    suits, trumps = discard_pools(hand)
    counts = [0] * 5
    for card in suits:
        counts[SUIT[card]] += 1
    chosen = sorted(suits, key=lambda c: (counts[SUIT[c]], -POINTS[c]))[:DISCARD_SIZE]
    chosen += trumps[: DISCARD_SIZE - len(chosen)]
    return tuple(sorted(chosen))


def root_moves(view: KoenigrufenView) -> list[object]:
    """The seat's own choices, as lean actions (a short list of the best discards). The sampler knows the
    seed's Rufer only: under a profile with an auction the one choice is the easy player's move."""
    if view.profile.bidding is not None:
        return [from_action(koenigrufen_easy.choose(view, random.Random(0)), view.profile)]
    if view.phase == "discard":
        return [tuple(sorted(_ints(d))) for d in ranked_discards(view.hand)[:ROOT_DISCARDS]]
    if view.phase == "call":
        return [DECK_INDEX[king] for king in KINGS]
    if view.phase == "talon":
        return [0, 1]
    if view.phase == "tricks":
        return list(playable(split_hand(_ints(view.hand)), _ints(view.trick.cards)))
    return []


def habit(view: KoenigrufenView, rng: random.Random) -> LeanAction:
    """The easy player's move, as a lean action: the search keeps it unless another is clearly better."""
    return from_action(koenigrufen_easy.choose(view, rng))


def action(view: KoenigrufenView, lean: LeanAction) -> Action:
    return to_action(lean, view.seat, view.phase, view.profile)


def reason(view: KoenigrufenView, act: Action, choices: int) -> tuple[str, dict[str, object]]:
    """A short reason code and its words' parameters (see `game.ai.thinker.REASONS`). Under a profile with
    an auction the search offers one choice, the easy player's, among what may be several legal moves."""
    if view.profile.bidding is not None:
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
        return "habit", {}
    card, trick = act.card, view.trick.cards
    if not trick:
        return "lead", {"card": card}
    if winning_index((*trick, card)) == len(trick):
        return "take", {"card": card}
    if (view.trick.leader + winning_index(trick)) % SEATS in mates(view) and CARD_POINTS[card] >= 3:
        return "smear", {"card": card}
    return "duck", {"card": card}


def _legal_count(view: KoenigrufenView) -> int:
    """How many moves the seat may make now, as far as the view lists them (at least two elsewhere)."""
    if view.phase == "bid":
        return len(view.bid_options)
    if view.phase == "announce":
        return 1 + len(view.may_announce) + len(view.may_kontra)
    if view.phase == "tricks":
        return len(view.playable)
    return 2


def rollout(state: LeanKoenigrufen, rng: random.Random) -> None:
    """Plays the deal out by the easy player's table habits (the card it would play in 98–100% of
    positions): lead a king, else the cheapest card of the shortest suit; take a trick the other side
    holds with the cheapest card that does, keeping the Pagat out of a trick a later trump would catch;
    else give the cheapest card; smear the richest card when the own side holds the trick and plays last.
    Each player acts on what it would know: until the called king shows, only the partner knows the
    partnership. After a call, the declarer takes the talon half easy would (in 91% of deals; a random
    half judged a call by hands the table would rarely hold) and discards by `quick_discard`.
    Playouts that play like the table judge a move far better than random ones, and without chance better
    still: 0.375 game points a deal over `easy` against 0.25 with 15% random cards, on the same 120 deals."""
    draw = rng.random
    if state.phase is CALL:
        state.call(KING_CARDS[int(draw() * 4)])
    if state.phase is TALON:
        state.take(_talon_habit(state))
    if state.phase is DISCARD:
        state.discard(quick_discard(state.hand(state.declarer)))
    hands, team, partner = state.suits, state.team, state.partner
    while state.phase is TRICKS:
        state.play(_habit(state, hands[state.to_act], team, state.shown, partner))


def _talon_habit(state: LeanKoenigrufen) -> int:
    """The half the easy player would take: the one whose discard leaves the strongest hand, with the points
    discarded (they are banked); the first half on a tie."""
    hand = state.hand(state.declarer)
    worths = []
    for half in state.halves:
        cards = hand + list(half)
        discard = quick_discard(cards)
        kept = [DECK[card] for card in cards if card not in discard]
        worths.append(hand_value(kept) + sum(POINTS[card] for card in discard))
    return 0 if worths[0] >= worths[1] else 1


def _habit(
    state: LeanKoenigrufen, split: list[list[int]], team: Sequence[bool], revealed: bool, partner: int | None
) -> int:
    """The playout card of the seat to act (the easy player's habits, read off the lean state)."""
    trick = state.trick
    if not trick:
        return _lead(split)
    cards = playable(split, trick)
    if len(cards) == 1:
        return cards[0]
    win, best = winning(trick)
    winner, me = (state.leader + win) % SEATS, state.to_act
    ours = team[winner] == team[me] if revealed else me == partner and team[winner]
    last = len(trick) == 3
    if cards is not split[SUIT[cards[0]]]:  # not one suit's list: neither the suit led nor a trump, no winner
        if ours and last:
            return max(cards, key=_SMEAR_KEY.__getitem__)
        return min((suit[-1] for suit in split if suit), key=_GIVE_KEY.__getitem__)
    trumps = cards is split[0]
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
