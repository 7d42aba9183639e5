"""A lesson's results handed in as grades: :func:`hand_in` writes each student's score into nbgrader's gradebook.

nbgrader keeps a grade for each graded cell of each notebook a student submitted. The teacher's assignment has a
manually graded cell for the lesson (say ``mus-results`` in the notebook ``lesson``); after nbgrader has
collected and autograded the submissions, :func:`hand_in` sets that cell's score for each student of the roster
to their share of good decisions (or any other :data:`Score`) times the cell's points, as the formgrader does
when a teacher types a score, so the formgrader shows it and ``nbgrader export`` carries it. Students are found
by the roster's ``id`` column (nbgrader's student id, a JupyterHub username); a student with results but no id,
no submission or no such cell is named in the answer, never guessed. nbgrader is imported only when called.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from .results import ClassResults, StudentResult
from .roster import Roster

Score = Callable[[StudentResult], float]
"""A student's grade as a share of the cell's points, 0 to 1."""


def good_share(student: StudentResult) -> float:
    """The share of the student's decisions reviewed that were good; 0 for a student with none reviewed (absent,
    or never to move)."""
    return student.good_share or 0.0


class GradesError(ValueError):
    """The grades could not be handed in: the gradebook has no such assignment, notebook or cell, or a score is
    not a share."""


@dataclass(frozen=True, slots=True)
class HandedIn:
    """What :func:`hand_in` did: the ``scores`` it wrote (nbgrader id to points), and the students it could not
    grade: ``no_id`` (names with no id in the roster, or not on it), ``no_submission`` (ids with no submission of
    the assignment in the gradebook)."""

    scores: dict[str, float]
    no_id: tuple[str, ...] = ()
    no_submission: tuple[str, ...] = ()


def hand_in(results: ClassResults, roster: Roster, gradebook: str, *, assignment: str, notebook: str,
            cell: str, score: Score = good_share, course_id: str = "default_course") -> HandedIn:
    """Write each student's ``score`` times the points of ``cell`` (a manually graded cell of ``notebook`` in
    ``assignment``) into the nbgrader gradebook at ``gradebook`` (a database URL such as
    ``sqlite:///gradebook.db``). Students are matched by the roster's ``id``; the scores are committed together."""
    from nbgrader.api import Gradebook, MissingEntry

    with Gradebook(gradebook, course_id=course_id) as book:
        try:
            points = float(book.find_grade_cell(cell, notebook, assignment).max_score)
        except MissingEntry:
            raise GradesError(f"the gradebook {gradebook} has no graded cell {cell!r} in the notebook "
                              f"{notebook!r} of the assignment {assignment!r}") from None
        scores: dict[str, float] = {}
        no_id: list[str] = []
        no_submission: list[str] = []
        for student in results.students:
            found = roster.find(student.name)
            if found is None or found.id is None:
                no_id.append(student.name)
                continue
            share = score(student)
            if not (isinstance(share, float | int) and math.isfinite(share) and 0 <= share <= 1):
                raise GradesError(f"the score of {student.name!r} is {share!r}: a score is a share from 0 to 1")
            try:
                grade = book.find_grade(cell, notebook, assignment, found.id)
            except MissingEntry:
                no_submission.append(found.id)
                continue
            grade.manual_score = round(share * points, 2)
            grade.needs_manual_grade = False
            scores[found.id] = grade.manual_score
        book.db.commit()
    return HandedIn(scores, tuple(no_id), tuple(no_submission))


__all__ = ["GradesError", "HandedIn", "Score", "good_share", "hand_in"]
