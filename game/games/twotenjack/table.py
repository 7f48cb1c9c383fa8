"""The Two-Ten-Jack table: two to six players, hearts fixed trump, a face-up stock everyone can read.

Seats follow the rules module: seat 0 at the bottom, seat 1 on its left, and so on clockwise.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

import pygame

from game.game_spec import HIDDEN
from game.games.twotenjack import aids
from game.games.twotenjack.cards import DECK, JOKER, POINTS
from game.games.twotenjack.parts import new_state
from game.games.twotenjack.rules import (
    CardDrawn,
    CardPlayed,
    HandDealt,
    MatchOver,
    NextRound,
    Play,
    RoundScored,
    RoundStarted,
    StockLaid,
    TrickWon,
    TwoTenJackView,
    known_holdings,
)
from game.games.twotenjack.sheet import round_sheet
from game.games.twotenjack.words import card_label, log_lines
from game.i18n import language, tr
from game.scenes.trick_table import TrickTable
from game.seating import CardTableSetup
from game.sheets import ScoreSheet
from game.ui import aids as aid_look
from game.ui import drawn, text, theme

if TYPE_CHECKING:
    from game.app import App

RANK_ORDER = {r: i for i, r in enumerate(("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"))}
SUIT_ORDER = {"H": 0, "S": 1, "D": 2, "C": 3}


def sort_key(card: str) -> tuple[int, int]:
    """Joker first, then hearts (trump), spades, diamonds, clubs, each high to low."""
    if card == "JK":
        return (-1, 0)
    return (SUIT_ORDER[card[-1]], -RANK_ORDER[card[:-1]])


class TwoTenJackTable(TrickTable):
    name = "twotenjack"
    game_id = "twotenjack"
    pack = "french"
    back = "twotenjack"
    next_label = "ttj.next_round"

    def __init__(self, app: App, setup: CardTableSetup) -> None:
        super().__init__(app, setup)
        self.game = new_state(setup)
        self.stock: list[str | None] = []  # as shown: the next card to draw first, None if face down
        self.app.cards.warm(
            [self.app.cards.path_for("french", c) for c in DECK] + ["backs/twotenjack"], self.card_w
        )
        self.enqueue(list(self.game.opening))

    # hooks ----------------------------------------------------------------------------------------
    def playable(self, seat: int) -> set[str]:
        if self.game.phase != "play" or self.game.to_act != seat:
            return set()
        return {card for card, _ in self.game.view(seat).legal}

    def card_action(self, seat: int, card: str) -> Any:
        """Face up when allowed; an opening lead from only joker, spades and hearts goes face down."""
        options = self.game.view(seat).legal
        return Play(seat, card, (card, False) not in options and (card, True) in options)

    def card_name(self, card: str) -> str:
        return card_label(card)

    def move_words(self, action: Any) -> str:
        """The joker named with its article, as a hint says "play the 10♥" (not "play the the joker")."""
        if isinstance(action, Play) and action.card == JOKER:
            return tr("ttj.hint.joker_down" if action.face_down else "ttj.hint.joker")
        return ""

    def trick_winner_shown(self) -> int | None:
        """A face-down lead is passed unseen: it never counts, and its face is not the table's to read."""
        plays = [(None, True) if s is self.face_down_lead else (s.code, False) for _, s in self.trick]
        return aids.winning_index(plays)

    def sort_hand(self, cards: tuple[str, ...]) -> list[str]:
        return sorted(cards, key=sort_key)

    def seat_detail(self, seat: int) -> str:
        view = self.game.view(seat)
        return tr("ttj.plate", round=_round_points(view.piles[seat]), total=view.totals[seat])

    def seat_detail_short(self, seat: int) -> str:
        view = self.game.view(seat)
        return tr("ttj.plate_short", round=_round_points(view.piles[seat]), total=view.totals[seat])

    def seat_badge(self, seat: int) -> str:
        return tr("ttj.dealer") if seat == self.game.view(seat).dealer else ""

    def score_sheet(self) -> ScoreSheet:
        names = [self.seat_name(s) for s in range(self.n)]
        view = self.game.view(0)
        log = tuple(self.log.lines)
        return round_sheet(names, self.scored, view.rounds, self.game.is_over, log, view.round_scores)

    def event_lines(self, event: Any) -> list[str]:
        return log_lines(event, self.seat_name)

    def next_action(self, seat: int) -> Any:
        return NextRound(seat)

    # presenting events -------------------------------------------------------------------------------
    def present(self, event: Any) -> float:
        d = self.app.duration
        match event:
            case RoundStarted(round_no=n, dealer=dealer, leader=leader):
                self.clear_for_deal()
                self.sound("shuffle")
                self.say(
                    lambda: tr(
                        "ttj.msg.round", n=n, dealer=self.seat_name(dealer), leader=self.seat_name(leader)
                    )
                )
                return d(0.8)
            case HandDealt(seat=seat, cards=cards):
                return self.deal_to(seat, cards, 0.0) + d(0.05)
            case StockLaid(face_up=face_up, hidden_top=hidden):
                self.stock = [None] * hidden + list(reversed(face_up))
                return d(0.3)
            case CardPlayed(seat=seat, card=card, face_down=face_down):
                return self.play_to_trick(seat, card, face_down)
            case TrickWon(seat=seat, cards=cards, points=points):
                self.say(lambda: tr("ttj.msg.trick", name=self.seat_name(seat), points=points))
                for (_, sprite), card in zip(self.trick, cards, strict=False):
                    sprite.code = card  # a face-down lead another seat played, unknown here until now
                return self.gather_trick(seat)
            case CardDrawn(seat=seat, card=card, was_hidden=hidden):
                return self._drawn(seat, card, hidden)
            case RoundScored():
                self.scored = event
                self.say(lambda: tr("ttj.msg.scored", n=event.round_no))
                self.sound("success")
                return d(1.0)
            case MatchOver():
                return d(0.3)
        return 0.0

    @property
    def stock_centre(self) -> tuple[int, int]:
        return self.r("stock").center

    def _drawn(self, seat: int, card: str, hidden: bool) -> float:
        """A card leaves the stock: into the shown hand (face down if that hand is covered), or face up (face
        down if hidden) toward its seat."""
        d = self.app.duration
        if self.stock:
            self.stock.pop(0)
        if self.stock and self.stock[0] == HIDDEN:  # at a remote table: the card now on top, as it shows
            top = self.game.view(self.spectator_seat).stock
            self.stock[0] = top[0] if top else None
        start = self.stock_centre
        if seat == self.hand_seat:
            sprite = self.sprite(card, False, start)
            self.hand.append(sprite)
            order = self.sort_hand(tuple(s.code for s in self.hand))
            self.hand.sort(key=lambda s: order.index(s.code))
            self.relayout_hand(0.3)
            if self.hand_open:
                sprite.flip(self.tweens, d(0.2), d(0.3), "cards")
        else:
            sprite = self.sprite(card, not hidden, start)
            self.ghosts.append(sprite)
            sprite.fly(
                self.tweens,
                self.seat_anchor(seat),
                d(0.35),
                arc=30,
                tag="cards",
                on_done=lambda s=sprite: self._drop_ghost(s),
            )
        self.sound("deal", 0.7)
        return d(0.22)

    # frame --------------------------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        points = "points" not in self.given_up
        panels = [(self.log.rect, "glass"), (self.r("removed"), "glass")]
        self.draw_backdrop(surface, [*panels, (self.r("points"), "glass")] if points else panels)
        self._draw_removed(surface)
        self._draw_stock(surface)
        self.draw_seats(surface)
        if points:
            self._draw_points(surface)
        self.log.draw(surface, with_panel=False)
        self.controls.draw(surface)
        self.draw_message(surface)
        self.draw_cards(surface)
        self.draw_last_trick(surface)
        self.draw_refusal(surface)

    def _draw_removed(self, surface: pygame.Surface) -> None:
        area = self.r("removed")
        band = area.inflate(-self.u(12), 0)
        view = self.game.view(self.spectator_seat)
        small = theme.SIZE_SMALL
        label = text.draw(
            surface, tr("ttj.removed"), band.midleft, small, theme.BRASS_LIGHT, "midleft", box=area
        )
        x = label.right + self.u(12)
        for card in view.removed:
            at = (x, area.centery)
            r = text.draw(surface, card_label(card), at, small, theme.CREAM, "midleft", bold=True, box=area)
            x = r.right + self.u(14)
        words = tr("ttj.round_of", n=view.round_no, total=view.rounds)
        round_of = text.draw(surface, words, band.midright, small, theme.PARCHMENT, "midright", box=area)
        if self.app.settings.aid_gone:
            gap = self.u(10)
            self._draw_gone(
                surface, view, pygame.Rect(x + gap, area.y, round_of.x - 2 * gap - x, area.height)
            )

    def _draw_gone(self, surface: pygame.Surface, view: TwoTenJackView, room: pygame.Rect) -> None:
        """The hearts, spades and joker gone, in two rows in the band between the removed cards and the
        round: struck out once played (public to all, so the same on a shared screen)."""
        rows = _gone_rows(language())
        size: float = aid_look.TOKEN
        while size > text.FLOOR and aid_look.gone_height(len(rows), size) > room.height - 2 * text.PAD:
            size -= 1
        panel = aid_look.gone_panel(rows, aids.gone(view), None, "", "", self.app.settings.four_colour, size)
        words = tr("aid.gone.label")
        gap = self.u(10)
        label_w = text.size_of(words, theme.SIZE_SMALL)[0] + gap
        if label_w + panel.get_width() > room.width:  # a narrow band: the suits say enough
            words, label_w = "", 0
        left = room.centerx - (label_w + panel.get_width()) // 2
        if left < room.x:  # still no room at this size and language: the panel yields
            return
        if words:
            text.draw(
                surface, words, (left, room.centery), theme.SIZE_SMALL, theme.BRASS_LIGHT, "midleft", box=room
            )
        drawn.blit(surface, panel, panel.get_rect(midleft=(left + label_w, room.centery)))

    def _draw_stock(self, surface: pygame.Surface) -> None:
        """The stock: a face-up pile whose top card everyone reads (face down at the start of a round)."""
        if not self.stock:
            return
        w = self.card_w
        centre = self.stock_centre
        edge = self.app.cards.back(self.back, w)
        for i in range(min(6, (len(self.stock) + 5) // 6), 0, -1):  # the pile's thickness
            drawn.picture(surface, edge, edge.get_rect(center=(centre[0] + i * 2, centre[1] + i * 2)), "card")
        top = self.stock[0]
        image = edge if top is None else self.app.cards.face("french", top, w)
        drawn.picture(surface, image, image.get_rect(center=centre), "card")
        area = self.r("stock")
        under = pygame.Rect(area.x, area.bottom + self.u(4), area.width, text.line_height(theme.SIZE_SMALL))
        [words], size = text.fitted(tr("ttj.stock", n=len(self.stock)), theme.SIZE_SMALL, under.width)
        text.draw(surface, words, (centre[0], under.y), size, theme.PARCHMENT, "midtop", box=under, pad=0)

    def _draw_points(self, surface: pygame.Surface) -> None:
        panel = self.r("points")
        area = panel.inflate(-self.u(20), -self.u(16))
        view = self.game.view(self.spectator_seat)
        known = known_holdings(view)
        size = theme.SIZE_SMALL - 2
        lh = text.line_height(size)
        y = area.y
        title = tr("ttj.points_title")
        text.draw(surface, title, (area.x, y), theme.SIZE_SMALL, theme.BRASS_LIGHT, bold=True, box=panel)
        y += lh + self.u(6)
        for seat in range(self.n):
            pile = view.piles[seat]
            scoring = [c for c in pile if POINTS[c]]
            turn = seat == self.to_act
            [name], named = text.fitted(self.seat_name(seat), size, area.width * 2 // 3, bold=turn)
            text.draw(surface, name, (area.x, y), named, theme.CREAM, bold=turn, box=panel)
            points = f"{_round_points(pile):+d}"
            text.draw(
                surface, points, (area.right, y), size, theme.BRASS_LIGHT, "topright", bold=True, box=panel
            )
            y += lh
            if scoring:  # the cards that score, over as many lines as they take
                line = " ".join(card_label(c) for c in scoring)
                for part in text.wrap(line, size - 2, area.width - self.u(12)):
                    text.draw(surface, part, (area.x + self.u(12), y), size - 2, theme.PARCHMENT, box=panel)
                    y += lh - 2
        y += self.u(8)
        pygame.draw.line(surface, theme.BRASS, (area.x, y), (area.right, y), 1)
        y += self.u(6)
        title = tr("ttj.known_title")
        text.draw(surface, title, (area.x, y), theme.SIZE_SMALL, theme.BRASS_LIGHT, bold=True, box=panel)
        y += lh + self.u(4)
        lines = [
            f"{self.seat_name(seat)}: " + " ".join(card_label(c) for c in known[seat])
            for seat in range(self.n)
            if seat != self.spectator_seat and known[seat]
        ]
        room = max(0, (area.bottom - y) // lh)
        if len(lines) > room > 0:  # the panel is full: the last line shown stands for those left out
            lines[room - 1 :] = [text.Shortened(lines[room - 1], " · ".join(lines[room - 1 :]))]
        for line in lines[:room]:
            [shown], small = text.fitted(line, size - 1, area.width)
            text.draw(surface, shown, (area.x, y), small, theme.CREAM, box=panel)
            y += lh

    def prompt(self) -> str:
        seat = self.game.to_act
        if seat is None or self.game.phase != "play":
            return ""
        view = self.game.view(seat)
        if view.legal and all(face_down for _, face_down in view.legal):
            return tr("ttj.prompt.face_down")
        if not view.trick:
            return tr("ttj.prompt.opening") if view.opening else tr("ttj.prompt.lead")
        return tr("ttj.prompt.follow")


@cache
def _gone_rows(lang: str) -> tuple[aid_look.Row, ...]:
    """The gone rows in `lang`: each card by its rank (the row's suit says the rest), the joker shortened."""
    del lang  # keys the cache: `tr` words them in the language in use
    return tuple(
        aid_look.Row(
            symbol,
            tuple((card, tr("aid.joker") if card == "JK" else tr(f"rank.{card[:-1]}")) for card in cards),
        )
        for symbol, cards in zip(("♥", "♠"), aids.GONE_ROWS, strict=True)
    )


def _round_points(pile: tuple[str, ...]) -> int:
    from game.games.twotenjack.cards import score_pile

    return score_pile(pile) if pile else 0
