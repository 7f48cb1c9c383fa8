"""The first Königrufen computer level, "easy": a handful of table habits, no search.

It sees only a `KoenigrufenView`: calls a king it does not hold, takes the talon half and discards that
make voids and keep trumps, plays low to a lost trick, takes with the cheapest winning card, smears
points onto a trick its known partner has safely won, and keeps the Pagat out of tricks it would lose.
In the auction it bids by readable hand-strength thresholds (`wanted`): the lowest contract it may bid
that its hand is worth, forehand holding what it would play, else a pass; forehand opens with the neutral
word and, left alone, chooses the strongest contract its hand is worth. In negative contracts and in
Trischaken every seat ducks: the highest card that does not take the trick, else the lowest.
Every card it plays comes from the view's `playable`, so it is never illegal; a decision is well under a
millisecond (a six-card discard takes a few).
"""

import random
from collections.abc import Sequence
from dataclasses import replace

from game.games.koenigrufen.cards import (
    CARD_POINTS,
    CARD_STRENGTH,
    CARD_SUIT,
    DECK,
    DECK_INDEX,
    DISCARD_SIZE,
    KINGS,
    PAGAT,
    SUITS,
    TRICK_SIZE,
    TRICKS_PER_DEAL,
    TRUMP,
    legal_discards,
    winning_index,
)
from game.games.koenigrufen.profile import BIRDS, Contract, Profile
from game.games.koenigrufen.rules import (
    SEATS,
    Action,
    Announce,
    AnnouncePass,
    Bid,
    CallKing,
    Concede,
    Discard,
    Hold,
    KoenigrufenView,
    Kontra,
    NextDeal,
    Pass,
    Play,
    TakeTalon,
)

# Weights of the hand value used to pick a talon half and a discard.
TRUMP_WEIGHT = 3
VOID_WEIGHT = 4
DISCARD_VOID_WEIGHT = 10
# What a hand must hold to want a contract: trumps, high trumps (XVI and up, the Sküs) and kings.
HIGH_TRUMP = CARD_STRENGTH["XVI"]
PARTNER_SOLO = (7, 3)  # (trumps, high trumps) for a king-calling contract without the talon
DREIER = (8, 4)  # alone with talon cards
SOLODREIER = (10, 5)  # alone without them
COLOUR_KINGS = 3  # a colour contract: kings (one more without the talon), and at most this many trumps
COLOUR_TRUMPS = 4
BETTEL_TRUMPS = 1  # no trick: at most this many trumps, no high trump, no king (ouvert: no trump at all)
PICCOLO_TRUMPS = 2  # one trick: at most this many trumps, at most one high trump and one king
TRISCHAKEN_TRUMPS = 3


def choose(view: KoenigrufenView, rng: random.Random) -> Action:
    """The easy player's action for the seat whose view this is; `rng` breaks ties."""
    if view.to_act != view.seat:
        raise ValueError(f"seat {view.seat} is not to act")
    seat = view.seat
    if view.phase == "bid":
        return _bid(view)
    if view.phase == "call":
        return CallKing(seat, _call(view.hand, rng))
    if view.phase == "talon":
        if view.concession and not worth(view.hand, replace(_contract(view), call=False, bird=False)):
            return Concede(seat)  # the king in the talon, and no hand to play alone
        return TakeTalon(seat, _talon_half(view, rng))
    if view.phase == "discard":
        contract = _contract(view)
        return Discard(seat, _discard(view.hand, contract.discard, contract.trumps_first))
    if view.phase == "announce":
        return _say(view)
    if view.phase == "tricks":
        return Play(seat, _card(view))
    return NextDeal(seat)


# Announcing and doubling: a bird (or König ultimo) with this many trumps; Kontra with this many.
BIRD_TRUMPS = 8
BIRD_HIGH = 3  # a bird contract: a bird held, BIRD_TRUMPS trumps (one more than its twin asks), high ones
KONTRA_TRUMPS = 9
_HELD_ALL = {"trull": ("I", "XXI", "SK"), "four_kings": ("KH", "KD", "KC", "KS")}


