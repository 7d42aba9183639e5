"""The count of a hand as the seat's synced state shows it: each row with its explanation and the cards that decided
it, the negadas explained outside the rows, and the count's lines for the log (:mod:`.view_state` shows it while
the count is open, and the log's history of earlier hands reuses its lines).
"""

from __future__ import annotations

from ..engine.betting import Outcome
from ..engine.errors import MusError
from ..engine.log import HandSummary
from ..engine.rules import Rules
from ..engine.scoring import CountRow
from ..i18n.catalogues import message
from ..teaching.explain import Explanation, explain, row_marks
from .contract import Count, HistoryLine
from .contract import CountRow as CountRowView
from .texts import Texts


def count_view(last: HandSummary, texts: Texts, rules: Rules) -> Count:
    """The count of the last hand: its rows (each with its explanation and the cards that decided it), the
    explanations of negadas outside the rows, the scores, and its lines for the log (after the hand's events)."""
    explanations = _explanations(last, rules)
    by_lance = {e.lance: e for e in explanations}
    rows = [_row(row, texts, by_lance.get(row.lance), _marks(row, last, rules)) for row in last.count]
    counted = {row.lance for row in last.count}
    over = next((e for e in last.log if e.kind == "game_over"), None)
    return {
        "rows": rows,
        "notes": [texts.explanation(e) for e in explanations if e.lance not in counted],
        "scores": list(last.scores),
        "shown": last.hands is not None,
        "lines": [HistoryLine(kind="count", text=line, hand=last.hand_number)
                  for line in count_lines(last, texts, rules.negadas_at_count)],
        "over": None if over is None else message(
            "ui.game_over.ordago" if over.get("ordago") else "ui.game_over", texts.language,
            team=texts.team(int(over.get("team") or 0)), team_a=texts.team(0), team_b=texts.team(1),
            a=last.scores[0], b=last.scores[1],
        ),
    }


def _explanations(last: HandSummary, rules: Rules) -> tuple[Explanation, ...]:
    try:
        return explain(last, rules)
    except (MusError, ValueError, KeyError):  # a summary that cannot be explained still shows its rows
        return ()


def _marks(row: CountRow, last: HandSummary, rules: Rules) -> list[list[str]]:
    """The cards that decided ``row``, by seat (only shown hands: none when the hands were not shown)."""
    try:
        return [list(cards) for cards in row_marks(row, last.hands, rules, last.mano)]
    except (MusError, ValueError, KeyError):
        return [[], [], [], []]


def _row(row: CountRow, texts: Texts, explanation: Explanation | None, marks: list[list[str]]) -> CountRowView:
    return {
        "explain": None if explanation is None else texts.explanation(explanation),
        "lance": row.lance.value,
        "outcome": row.outcome.value,
        "stake": row.stake,
        "bonus": row.bonus,
        "team": row.team,
        "winner": None if row.team is None else texts.team(row.team),
        "points": row.points,
        "counted": row.counted,
        "why": texts.reason(row.why),
        "marks": marks,
    }



def count_lines(summary: HandSummary, texts: Texts, negadas_at_count: bool) -> list[str]:
    """One line per row of a hand's count: the lance, who took it and the points ("Grande: Ana & Carla +5");
    a refused bet's row says its negada, scored then (the row's points are only the bonus) or now."""
    lang = texts.language
    out = []
    for row in summary.count:
        lance = message(f"lance.{row.lance.value}", lang)
        if row.team is None:
            out.append(message("ui.log.count.nobody", lang, lance=lance))
            continue
        values: dict[str, object] = {"lance": lance, "team": texts.team(row.team), "points": row.points,
                                     "stake": row.stake}
        if row.outcome is Outcome.ORDAGO:
            key = "ui.log.count.ordago"
        elif not row.counted:
            key = "ui.log.count.not_counted"
        elif row.outcome is Outcome.REJECTED:
            key = "ui.log.count.negada" if negadas_at_count else "ui.log.count.negada.scored"
        else:
            key = "ui.log.count"
        out.append(message(key, lang, **values))
    return out
