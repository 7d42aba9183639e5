"""The teacher's room, against a real server process: two students and two bots at one table, the teacher's
list showing who is to move and for how long, and marking the table idle once a student has had the turn
longer than the teacher's threshold."""

from __future__ import annotations

import asyncio
import functools
import html
import random
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from classroom_support import TEACHER_KEY, ServerProcess, play_until
from support.waiting import until

pytest.importorskip("websockets")

import mus_widget as mw
from mus_widget import remote
from mus_widget.classroom.playing import STANDIN_PACE
from mus_widget.classroom.teacher import clock, idle, table_html, trouble
from mus_widget.i18n.catalogues import message
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

        def summary() -> str:
            return str(room.state["tables"][0]["summary"])

        await until("a student to move", lambda: room.tables[0]["to_move"] in students)
        first = room.tables[0]
        to_move = students[first["to_move"]]
        assert first["waiting"] < 2.0 and 'data-idle' not in summary() and not room.state["tables"][0]["idle"]
        await until("the timer counting", lambda: room.tables[0]["waiting"] >= 1.0)
        assert f"To move: {to_move.name}, for 0:01" in summary()
        await until("the idle mark", lambda: 'data-idle="true"' in summary(), timeout=10)
        assert f"Idle: {to_move.name} has not played for a while" in summary() and room.state["tables"][0]["idle"]
        assert room.tables[0]["seq"] == first["seq"], "nobody moved meanwhile"

        to_move.act(to_move.wait_turn(timeout=10).legal_actions[0])
        await until("a new turn, not idle", lambda: room.tables[0]["seq"] > first["seq"]
                    and 'data-idle' not in summary())
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
    assert "Le toca a: Ana</div>" in table_html({**base, "to_move": 0}, "es"), "no clock from an older server"


def test_a_table_whose_process_stopped_is_marked_changing_server_and_never_idle() -> None:
    players = [{"seat": 0, "kind": "human", "name": "Ana", "connected": True, "away": False},
               *({"seat": seat, "kind": "bot", "level": "novice"} for seat in (1, 2, 3))]
    shared = {"table": "3B", "seq": 9, "scores": [3, 5], "games_won": [0, 0], "game_number": 1, "hand_number": 2,
              "players": players, "to_move": 0, "waiting": 75.0, "turn_for": 75.0, "served_at": "ws://10.0.0.2:8765"}
    assert idle(shared, 40) and not trouble({**shared, "to_move": 1}, 40)
    ended = {**shared, "lease_ended": True}  # as its stopped process last shared it: Ana waits on nobody now
    assert not idle(ended, 40) and trouble(ended, 40) and trouble({**ended, "to_move": 1}, 40)
    for language in ("en", "es", "cs"):
        shown = table_html(ended, language, idle_after=40)
        assert html.escape(message("ui.classroom.moving", language)) in shown and "data-idle" not in shown
    assert "mus-classroom-moving" not in table_html(shared, "en", idle_after=40)


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


def test_the_face_up_view_logs_the_whole_match_from_before_the_teacher_followed(server: ServerProcess) -> None:
    remote.create(server.url, "4A", rules=mw.Rules(target=10, games=3), bots={1: "novice", 2: "novice", 3: "novice"},
                  teacher_key=TEACHER_KEY, seed=8)
    ana = remote.join(server.url, "4A", name="Ana")
    rng = random.Random(2)
    now = play_until({0: ana}, rng, lambda o: o.game_number == 2 and o.hand_number >= 2 and o.to_move == 0)

    async def follow() -> None:
        room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, every=0.2, language="en")
        view = room.follow("4A")
        headings = [line["text"] for line in view.history if line["kind"] == "hand"]
        assert headings[0].startswith("Game 1, hand 1 · mano "), headings
        assert headings[-1].startswith(f"Game 2, hand {now.hand_number - 1} · mano "), headings
        assert len(headings) == len(view.hands) and view.hands[-1] == now.last_hand
        assert all(line["kind"] != "hand" or "Game" in line["text"] for line in view.history)
        assert [line["kind"] for line in view.history].count("count") >= len(headings)

        hands = len(view.hands)
        ana.act(now.legal_actions[0])
        play_until({0: ana}, rng, lambda o: (o.game_number, o.hand_number) > (now.game_number, now.hand_number)
                   and o.to_move == 0)
        await until("the next hand in the face-up log", lambda: len(view.hands) == hands + 1)
        await until("drawn", lambda: [line["text"] for line in view.history if line["kind"] == "hand"][-1]
                    .startswith(f"Game 2, hand {now.hand_number} · mano "))
        room.close()

    in_a_kernel_loop(follow)
    ana.close()


