"""Hand-worked rule vectors for every bonus of the austria and cheltenham profiles, for the bird contracts
(Besserrufer, Besserdreier) and austria's concession: constructed deals played trick by trick on the table
engine, each ScoreItem line and each seat's total worked out by hand from docs/rules/koenigrufen-profiles.md.

Every deal: dealer seat 3, so seat 0 is forehand and the declarer; the talon is 2D 3D 4D | 7C 8C 9C; where
the declarer takes a half he takes the first and lays the same three cards away again, so his hand is the
same in every contract and one script of tricks serves Rufer, Solorufer, Dreier and the bird contracts
alike. A card is worth 3 × points − 2 thirds (Pagat, Mond, Sküs and kings 13, queens 10, cavalls 7, jacks
4, the rest 1); the whole pack is 210 thirds, a game needs 107, a 45 134.
"""

from __future__ import annotations

import random

import pytest
from koenigrufen_deals import (
    ALONE,
    AUSTRIA,
    BIRDS_HOME,
    BIRDS_LOST,
    CHELTENHAM,
    KINGS_HOME,
    TEAM,
    VALAT,
    Script,
    auction,
    deck,
    lines,
    settle,
    to_announce,
    x,
)

from game.games.koenigrufen import easy
from game.games.koenigrufen import profile as kp
from game.games.koenigrufen.cards import CARD_POINTS, DECK
from game.games.koenigrufen.core import ScoreItem
from game.games.koenigrufen.rules import (
    Action,
    Announce,
    AnnouncePass,
    Bid,
    CallKing,
    Concede,
    Conceded,
    DealScored,
    Discard,
    KoenigrufenConfig,
    KoenigrufenGame,
    Kontra,
    Pass,
    TakeTalon,
)
from game.rules.errors import IllegalAction

