"""The OÖ sheet's worked settlements (harbour-tarock's transcription, §7.10) as deals: each row the sheet
works out by arithmetic, reached by a stacked deal played card by card on the table engine under `austria`,
and settled to the sheet's score (Schrift, `DealScored.settlement`) and money (Geld, `DealScored.money`).

Rows 1-3 are the practice deals and row 8 the Solorufer with the king in the talon
(tests/test_koenigrufen_sources.py), row 15 the Bettel ouvert (tests/test_koenigrufen_kontra.py). Row 4 (a
Dreier with the declarer's silent Trull beside the defenders' silent Pagat) cannot be dealt: the Trull needs
the Pagat in the declarer's pile, a defender's Pagat ultimo puts it in theirs (docs/rules/
koenigrufen-profiles.md says so beside it). Each script lists the tricks as (leader, the cards in play
order); seat 0 is forehand and declarer, the talon is `TALON` unless said.
"""

from __future__ import annotations

import pytest
from koenigrufen_deals import (
    AUSTRIA,
    BIRDS_HOME,
    BIRDS_LOST,
    FARBENSOLO_KINGS,
    HALVES,
    TRUMPS_TALON,
    VALAT,
    Halves,
    Script,
    deck,
    settle,
)

from game.games.koenigrufen.rules import (
    Action,
    Announce,
    AnnouncePass,
    Bid,
    CallKing,
    Concede,
    DealScored,
    KoenigrufenConfig,
    KoenigrufenGame,
    Kontra,
    Pass,
)

# Laid away again by the Sechserdreier declarer, or the defenders' in a Solorufer: low clubs and diamonds.
TALON: Halves = (("7C", "8C", "9C"), ("10C", "2D", "3D"))

# Sechserdreier, seat 0 declarer with the Sküs and the Uhu: he takes trick 1 with the Sküs (the Pagat,
# Kakadu and Quapil fall in it) and trick 11 with the Uhu, trumping the clubs led (KC falls): 28 + 31 + the
# six laid away = 65 thirds, lost. Trull and kings split, no other bird in its trick.
SECHSER_UHU: Script = (
    (0, ("SK", "I", "III", "IV")),
    (0, ("4H", "KH", "QH", "CH")),
    (1, ("XXI", "XIV", "XII", "V")),
    (1, ("XX", "XIII", "7S", "VI")),
    (1, ("XIX", "1H", "8S", "VII")),
    (1, ("XVIII", "2H", "9S", "VIII")),
    (1, ("XVII", "3H", "10S", "IX")),
    (1, ("XVI", "JH", "JS", "X")),
    (1, ("XV", "QS", "CS", "XI")),
    (1, ("KD", "QD", "CD", "1D")),
    (1, ("KC", "QC", "CC", "II")),
    (0, ("4D", "JD", "KS", "JC")),
)
# The same with seat 0's Uhu and seat 2's XIII exchanged: the Uhu falls in trick 4, the XIII takes trick 11;
# still 65 thirds, and no bonus made by anyone.
SECHSER_LOST: Script = (
    *SECHSER_UHU[:3],
    (1, ("XX", "II", "7S", "VI")),
    *SECHSER_UHU[4:10],
    (1, ("KC", "QC", "CC", "XIII")),
    SECHSER_UHU[11],
)
# Sechserdreier, seat 0 holding only low trumps and low cards: seat 1 takes every trick.
SECHSER_VALAT: Script = (
    (0, ("V", "SK", "XIV", "III")),
    (1, ("XXI", "XIII", "II", "VI")),
    (1, ("XX", "IV", "I", "VII")),
    (1, ("XIX", "QH", "QS", "VIII")),
    (1, ("XVIII", "CH", "CS", "IX")),
    (1, ("XVII", "QD", "JS", "X")),
    (1, ("XVI", "CD", "10S", "XI")),
    (1, ("XV", "QC", "9S", "XII")),
    (1, ("KH", "JH", "2H", "4H")),
    (1, ("KD", "JD", "1H", "4D")),
    (1, ("KC", "JC", "8S", "3H")),
    (1, ("KS", "CC", "7S", "1D")),
)
# Solorufer, seat 0 calling KH (seat 2's): the Sküs takes trick 1 (with the Pagat), seat 1 the next ten with
# his trumps, and seat 2's KH takes the last trick over the hearts led: 28 + 19 = 47 thirds, lost.
SOLORUFER_KING_LAST: Script = (
    (0, ("SK", "XI", "9S", "I")),
    (0, ("8S", "XII", "10S", "7S")),
    (1, ("XXI", "KS", "II", "KD")),
    (1, ("XX", "QS", "III", "QD")),
    (1, ("XIX", "CS", "IV", "CD")),
    (1, ("XVIII", "JS", "X", "JD")),
    (1, ("XVII", "2H", "IX", "1D")),
    (1, ("XVI", "1H", "VIII", "4D")),
    (1, ("XV", "JH", "VII", "KC")),
    (1, ("XIV", "CH", "VI", "QC")),
    (1, ("XIII", "QH", "V", "CC")),
    (1, ("3H", "KH", "4H", "JC")),
)
# Dreier, seat 0 holding twelve trumps down to XII and the Pagat: he takes all twelve tricks.
DREIER_VALAT: Script = (
    (0, ("SK", "XI", "VII", "IV")),
    (0, ("XXI", "X", "VI", "III")),
    (0, ("XX", "IX", "V", "II")),
    (0, ("XIX", "VIII", "KD", "10C")),
    (0, ("XVIII", "KH", "QD", "KS")),
    (0, ("XVII", "QH", "CD", "QS")),
    (0, ("XVI", "CH", "JD", "CS")),
    (0, ("XV", "JH", "1D", "JS")),
    (0, ("XIV", "1H", "KC", "10S")),
    (0, ("XIII", "2H", "QC", "9S")),
    (0, ("XII", "3H", "CC", "8S")),
    (0, ("I", "4H", "JC", "7S")),
)
# As DREIER_VALAT with seat 0's XII given to seat 1 for 3H: seat 1 takes trick 11 with KH over the 3H; the
# Pagat takes trick 12, nobody having a trump left.
DREIER_VALAT_LOST: Script = (
    (0, ("SK", "XII", "VII", "IV")),
    (0, ("XXI", "XI", "VI", "III")),
    (0, ("XX", "X", "V", "II")),
    (0, ("XIX", "IX", "KD", "10C")),
    (0, ("XVIII", "VIII", "QD", "KS")),
    (0, ("XVII", "QH", "CD", "QS")),
    (0, ("XVI", "CH", "JD", "CS")),
    (0, ("XV", "JH", "1D", "JS")),
    (0, ("XIV", "1H", "KC", "10S")),
    (0, ("XIII", "2H", "QC", "9S")),
    (0, ("3H", "KH", "CC", "8S")),
    (1, ("4H", "JC", "7S", "I")),
)
TEAM, ALONE = (1, -1, 1, -1), (3, -1, -1, -1)  # seats 0 and 2 against 1 and 3; seat 0 against three


