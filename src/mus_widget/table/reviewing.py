"""The review of the student's decisions at a table, graded while the game goes on and never on a click's path.

In a kernel the grading runs in a worker thread of its own (one per kernel, shared by its tables), so a click
never waits for a grade to finish; the two share the interpreter, so the worker starts each grade only once the
tables have had no click for :data:`QUIET` seconds (a student thinking), and each result comes back through the
kernel's asyncio loop. Where there are no threads (Pyodide, in the offline site) it grades one decision at a time in the
idle time between moves. Outside a running loop (a script, a test) it grades when asked.
"""

from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import logging
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable
from typing import Any, Final

from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.record import Record
from ..teaching.grading import Graded, HandPoint
from ..teaching.review import SAMPLES, Review, Reviewer

log = logging.getLogger(__name__)

PUBLISH_EVERY: Final = 1.0
"""Seconds between two syncs of a review still being graded (its last grade is synced at once)."""
WORKER_NICENESS: Final = 10
"""How much lower the worker thread's priority is than the kernel's (Linux ``nice``, per thread)."""
QUIET: Final = 0.25
"""Seconds without a click before the worker thread starts its next grade: a grade (some tens of milliseconds)
then seldom shares the interpreter with a click."""
IDLE_GAP: Final = 0.2
"""Where grading shares the kernel's thread (Pyodide): the pause left for clicks between two decisions graded."""
IN_PAGE_SAMPLES: Final = 120
"""Where grading shares the kernel's thread (Pyodide): the worlds a call is weighed over, as many as the expert
decides on (half the review's own, so a click waits at most half as long for a grade to finish; the noise is
larger and the grades more often good: docs/review.md)."""

_IN_PAGE: Final = sys.platform == "emscripten"
"""Pyodide (the offline site): no processes, the kernel's one thread grades in its idle time."""
_WORKER_REVIEWERS: dict[str, Reviewer] = {}
"""In the worker thread: the reviewer of each table, by the table's key."""


def _grade_next(key: str, record: dict[str, Any], seat: int, samples: int, seed: int
                ) -> tuple[Graded | None, tuple[HandPoint, ...], int]:
    """In the worker thread: grade the next pending decision of ``key``'s game as far as ``record`` goes; the
    grade (None when none is pending), the chance after each hand, and how many decisions there are."""
    Clicks.wait_for_quiet()
    _forget_closed()
    reviewer = _WORKER_REVIEWERS.get(key)
    if reviewer is not None:
        try:
            reviewer.extend(record)
        except RecordError:  # another game at that table (a new game, or one tried again from a decision)
            reviewer = None
    if reviewer is None:
        reviewer = _WORKER_REVIEWERS[key] = Reviewer(record, seat, samples=samples, seed=seed)
    pending = reviewer.pending()
    graded = reviewer.grade(pending[0]) if pending else None
    return graded, reviewer.so_far().points, reviewer.decisions


class Clicks:
    """When the kernel's tables last handled a click (by the monotonic clock): the worker thread grades in the
    quiet between clicks."""

    last: float = 0.0

    @classmethod
    def now(cls) -> None:
        """A click is being handled (or has just been)."""
        cls.last = time.monotonic()

    @classmethod
    def wait_for_quiet(cls) -> None:
        """In the worker thread: return once no click has come for :data:`QUIET` seconds."""
        while (left := cls.last + QUIET - time.monotonic()) > 0:
            time.sleep(left)


_CLOSED: deque[str] = deque()
"""The keys of the tables closed since the worker last looked: their reviewers are dropped at its next task."""


def _forget_closed() -> None:
    """In the worker thread: drop the reviewers of the tables closed since."""
    while _CLOSED:
        _WORKER_REVIEWERS.pop(_CLOSED.popleft(), None)


def _yield_to_the_kernel() -> None:
    """In the worker thread: run at a lower priority than the kernel, so that on a busy machine the clicks'
    work comes first and the grading takes what is left."""
    if hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(WORKER_NICENESS)