# (id, profile, contract, script, said, the ScoreItem lines, the totals per seat)
VECTORS = [
    # Rufer, everything silent: game 1; Pagat 1, Uhu 2, Kakadu 3, Quapil 4 made by seat 0 in tricks 12-9;
    # Trull 1 (seat 0's pile); kings split, KH not in trick 12, no Valat: nothing. 1+1+2+3+4+1 = 12 each.
    (
        "austria rufer silent birds and trull",
        AUSTRIA,
        "rufer",
        BIRDS_HOME,
        (),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 1)),
            ("pagat", 0, False, True, 0, x(TEAM, 1)),
            ("uhu", 0, False, True, 0, x(TEAM, 2)),
            ("kakadu", 0, False, True, 0, x(TEAM, 3)),
            ("quapil", 0, False, True, 0, x(TEAM, 4)),
            ("trull", 0, False, True, 0, x(TEAM, 1)),
        ),
        x(TEAM, 12),
    ),
    # A defender announces Trull for his side; seats 0 and 2 take it: announced 2, failed against seat 1's
    # side: +2 for 0 and 2. Game 1 + birds 1+2+3+4 + Trull 2 = 13.
    (
        "austria defender's trull announced and failed",
        AUSTRIA,
        "rufer",
        BIRDS_HOME,
        (AnnouncePass(0), Announce(1, ("trull",))),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 1)),
            ("pagat", 0, False, True, 0, x(TEAM, 1)),
            ("uhu", 0, False, True, 0, x(TEAM, 2)),
            ("kakadu", 0, False, True, 0, x(TEAM, 3)),
            ("quapil", 0, False, True, 0, x(TEAM, 4)),
            ("trull", 1, True, False, 0, x(TEAM, 2)),
        ),
        x(TEAM, 13),
    ),
    # Besserrufer: game 1 and the Pagat announced (2), Kontra by seat 1, Rekontra by the partner: 2 × 4 =
    # 8; the other birds and Trull silent. 1+8+2+3+4+1 = 19.
    (
        "austria besserrufer bird made, kontra and rekontra",
        AUSTRIA,
        "besserrufer",
        BIRDS_HOME,
        (Announce(0, ("pagat",)), Kontra(1, "pagat"), Kontra(2, "pagat")),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 1)),
            ("pagat", 0, True, True, 2, x(TEAM, 8)),
            ("uhu", 0, False, True, 0, x(TEAM, 2)),
            ("kakadu", 0, False, True, 0, x(TEAM, 3)),
            ("quapil", 0, False, True, 0, x(TEAM, 4)),
            ("trull", 0, False, True, 0, x(TEAM, 1)),
        ),
        x(TEAM, 19),
    ),
    # Besserrufer, the Pagat lost in trick 12: game made (109 thirds) 1, the announced Pagat −2. −1 each.
    (
        "austria besserrufer bird failed",
        AUSTRIA,
        "besserrufer",
        BIRDS_LOST,
        (Announce(0, ("pagat",)),),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 1)),
            ("pagat", 0, True, False, 0, x(TEAM, -2)),
        ),
        x(TEAM, -1),
    ),
    # Solorufer (bonuses ×2), 170 thirds: game 2; silent birds 2, 4, 6, 8; Trull 2. The partner's König
    # ultimo announced (2 × 2 = 4) fails (KH fell in trick 5): −4; a defender's four kings announced (4)
    # fail (KD is his side's): +4. 2+2+4+6+8−4+2+4 = 24.
    (
        "austria solorufer doubled bonuses, king ultimo and four kings announced and failed",
        AUSTRIA,
        "solorufer",
        BIRDS_HOME,
        (AnnouncePass(0), AnnouncePass(1), Announce(2, ("king_ultimo",)), Announce(3, ("four_kings",))),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 2)),
            ("pagat", 0, False, True, 0, x(TEAM, 2)),
            ("uhu", 0, False, True, 0, x(TEAM, 4)),
            ("kakadu", 0, False, True, 0, x(TEAM, 6)),
            ("quapil", 0, False, True, 0, x(TEAM, 8)),
            ("king_ultimo", 2, True, False, 0, x(TEAM, -4)),
            ("trull", 0, False, True, 0, x(TEAM, 2)),
            ("four_kings", 3, True, False, 0, x(TEAM, 4)),
        ),
        x(TEAM, 24),
    ),
    # Rufer, 109 thirds: game 1 with Kontra: 2. The Pagat announced and lost in its trick, with Kontra:
    # −2 × 2 = −4. The silent birds lost in their tricks cost nothing in austria. 2 − 4 = −2.
    (
        "austria announced pagat failed, game and pagat kontra",
        AUSTRIA,
        "rufer",
        BIRDS_LOST,
        (Announce(0, ("pagat",)), Kontra(1, "game"), AnnouncePass(2), Kontra(3, "pagat")),
        lines(
            ("game", 0, True, True, 1, x(TEAM, 2)),
            ("pagat", 0, True, False, 1, x(TEAM, -4)),
        ),
        x(TEAM, -2),
    ),
    # Solorufer lost (106 thirds): −2, Kontra, Rekontra, Subkontra: −2 × 8 = −16.
    (
        "austria solorufer lost with subkontra",
        AUSTRIA,
        "solorufer",
        BIRDS_LOST,
        (
            AnnouncePass(0),
            Kontra(1, "game"),
            AnnouncePass(2),
            AnnouncePass(3),
            Kontra(0, "game"),
            AnnouncePass(1),
            AnnouncePass(2),
            Kontra(3, "game"),
        ),
        lines(("game", 0, True, False, 3, x(TEAM, -16))),
        x(TEAM, -16),
    ),
    # Dreier lost (90 thirds): −4 alone, −12 and +4 each; the Uhu announced and lost in trick 11: −4
    # alone. Seat 0: −12 − 12 = −24.
    (
        "austria dreier lost, announced uhu failed",
        AUSTRIA,
        "dreier",
        BIRDS_LOST,
        (Announce(0, ("uhu",)),),
        lines(
            ("game", 0, True, False, 0, x(ALONE, -4)),
            ("uhu", 0, True, False, 0, x(ALONE, -4)),
        ),
        x(ALONE, -8),
    ),
    # Solodreier (×2), 145 thirds alone: game 8; silent birds 2, 4, 6, 8 and Trull 2, each ×3 for seat 0.
    # Seat 0: 3 × (8+2+4+6+8+2) = 90, −30 each.
    (
        "austria solodreier silent bonuses doubled",
        AUSTRIA,
        "solodreier",
        BIRDS_HOME,
        (),
        lines(
            ("game", 0, True, True, 0, x(ALONE, 8)),
            ("pagat", 0, False, True, 0, x(ALONE, 2)),
            ("uhu", 0, False, True, 0, x(ALONE, 4)),
            ("kakadu", 0, False, True, 0, x(ALONE, 6)),
            ("quapil", 0, False, True, 0, x(ALONE, 8)),
            ("trull", 0, False, True, 0, x(ALONE, 2)),
        ),
        x(ALONE, 30),
    ),
    # KH won in trick 12, all four kings and the Trull with seats 0 and 2, everything silent: game 1,
    # birds 1+2+3+4, König ultimo 1, Trull 1, four kings 1. 14.
    (
        "austria king ultimo, trull and four kings silent",
        AUSTRIA,
        "rufer",
        KINGS_HOME,
        (),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 1)),
            ("pagat", 0, False, True, 0, x(TEAM, 1)),
            ("uhu", 0, False, True, 0, x(TEAM, 2)),
            ("kakadu", 0, False, True, 0, x(TEAM, 3)),
            ("quapil", 0, False, True, 0, x(TEAM, 4)),
            ("king_ultimo", 0, False, True, 0, x(TEAM, 1)),
            ("trull", 0, False, True, 0, x(TEAM, 1)),
            ("four_kings", 0, False, True, 0, x(TEAM, 1)),
        ),
        x(TEAM, 14),
    ),
    # The same announced: four kings by seat 0 (2), König ultimo by its holder seat 2 (2) with Kontra
    # (4). 1 + 1+2+3+4 + 4 + Trull 1 + 2 = 18.
    (
        "austria king ultimo and four kings announced and made",
        AUSTRIA,
        "rufer",
        KINGS_HOME,
        (
            Announce(0, ("four_kings",)),
            AnnouncePass(1),
            Announce(2, ("king_ultimo",)),
            Kontra(3, "king_ultimo"),
        ),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 1)),
            ("pagat", 0, False, True, 0, x(TEAM, 1)),
            ("uhu", 0, False, True, 0, x(TEAM, 2)),
            ("kakadu", 0, False, True, 0, x(TEAM, 3)),
            ("quapil", 0, False, True, 0, x(TEAM, 4)),
            ("king_ultimo", 2, True, True, 1, x(TEAM, 4)),
            ("trull", 0, False, True, 0, x(TEAM, 1)),
            ("four_kings", 0, True, True, 0, x(TEAM, 2)),
        ),
        x(TEAM, 18),
    ),
    # A silent Valat replaces the game: 1 × 4, the silent bonuses dropped.
    (
        "austria silent valat",
        AUSTRIA,
        "rufer",
        VALAT,
        (),
        lines(("valat", 0, False, True, 0, x(TEAM, 4))),
        x(TEAM, 4),
    ),
    # Valat announced with the Pagat, Kontra on the Valat: 1 × 8 × 2 = 16 in the game's place; the
    # announced Pagat stays: 2. 18.
    (
        "austria announced valat with kontra, and the pagat",
        AUSTRIA,
        "rufer",
        VALAT,
        (Announce(0, ("pagat", "valat")), Kontra(1, "valat")),
        lines(
            ("pagat", 0, True, True, 0, x(TEAM, 2)),
            ("valat", 0, True, True, 1, x(TEAM, 16)),
        ),
        x(TEAM, 18),
    ),
    # Cheltenham Rufer silent: game 1, Pagat, Uhu, Kakadu 1 each; 45 (silent 0) and Trull (absent) not
    # scored. 4.
    (
        "cheltenham rufer silent birds",
        CHELTENHAM,
        "rufer",
        BIRDS_HOME,
        (),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 1)),
            ("pagat", 0, False, True, 0, x(TEAM, 1)),
            ("uhu", 0, False, True, 0, x(TEAM, 1)),
            ("kakadu", 0, False, True, 0, x(TEAM, 1)),
        ),
        x(TEAM, 4),
    ),
    # Besserrufer: the Kakadu announced (4) and 45 announced (2, 173 ≥ 134 thirds) with Kontra by seat 3
    # (4). 1 + 1 + 1 + 4 + 4 = 11.
    (
        "cheltenham besserrufer kakadu and 45 made",
        CHELTENHAM,
        "besserrufer",
        BIRDS_HOME,
        (
            Announce(0, ("kakadu", "forty_five")),
            AnnouncePass(0),
            AnnouncePass(1),
            AnnouncePass(2),
            Kontra(3, "forty_five"),
        ),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 1)),
            ("pagat", 0, False, True, 0, x(TEAM, 1)),
            ("uhu", 0, False, True, 0, x(TEAM, 1)),
            ("kakadu", 0, True, True, 0, x(TEAM, 4)),
            ("forty_five", 0, True, True, 1, x(TEAM, 4)),
        ),
        x(TEAM, 11),
    ),
    # Rufer made (109 thirds): 1; each bird played in its trick and lost costs its silent value 1
    # (failed_silent_counts); 45 announced, 109 < 134: −2. 1 − 3 − 2 = −4.
    (
        "cheltenham birds failed silently, 45 failed",
        CHELTENHAM,
        "rufer",
        BIRDS_LOST,
        (Announce(0, ("forty_five",)), AnnouncePass(0)),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 1)),
            ("pagat", 0, False, False, 0, x(TEAM, -1)),
            ("uhu", 0, False, False, 0, x(TEAM, -1)),
            ("kakadu", 0, False, False, 0, x(TEAM, -1)),
            ("forty_five", 0, True, False, 0, x(TEAM, -2)),
        ),
        x(TEAM, -4),
    ),
    # Solo (×2) lost (106 thirds): −2; the three birds failed silently, −2 each. −8.
    (
        "cheltenham solo lost, silent failures doubled",
        CHELTENHAM,
        "solo",
        BIRDS_LOST,
        (),
        lines(
            ("game", 0, True, False, 0, x(TEAM, -2)),
            ("pagat", 0, False, False, 0, x(TEAM, -2)),
            ("uhu", 0, False, False, 0, x(TEAM, -2)),
            ("kakadu", 0, False, False, 0, x(TEAM, -2)),
        ),
        x(TEAM, -8),
    ),
    # König ultimo announced by seat 0 for his side (cheltenham: any seat of the side), Kontra by seat 1,
    # Rekontra by the partner: 2 × 4 = 8. Game 1 + silent birds 3 + 8 = 12.
    (
        "cheltenham king ultimo announced, kontra and rekontra",
        CHELTENHAM,
        "rufer",
        KINGS_HOME,
        (
            Announce(0, ("king_ultimo",)),
            AnnouncePass(0),
            Kontra(1, "king_ultimo"),
            AnnouncePass(1),
            Kontra(2, "king_ultimo"),
        ),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 1)),
            ("pagat", 0, False, True, 0, x(TEAM, 1)),
            ("uhu", 0, False, True, 0, x(TEAM, 1)),
            ("kakadu", 0, False, True, 0, x(TEAM, 1)),
            ("king_ultimo", 0, True, True, 2, x(TEAM, 8)),
        ),
        x(TEAM, 12),
    ),
    # Valat is a bonus here (valat_replaces_game off): announced by the partner (8), Kontra by seat 3,
    # Rekontra by seat 0: 32 beside the game 1 and the silent birds 3. 36.
    (
        "cheltenham valat announced by the partner, kontra and rekontra",
        CHELTENHAM,
        "rufer",
        VALAT,
        (
            AnnouncePass(0),
            AnnouncePass(1),
            Announce(2, ("valat",)),
            AnnouncePass(2),
            Kontra(3, "valat"),
            AnnouncePass(3),
            Kontra(0, "valat"),
        ),
        lines(
            ("game", 0, True, True, 0, x(TEAM, 1)),
            ("pagat", 0, False, True, 0, x(TEAM, 1)),
            ("uhu", 0, False, True, 0, x(TEAM, 1)),
            ("kakadu", 0, False, True, 0, x(TEAM, 1)),
            ("valat", 2, True, True, 2, x(TEAM, 32)),
        ),
        x(TEAM, 36),
    ),
    # Besserdreier, 148 thirds alone: game 3 (9 / −3 each); the Pagat announced 2; Uhu and Kakadu silent
    # 1; 45 silent 0. Seat 0: 3 × (3+2+1+1) = 21.
    (
        "cheltenham besserdreier bird made",
        CHELTENHAM,
        "besserdreier",
        BIRDS_HOME,
        (Announce(0, ("pagat",)), AnnouncePass(0)),
        lines(
            ("game", 0, True, True, 0, x(ALONE, 3)),
            ("pagat", 0, True, True, 0, x(ALONE, 2)),
            ("uhu", 0, False, True, 0, x(ALONE, 1)),
            ("kakadu", 0, False, True, 0, x(ALONE, 1)),
        ),
        x(ALONE, 7),
    ),
    # Besserdreier lost (90 thirds): −3; the announced Pagat lost in trick 12: −2; Uhu and Kakadu failed
    # silently: −1 each. Seat 0: 3 × −7 = −21.
    (
        "cheltenham besserdreier bird failed",
        CHELTENHAM,
        "besserdreier",
        BIRDS_LOST,
        (Announce(0, ("pagat",)), AnnouncePass(0)),
        lines(
            ("game", 0, True, False, 0, x(ALONE, -3)),
            ("pagat", 0, True, False, 0, x(ALONE, -2)),
            ("uhu", 0, False, False, 0, x(ALONE, -1)),
            ("kakadu", 0, False, False, 0, x(ALONE, -1)),
        ),
        x(ALONE, -7),
    ),
]


