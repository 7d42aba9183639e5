"""The teacher's view of a classroom: ``mw.Classroom(server, teacher_key=...)`` lists every table of the server
(its seats, players human, bot or away, the scores and whose turn it is), updated live, and opens any table face
up below the list for the teacher to follow (:class:`~mus_widget.classroom.notebook.FaceUpTable`).

The list asks the server for the tables' summaries once a second over one connection (the kernel's loop
sends the request; the answers come back like every frame, through :class:`~mus_widget.classroom.live.Link`).
It is an anywidget (js/classroom.js: the rows, each an escaped HTML summary drawn here, and their buttons), so it
runs wherever the table does, marimo included; in a notebook it is displayed with the followed table below it.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import pathlib
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, NoReturn

import ipywidgets

from ..i18n.catalogues import default_language, message
from ..table.base import BaseWidget, Synced, synced_dict
from ..table.contract import ClassChat, ClassroomReview, ClassroomState, ClassroomStudent, ClassroomTable
from ..table.options import check_language
from ..teaching.class_review import ClassSummary, review_summary
from ..teaching.pictures import Picture
from ..teaching.review import SAMPLES, Review, Reviewer, review
from . import client
from .live import Frame, Link, running_loop
from .notebook import FaceUpTable, WatchRelay, _players
from .protocol import MAX_CHAT, ClassroomError, name_key, plain_text

STATIC: Final = pathlib.Path(__file__).resolve().parents[1] / "table" / "static"
CLASS_CHAT: Final = 200
"""The class's chat lines the list keeps (the latest)."""
EVERY: Final = 1.0
"""Seconds between two updates of the list."""
IDLE_AFTER: Final = 40.0
"""Seconds a person may have the turn before the list marks their table idle, by default."""

