"""The classroom in a notebook, against a real server process: ``MusTable(server=..., table=..., name=...)`` plays a
seat with the table UI (señas, chat, player info, refusals in the widget), its pushes arrive through an asyncio
loop as in a kernel, it comes back to its seat after its process is killed, and ``Classroom`` lists the tables
live and follows one face up."""

from __future__ import annotations

import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from classroom_support import TEACHER_KEY, ServerProcess, careless
from support.shown import shown
from support.waiting import eventually, until

pytest.importorskip("websockets")

import mus_widget as mw
from mus_widget import remote
from mus_widget.classroom.live import SeatFile, seats_path
from mus_widget.classroom.notebook import FaceUpTable, ServedTable
from mus_widget.classroom.protocol import MAX_CHAT, ClassroomError
from mus_widget.table.relayed import RelayedTable

T = TypeVar("T")
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def seat_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "seats" / "seats.json"
    monkeypatch.setenv("MUS_WIDGET_SEATS", str(path))
    return path


def in_a_kernel_loop(test: Callable[[], Awaitable[T]]) -> T:
    """Run ``test`` on an asyncio loop, as a notebook cell runs on the kernel's."""
    return asyncio.run(test())  # type: ignore[arg-type]


def partners_against_bots(server: ServerProcess, table: str = "3B", seed: int = 3) -> None:
    remote.create(server.url, table, bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=seed)


def test_two_students_play_partners_and_see_each_others_senas_and_chat(server: ServerProcess) -> None:
    partners_against_bots(server)

    async def play() -> None:
        ana = mw.MusTable(server=server.url, table="3B", name="Ana", tips=False)
        ben = mw.MusTable(server=server.url, table="3B", name="Ben", language="es", tips=False)
        assert isinstance(ana, ServedTable) and isinstance(ana, RelayedTable)
        assert (ana.seat, ben.seat) == (0, 2)
        assert ana.setup["served"] and not ana.setup["watching"]
        await until("Ana hears that Ben sat down", lambda: ana.state["players"][2]["name"] == "Ben")
        players = ana.state["players"]
        assert [p["presence"] for p in players] == ["here", None, "here", None]
        assert [p["level"] for p in players] == [None, "novice", None, "novice"]
        assert players[1]["name"] == "Bot (East)" and ben.state["players"][1]["name"] == "Bot (Este)"
        assert players[2]["cards"] is None and len(players[0]["cards"]) == 4

        ana.receive({"type": "sena", "sena": "duples"})
        assert ana.error == {}
        await until("Ben sees Ana's seña, with no cell run", lambda: ben.state["players"][0]["sena"] == "duples")
        assert ben.state["partner"] == 0

        assert ben.room["heard"] == 0  # the browser marks a folded chat with the lines heard since it was open
        ana.receive({"type": "say", "text": "<b>hola</b> & adiós"})
        await until("the chat line at Ben's", lambda: any(line["kind"] == "chat" for line in ben.room["chat"]))
        assert ben.room["heard"] == 1
        line = next(line for line in ben.room["chat"] if line["kind"] == "chat")
        assert line == {"kind": "chat", "seat": 0, "name": "Ana", "text": "<b>hola</b> & adiós", "mine": False}
        await until("Ana's own line", lambda: any(line.get("mine") for line in ana.room["chat"]))
        assert ben.room["max_chat"] == MAX_CHAT and ben.room["table"] == "3B"

        ana.receive({"type": "say", "text": "x" * (MAX_CHAT + 1)})
        assert ana.error["id"] == "ui.error.room.bad_chat" and str(MAX_CHAT) in ana.error["text"]
        for _ in range(4):
            ana.receive({"type": "say", "text": "otra"})
        await until("the server's refusal of a fifth line at once", lambda: ana.error.get("id") ==
                    "ui.error.room.chat_too_fast")
        assert "segundos" not in ana.error["text"] and "two seconds" in ana.error["text"]

        waiting = ana if ana.state["to_move"] != 0 else ben
        before = waiting.state
        waiting.receive({"type": "act", "action": "mus"})
        assert waiting.error["id"] in ("ui.error.not_your_turn", "ui.error.illegal")
        assert waiting.state["players"] == before["players"]
        ana.close()
        ben.close()

    in_a_kernel_loop(play)


