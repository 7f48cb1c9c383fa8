"""One Two-Ten-Jack round as a lean, full-information state: the rules core every engine runs on.

The rules of a round are written here once: the legal plays (`options`: the opening lead, face down from a
hand of nothing but the joker, spades and hearts; following suit; the joker, free on any suit; the joker
lead and the joker call), the trick gathered by its winner (`cards.winning`), the draws from the stock and
the round's score (`cards.pile_score`). `apply` trusts its action, as a chess board's push does: the table
engine (`rules.TwoTenJackGame`) wraps this state with the checks, the events, the views and the match,
and the computer players' search plays on it directly, hundreds of thousands of moves per decision.

So it leaves out everything a search does not need: no events, no validation, no match, no dataclasses.
Cards are ints, their index in `DECK`; a hand and a scoring pile are bitmasks of those ints (a hand holds
at most four cards, and masks make the legal-play filter one `&`, a copy a flat list copy and the score
four table lookups). A lean action is one int, `card * 2 + face_down`.
"""

import random
from collections.abc import Callable, Sequence

from game.games.twotenjack.cards import (
    BIT,
    CARD_BIT,
    CLOCKWISE,
    DECK,
    FOLLOW,
    HAND_SIZE,
    INDEX,
    JK_BIT,
    JOKER,
    LED_AT,
    MAX_PLAYERS,
    PLAIN_MASK,
    ROW,
    THREE_S,
    Options,
    Plays,
    cards_of,
    check_cards,
    check_plays,
    mask_of,
    pack,
    pile_score,
    winning,
)

# The refusal codes (`cards.REFUSALS`) `options` answers a play outside its options with.
FREE, OPENING_LEAD, LEAD_FACE_DOWN = "face_up", "opening_lead", "lead_face_down"
MUST_FOLLOW, JOKER_LEAD, JOKER_CALLED = "must_follow", "joker_lead", "joker_call"
# _FOLLOW_CODE[led]: why a card that does not follow the card led is refused.
_FOLLOW_CODE = tuple(JOKER_LEAD if card == JOKER else MUST_FOLLOW for card in DECK)
# PACKS[players]: the round's card ints, in deck order (`cards.pack`).
PACKS = {n: [INDEX[card] for card in pack(n)] for n in CLOCKWISE}
# DEALT_TO[players][dealer]: the seat each card dealt goes to, one at a time from the dealer's left.
DEALT_TO = {
    n: [tuple((dealer + 1 + k) % n for k in range(HAND_SIZE * n)) for dealer in range(n)] for n in CLOCKWISE
}
# _CARD_OF[action]: the card of a lean action, `action >> 1` looked up rather than computed (cheaper).
_CARD_OF = tuple(action >> 1 for action in range(2 * len(DECK)))
# _AFTER[players][seat]: the seats that play after `seat` leads, clockwise.
_AFTER = {n: [seats[1:] for seats in rounds] for n, rounds in CLOCKWISE.items()}


def options(hand: int, trick: Sequence[int], down: bool, opening: bool) -> tuple[int, int, str]:
    """The cards of `hand` its player may play on `trick` (card ints from the lead on, the lead face down
    when `down`), as a mask; 1 when they go face down; and the refusal code answering any other play."""
    if not trick:
        if not opening:
            return hand, 0, FREE
        plain = hand & PLAIN_MASK
        return (plain, 0, OPENING_LEAD) if plain else (hand, 1, LEAD_FACE_DOWN)
    first = LED_AT[down]
    if first == len(trick):  # only the face-down lead so far: the card played now is the card led
        return hand, 0, FREE
    led = trick[first]
    if hand >= JK_BIT:  # the joker in hand
        if led == THREE_S:
            return JK_BIT, 0, JOKER_CALLED
        follow = hand & FOLLOW[led]
        return (follow | JK_BIT, 0, MUST_FOLLOW) if follow else (hand, 0, FREE)
    follow = hand & FOLLOW[led]
    return (follow, 0, _FOLLOW_CODE[led]) if follow else (hand, 0, FREE)


def in_hand_order(hand: Sequence[str], held: int, mask: int, code: str) -> Sequence[str]:
    """The cards of `hand` in `mask` (what `options` gave for `held`, the mask of `hand`, with `code`) in
    the hand's order, `hand` itself when they are all of it; but the joker, joining a suit followed, comes
    after the suit's cards: the order in which players and computers have always met them."""
    if code == MUST_FOLLOW and mask & JK_BIT:
        listed = [card for card in hand if CARD_BIT[card] & mask and card != JOKER]
        listed.append(JOKER)
        return listed
    return hand if mask == held else [card for card in hand if CARD_BIT[card] & mask]


