"""Where ``MusTable(server=..., table=..., name=...)`` finds its seat: the classroom layer makes served tables, and
the table layer may not import the classroom, so the package's ``__init__`` (above every layer) registers here the
function that makes one, which imports the classroom (and ``websockets``) only when a table is served.
"""

from __future__ import annotations

from typing import Any, Protocol


class ServedTableMaker(Protocol):
    """Sits at ``table`` of the classroom server ``server`` as ``name`` and returns the seat's widget."""

    def __call__(self, server: str, table: str, name: str | None, **options: Any) -> Any: ...


_MAKER: list[ServedTableMaker] = []
"""The registered maker, once :func:`register` ran (the package's ``__init__`` runs it on import)."""


def register(maker: ServedTableMaker) -> None:
    """Make served tables with ``maker`` from now on."""
    _MAKER[:] = [maker]


def served_table(server: str, table: str, name: str | None, **options: Any) -> Any:
    """A seat at a served table, from the registered maker."""
    if not _MAKER:
        raise LookupError("no maker of served tables is registered (mus_widget's __init__ registers it)")
    return _MAKER[0](server, table, name, **options)


__all__ = ["ServedTableMaker", "register", "served_table"]
