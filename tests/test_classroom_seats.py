"""Who may sit at a served table, against a real server process: a script that takes every free seat is stopped
by join codes and locks, the teacher frees a squatted seat for a real student (and the freeing holds after a
SIGKILL and a restart), two players of one name never share a table (guessing codes: tests/test_classroom_codes.py)."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets")

from websockets.asyncio.client import connect

import mus_widget as mw
from classroom_support import FIRST_SCHEMA, TEACHER_KEY, ServerProcess
from mus_widget import remote
from mus_widget.bots.turns import Move
from mus_widget.classroom.connections import ADDRESS_SEATS
from mus_widget.classroom.live import SeatFile
from mus_widget.classroom.protocol import ClassroomError
from mus_widget.classroom.sqlite_store import SQLiteStorage
from mus_widget.classroom.storage import StoredTable
from mus_widget.table.contract import ClassroomTable
from support.waiting import until

BOTS = {1: "novice", 3: "novice"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    process = ServerProcess(Path(tmp_path_factory.mktemp("seats")), away_after=60.0).start()
    yield process
    process.stop()


def kind_of(call: Callable[[], Any]) -> str:
    with pytest.raises(ClassroomError) as caught:
        call()
    return caught.value.kind


def squat(url: str, tables: list[str]) -> tuple[list[remote.RemoteSeat], list[str]]:
    """What a script with no token and no code gets: it asks for every seat of every table, as "Ana" and then
    under other names, as fast as it can. The seats it got, and the refusals it heard."""
    got: list[remote.RemoteSeat] = []
    refused: list[str] = []
    for table in tables:
        for name in ("Ana", "Ana", "Ana 2", "Ana 3", "Ana 4"):
            try:
                got.append(remote.join(url, table, name=name))
            except ClassroomError as error:
                refused.append(error.kind)
    return got, refused


def open_seats(url: str, table: str) -> list[int]:
    summary = next(t for t in remote.tables(url, teacher_key=TEACHER_KEY) if t["table"] == table)
    return [p["seat"] for p in summary["players"] if p["kind"] == "open"]


def test_a_class_with_join_codes_leaves_the_squatter_nothing(server: ServerProcess) -> None:
    tables = [f"Code {n}" for n in range(5)]
    for n, table in enumerate(tables):
        summary = remote.create(server.url, table, teacher_key=TEACHER_KEY, code=f"oros-{n}-7k3q-m9xp")
        assert (summary["code"], summary["locked"]) == (True, None)
    got, refused = squat(server.url, tables)
    assert got == [] and set(refused) == {"bad_code"}
    assert kind_of(lambda: remote.join(server.url, "Code 0", name="Ana", code="oros-1-7k3q-m9xp")) == "bad_code"
    assert all(open_seats(server.url, table) == [0, 1, 2, 3] for table in tables)
    with remote.join(server.url, "Code 0", name="Ana", code="oros-0-7k3q-m9xp") as ana:
        assert ana.seat == 0
        token = ana.token
    with remote.join(server.url, "Code 0", token=token) as ana:  # back by her token: no code needed
        assert (ana.seat, ana.name) == (0, "Ana")


def test_the_teacher_frees_a_squatted_seat_and_a_real_student_takes_it(server: ServerProcess) -> None:
    remote.create(server.url, "Open", bots=BOTS, teacher_key=TEACHER_KEY, seed=4)  # seat 0 speaks first
    got, refused = squat(server.url, ["Open"])
    assert [seat.name for seat in got] == ["Ana", "Ana 2"], "one Ana a table, and a table has two free seats"
    assert refused == ["name_taken", "table_full", "table_full"]
    assert kind_of(lambda: remote.join(server.url, "Open", name="Bea")) == "table_full"

    squatter = got[0]
    summary = remote.free_seat(server.url, "Open", squatter.seat, teacher_key=TEACHER_KEY)
    assert summary["players"][squatter.seat] == {"seat": squatter.seat, "kind": "open"}
    squatter.wait(lambda: squatter.closed, 10, "the freed seat's connection closed")
    assert squatter.ws.close_code == 4001
    got[1].wait(lambda: any(e["event"] == "freed" and e["seat"] == squatter.seat for e in got[1].events), 10,
                "the table told of the freed seat")
    assert kind_of(lambda: remote.join(server.url, "Open", token=squatter.token)) == "bad_token"

    with remote.join(server.url, "Open", name="Bea") as bea:
        assert bea.seat == squatter.seat and bea.players[bea.seat]["name"] == "Bea"
        bea.wait_turn(timeout=30)
        bea.act(bea.legal_actions()[0])  # the seat plays again, for its new player
    assert kind_of(lambda: remote.free_seat(server.url, "Open", 1, teacher_key=TEACHER_KEY)) == "seat_open"
    assert kind_of(lambda: remote.free_seat(server.url, "Open", 0, teacher_key="guess")) == "forbidden"
    for seat in got:
        seat.close()


def test_a_second_ana_is_refused_unless_she_rejoins_with_her_token(server: ServerProcess) -> None:
    remote.create(server.url, "Names", teacher_key=TEACHER_KEY)
    with remote.join(server.url, "Names", name="Ana") as ana:
        for other in ("Ana", "ana", "  ANA ", "Ａｎａ"):
            with pytest.raises(ClassroomError, match="name_taken"):
                remote.join(server.url, "Names", name=other)
        with remote.join(server.url, "Names", token=ana.token) as again:
            assert (again.seat, again.name) == (ana.seat, "Ana")
        with remote.join(server.url, "Names", name="Anabel") as anabel:
            assert anabel.seat != ana.seat
    assert kind_of(lambda: remote.join(server.url, "Names", name="Ana")) == "name_taken", "gone is not freed"


def test_a_locked_table_refuses_other_names(server: ServerProcess) -> None:
    remote.create(server.url, "Locked", bots=BOTS, teacher_key=TEACHER_KEY)
    summary = remote.lock(server.url, "Locked", ["Ana", "Bea", "ana"], teacher_key=TEACHER_KEY)
    assert summary["locked"] == ["Ana", "Bea"]
    assert kind_of(lambda: remote.join(server.url, "Locked", name="Eve")) == "locked"
    got, refused = squat(server.url, ["Locked"])
    assert [seat.name for seat in got] == ["Ana"] and set(refused) == {"name_taken", "locked"}
    with remote.join(server.url, "Locked", name="bea") as bea:
        assert bea.name == "Bea", "seated under the name the table is kept for, as the teacher spelt it"
    assert kind_of(lambda: remote.lock(server.url, "Locked", [], teacher_key=TEACHER_KEY)) == "bad_frame"
    assert kind_of(lambda: remote.lock(server.url, "Locked", ["\u202eEve"], teacher_key=TEACHER_KEY)) == "bad_name"
    assert kind_of(lambda: remote.lock(server.url, "Locked", ["Eve"], teacher_key="guess")) == "forbidden"
    assert remote.unlock(server.url, "Locked", teacher_key=TEACHER_KEY)["locked"] is None
    remote.free_seat(server.url, "Locked", got[0].seat, teacher_key=TEACHER_KEY)
    with remote.join(server.url, "Locked", name="Eve") as eve:
        assert eve.seat == got[0].seat
    got[0].close()


def test_the_teacher_sets_and_removes_a_code_later(server: ServerProcess) -> None:
    remote.create(server.url, "Later", teacher_key=TEACHER_KEY)
    assert remote.set_code(server.url, "Later", " sota-7k3q-m9xp ", teacher_key=TEACHER_KEY)["code"] is True
    assert kind_of(lambda: remote.join(server.url, "Later", name="Ana")) == "bad_code"
    with remote.join(server.url, "Later", name="Ana", code="sota-7k3q-m9xp") as ana:
        assert ana.seat == 0
    assert kind_of(lambda: remote.set_code(server.url, "Later", "x" * 33, teacher_key=TEACHER_KEY)) == "bad_code"
    assert kind_of(lambda: remote.set_code(server.url, "Later", None, teacher_key="guess")) == "forbidden"
    assert remote.set_code(server.url, "Later", None, teacher_key=TEACHER_KEY)["code"] is False
    with remote.join(server.url, "Later", name="Bea") as bea:
        assert bea.seat == 1


def test_freeing_a_seat_a_lock_and_a_code_hold_after_a_sigkill_and_a_restart(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, away_after=60.0).start()
    try:
        remote.create(server.url, "3B", bots=BOTS, teacher_key=TEACHER_KEY, code="copas-7k3q-m9xp")
        squatter = remote.join(server.url, "3B", name="Eve", code="copas-7k3q-m9xp")
        remote.free_seat(server.url, "3B", squatter.seat, teacher_key=TEACHER_KEY)
        remote.lock(server.url, "3B", ["Ana", "Bea"], teacher_key=TEACHER_KEY)
        server.kill()
        server.start()
        summary = remote.tables(server.url, teacher_key=TEACHER_KEY)[0]
        assert [p["kind"] for p in summary["players"]] == ["open", "bot", "open", "bot"]
        assert (summary["code"], summary["locked"]) == (True, ["Ana", "Bea"])
        assert kind_of(lambda: remote.join(server.url, "3B", token=squatter.token)) == "bad_token"
        assert kind_of(lambda: remote.join(server.url, "3B", name="Ana")) == "bad_code"
        assert kind_of(lambda: remote.join(server.url, "3B", name="Eve", code="copas-7k3q-m9xp")) == "locked"
        with remote.join(server.url, "3B", name="Ana", code="copas-7k3q-m9xp") as ana:
            assert ana.seat == 0
        squatter.close()
    finally:
        server.stop()


async def take_at_once(url: str, seats: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """What a squatting script does: asks for every seat of ``seats`` (a table, a seat) at the same moment, each
    on a connection of its own (a connection holds one seat), under a new name each. The server's answers."""

    async def take(n: int, table: str, seat: int) -> dict[str, Any]:
        async with connect(url, proxy=None, compression=None) as ws:
            await ws.send(json.dumps({"type": "join", "table": table, "seat": seat, "name": f"Squat {n}", "id": n}))
            while True:
                reply: dict[str, Any] = json.loads(await ws.recv())
                if reply.get("id") == n:
                    return reply

    return list(await asyncio.gather(*(take(n, table, seat) for n, (table, seat) in enumerate(seats))))


