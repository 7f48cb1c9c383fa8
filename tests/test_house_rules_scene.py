"""Königrufen's rules from the menu: a profile and a match length chosen beside the seats, the house-rules
page edited with real input, saved with the settings, played at the next table; a bad house profile on
disk is kept aside."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from koenigrufen_deals import BIRDS_HOME, TEAM, settle, x
from scene_driver import click, key, step

from game.app import App
from game.games.koenigrufen import house, profile, rules_page
from game.games.koenigrufen.profile import BONUS_IDS
from game.games.koenigrufen.words import bonus_name, contract_name
from game.i18n import LANGUAGES, tr
from game.scenes.house_rules import NAMED, SECTIONS, HouseRulesScene
from game.scenes.menu import MenuScene
from game.scenes.rules_scene import RulesScene
from game.settings import Settings, load_settings, settings_path
from game.ui import text, theme
from game.ui.salon import Tab
from game.ui.widgets import Check, Choice


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
    """The choices on a contract's row of the house-rules page, left to right: played, won, lost, the
    bonus factor."""
    return row_named(page, contract_name(contract_id))


def row_named(page: HouseRulesScene, name: str) -> list[Choice]:
    """The choices on the row the page names `name`, left to right."""
    note = next(n for n in page.notes if n.kind == "name" and n.words == name)
    x, y = note.pos[0], note.pos[1] + 8
    on_row = (
        w
        for w in page.form.widgets
        if isinstance(w, Choice) and w.rect.x > x and w.rect.top <= y <= w.rect.bottom
    )
    return sorted(on_row, key=lambda w: w.rect.x)


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
    _played, won, _lost, _factor = row_of(page, "dreier")
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
    show(app, "Options")
    (toggle,) = row_named(page, "Emperor's trick")
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


# --- every value of the profile, section by section ------------------------------------------------------


def open_house(app: App, base: str = "austria") -> HouseRulesScene:
    """The house-rules page opened from the menu's House… button, after choosing `base` beside the seats."""
    menu = app.scenes.top
    assert isinstance(menu, MenuScene)
    choice = rules_choice(menu)
    while choice.value != base:
        click(app, (choice.box.right - 6, choice.box.centery))
        choice = rules_choice(app.scenes.top)
    house_button = next(w for w in app.scenes.top.form.widgets if getattr(w, "label", "") == "House…")
    click(app, house_button.rect.center)
    page = app.scenes.top
    assert isinstance(page, HouseRulesScene)
    return page


def show(app: App, label: str) -> HouseRulesScene:
    """Clicks the section tab named `label`."""
    page = app.scenes.top
    assert isinstance(page, HouseRulesScene)
    tab = next(w for w in page.form.widgets if isinstance(w, Tab) and w.label == label)
    click(app, tab.rect.center)
    return page


def forward(app: App, choice: Choice) -> None:
    click(app, (choice.box.right - 6, choice.box.centery))


def back(app: App, choice: Choice) -> None:
    click(app, (choice.box.left + 6, choice.box.centery))


def saved_house() -> profile.Profile:
    """The house profile as the settings file holds it, read back."""
    rules = load_settings()[0].koenigrufen_house
    assert rules is not None
    return rules


def played_at_the_next_table(app: App) -> profile.Profile:
    """Leaves the page and starts a table; the rules it plays."""
    key(app, pygame.K_ESCAPE)
    return start(app)


AUSTRIA_HOUSE = house.based_on(profile.load("austria"))


@pytest.mark.parametrize("section", list(NAMED))
def test_every_named_value_is_saved_played_and_on_the_rules_page(app: App, section: str) -> None:
    """Each value of a section turned one step on: saved and shown at once; the next table plays them all;
    the rules page tells each one."""
    open_house(app)
    page = show(app, tr(f"krt.house.tab.{section}"))
    wanted = {}
    for name in NAMED[section]:
        (choice,) = row_named(page, tr(f"krt.house.field.{name}"))
        before = load_settings()[0].koenigrufen_house or AUSTRIA_HOUSE
        values = house.values(before, name)
        wanted[name] = values[(values.index(house.option(before, name)) + 1) % len(values)]
        forward(app, choice)
        assert house.option(saved_house(), name) == wanted[name], name
        assert row_named(page, tr(f"krt.house.field.{name}"))[0].value == wanted[name]  # the page shows it
        alone = house.with_option(AUSTRIA_HOUSE, name, wanted[name])
        assert rules_page.page(alone) != rules_page.page(AUSTRIA_HOUSE), name
    rules = played_at_the_next_table(app)
    assert {name: house.option(rules, name) for name in wanted} == wanted


