"""Trouble in the teacher's room, against a real server process: a student idle on their own turn (counted from
when the turn began, or from when they came, whichever is later), a table waiting on an empty seat (one click
gives it a bot), a paused match in words that agree with its rows, and the expected students not joined yet."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from classroom_support import TEACHER_KEY, ServerProcess, play_until
from support.waiting import eventually, until

pytest.importorskip("websockets")

import mus_widget as mw
from mus_widget import remote
from mus_widget.classroom.roomview import idle, not_joined, open_seat, table_html, trouble

T = TypeVar("T")


def in_a_kernel_loop(test: Callable[[], Awaitable[T]]) -> T:
    return asyncio.run(test())  # type: ignore[arg-type]


def only(server: ServerProcess) -> dict[str, Any]:
    (summary,) = remote.tables(server.url, teacher_key=TEACHER_KEY)
    return summary


def test_a_student_is_idle_from_when_their_turn_began_or_they_came_not_from_the_last_move(
    server: ServerProcess,
) -> None:
    remote.create(server.url, "3B", bots={1: "novice", 2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=4)
    assert only(server)["to_move"] == 0, "seed 4: the free seat 0 is the first to move"
    time.sleep(2.0)  # the turn has waited 2 s for a seat nobody sat at
    before = only(server)
    assert before["waiting"] >= 2.0 and open_seat(before) == 0 and trouble(before, 40)
    assert "Waiting for a player at South" in table_html(before, "en")
    ana = remote.join(server.url, "3B", name="Ana")
    sat = only(server)
    assert sat["waiting"] >= 2.0 and sat["turn_for"] < 1.0, "Ana's turn starts when she sits down"
    assert not idle(sat, 1.5) and not trouble(sat, 1.5)
    time.sleep(1.6)
    assert idle(only(server), 1.5), "idle once her own turn has lasted 1.5 s"
    token = ana.token
    ana.close()
    back = remote.join(server.url, "3B", token=token)  # a kernel restart: she is back, her turn starts again
    again = only(server)
    assert again["turn_for"] < 1.0 and not idle(again, 1.5)
    back.close()


def test_a_table_waiting_on_an_empty_seat_gets_a_bot_in_one_click(server: ServerProcess) -> None:
    remote.create(server.url, "3C", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=4)
    ana = remote.join(server.url, "3C", name="Ana", seat=2)

    async def room_view() -> None:
        room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, every=0.2, language="en", expected=["Ana", "Zoe"])
        await until("the table waiting on seat 0", lambda: room.state["tables"][0]["open_seat"] == 0)
        row = room.state["tables"][0]
        assert row["trouble"] and row["seat_bot"] == "A bot takes seat South"
        assert room.state["expected"] == "Not joined yet: Zoe"
        room.receive({"type": "seat_bot", "table": "3C", "seat": 0})
        await until("a bot at seat 0", lambda: room.tables[0]["players"][0]["kind"] == "bot")
        await until("the table plays on", lambda: room.tables[0]["seq"] > 0 or room.tables[0]["to_move"] == 2)
        assert room.state["tables"][0]["open_seat"] is None
        room.close()

    in_a_kernel_loop(room_view)
    ana.close()


def test_the_list_words_a_pause_as_its_rows_do_and_names_who_has_not_joined() -> None:
    players = [{"seat": 0, "kind": "human", "name": "Ana", "connected": False, "away": True},
               {"seat": 1, "kind": "bot", "level": "novice"},
               {"seat": 2, "kind": "bot", "level": "novice"},
               {"seat": 3, "kind": "human", "name": "Bea", "connected": True, "away": False}]
    summary = {"table": "3B", "seq": 9, "scores": [3, 5], "games_won": [0, 0], "game_number": 1, "hand_number": 2,
               "players": players, "paused": True, "to_move": 3, "waiting": 90.0, "turn_for": 90.0}
    shown = table_html(summary, "en", idle_after=40)
    assert "Paused: the match waits for Ana to come back" in shown
    assert "Away: the match waits for them" in shown and "a bot plays for them" not in shown
    assert not idle(summary, 40), "nobody is idle while the match waits"
    assert trouble(summary, 40)
    assert "a bot plays for them" in table_html({**summary, "paused": False}, "en")
    assert not_joined(["Ana", "bea", "Zoe"], [summary]) == ["Zoe"], "names compared as the server does"
    for language in ("es", "nl", "tr", "cs", "af"):
        assert "Ana" in table_html(summary, language) and "{" not in table_html(summary, language)


def test_a_student_whose_page_closed_is_stood_in_for_and_is_back_when_it_opens(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path, away_after=3.0, standin_pace=0.2).start()
    try:
        remote.create(server.url, "3P", bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=4)
        ana = remote.join(server.url, "3P", name="Ana", seat=0)
        ben = remote.join(server.url, "3P", name="Ben", seat=2)  # her partner plays on: no pause, a stand-in
        assert ana.observe().to_move == 0 and not only(server)["players"][0]["closed"]

        ana.request({"type": "presence", "here": False})  # her kernel: no page shows the table any more
        closed = only(server)
        assert closed["players"][0]["closed"] and "Ana</b> · Page closed" in table_html(closed, "en")
        assert closed["seq"] == 0, "nobody plays for her yet"
        eventually("a stand-in plays for Ana", lambda: only(server)["players"][0]["away"] and only(server)["seq"] > 0)
        assert "Away: a bot plays for them" in table_html(only(server), "en")
        eventually("the table told", lambda: "closed" in [e["event"] for e in ana.events])

        ana.request({"type": "presence", "here": True})  # the notebook open again: Ana is back, the bot stops
        back = only(server)["players"][0]
        assert back["connected"] and not back["away"] and not back["closed"]
        ana.wait(lambda: "back" in [e["event"] for e in ana.events], 10, "the table told she is back")
        obs = ana.wait_turn(20)
        ana.act(obs.legal_actions[0])
        with pytest.raises(remote.ClassroomError, match="bad_frame"):
            ana.request({"type": "presence", "here": "maybe"})
        ana.close()
        ben.close()
    finally:
        server.stop()


@pytest.mark.slow
def test_a_student_alone_with_bots_who_leaves_is_stood_in_for_after_the_pause_limit_and_takes_her_seat_back(
    tmp_path: Path,
) -> None:
    server = ServerProcess(tmp_path, away_after=1.0, standin_pace=0.2, options=("--pause-limit", "3")).start()
    try:
        remote.create(server.url, "3S", bots={1: "novice", 2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY,
                      seed=4)
        watcher = remote.watch(server.url, "3S", teacher_key=TEACHER_KEY)
        ana = remote.join(server.url, "3S", name="Ana")
        play_until({0: ana}, random.Random(4), lambda o: ana.seq >= 2 and o.to_move == 0)
        token = ana.token
        ana.close()  # Ana goes home on her own turn; her partner is a bot, so the match waits for her

        def heard(event: str) -> list[dict[str, Any]]:
            return [e for e in watcher.events if e["event"] == event]

        watcher.wait_for(lambda w: bool(heard("paused")), 20, "the match paused")
        paused_at, seq = time.monotonic(), watcher.seq
        assert "Paused: the match waits for Ana to come back" in table_html(only(server), "en")
        time.sleep(1.0)
        assert watcher.seq == seq, "nobody moves while the match waits"

        watcher.wait_for(lambda w: bool(heard("standins")), 20, "stand-ins once the match waited its limit")
        assert time.monotonic() - paused_at >= 2.0, "not before the pause limit (3 s)"
        assert heard("standins")[0]["seats"] == [0] and heard("standins")[0]["names"] == ["Ana"]
        watcher.wait_for(lambda w: w.seq > seq, 20, "the stand-in plays Ana's turn")
        listed = only(server)
        assert listed["paused"] is False and listed["players"][0]["away"] is True
        box = table_html(listed, "en")
        assert "Paused" not in box and "Away: a bot plays for them" in box, "the teacher's row says who plays"

        def record() -> dict[str, Any]:
            return remote.record(server.url, "3S", teacher_key=TEACHER_KEY)

        assert [m["by"] for m in record()["moves"] if m["seat"] == 0][-1] == "standin"
        back = remote.join(server.url, "3S", token=token)  # Ana is back: she takes her seat again
        assert back.seat == 0 and back.name == "Ana"
        obs = back.wait_turn(30)
        assert not obs.is_over and only(server)["players"][0]["away"] is False
        back.act(obs.legal_actions[0])
        assert [m["by"] for m in record()["moves"] if m["seat"] == 0][-1] == "player"
        back.close()
        watcher.close()
    finally:
        server.stop()


def test_a_student_hears_in_words_when_bots_stand_in_after_a_long_pause() -> None:
    from mus_widget.classroom.notebook import _Room

    room = _Room("3B")
    room.take({"type": "table", "event": "standins", "seats": [0, 2], "names": ["Ana", "Bea"], "seq": 12})
    (line,) = room.view("es", None, 200)["chat"]
    assert line["kind"] == "event"
    assert line["text"] == "La partida ya ha esperado bastante a Ana, Bea: juegan bots por ellos hasta que vuelvan."
