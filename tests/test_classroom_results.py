"""A lesson's results, as a teacher grades from them.

The class list has five students in two groups. Ana and Bea play a few hands at table 3A, Carla at table 3B
beside Zoe, who is not on the list, all against bots on a real server; Eneko sits down at table 3C and never
gets to move; Dani never comes. Carla answers two quizzes, one right, and Íñigo, who is on no list and at no
table, one (by a seat he took at 3C and gave up). ``room.results()`` has a row for each of the five and one for
Zoe and Íñigo, marked, its numbers those of ``room.review_summary()``, of the tables' records and of the
server's quizzes; the CSV reads back with the documented columns, and the picture has a bar per student. A class
list with a bad line is refused, naming the line.
"""

from __future__ import annotations

import csv
import html
import random
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets")

import mus_widget as mw
from classroom_support import TEACHER_KEY, ServerProcess, play_until
from mus_widget import remote
from mus_widget.classroom.results import COLUMNS, ClassResults, StudentResult, class_results
from mus_widget.classroom.roster import Roster, RosterError, Student, change_roster, parse_roster, read_roster
from mus_widget.classroom.teacher import Classroom
from mus_widget.engine.game import Game
from mus_widget.engine.rules import Rules
from mus_widget.engine.seats import team_of
from mus_widget.teaching import review as review_module
from mus_widget.teaching.class_review import ClassSummary
from mus_widget.teaching.exercises import exercise
from mus_widget.teaching.grading import Grade

SAMPLES = 16
"""Few samples per grade: the test is of the bookkeeping, not of the grades."""
ROSTER = "\ufeffName,Group,e-mail\r\nAna,Group A,ana@school.example\r\nBea,Group A,\r\nCarla,Group B,\r\n" \
         "Dani,Group B,\r\n\r\nEneko,Group B,eneko@school.example\r\n"
"""What a spreadsheet saves: a byte-order mark, the columns' names capitalised, a column the room ignores, a
blank line."""


@dataclass(frozen=True)
class Lesson:
    """What the teacher has after the lesson: the room, its results and summary, the tables' records."""

    room: Classroom
    results: ClassResults
    summary: ClassSummary
    records: dict[str, dict[str, Any]]
    folder: Path


def settle(seats: dict[int, remote.RemoteSeat]) -> None:
    """Wait until the table waits for one of ``seats`` (its bots have played what they could), so its record stays
    as it is while the teacher reads it."""
    any_seat = next(iter(seats.values()))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        seq = any_seat.seq
        obs = any_seat.observe()
        if obs.is_over or obs.to_move in seats:
            return
        any_seat.wait_seq(seq + 1, timeout=30)
    raise AssertionError("the table's bots never handed the turn to a student")


def hands_begun(count: int) -> Callable[[mw.Observation], bool]:
    """Whether ``count`` hands have begun (so ``count - 1`` are over), over the games of the match."""
    seen: set[tuple[int, int]] = set()

    def done(obs: mw.Observation) -> bool:
        seen.add((obs.game_number, obs.hand_number))
        return len(seen) >= count

    return done


def hands_and_games(record: dict[str, Any], seat: int) -> tuple[int, int, int]:
    """The hands played to the end in a record, the games finished, and those ``seat``'s team won, counted by
    replaying it action by action (independently of the review)."""
    game = Game.from_record({**record, "actions": [], "senas": []})
    hands = 0
    for action in record["actions"]:
        after = game.apply(action)
        if (after.game_number, after.hand_number) != (game.game_number, game.hand_number) or after.is_over:
            hands += 1
        game = after
    return hands, sum(game.games_won), game.games_won[team_of(seat)]


def wrong(asked: mw.Exercise) -> str:
    """An answer to ``asked`` that is not the right one."""
    return next(choice.key for choice in asked.choices if choice.key != asked.answer)


def weighed_again(*_: object, **__: object) -> None:
    raise AssertionError("a decision graded for the summary was weighed again for the results")


