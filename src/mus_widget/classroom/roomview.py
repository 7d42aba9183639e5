"""The teacher's list as text: each table's summary as escaped HTML (compact: a head line, a line of trouble
when there is any, and one line of seats), what counts as trouble (a person idle on their own turn, a table
waiting on an empty seat, a paused match, a failing disk), who of the expected students has not joined yet, the
class's chat, and the whole state the room's front end draws (:func:`room_state`)."""

from __future__ import annotations

import html
import time
from collections.abc import Iterable, Sequence
from typing import Any, Final

from ..bots import LEVELS
from ..i18n.catalogues import message
from ..table.contract import ClassroomArchived, ClassroomState, ClassroomStudent, ClassroomTable
from .notebook import _players
from .protocol import MAX_CHAT, name_key

PICTURE_STYLE: Final = """<style>
.mus-classroom-picture{color:var(--jp-ui-font-color1,#222)}
.mus-classroom-picture .mus-classroom-row{border:1px solid var(--jp-border-color1,#ccc);border-radius:6px;
  padding:6px 10px;margin:4px 0;background:var(--jp-layout-color1,#fff)}
.mus-classroom-picture table{border-collapse:collapse;margin:4px 0}
.mus-classroom-picture .mus-classroom-seats{display:flex;flex-wrap:wrap;gap:2px 12px}
.mus-classroom-picture td,.mus-classroom-picture th{padding:1px 10px 1px 0;text-align:left}
.mus-classroom-picture .mus-classroom-turn td,.mus-classroom-picture .mus-classroom-paused,
.mus-classroom-picture .mus-classroom-moving,
.mus-classroom-picture .mus-classroom-chat-teacher{font-weight:bold}
.mus-classroom-picture .mus-classroom-muted{color:var(--jp-ui-font-color2,#666)}
.mus-classroom-picture .mus-classroom-storage-failed,.mus-classroom-picture .mus-classroom-set-aside{
  color:var(--jp-error-color1,#b00020)}
.mus-classroom-picture .mus-classroom-chat-lines{list-style:none;padding-left:0;margin:4px 0;white-space:pre-wrap}
.mus-classroom-picture .mus-classroom-idle{color:#7a4a00;background:#fff3cd;border-radius:3px;padding:0 4px;
  font-weight:bold}
</style>"""
"""The style of the list's static picture (the live list's is js/classroom.css, which comes with its model)."""


def _text(language: str, message_id: str, **values: object) -> str:
    return html.escape(message(message_id, language, **values))


def clock(seconds: float) -> str:
    """A time waited as minutes and seconds: ``0:07``, ``12:40``."""
    whole = max(0, int(seconds))
    return f"{whole // 60}:{whole % 60:02d}"


def _turn_for(summary: dict[str, Any]) -> float | None:
    """How long the person to move has had the turn while at the table: the server's ``turn_for`` (from the
    turn's start or their latest coming, whichever is later), else ``waiting`` (an older server)."""
    for key in ("turn_for", "waiting"):
        value = summary.get(key)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return float(value)
    return None


def idle(summary: dict[str, Any], idle_after: float | None) -> bool:
    """Whether the table waits for a person (playing or disconnected, not away) who has had their own turn for
    ``idle_after`` seconds or more, counted from when the turn began or from when they came back, if later."""
    waited, to_move = _turn_for(summary), summary.get("to_move")
    if (idle_after is None or waited is None or to_move not in (0, 1, 2, 3) or summary.get("paused")
            or summary.get("lease_ended")):  # as its stopped process last shared it: nobody is waited on now
        return False
    info = summary.get("players", [])
    entry = info[to_move] if to_move < len(info) else {}
    return entry.get("kind") == "human" and not entry.get("away") and waited >= idle_after


def open_seat(summary: dict[str, Any]) -> int | None:
    """The empty seat the table waits on (its turn, nobody sits there), or None."""
    to_move, info = summary.get("to_move"), summary.get("players", [])
    if summary.get("is_over") or to_move not in (0, 1, 2, 3) or to_move >= len(info):
        return None
    return to_move if info[to_move].get("kind") == "open" else None


