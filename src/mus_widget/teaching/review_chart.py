"""The pictures of a review: the chart of the game as SVG, and the review as a static HTML table.

Like the other static pictures (:mod:`.pictures`) they need no stylesheet and no script: every colour is an
inline style on JupyterLab's theme variables (``--jp-*``) with a light and a dark fallback, so they show in
a notebook, its HTML export and a page of their own. Every part also carries a class under ``mus-review``
(``mus-review-chart``, ``mus-review-decision``, ``mus-grade-blunder``...) for a front end to find, and each
decision's marker its row number as ``data-decision``.
"""

from __future__ import annotations

import functools
import html
from collections.abc import Sequence
from typing import Final

from ..engine.seats import team_of, team_seats
from ..i18n.catalogues import message
from .grading import DecisionKind, Grade, Graded, HandPoint, Tally, call_text, player_name

WIDTH: Final = 640
HEIGHT: Final = 240
_LEFT, _RIGHT, _TOP, _BOTTOM = 60, 14, 40, 34
_AXIS: Final = 12
"""Where the vertical axis's name stands, turned to read upwards, left of its percentages."""
_FONT: Final = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:13px;line-height:1.35"
_TEXT: Final = "var(--jp-ui-font-color1,light-dark(#1f1f1f,#eeeeee))"
MUTED: Final = "var(--jp-ui-font-color2,light-dark(#4d4d4d,#c4c4c4))"
_RULE: Final = "var(--jp-border-color1,light-dark(#8a8a8a,#8f8f8f))"
_GRID: Final = "var(--jp-border-color2,light-dark(#d0d0d0,#5a5a5a))"
_LINE: Final = "var(--jp-brand-color1,light-dark(#1565c0,#90caf9))"
GRADE_COLOURS: Final = {
    Grade.GOOD: "var(--jp-success-color1,light-dark(#2e7d32,#81c784))",
    Grade.INACCURACY: "var(--jp-warn-color2,light-dark(#8d6e00,#ffd54f))",
    Grade.MISTAKE: "var(--jp-warn-color0,light-dark(#d84315,#ffab91))",
    Grade.BLUNDER: "var(--jp-error-color1,light-dark(#b71c1c,#ef9a9a))",
}
"""Each grade's colour; its marker's shape and sign say it too, for whoever does not see the colour."""
GRADE_SIGNS: Final = {Grade.GOOD: "", Grade.INACCURACY: "?!", Grade.MISTAKE: "?", Grade.BLUNDER: "??"}
"""The chess annotator's signs, beside each flagged decision's marker."""