@pytest.fixture(scope="module")
def lesson(module_server: ServerProcess, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lesson]:
    """The lesson, played once for the module's tests."""
    url = module_server.url
    folder = tmp_path_factory.mktemp("results")
    roster = folder / "class-3.csv"
    roster.write_bytes(ROSTER.encode("utf-8"))
    match = Rules(target=10, games=3)  # short games, a match of three
    remote.create(url, "3A", rules=match, bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=4)
    remote.create(url, "3B", rules=match, bots={1: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=6)
    remote.create(url, "3C", bots={1: "novice", 2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=8)
    room = mw.Classroom(url, teacher_key=TEACHER_KEY, roster=roster, language="en")
    remote.create(url, "3D", bots={1: "novice", 2: "novice", 3: "novice"}, teacher_key=TEACHER_KEY, seed=9)
    with remote.join(url, "3D", name="Íñigo") as inigo:  # a seat he gives up: only his quiz is left of him
        assert inigo.token is not None
        remote.quiz(url, "reyes", 7, exercise("reyes", 7).answer, token=inigo.token)
    remote.free_seat(url, "3D", inigo.seat, teacher_key=TEACHER_KEY)
    try:
        with ExitStack() as stack:
            ana, bea, carla, zoe, eneko = (stack.enter_context(remote.join(url, table, name=name)) for table, name in
                                           (("3A", "Ana"), ("3A", "Bea"), ("3B", "carla"), ("3B", "Zoe"),
                                            ("3C", "Eneko")))
            for seats in ({ana.seat: ana, bea.seat: bea}, {carla.seat: carla, zoe.seat: zoe}):
                play_until(seats, random.Random(3), hands_begun(4))
                settle(seats)
            settle({eneko.seat: eneko})
            quizzed = [remote.quiz(url, "grande", 5, exercise("grande", 5).answer, token=carla.token),
                       remote.quiz(url, "chica", 6, wrong(exercise("chica", 6)), token=carla.token)]
            assert [(q["name"], q["counted"]) for q in quizzed] == [("carla", True), ("carla", True)]  # her seat's name
            summary = room.review_summary(["3A", "3B", "3C"], samples=SAMPLES)  # grades every decision once
            with pytest.MonkeyPatch.context() as patch:  # the results reuse those grades: none is weighed again
                patch.setattr(review_module._Assessor, "evaluate", weighed_again)
                results = room.results(samples=SAMPLES)
            records = {table: room.record(table) for table in ("3A", "3B", "3C")}
            room.refresh()
            deadline = time.monotonic() + 10
            while "Eneko" in room.state["expected"] and time.monotonic() < deadline:
                time.sleep(0.05)
        yield Lesson(room, results, summary, records, folder)
    finally:
        room.close()


def test_the_roster_is_what_the_room_expects_and_who_has_not_joined(lesson: Lesson) -> None:
    room = lesson.room
    assert room.roster is not None and room.roster.names == ("Ana", "Bea", "Carla", "Dani", "Eneko")
    assert [s.group for s in room.roster] == ["Group A", "Group A", "Group B", "Group B", "Group B"]
    assert room.expected == ["Ana", "Bea", "Carla", "Dani", "Eneko"]
    assert room.state["expected"] == "Not joined yet: Dani", "carla sat down as Carla: one name to the server"


def test_a_row_per_student_of_the_roster_and_one_for_a_student_not_on_it(lesson: Lesson) -> None:
    results = lesson.results
    assert [(r.name, r.group, r.status) for r in results.students] == [
        ("Ana", "Group A", "present"), ("Bea", "Group A", "present"), ("Carla", "Group B", "present"),
        ("Dani", "Group B", "absent"), ("Eneko", "Group B", "present"), ("Zoe", None, "unlisted"),
        ("Íñigo", None, "unlisted")]
    assert results.absent == ("Dani",)
    dani = results.student("dani")
    assert dani.absent and (dani.tables, dani.games, dani.hands, dani.decisions, dani.good, dani.mistakes) == (
        (), 0, 0, 0, 0, ())
    assert dani.good_share is None
    eneko = results.student("Eneko")
    assert eneko.tables == ("3C",) and eneko.decisions == 0 and eneko.hands == 0 and not eneko.absent
    assert [r.tables for r in results.students[:3]] == [("3A",), ("3A",), ("3B",)]
    assert results.tables == ("3A", "3B", "3C")
    assert [(r.quizzes, r.quizzes_right) for r in results.students] == [
        (0, 0), (0, 0), (2, 1), (0, 0), (0, 0), (0, 0), (1, 1)], "as the server recorded them: 0 where none"
    assert results.student("Íñigo").tables == () and results.student("Íñigo").decisions == 0
    with pytest.raises(KeyError, match="no student 'Iker'"):
        results.student("Iker")


def test_the_numbers_are_the_summarys_and_the_records(lesson: Lesson) -> None:
    results, summary = lesson.results, lesson.summary
    for row in results.students:
        if not row.tables:  # absent, or a student known only by a quiz
            continue
        theirs = [p for p in summary.players if p.player.casefold() == row.name.casefold()]
        assert [p.table for p in theirs] == list(row.tables)
        assert row.decisions == sum(p.decisions for p in theirs)
        assert row.good == sum(t.count(Grade.GOOD) for p in theirs for t in p.tallies)
        costs = sorted((c.row.cost for p in theirs for c in p.costliest), reverse=True)[:3]
        assert [m.cost for m in row.mistakes] == [round(c, 1) for c in costs]
        assert all(m.text.startswith(f"Table {m.table}, hand {m.hand}, ") and "was better" in m.text
                   for m in row.mistakes)
        [table] = row.tables
        record = lesson.records[table]
        seat = [str(n).casefold() for n in record["names"]].index(row.name.casefold())
        assert (row.hands, row.games, row.games_won) == hands_and_games(record, seat)
    ana = results.student("Ana")
    assert ana.hands >= 3 and ana.decisions > 0, "Ana played some hands"
    assert 0 <= ana.good <= ana.decisions and ana.good_share == ana.good / ana.decisions
    assert results.student("Bea").hands == ana.hands, "one table, the same hands"


def test_the_csv_reads_back_with_the_documented_columns(lesson: Lesson) -> None:
    path = lesson.results.to_csv(lesson.folder / "results.csv")
    with path.open(encoding="utf-8", newline="") as file:
        reader = csv.DictReader(file)
        assert tuple(reader.fieldnames or ()) == COLUMNS == (
            "name", "group", "status", "tables", "games", "games_won", "hands", "decisions", "good", "good_share",
            "costliest", "quizzes", "quizzes_right")
        rows = list(reader)
    assert [row["name"] for row in rows] == ["Ana", "Bea", "Carla", "Dani", "Eneko", "Zoe", "Íñigo"]
    for row, result in zip(rows, lesson.results.students, strict=True):
        assert row["status"] == result.status and row["group"] == (result.group or "")
        assert [int(row[k]) for k in ("games", "games_won", "hands", "decisions", "good")] == [
            result.games, result.games_won, result.hands, result.decisions, result.good]
        share = result.good_share
        assert row["good_share"] == ("" if share is None else f"{share:.3f}")
        assert row["costliest"] == "; ".join(m.text for m in result.mistakes)
        assert row["tables"] == "; ".join(result.tables)
        assert (int(row["quizzes"]), int(row["quizzes_right"])) == (result.quizzes, result.quizzes_right)
    excel = lesson.results.to_csv(lesson.folder / "excel.csv", bom=True)
    assert excel.read_bytes().startswith(b"\xef\xbb\xbfname,group,")


def test_the_picture_is_a_bar_per_student_in_the_rooms_words(lesson: Lesson) -> None:
    results = lesson.results
    svg = results.svg()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and "<script" not in svg and "http://" not in \
        svg.replace('xmlns="http://www.w3.org/2000/svg"', "")
    assert svg.count('class="mus-results-bar"') == len(results.students) == 7
    assert "light-dark(" in svg and "color-scheme:light dark" in svg
    text = html.unescape(svg)
    assert "Share of good decisions per student" in text
    assert 'data-student="Dani" data-status="absent" data-share=""' in svg and "Dani · Group B" in text
    assert "Dani (Group B): absent from every table" in text and "not on the roster" in text
    ana = results.student("Ana")
    assert f"{ana.good} of {ana.decisions} good" in text
    page = html.unescape(results.picture()._repr_html_())
    assert "Results per student" in page and "Costliest mistakes" in page and "not recorded" not in page
    assert "1/2 quizzes right" in text and "Carla (Group B): " in text and "; 1 of 2 quizzes right" in text
    assert "1 of 2 right" in page and "0 of 0 right" in page
    assert "Dani (Group B): absent from every table" in str(results.picture())
    spanish = class_results(lesson.summary, lesson.room.roster or (), language="es")
    assert "Proporción de decisiones buenas por estudiante" in html.unescape(spanish.svg())
    assert all(r.quizzes is None for r in spanish.students), "no record of quizzes given: not recorded"
    assert "no registrados" in html.unescape(spanish.picture()._repr_html_())
    first = next(m for row in spanish.students for m in row.mistakes)
    assert first.text.startswith(f"Mesa {first.table}, mano {first.hand}, ")


def test_the_reprs_run(lesson: Lesson) -> None:
    from mus_widget.classroom.results import Mistake

    names = {"ClassResults": ClassResults, "StudentResult": StudentResult, "Mistake": Mistake,
             "Roster": Roster, "Student": Student}
    assert eval(repr(lesson.results), names) == lesson.results
    assert eval(repr(lesson.room.roster), names) == lesson.room.roster


# ------------------------------------------------------------------------------------------- the roster


def test_a_roster_reads_as_a_spreadsheet_saves_it(tmp_path: Path) -> None:
    path = tmp_path / "class.csv"
    path.write_bytes("name;grupo;group\nÍñigo;x;2º B\n  Ana  ;;\nZoë;;\n".encode())
    roster = read_roster(path)
    assert roster.students == (Student("Íñigo", "2º B"), Student("Ana"), Student("Zoë"))
    assert roster.source == "class.csv" and roster.find("ÍÑIGO") == Student("Íñigo", "2º B")
    assert parse_roster("name\nAna\n").names == ("Ana",), "the group column is optional"


@pytest.mark.parametrize(("text", "line", "problem"), [
    ("name,group\nAna,A\n,B\n", 3, "the name is empty"),
    ("name,group\nAna,A\nBea,A\n\u202eevil,B\n", 4, "U+202E (RIGHT-TO-LEFT OVERRIDE)"),
    ("student,group\nAna,A\n", 1, "no 'name' column: the first line names the columns, and has 'student', 'group'"),
    ("name\nAna\nBea\nANA\n", 4, "'ANA' is the name of line 2 too"),
    ("name\nAnastasia Villanueva-Etxeberria\n", 2, "has 31 characters: a name is 1 to 24"),
    ("name,group\nAna,A\u202eB\n", 2, "the group holds U+202E"),
    ("", 1, "the file is empty"),
    ("name\n", 2, "no student"),
])
def test_a_bad_roster_is_refused_naming_the_line(tmp_path: Path, text: str, line: int, problem: str) -> None:
    path = tmp_path / "class-3.csv"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RosterError, match=f"^class-3.csv, line {line}: ") as refused:
        read_roster(path)
    assert refused.value.line == line and problem in refused.value.problem
    assert isinstance(refused.value, ValueError)


def test_a_roster_not_in_utf8_is_refused_at_its_line(tmp_path: Path) -> None:
    path = tmp_path / "latin1.csv"
    path.write_bytes("name\nAna\nÍñigo\n".encode("latin-1"))
    with pytest.raises(RosterError, match=r"line 3: the file is not UTF-8"):
        read_roster(path)


def test_a_bad_roster_is_refused_before_the_room_connects(tmp_path: Path) -> None:
    path = tmp_path / "class.csv"
    path.write_text("name\n\u202eevil\n", encoding="utf-8")
    with pytest.raises(RosterError, match="line 2"):
        mw.Classroom("ws://127.0.0.1:9", teacher_key="k", roster=path)  # no server there: never reached


def test_expected_names_still_work_beside_a_roster() -> None:
    first, second = Roster((Student("Ana", "A"), Student("Bea", "A"))), Roster((Student("Carla", "B"),))
    roster, expected = change_roster(None, first, ["Jon", "ana"])  # Classroom(expected=["Jon", "ana"], roster=...)
    assert (roster, expected) == (first, ["Ana", "Bea", "Jon"])
    assert change_roster(roster, second, expected) == (second, ["Carla", "Jon"]), "another list: Jon still expected"
    assert change_roster(roster, None, expected) == (None, ["Jon"])
    summary = ClassSummary((), ())
    roster = Roster((Student("Ana", "A"),)).with_names(["ana", "Bea"])
    assert roster.students == (Student("Ana", "A"), Student("Bea"))
    results = class_results(summary, ["Ana", "Bea"])
    assert [(r.name, r.status) for r in results.students] == [("Ana", "absent"), ("Bea", "absent")]
    assert results.svg().count('class="mus-results-bar"') == 2


def test_an_archived_match_counts_under_its_name(lesson: Lesson) -> None:
    """(Last: it archives table 3C.) A rematch or *Archive* keeps the match as ``3C #1``: still in the results."""
    room = lesson.room
    room.archive("3C")
    deadline = time.monotonic() + 10
    while "3C #1" not in {a["table"] for a in room.archived} and time.monotonic() < deadline:
        time.sleep(0.05)
    results = room.results(samples=SAMPLES)
    assert results.student("Eneko").tables == ("3C #1",) and results.student("Eneko").status == "present"
    assert [(r.name, r.tables, r.decisions) for r in results.students if r.name != "Eneko"] == [
        (r.name, r.tables, r.decisions) for r in lesson.results.students if r.name != "Eneko"]


def test_the_class_list_keeps_each_students_account_for_the_gradebook(tmp_path: Path) -> None:
    """The ``id`` column (a JupyterHub username, nbgrader's student id) is kept; nbgrader's own import reads the
    same file (test_classroom_grades)."""
    path = tmp_path / "class-3.csv"
    path.write_bytes("\ufeffname,group,ID\nAna,3A,aetxeberria\nBea,3A,\nÍñigo,3B,ilopez\n".encode())
    assert [(s.name, s.id) for s in read_roster(path)] == [("Ana", "aetxeberria"), ("Bea", None),
                                                          ("Íñigo", "ilopez")]
    path.write_text("name,id\nAna,aetx\u202eeberria\n", encoding="utf-8")
    with pytest.raises(RosterError, match=r"class-3.csv, line 2: the id holds .*U\+202E"):
        read_roster(path)


def test_a_name_a_spreadsheet_would_run_is_written_as_text() -> None:
    row = StudentResult("=HYPERLINK(\"x\")", "+3A", "unlisted").csv_row()
    assert (row["name"], row["group"], row["status"], row["good_share"]) == (
        "'=HYPERLINK(\"x\")", "'+3A", "unlisted", "")
