"""Guessing a table's join code, against a real server process: wrong codes are counted per connection and per
table, never per address (every kernel of a JupyterHub shares one), so a guesser is held back while a student
with the right code, from the same address, sits down at once; a code set is long enough to outlast a term of
guessing at the rate the server allows, and the codes the room and the command line make meet that rule."""

from __future__ import annotations

import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets")

from websockets.exceptions import ConnectionClosed

import mus_widget as mw
from classroom_support import TEACHER_KEY, ServerProcess, raw, reply_to
from mus_widget import remote
from mus_widget.classroom.connections import (
    CONNECTION_CODE_REFUSALS,
    CONNECTION_WRONG_CODES,
    TABLE_WRONG_CODES,
    TABLE_WRONG_CODES_RATE,
)
from mus_widget.classroom.protocol import (
    CODE_ALPHABET,
    CODE_SPACE,
    CODE_WORDS,
    GUESS_RATE,
    MAX_CODE,
    MIN_CODE_CHARS,
    MIN_CODE_SPACE,
    TERM_SECONDS,
    ClassroomError,
    join_code,
    new_join_code,
)
from mus_widget.classroom.sqlite_store import SQLiteStorage
from mus_widget.classroom.storage import token_hash

BOTS = {1: "novice", 3: "novice"}
CODE = "oros-7k3q-m9xp"
READABLE = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
"""What a code of :func:`new_join_code` looks like: lowercase letters and digits in groups joined by dashes."""


@pytest.fixture(scope="module")
def server(module_server: ServerProcess) -> ServerProcess:
    """The module's one server (tests/conftest.py): each test has tables of its own, and so budgets of its own."""
    return module_server


def join(table: str, code: str, n: int = 0) -> dict[str, Any]:
    return {"type": "join", "table": table, "name": f"Eve {n}", "code": code, "id": n}


def guess(server: ServerProcess, table: str, code: str, n: int) -> dict[str, Any]:
    """One guess on a connection of its own, as a guesser that opens a new connection for each guess does."""
    with raw(server) as ws:
        return reply_to(ws, join(table, code, n))


def test_one_connection_guessing_is_refused_then_closed_while_the_right_code_from_its_address_sits_down_at_once(
    server: ServerProcess,
) -> None:
    remote.create(server.url, "Guess A", bots=BOTS, teacher_key=TEACHER_KEY, code=CODE)
    kinds: list[str] = []
    waited = 0.0
    with raw(server) as guesser, pytest.raises(ConnectionClosed) as closed:
        for n in range(25):
            # The 13th guess is the right code: this connection guessed wrong too often, so it is not compared.
            kinds.append(reply_to(guesser, join("Guess A", CODE if n == 12 else f"oros-{n:04d}-zzzz", n))["kind"])
            if n == 15:  # meanwhile a student of the same address (127.0.0.1, as on a JupyterHub) sits down
                started = time.monotonic()
                with remote.join(server.url, "Guess A", name="Ana", code=CODE) as ana:
                    waited = time.monotonic() - started
                    assert (ana.seat, ana.name) == (0, "Ana")
    flooded = CONNECTION_CODE_REFUSALS - CONNECTION_WRONG_CODES
    assert kinds == ["bad_code"] * CONNECTION_WRONG_CODES + ["flood"] * flooded + ["too_many_joins"], kinds
    assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
    assert waited < 3, f"the right code waited {waited:.2f} s"
    summary = next(t for t in remote.tables(server.url, teacher_key=TEACHER_KEY) if t["table"] == "Guess A")
    assert [p.get("name") for p in summary["players"]] == ["Ana", None, None, None], "the guesser sat nowhere"


def test_a_new_connection_per_guess_meets_the_tables_limit_and_the_right_code_still_gets_in(
    server: ServerProcess,
) -> None:
    remote.create(server.url, "Guess B", bots=BOTS, teacher_key=TEACHER_KEY, code=CODE)
    remote.create(server.url, "Guess C", bots=BOTS, teacher_key=TEACHER_KEY, code="copas-2v8d-h4tn")
    started = time.monotonic()
    replies = [guess(server, "Guess B", f"oros-{n:04d}-zzzz", n) for n in range(TABLE_WRONG_CODES + 10)]
    spent = time.monotonic() - started
    kinds = [reply["kind"] for reply in replies]
    assert kinds[:TABLE_WRONG_CODES] == ["bad_code"] * TABLE_WRONG_CODES, kinds
    assert set(kinds) == {"bad_code", "flood"}, kinds
    # Past its budget the table takes back one wrong code every 3 s: a few more may have been answered bad_code.
    assert kinds.count("bad_code") <= TABLE_WRONG_CODES + spent * TABLE_WRONG_CODES_RATE + 1, (kinds, spent)
    flooded = next(reply for reply in replies if reply["kind"] == "flood")
    assert "the right code still gets in" in flooded["message"]

    # A connection that guessed wrong at a table past its budget is not compared again, the right code included.
    with raw(server) as ws:
        assert reply_to(ws, join("Guess B", "oros-9999-zzzz", 1))["kind"] == "flood"
        assert reply_to(ws, join("Guess B", CODE, 2))["kind"] == "flood"
    # Any other connection's right code is compared, and gets in, from the guesser's own address.
    with remote.join(server.url, "Guess B", name="Ana", code=CODE) as ana, \
            remote.join(server.url, "Guess B", name="Bea", code=f"  {CODE} ") as bea:
        assert (ana.seat, bea.seat) == (0, 2)
    # The budget is the table's: another table of the same server still answers a wrong code bad_code.
    assert guess(server, "Guess C", "oros-0000-zzzz", 3)["kind"] == "bad_code"


