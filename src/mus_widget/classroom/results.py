"""Per-student results a teacher can grade from: ``room.results()``, one row per student of the roster.

:func:`class_results` puts a :class:`~mus_widget.teaching.class_review.ClassSummary` (``room.review_summary()``,
which reuses every grade made during play) together per student: the tables they sat at, the games finished and
won there, the hands played, the decisions reviewed and how many were good, and their three costliest mistakes.
Every student of the roster has a row (one absent from every table with zeros, marked ``absent``), and so has
any student who played without being on it (marked ``unlisted``). Names are matched as the server matches them
(:func:`~.protocol.name_key`). Given the classroom server's record of quizzes (``quizzes``, :class:`QuizCount`,
docs/classroom.md, "Quizzes"), each row counts the student's too, 0 for one who answered none, and a student who
answered quizzes without being on the roster or at a table has a row of her own (``unlisted``); without it the
quiz columns are empty (None: not recorded).

:class:`ClassResults` writes itself as CSV (:meth:`ClassResults.to_csv`, columns :data:`COLUMNS`) and draws a
bar chart of each student's share of good decisions as SVG (:meth:`ClassResults.svg`), themed for light and dark
pages like the review's chart, with no script and nothing fetched.
"""

from __future__ import annotations

import csv
import functools
import html
import os
import pathlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from ..engine.game import Game
from ..i18n.catalogues import message
from ..teaching.class_review import COSTLIEST, ClassSummary, Costly
from ..teaching.grading import Grade, call_text
from ..teaching.pictures import Picture
from ..teaching.review import Review
from ..teaching.review_chart import CELL, GRADE_COLOURS, HEAD, MUTED, moment_name, page
from .protocol import name_key
from .roster import Roster, Student

Status = Literal["present", "absent", "unlisted"]
"""A row's student: on the roster and seated at a table reviewed, on the roster and at none, or not on the roster
but seated at a table reviewed or the author of quiz answers the server recorded."""

COLUMNS: Final = ("name", "group", "status", "tables", "games", "games_won", "hands", "decisions", "good",
                  "good_share", "costliest", "quizzes", "quizzes_right")
"""The CSV's columns, in order (docs/classroom.md, "Results to grade from", says what each holds)."""
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet reads as a formula at the start of a cell: such a text cell is written after a ``'``."""

WIDTH: Final = 800
ROW: Final = 24
"""The height of one student's bar and its gap."""
_LABELS: Final = 190
"""The width of the names' column, left of the bars."""
_VALUES: Final = 360
"""The width right of the bars, for each bar's value."""
_TOP: Final = 44
_BOTTOM: Final = 30
_FONT: Final = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:13px"
TEXT: Final = "var(--jp-ui-font-color1,light-dark(#1f1f1f,#eeeeee))"
TRACK: Final = "var(--jp-layout-color2,light-dark(#e8e8e8,#3a3a3a))"
"""The ground of each bar (its 100 %), so a short bar still shows how short it is."""
GRID: Final = "var(--jp-border-color2,light-dark(#b0b0b0,#6a6a6a))"


@dataclass(frozen=True, slots=True)
class Mistake:
    """One of a student's costliest decisions: the ``table`` it was at, the ``hand``, what was said and what
    was better in words (``text``, in the results' language) and the chance of the game it cost (``cost``,
    percentage points)."""

    table: str | None
    hand: int
    text: str
    cost: float


@dataclass(frozen=True, slots=True)
class QuizCount:
    """A student's quizzes as the classroom server recorded them: the questions she ``answered`` (each counted
    once, by her first answer) and how many of those first answers were ``right``, under a ``name`` of hers."""

    name: str
    answered: int
    right: int


def quiz_counts(students: Iterable[Mapping[str, Any]]) -> tuple[QuizCount, ...]:
    """The entries of the server's answer to ``quizzes`` (``remote.quizzes``) as :class:`QuizCount`."""
    return tuple(QuizCount(str(s["name"]), int(s["answered"]), int(s["right"])) for s in students)