@pytest.mark.parametrize(
    ("profile", "contract", "script", "said", "lines", "totals"),
    [pytest.param(*row[1:], id=row[0]) for row in VECTORS],
)
def test_bonus_vectors(
    profile: kp.Profile,
    contract: str,
    script: Script,
    said: tuple[Action, ...],
    lines: tuple[ScoreItem, ...],
    totals: tuple[int, ...],
) -> None:
    """The lines and the money as worked out by hand; the score is the money where the doublings count in
    it, else the lines without them (austria: the doublings in the money only, OÖ Allg. 5)."""
    scored = settle(profile, contract, script, said)
    assert scored.items == lines
    assert (scored.money or scored.settlement) == totals
    if profile.announcing is not None and not profile.announcing.kontra_in_points:
        undoubled = [[amount >> item.kontra for amount in item.amounts] for item in lines]
        assert scored.settlement == tuple(map(sum, zip(*undoubled, strict=True)))


def test_the_scripts_points_are_the_hand_worked_ones() -> None:
    """The thirds the vectors' comments add up, as the engine counts them."""
    points = {
        ("rufer", "BIRDS_HOME"): 173,
        ("solorufer", "BIRDS_HOME"): 170,
        ("dreier", "BIRDS_HOME"): 148,
        ("solodreier", "BIRDS_HOME"): 145,
        ("rufer", "BIRDS_LOST"): 109,
        ("solorufer", "BIRDS_LOST"): 106,
        ("dreier", "BIRDS_LOST"): 90,
        ("rufer", "KINGS_HOME"): 185,
    }
    scripts = {"BIRDS_HOME": BIRDS_HOME, "BIRDS_LOST": BIRDS_LOST, "KINGS_HOME": KINGS_HOME}
    for (contract, name), thirds in points.items():
        ours, theirs = settle(AUSTRIA, contract, scripts[name], ()).piles
        counted = [sum(3 * CARD_POINTS[card] - 2 for card in pile) for pile in (ours, theirs)]
        assert counted == [thirds, 210 - thirds], (contract, name)