def chart_svg(points: Sequence[HandPoint], rows: Sequence[Graded], seat: int,
              names: Sequence[str] | None = None, language: str = "en") -> str:
    """The chart of a review of ``seat``: a line through its team's chance of winning the game after each hand
    (``points``, one line per game of a vaca; the 0-100 % axis named so), and per decision of ``rows`` a marker
    at the chance after the player's call, with a stroke up to the chance after the expert's where the call cost
    some, shaped and coloured by its grade. Each marker's ``data-decision`` is its row number."""
    t = functools.partial(message, language=language)
    hand_ends = {(p.game, p.hand): i for i, p in enumerate(points)}
    # A hand still being played (a game in progress) gets one slot more at the end.
    live = [r for r in rows if (r.game, r.hand) not in hand_ends]
    slots = max(1, len(points) - 1 + (1 if live else 0))
    step = (WIDTH - _LEFT - _RIGHT) / slots

    def x(slot: float) -> float:
        return _LEFT + slot * step

    def y(chance: float) -> float:
        return _TOP + (1 - chance) * (HEIGHT - _TOP - _BOTTOM)

    team = team_of(seat)
    a, b = team_seats(team)
    team_name = (t(f"team.{team}") if names is None else
                 t("ui.team", a=player_name(a, names, language), b=player_name(b, names, language)))
    title = t("review.chart.title", team=team_name)
    parts = [f"<title>{html.escape(title)}</title>"]
    for chance in (0.0, 0.5, 1.0):
        parts.append(
            f'<line class="mus-review-grid" x1="{_LEFT}" x2="{WIDTH - _RIGHT}" y1="{y(chance):.1f}" '
            f'y2="{y(chance):.1f}" style="stroke:{_GRID};stroke-width:1"/>'
            f'<text x="{_LEFT - 6}" y="{y(chance) + 4:.1f}" text-anchor="end" style="fill:{MUTED};font-size:11px">'
            f'{html.escape(t("review.chart.percent", chance=round(100 * chance)))}</text>')
    # The hand line, a polyline per game, with a dot and a number at the end of each hand.
    games: dict[int, list[int]] = {}
    for i, p in enumerate(points):
        games.setdefault(p.game, []).append(i)
    for game, indices in games.items():
        line = " ".join(f"{x(i):.1f},{y(points[i].chance):.1f}" for i in indices)
        parts.append(f'<polyline class="mus-review-line" points="{line}" '
                     f'style="fill:none;stroke:{_LINE};stroke-width:2"/>')
        if len(games) > 1:
            parts.append(f'<text x="{x(indices[0]) + 3:.1f}" y="{_TOP - 4}" style="fill:{MUTED};font-size:11px">'
                         f'{html.escape(t("review.chart.game", game=game))}</text>')
            if indices[0]:
                parts.append(f'<line x1="{x(indices[0]):.1f}" x2="{x(indices[0]):.1f}" y1="{_TOP}" '
                             f'y2="{HEIGHT - _BOTTOM}" style="stroke:{_RULE};stroke-dasharray:3 3"/>')
    for i, p in enumerate(points):
        label = (t("review.chart.start") if p.hand == 0 else
                 t("review.chart.end", hand=p.hand, chance=round(100 * p.chance), score=p.scores[0],
                   their_score=p.scores[1]))
        parts.append(f'<circle class="mus-review-hand" data-hand="{p.hand}" data-game="{p.game}" cx="{x(i):.1f}" '
                     f'cy="{y(p.chance):.1f}" r="3" style="fill:{_LINE}"><title>{html.escape(label)}</title></circle>')
        if p.hand:
            parts.append(f'<text x="{x(i):.1f}" y="{HEIGHT - _BOTTOM + 14}" text-anchor="middle" '
                         f'style="fill:{MUTED};font-size:11px">{p.hand}</text>')
    parts.append(f'<text x="{(_LEFT + WIDTH - _RIGHT) / 2:.1f}" y="{HEIGHT - 4}" text-anchor="middle" '
                 f'style="fill:{MUTED};font-size:11px">{html.escape(t("review.column.hand"))}</text>')
    # What the line is, along the axis of its percentages (read by a screen reader as the chart's text).
    middle = (_TOP + HEIGHT - _BOTTOM) / 2
    parts.append(f'<text class="mus-review-axis" x="{_AXIS}" y="{middle:.1f}" text-anchor="middle" '
                 f'dominant-baseline="central" transform="rotate(-90 {_AXIS} {middle:.1f})" '
                 f'style="fill:{MUTED};font-size:12px">{html.escape(t("review.chart.axis"))}</text>')
    # The decisions of each hand, spread evenly between the hand's start and its end.
    by_hand: dict[tuple[int, int], list[Graded]] = {}
    for row in rows:
        by_hand.setdefault((row.game, row.hand), []).append(row)
    for (game, hand), in_hand in by_hand.items():
        end = hand_ends.get((game, hand), len(points))
        for j, row in enumerate(in_hand):
            parts.append(_marker(row, x(end - 1 + (j + 1) / (len(in_hand) + 1)), y(row.chance),
                                 y(row.best_chance), language))
    parts.append(_legend(language))
    label = html.escape(title)
    return (f'<svg class="mus-review-chart" xmlns="http://www.w3.org/2000/svg" role="group" aria-label="{label}" '
            f'viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" height="{HEIGHT}" '
            f'style="max-width:100%;height:auto;color-scheme:light dark;{_FONT}">{"".join(parts)}</svg>')


