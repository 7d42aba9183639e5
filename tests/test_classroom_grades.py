"""A lesson's results handed in as grades, through a real nbgrader course.

The teacher's course has an assignment ``mus-lesson`` whose notebook ``lesson`` has a manually graded cell
``mus-results`` worth 10 points. The class list (the room's roster, with nbgrader's ``id`` column) is imported
with ``nbgrader db student import``; Ana and Bea hand the notebook in, Carla does not; the submissions are
autograded. Then the room's results go in: Ana's 3 good decisions of 4 are 7.5 points, Bea's none reviewed 0,
Carla is named as having no submission, Zoe (not on the list) as having no id; ``nbgrader export`` carries the
scores, and the formgrader no longer asks for them.
"""

from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from mus_widget.classroom.grades import GradesError, HandedIn, hand_in
from mus_widget.classroom.results import ClassResults, StudentResult
from mus_widget.classroom.roster import Roster, read_roster
from support.nbgrader import nbgrader_folder

pytestmark = pytest.mark.slow  # five nbgrader commands, a kernel for the autograding

CLASS_LIST = "\ufeffName,Group,id\r\nAna,3B,ana\r\nBea,3B,bea\r\nCarla,3B,carla\r\n"
"""What the teacher keeps: the room's names, and nbgrader's ids (the JupyterHub usernames)."""
RESULTS = ClassResults((
    StudentResult("Ana", "3B", "present", ("3B",), games=1, hands=5, decisions=4, good=3),
    StudentResult("BEA", "3B", "present", ("3B",), hands=2),
    StudentResult("Carla", "3B", "present", ("3C",), hands=3, decisions=2, good=2),
    StudentResult("Zoe", None, "unlisted", ("3C",), hands=3, decisions=5, good=1),
), ("3B", "3C"))
"""The room's results: Bea typed her name in capitals and was never to move; Zoe sat down without being on the
list."""
GRADED = {"grade": True, "solution": True, "locked": False, "points": 10, "grade_id": "mus-results",
          "schema_version": 3, "task": False}


def notebook(cells: list[dict[str, object]]) -> str:
    return json.dumps({"cells": cells, "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


def nbgrader(course: Path, *args: str) -> str:
    """Run ``nbgrader *args`` in the course's folder, as the teacher would; its output."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(nbgrader_folder()), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "nbgrader", *args], check=False, cwd=course, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, f"nbgrader {' '.join(args)}: {done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr


@pytest.fixture(scope="module")
def course(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A course whose lesson Ana and Bea handed in and nbgrader autograded."""
    folder = tmp_path_factory.mktemp("course")
    sys.path.insert(0, str(nbgrader_folder()))
    (folder / "nbgrader_config.py").write_text("c = get_config()\nc.CourseDirectory.root = "
                                               f"{str(folder)!r}\n", encoding="utf-8")
    (folder / "class-3.csv").write_text(CLASS_LIST, encoding="utf-8")
    source = folder / "source" / "mus-lesson"
    source.mkdir(parents=True)
    (source / "lesson.ipynb").write_text(notebook([
        {"cell_type": "markdown", "id": "intro", "metadata": {}, "source": "Play the lesson's hands at table 3B."},
        {"cell_type": "markdown", "id": "results", "metadata": {"nbgrader": GRADED},
         "source": "YOUR ANSWER HERE"},
    ]), encoding="utf-8")
    nbgrader(folder, "db", "student", "import", "class-3.csv")
    nbgrader(folder, "generate_assignment", "mus-lesson", "--force")
    for student in ("ana", "bea"):
        handed = folder / "submitted" / student / "mus-lesson"
        handed.mkdir(parents=True)
        (handed / "lesson.ipynb").write_bytes((folder / "release" / "mus-lesson" / "lesson.ipynb").read_bytes())
        (handed / "timestamp.txt").write_text("2026-12-07 10:00:00.000000 UTC", encoding="utf-8")
    nbgrader(folder, "autograde", "mus-lesson", "--force")
    yield folder
    sys.path.remove(str(nbgrader_folder()))


@pytest.fixture(scope="module")
def handed(course: Path) -> HandedIn:
    return hand_in(RESULTS, read_roster(course / "class-3.csv"), f"sqlite:///{course / 'gradebook.db'}",
                   assignment="mus-lesson", notebook="lesson", cell="mus-results")


def test_each_submission_gets_its_students_share_of_the_cells_points(handed: HandedIn) -> None:
    assert handed.scores == {"ana": 7.5, "bea": 0.0}


def test_a_student_without_a_submission_or_an_id_is_named_not_guessed(handed: HandedIn) -> None:
    assert handed.no_submission == ("carla",)
    assert handed.no_id == ("Zoe",)


def test_nbgrader_export_carries_the_scores_and_asks_for_no_manual_grade(course: Path, handed: HandedIn) -> None:
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as book:
        grade = book.find_grade("mus-results", "lesson", "mus-lesson", "ana")
        assert (grade.manual_score, grade.needs_manual_grade, grade.score) == (7.5, False, 7.5)
    nbgrader(course, "export", "--to", "grades.csv")
    with open(course / "grades.csv", encoding="utf-8", newline="") as file:
        rows = {row["student_id"]: row for row in csv.DictReader(file)}
    assert {student: float(rows[student]["raw_score"]) for student in ("ana", "bea")} == handed.scores
    assert float(rows["ana"]["max_score"]) == 10


def test_a_score_from_another_column_is_checked_to_be_a_share(course: Path) -> None:
    def games_won(student: StudentResult) -> float:
        return float(student.games_won)  # a count, not a share

    results = ClassResults((StudentResult("Ana", games_won=2),))
    with pytest.raises(GradesError, match=r"the score of 'Ana' is 2.0: a score is a share from 0 to 1"):
        hand_in(results, Roster((read_roster(course / "class-3.csv").students[0],)),
                f"sqlite:///{course / 'gradebook.db'}", assignment="mus-lesson", notebook="lesson",
                cell="mus-results", score=games_won)


def test_a_cell_the_gradebook_does_not_have_is_refused_by_name(course: Path) -> None:
    with pytest.raises(GradesError, match="no graded cell 'mus-result' in the notebook 'lesson' of the assignment "
                                          "'mus-lesson'"):
        hand_in(RESULTS, read_roster(course / "class-3.csv"), f"sqlite:///{course / 'gradebook.db'}",
                assignment="mus-lesson", notebook="lesson", cell="mus-result")