def play_options(hand: Sequence[str], plays: Plays, opening: bool) -> Options:
    """Unchecked `legal_plays`."""
    held, trick = mask_of(hand), [INDEX[card] for card, _ in plays]
    mask, down, code = options(held, trick, bool(plays and plays[0][1]), opening)
    face_down = bool(down)
    return [(card, face_down) for card in in_hand_order(hand, held, mask, code)]


def legal_plays(hand: Sequence[str], plays: Plays, opening: bool) -> Options:
    """Every `(card, face_down)` the player to act may play on the trick so far; `opening` marks the
    first trick of a round."""
    if not hand:
        raise ValueError("an empty hand has no plays")
    shared = check_cards(hand, "the hand") & check_plays(plays, opening, MAX_PLAYERS - 1)
    if shared:
        raise ValueError(f"cards both in the hand and on the trick: {sorted(shared)}")
    return play_options(hand, plays, opening)


class LeanTwoTenJack:
    """One round from any position. `hands` and `piles` are bitmasks per seat; `stock` holds card ints
    from the bottom to the top (`pop()` draws the next card); `trick` the card ints played to the current
    trick from `leader` on, `down` true when its lead lies face down. `apply` trusts its action."""

    __slots__ = (
        "down",
        "hands",
        "hidden_top",
        "leader",
        "opening",
        "piles",
        "players",
        "stock",
        "to_act",
        "trick",
    )

    players: int
    hands: list[int]
    stock: list[int]
    hidden_top: bool
    leader: int
    to_act: int
    trick: list[int]
    down: bool
    opening: bool
    piles: list[int]

    @classmethod
    def of(
        cls,
        players: int,
        hands: list[int],
        stock: list[int],
        hidden_top: bool,
        leader: int,
        trick: list[int],
        down: bool,
        opening: bool,
        piles: list[int],
    ) -> "LeanTwoTenJack":
        """The state of these very parts (masks and card ints, the stock bottom first), not copied."""
        state = object.__new__(cls)
        state.players = players
        state.hands = hands
        state.stock = stock
        state.hidden_top = hidden_top
        state.leader = leader
        state.to_act = (leader + len(trick)) % players
        state.trick = trick
        state.down = down
        state.opening = opening
        state.piles = piles
        return state

    @classmethod
    def from_parts(
        cls,
        players: int,
        hands: list[list[int]],
        stock: list[int],
        stock_hidden_top: bool,
        leader: int,
        trick: list[tuple[int, int, bool]],
        opening: bool,
        piles: list[list[int]],
    ) -> "LeanTwoTenJack":
        """Any position inside a round; `stock` lists the next card to draw first, `trick` holds
        (seat, card, face_down) from the leader on, `piles` the cards each seat won this round."""
        return cls.of(
            players,
            [mask_of(hand) for hand in hands],
            list(stock)[::-1],
            bool(stock_hidden_top and stock),
            leader,
            [card for _, card, _ in trick],
            bool(trick and trick[0][2]),
            opening,
            [mask_of(pile) for pile in piles],
        )

    @classmethod
    def dealt(cls, cards: list[int], players: int, dealer: int) -> "LeanTwoTenJack":
        """A fresh round dealt from `cards` (the pack's card ints, top first): four cards each, one at a
        time from the dealer's left (`DEALT_TO`), the rest the stock, its top card face down."""
        seats = DEALT_TO[players][dealer]
        hands = [0] * players
        for index, seat in enumerate(seats):  # the rest of the pack is the stock
            hands[seat] |= BIT[cards[index]]
        stock = cards[len(seats) :][::-1]
        return cls.of(players, hands, stock, True, seats[0], [], False, True, [0] * players)

    @classmethod
    def deal(cls, rng: random.Random, players: int, dealer: int) -> "LeanTwoTenJack":
        """A fresh round shuffled by `rng` (the very permutation the table's shuffle of `pack` makes)."""
        cards = PACKS[players][:]
        rng.shuffle(cards)
        return cls.dealt(cards, players, dealer)

    def copy(self) -> "LeanTwoTenJack":
        other = object.__new__(LeanTwoTenJack)
        other.players = self.players
        other.hands = self.hands[:]
        other.stock = self.stock[:]
        other.hidden_top = self.hidden_top
        other.leader = self.leader
        other.to_act = self.to_act
        other.trick = self.trick[:]
        other.down = self.down
        other.opening = self.opening
        other.piles = self.piles[:]
        return other

    def hand(self, seat: int) -> list[int]:
        """The seat's cards as ints."""
        return cards_of(self.hands[seat])

    def stock_cards(self) -> list[int]:
        """The stock, next card to draw first."""
        return self.stock[::-1]

    def over(self) -> bool:
        """Every hand is empty (hands are equal at each trick's start, so the seat to act tells)."""
        return not self.hands[self.to_act]

    def options(self) -> tuple[int, int, str]:
        """`options` for the seat to act."""
        return options(self.hands[self.to_act], self.trick, self.down, self.opening)

    def legal(self) -> list[int]:
        """The lean actions of the seat to act."""
        mask, down, _ = options(self.hands[self.to_act], self.trick, self.down, self.opening)
        out = []
        while mask:
            low = mask & -mask
            out.append((low.bit_length() - 1) * 2 + down)
            mask ^= low
        return out

    def apply(self, action: int) -> None:
        """Play lean `action` for the seat to act (trusted). A full trick goes to its winner, who leads
        the next: its list is left as it was and a new one begun (the table engine reads the trick it
        held), and while the stock lasts the winner draws first, then the others clockwise."""
        card = _CARD_OF[action]
        seat = self.to_act
        self.hands[seat] ^= BIT[card]
        trick = self.trick
        if not trick and action & 1:
            self.down = True
        trick.append(card)
        players = self.players
        if len(trick) < players:
            self.to_act = (seat + 1) % players
            return
        winner = (self.leader + winning(trick, self.down)) % players
        taken = 0
        for played in trick:
            taken |= BIT[played]
        self.piles[winner] |= taken
        self.trick = []
        self.down = False
        self.opening = False
        self.leader = self.to_act = winner
        stock = self.stock
        if stock:
            hands = self.hands
            for seat in CLOCKWISE[players][winner]:
                hands[seat] |= BIT[stock.pop()]
            self.hidden_top = False

    def returns(self) -> list[int]:
        """Each seat's points in the round so far, reversals included (the real round score at its end)."""
        return [pile_score(pile) for pile in self.piles]

    def rollout(self, rng: random.Random) -> list[int]:
        """Uniformly random legal plays to the end of the round on this very state (copy it first to keep
        it), then `returns()`. The k-th legal play is taken, k = int(random() * count), drawing only when
        there is a choice, exactly as stepping `legal()`/`apply()` would. A trick under way and the
        opening trick are played with `apply`; whole tricks then run as one tight loop over locals, the
        best card kept as it goes.

        That loop is the one deliberate copy of `options` (after the lead) and of `cards.winning`: calling
        them plays a third fewer rounds per second, and the rollout is what the search spends its time on.
        tests/test_twotenjack_lean.py keeps it honest, from every trick of random rounds against
        stepping `legal()`/`apply()` on the same draws."""
        rand = rng.random
        while self.trick:
            legal = self.legal()
            self.apply(legal[int(rand() * len(legal))] if len(legal) > 1 else legal[0])
        players = self.players
        hands, stock, piles = self.hands, self.stock, self.piles
        bit, row_of, follow_of, after, clockwise = BIT, ROW, FOLLOW, _AFTER[players], CLOCKWISE[players]
        jk_bit, three_s, pop = JK_BIT, THREE_S, stock.pop
        winner = self.leader
        if self.opening and hands[winner]:
            self._open(rand)
            winner = self.leader
        while hands[winner]:
            # The lead: any card of the hand.
            hand = hands[winner]
            many = hand.bit_count()
            choice = hand
            if many > 1:
                skip = int(rand() * many)
                while skip:
                    choice &= choice - 1
                    skip -= 1
            low = choice & -choice
            hands[winner] = hand ^ low
            taken = low
            led = low.bit_length() - 1
            row, follow = row_of[led], follow_of[led]
            best, best_strength = winner, row[led]
            for seat in after[winner]:
                hand = hands[seat]
                if hand >= jk_bit:  # the joker in hand
                    if led == three_s:
                        choice = jk_bit
                    else:
                        choice = hand & follow
                        choice = choice | jk_bit if choice else hand
                else:
                    choice = hand & follow or hand
                if choice & (choice - 1):
                    skip = int(rand() * choice.bit_count())
                    while skip:
                        choice &= choice - 1
                        skip -= 1
                low = choice & -choice
                hands[seat] = hand ^ low
                taken |= low
                strength = row[low.bit_length() - 1]
                if strength > best_strength:
                    best, best_strength = seat, strength
            winner = best
            piles[winner] |= taken
            if stock:
                for seat in clockwise[winner]:
                    hands[seat] |= bit[pop()]
        self.leader = self.to_act = winner
        self.hidden_top = False  # the stock is drawn to its end
        return [pile_score(pile) for pile in piles]

    def _open(self, rand: Callable[[], float]) -> None:
        """The opening trick by `apply`, with the rollout's draws (it is played once per round)."""
        while True:
            legal = self.legal()
            self.apply(legal[int(rand() * len(legal))] if len(legal) > 1 else legal[0])
            if not self.trick:
                return