def _marker(row: Graded, cx: float, low: float, high: float, language: str) -> str:
    """One decision's marker at height ``low`` (the chance after the call), a stroke up to ``high`` (after the
    expert's) where it cost some: its shape and colour by grade, its title saying what it cost."""
    t = functools.partial(message, language=language)
    colour = GRADE_COLOURS[row.grade]
    moment = moment_name(row, language)
    grade = t(f"review.grade.{row.grade.value}")
    if row.grade.flagged:
        said = t("review.chart.point", hand=row.hand, moment=moment, action=call_text(row.action, language),
                 best=call_text(row.best, language), cost=round(row.cost, 1), grade=grade)
    else:
        said = t("review.chart.point.good", hand=row.hand, moment=moment, action=call_text(row.action, language),
                 grade=grade)
    drop = (f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{high:.1f}" y2="{low:.1f}" '
            f'style="stroke:{colour};stroke-width:2"/>' if row.grade.flagged else "")
    shape = _shape(row.grade, cx, low, colour)
    sign = GRADE_SIGNS[row.grade]
    mark = (f'<text x="{cx + 7:.1f}" y="{low + 4:.1f}" style="fill:{colour};font-size:11px;font-weight:700">'
            f"{sign}</text>" if sign else "")
    return (f'<g class="mus-review-decision mus-grade-{row.grade.value}" data-decision="{row.row}" '
            f'data-grade="{row.grade.value}"><title>{html.escape(said)}</title>{drop}{shape}{mark}</g>')


def _shape(grade: Grade, cx: float, cy: float, colour: str) -> str:
    """A small hollow circle for a good decision, a dot, a square and a diamond for the flagged ones."""
    if grade is Grade.GOOD:
        return (f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="2.5" '
                f'style="fill:none;stroke:{colour};stroke-width:1.2"/>')
    if grade is Grade.INACCURACY:
        return f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="4.5" style="fill:{colour}"/>'
    if grade is Grade.MISTAKE:
        return f'<rect x="{cx - 4.5:.1f}" y="{cy - 4.5:.1f}" width="9" height="9" style="fill:{colour}"/>'
    return (f'<polygon points="{cx:.1f},{cy - 6.5:.1f} {cx + 6.5:.1f},{cy:.1f} {cx:.1f},{cy + 6.5:.1f} '
            f'{cx - 6.5:.1f},{cy:.1f}" style="fill:{colour}"/>')


def _legend(language: str) -> str:
    """The grades' shapes and names, along the top."""
    out, cx = [], float(_LEFT + 8)
    for grade in Grade:
        name = message(f"review.grade.{grade.value}", language)
        out.append(_shape(grade, cx, 12, GRADE_COLOURS[grade]))
        out.append(f'<text x="{cx + 9:.1f}" y="16" style="fill:{_TEXT};font-size:11px">{html.escape(name)}</text>')
        cx += 24 + 6.5 * len(name)
    return f'<g class="mus-review-legend">{"".join(out)}</g>'


def cost_text(cost: float, language: str = "en") -> str:
    """A cost in points of the chance of winning the game: "−3.2 %", or a dash for none worth saying."""
    shown = round(cost, 1)
    return message("review.cost", language, cost=shown) if shown else message("review.cost.none", language)


def moment_name(row: Graded, language: str = "en") -> str:
    """When the decision was made: "The mus", "The discards", or the lance."""
    if row.kind is DecisionKind.CALL:
        return message(f"lance.{row.phase.value}", language)
    return message(f"review.kind.{row.kind.value}", language)


# ---------------------------------------------------------------------------------------------- HTML

CELL: Final = f"text-align:left;padding:3px 8px;border-top:1px solid {_RULE};vertical-align:top"
HEAD: Final = f"text-align:left;padding:3px 8px;border-bottom:2px solid {_RULE}"
_TABLE: Final = "border-collapse:collapse;color:inherit;font-size:inherit"


