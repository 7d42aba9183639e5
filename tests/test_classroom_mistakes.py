"""A student's mistakes get one line, against a real server process: a wrong table name (with "did you mean"), a
missing or wrong join code, a name the table is not kept for, a server that is not there; table and player names
compare as names do; and a student whose seat the teacher frees sees one message, with no reconnecting."""

from __future__ import annotations

import ast
import asyncio
import subprocess
import sys
from pathlib import Path

import pytest

from classroom_support import TEACHER_KEY, ServerProcess
from support.waiting import until

pytest.importorskip("websockets")

import mus_widget as mw
from mus_widget import remote
from mus_widget.classroom.joining import JoinError, UnreachableError
from mus_widget.classroom.live import SeatFile
from mus_widget.classroom.protocol import ClassroomError, find_name, table_key

BOTS = {1: "novice", 3: "novice"}


@pytest.fixture(autouse=True)
def seat_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "seats" / "seats.json"
    monkeypatch.setenv("MUS_WIDGET_SEATS", str(path))
    return path


def refusal(call: object) -> JoinError:
    with pytest.raises(JoinError) as caught:
        call()  # type: ignore[operator]
    return caught.value


def one_line(error: JoinError | UnreachableError) -> str:
    [line] = error._render_traceback_()
    assert "\n" not in line and "Traceback" not in line
    return line


def test_table_names_compare_as_names_and_a_close_one_is_suggested() -> None:
    assert table_key(" 3b ") == table_key("３Ｂ") == table_key("3B") == "3b"
    assert table_key("Me\u0301s  A") == table_key("Més a")
    assert find_name("3b", ["3A", "3B"]) == ("3B", None)
    assert find_name("3 B", ["3A", "3B", "Ana y Bea"]) == (None, "3B")
    assert find_name("Ana y Bee", ["3B", "Ana y Bea"]) == (None, "Ana y Bea")
    assert find_name("Física", ["3B"]) == (None, None)


def test_a_wrong_table_or_code_is_one_clear_line_from_remote_join(server: ServerProcess) -> None:
    remote.create(server.url, "3B", bots=BOTS, teacher_key=TEACHER_KEY, code="oros-7k3q-m9xp")
    wrong = refusal(lambda: remote.join(server.url, "3 B", name="Ana"))
    assert (wrong.kind, wrong.suggestion) == ("unknown_table", "3B")
    assert one_line(wrong).endswith("There is no table “3 B” on this server. Did you mean “3B”?")
    assert isinstance(wrong, ClassroomError) and wrong.__cause__ is None and wrong.__suppress_context__
    far = refusal(lambda: remote.join(server.url, "Física", name="Ana"))
    assert far.suggestion is None and "check the table's name" in str(far)
    needs = refusal(lambda: remote.join(server.url, "3b", name="Ana"))
    assert needs.kind == "bad_code" and 'code="…"' in one_line(needs)
    bad = refusal(lambda: remote.join(server.url, "3b", name="Ana", code="copas"))
    assert bad.kind == "bad_code" and "not the join code" in str(bad)
    with remote.join(server.url, "3b", name="Ana", code="oros-7k3q-m9xp") as ana:  # "3b" is the table 3B
        assert (ana.table, ana.seat) == ("3B", 0)
    with pytest.raises(ClassroomError, match=r"table_exists.*'3B'"):
        remote.create(server.url, "3b", teacher_key=TEACHER_KEY)
    with pytest.raises(UnreachableError) as gone:
        remote.join("ws://127.0.0.1:9", "3B", name="Ana")
    assert "Cannot reach the classroom server at ws://127.0.0.1:9" in one_line(gone.value)
    assert isinstance(gone.value, ConnectionError)


def test_a_table_kept_for_ana_seats_ana_as_ana_and_refuses_the_others(server: ServerProcess) -> None:
    remote.create(server.url, "Kept", bots=BOTS, teacher_key=TEACHER_KEY)
    remote.lock(server.url, "Kept", ["Ana", "Bea"], teacher_key=TEACHER_KEY)
    with remote.join(server.url, "kept", name="ANA") as ana:
        assert ana.name == "Ana", "seated under the name the table is kept for"
        again = refusal(lambda: remote.join(server.url, "Kept", name="ana"))
        assert again.kind == "name_taken" and "ask your teacher to free that seat" in str(again)
        other = refusal(lambda: remote.join(server.url, "Kept", name="Carla"))
        assert other.kind == "locked" and "“Carla”" in str(other)
        names = [p.get("name") for p in next(t for t in remote.tables(server.url, teacher_key=TEACHER_KEY)
                                             if t["table"] == "Kept")["players"]]
        assert names.count("Ana") == 1 and "ANA" not in names


