"""One networked table: the rules state, its journal, its seats and who holds them. The server decides here,
never a client, whose turn it is, which connection acts for which seat, and what each seat is told.

A table is built from the registry (`GameSpec.new_state`) like the desktop's, journals every action as the
desktop does (`game.journal`), and is kept with its seats in one file (`DIR/tables/<code>.json`), JSON
lines: the table's record (code, seats, away rule, its journal so far), written whole when the table is
opened, then one line per action taken and per change of seats, appended before anyone is told of it, so a
server killed at any moment resumes every table from its files with nothing answered lost. Seat tokens
are kept as hashes only.

No I/O but reading that file, no asyncio: the server (`game.net.server`) writes it, carries the messages
and runs the computers' turns.
"""

from __future__ import annotations

import functools
import hashlib
import json
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from game import schema, storage
from game.ai.seeds import decision_seed, match_seed
from game.journal import MAX_ACTIONS, Journal, new_state, replay
from game.journal import from_json as journal_from_json
from game.journal_codec import decode_action, encode_action
from game.net import protocol
from game.net.protocol import Refusal, SeatRequest, TableRequest
from game.registry import GAMES
from game.rules.errors import IllegalAction
from game.seating import CardTableSetup, SeatPlayer

if TYPE_CHECKING:
    from game.ai.thinker import Thinker

FORMAT = "atout-net-table"
VERSION = 3  # 1: the record alone, rewritten whole after every action; 2: no owner nor presence (both read)
MAX_FILE_BYTES = 16_000_000  # the record and a match's longest journal (journal.MAX_ACTIONS) fit
COMPACT_AFTER = 64_000  # appended bytes beyond the record's own size before the file is written whole again
OWNER_LENGTH = 32  # an owner's mark (`game.net.admission.owner`)
ENDS = ("abandoned", "too_long")  # why a table ended before its match did: its people left, its file is full
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no look-alikes: 0/O, 1/I
CODE_LENGTH = 6
STANDIN = "normal"  # the level of the computer that plays an away seat (the engines' takeover level too)


_PRESENCE = {
    "empty_since": schema.nullable(schema.number(0, 1e12)),
    "ended": schema.choice(("", *ENDS)),
}  # a line of a table's file after its people came or went, or it ended
_SEATS = schema.items(
    schema.shape(
        lambda fields: fields,
        {
            "kind": schema.choice(protocol.KINDS),
            "level": schema.choice(protocol.LEVELS),
            "name": schema.text(protocol.MAX_NAME),
            "token_hash": schema.text(64),
            "engine": schema.text(10_000),
        },
    ),
    1,
    8,
)  # a table file's seats


class Link(Protocol):
    """A connection seated at a table: `send` queues one message and never waits."""

    def send(self, message: dict[str, Any]) -> None: ...


@dataclass
class Seat:
    id: int | str  # the rules' seat: a number, or Falkenstein's "host"
    kind: str  # "remote" or "computer"
    level: str = STANDIN  # a computer's level
    name: str = ""  # a remote seat's player; "" while it is free
    token_hash: str = ""  # the hash of its token; "" while it is free
    engine: str = ""  # a computer seat's engine command (docs/engine-protocol.md), never from a client
    link: Link | None = None  # the connection playing it now
    away_since: float | None = None  # when a remote seat lost its player (a monotonic clock's seconds)

    def public(self, standin: bool) -> dict[str, Any]:
        present = self.kind == "computer" or self.link is not None
        shown = {"seat": self.id, "name": self.name, "kind": self.kind, "present": present}
        return shown | ({"standin": True} if standin and not present and self.name else {})


