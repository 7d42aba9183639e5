"""The teacher's view of a classroom: ``mw.Classroom(server, teacher_key=...)`` lists every table of the server
(its seats, players human, bot or away, the scores and whose turn it is), updated live, and opens any table face
up above the list for the teacher to follow (:class:`~mus_widget.classroom.notebook.FaceUpTable`).

The list asks the server for the tables' summaries once a second over one connection (the kernel's loop
sends the request; the answers come back like every frame, through :class:`~mus_widget.classroom.live.Link`).
It is an anywidget (js/classroom.js: the rows, each an escaped HTML summary drawn here, and their buttons), so it
runs wherever the table does, marimo included; in a notebook it is displayed with the followed table above it.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import os
import pathlib
import threading
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, NoReturn

import ipywidgets

from ..bots import LEVELS
from ..i18n.catalogues import default_language, message
from ..table.base import BaseWidget, Synced, synced_dict
from ..table.contract import (
    ClassChat,
    ClassroomReview,
    ClassroomState,
)
from ..table.options import check_language
from ..table.refusal import short
from ..teaching.class_review import ClassSummary, review_summary, reviewers
from ..teaching.pictures import Picture
from ..teaching.review import SAMPLES, Review, Reviewer, review
from . import client
from .handout import Handout, handout
from .joining import room_error
from .live import Frame, Link, running_loop
from .marking import LiveGrading
from .notebook import FaceUpTable, WatchRelay
from .opened import RESULTS_SEAT, Opened
from .protocol import (
    MAX_CHAT,
    MIN_CODE_CHARS,
    ClassroomError,
    join_code,
    new_join_code,
    plain_text,
    player_name,
    table_name,
)
from .results import ClassResults, class_results, quiz_counts
from .roomview import (
    PICTURE_STYLE,
    _text,
    chat_html,
    chat_key,
    clock,
    idle,
    room_state,
    seat_of,
    table_html,
    trouble,
)
from .roster import Roster, change_roster, read_roster, roster_of

STATIC: Final = pathlib.Path(__file__).resolve().parents[1] / "table" / "static"
CLASS_CHAT: Final = 200
"""The class's chat lines the list keeps (the latest)."""
EVERY: Final = 1.0
"""Seconds between two updates of the list."""
IDLE_AFTER: Final = 40.0
"""Seconds a person may have the turn before the list marks their table idle, by default."""


