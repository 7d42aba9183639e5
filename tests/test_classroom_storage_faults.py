"""The classroom server's storage when something is wrong with it: a create that would not replay, rows that do
not replay, a file that is not a classroom database, a database the server cannot write, a disk that fills up
mid-game. The server is a real process (killed with SIGKILL and restarted); the full disk is a fault injected at
the storage layer (``MUS_WIDGET_STORAGE_FAULT``: every write fails while its file exists)."""

from __future__ import annotations

import asyncio
import random
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

import mus_widget as mw
from classroom_support import TEACHER_KEY, ServerProcess, play_until, stored_moves
from mus_widget import remote
from mus_widget.classroom.connections import Session
from mus_widget.classroom.databases import open_storage
from mus_widget.classroom.server import ClassroomServer
from mus_widget.classroom.storage import FAULT_ENV
from mus_widget.classroom.teacher import table_html
from mus_widget.engine.errors import MusError, RecordError
from support.postgres import BACKENDS, new_database, query, rows
from support.waiting import eventually

BOTS = {1: "novice", 2: "novice", 3: "novice"}


def stored(server: ServerProcess, table: str) -> int:
    """The moves the server has stored at ``table``, as its record says."""
    return len(stored_moves(remote.record(server.url, table, teacher_key=TEACHER_KEY)))


def a_table_with_moves(server: ServerProcess, name: str, seed: int) -> remote.RemoteSeat:
    """A table with three bots and Ana, who has played until some moves are stored and it is her turn."""
    remote.create(server.url, name, bots=BOTS, teacher_key=TEACHER_KEY, seed=seed)
    ana = remote.join(server.url, name, name="Ana")
    play_until({0: ana}, random.Random(seed), lambda o: ana.seq >= 4 and o.to_move == 0)
    return ana


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS)
def test_a_create_that_would_not_replay_is_refused_never_stored_and_the_class_restarts(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    server = ServerProcess(tmp_path, db=new_database(request, backend, tmp_path)).start()
    try:
        remote.create(server.url, "3B", bots=BOTS, teacher_key=TEACHER_KEY, seed=7)
        for _ in range(2):  # the same typo twice: the same answer, not a dropped connection
            with pytest.raises(MusError, match="digits"):
                remote.create(server.url, "typo", teacher_key=TEACHER_KEY, seed=10**40)
        assert rows(server.database, "typo") == {"tables": [], "seats": [], "moves": []}
        server.kill()
        server.start()
        assert [t["table"] for t in remote.tables(server.url, teacher_key=TEACHER_KEY)] == ["3B"]
        ana = remote.join(server.url, "3B", name="Ana")
        assert ana.wait_turn(timeout=30).to_move == 0  # the bots of the class play
    finally:
        server.stop()


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_server_builds_a_new_table_from_exactly_its_stored_rows_before_it_writes_them(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    # The frame's limits now refuse the seed that once bricked a class (above); past them, the create itself
    # replays the rows it is about to write, so a game whose record does not replay is never stored.
    db = new_database(request, backend, tmp_path)
    storage = open_storage(db)

    async def create_twice() -> list[str]:
        server = ClassroomServer(storage, TEACHER_KEY)
        refused = []
        try:
            for _ in range(2):
                with pytest.raises(RecordError) as error:
                    server.create(Session(None), {"type": "create", "table": "typo", "seed": 10**40,  # type: ignore[arg-type]
                                                  "teacher_key": TEACHER_KEY})
                refused.append(str(error.value))
            server.create(Session(None), {"type": "create", "table": "typo", "seed": 8,  # type: ignore[arg-type]
                                          "teacher_key": TEACHER_KEY})
        finally:
            await server.close()
        return refused

    first, second = asyncio.run(create_twice())
    storage.close()
    assert first == second and "seed" in first
    assert len(rows(db, "typo")["tables"]) == 1  # the name was never taken by the refused one
    server = ServerProcess(tmp_path, db=db).start()
    try:
        assert [t["table"] for t in remote.tables(server.url, teacher_key=TEACHER_KEY)] == ["typo"]
    finally:
        server.stop()


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS)
def test_a_table_whose_rows_do_not_replay_is_set_aside_and_the_others_play_on(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    server = ServerProcess(tmp_path, away_after=60.0, db=new_database(request, backend, tmp_path)).start()
    names = ["illegal", "not-json", "level", "seat7", "sena", "good"]
    try:
        tokens = {}
        for seed, name in enumerate(names, start=30):
            ana = a_table_with_moves(server, name, seed)
            tokens[name] = ana.token
            ana.close()
        good_seq = stored(server, "good")
    finally:
        server.kill()
    db = server.database
    [last] = query(db, "SELECT max(n), max(at) FROM moves WHERE table_name = 'illegal'")
    query(db, "INSERT INTO moves VALUES ('illegal', ?, 'action', 0, 'envido 37', ?, 0)", (last[0] + 1, last[1]))
    query(db, "UPDATE tables SET base_record = '{\"format\": 1, ' WHERE name = 'not-json'")
    query(db, "UPDATE tables SET bots = '{\"1\": \"grandmaster\", \"2\": \"novice\", \"3\": \"novice\"}' "
              "WHERE name = 'level'")
    query(db, "UPDATE seats SET seat = 7 WHERE table_name = 'seat7'")
    query(db, "INSERT INTO moves SELECT 'sena', max(n) + 1, 'sena', 0, 'ciego', 0, 0 FROM moves "
              "WHERE table_name = 'sena'")
    broken = names[:-1]
    kept = {name: rows(db, name) for name in broken}

    server.start()
    try:
        listed = {t["table"]: t for t in remote.tables(server.url, teacher_key=TEACHER_KEY)}
        assert set(listed) == set(names)
        assert all("set_aside" in listed[name] for name in broken)
        assert "set_aside" not in listed["good"] and listed["good"]["seq"] == good_seq
        for name, why in [("illegal", "envido 37"), ("not-json", "JSON"), ("level", "grandmaster"),
                          ("seat7", "seat 7"), ("sena", "ciego")]:
            assert why in listed[name]["set_aside"], listed[name]
        log = server.child.read_log(20000)
        for name in broken:
            lines = [line for line in log.splitlines() if f"table {name!r} set aside" in line]
            assert len(lines) == 1, log
        assert "Traceback" not in log
        with pytest.raises(remote.ClassroomError, match="set aside"):
            remote.join(server.url, "illegal", token=tokens["illegal"])
        # The good table plays on: Ana is back with her token and the bots answer her move.
        ana = remote.join(server.url, "good", token=tokens["good"])
        obs = ana.wait_turn(timeout=30)
        ana.act(obs.legal_actions[0])
        play_until({0: ana}, random.Random(1), lambda o: ana.seq >= good_seq + 3)
    finally:
        server.stop()
    assert {name: rows(db, name) for name in broken} == kept  # untouched, for the teacher to look at


def database_files(tmp_path: Path) -> list[tuple[str, Path]]:
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    foreign = tmp_path / "foreign.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE invoices (number INTEGER, total REAL)")
    text = tmp_path / "notes.sqlite"
    text.write_text("the seating plan: Ana, Bea, Carlos, Dani\n")
    return [("empty", empty), ("an SQLite database but not a classroom's", foreign),
            ("not an SQLite database", text)]


def serve(db: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mus_widget.serve", "--port", "0", "--db", str(db),
                           "--teacher-key", TEACHER_KEY], check=False, capture_output=True, text=True, timeout=60)


