"""Quizzes recorded by the classroom server (docs/classroom.md, "Quizzes"), against a real server process.

Ana sits at a served table in her kernel and answers two quizzes there, one right and one wrong, then clicks
another answer of the first (not counted); Bea, seated too, answers none; Cai never comes. The teacher's results
show 2 answered and 1 right for Ana, 0 and 0 for the others, in the CSV and the picture. Nobody reports a quiz
under another's name (no token, a wrong one), the server checks every answer itself (a client's claim that it
was right is not read), refuses a question or an answer that is not one and stores nothing then; a quiz given
``server=`` reports by the seat file, or says it could not. The records survive a restart on either database.
"""

from __future__ import annotations

import csv
import html
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets")

import mus_widget as mw
from classroom_support import FIRST_SCHEMA, TEACHER_KEY, ServerProcess, raw, reply_to
from mus_widget import remote
from mus_widget.classroom import notebook
from mus_widget.classroom.live import SeatFile
from mus_widget.classroom.protocol import ClassroomError
from mus_widget.classroom.quizzes import MAX_SEED
from mus_widget.classroom.results import StudentResult, results_svg
from mus_widget.i18n.catalogues import LANGUAGES, message
from mus_widget.teaching.exercises import Exercise, exercise
from support.postgres import BACKENDS, new_database, query
from support.waiting import eventually

BOTS = {1: "novice", 2: "novice", 3: "novice"}
SAMPLES = 16
"""Few samples per grade: the results' quizzes are the point, not their grades."""


@pytest.fixture(autouse=True)
def seat_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A seat file of the test's own, no hub in the environment, and no served table open in this kernel but the
    test's (another module's tests may leave theirs open)."""
    path = tmp_path / "seats" / "seats.json"
    monkeypatch.setenv("MUS_WIDGET_SEATS", str(path))
    monkeypatch.delenv("MUS_WIDGET_HUB_CLASSROOM", raising=False)
    monkeypatch.setattr(notebook, "OPEN", {})
    return path


def wrong(asked: Exercise) -> str:
    """An answer to ``asked`` that is not the right one."""
    return next(choice.key for choice in asked.choices if choice.key != asked.answer)


def counts(server: ServerProcess) -> dict[str, tuple[int, int]]:
    """The teacher's counts, by name: (answered, right)."""
    return {s["name"]: (s["answered"], s["right"]) for s in remote.quizzes(server.url, teacher_key=TEACHER_KEY)}


def stored(database: str, name_key: str) -> list[tuple[Any, ...]]:
    """The quizzes rows of one student, as the database holds them."""
    return query(database, "SELECT kind, seed, answer, correct FROM quizzes WHERE name_key = ? ORDER BY kind, seed",
                 (name_key,))


@pytest.fixture()
def ana_at_a_table(module_server: ServerProcess) -> Iterator[Any]:
    """Ana seated at table Q1 in this kernel, Bea at Q2 by the script client."""
    url = module_server.url
    remote.create(url, "Q1", bots=BOTS, teacher_key=TEACHER_KEY, seed=3)
    remote.create(url, "Q2", bots=BOTS, teacher_key=TEACHER_KEY, seed=4)
    table = mw.MusTable(server=url, table="Q1", name="Ana", tips=False)
    bea = remote.join(url, "Q2", name="Bea")
    try:
        yield table
    finally:
        table.close()
        bea.close()