def test_a_hand_is_played_to_its_count_and_next_hand_closes_it(server: ServerProcess) -> None:
    partners_against_bots(server, seed=11)
    rng = random.Random(5)

    async def play() -> None:
        tables = [mw.MusTable(server=server.url, table="3B", name=name, tips=False) for name in ("Ana", "Ben")]
        seen_count = [False, False]
        for _ in range(2000):
            for i, table in enumerate(tables):
                state = table.state
                if state["stage"] == "count":
                    seen_count[i] = True
                    assert state["count"]["rows"] and state["to_move"] is None
                    table.receive({"type": "next_hand"})
                    assert table.state["stage"] == "play" and table.error == {}
                elif state["turn"] is not None and table.relay._waiting is None:
                    table.receive({"type": "act", "action": careless(table.observation, rng)})
                    assert table.error == {}, table.error
            if all(seen_count):
                break
            await asyncio.sleep(0.01)
        assert seen_count == [True, True]
        assert all(t.state["hand"] >= 2 for t in tables)
        for table in tables:
            table.close()

    in_a_kernel_loop(play)


def test_refusals_at_joining_raise_in_the_cell(server: ServerProcess) -> None:
    partners_against_bots(server)
    with pytest.raises(ClassroomError, match="unknown_table"):
        mw.MusTable(server=server.url, table="9Z", name="Ana")
    with pytest.raises(ClassroomError, match="seat_taken"):
        mw.MusTable(server=server.url, table="3B", name="Ana", seat=1)
    with pytest.raises(TypeError, match="server="):
        mw.MusTable(table="3B", name="Ana")
    with pytest.raises(TypeError, match="the table's"):
        mw.MusTable(server=server.url, table="3B", name="Ana", bots="expert")
    with pytest.raises(ConnectionError):
        mw.MusTable(server="ws://127.0.0.1:9", table="3B", name="Ana")


def test_a_plain_table_is_the_table_of_bots_and_never_loads_the_classroom() -> None:
    code = textwrap.dedent("""
        import sys, mus_widget as mw
        from mus_widget.table.widget import MusTable
        from mus_widget.teaching.scenarios import builtin
        t = mw.MusTable(seed=3, pace=0)
        assert mw.MusTable is MusTable and isinstance(t, MusTable)  # one public MusTable: the table layer's
        assert not [m for m in sys.modules if m.startswith("mus_widget.classroom")], sys.modules
        print(type(t).__name__, mw.MusTable.from_scenario(builtin()[0]).step)
    """)
    out = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["MusTable", "0"]


STUDENT = textwrap.dedent("""
    import json, sys, time
    import mus_widget as mw
    table = mw.MusTable(server=sys.argv[1], table="3B", name="Ana")
    print(json.dumps({"seat": table.seat, "cards": table.state["players"][table.seat]["cards"]}), flush=True)
    time.sleep(600)
""")