# --- the bird rule ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("profile", "contract", "birds"),
    [
        (AUSTRIA, "besserrufer", ("pagat", "uhu", "kakadu", "quapil")),
        (CHELTENHAM, "besserrufer", ("pagat", "uhu", "kakadu")),
        (CHELTENHAM, "besserdreier", ("pagat", "uhu", "kakadu")),
    ],
)
def test_the_declarer_of_a_bird_contract_must_announce_a_bird_first(
    profile: kp.Profile, contract: str, birds: tuple[str, ...]
) -> None:
    game = to_announce(profile, contract, BIRDS_HOME)
    assert game.view(0).birds_owed == birds
    assert all(game.view(seat).birds_owed == () for seat in (1, 2, 3))
    for word in (AnnouncePass(0), Announce(0, ("valat",))):
        with pytest.raises(IllegalAction) as refused:
            game.apply(word)
        assert refused.value.code == "bird_owed"
    assert AnnouncePass(0) not in game.legal_actions()
    game.apply(Announce(0, ("valat", birds[-1])))
    assert game.view(0).birds_owed == ()


def test_the_plain_contracts_owe_no_bird() -> None:
    game = to_announce(AUSTRIA, "rufer", BIRDS_HOME)
    assert game.view(0).birds_owed == () and AnnouncePass(0) in game.legal_actions()


