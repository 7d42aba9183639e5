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
from websockets.sync.client import ClientConnection, connect

import mus_widget as mw
from classroom_support import TEACHER_KEY, ServerProcess
from mus_widget import remote
from mus_widget.classroom.protocol import MAX_CHAT, MAX_FRAME, TRANSPORT_MAX_FRAME, ClassroomError


@pytest.fixture(scope="module")
def server(module_server: ServerProcess) -> ServerProcess:
    """The module's one server (tests/conftest.py)."""
    return module_server


def raw(server: ServerProcess) -> ClientConnection:
    return connect(server.url, proxy=None, compression=None, legacy=True)


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
