"""The Königrufen table driven headless through the real scene manager with real input events."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from scene_driver import click, key, step, wait_until
from tool_loader import load_tool

from game.app import App
from game.games.koenigrufen import profile
from game.games.koenigrufen.cards import legal_discards
from game.games.koenigrufen.profile import Profile
from game.games.koenigrufen.rules import KoenigrufenConfig, KoenigrufenGame
from game.games.koenigrufen.table import KoenigrufenTable, bid_word
from game.games.koenigrufen.words import bid_label, bonus_name, item_label
from game.i18n import tr
from game.scenes import navigation
from game.seating import CardTableSetup, SeatPlayer
from game.settings import Settings
from game.ui.widgets import Offer


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    return App(settings=Settings(language="en", anim_speed="fast", think_time=0.05))


def seed_with_forehand(seat: int) -> int:
    return next(s for s in range(200) if KoenigrufenGame(KoenigrufenConfig(), s).declarer == seat)


AUSTRIA = profile.load("austria")


def forehand_seed(seat: int, rules: Profile) -> int:
    return next(
        s for s in range(200) if KoenigrufenGame(KoenigrufenConfig(profile=rules), s).view(0).forehand == seat
    )


def table_for(
    app: App, humans: tuple[int, ...], seed: int, deals: int = 4, rules: Profile | None = None
) -> KoenigrufenTable:
    seats = tuple(SeatPlayer(f"P{i}", i in humans) for i in range(4))
    table = KoenigrufenTable(app, CardTableSetup("koenigrufen", seats, seed, deals, rules))
    app.scenes.push(table)
    return table


def human_turn(app: App, table: KoenigrufenTable) -> None:
    wait_until(
        app,
        lambda: (
            (table.awaiting == "human" and not table.busy)
            or table.game.phase == "scored"
            or app.scenes.top is not table
        ),
        seconds=120,
    )


def click_card(app: App, table: KoenigrufenTable, card: str) -> None:
    sprite = next(s for s in table.hand if s.code == card)
    rect = sprite.rect(app.cards, table.card_w)
    click(app, (rect.x + 8, rect.centery))  # the visible left edge of an overlapped card


def play_my_part(app: App, table: KoenigrufenTable, seat: int) -> None:
    """Answers every decision of `seat` with real clicks and keys until the deal is scored."""
    while table.game.phase not in ("scored", "over"):
        human_turn(app, table)
        if app.scenes.top.name == "handover":
            key(app, pygame.K_RETURN, "\r")
            continue
        if table.game.phase in ("scored", "over"):
            break
        phase = table.game.phase
        if phase in ("bid", "announce", "call", "talon"):
            key(app, pygame.K_RETURN, "\r")  # the focused offer (pass, forehand's opening, good), king, half
        elif phase == "discard":
            for card in a_discard(table):
                click_card(app, table, card)
            click(app, table.panel_form.widgets[0].rect.center)
        else:
            legal = sorted(table.playable(table.game.to_act))
            click_card(app, table, legal[0])


def a_discard(table: KoenigrufenTable) -> tuple[str, ...]:
    """The first legal discard of the contract played, as many cards as it lays away."""
    view = table.game.view(table.game.to_act)
    assert view.contract is not None
    contract = view.profile.contract(view.contract)
    return legal_discards(view.hand, contract.discard, contract.trumps_first)[0]


def my_bid_turn(app: App, table: KoenigrufenTable) -> tuple[str, ...]:
    """Waits for seat 0's turn in the auction; returns the words it may say, as the panel offers them."""
    wait_until(app, lambda: table.awaiting == "human" and not table.busy and table.game.phase == "bid")
    options = table.game.view(0).bid_options
    assert [w.label for w in table.panel_form.widgets] == [bid_label(word) for word in options]
    return options


def test_each_bid_offered_says_what_it_pays_and_means(app: App) -> None:
    table = table_for(app, (0,), forehand_seed(1, AUSTRIA), rules=AUSTRIA)
    my_bid_turn(app, table)
    offers = {w.label: w for w in table.panel_form.widgets}
    dreier = offers[bid_label("dreier")]
    assert dreier.aside == "+4 / −4" and "half the talon" in dreier.note
    assert "per opponent" in tr("krt.auction.title")
    assert "one trick" in offers[bid_label("piccolo_ouvert")].note
    assert offers[bid_label("pass")].note == "out of the auction for good"


