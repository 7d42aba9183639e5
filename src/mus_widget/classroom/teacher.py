"""The teacher's view of a classroom: ``mw.Classroom(server, teacher_key=...)`` lists every table of the server
(its seats, players human, bot or away, the scores and whose turn it is), updated live, and opens any table face
up below the list for the teacher to follow (:class:`~mus_widget.classroom.notebook.FaceUpTable`).

The list asks the server for the tables' summaries once a second over one connection (the kernel's loop
sends the request; the answers come back like every frame, through :class:`~mus_widget.classroom.live.Link`).
It is made of ipywidgets (a list of rows, each an escaped HTML summary and a button), so it shows wherever
ipywidgets do: JupyterLab, Notebook 7, VS Code, Colab.
"""

from __future__ import annotations

import asyncio
import html
import time
from collections.abc import Sequence
from typing import Any, Final

import ipywidgets

from ..i18n.catalogues import default_language, message
from ..table.options import check_language
from ..teaching.class_review import ClassSummary, review_summary
from ..teaching.review import SAMPLES, Review, review
from . import client
from .live import Frame, Link, running_loop
from .notebook import FaceUpTable, WatchRelay, _players
from .protocol import MAX_CHAT, name_key, plain_text

CLASS_CHAT: Final = 200
"""The class's chat lines the list keeps (the latest)."""
EVERY: Final = 1.0
"""Seconds between two updates of the list."""
IDLE_AFTER: Final = 40.0
"""Seconds a person may have the turn before the list marks their table idle, by default."""

STYLE: Final = """<style>
.mus-classroom-row{border:1px solid var(--jp-border-color1,#ccc);border-radius:6px;padding:6px 10px;margin:4px 0;
  color:var(--jp-ui-font-color1,#222);background:var(--jp-layout-color1,#fff)}
.mus-classroom-row table{border-collapse:collapse;margin:4px 0}
.mus-classroom-row td,.mus-classroom-row th{padding:1px 10px 1px 0;text-align:left}
.mus-classroom-row .mus-classroom-turn td{font-weight:bold}
.mus-classroom-muted{color:var(--jp-ui-font-color2,#666)}
.mus-classroom-storage-failed,.mus-classroom-set-aside{color:var(--jp-error-color1,#b00020)}
.mus-classroom-chat-lines{max-height:16em;overflow-y:auto;list-style:none;padding-left:0;margin:4px 0;
  overflow-wrap:anywhere;white-space:pre-wrap}
.mus-classroom-chat-teacher{font-weight:bold}
.mus-classroom-paused{font-weight:bold}
.mus-classroom-idle{color:var(--jp-warn-color0,#8a5300);background:var(--jp-warn-color3,#fff3cd);border-radius:3px;
  padding:0 4px;font-weight:bold}
</style>"""


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
    return (f'{STYLE}<section class="mus-classroom-chat"><h4>{_text(language, "ui.classroom.chat")}</h4>'
            f'{body}</section>')