def new_code(taken: Sequence[str] | set[str] | dict[str, Any]) -> str:
    """A table code no table has: six letters and digits, about 10⁹ of them (each of the 32 from a random
    byte: one read of the system's randomness, not six)."""
    assert len(CODE_LETTERS) == 32  # (a byte's 256 values fall evenly on them)
    while (code := "".join(CODE_LETTERS[b % 32] for b in secrets.token_bytes(CODE_LENGTH))) in taken:
        pass
    return code


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class TableHost:
    """One table. `act` applies a seat's action and returns the rules' events; `update` words them for
    one seat, `broadcast` for every connected one; `record` is the table's file."""

    def __init__(self, code: str, journal: Journal, seats: list[Seat], away: str, path: Path | None) -> None:
        self.code, self.journal, self.seats, self.away, self.path = code, journal, seats, away, path
        self.torn = b""  # the end of its file cut short by a crash, dropped when it was read
        self.rewrite_due = False  # its file is to be written whole before a line is appended to it
        self.whole_bytes = 0  # the size of its file as last written whole …
        self.file_bytes = 0  # … and as it is now
        self.owner = ""  # the mark of the address that asked for it ("": the operator's, which stays)
        self.created = 0.0  # when it was opened (the wall clock's seconds)
        self.empty_since: float | None = None  # since when no person has been connected to it
        self.ended = ""  # why it ended before its match did (ENDS), "" while it goes on
        self.needs_person = False  # its computers play only while a person is connected (a client's table)
        self.spec = GAMES[journal.game]
        privacy = self.spec.privacy
        assert privacy is not None, f"{journal.game} is not played over the network"
        self.privacy = privacy
        self.state, _ = replay(journal)
        self.by_id = {seat.id: seat for seat in seats}

    # --- building and resuming ----------------------------------------------------------------
    @classmethod
    def new(
        cls,
        code: str,
        request: TableRequest,
        path: Path | None = None,
        seed: int | None = None,
        engines: dict[int, str] | None = None,
    ) -> TableHost:
        """A table as a `create` message asks for it, with an engine at each computer seat `engines` names
        (only the command line gives any); a Refusal names what cannot be."""
        game, requests = request.game, request.seats
        spec = GAMES[game]
        seed = match_seed() if seed is None else seed
        if spec.privacy is None:
            raise Refusal("bad_message", f"{game} is not played over the network")
        try:
            setup = _setup(game, seed, requests, request.profile, request.deals, request.story)
            state = spec.new_state(setup)
        except (ValueError, storage.FileProblem) as problem:
            raise Refusal("bad_message", f"create: {problem}") from None
        ids = list(spec.view_seats(state))
        if len(ids) != len(requests):
            raise Refusal("bad_message", f"create: {game} seats {len(ids)} here, not {len(requests)}")
        seats = [Seat(i, r.kind, r.level) for i, r in zip(ids, requests, strict=True)]
        for seat, command in (engines or {}).items():
            if seat not in range(len(seats)) or seats[seat].kind != "computer":
                raise Refusal("bad_message", f"an engine sits at a computer's seat, not at seat {seat}")
            seats[seat].engine = command
        return cls(code, Journal(game, setup), seats, request.away, path)

    @classmethod
    def load(cls, path: Path) -> TableHost:
        """The table a file holds, its journal replayed: its record, then the seats and actions appended after
        it, less a last line a crash cut short (`torn`, then `rewrite_due`); a FileProblem names what is
        wrong."""
        read = partial(storage.read_json_lines, limit=MAX_FILE_BYTES)
        return storage.parse(path, lambda found: cls._decode(found[0], found[1], path), read)

    @classmethod
    def _decode(cls, lines: list[Any], torn: bytes, path: Path) -> TableHost:
        record, *appended = lines
        fields = schema.obj(
            record,
            schema.ROOT,
            {
                "format": schema.choice((FORMAT,)),
                "version": schema.choice((1, 2, VERSION)),
                "code": schema.text(CODE_LENGTH, CODE_LENGTH),
                "away": schema.choice(protocol.AWAY),
                "seats": _SEATS,
                "journal": lambda value, where: journal_from_json(value),
            },
            {
                "owner": schema.text(OWNER_LENGTH),
                "created": schema.number(0, 1e12),
                "empty_since": schema.nullable(schema.number(0, 1e12)),
                "ended": schema.choice(("", *ENDS)),
            },
        )
        journal, seat_fields = fields["journal"], fields["seats"]
        if appended and fields["version"] == 1:
            raise storage.FileProblem("not_one_of", where="version", options=VERSION, value=1)
        if (count := len(journal.actions) + len(appended)) > MAX_ACTIONS:
            raise storage.FileProblem("count", where="actions", low=0, high=MAX_ACTIONS, n=count)
        presence: dict[str, Any] = {name: fields[name] for name in ("empty_since", "ended") if name in fields}
        for number, line in enumerate(appended, 2):
            if isinstance(line, dict) and "seats" in line:  # the seats after a join or a leave
                seat_fields = schema.obj(line, f"line {number}", {"seats": _SEATS})["seats"]
            elif isinstance(line, dict) and set(line) & set(_PRESENCE):  # who is there, or the end
                presence |= schema.obj(line, f"line {number}", {}, _PRESENCE)
            else:
                journal.actions.append(decode_action(journal.game, line, f"line {number}"))
        state = GAMES[journal.game].new_state(journal.setup)
        ids = list(GAMES[journal.game].view_seats(state))
        if len(ids) != len(seat_fields):
            raise storage.FileProblem("not_one_of", where="seats", options=len(ids), value=len(seat_fields))
        seats = [Seat(i, **seat) for i, seat in zip(ids, seat_fields, strict=True)]
        table = cls(fields["code"], journal, seats, fields["away"], path)
        table.owner, table.created = fields.get("owner", ""), fields.get("created", 0.0)
        table.empty_since, table.ended = presence.get("empty_since"), presence.get("ended", "")
        journal.finished = table.over
        table.torn = torn
        table.rewrite_due = bool(torn) or fields["version"] != VERSION  # lines go after a whole line only
        return table

    def record(self) -> dict[str, Any]:
        """The table's record: its code, seats (names, kinds, token hashes), away rule and journal."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "code": self.code,
            "away": self.away,
            "seats": self._seat_records(),
            "journal": self.journal.to_json(),
            "owner": self.owner,
            "created": self.created,
            "empty_since": self.empty_since,
            "ended": self.ended,
        }

    def _seat_records(self) -> list[dict[str, Any]]:
        return [
            {"kind": s.kind, "level": s.level, "name": s.name, "token_hash": s.token_hash, "engine": s.engine}
            for s in self.seats
        ]

    def whole_file(self) -> str:
        """The table's file written anew: its record, on one line. What changes after it is appended."""
        return _line(self.record())

    def seats_line(self) -> str:
        """The line that appends the seats as they are now (after a join or a leave) to the table's file."""
        return _line({"seats": self._seat_records()})

    def presence_line(self) -> str:
        """The line that appends since when nobody has been at the table (null: someone is), and why it
        ended if it has, so both outlive a restart."""
        return _line({"empty_since": self.empty_since, "ended": self.ended})

    def last_action_line(self) -> str:
        """The line that appends the last action taken to the table's file (the journal's form of it)."""
        return _line(encode_action(self.journal.actions[-1]))

    @property
    def empty(self) -> bool:
        """Nobody is connected to it."""
        return all(seat.link is None for seat in self.seats)

    @property
    def done(self) -> bool:
        """Its match is over, or the table ended before (its file is kept only for a while)."""
        return self.over or bool(self.ended)

    def computers(self) -> int:
        """The computer seats it runs."""
        return sum(seat.kind == "computer" for seat in self.seats)

    @property
    def idle(self) -> bool:
        """Done, and nobody is there to look at it any more: the server may let it go (its file stays)."""
        return self.done and self.empty

    # --- seats -------------------------------------------------------------------------------
    @property
    def moves(self) -> int:
        return len(self.journal.actions)

    @property
    def over(self) -> bool:
        return bool(self.state.is_over)

    @property
    def started(self) -> bool:
        """Play has begun: the computers wait for every remote seat to be taken before the first action."""
        return self.moves > 0 or all(s.token_hash for s in self.seats if s.kind == "remote")

    def seat_list(self) -> list[dict[str, Any]]:
        standin = self.away == "computer"
        return [seat.public(standin) for seat in self.seats]

    def join(self, name: str, wanted: int | str | None, link: Link) -> tuple[Seat, str]:
        """Seats `link` in the free remote seat `wanted` (or the first one); returns it and its new token."""
        free = [s for s in self.seats if s.kind == "remote" and not s.token_hash]
        if wanted is not None:
            free = [s for s in free if s.id == wanted]
        if not free:
            asked = (
                "that seat is not a free remote seat" if wanted is not None else "every remote seat is taken"
            )
            raise Refusal("table_full", f"table {self.code}: {asked}")
        seat, token = free[0], secrets.token_urlsafe(16)
        seat.name, seat.token_hash, seat.link, seat.away_since = name, _hash(token), link, None
        return seat, token

    def holder(self, token: str) -> Seat | None:
        """The seat `token` holds, if any."""
        hashed = _hash(token)
        return next(
            (s for s in self.seats if s.token_hash and secrets.compare_digest(s.token_hash, hashed)), None
        )

    def rejoin(self, token: str, link: Link) -> Seat:
        """The seat `token` holds, now played by `link`."""
        seat = self.holder(token)
        if seat is None:
            raise Refusal("bad_token", f"no seat of table {self.code} has that token")
        seat.link, seat.away_since = link, None
        return seat

    def leave(self, seat: Seat, now: float) -> None:
        """Frees the seat: its token stops acting and another player may join it."""
        seat.name, seat.token_hash, seat.link, seat.away_since = "", "", None, now

    def drop(self, link: Link, now: float) -> Seat | None:
        """The seat `link` played, away from `now` on (the connection is gone)."""
        for seat in self.seats:
            if seat.link is link:
                seat.link, seat.away_since = None, now
                return seat
        return None

    def all_away(self, now: float) -> None:
        """Every remote seat away from `now` on (the server has just resumed the table)."""
        for seat in self.seats:
            if seat.kind == "remote":
                seat.link, seat.away_since = None, now

    # --- playing -----------------------------------------------------------------------------
    def act(self, seat: Seat, data: Any, moves: int) -> list[Any]:
        """Applies `seat`'s action (its JSON form) as the rules take it and journals it; the rules' events.
        Anything else is a Refusal naming why, and nothing changes."""
        if self.done:
            raise Refusal("over", f"the match at table {self.code} is over")
        action = protocol.action(self.journal.game, data)
        named = getattr(action, "seat", seat.id)
        if isinstance(seat.id, int) and named != seat.id:  # (Falkenstein's Host names the challenged seat)
            raise Refusal("not_your_seat", f"you sit at seat {seat.id}, the action is seat {named}'s")
        return self.apply(seat.id, action, moves)

    def apply(self, seat: int | str, action: Any, moves: int) -> list[Any]:
        """Applies `action` for `seat` (a person's or a computer's) when it is that seat's turn."""
        if self.state.to_act != seat:
            raise Refusal("not_your_turn", f"seat {seat} is not to act (seat {self.state.to_act} is)")
        if moves != self.moves:
            raise Refusal("stale", f"the action was meant after {moves} actions; {self.moves} are taken")
        try:
            events = list(self.state.apply(action))
        except IllegalAction as refused:
            raise Refusal("illegal", str(refused), code=refused.code, params=dict(refused.params)) from None
        except ValueError as refused:
            raise Refusal("illegal", str(refused)) from None
        self.journal.actions.append(action)
        self.journal.finished = self.over
        if self.moves >= MAX_ACTIONS and not self.over:  # (its file would hold no more)
            self.ended = "too_long"
        return events

    def standin(self, now: float, grace: float) -> tuple[int | str, str] | None:
        """(the seat to act, the level) when a computer plays it now: a computer's seat, or a remote seat
        whose player has been away `grace` seconds at a table that lets a computer play for it."""
        seat = self._computer_may_play()
        if seat is None or seat.kind == "computer":
            return None if seat is None else (seat.id, seat.level)
        return (seat.id, STANDIN) if self._away_for(seat, now) >= grace else None

    def standin_in(self, now: float, grace: float) -> float | None:
        """The seconds until a computer stands in for the away player to act, if one will."""
        seat = self._computer_may_play()
        if seat is None or seat.kind == "computer":
            return None
        return max(0.0, grace - self._away_for(seat, now))

    def _computer_may_play(self) -> Seat | None:
        """The seat to act, if a computer plays it or may stand in for its away player."""
        seat = self.by_id.get(self.state.to_act)
        if seat is None or self.done or self.spec.computer is None or not self.started:
            return None
        if self.needs_person and self.empty:
            return None  # (nobody would see it play: it waits for its people)
        if seat.kind == "computer" or (seat.link is None and self.away == "computer"):
            return seat
        return None

    @staticmethod
    def _away_for(seat: Seat, now: float) -> float:
        return now - seat.away_since if seat.away_since is not None else float("inf")

    def thinker(self, seat: int | str, level: str) -> Thinker:
        """The computer's decision for `seat`, seeded as the desktop table seeds it (the computers imported
        with the first: the menu, which offers a hosted table to resume, need not load them)."""
        from game.ai.thinker import Thinker

        seed = decision_seed(self.journal.setup.seed, "think", seat, self.moves)
        return Thinker(self.journal.game, self.state.view(seat), level, seed)

    # --- what each seat is told ----------------------------------------------------------------
    def update(self, seat: Seat, events: Sequence[Any]) -> dict[str, Any]:
        """The `update` for `seat`: the events as it may see them, its view, its legal actions."""
        view = self.state.view(seat.id)
        legal = self.state.legal_actions() if self.state.to_act == seat.id and not self.over else []
        redacted = [self.privacy.redact(event, seat.id) for event in events]
        return protocol.update(self.moves, redacted, view, legal, self.over)

    def welcome(self, seat: Seat) -> dict[str, Any]:
        """The first `update` after a join: the whole picture, and every event so far as the seat may see
        it (the opening deal, then each action's), so that a window joining mid-match, or its host's window
        after a crash, lays the table as those who played it saw it: the trick on the table, the log."""
        state = new_state(self.journal.setup)
        history = list(getattr(state, "opening", ()))
        for action in self.journal.actions:
            history += state.apply(action)
        return self.update(seat, history)

    def joined(self, seat: Seat, token: str) -> dict[str, Any]:
        view = self.state.view(seat.id)
        profile = getattr(view, "profile", None)
        story = self.privacy.story(self.journal.setup) if self.privacy.story else None
        return {
            "type": "joined",
            "protocol": protocol.PROTOCOL,
            "table": self.code,
            "game": self.journal.game,
            "seat": seat.id,
            "token": token,
            "profile": None if profile is None else profile.to_json(),
            "seats": self.seat_list(),
            "story": story,
        }

    def broadcast(self, events: Sequence[Any]) -> None:
        """Tells every connected seat what happened, as it may see it."""
        for seat in self.seats:
            if seat.link is not None:
                seat.link.send(self.update(seat, events))

    def tell_seats(self) -> None:
        message = {"type": "seats", "seats": self.seat_list()}
        for seat in self.seats:
            if seat.link is not None:
                seat.link.send(message)