def test_a_script_taking_every_open_seat_from_one_address_is_stopped_at_the_documented_number(
    tmp_path: Path,
) -> None:
    server = ServerProcess(tmp_path, away_after=60.0).start()
    try:
        tables = [f"Open {n}" for n in range(20)]
        for table in tables:
            remote.create(server.url, table, teacher_key=TEACHER_KEY)
        started = time.monotonic()
        replies = asyncio.run(take_at_once(server.url, [(table, seat) for table in tables for seat in range(4)]))
        spent = time.monotonic() - started
        taken = [r for r in replies if r["type"] == "joined"]
        refused = [r for r in replies if r["type"] == "error"]
        # At once, then as many a minute: what the script got is the number, and what came back in the while.
        assert ADDRESS_SEATS <= len(taken) <= ADDRESS_SEATS + int(spent * ADDRESS_SEATS / 60) + 1, (len(taken), spent)
        assert len(taken) + len(refused) == 80 and {r["kind"] for r in refused} == {"too_many_joins"}
        assert "--max-seats-per-address" in refused[0]["message"]
        seated = sum(p["kind"] == "human" for t in remote.tables(server.url, teacher_key=TEACHER_KEY)
                     for p in t["players"])
        assert seated == len(taken), "a refused join seated nobody"
        # A seat the script holds is rejoined with its token: a rejoin takes no new seat, so it is not refused.
        with remote.join(server.url, taken[0]["table"], token=taken[0]["token"]) as back:
            assert back.seat == taken[0]["seat"]
    finally:
        server.stop()


