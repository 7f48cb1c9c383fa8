"""Königrufen rule profiles: which contracts a table plays and how, as data the rules core reads.

No two groups play Königrufen alike, so the rules that differ between them are a `Profile` value rather
than code paths: the contract ladder in bidding order (each `Contract` with its value, partner call, talon,
first lead, objective and play rules), the bidding (`Bidding`, None where forehand always plays the first
contract), the Trischaken payout and a few named options. The profiles Atout ships are JSON files beside
this module (`profiles/<id>.json`), documented value by value in `docs/rules/koenigrufen-profiles.md`; a
journal records the whole profile a match was played under (`to_json`), and `from_json` checks every field
of one read back through `game.schema`, refusing a bad one with a `FileProblem` that names the field.

Only what the engine implements is here: a field is read by `core.LeanKoenigrufen` or by the settlement.
The bonuses (`Bonus`), the announcement round and Kontra (`Announcing`) are optional in the JSON, so a
profile without them (cardavia, and every journal written before them) reads as before.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from game import schema
from game.storage import FileProblem

PROFILES_DIR = Path(__file__).resolve().parent / "profiles"
PROFILE_IDS = ("cardavia", "austria", "cheltenham")
DEFAULT = "cardavia"

# The contracts Atout has words for (`kr.contract.<id>`); a profile picks and orders some of them.
CONTRACT_IDS = (
    "trischaken",
    "rufer",
    "piccolo",
    "bettel",
    "solorufer",
    "solo",
    "besserrufer",
    "farbendreier",
    "sechserdreier",
    "dreier",
    "farbensolo",
    "piccolo_ouvert",
    "besserdreier",
    "bettel_ouvert",
    "solodreier",
)
# The bonuses Atout can score (`kr.bonus.<id>`); what each requires is `core.bonus_made`'s.
BONUS_IDS = ("pagat", "uhu", "kakadu", "quapil", "king_ultimo", "trull", "four_kings", "forty_five", "valat")
BIRDS = {"pagat": ("I", 12), "uhu": ("II", 11), "kakadu": ("III", 10), "quapil": ("IV", 9)}  # card, trick
ANNOUNCERS = ("holder", "side", "anyone")
NEUTRAL_WORDS = ("vorhand", "mein_spiel")  # forehand's opening that names no contract yet
Kind = Literal["positive", "negative", "trischaken"]
TalonUse = Literal["halves", "all", "defenders", "none", "trischaken"]
KINDS = ("positive", "negative", "trischaken")
TALON_USES = ("halves", "all", "defenders", "none", "trischaken")
MAX_VALUE = 100
_DISCARDS = {"halves": 3, "all": 6}  # cards laid away per talon use
ALL_THIRDS = 210  # the 70 card points of the deck, in thirds


@dataclass(frozen=True, slots=True)
class Contract:
    """One rung of the ladder.

    `value` is paid per opponent when the declaring side wins, `lost_value` when it loses. `call`: the
    declarer calls a king, whose holder is the partner. `talon`: `halves` (one half taken, the other to
    the defenders), `all` (all six taken, six laid away), `defenders` (nobody takes it; it counts for the
    defenders), `none` (out of play), `trischaken` (as the profile's `trischaken` says); `talon_shown`: it is
    turned up for all when taken. `lead`: who leads the first trick. `target`: the card points in thirds
    the declaring side needs (positive), or the exact number of tricks the declarer must take (negative).
    `ouvert`: the declarer's hand is shown after the first trick (see `Profile.ouvert_all`).
    `trumps_first`: the discard is trumps first (the colour contracts), else suit cards first.
    Play rules: `overtake` (a follower must beat the trick when he can), `pagat_rule` (the Pagat only as
    the last trump), `colour` (trumps do not beat suit cards and may be led only without a suit card).
    `max_kings`: the most kings a hand may hold to bid it. `bird`: the declarer must announce a bird
    (Besserrufer, Besserdreier), one of the birds among its `bonuses`, in his first word of the
    announcement round (see `Profile.bird_held` for which).

    Four announcement rules of single contracts, all off by default (profiles and journals written before
    them read as before): `silent_first`, the declarer's first turn in the announcement round is a pass;
    `kontra_void_lost_alone`, a game lost by a declarer playing alone (his own king called, or the king in
    the talon) counts a Kontra on it (one step, not more) as none unless his side announced a bonus;
    `kontra_void_talon_king`, when the called king lies in the talon every doubling of the deal is void, won
    or lost; `kontra_or_valat`, a defender who doubled may not announce Valat, nor double once he has.
    """

    id: str
    value: int
    lost_value: int
    kind: Kind
    call: bool
    talon: TalonUse
    talon_shown: bool
    lead: Literal["forehand", "declarer"]
    target: int
    ouvert: bool
    trumps_first: bool
    overtake: bool
    pagat_rule: bool
    colour: bool
    max_kings: int
    bonuses: tuple[str, ...] = ()  # the profile's bonuses this contract scores (none: no announcements)
    bonus_factor: int = 1  # every bonus counts this many times (2 in the solo contracts)
    bird: bool = False  # the declarer's first announcement must hold a bird (the bird contracts)
    silent_first: bool = False  # the declarer's first word announces nothing (konig's Sechserdreier)
    kontra_void_lost_alone: bool = False  # lost alone: a single Kontra on the game counts as none (konig)
    kontra_void_talon_king: bool = False  # the called king in the talon: every Kontra void (OÖ Solorufer)
    kontra_or_valat: bool = False  # a defender either doubles or announces Valat, not both (OÖ colour)

    @property
    def discard(self) -> int:
        """How many cards the declarer lays away: as many as the talon gave him."""
        return _DISCARDS.get(self.talon, 0)

    @property
    def plain(self) -> bool:
        """Played by the seed's rules: follow suit, else trump, and nothing more."""
        return not (self.overtake or self.pagat_rule or self.colour)


@dataclass(frozen=True, slots=True)
class Bidding:
    """The auction. Forehand speaks first and may not pass: `neutral` (his opening naming no contract,
    ranking below every contract), a contract of `first_word_only`, or any contract not `reserved` for
    him. The others, in turn, name a strictly higher contract, neither reserved nor first-word-only, or
    pass for good; forehand may `hold` the standing bid at its rank. When one bidder is left his bid is
    played; when forehand opened with `neutral` and everyone passed, he chooses from `after_neutral`."""

    neutral: str
    reserved: tuple[str, ...]
    first_word_only: tuple[str, ...]
    after_neutral: tuple[str, ...]
    hold: bool


@dataclass(frozen=True, slots=True)
class Trischaken:
    """Who pays whom in Trischaken (every player for himself, the most points loses).

    `talon_to_last_trick`: the talon counts for the winner of the last trick (else it is out of play).
    `rounded`: piles compared in whole points, rounded (else exact thirds). `payout`: `each` (each loser
    pays `unit` to each other player; a player without a trick, a Jungfrau, takes the whole payout, two
    of them share it rounded up) or `sides` (the losers lose one unit as a side against the rest, the
    Rufer's way: 1 against 3 pays triple; players without a trick instead win one unit against the rest).
    `forehand_factor`: forehand (who chose it) losing pays that many times, alone; `forehand_tied_alone`:
    also when tied for most. `mayor_thirds`: a loser with at least this many thirds pays double (None: no
    such rule)."""

    talon_to_last_trick: bool
    rounded: bool
    payout: Literal["each", "sides"]
    forehand_factor: int
    forehand_tied_alone: bool
    mayor_thirds: int | None


@dataclass(frozen=True, slots=True)
class Bonus:
    """A bonus: `silent` is what it is worth made without an announcement (0: counts only announced),
    `announced` announced; per opponent, before the contract's `bonus_factor` and any Kontra. Who may
    announce it (`announce_by`): the `holder` of its card (a bird; the called king for König ultimo),
    anyone on the `side` it is announced for, or `anyone` for his own side (the same in Atout, which
    knows the true sides: a player announces for the side he is on)."""

    id: str
    silent: int
    announced: int
    announce_by: Literal["holder", "side", "anyone"]


@dataclass(frozen=True, slots=True)
class Announcing:
    """The announcement round after the talon, declarer first then in turn, ending after three passes in
    a row. `once_per_player`: a player announces bonuses on one turn only (doubling stays open);
    `closing`: the declarer's first word closes his announcements ("Ich liege"). Each announced item
    (the game, each announced bonus) may be doubled up to `kontra_cap` levels (`kontra_cap_negative` in a
    negative contract, where the game is the only item): Kontra by its opponents, Rekontra by its side,
    Subkontra by its opponents, ×2 each. `failed_silent_counts`: a bird played in its trick that does not
    win it costs its silent value. `valat_replaces_game`: a Valat is settled instead of the game (×4
    silent, ×8 announced, the silent bonuses dropped), else it is a bonus like the others.

    The three options below default to off, so the profiles and journals written before them read as
    before. `kontra_each`: in a negative contract each defender doubles the game for himself, the declarer
    answering each apart (Rekontra), so there are up to three declarer-v-defender accounts. `kontra_window`:
    a doubling step on an item is said at the seat's first turn after the word that brought the item to its
    level (its announcement, the declaration for the game, the last doubling), or not at all.
    `reserve_announced`: an announced bird or König ultimo is held for its trick: its holder may not take an
    earlier trick with it where that is certain from what all have seen and his own hand, and forced to give
    up announced birds early, he gives the highest first.

    Five more, also off by default (`kontra_in_points` on): `declarer_first_only`, the declarer announces
    bonuses in his first turn only (his "Ich liege" is his last word of them; doubling stays open to him);
    `keep_announced`, an announced bird or König ultimo is kept for its trick by whoever of the announcing
    side holds it: before that trick he plays it only when no other card is legal, in that trick he must
    play it when it is legal; `per_side`, each bonus may be announced once by each side and is scored for
    each side apart (a side's silent bonus beside the other's announced one; a failed announcement costs
    its side), where otherwise the first to announce a bonus owns it for his side; `several_per_turn`, a
    turn holds as many words as the speaker says (announcements and doublings), ended by his pass, and only
    a turn without a word counts as a pass; `kontra_in_points` off, the doublings count in the money only:
    the score (the match's ranking) is the settlement without them, the money beside it with them."""

    once_per_player: bool
    closing: bool
    kontra_cap: int
    kontra_cap_negative: int
    failed_silent_counts: bool
    valat_replaces_game: bool
    kontra_each: bool = False
    kontra_window: bool = False
    reserve_announced: bool = False
    declarer_first_only: bool = False
    keep_announced: bool = False
    per_side: bool = False
    several_per_turn: bool = False
    kontra_in_points: bool = True


@dataclass(frozen=True, slots=True, weakref_slot=True)  # weakly held: `core.plans` caches per profile
class Profile:
    """A whole rule set: `contracts` in bidding order, lowest first; `bidding` None when forehand always
    declares the first contract; `emperors_trick` (Pagat, Mond and Sküs in one trick: the Pagat takes
    it); `call_own_king` (else the declarer must call a king he does not hold); `solo_king_talon` (a
    king-calling contract whose talon goes to the defenders, the called king in it: the declarer gets the
    `half` holding it or `all` of it); `ouvert_all` (in an ouvert contract every hand is shown after the
    first trick, else the declarer's only); `early_end` (a negative contract stops once it has failed);
    `bird_held` (a bird contract is bid only holding one of its birds, and the bird its declarer must
    announce is one he held before the talon: one found in the talon may only be announced beside it);
    `concession` (the called king lies in the talon turned up: before taking a half the declarer may give
    the deal up, paying each other player the `game`, or the `game_and_bird`: the game and, in a bird
    contract, the announced value of the lowest bird he holds; None: he plays alone)."""

    id: str
    contracts: tuple[Contract, ...]
    bidding: Bidding | None
    emperors_trick: bool
    call_own_king: bool
    solo_king_talon: Literal["half", "all"] | None
    ouvert_all: bool | None
    early_end: bool
    trischaken: Trischaken | None
    bonuses: tuple[Bonus, ...] = ()
    announcing: Announcing | None = None
    bird_held: bool = False
    concession: Literal["game", "game_and_bird"] | None = None

    def bonus(self, bonus_id: str) -> Bonus:
        for bonus in self.bonuses:
            if bonus.id == bonus_id:
                return bonus
        raise KeyError(bonus_id)

    def contract(self, contract_id: str) -> Contract:
        for contract in self.contracts:
            if contract.id == contract_id:
                return contract
        raise KeyError(contract_id)

    def rank(self, contract_id: str) -> int:
        """The contract's place in the ladder, 0 the lowest."""
        return self.contracts.index(self.contract(contract_id))

    def to_json(self) -> dict[str, Any]:
        """The profile as plain JSON (lists, not tuples), read back by `from_json`."""
        data: dict[str, Any] = json.loads(json.dumps(asdict(self)))
        return data


# --- reading a profile, every field checked ------------------------------------------------------------

_IDS = schema.choice(CONTRACT_IDS)
_CONTRACT = {
    "id": _IDS,
    "value": schema.integer(1, MAX_VALUE),
    "lost_value": schema.integer(1, MAX_VALUE),
    "kind": schema.choice(KINDS),
    "call": schema.boolean,
    "talon": schema.choice(TALON_USES),
    "talon_shown": schema.boolean,
    "lead": schema.choice(("forehand", "declarer")),
    "target": schema.integer(0, ALL_THIRDS),
    "ouvert": schema.boolean,
    "trumps_first": schema.boolean,
    "overtake": schema.boolean,
    "pagat_rule": schema.boolean,
    "colour": schema.boolean,
    "max_kings": schema.integer(0, 4),
}
_CONTRACT_OPTIONAL = {
    "bonuses": schema.items(schema.choice(BONUS_IDS), 0, len(BONUS_IDS)),
    "bonus_factor": schema.integer(1, 4),
    "bird": schema.boolean,
    "silent_first": schema.boolean,
    "kontra_void_lost_alone": schema.boolean,
    "kontra_void_talon_king": schema.boolean,
    "kontra_or_valat": schema.boolean,
}
_BONUS = {
    "id": schema.choice(BONUS_IDS),
    "silent": schema.integer(0, MAX_VALUE),
    "announced": schema.integer(1, MAX_VALUE),
    "announce_by": schema.choice(ANNOUNCERS),
}
_ANNOUNCING = {
    "once_per_player": schema.boolean,
    "closing": schema.boolean,
    "kontra_cap": schema.integer(0, 3),
    "kontra_cap_negative": schema.integer(0, 3),
    "failed_silent_counts": schema.boolean,
    "valat_replaces_game": schema.boolean,
}
_ANNOUNCING_OPTIONAL = {
    "kontra_each": schema.boolean,
    "kontra_window": schema.boolean,
    "reserve_announced": schema.boolean,
    "declarer_first_only": schema.boolean,
    "keep_announced": schema.boolean,
    "per_side": schema.boolean,
    "several_per_turn": schema.boolean,
    "kontra_in_points": schema.boolean,
}
_BIDDING = {
    "neutral": schema.choice(NEUTRAL_WORDS),
    "reserved": schema.items(_IDS, 0, len(CONTRACT_IDS)),
    "first_word_only": schema.items(_IDS, 0, len(CONTRACT_IDS)),
    "after_neutral": schema.items(_IDS, 1, len(CONTRACT_IDS)),
    "hold": schema.boolean,
}
_TRISCHAKEN = {
    "talon_to_last_trick": schema.boolean,
    "rounded": schema.boolean,
    "payout": schema.choice(("each", "sides")),
    "forehand_factor": schema.integer(1, 4),
    "forehand_tied_alone": schema.boolean,
    "mayor_thirds": schema.nullable(schema.integer(0, ALL_THIRDS)),
}
_PROFILE = {
    "id": schema.text(40, 1),
    "contracts": schema.items(
        schema.shape(lambda f: Contract(**f), _CONTRACT, _CONTRACT_OPTIONAL), 1, len(CONTRACT_IDS)
    ),
    "bidding": schema.nullable(schema.shape(lambda f: Bidding(**f), _BIDDING)),
    "emperors_trick": schema.boolean,
    "call_own_king": schema.boolean,
    "solo_king_talon": schema.nullable(schema.choice(("half", "all"))),
    "ouvert_all": schema.nullable(schema.boolean),
    "early_end": schema.boolean,
    "trischaken": schema.nullable(schema.shape(lambda f: Trischaken(**f), _TRISCHAKEN)),
}
_PROFILE_OPTIONAL = {
    "bonuses": schema.items(schema.shape(lambda f: Bonus(**f), _BONUS), 0, len(BONUS_IDS)),
    "announcing": schema.nullable(schema.shape(lambda f: Announcing(**f), _ANNOUNCING, _ANNOUNCING_OPTIONAL)),
    "bird_held": schema.boolean,
    "concession": schema.nullable(schema.choice(("game", "game_and_bird"))),
}


def from_json(data: Any, where: schema.Where = "profile") -> Profile:
    """A profile from its JSON form, every field checked and the whole made sense of (FileProblem if not)."""
    profile = Profile(**schema.obj(data, where, _PROFILE, _PROFILE_OPTIONAL))
    _check_whole(profile, where)
    return profile


def _problem(where: schema.Where, field: str, value: object) -> FileProblem:
    return FileProblem("unknown_value", where=f"{where}.{field}", value=schema.shown(value))


def _check_whole(profile: Profile, where: schema.Where) -> None:
    """What no single field can tell: the parts of the profile agree with each other."""
    ids = tuple(c.id for c in profile.contracts)
    schema.distinct(ids, f"{where}.contracts")
    for i, c in enumerate(profile.contracts):
        at = f"{where}.contracts[{i}]"
        if (c.kind == "trischaken") != (c.talon == "trischaken") or (c.kind == "trischaken" and c.call):
            raise _problem(at, "talon", c.talon)
        if c.kind == "negative" and (c.call or c.target > 1):
            raise _problem(at, "target", c.target)
        if c.call and not profile.call_own_king and c.max_kings > 3:
            raise _problem(at, "max_kings", c.max_kings)  # a king must be left to call
        if c.talon_shown and c.talon not in ("halves", "all"):
            raise _problem(at, "talon_shown", c.talon_shown)
        if c.trumps_first and not c.discard:
            raise _problem(at, "trumps_first", c.trumps_first)
    if any(c.call and c.talon == "defenders" for c in profile.contracts) and profile.solo_king_talon is None:
        raise _problem(where, "solo_king_talon", None)
    if any(c.ouvert for c in profile.contracts) and profile.ouvert_all is None:
        raise _problem(where, "ouvert_all", None)
    if any(c.kind == "trischaken" for c in profile.contracts) and profile.trischaken is None:
        raise _problem(where, "trischaken", None)
    schema.distinct(tuple(b.id for b in profile.bonuses), f"{where}.bonuses")
    for i, c in enumerate(profile.contracts):
        for bonus_id in c.bonuses:
            if bonus_id not in (b.id for b in profile.bonuses) or c.kind != "positive":
                raise _problem(f"{where}.contracts[{i}]", "bonuses", bonus_id)
        if c.bird and (profile.announcing is None or not any(b in BIRDS for b in c.bonuses)):
            raise _problem(f"{where}.contracts[{i}]", "bird", c.bird)  # no bird it could announce
        if c.bird and c.silent_first:
            raise _problem(f"{where}.contracts[{i}]", "silent_first", c.silent_first)  # a bird owed first
    bidding = profile.bidding
    if bidding is None:
        return
    for name in ("reserved", "first_word_only", "after_neutral"):
        for contract_id in getattr(bidding, name):
            if contract_id not in ids:
                raise _problem(f"{where}.bidding", name, contract_id)
    if all(c in bidding.reserved or c in bidding.first_word_only for c in ids):
        raise _problem(f"{where}.bidding", "reserved", list(bidding.reserved))  # nobody could overbid


@cache
def load(profile_id: str) -> Profile:
    """One of the profiles Atout ships."""
    if profile_id not in PROFILE_IDS:
        raise ValueError(f"unknown Königrufen profile {profile_id!r}; one of {', '.join(PROFILE_IDS)}")
    path = PROFILES_DIR / f"{profile_id}.json"
    return from_json(json.loads(path.read_text(encoding="utf-8")), profile_id)


CARDAVIA = load(DEFAULT)
