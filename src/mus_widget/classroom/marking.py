"""The teacher's kernel grades the class as it plays (``room.grade_as_they_play()``): every few seconds, on a
thread of its own at a lower priority, it reads each table's record and grades the students' decisions made since
(a :class:`~mus_widget.teaching.review.Reviewer` per table and seat, taken along the record). The grades stay in
the kernel (:data:`~mus_widget.teaching.review.GRADES`), so ``room.review_summary()`` after the lesson weighs
nothing again and answers in about a second for a class of 25 (docs/review.md, "For a teacher")."""

from __future__ import annotations

import contextlib
import threading
from typing import Final

from ..engine.errors import MusError
from ..table.reviewing import _yield_to_the_kernel
from ..teaching.review import SAMPLES, Reviewer
from . import client

EVERY: Final = 10.0
"""Seconds between two readings of the tables' records."""


class LiveGrading:
    """Grades the students' decisions at every table of ``server`` as they are made, until :meth:`stop`."""

    def __init__(self, server: str, teacher_key: str | None, *, every: float = EVERY, samples: int = SAMPLES,
                 seed: int = 0) -> None:
        self.server = server
        self.every = every
        self.samples = samples
        self.seed = seed
        self.graded = 0
        """Decisions graded so far."""
        self.rounds = 0
        """Readings of every table done so far."""
        self._key = teacher_key
        self._reviewers: dict[tuple[str, int], Reviewer] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"mus-classroom grading {server}", daemon=True)
        self._thread.start()

    def __repr__(self) -> str:
        state = "stopped" if self._stop.is_set() else "grading"
        return f"<LiveGrading {self.server} {state}: {self.graded} decisions graded>"

    @property
    def running(self) -> bool:
        return self._thread.is_alive()

    def stop(self) -> None:
        """Stop after the decision being graded (the grades made are kept)."""
        self._stop.set()
        if self._thread is not threading.current_thread():
            self._thread.join(30)

    def _run(self) -> None:
        _yield_to_the_kernel()
        while not self._stop.is_set():
            with contextlib.suppress(OSError, MusError, TimeoutError):  # the server away: try again next time
                self.step()
            self.rounds += 1
            self._stop.wait(self.every)

    def step(self) -> None:
        """Read every table's record once and grade its students' decisions not graded yet."""
        summaries = client.tables(self.server, teacher_key=self._key)
        for summary in summaries:
            table = summary.get("table")
            if not isinstance(table, str) or summary.get("set_aside") is not None:
                continue
            record = client.record(self.server, table, teacher_key=self._key)
            names = record.get("names") or [None] * 4
            for seat, name in enumerate(names):
                if name is None or self._stop.is_set():
                    continue
                reviewer = self._reviewers.get((table, seat))
                try:
                    if reviewer is None:
                        raise MusError("not read yet")
                    reviewer.extend(record)
                except MusError:  # a new reviewer: the first reading, or a new match at the table
                    reviewer = self._reviewers[(table, seat)] = Reviewer(record, seat, samples=self.samples,
                                                                         seed=self.seed)
                for row in reviewer.pending():
                    if self._stop.is_set():
                        return
                    reviewer.grade(row)
                    self.graded += 1


__all__ = ["EVERY", "LiveGrading"]
