"""What a client cannot do to a served table: act for another seat, rejoin with a wrong token, see the teacher's
views without the key, stall the server with junk, oversized frames or floods, or smuggle markup into the chat."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

import mus_widget as mw
from classroom_support import TEACHER_KEY, ServerProcess, raw, reply_to
from mus_widget import remote
from mus_widget.classroom.protocol import MAX_CHAT, MAX_FRAME, TRANSPORT_MAX_FRAME, ClassroomError


@pytest.fixture(scope="module")
def server(module_server: ServerProcess) -> ServerProcess:
    """The module's one server (tests/conftest.py)."""
    return module_server


def answer(ws: ClientConnection, frame: str | bytes) -> dict[str, Any]:
    ws.send(frame)
    reply: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return reply


def kind_of(call: Any) -> str:
    with pytest.raises(ClassroomError) as caught:
        call()
    return caught.value.kind


def test_the_teachers_requests_need_the_teachers_key(server: ServerProcess) -> None:
    remote.create(server.url, "K1", teacher_key=TEACHER_KEY)
    assert kind_of(lambda: remote.create(server.url, "K2", teacher_key="guess")) == "forbidden"
    assert kind_of(lambda: remote.record(server.url, "K1", teacher_key="")) == "forbidden"
    assert kind_of(lambda: remote.tables(server.url, teacher_key="guess")) == "forbidden"
    assert kind_of(lambda: remote.watch(server.url, "K1", teacher_key="guess")) == "forbidden"
    assert "K2" not in {t["table"] for t in remote.tables(server.url, teacher_key=TEACHER_KEY)}
    assert kind_of(lambda: remote.create(server.url, "K1", teacher_key=TEACHER_KEY)) == "table_exists"
    assert kind_of(lambda: remote.create(server.url, "<K3>", teacher_key=TEACHER_KEY)) == "bad_name"
    ws = raw(server)
    try:
        refused = answer(ws, json.dumps({"type": "create", "table": "K4", "rules": {"target": 7}, "id": 4,
                                         "teacher_key": TEACHER_KEY}))
        assert (refused["kind"], refused["id"]) == ("RulesError", 4), "the engine's error, by class name"
    finally:
        ws.close()


def test_a_student_creates_a_table_without_the_key_but_may_not_choose_its_seed(server: ServerProcess) -> None:
    summary = remote.create(server.url, "S1", rules=mw.Rules(target=30), bots={1: "novice", 3: "novice"})
    assert summary["table"] == "S1" and [p["kind"] for p in summary["players"]] == ["open", "bot", "open", "bot"]
    with remote.join(server.url, "S1", name="Ana") as ana:
        assert ana.seat == 0 and ana.observe().rules == mw.Rules(target=30)
    assert kind_of(lambda: remote.create(server.url, "S2", seed=7)) == "forbidden", "the seed tells every deal"
    assert kind_of(lambda: remote.create(server.url, "S2", teacher_key="guess")) == "forbidden"
    assert kind_of(lambda: remote.create(server.url, "S" * 33)) == "bad_name"
    assert kind_of(lambda: remote.create(server.url, "S1")) == "table_exists"
    assert "S2" not in {t["table"] for t in remote.tables(server.url, teacher_key=TEACHER_KEY)}


def test_students_create_tables_at_a_pace_and_up_to_a_cap_the_teacher_is_not_held_to(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, options=("--max-tables", "12")).start()
    try:
        kinds = []
        for n in range(11):
            try:
                remote.create(server.url, f"P{n}")
                kinds.append("created")
            except ClassroomError as error:
                kinds.append(error.kind)
        assert kinds == ["created"] * 10 + ["flood"], "ten at once from one address, then one every 30 s"
        remote.create(server.url, "Teacher 1", teacher_key=TEACHER_KEY)
        remote.create(server.url, "Teacher 2", teacher_key=TEACHER_KEY)
        assert kind_of(lambda: remote.create(server.url, "P11")) == "too_many_tables"
        remote.create(server.url, "Teacher 3", teacher_key=TEACHER_KEY)
        assert len(remote.tables(server.url, teacher_key=TEACHER_KEY)) == 13
    finally:
        server.stop()


