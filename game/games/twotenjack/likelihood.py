"""How likely a sampled Two-Ten-Jack world makes the other seats' plays so far, if they play by the table
habits (`habits`) but for a share `STRAY` of their choices.

The sampler keeps what play proves (voids, the joker's lead and call); this weighs what it suggests: a
seat that let a trick go with a heart on it probably could not take it, one that spent its ace of
spades probably had no cheaper winner. Each play is read from what the seat knew then (the cards played
and drawn face up so far, the stock's top), all public, and its hand then, which is its hand in the world
with the cards it played since put back and those it drew face up since taken out. Worth weighing: the
plays of the other seats that had a choice; not the face-down opening lead, nor the first trick of the
seat that drew the stock's face-down top (the world does not tell which of its cards that was).
"""

from collections.abc import Callable
from typing import NamedTuple

from game.games.twotenjack.cards import BIT, GUARDED_MASK, HAND_SIZE, INDEX, LED_AT
from game.games.twotenjack.core import PACKS, LeanTwoTenJack, options
from game.games.twotenjack.habits import PACK, give, joker_out, weigh
from game.games.twotenjack.rules import TwoTenJackView

STRAY = 0.15  # the share of choices the likelihood lets a seat make against the habits


class Seen(NamedTuple):
    """One play to weigh, with everything public its seat knew then (see `habits.weigh`); its hand then is
    (hand now | `since`) & ~`drawn`."""

    seat: int
    card: int
    trick: tuple[int, ...]
    down: bool
    opening: bool
    unseen: int  # the cards the seat had not seen, its own hand aside
    later: tuple[tuple[int, int], ...]
    top: int
    stock: bool
    shown: int
    hidden: int
    since: int  # the cards it played from this play on
    drawn: int  # the cards it drew face up after this trick


def plays(view: TwoTenJackView) -> list[Seen]:
    """The other seats' plays worth weighing, from the first trick on."""
    players, me = view.players, view.seat
    pack, stock_left = PACK[players], len(PACKS[players]) - HAND_SIZE * players
    history = _history(view)
    drawn_by = [0] * players  # face-up draws so far, per seat
    draws = iter(view.drawn)
    batches: list[list[tuple[int, int]]] = []  # per trick, the face-up draws after it
    size, played = HAND_SIZE, 0
    found: list[tuple[int, Seen]] = []  # with the trick it was played in
    for number, (leader, cards, down) in enumerate(history):
        current = number == len(view.tricks)
        top = -1  # the stock's visible top during the trick (face down during the first)
        if number and stock_left:
            if not current:
                top = INDEX[view.drawn[players - 1 + (number - 1) * players][1]]  # the first drawn after it
            elif view.stock:
                top = INDEX[view.stock[0]]
        for position, card in enumerate(cards):
            seat = (leader + position) % players
            if (
                seat != me
                and not (down and position == 0)
                and not (number == 0 and seat == view.hidden_drawn_by)
            ):
                public = 0
                for mask in drawn_by:
                    public |= mask
                seen = played & ~BIT[cards[0]] if down and cards[0] >= 0 else played
                unseen = pack & ~(seen | public) & ~(BIT[top] if top >= 0 else 0)
                held = [mask & ~played for mask in drawn_by]
                later = tuple(
                    (held[other], size - held[other].bit_count())
                    for other in ((seat + k) % players for k in range(1, players - position))
                )
                shown = public & ~played & ~drawn_by[seat]
                hidden = size * (players - 1) - position - shown.bit_count()
                facts = (tuple(cards[:position]), down, number == 0, unseen, later, top, bool(stock_left))
                found.append((number, Seen(seat, card, *facts, shown, hidden, 0, 0)))
            if card >= 0:
                played |= BIT[card]
        if current:
            break
        batch = []
        if stock_left:
            for _ in range(players - 1 if number == 0 else players):
                who, code = next(draws)
                drawn_by[who] |= BIT[INDEX[code]]
                batch.append((who, INDEX[code]))
            stock_left -= players
        else:
            size -= 1
        batches.append(batch)
    return _since(found, history, batches, players)


def _history(view: TwoTenJackView) -> list[tuple[int, list[int], bool]]:
    """The round's tricks so far: leader, card ints (-1: a face-down lead unseen), the lead face down."""
    history = [
        (
            won.leader,
            [INDEX[card] for card in won.cards],
            k == 0 and BIT[INDEX[won.cards[0]]] & GUARDED_MASK != 0,
        )
        for k, won in enumerate(view.tricks)
    ]
    if view.trick:
        cards = [-1 if card is None else INDEX[card] for _, card, _ in view.trick]
        history.append((view.leader, cards, view.trick[0][2]))
    return history


def _since(
    found: list[tuple[int, Seen]],
    history: list[tuple[int, list[int], bool]],
    batches: list[list[tuple[int, int]]],
    players: int,
) -> list[Seen]:
    """The plays, each with the cards its seat played from it on and those it drew face up after its trick."""
    since, drawn = [0] * players, [0] * players
    marks: dict[tuple[int, int], tuple[int, int]] = {}
    for number in range(len(history) - 1, -1, -1):
        if number < len(batches):
            for seat, card in batches[number]:
                drawn[seat] |= BIT[card]
        leader, cards, _ = history[number]
        for position, card in enumerate(cards):
            seat = (leader + position) % players
            if card >= 0:
                since[seat] |= BIT[card]
            marks[number, seat] = since[seat], drawn[seat]
    return [
        play._replace(since=marks[number, play.seat][0], drawn=marks[number, play.seat][1])
        for number, play in found
    ]


def likelihood(view: TwoTenJackView) -> Callable[[LeanTwoTenJack], float] | None:
    """How likely a world makes the other seats' plays so far (None while none had a choice to read)."""
    seen = plays(view)
    if not seen:
        return None
    cache: list[dict[int, tuple[int, int]]] = [{} for _ in seen]

    def weight(world: LeanTwoTenJack) -> float:
        hands, total = world.hands, 1.0
        for play, known in zip(seen, cache, strict=True):
            hand = (hands[play.seat] | play.since) & ~play.drawn
            found = known.get(hand)
            if found is None:
                found = known[hand] = habit_cards(play, hand)
            habits, others = found
            if others:
                total *= (1 - STRAY) / habits.bit_count() if habits >> play.card & 1 else STRAY / others
        return total

    return weight


def habit_cards(play: Seen, hand: int) -> tuple[int, int]:
    """The cards the habits would play with `hand` at `play` (a mask: more than one on a tie), and how
    many other cards the seat could have played."""
    mask, face_down, _ = options(hand, play.trick, play.down, play.opening)
    if not mask & (mask - 1):
        return mask, 0
    trick = play.trick
    face_up = trick[LED_AT[play.down] :] if trick else trick
    chosen = give(hand, mask, face_up, play.stock)
    if not chosen:
        pool = play.unseen & ~hand
        joker = joker_out(hand, pool, play.shown, play.hidden) if not face_up else 0.0
        chosen = weigh(hand, mask, face_down, face_up, pool, play.later, play.top, play.stock, joker)
    return chosen, mask.bit_count() - chosen.bit_count()