def test_a_killed_kernel_comes_back_to_its_seat_by_the_seat_file(server: ServerProcess, seat_file: Path) -> None:
    partners_against_bots(server)
    kernel = subprocess.Popen([sys.executable, "-c", STUDENT, server.url], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    try:
        assert kernel.stdout is not None
        first = json.loads(kernel.stdout.readline())
    finally:
        os.kill(kernel.pid, signal.SIGKILL)
        kernel.wait(10)
    assert seats_path() == seat_file and seat_file.exists()
    assert oct(seat_file.stat().st_mode & 0o777) == "0o600"
    saved = json.loads(seat_file.read_text())
    assert [entry["seat"] for entry in saved.values()] == [first["seat"]]
    again = mw.MusTable(server=server.url, table="3B", name="Ana")
    try:
        assert again.seat == first["seat"]
        assert again.token == SeatFile(seat_file).token(server.url, "3B", "Ana")
        # Seat 2 (open) is to speak first at this seed, so the deal waits for it: the same cards are back.
        assert again.state["to_move"] == 2 and again.state["hand"] == 1
        assert again.state["players"][again.seat]["cards"] == first["cards"]
    finally:
        again.close()
    # Another student's name is another seat; a lost seat file only costs the seat, not the table.
    other = mw.MusTable(server=server.url, table="3B", name="Ben")
    assert other.seat == 2
    other.close()


def test_the_table_reconnects_after_the_server_is_killed_and_restarted(server: ServerProcess) -> None:
    partners_against_bots(server)

    async def play() -> None:
        ana = mw.MusTable(server=server.url, table="3B", name="Ana", tips=False)
        seat, cards = ana.seat, ana.state["players"][ana.seat]["cards"]
        server.kill()
        await until("the room says the link dropped", lambda: ana.room["link"] == "lost")
        ana.receive({"type": "say", "text": "¿hola?"})
        assert ana.error["id"] == "ui.error.room.offline"
        server.start()
        await until("the link is back", lambda: ana.room["link"] == "open", timeout=30)
        await until("a fresh state", lambda: ana.state["players"][seat]["presence"] == "here")
        assert ana.seat == seat and ana.state["players"][seat]["cards"] == cards
        ana.close()

    in_a_kernel_loop(play)


def test_the_teachers_classroom_lists_the_tables_live_and_follows_one_face_up(server: ServerProcess) -> None:
    partners_against_bots(server)
    remote.create(server.url, "3C", teacher_key=TEACHER_KEY)

    async def watch() -> None:
        room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, every=0.2)
        assert [t["table"] for t in room.tables] == ["3B", "3C"]

        def rows() -> list[str]:
            return [row["summary"] for row in room.state["tables"]]

        assert len(rows()) == 2 and "Free seat" in rows()[0]
        ana = mw.MusTable(server=server.url, table="3B", name="<i>Ana</i>")
        await until("the list shows Ana, live", lambda: "&lt;i&gt;Ana&lt;/i&gt;" in rows()[0])
        assert "<i>Ana" not in rows()[0]
        assert room.state["tables"][0]["students"] == [
            {"seat": 0, "name": "<i>Ana</i>", "free": "Free the seat of <i>Ana</i> (South)",
             "confirm": "Free <i>Ana</i>'s seat? Their seat's token stops working.",
             "review": "Review <i>Ana</i>'s decisions"}], "button labels, set as text by the browser"

        view = room.follow("3B")
        assert isinstance(view, FaceUpTable) and room.below.children == (view,)
        assert room.state["following"] == "3B"
        assert all(len(p["cards"]) == 4 for p in view.state["players"])
        assert view.state["turn"] is None and view.state["watch"] and view.setup["watching"]
        assert view.room["max_chat"] == 0
        hands = [str(o.hand).split() for o in remote.watch(server.url, "3B", teacher_key=TEACHER_KEY).observations()]
        assert [p["cards"] for p in view.state["players"]] == hands
        view.receive({"type": "act", "action": "mus"})
        assert view.error["id"] == "ui.error.message"

        ana.receive({"type": "say", "text": "hola"})
        await until("the chat at the teacher's", lambda: any(line["kind"] == "chat" for line in view.room["chat"]))
        room.receive({"type": "stop"})
        assert room.below.children == () and room.state["following"] is None and room.following is None
        ana.close()
        room.close()

    in_a_kernel_loop(watch)


def test_the_face_up_view_and_the_teachers_list_need_the_key(server: ServerProcess) -> None:
    partners_against_bots(server)
    with pytest.raises(ClassroomError, match="forbidden"):
        mw.Classroom(server.url, teacher_key="not-the-key")


