"""The two profiles against their sources, rule by rule: `cheltenham` as jbytheway/konig plays it (the konig
function named in each test) and `austria` as the OÖ 4/2023 sheet says it (its section quoted), each a
stacked deal played on the table engine. The sheet's three practice deals (harbour-tarock's transcription,
§11.7) are replayed whole, card by card, and settled as the sheet settles them, score and money.

docs/rules/koenigrufen-profiles.md names each of these tests beside the rule it shows.
"""

from __future__ import annotations

from dataclasses import replace

import pytest
from koenigrufen_deals import (
    AUSTRIA,
    BIRDS_HOME,
    BIRDS_LOST,
    CHELTENHAM,
    DRAWN,
    KINGS_HOME,
    LOW,
    TEAM,
    Deal,
    auction,
    deck,
    game_of,
    lines,
    play_out,
    say,
    settle,
    to_announce,
    x,
)

from game.games.koenigrufen import profile as kp
from game.games.koenigrufen.core import ScoreItem
from game.games.koenigrufen.rules import (
    Action,
    Announce,
    AnnouncePass,
    Bid,
    CallKing,
    DealScored,
    Discard,
    KoenigrufenConfig,
    KoenigrufenGame,
    Kontra,
    KontraEach,
    Pass,
    Play,
    TakeTalon,
)
from game.games.koenigrufen.sheet import deal_sheet
from game.rules.errors import IllegalAction


def _turn(game: KoenigrufenGame, *words: Action) -> None:
    """One turn of the round under konig's rule: the words, then the pass that ends the turn."""
    for word in words:
        game.apply(word)
    seat = words[0].seat
    game.apply(AnnouncePass(seat))


def _refused(game: KoenigrufenGame, action: Action) -> str:
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    return refused.value.code


def _stacked(profile: kp.Profile, deal: Deal, dealer: int = 3) -> KoenigrufenGame:
    """A one-deal match of `deal` (the hands of the seats in play order from forehand, then the talon)."""
    cards = tuple(card for part in deal for card in part)
    return KoenigrufenGame(
        KoenigrufenConfig(deals=1, first_dealer=dealer, stacked_deck=cards, profile=profile), 0
    )


def _played(game: KoenigrufenGame, plays: tuple[tuple[int, tuple[str, ...]], ...]) -> DealScored:
    """The tricks as (leader, the cards in play order), each card played by its seat; the deal's score."""
    scored = []
    for leader, cards in plays:
        for i, card in enumerate(cards):
            scored += [e for e in game.apply(Play((leader + i) % 4, card)) if isinstance(e, DealScored)]
    (event,) = scored
    return event


# --- cheltenham: konig ----------------------------------------------------------------------------------


def _drawn_dreier(profile: kp.Profile = CHELTENHAM) -> KoenigrufenGame:
    """DRAWN: seat 0 plays a Dreier, announces Pagat and Uhu in one turn, and draws the trumps with his Sküs,
    Mond, XX and XIX (tricks 1-4): then only his own trumps are left."""
    game = game_of(DRAWN, "dreier", profile)
    _turn(game, Announce(0, ("pagat", "uhu")))
    say(game, ())
    for lead in ("SK", "XXI", "XX", "XIX"):
        game.apply(Play(0, lead))
        for _ in range(3):
            game.apply(game.legal_actions()[0])
    return game


def test_cheltenham_keeps_an_announced_bird_for_its_trick_and_plays_it_there() -> None:
    """konig `Trick::legal_plays` with `ContractAndAnnouncements::play_constraint`: an announced bird is not
    played before its trick while another card is legal (`avoid_playing`), and in its trick it is played
    when legal (`try_to_play`): the Uhu in trick 11, the Pagat kept to trick 12."""
    game = _drawn_dreier()
    assert "I" not in game.view(0).playable and "II" not in game.view(0).playable
    assert _refused(game, Play(0, "I")) == "announced_kept"
    for lead in ("XVIII", "XVII", "XVI", "XV", "KH", "KD"):  # tricks 5-10: nobody has a trump left
        game.apply(Play(0, lead))
        for _ in range(3):
            game.apply(game.legal_actions()[0])
    assert game.view(0).playable == ("II",)  # trick 11 is the Uhu's: it must be played
    assert _refused(game, Play(0, "I")) == "announced_due"
    scored = play_out(game, (Play(0, "II"),))
    assert scored.won
    assert [(item.item, item.made) for item in scored.items if item.announced][1:] == [
        ("pagat", True),
        ("uhu", True),
    ]