class Classroom(BaseWidget):
    """Every table of the classroom server ``server``, live, for the teacher (``teacher_key`` is the server's
    ``--teacher-key``; none on a JupyterHub, for a user of ``--hub-teachers-group``): who is to move and for
    how long (marked idle once a person has had the turn ``idle_after`` seconds or more), a box per table to
    write to everyone there (:meth:`tell`), a button per seated student to free their seat (:meth:`free_seat`)
    or to review their decisions (:meth:`review`), and the class's chat (:attr:`class_chat`). "Follow face up"
    (or :meth:`follow`) shows a table above the list with every hand of the match face up, read-only, as it is
    played. ``language`` is that of every text (default: the kernel's locale). ``roster`` is the class list (a
    CSV file's path, or a :class:`.roster.Roster`): its names are the students the room expects, and
    :meth:`results` has a row for each.

    An anywidget, so it runs wherever the table does (marimo included: ``mo.ui.anywidget(room)``); where the
    notebook displays it (JupyterLab, Notebook 7, VS Code, Colab), the followed table shows above the list."""

    _esm = (STATIC / "classroom.js").read_text(encoding="utf-8")
    _css = (STATIC / "classroom.css").read_text(encoding="utf-8")

    state: Synced[ClassroomState] = synced_dict()
    """The list: its title, each table's summary and buttons, the table followed, the texts of the controls."""
    chat: Synced[ClassChat] = synced_dict()
    """The class's chat, drawn (trusted markup: every text escaped by :func:`chat_html`)."""
    review_view: Synced[ClassroomReview | dict[str, NoReturn]] = synced_dict()
    """The review of a student opened in the room (empty: none), drawn once complete."""

    def __init__(self, server: str, *, teacher_key: str | None = None, language: str | None = None,
                 every: float = EVERY, idle_after: float | None = IDLE_AFTER, expected: Sequence[str] = (),
                 roster: str | os.PathLike[str] | Roster | None = None) -> None:
        language = default_language() if language is None else language
        check_language(language)
        listed = roster if roster is None or isinstance(roster, Roster) else read_roster(roster)  # before connecting
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
        self._archived: list[dict[str, Any]] = []
        self.expected = [player_name(name) for name in expected]
        """The students the teacher expects (``expected=``, and the roster's): the list says who of them has not
        joined yet."""
        self._roster: Roster | None = None
        if listed is not None:
            self.roster = listed
        self._refused = ""
        self._lost = False
        self._chat: list[dict[str, Any]] = []
        """The class's chat lines heard so far (the latest :data:`CLASS_CHAT`), each with its table."""
        self._chat_next = 0
        """The number of the next class chat line to ask the server for."""
        self._chat_id: object = None
        """How the server process answering numbers its lines (``chat_id``)."""
        self.following: FaceUpTable | None = None
        self.below = ipywidgets.VBox()
        """Where the followed table shows, above the list (the notebook displays the two together; the attribute
        keeps its old name)."""
        self.below.add_class("mus-classroom-below")
        self._shown_below = False
        """Whether the room was displayed with :attr:`below` (a notebook), so its Follow buttons can show."""
        self.displayed: ipywidgets.VBox | None = None
        """What a notebook displays: :attr:`below` (the followed table) above the list (made when first displayed)."""
        self._reviewing: Opened | None = None
        """The review or the results open above the list, if any."""
        self._gradings: list[LiveGrading] = []
        """The gradings started from this room (:meth:`grade_as_they_play`): its :meth:`close` stops them."""
        self._closed = False
        self._asked: dict[int, dict[str, Any]] = {}
        """The requests sent over the link and not answered yet, by id (one answered ``elsewhere`` is made again
        where its table is served)."""
        try:
            self.link = Link(server, self._listing, self._frame, self._loop)
        except ClassroomError as error:  # no key, or not of the hub's teachers: one line, in the room's language
            raise room_error(error, language) from None
        self._heard(self.link.first)
        self._archived = list(self.link.first.get("archived", []))
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

    def tell_all(self, text: str) -> None:
        """Write ``text`` to everyone at every table at once (a teacher's line at each)."""
        text = plain_text(text, MAX_CHAT, "message", "bad_chat")
        self._to_server({"type": "tell_all", "text": text, "teacher_key": self._key})

    def rematch(self, table: str) -> None:
        """A new match at ``table``, whose match is over: the same players, bots and join code; the finished
        match is archived (``3B #1``), its record kept and reviewable."""
        self._to_server({"type": "rematch", "table": table, "teacher_key": self._key})
        self.refresh()

    def archive(self, table: str) -> None:
        """Take ``table`` out of the live list; its record is kept under ``<table> #n`` (:attr:`archived`)."""
        self._to_server({"type": "archive", "table": table, "teacher_key": self._key})
        self.refresh()

    def seat_bot(self, table: str, seat: int, level: str = "novice") -> None:
        """A bot of ``level`` takes ``seat`` of ``table``, a seat nobody sits at (the table stops waiting)."""
        self._to_server({"type": "seat_bot", "table": table, "seat": seat, "level": level, "teacher_key": self._key})
        self.refresh()

    def create(self, table: str, *, bots: Mapping[int, str] | None = None, code: str | bool | None = None,
               kept_for: Sequence[str] = ()) -> str | None:
        """Create ``table`` (the rules by default): ``bots`` maps seats to levels, ``code`` is its join code
        (``True``: a fresh one, :func:`.protocol.new_join_code`; a chosen one needs ``MIN_CODE_CHARS`` letters or
        digits), ``kept_for`` the only names that may sit down (a lock). Returns the code, which the server keeps
        only as a hash (for :meth:`handout`). Refusals show in the list."""
        chosen = new_join_code() if code is True else join_code(code) if isinstance(code, str) else None
        frame: dict[str, Any] = {"type": "create", "table": table_name(table), "teacher_key": self._key,
                                 "bots": {str(seat): level for seat, level in (bots or {}).items()}, "code": chosen}
        self._to_server(frame)
        if kept_for:
            self._to_server({"type": "lock", "table": table, "names": [player_name(n) for n in kept_for],
                             "teacher_key": self._key})
        self.refresh()
        return chosen

    @property
    def archived(self) -> list[dict[str, Any]]:
        """The archived tables' summaries as they were archived (``table`` is the name to :meth:`record` or
        :meth:`review` them by, ``3B #1``)."""
        return list(self._archived)

    def record(self, table: str) -> dict[str, Any]:
        """The record of ``table`` with its players' names, every move's time and who played it (the player,
        a stand-in or a bot) and its chat (docs/classroom.md, "The record of a table")."""
        return client.record(self.server, table, teacher_key=self._key)

    def handout(self, codes: Mapping[str, str] | None = None) -> Handout:
        """The printable join-code handout of the tables listed: a card per table with its name, its join code
        (``codes``, by table: the server keeps only their hashes), who it is kept for and the cell a student runs,
        in the room's language (:func:`.handout.handout`)."""
        return handout(self._summaries, server=self.server, codes=codes, language=self.language)

    def grade_as_they_play(self, *, every: float = 10.0, samples: int = SAMPLES) -> LiveGrading:
        """Grade the students' decisions as they are made, on a thread of the kernel's at a lower priority
        (every ``every`` seconds, each table's new decisions), so that :meth:`review_summary` after the lesson
        reuses the grades and weighs nothing again; ``.stop()`` the :class:`.marking.LiveGrading` returned (the
        room's :meth:`close` stops it too)."""
        grading = LiveGrading(self.server, self._key, every=every, samples=samples)
        self._gradings.append(grading)
        return grading

    def review(self, table: str, player: int | str, *, samples: int = SAMPLES, seed: int = 0) -> Review:
        """The review of one student's decisions at ``table`` (``player``: the seat, or the player's name):
        ``mw.review`` of the table's record, under its players' names, in the room's language."""
        record = self.record(table)
        seat = player if isinstance(player, int) else seat_of(record, player)
        return review(record, seat, samples=samples, seed=seed, language=self.language)

    def review_summary(self, tables: Sequence[str] | None = None, *, samples: int = SAMPLES,
                       seed: int = 0) -> ClassSummary:
        """Every student's decisions at ``tables`` (by default every table of the list) summed up per player:
        ``mw.review_summary`` of their records, which reviews the seats that have a player (not the bots)."""
        names = [str(t["table"]) for t in self._summaries if t.get("set_aside") is None] if tables is None else tables
        return review_summary([self.record(name) for name in names], samples=samples, seed=seed,
                              language=self.language)

    @property
    def roster(self) -> Roster | None:
        """The class list (``roster=``), or None: its names are in :attr:`expected`, its groups in the results."""
        return self._roster

    @roster.setter
    def roster(self, roster: str | os.PathLike[str] | Roster | None) -> None:
        self._roster, self.expected = change_roster(self._roster, roster, self.expected)

    def results(self, tables: Sequence[str] | None = None, *, samples: int = SAMPLES, seed: int = 0) -> ClassResults:
        """Each student's results at ``tables`` (by default every table of the list and every archived match) and
        the quizzes the server recorded: a row per student of the roster (or of :attr:`expected`), then any who
        played or answered quizzes without being on it, from :meth:`review_summary` (every grade reused)."""
        names = self._result_tables() if tables is None else list(tables)
        return self._results_of(self.review_summary(names, samples=samples, seed=seed))

    def _result_tables(self) -> list[str]:
        """The tables the results are of: every table of the list (those set aside excepted), then the archived."""
        return ([str(t["table"]) for t in self._summaries if t.get("set_aside") is None]
                + [str(a["table"]) for a in self._archived])

    def _results_of(self, summary: ClassSummary) -> ClassResults:
        roster = self._roster.with_names(self.expected) if self._roster is not None else roster_of(self.expected)
        quizzes = quiz_counts(client.quizzes(self.server, teacher_key=self._key))
        return class_results(summary, roster, language=self.language, quizzes=quizzes)

    def open_results(self, *, samples: int = SAMPLES) -> None:
        """Open the class's results in the room, above the list (its button): graded as :meth:`open_review` grades
        a review (every grade made before reused), then drawn as :meth:`results` returns them."""
        records = [self.record(name) for name in self._result_tables()]
        self._open(Opened("", RESULTS_SEAT, tuple(reviewers(records, samples=samples, language=self.language))))

    def open_review(self, table: str, seat: int, *, samples: int = SAMPLES) -> None:
        """Open the review of the student at ``seat`` of ``table`` in the room, above the list: graded one
        decision at a time on the kernel's loop (the progress shows meanwhile; at once without a loop), then
        drawn as :meth:`review` returns it."""
        reviewer = Reviewer(self.record(table), seat, samples=samples, language=self.language)
        self._open(Opened(table, seat, ((0, reviewer),)))

    def _open(self, opened: Opened) -> None:
        self._reviewing = opened
        self._show_review()
        if self._loop is None:
            while opened.grade_next():
                pass
            self._show_review()
        else:
            self._loop.call_soon(self._grade_next, opened)

    def close_review(self) -> None:
        """Close the review opened in the room."""
        self._reviewing = None
        self.review_view = {}

    @property
    def opened_review(self) -> Review | None:
        """The review opened in the room, once every decision is graded (None before, or when none is open)."""
        opened = self._reviewing
        if opened is None or opened.results or not opened.complete:
            return None
        return opened.reviews()[0][1]

    def follow(self, table: str) -> FaceUpTable:
        """Follow ``table`` face up above the list (the table before it, if any, is let go); returns its view,
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
        """Stop the updates and the grading, close the connections and the views."""
        self._closed = True
        self._reviewing = None
        for grading in getattr(self, "_gradings", ()):  # none when __init__ could not reach the server
            grading.stop()
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
        """In a notebook: the list with the followed table above it (:attr:`below`), so Follow buttons show."""
        self._shown_below = True
        self._show(self._summaries, lost=self._lost)
        if self.displayed is None:
            self.displayed = ipywidgets.VBox([self.below, self])  # the followed table above the list, in sight
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
        if kind == "results":
            self.open_results()
            return
        if kind == "tell_all" and isinstance(content.get("text"), str):
            try:
                self.tell_all(content["text"])
            except ClassroomError as error:  # a line no one may be shown (a bidi character): said, not dropped
                self._refuse(error.kind)
            return
        if kind == "create":
            self._create_from(content)
            return
        table = content.get("table")
        seat = content.get("seat")
        if kind == "review" and table in {str(a.get("table")) for a in self._archived}:
            if isinstance(seat, int) and not isinstance(seat, bool) and seat in range(4):
                self.open_review(str(table), seat)
            return
        if table not in {str(t.get("table")) for t in self._summaries if t.get("set_aside") is None}:
            return
        seated = seat if isinstance(seat, int) and not isinstance(seat, bool) and any(
            student["seat"] == seat for row in self.state["tables"] if row["table"] == table
            for student in row["students"]) else None
        if kind == "follow":
            self.follow(str(table))
        elif kind == "free_seat" and seated is not None:
            self.free_seat(str(table), seated)
        elif kind == "review" and seated is not None:
            self.open_review(str(table), seated)
        elif kind == "rematch":
            self.rematch(str(table))
        elif kind == "archive":
            self.archive(str(table))
        elif kind == "seat_bot" and isinstance(seat, int) and not isinstance(seat, bool) and seat in range(4):
            level = content.get("level")
            self.seat_bot(str(table), seat, level if isinstance(level, str) and level in LEVELS else "novice")
        elif kind == "tell" and isinstance(content.get("text"), str):
            try:  # the box keeps to the length; a bidi or invisible character is refused here, and said
                self.tell(str(table), content["text"])
            except ClassroomError as error:
                self._refuse(error.kind)

    def _create_from(self, content: dict[str, Any]) -> None:
        """The create form's intent: a name, the bots' levels by seat ("" for a student), a code, names."""
        name, code, kept = content.get("name"), content.get("code"), content.get("kept")
        bots = content.get("bots")
        if not isinstance(name, str) or not isinstance(bots, list) or len(bots) != 4:
            return
        levels = {seat: level for seat, level in enumerate(bots) if isinstance(level, str) and level in LEVELS}
        names = [n.strip() for n in kept.split(",") if n.strip()] if isinstance(kept, str) else []
        try:
            self.create(name, bots=levels, code=code.strip() or None if isinstance(code, str) else None,
                        kept_for=names)
        except ClassroomError as error:
            if error.kind == "bad_code":  # the rule in words, and a code that keeps it
                self._refused = message("ui.classroom.weak_code", self.language, n=MIN_CODE_CHARS,
                                        example=new_join_code())
                self._show(self._summaries, lost=self._lost)
            else:
                self._refuse(error.kind)

    def _refuse(self, kind: str) -> None:
        self._refused = message("ui.error.room.refused", self.language, kind=short(kind))
        self._show(self._summaries, lost=self._lost)

    # ------------------------------------------------------------------ updates

    def _listing(self) -> dict[str, Any]:
        """The request for the tables, and the class's chat lines not heard yet."""
        return {"type": "list", "teacher_key": self._key, "chat_from": self._chat_next}

    def _to_server(self, frame: dict[str, Any]) -> None:
        request_id = self.link.next_id()
        if frame["type"] != "list":
            self._asked[request_id] = frame
        try:
            self.link.send({**frame, "id": request_id})
        except ConnectionError:
            self._asked.pop(request_id, None)
            self._show(self._summaries, lost=True)

    def _elsewhere(self, frame: dict[str, Any], address: str) -> None:
        """Make the request ``frame`` at ``address``, where another server process of the class serves its table
        (or, for ``tell_all``, its own tables), on a thread of its own; the list shows the outcome."""

        def run() -> None:
            try:
                client.request(address, frame)
            except (ClassroomError, OSError) as error:
                kind = error.kind if isinstance(error, ClassroomError) else "unreachable"
                self._later(lambda: self._refuse(kind))
            else:
                self._later(self.refresh)

        threading.Thread(target=run, name=f"mus-classroom {frame['type']} at {address}", daemon=True).start()

    def _later(self, callback: Callable[[], None]) -> None:
        """Run ``callback`` on the kernel's loop (at once without one), unless the room is closed by then."""
        def guarded() -> None:
            if not self._closed:
                callback()

        if self._loop is None:
            guarded()
        else:
            with contextlib.suppress(RuntimeError):  # the kernel's loop is closed: the kernel is going
                self._loop.call_soon_threadsafe(guarded)

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
        request_id = frame.get("id")
        asked = self._asked.pop(request_id, None) if isinstance(request_id, int) else None
        if asked is not None and frame.get("kind") == "elsewhere":  # its table is served by another process
            self._elsewhere(asked, str(frame.get("address") or self.server))
            return
        if asked is not None and asked["type"] == "tell_all" and isinstance(frame.get("elsewhere"), list):
            for address in frame["elsewhere"]:  # the tables the other processes of the class serve
                self._elsewhere(asked, str(address))
        if frame.get("type") == "tables":
            self._heard(frame)
            self._archived = list(frame.get("archived", self._archived))
            self._show(frame.get("tables", []))
        elif frame.get("type") == "error" and not frame.get("greeting"):
            self._refuse(str(frame.get("kind", "")))
        elif frame.get("type") == "link":
            self._show(self._summaries, lost=not frame.get("open"))

    def _heard(self, frame: Frame) -> None:
        """Keep the class's chat lines a ``tables`` answer brings. Each server process numbers the lines it
        has (``chat_id`` names that numbering): from another one (a restart, or another process of the class
        after this one's died), the lines are asked for again from the first, and each is kept once."""
        total = frame.get("chat_total")
        if not isinstance(total, int):
            return
        if frame.get("chat_id") != self._chat_id:
            self._chat_id = frame.get("chat_id")
            if self._chat_next:
                self._chat_next = 0
                self.refresh()
                return
        known = {chat_key(line) for line in self._chat}
        self._chat = [*self._chat, *(line for line in frame.get("chat", []) if chat_key(line) not in known)]
        self._chat = self._chat[-CLASS_CHAT:]
        self._chat_next = total
        self.chat = {"html": chat_html(self._chat, self.language), "lines": len(self._chat)}

    def _show(self, summaries: list[dict[str, Any]], lost: bool = False) -> None:
        self._summaries = list(summaries)
        self._lost = lost
        others = sorted({str(summary["served_at"]) for summary in summaries
                         if summary.get("served_at") and not summary.get("lease_ended")})
        self.link.fallbacks = others  # the room, and the table followed, find the class there if theirs dies
        if self.following is not None:
            self.following._relay.link.fallbacks = others
        self.state = room_state(
            summaries, self._archived, language=self.language, server=self.server, idle_after=self.idle_after,
            lost=lost, refused=self._refused, expected=self.expected, shown_below=self._shown_below,
            following=None if self.following is None else self.following._relay.table)

    # ------------------------------------------------------------------ a review in the room

    def _grade_next(self, opened: Opened) -> None:
        """Grade one more decision of the review or results open (if they still are), then let the loop breathe."""
        if opened is not self._reviewing or self._closed:
            return
        more = opened.grade_next()
        self._show_review()
        if more and self._loop is not None:
            self._loop.call_soon(self._grade_next, opened)

    def _show_review(self) -> None:
        if self._reviewing is not None:
            self.review_view = self._reviewing.view(self.language, self._results_of)


__all__ = ["IDLE_AFTER", "Classroom", "chat_html", "clock", "idle", "table_html", "trouble"]