def trouble(summary: dict[str, Any], idle_after: float | None) -> bool:
    """Whether the table needs the teacher: idle, waiting on an empty seat, paused, set aside, not storing, or
    changing server (the process that served it stopped)."""
    return (idle(summary, idle_after) or open_seat(summary) is not None or (bool(summary.get("paused"))
            and not summary.get("is_over")) or summary.get("storage_failed") is not None
            or summary.get("set_aside") is not None or bool(summary.get("lease_ended")))


def table_html(summary: dict[str, Any], language: str, idle_after: float | None = None) -> str:
    """One table of the list, as escaped HTML: its name, game and hand, the scores by team and whose turn it is
    and for how long (or who won); a line of trouble when there is any (idle, an empty seat waited on, paused
    with the names it waits for, a failing disk); and one line of seats, the seat to move in bold. A table set
    aside (its stored rows do not replay) is its name and why."""
    name = html.escape(str(summary.get("table")), quote=True)
    if summary.get("set_aside") is not None:
        return (f'<div class="mus-classroom-summary mus-classroom-set-aside" data-table="{name}">'
                f'<strong>{_text(language, "ui.classroom.table", table=summary.get("table"))}</strong><br>'
                f'{_text(language, "ui.classroom.set_aside", reason=summary["set_aside"])}</div>')
    info = summary.get("players", [])
    players = _players(info, summary.get("games_won", [0, 0]), None, language)
    scores, won = summary.get("scores", [0, 0]), summary.get("games_won", [0, 0])
    teams = [message("ui.team", language, a=players[a].name, b=players[b].name) for a, b in ((0, 2), (1, 3))]
    to_move, over = summary.get("to_move"), bool(summary.get("is_over"))
    paused = bool(summary.get("paused")) and not over
    stuck = idle(summary, idle_after)
    problems = []
    if summary.get("lease_ended"):
        problems.append(f'<span class="mus-classroom-moving">{_text(language, "ui.classroom.moving")}</span>')
    fault = summary.get("storage_failed")
    if fault is not None:
        problems.append(f'<span class="mus-classroom-storage-failed">'
                        f'{_text(language, "ui.classroom.storage_failed", reason=fault)}</span>')
    if paused:
        away = [players[s].name for s, e in enumerate(info) if e.get("kind") == "human" and e.get("away")]
        problems.append(f'<span class="mus-classroom-paused">'
                        f'{_text(language, "ui.classroom.paused.for", names=", ".join(away) or "—")}</span>')
    if over:
        winner = summary.get("winner")
        turn = _text(language, "ui.classroom.over", team=teams[winner] if winner in (0, 1) else "—")
    elif to_move in (0, 1, 2, 3):
        waited = _turn_for(summary)
        turn = (_text(language, "ui.classroom.turn.since", name=players[to_move].name, time=clock(waited))
                if waited is not None else _text(language, "ui.classroom.turn", name=players[to_move].name))
        if stuck:
            turn += (f' <span class="mus-classroom-idle" role="status">'
                     f'{_text(language, "ui.classroom.idle", name=players[to_move].name)}</span>')
        empty = open_seat(summary)
        if empty is not None:
            waits = _text(language, "ui.classroom.open.waiting", seat=message(f"seat.{empty}", language))
            problems.append(f'<span class="mus-classroom-waiting-seat">{waits}</span>')
    else:
        turn = ""
    seats = []
    for seat, player in enumerate(players):
        entry = info[seat] if seat < len(info) else {"kind": "open"}
        if entry.get("kind") == "bot":
            status = _text(language, "ui.classroom.bot", level=message(f"ui.level.{player.level}", language))
            who = ""
        else:
            key = player.presence or "open"
            if key == "away" and paused:
                key = "away.paused"
            elif key in ("here", "gone") and entry.get("closed"):
                key = "closed"  # at once: the table itself hears it after the grace of a lost connection
            # Playing is the rule: only a seat that is not here (disconnected, page closed, away, free) says so.
            status = "" if key == "here" else _text(language, f"ui.classroom.{key}")
            who = "" if key == "open" else f"<b>{html.escape(player.name)}</b>{' · ' if status else ''}"
        mark = "mus-classroom-turn" if seat == to_move and not over else ""
        if mark and stuck:
            mark += " mus-classroom-idle-seat"
        seats.append(f'<span class="mus-classroom-seat {mark}" data-seat="{seat}">'
                     f'<span class="mus-classroom-muted">{_text(language, f"seat.{seat}")}</span> {who}{status}'
                     f'</span>')
    score = " · ".join(_text(language, "ui.classroom.score", team=teams[t], points=int(scores[t])) for t in (0, 1))
    games = _text(language, "ui.games_won", team_a=teams[0], a=int(won[0]), team_b=teams[1], b=int(won[1]))
    points = _text(language, "ui.classroom.points", a=int(scores[0]), b=int(scores[1]), ga=int(won[0]),
                   gb=int(won[1]))
    access = []
    if summary.get("code"):
        access.append(f'<span class="mus-classroom-code">{_text(language, "ui.classroom.code")}</span>')
    locked = summary.get("locked")
    if isinstance(locked, list):
        access.append(f'<span class="mus-classroom-locked">'
                      f'{_text(language, "ui.classroom.locked", names=", ".join(str(n) for n in locked))}</span>')
    problem_line = f'<div class="mus-classroom-problems">{" · ".join(problems)}</div>' if problems else ""
    marks = ' data-idle="true"' if stuck else ""
    marks += ' data-trouble="true"' if trouble(summary, idle_after) else ""
    return (
        f'<div class="mus-classroom-summary" data-table="{name}"{marks}>'
        f'<div class="mus-classroom-head" title="{score} · {games}">'
        f'<strong>{_text(language, "ui.classroom.table", table=summary.get("table"))}</strong> '
        f'<span class="mus-classroom-muted">'
        f'{_text(language, "ui.hand_number", game=summary.get("game_number"), hand=summary.get("hand_number"))} · '
        f'</span><span class="mus-classroom-score">{points}</span>'
        f'<span class="mus-classroom-muted">{" · " + " · ".join(access) if access else ""}</span></div>'
        f'<div class="mus-classroom-to-move">{turn}</div>{problem_line}'
        f'<div class="mus-classroom-seats">{"".join(seats)}</div></div>'
    )


