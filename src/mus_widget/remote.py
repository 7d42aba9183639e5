"""Play a served classroom table from a script: ``mus_widget.remote.join(url, table="3B", name="Ana")``.

The client of :mod:`mus_widget.classroom.client`, under a short name; docs/classroom.md describes it."""

from .classroom.client import (
    ChatLine,
    ClassroomError,
    RemoteSeat,
    Watcher,
    archive,
    create,
    free_seat,
    join,
    lock,
    quiz,
    quizzes,
    record,
    rematch,
    seat_bot,
    set_code,
    tables,
    tell,
    tell_all,
    unlock,
    watch,
)

__all__ = ["ChatLine", "ClassroomError", "RemoteSeat", "Watcher", "archive", "create", "free_seat", "join", "lock",
           "quiz", "quizzes", "record", "rematch", "seat_bot", "set_code", "tables", "tell", "tell_all", "unlock",
           "watch"]
