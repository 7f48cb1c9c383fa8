"""The table finished as a player reads it (issue 31): the log starts at its first line, the message strip
tells what just happened, a trick's value and the side's count say which is which, the person to act at a
shared screen sits beside their hand and Escape on the hand-over pauses, a king that may not be called
looks it and says why, a card's name is the index on its face, and the menu dates Falkenstein as its
scenario does. Each test fails on the table as it was."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pygame
import pytest
from scene_driver import key, step
from tool_loader import load_tool

from game import i18n
from game.app import App
from game.games.falkenstein.words import card_name
from game.games.koenigrufen import cards as kr_cards
from game.games.koenigrufen.rules import CallKing
from game.games.koenigrufen.words import card_label
from game.games.twotenjack.words import card_label as ttj_label
from game.i18n import tr
from game.lessons.lesson import lesson_paths
from game.paths import SCENARIOS
from game.scenes.handover import HandoverScene
from game.scenes.pause import PauseOverlay
from game.settings import Settings
from game.ui import drawn, text, theme
from game.ui.log_panel import LogPanel

SHOT = load_tool("screenshot")
CARDS = load_tool("make_cards")


@pytest.fixture
def app() -> Iterator[App]:
    """The app, in English, its animations instant, what it draws recorded."""
    drawn.record(True)
    yield App(settings=Settings(language="en", anim_speed="instant", think_time=0.0))
    drawn.record(False)


def test_the_log_starts_at_its_first_line_not_with_blank_rows() -> None:
    """Item 6: an entry whose head would be scrolled off is left out whole: the first row shown is an
    entry's first, at the top of the panel (its wrapped tail was shown headless, under blank rows)."""
    pygame.init()
    text.reset()
    panel = LogPanel("Table log")
    panel.rect = pygame.Rect(0, 0, 220, 200)
    for n in range(6):
        panel.add(f"Entry {n}: a line long enough to wrap over two or three rows of the panel")
    surface = pygame.Surface((220, 200))
    drawn.record(True)
    try:
        drawn.begin(surface)
        panel.draw(surface)
        rows = [e for e in drawn.elements(surface) if isinstance(e, drawn.Text)][1:]
    finally:
        drawn.record(False)
    assert rows and rows[0].words.startswith("Entry")
    assert rows[0].at[1] == panel.rect.y + 16 + text.line_height(theme.SIZE_SMALL)


def test_the_message_strip_tells_the_card_just_played(app: App) -> None:
    """Item 6: cards played by the computers, the strip names the last one (it kept the king's call)."""
    table = SHOT._koenigrufen(app, "cardavia", None)
    app.scenes.push(table)
    SHOT._koenigrufen_moment(app, table, "trick")
    seat, sprite = table.trick[-1]
    assert table.message_fn() == tr(
        "krt.msg.played", name=table.seat_name(seat), card=card_label(sprite.code)
    )


@pytest.mark.parametrize(("lang", "threes"), [("en", "in threes"), ("de", "in Dreiern"), ("fr", "par trois")])
def test_a_tricks_value_and_the_sides_count_say_which_is_which(lang: str, threes: str) -> None:
    """Item 6: the log's trick value (the cards' plain sum) and the aid's count (in threes) name the count,
    so "6 points" beside "3 points" is no longer unexplained."""
    i18n.set_language(lang)
    trick = tr("kr.log.trick", n=3, name="Carl", points=6)
    assert threes in trick and threes in tr("aid.points.own", n=3)
    assert threes in tr("aid.points.side", others="Carl", n=3)


def test_at_a_shared_screen_the_person_to_act_sits_beside_their_hand(app: App) -> None:
    """Item 7: handed the screen, Anton (seat 1) has his plate at the bottom, beside the hand shown."""
    table = SHOT._koenigrufen(app, "austria", None, hot_seat=True)  # Anton (seat 1) speaks first
    app.scenes.push(table)
    for _ in range(600):
        step(app)
        if isinstance(app.scenes.top, HandoverScene):
            break
    assert app.scenes.top.person == "Anton"
    key(app, pygame.K_RETURN)
    step(app, 0.5)
    assert table.hand_seat == 1 and table.hand_open
    assert table.seat_rect(1) == table.r("seat0") and table.seat_rect(0) != table.r("seat0")
    plates = [
        e for e in drawn.elements(app.screen) if isinstance(e, drawn.Text) and e.box == table.plate_rect(1)
    ]
    assert plates and plates[0].words == "Anton"


def test_escape_on_the_hand_over_pauses_without_showing_a_hand(app: App) -> None:
    """Item 7: Escape on the hand-over screen opens the pause (leave, save) over it; no hand is turned up."""
    table = SHOT._koenigrufen(app, "austria", None, hot_seat=True)
    app.scenes.push(table)
    SHOT._handover_moment(app, table)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseOverlay)
    assert isinstance(app.scenes.stack[-2], HandoverScene) and not table.hand_open
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, HandoverScene)


