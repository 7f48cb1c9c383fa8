"""Königrufen's rules page under the profile in use: the fixed text (`rules.koenigrufen`: the cards, the
deal, following suit, counting, the match) with the sections that differ between groups generated from
the profile's values, so that the page never contradicts the rules being played and a contract added to
a ladder appears without new words beyond its name. Markup of the rules reader: "# " a heading, "- " a
bullet."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import TypeVar

from game.games.koenigrufen.profile import BIRDS, Contract, Profile
from game.games.koenigrufen.words import (
    bid_label,
    bonus_line,
    bonus_name,
    contract_line,
    contract_name,
    pays_label,
    profile_name,
)
from game.i18n import tr

K = TypeVar("K", bound=Hashable)


def page(rules: Profile) -> str:
    """The whole rules page of a table playing `rules`."""
    return tr(
        "rules.koenigrufen",
        profile=profile_name(rules.id),
        declaring=_lines(declaring(rules) + king(rules) + talon(rules)),
        tricks=_lines(tricks(rules)),
        scoring=_lines(winning(rules) + trischaken(rules) + announcements(rules) + settlement(rules)),
    )


def played(rules: Profile) -> tuple[Contract, ...]:
    """The contracts a table under `rules` can play: without an auction, forehand's one."""
    return rules.contracts if rules.bidding is not None else rules.contracts[:1]


def _lines(lines: list[str]) -> str:
    return "\n".join(lines)


def listed(names: Iterable[str]) -> str:
    """'A, B and C', as a sentence lists names."""
    items = list(names)
    return items[0] if len(items) == 1 else tr("krp.and", first=", ".join(items[:-1]), last=items[-1])


def _contracts(contracts: Iterable[Contract]) -> str:
    return listed(contract_name(c.id) for c in contracts)


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


def _where(rules: Profile, contracts: list[Contract], words: str) -> str:
    """`words` (lower case) as a sentence, or a bullet naming the contracts when not all the played ones."""
    if len(contracts) == len(played(rules)):
        return _capital(words)
    return tr("krp.where", contracts=_contracts(contracts), words=words)


def _grouped(rules: Profile, key: Callable[[Contract], K]) -> dict[K, list[Contract]]:
    """The played contracts grouped by `key`, in ladder order."""
    groups: dict[K, list[Contract]] = {}
    for contract in played(rules):
        groups.setdefault(key(contract), []).append(contract)
    return groups


# --- before the tricks ---------------------------------------------------------------------------------


def declaring(rules: Profile) -> list[str]:
    """Who declares: forehand's one contract, or the auction and the ladder it bids on."""
    bidding = rules.bidding
    if bidding is None:
        first = rules.contracts[0]
        return [tr("krp.fixed.heading"), tr("krp.fixed", contract=contract_name(first.id))]
    lines = [tr("krp.auction.heading"), tr("krp.auction", neutral=bid_label(bidding.neutral))]
    only_chosen = [
        c for c in played(rules) if c.id in bidding.reserved and c.id not in bidding.first_word_only
    ]
    if only_chosen:
        lines.append(tr("krp.auction.reserved", contracts=_contracts(only_chosen)))
    if bidding.first_word_only:
        first_word = [rules.contract(c) for c in bidding.first_word_only]
        lines.append(tr("krp.auction.first_word", contracts=_contracts(first_word)))
    after = [rules.contract(c) for c in bidding.after_neutral]
    lines.append(
        tr("krp.auction.after_neutral", word=bid_label(bidding.neutral), contracts=_contracts(after))
    )
    if bidding.hold:
        lines.append(tr("krp.auction.hold", word=bid_label("hold")))
    birds = [c for c in played(rules) if c.bird]
    if birds:
        kinds = listed(bonus_name(b.id) for b in rules.bonuses if b.id in BIRDS)
        lines.append(tr("krp.auction.birds", contracts=_contracts(birds), birds=kinds))
        if rules.bird_held:
            lines.append(tr("krp.auction.bird_held", contracts=_contracts(birds)))
    lines += [tr("krp.ladder.heading"), tr("krp.ladder")]
    for contract in played(rules):
        pays = pays_label(rules, contract.id)
        lines.append(
            tr(
                "krp.ladder.contract",
                name=contract_name(contract.id),
                pays=pays,
                line=contract_line(contract),
            )
        )
    return lines


def king(rules: Profile) -> list[str]:
    """The king call, where a played contract has one: who the partner is, when the declarer is alone."""
    calling = [c for c in played(rules) if c.call]
    if not calling:
        return []
    lines = [tr("krp.king.heading"), _where(rules, calling, tr("krp.king"))]
    if rules.call_own_king:
        lines.append(tr("krp.king.own"))
    else:
        lines.append(tr("krp.king.not_own"))
        barred = [c for c in calling if c.max_kings < 4]
        if barred:
            lines.append(tr("krp.king.four", contracts=_contracts(barred)))
    if rules.concession is not None:
        lines.append(tr(f"krp.king.concession.{rules.concession}"))
    return lines