def x(unit: tuple[int, ...], n: int) -> tuple[int, ...]:
    return tuple(n * a for a in unit)


# (row, contract, script, talon, the words of the announcement round, Schrift, Geld)
ROWS: list[tuple[int, str, Script, Halves, tuple[Action, ...], tuple[int, ...], tuple[int, ...]]] = [
    # 5: the lost Sechserdreier doubled (8 × 3 = −24), the Uhu announced and made 4 × 3 = +12
    (5, "sechserdreier", SECHSER_UHU, TALON, (Announce(0, ("uhu",)),), x(ALONE, -4), x(ALONE, -4)),
    # 6: the same game lost, Kontra on it: the money doubled
    (
        6,
        "sechserdreier",
        SECHSER_LOST,
        TALON,
        (AnnouncePass(0), Kontra(1, "game")),
        x(ALONE, -8),
        x(ALONE, -16),
    ),
    # 7: the Solorufer lost (−2 each), the partner's König ultimo announced and made, 2 × 2 (solo) = +4
    (
        7,
        "solorufer",
        SOLORUFER_KING_LAST,
        TALON,
        (AnnouncePass(0), AnnouncePass(1), Announce(2, ("king_ultimo",))),
        x(TEAM, 2),
        x(TEAM, 2),
    ),
    # 9: the Besserrufer won (+1), its Uhu announced and lost (−4), the Uhu kontraed: −8 in the money
    (
        9,
        "besserrufer",
        BIRDS_LOST,
        HALVES,
        (Announce(0, ("uhu",)), Kontra(1, "uhu")),
        x(TEAM, -3),
        x(TEAM, -7),
    ),
    # 10: the Dreier's silent Valat 4 × 4 = 16 each, the announced Trull 2; the silent Pagat dropped
    (10, "dreier", DREIER_VALAT, HALVES, (Announce(0, ("trull",)),), x(ALONE, 18), x(ALONE, 18)),
    # 11: the Valat announced and lost, 8 × 4 = −32 each (the game won does not count), the Pagat made +2
    (
        11,
        "dreier",
        DREIER_VALAT_LOST,
        HALVES,
        (Announce(0, ("pagat", "valat")),),
        x(ALONE, -30),
        x(ALONE, -30),
    ),
    # 12: the defenders' silent Valat in a Sechserdreier: 4 × 4 × 2 (lost) = −32 each, the game's Kontra ×2
    (
        12,
        "sechserdreier",
        SECHSER_VALAT,
        TALON,
        (AnnouncePass(0), Kontra(1, "game")),
        x(ALONE, -32),
        x(ALONE, -64),
    ),
    # 13: the Rufer's Valat announced and made, 1 × 8, kontraed: 16 in the money
    (13, "rufer", VALAT, HALVES, (Announce(0, ("valat",)), Kontra(1, "valat")), x(TEAM, 8), x(TEAM, 16)),
    # 14: the Farbensolo won (6 × 3 = 18), the four kings silent in his pile, 1 × 2 (solo) × 3 = 6
    (14, "farbensolo", FARBENSOLO_KINGS, TRUMPS_TALON, (), x(ALONE, 8), x(ALONE, 8)),
]


