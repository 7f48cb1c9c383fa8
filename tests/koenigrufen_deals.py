"""Stacked Königrufen deals for rule vectors, and the steps that bring them to a moment: shared by the
bonus, Kontra and source tests.

The scripted deals (BIRDS_HOME, BIRDS_LOST, KINGS_HOME, VALAT): dealer seat 3, so seat 0 is forehand and the
declarer; the talon is 2D 3D 4D | 7C 8C 9C; where the declarer takes a half he takes the first and lays the
same three cards away again, so his hand is the same in every contract and one script of tricks serves
Rufer, Solorufer, Dreier and the bird contracts alike. A card is worth 3 × points − 2 thirds (Pagat, Mond,
Sküs and kings 13, queens 10, cavalls 7, jacks 4, the rest 1); the whole pack is 210 thirds, a game needs
107, a 45 134. The dealt hands (LOW, SKUS, DRAWN, FORCED) are four hands and a talon, played from `game`.
"""

from __future__ import annotations

from game.games.koenigrufen import profile as kp
from game.games.koenigrufen.core import ScoreItem
from game.games.koenigrufen.rules import (
    Action,
    AnnouncePass,
    Bid,
    CallKing,
    DealScored,
    Discard,
    KoenigrufenConfig,
    KoenigrufenGame,
    Pass,
    Play,
    TakeTalon,
)

AUSTRIA, CHELTENHAM = kp.load("austria"), kp.load("cheltenham")

Halves = tuple[tuple[str, ...], tuple[str, ...]]
HALVES: Halves = (("2D", "3D", "4D"), ("7C", "8C", "9C"))
Script = tuple[tuple[int, tuple[str, str, str, str]], ...]  # per trick: (leader, the cards in play order)

OPENING = (
    (0, ("SK", "XVI", "XII", "VIII")),
    (0, ("XXI", "XV", "XI", "VII")),
    (0, ("XX", "XIV", "X", "VI")),
    (0, ("XIX", "XIII", "IX", "V")),
)
# BIRDS_HOME: seat 0 draws the trumps, the partner's KH wins trick 5, seat 0 ruffs tricks 6 and 8, seat 1
# takes trick 7 with KD, then seat 0 brings IV, III, II and I home in tricks 9 to 12 (nobody has a trump
# left). Piles in thirds: tricks 1-4 40 (SK 13 + XXI 13 + 14 trumps); 5: QH 10 + KH 13 + 2 = 25; 6: KS 13 +
# QS 10 + CS 7 + 1 = 31; 7: KD 13 + QD 10 + CD 7 + JD 4 = 34 (seat 1); 8: KC 13 + QC 10 + CC 7 + 1 = 31;
# 9-12: the Pagat 13 + 3 birds + CH 7 + JH, JC, JS 4 each + 8 one-pointers = 43; the talon halves 3 + 3.
# Seats 0+2 (Rufer, the discard theirs): 40+25+31+31+43+3 = 173; Solorufer (talon to the defenders) 170;
# seat 0 alone (Dreier, his discard) 40+31+31+43+3 = 148, Solodreier 145. Trull (SK, XXI, I) in seat 0's
# pile; the kings split (KD with seat 1); KH in trick 5, not 12.
BIRDS_HOME: Script = (
    *OPENING,
    (0, ("QH", "4H", "KH", "3H")),
    (2, ("KS", "QS", "XVIII", "CS")),
    (0, ("QD", "KD", "JD", "CD")),
    (1, ("KC", "QC", "CC", "XVII")),
    (0, ("IV", "CH", "1D", "10S")),
    (0, ("III", "JH", "JC", "9S")),
    (0, ("II", "1H", "10C", "8S")),
    (0, ("I", "2H", "JS", "7S")),
)
# BIRDS_LOST: seat 1 keeps V-VIII and wins tricks 9 to 12 over IV, III, II, I: every bird is played in its
# own trick and loses it. Tricks 1-3 36 (SK 13 + XXI 13 + 10 trumps); 4: KS 13 + 3 = 16; 5: KD 13 + QD 10 +
# JD 4 + 1 = 28 (seat 1); 6: QC 10 + JC 4 + 2 = 16; 7: KH 13 + JH 4 + 2 = 19 (seat 2); 8: QS 10 + CS 7 + 2
# = 19; 9-12 (seat 1): Pagat 13 + 7 trumps + KC 13 + QH 10 + CH, CD, CC 7 each + JS 4 + 2 = 70.
# Seats 0+2: 36+16+16+19+19+3 = 109, just made (Solorufer: 106, lost); seat 0 alone: 36+16+16+19+3 = 90.
# Trull split (the Pagat with seat 1), kings split.
BIRDS_LOST: Script = (
    (0, ("SK", "XVII", "XIV", "XI")),
    (0, ("XXI", "XVI", "XIII", "X")),
    (0, ("XX", "XV", "XII", "IX")),
    (0, ("KS", "7S", "8S", "9S")),
    (0, ("QD", "KD", "1D", "JD")),
    (1, ("QC", "10C", "JC", "XIX")),
    (0, ("JH", "4H", "KH", "3H")),
    (2, ("QS", "10S", "XVIII", "CS")),
    (0, ("IV", "VIII", "QH", "CD")),
    (1, ("VII", "CH", "KC", "III")),
    (1, ("VI", "1H", "CC", "II")),
    (1, ("V", "2H", "JS", "I")),
)
# KINGS_HOME: as BIRDS_HOME, but the partner keeps KH for trick 12 (König ultimo) and every king ends with
# seats 0 and 2; the defenders take trick 7 only: 1D 1 + CD 7 + JD 4 + QD 10 = 22 (Rufer: 185 to 25).
KINGS_HOME: Script = (
    *OPENING,
    (0, ("JH", "4H", "QH", "3H")),
    (2, ("KS", "QS", "XVIII", "CS")),
    (0, ("1D", "CD", "JD", "QD")),
    (3, ("KC", "XVII", "QC", "CC")),
    (0, ("IV", "CH", "KD", "10S")),
    (0, ("III", "1H", "JC", "9S")),
    (0, ("II", "JS", "10C", "8S")),
    (0, ("I", "2H", "KH", "7S")),
)
# VALAT: as BIRDS_HOME, but the partner takes trick 7 with KD and leads KC to seat 0's ruff: seats 0 and 2
# take all twelve tricks.
VALAT: Script = (
    *BIRDS_HOME[:6],
    (0, ("QD", "JD", "KD", "CD")),
    (2, ("KC", "CC", "XVII", "QC")),
    *BIRDS_HOME[8:],
)


