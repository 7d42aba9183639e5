"""A student's mistake at joining, in one line: a wrong table name, a wrong or missing join code, a name the
table is not kept for, a full table, a server that cannot be reached, a JupyterHub sign-in refused; and a teacher's
room the server did not open. ``MusTable(server=...)`` and
``remote.join`` raise these (a :class:`JoinError` is a :class:`ClassroomError` of the same ``kind``; an
:class:`UnreachableError` a :class:`ConnectionError`), in the student's language, and a notebook shows them as
that one line, not as the client's traceback (IPython's ``_render_traceback_``)."""

from __future__ import annotations

from typing import Final

from ..i18n.catalogues import message
from .protocol import MAX_NAME, ClassroomError

LINES: Final = {
    "unknown_table": "join.error.unknown_table",
    "bad_code": "join.error.bad_code",
    "locked": "join.error.locked",
    "name_taken": "join.error.name_taken",
    "table_full": "join.error.table_full",
    "seat_taken": "join.error.seat_taken",
    "bad_name": "join.error.bad_name",
    "flood": "join.error.flood",
    "bad_hub_token": "join.error.bad_hub_token",
    "hub_forbidden": "join.error.hub_forbidden",
    "hub_required": "join.error.hub_required",
    "hub_name": "join.error.hub_name",
    "hub_unavailable": "join.error.hub_unavailable",
}
"""The refusals a student causes at joining, by kind, and the catalogue's line for each; any other kind says
``join.error.other``."""
HUB_KINDS: Final = frozenset({"bad_hub_token", "hub_forbidden", "hub_required", "hub_name", "hub_unavailable"})
"""The refusals of a hub identity (docs/classroom.md, "On a JupyterHub"): a teacher's room says them as a join does."""


def _one_line(error: BaseException, line: str) -> list[str]:
    return [f"\x1b[0;31m{type(error).__name__}\x1b[0m: {line}"]


class JoinError(ClassroomError):
    """The server did not seat the student: ``kind`` as the server said, ``line`` what to do, in the student's
    language (``str()`` is ``"<kind>: <line>"``), ``suggestion`` a close table name, if any."""

    def __init__(self, kind: str, line: str, *, suggestion: str | None = None) -> None:
        super().__init__(kind, line, suggestion=suggestion)
        self.line = line

    def _render_traceback_(self) -> list[str]:
        return _one_line(self, self.line)


class UnreachableError(ConnectionError):
    """The classroom server cannot be reached (a wrong address, or the server is not running): one line."""

    def _render_traceback_(self) -> list[str]:
        return _one_line(self, str(self))


def join_error(error: ClassroomError, *, table: str, name: str | None, code: str | None,
               language: str = "en") -> JoinError:
    """The one-line :class:`JoinError` of a refusal at joining ``table`` as ``name``."""
    kind = error.kind
    key = LINES.get(kind, "join.error.other")
    if kind == "unknown_table" and error.suggestion:
        key = "join.error.did_you_mean"
    elif kind == "bad_code" and code is None:
        key = "join.error.needs_code"
    elif kind == "unknown_table" and not error.detail.startswith("there is no table"):
        key = "join.error.other"  # the table is there but set aside: nothing the student typed was wrong
    line = message(key, language, table=table, name=name or "", kind=kind, max=MAX_NAME,
                   suggestion=error.suggestion or "")
    if kind == "bad_name" or key == "join.error.other":  # which character or length; what the server found
        line = f"{line} ({error.detail})"
    return JoinError(kind, line, suggestion=error.suggestion)


def room_error(error: ClassroomError, language: str = "en") -> JoinError:
    """The one-line :class:`JoinError` of a teacher's room the server did not open (no teacher key, not a hub user
    of the teachers' group, a hub token refused), with what the server found in parentheses."""
    key = ("room.error.forbidden" if error.kind == "forbidden" else LINES[error.kind] if error.kind in HUB_KINDS
           else "room.error.other")
    return JoinError(error.kind, f"{message(key, language, kind=error.kind, name='', table='')} ({error.detail})")


def unreachable(url: str, language: str = "en") -> UnreachableError:
    """The one-line error of a server that cannot be reached at ``url``."""
    return UnreachableError(message("join.error.unreachable", language, url=url))


__all__ = ["JoinError", "UnreachableError", "join_error", "room_error", "unreachable"]
