"""A server table's file: its record, then one appended line per action and per change of seats, synced in
groups. A crash's torn last line is dropped and told, a file written in the first format (the record
alone, rewritten after every action) resumes and goes on in the new one, and a file that is bad otherwise is
kept aside with all its bytes, never resumed half."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest

from game.net.protocol import SeatRequest, TableRequest
from game.net.server import Server
from game.net.table_host import VERSION, TableHost
from game.net.writer import Writer
from game.storage import FileProblem, read_json_lines

REMOTE = SeatRequest("remote")
TORN = b'{"type": "Play", "seat": 1, "ca'  # an append a crash cut short


class Nobody:
    def send(self, message: dict[str, Any]) -> None:
        pass


def played(tmp_path: Path, actions: int) -> TableHost:
    """A table of four remote players who sat down and took `actions` actions (the first legal each time)."""
    request = TableRequest("twotenjack", (REMOTE,) * 4, deals=1)
    table = TableHost.new("K7PQ4M", request, tmp_path / "tables" / "K7PQ4M.json", seed=11)
    for seat in range(4):
        table.join(f"Player {seat}", seat, Nobody())
    for _ in range(actions):
        table.apply(table.state.to_act, table.state.legal_actions()[0], table.moves)
    return table


def write_appended(table: TableHost, appended_from: int) -> Path:
    """The table's file as the server leaves it: its record when it had `appended_from` actions, then a
    line for each later one."""
    assert table.path is not None
    actions = table.journal.actions
    table.journal.actions = actions[:appended_from]
    text = table.whole_file()
    for n in range(appended_from, len(actions)):
        table.journal.actions = actions[: n + 1]
        text += table.last_action_line()
    table.path.parent.mkdir(parents=True)
    table.path.write_text(text, encoding="utf-8")
    return table.path


def test_the_record_and_the_lines_after_it_are_the_table(tmp_path) -> None:
    table = played(tmp_path, 12)
    loaded = TableHost.load(write_appended(table, 0))
    assert loaded.journal.actions == table.journal.actions and loaded.state.view(2) == table.state.view(2)
    assert [s.name for s in loaded.seats] == ["Player 0", "Player 1", "Player 2", "Player 3"]
    assert not loaded.torn and not loaded.rewrite_due


def test_a_seats_line_is_the_seats_from_then_on(tmp_path) -> None:
    table = played(tmp_path, 5)
    path = write_appended(table, 5)
    table.leave(table.seats[1], 0.0)
    with path.open("a", encoding="utf-8") as file:
        file.write(table.seats_line())
    loaded = TableHost.load(path)
    assert [s.name for s in loaded.seats] == ["Player 0", "", "Player 2", "Player 3"]
    assert loaded.holder("any token") is None and loaded.moves == 5


def test_a_torn_last_line_is_dropped_and_the_file_written_whole_again(tmp_path, caplog) -> None:
    table = played(tmp_path, 9)
    path = write_appended(table, 4)
    with path.open("ab") as file:
        file.write(TORN)
    loaded = TableHost.load(path)
    assert loaded.torn == TORN and loaded.rewrite_due and loaded.journal.actions == table.journal.actions
    with caplog.at_level(logging.WARNING, "atout.net"):
        server = Server(tmp_path)
    assert "cut short by a crash" in caplog.text
    assert server.tables["K7PQ4M"].journal.actions == table.journal.actions
    assert path.read_bytes().endswith(b"}\n") and path.read_bytes().count(b"\n") == 1  # the record alone
    again = TableHost.load(path)
    assert again.journal.actions == table.journal.actions and not again.rewrite_due


def test_a_file_of_the_first_format_resumes_in_the_new_one(tmp_path) -> None:
    table = played(tmp_path, 7)
    assert table.path is not None
    table.path.parent.mkdir(parents=True)
    first = table.record() | {"version": 1}  # as `atout serve` wrote it before: one JSON document
    table.path.write_text(json.dumps(first, ensure_ascii=False), encoding="utf-8")
    server = Server(tmp_path)
    assert server.tables["K7PQ4M"].journal.actions == table.journal.actions
    (record,), torn = read_json_lines(table.path, 1 << 20)
    assert record["version"] == VERSION and torn == b""
    with table.path.open("a", encoding="utf-8") as file:  # lines go after it from now on
        table.apply(table.state.to_act, table.state.legal_actions()[0], table.moves)
        file.write(table.last_action_line())
    assert TableHost.load(table.path).journal.actions == table.journal.actions


@pytest.mark.parametrize(
    "line", [b"not json", b'{"type": "Fly", "seat": 0}', b'{"seats": []}', b'{"type": "Play", "seat": 3}']
)
def test_a_file_bad_otherwise_is_kept_aside_whole(tmp_path, caplog, line: bytes) -> None:
    table = played(tmp_path, 6)
    path = write_appended(table, 3)
    lines = path.read_bytes().split(b"\n")
    bad = b"\n".join([*lines[:2], line, *lines[2:]])
    path.write_bytes(bad)
    with pytest.raises(FileProblem):
        TableHost.load(path)
    with caplog.at_level(logging.ERROR, "atout.net"):
        server = Server(tmp_path)
    assert server.tables == {} and not path.exists()
    (aside,) = path.parent.glob("K7PQ4M.json.bad-*")
    assert aside.read_bytes() == bad and "not resumed" in caplog.text


def test_the_writer_syncs_many_files_together_and_each_in_order(tmp_path) -> None:
    async def scenario() -> None:
        writer = Writer()
        paths = [tmp_path / f"{n}.json" for n in range(5)]
        await asyncio.gather(*(writer.write(path, "record\n") for path in paths))
        asked = [writer.append(path, f"{path.stem}.{k}\n") for k in range(3) for path in paths]
        gone = writer.append(tmp_path / "gone.json", "a line with no file\n")
        await asyncio.gather(*asked)
        with pytest.raises(FileNotFoundError):
            await gone
        for path in paths:
            assert path.read_text() == f"record\n{path.stem}.0\n{path.stem}.1\n{path.stem}.2\n"
        await writer.remove(paths[0])
        await writer.close()
        assert not paths[0].exists() and not (tmp_path / "gone.json").exists()

    asyncio.run(scenario())