# Farbensolo, seat 0 holding the kings, queens and cavalls of hearts, diamonds and clubs, KS QS and 7S: the
# first eleven tricks are his (a trump beats no suit card), the 7S loses the last to seat 1's CS.
FARBENSOLO_KINGS: Script = (
    (0, ("KH", "JH", "2H", "4H")),
    (0, ("QH", "1H", "3H", "I")),
    (0, ("CH", "XIV", "XIII", "II")),
    (0, ("KD", "JD", "2D", "4D")),
    (0, ("QD", "1D", "3D", "III")),
    (0, ("CD", "XV", "XII", "IV")),
    (0, ("KC", "JC", "9C", "7C")),
    (0, ("QC", "10C", "8C", "V")),
    (0, ("CC", "SK", "XI", "VI")),
    (0, ("KS", "10S", "9S", "VII")),
    (0, ("QS", "JS", "8S", "VIII")),
    (0, ("7S", "CS", "X", "IX")),
)
TRUMPS_TALON: Halves = (("XXI", "XX", "XIX"), ("XVIII", "XVII", "XVI"))


def deck(script: Script, halves: Halves = HALVES) -> tuple[str, ...]:
    """The stacked deck dealing each seat the cards the script has it play (forehand seat 0 first), the
    talon `halves` last."""
    hands: list[list[str]] = [[], [], [], []]
    for leader, cards in script:
        for i, card in enumerate(cards):
            hands[(leader + i) % 4].append(card)
    return (*hands[0], *hands[1], *hands[2], *hands[3], *halves[0], *halves[1])


def auction(profile: kp.Profile, contract: str) -> list[Action]:
    """Seat 0 declares `contract`: named outright (his first word only, where the profile says so), or (a
    contract reserved for forehand) chosen after his neutral opening and three passes."""
    assert profile.bidding is not None
    passes: list[Action] = [Pass(1), Pass(2), Pass(3)]
    if contract in profile.bidding.reserved and contract not in profile.bidding.first_word_only:
        return [Bid(0, profile.bidding.neutral), *passes, Bid(0, contract)]
    return [Bid(0, contract), *passes]


def to_announce(
    profile: kp.Profile, contract: str, script: Script, halves: Halves = HALVES
) -> KoenigrufenGame:
    """The deal up to its announcement round: the auction, the call of KH, the first half taken and laid
    away again (the whole talon, where the contract takes it)."""
    config = KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=deck(script, halves), profile=profile)
    game = KoenigrufenGame(config, 0)
    for action in auction(profile, contract):
        game.apply(action)
    if game.phase == "call":
        game.apply(CallKing(0, "KH"))
    if game.phase == "talon":
        game.apply(TakeTalon(0, 0))
        game.apply(Discard(0, halves[0]))
    if game.phase == "discard":
        game.apply(Discard(0, (*halves[0], *halves[1])))
    assert game.phase == "announce"
    return game


