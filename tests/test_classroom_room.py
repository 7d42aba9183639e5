"""The teacher's room, against a real server process: two students and two bots at one table, the teacher's
list showing who is to move and for how long, and marking the table idle once a student has had the turn
longer than the teacher's threshold."""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable, Callable
from typing import TypeVar

import pytest

from classroom_support import TEACHER_KEY, ServerProcess
from support.waiting import until

pytest.importorskip("websockets")

import mus_widget as mw
from mus_widget import remote
from mus_widget.classroom.teacher import clock, idle, table_html
from mus_widget.table.relayed import RelayedTable

T = TypeVar("T")


def in_a_kernel_loop(test: Callable[[], Awaitable[T]]) -> T:
    """Run ``test`` on an asyncio loop, as a notebook cell runs on the kernel's."""
    return asyncio.run(test())  # type: ignore[arg-type]


def two_students_and_two_bots(server: ServerProcess, table: str = "3B") -> tuple[remote.RemoteSeat, ...]:
    """Ana (South) and Bea (East) on opposite teams, each with a bot for a partner."""
    remote.create(server.url, table, bots={2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=5)
    return remote.join(server.url, table, name="Ana"), remote.join(server.url, table, name="Bea")


def test_the_teacher_sees_who_is_to_move_for_how_long_and_an_idle_mark_after_the_threshold(
    server: ServerProcess,
) -> None:
    ana, bea = two_students_and_two_bots(server)
    students = {0: ana, 1: bea}

    async def watch() -> None:
        room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, every=0.2, idle_after=2.0, language="en")
        summary = room.children[1].children[0].children[0]
        await until("a student to move", lambda: room.tables[0]["to_move"] in students)
        first = room.tables[0]
        to_move = students[first["to_move"]]
        assert first["waiting"] < 2.0 and 'data-idle' not in summary.value
        await until("the timer counting", lambda: room.tables[0]["waiting"] >= 1.0)
        assert f"To move: {to_move.name}, for 0:01" in summary.value
        await until("the idle mark", lambda: 'data-idle="true"' in summary.value, timeout=10)
        assert f"Idle: {to_move.name} has not played for a while" in summary.value
        assert room.tables[0]["seq"] == first["seq"], "nobody moved meanwhile"

        to_move.act(to_move.wait_turn(timeout=10).legal_actions[0])
        await until("a new turn, not idle", lambda: room.tables[0]["seq"] > first["seq"]
                    and 'data-idle' not in summary.value)
        room.close()

    in_a_kernel_loop(watch)
    for seat in students.values():
        seat.close()


def test_the_list_waits_by_the_server_clock_and_marks_only_a_person_idle() -> None:
    players = [{"seat": 0, "kind": "human", "name": "Ana", "connected": True, "away": False},
               {"seat": 1, "kind": "bot", "level": "novice"},
               {"seat": 2, "kind": "human", "name": "Bea", "connected": False, "away": True},
               {"seat": 3, "kind": "human", "name": "Iker", "connected": False, "away": False}]
    base = {"table": "3B", "seq": 9, "scores": [3, 5], "games_won": [0, 0], "game_number": 1, "hand_number": 2,
            "players": players}
    assert [idle({**base, "to_move": seat, "waiting": 75.0}, 40) for seat in range(4)] == [True, False, False, True]
    assert not idle({**base, "to_move": 0, "waiting": 39.9}, 40)
    assert not idle({**base, "to_move": 0, "waiting": 500.0}, None)
    assert clock(75.4) == "1:15" and clock(0.2) == "0:00" and clock(3600) == "60:00"
    shown = table_html({**base, "to_move": 0, "waiting": 75.0}, "es", idle_after=40)
    assert "Le toca a: Ana, desde hace 1:15" in shown and 'data-idle="true"' in shown
    assert "mus-classroom-idle-seat" in shown and "Parado: Ana" in shown
    assert 'data-idle' not in table_html({**base, "to_move": 1, "waiting": 75.0}, "es", idle_after=40)
    assert "Le toca a: Ana</span>" in table_html({**base, "to_move": 0}, "es"), "no clock from an older server"


def test_the_servers_clock_starts_with_each_action(server: ServerProcess) -> None:
    ana, bea = two_students_and_two_bots(server)
    (before,) = remote.tables(server.url, teacher_key=TEACHER_KEY)
    time.sleep(1.2)
    (later,) = remote.tables(server.url, teacher_key=TEACHER_KEY)
    assert later["seq"] == before["seq"] and later["waiting"] >= before["waiting"] + 1.0
    mover = ana if later["to_move"] == 0 else bea
    mover.act(mover.wait_turn(timeout=10).legal_actions[0])
    (after,) = remote.tables(server.url, teacher_key=TEACHER_KEY)
    assert after["seq"] > later["seq"] and after["waiting"] < 1.0
    ana.close()
    bea.close()


def test_the_teacher_writes_to_a_table_and_both_students_see_it_set_apart(server: ServerProcess) -> None:
    remote.create(server.url, "3B", bots={2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=5)
    remote.create(server.url, "3C", bots={1: "novice", 2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=6)
    other = remote.join(server.url, "3C", name="Iker")

    async def class_of_two() -> None:
        ana = mw.MusTable(server=server.url, table="3B", name="Ana", tips=False, language="en")
        bea = mw.MusTable(server=server.url, table="3B", name="Bea", tips=False, language="es")
        room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, every=0.2, language="en")
        view = room.follow("3B")
        room.tell("3B", "  <b>Ana</b>, think about the envido  ")
        said = {"kind": "teacher", "seat": None, "text": "<b>Ana</b>, think about the envido", "mine": False}
        def teachers(table: RelayedTable) -> list[dict[str, object]]:
            return [dict(line) for line in table.room["chat"] if line["kind"] == "teacher"]

        def told(table: RelayedTable) -> bool:
            return bool(teachers(table))

        students: list[tuple[RelayedTable, str]] = [(ana, "Teacher"), (bea, "Profesor"), (view, "Teacher")]
        for student, teacher in students:
            await until("the teacher's line at the table", functools.partial(told, student))
            assert teachers(student) == [{**said, "name": teacher}]
        assert bea.room["heard"] == 1, "it marks a folded chat as a new line"
        with pytest.raises(remote.ClassroomError, match="bad_chat"):
            room.tell("3B", "x" * 201)
        for table in (ana, bea, room):
            table.close()

    in_a_kernel_loop(class_of_two)
    assert other.chat == [], "another table hears nothing of it"
    remote.tell(server.url, "3C", "Iker, your turn", teacher_key=TEACHER_KEY)
    other.wait(lambda: bool(other.chat), 10, "the teacher's line at 3C")
    assert other.chat == [remote.ChatLine(None, "", "Iker, your turn", teacher=True)]
    with pytest.raises(remote.ClassroomError, match="forbidden"):
        remote.tell(server.url, "3C", "hola", teacher_key="not-the-key")
    other.close()

    server.kill()
    server.start()
    with remote.join(server.url, "3C", token=other.token) as back:
        assert back.chat == [remote.ChatLine(None, "", "Iker, your turn", teacher=True)], "stored with the chat"
