"""Two-Ten-Jack for the search (`game.ai.search`): deals of the unseen cards consistent with a seat's
view, weighed by how likely they make the others' plays (`likelihood`), played out at random (normal) or by
the table habits (`habits`, hard's second search), the lean actions, and the reason shown with a hint.

`sample` must never depend on the hidden truth: it reads only the view. What the view tells, besides the
seat's own hand and the public cards (removed, played, the stock's visible top, cards drawn face up):

- a seat that did not follow the suit led holds none of it (the effective card led after a face-down
  lead; the joker may always be played, so it tells nothing; the ace of spades follows spades);
- after a joker lead, a seat that played no trump (heart or ace of spades) holds none;
- after a 3 of spades lead, a seat that did not play the joker does not hold it;
- a face-down opening lead means the leader held nothing but the joker, spades and hearts: the
  face-down card is one of them, and so is every card the leader still holds from the deal.

Each fact is read off the legal plays themselves (`core.options`), not restated here, and covers the cards
the seat held at that moment. Every later draw is seen face up, except the stock's face-down top, drawn
by the winner of the first trick: facts from the first trick do not cover it. While it may still be in
that seat's hand (no card the seat played since could only have been it), one of the seat's unknown
cards is dealt under the later facts only.
"""

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from game.ai.dealing import Dealer
from game.games.twotenjack import easy as twotenjack_easy
from game.games.twotenjack.cards import (
    BIT,
    DECK,
    GUARDED_MASK,
    INDEX,
    LED_AT,
    PLAIN_MASK,
    POINTS,
    mask_of,
    winning,
)
from game.games.twotenjack.core import LeanTwoTenJack, options
from game.games.twotenjack.habits import Playout, play_out
from game.games.twotenjack.likelihood import likelihood
from game.games.twotenjack.rules import Play, TwoTenJackView, from_action, known_holdings, to_action

__all__ = [
    "FACE_DOWN",
    "STOCK",
    "Facts",
    "LeanTwoTenJack",
    "explain",
    "facts",
    "likelihood",
    "sample",
    "to_action",
    "to_lean",
]

to_lean = from_action

_CACHE_SIZE = 8  # a hint and a computer seat may think at once, each on its own view


@dataclass(frozen=True)
class Facts:
    """What a view says about the unseen cards: where they may lie and what each place may not hold.
    `slots` are (owner, capacity, forbidden mask), the owner a seat (its unknown hand cards; the seat that
    drew the face-down top may have two slots, see the module's doc), `FACE_DOWN` (the face-down lead)
    or `STOCK` (the stock but its visible top)."""

    cards: tuple[int, ...]  # the unseen cards, ascending
    slots: tuple[tuple[int, int, int], ...]


FACE_DOWN, STOCK = -1, -2


@cache
def _void(led: int, played: int) -> int:
    """The cards a seat that played `played` on the card led `led` cannot have held: held with it, the rules
    (`core.options`) would have refused that play. In effect the suit led (the ace of spades a spade),
    trumps after a joker lead, the joker after a 3 of spades lead; nothing for the joker played."""
    held = BIT[played]
    return mask_of(
        card for card in range(len(DECK)) if not options(held | BIT[card], [led], False, False)[0] & held
    )


def _trick_facts(
    plays: Sequence[tuple[int, str | None, bool]], early: bool, first: list[int], later: list[int]
) -> None:
    """Adds what one trick's plays tell to the forbidden masks (`first`: facts of the first trick)."""
    forbid = first if early else later
    start = LED_AT[plays[0][2]]
    if start:
        forbid[plays[0][0]] |= PLAIN_MASK
    if len(plays) <= start:
        return
    led = plays[start][1]
    assert led is not None
    for seat, card, _ in plays[start + 1 :]:
        assert card is not None
        forbid[seat] |= _void(INDEX[led], INDEX[card])