def test_a_king_that_may_not_be_called_is_dimmed_and_a_click_says_why(app: App) -> None:
    """Item 8: the declarer's own king (austria forbids calling it) is dimmed and named "in your hand";
    clicked, it is refused, saying why."""
    from game.games.koenigrufen import profile
    from game.games.koenigrufen.rules import KoenigrufenConfig, KoenigrufenGame
    from game.games.koenigrufen.table import KoenigrufenTable
    from game.seating import CardTableSetup, SeatPlayer

    rules = profile.load("austria")

    def holds_a_king(seed: int) -> bool:
        return bool(
            set(KoenigrufenGame(KoenigrufenConfig(profile=rules), seed).view(0).hand) & set(kr_cards.KINGS)
        )

    seed = next(s for s in range(7, 3000) if holds_a_king(s) and SHOT.auction_ends(rules, s, "rufer"))
    seats = (SeatPlayer("Clara", True), *(SeatPlayer(n, False) for n in ("Anton", "Berta", "Carl")))
    table = KoenigrufenTable(app, CardTableSetup("koenigrufen", seats, seed, rules=rules))
    app.scenes.push(table)
    SHOT._koenigrufen_moment(app, table, "call", "rufer")
    assert table.game.phase == "call"
    held = set(table.game.view(0).hand) & set(kr_cards.KINGS)
    callable_kings = {a.king for a in table.game.legal_actions() if isinstance(a, CallKing)}
    assert held and not held & callable_kings
    spots = dict(zip(kr_cards.KINGS, table.panel_form.widgets, strict=True))
    king, free = sorted(held)[0], sorted(callable_kings)[0]
    assert spots[king].label == tr("krt.call.held") and spots[free].label == card_label(free)
    step(app)

    def brightness(rect: pygame.Rect) -> int:
        return sum(pygame.transform.average_color(app.screen, rect.inflate(-8, -8))[:3])

    assert brightness(spots[king].rect) < 0.85 * brightness(spots[free].rect)
    spots[king].on_click()
    assert table.game.phase == "call" and table.refusal == tr("illegal.call_refused")
    assert "hold" in table.refusal


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_a_cards_name_begins_with_the_index_on_its_face(lang: str) -> None:
    """Item 10: "Der Spielleiter zieht B♣" over a card whose corner reads J, "Ass" over a red 1: in every
    language a card's name in the text starts with the index printed on its face (tools/make_cards.py)."""
    i18n.set_language(lang)
    for rank in CARDS.FRENCH_RANKS:
        assert card_name(f"{rank}C").removesuffix("♣") == rank
        assert ttj_label(f"{rank}H").removesuffix("♥") == rank
    for suit, ranks in (("H", CARDS.TAROCK_RED), ("S", CARDS.TAROCK_BLACK)):
        for rank in ranks:
            index = CARDS.TAROCK_INDEX.get(rank, rank)
            assert card_label(f"{rank}{suit}").startswith(index), (rank, card_label(f"{rank}{suit}"))


def test_cards_written_by_their_index_use_the_faces_indices() -> None:
    """Item 10: an index and a suit written in the French-suited games' texts (catalogue, lessons, scenarios)
    is one their faces print: J, Q, K, A (or a figure), never B, D, V, R. (Königrufen names its cards in
    words, "König ♥", from the tarock faces' K, D, R, B.)"""
    tarock = ("kr", "rules.koenigrufen", "menu.game.koenigrufen")
    texts = [
        v for lang in i18n.LANGUAGES for k, v in i18n.catalogue(lang).items() if not k.startswith(tarock)
    ]
    for path in [*lesson_paths(), *SCENARIOS.glob("*.json")]:
        if "koenigrufen" not in path.name:
            texts.append(path.read_text(encoding="utf-8"))
    letters = {m for t in texts for m in re.findall(r"\b([A-Z])[♣♠♥♦]", t)}
    assert letters <= {"J", "Q", "K", "A"}


def test_the_menu_dates_falkenstein_as_its_scenarios_do() -> None:
    """Item 12: the menu's "1870s Bavaria" against a scenario opening in 1892: a year or decade the menu
    names is one every scenario's story keeps to."""
    years = set()
    for path in SCENARIOS.glob("*.json"):
        story = json.loads(path.read_text(encoding="utf-8"))
        years |= {int(y) for y in re.findall(r"\b(1[89]\d\d)\b", json.dumps(story, ensure_ascii=False))}
    for lang in i18n.LANGUAGES:
        words = " ".join(v for k, v in i18n.catalogue(lang).items() if k.startswith("menu.game.falkenstein"))
        for year, decade in re.findall(r"\b(1[89]\d)(\d)(?:s|er|\b)", words):
            named = (
                range(int(year) * 10, int(year) * 10 + 10) if not decade.isdigit() else [int(year + decade)]
            )
            assert all(y in named for y in years), (lang, year + decade, years)