def test_in_a_notebook_a_mistake_is_one_line_in_the_students_language_and_ana_is_ana(
        server: ServerProcess) -> None:
    remote.create(server.url, "3B", bots=BOTS, teacher_key=TEACHER_KEY, code="oros-7k3q-m9xp")

    async def cells() -> None:
        wrong = refusal(lambda: mw.MusTable(server=server.url, table="3 B", name="Ana", language="es"))
        assert one_line(wrong).endswith("No hay ninguna mesa «3 B» en este servidor. ¿Querías decir «3B»?")
        needs = refusal(lambda: mw.MusTable(server=server.url, table="3B", name="Ana", language="es"))
        assert needs.kind == "bad_code" and "código de entrada" in one_line(needs)
        ana = mw.MusTable(server=server.url, table="3b", name="ana", code="oros-7k3q-m9xp", tips=False)
        assert ana.seat == 0
        # The same student types her name as on the list: the seat file finds her seat, the server her token.
        again = mw.MusTable(server=server.url, table="3B", name="Ana", tips=False)
        assert (again.seat, again.token) == (0, ana.token)
        assert SeatFile().token(server.url, "3B", "ANA") == ana.token
        again.close()
        with pytest.raises(UnreachableError):
            mw.MusTable(server="ws://127.0.0.1:9", table="3B", name="Ana")

    asyncio.run(cells())


def test_the_freed_student_sees_one_message_and_nothing_reconnects(server: ServerProcess) -> None:
    remote.create(server.url, "Free", bots=BOTS, teacher_key=TEACHER_KEY)

    async def cells() -> None:
        ana = mw.MusTable(server=server.url, table="Free", name="Ana", tips=False)
        remote.free_seat(server.url, "Free", ana.seat, teacher_key=TEACHER_KEY)
        await until("the table hears it", lambda: ana.room.get("link") == "freed")
        link = ana.relay.link
        await until("the link's thread ends", lambda: not link._thread.is_alive(), timeout=10)
        await asyncio.sleep(0.3)
        assert ana.room["link"] == "freed" and ana.error == {}, "one message: the room bar's, no banner too"
        assert [line["text"] for line in ana.room["chat"]][-1] == "The teacher freed Ana's seat."
        assert SeatFile().token(server.url, "Free", "Ana") is None
        ana.close()

    asyncio.run(cells())


def test_a_seat_closed_as_freed_stops_even_when_its_event_is_lost(server: ServerProcess) -> None:
    """The close code alone (4001) says the seat was freed: the link delivers it once and does not come back."""
    remote.create(server.url, "Lost", bots=BOTS, teacher_key=TEACHER_KEY)

    async def cells() -> None:
        ana = mw.MusTable(server=server.url, table="Lost", name="Ana", tips=False)
        relay = ana.relay
        original = relay._frame

        heard: list[dict[str, object]] = []

        def deaf(frame: dict[str, object]) -> None:  # a relay that never hears the table's "freed" event
            heard.append(frame)
            if frame.get("type") == "table" and frame.get("event") == "freed":
                return
            original(frame)

        relay.link._deliver = deaf
        remote.free_seat(server.url, "Lost", ana.seat, teacher_key=TEACHER_KEY)
        await until("the close code frees the table", lambda: relay.freed)
        await until("the link's thread ends", lambda: not relay.link._thread.is_alive(), timeout=10)
        assert ana.room["link"] == "freed"
        links = [f for f in heard if f.get("type") in ("link", "error")]
        assert links == [{"type": "link", "open": False, "freed": True}], "no retry with the void token"
        ana.close()

    asyncio.run(cells())


IN_A_CELL = """
import contextlib, io
from IPython.testing.globalipapp import get_ipython
shown = io.StringIO()
with contextlib.redirect_stdout(shown), contextlib.redirect_stderr(shown):
    get_ipython().run_cell("from mus_widget import remote\\nremote.join('ws://127.0.0.1:9', '3B', name='Ana')")
print(repr(shown.getvalue()))
"""


def test_a_notebook_shows_the_mistake_as_its_one_line_not_a_traceback() -> None:
    pytest.importorskip("IPython")
    done = subprocess.run([sys.executable, "-c", IN_A_CELL], capture_output=True, text=True, timeout=120,
                          check=True)
    shown = ast.literal_eval(done.stdout.strip().splitlines()[-1])
    assert shown.count("\n") == 1 and "Traceback" not in shown and "client.py" not in shown, shown
    assert "UnreachableError" in shown and "Cannot reach the classroom server at ws://127.0.0.1:9" in shown