def facts(view: TwoTenJackView) -> Facts:
    """The unseen cards and where they may lie, from the view alone."""
    players, me = view.players, view.seat
    known = known_holdings(view)
    first, later = [0] * players, [0] * players
    for number, won in enumerate(view.tricks):
        down = number == 0 and BIT[INDEX[won.cards[0]]] & GUARDED_MASK != 0
        plays = [((won.leader + k) % players, card, k == 0 and down) for k, card in enumerate(won.cards)]
        _trick_facts(plays, number == 0, first, later)
    if view.trick:
        _trick_facts(list(view.trick), view.opening, first, later)
    # Whatever the seats played, seen by all; a seat's plays that were not drawn face up came from its
    # deal or from the face-down top of the stock.
    seen = mask_of(view.hand) | mask_of(view.removed) | mask_of(view.stock)
    played_by: list[list[tuple[int, int]]] = [[] for _ in range(players)]
    for number, won in enumerate(view.tricks):
        for k, card in enumerate(won.cards):
            played_by[(won.leader + k) % players].append((number, INDEX[card]))
    for seat, shown, _ in view.trick:
        if shown is not None:
            played_by[seat].append((len(view.tricks), INDEX[shown]))
    for seat_plays in played_by:
        seen |= mask_of(card for _, card in seat_plays)
    for seat in range(players):
        seen |= mask_of(known[seat])
    slots: list[tuple[int, int, int]] = []
    hidden_by = view.hidden_drawn_by
    for seat in range(players):
        if seat == me:
            continue
        unknown = view.hand_sizes[seat] - len(known[seat])
        every = first[seat] | later[seat]
        if seat == hidden_by and unknown and every != later[seat]:
            drawn_up = mask_of(card for who, card in view.drawn if who == seat)
            only_hidden = any(
                number and BIT[card] & first[seat] and not BIT[card] & drawn_up
                for number, card in played_by[seat]
            )
            if not only_hidden:  # the face-down top may still be in this hand
                slots.append((seat, unknown - 1, every))
                slots.append((seat, 1, later[seat]))
                continue
        slots.append((seat, unknown, every))
    if view.trick and view.trick[0][1] is None:
        slots.append((FACE_DOWN, 1, PLAIN_MASK))
    slots.append((STOCK, view.stock_count - len(view.stock), 0))
    cards = tuple(card for card in range(len(DECK)) if not BIT[card] & seen)
    if len(cards) != sum(room for _, room, _ in slots):
        raise ValueError("the view does not add up: unseen cards and unknown places differ")
    return Facts(cards, tuple(slot for slot in slots if slot[1]))


class _Plan:
    """A view's facts, ready to deal from many times."""

    def __init__(self, view: TwoTenJackView) -> None:
        if view.phase != "play":
            raise ValueError(f"nothing to sample: the round is {view.phase}")
        found = facts(view)
        forbidden = [mask for _, _, mask in found.slots]
        self.dealer = Dealer(
            found.cards, [room for _, room, _ in found.slots], lambda c, s: not BIT[c] & forbidden[s]
        )
        self.owners = [owner for owner, _, _ in found.slots]
        players = view.players
        known = known_holdings(view)
        self.hands = [mask_of(known[seat]) for seat in range(players)]
        self.hands[view.seat] = mask_of(view.hand)
        self.players = players
        self.piles = [mask_of(pile) for pile in view.piles]
        self.trick = [-1 if card is None else INDEX[card] for _, card, _ in view.trick]
        self.down = bool(view.trick and view.trick[0][2])
        self.top = [INDEX[card] for card in view.stock]
        self.hidden_top = view.stock_hidden_top
        self.leader = view.leader
        self.opening = view.opening
        self.public = mask_of(card for _, card in view.drawn)


_plans: dict[int, tuple[TwoTenJackView, _Plan]] = {}


def _plan(view: TwoTenJackView) -> _Plan:
    """The view's plan, kept for the few views being searched (views are frozen: same object, same plan)."""
    entry = _plans.get(id(view))
    if entry is not None and entry[0] is view:
        return entry[1]
    plan = _Plan(view)
    if len(_plans) >= _CACHE_SIZE:
        del _plans[next(iter(_plans))]
    _plans[id(view)] = (view, plan)
    return plan