def test_austria_asks_a_bird_in_hand_to_bid_cheltenham_does_not() -> None:
    """Seat 1 of BIRDS_HOME holds no bird: austria refuses him the Besserrufer, saying why."""
    for profile, allowed in ((AUSTRIA, False), (CHELTENHAM, True)):
        assert profile.bidding is not None
        config = KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=deck(BIRDS_HOME), profile=profile)
        game = KoenigrufenGame(config, 0)
        game.apply(Bid(0, profile.bidding.neutral))
        assert ("besserrufer" in game.view(1).bid_options) is allowed
        if not allowed:
            with pytest.raises(IllegalAction) as refused:
                game.apply(Bid(1, "besserrufer"))
            assert refused.value.code == "bird_needed"


def test_under_bird_held_a_bird_from_the_talon_only_goes_beside_the_one_held() -> None:
    """Seat 0 holds the Uhu and finds the Pagat in the talon: the Uhu must be announced, the Pagat may be
    announced with it but does not stand for it."""
    hand = ("II", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV", "QS", "JS", "10S")
    half = ("I", "2D", "3D")
    rest = [card for card in DECK if card not in hand + half]
    deck = (*hand, *rest[:36], *half, *rest[36:])
    game = KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=deck, profile=AUSTRIA), 0)
    for action in (Bid(0, "besserrufer"), Pass(1), Pass(2), Pass(3), CallKing(0, "KH"), TakeTalon(0, 0)):
        game.apply(action)
    game.apply(Discard(0, ("2D", "3D", "10S")))
    assert game.view(0).birds_owed == ("uhu",)
    with pytest.raises(IllegalAction) as refused:
        game.apply(Announce(0, ("pagat",)))
    assert refused.value.code == "bird_owed"
    game.apply(Announce(0, ("pagat", "uhu")))


