"""The rules reader: complete texts in every language, scrolling by keys, wheel and bar, game tabs."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from scene_driver import click, drag, key, step

from game.app import App
from game.games.koenigrufen import profile
from game.games.koenigrufen.rules_page import page
from game.games.koenigrufen.words import contract_name, pays_label
from game.i18n import LANGUAGES, catalogue, set_language, tr
from game.registry import GAMES as REGISTERED
from game.scenes.rules_scene import RulesScene
from game.settings import Settings

GAMES = tuple(REGISTERED)


@pytest.fixture
def app(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> App:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path))
    return App(settings=Settings(language="en"))


@pytest.fixture
def rules(app: App) -> RulesScene:
    scene = RulesScene(app, "falkenstein")
    app.scenes.push(scene)
    step(app)
    return scene


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_complete_rules_in_every_language(language: str, game: str) -> None:
    body = catalogue(language)[f"rules.{game}"]
    if game == "koenigrufen":  # its fixed text with the seed's preset's sections, as the reader shows it
        set_language(language)
        body = page(profile.CARDAVIA)
        set_language("en")
    headings = [line for line in body.splitlines() if line.startswith("# ")]
    assert len(headings) >= 6 and len(body) > 3000


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_words_of_each_game_are_there(language: str) -> None:
    texts = catalogue(language)
    for word in ("Sküs", "Mond", "Pagat", "König", "Dame", "Reiter", "Bube", "Talon", "Rufer"):
        assert word in texts["rules.koenigrufen"], word
    assert "−45" in texts["rules.twotenjack"] and "3♠" in texts["rules.twotenjack"]
    falkenstein = texts["rules.falkenstein"]
    assert "%" in falkenstein or "pourcentage" in falkenstein
    assert {"en": "fireworks", "fr": "feu d'artifice", "de": "Feuerwerk"}[language] in falkenstein


CARDAVIA_ONLY = ("There is no bidding", "forehand is the declarer in every deal", "The emperor's trick")


def test_the_page_under_austria_tells_its_auction_and_never_the_presets_rules(app: App) -> None:
    app.settings = app.settings.with_(koenigrufen_rules="austria")
    words = RulesScene(app, "koenigrufen").source()
    assert "# The auction" in words and "“Vorhand”" in words and "“I hold”" in words
    assert "- Sechserdreier: only as forehand's first word." in words
    assert "- Trischaken and Rufer: never bid" in words
    assert "# Announcements" in words and "- Subkontra, by the side against it again: ×8." in words
    for sentence in CARDAVIA_ONLY:
        assert sentence not in words, sentence


def test_the_page_under_cardavia_still_says_the_presets_rules(app: App) -> None:
    words = RulesScene(app, "koenigrufen").source()
    for sentence in (
        *CARDAVIA_ONLY,
        "plays the Rufer",
        "A declarer who calls a king of their own hand, or a king that lies in the Talon, plays alone",
        "The Talon is turned face up in two halves of three cards.",
        "The declarer then lays three cards away",
        "Every tarock laid away is shown to all.",
        "The declarer leads to the first trick.",
        "The declaring side wins with 36 card points or more, and loses with 35 or fewer.",
        "the declarer scores +3 or −3 and each defender the opposite, −1 or +1",
        "A match lasts 4, 8 or 12 deals",
    ):
        assert sentence in words, sentence
    for absent in ("# The auction", "# Announcements", "# Kontra", "# Trischaken", "Some contracts change"):
        assert absent not in words, absent


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("profile_id", profile.PROFILE_IDS)
def test_every_contract_played_is_on_the_page_with_what_it_pays(language: str, profile_id: str) -> None:
    set_language(language)
    try:
        rules = profile.load(profile_id)
        words = page(rules)
        if rules.bidding is None:
            assert tr("krp.settle.one", contract=contract_name("rufer"), v=1, v3=3) in words
        else:
            for contract in rules.contracts:
                assert f"{contract_name(contract.id)} ({pays_label(rules, contract.id)})" in words
        assert "{" not in words and "krp." not in words  # every slot filled, every key found
    finally:
        set_language("en")


def test_keys_wheel_and_bar_scroll_the_page(app: App, rules: RulesScene) -> None:
    assert rules.offset == 0 and rules.max_offset > rules.view.height
    key(app, pygame.K_PAGEDOWN)
    step(app, 0.5)
    assert rules.offset == pytest.approx(rules.view.height - rules.g(60))
    key(app, pygame.K_DOWN)
    step(app, 0.5)
    assert rules.offset == pytest.approx(rules.view.height - rules.g(60) + rules.g(44))
    key(app, pygame.K_END)
    step(app, 0.5)
    assert rules.offset == rules.max_offset
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=3, flipped=False, precise_x=0.0, precise_y=3.0)
    )
    step(app, 0.5)
    assert rules.offset == rules.max_offset - 3 * rules.g(60)
    key(app, pygame.K_HOME)
    step(app, 0.5)
    assert rules.offset == 0
    thumb = rules.thumb
    drag(app, thumb.center, (thumb.centerx, rules.track.bottom + 50))
    assert rules.offset == rules.max_offset


def test_tabs_and_keys_switch_the_game_and_go_back_to_the_top(app: App, rules: RulesScene) -> None:
    key(app, pygame.K_PAGEDOWN)
    step(app, 0.5)
    click(app, rules.tabs[1].rect.center)
    assert rules.game == "koenigrufen" and rules.offset == 0
    key(app, pygame.K_3, "3")
    assert rules.game == "twotenjack"
    key(app, pygame.K_RIGHT)
    assert rules.game == "falkenstein"
    key(app, pygame.K_LEFT)
    assert rules.game == "twotenjack"


def test_back_and_escape_close_the_reader(app: App, rules: RulesScene) -> None:
    app.scenes.push(RulesScene(app, "koenigrufen"))
    step(app)
    key(app, pygame.K_ESCAPE)
    assert app.scenes.top is rules
    click(app, rules.back.rect.center)
    assert app.scenes.top is None


def test_unknown_game_is_refused(app: App) -> None:
    with pytest.raises(ValueError, match="chess"):
        RulesScene(app, "chess")