PICTURE_STYLE: Final = """<style>
.mus-classroom-picture{color:var(--jp-ui-font-color1,#222)}
.mus-classroom-picture .mus-classroom-row{border:1px solid var(--jp-border-color1,#ccc);border-radius:6px;
  padding:6px 10px;margin:4px 0;background:var(--jp-layout-color1,#fff)}
.mus-classroom-picture table{border-collapse:collapse;margin:4px 0}
.mus-classroom-picture td,.mus-classroom-picture th{padding:1px 10px 1px 0;text-align:left}
.mus-classroom-picture .mus-classroom-turn td,.mus-classroom-picture .mus-classroom-paused,
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


def idle(summary: dict[str, Any], idle_after: float | None) -> bool:
    """Whether the table waits for a person (playing or disconnected, not away) who has had the turn for
    ``idle_after`` seconds or more."""
    waiting, to_move = summary.get("waiting"), summary.get("to_move")
    if idle_after is None or not isinstance(waiting, (int, float)) or to_move not in (0, 1, 2, 3):
        return False
    info = summary.get("players", [])
    entry = info[to_move] if to_move < len(info) else {}
    return entry.get("kind") == "human" and not entry.get("away") and waiting >= idle_after


def table_html(summary: dict[str, Any], language: str, idle_after: float | None = None) -> str:
    """One table of the list, as escaped HTML: its name, game and hand, the scores by team, and a row per seat
    (the player, what they are) with the seat to move in bold and for how long it has been to move; marked
    idle when a person has had the turn for ``idle_after`` seconds or more. A table set aside (its stored rows
    do not replay) is its name and why; a table whose latest move the server could not store says so."""
    name = html.escape(str(summary.get("table")), quote=True)
    if summary.get("set_aside") is not None:
        return (f'<div class="mus-classroom-summary mus-classroom-set-aside" data-table="{name}">'
                f'<strong>{_text(language, "ui.classroom.table", table=summary.get("table"))}</strong><br>'
                f'{_text(language, "ui.classroom.set_aside", reason=summary["set_aside"])}</div>')
    fault = summary.get("storage_failed")
    warning = ("" if fault is None else f'<br><span class="mus-classroom-storage-failed">'
               f'{_text(language, "ui.classroom.storage_failed", reason=fault)}</span>')
    if summary.get("paused") and not summary.get("is_over"):
        warning += f'<br><span class="mus-classroom-paused">{_text(language, "ui.classroom.paused")}</span>'

    info = summary.get("players", [])
    players = _players(info, summary.get("games_won", [0, 0]), None, language)
    scores, won = summary.get("scores", [0, 0]), summary.get("games_won", [0, 0])
    teams = [message("ui.team", language, a=players[a].name, b=players[b].name) for a, b in ((0, 2), (1, 3))]
    to_move = summary.get("to_move")
    if summary.get("is_over"):
        winner = summary.get("winner")
        turn = _text(language, "ui.classroom.over", team=teams[winner] if winner in (0, 1) else "—")
    elif to_move in (0, 1, 2, 3):
        waiting = summary.get("waiting")
        if isinstance(waiting, (int, float)):
            turn = _text(language, "ui.classroom.turn.since", name=players[to_move].name, time=clock(waiting))
        else:
            turn = _text(language, "ui.classroom.turn", name=players[to_move].name)
        if idle(summary, idle_after):
            turn += (f' <span class="mus-classroom-idle" role="status">'
                     f'{_text(language, "ui.classroom.idle", name=players[to_move].name)}</span>')
    else:
        turn = ""
    rows = []
    for seat, player in enumerate(players):
        entry = info[seat] if seat < len(info) else {"kind": "open"}
        if entry.get("kind") == "bot":
            status = _text(language, "ui.classroom.bot", level=message(f"ui.level.{player.level}", language))
        else:
            status = _text(language, f"ui.classroom.{player.presence or 'open'}")
        mark = ' class="mus-classroom-turn"' if seat == to_move and not summary.get("is_over") else ""
        if mark and idle(summary, idle_after):
            mark = ' class="mus-classroom-turn mus-classroom-idle-seat"'
        rows.append(f'<tr{mark} data-seat="{seat}"><td>{_text(language, f"seat.{seat}")}</td>'
                    f"<td>{html.escape(player.name)}</td><td>{status}</td></tr>")
    score = " · ".join(_text(language, "ui.classroom.score", team=teams[t], points=int(scores[t])) for t in (0, 1))
    access = []
    if summary.get("code"):
        access.append(f'<span class="mus-classroom-code">{_text(language, "ui.classroom.code")}</span>')
    locked = summary.get("locked")
    if isinstance(locked, list):
        access.append(f'<span class="mus-classroom-locked">'
                      f'{_text(language, "ui.classroom.locked", names=", ".join(str(n) for n in locked))}</span>')
    stuck = ' data-idle="true"' if idle(summary, idle_after) else ""
    return (
        f'<div class="mus-classroom-summary" data-table="{name}"{stuck}>'
        f'<strong>{_text(language, "ui.classroom.table", table=summary.get("table"))}</strong> · '
        f'<span class="mus-classroom-muted">'
        f'{_text(language, "ui.hand_number", game=summary.get("game_number"), hand=summary.get("hand_number"))} · '
        f'{_text(language, "ui.games_won", team_a=teams[0], a=int(won[0]), team_b=teams[1], b=int(won[1]))}'
        f'</span><br>'
        f'<span class="mus-classroom-score">{score}</span> · <span class="mus-classroom-to-move">{turn}</span>'
        f'{"<br>" + " · ".join(access) if access else ""}{warning}'
        f'<table><thead><tr><th>{_text(language, "ui.classroom.seat")}</th>'
        f'<th>{_text(language, "ui.classroom.player")}</th><th>{_text(language, "ui.classroom.status")}</th></tr>'
        f'</thead><tbody>{"".join(rows)}</tbody></table></div>'
    )


def _seat_of(record: dict[str, Any], name: str) -> int:
    """The seat of the player called ``name`` in a classroom record; KeyError naming the players if none."""
    names = record.get("names") or []
    for seat, sitting in enumerate(names):
        if sitting is not None and name_key(sitting) == name_key(name):
            return seat
    raise KeyError(f"nobody called {name!r} sits at table {record.get('table')!r}; the players are "
                   f"{', '.join(n for n in names if n) or 'none'}")


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


class Classroom(BaseWidget):
    """Every table of the classroom server ``server``, live, for the teacher (``teacher_key`` is the server's
    ``--teacher-key``): who is to move and for how long (marked idle once a person has had the turn
    ``idle_after`` seconds or more), a box per table to write to everyone there (:meth:`tell`), a button per
    seated student to free their seat (:meth:`free_seat`) or to review their decisions (:meth:`review`), and
    the class's chat (:attr:`class_chat`). "Follow face up" (or :meth:`follow`) shows a table below the list
    with every hand of the match face up, read-only, as it is played. ``language`` is that of every text
    (default: the kernel's locale).

    An anywidget, so it runs wherever the table does (marimo included: ``mo.ui.anywidget(room)``); where the
    notebook displays it (JupyterLab, Notebook 7, VS Code, Colab), the followed table shows below the list."""

    _esm = (STATIC / "classroom.js").read_text(encoding="utf-8")
    _css = (STATIC / "classroom.css").read_text(encoding="utf-8")

    state: Synced[ClassroomState] = synced_dict()
    """The list: its title, each table's summary and buttons, the table followed, the texts of the controls."""
    chat: Synced[ClassChat] = synced_dict()
    """The class's chat, drawn (trusted markup: every text escaped by :func:`chat_html`)."""
    review_view: Synced[ClassroomReview | dict[str, NoReturn]] = synced_dict()
    """The review of a student opened in the room (empty: none), drawn once complete."""

    def __init__(self, server: str, *, teacher_key: str, language: str | None = None, every: float = EVERY,
                 idle_after: float | None = IDLE_AFTER) -> None:
        language = default_language() if language is None else language
        check_language(language)
        super().__init__()
        self.server = server
        self.language = language
        self.idle_after = idle_after
        """Seconds a person may have the turn before their table is marked idle (None: never marked)."""
        self._key = teacher_key
        self._every = every
        self._loop = running_loop()
        self._timer: asyncio.TimerHandle | None = None
        self._summaries: list[dict[str, Any]] = []
        self._lost = False
        self._chat: list[dict[str, Any]] = []
        """The class's chat lines heard so far (the latest :data:`CLASS_CHAT`), each with its table."""
        self._chat_next = 0
        """The number of the next class chat line to ask the server for."""
        self.following: FaceUpTable | None = None
        self.below = ipywidgets.VBox()
        """Where the followed table shows, below the list (the notebook displays the two together)."""
        self.below.add_class("mus-classroom-below")
        self._shown_below = False
        """Whether the room was displayed with :attr:`below` (a notebook), so its Follow buttons can show."""
        self.displayed: ipywidgets.VBox | None = None
        """What a notebook displays: the list, and :attr:`below` it (made when first displayed)."""
        self._reviewing: _Reviewing | None = None
        self._closed = False
        self.link = Link(server, self._listing, self._frame, self._loop)
        self._heard(self.link.first)
        self._show(self.link.first.get("tables", []))
        self._first_view_made()
        self._schedule()

    def __repr__(self) -> str:
        return f"<Classroom {self.server} tables={len(self._summaries)}>"

    @property
    def tables(self) -> list[dict[str, Any]]:
        """The tables' summaries as the server last sent them (``remote.tables``'s format)."""
        return list(self._summaries)

    @property
    def class_chat(self) -> list[dict[str, Any]]:
        """The class's chat, every table's lines in the order they were written (the latest 200): ``table``,
        ``seat``, ``name``, ``text``, ``time`` (seconds since 1970) and ``teacher`` for the teacher's lines."""
        return list(self._chat)

    def refresh(self) -> None:
        """Ask the server for the tables now (the list also asks by itself, once a second, in a kernel)."""
        self._to_server(self._listing())

    def free_seat(self, table: str, seat: int) -> None:
        """Free ``seat`` at ``table`` (a squatter's, or a student's who left): its token stops working and the
        next student to join may sit there. The list shows it at its next update."""
        self._to_server({"type": "free_seat", "table": table, "seat": seat, "teacher_key": self._key})
        self.refresh()

    def tell(self, table: str, text: str) -> None:
        """Write ``text`` to everyone at ``table``: a line of the table's chat from the teacher, set apart in
        the students' chat (plain text, 1 to 200 characters; :class:`ClassroomError` ``bad_chat`` else)."""
        text = plain_text(text, MAX_CHAT, "message", "bad_chat")
        self._to_server({"type": "tell", "table": table, "text": text, "teacher_key": self._key})

    def record(self, table: str) -> dict[str, Any]:
        """The record of ``table`` with its players' names, every move's time and who played it (the player,
        a stand-in or a bot) and its chat (docs/classroom.md, "The record of a table")."""
        return client.record(self.server, table, teacher_key=self._key)

    def review(self, table: str, player: int | str, *, samples: int = SAMPLES, seed: int = 0) -> Review:
        """The review of one student's decisions at ``table`` (``player``: the seat, or the player's name):
        ``mw.review`` of the table's record, under its players' names, in the room's language."""
        record = self.record(table)
        seat = player if isinstance(player, int) else _seat_of(record, player)
        return review(record, seat, samples=samples, seed=seed, language=self.language)

    def review_summary(self, tables: Sequence[str] | None = None, *, samples: int = SAMPLES,
                       seed: int = 0) -> ClassSummary:
        """Every student's decisions at ``tables`` (by default every table of the list) summed up per player:
        ``mw.review_summary`` of their records, which reviews the seats that have a player (not the bots)."""
        names = [str(t["table"]) for t in self._summaries if t.get("set_aside") is None] if tables is None else tables
        return review_summary([self.record(name) for name in names], samples=samples, seed=seed,
                              language=self.language)

    def open_review(self, table: str, seat: int, *, samples: int = SAMPLES) -> None:
        """Open the review of the student at ``seat`` of ``table`` in the room, below the list: graded one
        decision at a time on the kernel's loop (the progress shows meanwhile; at once without a loop), then
        drawn as :meth:`review` returns it."""
        record = self.record(table)
        reviewer = Reviewer(record, seat, samples=samples, language=self.language)
        self._reviewing = _Reviewing(table, seat, reviewer)
        self._show_review()
        if self._loop is None:
            reviewer.review()
            self._show_review()
        else:
            self._loop.call_soon(self._grade_next, self._reviewing)

    def close_review(self) -> None:
        """Close the review opened in the room."""
        self._reviewing = None
        self.review_view = {}

    @property
    def opened_review(self) -> Review | None:
        """The review opened in the room, once every decision is graded (None before, or when none is open)."""
        reviewing = self._reviewing
        if reviewing is None or reviewing.reviewer.pending():
            return None
        return reviewing.reviewer.review()

    def follow(self, table: str) -> FaceUpTable:
        """Follow ``table`` face up below the list (the table before it, if any, is let go); returns its view,
        which a host that does not show the list's :attr:`below` (marimo) displays in a cell of its own."""
        if self.following is not None:
            self.following.close()
        view = FaceUpTable(WatchRelay(self.server, table, teacher_key=self._key), language=self.language,
                           tips=False)
        self.following = view
        self.below.children = [view]
        self._show(self._summaries, lost=self._lost)
        return view

    def stop_following(self) -> None:
        if self.following is not None:
            self.following.close()
            self.following = None
        self.below.children = []
        if not self._closed:
            self._show(self._summaries, lost=self._lost)

    def close(self) -> None:
        """Stop the updates, close the connections and the views."""
        self._closed = True
        self._reviewing = None
        timer = getattr(self, "_timer", None)
        if timer is not None:
            timer.cancel()
        link = getattr(self, "link", None)  # None when __init__ could not reach the server
        if link is not None:
            link.close()
        if hasattr(self, "below"):
            self.stop_following()
            self.below.close()
            if self.displayed is not None:
                self.displayed.close()
        super().close()

    # ------------------------------------------------------------------ the notebook

    def picture(self) -> Picture:
        """The list as it was last drawn, as a static picture (with the class's chat)."""
        rows = "".join(f'<div class="mus-classroom-row">{table["summary"]}</div>'
                       for table in self.state.get("tables", []))
        note = _text(self.language, "ui.classroom.snapshot")
        body = (f'{PICTURE_STYLE}<div class="mus-classroom-picture"><h3>{html.escape(self.state.get("title", ""))}</h3>'
                f'{rows}{self.chat.get("html", "")}<p class="mus-classroom-muted"><i>{note}</i></p></div>')
        return Picture(body, self.state.get("title", repr(self)))

    def _displayed(self, bundle: tuple[dict[str, Any], dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
        """In a notebook: the list with the followed table below it (:attr:`below`), so Follow buttons show."""
        self._shown_below = True
        self._show(self._summaries, lost=self._lost)
        if self.displayed is None:
            self.displayed = ipywidgets.VBox([self, self.below])
            self.displayed.add_class("mus-classroom-room")
        return {**self.displayed._repr_mimebundle_(), "text/plain": bundle[0]["text/plain"]}, bundle[1]

    def receive(self, content: object) -> None:
        """A click in the browser: follow or stop following a table, free a seat, write to a table, open or
        close a student's review. Anything else, or a table the list does not have, is ignored."""
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "stop":
            self.stop_following()
            return
        if kind == "close_review":
            self.close_review()
            return
        table = content.get("table")
        if table not in {str(t.get("table")) for t in self._summaries if t.get("set_aside") is None}:
            return
        seat = content.get("seat")
        seated = seat if isinstance(seat, int) and not isinstance(seat, bool) and any(
            student["seat"] == seat for row in self.state["tables"] if row["table"] == table
            for student in row["students"]) else None
        if kind == "follow":
            self.follow(str(table))
        elif kind == "free_seat" and seated is not None:
            self.free_seat(str(table), seated)
        elif kind == "review" and seated is not None:
            self.open_review(str(table), seated)
        elif kind == "tell" and isinstance(content.get("text"), str):
            with contextlib.suppress(ClassroomError):  # the box keeps to the limits; the server checks again
                self.tell(str(table), content["text"])

    # ------------------------------------------------------------------ updates

    def _listing(self) -> dict[str, Any]:
        """The request for the tables, and the class's chat lines not heard yet."""
        return {"type": "list", "teacher_key": self._key, "chat_from": self._chat_next}

    def _to_server(self, frame: dict[str, Any]) -> None:
        try:
            self.link.send({**frame, "id": self.link.next_id()})
        except ConnectionError:
            self._show(self._summaries, lost=True)

    def _schedule(self) -> None:
        if self._loop is not None and not self._closed:
            self._timer = self._loop.call_later(self._every, self._tick)

    def _tick(self) -> None:
        self._timer = None
        if self._closed:
            return
        self.refresh()
        self._schedule()

    def _frame(self, frame: Frame) -> None:
        if frame.get("type") == "tables":
            self._heard(frame)
            self._show(frame.get("tables", []))
        elif frame.get("type") == "link":
            self._show(self._summaries, lost=not frame.get("open"))

    def _heard(self, frame: Frame) -> None:
        """Keep the class's chat lines a ``tables`` answer brings (a server with fewer lines than heard is a new
        class: its lines replace these)."""
        total = frame.get("chat_total")
        if not isinstance(total, int):
            return
        if total < self._chat_next:
            self._chat = []
        known = {line.get("n") for line in self._chat}
        self._chat = [*self._chat, *(line for line in frame.get("chat", []) if line.get("n") not in known)]
        self._chat = self._chat[-CLASS_CHAT:]
        self._chat_next = total
        self.chat = {"html": chat_html(self._chat, self.language), "lines": len(self._chat)}

    def _show(self, summaries: list[dict[str, Any]], lost: bool = False) -> None:
        language = self.language
        self._summaries = list(summaries)
        self._lost = lost
        following = None if self.following is None else self.following._relay.table
        rows: list[ClassroomTable] = []
        for summary in summaries:
            aside = summary.get("set_aside") is not None
            students: list[ClassroomStudent] = [
                {"seat": int(p["seat"]), "name": str(p.get("name", "")),
                 "free": message("ui.classroom.free", language, name=p.get("name", ""),
                                 seat=message(f"seat.{p['seat']}", language)),
                 "review": message("ui.classroom.review", language, name=p.get("name", ""))}
                for p in summary.get("players", []) if p.get("kind") == "human"]
            rows.append({"table": str(summary.get("table")), "summary": table_html(summary, language, self.idle_after),
                         "idle": idle(summary, self.idle_after), "followable": not aside and self._shown_below,
                         "writable": not aside, "students": students,
                         "tell": message("ui.classroom.tell", language, table=summary.get("table"))})
        self.state = {
            "language": language,
            "title": message("ui.classroom.title", language, count=len(summaries), server=self.server),
            "lost": message("ui.room.lost", language) if lost else "",
            "none": "" if summaries else message("ui.classroom.none", language),
            "tables": rows,
            "following": following,
            "texts": {key: message(f"ui.classroom.{key}", language)
                      for key in ("follow", "stop", "send", "close", "kernel_lost", "snapshot")},
            "max_chat": MAX_CHAT,
        }

    # ------------------------------------------------------------------ a review in the room

    def _grade_next(self, reviewing: _Reviewing) -> None:
        """Grade one more decision of the review open (if it still is), then let the loop breathe."""
        if reviewing is not self._reviewing or self._closed:
            return
        pending = reviewing.reviewer.pending()
        if pending:
            reviewing.reviewer.grade(pending[0])
        self._show_review()
        if len(pending) > 1 and self._loop is not None:
            self._loop.call_soon(self._grade_next, reviewing)

    def _show_review(self) -> None:
        reviewing = self._reviewing
        if reviewing is None:
            return
        reviewer = reviewing.reviewer
        count = reviewer.decisions
        done = count - len(reviewer.pending())
        complete = done == count
        finished = reviewer.review() if complete else None
        player = finished.player if finished is not None else reviewer.so_far().player
        self.review_view = {
            "table": reviewing.table,
            "seat": reviewing.seat,
            "title": message("review.title", self.language, player=player),
            "progress": "" if complete else message("review.pending", self.language, done=done, count=count),
            "html": "" if finished is None else finished._repr_html_(),
        }


@dataclass(frozen=True, slots=True)
class _Reviewing:
    """A student's review open in the room: the table, the seat and the reviewer grading it."""

    table: str
    seat: int
    reviewer: Reviewer


__all__ = ["IDLE_AFTER", "Classroom", "chat_html", "clock", "idle", "table_html"]