def test_files_that_are_not_a_classroom_database_are_refused_at_start_naming_the_file(tmp_path: Path) -> None:
    for problem, db in database_files(tmp_path):
        before = db.read_bytes()
        done = serve(db)
        assert done.returncode != 0 and done.stdout == ""
        assert str(db) in done.stderr and problem in done.stderr, done.stderr
        assert "Traceback" not in done.stderr
        assert db.read_bytes() == before


def test_a_database_the_server_cannot_write_is_refused_at_start(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path).start()
    remote.create(server.url, "3B", bots=BOTS, teacher_key=TEACHER_KEY, seed=7)
    server.stop()
    if shutil.which("chattr") is None or subprocess.run(["chattr", "+i", str(server.db)], check=False,
                                                         capture_output=True).returncode != 0:
        pytest.skip("this filesystem cannot make a file immutable (chattr +i)")
    try:
        done = serve(server.db)
    finally:
        subprocess.run(["chattr", "-i", str(server.db)], check=True)
    assert done.returncode != 0 and done.stdout == ""
    assert str(server.db) in done.stderr and "readonly" in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(("offset", "damage"), [(4096, "a page"), (0, "the header")])
def test_a_database_damaged_while_the_server_was_stopped_is_refused_in_one_line(
    tmp_path: Path, offset: int, damage: str
) -> None:
    server = ServerProcess(tmp_path).start()
    remote.create(server.url, "3B", bots=BOTS, teacher_key=TEACHER_KEY, seed=7)
    ana = remote.join(server.url, "3B", name="Ana")
    ana.say("hola")
    ana.close()
    server.stop()  # a clean stop: every page is in the file itself, none left in the WAL
    assert server.db.stat().st_size >= 3 * 4096 and not server.db.with_name(server.db.name + "-wal").exists()
    with server.db.open("r+b") as file:  # 4 KiB of random bytes over a page, as a failing disk might leave
        file.seek(offset)
        file.write(random.Random(offset).randbytes(4096))
    damaged = server.db.read_bytes()
    done = serve(server.db)
    assert (done.returncode, done.stdout) == (2, ""), f"{damage}: {done.stderr}"
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1, f"{damage}: {done.stderr}"
    assert str(server.db) in done.stderr and "restore it from a backup" in done.stderr, f"{damage}: {done.stderr}"
    assert server.db.read_bytes() == damaged, "left as it is, for a backup tool or the teacher to look at"


