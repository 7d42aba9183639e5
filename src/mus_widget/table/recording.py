"""Where a quiz's answer is recorded for the teacher: the classroom layer reports it to the classroom server
(:mod:`mus_widget.classroom.quizclient`), and the table layer may not import the classroom, so the package's
``__init__`` (above every layer) registers here the function that reports one, as it registers the maker of
served tables in :mod:`.served`. Without one registered, a quiz is the kernel's alone.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass
from typing import Literal, Protocol

from ..i18n.catalogues import message
from ..teaching.exercises import Exercise

Status = Literal["recorded", "again", "unknown", "refused", "unreachable"]
"""What became of an answer reported: ``recorded`` (the student's first answer to the question, counted),
``again`` (she had answered it before: her first answer counts, not this one), ``unknown`` (the quiz was given a
server, but the kernel has no identity there to report under), ``refused`` (the server refused it) or
``unreachable`` (the server could not be asked)."""


@dataclass(frozen=True, slots=True)
class QuizReport:
    """What the classroom server at ``server`` made of a quiz's answer (:data:`Status`): the student it recorded
    it under (``name``), whether her first answer to the question was ``right`` (as the server checked it), and
    why it was not recorded (``reason``: the refusal's kind, or the failure)."""

    server: str
    status: Status
    name: str | None = None
    right: bool | None = None
    reason: str | None = None

    @property
    def recorded(self) -> bool:
        """Whether the server holds an answer of hers to the question (this one, or her first)."""
        return self.status in ("recorded", "again")

    def text(self, language: str = "en") -> str:
        """The line the quiz shows under its verdict, in ``language``."""
        return message(f"exercise.record.{self.status}", language, server=self.server, name=self.name or "",
                       reason=self.reason or "")


class QuizRecorder(Protocol):
    """Reports ``answer`` to ``exercise`` to the classroom server (``server``, or the one the kernel is at); the
    report on its way, or None when there is nowhere to report it."""

    def __call__(self, server: str | None, exercise: Exercise, answer: str) -> Future[QuizReport] | None: ...


_RECORDER: list[QuizRecorder] = []
"""The registered recorder, once :func:`register` ran (the package's ``__init__`` runs it on import)."""


def register(recorder: QuizRecorder) -> None:
    """Report quizzes' answers with ``recorder`` from now on."""
    _RECORDER[:] = [recorder]


def record(server: str | None, exercise: Exercise, answer: str) -> Future[QuizReport] | None:
    """The report of ``answer`` to ``exercise``, from the registered recorder (None: nowhere to report it)."""
    return _RECORDER[0](server, exercise, answer) if _RECORDER else None


__all__ = ["QuizRecorder", "QuizReport", "Status", "record", "register"]