def test_a_bid_by_mouse_joins_the_auction_everyone_reads(app: App) -> None:
    table = table_for(app, (0,), forehand_seed(1, AUSTRIA), rules=AUSTRIA)
    options = my_bid_turn(app, table)
    before = table.game.view(0).bids
    highest = options[-1]
    click(app, table.panel_form.widgets[-1].rect.center)
    assert table.game.view(2).bids == (*before, (0, highest))  # in every seat's view
    assert table.seat_badge(0) == bid_label(highest)
    assert not table.panel_form.widgets  # the panel is gone until the seat speaks again


def test_a_bid_by_keyboard_down_then_enter(app: App) -> None:
    table = table_for(app, (0,), forehand_seed(1, AUSTRIA), rules=AUSTRIA)
    options = my_bid_turn(app, table)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN, "\r")
    assert table.game.view(0).bids[-1] == (0, options[1])


def test_a_whole_austrian_deal_from_the_auction_to_the_score(app: App) -> None:
    table = table_for(app, (0,), forehand_seed(0, AUSTRIA), deals=1, rules=AUSTRIA)
    play_my_part(app, table, 0)
    wait_until(app, lambda: app.scenes.top.name == "score", seconds=30)
    view = table.game.view(0)
    assert view.bids and view.bids[0][0] == 0  # forehand spoke first
    assert view.contract is not None and table.scored.contract == view.contract
    assert sum(table.scored.settlement) == 0 and len(view.score_sheet) == 1


def test_a_whole_deal_as_declarer_by_mouse_and_keyboard(app: App) -> None:
    table = table_for(app, (0,), seed_with_forehand(0))
    play_my_part(app, table, 0)
    assert len(table.game.view(0).tricks) == 12
    wait_until(app, lambda: app.scenes.top.name == "score", seconds=20)
    score = app.scenes.top
    assert sum(table.scored.settlement) == 0
    assert table.scored.declarer_side_points + table.scored.defenders_points == 70
    key(app, pygame.K_RETURN, "\r")  # next deal
    assert table.game.view(0).deal_no == 2 and app.scenes.top is table
    del score


def test_an_illegal_card_is_refused_with_the_reason(app: App) -> None:
    table = table_for(app, (0,), seed_with_forehand(1))
    for _ in range(40):
        human_turn(app, table)
        if table.game.phase == "tricks" and table.game.to_act == 0:
            hand = set(table.game.view(0).hand)
            illegal = hand - table.playable(0)
            if illegal:
                before = table.game.view(0)
                click_card(app, table, sorted(illegal)[0])
                assert table.refusal.startswith("You must")
                assert table.game.view(0) == before
                return
            click_card(app, table, sorted(table.playable(0))[0])
    pytest.skip("no illegal card came up in this deal")


def test_hot_seat_hands_over_between_two_people(app: App) -> None:
    table = table_for(app, (0, 2), seed_with_forehand(0), deals=1)
    people_seen = set()
    for _ in range(200):
        wait_until(
            app,
            lambda: (
                (table.awaiting in ("human", "handover") and not table.busy)
                or table.game.phase in ("scored", "over")
            ),
            seconds=120,
        )
        if table.game.phase in ("scored", "over"):
            break
        if app.scenes.top.name == "handover":
            people_seen.add(app.scenes.top.person)
            assert all(not s.face_up for s in table.hand)  # nothing visible while passing the screen
            key(app, pygame.K_RETURN, "\r")
            continue
        seat = table.game.to_act
        assert table.hand_seat == seat and [s.code for s in table.hand] == table.sort_hand(
            table.game.view(seat).hand
        )
        if table.game.phase in ("call", "talon"):
            key(app, pygame.K_RETURN, "\r")
        elif table.game.phase == "discard":
            for card in legal_discards(table.game.view(seat).hand)[0]:
                click_card(app, table, card)
            click(app, table.panel_form.widgets[0].rect.center)
        else:
            click_card(app, table, sorted(table.playable(seat))[0])
    assert people_seen == {"P0", "P2"}
    assert len(table.game.view(0).tricks) == 12


def test_the_demo_plays_by_itself(app: App) -> None:
    table = navigation.demo(app, "koenigrufen", 5)
    app.scenes.push(table)
    wait_until(app, lambda: table.game.phase == "scored", seconds=240)
    step(app, 3.0)
    assert app.scenes.top.name == "score"


