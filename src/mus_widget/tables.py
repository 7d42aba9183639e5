"""``mus_widget.MusTable``: the table of three bots, or with ``server=`` a seat of a classroom table.

A facade above the layers: the table layer never imports the classroom, and the classroom (which needs
``websockets``) is imported only when a table is served.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .table.widget import MusTable as _LocalTable

if TYPE_CHECKING:
    from .classroom.notebook import ServedTable


class MusTable(_LocalTable):
    """A Mus table in a notebook. Without ``server`` it is :class:`mus_widget.table.widget.MusTable`, exactly:
    the student plays one seat against three bots (see its options).

    With ``server="ws://…"``, ``table="3B"`` and ``name="Ana"`` it is a seat at a table of the classroom server
    instead (a :class:`~mus_widget.classroom.notebook.ServedTable`, the same table UI with the chat beside the
    log): the server holds the game, the other seats are other students' notebooks or the teacher's bots.
    Only ``seat`` (the seat to ask for the first time), ``token``, ``language``, ``tips`` and ``coach`` go with
    it; the rules and the bots are the table's. Run the same cell again after a kernel restart: the seat file
    (docs/classroom.md) brings the student back to their seat."""

    def __new__(cls, *args: Any, server: str | None = None, table: str | None = None, name: str | None = None,
                token: str | None = None, **options: Any) -> Any:
        if server is None:
            if table is not None or name is not None or token is not None:
                raise TypeError("table=, name= and token= are for a served table: give its server= too")
            return super().__new__(cls, *args, **options)
        if table is None:
            raise TypeError("a served table needs table= (its name on the server)")
        return _served(server, table, name, token=token, **options)

    def __init__(self, *, server: str | None = None, table: str | None = None, name: str | None = None,
                 token: str | None = None, **options: Any) -> None:
        super().__init__(**options)  # only a local table gets here: __new__ made a served one otherwise


def _served(server: str, table: str, name: str | None, **options: Any) -> ServedTable:
    from .classroom.notebook import served_table

    return served_table(server, table, name, **options)


__all__ = ["MusTable"]