def test_every_bonus_put_in_or_out_of_play_is_saved_and_played(app: App) -> None:
    """Each bonus switched on the Bonuses tab is saved at once (with the contracts that score it) and told
    on the rules page, then switched back; the next table plays the last one switched."""
    page = open_house(app)
    show(app, "Bonuses")
    for bonus_id in BONUS_IDS:
        was = bonus_id in {b.id for b in AUSTRIA_HOUSE.bonuses}
        in_play, *_ = row_named(page, bonus_name(bonus_id))
        assert isinstance(in_play, Check) and in_play.value == was, bonus_id
        forward(app, in_play)
        saved = saved_house()
        assert (bonus_id in {b.id for b in saved.bonuses}) != was, bonus_id
        scoring = [c.id for c in saved.contracts if bonus_id in c.bonuses]
        assert bool(scoring) != was, bonus_id  # 45 (not in Upper Austria): scored by the bonus contracts
        assert rules_page.page(saved) != rules_page.page(AUSTRIA_HOUSE), bonus_id
        if bonus_id != BONUS_IDS[-1]:
            forward(app, row_named(page, bonus_name(bonus_id))[0])
            assert saved_house().bonuses == AUSTRIA_HOUSE.bonuses, bonus_id
    rules = played_at_the_next_table(app)
    assert rules.bonuses == saved.bonuses


def test_bonus_values_edited_are_saved_scored_and_on_the_rules_page(app: App) -> None:
    page = open_house(app)
    show(app, "Bonuses")
    _in_play, silent, announced, by = row_named(page, "Pagat")
    forward(app, silent)
    forward(app, silent)  # 1 → 3
    back(app, announced)  # 2 → 1
    forward(app, by)  # its holder → his side
    pagat = saved_house().bonus("pagat")
    assert (pagat.silent, pagat.announced, pagat.announce_by) == (3, 1, "side")
    assert [w.value for w in row_named(page, "Pagat")] == [True, 3, 1, "side"]
    rules = played_at_the_next_table(app)
    assert rules.bonus("pagat") == pagat
    scored = settle(rules, "rufer", BIRDS_HOME, ())  # Pagat made silent in trick 12: 3 per opponent
    assert next(i for i in scored.items if i.item == "pagat").amounts == x(TEAM, 3)
    assert "Pagat: the I wins trick 12 (1 announced, 3 silent; announced by either player of the side)." in (
        rules_page.page(rules)
    )


def test_a_contracts_bonus_factor_edited_counts_its_bonuses_so_many_times(app: App) -> None:
    page = open_house(app)
    *_, factor = row_of(page, "solorufer")
    assert factor.value == 2
    forward(app, factor)
    assert saved_house().contract("solorufer").bonus_factor == 3
    rules = played_at_the_next_table(app)
    scored = settle(rules, "solorufer", BIRDS_HOME, ())  # Uhu silent 2, three times
    assert next(i for i in scored.items if i.item == "uhu").amounts == x(TEAM, 6)
    bonuses = "Pagat, Uhu, Kakadu, Quapil, König ultimo, Trull, Four kings and Valat"
    assert f"Solorufer: {bonuses}, each counted 3 times." in rules_page.page(rules)


def test_a_bonus_edit_the_rules_cannot_play_is_refused_with_its_reason(app: App) -> None:
    page = open_house(app)
    show(app, "Bonuses")
    for bird in ("pagat", "uhu", "kakadu"):
        forward(app, row_named(page, bonus_name(bird))[0])
    assert {b.id for b in saved_house().bonuses} & {"pagat", "uhu", "kakadu"} == set()
    forward(app, row_named(page, "Quapil")[0])  # the Besserrufer would have no bird left to announce
    assert "quapil" in {b.id for b in saved_house().bonuses}
    assert any("cannot be played" in message and "bird" in message for message, _ in app.notices.items)
    assert row_named(page, "Quapil")[0].value  # the page shows what is saved