def test_with_no_open_tables_only_the_teacher_creates_tables(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, options=("--no-open-tables",)).start()
    try:
        with pytest.raises(ClassroomError, match="only the teacher creates tables") as refused:
            remote.create(server.url, "N1")
        assert refused.value.kind == "forbidden"
        remote.create(server.url, "N1", teacher_key=TEACHER_KEY)
        with remote.join(server.url, "N1", name="Ana") as ana:
            assert ana.seat == 0
    finally:
        server.stop()


def test_unknown_tables_are_named_in_the_refusal(server: ServerProcess) -> None:
    with pytest.raises(ClassroomError, match="There is no table “nowhere” on this server") as caught:
        remote.join(server.url, "nowhere", name="Ana")
    assert caught.value.kind == "unknown_table"
    assert kind_of(lambda: remote.record(server.url, "nowhere", teacher_key=TEACHER_KEY)) == "unknown_table"


def test_a_seat_is_played_only_with_its_own_token_and_only_in_turn(server: ServerProcess) -> None:
    remote.create(server.url, "T1", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=8)
    remote.create(server.url, "T2", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=8)
    with remote.join(server.url, "T1", name="Ana") as ana, remote.join(server.url, "T1", name="Bea") as bea:
        assert (ana.seat, bea.seat) == (0, 2) and ana.token != bea.token
        assert kind_of(lambda: remote.join(server.url, "T1", seat=2, token=ana.token)) == "bad_token"
        assert kind_of(lambda: remote.join(server.url, "T1", token="x" * 32)) == "bad_token"
        assert kind_of(lambda: remote.join(server.url, "T2", token=ana.token)) == "bad_token"
        assert kind_of(lambda: remote.join(server.url, "T1", name="Eve", seat=0)) == "seat_taken"
        assert kind_of(lambda: remote.join(server.url, "T1", name="Eve", seat=1)) == "seat_taken"
        assert kind_of(lambda: remote.join(server.url, "T1", name="Eve")) == "table_full"

        deadline = time.monotonic() + 10
        while not (ana.observe().my_turn or bea.observe().my_turn) and time.monotonic() < deadline:
            time.sleep(0.02)
        mover, idle = (ana, bea) if ana.observe().to_move == 0 else (bea, ana)
        seq = mover.seq
        stored = remote.record(server.url, "T1", teacher_key=TEACHER_KEY)
        legal = mover.legal_actions()
        assert idle.legal_actions() == []
        with pytest.raises(mw.IllegalActionError, match="turn"):
            idle.act(legal[0])
        with pytest.raises(mw.MalformedActionError):
            mover.act("pass")
        with pytest.raises(mw.MalformedActionError):
            mover.sena("a wink")
        # Each refusal is the server's answer, so the record it sends next is the table after all three.
        assert remote.record(server.url, "T1", teacher_key=TEACHER_KEY) == stored, "a refused action changes nothing"
        assert (mover.seq, idle.seq) == (seq, seq)

        # Rejoining with the right token: the same seat, a second connection; nothing of the game changes.
        with remote.join(server.url, "T1", token=bea.token) as again:
            assert (again.seat, again.name, again.seq) == (2, "Bea", seq)
            assert again.observe() == bea.observe()

    ws = raw(server)
    try:
        assert answer(ws, json.dumps({"type": "act", "action": "mus", "id": 1}))["kind"] == "not_joined"
    finally:
        ws.close()


def test_junk_and_oversized_frames_get_an_error_frame_and_the_connection_serves_on(server: ServerProcess) -> None:
    ws = raw(server)
    try:
        junk: list[str | bytes] = [
            "{not json", "[1, 2]", '"text"', '{"type": "hack"}', '{"type": "join"}', '{"type": "join", "table": 3}',
            '{"type": "list", "id": "one"}', b"\x00\x01", "[" * 4000 + "]" * 4000, "x" * (MAX_FRAME + 1),
            json.dumps({"type": "join", "table": "T1", "name": "\u0000"}),
            json.dumps({"type": "create", "table": "J", "bots": {"7": "expert"}, "teacher_key": TEACHER_KEY}),
        ]
        kinds = [answer(ws, frame)["kind"] for frame in junk]
        assert kinds == ["bad_frame"] * 8 + ["bad_frame", "too_large", "bad_name", "bad_frame"]
        listed = answer(ws, json.dumps({"type": "list", "id": 9, "teacher_key": TEACHER_KEY}))
        assert listed["type"] == "tables" and listed["id"] == 9
        ws.send("y" * (TRANSPORT_MAX_FRAME + 1))
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=10)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009  # message too big
    finally:
        ws.close()