@dataclass(frozen=True, slots=True)
class StudentResult:
    """One student's row: ``tables`` they sat at (each match by its name, an archived one ``3B #1``), ``games``
    finished there and ``games_won`` by their team, ``hands`` played to the end, ``decisions`` reviewed and how
    many ``good``, the :data:`~.class_review.COSTLIEST` costliest ``mistakes`` (costliest first), and the quiz
    questions answered and how many right (None: the server's record of quizzes was not given)."""

    name: str
    group: str | None = None
    status: Status = "absent"
    tables: tuple[str, ...] = ()
    games: int = 0
    games_won: int = 0
    hands: int = 0
    decisions: int = 0
    good: int = 0
    mistakes: tuple[Mistake, ...] = ()
    quizzes: int | None = None
    quizzes_right: int | None = None

    @property
    def absent(self) -> bool:
        """Whether the student sat at no table reviewed (on the roster, absent from every table)."""
        return self.status == "absent"

    @property
    def good_share(self) -> float | None:
        """The share of their decisions reviewed that were good, 0 to 1 (None when none was reviewed)."""
        return self.good / self.decisions if self.decisions else None

    def costliest(self) -> str:
        """The costliest mistakes in a line, costliest first ("" when none)."""
        return "; ".join(mistake.text for mistake in self.mistakes)

    def csv_row(self) -> dict[str, str]:
        """The row of the CSV, by column (:data:`COLUMNS`): numbers as digits, a value not known left empty."""
        share = self.good_share
        return {"name": _cell(self.name), "group": _cell(self.group or ""), "status": self.status,
                "tables": _cell("; ".join(self.tables)), "games": str(self.games), "games_won": str(self.games_won),
                "hands": str(self.hands), "decisions": str(self.decisions), "good": str(self.good),
                "good_share": "" if share is None else f"{share:.3f}", "costliest": _cell(self.costliest()),
                "quizzes": _number(self.quizzes), "quizzes_right": _number(self.quizzes_right)}


@dataclass(frozen=True, slots=True)
class ClassResults:
    """Every student's :class:`StudentResult`, the roster's in its order and then those not on it, from the
    review of ``tables``, in ``language``."""

    students: tuple[StudentResult, ...]
    tables: tuple[str, ...] = ()
    language: str = "en"

    def __len__(self) -> int:
        return len(self.students)

    def student(self, name: str) -> StudentResult:
        """The row of the student called ``name`` (as the server compares names); KeyError naming them if none."""
        key = name_key(name)
        for row in self.students:
            if name_key(row.name) == key:
                return row
        raise KeyError(f"no student {name!r}; the students are {', '.join(r.name for r in self.students)}")

    @property
    def absent(self) -> tuple[str, ...]:
        """The roster's students who sat at no table reviewed."""
        return tuple(row.name for row in self.students if row.absent)

    def to_csv(self, path: str | os.PathLike[str], *, bom: bool = False) -> pathlib.Path:
        """Write the results to ``path`` as CSV, UTF-8 (``bom=True`` adds the byte-order mark some spreadsheets
        need to read accents), the columns :data:`COLUMNS`; returns the path."""
        target = pathlib.Path(path)
        with target.open("w", encoding="utf-8-sig" if bom else "utf-8", newline="") as file:
            writer = csv.DictWriter(file, fieldnames=COLUMNS)
            writer.writeheader()
            writer.writerows(row.csv_row() for row in self.students)
        return target

    def svg(self) -> str:
        """The bar chart of each student's share of good decisions (:func:`results_svg`)."""
        return results_svg(self.students, self.language)

    def picture(self) -> Picture:
        """The chart and the table of results as a static picture (what a notebook shows)."""
        return Picture(self._repr_html_(), self.text())

    def text(self) -> str:
        """The results in plain lines, a student a line."""
        return "\n".join(_said(row, self.language) for row in self.students)

    def _repr_html_(self) -> str:
        """What a notebook shows: the title, the chart, then the table, themed light or dark."""
        t = functools.partial(message, language=self.language)
        title = t("results.title")
        return page(f'<h3 style="margin:0 0 4px 0">{html.escape(title)}</h3>{self.svg()}'
                    f"{results_table(self.students, self.language)}", "results")


def _cell(text: str) -> str:
    """A text cell as a spreadsheet reads it as text: after a ``'`` when it would start a formula."""
    return f"'{text}" if text.startswith(FORMULA_STARTS) else text


def _number(value: int | None) -> str:
    """A count as the CSV writes it: its digits, or nothing when it is not known."""
    return "" if value is None else str(value)


# ------------------------------------------------------------------------------------------- the results


def class_results(summary: ClassSummary, roster: Roster | Sequence[str] = (), *, language: str | None = None,
                  quizzes: Sequence[QuizCount] | None = None) -> ClassResults:
    """Every student's results from ``summary``'s reviews (graded once, reused here) and from ``quizzes`` (the
    server's record, None: not recorded): a row per student of ``roster`` (a :class:`~.roster.Roster`, or names
    with no groups), in its order, then one per student reviewed who is not on it, in the order they first
    appear, then one per student who answered quizzes and is neither."""
    language = summary.language if language is None else language
    students = roster.students if isinstance(roster, Roster) else tuple(Student(name) for name in roster)
    reviews: dict[str, list[Review]] = {}
    named: dict[str, str] = {}
    for done in summary.reviews:
        key = name_key(done.player)
        reviews.setdefault(key, []).append(done)
        named.setdefault(key, done.player)
    listed = {student.key for student in students}
    counts = None if quizzes is None else {name_key(count.name): count for count in quizzes}

    def row(name: str, group: str | None, theirs: Sequence[Review], *, on: bool) -> StudentResult:
        quizzed = None if counts is None else counts.get(name_key(name), QuizCount(name, 0, 0))
        return _result(name, group, theirs, summary, language, listed=on, quizzes=quizzed)

    rows = [row(student.name, student.group, reviews.get(student.key, []), on=True) for student in students]
    rows += [row(named[key], None, theirs, on=False) for key, theirs in reviews.items() if key not in listed]
    rows += [row(count.name, None, [], on=False) for key, count in (counts or {}).items()
             if key not in listed and key not in reviews]
    tables = tuple(dict.fromkeys(done.table for done in summary.reviews if done.table is not None))
    return ClassResults(tuple(rows), tables, language)


