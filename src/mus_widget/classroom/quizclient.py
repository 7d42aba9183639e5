"""A quiz's answer reported from the student's kernel to the classroom server (what the package's ``__init__``
registers for :mod:`mus_widget.table.recording`), under the identity she already has there, never a name typed:

- on a JupyterHub whose classroom the administrator listed (``MUS_WIDGET_HUB_CLASSROOM``, :mod:`.hubtoken`), the
  kernel's hub token in the handshake: she is her hub user;
- elsewhere, the token of a seat of hers: of the latest served table open in this kernel at that server, or (for
  a quiz given ``server=``) of the latest seat the seat file keeps there; the server records the answer under that
  seat's name.

Which server: the quiz's ``server=`` if given; else the server of the latest served table open in this kernel;
else the hub's classroom (the first address listed). With none of them, nothing is reported and the quiz is the
kernel's alone; given a ``server=`` where the kernel has no identity, the report says so (``unknown``). The
reports go out on one thread of their own, in the order the answers were given, so a click never waits for the
network.
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, cast

from websockets.exceptions import WebSocketException

from ..table.recording import QuizReport
from ..teaching.exercises import Exercise
from . import client
from .hubtoken import HUB_CLASSROOM, hub_token
from .live import SeatFile
from .protocol import ClassroomError

if TYPE_CHECKING:
    from .notebook import SeatRelay, ServedTable

TIMEOUT: Final = 10.0
"""Seconds a report waits for the server's answer."""
_SENDER: list[ThreadPoolExecutor] = []
"""The one thread that sends reports, made at the first."""


@dataclass(frozen=True, slots=True)
class Student:
    """The student as the classroom server at ``url`` knows her: by the seat ``token`` the report carries, or
    (None) by the kernel's hub token in the handshake."""

    url: str
    token: str | None


def _plain(url: str) -> str:
    return url.strip().rstrip("/")


def _seats() -> list[SeatRelay]:
    """The seats of the served tables open in this kernel, oldest first (none if no served table was ever made
    here: the module that makes them is not even loaded)."""
    notebook = sys.modules.get("mus_widget.classroom.notebook")
    if notebook is None:
        return []
    opened = cast("dict[str, ServedTable]", notebook.OPEN)
    return [table._relay for table in opened.values() if not table._relay.freed]


def identity(server: str | None) -> Student | None:
    """The server to report to and who the kernel is there (see the module's docstring), or None."""
    wanted = None if server is None else _plain(server)
    for seat in reversed(_seats()):
        if (wanted is None or _plain(seat.url) == wanted) and (seat.token or hub_token(seat.url)):
            return Student(seat.url, seat.token)
    if server is None:
        listed = os.environ.get(HUB_CLASSROOM, "").split()
        return Student(listed[0], None) if listed and hub_token(listed[0]) else None
    if hub_token(server) is not None:
        return Student(server, None)
    kept = SeatFile().tokens(server)
    return Student(server, kept[-1]) if kept else None


def send(where: Student, exercise: Exercise, answer: str) -> QuizReport:
    """Report ``answer`` to ``exercise`` at ``where`` and wait for the server's word."""
    try:
        reply = client.quiz(where.url, exercise.kind, exercise.seed, answer, rules=exercise.rules, token=where.token,
                            timeout=TIMEOUT)
    except ClassroomError as error:
        return QuizReport(where.url, "refused", reason=error.kind)
    except (OSError, WebSocketException) as error:  # refused, timed out, closed: the server is not there
        return QuizReport(where.url, "unreachable", reason=str(error) or type(error).__name__)
    return QuizReport(where.url, "recorded" if reply["counted"] else "again", str(reply["name"]), bool(reply["right"]))


def record(server: str | None, exercise: Exercise, answer: str) -> Future[QuizReport] | None:
    """Report ``answer`` to ``exercise`` to the classroom server, if there is one to tell: the report on its way,
    done at once when ``server`` was given but the kernel has no identity there; None when there is nowhere to
    report it."""
    where = identity(server)
    if where is None:
        if server is None:
            return None
        unknown: Future[QuizReport] = Future()
        unknown.set_result(QuizReport(server, "unknown"))
        return unknown
    if not _SENDER:
        _SENDER.append(ThreadPoolExecutor(max_workers=1, thread_name_prefix="mus-quiz-report"))
    return _SENDER[0].submit(send, where, exercise, answer)


__all__ = ["TIMEOUT", "Student", "identity", "record", "send"]