def _say(view: KoenigrufenView) -> Action:
    """Announces what the hand nearly guarantees (a bird or König ultimo with many trumps, Trull or the
    four kings held), and in a bird contract the highest bird it may (held, where it can); doubles a step
    only from Kontra with a long trump hand, else passes: never Valat, 45 or Rekontra."""
    trumps = sum(CARD_SUIT[card] == TRUMP for card in view.hand)
    sure = [
        item
        for item in view.may_announce
        if all(card in view.hand for card in _HELD_ALL.get(item, ()))
        and (item in _HELD_ALL or (item not in ("valat", "forty_five") and trumps >= BIRD_TRUMPS))
    ]
    if view.birds_owed and not set(sure) & set(view.birds_owed):  # the bird the contract asks for
        held = _birds_held(view.hand, view.birds_owed)
        sure.append(held[-1] if held else view.birds_owed[-1])  # the highest: the earliest trick to win
    if sure:
        return Announce(view.seat, tuple(sure))
    levels = {item: level for item, _seat, level in view.items}
    for item in view.may_kontra:
        if levels.get(item) == 0 and trumps >= KONTRA_TRUMPS:
            return Kontra(view.seat, item)
    return AnnouncePass(view.seat)


def _contract(view: KoenigrufenView) -> Contract:
    assert view.contract is not None, "a contract is played once the auction is over"
    return view.profile.contract(view.contract)


def worth(hand: Sequence[str], contract: Contract) -> bool:
    """Whether the hand is worth bidding `contract`, by the thresholds above."""
    trumps = [card for card in hand if CARD_SUIT[card] == TRUMP]
    high = sum(CARD_STRENGTH[card] >= HIGH_TRUMP for card in trumps)
    kings = sum(card in KINGS for card in hand)
    if kings > contract.max_kings:
        return False
    if contract.kind == "trischaken":
        return len(trumps) <= TRISCHAKEN_TRUMPS and high == 0
    if contract.kind == "negative":
        if contract.target == 0:
            most = 0 if contract.ouvert else BETTEL_TRUMPS
            return len(trumps) <= most and high == 0 and kings == 0
        return len(trumps) <= PICCOLO_TRUMPS - contract.ouvert and high <= 1 and kings <= 1
    if contract.colour:
        return kings >= COLOUR_KINGS + (contract.talon == "defenders") and len(trumps) <= COLOUR_TRUMPS
    if contract.call:
        least = PARTNER_SOLO if contract.talon == "defenders" else (0, 0)
    else:
        least = SOLODREIER if contract.talon == "defenders" else DREIER
    if contract.bird:  # announcing a bird: the bird in hand and a hand to bring it home
        if not _birds_held(hand, contract.bonuses):
            return False
        least = (max(BIRD_TRUMPS, least[0] + 1), max(BIRD_HIGH, least[1]))
    return len(trumps) >= least[0] and high >= least[1]


def _birds_held(hand: Sequence[str], items: Sequence[str]) -> list[str]:
    """The birds among `items` whose card the hand holds, in the profile module's order."""
    return [item for item in BIRDS if item in items and BIRDS[item][0] in hand]


def wanted(hand: Sequence[str], profile: Profile) -> list[str]:
    """The contracts the hand is worth, in the ladder's order."""
    return [c.id for c in profile.contracts if worth(hand, c)]


def _bid(view: KoenigrufenView) -> Action:
    """Forehand opens neutral and, left alone, picks the highest contract it is worth (else the lowest it
    may); the others bid the lowest contract they are worth, forehand holds one, or they pass."""
    seat, options, profile = view.seat, view.bid_options, view.profile
    good = [word for word in wanted(view.hand, profile) if word in options]
    if "pass" not in options:
        words = [word for word in options if word != (profile.bidding.neutral if profile.bidding else None)]
        if len(words) < len(options):  # the opening word
            return Bid(seat, options[0])
        return Bid(seat, good[-1] if good else words[0])
    standing = next((word for _seat, word in reversed(view.bids) if word not in ("pass", "hold")), None)
    if "hold" in options and standing in good:
        return Hold(seat)
    return Bid(seat, good[0]) if good else Pass(seat)