def settle(
    profile: kp.Profile, contract: str, script: Script, said: tuple[Action, ...], halves: Halves = HALVES
) -> DealScored:
    """The deal played: `said` in the announcement round (then passes to its end), the script's tricks."""
    game = to_announce(profile, contract, script, halves)
    for action in said:
        game.apply(action)
    while game.phase == "announce":
        seat = game.to_act
        assert seat is not None
        game.apply(AnnouncePass(seat))
    scored = []
    for leader, cards in script:
        for i, card in enumerate(cards):
            scored += [e for e in game.apply(Play((leader + i) % 4, card)) if isinstance(e, DealScored)]
    (event,) = scored
    return event


def lines(*rows: tuple[str, int, bool, bool, int, tuple[int, ...]]) -> tuple[ScoreItem, ...]:
    return tuple(ScoreItem(*row) for row in rows)


TEAM = (1, -1, 1, -1)  # seats 0 and 2 against 1 and 3, per unit
ALONE = (3, -1, -1, -1)  # seat 0 alone against three, per unit


def x(unit: tuple[int, ...], n: int) -> tuple[int, ...]:
    return tuple(n * a for a in unit)


# LOW: seat 0 holds no trump and the lowest three cards of each suit, so whatever is played he follows
# suit under the others or, a trump led, throws a card: he takes no trick (a Bettel made).
LOW = (
    ("4H", "3H", "2H", "4D", "3D", "2D", "7C", "8C", "9C", "7S", "8S", "9S"),
    ("SK", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "KH", "QH", "CH", "JH", "1H"),
    ("XV", "XIV", "XIII", "XII", "XI", "X", "IX", "KD", "QD", "CD", "JD", "1D"),
    ("VIII", "VII", "VI", "V", "IV", "III", "II", "I", "KC", "QC", "CC", "JC"),
    ("10C", "KS", "QS", "CS", "JS", "10S"),
)
# SKUS: LOW with seat 0's 9S and seat 1's Sküs swapped: seat 0 leads the Sküs and takes trick 1.
SKUS = (
    (*LOW[0][:11], "SK"),
    ("9S", *LOW[1][1:]),
    *LOW[2:],
)
# DRAWN: seat 0 holds the ten highest trumps but XIV..III, with II and I, and two kings; the others hold
# four trumps each, all gone after his SK, XXI, XX, XIX lead tricks 1-4.
DRAWN = (
    ("SK", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "XV", "II", "I", "KH", "KD"),
    ("III", "IV", "V", "VI", "QH", "CH", "JH", "1H", "2H", "3H", "4H", "QD"),
    ("VII", "VIII", "IX", "X", "CD", "JD", "1D", "2D", "3D", "4D", "KC", "QC"),
    ("XI", "XII", "XIII", "XIV", "CC", "JC", "10C", "9C", "8C", "7C", "KS", "QS"),
    ("7S", "8S", "9S", "10S", "JS", "CS"),
)
# FORCED: seat 0 holds XV..XII, II, I and six suit cards; seat 1 leads trumps from trick 2 on, so in trick
# 5 seat 0 has only II and I left to follow with.
FORCED = (
    ("I", "II", "XII", "XIII", "XIV", "XV", "KH", "QH", "CH", "KD", "QD", "CD"),
    ("SK", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "JH", "1H", "2H", "3H", "4H"),
    ("III", "IV", "V", "VI", "VII", "VIII", "JD", "1D", "2D", "3D", "4D", "KS"),
    ("IX", "X", "XI", "KC", "QC", "CC", "JC", "10C", "9C", "8C", "7C", "QS"),
    ("7S", "8S", "9S", "10S", "JS", "CS"),
)


Deal = tuple[tuple[str, ...], ...]  # four hands, seat 0 first, and the talon


def game_of(deal: Deal, contract: str, profile: kp.Profile = AUSTRIA) -> KoenigrufenGame:
    """Seat 0 bids `contract` and the others pass; a Dreier's first half is taken and laid away again."""
    cards = tuple(card for part in deal for card in part)
    game = KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=cards, profile=profile), 0)
    for action in (Bid(0, contract), Pass(1), Pass(2), Pass(3)):
        game.apply(action)
    if game.phase == "talon":
        game.apply(TakeTalon(0, 0))
        game.apply(Discard(0, deal[4][:3]))
    assert game.phase == "announce"
    return game


def say(game: KoenigrufenGame, words: tuple[Action, ...]) -> None:
    """`words`, then good until the round ends."""
    for word in words:
        game.apply(word)
    while game.phase == "announce":
        seat = game.to_act
        assert seat is not None
        game.apply(AnnouncePass(seat))


def play_out(game: KoenigrufenGame, first: tuple[Play, ...] = ()) -> DealScored:
    """`first`, then each seat's first legal card to the end of the deal."""
    scored = []
    for play in first:
        scored += [e for e in game.apply(play) if isinstance(e, DealScored)]
    while game.phase == "tricks":
        scored += [e for e in game.apply(game.legal_actions()[0]) if isinstance(e, DealScored)]
    (event,) = scored
    return event
