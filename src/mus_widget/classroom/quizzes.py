"""The quizzes a classroom records: a student's answer to a ``mw.Quiz`` in her own kernel, reported to the server
(``quiz``), checked and kept there, only her first answer to each question; and per student, the counts the
teacher's results show (``quizzes``).

Who answered is never what the frame says. On a JupyterHub's classroom it is the hub user whose token the
connection's handshake carried (:mod:`.hub`); elsewhere the player whose seat token the frame carries (the seat
of a table of this classroom she sat at), under that seat's name. Nor is anything the client says of the answer
believed: the server builds the exercise again from its kind, seed and rules
(:func:`~mus_widget.teaching.exercises.exercise`) and checks the answer itself. A question is its kind, seed and
rules, so "Another deal" asks a new one; clicking every button of one question counts its first click only.
"""

from __future__ import annotations

import json
import time
from typing import Any, Final

from ..engine.errors import MusError
from ..engine.rules import Rules
from ..teaching.exercises import KINDS, Exercise, exercise
from .connections import Session
from .hub import Hub
from .persistence import Persistence
from .protocol import AddressLimits, ClassroomError, hub_name, name_key, required_text, text_field
from .storage import QuizAnswer, Storage, token_hash

MAX_SEED: Final = 2**31 - 1
"""The largest seed of a question the server records (the database keeps it as a 32-bit integer); a quiz draws
its seeds below a million, and "Another deal" adds one."""
QUIZ_BURST: Final = 60
QUIZ_RATE: Final = 1 / 2
"""Quiz answers one student may report: 60 at once, then one every 2 seconds (a class working through a
lesson's quizzes stays far inside; a script filling the database with new seeds does not)."""


def question(frame: dict[str, Any]) -> tuple[Exercise, str]:
    """The exercise a ``quiz`` frame answers, built again from its ``kind``, ``seed`` and ``rules``, and the
    answer's key; ``bad_quiz`` for an unknown kind, a seed out of range, rules that are not rules, or an answer
    that is not one of the exercise's (``bad_frame`` for a field of the wrong type)."""
    kind = required_text(frame, "kind")
    if kind not in KINDS:
        raise ClassroomError("bad_quiz", f"there is no exercise {kind[:40]!r}; the kinds are {', '.join(KINDS)}")
    seed = frame.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ClassroomError("bad_frame", "a 'quiz' frame needs 'seed' as a whole number")
    if not 0 <= seed <= MAX_SEED:
        raise ClassroomError("bad_quiz", f"a quiz's seed is 0 to {MAX_SEED}, not {seed}")
    try:
        given = frame.get("rules")
        rules = Rules() if given is None else Rules.from_dict(given)
    except (MusError, TypeError, ValueError) as error:
        raise ClassroomError("bad_quiz", f"the quiz's rules are not rules: {error}") from None
    asked = exercise(kind, seed, rules)
    answer = required_text(frame, "answer")
    keys = [choice.key for choice in asked.choices]
    if answer not in keys:
        raise ClassroomError("bad_quiz", f"{answer[:40]!r} is not an answer to {kind} on deal {seed}; the answers "
                                         f"are {', '.join(keys)}")
    return asked, answer


class Quizzes:
    """The classroom's record of its students' quiz answers, in ``storage``."""

    def __init__(self, storage: Storage, persistence: Persistence, hub: Hub | None) -> None:
        self.storage = storage
        self.persistence = persistence
        self.hub = hub
        self.limits = AddressLimits(rate=QUIZ_RATE, burst=QUIZ_BURST)
        """Per student (her name as names compare), the answers she may still report now."""

    def student(self, session: Session, frame: dict[str, Any]) -> str:
        """The name of the student who sent ``frame``: the connection's hub user, or else the player of the seat
        whose token the frame carries; ``unknown_student`` with neither, ``bad_token`` for a token no seat has
        (a hub token the hub refuses: its own refusal)."""
        if self.hub is not None:
            found = self.hub.identity(session)
            if found is not None:
                return hub_name(found.name)
        token = text_field(frame, "token", optional=True)
        if token is None:
            raise ClassroomError("unknown_student", "a quiz is recorded for a student this classroom knows: send the "
                                                    "token of your seat at one of its tables (on its JupyterHub, "
                                                    "answer from a notebook there)")
        name = self.storage.seat_name(token_hash(token))
        if name is None:
            raise ClassroomError("bad_token", "no seat of this classroom has that token (freed, or another "
                                              "classroom's): nothing was recorded")
        return name

    def answer(self, session: Session, frame: dict[str, Any]) -> dict[str, Any]:
        """A student's answer to a quiz question (``quiz``), checked here and recorded if it is her first to that
        question. The reply names her, says whether this answer was counted (her first), and whether her first
        answer was right."""
        name = self.student(session, frame)
        key = name_key(name)
        now = time.monotonic()
        if not self.limits.of(key, now).allow(now):
            raise ClassroomError("flood", f"{name!r} reported over {QUIZ_BURST} quiz answers in a short time: one "
                                          f"every {1 / QUIZ_RATE:g} seconds, please")
        asked, given = question(frame)
        rules = json.dumps(asked.rules.to_dict(), sort_keys=True, separators=(",", ":"))
        mine = QuizAnswer(key, name, asked.kind, asked.seed, rules, given, given == asked.answer, time.time())
        first = self.storage.first_answer(key, asked.kind, asked.seed, rules)
        if first is None:
            self.persistence.stored(None, self.storage.add_quiz, mine)
            # Read back: another server process of the class may have stored an answer of hers first.
            first = self.storage.first_answer(key, asked.kind, asked.seed, rules) or mine
        counted = (first.stamp, first.answer) == (mine.stamp, mine.answer)
        return {"type": "quiz_recorded", "id": frame.get("id"), "name": name, "counted": counted,
                "right": first.right}

    def counts(self, frame: dict[str, Any]) -> dict[str, Any]:
        """The teacher's ``quizzes``: per student who answered any, a name of hers, the questions she answered and
        how many of her first answers were right."""
        return {"type": "quizzes", "id": frame.get("id"), "students": [
            {"name": name, "answered": answered, "right": right}
            for name, answered, right in self.storage.quiz_counts()]}


__all__ = ["MAX_SEED", "QUIZ_BURST", "QUIZ_RATE", "Quizzes", "question"]