def test_a_students_quizzes_reach_the_teachers_results_first_answers_only(
    module_server: ServerProcess, ana_at_a_table: Any, tmp_path: Path,
) -> None:
    url = module_server.url
    first = mw.Quiz("grande", seed=11, language="en")
    assert first.answer(first.exercise.answer).right
    report = first.report
    assert report is not None
    done = report.result(timeout=20)
    assert (done.status, done.name, done.right, done.server) == ("recorded", "Ana", True, url)
    eventually("the line under the verdict", lambda: first.state["record"] is not None)
    assert first.state["record"] == {"recorded": True, "text": "Recorded for your teacher, as Ana."}

    second = mw.Quiz("pares_of", seed=5, language="es")
    second.receive({"type": "answer", "key": wrong(second.exercise)})  # a click
    assert second.report is not None and second.report.result(timeout=20).status == "recorded"

    first.answer(wrong(first.exercise))  # a click on every button in turn: only the first counts
    again = first.report
    assert again is not None and again is not report
    assert (again.result(timeout=20).status, again.result().right) == ("again", True)
    first.another()  # a new deal: a new question, not answered yet
    assert first.state["record"] is None and first.reported is None

    assert counts(module_server)["Ana"] == (2, 1)
    assert "Bea" not in counts(module_server)
    assert stored(module_server.database, "ana") == [("grande", 11, exercise("grande", 11).answer, 1),
                                                      ("pares_of", 5, wrong(second.exercise), 0)]

    room = mw.Classroom(url, teacher_key=TEACHER_KEY, expected=["Ana", "Bea", "Cai"], language="en")
    try:
        results = room.results(["Q1", "Q2"], samples=SAMPLES)
    finally:
        room.close()
    rows = {row.name: row for row in results.students}
    assert [(rows[n].status, rows[n].quizzes, rows[n].quizzes_right) for n in ("Ana", "Bea", "Cai")] == [
        ("present", 2, 1), ("present", 0, 0), ("absent", 0, 0)]
    assert all(row.status == "unlisted" for name, row in rows.items() if name not in ("Ana", "Bea", "Cai"))
    path = results.to_csv(tmp_path / "results.csv")
    with path.open(encoding="utf-8", newline="") as file:
        read = {row["name"]: row for row in csv.DictReader(file)}
    assert [(read[n]["quizzes"], read[n]["quizzes_right"]) for n in ("Ana", "Bea", "Cai")] == [
        ("2", "1"), ("0", "0"), ("0", "0")]
    svg = html.unescape(results.svg())
    assert "1/2 quizzes right" in svg and "Ana: no decision reviewed; 1 of 2 quizzes right" in svg
    assert "Cai: absent from every table; 0 of 0 quizzes right" in svg
    page = html.unescape(results.picture()._repr_html_())
    assert "1 of 2 right" in page and "0 of 0 right" in page and "not recorded" not in page


def test_nobody_reports_under_anothers_name_and_the_server_checks_every_answer(
    module_server: ServerProcess,
) -> None:
    url = module_server.url
    remote.create(url, "Q3", bots=BOTS, teacher_key=TEACHER_KEY, seed=5)
    asked = exercise("chica", 21)
    with remote.join(url, "Q3", name="Dora") as dora:
        assert dora.token is not None
        ws = raw(module_server)
        try:
            forged = [
                {"type": "quiz", "id": 1, "name": "Dora", "kind": "chica", "seed": 21, "answer": asked.answer},
                {"type": "quiz", "id": 2, "name": "Dora", "kind": "chica", "seed": 21, "answer": asked.answer,
                 "token": "x" * 32},
                {"type": "quiz", "id": 3, "kind": "chica", "seed": 21, "answer": asked.answer,
                 "token": dora.token[:-1]},
            ]
            assert [reply_to(ws, frame)["kind"] for frame in forged] == ["unknown_student", "bad_token", "bad_token"]
            assert stored(module_server.database, "dora") == [], "no forged answer is stored"

            claimed = reply_to(ws, {"type": "quiz", "id": 4, "kind": "chica", "seed": 21, "answer": wrong(asked),
                                    "right": True, "correct": 1, "token": dora.token, "name": "Ana"})
            assert (claimed["type"], claimed["name"], claimed["counted"], claimed["right"]) == (
                "quiz_recorded", "Dora", True, False), "the server's own verdict, under the token's name"
            bad: list[dict[str, Any]] = [{"kind": "tute"}, {"seed": -1}, {"seed": MAX_SEED + 1}, {"answer": "nope"},
                   {"rules": {"kings": 5}}, {"rules": {"colour": "red"}}, {"rules": [1]}]
            kinds = [reply_to(ws, {"type": "quiz", "id": 10 + n, "kind": "grande", "seed": 3, "answer": "0",
                                   "token": dora.token, **fields})["kind"] for n, fields in enumerate(bad)]
            assert kinds == ["bad_quiz"] * len(bad)
            assert reply_to(ws, {"type": "quiz", "id": 20, "kind": "grande", "seed": "3", "answer": "0",
                                 "token": dora.token})["kind"] == "bad_frame"
            assert reply_to(ws, {"type": "quizzes", "id": 21})["kind"] == "forbidden"
        finally:
            ws.close()
        assert stored(module_server.database, "dora") == [("chica", 21, wrong(asked), 0)], "nothing refused stored"
        with pytest.raises(ClassroomError) as refused:
            remote.quiz(url, "grande", 3, "0")
        assert refused.value.kind == "unknown_student"
    assert counts(module_server)["Dora"] == (1, 0)


