"""How Königrufen reads in the interface: the German card names players expect, and what the log says of
each event. Plain text through the translation lookup, no pygame, so the table and the History word a
match the same way."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.games.koenigrufen import house
from game.games.koenigrufen.cards import SUIT_SYMBOLS, TRUMPS
from game.games.koenigrufen.core import DEFENDERS, ScoreItem
from game.games.koenigrufen.profile import BIRDS, CARDAVIA, Contract, Profile
from game.games.koenigrufen.rules import (
    BidMade,
    Conceded,
    ContractDeclared,
    DealScored,
    DealStarted,
    DeclarerAlone,
    Discarded,
    KingCalled,
    PartnerRevealed,
    Said,
    TalonLeft,
    TalonTaken,
    TalonTakenWhole,
    TrickWon,
    pays,
)
from game.i18n import has, tr


def card_label(card: str) -> str:
    """'XIV', 'Sküs', 'König ♥' — the German names players expect, in every language."""
    if card == "SK":
        return tr("kr.card.SK")
    if card in TRUMPS:
        return {"I": tr("kr.card.I"), "XXI": tr("kr.card.XXI")}.get(card, card)
    rank, suit = card[:-1], card[-1]
    return f"{tr('kr.rank.' + rank)} {SUIT_SYMBOLS[suit]}"


def cards_label(cards: tuple[str, ...]) -> str:
    return ", ".join(card_label(c) for c in cards)


def bid_label(word: str) -> str:
    """A word of the auction as players say it: a contract's name, the neutral opening, pass or hold."""
    return tr(f"kr.contract.{word}") if has(f"kr.contract.{word}") else tr(f"kr.bid.{word}")


def contract_name(contract_id: str) -> str:
    return tr(f"kr.contract.{contract_id}")


def pays_label(rules: Profile, word: str) -> str:
    """What a bid pays per opponent, won and lost ('' for a word that names no contract)."""
    if word not in {c.id for c in rules.contracts}:
        return ""
    won, lost = pays(rules, word)
    contract = rules.contract(word)
    if contract.kind == "trischaken":
        return tr("krt.pays.trischaken", n=won)
    return tr("krt.pays.bird" if contract.bird else "krt.pays", won=won, lost=lost)


