"""The Königrufen table: you and three others; the auction where the profile has one, then the king call,
the talon and the discard the contract asks for, twelve tricks, open hands in an ouvert contract.

Seats follow the rules module: seat 0 at the bottom, seat 1 to its right, seat 2 at the top, seat 3 to its
left; play runs 0 → 1 → 2 → 3, counter-clockwise around the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from math import ceil
from typing import TYPE_CHECKING, Any

import pygame

from game.games.koenigrufen import aids
from game.games.koenigrufen.cards import DECK, KINGS, SUIT_SYMBOLS, TRUMPS, suit_of
from game.games.koenigrufen.parts import new_state
from game.games.koenigrufen.profile import Profile
from game.games.koenigrufen.rules import (
    PASSES,
    Announce,
    AnnouncePass,
    Bid,
    BidMade,
    CallKing,
    CardPlayed,
    Concede,
    Conceded,
    ContractDeclared,
    DealScored,
    DealStarted,
    DeclarerAlone,
    Discard,
    Discarded,
    HandDealt,
    Hold,
    KingCalled,
    KoenigrufenView,
    Kontra,
    KontraEach,
    MatchOver,
    NextDeal,
    PartnerRevealed,
    Pass,
    Play,
    Said,
    TakeTalon,
    TalonDealt,
    TalonLeft,
    TalonShown,
    TalonTaken,
    TalonTakenWhole,
    TrickWon,
    ends_turn,
)
from game.games.koenigrufen.sheet import DealSheet, deal_sheet
from game.games.koenigrufen.words import (
    bid_label,
    bid_line,
    bonus_line,
    bonus_name,
    bonus_pays,
    card_label,
    contract_name,
    discard_words,
    log_lines,
    pays_label,
    result_words,
    said_words,
)
from game.i18n import language, tr
from game.scenes.table_scene import Awaiting
from game.scenes.trick_table import TrickTable
from game.seating import CardTableSetup, SeatPlayer
from game.settings import AIDS
from game.ui import aids as aid_look
from game.ui import drawn, text, theme
from game.ui.card_sprite import CardLayer, CardSprite
from game.ui.panel import draw_panel
from game.ui.salon import restore_focus
from game.ui.widgets import Button, Form, Hotspot, Offer, Widget

if TYPE_CHECKING:
    from game.app import App

BidAction = Bid | Pass | Hold
TalkAction = Announce | Kontra | KontraEach | AnnouncePass


@dataclass(frozen=True)
class Entry:
    """One offer of the auction or the announcement round: what it stands for (`key`), its words, its act."""

    key: object  # a bid word, "pass", a bonus id, ("kontra", item), ("kontra_each", defender)
    label: str
    aside: str
    note: str
    act: Callable[[], object]
    short: str = ""  # the note's short form, for a narrow box


OFFER_H = 64  # the tallest a bid's box grows (in the layout's design units)
HEADING = theme.SIZE_H2 * 0.8  # the auction panel's title
FOOT = theme.SIZE_SMALL - 2  # the auction's line of what was said


def bid_action(seat: int, word: str) -> BidAction:
    """The action saying `word` in the auction (`BidMade.word`: a contract, the neutral word, pass, hold)."""
    return Pass(seat) if word == "pass" else Hold(seat) if word == "hold" else Bid(seat, word)


def bid_word(action: BidAction) -> str:
    return action.contract if isinstance(action, Bid) else "pass" if isinstance(action, Pass) else "hold"


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
        self.talon_layer = CardLayer()
        self.chosen: list[str] = []  # the declarer's discard being picked
        self.announcing: list[str] = []  # the bonuses picked to announce at once
        self.birds_owed: tuple[str, ...] = ()  # the birds one of which the person must announce now
        self.offer_keys: list[object] = []  # what each offer of the bid or announcement panel stands for
        self.tricks_won = [0] * 4
        self._public_key: tuple[int, str, int | None] | None = None
        self._public = self.game.view(self.spectator_seat)
        self._auction_key: tuple[object, ...] | None = None
        self._said_key: tuple[object, str] | None = None
        self._said_lines: list[str] = []
        self._auction_layer = pygame.Surface((1, 1))
        self._aid_key: tuple[int, int, str] | None = None
        self._aid_view = self._public
        self._gone_key: tuple[object, ...] | None = None
        self._gone_layer: pygame.Surface | None = None
        self.app.cards.warm(
            [self.app.cards.path_for("tarock", c) for c in DECK] + ["backs/tarock"], self.card_w
        )
        self.enqueue(list(self.game.opening))

    def relayout(self) -> None:
        """The talon's cards on their places for the window's size, before the panels read them."""
        if len(self.talon) == 6:
            for i, sprite in enumerate(self.talon):
                sprite.x, sprite.y = self._talon_slot(i)
        super().relayout()

    # hooks ----------------------------------------------------------------------------------------
    def playable(self, seat: int) -> set[str]:
        if self.game.phase != "tricks" or self.game.to_act != seat:
            return set()
        return {a.card for a in self.game.legal_actions() if isinstance(a, Play)}

    def card_action(self, seat: int, card: str) -> Any:
        return Play(seat, card)

    def card_name(self, card: str) -> str:
        return card_label(card)

    def trick_winner_shown(self) -> int | None:
        return aids.winning_index(self.public, [sprite.code for _, sprite in self.trick])

    def hint_spots(self, action: Any) -> list[pygame.Rect]:
        """The bid or the word of the announcements in their panel, the king to call in the call panel, or
        the talon half to take."""
        offers = self._offer_indices(action)
        if offers:
            return [self.panel_form.widgets[i].rect for i in offers]
        if isinstance(action, CallKing) and self.game.phase == "call" and self.panel_form.widgets:
            return [self.panel_form.widgets[KINGS.index(action.king)].rect]
        if isinstance(action, TakeTalon) and self.game.phase == "talon":
            rects = [
                c.rect(self.app.cards, self.card_w) for c in self.talon[action.half * 3 : action.half * 3 + 3]
            ]
            return [rects[0].unionall(rects[1:])] if rects else []
        if isinstance(action, Concede) and self.game.phase == "talon" and self.panel_form.widgets:
            return [self.panel_form.widgets[-1].rect]  # the concession's button, last in the talon panel
        return []

    def move_words(self, action: Any) -> str:
        """A hinted bid or word of the announcements, as the table says it."""
        if isinstance(action, BidAction):
            return tr("krt.hint.bid", word=bid_label(bid_word(action)))
        if isinstance(action, Announce):
            return tr("krt.hint.announce", items=", ".join(map(bonus_name, action.items)))
        if isinstance(action, Kontra):
            level = {item: level for item, _seat, level in self.public.items}.get(action.item, 0) + 1
            return tr("krt.hint.kontra", level=tr(f"kr.kontra.{level}"), item=bonus_name(action.item))
        if isinstance(action, KontraEach):
            level_name = self._each_level(action.defender)
            return tr("krt.hint.kontra", level=level_name, item=self._each_item(action))
        if isinstance(action, AnnouncePass):
            return tr("krt.hint.bid", word=tr("kr.say.pass"))
        if isinstance(action, Concede):
            return tr("krt.hint.concede")
        return ""

    def hint_ready(self, action: Any) -> None:
        if self.game.phase in ("bid", "announce", "call", "talon") and self.panel_form.widgets:
            self._focus_panel()

    def _offer_indices(self, action: Any) -> list[int]:
        """Where a bid or a word of the announcements stands in its panel (none: no such offer up)."""
        if self.game.phase not in ("bid", "announce") or not self.panel_form.widgets:
            return []
        keys: list[object] = []
        if isinstance(action, BidAction):
            keys = [bid_word(action)]
        elif isinstance(action, AnnouncePass):
            keys = ["pass"]
        elif isinstance(action, Kontra):
            keys = [("kontra", action.item)]
        elif isinstance(action, KontraEach):
            keys = [("kontra_each", action.defender)]
        elif isinstance(action, Announce):
            keys = list(action.items)
        return [self.offer_keys.index(key) for key in keys if key in self.offer_keys]

    def _focus_panel(self) -> None:
        """The keyboard focus on the hinted king or talon half, else on the first: one ring, not two."""
        hint = self.current_hint()
        action = hint.decision.action if hint is not None else None
        index = next(iter(self._offer_indices(action)), 0)
        if isinstance(action, CallKing):
            index = KINGS.index(action.king)
        elif isinstance(action, TakeTalon):
            index = action.half
        items = self.panel_form.focusable
        if items:
            self.panel_form.focus(items[min(index, len(items) - 1)])

    def sort_hand(self, cards: tuple[str, ...]) -> list[str]:
        return sorted(cards, key=lambda card: SORT.get(card, len(SORT)))  # a card not known yet: last

    def seat_detail(self, seat: int) -> str:
        won = self.tricks_won[seat]
        tricks = tr("kr.tricks_one") if won == 1 else tr("kr.tricks", n=won)
        return f"{tricks} · Σ {self.public.totals[seat]:+d}"

    def seat_badge(self, seat: int) -> str:
        """In the auction, the seat's last word; then the declarer's contract and the known partner."""
        view = self.public
        if view.contract is None:
            said = [word for who, word in view.bids if who == seat]
            return bid_label(said[-1]) if said else ""
        if seat == view.declarer:
            return tr("kr.role.declarer") if view.profile.bidding is None else contract_name(view.contract)
        return tr("kr.role.partner") if view.partner == seat else ""

    def next_action(self, seat: int) -> Any:
        return NextDeal(seat)

    # decisions ---------------------------------------------------------------------------------------
    def human_panel(self, seat: int) -> None:
        phase = self.game.phase
        if phase == "bid":
            self._bid_panel(seat)
        elif phase == "announce":
            self._announce_panel(seat)
        elif phase == "call":
            self._call_panel(seat)
        elif phase == "talon":
            self._talon_panel(seat)
        elif phase == "discard":
            self._discard_panel(seat)
        else:
            self.panel_form = Form()

    def auction_area(self) -> pygame.Rect:
        """The auction panel: the centre of the felt, widened from the side seats to the log."""
        panel, message = self.r("panel"), self.r("message")
        left = self.r("seat3").right + self.u(10)
        right = min(self.r("seat1").left, self.r("log").left) - self.u(8)
        return pygame.Rect(left, panel.y, right - left, message.y - self.u(4) - panel.y)

    def auction_parts(self, area: pygame.Rect) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The auction panel's title row, the room of its offers and its foot row (what was said), in
        `area`'s coordinates; each row as tall as its letters and their padding."""
        u = self.u
        head_h = text.ink_height(HEADING) + 2 * u(8)
        foot_h = text.ink_height(FOOT) + 2 * u(7)
        head = pygame.Rect(area.x, area.y, area.width, head_h)
        foot = pygame.Rect(area.x, area.bottom - foot_h, area.width, foot_h)
        room = pygame.Rect(area.x + u(12), head.bottom, area.width - 2 * u(12), foot.y - head.bottom)
        return head, room, foot

    def _bid_panel(self, seat: int) -> None:
        """Every word the seat may say now, each with what it pays and what it means."""
        view = self.game.view(seat)
        entries = [
            Entry(
                word,
                bid_label(word),
                pays_label(view.profile, word),
                bid_line(view.profile, word),
                partial(self.act, bid_action(seat, word)),
                bid_line(view.profile, word, short=True),
            )
            for word in view.bid_options
        ]
        self._offer_grid(entries)

    def _announce_panel(self, seat: int) -> None:
        """The announcement round: say good (the declarer's first word his "Ich liege" where it closes his
        announcements), pick bonuses to announce at once, or double an announced item one step. A declarer
        who owes a bird is not offered good (the panel's title says which birds will do)."""
        view = self.game.view(seat)
        rules, contract = view.profile, view.contract
        assert contract is not None
        announcing = rules.announcing
        several = announcing is not None and announcing.several_per_turn
        first = seat == view.declarer and not ends_turn(view.said, seat, several)
        closing = first and announcing is not None and announcing.closing
        word = "ich_liege" if closing else "done" if self._spoke_this_turn(view) else "pass"
        note = "closing" if closing else "pass"
        entries = [
            Entry(
                "pass",
                tr(f"kr.say.{word}"),
                "",
                tr(f"krt.announce.{note}"),
                partial(self.act, AnnouncePass(seat)),
            )
        ]
        self.birds_owed = view.birds_owed
        if view.birds_owed:
            entries = []
        self.announcing = [item for item in self.announcing if item in view.may_announce]
        for item in view.may_announce:
            pays = bonus_pays(rules, contract, item)
            pick = partial(self._pick, item)
            entries.append(
                Entry(item, bonus_name(item), pays, bonus_line(item), pick, bonus_line(item, True))
            )
        levels = {item: level for item, _seat, level in view.items}
        for item in view.may_kontra:
            level = tr(f"kr.kontra.{levels.get(item, 0) + 1}")
            label = tr("krt.kontra.label", level=level, item=bonus_name(item))
            note, short = tr("krt.kontra.note"), tr("krt.kontra.short_note")
            kontra_act = partial(self.act, Kontra(seat, item))
            entries.append(Entry(("kontra", item), label, "×2", note, kontra_act, short))
        for defender in view.may_kontra_each:  # a negative contract: the game doubled per defender
            kontra = KontraEach(seat, defender)
            label = tr("krt.kontra.label", level=self._each_level(defender), item=self._each_item(kontra))
            act = partial(self.act, kontra)
            note, short = tr("krt.kontra.note"), tr("krt.kontra.short_note")
            entries.append(Entry(("kontra_each", defender), label, "×2", note, act, short))
        self._offer_grid(entries, bool(view.may_announce))
        for offer, entry in zip(self.panel_form.widgets, entries, strict=False):
            if isinstance(offer, Offer):
                offer.chosen = entry.key in self.announcing

    @staticmethod
    def _spoke_this_turn(view: KoenigrufenView) -> bool:
        """Whether the seat to speak has said a word in the turn it is in (several words a turn)."""
        announcing = view.profile.announcing
        last = view.said[-1] if view.said else None
        return (
            announcing is not None
            and announcing.several_per_turn
            and last is not None
            and last.seat == view.to_act
            and last.word not in PASSES
        )

    def _each_level(self, defender: int) -> str:
        """The next doubling step on the game between the declarer and `defender`, named."""
        accounts = self.public.accounts
        return tr(f"kr.kontra.{(accounts[defender] if accounts else 0) + 1}")

    def _each_item(self, action: KontraEach) -> str:
        """What a KontraEach doubles: the game, against the defender named (the declarer's Rekontra)."""
        if action.defender == action.seat:
            return bonus_name("game")
        return tr("krt.kontra.against", item=bonus_name("game"), name=self.seat_name(action.defender))

    def _pick(self, item: str) -> None:
        """Picks a bonus to announce, or drops it again; the Announce button says them all at once."""
        seat = self.game.to_act
        if item in self.announcing:
            self.announcing.remove(item)
        else:
            self.announcing.append(item)
        if seat is not None:
            focus = self.panel_form.focus_index
            self._announce_panel(seat)
            restore_focus(self.panel_form, focus)

    def _announce(self) -> None:
        seat = self.game.to_act
        if seat is not None and self.announcing and self.act(Announce(seat, tuple(self.announcing))):
            self.announcing = []

    def _offer_grid(self, entries: list[Entry], announce: bool = False) -> None:
        """The entries as offers in the panel, two or three to a row, and the Announce button last."""
        _head, area, _foot = self.auction_parts(self.auction_area())
        cells = len(entries) + announce
        gap = self.u(4)
        least = text.ink_height(theme.SIZE_SMALL, True) + 1 + text.ink_height(theme.SIZE_SMALL - 5)
        least += 2 * text.PAD + self.u(8)
        columns = 2 if ceil(cells / 2) * (least + gap) - gap <= area.height else 3  # wide boxes if they fit
        rows = ceil(cells / columns)
        row_h = min(self.u(OFFER_H), (area.height - gap * (rows - 1)) // max(1, rows))
        col_w = (area.width - gap * (columns - 1)) // columns
        rects = [
            pygame.Rect(area.x + col * (col_w + gap), area.y + row * (row_h + gap), col_w, row_h)
            for row, col in (divmod(i, columns) for i in range(cells))
        ]
        widgets: list[Widget] = [
            Offer(rect, e.label, e.aside, e.note, e.act, (e.short,) if e.short else ())
            for rect, e in zip(rects, entries, strict=False)
        ]
        if announce:
            label = tr("krt.announce.button", n=len(self.announcing))
            widgets.append(Button(rects[-1], label, self._announce, bool(self.announcing), primary=True))
        self.offer_keys = [e.key for e in entries]
        self.panel_form = Form(widgets)
        self._focus_panel()

    def callable_kings(self) -> set[str]:
        """The kings the rules let the declarer call now (the others are in his hand)."""
        return {a.king for a in self.game.legal_actions() if isinstance(a, CallKing)}

    def _call_panel(self, seat: int) -> None:
        """The four kings to call; those the rules refuse (held in the hand) dimmed and saying so, and a
        click on one told why."""
        area = self.r("panel")
        w = self.card_w
        h = self.app.cards.size_for(w)[1]
        gap = w // 3
        left = area.centerx - (4 * w + 3 * gap) // 2
        callable_kings = self.callable_kings()
        spots = []
        for i, king in enumerate(KINGS):
            rect = pygame.Rect(left + i * (w + gap), area.y + self.u(56), w, h)
            label = card_label(king) if king in callable_kings else tr("krt.call.held")
            spots.append(Hotspot(rect, partial(self.act, CallKing(seat, king)), label))
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
        widgets: list[Widget] = list(spots)
        pay = self.game.view(seat).concession
        if pay:  # the called king turned up in the talon: the declarer may give up instead
            area = self.r("message")
            rect = pygame.Rect(area.right - self.u(230), area.y - 2, self.u(230), area.height + 4)
            widgets.append(Button(rect, tr("krt.concede_button", n=pay), partial(self.act, Concede(seat))))
        self.panel_form = Form(widgets)
        self._focus_panel()

    @property
    def discard_count(self) -> int:
        """How many cards the declarer lays away in the contract played (three, six, or none)."""
        view = self.public
        return 0 if view.contract is None else view.profile.contract(view.contract).discard

    def _discard_panel(self, seat: int) -> None:
        area = self.r("message")
        count = self.discard_count
        button = Button(
            pygame.Rect(area.right - self.u(230), area.y - 2, self.u(230), area.height + 4),
            tr("krt.discard_button", n=len(self.chosen), count=count),
            self._discard,
            primary=True,
            enabled=len(self.chosen) == count,
        )
        self.panel_form = Form([button])

    def _discard(self) -> None:
        seat = self.game.to_act
        if seat is not None and len(self.chosen) == self.discard_count:
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
                elif len(self.chosen) < self.discard_count:
                    self.chosen.append(card)
                self._discard_panel(seat)
            return
        super().play_card(index)

    def score_sheet(self) -> DealSheet:
        names = [self.seat_name(s) for s in range(self.n)]
        return deal_sheet(names, self.game.view(0), self.scored, self.game.is_over, tuple(self.log.lines))

    @property
    def public(self) -> KoenigrufenView:
        """The spectator seat's view, for what the table shows all: read once per position, as the seats'
        plates, the auction and the open hands ask for it every frame."""
        game = self.game
        key = (self.moves, game.phase, game.to_act)
        if self._public_key != key:
            self._public, self._public_key = game.view(self.spectator_seat), key
        return self._public

    @property
    def rules(self) -> Profile:
        return self.game.config.profile

    def event_lines(self, event: Any) -> list[str]:
        return log_lines(event, self.seat_name, self.rules)

    # presenting events -------------------------------------------------------------------------------
    def present(self, event: Any) -> float:
        d = self.app.duration
        match event:
            case DealStarted(deal_no=n, dealer=dealer, forehand=forehand):
                self._new_deal()
                self.sound("shuffle")
                key = "kr.msg.deal" if self.rules.bidding is None else "krt.msg.deal_auction"
                self.say(
                    lambda: tr(key, n=n, dealer=self.seat_name(dealer), forehand=self.seat_name(forehand))
                )
                return d(0.8)
            case BidMade(seat=seat, word=word):
                self.say(lambda: tr("krt.log.bid", name=self.seat_name(seat), word=bid_label(word)))
                self.avatars[seat].react("frown" if word == "pass" else "nod")
                self.sound("play", 0.4)
                return d(0.7)
            case ContractDeclared(declarer=declarer, contract=contract):
                return self._declared(declarer, contract)
            case Said(seat=seat, word=word):
                self.say(lambda: said_words(event, self.seat_name))
                passed = word in PASSES
                self.avatars[seat].react("frown" if passed else "nod")
                self.sound("play", 0.4)
                return d(0.8 if passed else 1.2)
            case TalonTakenWhole(seat=seat, cards=cards):
                return self._take_whole_talon(seat, cards)
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
            case Discarded():
                return self._discarded(event)
            case CardPlayed(seat=seat, card=card):
                # the strip says what just happened (not the news of some earlier event)
                self.say(lambda: tr("krt.msg.played", name=self.seat_name(seat), card=card_label(card)))
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
            case Conceded(declarer=declarer):
                self.say(lambda: tr("krt.msg.conceded", name=self.seat_name(declarer)))
                return d(0.8)
            case TrickWon(seat=seat):
                self.tricks_won[seat] += 1
                self.say(lambda: " ".join(self.event_lines(event)))
                return self.gather_trick(seat)
            case DealScored():
                self.scored = event
                self.say(lambda: result_words(event, self.rules))
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
        self.announcing = []
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

    def _declared(self, declarer: int, contract_id: str) -> float:
        """The auction is over: who plays what; a talon nobody takes is set aside, saying whose it is."""
        self.say(
            lambda: tr("krt.msg.declared", name=self.seat_name(declarer), contract=contract_name(contract_id))
        )
        talon = self.rules.contract(contract_id).talon
        if talon in ("defenders", "none", "trischaken"):
            for sprite in list(self.talon):
                sprite.fly(
                    self.tweens,
                    self.r("deck").center,
                    self.app.duration(0.35),
                    tag="cards",
                    on_done=lambda s=sprite: self._drop_talon(s),
                )
            name = self.seat_name(declarer)
            trischaken = self.rules.trischaken
            key = f"krt.talon.{talon}"
            if talon == "trischaken" and trischaken is not None and trischaken.talon_to_last_trick:
                key = "krt.talon.trischaken_last"
            self.scheduler.after(self.app.duration(1.2), lambda: self.say(lambda: tr(key, name=name)))
        self.avatars[declarer].react("nod")
        return self.app.duration(1.6 if talon in ("defenders", "none", "trischaken") else 1.0)

    def _take_whole_talon(self, seat: int, cards: tuple[str, ...]) -> float:
        """The Sechserdreier: all six talon cards to the declarer (their faces known to him alone unless
        the profile turns them up)."""
        self.say(lambda: tr("krt.talon.all", name=self.seat_name(seat)))
        if seat == self.hand_seat and not cards:  # taken unseen: the declarer's own view knows them
            cards = self._taken_whole(seat)
        return self._take_talon(seat, 0, cards, whole=True)

    def _taken_whole(self, seat: int) -> tuple[str, ...]:
        """The talon the declarer took whole, unseen by the others, from his own view: the cards he has had
        since that he did not hold before (held, laid away or played since: the view may be a later one's,
        as when a table is laid from the match so far)."""
        view = self.game.view(seat)
        played = [card for trick in (*view.tricks, view.trick) for who, card in trick.played if who == seat]
        held = {s.code for s in self.hand}
        return tuple(c for c in (*view.hand, *view.discards, *played) if c not in held)

    def _take_talon(self, seat: int, half: int, cards: tuple[str, ...], whole: bool = False) -> float:
        d = self.app.duration
        taken = list(self.talon) if whole else self.talon[half * 3 : half * 3 + 3]
        self.talon = [s for s in self.talon if s not in taken]
        for sprite, card in zip(taken, cards, strict=False):
            sprite.code = card
        if seat == self.hand_seat:
            self.hand = [*self.hand, *taken]
            for sprite in taken:
                if self.hand_open and not sprite.face_up:  # a talon taken unseen, into an open hand
                    sprite.flip(self.tweens, d(0.2), d(0.3), tag="cards")
            order = self.sort_hand(tuple(s.code for s in self.hand))
            self.hand.sort(key=lambda s: order.index(s.code))
            self.relayout_hand(0.35)
        else:
            for sprite in taken:
                sprite.flip(self.tweens, d(0.2), tag="cards", face_up=False)
                self.ghosts.append(sprite)  # first: an instant flight drops it at once
                sprite.fly(
                    self.tweens,
                    self.seat_anchor(seat),
                    d(0.35),
                    tag="cards",
                    on_done=lambda s=sprite: self._drop_ghost(s),
                )
        self.sound("deal")
        return d(0.5)

    def _drop_talon(self, sprite: CardSprite) -> None:
        if sprite in self.talon:
            self.talon.remove(sprite)

    def _discarded(self, event: Discarded) -> float:
        d = self.app.duration
        seat, shown = event.seat, event.shown_trumps
        pile = self.r("deck").center
        if seat == self.hand_seat:
            gone = set(self.game.view(seat).discards)
            leaving = [s for s in self.hand if s.code in gone]
            self.hand = [s for s in self.hand if s.code not in gone]
            self.relayout_hand(0.3)
        else:
            leaving = [self.sprite(f"x{i}", False, self.seat_anchor(seat)) for i in range(event.count)]
        for sprite in leaving:
            sprite.lift = 0
            if sprite.code not in shown:
                sprite.flip(self.tweens, d(0.2), tag="cards", face_up=False)
            self.ghosts.append(sprite)
            sprite.fly(
                self.tweens, pile, d(0.35), d(0.1), 20, "cards", on_done=lambda s=sprite: self._drop_ghost(s)
            )
        self.say(lambda: discard_words(event, self.seat_name))
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
        self.draw_backdrop(surface, [(self.log.rect, "glass")], self._draw_still, self._still_look())
        for seat in range(self.n):
            self.draw_portrait(surface, seat)
        for seat in range(self.n):
            self.draw_badge(surface, seat)
        self.controls.draw(surface)
        if self.awaiting is Awaiting.PERSON and self.game.phase == "call":
            self._draw_call(surface)
        elif not (self.awaiting is Awaiting.PERSON and self.game.phase in ("bid", "announce")):
            self.talon_layer.draw(surface, self.talon, self.app.cards, self.card_w)
        if self.game.phase in ("bid", "announce"):
            self._draw_auction(surface)
        self._draw_open_hands(surface)
        self.draw_message(surface)
        self.draw_cards(surface)
        self._draw_called_mark(surface)
        if self.awaiting is Awaiting.PERSON and self.panel_form.widgets:
            self.panel_form.draw(surface)
        self.draw_last_trick(surface)
        self.draw_refusal(surface)

    def _draw_call(self, surface: pygame.Surface) -> None:
        area = self.r("panel")
        draw_panel(surface, area, "panel")
        spots = self.panel_form.widgets
        head = pygame.Rect(area.x, area.y, area.width, (spots[0].rect.y if spots else area.bottom) - area.y)
        [title], size = text.fitted(tr("kr.call_title"), theme.SIZE_H2, head.width - 2 * self.u(16))
        text.draw(surface, title, head.center, size, theme.BRASS_LIGHT, "center", box=head, pad=self.u(6))
        callable_kings = self.callable_kings()
        for spot, king in zip(spots, KINGS, strict=False):  # a king held (not to be called) dimmed
            centre = spot.rect.center
            card = self.sprite(king, True, centre)
            card.dim = king not in callable_kings
            card.draw(surface, self.app.cards, self.card_w)

    def _said_so_far(self) -> list[str]:
        """The auction's bids, or the announcement round's words, as all read them (worded once per
        position and language, not every frame)."""
        view = self.public
        key = (self._public_key, language())
        if self._said_key != key:
            name = self.seat_name
            if view.phase == "announce":
                lines = [said_words(said, name) for said in view.said]
            else:
                lines = [tr("krt.said", name=name(seat), word=bid_label(word)) for seat, word in view.bids]
            self._said_lines, self._said_key = lines, key
        return list(self._said_lines)

    def _draw_auction(self, surface: pygame.Surface) -> None:
        """The person's panel of bids (or of announcements) with what was said so far under it; while
        others speak, what was said alone, in a ledger beside the talon: everyone at the table reads the
        same list. Composed once per word and size (the offers themselves are widgets, drawn over it)."""
        said = self._said_so_far()
        person = self.awaiting is Awaiting.PERSON and bool(self.panel_form.widgets)
        area = self.auction_area() if person else self.ledger_area()
        to_act = self.game.to_act
        speaker = "" if person or to_act is None else self.seat_name(to_act)
        words = "krt.announce" if self.game.phase == "announce" else "krt.auction"
        title = tr(f"{words}.title" if person else f"{words}.heading")
        if person and self.game.phase == "announce" and self.birds_owed:
            title = tr("krt.announce.bird_title", birds=" · ".join(map(bonus_name, self.birds_owed)))
        key = (person, area.size, speaker, title, tuple(said))
        if self._auction_key != key:
            self._auction_layer = self._compose_auction(area.size, person, speaker, said, words, title)
            self._auction_key = key
        drawn.blit(surface, self._auction_layer, area)

    def ledger_area(self) -> pygame.Rect:
        """The auction's ledger while others speak: left of the talon, clear of its cards."""
        wide = self.auction_area()
        talon_left = round(self._talon_slot(0)[0] - self.card_w / 2)
        width = max(self.card_w * 2, talon_left - self.u(12) - wide.x)
        return pygame.Rect(wide.x, wide.y, width, wide.height)

    def _compose_auction(
        self, size: tuple[int, int], person: bool, speaker: str, said: list[str], words: str, title: str
    ) -> pygame.Surface:
        """The panel under the offers, or the ledger, under `title`; `words` the keys' prefix (the
        auction's or the announcements': .bids or .said, .none)."""
        layer = pygame.Surface(size, pygame.SRCALPHA)
        area = layer.get_rect()
        draw_panel(layer, area, "panel")
        head, room, foot = self.auction_parts(area)
        inset = self.u(14)
        row = head.inflate(-2 * inset, 0)
        [title], size_ = text.fitted(title, HEADING, row.width)
        text.draw(layer, title, row.midleft, size_, theme.BRASS_LIGHT, "midleft", box=row, pad=0)
        row = foot.inflate(-2 * inset, 0)
        if not person:
            self._draw_bid_list(layer, pygame.Rect(row.x, room.y, row.width, foot.y - room.y), said, words)
            if speaker:
                [line], size_ = text.fitted(tr("krt.auction.to_speak", name=speaker), FOOT, row.width)
                text.draw(
                    layer, line, row.midleft, size_, theme.BRASS_LIGHT, "midleft", italic=True, box=row, pad=0
                )
            return layer
        label = tr(f"{words}.bids" if words == "krt.auction" else f"{words}.said") + ": "
        start = text.draw(
            layer, label, row.midleft, FOOT, theme.BRASS_LIGHT, "midleft", bold=True, box=row, pad=0
        )
        rest = pygame.Rect(start.right, row.y, row.right - start.right, row.height)
        [line], size_ = said_line(said, tr(f"{words}.none"), FOOT, rest.width)
        text.draw(layer, line, rest.midleft, size_, theme.CREAM, "midleft", box=rest, pad=0)
        return layer

    def _draw_bid_list(self, surface: pygame.Surface, area: pygame.Rect, said: list[str], words: str) -> None:
        """The auction so far, one bid a line, the latest in brass; the earliest give way when the
        ledger is full."""
        size: float = theme.SIZE_SMALL
        if not said:
            first = pygame.Rect(area.topleft, (area.width, text.line_height(size)))
            [none], size = text.fitted(tr(f"{words}.none"), size, area.width)
            text.draw(surface, none, area.topleft, size, theme.PARCHMENT, italic=True, box=first, pad=0)
            return
        line_h = text.line_height(size)
        shown = said[-max(1, area.height // line_h) :]
        for i, words in enumerate(shown):
            colour = theme.BRASS_LIGHT if i == len(shown) - 1 else theme.CREAM
            row = pygame.Rect(area.x, area.y + i * line_h, area.width, line_h)
            [line], small = text.fitted(words, size, area.width)
            text.draw(surface, line, row.midleft, small, colour, "midleft", box=row, pad=0)

    def _open_spot(self, seat: int, width: int, height: int) -> pygame.Rect:
        """Where an open hand lies: beside its seat, toward the middle of the table."""
        box = self.seat_rect(seat)
        w, _ = self.app.size
        if seat == self.hand_seat or box.bottom > self.r("hand").top:  # the bottom seat: above its plate
            return pygame.Rect(box.x, self.r("message").y - height - 10, width, height)
        if box.centerx > w * 0.7:
            return pygame.Rect(box.x - 12 - width, box.y + 6, width, height)
        return pygame.Rect(box.right + 12, box.y + 6, width, height)

    def _draw_open_hands(self, surface: pygame.Surface) -> None:
        """Ouvert: the hands laid open for all, face up beside their seats (public, so shown on a shared
        screen too), the called king ringed; the hand at the bottom already shows face up."""
        view = self.public
        w = max(32, self.card_w * 9 // 20)
        h = self.app.cards.size_for(w)[1]
        for seat, cards in enumerate(view.open_hands):
            if not cards or (seat == self.hand_seat and self.hand_open):
                continue
            step = min(w * 0.5, (self.card_w * 3.2 - w) / max(1, len(cards) - 1))
            width = round(w + step * (len(cards) - 1))
            spot = self._open_spot(seat, width, h)
            for i, card in enumerate(self.sort_hand(cards)):
                rect = pygame.Rect(round(spot.x + i * step), spot.y, w, h)
                drawn.picture(surface, self.app.cards.face("tarock", card, w), rect, "card")
                if card == view.king:
                    pygame.draw.rect(surface, theme.BRASS_LIGHT, rect.inflate(4, 4), 2, border_radius=4)
            small: float = theme.SIZE_SMALL - 4
            under = pygame.Rect(
                spot.x,
                spot.bottom + 2,
                max(spot.width, self.card_w * 2),
                text.line_height(small, italic=True),
            )
            [words], small = text.fitted(tr("krt.open_hand"), small, under.width, italic=True)
            text.draw(surface, words, under.topleft, small, theme.PARCHMENT, italic=True, box=under, pad=0)

    def _draw_called(self, surface: pygame.Surface) -> None:
        """The called king, small, beside the trick, as a reminder while the cards are played (before, the
        call is news and the auction's panel takes the felt; after, the sheet says all)."""
        view = self.public
        if view.king is None or view.phase not in ("discard", "tricks"):
            return
        w = self.card_w * 2 // 3
        area = self.r("trick")
        image = self.app.cards.face("tarock", view.king, w)
        rect = drawn.picture(
            surface,
            image,
            image.get_rect(topright=(area.right + w + self.u(24), area.centery - self.u(95))),
            "card",
        )
        small: float = theme.SIZE_SMALL - 4
        under = pygame.Rect(0, rect.bottom + 4, w + self.u(40), text.line_height(small))
        under.centerx = rect.centerx
        [words], small = text.fitted(tr("kr.called_king"), small, under.width)
        text.draw(surface, words, under.midtop, small, theme.PARCHMENT, "midtop", box=under, pad=0)

    # help while playing -----------------------------------------------------------------------------------
    def aid_view(self) -> KoenigrufenView | None:
        """The view of `aid_seat`, read once per position (None: no seat's own knowledge may show)."""
        seat = self.aid_seat
        if seat is None:
            return None
        key = (self.moves, seat, self.game.phase)
        if self._aid_key != key:
            self._aid_view, self._aid_key = self.game.view(seat), key
        return self._aid_view

    def _still_look(self) -> tuple[object, ...]:
        """What `_draw_still` draws from: the backdrop is composed again when any of it changes."""
        view = self.public
        return (
            tuple(self.plate_look(seat) for seat in range(self.n)),
            self.log.look,
            *self._gone(),
            view.king,
            view.phase,
            self.card_w,
            language(),
            self.app.settings.four_colour,
        )

    def _draw_still(self, layer: pygame.Surface) -> None:
        """What stays put from one event to the next, composed into the backdrop rather than drawn every
        frame: the name plates, the gone panel, the log and the called king. None of them lies under a
        portrait, another seat's badge or a button, so drawing them first shows the same table
        (tests/test_koenigrufen_scene.py)."""
        for seat in range(self.n):
            self.draw_plate(layer, seat)
        gone, at = self._gone()
        if gone is not None:
            drawn.blit(layer, gone, at)
        self.log.draw(layer, with_panel=False)
        self._draw_called(layer)

    def _gone(self) -> tuple[pygame.Surface | None, tuple[int, int]]:
        """The trumps and kings gone, the called king ringed, and the point count of the seat's known side,
        in a small panel in the top left corner, clear of every seat and card (composed once a position),
        and where it goes."""
        settings, view = self.app.settings, self.public
        margin = round(24 * self.layout.scale(self.app.size))
        at = (self.r("seat0").x - margin, self.r("seat2").y)
        if view.phase not in aids.PLAYING or view.contract is None:
            return None, at
        switches = tuple(getattr(settings, field) for field in AIDS)
        key = (
            self.moves,
            view.phase,
            self.aid_seat,
            switches,
            settings.four_colour,
            language(),
            self.app.size,
        )
        if self._gone_key != key:
            self._gone_layer, self._gone_key = self._compose_gone(view), key
        return self._gone_layer, at

    def _compose_gone(self, view: KoenigrufenView) -> pygame.Surface | None:
        settings = self.app.settings
        mine = self.aid_view() if settings.aid_points else None
        footer = self._points_words(mine) if mine is not None else ""
        if not (settings.aid_gone or footer):
            return None
        rows: tuple[aid_look.Row, ...] = ()
        if settings.aid_gone:
            labels = (tr("aid.gone.trumps"), "", tr("aid.gone.kings"))
            rows = tuple(
                aid_look.Row(label, tuple((card, _short(card)) for card in cards))
                for label, cards in zip(labels, aids.GONE_ROWS, strict=True)
            )
        marked = view.king if settings.aid_called else None
        title = tr("aid.gone.title") if settings.aid_gone else tr("aid.points.title")
        return aid_look.gone_panel(rows, aids.gone(view), marked, title, footer, settings.four_colour)

    def _points_words(self, view: KoenigrufenView) -> str:
        """The count of the seat's known side in words ("" where the contract counts no points)."""
        points = aids.side_points(view)
        if points is None:
            return ""
        side = aids.known_side(view)
        others = [self.seat_name(seat) for seat in sorted(side) if seat != view.seat]
        if not others:
            return tr("aid.points.own", n=points)
        return tr("aid.points.side", others=", ".join(others), n=points)

    def _draw_called_mark(self, surface: pygame.Surface) -> None:
        """A crown medal on the called king in the hand shown, when it holds it (never on a covered hand)."""
        view = self.aid_view()
        if not (self.app.settings.aid_called and self.hand_open and view is not None):
            return
        king = aids.called_in_hand(view)
        if king is None or view.seat != self.hand_seat:
            return
        images, w = self.app.cards, self.card_w
        r = aid_look.medal_radius(w)
        for i, sprite in enumerate(self.hand):
            if sprite.code != king or not sprite.face_up:
                continue
            rect = sprite.rect(images, w)
            right = self.hand[i + 1].rect(images, w).x if i + 1 < len(self.hand) else rect.right
            right = max(rect.x + 2 * r + 4, min(right, rect.right))
            aid_look.draw_medal(surface, (right - r - 2, rect.y + r // 2), w, "crown")

    def prompt(self) -> str:
        phase = self.game.phase
        if phase == "bid":
            return tr("krt.prompt.bid")
        if phase == "announce":
            if self.birds_owed:
                return tr("krt.prompt.bird")
            more = self._spoke_this_turn(self.public)
            return tr("krt.prompt.announce_more" if more else "krt.prompt.announce")
        if phase == "call":
            view = self.public
            if view.profile.bidding is None or view.contract is None:
                return tr("kr.prompt.call")
            return tr("krt.prompt.call", contract=contract_name(view.contract))
        if phase == "talon":
            return tr("krt.prompt.concede" if self.public.concession else "kr.prompt.talon")
        if phase == "discard":
            view = self.public
            assert view.contract is not None
            first = "trumps" if view.profile.contract(view.contract).trumps_first else "suits"
            return tr("krt.prompt.discard", n=self.discard_count, first=tr(f"krt.first.{first}"))
        if phase == "tricks":
            view = self.public
            trick = view.trick.cards
            if trick and suit_of(trick[0]) != "T":
                overtake = view.contract is not None and view.profile.contract(view.contract).overtake
                key = "krt.prompt.overtake" if overtake else "kr.prompt.follow"
                return tr(key, suit=SUIT_SYMBOLS[suit_of(trick[0])])
            return tr("kr.prompt.lead") if not trick else tr("kr.prompt.trump")
        return ""


def said_line(said: list[str], none: str, size: float, width: int) -> tuple[list[str], float]:
    """What was said so far in one line `width` wide: all of it if it reads whole (down to the smallest
    type), else only the latest words after an ellipsis, as many as read whole."""
    if not said:
        return text.fitted(none, size, width)
    for start in range(len(said)):
        line = ("… " if start else "") + " · ".join(said[start:])
        lines, fitted = text.fitted(line, size, width, floor=text.FLOOR)
        if not isinstance(lines[0], text.Shortened):
            return lines, fitted
    return text.fitted(said[-1], size, width)


def _short(card: str) -> str:
    """A card's name in the gone panel: a trump's number, Sküs as its initials, a king's suit."""
    if card in TRUMPS:
        return tr("aid.skus") if card == "SK" else str(TRUMPS.index(card) + 1)
    return SUIT_SYMBOLS[card[-1]]


def demo_table(app: App, seed: int) -> KoenigrufenTable:
    seats = tuple(SeatPlayer(tr("table.computer_n", n=i + 1), False) for i in range(4))
    return KoenigrufenTable(app, CardTableSetup("koenigrufen", seats, seed))