class Classroom(ipywidgets.VBox):  # type: ignore[misc]
    """Every table of the classroom server ``server``, live, for the teacher (``teacher_key`` is the server's
    ``--teacher-key``); "Follow face up" (or :meth:`follow`) shows a table below the list with every hand face
    up, read-only, as it is played, and a button per seated student frees their seat (:meth:`free_seat`).
    Each table says who is to move and for how long; when a person has had the turn ``idle_after`` seconds or
    more, the table is marked idle. ``language`` is that of every text (default: the kernel's locale)."""

    def __init__(self, server: str, *, teacher_key: str, language: str | None = None, every: float = EVERY,
                 idle_after: float | None = IDLE_AFTER, **kwargs: Any) -> None:
        language = default_language() if language is None else language
        check_language(language)
        super().__init__(**kwargs)
        self.add_class("mus-classroom")
        self.server = server
        self.language = language
        self._key = teacher_key
        self._every = every
        self.idle_after = idle_after
        """Seconds a person may have the turn before their table is marked idle (None: never marked)."""
        self._loop = running_loop()
        self._timer: asyncio.TimerHandle | None = None
        self._rows: dict[str, tuple[ipywidgets.HTML, ipywidgets.Button, ipywidgets.VBox]] = {}
        self._frees: dict[str, tuple[tuple[int, str], ...]] = {}
        """Per table, the seated students its row has a "free the seat" button for."""
        self._summaries: list[dict[str, Any]] = []
        self.following: FaceUpTable | None = None
        self._head = ipywidgets.HTML()
        self._list = ipywidgets.VBox()
        self._list.add_class("mus-classroom-list")
        self._below = ipywidgets.VBox()
        self._chat: list[dict[str, Any]] = []
        """The class's chat lines heard so far (the latest :data:`CLASS_CHAT`), each with its table."""
        self._chat_next = 0
        """The number of the next class chat line to ask the server for."""
        self._chat_html = ipywidgets.HTML()
        self._closed = False
        self.link = Link(server, self._listing, self._frame, self._loop)
        self._heard(self.link.first)
        self._show(self.link.first.get("tables", []))
        self.children = [self._head, self._list, self._below, self._chat_html]
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

    def _listing(self) -> dict[str, Any]:
        """The request for the tables, and the class's chat lines not heard yet."""
        return {"type": "list", "teacher_key": self._key, "chat_from": self._chat_next}

    def refresh(self) -> None:
        """Ask the server for the tables now (the list also asks by itself, once a second, in a kernel)."""
        try:
            self.link.send({**self._listing(), "id": self.link.next_id()})
        except ConnectionError:
            self._head.value = STYLE + f'<p class="mus-classroom-lost">{_text(self.language, "ui.room.lost")}</p>'

    def free_seat(self, table: str, seat: int) -> None:
        """Free ``seat`` at ``table`` (a squatter's, or a student's who left): its token stops working and the
        next student to join may sit there. The list shows it at its next update."""
        try:
            self.link.send({"type": "free_seat", "table": table, "seat": seat, "teacher_key": self._key,
                            "id": self.link.next_id()})
        except ConnectionError:
            self._head.value = STYLE + f'<p class="mus-classroom-lost">{_text(self.language, "ui.room.lost")}</p>'
            return
        self.refresh()

    def tell(self, table: str, text: str) -> None:
        """Write ``text`` to everyone at ``table``: a line of the table's chat from the teacher, set apart in
        the students' chat (plain text, 1 to 200 characters; :class:`ClassroomError` ``bad_chat`` else)."""
        text = plain_text(text, MAX_CHAT, "message", "bad_chat")
        try:
            self.link.send({"type": "tell", "table": table, "text": text, "teacher_key": self._key,
                            "id": self.link.next_id()})
        except ConnectionError:
            self._head.value = STYLE + f'<p class="mus-classroom-lost">{_text(self.language, "ui.room.lost")}</p>'

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

    def follow(self, table: str) -> FaceUpTable:
        """Follow ``table`` face up below the list (the table before it, if any, is let go); returns its view."""
        if self.following is not None:
            self.following.close()
        view = FaceUpTable(WatchRelay(self.server, table, teacher_key=self._key), language=self.language,
                           tips=False)
        self.following = view
        close = ipywidgets.Button(description=message("ui.classroom.stop", self.language))
        close.add_class("mus-classroom-stop")
        close.on_click(lambda _button: self.stop_following())
        self._below.children = [close, view]
        return view

    def stop_following(self) -> None:
        if self.following is not None:
            self.following.close()
            self.following = None
        self._below.children = []

    def close(self) -> None:
        """Stop the updates, close the connections and the view."""
        self._closed = True
        timer = getattr(self, "_timer", None)
        if timer is not None:
            timer.cancel()
        link = getattr(self, "link", None)  # None when __init__ could not reach the server
        if link is not None:
            link.close()
        if hasattr(self, "_below"):
            self.stop_following()
        for widgets in getattr(self, "_rows", {}).values():
            for widget in widgets:
                widget.close()
        super().close()

    # ------------------------------------------------------------------ updates

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
        value = chat_html(self._chat, self.language)
        if self._chat_html.value != value:
            self._chat_html.value = value

    def _show(self, summaries: list[dict[str, Any]], lost: bool = False) -> None:
        language = self.language
        self._summaries = list(summaries)
        head = _text(language, "ui.classroom.title", count=len(summaries), server=self.server)
        note = f'<p class="mus-classroom-lost">{_text(language, "ui.room.lost")}</p>' if lost else ""
        empty = "" if summaries else f'<p class="mus-classroom-muted">{_text(language, "ui.classroom.none")}</p>'
        self._head.value = f'{STYLE}<h3 class="mus-classroom-title">{head}</h3>{note}{empty}'
        rows = []
        for summary in summaries:
            name = str(summary.get("table"))
            if name not in self._rows:
                button = ipywidgets.Button(description=message("ui.classroom.follow", language))
                button.add_class("mus-classroom-follow")
                button.on_click(lambda _button, name=name: self.follow(name))
                summary_html = ipywidgets.HTML()
                row = ipywidgets.VBox([summary_html, button])
                row.add_class("mus-classroom-row")
                self._rows[name] = (summary_html, button, row)
            summary_html, button, row = self._rows[name]
            button.layout.display = "none" if summary.get("set_aside") is not None else None  # nothing to follow
            value = table_html(summary, language, self.idle_after)
            if summary_html.value != value:
                summary_html.value = value
            self._free_buttons(name, summary, button, row)
            rows.append(row)
        if list(self._list.children) != rows:
            self._list.children = rows

    def _free_buttons(self, name: str, summary: dict[str, Any], follow: ipywidgets.Button,
                      row: ipywidgets.VBox) -> None:
        """The row's "free the seat" buttons, one per seated student, remade only when they change."""
        seated = tuple((int(p["seat"]), str(p.get("name", ""))) for p in summary.get("players", [])
                       if p.get("kind") == "human")
        if self._frees.get(name) == seated:
            return
        self._frees[name] = seated
        for old in row.children[1:]:
            if old is not follow:
                for widget in getattr(old, "children", ()):
                    widget.close()
                old.close()
        buttons = []
        for seat, player in seated:
            button = ipywidgets.Button(description=message(
                "ui.classroom.free", self.language, name=player, seat=message(f"seat.{seat}", self.language)))
            button.add_class("mus-classroom-free")
            button.on_click(lambda _button, seat=seat: self.free_seat(name, seat))
            buttons.append(button)
        row.children = [row.children[0], follow, *([ipywidgets.HBox(buttons)] if buttons else [])]


__all__ = ["IDLE_AFTER", "Classroom", "chat_html", "clock", "idle", "table_html"]
