"""The quiz of the tutorials: an exercise's hands, its question, a button per answer, the verdict and why.

``Quiz("grande")`` in a notebook draws a new deal each time it runs (``Quiz("grande", seed=3)`` always the same
one; the repr names the seed); "Another deal" moves to the next seed. ``answer(key)`` is what a
click does, so lessons and tests can drive a quiz from Python.

For a handout's answer key, ``Quiz("grande", seed=3, answer_key=True)`` displays a picture with the right answer
marked and the reason, where the page shows pictures (an export, a book, a notebook reopened without its kernel;
the live quiz still asks); ``quiz.picture(answer_key=True)`` is that picture for any quiz.

In a classroom, each answer is also reported to the classroom server, which checks it and records the student's
first answer to each question for the teacher's results (docs/classroom.md, "Quizzes"): ``Quiz("grande",
server="ws://…")`` names the server; without it, a quiz reports to the server of a served table open in the
kernel, or to the JupyterHub's classroom, and otherwise to nobody. The line under the verdict says what the
server made of it (:class:`~.recording.QuizReport`).

The quiz is an anywidget like the table (so it works wherever the table does, marimo included); displayed, it
shows a static picture of the question (:meth:`Quiz.picture`) before its view, which an export, a static viewer
or a notebook reopened without its kernel shows instead (see :mod:`mus_widget.table.base`). The browser learns
which answer is right only once the student has answered.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import logging
import pathlib
import secrets
from concurrent.futures import Future
from typing import Final

from ..engine.rules import Rules
from ..i18n.catalogues import default_language, message
from ..teaching.exercises import Exercise, Verdict, exercise
from ..teaching.pictures import Picture
from .base import BaseWidget, Synced, synced_dict
from .contract import QuizState
from .recording import QuizReport, record

STATIC: Final = pathlib.Path(__file__).parent / "static"
log = logging.getLogger(__name__)


class Quiz(BaseWidget):
    """An exercise with feedback: right or wrong, and why, in the student's language; in a classroom, each answer
    reported to the classroom server for the teacher's results (:attr:`server`, :attr:`report`)."""

    # Inline text, read once: anywidget keeps a widget whose _esm is a file path alive through its file watcher.
    _esm = (STATIC / "quiz.js").read_text(encoding="utf-8")
    _css = (STATIC / "quiz.css").read_text(encoding="utf-8")

    state: Synced[QuizState] = synced_dict()
    """What the browser shows: the picture, the question, the answers, and once answered the verdict."""

    def __init__(self, kind: str | Exercise, seed: int | None = None, *, language: str | None = None,
                 rules: Rules | None = None, answer_key: bool = False, server: str | None = None) -> None:
        super().__init__()
        self.language = default_language() if language is None else language
        self.answer_key = answer_key
        """Whether the picture displayed before the view is the answer key (see :meth:`picture`)."""
        self.server = server
        """The classroom server that records the answers (``ws://…``); None: the server of the latest served
        table open in this kernel, or the JupyterHub's classroom, if there is one."""
        self.report: Future[QuizReport] | None = None
        """The report of the latest answer to the classroom server, on its way or done (None: none was sent)."""
        self.reported: QuizReport | None = None
        """What the server made of the latest answer to this question, once it said (the line under the verdict)."""
        if isinstance(kind, Exercise):
            self.exercise = kind
        else:
            self.exercise = exercise(kind, secrets.randbelow(1_000_000) if seed is None else seed, rules)
        self.verdict: Verdict | None = None
        self._chosen: str | None = None
        self._show()
        self._first_view_made()

    def __repr__(self) -> str:
        key = ", answer_key=True" if self.answer_key else ""
        server = "" if self.server is None else f", server={self.server!r}"
        return f"Quiz({self.exercise.kind!r}, seed={self.exercise.seed}, language={self.language!r}{key}{server})"

    def answer(self, key: str) -> Verdict:
        """Give the answer ``key``: the buttons show which was right, the verdict says why, and the answer is
        reported to the classroom server if there is one (:attr:`report`)."""
        self.verdict = self.exercise.check(key, self.language)
        self._chosen = key
        self.reported = None
        self._show()
        self._record(key)
        return self.verdict

    def another(self) -> None:
        """The same question on the next deal."""
        self.exercise = self.exercise.next()
        self.verdict = None
        self._chosen = None
        self.reported = None
        self._show()

    def _record(self, key: str) -> None:
        """Report the answer ``key`` to the classroom server, if there is one to tell; what it made of the answer
        shows once it said, on the kernel's loop (at once, on the reporting thread, in a script)."""
        report = self.report = record(self.server, self.exercise, key)
        if report is None:
            return
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        asked = self.exercise

        def back(done: Future[QuizReport]) -> None:
            failed = done.exception()
            if failed is not None:  # a bug of the reporter's (its failures are reports): the log says, the quiz goes on
                log.error("a quiz's answer could not be reported: %s: %s", type(failed).__name__, failed)
                return
            if loop is None:
                self._reported(done, asked)
                return
            with contextlib.suppress(RuntimeError):  # the kernel's loop is closed: the kernel is going
                loop.call_soon_threadsafe(self._reported, done, asked)

        report.add_done_callback(back)

    def _reported(self, done: Future[QuizReport], asked: Exercise) -> None:
        """Show what the server made of the answer ``done`` reported, if it is still the latest to this question."""
        if done is self.report and asked is self.exercise:
            self.reported = done.result()
            self._show()

    def picture(self, *, answer_key: bool | None = None) -> Picture:
        """The quiz as a static picture: the hands, the question, the answers and, once answered, the verdict,
        with a line saying it is a snapshot (what exports and static viewers show). With ``answer_key`` (the
        quiz's own :attr:`answer_key` by default) it is a handout's key instead: the hands with what they hold,
        the right answer ticked, and why."""
        ex, lang, verdict = self.exercise, self.language, self.verdict
        key = self.answer_key if answer_key is None else answer_key
        labels = ex.labels(lang)
        marked = key or verdict is not None
        items = "".join(
            f'<li data-right style="font-weight:700">{"✓ " if key else ""}{html.escape(label)}</li>'
            if marked and choice == ex.answer else f"<li>{html.escape(label)}</li>" for choice, label in labels)
        text = f"{ex.text(lang)} ({', '.join(label for _, label in labels)})"
        if key:
            answer = message("exercise.key", lang, answer=dict(labels)[ex.answer])
            said = f'<p class="mus-quiz-key"><b>{html.escape(answer)}</b> {html.escape(ex.explanation(lang))}</p>'
            text += f" {answer}"
        else:
            said = "" if verdict is None else (
                f'<p style="color:{"#1b7f3b" if verdict.right else "#b3261e"}"><b>{html.escape(verdict.text)}</b> '
                f"{html.escape(verdict.why)}</p>")
            said += f'<p style="font-style:italic;opacity:0.8">{html.escape(message("exercise.snapshot", lang))}</p>'
        body = (f'<div class="mus-quiz-snapshot">{ex.picture(lang, captions=marked).html}'
                f"<p><b>{html.escape(ex.text(lang))}</b></p><ol>{items}</ol>{said}</div>")
        return Picture(body, text)

    def _show(self) -> None:
        ex, lang, verdict = self.exercise, self.language, self.verdict
        self.state = {
            "language": lang,
            "kind": ex.kind,
            "seed": ex.seed,
            "picture": ex.picture(lang, captions=verdict is not None).html,
            "question": ex.text(lang),
            "answers": [[key, label] for key, label in ex.labels(lang)],
            "chosen": self._chosen,
            "right": None if verdict is None else ex.answer,
            "verdict": None if verdict is None else {"right": verdict.right, "text": verdict.text, "why": verdict.why},
            "record": None if self.reported is None else {"recorded": self.reported.recorded,
                                                          "text": self.reported.text(lang)},
            "another": message("exercise.another", lang),
            "lost": message("exercise.kernel.lost", lang),
            "snapshot": message("exercise.snapshot", lang),
        }

    def receive(self, content: object) -> None:
        """A click in the browser: an answer among the exercise's, or "Another deal"."""
        if not isinstance(content, dict):
            return
        kind = content.get("type")
        if kind == "another":
            self.another()
        elif kind == "answer" and content.get("key") in dict(self.exercise.labels(self.language)):
            self.answer(str(content["key"]))


__all__ = ["Quiz"]