def test_a_match_of_four_deals_ends_on_the_final_score_sheet(app: App) -> None:
    app.settings = app.settings.with_(anim_speed="instant", think_time=0.0)
    table = table_for(app, (0,), seed_with_forehand(2))
    for deal in range(1, 5):
        assert table.game.view(0).deal_no == deal
        play_my_part(app, table, 0)
        wait_until(app, lambda: app.scenes.top.name == "score", seconds=30)
        if deal < 4:
            key(app, pygame.K_RETURN, "\r")
    score = app.scenes.top
    assert score.sheet.over and len(table.game.view(0).score_sheet) == 4
    assert sum(table.game.view(0).totals) == 0


def test_a_hint_in_the_auction_names_a_bid_and_rings_its_box(app: App) -> None:
    table = table_for(app, (0,), forehand_seed(1, AUSTRIA), rules=AUSTRIA)
    my_bid_turn(app, table)
    key(app, pygame.K_h, "h")
    wait_until(app, lambda: table.current_hint() is not None)
    hint = table.current_hint()
    assert hint is not None
    word = bid_word(hint.decision.action)
    assert table.hint_words().startswith(f"Hint: say “{bid_label(word)}”")
    offers = [w.rect for w in table.panel_form.widgets if w.label == bid_label(word)]
    assert table.hint_spots(hint.decision.action) == offers
    key(app, pygame.K_RETURN, "\r")  # the hinted bid has the focus
    assert table.game.view(0).bids[-1] == (0, word)


def test_the_rules_opened_from_the_pause_are_the_tables_own(app: App) -> None:
    assert app.settings.koenigrufen_rules == "cardavia"
    table = table_for(app, (0,), forehand_seed(1, AUSTRIA), rules=AUSTRIA)
    my_bid_turn(app, table)
    key(app, pygame.K_ESCAPE)
    pause = app.scenes.top
    rules_button = next(w for w in pause.form.widgets if getattr(w, "label", "") == tr("pause.rules"))
    click(app, rules_button.rect.center)
    page = app.scenes.top.source()
    assert "Upper Austria (OÖ 4/2023)" in page and "# The auction" in page


def announce_turn(app: App, table: KoenigrufenTable, contract: str = "dreier") -> None:
    """Plays seat 0's part (bidding `contract` when offered, else passing; the call, talon and discard as
    offered) up to its first word of the announcement round with something to announce."""
    while not (
        table.game.phase == "announce"
        and table.game.to_act == 0
        and table.awaiting == "human"
        and not table.busy
        and table.game.view(0).may_announce
    ):
        human_turn(app, table)
        assert table.game.phase != "scored", "no announcement to make in this deal"
        phase = table.game.phase
        if phase == "discard":
            for card in a_discard(table):
                click_card(app, table, card)
            click(app, table.panel_form.widgets[0].rect.center)
        elif phase == "tricks":
            click_card(app, table, sorted(table.playable(0))[0])
        elif phase == "bid" and contract in table.game.view(0).bid_options:
            offers = {w.label: w for w in table.panel_form.widgets}
            click(app, offers[bid_label(contract)].rect.center)
        elif table.game.to_act == 0 and not (phase == "announce" and table.game.view(0).may_announce):
            key(app, pygame.K_RETURN, "\r")


def dreier_seed(contract: str = "dreier") -> int:
    """A deal where seat 0 gets the contract it bids (the Dreier), the computers bidding as the easy player
    does."""
    screenshot = load_tool("screenshot")
    return next(s for s in range(7, 3000) if screenshot.auction_ends(AUSTRIA, s, contract))


def test_bonuses_picked_by_mouse_are_announced_at_once_for_all_to_read(app: App) -> None:
    table = table_for(app, (0,), dreier_seed(), deals=1, rules=AUSTRIA)
    announce_turn(app, table)
    view = table.game.view(0)
    offers = {w.label: w for w in table.panel_form.widgets}
    picked = view.may_announce[:2]
    for item in picked:
        click(app, offers[bonus_name(item)].rect.center)
    names = {bonus_name(item) for item in picked}
    assert all(w.chosen for w in table.panel_form.widgets if isinstance(w, Offer) and w.label in names)
    button = next(w for w in table.panel_form.widgets if w.label.startswith("Announce ("))
    assert button.label == f"Announce ({len(picked)})"
    click(app, button.rect.center)
    said = table.game.view(2).said  # what every seat reads
    assert said[-1].seat == 0 and said[-1].word == "announce" and set(said[-1].items) == set(picked)