@pytest.mark.slow
@pytest.mark.parametrize("backend", BACKENDS)
def test_a_full_disk_refuses_the_move_keeps_the_table_and_the_bots_move_again_once_it_clears(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    fault = tmp_path / "disk-full"
    server = ServerProcess(tmp_path, away_after=1.0, env={FAULT_ENV: str(fault)}, standin_pace=0.2,
                           db=new_database(request, backend, tmp_path)).start()
    try:
        remote.create(server.url, "F1", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=3)
        ana = remote.join(server.url, "F1", name="Ana")
        bea = remote.join(server.url, "F1", name="Bea")  # Ana's partner: the match goes on while Ana is away
        play_until({0: ana, 2: bea}, random.Random(3), lambda o: ana.seq >= 4 and o.to_move == 0)
        teacher = remote.watch(server.url, "F1", teacher_key=TEACHER_KEY)
        seq = ana.seq
        fault.touch()
        obs = ana.observe()
        with pytest.raises(remote.ClassroomError) as refused:
            ana.act(obs.legal_actions[0])
        assert refused.value.kind == "storage_failed" and "disk is full" in str(refused.value)
        # Nothing changed: the table is where it was, for Ana, the teacher and the database.
        assert ana.seq == seq and ana.observe().to_move == 0 and ana.observe().legal_actions == obs.legal_actions
        assert teacher.seq == seq and stored(server, "F1") == seq
        teacher.wait_for(lambda w: any(e.get("event") == "storage_failed" for e in w.events), timeout=10,
                         what="the teacher told")
        (listed,) = remote.tables(server.url, teacher_key=TEACHER_KEY)
        assert "disk is full" in listed["storage_failed"]
        with pytest.raises(remote.ClassroomError, match="storage_failed"):
            ana.say("¿se ha colgado?")
        with pytest.raises(remote.ClassroomError, match="storage_failed"):
            remote.create(server.url, "F2", teacher_key=TEACHER_KEY, seed=4)
        assert ana.chat == [] and rows(server.database, "F2")["tables"] == []

        # Ana leaves (Bea stays); her stand-in bot's moves fail to store too, and nothing moves while the disk is
        # full.
        token = ana.token
        ana.close()
        time.sleep(3.0)
        assert stored(server, "F1") == seq
        fault.unlink()
        # Nobody writes anything: the bots try again by themselves, and the table goes on.
        eventually("a bot's move once the disk has room", lambda: stored(server, "F1") > seq, 20, every=0.1)
        teacher.wait_for(lambda w: any(e.get("event") == "storage_ok" for e in w.events), timeout=10,
                         what="the teacher told storage works again")
        (listed,) = remote.tables(server.url, teacher_key=TEACHER_KEY)
        assert "storage_failed" not in listed
        remote.create(server.url, "F2", teacher_key=TEACHER_KEY, seed=4)  # the refused one never took the name
        teacher.close()
        bea.close()
        record = remote.record(server.url, "F1", teacher_key=TEACHER_KEY)
        server.kill()  # every acknowledged move survives, and the stored ones replay
        server.start()
        assert [t["table"] for t in remote.tables(server.url, teacher_key=TEACHER_KEY)] == ["F1", "F2"]
        after = remote.record(server.url, "F1", teacher_key=TEACHER_KEY)
        assert stored_moves(after)[:len(stored_moves(record))] == stored_moves(record)
        mw.Game.from_record(after)
        ana = remote.join(server.url, "F1", token=token)
        assert ana.wait_seq(len(stored_moves(after)), timeout=30) is not None
    finally:
        server.stop()


def test_the_teachers_list_shows_a_table_set_aside_and_one_that_cannot_store() -> None:
    aside = table_html({"table": "3B", "set_aside": "move 5 (action '<b>envido 37</b>' by seat 0)"}, "es")
    assert "Apartada" in aside and "&lt;b&gt;envido 37&lt;/b&gt;" in aside and "<b>" not in aside
    failing = table_html({"table": "3C", "seq": 4, "scores": [0, 0], "games_won": [0, 0], "players": [],
                          "storage_failed": "database or disk is full"}, "en")
    assert "cannot store this table&#x27;s moves (database or disk is full)" in failing
