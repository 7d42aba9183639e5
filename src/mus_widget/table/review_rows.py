"""The review as the table syncs it: the ``decisions`` trait (how far the grading is, the graded decisions, the
chart), and a graded decision as the review's list and a reopened hand show it.
"""

from __future__ import annotations

from ..i18n.catalogues import message
from ..i18n.text import action_text
from ..teaching.grading import Graded
from ..teaching.review import Review
from .contract import ReviewRowView, ReviewView


def decision_view(graded: Graded, language: str) -> ReviewRowView:
    """A graded decision as the review's list and the reopened hand show it, its texts in ``language``."""
    lance = graded.lance
    moment = message(f"lance.{lance.value}" if lance is not None else f"review.kind.{graded.kind.value}", language)
    hindsight = graded.hindsight
    return {
        "row": graded.row,
        "at": graded.at,
        "game": graded.game,
        "hand": graded.hand,
        "moment": moment,
        "action": action_text(graded.action, language),
        "best": action_text(graded.best, language),
        "cost": round(graded.cost, 1),
        "grade": graded.grade.value,
        "grade_text": message(f"review.grade.{graded.grade.value}", language),
        "why": graded.why(language),
        "hindsight": None if hindsight is None else message(
            "review.hindsight", language, action=action_text(hindsight.action, language)),
    }


def review_view(review: Review | None, total: int, complete: bool, language: str) -> ReviewView:
    """The ``decisions`` trait: how far the grading is (``complete``: every decision of the game as it is now), the
    decisions graded, and the chart."""
    if review is None:
        return {"done": 0, "total": 0, "complete": True, "rows": [], "chart": ""}
    return {
        "done": len(review.rows),
        "total": max(total, len(review.rows)),
        "complete": complete,
        "rows": [decision_view(row, language) for row in review.rows],
        "chart": review.chart() if review.rows else "",
    }