def sample(view: TwoTenJackView, rng: random.Random) -> Playout:
    """A full-information round at the view's position, the unseen cards dealt at random consistently
    with everything the view shows or implies, knowing which cards were drawn face up."""
    plan = _plan(view)
    hands = plan.hands[:]
    trick = plan.trick
    stock = plan.top
    bit = BIT
    for owner, cards in zip(plan.owners, plan.dealer.deal(rng), strict=True):
        if owner >= 0:
            mask = hands[owner]
            for card in cards:
                mask |= bit[card]
            hands[owner] = mask
        elif owner == STOCK:
            stock = cards + stock  # bottom..top: the visible top is drawn first
        else:
            trick = [cards[0], *trick[1:]]
    world = LeanTwoTenJack.of(
        plan.players,
        hands,
        stock if stock is not plan.top else stock[:],
        plan.hidden_top,
        plan.leader,
        trick if trick is not plan.trick else trick[:],
        plan.down,
        plan.opening,
        plan.piles[:],
    )
    return Playout.known(world, plan.public)


def explain(view: TwoTenJackView, action: Play | int) -> tuple[str, dict[str, str]]:
    """Why the seat plays `action` (a `Play` or a lean action), as a hint's reason code and its
    parameters: "only", "lead", "take" (it wins the trick as it stands), "dump" (a card that costs
    points, onto another's trick), "duck" (a card that does not win)."""
    if isinstance(action, int):
        action = to_action(action, view.seat)
    card = action.card
    params = {"card": card}
    if len(view.legal) == 1:
        return "only", params
    if not view.trick:
        return "lead", params
    # The trick as the rules read it, the card added last: a face-down lead never counts, whatever it is.
    trick = [0 if played is None else INDEX[played] for _, played, _ in view.trick]
    if winning([*trick, INDEX[card]], view.trick[0][2]) == len(trick):
        return "take", params
    if POINTS[card] < 0:
        return "dump", params
    return "duck", params


# --- what the search and the thinker use (the same names as game.games.koenigrufen.search) ----------------


def root_moves(view: TwoTenJackView) -> list[int]:
    """The seat's own legal plays, as lean actions."""
    return [to_lean(Play(view.seat, card, down)) for card, down in view.legal]


def sampler(view: TwoTenJackView) -> Callable[[random.Random], Playout]:
    """A function dealing, at each call, one world consistent with `view`."""
    _plan(view)  # prepared now, once, rather than inside the first iteration
    return lambda rng: sample(view, rng)


def values(state: LeanTwoTenJack) -> list[float]:
    """The round's points as a lead over the others' mean, about −1..1: the highest total wins a match."""
    points = state.returns()
    total, n = sum(points), len(points)
    return [(p - (total - p) / (n - 1)) / 40 for p in points]


def rollout(state: Playout, rng: random.Random) -> None:
    """Plays the round out by the table habits (`habits`: the easy player's choices, each seat reading
    what it would know); they leave nothing to chance."""
    play_out(state)


def random_rollout(state: LeanTwoTenJack, rng: random.Random) -> None:
    """Plays the round out at random (`LeanTwoTenJack.rollout`): many more deals in the same time, each
    judging a move less well."""
    state.rollout(rng)


# The thinker's stages that play out otherwise than by `rollout` (`game.ai.thinker`): normal at random;
# hard's second search, starting from normal's answer, by the habits.
PLAYOUTS = {"normal": random_rollout}


def habit(view: TwoTenJackView, rng: random.Random) -> int:
    """The easy player's move, as a lean action: the search keeps it unless another is clearly better."""
    play = twotenjack_easy.choose(view, rng)
    assert isinstance(play, Play)
    return to_lean(play)


def action(view: TwoTenJackView, lean: int) -> Play:
    return to_action(lean, view.seat)


def reason(view: TwoTenJackView, act: Play, choices: int) -> tuple[str, dict[str, str]]:
    """The hint's reason code for `act` (the choice count is the view's own: `view.legal`)."""
    return explain(view, act)