def test_good_said_by_keyboard_closes_the_declarers_announcements(app: App) -> None:
    table = table_for(app, (0,), dreier_seed(), deals=1, rules=AUSTRIA)
    announce_turn(app, table)
    assert table.panel_form.widgets[0].label == "Ich liege"
    key(app, pygame.K_RETURN, "\r")  # the focus starts on it
    said = table.game.view(0).said
    assert said[-1].seat == 0 and said[-1].word == "ich_liege"
    wait_until(app, lambda: not table.queue)
    assert any("Ich liege" in line for line in table.log.lines)


def test_a_bird_contract_offers_no_good_until_its_bird_is_announced(app: App) -> None:
    table = table_for(app, (0,), dreier_seed("besserrufer"), deals=1, rules=AUSTRIA)
    announce_turn(app, table, "besserrufer")
    owed = table.game.view(0).birds_owed
    assert owed and table.prompt() == tr("krt.prompt.bird")
    offers = {w.label: w for w in table.panel_form.widgets}
    assert "Ich liege" not in offers and bonus_name(owed[0]) in offers
    click(app, offers[bonus_name(owed[0])].rect.center)
    click(app, next(w for w in table.panel_form.widgets if w.label.startswith("Announce (")).rect.center)
    said = table.game.view(1).said
    assert said[-1].seat == 0 and said[-1].items == (owed[0],)
    assert table.game.view(0).birds_owed == ()


def test_the_deal_sheet_lists_each_settled_item_with_what_each_player_gets(app: App) -> None:
    app.settings = app.settings.with_(anim_speed="instant", think_time=0.0)
    table = table_for(app, (0,), dreier_seed(), deals=1, rules=AUSTRIA)
    announce_turn(app, table)
    offers = {w.label: w for w in table.panel_form.widgets}
    click(app, offers[bonus_name(table.game.view(0).may_announce[0])].rect.center)
    click(app, next(w for w in table.panel_form.widgets if w.label.startswith("Announce (")).rect.center)
    play_my_part(app, table, 0)
    wait_until(app, lambda: app.scenes.top.name == "score", seconds=60)
    sheet = app.scenes.top.sheet
    assert sheet.items and sheet.items == table.scored.items
    assert any(item.announced and item.seat == 0 for item in sheet.items)
    for item in sheet.items:
        assert sum(item.amounts) == 0
    totals = [sum(item.amounts[seat] for item in sheet.items) for seat in range(4)]
    assert tuple(totals) == table.scored.settlement  # the lines add up to what the match sheet shows
    assert item_label(sheet.items[0]).startswith("Game")


@pytest.mark.parametrize("size", [(1280, 720), (960, 540), (1920, 1080), (2560, 1080)])
def test_what_is_composed_into_the_backdrop_lies_clear_of_portraits_badges_and_buttons(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, size: tuple[int, int]
) -> None:
    """The name plates, the gone panel, the log and the called king are drawn into the backdrop, under the
    portraits, badges and buttons drawn every frame: the table looks as it did when each seat's portrait,
    plate and badge were drawn in turn, then the gone panel, the log, the buttons and the called king."""
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    app = App(size, Settings(language="en", anim_speed="fast", think_time=0.05))
    table = table_for(app, (), 3, rules=AUSTRIA)
    wait_until(app, lambda: table.game.phase == "tricks" and sum(table.tricks_won) >= 2, seconds=300)
    assert table.public.king is not None and any(table.seat_badge(seat) for seat in range(4))
    panels = [(table.log.rect, "glass")]

    now = app.screen.copy()
    table.draw_backdrop(now, panels, table._draw_still, table._still_look())
    for seat in range(4):
        table.draw_portrait(now, seat)
    for seat in range(4):
        table.draw_badge(now, seat)
    table.controls.draw(now)

    before = app.screen.copy()
    table.draw_backdrop(before, panels)
    for seat in range(4):
        table.draw_portrait(before, seat)
        table.draw_plate(before, seat)
        table.draw_badge(before, seat)
    gone, at = table._gone()
    assert gone is not None
    before.blit(gone, at)
    table.log.draw(before, with_panel=False)
    table.controls.draw(before)
    table._draw_called(before)
    assert pygame.image.tobytes(now, "RGB") == pygame.image.tobytes(before, "RGB")
