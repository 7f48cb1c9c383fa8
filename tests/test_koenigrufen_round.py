"""The auction's and the announcement round's rules the profiles document lists without another test showing
them in play: who may bid a king-calling contract and which king he calls, what forehand chooses after his
neutral word, who may announce what and how often, how far a doubling goes, who reveals himself by speaking,
and which hands an ouvert contract lays open. Stacked deals from tests/koenigrufen_deals.py (seat 0 forehand
and declarer, KH called with seat 2).
"""

from __future__ import annotations

import pytest
from koenigrufen_deals import (
    AUSTRIA,
    BIRDS_HOME,
    BIRDS_LOST,
    CHELTENHAM,
    FARBENSOLO_KINGS,
    LOW,
    TRUMPS_TALON,
    deck,
    game_of,
    to_announce,
)

from game.games.koenigrufen import profile as kp
from game.games.koenigrufen.rules import (
    Action,
    Announce,
    AnnouncePass,
    Bid,
    CallKing,
    Discard,
    KoenigrufenConfig,
    KoenigrufenGame,
    Kontra,
    PartnerRevealed,
    Pass,
    Play,
    TakeTalon,
)
from game.rules.errors import IllegalAction


def _refused(game: KoenigrufenGame, action: Action) -> str:
    with pytest.raises(IllegalAction) as refused:
        game.apply(action)
    return refused.value.code


def _new(profile: kp.Profile, cards: tuple[str, ...]) -> KoenigrufenGame:
    return KoenigrufenGame(KoenigrufenConfig(deals=1, first_dealer=3, stacked_deck=cards, profile=profile), 0)


def test_austria_refuses_a_king_calling_contract_to_four_kings() -> None:
    """OÖ23 Vorhand 3 (HT §3.3 point 5, §3.7): with all four kings no Rufer, Solorufer nor Besserrufer, and
    forehand may not pass; cheltenham (konig) lets him bid it and call his own king."""
    game = _new(AUSTRIA, deck(FARBENSOLO_KINGS, TRUMPS_TALON))
    opening = game.view(0).bid_options
    assert "solorufer" not in opening and "besserrufer" not in opening and "farbensolo" in opening
    for action in (Bid(0, "vorhand"), Pass(1), Pass(2), Pass(3)):
        game.apply(action)
    assert "rufer" not in game.view(0).bid_options and "trischaken" in game.view(0).bid_options
    game = _new(CHELTENHAM, deck(FARBENSOLO_KINGS, TRUMPS_TALON))
    for action in (Bid(0, "solo"), Pass(1), Pass(2), Pass(3)):
        game.apply(action)
    game.apply(CallKing(0, "KH"))  # his own


def test_austria_refuses_calling_ones_own_king() -> None:
    """OÖ23 Allg. 6: a king of one's own hand may not be called (BIRDS_LOST: seat 0 holds KS); konig lets
    him (`PositiveContract::play`: any king, he then plays alone)."""
    for profile, allowed in ((AUSTRIA, False), (CHELTENHAM, True)):
        game = _new(profile, deck(BIRDS_LOST))
        assert profile.bidding is not None
        for action in (Bid(0, profile.bidding.neutral), Pass(1), Pass(2), Pass(3), Bid(0, "rufer")):
            game.apply(action)
        assert (CallKing(0, "KS") in game.legal_actions()) is allowed


def test_cheltenham_forehand_chooses_rufer_trischaken_or_sechserdreier_after_three_passes() -> None:
    """konig's forehand bids first and may not pass (`BiddingSequence::get_bids`); "mein Spiel" is its bid of
    the lowest contract, the Rufer, which he raises to Trischaken or Sechserdreier once the others passed."""
    game = _new(CHELTENHAM, deck(BIRDS_HOME))
    assert "pass" not in game.view(0).bid_options
    for action in (Bid(0, "mein_spiel"), Pass(1), Pass(2), Pass(3)):
        game.apply(action)
    assert tuple(game.view(0).bid_options) == ("rufer", "trischaken", "sechserdreier")


def test_austria_each_player_announces_on_one_turn_only() -> None:
    """OÖ23 Ansagen 1: „Jeder Spieler darf nur einmal Prämien ansagen" (HT §5.3 point 3): seat 1 announced the
    Trull at his first turn; at his next he may answer the Kontra on it but not announce. cheltenham (konig,
    `AnnouncementSequence::get_announcements`): the declarer announces again at a later turn."""
    game = to_announce(AUSTRIA, "rufer", BIRDS_HOME)
    for word in (AnnouncePass(0), Announce(1, ("trull",)), Kontra(2, "trull"), AnnouncePass(3)):
        game.apply(word)
    assert game.to_act == 0  # Ich liege was his last word of bonuses: only a doubling is left to him
    game.apply(AnnouncePass(0))
    assert game.to_act == 1 and game.view(1).may_announce == () and "trull" in game.view(1).may_kontra
    assert _refused(game, Announce(1, ("four_kings",))) == "announce_refused"
    game = to_announce(CHELTENHAM, "rufer", BIRDS_HOME)
    for word in (Announce(0, ("pagat",)), AnnouncePass(0), Announce(1, ("uhu",)), AnnouncePass(1)):
        game.apply(word)
    game.apply(AnnouncePass(2))
    game.apply(AnnouncePass(3))
    game.apply(Announce(0, ("kakadu",)))