def not_joined(expected: Iterable[str], summaries: Sequence[dict[str, Any]]) -> list[str]:
    """The expected students seated at no table (names compared as the server compares them)."""
    seated = {name_key(str(p.get("name"))) for s in summaries for p in s.get("players", []) if p.get("kind") == "human"}
    return [name for name in expected if name_key(name) not in seated]


def archived_html(summary: dict[str, Any], language: str) -> str:
    """One archived table in a line: its name, its players and who won."""
    info = summary.get("players", [])
    players = _players(info, summary.get("games_won", [0, 0]), None, language)
    teams = [message("ui.team", language, a=players[a].name, b=players[b].name) for a, b in ((0, 2), (1, 3))]
    winner = summary.get("winner")
    result = (_text(language, "ui.classroom.over", team=teams[winner]) if summary.get("is_over") and winner in (0, 1)
              else " · ".join(html.escape(t) for t in teams))
    name = html.escape(str(summary.get("table")), quote=True)
    return (f'<span class="mus-classroom-archived-line" data-table="{name}">'
            f'<strong>{_text(language, "ui.classroom.table", table=summary.get("table"))}</strong> '
            f'<span class="mus-classroom-muted">{result}</span></span>')


def chat_html(lines: list[dict[str, Any]], language: str) -> str:
    """The class's chat as escaped HTML, the latest line last: each line's time, table and writer (*Teacher*
    for the teacher's), and its text."""
    items = []
    for line in lines:
        stamp = line.get("time")
        when = time.strftime("%H:%M", time.localtime(stamp)) if isinstance(stamp, (int, float)) else ""
        who = message("ui.room.teacher", language) if line.get("teacher") else str(line.get("name", ""))
        teacher = " mus-classroom-chat-teacher" if line.get("teacher") else ""
        items.append(f'<li class="mus-classroom-chat-line{teacher}" data-table="{html.escape(str(line.get("table")))}">'
                     f'<span class="mus-classroom-muted">{html.escape(when)} · '
                     f'{_text(language, "ui.classroom.table", table=line.get("table"))}</span> '
                     f'<strong>{html.escape(who)}</strong>: {html.escape(str(line.get("text", "")))}</li>')
    body = (f'<ol class="mus-classroom-chat-lines">{"".join(items)}</ol>' if items
            else f'<p class="mus-classroom-muted">{_text(language, "ui.classroom.chat.none")}</p>')
    return (f'<section class="mus-classroom-chat"><h4>{_text(language, "ui.classroom.chat")}</h4>'
            f'{body}</section>')