def test_the_teacher_reads_the_class_chat_of_every_table_in_the_order_written(server: ServerProcess) -> None:
    remote.create(server.url, "3B", bots={2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=5)
    remote.create(server.url, "3C", bots={1: "novice", 2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=6)
    ana, iker = remote.join(server.url, "3B", name="Ana"), remote.join(server.url, "3C", name="Iker")
    ana.say("¿quién empieza?")
    iker.say("<b>hola</b>")
    remote.tell(server.url, "3B", "Ana empieza", teacher_key=TEACHER_KEY)

    async def read() -> None:
        room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, every=0.2, language="en")
        said = [(line["table"], line["seat"], line["name"], line["text"], bool(line.get("teacher")))
                for line in room.class_chat]
        assert said == [("3B", 0, "Ana", "¿quién empieza?", False), ("3C", 0, "Iker", "<b>hola</b>", False),
                        ("3B", None, "", "Ana empieza", True)]
        assert all(time.time() - 60 < line["time"] <= time.time() for line in room.class_chat)
        shown = room.chat["html"]
        assert "&lt;b&gt;hola&lt;/b&gt;" in shown and "<b>hola" not in shown
        assert "Table 3C</span> <strong>Iker</strong>" in shown and "<strong>Teacher</strong>: Ana empieza" in shown
        await asyncio.sleep(2.1)  # one chat line every two seconds
        ana.say("vale")
        await until("a new line, live", lambda: len(room.class_chat) == 4)
        assert room.class_chat[-1]["text"] == "vale" and "vale" in room.chat["html"]
        room.close()

    in_a_kernel_loop(read)
    ana.close()
    iker.close()
    server.kill()
    server.start()
    room = mw.Classroom(server.url, teacher_key=TEACHER_KEY)  # the same lines, in the same order, after a restart
    assert [(line["n"], line["text"]) for line in room.class_chat] == [
        (0, "¿quién empieza?"), (1, "<b>hola</b>"), (2, "Ana empieza"), (3, "vale")]
    room.close()


@pytest.mark.slow
def test_the_record_gives_names_chat_and_times_and_marks_the_stand_ins_moves(server: ServerProcess) -> None:
    started = time.time()
    remote.create(server.url, "3B", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=12)
    ana, bea = remote.join(server.url, "3B", name="Ana"), remote.join(server.url, "3B", name="Bea")
    assert (ana.seat, bea.seat) == (0, 2)
    ana.say("¡vamos!")
    remote.tell(server.url, "3B", "Bea, look at your pares", teacher_key=TEACHER_KEY)
    rng = random.Random(4)

    def beas() -> list[str]:
        """Who played each move of Bea's seat so far, as the record says."""
        moves = remote.record(server.url, "3B", teacher_key=TEACHER_KEY)["moves"]
        return [m["by"] for m in moves if m["seat"] == 2]

    play_until({0: ana, 2: bea}, rng, lambda o: o.to_move == 2 and "player" in beas())
    token = bea.token
    bea.close()  # Bea steps away on her turn; Ana stays, so a stand-in plays for Bea meanwhile
    play_until({0: ana}, rng, lambda o: beas().count("standin") >= 2)
    bea = remote.join(server.url, "3B", token=token)
    play_until({0: ana, 2: bea}, rng, lambda o: beas()[-1] == "player")

    record = remote.record(server.url, "3B", teacher_key=TEACHER_KEY)
    assert record["table"] == "3B" and record["names"] == ["Ana", None, "Bea", None]
    assert record["bots"] == {"1": "novice", "3": "novice"} and started - 1 < record["created"] < time.time()
    moves = record["moves"]
    assert [m["kind"] for m in moves].count("action") == len(record["actions"])
    assert [m["text"] for m in moves if m["kind"] == "action"] == record["actions"]
    assert {m["by"] for m in moves if m["seat"] in (1, 3)} == {"bot"}
    assert {m["by"] for m in moves if m["seat"] == 0} == {"player"}
    bea_moves = [m["by"] for m in moves if m["seat"] == 2]
    assert bea_moves[0] == "player" and "standin" in bea_moves and bea_moves[-1] == "player", bea_moves
    times = [m["time"] for m in moves]
    assert times == sorted(times) and started - 1 < times[0] and times[-1] < time.time()
    assert [(c["seat"], c["name"], c["text"], c["teacher"]) for c in record["chat"]] == [
        (0, "Ana", "¡vamos!", False), (None, "", "Bea, look at your pares", True)]
    assert started - 1 < record["chat"][0]["time"] <= record["chat"][1]["time"] < time.time()

    replayed = mw.Game.from_record(record)  # the record's own keys replay as before
    assert replayed.observe(0) == ana.wait_seq(len(moves), timeout=10)
    review = mw.review(record, seat=2, samples=16)
    assert review.player == "Bea" and review.names == ("Ana", "", "Bea", "")
    ana.close()
    bea.close()


@pytest.mark.slow
def test_a_stand_in_plays_at_a_persons_pace(server: ServerProcess) -> None:
    remote.create(server.url, "3B", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=12)
    ana, bea = remote.join(server.url, "3B", name="Ana"), remote.join(server.url, "3B", name="Bea")
    rng = random.Random(4)
    play_until({0: ana, 2: bea}, rng, lambda o: o.to_move == 2)
    bea.close()  # Ana stays: a stand-in plays for Bea, no faster than STANDIN_PACE a turn

    def moves() -> list[dict[str, Any]]:
        return list(remote.record(server.url, "3B", teacher_key=TEACHER_KEY)["moves"])

    began = time.monotonic()
    play_until({0: ana}, rng, lambda o: sum(m["by"] == "standin" for m in moves()) >= 3)
    took = time.monotonic() - began
    actions = [m for m in moves() if m["kind"] == "action"]
    standins = [i for i, m in enumerate(actions) if m["by"] == "standin"]
    assert len(standins) >= 3 and took >= 3 * STANDIN_PACE - 0.5
    for i in standins:
        assert actions[i]["time"] - actions[i - 1]["time"] >= STANDIN_PACE - 0.1, (i, actions[i - 1:i + 1])
    ana.close()


@pytest.mark.slow
def test_a_class_of_two_students_and_two_bots_seen_from_the_teachers_room(tmp_path: Path) -> None:
    """The issue's test: the teacher sees the idle mark after the threshold, writes to the table and both
    students see it, a student who leaves finds the match paused on return, and the record gives names, chat
    and times with the stand-in's moves marked."""
    server = ServerProcess(tmp_path, away_after=1.0, standin_pace=0.5).start()
    started = time.time()
    try:
        remote.create(server.url, "3B", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=21)
        ana, bea = remote.join(server.url, "3B", name="Ana"), remote.join(server.url, "3B", name="Bea")
        students = {0: ana, 2: bea}
        rng = random.Random(9)

        def told(seat: remote.RemoteSeat) -> bool:
            return any(line.teacher for line in seat.chat)

        async def lesson() -> None:
            room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, every=0.2, idle_after=1.5, language="en")
            def box() -> str:
                return str(room.state["tables"][0]["summary"])

            await until("a student to move", lambda: room.tables[0]["to_move"] in students)
            stuck = students[room.tables[0]["to_move"]]
            await until("the idle mark after 1.5 s", lambda: 'data-idle="true"' in box())
            assert f"Idle: {stuck.name} has not played for a while" in box()

            room.receive({"type": "tell", "table": "3B", "text": "Take your time, but play"})  # the box's Send
            for seat in students.values():
                seat.wait(functools.partial(told, seat), 10, "the teacher's line")
                assert seat.chat[-1] == remote.ChatLine(None, "", "Take your time, but play", teacher=True)
            ana.say("¡voy!")

            play_until(students, rng, lambda o: ana.seq >= 8 and o.to_move == 0)
            token = ana.token
            ana.close()  # Ana steps away on her turn: Bea is still there, so a stand-in plays for Ana
            play_until({2: bea}, rng, lambda o: any(m["by"] == "standin" for m in remote.record(
                server.url, "3B", teacher_key=TEACHER_KEY)["moves"]))
            bea.close()  # now nobody of the team is there: the match waits
            await until("the match paused in the teacher's list", lambda: room.tables[0]["paused"])
            assert "Paused: the match waits for Ana, Bea to come back" in box()
            assert "Away: the match waits for them" in box() and "a bot plays for them" not in box(), "no contradiction"
            paused_at = room.tables[0]["seq"]
            await asyncio.sleep(1.5)
            assert room.tables[0]["seq"] == paused_at and not room.tables[0]["is_over"]

            back = remote.join(server.url, "3B", token=token)
            assert back.seat == 0 and back.seq == paused_at, "Ana finds the match where it paused"
            assert not back.observe().is_over
            await until("resumed", lambda: not room.tables[0]["paused"])
            back.wait(lambda: any(e["event"] == "resumed" for e in back.events), 10, "Ana told it resumed")
            record = room.record("3B")
            back.close()
            room.close()

            assert record["names"] == ["Ana", None, "Bea", None]
            assert [(c["seat"], c["name"], c["text"], c["teacher"]) for c in record["chat"]] == [
                (None, "", "Take your time, but play", True), (0, "Ana", "¡voy!", False)]
            times = [c["time"] for c in record["chat"]] + [m["time"] for m in record["moves"]]
            assert all(started - 1 < t < time.time() for t in times)
            by = {(m["seat"], m["by"]) for m in record["moves"]}
            assert by >= {(0, "player"), (0, "standin"), (2, "player"), (1, "bot"), (3, "bot")}
            assert by <= {(0, "player"), (0, "standin"), (2, "player"), (2, "standin"), (1, "bot"), (3, "bot")}
            assert mw.Game.from_record(record).observe(0) == back.observe()

        in_a_kernel_loop(lesson)
    finally:
        server.stop()