def test_names_are_checked_before_anything_is_sent(server: ServerProcess) -> None:
    partners_against_bots(server)
    with pytest.raises(ValueError):
        mw.MusTable(server=server.url, table="3B", name="x" * 40)


def test_a_table_is_a_table_of_the_facade_and_its_repr_names_the_seat(server: ServerProcess) -> None:
    partners_against_bots(server)
    table: Any = mw.MusTable(server=server.url, table="3B", name="Ana")
    try:
        assert repr(table) == f"<ServedTable {server.url} table='3B' seat=0 name='Ana'>"
        assert table.observation.seat == 0
        assert "text/html" in shown(table)[0], "a picture before the view"
    finally:
        table.close()


def test_running_the_cell_again_closes_the_table_it_made_before(server: ServerProcess) -> None:
    partners_against_bots(server)
    first = mw.MusTable(server=server.url, table="3B", name="Ana")
    second = mw.MusTable(server=server.url, table="3B", name="Ana")
    try:
        assert second.seat == first.seat == 0
        assert first.comm is None and second.comm is not None  # the first view is closed, its connection too
        assert "closed" in repr(first.relay.link)
    finally:
        second.close()


def test_in_a_notebook_the_room_shows_its_picture_then_the_list_with_the_followed_table_above(
        server: ServerProcess) -> None:
    partners_against_bots(server)
    room = mw.Classroom(server.url, teacher_key=TEACHER_KEY, language="en")
    try:
        assert [row["followable"] for row in room.state["tables"]] == [False], "no Follow where nothing shows below"
        picture, view = shown(room)
        assert 'data-mus-still="' + room.model_id + '"' in picture["text/html"]
        assert "Tables at" in picture["text/html"] and "A snapshot of the classroom" in picture["text/html"]
        assert picture["text/plain"] == repr(room)
        assert room.displayed is not None and room.displayed.children == (room.below, room) and view["text/plain"] == ""
        assert view["application/vnd.jupyter.widget-view+json"]["model_id"] == room.displayed.model_id
        assert [row["followable"] for row in room.state["tables"]] == [True]
        room.receive({"type": "follow", "table": "3B"})
        assert room.below.children == (room.following,) and room.state["following"] == "3B"
        room.receive({"type": "follow", "table": "nowhere"})  # a table the list does not have: nothing
        assert room.state["following"] == "3B"
    finally:
        room.close()


def test_the_kernel_tells_the_server_when_no_page_shows_the_seat(server: ServerProcess) -> None:
    from mus_widget.classroom.notebook import VIEW_GONE_AFTER, SeatRelay
    from mus_widget.table.refusal import RefusalError

    partners_against_bots(server, "3V")

    def closed() -> bool:
        (summary,) = remote.tables(server.url, teacher_key=TEACHER_KEY)
        return bool(summary["players"][0]["closed"])

    relay = SeatRelay(server.url, "3V", "Ana", seat=0)  # a seat's relay, as a kernel holds it
    here = relay.handlers("en")["here"]
    try:
        assert not closed(), "a seat no page ever showed is its script's: present"
        here({"view": "first", "open": True})
        here({"view": "second", "open": True})  # the same notebook open in a second tab
        here({"view": "first", "open": False})
        assert not closed(), "one page still shows the table"
        here({"view": "second", "open": False})
        eventually("the server told that no page shows the table", closed, 10)
        here({"view": "third", "open": True})
        eventually("the page open again", lambda: not closed(), 10)

        relay.look(time.monotonic() + VIEW_GONE_AFTER + 1)  # a view silent too long: its last word was lost
        eventually("the silent view forgotten", closed, 10)

        server.kill()  # the link comes back by itself, and its greeting says still no page shows the table
        eventually("the link down", lambda: not relay.chat_room.open, 10)
        server.start()
        eventually("the seat back, its page still closed", closed, 30)
        assert relay.chat_room.open
        with pytest.raises(RefusalError):
            here({"view": "", "open": True})
        with pytest.raises(RefusalError):
            here({"view": "fourth", "open": "yes"})
    finally:
        relay.close()