def talon(rules: Profile) -> list[str]:
    """What becomes of the talon in each contract, of a called king lying in it, and the discard where the
    declarer takes any of it."""
    lines = [tr("krp.talon.heading")]
    for (use, shown), contracts in _grouped(rules, lambda c: (c.talon, c.talon_shown)).items():
        if use == "trischaken":
            last = rules.trischaken is not None and rules.trischaken.talon_to_last_trick
            lines.append(
                _where(rules, contracts, tr("krp.talon.trischaken_last" if last else "krp.talon.none"))
            )
        else:
            lines.append(_where(rules, contracts, tr(f"krp.talon.{use}" + ("_shown" if shown else ""))))
    calling = [c for c in played(rules) if c.call]
    halves = [c for c in calling if c.talon == "halves"]
    if halves:
        lines.append(_where(rules, halves, tr("krp.king.talon_halves")))
    given = [c for c in calling if c.talon == "defenders"]
    if given and rules.solo_king_talon is not None:
        lines.append(_where(rules, given, tr(f"krp.king.talon_{rules.solo_king_talon}")))
    for count, contracts in _grouped(rules, lambda c: c.discard).items():
        if count:
            lines.append(_where(rules, contracts, tr(f"krp.discard.{count}")))
    for first, contracts in _grouped(rules, lambda c: c.trumps_first if c.discard else None).items():
        if first is not None:
            words = tr("krp.discard.trumps_first" if first else "krp.discard.suit_first")
            lines.append(_where(rules, contracts, words))
    if any(c.discard for c in played(rules)):
        lines.append(tr("krp.discard.barred"))
    return lines


# --- the tricks ----------------------------------------------------------------------------------------


def tricks(rules: Profile) -> list[str]:
    """Who leads first, the Emperor's trick, and the play rules some contracts add to following suit."""
    lines = []
    for lead, contracts in _grouped(rules, lambda c: "declarer" if rules.bidding is None else c.lead).items():
        lines.append(_where(rules, contracts, tr(f"krp.lead.{lead}")))
    if rules.emperors_trick:
        lines.append(tr("krp.emperor"))
    rules_of = (
        ("overtake", [c for c in played(rules) if c.overtake]),
        ("pagat_rule", [c for c in played(rules) if c.pagat_rule]),
        ("colour", [c for c in played(rules) if c.colour]),
        ("ouvert_all" if rules.ouvert_all else "ouvert", [c for c in played(rules) if c.ouvert]),
        ("early_end", [c for c in played(rules) if c.kind == "negative" and rules.early_end]),
    )
    changes = [
        tr("krp.play.where", contracts=_contracts(cs), words=tr(f"krp.play.{n}")) for n, cs in rules_of if cs
    ]
    if changes:
        lines += [tr("krp.play.changes"), *changes]
    return lines


# --- after the tricks ----------------------------------------------------------------------------------


