"""Königrufen's rules from the menu: a profile and a match length chosen beside the seats, the house-rules
page edited with real input, saved with the settings, played at the next table; a bad house profile on
disk is kept aside."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from scene_driver import click, key, step

from game.app import App
from game.games.koenigrufen import house, profile
from game.games.koenigrufen.words import contract_name
from game.scenes.house_rules import HouseRulesScene
from game.scenes.menu import MenuScene
from game.scenes.rules_scene import RulesScene
from game.settings import Settings, load_settings, settings_path
from game.ui.widgets import Choice


@pytest.fixture
def config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ATOUT_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ATOUT_DATA_DIR", str(tmp_path / "data"))
    return tmp_path


@pytest.fixture
def app(config: Path) -> App:
    app = App(settings=Settings(language="en", anim_speed="fast", think_time=0.05))
    app.scenes.push(MenuScene(app))
    step(app)
    key(app, pygame.K_2)  # the Königrufen page
    return app


def rules_choice(menu: MenuScene) -> Choice:
    return next(w for w in menu.form.widgets if isinstance(w, Choice) and w.value in house.CHOICES)


def row_of(page: HouseRulesScene, contract_id: str) -> list[Choice]:
    """The choices on a contract's row of the house-rules page, left to right: played, won, lost."""
    y = next(
        pos[1] for words, pos, width, _ in page.notes if not width and words == contract_name(contract_id)
    )
    return sorted(
        (w for w in page.form.widgets if isinstance(w, Choice) and w.rect.y == y), key=lambda w: w.rect.x
    )


def start(app: App) -> profile.Profile:
    """Presses Start; returns the rules the new table plays."""
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and menu.start_button is not None
    click(app, menu.start_button.rect.center)
    table = app.scenes.top
    assert table.name == "koenigrufen"
    rules: profile.Profile = table.game.config.profile
    return rules


def test_the_quick_start_plays_the_seeds_preset(app: App) -> None:
    assert rules_choice(app.scenes.top).value == "cardavia"
    assert start(app) == profile.CARDAVIA


def test_a_profile_chosen_beside_the_seats_is_played_and_remembered(app: App) -> None:
    choice = rules_choice(app.scenes.top)
    assert isinstance(app.scenes.top, MenuScene)
    assert "Forehand declares and calls one of the kings." in brief(app.scenes.top)
    click(app, (choice.box.right - 6, choice.box.centery))  # the next profile: austria
    assert load_settings()[0].koenigrufen_rules == "austria"
    assert isinstance(app.scenes.top, MenuScene)
    assert "Forehand opens the auction; the highest contract is played." in brief(app.scenes.top)
    assert start(app).id == "austria"


def brief(menu: MenuScene) -> str:
    """The words the menu page shows, its rules in brief among them, as one text."""
    return " ".join(line[0] for line in menu._lines)


def test_a_match_length_chosen_beside_the_seats_is_played_and_remembered(app: App) -> None:
    menu = app.scenes.top
    length = next(w for w in menu.form.widgets if isinstance(w, Choice) and w.label == "Match")
    assert length.value == 4
    click(app, (length.box.right - 6, length.box.centery))  # the next length: 8 deals
    assert load_settings()[0].koenigrufen_deals == 8
    start(app)
    game = app.scenes.top.game
    assert game.config.deals == 8 and game.view(0).deals == 8


def test_a_value_changed_on_the_house_rules_page_is_saved_and_played(app: App) -> None:
    menu = app.scenes.top
    choice = rules_choice(menu)
    click(app, (choice.box.right - 6, choice.box.centery))  # austria, the page's starting point
    house_button = next(w for w in menu.form.widgets if getattr(w, "label", "") == "House…")
    click(app, house_button.rect.center)
    page = app.scenes.top
    assert isinstance(page, HouseRulesScene)
    _played, won, _lost = row_of(page, "dreier")
    assert won.value == 4
    click(app, (won.box.right - 6, won.box.centery))
    saved = load_settings()[0]
    assert saved.koenigrufen_rules == house.HOUSE and saved.koenigrufen_house is not None
    assert saved.koenigrufen_house.contract("dreier").value == 5
    key(app, pygame.K_ESCAPE)
    menu = app.scenes.top
    assert isinstance(menu, MenuScene) and rules_choice(menu).value == house.HOUSE
    assert start(app).contract("dreier").value == 5


def test_an_option_switched_by_keyboard_is_saved(app: App) -> None:
    app.scenes.push(HouseRulesScene(app))
    step(app)
    page = app.scenes.top
    toggle = next(w for w in page.form.widgets if getattr(w, "label", "") == "Emperor's trick")
    page.form.focus(toggle)
    key(app, pygame.K_RIGHT)
    saved = load_settings()[0].koenigrufen_house
    assert saved is not None and saved.emperors_trick != profile.CARDAVIA.emperors_trick


def test_a_bad_house_profile_on_disk_is_kept_aside_and_the_defaults_used(config: Path) -> None:
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"koenigrufen_rules": "house", "koenigrufen_house": {"id": "house"}}', encoding="utf-8")
    app = App()
    assert app.settings.koenigrufen_rules == "cardavia" and app.settings.koenigrufen_house is None
    assert not path.exists() and len(list(path.parent.glob("settings.json.bad-*"))) == 1
    assert any("koenigrufen_house" in message for message, _ in app.notices.items)


def test_the_rules_page_follows_the_profile_in_use(app: App) -> None:
    choice = rules_choice(app.scenes.top)
    click(app, (choice.box.right - 6, choice.box.centery))  # austria
    rules = RulesScene(app, "koenigrufen")
    app.scenes.push(rules)
    step(app)
    lines = [line for line, *_ in rules.lines]
    assert "The auction" in lines and "Who declares" not in lines
    assert any("here Upper Austria (OÖ 4/2023)" in line for line in lines)
    assert any(line.startswith("Sechserdreier (+4 / −8): alone · the whole talon") for line in lines)


def test_a_contract_taken_out_is_not_bid_at_the_next_table(app: App) -> None:
    choice = rules_choice(app.scenes.top)
    click(app, (choice.box.right - 6, choice.box.centery))  # austria
    app.scenes.push(HouseRulesScene(app))
    step(app)
    played, *_ = row_of(app.scenes.top, "trischaken")
    click(app, (played.box.right - 6, played.box.centery))
    saved = load_settings()[0].koenigrufen_house
    assert saved is not None and "trischaken" not in [c.id for c in saved.contracts]
    assert saved.bidding is not None and "trischaken" not in saved.bidding.after_neutral
    played, *rest = row_of(app.scenes.top, "trischaken")
    assert not played.value and rest == []  # its values are gone with it, the row stays to put it back
    key(app, pygame.K_ESCAPE)
    assert "trischaken" not in [c.id for c in start(app).contracts]


def test_a_house_profile_left_without_contracts_is_refused_with_its_reason(app: App) -> None:
    app.scenes.push(HouseRulesScene(app))  # from the seed's preset: the Rufer alone
    step(app)
    played, *_ = row_of(app.scenes.top, "rufer")
    click(app, (played.box.right - 6, played.box.centery))
    assert load_settings()[0].koenigrufen_house is None
    assert any("cannot be played" in message for message, _ in app.notices.items)
    assert row_of(app.scenes.top, "rufer")[0].value  # the page shows what is saved