def contract_line(contract: Contract, short: bool = False) -> str:
    """What a contract is, in one line read from its profile values: partner or alone, the talon, the
    objective, the play rules that change (`short`: in the catalogue's short words, for narrow boxes)."""
    desc = "krt.desc.short" if short else "krt.desc"
    if contract.kind == "trischaken":
        return tr(f"{desc}.trischaken")
    parts = [tr(f"{desc}.call" if contract.call else f"{desc}.alone")]
    parts.append(tr(f"{desc}.talon.{contract.talon}"))
    if contract.kind == "negative":
        parts.append(tr(f"{desc}.tricks_one" if contract.target == 1 else f"{desc}.tricks_none"))
    else:
        parts.append(
            tr(f"{desc}.points_bird" if contract.bird else f"{desc}.points", n=-(-contract.target // 3))
        )
    if contract.colour:
        parts.append(tr(f"{desc}.colour"))
    if contract.ouvert:
        parts.append(tr(f"{desc}.ouvert"))
    return " · ".join(parts)


def bid_line(rules: Profile, word: str, short: bool = False) -> str:
    """The one-line description of a word of the auction (`short`: its short form)."""
    if word in {c.id for c in rules.contracts}:
        return contract_line(rules.contract(word), short)
    desc = "krt.desc.short" if short else "krt.desc"
    return tr(f"{desc}.{'neutral' if word not in ('pass', 'hold') else word}")


def profile_name(choice: str) -> str:
    """A profile by its full name: one Atout ships (with its source), or the group's house rules."""
    return tr("krt.profile.house" if choice.startswith(house.HOUSE) else f"kr.profile.{choice}")


def profile_short_name(choice: str) -> str:
    """A profile as the menu's narrow choice names it."""
    return tr(f"krt.profile.short.{house.HOUSE if choice.startswith(house.HOUSE) else choice}")


def bonus_name(item: str) -> str:
    """A bonus or the game, as the announcements name it (the defenders' own under `per_side`, marked)."""
    if item.endswith(DEFENDERS):
        return tr("kr.bonus.defenders", item=tr(f"kr.bonus.{item.removesuffix(DEFENDERS)}"))
    return tr(f"kr.bonus.{item}")


def bonus_line(item: str, short: bool = False) -> str:
    """What a bonus asks, in one line (the birds read from the card and trick the profile module gives;
    `short`: in the catalogue's short words)."""
    words = "krt.bonus.short" if short else "krt.bonus"
    if item in BIRDS:
        card, trick = BIRDS[item]
        return tr(f"{words}.bird", card=card, n=trick)
    return tr(f"{words}.{item}")


def bonus_pays(rules: Profile, contract_id: str, item: str) -> str:
    """What a bonus pays per opponent in the contract played: announced, and silent where it counts."""
    bonus = next(b for b in rules.bonuses if b.id == item)
    factor = rules.contract(contract_id).bonus_factor
    if bonus.silent:
        return tr("krt.bonus.pays", announced=bonus.announced * factor, silent=bonus.silent * factor)
    return tr("krt.bonus.pays_announced", announced=bonus.announced * factor)


def said_words(said: Said, name: Callable[[int], str]) -> str:
    """A word of the announcement round as all hear it."""
    if said.word == "announce":
        return tr("kr.say.announce", name=name(said.seat), items=", ".join(map(bonus_name, said.items)))
    if said.word == "kontra":
        level = tr(f"kr.kontra.{said.level}")
        if said.against not in (-1, said.seat):  # the declarer's Rekontra on one defender's account
            return tr("kr.say.kontra_against", name=name(said.seat), level=level, defender=name(said.against))
        return tr("kr.say.kontra", name=name(said.seat), level=level, item=bonus_name(said.items[0]))
    return tr("krt.said", name=name(said.seat), word=tr(f"kr.say.{said.word}"))


def item_label(item: ScoreItem) -> str:
    """A line of the settlement: the item, silent or announced, made or failed, its Kontra (which, said
    only of an announced item, stands for "announced")."""
    parts = [bonus_name(item.item)]
    if item.item not in ("game", "concession"):  # played, won or lost as the result says, not announced
        if not item.kontra:  # only an announced item is doubled: its Kontra says so, in less room
            parts.append(tr("kr.item.announced" if item.announced else "kr.item.silent"))
        parts.append(tr("krt.item.made" if item.made else "krt.item.failed"))
    if item.kontra:
        parts.append(tr(f"kr.kontra.{item.kontra}"))
    return " · ".join(parts)


def result_words(event: DealScored, rules: Profile = CARDAVIA) -> str:
    """The deal's outcome as the table says it: card points, tricks for a negative contract, or the
    Trischaken piles' verdict."""
    kind = rules.contract(event.contract).kind
    result = tr("kr.won" if event.won else "kr.lost")
    if any(item.item == "concession" for item in event.items):
        return tr("krt.msg.scored_conceded", contract=contract_name(event.contract))
    if kind == "trischaken":
        return tr("krt.msg.scored_trischaken", contract=contract_name(event.contract))
    if kind == "negative":
        tricks = event.tricks[event.declarer]
        key = "krt.msg.scored_negative_one" if tricks == 1 else "krt.msg.scored_negative"
        return tr(key, contract=contract_name(event.contract), n=tricks, result=result)
    return tr("kr.msg.scored", points=event.declarer_side_points, result=result)


def discard_words(event: Discarded, name: Callable[[int], str]) -> str:
    """A discard as all see it: how many cards, and those laid face up."""
    shown = event.shown_trumps
    if shown:
        key = "kr.msg.shown_trumps" if all(card in TRUMPS for card in shown) else "krt.msg.shown_cards"
        return tr(key, name=name(event.seat), cards=cards_label(shown))
    if event.count == 3:
        return tr("kr.msg.discarded", name=name(event.seat))
    return tr("krt.msg.discarded_n", name=name(event.seat), n=event.count)


def log_lines(event: Any, name: Callable[[int], str], rules: Profile = CARDAVIA) -> list[str]:
    """The log's lines for `event`; `name` gives a seat's name, `rules` the profile played."""
    match event:
        case BidMade(seat=seat, word=word):
            return [tr("krt.log.bid", name=name(seat), word=bid_label(word))]
        case Said():
            return [said_words(event, name)]
        case ContractDeclared(declarer=declarer, contract=contract):
            return [tr("krt.msg.declared", name=name(declarer), contract=contract_name(contract))]
        case TalonTakenWhole(seat=seat, cards=cards):
            if cards:
                return [tr("kr.log.talon_taken", name=name(seat), cards=cards_label(cards))]
            return [tr("krt.log.talon_whole", name=name(seat))]
        case DealStarted(deal_no=n, dealer=dealer, forehand=forehand):
            key = "kr.log.deal" if rules.bidding is None else "krt.log.deal_auction"
            return [tr(key, n=n, dealer=name(dealer), forehand=name(forehand))]
        case KingCalled(seat=seat, king=king):
            return [tr("kr.msg.called", name=name(seat), king=card_label(king))]
        case TalonTaken(seat=seat, cards=cards):
            return [tr("kr.log.talon_taken", name=name(seat), cards=cards_label(cards))]
        case TalonLeft(cards=cards):
            return [tr("kr.log.talon_left", cards=cards_label(cards))]
        case Discarded():
            return [discard_words(event, name)]
        case PartnerRevealed(declarer=declarer, partner=partner):
            return [tr("kr.msg.partner", partner=name(partner), declarer=name(declarer))]
        case DeclarerAlone(declarer=declarer, reason=reason):
            return [tr(f"kr.msg.alone.{reason}", name=name(declarer))]
        case Conceded(declarer=declarer):
            return [tr("krt.msg.conceded", name=name(declarer))]
        case TrickWon(seat=seat, points=points, trick_no=no):
            return [tr("kr.log.trick", n=no, name=name(seat), points=points)]
        case DealScored():
            return [result_words(event, rules)]
    return []