def winning(rules: Profile) -> list[str]:
    """What each contract's declaring side needs, in card points or tricks."""
    lines = [tr("krp.win.heading")]
    positive = [c for c in played(rules) if c.kind == "positive"]
    if positive:
        lines.append(tr("krp.win.count"))
    for (kind, thirds), contracts in _grouped(rules, lambda c: (c.kind, c.target)).items():
        if kind == "positive":
            need = -(-thirds // 3)
            lines.append(_where(rules, contracts, tr("krp.win.points", n=need, less=need - 1)))
        elif kind == "negative":
            lines.append(_where(rules, contracts, tr("krp.win.one" if thirds == 1 else "krp.win.none")))
    return lines


def trischaken(rules: Profile) -> list[str]:
    """Trischaken's payout, where it is played."""
    payout = rules.trischaken
    if payout is None or not any(c.kind == "trischaken" for c in played(rules)):
        return []
    lines = [tr("krp.tri.heading"), tr("krp.tri.rounded" if payout.rounded else "krp.tri.thirds")]
    if payout.payout == "each":
        lines.append(tr("krp.tri.each"))
        if payout.mayor_thirds is not None:
            lines.append(tr("krp.tri.mayor", n=-(-payout.mayor_thirds // 3)))
        lines.append(tr("krp.tri.maidens_each"))
    else:
        lines += [tr("krp.tri.sides"), tr("krp.tri.maidens_sides")]
    key = "krp.tri.forehand_tied" if payout.forehand_tied_alone else "krp.tri.forehand"
    lines.append(tr(key, n=payout.forehand_factor))
    return lines


def announcements(rules: Profile) -> list[str]:
    """The announcement round, the bonuses with what they pay, which contracts score them, and Kontra."""
    say = rules.announcing
    if say is None or not any(c.bonuses or _kontra_cap(rules, c) for c in played(rules)):
        return []
    lines = [tr("krp.say.heading"), tr("krp.say.round")]
    if say.closing:
        lines.append(tr("krp.say.closing", word=tr("kr.say.ich_liege")))
    if say.declarer_first_only:
        lines.append(tr("krp.say.first_only", word=tr("kr.say.ich_liege" if say.closing else "kr.say.pass")))
    if say.once_per_player:  # the doubling open to the end, or its window told below
        lines.append(tr("krp.say.once_only" if say.kontra_window else "krp.say.once"))
    if say.several_per_turn:
        lines.append(tr("krp.say.several", word=tr("kr.say.done")))
    quiet = [c for c in played(rules) if c.silent_first]
    if quiet:
        lines.append(tr("krp.say.silent_first", contracts=_contracts(quiet)))
    lines.append(tr("krp.say.bonuses"))
    for bonus in rules.bonuses:
        pays = tr("krp.say.pays", announced=bonus.announced, silent=bonus.silent)
        if not bonus.silent:
            pays = tr("krp.say.pays_announced", announced=bonus.announced)
        who = tr(f"krp.say.by.{bonus.announce_by}")
        lines.append(
            tr("krp.say.bonus", name=bonus_name(bonus.id), line=bonus_line(bonus.id), pays=pays, who=who)
        )
    for (names, factor), contracts in _grouped(rules, lambda c: (c.bonuses, c.bonus_factor)).items():
        if names:
            key = "krp.say.scored_by" if factor == 1 else "krp.say.scored_by_factor"
            bonuses = listed(map(bonus_name, names))
            lines.append(tr(key, contracts=_contracts(contracts), bonuses=bonuses, n=factor))
    doubled = [c for c in played(rules) if not c.bonuses and _kontra_cap(rules, c)]
    if doubled:
        lines.append(tr("krp.say.game_only", contracts=_contracts(doubled)))
    silent = [c for c in played(rules) if not c.bonuses and not _kontra_cap(rules, c)]
    if silent:
        lines.append(tr("krp.say.none", contracts=_contracts(silent)))
    if say.failed_silent_counts:
        lines.append(tr("krp.say.failed_silent"))
    if say.valat_replaces_game and any("valat" in c.bonuses for c in played(rules)):
        lines.append(tr("krp.say.valat"))
    if say.per_side and any(c.bonuses for c in played(rules)):
        lines.append(tr("krp.say.per_side"))
    if say.reserve_announced and any(c.bonuses for c in played(rules)):
        lines.append(tr("krp.say.reserve"))
    if say.keep_announced and any(c.bonuses for c in played(rules)):
        lines.append(tr("krp.say.keep"))
    if say.kontra_cap:
        lines += [tr("krp.kontra.heading"), tr("krp.kontra")]
        lines += [
            tr(f"krp.kontra.{level}", word=tr(f"kr.kontra.{level}")) for level in range(1, say.kontra_cap + 1)
        ]
        if say.kontra_cap_negative != say.kontra_cap and any(c.kind == "negative" for c in played(rules)):
            if say.kontra_cap_negative:
                levels = listed(tr(f"kr.kontra.{n}") for n in range(1, say.kontra_cap_negative + 1))
                lines.append(tr("krp.kontra.negative", levels=levels))
            else:
                lines.append(tr("krp.kontra.no_negative"))
        if say.kontra_each and any(_kontra_cap(rules, c) and c.kind == "negative" for c in played(rules)):
            lines.append(tr("krp.kontra.each"))
        if say.kontra_window:
            lines.append(tr("krp.kontra.window"))
        if not say.kontra_in_points:
            lines.append(tr("krp.kontra.money"))
        for field, key in (
            ("kontra_void_lost_alone", "krp.kontra.lost_alone"),
            ("kontra_void_talon_king", "krp.kontra.talon_king"),
            ("kontra_or_valat", "krp.kontra.or_valat"),
        ):
            concerned = [c for c in played(rules) if getattr(c, field)]
            if concerned:
                lines.append(tr(key, contracts=_contracts(concerned)))
    return lines


def _kontra_cap(rules: Profile, contract: Contract) -> int:
    """How many times the game may be doubled in `contract` (none in Trischaken, where nobody speaks)."""
    say = rules.announcing
    if say is None or contract.kind == "trischaken":
        return 0
    return say.kontra_cap_negative if contract.kind == "negative" else say.kontra_cap


def settlement(rules: Profile) -> list[str]:
    """Who pays whom: the value per opponent, tripled for a declarer alone, zero-sum."""
    lines = [tr("krp.settle.heading")]
    contracts = played(rules)
    if len(contracts) == 1 and contracts[0].value == contracts[0].lost_value:
        v = contracts[0].value
        lines.append(tr("krp.settle.one", contract=contract_name(contracts[0].id), v=v, v3=3 * v))
    else:
        lines.append(tr("krp.settle.ladder"))
    if rules.announcing is not None and any(c.bonuses for c in played(rules)):
        lines.append(tr("krp.settle.bonuses"))
    return lines