def test_a_weak_code_is_refused_when_it_is_set_with_the_rule_and_old_tables_keep_theirs(
    server: ServerProcess, tmp_path: Path,
) -> None:
    remote.create(server.url, "Later", bots=BOTS, teacher_key=TEACHER_KEY)
    setting: list[Callable[[str], object]] = [
        lambda code: remote.create(server.url, "Weak", teacher_key=TEACHER_KEY, code=code),
        lambda code: remote.create(server.url, "Weak", code=code),  # a student's table too
        lambda code: remote.set_code(server.url, "Later", code, teacher_key=TEACHER_KEY),
    ]
    for weak, count in (("oros-7", 5), ("8317", 4)):
        for create in setting:
            with pytest.raises(ClassroomError) as refused:
                create(weak)
            assert refused.value.kind == "bad_code"
            detail = refused.value.detail
            assert f"at least {MIN_CODE_CHARS} letters or digits (dashes and spaces do not count), not {count}" in \
                detail, detail
            assert "within a school term" in detail and "new_join_code()" in detail
    assert "Weak" not in {t["table"] for t in remote.tables(server.url, teacher_key=TEACHER_KEY)}
    # A code of ten letters or digits passes, however it is grouped; the teacher's room checks before sending.
    assert remote.create(server.url, "Strong", teacher_key=TEACHER_KEY, code="Sota 7K3Q Rey")["code"] is True
    room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, language="en")
    try:
        with pytest.raises(ClassroomError, match=f"at least {MIN_CODE_CHARS} letters or digits"):
            room.create("Weak", code="copas")
        # The New table form says the rule in words, with a code that keeps it, and creates nothing.
        room.receive({"type": "create", "name": "Weak", "bots": ["", "", "", ""], "code": "copas", "kept": ""})
        said = room.state["refused"]
        assert said.startswith(f"A join code needs at least {MIN_CODE_CHARS} letters or digits"), said
        assert join_code(said.split(": ")[1].split(",")[0])  # the example keeps the rule
        made = room.create("Fresh", code=True)  # the room makes a code of the rule's strength
        assert made is not None and READABLE.fullmatch(made) and join_code(made) == made
        deadline = time.monotonic() + 10
        while "Fresh" not in {t["table"] for t in remote.tables(server.url, teacher_key=TEACHER_KEY)}:
            assert time.monotonic() < deadline, "the room's table was not created"
            time.sleep(0.05)
        with remote.join(server.url, "Fresh", name="Ana", code=made) as ana:
            assert ana.seat == 0
    finally:
        room.close()

    # A table stored before the rule keeps its short code: the rule is for codes set, a join only compares.
    old = ServerProcess(tmp_path, away_after=60.0)
    storage = SQLiteStorage(old.db)
    storage.create_table("Old", mw.Game.new(seed=1), dict(BOTS), token_hash("oros-7"))
    storage.close()
    old.start()
    try:
        with remote.join(old.url, "Old", name="Ana", code="oros-7") as ana:
            assert ana.seat == 0
    finally:
        old.stop()


def test_new_codes_meet_the_rule_are_unique_and_readable_and_outlast_a_term() -> None:
    codes = [new_join_code() for _ in range(1000)]
    assert len(set(codes)) == 1000
    for code in codes:
        assert READABLE.fullmatch(code) and len(code) <= MAX_CODE, code
        assert join_code(code) == code
        word, *groups = code.split("-")
        assert word in CODE_WORDS and [len(g) for g in groups] == [4, 4]
        assert set("".join(groups)) <= set(CODE_ALPHABET)
    assert len(set(CODE_WORDS)) == 32 and len(set(CODE_ALPHABET)) == 32 and not set("ilou") & set(CODE_ALPHABET)
    # The arithmetic of docs/classroom.md: guessing for a term at the rate allowed covers under half the codes.
    assert TERM_SECONDS == 20 * 7 * 24 * 3600
    assert GUESS_RATE > TABLE_WRONG_CODES_RATE and MIN_CODE_SPACE == 2 * GUESS_RATE * TERM_SECONDS
    assert CODE_SPACE / 2 > GUESS_RATE * TERM_SECONDS and CODE_SPACE == 2**45
    assert len(CODE_ALPHABET) ** MIN_CODE_CHARS / 2 > GUESS_RATE * TERM_SECONDS
    page = (Path(__file__).resolve().parents[1] / "docs" / "classroom.md").read_text()
    assert f"at least {MIN_CODE_CHARS} letters or digits" in page and "rate × term < code space / 2" in page
    # The command line makes them too, without a server or a teacher key.
    printed = subprocess.run([sys.executable, "-m", "mus_widget.serve", "--new-codes", "3"], capture_output=True,
                             text=True, timeout=60, check=True).stdout.split()
    assert len(set(printed)) == 3 and all(join_code(code) == code for code in printed)