def _suit_cards(cards: Sequence[str], suit: str) -> list[str]:
    return [card for card in cards if CARD_SUIT[card] == suit]


def _call(hand: Sequence[str], rng: random.Random) -> str:
    """A king not held: in a suit where the hand holds the Dame, else the shortest. Holding all four: one."""
    missing = [king for king in KINGS if king not in hand]
    if not missing:
        return rng.choice(KINGS)

    def key(king: str) -> tuple[bool, int]:
        suit = CARD_SUIT[king]
        return "Q" + suit in hand, -len(_suit_cards(hand, suit))

    best = max(map(key, missing))
    return rng.choice([king for king in missing if key(king) == best])


def hand_value(cards: Sequence[str]) -> int:
    """A rough strength of kept cards: trumps, card points, and voids (to trump in)."""
    trumps = sum(CARD_SUIT[card] == TRUMP for card in cards)
    voids = sum(not _suit_cards(cards, suit) for suit in SUITS)
    return TRUMP_WEIGHT * trumps + sum(CARD_POINTS[card] for card in cards) + VOID_WEIGHT * voids


def ranked_discards(
    hand: Sequence[str], size: int = DISCARD_SIZE, trumps_first: bool = False
) -> list[tuple[str, ...]]:
    """The legal discards, best first: the most voids made, points banked, the fewest trumps laid away."""
    short = [set(cards) for suit in SUITS if 0 < len(cards := _suit_cards(hand, suit)) <= size]
    worth = {card: CARD_POINTS[card] - TRUMP_WEIGHT * (CARD_SUIT[card] == TRUMP) for card in hand}

    def score(discard: tuple[str, ...]) -> int:
        voids = sum(cards.issubset(discard) for cards in short)
        return DISCARD_VOID_WEIGHT * voids + sum(map(worth.__getitem__, discard))

    return sorted(legal_discards(hand, size, trumps_first), key=score, reverse=True)  # stable on ties


def _discard(hand: Sequence[str], size: int = DISCARD_SIZE, trumps_first: bool = False) -> tuple[str, ...]:
    return ranked_discards(hand, size, trumps_first)[0]


def _talon_half(view: KoenigrufenView, rng: random.Random) -> int:
    """The half whose best discard leaves the strongest hand (discarded points count: they are banked)."""
    talon = view.talon
    if talon is None:
        raise ValueError("the talon is not shown yet")

    def worth(half: int) -> int:
        cards = sorted((*view.hand, *talon[half]), key=DECK_INDEX.__getitem__)
        discard = _discard(cards)
        kept = [card for card in cards if card not in discard]
        return hand_value(kept) + sum(CARD_POINTS[card] for card in discard)

    values = (worth(0), worth(1))
    best = max(values)
    return rng.choice([half for half in (0, 1) if values[half] == best])


def mates(view: KoenigrufenView) -> frozenset[int]:
    """The seats known to play on the viewer's side, from its hand and what is public."""
    me, declarer = view.seat, view.declarer
    if view.partner is not None:
        ours = {declarer, view.partner}
    elif view.alone:
        ours = {declarer}
    elif view.king is not None and view.king in view.hand:
        ours = {declarer, me}  # the secret partner, or a declarer alone with the called king
    else:
        return frozenset()  # the partnership is still hidden from the viewer
    side = ours if me in ours else set(range(SEATS)) - ours
    return frozenset(side - {me})


def _unseen(view: KoenigrufenView) -> set[str]:
    """Cards the viewer has not seen played, discarded face up, left in the talon or in its own hand."""
    seen = set(view.hand) | set(view.trick.cards) | set(view.shown_trumps) | set(view.discards)
    for trick in view.tricks:
        seen.update(trick.cards)
    if view.talon is not None and view.talon_taken is not None:
        seen.update(view.talon[1 - view.talon_taken])
    return set(DECK) - seen