def test_without_keep_announced_the_bird_may_go_early() -> None:
    """The option off (austria's reading, and cheltenham before konig was followed): the Pagat is free."""
    assert CHELTENHAM.announcing is not None
    loose = replace(CHELTENHAM, announcing=replace(CHELTENHAM.announcing, keep_announced=False))
    assert "I" in _drawn_dreier(loose).view(0).playable


def test_cheltenham_the_partner_keeps_the_king_announced_ultimo_by_the_declarer() -> None:
    """konig keys the constraint by side and card (`ContractAndAnnouncements::add`): the declarer's König
    ultimo binds the hidden partner who holds the king (KINGS_HOME: seat 2, KH and QH in hearts)."""
    game = to_announce(CHELTENHAM, "rufer", KINGS_HOME)
    _turn(game, Announce(0, ("king_ultimo",)))
    say(game, ())
    for leader, cards in KINGS_HOME[:4]:
        for i, card in enumerate(cards):
            game.apply(Play((leader + i) % 4, card))
    game.apply(Play(0, "JH"))
    game.apply(Play(1, "4H"))
    assert _refused(game, Play(2, "KH")) == "announced_kept"
    assert game.view(2).playable == ("QH",)


def test_cheltenham_doubles_negative_contracts_to_subkontra() -> None:
    """konig `ContractAndAnnouncements::is_legal` allows every next level on the game of a negative contract
    (Kontra, Rekontra, Subkontra; `NegativeContract::value_of` multiplies by it): a Bettel made × 8."""
    game = game_of(LOW, "bettel", CHELTENHAM)
    game.apply(AnnouncePass(0))
    _turn(game, Kontra(1, "game"))
    game.apply(AnnouncePass(2))
    game.apply(AnnouncePass(3))
    _turn(game, Kontra(0, "game"))  # Rekontra
    _turn(game, Kontra(1, "game"))  # Subkontra
    say(game, ())
    scored = play_out(game)
    assert scored.won and scored.items == (ScoreItem("game", 0, True, True, 3, (72, -24, -24, -24)),)


def test_cheltenham_sechserdreier_declarer_says_nothing_first() -> None:
    """konig `Contract::sechserdreier` sets `no_initial_announcements`, which
    `PositiveContract::valid_first_announcements` reads: the declarer's first turn is empty; later turns
    are open to him as to anyone."""
    game = _stacked(CHELTENHAM, DRAWN)
    for action in (Bid(0, "mein_spiel"), Pass(1), Pass(2), Pass(3), Bid(0, "sechserdreier")):
        game.apply(action)
    game.apply(Discard(0, ("7S", "8S", "9S", "10S", "JS", "CS")))
    assert game.phase == "announce" and game.view(0).may_announce == ()
    assert _refused(game, Announce(0, ("pagat",))) == "announce_refused"
    game.apply(AnnouncePass(0))
    _turn(game, Kontra(1, "game"))
    game.apply(AnnouncePass(2))
    game.apply(AnnouncePass(3))
    assert "pagat" in game.view(0).may_announce


def _solo_against_three(first: tuple[Action, ...], *kontras: Action) -> DealScored:
    """BIRDS_LOST as a Solo: seat 0 calls his own KS and plays alone; 87 thirds, lost. Seat 0's `first` turn,
    then each Kontra in a turn of its own, the rest passing."""
    game = _stacked(CHELTENHAM, (deck(BIRDS_LOST),))
    for action in (Bid(0, "solo"), Pass(1), Pass(2), Pass(3), CallKing(0, "KS")):
        game.apply(action)
    for word in first:
        game.apply(word)
    game.apply(AnnouncePass(0))
    for kontra in kontras:
        while game.to_act != kontra.seat:
            game.apply(AnnouncePass(game.to_act or 0))
        _turn(game, kontra)
    say(game, ())
    return _played(game, BIRDS_LOST)