def _students(summary: dict[str, Any], language: str, *, live: bool) -> list[ClassroomStudent]:
    """The students seated at a table, with the texts of their buttons (to free a seat only while ``live``)."""
    return [{"seat": int(p["seat"]), "name": str(p.get("name", "")),
             "free": message("ui.classroom.free", language, name=p.get("name", ""),
                             seat=message(f"seat.{p['seat']}", language)) if live else "",
             "confirm": message("ui.classroom.free.confirm", language, name=p.get("name", "")) if live else "",
             "review": message("ui.classroom.review", language, name=p.get("name", ""))}
            for p in summary.get("players", []) if p.get("kind") == "human"]


def room_state(summaries: Sequence[dict[str, Any]], archived: Sequence[dict[str, Any]], *, language: str,
               server: str, idle_after: float | None, lost: bool, refused: str, expected: Sequence[str],
               shown_below: bool, following: str | None) -> ClassroomState:
    """What the teacher's list shows: a row per table (those that need the teacher first), the archived
    tables, who has not joined, and the texts of every control, in ``language``."""
    rows: list[ClassroomTable] = []
    for summary in summaries:
        aside = summary.get("set_aside") is not None
        empty = open_seat(summary)
        rows.append({"table": str(summary.get("table")), "summary": table_html(summary, language, idle_after),
                     "idle": idle(summary, idle_after), "trouble": trouble(summary, idle_after),
                     "over": bool(summary.get("is_over")) and not aside,
                     "open_seat": empty,
                     "seat_bot": "" if empty is None else message("ui.classroom.seat_bot", language,
                                                                  seat=message(f"seat.{empty}", language)),
                     "followable": not aside and shown_below,
                     "writable": not aside, "students": _students(summary, language, live=True),
                     "tell": message("ui.classroom.tell", language, table=summary.get("table"))})
    rows.sort(key=lambda row: not row["trouble"])  # the tables that need the teacher first, else in order
    shelved: list[ClassroomArchived] = [
        {"table": str(a.get("table")), "summary": archived_html(a, language),
         "students": _students(a, language, live=False)} for a in archived]
    missing = not_joined(expected, summaries)
    return {
        "language": language,
        "title": message("ui.classroom.title", language, count=len(summaries), server=server),
        "lost": message("ui.room.lost", language) if lost else "",
        "none": "" if summaries else message("ui.classroom.none", language),
        "tables": rows,
        "archived": shelved,
        "expected": message("ui.classroom.expected", language, names=", ".join(missing)) if missing else "",
        "refused": refused,
        "levels": [["", message("ui.classroom.create.student", language)],
                   *([level, message(f"ui.level.{level}", language)] for level in LEVELS)],
        "following": following,
        "texts": {key: message(f"ui.classroom.{key}", language)
                  for key in ("follow", "stop", "send", "results", "kernel_lost", "snapshot", "rematch", "archive",
                              "archived", "tell_all", "send_all", "create", "create.name", "create.kept",
                              "create.code", "create.submit", "free.yes", "free.no", "trouble", "review.short",
                              "free.pick")},
        "seat_names": [message(f"seat.{seat}", language) for seat in range(4)],
        "max_chat": MAX_CHAT,
    }


def seat_of(record: dict[str, Any], name: str) -> int:
    """The seat of the player called ``name`` in a classroom record; KeyError naming the players if none."""
    names = record.get("names") or []
    for seat, sitting in enumerate(names):
        if sitting is not None and name_key(sitting) == name_key(name):
            return seat
    raise KeyError(f"nobody called {name!r} sits at table {record.get('table')!r}; the players are "
                   f"{', '.join(n for n in names if n) or 'none'}")


def chat_key(line: dict[str, Any]) -> tuple[Any, ...]:
    """A class chat line as told apart from the others, whichever server process numbered it."""
    return line.get("table"), line.get("time"), line.get("seat"), line.get("text")
