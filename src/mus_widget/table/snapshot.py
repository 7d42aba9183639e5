"""The table as a static snapshot: what an export, nbviewer or a rendered book shows in place of the live view.

It is drawn from the synced state (:func:`mus_widget.table.view_state.view_state`), never from the game, so it
holds exactly what the browser already holds: the student's cards, the others' backs (or their faces once shown
or on a teacher's face-up table), names, scores, the mano and the turn, the last announcements, the count
when it is open and a scenario's note. Plain HTML with inline SVG and inline styles, no script, no network.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import Any, Final

from ..i18n.catalogues import message
from ..teaching.pictures import SMALL_WIDTH, Picture, hand_html

LOG_LINES: Final = 4
"""The announcements of the hand the picture repeats, the latest last."""
_FELT: Final = "background:#1d6a37;border:6px solid #6b3f1d;border-radius:14px;color:#f7f3e3;padding:10px"
_FONT: Final = "font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;font-size:13px;line-height:1.35"
_TEAM_COLOURS: Final = ("#ffd54a", "#9fd3ff")
_WRAP: Final = "overflow-wrap:anywhere"


def table_snapshot(state: Mapping[str, Any], language: str) -> Picture:
    """The moment ``state`` shows, as a picture with a line saying it is a snapshot."""
    esc = html.escape
    players = state["players"]
    mano, to_move = state["mano"], state.get("to_move")
    seats = []
    for seat, player in enumerate(players):
        marks = []
        if seat == mano:
            marks.append(message("picture.mano", language))
        if seat == to_move:
            marks.append("➜")
        cards = player["cards"]
        hand = hand_html(" ".join(cards) if cards else None, SMALL_WIDTH, language)
        bubble = player.get("bubble")
        said = "" if not bubble else f'<div style="font-size:12px;{_WRAP}">“{esc(_bubble_text(bubble))}”</div>'
        seats.append(
            f'<div style="text-align:center;padding:4px;min-width:0" data-seat="{seat}">'
            f'<div style="font-weight:600;color:{_TEAM_COLOURS[seat % 2]};{_WRAP}">{esc(player["name"])}'
            f'{" · " + esc(" ".join(marks)) if marks else ""}</div>{hand}{said}</div>')
    south, east, north, west = seats
    teams, scores, target = state["teams"], state["scores"], state["target"]
    score = " · ".join(esc(message("ui.score", language, team=teams[t], points=scores[t], target=target))
                       for t in (0, 1))
    middle = f'<div style="text-align:center;font-weight:600;{_WRAP}">{score}</div>'
    grid = ('<div style="display:grid;grid-template-columns:1fr 1fr 1fr;align-items:center;gap:6px">'
            f"<div></div>{north}<div></div>{west}{middle}{east}<div></div>{south}<div></div></div>")
    parts = [f'<div style="{_FELT}">{grid}</div>']
    steps = state.get("steps")
    if steps:
        parts.append(f'<p style="{_WRAP}"><b>{esc(steps["title"])}</b> · {steps["index"]}/{steps["count"]}</p>')
        if steps.get("note"):
            parts.append(f'<p style="{_WRAP}">{esc(steps["note"])}</p>')
    count = state.get("count")
    if count:
        rows = "".join(
            f'<tr><td style="padding:2px 8px">{esc(message("lance." + row["lance"], language))}</td>'
            f'<td style="padding:2px 8px">{esc(row["winner"] or message("ui.count.nobody", language))}</td>'
            f'<td style="padding:2px 8px">{"+" + str(row["points"]) if row["counted"] else "–"}</td>'
            f'<td style="padding:2px 8px;font-size:12px;{_WRAP}">{esc(row["explain"] or "")}</td></tr>'
            for row in count["rows"])
        head = "".join(f'<th style="text-align:left;padding:2px 8px">{esc(message(k, language))}</th>'
                       for k in ("ui.count.lance", "ui.count.winner", "ui.count.points"))
        parts.append(f'<table style="border-collapse:collapse;margin-top:6px"><caption style="text-align:left;'
                     f'font-weight:700">{esc(message("ui.count.title", language))}</caption><tr>{head}<th></th></tr>'
                     f"{rows}</table>")
    log = state.get("log") or []
    if log:
        lines = "".join(f"<li>{esc(line)}</li>" for line in log[-LOG_LINES:])
        parts.append(f'<ol start="{max(1, len(log) - LOG_LINES + 1)}" style="margin:6px 0;{_WRAP}">{lines}</ol>')
    winner = state.get("winner")
    if winner:
        parts.append(f"<p><b>{esc(winner['text'])}</b></p>")
    parts.append(f'<p style="font-style:italic;opacity:0.8;{_WRAP}">{esc(message("ui.kernel.snapshot", language))}</p>')
    body = f'<div class="mus-picture mus-picture-table" style="{_FONT};max-width:720px">{"".join(parts)}</div>'
    names = ", ".join(p["name"] for p in players)
    return Picture(body, f"Mus table: {names}; {scores[0]}–{scores[1]}")


def lesson_snapshot(title: str, hands: Sequence[Sequence[str]], language: str) -> Picture:
    """A lesson whose deal is not complete yet (nothing to show on a felt): its title and the cards dealt so far by
    seat (South, East, North, West), with the line saying it is a snapshot."""
    esc = html.escape
    said = message("picture.lesson", language, title=title, dealt=sum(len(cards) for cards in hands))
    seats = "".join(f"<li>{esc(message(f'seat.{seat}', language))}: {esc(' '.join(cards) or '–')}</li>"
                    for seat, cards in enumerate(hands))
    body = (f'<div class="mus-picture mus-picture-lesson" style="{_FONT};max-width:720px">'
            f'<p style="font-weight:700;{_WRAP}">{esc(said)}</p><ul style="{_WRAP}">{seats}</ul>'
            f'<p style="font-style:italic;opacity:0.8;{_WRAP}">{esc(message("ui.kernel.snapshot", language))}</p>'
            "</div>")
    return Picture(body, said)


def _bubble_text(bubble: object) -> str:
    """A speech bubble of the synced state in words (a text, or a dict holding one)."""
    if isinstance(bubble, Mapping):
        return str(bubble.get("text", ""))
    return str(bubble)


__all__ = ["LOG_LINES", "lesson_snapshot", "table_snapshot"]
