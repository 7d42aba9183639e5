"""mus-widget: a Jupyter teaching table for the card game Mus.

The engine (cards, hand evaluation, betting, the game, observations, the count) is pure Python::

    import mus_widget as mw
    game = mw.Game.new(seed=7)
    game = game.apply(game.legal_actions()[0])

In a notebook, ``mus_widget.MusTable()`` is the table: the student plays South against three bots;
``MusTable.from_scenario(text)`` steps a teacher through a scripted hand (:mod:`mus_widget.teaching.scenarios`),
and ``ScenarioEditor()`` makes one by clicking (:mod:`mus_widget.teaching.authoring`, a ``Draft``);
``explain(game)`` says why each lance of the last hand went as it did; ``review(record, seat=0)`` grades every
decision of a seat against the expert's (``review_summary(records)``, over many records, for a teacher);
``show_hand``, ``show_deal`` and ``show_count`` are static pictures for lessons.
``MusTable(server="ws://…", table="3B", name="Ana")`` plays a seat of a classroom table, and
``Classroom(server, teacher_key=...)`` is the teacher's view of every table (docs/classroom.md).
"""

from concurrent.futures import Future
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any

from .engine.actions import Action, Kind
from .engine.betting import Betting, LanceResult, Outcome
from .engine.cards import DECK, Card, Hand, Suit
from .engine.errors import (
    IllegalActionError,
    MalformedActionError,
    MusError,
    NotationError,
    RecordError,
    RecordLimitError,
    RulesError,
    SeatError,
    SeedError,
)
from .engine.game import Game, play_random
from .engine.hands import HandValue, Lance, ParesKind, evaluate, lance_winner, lance_winners
from .engine.log import Event, HandSummary
from .engine.observation import Observation
from .engine.phase import Phase
from .engine.rules import Rules
from .engine.scoring import CountRow, Reason
from .engine.seats import next_seat, partner, team_of
from .engine.senas import CATALOGUE, Sena, true_senas
from .table import recording as _recording
from .table import served as _served
from .teaching.authoring import Draft, DraftError
from .teaching.class_review import ClassSummary, review_summary
from .teaching.exercises import Exercise, exercise
from .teaching.explain import Explanation, explain
from .teaching.grading import Grade, Graded
from .teaching.pictures import Picture, show_card, show_count, show_deal, show_hand
from .teaching.review import Review, Reviewer, review

if TYPE_CHECKING:
    from .classroom.notebook import ServedTable
    from .classroom.teacher import Classroom
    from .table.quiz import Quiz
    from .table.scenario_editor import ScenarioEditor
    from .table.widget import MusTable


def __getattr__(name: str) -> Any:
    """``mus_widget.MusTable``, ``ScenarioEditor``, ``Classroom`` and ``Quiz``, imported on first use so the engine
    alone never loads the widget stack."""
    if name == "MusTable":
        from .table.widget import MusTable

        return MusTable
    if name == "ScenarioEditor":
        from .table.scenario_editor import ScenarioEditor

        return ScenarioEditor
    if name == "Classroom":
        from .classroom.teacher import Classroom

        return Classroom
    if name == "Quiz":
        from .table.quiz import Quiz

        return Quiz
    raise AttributeError(f"module 'mus_widget' has no attribute {name!r}")


def _served_table(server: str, table: str, name: str | None, **options: Any) -> "ServedTable":
    """``MusTable(server=...)``'s seat: the classroom (which needs ``websockets``) is imported only now."""
    from .classroom.notebook import served_table

    return served_table(server, table, name, **options)


_served.register(_served_table)


def _record_quiz(server: str | None, exercise: Exercise, answer: str) -> "Future[_recording.QuizReport] | None":
    """A quiz's answer for the classroom server, if there is one to tell (the classroom's ``quizclient``); where
    websockets is not installed (the offline site) there is no classroom, and the quiz is the kernel's alone."""
    if find_spec("websockets") is None:
        return None
    from .classroom.quizclient import record

    return record(server, exercise, answer)


_recording.register(_record_quiz)

__version__ = "0.1.0"

__all__ = [
    "CATALOGUE",
    "DECK",
    "Action",
    "Betting",
    "Card",
    "ClassSummary",
    "Classroom",
    "CountRow",
    "Draft",
    "DraftError",
    "Event",
    "Exercise",
    "Explanation",
    "Game",
    "Grade",
    "Graded",
    "Hand",
    "HandSummary",
    "HandValue",
    "IllegalActionError",
    "Kind",
    "Lance",
    "LanceResult",
    "MalformedActionError",
    "MusError",
    "MusTable",
    "NotationError",
    "Observation",
    "Outcome",
    "ParesKind",
    "Phase",
    "Picture",
    "Quiz",
    "Reason",
    "RecordError",
    "RecordLimitError",
    "Review",
    "Reviewer",
    "Rules",
    "RulesError",
    "ScenarioEditor",
    "SeatError",
    "SeedError",
    "Sena",
    "Suit",
    "evaluate",
    "exercise",
    "explain",
    "lance_winner",
    "lance_winners",
    "next_seat",
    "partner",
    "play_random",
    "review",
    "review_summary",
    "show_card",
    "show_count",
    "show_deal",
    "show_hand",
    "team_of",
    "true_senas",
]