def _result(name: str, group: str | None, reviews: Sequence[Review], summary: ClassSummary, language: str, *,
            listed: bool, quizzes: QuizCount | None) -> StudentResult:
    """One student's row from their reviews and their summaries (per table) in ``summary``, and their quizzes."""
    key = name_key(name)
    mine = [p for p in summary.players if name_key(p.player) == key]
    games = won = 0
    for done in reviews:
        finished, theirs = _games(done)
        games += finished
        won += theirs
    costly = sorted((c for p in mine for c in p.costliest), key=lambda c: -c.row.cost)[:COSTLIEST]
    status: Status = "unlisted" if not listed else "present" if reviews else "absent"
    return StudentResult(
        name, group, status, tuple(dict.fromkeys(d.table for d in reviews if d.table is not None)), games, won,
        sum(_hands(done) for done in reviews), sum(p.decisions for p in mine),
        sum(t.count(Grade.GOOD) for p in mine for t in p.tallies),
        tuple(_mistake(c, language) for c in costly), None if quizzes is None else quizzes.answered,
        None if quizzes is None else quizzes.right)


def _games(done: Review) -> tuple[int, int]:
    """The games finished in the review's record, and those the reviewed seat's team won (the record replayed)."""
    final = Game.replay(done.record)
    return sum(final.games_won), final.games_won[done.team]


def _hands(done: Review) -> int:
    """The hands played to the end in the review's record: the review's points after a hand."""
    return sum(1 for point in done.points if point.hand > 0)


def _mistake(costly: Costly, language: str) -> Mistake:
    """A costly decision in a few words: where, when, what was said and what was better, and its cost."""
    row, table = costly.row, costly.review.table
    said = {"hand": row.hand, "moment": moment_name(row, language), "action": call_text(row.action, language),
            "best": call_text(row.best, language), "cost": round(row.cost, 1)}
    text = (message("results.mistake", language, table=table, **said) if table is not None else
            message("results.mistake.no_table", language, **said))
    return Mistake(table, row.hand, text, round(row.cost, 1))


# ------------------------------------------------------------------------------------------- the pictures


def _said(row: StudentResult, language: str) -> str:
    """What a student's bar says: their share of good decisions, or that they were absent or made none; and
    their quizzes, where the server's record of them was given."""
    who = row.name if row.group is None else f"{row.name} ({row.group})"
    if row.status == "unlisted":
        who = f"{who}, {message('results.unlisted', language)}"
    share = row.good_share
    if row.absent:
        said = message("results.absent.said", language, name=who)
    elif share is None:
        said = message("results.none.said", language, name=who)
    else:
        said = message("results.share.said", language, name=who, good=row.good, decisions=row.decisions,
                       percent=round(100 * share))
    if row.quizzes is None:
        return said
    return message("results.quizzes.said", language, said=said, right=row.quizzes_right or 0,
                   answered=row.quizzes)


def results_svg(rows: Sequence[StudentResult], language: str = "en") -> str:
    """A horizontal bar per student: their share of good decisions (0 to 100 %, a grid at each half), the
    name (and group) left of it and the value right; an absent student's bar is empty and says so. Every
    colour is a JupyterLab theme variable with a light and a dark fallback."""
    t = functools.partial(message, language=language)
    height = _TOP + ROW * max(1, len(rows)) + _BOTTOM
    span = WIDTH - _LABELS - _VALUES
    title = t("results.chart.title")
    parts = [f"<title>{html.escape(title)}</title>",
             f'<text x="0" y="18" style="fill:{TEXT};font-weight:600">{html.escape(title)}</text>']
    for share in (0.0, 0.5, 1.0):
        x = _LABELS + share * span
        parts.append(f'<line x1="{x:.1f}" x2="{x:.1f}" y1="{_TOP - 6}" y2="{height - _BOTTOM + 4}" '
                     f'style="stroke:{GRID};stroke-width:1;stroke-dasharray:2 3"/>'
                     f'<text x="{x:.1f}" y="{_TOP - 10}" text-anchor="middle" style="fill:{MUTED};font-size:11px">'
                     f'{html.escape(t("review.chart.percent", chance=round(100 * share)))}</text>')
    for index, row in enumerate(rows):
        parts.append(_bar(row, _TOP + index * ROW, span, language))
    parts.append(f'<text x="{_LABELS + span / 2:.1f}" y="{height - 8}" text-anchor="middle" '
                 f'style="fill:{MUTED};font-size:12px">{html.escape(t("results.chart.axis"))}</text>')
    label = html.escape(title, quote=True)
    return (f'<svg class="mus-results-chart" xmlns="http://www.w3.org/2000/svg" role="group" aria-label="{label}" '
            f'viewBox="0 0 {WIDTH} {height}" width="{WIDTH}" height="{height}" '
            f'style="max-width:100%;height:auto;color-scheme:light dark;{_FONT}">{"".join(parts)}</svg>')