def test_austria_a_bird_is_announced_by_its_holder_and_a_bonus_once_for_the_deal() -> None:
    """OÖ23 Ansagen 1 (HT §5.3): a bird only by the player holding it, never for the partner; Trull and four
    kings by anyone (ÖF21: „auf Verdacht"). Atout's decision (HT P-6): a bonus is announced once in the deal,
    the first to announce it owning it for his side. cheltenham (konig): each side announces its own."""
    game = to_announce(AUSTRIA, "rufer", BIRDS_HOME)  # seat 0 holds every bird
    game.apply(Announce(0, ("trull",)))
    may = game.view(1).may_announce
    assert "pagat" not in may and "trull" not in may and "four_kings" in may
    assert _refused(game, Announce(1, ("pagat",))) == "announce_refused"
    game = to_announce(CHELTENHAM, "rufer", BIRDS_HOME)
    game.apply(Announce(0, ("pagat",)))
    game.apply(AnnouncePass(0))
    assert "pagat" in game.view(1).may_announce  # the defenders' own Pagat, held or not


@pytest.mark.parametrize("profile", [AUSTRIA, CHELTENHAM], ids=lambda p: p.id)
def test_subkontra_is_the_last_doubling(profile: kp.Profile) -> None:
    """OÖ23 Allg. 5 (HT §5.6): Kontra ×2, Rekontra ×4, Subkontra ×8, „weitere Stufen … gibt es nicht";
    konig's `Announcedness` ends at `subkontraed`. Kontra by the item's opponents, Rekontra by its side."""
    game = to_announce(profile, "rufer", BIRDS_HOME)
    several = profile is CHELTENHAM
    for word in (AnnouncePass(0), Kontra(1, "game"), AnnouncePass(2), AnnouncePass(3), Kontra(0, "game")):
        game.apply(word)
        if several and not isinstance(word, AnnouncePass):
            game.apply(AnnouncePass(word.seat))
    assert _refused(game, Kontra(1, "valat") if several else Kontra(2, "game")) in (
        "kontra_refused",
        "not_your_turn",
    )
    game.apply(Kontra(1, "game"))  # Subkontra
    if several:
        game.apply(AnnouncePass(1))
    while game.to_act != 0:
        game.apply(AnnouncePass(game.to_act or 0))
    assert "game" not in game.view(0).may_kontra


def test_a_hidden_partner_who_speaks_reveals_himself() -> None:
    """Atout's decision (the sources let a hidden partner speak; konig's referee checks his true side,
    `AnnouncementSequence::get_announcement`, `ContractAndAnnouncements::is_legal`): a word said for one's
    side shows it to all at once, and a hidden partner may not double his own side's items."""
    for profile in (AUSTRIA, CHELTENHAM):
        game = to_announce(profile, "rufer", BIRDS_HOME)  # seat 2 holds KH
        game.apply(AnnouncePass(0))
        game.apply(AnnouncePass(1))
        assert "game" not in game.view(2).may_kontra
        assert _refused(game, Kontra(2, "game")) == "kontra_refused"
        events = game.apply(Announce(2, ("valat",)))
        assert PartnerRevealed(0, 2) in events


@pytest.mark.parametrize(("profile", "shown"), [(AUSTRIA, (0, 1, 2, 3)), (CHELTENHAM, (0,))], ids=["a", "c"])
def test_ouvert_lays_the_hands_open_after_the_first_trick(
    profile: kp.Profile, shown: tuple[int, ...]
) -> None:
    """OÖ23 Negativ 3: after the first trick every player lays his cards open (HT §6.4); konig shows the
    declarer's hand only (`Contract::play_tricks`, `notify_ouvert` with his hand)."""
    game = game_of(LOW, "bettel_ouvert", profile)
    while game.phase == "announce":
        game.apply(AnnouncePass(game.to_act or 0))
    assert all(hand == () for hand in game.view(1).open_hands)
    for _ in range(4):
        game.apply(game.legal_actions()[0])
    assert isinstance(game.legal_actions()[0], Play)
    assert tuple(seat for seat, hand in enumerate(game.view(1).open_hands) if hand) == shown


def test_the_farbendreier_lays_trumps_away_first() -> None:
    """OÖ23 Farben 1 (HT §4.6): in the Farbendreier trumps are laid away first, the Trull never, suit cards
    only without trumps left to lay away; the Dreier of the same hand lays suit cards away first."""
    for contract, trumps in (("farbendreier", True), ("dreier", False)):
        game = _new(AUSTRIA, deck(BIRDS_HOME))
        for action in (Bid(0, contract), Pass(1), Pass(2), Pass(3), TakeTalon(0, 0)):
            game.apply(action)
        discards = [action.cards for action in game.legal_actions() if isinstance(action, Discard)]
        assert discards and all(
            (card[-1] not in "HDCS") is trumps and card not in ("SK", "XXI", "I")
            for d in discards
            for card in d
        )