@pytest.mark.parametrize(
    ("first", "kontras", "game", "total"),
    [
        # the game lost alone (−2) with a single Kontra: void; the three birds failed silently, −2 each
        ((), (Kontra(1, "game"),), (0, -6), -24),
        # he announced 45 (failed, −4): the Kontra stands (game −4)
        ((Announce(0, ("forty_five",)),), (Kontra(1, "game"),), (1, -12), -42),
        # Rekontra: not a single Kontra, it stands (×4)
        ((), (Kontra(1, "game"), Kontra(0, "game")), (2, -24), -42),
    ],
)
def test_cheltenham_solo_lost_against_three_drops_a_lone_kontra(
    first: tuple[Action, ...], kontras: tuple[Action, ...], game: tuple[int, int], total: int
) -> None:
    """konig `PositiveContract::value_of` with `cancel_kontra_against_three` (set for the Solo only): the game
    lost by a declarer against three, kontraed once, counts as not doubled unless his side announced
    anything else."""
    scored = _solo_against_three(first, *kontras)
    assert not scored.won and scored.partner is None
    (line,) = [item for item in scored.items if item.item == "game"]
    assert (line.kontra, line.amounts[0]) == game
    assert scored.settlement == (total, -total // 3, -total // 3, -total // 3)


def test_cheltenham_scores_each_sides_bonuses_apart() -> None:
    """konig `PositiveContract::initial_announcednesses` gives each side its own birds, 45 and Valat, and
    `ContractAndAnnouncements::score` adds each (`Outcome::add`): the defenders announce the Pagat and the
    Uhu (they hold neither), the declarer then announces his Pagat too; his side's silent Uhu counts beside
    the defenders' announced one. Game 1, Pagat 2, defenders' Pagat 2, Uhu 1, defenders' Uhu 3, Kakadu 1."""
    scored = settle(
        CHELTENHAM,
        "rufer",
        BIRDS_HOME,
        (
            AnnouncePass(0),
            Announce(1, ("pagat", "uhu")),
            AnnouncePass(1),
            AnnouncePass(2),
            AnnouncePass(3),
            Announce(0, ("pagat",)),
            AnnouncePass(0),
        ),
    )
    assert scored.items == lines(
        ("game", 0, True, True, 0, x(TEAM, 1)),
        ("pagat", 0, True, True, 0, x(TEAM, 2)),
        ("pagat:defenders", 1, True, False, 0, x(TEAM, 2)),
        ("uhu", 0, False, True, 0, x(TEAM, 1)),
        ("uhu:defenders", 1, True, False, 0, x(TEAM, 3)),
        ("kakadu", 0, False, True, 0, x(TEAM, 1)),
    )
    assert scored.settlement == x(TEAM, 10)


def test_cheltenham_says_several_words_in_one_turn() -> None:
    """konig `AnnouncementSequence::get_announcement` takes a turn's words as one list, each legal on its own
    (`ContractAndAnnouncements::are_legal`): a defender announces 45 and doubles the game in one turn; only
    a turn without a word is a pass, three of them in a row end the round."""
    game = to_announce(CHELTENHAM, "rufer", BIRDS_HOME)
    game.apply(AnnouncePass(0))
    game.apply(Announce(1, ("forty_five",)))
    assert game.to_act == 1
    game.apply(Kontra(1, "game"))
    assert game.to_act == 1
    game.apply(AnnouncePass(1))
    assert [(s.seat, s.word) for s in game.view(2).said][-3:] == [(1, "announce"), (1, "kontra"), (1, "done")]
    for seat in (2, 3):
        game.apply(AnnouncePass(seat))
    assert game.phase == "announce"  # two empty turns so far
    game.apply(AnnouncePass(0))
    assert game.phase == "tricks"


# --- austria: the OÖ 4/2023 sheet -------------------------------------------------------------------------


@pytest.mark.parametrize("contract", ["rufer", "solodreier"])
def test_austria_ich_liege_is_the_declarers_last_word_of_bonuses(contract: str) -> None:
    """OÖ23 Allg. 2: the declarer announces his bonuses and closes with „Ich liege" (HT §5.3); HT §4.8 after
    KTC and STMK: „‚Ich liege' ist sein letztes Wort. Danach sind keine eigenen Prämienansagen … mehr
    möglich"; OÖ23 Ansagen 3 (Solodreier): „Alle Ansagen müssen unmittelbar nach der Spielansage erfolgen,
    bevor ‚Ich liege' gesagt wird". After a Kontra the declarer may go back (Rekontra), not announce."""
    game = to_announce(AUSTRIA, contract, BIRDS_HOME)
    game.apply(AnnouncePass(0))  # Ich liege
    game.apply(Kontra(1, "game"))
    game.apply(AnnouncePass(2))
    game.apply(AnnouncePass(3))
    view = game.view(0)
    assert view.may_announce == () and "game" in view.may_kontra
    assert _refused(game, Announce(0, ("trull",))) == "announce_refused"
    game.apply(Kontra(0, "game"))


def _farbendreier() -> KoenigrufenGame:
    """BIRDS_HOME as a Farbendreier: seat 0 takes the first half and lays the first trumps he may away."""
    game = _stacked(AUSTRIA, (deck(BIRDS_HOME),))
    for action in (*auction(AUSTRIA, "farbendreier"), TakeTalon(0, 0)):
        game.apply(action)
    game.apply(game.legal_actions()[0])
    assert game.phase == "announce"
    return game


def test_austria_colour_game_defender_doubles_or_announces_valat() -> None:
    """OÖ23 Farben 4: in a colour game a defender either doubles or announces Valat, not both (HT §5.7,
    V-1). Seat 1 doubled the game: no Valat for him later; seat 1 announced Valat: no Rekontra for him."""
    game = _farbendreier()
    game.apply(AnnouncePass(0))
    game.apply(Kontra(1, "game"))
    game.apply(AnnouncePass(2))
    game.apply(AnnouncePass(3))
    game.apply(Kontra(0, "game"))  # Rekontra: seat 1 speaks again
    assert "valat" not in game.view(1).may_announce
    assert _refused(game, Announce(1, ("valat",))) == "announce_refused"

    game = _farbendreier()
    game.apply(AnnouncePass(0))
    game.apply(Announce(1, ("valat",)))
    game.apply(Announce(2, ("four_kings",)))
    game.apply(AnnouncePass(3))
    game.apply(Kontra(0, "four_kings"))
    assert "four_kings" not in game.view(1).may_kontra
    assert _refused(game, Kontra(1, "four_kings")) == "kontra_refused"
    game.apply(AnnouncePass(1))
    assert "four_kings" in game.view(2).may_kontra  # seat 2 announced no Valat


def test_austria_solorufer_king_in_the_talon_voids_every_kontra() -> None:
    """OÖ23 Allg. 7 (HT §7.7 c, §7.10 no. 8): the called king lies in the Solorufer's talon; the declarer
    plays alone, gets the half with the king, and every Kontra is void, won or lost: +6, −2 each, the money
    the same."""
    hands = list(DRAWN)
    hands[3] = tuple("CS" if card == "KS" else card for card in DRAWN[3])
    hands[4] = tuple("KS" if card == "CS" else card for card in DRAWN[4])
    game = _stacked(AUSTRIA, tuple(hands))
    for action in (Bid(0, "solorufer"), Pass(1), Pass(2), Pass(3), CallKing(0, "KS")):
        game.apply(action)
    say(game, (AnnouncePass(0), Kontra(1, "game")))
    scored = play_out(game, (Play(0, "KD"),))
    assert scored.won and scored.partner is None
    assert scored.settlement == (6, -2, -2, -2) and scored.money == (6, -2, -2, -2)
    assert [item.kontra for item in scored.items] == [0] * len(scored.items)


def test_austria_kontra_counts_in_the_money_only() -> None:
    """OÖ23 Allg. 5: „Ein Kontra wirkt sich nur auf das Geld, aber nicht auf die Punktewertung aus": the score
    (Schrift) leaves the doublings out and ranks the match, the money counts them; both on the sheet, per deal
    and in total. cheltenham (konig) counts them in its one score."""
    game = to_announce(AUSTRIA, "rufer", BIRDS_HOME)
    say(game, (Announce(0, ("pagat",)), Kontra(1, "pagat"), Kontra(2, "pagat")))
    scored = _played(game, BIRDS_HOME)
    assert scored.settlement == x(TEAM, 13) and scored.money == x(TEAM, 19)  # the Pagat 2, × 4 in money
    view = game.view(0)
    assert view.totals == x(TEAM, 13) and view.score_sheet[-1].money_totals == x(TEAM, 19)
    sheet = deal_sheet(["A", "B", "C", "D"], view, scored, True, ())
    assert sheet.money == x(TEAM, 19) and sheet.money_totals == x(TEAM, 19) and sheet.totals == x(TEAM, 13)
    other = to_announce(CHELTENHAM, "rufer", BIRDS_HOME)
    say(other, (Announce(0, ("pagat",)), AnnouncePass(0), Kontra(1, "pagat"), AnnouncePass(1)))
    assert _played(other, BIRDS_HOME).money == ()


# --- the OÖ sheet's three practice deals (HT §11.7), card by card -----------------------------------------

# Übungsspiel 1, „Mein erster Rufer": Dora deals, so Du (seat 0) is forehand; Berta 1, Carl 2, Dora 3.
RUFER_DEAL: Deal = (
    ("XX", "XVII", "XI", "VIII", "V", "KH", "JH", "3D", "QS", "9S", "KC", "8C"),
    ("SK", "XVI", "XIII", "IX", "III", "CH", "2H", "QD", "JD", "JS", "QC", "CC"),
    ("XIX", "XV", "XII", "IV", "II", "1H", "3H", "KD", "2D", "KS", "10S", "10C"),
    ("XXI", "XIV", "X", "VII", "I", "4H", "1D", "CS", "8S", "7S", "JC", "7C"),
    ("XVIII", "VI", "4D", "QH", "CD", "9C"),
)
RUFER_WORDS: tuple[Action, ...] = (
    Bid(0, "vorhand"),
    Pass(1),
    Pass(2),
    Pass(3),
    Bid(0, "rufer"),
    CallKing(0, "KS"),
    TakeTalon(0, 0),
    Discard(0, ("3D", "4D", "JH")),
    AnnouncePass(0),  # Ich liege
    AnnouncePass(1),
    AnnouncePass(2),
    AnnouncePass(3),
)
RUFER_TRICKS = (
    (0, ("KC", "CC", "10C", "7C")),
    (0, ("XI", "III", "XIX", "XXI")),
    (3, ("1D", "V", "JD", "KD")),
    (0, ("9S", "JS", "KS", "7S")),
    (2, ("XII", "VII", "XVIII", "SK")),
    (1, ("QD", "2D", "X", "XVII")),
    (0, ("XX", "IX", "II", "XIV")),
    (0, ("8C", "QC", "XV", "JC")),
    (2, ("3H", "4H", "KH", "2H")),
    (0, ("VIII", "XIII", "IV", "I")),
    (1, ("CH", "1H", "8S", "VI")),
    (0, ("QS", "XVI", "10S", "CS")),
)
# Übungsspiel 2, „Piccolo – genau ein Stich": Du deals, Berta (seat 0) is forehand; Carl 1, Dora 2, Du 3.
PICCOLO_DEAL: Deal = (
    ("XVIII", "XIV", "X", "VI", "KH", "QH", "CH", "2D", "QS", "10S", "KC", "8C"),
    ("XX", "XVII", "XIII", "IX", "VII", "V", "1H", "3H", "QD", "JD", "CS", "JC"),
    ("XXI", "XVI", "XV", "XII", "VIII", "II", "JH", "CD", "1D", "JS", "9S", "10C"),
    ("SK", "XIX", "IV", "I", "4H", "2H", "4D", "3D", "8S", "7S", "9C", "7C"),
    ("III", "XI", "KD", "KS", "QC", "CC"),
)
PICCOLO_WORDS: tuple[Action, ...] = (
    Bid(0, "vorhand"),
    Pass(1),
    Pass(2),
    Bid(3, "piccolo"),
    Pass(0),
    AnnouncePass(3),  # Ich liege
    AnnouncePass(0),
    AnnouncePass(1),
    KontraEach(2, 2),  # Dora doubles for herself
    AnnouncePass(3),
    AnnouncePass(0),
    AnnouncePass(1),
)
PICCOLO_TRICKS = (
    (3, ("XIX", "VI", "XX", "XXI")),
    (2, ("XV", "SK", "X", "V")),
    (3, ("IV", "XIV", "XVII", "II")),
    (1, ("JC", "10C", "9C", "KC")),
    (0, ("8C", "VII", "VIII", "7C")),
    (2, ("9S", "8S", "10S", "CS")),
    (1, ("JD", "CD", "3D", "2D")),
    (2, ("1D", "4D", "XVIII", "QD")),
    (0, ("QS", "IX", "JS", "7S")),
    (1, ("1H", "JH", "2H", "CH")),
    (0, ("QH", "3H", "XII", "4H")),
    (2, ("XVI", "I", "KH", "XIII")),
)
# Übungsspiel 3, „Besserrufer mit Pagat ultimo": Berta deals, Carl (seat 0) is forehand; Dora 1, Du 2,
# Berta 3.
BESSERRUFER_DEAL: Deal = (
    ("SK", "XX", "XV", "XII", "VIII", "III", "QH", "4H", "CD", "3D", "JS", "9C"),
    ("XIV", "VI", "II", "JH", "3H", "2H", "QD", "2D", "CS", "10S", "9S", "KC"),
    ("XXI", "XVIII", "XVI", "XIII", "IX", "VII", "I", "KH", "4D", "QS", "8S", "10C"),
    ("XVII", "XI", "X", "IV", "1H", "JD", "KS", "7S", "CC", "JC", "8C", "7C"),
    ("XIX", "V", "1D", "KD", "QC", "CH"),
)
BESSERRUFER_WORDS: tuple[Action, ...] = (
    Bid(0, "vorhand"),
    Pass(1),
    Bid(2, "besserrufer"),
    Pass(3),
    Pass(0),
    CallKing(2, "KS"),
    TakeTalon(2, 0),
    Discard(2, ("4D", "1D", "10C")),
    Announce(2, ("pagat",)),  # „Besserrufer mit Pagat, der Pik-König hilft mir, ich liege"
    AnnouncePass(3),
    Kontra(0, "pagat"),  # Carl: „Kontra auf den Pagat"
    AnnouncePass(1),
    AnnouncePass(2),
    AnnouncePass(3),
)
BESSERRUFER_TRICKS = (
    (0, ("CD", "2D", "V", "JD")),
    (2, ("VII", "XVII", "XX", "VI")),
    (0, ("9C", "KC", "IX", "CC")),
    (2, ("XIII", "XI", "XV", "II")),
    (0, ("4H", "3H", "KH", "1H")),
    (2, ("XVIII", "IV", "III", "XIV")),
    (2, ("XIX", "X", "VIII", "2H")),
    (2, ("XVI", "7C", "XII", "9S")),
    (2, ("8S", "KS", "JS", "10S")),
    (3, ("7S", "SK", "CS", "QS")),
    (0, ("3D", "QD", "XXI", "8C")),
    (2, ("I", "JC", "QH", "JH")),
)


@pytest.mark.parametrize(
    ("deal", "words", "tricks", "score", "money", "points"),
    [
        # Rufer won 41/2 (42 whole): game +1, the defenders' silent Trull −1, the side's silent kings +1
        (RUFER_DEAL, RUFER_WORDS, RUFER_TRICKS, (1, -1, 1, -1), (1, -1, 1, -1), 42),
        # Piccolo made (one trick, the Sküs in trick 2): +6 for Du, −2 each; Dora's Kontra doubles her own
        (PICCOLO_DEAL, PICCOLO_WORDS, PICCOLO_TRICKS, (-2, -2, -2, 6), (-2, -2, -4, 8), None),
        # Besserrufer won 47/0 with the Pagat announced and made: 1 + 2 each; Carl's Kontra on it, money 1 + 4
        (BESSERRUFER_DEAL, BESSERRUFER_WORDS, BESSERRUFER_TRICKS, (-3, -3, 3, 3), (-5, -5, 5, 5), 47),
    ],
    ids=["rufer", "piccolo", "besserrufer"],
)
def test_the_oo_sheets_practice_deals_settle_as_the_sheet_does(
    deal: Deal,
    words: tuple[Action, ...],
    tricks: tuple[tuple[int, tuple[str, ...]], ...],
    score: tuple[int, ...],
    money: tuple[int, ...],
    points: int | None,
) -> None:
    """HT §11.7: every word and card of the sheet's practice deals, legal under austria, and the settlement
    it works out: the score (Schrift) and the money (Geld)."""
    game = _stacked(AUSTRIA, deal)
    for word in words:
        game.apply(word)
    assert game.phase == "tricks"
    scored = _played(game, tricks)
    assert scored.settlement == score and scored.money == money
    assert scored.won
    if points is not None:  # the declaring side's card points, as the sheet counts them
        assert scored.declarer_side_points == points


def test_the_practice_deals_pagat_may_not_take_trick_11() -> None:
    """HT §11.7, Übungsspiel 3, trick 11: with the Pagat announced, Du may not trump with it — every higher
    trump has gone, so it would take the trick for certain (OÖ23 Ansagen 6, `reserve_announced`)."""
    game = _stacked(AUSTRIA, BESSERRUFER_DEAL)
    for word in BESSERRUFER_WORDS:
        game.apply(word)
    for leader, cards in BESSERRUFER_TRICKS[:10]:
        for i, card in enumerate(cards):
            game.apply(Play((leader + i) % 4, card))
    game.apply(Play(0, "3D"))
    game.apply(Play(1, "QD"))
    assert _refused(game, Play(2, "I")) == "announced_early"