def tally_table(tallies: Sequence[Tally], language: str = "en") -> str:
    """The decisions per kind and lance: how many, of each grade, and the chance they cost on average."""
    t = functools.partial(message, language=language)
    heads = [t("review.summary.kind"), t("review.summary.decisions"),
             *(t(f"review.grades.{g.value}") for g in Grade), t("review.summary.cost")]
    head = "".join(f'<th style="{HEAD}">{html.escape(h)}</th>' for h in heads)
    rows = []
    for tally in tallies:
        cells = [tally.label(language), str(tally.decisions), *(str(tally.count(g)) for g in Grade),
                 cost_text(tally.cost / tally.decisions, language)]
        rows.append(f'<tr data-kind="{tally.key}">' + "".join(
            f'<td style="{CELL}">{html.escape(c)}</td>' for c in cells) + "</tr>")
    return (f'<table class="mus-review-summary" style="{_TABLE};margin:6px 0">'
            f'<caption style="text-align:left;font-weight:700">{html.escape(t("review.summary.title"))}</caption>'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")


def decisions_table(rows: Sequence[Graded], language: str = "en") -> str:
    """Every decision: when (the game too, game·hand, where the rows span a vaca's games), the call, the expert's,
    the chance of the game after each, the cost, the grade, why (and, apart, what hindsight says where it
    differs)."""
    t = functools.partial(message, language=language)
    heads = ["#", t("review.column.hand"), t("review.column.moment"), t("review.column.call"),
             t("review.column.best"), t("review.column.chance"), t("review.column.cost"), t("review.column.grade"),
             t("review.column.why")]
    head = "".join(f'<th style="{HEAD}">{html.escape(h)}</th>' for h in heads)
    body = []
    games = len({row.game for row in rows}) > 1
    for row in rows:
        colour = GRADE_COLOURS[row.grade]
        grade = t(f"review.grade.{row.grade.value}")
        why = html.escape(row.why(language))
        if row.hindsight is not None and row.hindsight.action != row.action:
            hindsight = t("review.hindsight", action=call_text(row.hindsight.action, language))
            why += f'<div style="color:{MUTED};font-size:12px;font-style:italic">{html.escape(hindsight)}</div>'
        cells = [
            str(row.row + 1), f"{row.game}·{row.hand}" if games else str(row.hand),
            html.escape(moment_name(row, language)),
            html.escape(call_text(row.action, language)), html.escape(call_text(row.best, language)),
            html.escape(t("review.chance.pair", chance=round(100 * row.chance),
                          best_chance=round(100 * row.best_chance))),
            html.escape(cost_text(row.cost, language)),
            f'<span style="color:{colour};font-weight:700">{html.escape(grade)} {GRADE_SIGNS[row.grade]}</span>',
            why,
        ]
        muted = "" if row.grade.flagged else f";color:{MUTED}"
        body.append(f'<tr class="mus-review-row mus-grade-{row.grade.value}" data-decision="{row.row}">'
                    + "".join(f'<td style="{CELL}{muted}">{c}</td>' for c in cells) + "</tr>")
    return (f'<div style="max-height:32em;overflow:auto"><table class="mus-review-decisions" '
            f'style="{_TABLE}"><thead><tr>{head}</tr></thead><tbody>{"".join(body)}</tbody>'
            "</table></div>")


def page(body: str, kind: str) -> str:
    """A picture's outer box: the theme's font and text colour, light or dark."""
    return (f'<div class="mus-picture mus-review mus-review-{kind}" style="{_FONT};color:{_TEXT};'
            f'color-scheme:light dark;max-width:100%">{body}</div>')


__all__ = ["CELL", "GRADE_COLOURS", "GRADE_SIGNS", "HEAD", "MUTED", "chart_svg", "cost_text", "decisions_table",
           "moment_name", "page", "tally_table"]