def test_a_flood_is_dropped_and_closed_while_the_other_tables_play_on(server: ServerProcess) -> None:
    remote.create(server.url, "F1", teacher_key=TEACHER_KEY, seed=2)
    remote.create(server.url, "F2", bots={1: "novice", 2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=9)
    flooder = remote.join(server.url, "F1", name="Flo")
    flooded: dict[str, Any] = {}

    def flood() -> None:
        ws = raw(server)
        answer(ws, json.dumps({"type": "join", "table": "F1", "token": flooder.token, "id": 0}))
        kinds: list[str] = []
        try:
            for _ in range(400):
                ws.send(json.dumps({"type": "sena", "sena": "nothing"}))
            while True:
                frame = json.loads(ws.recv(timeout=10))
                kinds.append(frame.get("kind", frame["type"]))
        except ConnectionClosed as closed:
            flooded["code"] = None if closed.rcvd is None else closed.rcvd.code
        flooded["kinds"] = kinds

    thread = threading.Thread(target=flood)
    thread.start()
    times: list[float] = []
    with remote.join(server.url, "F2", name="Pat") as pat:
        while len(times) < 12:
            obs = pat.wait_turn(10)
            if obs.is_over:
                break
            start = time.perf_counter()
            pat.act("mus" if "mus" in obs.legal_actions else obs.legal_actions[0])
            times.append(time.perf_counter() - start)
    thread.join(30)
    worst = max(times)
    assert flooded["code"] == 1008, "a flooder is cut off"
    assert "flood" in flooded["kinds"]
    assert worst < 1.0, f"another table waited {worst:.3f} s for an answer during the flood"
    record = remote.record(server.url, "F1", teacher_key=TEACHER_KEY)
    assert record["actions"] == [] and len(record["senas"]) <= 8, "the flood's señas were mostly dropped"
    flooder.close()


def test_chat_with_markup_comes_back_as_the_same_plain_text_within_limits(server: ServerProcess) -> None:
    remote.create(server.url, "C1", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY)
    line = "<b>hola</b> & <script>alert('x')</script> <img src=x onerror=alert(1)>"
    with remote.join(server.url, "C1", name="<i>Ana</i>") as ana, remote.join(server.url, "C1", name="Bea") as bea:
        ana.say(line)
        bea.wait_seq(0)
        deadline = time.monotonic() + 10
        while not bea.chat and time.monotonic() < deadline:
            time.sleep(0.02)
        assert bea.chat[-1] == remote.ChatLine(0, "<i>Ana</i>", line), "kept as text; the renderer escapes it"
        assert kind_of(lambda: ana.say("a" * (MAX_CHAT + 1))) == "bad_chat"
        assert kind_of(lambda: ana.say("   ")) == "bad_chat"
        kinds = []
        for n in range(6):
            try:
                ana.say(f"line {n}")
            except ClassroomError as error:
                kinds.append(error.kind)
        assert "chat_too_fast" in kinds
    with remote.join(server.url, "C1", token=bea.token) as again:
        assert again.chat[0] == remote.ChatLine(0, "<i>Ana</i>", line), "the latest lines come with a rejoin"


HIDDEN = {
    "\u202e": "RIGHT-TO-LEFT OVERRIDE", "\u2066": "LEFT-TO-RIGHT ISOLATE", "\u200b": "ZERO WIDTH SPACE",
    "\ufeff": "ZERO WIDTH NO-BREAK SPACE", "\u2028": "LINE SEPARATOR", "\U000e0001": "LANGUAGE TAG",
    "\U000e0041": "TAG LATIN CAPITAL LETTER A", "\U000e007f": "CANCEL TAG",
}
"""Characters that reverse, hide or break what comes after them in the others' chat: names refuse them too."""


def test_a_chat_line_or_a_teachers_line_that_would_reverse_or_hide_text_is_refused_and_never_stored(
    server: ServerProcess,
) -> None:
    remote.create(server.url, "H1", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY)
    with remote.join(server.url, "H1", name="Ana") as ana, remote.join(server.url, "H1", name="Bea") as bea:
        # Ana's seat and the teacher on bare connections: the server's own rule, no client's check in front of it.
        seat, teacher = raw(server), raw(server)
        try:
            assert reply_to(seat, {"type": "join", "table": "H1", "token": ana.token, "id": 0})["type"] == "joined"
            for n, (char, name) in enumerate(HIDDEN.items(), start=1):
                line = f"mira {char}esto"  # the character is the sixth
                for ws, frame in ((seat, {"type": "say", "text": line}),
                                  (teacher, {"type": "tell", "table": "H1", "text": line, "teacher_key": TEACHER_KEY}),
                                  (teacher, {"type": "tell_all", "text": line, "teacher_key": TEACHER_KEY})):
                    refused = reply_to(ws, {**frame, "id": n})
                    assert (refused["type"], refused["kind"]) == ("error", "bad_chat"), (name, frame["type"])
                    assert f"U+{ord(char):04X} ({name}) at character 6" in refused["message"], refused
                # The script client and the teacher's room refuse it the same way, before sending anything.
                assert kind_of(lambda line=line: ana.say(line)) == "bad_chat"
                assert kind_of(lambda line=line: remote.tell(server.url, "H1", line, teacher_key=TEACHER_KEY)) == \
                    "bad_chat"
                assert kind_of(lambda line=line: remote.tell_all(server.url, line, teacher_key=TEACHER_KEY)) == \
                    "bad_chat"
                time.sleep(0.1)  # within each connection's frame budget
            listed = reply_to(teacher, {"type": "list", "teacher_key": TEACHER_KEY, "chat_from": 0, "id": 99})
        finally:
            seat.close()
            teacher.close()
        room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, language="en")
        try:
            room.receive({"type": "tell", "table": "H1", "text": "mira \u202eesto"})  # the teacher's box, Send
            assert "bad_chat" in room.state["refused"], "said under the title, not dropped in silence"
        finally:
            room.close()
        assert not [line for line in listed["chat"] if any(char in line["text"] for char in HIDDEN)]
        assert remote.record(server.url, "H1", teacher_key=TEACHER_KEY)["chat"] == [], "nothing stored"
        family = "👩\u200d👩\u200d👧 ¡vamos!"  # the joiner emoji need is kept, as names keep it
        ana.say(family)
        bea.wait(lambda: bool(bea.chat), 10, "Ana's line")
        assert bea.chat == [remote.ChatLine(0, "Ana", family)], "the others heard nothing refused"


