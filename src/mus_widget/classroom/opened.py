"""What the teacher's room opens above its list: a student's review, or the class's results. Either is graded one
decision at a time on the kernel's loop, so the room keeps answering and shows how far the grading is."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..i18n.catalogues import message
from ..table.contract import ClassroomReview
from ..teaching.class_review import ClassSummary, summed
from ..teaching.review import Review, Reviewer
from .results import ClassResults

RESULTS_SEAT = -1
"""The ``seat`` of the class's results in the room's ``review_view`` (their ``table`` is "")."""


@dataclass(frozen=True, slots=True)
class Opened:
    """A student's review (its ``table`` and ``seat``, one reviewer) or the class's results (``table`` "" and
    ``seat`` :data:`RESULTS_SEAT`, a reviewer per student and table), each reviewer by its record's place."""

    table: str
    seat: int
    reviewers: tuple[tuple[int, Reviewer | Review], ...]

    @property
    def results(self) -> bool:
        return self.seat == RESULTS_SEAT

    def progress(self) -> tuple[int, int]:
        """The decisions graded so far, and how many there are."""
        count = pending = 0
        for _, reviewer in self.reviewers:
            if isinstance(reviewer, Reviewer):
                count += reviewer.decisions
                pending += len(reviewer.pending())
        return count - pending, count

    @property
    def complete(self) -> bool:
        """Whether every decision is graded."""
        done, count = self.progress()
        return done == count

    def grade_next(self) -> bool:
        """Grade one more decision; whether any is left to grade after it."""
        for _, reviewer in self.reviewers:
            if isinstance(reviewer, Reviewer) and (pending := reviewer.pending()):
                reviewer.grade(pending[0])
                break
        return not self.complete

    def reviews(self) -> list[tuple[int, Review]]:
        """Every review, as graded so far."""
        return [(index, r.review() if isinstance(r, Reviewer) else r) for index, r in self.reviewers]

    def view(self, language: str, results_of: Callable[[ClassSummary], ClassResults]) -> ClassroomReview:
        """The room's ``review_view``: the title, how far the grading is, then (once complete) the review drawn, or
        the class's results as ``results_of`` makes them from the summary of every review."""
        done, count = self.progress()
        complete = done == count
        progress = "" if complete else message("review.pending", language, done=done, count=count)
        if self.results:
            drawn = results_of(summed(self.reviews(), language))._repr_html_() if complete else ""
            return {"table": "", "seat": RESULTS_SEAT, "title": message("results.title", language),
                    "progress": progress, "html": drawn,
                    "close": message("ui.classroom.results.close", language)}
        _, only = self.reviewers[0]
        review = only if isinstance(only, Review) else only.review() if complete else only.so_far()
        return {"table": self.table, "seat": self.seat,
                "title": message("review.title", language, player=review.player), "progress": progress,
                "html": review._repr_html_() if complete else "", "close": message("ui.classroom.close", language)}