def _line(data: Any) -> str:
    """One line of a table's file (JSON escapes every newline inside a value)."""
    return json.dumps(data, ensure_ascii=False) + "\n"


def seat_ids(game: str, count: int) -> list[int | str]:
    """The seats of a networked table of `game` with `count` seats, in the order `create` lists them: a card
    table's numbers, or the game's own seats (Falkenstein's characters, then its Host)."""
    spec = GAMES[game]
    if spec.privacy is None or spec.privacy.new_setup is None:
        return list(range(count))
    return list(spec.view_seats(spec.new_state(spec.privacy.new_setup(0, count, None))))


@functools.cache
def seat_characters(game: str, count: int) -> dict[int | str, str]:
    """The character each seat of a networked table of `game` with `count` seats plays, where its seats are
    characters (Falkenstein's, as the table deals them whatever its seed); else none."""
    spec = GAMES[game]
    if spec.privacy is None or spec.privacy.new_setup is None:
        return {}
    seats = getattr(spec.privacy.new_setup(0, count, None), "seats", ())
    return {i: seat.character.name for i, seat in enumerate(seats) if hasattr(seat, "character")}


def _setup(
    game: str,
    seed: int,
    requests: Sequence[SeatRequest],
    profile: str | None,
    deals: int | None,
    story: Any = None,
) -> Any:
    """A new table's setup: a card table's seating (names stay the table's, not the journal's), or the
    game's own networked setup."""
    spec = GAMES[game]
    computers = [r for r in requests if r.kind == "computer"]
    if computers and spec.computer is None:
        raise ValueError(f"{game} has no computer players")
    if profile is not None and spec.rule_profile is None:
        raise ValueError(f"{game} has no rule profiles")
    assert spec.privacy is not None
    if story is not None and spec.privacy.story is None:
        raise ValueError(f"{game} has no stories")
    if spec.privacy.new_setup is not None:
        if deals is not None:
            raise ValueError(f"{game} has no match length to choose")
        return spec.privacy.new_setup(seed, len(requests), story)
    low, high = spec.seats
    if not low <= len(requests) <= high:
        raise ValueError(f"{game} seats {low} to {high} players, not {len(requests)}")
    rules = spec.rule_profile(profile) if profile is not None and spec.rule_profile else None
    seats = tuple(SeatPlayer("", r.kind == "remote", r.level) for r in requests)
    return CardTableSetup(game, seats, seed, deals, rules)