def test_while_the_match_is_paused_the_other_team_waits_too(server: ServerProcess) -> None:
    remote.create(server.url, "3B", bots={2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=5)
    ana = remote.join(server.url, "3B", name="Ana")

    async def wait_for_ana() -> None:
        bea = mw.MusTable(server=server.url, table="3B", name="Bea", tips=False, language="es")
        play_until({0: ana}, random.Random(1), lambda o: o.to_move == 1)
        token = ana.token
        ana.close()
        await until("Bea told the match is paused", lambda: any(
            line["kind"] == "event" and "en pausa" in line["text"] for line in bea.room["chat"]), timeout=10)
        bea.receive({"type": "act", "action": bea.observation.legal_actions[0]})
        await until("the server's refusal", lambda: bea.error.get("id") == "ui.error.room.paused")
        assert "hasta que vuelva" in bea.error["text"]
        back = remote.join(server.url, "3B", token=token)
        await until("resumed", lambda: any(line["text"] == "Ha vuelto un jugador: la partida sigue."
                                           for line in bea.room["chat"]))
        seq = back.seq
        bea.receive({"type": "act", "action": bea.observation.legal_actions[0]})
        await until("Bea's move taken", lambda: back.seq > seq)
        back.close()
        bea.close()

    in_a_kernel_loop(wait_for_ana)


def test_the_teacher_opens_a_students_review_and_the_class_results_from_the_room(server: ServerProcess) -> None:
    remote.create(server.url, "3B", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=12)
    ana, bea = remote.join(server.url, "3B", name="Ana"), remote.join(server.url, "3B", name="Bea")
    play_until({0: ana, 2: bea}, random.Random(3), lambda o: o.hand_number >= 2)
    ana.close()
    bea.close()
    room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, language="es")
    try:
        done = room.review("3B", "bea", samples=16)
        assert done.player == "Bea" and done.seat == 2 and done.complete and len(done) > 0
        assert done.names == ("Ana", "", "Bea", "") and done.language == "es"
        assert "Bea" in done._repr_html_()
        assert room.review("3B", 0, samples=16).player == "Ana"
        with pytest.raises(KeyError, match="Ana, Bea"):
            room.review("3B", "Iker", samples=16)
        summary = room.review_summary(samples=16)
        assert [p.player for p in summary.players] == ["Ana", "Bea"], "the students, not the bots"
        assert summary.player("Bea").decisions == len(done)

        room.receive({"type": "review", "table": "3B", "seat": 1})  # a bot's seat has no button: nothing opens
        assert room.review_view == {} and room.opened_review is None
        room.receive({"type": "review", "table": "3B", "seat": 2})  # Bea's button (graded at once in a script)
        opened = room.opened_review
        assert opened is not None and opened.player == "Bea" and opened.complete
        assert room.review_view["title"] == "Revisión de las decisiones de Bea" and room.review_view["seat"] == 2
        assert room.review_view["progress"] == "" and "<svg" in room.review_view["html"]
        assert room.review_view["close"] == "Cerrar la revisión"
        room.receive({"type": "close_review"})
        assert room.review_view == {} and room.opened_review is None

        room.receive({"type": "results"})  # the room's results button: every student, graded at once in a script
        shown = room.review_view
        assert (shown["table"], shown["seat"], shown["progress"]) == ("", -1, "") and room.opened_review is None
        assert shown["title"] == "Resultados por estudiante" and shown["close"] == "Cerrar los resultados"
        assert shown["html"] == room.results()._repr_html_(), "what room.results() shows"
        assert "<svg" in shown["html"] and "Ana" in shown["html"] and "Bea" in shown["html"]
        room.receive({"type": "close_review"})
        assert room.review_view == {}
    finally:
        room.close()