def _voids(view: KoenigrufenView) -> set[tuple[int, str]]:
    """(seat, suit) pairs shown void: the seat did not follow when the suit was led."""
    voids = set()
    for trick in view.tricks:
        led = CARD_SUIT[trick.cards[0]]
        for seat, card in trick.played:
            if CARD_SUIT[card] != led:
                voids.add((seat, led))
    return voids


def _card(view: KoenigrufenView) -> str:
    legal = _keep_announced(view, list(view.playable))
    if len(legal) == 1:
        return legal[0]
    if _contract(view).kind != "positive":
        return _duck(view, legal)
    side = mates(view)
    trick = view.trick.cards
    if not trick:
        return _lead(view, legal, side)
    position = len(trick)
    last = position == TRICK_SIZE - 1
    best = winning_index(trick)
    if (view.trick.leader + best) % SEATS in side:
        safe = last or not any(winning_index((*trick, card)) == position for card in _unseen(view))
        return _smear(legal) if safe else _low(legal)
    winners = [card for card in legal if winning_index((*trick, card)) == position]
    if not last:
        winners = [card for card in winners if card != PAGAT]  # a later trump would catch it
    if winners:
        return min(winners, key=CARD_STRENGTH.__getitem__)
    return _low(legal)


def _keep_announced(view: KoenigrufenView, legal: list[str]) -> list[str]:
    """`legal` less the viewer's own announced birds and König ultimo before their tricks, while another
    card will do: played early, the bonus is lost."""
    number = len(view.tricks) + 1
    mine = {item for item, seat, _level in view.items if seat == view.seat}
    early = {BIRDS[item][0] for item in mine if item in BIRDS and BIRDS[item][1] > number}
    if "king_ultimo" in mine and view.king is not None and number < TRICKS_PER_DEAL:
        early.add(view.king)
    return [card for card in legal if card not in early] or legal


def _duck(view: KoenigrufenView, legal: list[str]) -> str:
    """Not to take the trick: the highest card that stays under it, else the lowest; leading, the lowest."""
    trick = view.trick.cards
    under = [card for card in legal if trick and winning_index((*trick, card)) != len(trick)]
    if under:
        return max(under, key=lambda c: (CARD_SUIT[c] == TRUMP, CARD_STRENGTH[c]))
    return min(legal, key=lambda c: (CARD_SUIT[c] == TRUMP, CARD_STRENGTH[c]))


def _lead(view: KoenigrufenView, legal: list[str], mates: frozenset[int]) -> str:
    """A king nobody outside the side has shown void in; else low from the shortest suit; else a low trump."""
    voids = {suit for seat, suit in _voids(view) if seat not in mates and seat != view.seat}
    kings = [card for card in legal if card in KINGS and CARD_SUIT[card] not in voids]
    if kings:
        return kings[0]
    suit_cards = [card for card in legal if CARD_SUIT[card] != TRUMP]
    if suit_cards:
        lengths = {suit: len(_suit_cards(view.hand, suit)) for suit in SUITS}
        return min(suit_cards, key=lambda c: (lengths[CARD_SUIT[c]], CARD_POINTS[c], CARD_STRENGTH[c]))
    return _low(legal)


def _smear(legal: list[str]) -> str:
    """Onto a trick the side has surely won: the richest suit card; forced to trump, the Pagat, else low."""
    suit_cards = [card for card in legal if CARD_SUIT[card] != TRUMP]
    if suit_cards:
        return max(suit_cards, key=lambda c: (CARD_POINTS[c], -CARD_STRENGTH[c]))
    if PAGAT in legal:
        return PAGAT
    return _low(legal)


def _low(legal: list[str]) -> str:
    """The cheapest card to give away, never the Pagat while anything else is allowed."""
    keep = [card for card in legal if card != PAGAT] or legal
    return min(keep, key=lambda c: (CARD_POINTS[c], CARD_STRENGTH[c]))