def test_a_teachers_line_too_long_for_a_frame_is_refused_before_it_leaves_and_the_server_serves_on(
    server: ServerProcess,
) -> None:
    remote.create(server.url, "L1", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY)
    huge = "x" * 100_000  # past the transport's limit: sent, it would close the connection (1009), not be answered
    with remote.join(server.url, "L1", name="Ana") as ana:
        room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, language="en")
        try:
            for write in (lambda: remote.tell(server.url, "L1", huge, teacher_key=TEACHER_KEY),
                          lambda: remote.tell_all(server.url, huge, teacher_key=TEACHER_KEY),
                          lambda: room.tell("L1", huge), lambda: room.tell_all(huge), lambda: ana.say(huge)):
                with pytest.raises(ClassroomError) as refused:
                    write()
                assert refused.value.kind == "bad_chat"
                assert f"at most {MAX_CHAT} characters, not 100000" in refused.value.detail
            room.tell("L1", "Five minutes left")  # the room's connection serves on
        finally:
            room.close()
        ana.wait(lambda: any(line.teacher for line in ana.chat), 10, "the teacher's line")
        remote.tell(server.url, "L1", "Four minutes left", teacher_key=TEACHER_KEY)
        ana.wait(lambda: len(ana.chat) == 2, 10, "the teacher's second line")
        assert [line.text for line in ana.chat] == ["Five minutes left", "Four minutes left"]
        ana.say("¡voy!")  # Ana's connection was never closed
        assert not ana.closed
    assert [line["text"] for line in remote.record(server.url, "L1", teacher_key=TEACHER_KEY)["chat"]] == [
        "Five minutes left", "Four minutes left", "¡voy!"]