def test_the_easy_player_bids_a_bird_contract_on_a_strong_hand_with_a_bird_and_announces_it() -> None:
    besserrufer = AUSTRIA.contract("besserrufer")
    strong = ("I", "XXI", "XX", "XIX", "XVIII", "XVII", "XVI", "XV", "XIV", "QS", "JS", "10S")
    assert easy.worth(strong, besserrufer)
    assert not easy.worth(("V", *strong[1:]), besserrufer)  # no bird
    assert not easy.worth(("I", *strong[1:7], "7C", "8C", "9C", "QS", "JS"), besserrufer)  # too few trumps
    game = to_announce(AUSTRIA, "besserrufer", BIRDS_HOME)
    said = easy.choose(game.view(0), random.Random(0))
    assert isinstance(said, Announce) and set(said.items) & {"pagat", "uhu", "kakadu", "quapil"}
    game.apply(said)


# --- the concession (austria: the called king in the turned-up talon) -------------------------------------


def _king_in_talon(contract: str, profile: kp.Profile = AUSTRIA) -> KoenigrufenGame:
    """BIRDS_HOME with KH swapped into the first talon half (for 2D): seat 0 calls it and sees it there."""
    cards = list(deck(BIRDS_HOME))
    at_kh, at_2d = cards.index("KH"), cards.index("2D")
    cards[at_kh], cards[at_2d] = "2D", "KH"
    config = KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=tuple(cards), profile=profile)
    game = KoenigrufenGame(config, 0)
    for action in (*auction(profile, contract), CallKing(0, "KH")):
        game.apply(action)
    return game


@pytest.mark.parametrize(
    ("contract", "pay"),
    [
        ("rufer", 1),  # the game: 1 to each, −3 for seat 0
        ("besserrufer", 1 + 2),  # and the lowest bird he holds, the Pagat announced: 2
    ],
)
def test_austria_concession_pays_the_game_and_the_bird_to_each(contract: str, pay: int) -> None:
    game = _king_in_talon(contract)
    assert game.view(0).concession == pay and Concede(0) in game.legal_actions()
    events = game.apply(Concede(0))
    assert isinstance(events[0], Conceded)
    (scored,) = [e for e in events if isinstance(e, DealScored)]
    amounts = (-3 * pay, pay, pay, pay)
    assert scored.items == (ScoreItem("concession", 0, False, False, 0, amounts),)
    assert scored.settlement == amounts and game.lean().returns() == list(amounts)


@pytest.mark.parametrize("contract", ["rufer", "besserrufer"])
def test_cheltenham_concession_pays_the_game_only(contract: str) -> None:
    """konig offers the concession when the called king lies in the talon turned up (`PositiveContract::play`,
    `choose_concede`) and scores the game alone, lost, one against three (`score_conceded`): a Besserrufer
    pays no bird."""
    game = _king_in_talon(contract, CHELTENHAM)
    assert game.view(0).concession == 1 and Concede(0) in game.legal_actions()
    (scored,) = [e for e in game.apply(Concede(0)) if isinstance(e, DealScored)]
    assert scored.settlement == (-3, 1, 1, 1)


def test_no_concession_with_the_king_in_hand() -> None:
    game = to_announce(AUSTRIA, "rufer", BIRDS_HOME)  # KH with seat 2
    assert game.view(0).concession == 0
    config = KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=deck(BIRDS_HOME), profile=AUSTRIA)
    game = KoenigrufenGame(config, 0)
    for action in (*auction(AUSTRIA, "rufer"), CallKing(0, "KH")):
        game.apply(action)
    with pytest.raises(IllegalAction) as refused:
        game.apply(Concede(0))
    assert refused.value.code == "concede_refused"
