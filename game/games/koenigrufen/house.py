"""House rules: the profile a group plays Königrufen under, one Atout ships or its own edit of one.

The settings keep the group's choice (`CHOICES`: a shipped profile's id, or `HOUSE`) and its house profile;
this module turns them into the `Profile` a new table plays (and names the match lengths a group may
choose, kept beside them), and makes the edits the house-rules page
offers (a contract's values, a named option), each checked whole by `profile.from_json` as a journal's
profile is, so that a house profile the rules core cannot make sense of is never saved.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.games.koenigrufen import profile
from game.games.koenigrufen.profile import Profile

HOUSE = "house"
CHOICES = (*profile.PROFILE_IDS, HOUSE)
VALUES = tuple(range(1, 21))  # a contract's value per opponent, as the page offers it
MATCH_LENGTHS = (4, 8, 12)  # the deals a match may last: each seat forehand once, twice or three times
DEFAULT_DEALS = MATCH_LENGTHS[0]


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


def with_contract(rules: Profile, contract_id: str, on: bool) -> Profile:
    """The profile with one of its base's contracts put back into play (at its place in the base's ladder,
    with its base values and its place in the auction) or taken out (from the ladder and the auction)."""
    base = base_of(rules)
    ids = (
        {c.id for c in rules.contracts} | {contract_id}
        if on
        else {c.id for c in rules.contracts} - {contract_id}
    )
    kept = {c.id: c for c in rules.contracts}
    contracts = tuple(kept.get(c.id, c) for c in base.contracts if c.id in ids)
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


def option(rules: Profile, name: str) -> bool | None:
    """A named option's state; None when the profile has no such thing (no auction to hold in, no ouvert
    contract to lay open)."""
    if name == "hold":
        return None if rules.bidding is None else rules.bidding.hold
    value: bool | None = getattr(rules, name)
    return value


def _hold(rules: Profile, on: bool) -> Profile:
    assert rules.bidding is not None, "no auction, no holding"
    return replace(rules, bidding=replace(rules.bidding, hold=on))


_SWITCH: dict[str, Callable[[Profile, bool], Profile]] = {
    "emperors_trick": lambda rules, on: replace(rules, emperors_trick=on),
    "call_own_king": lambda rules, on: replace(rules, call_own_king=on),
    "early_end": lambda rules, on: replace(rules, early_end=on),
    "ouvert_all": lambda rules, on: replace(rules, ouvert_all=on),
    "hold": _hold,
}
OPTIONS = tuple(_SWITCH)


def with_option(rules: Profile, name: str, on: bool) -> Profile:
    """The profile with a named option switched (`OPTIONS`)."""
    return checked(_SWITCH[name](rules, on))


def with_value(rules: Profile, contract_id: str, won: int | None = None, lost: int | None = None) -> Profile:
    """The profile with one contract's value won and/or lost per opponent changed."""
    contracts = tuple(
        replace(c, value=won or c.value, lost_value=lost or c.lost_value) if c.id == contract_id else c
        for c in rules.contracts
    )
    return checked(replace(rules, contracts=contracts))


def checked(rules: Profile) -> Profile:
    """The profile as a journal would read it back, so an edit the rules cannot use raises FileProblem."""
    return profile.from_json(rules.to_json(), HOUSE)


def decode(data: Any, where: Any) -> Profile:
    """The settings file's house profile, checked field by field (a `schema` check)."""
    return profile.from_json(data, where)