def _deal(contract: str, script: Script, talon: Halves, words: tuple[Action, ...]) -> DealScored:
    return settle(AUSTRIA, contract, script, words, talon)


@pytest.mark.parametrize(
    ("contract", "script", "talon", "words", "score", "money"),
    [pytest.param(*row[1:], id=f"row{row[0]}") for row in ROWS],
)
def test_the_oo_sheets_worked_settlements_as_deals(
    contract: str,
    script: Script,
    talon: Halves,
    words: tuple[Action, ...],
    score: tuple[int, ...],
    money: tuple[int, ...],
) -> None:
    """HT §7.10: each row's deal, every card legal under austria, settled as the sheet settles it."""
    scored = _deal(contract, script, talon, words)
    assert scored.settlement == score
    assert scored.money == money


def test_the_deals_are_what_their_rows_say() -> None:
    """What each row takes for granted: the game won or lost, the tricks of each side, the kings together."""
    lost = _deal("sechserdreier", SECHSER_LOST, TALON, ())
    assert not lost.won and lost.declarer_side_points == 22 and lost.items[1:] == ()  # 65 thirds
    assert _deal("sechserdreier", SECHSER_VALAT, TALON, ()).tricks == (0, 12, 0, 0)
    solorufer = _deal("solorufer", SOLORUFER_KING_LAST, TALON, ())
    assert not solorufer.won and solorufer.partner == 2
    assert [item.item for item in solorufer.items] == ["game", "king_ultimo"]  # silent, in the last trick
    valat_lost = _deal("dreier", DREIER_VALAT_LOST, HALVES, ())
    assert valat_lost.won and valat_lost.tricks == (11, 1, 0, 0)
    farbensolo = _deal("farbensolo", FARBENSOLO_KINGS, TRUMPS_TALON, ())
    assert farbensolo.won and farbensolo.tricks == (11, 1, 0, 0)
    assert [item.item for item in farbensolo.items] == ["game", "four_kings"]


def test_row_16_the_conceded_besserrufer_with_the_uhu() -> None:
    """HT §7.10 no. 16, OÖ23 Allg. 7: the called king lies in the talon turned up; the declarer holding the
    Uhu as his lowest bird gives the deal up and pays the game and the Uhu, 1 + 4, to each: −15, +5."""
    cards = list(deck(BIRDS_HOME))
    for a, b in (("KH", "2D"), ("I", "XV")):  # KH into the talon; the Pagat away from seat 0
        i, j = cards.index(a), cards.index(b)
        cards[i], cards[j] = b, a
    config = KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=tuple(cards), profile=AUSTRIA)
    game = KoenigrufenGame(config, 0)
    for action in (Bid(0, "besserrufer"), Pass(1), Pass(2), Pass(3), CallKing(0, "KH")):
        game.apply(action)
    assert game.view(0).concession == 5
    (scored,) = [e for e in game.apply(Concede(0)) if isinstance(e, DealScored)]
    assert scored.settlement == x(ALONE, -5) and scored.money == x(ALONE, -5)