def test_a_house_profile_survives_a_restart_of_the_app(app: App) -> None:
    page = open_house(app, "cheltenham")
    show(app, "Kontra")
    back(app, row_named(page, tr("krt.house.field.kontra_cap"))[0])  # Subkontra → Rekontra
    show(app, "Trischaken")
    forward(app, row_named(page, tr("krt.house.field.payout"))[0])  # sides → each
    edited = saved_house()
    again = App()
    assert again.settings.koenigrufen_rules == house.HOUSE and again.settings.koenigrufen_house == edited
    assert house.in_use(again.settings.koenigrufen_rules, again.settings.koenigrufen_house) == edited
    assert edited.announcing is not None and edited.announcing.kontra_cap == 2
    assert edited.trischaken is not None and edited.trischaken.payout == "each"


def test_sections_turn_with_the_mouse_the_keyboard_and_page_keys(app: App) -> None:
    page = open_house(app)
    assert page.section == "contracts"
    show(app, "Trischaken")
    assert page.section == "trischaken"
    key(app, pygame.K_PAGEDOWN)
    assert page.section == "options"
    key(app, pygame.K_PAGEDOWN)
    assert page.section == "contracts"  # round again
    key(app, pygame.K_PAGEUP)
    assert page.section == "options"
    tabs = [w for w in page.form.widgets if isinstance(w, Tab)]
    page.form.focus(tabs[1])
    key(app, pygame.K_RETURN)
    assert page.section == "bonuses" and page.form.focused is not None
    assert page.form.focused.label == "Bonuses"  # the focus stays on the tab pressed
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert page.section == "kontra"


def test_a_base_without_a_part_says_so_instead_of_its_values(app: App) -> None:
    page = open_house(app, "cardavia")
    for section in ("bonuses", "announcing", "kontra", "trischaken"):
        show(app, tr(f"krt.house.tab.{section}"))
        assert [n.words for n in page.notes] == [tr(f"krt.house.none.{section}")]
        assert not any(isinstance(w, Choice) and w.rect.x > page.panel.centerx for w in page.form.widgets)


@pytest.mark.parametrize("size", [(960, 540), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_every_section_is_readable_at_every_window_size(
    config: Path, size: tuple[int, int], language: str
) -> None:
    """Inside the panel, nothing overlapping, no choice's words cut short in any of its values, every
    name and column heading whole."""
    app = App(size, Settings(language=language))
    for base in profile.PROFILE_IDS:
        app.settings = app.settings.with_(
            koenigrufen_rules=house.HOUSE, koenigrufen_house=house.based_on(profile.load(base))
        )
        page = HouseRulesScene(app)
        app.scenes.push(page)
        step(app)
        for section in SECTIONS:
            assert page.section == section
            widgets = [w for w in page.form.widgets]
            for w in widgets:
                assert page.panel.contains(w.rect), (base, section, w)
            for i, w in enumerate(widgets):
                assert not any(w.rect.colliderect(other.rect) for other in widgets[i + 1 :]), (base, section)
            for w in widgets:
                if isinstance(w, Choice) and not isinstance(w, Check):
                    room = w.box.width - 64
                    for _, words in w.options:
                        assert text.size_of(words, theme.SIZE_BODY)[0] <= room, (base, section, words)
            for note in page.notes:
                if note.kind in ("name", "head"):
                    size_ = theme.SIZE_SMALL * 0.8 if note.kind == "head" else theme.SIZE_SMALL - 1
                    bold = note.kind == "name"
                    assert text.fit(note.words, size_, note.width, bold) == note.words, (base, section, note)
            key(app, pygame.K_PAGEDOWN)
        app.scenes.pop()


def test_an_option_the_rules_cannot_play_is_refused_with_its_reason(app: App) -> None:
    page = open_house(app, "cheltenham")
    show(app, "Options")
    (own_king,) = row_named(page, "Call one's own king")
    forward(app, own_king)  # Cheltenham lets four kings bid a Rufer: barred, there would be none to call
    assert load_settings()[0].koenigrufen_house is None
    reason = (
        "These rules cannot be played: Rufer may be bid with four kings, and there would be no king to call"
    )
    assert [message for message, _ in app.notices.items] == [reason]
    assert row_named(page, "Call one's own king")[0].value is True