class _Worker:
    """The kernel's review thread, started at first use and shared by the kernel's tables."""

    pool: concurrent.futures.ThreadPoolExecutor | None = None
    submitting = threading.local()
    """Whether this thread is inside :meth:`submit`: a table garbage-collected there, whose close would submit
    again, must not (the pool's lock is held, and not re-entrant)."""

    @classmethod
    def submit(cls, pool: concurrent.futures.ThreadPoolExecutor, task: Callable[..., Any],
               *args: Any) -> concurrent.futures.Future[Any]:
        """``pool.submit(task, *args)``, marked as under way in this thread."""
        cls.submitting.on = True
        try:
            return pool.submit(task, *args)
        finally:
            cls.submitting.on = False

    @classmethod
    def get(cls) -> concurrent.futures.ThreadPoolExecutor | None:
        """The thread's pool; None where threads cannot run (Pyodide)."""
        if _IN_PAGE:
            return None
        if cls.pool is None:
            # A thread, not a process: a kernel that ends (a notebook run to its end) never waits on a child.
            cls.pool = concurrent.futures.ThreadPoolExecutor(1, "mus-review", initializer=_yield_to_the_kernel)
            atexit.register(cls.pool.shutdown, wait=False, cancel_futures=True)
        return cls.pool


class TableReview:
    """The student's decisions at one table, graded in the background as the game goes on (:meth:`follow`);
    ``changed`` is called (on the kernel's thread) when there is more to show."""

    def __init__(self, key: str, seat: int, changed: Callable[[], None], *, samples: int | None = None,
                 seed: int = 0) -> None:
        self.key = key
        self.seat = seat
        self.samples = samples if samples is not None else IN_PAGE_SAMPLES if _IN_PAGE else SAMPLES
        self.seed = seed
        self._changed = changed
        self._record: dict[str, Any] | None = None
        self._game: Game | None = None
        """The game the record was taken from: a sync of the same game reads nothing new."""
        self._rows: dict[int, Graded] = {}
        self._points: tuple[HandPoint, ...] = ()
        self._total = 0
        self._busy = False
        self._closed = False
        self._decided = False
        self._read = 0
        """How many actions of the record the grader had read at its last grade."""
        self._published = 0.0
        self._local: Reviewer | None = None

    def __repr__(self) -> str:
        return f"<TableReview of seat {self.seat}: {len(self._rows)} of {self._total} decisions graded>"

    @property
    def done(self) -> int:
        return len(self._rows)

    @property
    def total(self) -> int:
        """The student's decisions in the game as far as the grader has read it."""
        return self._total

    @property
    def complete(self) -> bool:
        """Whether every decision of the game as it is now is graded."""
        return (self._record is not None and self._read == len(self._record["actions"])
                and self.done >= self._total)

    def follow(self, game: Game, decided: bool) -> None:
        """The table's game as it is now (``decided``: the student has made a decision in it): grade whatever of
        it is new, in the background. Nothing starts before the student's first decision (a table only looked
        at starts no worker)."""
        self._decided = decided
        if game is self._game:  # a sync that changed nothing of the game (a language, a pace, a look back)
            self._go()
            return
        self._game = game
        record = game.record()
        known = self._record
        other = known is not None and not _extends(record, known)
        self._record = record
        if other:  # another game (a new one, or one tried again from a decision): graded afresh
            self._rows = {}
            self._points = ()
            self._total = 0
            self._read = 0
            self._local = None
            self._changed()
        self._go()

    def close(self) -> None:
        """The table closed: nothing more is graded for it."""
        self._closed = True
        _CLOSED.append(self.key)
        pool = _Worker.pool
        if pool is not None and not getattr(_Worker.submitting, "on", False):  # else at the worker's next task
            with contextlib.suppress(RuntimeError):  # the pool is shutting down with the kernel
                _Worker.submit(pool, _forget_closed)

    def now(self, names: tuple[str, str, str, str], language: str) -> Review:
        """Every decision so far, graded: what the background graded, and the rest graded here and now (the same
        record, seat, samples and seed give the same grades, in any order)."""
        record = self._record
        if record is None:
            raise ValueError("the table has no game to review yet")
        shown = self.so_far(names, language)
        if shown is not None and self.complete and self._total:
            return shown
        review = Reviewer(record, self.seat, samples=self.samples, seed=self.seed, names=names,
                          language=language).review()
        self._rows = {row.row: row for row in review.rows}  # the same grades the background would give
        self._points = review.points
        self._total = review.decisions
        self._read = len(record["actions"])
        self._changed()
        return review

    def so_far(self, names: tuple[str, str, str, str], language: str) -> Review | None:
        """The decisions graded so far as a :class:`Review` in ``language``; None before any game."""
        if self._record is None:
            return None
        rows = tuple(self._rows[row] for row in sorted(self._rows))
        return Review(seat=self.seat, rows=rows, decisions=self._total, points=self._points,
                      record=Record.read(self._record), names=names, language=language, samples=self.samples,
                      seed=self.seed)

    def at(self, step: int) -> Graded | None:
        """The student's decision graded at ``step`` of the record (the actions before it), if it is graded."""
        return next((g for g in self._rows.values() if g.at == step), None)

    # ------------------------------------------------------------------------------------------ grading

    def _go(self) -> None:
        """Ask for the next grade unless one is on its way."""
        if self._busy or self._closed or self._record is None or not self._decided:
            return
        loop = _running_loop()
        if loop is None:
            return
        pool = _Worker.get()
        record = self._record
        self._busy = True
        if pool is None:
            loop.call_later(IDLE_GAP, self._grade_here, record)
            return
        future = _Worker.submit(pool, _grade_next, self.key, record, self.seat, self.samples, self.seed)
        future.add_done_callback(lambda done: _back(loop, self._took, record, done))

    def _grade_here(self, record: dict[str, Any]) -> None:
        """One decision graded in this thread (no worker thread): the next pause lets clicks in."""
        local = self._local
        if local is None:
            local = self._local = Reviewer(record, self.seat, samples=self.samples, seed=self.seed)
        else:
            local.extend(record)
        pending = local.pending()
        graded = local.grade(pending[0]) if pending else None
        self._receive(record, graded, local.so_far().points, local.decisions)

    def _took(self, record: dict[str, Any], done: concurrent.futures.Future[Any]) -> None:
        try:
            graded, points, total = done.result()
        except Exception:  # a worker that died (or a kernel shutting down): the review stops, the game goes on
            log.exception("the review's worker failed")
            self._busy = False
            return
        self._receive(record, graded, points, total)

    def _receive(self, record: dict[str, Any], graded: Graded | None, points: tuple[HandPoint, ...],
                 total: int) -> None:
        self._busy = False
        if self._closed or self._record is None or not _extends(self._record, record):
            self._go()  # graded for a game since left: ask again for the current one
            return
        if graded is not None:
            self._rows[graded.row] = graded
        self._points = points
        self._total = total
        self._read = len(record["actions"])
        more = not self.complete
        now = time.monotonic()
        if not more or now - self._published >= PUBLISH_EVERY:
            self._published = now
            self._changed()
        if more:
            self._go()


def _extends(record: dict[str, Any], earlier: dict[str, Any]) -> bool:
    """Whether ``record`` is ``earlier``'s game taken further (or the same)."""
    return (all(record[key] == earlier[key] for key in ("rules", "seed", "deal"))
            and record["actions"][: len(earlier["actions"])] == earlier["actions"])


def _back(loop: asyncio.AbstractEventLoop, callback: Callable[..., None], *args: object) -> None:
    """From the worker thread: ``callback(*args)`` on the kernel's loop, unless that loop has closed meanwhile
    (a kernel, or a test, that ended while a grade was under way)."""
    with contextlib.suppress(RuntimeError):
        loop.call_soon_threadsafe(callback, *args)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None




__all__ = ["Clicks", "TableReview"]