def _bar(row: StudentResult, top: int, span: int, language: str) -> str:
    """One student's bar at ``top``: its ground, the share of good decisions on it, the name and the value."""
    share = row.good_share
    width = 0.0 if share is None else share * span
    middle = top + ROW / 2
    if row.absent:
        value = message("results.absent", language)
    elif share is None:
        value = message("results.none", language)
    else:
        value = message("results.share", language, good=row.good, decisions=row.decisions,
                        percent=round(100 * share))
    if row.quizzes:  # quizzes only where some were answered: the bar is of decisions, the table has every count
        quizzes = message("results.quizzes.short", language, right=row.quizzes_right or 0, answered=row.quizzes)
        value = f"{value} · {quizzes}"
    who = row.name if row.group is None else f"{row.name} · {row.group}"
    if row.status == "unlisted":
        value = f"{value} · {message('results.unlisted', language)}"
    style = f"fill:{MUTED};font-style:italic" if row.status != "present" else f"fill:{TEXT}"
    said = html.escape(_said(row, language))
    data = "" if share is None else f"{share:.3f}"
    return (f'<g class="mus-results-bar" data-student="{html.escape(row.name, quote=True)}" '
            f'data-status="{row.status}" data-share="{data}">'
            f"<title>{said}</title>"
            f'<text x="{_LABELS - 8}" y="{middle + 4:.1f}" text-anchor="end" style="{style}">'
            f"{html.escape(who)}</text>"
            f'<rect x="{_LABELS}" y="{top + 4}" width="{span}" height="{ROW - 8}" rx="2" style="fill:{TRACK}"/>'
            f'<rect class="mus-results-share" x="{_LABELS}" y="{top + 4}" width="{width:.1f}" height="{ROW - 8}" '
            f'rx="2" style="fill:{GRADE_COLOURS[Grade.GOOD]}"/>'
            f'<text x="{_LABELS + span + 8}" y="{middle + 4:.1f}" style="fill:{MUTED};font-size:12px">'
            f"{html.escape(value)}</text></g>")


def results_table(rows: Iterable[StudentResult], language: str = "en") -> str:
    """The results as an HTML table: a student a row, every text escaped."""
    t = functools.partial(message, language=language)
    heads = [t(f"results.column.{key}") for key in ("student", "group", "tables", "games", "hands", "decisions",
                                                     "good", "costliest", "quizzes")]
    head = "".join(f'<th style="{HEAD}">{html.escape(h)}</th>' for h in heads)
    none = t("review.cost.none")
    body = []
    for row in rows:
        share = row.good_share
        status = ("" if row.status == "present" else
                  f' <span style="color:{MUTED};font-style:italic">({html.escape(t(f"results.{row.status}"))})</span>')
        good = none if share is None else t("results.good", good=row.good, percent=round(100 * share))
        quizzes = (t("results.not_recorded") if row.quizzes is None else
                   t("results.quizzes", right=row.quizzes_right or 0, answered=row.quizzes))
        cells = [f"{html.escape(row.name)}{status}", html.escape(row.group or none),
                 html.escape(", ".join(row.tables) or none),
                 html.escape(t("results.games", won=row.games_won, games=row.games)), str(row.hands),
                 str(row.decisions), html.escape(good),
                 "<br>".join(html.escape(m.text) for m in row.mistakes) or html.escape(none),
                 f'<span style="color:{MUTED}">{html.escape(quizzes)}</span>']
        body.append(f'<tr data-student="{html.escape(row.name, quote=True)}" data-status="{row.status}">'
                    + "".join(f'<td style="{CELL}">{cell}</td>' for cell in cells) + "</tr>")
    return (f'<table class="mus-results-table" style="border-collapse:collapse;color:inherit;font-size:inherit;'
            f'margin-top:8px"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody></table>')


__all__ = ["COLUMNS", "ClassResults", "Mistake", "QuizCount", "Status", "StudentResult", "class_results",
           "quiz_counts", "results_svg", "results_table"]
