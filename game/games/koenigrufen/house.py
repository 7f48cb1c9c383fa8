"""House rules: the profile a group plays Königrufen under, one Atout ships or its own edit of one.

The settings keep the group's choice (`CHOICES`: a shipped profile's id, or `HOUSE`) and its house profile;
this module turns them into the `Profile` a new table plays (and names the match lengths a group may
choose, kept beside them), and makes every edit the house-rules page offers: a contract in or out of the
ladder with its values and bonus factor, a bonus in or out of play with its values and who announces it,
and each named value of the table (`FIELDS`: the options, the announcement round and Kontra, Trischaken's
payout). Each edit is checked whole by `profile.from_json` as a journal's profile is, so that a house
profile the rules core cannot make sense of is never saved.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from game.games.koenigrufen import profile
from game.games.koenigrufen.profile import BIRDS, BONUS_IDS, Bonus, Contract, Profile
from game.i18n import Words
from game.storage import FileProblem

HOUSE = "house"
CHOICES = (*profile.PROFILE_IDS, HOUSE)
VALUES = tuple(range(1, 21))  # a contract's or a bonus's value per opponent, as the page offers it
SILENT_VALUES = (0, *VALUES)  # a bonus's silent value: 0, it counts only announced
FACTORS = (1, 2, 3, 4)  # how many times a contract counts its bonuses
MATCH_LENGTHS = (4, 8, 12)  # the deals a match may last: each seat forehand once, twice or three times
DEFAULT_DEALS = MATCH_LENGTHS[0]

Value = bool | int | str | None


def in_use(choice: str, house: Profile | None) -> Profile:
    """The profile a new table plays: the house profile when chosen and there is one, else a shipped one
    (the seed's preset for anything unknown)."""
    if choice == HOUSE:
        return house if house is not None else profile.CARDAVIA
    return profile.load(choice) if choice in profile.PROFILE_IDS else profile.CARDAVIA


def based_on(base: Profile) -> Profile:
    """A house profile starting as a copy of `base`, whose id remembers it (`house:austria`)."""
    return replace(base, id=f"{HOUSE}:{base.id}")


def base_of(rules: Profile) -> Profile:
    """The shipped profile a house profile started from (the seed's preset if it does not say)."""
    base = rules.id.partition(":")[2]
    return profile.load(base) if base in profile.PROFILE_IDS else profile.CARDAVIA


# --- contracts -----------------------------------------------------------------------------------------


def with_contract(rules: Profile, contract_id: str, on: bool) -> Profile:
    """The profile with one of its base's contracts put back into play (at its place in the base's ladder,
    with its base values, the bonuses in play it scores there, and its place in the auction) or taken out
    (from the ladder and the auction)."""
    base = base_of(rules)
    ids = (
        {c.id for c in rules.contracts} | {contract_id}
        if on
        else {c.id for c in rules.contracts} - {contract_id}
    )
    kept = {c.id: c for c in rules.contracts}
    in_play = {b.id for b in rules.bonuses}
    contracts = tuple(
        kept.get(c.id) or replace(c, bonuses=tuple(b for b in c.bonuses if b in in_play))
        for c in base.contracts
        if c.id in ids
    )
    bidding = rules.bidding
    if bidding is not None:
        source = base.bidding if on and base.bidding is not None else bidding

        def listed(name: str) -> tuple[str, ...]:
            wanted = set(getattr(bidding, name)) | ({contract_id} & set(getattr(source, name)))
            return tuple(c.id for c in contracts if c.id in wanted and c.id in ids)

        bidding = replace(
            bidding,
            reserved=listed("reserved"),
            first_word_only=listed("first_word_only"),
            after_neutral=listed("after_neutral"),
        )
    return checked(replace(rules, contracts=contracts, bidding=bidding))


def _with_contract_fields(rules: Profile, contract_id: str, **fields: Any) -> Profile:
    contracts = tuple(replace(c, **fields) if c.id == contract_id else c for c in rules.contracts)
    return checked(replace(rules, contracts=contracts))


def with_value(rules: Profile, contract_id: str, won: int | None = None, lost: int | None = None) -> Profile:
    """The profile with one contract's value won and/or lost per opponent changed."""
    c = rules.contract(contract_id)
    return _with_contract_fields(rules, contract_id, value=won or c.value, lost_value=lost or c.lost_value)


def with_factor(rules: Profile, contract_id: str, factor: int) -> Profile:
    """The profile with one contract counting its bonuses `factor` times (`FACTORS`)."""
    return _with_contract_fields(rules, contract_id, bonus_factor=factor)


def scores_bonuses(contract: Contract, rules: Profile) -> bool:
    """Whether the page offers a played contract's bonus factor: the profile announces bonuses and it
    scores some."""
    return rules.announcing is not None and bool(contract.bonuses)


# --- bonuses -------------------------------------------------------------------------------------------


def bonuses_offered(rules: Profile) -> bool:
    """Bonuses are edited where the profile has an announcement round to announce them in."""
    return rules.announcing is not None


def _donor(bonus_id: str, base: Profile) -> Bonus:
    """The bonus as the base profile has it, else as the first shipped profile that plays it."""
    for source in (base, *map(profile.load, profile.PROFILE_IDS)):
        if bonus_id in {b.id for b in source.bonuses}:
            return source.bonus(bonus_id)
    raise KeyError(bonus_id)  # every id of BONUS_IDS is played by a shipped profile (a test checks it)


def with_bonus(rules: Profile, bonus_id: str, on: bool) -> Profile:
    """The profile with a bonus put into play or taken out. Put in, it has its base's values and is scored
    by the contracts that score it in the base; a bonus the base lacks takes its values from a shipped
    profile that plays it and is scored by every contract scoring bonuses (König ultimo: those calling a
    king). Taken out, no contract scores it."""
    base = base_of(rules)
    kept = {b.id: b for b in rules.bonuses}
    if on:
        kept.setdefault(bonus_id, _donor(bonus_id, base))
    else:
        kept.pop(bonus_id, None)
    bonuses = tuple(kept[b] for b in BONUS_IDS if b in kept)
    base_contracts = {c.id: c for c in base.contracts}
    in_base = bonus_id in {b.id for b in base.bonuses}

    def scores(c: Contract) -> bool:
        if c.id in base_contracts and in_base:
            return bonus_id in base_contracts[c.id].bonuses
        return bool(c.bonuses) and (c.call or bonus_id != "king_ultimo")

    def scored(c: Contract) -> tuple[str, ...]:
        wanted = set(c.bonuses) | ({bonus_id} if on and scores(c) else set())
        return tuple(b.id for b in bonuses if b.id in wanted)

    contracts = tuple(replace(c, bonuses=scored(c)) for c in rules.contracts)
    return checked(replace(rules, bonuses=bonuses, contracts=contracts))


def with_bonus_value(
    rules: Profile,
    bonus_id: str,
    silent: int | None = None,
    announced: int | None = None,
    announce_by: str | None = None,
) -> Profile:
    """The profile with a bonus's silent or announced value per opponent, or who announces it, changed."""
    fields = {"silent": silent, "announced": announced, "announce_by": announce_by}
    changes: dict[str, Any] = {name: value for name, value in fields.items() if value is not None}
    bonuses = tuple(replace(b, **changes) if b.id == bonus_id else b for b in rules.bonuses)
    return checked(replace(rules, bonuses=bonuses))


def announcers(bonus: Bonus) -> tuple[str, ...]:
    """Who may announce a bonus, as the page offers it: its card's holder or his side for a bird or König
    ultimo (anyone on a side announces for it, so `side` and `anyone` are one choice); others have no
    card to hold, so no choice."""
    if bonus.id not in (*BIRDS, "king_ultimo"):
        return ()
    return ("holder", "side" if bonus.announce_by == "holder" else bonus.announce_by)


# --- the named values: options, announcing and Kontra, Trischaken ---------------------------------------


@dataclass(frozen=True)
class Field:
    """A named value of the profile the page sets: read it, write it, what it may be, and whether the
    profile has it at all (no auction to hold in, no Trischaken to pay)."""

    get: Callable[[Profile], Value]
    put: Callable[[Profile, Value], Profile]
    values: tuple[Value, ...]
    offered: Callable[[Profile], bool]


def _set(part: Any, name: str, value: Any) -> Any:
    """A copy of a frozen part of the profile (or the profile) with one field changed."""
    fields: dict[str, Any] = {name: value}
    return replace(part, **fields)


def _own(name: str, values: tuple[Value, ...], offered: Callable[[Profile], bool]) -> Field:
    """A field of the profile itself."""
    return Field(lambda r: getattr(r, name), lambda r, v: _set(r, name, v), values, offered)


def _part(part: str, name: str, values: tuple[Value, ...]) -> Field:
    """A field of one of the profile's parts (`bidding`, `announcing`, `trischaken`), offered when the
    profile has that part."""
    return Field(
        lambda r: getattr(getattr(r, part), name),
        lambda r, v: _set(r, part, _set(getattr(r, part), name, v)),
        values,
        lambda r: getattr(r, part) is not None,
    )


def _contracts(name: str, applies: Callable[[Contract], bool]) -> Field:
    """A rule of single contracts (a `Contract` field) offered as one switch: on, it holds for every
    contract of the ladder it applies to (`applies`, read from the contracts' fields), off for none."""

    def put(rules: Profile, on: Value) -> Profile:
        contracts = tuple(_set(c, name, bool(on) and applies(c)) for c in rules.contracts)
        return replace(rules, contracts=contracts)

    return Field(
        lambda r: any(getattr(c, name) for c in r.contracts),
        put,
        YES_NO,
        lambda r: r.announcing is not None and any(applies(c) for c in r.contracts),
    )


def _takes_all(contract: Contract) -> bool:
    """A positive contract taking the whole talon, no bird owed (the Sechserdreier)."""
    return contract.talon == "all" and contract.kind == "positive" and not contract.bird


def _solo_call(contract: Contract) -> bool:
    """A contract calling a king whose talon goes to the defenders (Solo, Solorufer)."""
    return contract.call and contract.talon == "defenders"


YES_NO: tuple[Value, ...] = (False, True)
KONTRA_CAPS: tuple[Value, ...] = (0, 1, 2, 3)  # none, Kontra, Rekontra, Subkontra
MAYOR_POINTS = range(30, 61)  # the Bürgermeister's threshold, in card points


def _always(rules: Profile) -> bool:
    return True


FIELDS: dict[str, Field] = {
    "emperors_trick": _own("emperors_trick", YES_NO, _always),
    "call_own_king": _own("call_own_king", YES_NO, _always),
    "early_end": _own("early_end", YES_NO, _always),
    "ouvert_all": _own("ouvert_all", YES_NO, lambda r: r.ouvert_all is not None),
    "hold": _part("bidding", "hold", YES_NO),
    "neutral": _part("bidding", "neutral", profile.NEUTRAL_WORDS),
    "solo_king_talon": _own("solo_king_talon", ("half", "all"), lambda r: r.solo_king_talon is not None),
    "concession": _own(
        "concession",
        (None, "game", "game_and_bird"),
        lambda r: any(c.call and c.talon_shown for c in r.contracts),
    ),
    "bird_held": _own("bird_held", YES_NO, lambda r: any(c.bird for c in r.contracts)),
    "once_per_player": _part("announcing", "once_per_player", YES_NO),
    "closing": _part("announcing", "closing", YES_NO),
    "kontra_cap": _part("announcing", "kontra_cap", KONTRA_CAPS),
    "kontra_cap_negative": _part("announcing", "kontra_cap_negative", KONTRA_CAPS),
    "failed_silent_counts": _part("announcing", "failed_silent_counts", YES_NO),
    "valat_replaces_game": _part("announcing", "valat_replaces_game", YES_NO),
    "kontra_each": _part("announcing", "kontra_each", YES_NO),
    "kontra_window": _part("announcing", "kontra_window", YES_NO),
    "reserve_announced": _part("announcing", "reserve_announced", YES_NO),
    "declarer_first_only": _part("announcing", "declarer_first_only", YES_NO),
    "keep_announced": _part("announcing", "keep_announced", YES_NO),
    "per_side": _part("announcing", "per_side", YES_NO),
    "several_per_turn": _part("announcing", "several_per_turn", YES_NO),
    "kontra_in_points": _part("announcing", "kontra_in_points", YES_NO),
    # the Sechserdreier's (the whole talon taken): the declarer's first turn silent (konig)
    "silent_first": _contracts("silent_first", _takes_all),
    # a king called and the talon to the defenders (Solo, Solorufer): the declarer may play alone
    "kontra_void_lost_alone": _contracts("kontra_void_lost_alone", _solo_call),
    "kontra_void_talon_king": _contracts("kontra_void_talon_king", _solo_call),
    "kontra_or_valat": _contracts("kontra_or_valat", lambda c: c.colour and "valat" in c.bonuses),
    "payout": _part("trischaken", "payout", ("each", "sides")),
    "forehand_factor": _part("trischaken", "forehand_factor", (1, 2, 3, 4)),
    "forehand_tied_alone": _part("trischaken", "forehand_tied_alone", YES_NO),
    # thirds: 3p - 1 is "p card points", as the rules page rounds it (austria's 107 is 36)
    "mayor_thirds": _part("trischaken", "mayor_thirds", (None, *(3 * p - 1 for p in MAYOR_POINTS))),
    "talon_to_last_trick": _part("trischaken", "talon_to_last_trick", YES_NO),
    "rounded": _part("trischaken", "rounded", YES_NO),
}
OPTIONS = (
    "emperors_trick",
    "call_own_king",
    "solo_king_talon",
    "concession",
    "hold",
    "neutral",
    "bird_held",
    "early_end",
    "ouvert_all",
)
ANNOUNCING = (
    "once_per_player",
    "closing",
    "declarer_first_only",
    "silent_first",
    "several_per_turn",
    "per_side",
    "failed_silent_counts",
    "valat_replaces_game",
    "reserve_announced",
    "keep_announced",
)
KONTRA = (
    "kontra_cap",
    "kontra_cap_negative",
    "kontra_each",
    "kontra_window",
    "kontra_in_points",
    "kontra_void_lost_alone",
    "kontra_void_talon_king",
    "kontra_or_valat",
)
TRISCHAKEN = (
    "payout",
    "forehand_factor",
    "forehand_tied_alone",
    "mayor_thirds",
    "talon_to_last_trick",
    "rounded",
)


def offered(rules: Profile, name: str) -> bool:
    """Whether the profile has the named value to set (`FIELDS`)."""
    return FIELDS[name].offered(rules)


def option(rules: Profile, name: str) -> Value:
    """A named value's state (`FIELDS`; only where `offered`)."""
    return FIELDS[name].get(rules)


def values(rules: Profile, name: str) -> tuple[Value, ...]:
    """What a named value may be set to, its present value among them (one a file brought, off the list)."""
    field, now = FIELDS[name], FIELDS[name].get(rules)
    return field.values if now in field.values else (now, *field.values)


def with_option(rules: Profile, name: str, value: Value) -> Profile:
    """The profile with a named value set (`FIELDS`)."""
    return checked(FIELDS[name].put(rules, value))


class Unplayable(ValueError):
    """An edit the rules cannot play; `words` says why, as the page can say it."""

    def __init__(self, words: Words) -> None:
        super().__init__(words.text("en"))
        self.words = words


def checked(rules: Profile) -> Profile:
    """The profile as a journal would read it back, so an edit the rules cannot use raises Unplayable."""
    try:
        return profile.from_json(rules.to_json(), HOUSE)
    except FileProblem as problem:
        raise Unplayable(_why(problem, rules)) from problem


_CONTRACT_FIELD = re.compile(rf"{HOUSE}\.contracts\[(\d+)\]\.(bird|max_kings)")


def _why(problem: FileProblem, rules: Profile) -> Words:
    """The profile check's problem in the words of the edits that cause it (the last bird of a bird
    contract out of play, one's own king barred where four kings may bid, a ladder emptied or left to
    forehand alone), else as the check says it."""
    where = str(problem.words.params.get("where", ""))
    field = _CONTRACT_FIELD.fullmatch(where)
    if field:
        contract = Words(f"kr.contract.{rules.contracts[int(field[1])].id}")
        return Words(f"krt.house.why.{field[2]}", {"contract": contract})
    if where == f"{HOUSE}.contracts":
        return Words("krt.house.why.contracts")
    if where in (f"{HOUSE}.bidding.reserved", f"{HOUSE}.bidding.after_neutral") and rules.bidding:
        name = where.rpartition(".")[2]
        return Words(f"krt.house.why.{name}", {"word": Words(f"kr.bid.{rules.bidding.neutral}")})
    return problem.words


def decode(data: Any, where: Any) -> Profile:
    """The settings file's house profile, checked field by field (a `schema` check)."""
    return profile.from_json(data, where)
