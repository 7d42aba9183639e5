"""``mus-widget classroom-copy``: a class played on SQLite (tables with moves, chat, a join code and a lock,
stand-ins' moves, an archived match) copied into PostgreSQL with one command, and served from there with every
record the same; a target that holds a class already is refused, and an older SQLite class copies too."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from classroom_support import FIRST_SCHEMA, TEACHER_KEY, ServerProcess, play_until
from support.postgres import Cluster, query
from support.waiting import eventually

pytest.importorskip("websockets")

import mus_widget as mw
from mus_widget import remote
from mus_widget.classroom.databases import open_storage
from mus_widget.classroom.storage import COLUMNS

CODE = "oros-7k3q-m9xp"


def copy(source: str, target: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "mus_widget", "classroom-copy", source, target], check=False,
                          capture_output=True, text=True, timeout=120)


def every_row(database: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every classroom table, in one order, whichever the database."""
    return {name: query(database, f"SELECT {', '.join(columns)} FROM {name} ORDER BY {', '.join(columns)}")
            for name, columns in COLUMNS.items()}


def play_a_class(server: ServerProcess) -> dict[str, Any]:
    """A class with everything a database holds; its tokens by table and name."""
    remote.create(server.url, "3B", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=5, code=CODE)
    ana = remote.join(server.url, "3B", name="Ana", code=CODE)
    bea = remote.join(server.url, "3B", name="Beñat", code=CODE)
    play_until({0: ana, 2: bea}, random.Random(5), lambda o: ana.seq >= 6)
    ana.say("¿pares?")
    remote.tell(server.url, "3B", "Mirad la chica", teacher_key=TEACHER_KEY)
    remote.lock(server.url, "3B", ["Ana", "Beñat"], teacher_key=TEACHER_KEY)
    tokens = {"3B": {"Ana": ana.token, "Beñat": bea.token}}
    asked = mw.exercise("grande", 7)
    assert remote.quiz(server.url, "grande", 7, asked.answer, token=ana.token)["counted"]  # a quiz answer recorded
    seq = ana.seq
    ana.close()  # her partner stays: a stand-in plays her seat
    eventually("a stand-in's move", lambda: any(
        m["by"] == "standin" for m in remote.record(server.url, "3B", teacher_key=TEACHER_KEY)["moves"]), 30)
    assert bea.seq > seq
    bea.close()
    remote.create(server.url, "3C", rules=mw.Rules(target=10), bots={1: "random", 2: "random", 3: "random"},
                  teacher_key=TEACHER_KEY, seed=3)
    dani = remote.join(server.url, "3C", name="Dani")
    play_until({0: dani}, random.Random(1), lambda obs: False)
    tokens["3C"] = {"Dani": dani.token}
    dani.close()
    remote.rematch(server.url, "3C", teacher_key=TEACHER_KEY)  # the finished match archived as "3C #1"
    return tokens


def records(server: ServerProcess, names: list[str]) -> dict[str, Any]:
    return {name: remote.record(server.url, name, teacher_key=TEACHER_KEY) for name in names}


def stored(db: str, names: list[str]) -> dict[str, Any]:
    """The records as the database ``db`` holds them, no server running (a server's bots and stand-ins may move
    between a read and its stop)."""
    storage = open_storage(db)
    try:
        return {name: storage.record(name) for name in names}
    finally:
        storage.close()


def test_a_class_copied_from_sqlite_into_postgresql_is_served_from_there_with_every_record_the_same(
    tmp_path: Path, postgres: Cluster
) -> None:
    (tmp_path / "sqlite").mkdir()
    (tmp_path / "pg").mkdir()
    old = ServerProcess(tmp_path / "sqlite", away_after=1.0, standin_pace=0.2).start()
    try:
        tokens = play_a_class(old)
        names = ["3B", "3C", "3C #1"]
    finally:
        old.stop()
    before = stored(str(old.db), names)
    url = postgres.new_database()
    done = copy(str(old.db), url)
    assert done.returncode == 0, done.stderr
    assert "3 tables (1 of them archived)" in done.stdout, done.stdout
    rows = every_row(str(old.db))
    assert rows["standins"] and rows["archived"] and rows["access"] and rows["chat"] and rows["moves"]
    assert [row[:3] for row in rows["quizzes"]] == [("ana", "Ana", "grande")]
    assert "1 quiz answers" in done.stdout, done.stdout
    assert every_row(url) == rows
    assert stored(url, names) == before

    new = ServerProcess(tmp_path / "pg", away_after=30.0, db=url).start()
    try:
        served = records(new, names)  # its bots may have moved on since it started: every stored move is there
        assert served["3C #1"] == before["3C #1"]
        for name in ("3B", "3C"):
            assert served[name]["moves"][:len(before[name]["moves"])] == before[name]["moves"], name
            assert {k: v for k, v in served[name].items() if k not in ("moves", "actions", "senas")} == {
                k: v for k, v in before[name].items() if k not in ("moves", "actions", "senas")}, name
        assert remote.quizzes(new.url, teacher_key=TEACHER_KEY) == [{"name": "Ana", "answered": 1, "right": 1}]
        listed = {t["table"]: t for t in remote.tables(new.url, teacher_key=TEACHER_KEY)}
        assert set(listed) == {"3B", "3C"} and listed["3B"]["locked"] == ["Ana", "Beñat"] and listed["3B"]["code"]
        # The class plays on from PostgreSQL: Ana and Beñat back by their tokens, a move stored there.
        ana = remote.join(new.url, "3B", token=tokens["3B"]["Ana"])
        bea = remote.join(new.url, "3B", token=tokens["3B"]["Beñat"])
        seq = ana.seq
        play_until({0: ana, 2: bea}, random.Random(2), lambda o: ana.seq > seq)
        ana.close()
        bea.close()
        after = remote.record(new.url, "3B", teacher_key=TEACHER_KEY)
        assert after["moves"][:len(before["3B"]["moves"])] == before["3B"]["moves"]
        assert len(after["moves"]) > len(before["3B"]["moves"])
    finally:
        new.stop()

    again = copy(str(old.db), url)  # the target holds a class now: refused, and left as it was
    assert again.returncode == 2 and "holds a class already" in again.stderr and "Traceback" not in again.stderr
    assert len(query(url, "SELECT n FROM moves WHERE table_name = '3B'")) == len(after["moves"])


def test_an_older_sqlite_class_copies_into_postgresql_and_a_missing_file_is_refused(
    tmp_path: Path, postgres: Cluster
) -> None:
    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as old:  # a database made before join codes, stand-ins and archives
        old.executescript(FIRST_SCHEMA)
        base = {"format": 1, "rules": {}, "seed": 3, "actions": [], "senas": []}
        old.execute("INSERT INTO tables VALUES ('3B', ?, ?, 0.5)", (json.dumps(base), json.dumps({"1": "novice"})))
        old.execute("INSERT INTO seats VALUES ('3B', 0, 'Ana', 'ab', 0.25)")
        old.execute("INSERT INTO chat VALUES ('3B', 0, 0, 'Ana', 'hola', 0.75)")
    url = postgres.new_database()
    done = copy(str(path), url)
    assert done.returncode == 0, done.stderr
    assert every_row(url) == every_row(str(path))
    assert query(url, "SELECT name FROM seats") == [("Ana",)]
    missing = copy(str(tmp_path / "nothing.sqlite"), postgres.new_database())
    assert missing.returncode == 2 and "no such classroom database" in missing.stderr
    assert not (tmp_path / "nothing.sqlite").exists()