def test_a_quiz_given_a_server_reports_by_the_seat_file_or_says_it_cannot(
    module_server: ServerProcess, seat_file: Path,
) -> None:
    url = module_server.url
    alone = mw.Quiz("juego_of", seed=8, language="en")
    alone.answer(alone.exercise.answer)
    assert alone.report is None and alone.state["record"] is None, "no server, no table: the kernel's alone"

    nowhere = mw.Quiz("juego_of", seed=8, language="en", server=url)
    nowhere.answer(nowhere.exercise.answer)
    assert nowhere.report is not None and nowhere.report.result(timeout=5).status == "unknown"
    assert nowhere.state["record"] == {"recorded": False, "text": message("exercise.record.unknown", "en",
                                                                          server=url)}
    assert repr(nowhere) == f"Quiz('juego_of', seed=8, language='en', server={url!r})"

    remote.create(url, "Q4", bots=BOTS, teacher_key=TEACHER_KEY, seed=6)
    table = mw.MusTable(server=url, table="Q4", name="Eli", tips=False)
    table.close()  # the kernel has no table open now; the seat file keeps Eli's seat
    assert json.loads(seat_file.read_text())
    kept = mw.Quiz("juego_of", seed=8, language="en", server=url)
    kept.answer(wrong(kept.exercise))
    assert kept.report is not None
    assert (kept.report.result(timeout=20).status, kept.report.result().name) == ("recorded", "Eli")
    assert counts(module_server)["Eli"] == (1, 0)

    SeatFile(seat_file).keep("ws://127.0.0.1:9", "3B", "Eli", 0, "a-token")  # a seat where no server listens
    gone = mw.Quiz("juego_of", seed=8, language="en", server="ws://127.0.0.1:9/")
    gone.answer(gone.exercise.answer)
    assert gone.report is not None and gone.report.result(timeout=20).status == "unreachable"
    eventually("the line under the verdict", lambda: gone.state["record"] is not None)
    assert gone.state["record"] == {"recorded": False, "text": "Not recorded: the classroom at ws://127.0.0.1:9/ "
                                                               "could not be reached."}


@pytest.mark.parametrize("backend", BACKENDS)
def test_the_first_answers_are_stored_and_counted_on_either_database_across_a_restart(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest,
) -> None:
    server = ServerProcess(tmp_path, db=new_database(request, backend, tmp_path)).start()
    try:
        remote.create(server.url, "3B", bots=BOTS, teacher_key=TEACHER_KEY, seed=7)
        with remote.join(server.url, "3B", name="Ñora") as nora:
            token = nora.token
        assert token is not None
        asked, other = exercise("count", 4), exercise("count", 5)
        replies = [remote.quiz(server.url, "count", 4, wrong(asked), token=token),
                   remote.quiz(server.url, "count", 4, asked.answer, token=token),
                   remote.quiz(server.url, "count", 5, other.answer, token=token)]
        assert [(r["name"], r["counted"], r["right"]) for r in replies] == [
            ("Ñora", True, False), ("Ñora", False, False), ("Ñora", True, True)]
        server.kill()
        server.start()
        assert counts(server) == {"Ñora": (2, 1)}
        assert remote.quiz(server.url, "count", 4, asked.answer, token=token)["counted"] is False
        rows = query(server.database, "SELECT name_key, name, kind, seed, rules, answer, correct FROM quizzes "
                                      "ORDER BY seed")
        rules = json.dumps(mw.Rules().to_dict(), sort_keys=True, separators=(",", ":"))
        assert rows == [("ñora", "Ñora", "count", 4, rules, wrong(asked), 0),
                        ("ñora", "Ñora", "count", 5, rules, other.answer, 1)]
    finally:
        server.stop()


def test_an_older_database_opens_with_no_quiz_recorded(tmp_path: Path) -> None:
    import sqlite3

    from mus_widget.classroom.sqlite_store import SQLiteStorage

    path = tmp_path / "old.sqlite"
    with sqlite3.connect(path) as old:  # a classroom database made before quizzes were recorded
        old.executescript(FIRST_SCHEMA)
        old.execute("INSERT INTO seats VALUES ('3B', 0, 'Ana', 'ab', 0.25)")
    storage = SQLiteStorage(path)
    try:
        assert storage.quiz_counts() == [] and storage.dump()["quizzes"] == []
        assert storage.seat_name("ab") == "Ana" and storage.seat_name("cd") is None
    finally:
        storage.close()


def test_the_picture_says_the_quizzes_in_every_language() -> None:
    row = StudentResult("Ana", "3A", "present", ("3A",), 1, 1, 4, 10, 7, (), 3, 2)
    for language in LANGUAGES:
        svg = html.unescape(results_svg([row], language))
        short = message("results.quizzes.short", language, right=2, answered=3)
        assert short in svg and "2" in short and "3" in short, language
        if language != "en":
            assert short != message("results.quizzes.short", "en", right=2, answered=3), language
    assert "2/3 quizzes right" in html.unescape(results_svg([row]))
    assert "2/3 cuestionarios bien" in html.unescape(results_svg([row], "es"))
