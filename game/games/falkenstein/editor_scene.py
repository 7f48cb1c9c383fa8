"""The adventure editor ("Write an adventure" on Falkenstein's page): the player's adventures on the left; on
the page, one adventure in four parts — the story (title, language, introduction, where it begins), its
challenges, its endings, and the picture of its graph — with Undo, Export and "Play it now".

Every change is a new draft (`drafting.History`, so Undo steps back through them) and is written to the
adventure's file under the data folder: at once for a change of shape, a moment after the last key for
typing, so a crash loses nothing but that moment. What keeps the draft from being played is said above the
parts, in the player's language, as the strict reader would refuse it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.seeds import match_seed
from game.engine.scene import Scene
from game.games.falkenstein import adventures, characters, drafting
from game.games.falkenstein import scenario as adventure
from game.games.falkenstein.adventures import Own
from game.games.falkenstein.data import TALENTS
from game.games.falkenstein.drafting import History, Picture
from game.games.falkenstein.resolution import LEVELS, SUITS
from game.games.falkenstein.scenario import Challenge, Ending, Scenario
from game.games.falkenstein.setup import FalkensteinSetup, SeatSetup
from game.games.falkenstein.words import SUIT_CHARS, talent_name
from game.i18n import LANGUAGES, language, tr
from game.scenes import navigation
from game.storage import FileProblem
from game.ui import story_graph, text, theme
from game.ui.panel import draw_panel
from game.ui.pick_list import PickList, Row
from game.ui.salon import Grid, backdrop, ornament, restore_focus, split
from game.ui.text_area import TextArea
from game.ui.widgets import Button, Choice, Form

if TYPE_CHECKING:
    from game.app import App

PARTS = ("story", "challenges", "endings", "graph")
TYPING_SAVE = 0.5  # seconds after the last key before a typed text is written
PATH_LEN = 1000


class EditorScene(Scene):
    name = "editor"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.g = Grid(app.size)
        refused: list[Any] = []
        self.owns: list[Own] = adventures.own(refused)
        for told in refused:
            app.notices.show(tr("editor.bad_file", problem=told.words.text()), 10.0)
        self.chosen = 0  # the adventure on the page
        self.history: History | None = None
        self.written: Scenario | None = None
        self.part = "story"
        self.challenge = 0  # the challenge and the ending on their parts
        self.ending = 0
        self.lang = language()
        self.hero = 0
        self.importing = False
        self.import_path = ""
        self.import_problem = ""
        self.form = Form()
        self.lines: list[tuple[str, tuple[int, int], float, tuple[int, int, int], bool]] = []
        self.graph_area = pygame.Rect(0, 0, 0, 0)
        self.cards: dict[str, pygame.Rect] = {}
        self._picture: tuple[Scenario, Picture] | None = None
        self._open(0)

    # the adventure on the page ----------------------------------------------------------------------
    @property
    def draft(self) -> Scenario | None:
        return self.history.present if self.history else None

    def _open(self, index: int) -> None:
        self._save_now()
        self.chosen = max(0, min(index, len(self.owns) - 1))
        self.history = History(self.owns[self.chosen].draft) if self.owns else None
        self.written = self.draft  # as its file holds it: a file is written only when the draft changed
        self.challenge = self.ending = 0
        draft = self.draft
        if draft is not None and self.lang not in draft.languages:
            self.lang = language() if language() in draft.languages else draft.languages[0]

    def _edit(self, change: Callable[[Scenario], Scenario], group: Any = None) -> None:
        """Applies a change to the draft; typing (a `group`) is saved a moment later, the rest at once."""
        draft, history = self.draft, self.history
        if draft is None or history is None or not history.change(change(draft), group):
            return
        self._keep_present()
        if group is None:
            self._save_now()
            self.relayout()
        else:
            self.scheduler.cancel("save")
            self.scheduler.after(TYPING_SAVE, self._save_now, "save")
            self._refresh()

    def _save_now(self) -> None:
        self.scheduler.cancel("save")
        if self.history is None or not self.owns or self.owns[self.chosen].draft == self.written:
            return
        own = self.owns[self.chosen]
        try:
            adventures.save(own.path, own.draft)
            self.written = own.draft
        except OSError as problem:
            self.app.notices.show(tr("editor.cannot_save", problem=str(problem)), 8.0)

    def _keep_present(self) -> None:
        """The adventure on the page is the present draft, with what keeps it from being played."""
        assert self.history is not None
        present, own = self.history.present, self.owns[self.chosen]
        problems = adventure.problems(present)
        self.owns[self.chosen] = Own(own.path, present, problems[0] if problems else None)

    def undo(self) -> None:
        if self.history is not None and self.history.undo():
            self._keep_present()
            self._save_now()
            self.relayout()

    # layout -----------------------------------------------------------------------------------------
    def relayout(self) -> None:
        w, h = self.app.size
        g = self.g = Grid((w, h))
        focus = self.form.focus_index
        self.form, self.lines = Form(), []
        margin = g(30)
        left = pygame.Rect(margin, margin, g(260), h - 2 * margin)
        self.page = pygame.Rect(left.right + g(20), margin, w - left.right - g(20) - margin, h - 2 * margin)
        self.left = left
        self._lay_left(left)
        inner = self.page.inflate(-2 * g(22), -2 * g(18))
        if self.importing:
            self._lay_import(inner)
        elif self.draft is None:
            self._paragraph(tr("editor.none"), inner.x, inner.y + g(40), inner.width, theme.PARCHMENT)
        else:
            self._lay_page(inner)
        restore_focus(self.form, focus)

    def _lay_left(self, left: pygame.Rect) -> None:
        g = self.g
        self.title_at = left.topleft
        self.rule = (left.x, left.right, left.y + g(54))
        back = pygame.Rect(left.x, left.bottom - g(42), left.width, g(42))
        new, opened = split(back.move(0, -g(52)), 1, 1, gap=g(8))
        rows = [
            Row(
                own.draft.title.get(self.lang) or tr("editor.untitled"),
                tr("editor.ready") if own.problem is None else tr("editor.draft"),
                "",
            )
            for own in self.owns
        ]
        box = pygame.Rect(
            left.x, self.rule[2] + g(14), left.width - g(8), new.y - g(12) - self.rule[2] - g(14)
        )
        if rows:
            self.form.add(PickList(box, rows, self.chosen, self.choose, g(38)))
        else:
            self._line(
                tr("editor.no_adventures"), (box.x + g(4), box.y + g(6)), theme.SIZE_SMALL, theme.DIM, True
            )
        self.form.add(Button(new, tr("editor.new"), self.new, size=theme.SIZE_SMALL))
        self.form.add(Button(opened, tr("editor.import"), self.open_import, size=theme.SIZE_SMALL))
        self.form.add(Button(back, tr("editor.back"), self.back))

    def _lay_page(self, inner: pygame.Rect) -> None:
        g, draft = self.g, self.draft
        assert draft is not None
        bar = pygame.Rect(inner.x, inner.y, inner.width, g(40))
        tools = pygame.Rect(0, bar.y, min(inner.width // 2, g(420)), bar.height)
        tools.right = bar.right
        undo, export, play = split(tools, 0.8, 1, 1.3, gap=g(8))
        small = theme.SIZE_SMALL
        self.undo_button = Button(
            undo, tr("editor.undo"), self.undo, bool(self.history and self.history.before), size=small
        )
        self.form.add(self.undo_button)
        self.form.add(Button(export, tr("editor.export"), self.export, size=small))
        self.form.add(Button(play, tr("editor.play"), self.play, primary=True, size=small))
        self.heading = pygame.Rect(bar.x, bar.y, tools.x - bar.x - g(16), bar.height)
        self.status_at = pygame.Rect(inner.x, bar.bottom + g(6), inner.width, g(44))
        tabs = pygame.Rect(inner.x, self.status_at.bottom + g(4), inner.width, g(36))
        for part, cell in zip(PARTS, split(tabs, *[1] * len(PARTS), gap=g(8)), strict=True):
            self.form.add(
                Button(
                    cell,
                    tr(f"editor.part.{part}"),
                    partial(self.show, part),
                    primary=part == self.part,
                    size=small,
                )
            )
        content = pygame.Rect(inner.x, tabs.bottom + g(14), inner.width, inner.bottom - tabs.bottom - g(14))
        {
            "story": self._lay_story,
            "challenges": self._lay_challenges,
            "endings": self._lay_endings,
            "graph": self._lay_graph,
        }[self.part](content)

    # the parts --------------------------------------------------------------------------------------
    def _caption(self, rect: pygame.Rect, key: str) -> pygame.Rect:
        """A small caption over a field; returns the field's rect under it."""
        size = theme.SIZE_SMALL - 2
        line = text.line_height(size)
        self._line(text.fit(tr(key), size, rect.width), (rect.x, rect.y), size, theme.BRASS_LIGHT, False)
        return pygame.Rect(rect.x, rect.y + line, rect.width, rect.height - line)

    def _area(
        self, rect: pygame.Rect, value: str, change: Callable[[str], None], limit: int, hint: str = ""
    ) -> TextArea:
        area = TextArea(rect, value, change, limit, tr(hint) if hint else "", theme.SIZE_SMALL - 2)
        self.form.add(area)
        return area

    def _one_line(self) -> int:
        return text.line_height(theme.SIZE_SMALL - 2) + 2 * 8 + 2

    def _lay_story(self, content: pygame.Rect) -> None:
        g, draft, lang = self.g, self.draft, self.lang
        assert draft is not None
        cap = text.line_height(theme.SIZE_SMALL - 2)
        row = g(36)
        top = pygame.Rect(content.x, content.y, content.width, cap + self._one_line())
        title_cell, lang_cell = split(top, 0.62, 0.38, gap=g(16))
        field = self._caption(title_cell, "editor.title_field")
        self._area(field, draft.title.of(lang), self._text_setter("title"), adventure.TITLE_LEN)
        lang_field = self._caption(lang_cell, "editor.language")
        choice_cell, drop = split(lang_field.inflate(0, 0), 0.6, 0.4, gap=g(6))
        named = {code: tr(f"settings.lang.{code}") for code in LANGUAGES}
        options = [
            (code, named[code] if code in draft.languages else tr("editor.add_language", name=named[code]))
            for code in LANGUAGES
        ]
        self.form.add(Choice(choice_cell.inflate(0, -4), "", options, lang, self.write_in))
        self.form.add(
            Button(
                drop.inflate(0, -4),
                tr("editor.drop_language"),
                self.drop_language,
                len(draft.languages) > 1,
                size=theme.SIZE_SMALL - 3,
            )
        )
        bottom = pygame.Rect(content.x, content.bottom - cap - row, content.width, cap + row)
        begins, hero = split(bottom, 1, 1, gap=g(16))
        options_start = [(c.id, self._name(c.id)) for c in draft.challenges] or [("", tr("editor.none_yet"))]
        self.form.add(
            Choice(self._caption(begins, "editor.start"), "", options_start, draft.start, self.set_start)
        )
        cast = characters.all_characters(self.app.notices.show)
        self.hero = min(self.hero, len(cast) - 1)
        heroes = [(i, c.name) for i, c in enumerate(cast)]
        self.form.add(Choice(self._caption(hero, "editor.try_with"), "", heroes, self.hero, self.set_hero))
        intro = pygame.Rect(
            content.x, top.bottom + g(12), content.width, bottom.y - g(12) - top.bottom - g(12)
        )
        self._area(
            self._caption(intro, "editor.intro"),
            draft.intro.of(lang),
            self._text_setter("intro"),
            adventure.INTRO_LEN,
            "editor.hint.intro",
        )

    def _lay_list(
        self,
        content: pygame.Rect,
        rows: list[Row],
        chosen: int,
        pick: Callable[[int], None],
        changes: tuple[Callable[[], None], Callable[[], None], bool],
        empty: str,
    ) -> pygame.Rect | None:
        """The part's own list on the left with Add and Remove under it (`changes`: add, remove, and whether
        there is room to add); the room on the right for the one chosen, or None (and `empty` said there)
        while there is none."""
        g = self.g
        side, rest = split(content, 0.28, 0.72, gap=g(18))
        under = pygame.Rect(side.x, side.bottom - g(34), side.width, g(34))
        add, remove, room = changes
        buttons = ((tr("editor.add"), add, room), (tr("editor.remove"), remove, bool(rows)))
        for (label, act, enabled), cell in zip(buttons, split(under, 1, 1, gap=g(6)), strict=True):
            self.form.add(Button(cell, label, act, enabled, size=theme.SIZE_SMALL - 2))
        box = pygame.Rect(side.x, side.y, side.width - g(6), under.y - g(10) - side.y)
        if not rows:
            self._paragraph(tr(empty), rest.x, rest.y + g(10), rest.width, theme.DIM)
            return None
        self.form.add(PickList(box, rows, chosen, pick, g(32), theme.SIZE_SMALL - 1))
        return rest

    def _lay_challenges(self, content: pygame.Rect) -> None:
        g, draft, lang = self.g, self.draft, self.lang
        assert draft is not None
        rows = [
            Row(self._name(c.id), SUIT_CHARS[c.suit], "warn" if self._flawed(c.id) else "")
            for c in draft.challenges
        ]
        self.challenge = min(self.challenge, max(0, len(rows) - 1))
        room = len(rows) < adventure.MAX_CHALLENGES
        changes = (self.add_challenge, self.remove_challenge, room)
        right = self._lay_list(
            content, rows, self.challenge, self.pick_challenge, changes, "editor.no_challenges"
        )
        if right is None:
            return
        c = draft.challenges[self.challenge]
        cap = text.line_height(theme.SIZE_SMALL - 2)
        one = self._one_line()
        gap = g(8)
        title = pygame.Rect(right.x, right.y, right.width, cap + one)
        self._area(
            self._caption(title, "editor.challenge_title"),
            c.title.of(lang),
            self._node_text("challenge", "title"),
            adventure.NAME_LEN,
        )
        kinds = pygame.Rect(right.x, title.bottom + gap, right.width, cap + g(34))
        talent_cell, suit_cell, level_cell = split(kinds, 1.6, 0.7, 1, gap=g(10))
        talents = [(t, talent_name(t)) for t in sorted(TALENTS, key=talent_name)]
        self.form.add(
            Choice(self._caption(talent_cell, "editor.talent"), "", talents, c.talent, self.set_talent)
        )
        suits = [(s, SUIT_CHARS[s]) for s in SUITS]
        self.form.add(
            Choice(self._caption(suit_cell, "editor.suit"), "", suits, c.suit, self._challenge_field("suit"))
        )
        levels = [(lv, tr(f"level.{lv}")) for lv in LEVELS]
        self.form.add(
            Choice(
                self._caption(level_cell, "editor.difficulty"),
                "",
                levels,
                c.opposition,
                self._challenge_field("opposition"),
            )
        )
        fireworks = pygame.Rect(right.x, right.bottom - cap - g(34), right.width, cap + g(34))
        rest = fireworks.y - gap - kinds.bottom - gap
        outcomes_h = max(cap + 2 * one, rest * 52 // 100)  # success and failure side by side, under it
        situation = pygame.Rect(right.x, kinds.bottom + gap, right.width, rest - outcomes_h - gap)
        self._area(
            self._caption(situation, "editor.situation"),
            c.text.of(lang),
            self._node_text("challenge", "text"),
            adventure.SITUATION_LEN,
            "editor.hint.situation",
        )
        targets = [("", tr("editor.leads_nowhere"))] + [
            (n.id, tr("editor.leads_to", to=self._name(n.id))) for n in draft.nodes() if n.id != c.id
        ]
        row = pygame.Rect(right.x, situation.bottom + gap, right.width, outcomes_h)
        for outcome, cell in zip(("success", "failure"), split(row, 1, 1, gap=g(14)), strict=True):
            field = self._caption(cell, f"editor.on_{outcome}")
            words = pygame.Rect(field.x, field.y, field.width, field.height - g(34) - g(6))
            self._area(
                words,
                getattr(c, outcome).of(lang),
                self._node_text("challenge", outcome),
                adventure.OUTCOME_LEN,
            )
            link = adventure.LINKS[outcome]
            leads = pygame.Rect(field.x, field.bottom - g(34), field.width, g(34))
            self.form.add(Choice(leads, "", targets, getattr(c, link), self._challenge_field(link)))
        fw = [("", tr("editor.as_success")), *targets[1:]]
        self.form.add(
            Choice(
                self._caption(fireworks, "editor.on_fireworks"),
                "",
                fw,
                c.on_fireworks,
                self._challenge_field("on_fireworks"),
            )
        )

    def _lay_endings(self, content: pygame.Rect) -> None:
        g, draft, lang = self.g, self.draft, self.lang
        assert draft is not None
        rows = [
            Row(
                self._name(e.id),
                tr("editor.ending.happy" if e.happy else "editor.ending.sad"),
                "warn" if self._flawed(e.id) else "",
            )
            for e in draft.endings
        ]
        self.ending = min(self.ending, max(0, len(rows) - 1))
        changes = (self.add_ending, self.remove_ending, len(rows) < adventure.MAX_ENDINGS)
        right = self._lay_list(content, rows, self.ending, self.pick_ending, changes, "editor.no_endings")
        if right is None:
            return
        e = draft.endings[self.ending]
        cap = text.line_height(theme.SIZE_SMALL - 2)
        top = pygame.Rect(right.x, right.y, right.width, cap + self._one_line())
        title, kind = split(top, 0.62, 0.38, gap=g(12))
        self._area(
            self._caption(title, "editor.ending_title"),
            e.title.of(lang),
            self._node_text("ending", "title"),
            adventure.NAME_LEN,
        )
        kinds = [(True, tr("editor.ending.happy")), (False, tr("editor.ending.sad"))]
        box = self._caption(kind, "editor.ending_kind")
        self.form.add(Choice(pygame.Rect(box.x, box.y, box.width, g(34)), "", kinds, e.happy, self.set_happy))
        words = pygame.Rect(right.x, top.bottom + g(12), right.width, right.bottom - top.bottom - g(12))
        self._area(
            self._caption(words, "editor.ending_text"),
            e.text.of(lang),
            self._node_text("ending", "text"),
            adventure.ENDING_LEN,
            "editor.hint.ending",
        )

    def _lay_graph(self, content: pygame.Rect) -> None:
        legend = text.line_height(theme.SIZE_SMALL - 3) + self.g(8)
        self.graph_area = pygame.Rect(content.x, content.y, content.width, content.height - legend)
        self.legend_y = self.graph_area.bottom + self.g(6)

    def _lay_import(self, inner: pygame.Rect) -> None:
        g = self.g
        self._line(tr("editor.import_title"), (inner.x, inner.y), theme.SIZE_H2, theme.CREAM, False)
        y = self._paragraph(
            tr("editor.import_hint", folder=str(adventures.exchange_dir())),
            inner.x,
            inner.y + g(46),
            inner.width,
            theme.PARCHMENT,
        )
        buttons = pygame.Rect(0, inner.bottom - g(42), g(380), g(42))
        buttons.right = inner.right
        cancel, opened = split(buttons, 1, 1, gap=g(10))
        cap = text.line_height(theme.SIZE_SMALL - 2)
        path = pygame.Rect(
            inner.x, buttons.y - g(16) - cap - self._one_line(), inner.width, cap + self._one_line()
        )
        self.path_field = self._area(
            self._caption(path, "editor.import_path"), self.import_path, self._set_import_path, PATH_LEN
        )
        self.offered = adventures.offered_files()
        box = pygame.Rect(inner.x, y + g(10), inner.width, path.y - g(14) - y - g(10))
        if self.offered:
            rows = [Row(p.name) for p in self.offered]
            self.form.add(PickList(box, rows, -1, self._pick_offered, g(32)))
        else:
            self._line(tr("editor.import_none"), (box.x, box.y), theme.SIZE_SMALL, theme.DIM, True)
        self.problem_at = pygame.Rect(inner.x, buttons.y, cancel.x - inner.x - g(12), buttons.height)
        self.form.add(Button(cancel, tr("editor.cancel"), self.close_import))
        self.form.add(Button(opened, tr("editor.open_file"), self.import_typed, primary=True))

    # what is said -----------------------------------------------------------------------------------
    def _name(self, node: str) -> str:
        """A challenge's or ending's title in the language written, else its id."""
        draft = self.draft
        title = draft.title_of(node).get(self.lang) if draft is not None else ""
        return title or tr("editor.unnamed", id=node)

    def _flawed(self, node: str) -> bool:
        picture = self.picture()
        place = picture.place(node) if picture else None
        return place is not None and (place.unreached or place.trapped)

    def picture(self) -> Picture | None:
        draft = self.draft
        if draft is None:
            return None
        if self._picture is None or self._picture[0] is not draft:
            self._picture = (draft, drafting.picture(draft))
        return self._picture[1]

    def status(self) -> tuple[str, tuple[int, int, int]]:
        own = self.owns[self.chosen] if self.owns else None
        if own is None:
            return "", theme.CREAM
        if own.problem is None:
            return tr("editor.status_ready"), theme.SUCCESS
        return tr("editor.status_problem", problem=own.problem.words.text()), theme.FAILURE

    def _refresh(self) -> None:
        """After typing: the lists' names and flags follow the draft without laying the page out again."""
        for widget in self.form.widgets:
            if isinstance(widget, PickList) and widget.rect.x < self.page.x and self.owns:
                own = self.owns[self.chosen]
                title = own.draft.title.get(self.lang) or tr("editor.untitled")
                tag = tr("editor.ready") if own.problem is None else tr("editor.draft")
                widget.rows[self.chosen] = Row(title, tag, "")
            elif isinstance(widget, PickList) and self.draft is not None and not self.importing:
                nodes: tuple[Challenge | Ending, ...] = (
                    self.draft.challenges if self.part == "challenges" else self.draft.endings
                )
                if len(nodes) == len(widget.rows):
                    widget.rows = [
                        Row(self._name(n.id), r.aside, r.tone)
                        for n, r in zip(nodes, widget.rows, strict=True)
                    ]

    # changes ----------------------------------------------------------------------------------------
    def _text_setter(self, field: str) -> Callable[[str], None]:
        def change(value: str) -> None:
            self._edit(
                lambda d: replace(d, **{field: getattr(d, field).put(self.lang, value)}), (field, self.lang)
            )

        return change

    def _node_text(self, kind: str, field: str) -> Callable[[str], None]:
        """What typing does to a text of the challenge (`kind` "challenge") or ending on the page."""
        index = self.challenge if kind == "challenge" else self.ending

        def change(value: str) -> None:
            self._edit(
                lambda d: drafting.written(d, kind, index, field, self.lang, value),
                (kind, index, field, self.lang),
            )

        return change

    def _challenge_field(self, field: str) -> Callable[[Any], None]:
        index = self.challenge
        return lambda value: self._edit(lambda d: drafting.change_challenge(d, index, **{field: value}))

    def set_talent(self, talent: str) -> None:
        """A talent, and with it its suit (which the author may change after)."""
        index = self.challenge
        self._edit(lambda d: drafting.change_challenge(d, index, talent=talent, suit=TALENTS[talent]))

    def set_happy(self, happy: bool) -> None:
        index = self.ending
        self._edit(lambda d: drafting.change_ending(d, index, happy=happy))

    def set_start(self, node: str) -> None:
        self._edit(lambda d: replace(d, start=node))

    def set_hero(self, index: int) -> None:
        self.hero = index

    def write_in(self, lang: str) -> None:
        """Writes in `lang`: the adventure takes that language on if it had not (its texts to write)."""
        self.lang = lang
        self._edit(lambda d: drafting.with_language(d, lang))
        self.relayout()

    def drop_language(self) -> None:
        lang = self.lang
        self._edit(lambda d: drafting.without_language(d, lang))
        draft = self.draft
        if draft is not None and self.lang not in draft.languages:
            self.lang = draft.languages[0]
        self.relayout()

    def add_challenge(self) -> None:
        self._add("challenge")

    def add_ending(self) -> None:
        self._add("ending")

    def _add(self, kind: str) -> None:
        """A new challenge after the one on the page, or a new ending (good while there is none), shown."""
        added: list[int] = []

        def change(draft: Scenario) -> Scenario:
            if kind == "challenge":
                made, index = drafting.add_challenge(draft, self.challenge if draft.challenges else None)
            else:
                made, index = drafting.add_ending(draft, happy=not any(e.happy for e in draft.endings))
            added.append(index)
            return made

        self._edit(change)
        if added:
            (self.pick_challenge if kind == "challenge" else self.pick_ending)(added[0])

    def remove_challenge(self) -> None:
        index = self.challenge
        self._edit(lambda d: drafting.remove_challenge(d, index))
        self.pick_challenge(max(0, index - 1))

    def remove_ending(self) -> None:
        index = self.ending
        self._edit(lambda d: drafting.remove_ending(d, index))
        self.pick_ending(max(0, index - 1))

    # moving about -----------------------------------------------------------------------------------
    def choose(self, index: int) -> None:
        if index != self.chosen:
            self._open(index)
            self.relayout()

    def show(self, part: str) -> None:
        self.part = part
        self.relayout()

    def pick_challenge(self, index: int) -> None:
        self.challenge = index
        self.relayout()

    def pick_ending(self, index: int) -> None:
        self.ending = index
        self.relayout()

    def open_node(self, node: str) -> None:
        """From the graph: the challenge or ending clicked, on its part."""
        draft = self.draft
        if draft is None:
            return
        ids = [c.id for c in draft.challenges]
        if node in ids:
            self.challenge, self.part = ids.index(node), "challenges"
        else:
            self.ending, self.part = [e.id for e in draft.endings].index(node), "endings"
        self.relayout()

    def new(self) -> None:
        """A new adventure in the language of the interface, a challenge and two endings to begin with."""
        lang = language()
        draft = adventures.starter(
            lang,
            tr("editor.new_title"),
            (tr("editor.new_good"), tr("editor.new_bad")),
            "fencing",
            TALENTS["fencing"],
        )
        own = Own(adventures.new_path(draft.id), draft, adventure.problems(draft)[0])
        try:
            adventures.save(own.path, draft)
        except OSError as problem:
            self.app.notices.show(tr("editor.cannot_save", problem=str(problem)), 8.0)
            return
        self.owns.append(own)
        self.lang = lang
        self._open(len(self.owns) - 1)
        self.part = "story"
        self.relayout()

    def back(self) -> None:
        self._save_now()
        self.app.scenes.pop()

    def play(self) -> None:
        """Plays the adventure at once, solo against the computer Host, if it reads whole."""
        own = self.owns[self.chosen] if self.owns else None
        if own is None or own.problem is not None:
            return
        self._save_now()
        cast = characters.all_characters(self.app.notices.show)
        hero = cast[min(self.hero, len(cast) - 1)]
        seats = (SeatSetup(hero, tr("menu.player_n", n=1)),)
        setup = FalkensteinSetup("solo", seats, seed=match_seed(), scenario=own.draft)
        self.app.scenes.replace(navigation.table(self.app, setup))

    def export(self) -> None:
        own = self.owns[self.chosen] if self.owns else None
        if own is None:
            return
        try:
            path = adventures.export(own.draft)
        except FileProblem as problem:
            self.app.notices.show(tr("editor.cannot_export", problem=problem.words.text()), 8.0)
            return
        except OSError as problem:
            self.app.notices.show(tr("editor.cannot_save", problem=str(problem)), 8.0)
            return
        self.app.notices.show(tr("editor.exported", path=str(path)), 10.0)

    # importing --------------------------------------------------------------------------------------
    def open_import(self) -> None:
        self._save_now()
        self.importing, self.import_problem = True, ""
        self.relayout()

    def close_import(self) -> None:
        self.importing = False
        self.relayout()

    def _set_import_path(self, value: str) -> None:
        self.import_path = value

    def _pick_offered(self, index: int) -> None:
        self.take_in(self.offered[index])

    def import_typed(self) -> None:
        typed = self.import_path.strip().strip('"')
        if typed:
            self.take_in(Path(typed).expanduser())

    def take_in(self, path: Path) -> None:
        """Opens a file someone sent: checked whole, then kept among the player's adventures; a refusal says
        why, in the player's language, and the file stays as it is."""
        try:
            own = adventures.take_in(path)
        except FileProblem as problem:
            self.import_problem = adventures.refusal(path, problem).text()
            if not self.importing:
                self.app.notices.show(self.import_problem, 10.0)
            return
        except OSError as problem:
            self.import_problem = tr("editor.cannot_save", problem=str(problem))
            return
        self.owns.append(own)
        self.importing, self.import_problem, self.import_path = False, "", ""
        self._open(len(self.owns) - 1)
        self.app.notices.show(tr("editor.imported", title=own.draft.title.get(language())), 6.0)
        self.relayout()

    # input ------------------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:  # a file dropped on the window: opened as one sent
            self.take_in(Path(event.file))
            return
        if (
            self.part == "graph"
            and not self.importing
            and event.type == pygame.MOUSEBUTTONDOWN
            and event.button == 1
            and self.graph_area.collidepoint(event.pos)
        ):
            hit = next((node for node, card in self.cards.items() if card.collidepoint(event.pos)), None)
            if hit is not None:
                self.open_node(hit)
                return
        if self.form.handle(event) or event.type != pygame.KEYDOWN:
            return
        if event.key == pygame.K_z and event.mod & pygame.KMOD_CTRL:
            self.undo()
        elif event.key == pygame.K_ESCAPE:
            self.close_import() if self.importing else self.back()

    def leave(self) -> None:
        self._save_now()

    # drawing ----------------------------------------------------------------------------------------
    def _line(
        self, value: str, pos: tuple[int, int], size: float, colour: tuple[int, int, int], italic: bool
    ) -> None:
        self.lines.append((value, pos, size, colour, italic))

    def _paragraph(self, value: str, x: int, y: int, width: int, colour: tuple[int, int, int]) -> int:
        for line in text.wrap(value, theme.SIZE_SMALL, width, italic=True):
            self._line(line, (x, y), theme.SIZE_SMALL, colour, True)
            y += text.line_height(theme.SIZE_SMALL)
        return y

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(backdrop(self.app.size, self.app.vintage), (0, 0))
        size = theme.SIZE_H2 * 0.8
        [title], size = text.fitted(tr("editor.title"), size, self.left.width, bold=True)
        at = self.title_at
        text.draw(surface, title, at, size, theme.BRASS_LIGHT, bold=True, shadow=True, box=self.left, pad=0)
        ornament(surface, *self.rule)
        draw_panel(surface, self.page, "panel")
        draft = self.draft
        if draft is not None and not self.importing:
            words = draft.title.get(self.lang) or tr("editor.untitled")
            [heading], size = text.fitted(words, theme.SIZE_H2, self.heading.width)
            at = self.heading.midleft
            text.draw(surface, heading, at, size, theme.CREAM, "midleft", box=self.heading, pad=0)
            words, ink = self.status()
            lines = text.wrap(words, theme.SIZE_SMALL - 1, self.status_at.width, italic=True)
            for n, line in enumerate(lines[:2]):
                shown = text.fit(
                    line + (" …" if n == 1 and len(lines) > 2 else ""),
                    theme.SIZE_SMALL - 1,
                    self.status_at.width,
                )
                at = (self.status_at.x, self.status_at.y + n * text.line_height(theme.SIZE_SMALL - 1))
                room = self.status_at.inflate(0, 2 * text.line_height(theme.SIZE_SMALL))
                text.draw(surface, shown, at, theme.SIZE_SMALL - 1, ink, italic=True, box=room, pad=0)
            if self.part == "graph":
                self._draw_graph(surface, draft)
        for value, pos, size, colour, italic in self.lines:  # the page's words, on its panel
            text.draw(surface, value, pos, size, colour, italic=italic, box=self.page, pad=0)
        if self.importing and self.import_problem:
            box = self.problem_at
            lines = text.wrap(self.import_problem, theme.SIZE_SMALL - 1, box.width)[:3]
            y = box.centery - len(lines) * text.line_height(theme.SIZE_SMALL - 1) // 2
            for line in lines:
                [shown], size = text.fitted(line, theme.SIZE_SMALL - 1, box.width)
                text.draw(surface, shown, (box.x, y), size, theme.FAILURE, box=box, pad=0)
                y += text.line_height(theme.SIZE_SMALL - 1)
        self.form.draw(surface)

    def _draw_graph(self, surface: pygame.Surface, draft: Scenario) -> None:
        picture = self.picture()
        if picture is None:
            return
        draw_panel(surface, self.graph_area, "glass")
        area = self.graph_area.inflate(-self.g(16), -self.g(16))
        chosen = draft.challenges[self.challenge].id if draft.challenges else ""
        self.cards = story_graph.draw(surface, picture, draft, area, self.lang, self.g, chosen)
        self._draw_legend(surface)

    def _draw_legend(self, surface: pygame.Surface) -> None:
        size = theme.SIZE_SMALL - 3
        x, y = self.graph_area.x, self.legend_y
        entries = [
            (tr("editor.graph.success"), story_graph.INK["success"]),
            (tr("editor.graph.failure"), story_graph.INK["failure"]),
            (tr("editor.graph.fireworks"), story_graph.INK["fireworks"]),
            (tr("editor.graph.nowhere"), theme.FAILURE),
        ]
        room = self.graph_area.right
        for words, ink in entries:
            width = text.size_of(words, size)[0] + self.g(34)
            if x + width > room:
                break
            mid = y + text.line_height(size) // 2
            pygame.draw.line(surface, ink, (x, mid), (x + self.g(20), mid), 3)
            row = pygame.Rect(x, y, width, text.line_height(size))
            text.draw(surface, words, (x + self.g(26), y), size, theme.PARCHMENT, box=row, pad=0)
            x += width + self.g(10)
