"""The Königrufen table: you and three others, call a king, the talon in two halves, twelve tricks.

Seats follow the rules module: seat 0 at the bottom, seat 1 to its right, seat 2 at the top, seat 3 to its
left; play runs 0 → 1 → 2 → 3, counter-clockwise around the table.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.games.koenigrufen.cards import DECK, KINGS, SUIT_SYMBOLS, TRUMPS, suit_of
from game.games.koenigrufen.rules import (
    CallKing,
    CardPlayed,
    DealScored,
    DealStarted,
    DeclarerAlone,
    Discard,
    Discarded,
    HandDealt,
    KingCalled,
    MatchOver,
    NextDeal,
    PartnerRevealed,
    Play,
    TakeTalon,
    TalonDealt,
    TalonLeft,
    TalonShown,
    TalonTaken,
    TrickWon,
)
from game.games.koenigrufen.sheet import DealSheet, deal_sheet
from game.games.koenigrufen.spec import new_state
from game.games.koenigrufen.words import card_label, log_lines, result_words
from game.i18n import tr
from game.scenes.table_scene import Awaiting
from game.scenes.trick_table import TrickTable
from game.seating import CardTableSetup, SeatPlayer
from game.ui import text, theme
from game.ui.card_sprite import CardSprite
from game.ui.panel import draw_panel
from game.ui.widgets import Button, Form, Hotspot

if TYPE_CHECKING:
    from game.app import App

SORT = {card: i for i, card in enumerate(reversed(TRUMPS))} | {
    card: len(TRUMPS) + i for i, card in enumerate(c for c in DECK if c not in TRUMPS)
}


class KoenigrufenTable(TrickTable):
    name = "koenigrufen"
    game_id = "koenigrufen"
    pack = "tarock"
    back = "tarock"
    next_label = "kr.next_deal"

    def __init__(self, app: App, setup: CardTableSetup) -> None:
        super().__init__(app, setup)
        self.game = new_state(setup)
        self.talon: list[CardSprite] = []
        self.chosen: list[str] = []  # the declarer's discard being picked
        self.tricks_won = [0] * 4
        self.app.cards.warm(
            [self.app.cards.path_for("tarock", c) for c in DECK] + ["backs/tarock"], self.card_w
        )
        self.enqueue(list(self.game.opening))

    # hooks ----------------------------------------------------------------------------------------
    def playable(self, seat: int) -> set[str]:
        if self.game.phase != "tricks" or self.game.to_act != seat:
            return set()
        return {a.card for a in self.game.legal_actions() if isinstance(a, Play)}

    def card_action(self, seat: int, card: str) -> Any:
        return Play(seat, card)

    def card_name(self, card: str) -> str:
        return card_label(card)

    def hint_spots(self, action: Any) -> list[pygame.Rect]:
        """The king to call in the call panel, or the talon half to take."""
        if isinstance(action, CallKing) and self.game.phase == "call" and self.panel_form.widgets:
            return [self.panel_form.widgets[KINGS.index(action.king)].rect]
        if isinstance(action, TakeTalon) and self.game.phase == "talon":
            rects = [
                c.rect(self.app.cards, self.card_w) for c in self.talon[action.half * 3 : action.half * 3 + 3]
            ]
            return [rects[0].unionall(rects[1:])] if rects else []
        return []

    def hint_ready(self, action: Any) -> None:
        if self.game.phase in ("call", "talon") and self.panel_form.widgets:
            self._focus_panel()

    def _focus_panel(self) -> None:
        """The keyboard focus on the hinted king or talon half, else on the first: one ring, not two."""
        hint = self.current_hint()
        action = hint.decision.action if hint is not None else None
        index = 0
        if isinstance(action, CallKing):
            index = KINGS.index(action.king)
        elif isinstance(action, TakeTalon):
            index = action.half
        items = self.panel_form.focusable
        if items:
            self.panel_form.focus(items[min(index, len(items) - 1)])

    def sort_hand(self, cards: tuple[str, ...]) -> list[str]:
        return sorted(cards, key=SORT.__getitem__)

    def seat_detail(self, seat: int) -> str:
        won = self.tricks_won[seat]
        tricks = tr("kr.tricks_one") if won == 1 else tr("kr.tricks", n=won)
        return f"{tricks} · Σ {self.game.view(seat).totals[seat]:+d}"

    def seat_badge(self, seat: int) -> str:
        view = self.game.view(seat)
        if seat == view.declarer:
            return tr("kr.role.declarer")
        return tr("kr.role.partner") if view.partner == seat else ""

    def next_action(self, seat: int) -> Any:
        return NextDeal(seat)

    # decisions ---------------------------------------------------------------------------------------
    def human_panel(self, seat: int) -> None:
        phase = self.game.phase
        if phase == "call":
            self._call_panel(seat)
        elif phase == "talon":
            self._talon_panel(seat)
        elif phase == "discard":
            self._discard_panel(seat)
        else:
            self.panel_form = Form()

    def _call_panel(self, seat: int) -> None:
        area = self.r("panel")
        w = self.card_w
        h = self.app.cards.size_for(w)[1]
        gap = w // 3
        left = area.centerx - (4 * w + 3 * gap) // 2
        spots = []
        for i, king in enumerate(KINGS):
            rect = pygame.Rect(left + i * (w + gap), area.y + 56, w, h)
            spots.append(Hotspot(rect, partial(self.act, CallKing(seat, king)), card_label(king)))
        self.panel_form = Form(spots)
        self._focus_panel()

    def _talon_panel(self, seat: int) -> None:
        spots = []
        for half in (0, 1):
            cards = self.talon[half * 3 : half * 3 + 3]
            if not cards:
                continue
            rects = [c.rect(self.app.cards, self.card_w) for c in cards]
            rect = rects[0].unionall(rects[1:])
            spots.append(Hotspot(rect, partial(self.act, TakeTalon(seat, half)), tr("kr.take_half")))
        self.panel_form = Form(spots)
        self._focus_panel()

    def _discard_panel(self, seat: int) -> None:
        area = self.r("message")
        button = Button(
            pygame.Rect(area.right - 230, area.y - 2, 230, area.height + 4),
            tr("kr.discard_button", n=len(self.chosen)),
            self._discard,
            primary=True,
            enabled=len(self.chosen) == 3,
        )
        self.panel_form = Form([button])

    def _discard(self) -> None:
        seat = self.game.to_act
        if seat is not None and len(self.chosen) == 3:
            cards = tuple(self.chosen)
            if self.act(Discard(seat, cards)):
                self.chosen = []
            else:
                self._discard_panel(seat)

    def play_card(self, index: int) -> None:
        """During the discard a click picks or drops a card; otherwise it plays it."""
        seat = self.hand_seat
        if (
            self.game.phase == "discard"
            and self.awaiting is Awaiting.PERSON
            and seat is not None
            and seat == self.game.to_act
        ):
            if 0 <= index < len(self.hand):
                card = self.hand[index].code
                if card in self.chosen:
                    self.chosen.remove(card)
                elif len(self.chosen) < 3:
                    self.chosen.append(card)
                self._discard_panel(seat)
            return
        super().play_card(index)

    def score_sheet(self) -> DealSheet:
        names = [self.seat_name(s) for s in range(self.n)]
        return deal_sheet(names, self.game.view(0), self.scored, self.game.is_over, tuple(self.log.lines))

    def event_lines(self, event: Any) -> list[str]:
        return log_lines(event, self.seat_name)

    # presenting events -------------------------------------------------------------------------------
    def present(self, event: Any) -> float:
        d = self.app.duration
        match event:
            case DealStarted(deal_no=n, dealer=dealer, forehand=forehand):
                self._new_deal()
                self.sound("shuffle")
                self.say(
                    lambda: tr(
                        "kr.msg.deal", n=n, dealer=self.seat_name(dealer), forehand=self.seat_name(forehand)
                    )
                )
                return d(0.8)
            case HandDealt(seat=seat, cards=cards):
                return self.deal_to(seat, cards, 0.0) + d(0.05)
            case TalonDealt():
                return self._lay_talon()
            case KingCalled(seat=seat, king=king):
                self.say(lambda: tr("kr.msg.called", name=self.seat_name(seat), king=card_label(king)))
                return d(1.2)
            case TalonShown(halves=halves):
                for sprite, card in zip(self.talon, halves[0] + halves[1], strict=True):
                    sprite.code = card
                for sprite in self.talon:
                    sprite.flip(self.tweens, d(0.25), tag="cards")
                self.sound("flip")
                self.say(lambda: tr("kr.msg.talon"))
                return d(0.6)
            case TalonTaken(seat=seat, half=half, cards=cards):
                return self._take_talon(seat, half, cards)
            case TalonLeft(cards=cards):
                for sprite in list(self.talon):
                    sprite.fly(
                        self.tweens,
                        self.r("deck").center,
                        d(0.35),
                        tag="cards",
                        on_done=lambda s=sprite: self._drop_talon(s),
                    )
                return d(0.45)
            case Discarded(seat=seat, shown_trumps=shown):
                return self._discarded(seat, shown)
            case CardPlayed(seat=seat, card=card):
                return self.play_to_trick(seat, card)
            case PartnerRevealed(declarer=declarer, partner=partner):
                self.say(
                    lambda: tr(
                        "kr.msg.partner", partner=self.seat_name(partner), declarer=self.seat_name(declarer)
                    )
                )
                return d(0.8)
            case DeclarerAlone(declarer=declarer, reason=reason):
                self.say(lambda: tr(f"kr.msg.alone.{reason}", name=self.seat_name(declarer)))
                return d(0.8)
            case TrickWon(seat=seat):
                self.tricks_won[seat] += 1
                return self.gather_trick(seat)
            case DealScored():
                self.scored = event
                self.say(lambda: result_words(event))
                self.avatars[event.declarer].react("nod" if event.won else "frown")
                self.sound("success" if event.won else "failure")
                return d(1.2)
            case MatchOver():
                return d(0.3)
        return 0.0

    def _new_deal(self) -> None:
        self.clear_for_deal()
        self.talon = []
        self.chosen = []
        self.tricks_won = [0] * 4

    def _talon_slot(self, i: int) -> tuple[float, float]:
        area = self.r("talon")
        w = self.card_w
        step = w * 0.55
        half_gap = w * 0.9
        x = area.centerx + (i - 2.5) * step + (half_gap / 2 if i >= 3 else -half_gap / 2)
        return x, area.centery - 10

    def _lay_talon(self) -> float:
        d = self.app.duration
        start = self.r("deck").center
        for i in range(6):
            sprite = self.sprite(f"talon{i}", False, start)
            self.talon.append(sprite)
            sprite.fly(self.tweens, self._talon_slot(i), d(0.2), d(i * 0.05), 30, "cards")
        return d(0.6)

    def _take_talon(self, seat: int, half: int, cards: tuple[str, ...]) -> float:
        d = self.app.duration
        taken = self.talon[half * 3 : half * 3 + 3]
        self.talon = [s for s in self.talon if s not in taken]
        for sprite, card in zip(taken, cards, strict=True):
            sprite.code = card
        if seat == self.hand_seat:
            self.hand = [*self.hand, *taken]
            order = self.sort_hand(tuple(s.code for s in self.hand))
            self.hand.sort(key=lambda s: order.index(s.code))
            self.relayout_hand(0.35)
        else:
            for sprite in taken:
                sprite.flip(self.tweens, d(0.2), tag="cards", face_up=False)
                sprite.fly(
                    self.tweens,
                    self.seat_anchor(seat),
                    d(0.35),
                    tag="cards",
                    on_done=lambda s=sprite: self._drop_ghost(s),
                )
                self.ghosts.append(sprite)
        self.sound("deal")
        return d(0.5)

    def _drop_talon(self, sprite: CardSprite) -> None:
        if sprite in self.talon:
            self.talon.remove(sprite)

    def _discarded(self, seat: int, shown: tuple[str, ...]) -> float:
        d = self.app.duration
        pile = self.r("deck").center
        if seat == self.hand_seat:
            gone = set(self.game.view(seat).discards)
            leaving = [s for s in self.hand if s.code in gone]
            self.hand = [s for s in self.hand if s.code not in gone]
            self.relayout_hand(0.3)
        else:
            leaving = [self.sprite(c, False, self.seat_anchor(seat)) for c in ("x0", "x1", "x2")]
        for sprite in leaving:
            sprite.lift = 0
            if sprite.code not in shown:
                sprite.flip(self.tweens, d(0.2), tag="cards", face_up=False)
            self.ghosts.append(sprite)
            sprite.fly(
                self.tweens, pile, d(0.35), d(0.1), 20, "cards", on_done=lambda s=sprite: self._drop_ghost(s)
            )
        if shown:
            self.say(
                lambda: tr(
                    "kr.msg.shown_trumps",
                    name=self.seat_name(seat),
                    cards=", ".join(card_label(c) for c in shown),
                )
            )
        else:
            self.say(lambda: tr("kr.msg.discarded", name=self.seat_name(seat)))
        self.sound("sweep", 0.5)
        return d(0.7)

    # frame --------------------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.game.phase == "discard" and self.awaiting is Awaiting.PERSON:
            for sprite in self.hand:
                chosen = sprite.code in self.chosen
                if chosen:
                    sprite.lift = 26.0
                sprite.highlight = chosen or sprite.highlight
                sprite.dim = False

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_backdrop(surface, [(self.log.rect, "glass")])
        self.draw_seats(surface)
        self.log.draw(surface, with_panel=False)
        self.controls.draw(surface)
        self._draw_called(surface)
        if self.awaiting is Awaiting.PERSON and self.game.phase == "call":
            self._draw_call(surface)
        else:
            for sprite in self.talon:
                sprite.draw(surface, self.app.cards, self.card_w)
        self.draw_message(surface)
        self.draw_cards(surface)
        if self.awaiting is Awaiting.PERSON and self.panel_form.widgets:
            self.panel_form.draw(surface)
        self.draw_last_trick(surface)
        self.draw_refusal(surface)

    def _draw_call(self, surface: pygame.Surface) -> None:
        area = self.r("panel")
        draw_panel(surface, area, "panel")
        text.draw(
            surface,
            tr("kr.call_title"),
            (area.centerx, area.y + 14),
            theme.SIZE_H2,
            theme.BRASS_LIGHT,
            "midtop",
        )
        for spot, king in zip(self.panel_form.widgets, KINGS, strict=False):
            surface.blit(self.app.cards.face("tarock", king, self.card_w), spot.rect)

    def _draw_called(self, surface: pygame.Surface) -> None:
        """The called king, small, beside the trick, as a reminder all deal long."""
        view = self.game.view(self.spectator_seat)
        if view.king is None or view.phase in ("call", "talon"):
            return
        w = self.card_w * 2 // 3
        area = self.r("trick")
        image = self.app.cards.face("tarock", view.king, w)
        rect = image.get_rect(topright=(area.right + w + 24, area.y))
        surface.blit(image, rect)
        text.draw(
            surface,
            tr("kr.called_king"),
            (rect.centerx, rect.bottom + 4),
            theme.SIZE_SMALL - 4,
            theme.PARCHMENT,
            "midtop",
        )

    def prompt(self) -> str:
        phase = self.game.phase
        if phase == "call":
            return tr("kr.prompt.call")
        if phase == "talon":
            return tr("kr.prompt.talon")
        if phase == "discard":
            return tr("kr.prompt.discard")
        if phase == "tricks":
            trick = self.game.view(self.hand_seat or 0).trick.cards
            if trick and suit_of(trick[0]) != "T":
                return tr("kr.prompt.follow", suit=SUIT_SYMBOLS[suit_of(trick[0])])
            return tr("kr.prompt.lead") if not trick else tr("kr.prompt.trump")
        return ""


def demo_table(app: App, seed: int) -> KoenigrufenTable:
    seats = tuple(SeatPlayer(tr("table.computer_n", n=i + 1), False) for i in range(4))
    return KoenigrufenTable(app, CardTableSetup("koenigrufen", seats, seed))