@pytest.mark.slow
def test_a_class_of_forty_on_one_jupyterhub_all_sit_down_within_half_a_minute(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, away_after=60.0).start()
    students: list[remote.RemoteSeat] = []
    try:
        tables = [f"4{letter}" for letter in "ABCDEFGHIJ"]
        for table in tables:
            remote.create(server.url, table, teacher_key=TEACHER_KEY)
        started = time.monotonic()
        for n in range(40):  # every kernel of the hub connects from the same address, one every 0.25 s
            time.sleep(max(0.0, started + 0.25 * n - time.monotonic()))
            students.append(remote.join(server.url, tables[n // 4], name=f"Student {n}"))
        assert sorted((s.table, s.seat) for s in students) == [(t, seat) for t in tables for seat in range(4)]
    finally:
        for student in students:
            student.close()
        server.stop()


def test_one_connection_holds_one_seat(server: ServerProcess) -> None:
    remote.create(server.url, "One", teacher_key=TEACHER_KEY)
    remote.create(server.url, "Two", teacher_key=TEACHER_KEY)

    async def two_seats_on_one_connection() -> list[dict[str, Any]]:
        async with connect(server.url, proxy=None, compression=None) as ws:
            replies = []
            for n, table in enumerate(("One", "One", "Two")):
                await ws.send(json.dumps({"type": "join", "table": table, "name": f"Sam {n}", "id": n}))
                while (reply := json.loads(await ws.recv())).get("id") != n:
                    pass
                replies.append(reply)
            return replies

    first, second, third = asyncio.run(two_seats_on_one_connection())
    assert first["type"] == "joined"
    assert (second["kind"], third["kind"]) == ("bad_frame", "bad_frame")
    assert "already joined a table" in second["message"]
    assert open_seats(server.url, "One") == [1, 2, 3] and open_seats(server.url, "Two") == [0, 1, 2, 3]


def test_a_database_made_before_join_codes_and_stand_ins_opens_with_every_table_open(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite"
    old = sqlite3.connect(path)
    old.executescript(FIRST_SCHEMA)
    base = {"format": 1, "rules": {}, "seed": 3, "actions": [], "senas": []}
    old.execute("INSERT INTO tables VALUES ('3B', ?, ?, 0)", (json.dumps(base), json.dumps({"1": "novice"})))
    old.execute("INSERT INTO seats VALUES ('3B', 0, 'Ana', 'ab', 0)")
    old.commit()
    old.close()
    storage = SQLiteStorage(path)
    try:
        [table] = list(storage.tables())
        assert isinstance(table, StoredTable)
        assert (table.name, [s.name for s in table.seats], table.code_hash, table.locked) == ("3B", ["Ana"], None,
                                                                                             None)
        storage.set_access("3B", None, ("Ana",))
        storage.free_seat("3B", 0)
        [table] = list(storage.tables())
        assert isinstance(table, StoredTable)
        assert (table.seats, table.locked) == ((), ("Ana",))
        # ... and the table of the stand-ins' moves: the moves stored before it are the players' own.
        with sqlite3.connect(path) as plain:
            plain.execute("INSERT INTO moves VALUES ('3B', 0, 'action', 0, 'mus', 0, 5.0)")
        storage.add_moves("3B", 1, [Move("action", 2, "mus", 1)], frozenset({0}))
        record = storage.record("3B")
        assert record is not None
        assert [(m["seat"], m["by"]) for m in record["moves"]] == [(0, "player"), (2, "standin")]
        assert record["names"] == [None] * 4 and record["bots"] == {"1": "novice"}
    finally:
        storage.close()


def test_in_a_notebook_the_student_gives_the_code_and_the_teacher_frees_the_seat_from_the_list(
        server: ServerProcess, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUS_WIDGET_SEATS", str(tmp_path / "seats.json"))
    remote.create(server.url, "NB", bots=BOTS, teacher_key=TEACHER_KEY, code="bastos-7k3q-m9xp")
    remote.lock(server.url, "NB", ["Ana", "Bea"], teacher_key=TEACHER_KEY)

    async def cells() -> None:
        with pytest.raises(ClassroomError, match="bad_code"):
            mw.MusTable(server=server.url, table="NB", name="Ana")
        with pytest.raises(TypeError, match="code="):
            mw.MusTable(code="bastos")
        ana = mw.MusTable(server=server.url, table="NB", name="Ana", code="bastos-7k3q-m9xp", tips=False)
        assert SeatFile().token(server.url, "NB", "Ana") == ana.token
        room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, every=0.2)

        def row() -> ClassroomTable:
            rows: list[ClassroomTable] = room.state["tables"]
            return next(r for r in rows if r["table"] == "NB")

        assert "Join code needed" in row()["summary"] and "Kept for: Ana, Bea" in row()["summary"]
        await until("a button frees Ana's seat", lambda: len(row()["students"]) == 1)
        [free] = row()["students"]
        assert free["free"] == "Free the seat of Ana (South)"
        room.receive({"type": "free_seat", "table": "NB", "seat": free["seat"]})  # the button's click
        await until("Ana's table hears it", lambda: ana.relay.freed)
        assert ana.room["chat"][-1]["text"] == "The teacher freed Ana's seat." and ana.room["link"] == "freed"
        assert SeatFile().token(server.url, "NB", "Ana") is None, "the void token is forgotten"
        await until("the list shows the seat free", lambda: row()["students"] == [])
        again = mw.MusTable(server=server.url, table="NB", name="Ana", code="bastos-7k3q-m9xp", tips=False)
        assert again.seat == 0 and again.token != ana.token
        again.close()
        ana.close()
        room.close()

    asyncio.run(cells())


def test_a_seat_freed_while_the_notebook_was_away_is_let_go_when_it_reconnects(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MUS_WIDGET_SEATS", str(tmp_path / "seats.json"))
    server = ServerProcess(tmp_path, away_after=60.0).start()

    async def cells() -> None:
        remote.create(server.url, "NB", bots=BOTS, teacher_key=TEACHER_KEY)
        ana = mw.MusTable(server=server.url, table="NB", name="Ana", tips=False)
        server.kill()
        await until("the table sees the link drop", lambda: ana.room["link"] == "lost")
        storage = SQLiteStorage(server.db)  # the seat freed while nobody was connected
        storage.free_seat("NB", ana.seat)
        storage.close()
        server.start()
        await until("the table hears its token is void", lambda: ana.relay.freed, timeout=30)
        assert ana.room["link"] == "freed"
        assert SeatFile().token(server.url, "NB", "Ana") is None
        ana.close()

    try:
        asyncio.run(cells())
    finally:
        server.stop()
