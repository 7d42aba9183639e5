"""Which database a classroom server opens: ``--db`` a file's path for SQLite (:mod:`.sqlite_store`, the
default), a ``postgresql://`` URL for PostgreSQL (:mod:`.postgres_store`, which needs psycopg, the ``postgres``
extra, and is imported only then)."""

from __future__ import annotations

from pathlib import Path

from .sqlite_store import SQLiteStorage
from .storage import NotAClassroomError, Owner, Storage


def is_url(db: str | Path) -> bool:
    """Whether ``--db`` names a PostgreSQL database (``postgresql://`` or ``postgres://``) rather than a file."""
    return isinstance(db, str) and db.startswith(("postgresql://", "postgres://"))


def open_storage(db: str | Path, sync: str = "normal", owner: Owner | None = None) -> Storage:
    """The classroom database ``db`` names, opened: SQLite with ``sync`` (its ``--sync``), or PostgreSQL with
    ``owner``, the server process the leases name (None: a tool that holds none). :class:`NotAClassroomError`
    if it cannot be the classroom's, or psycopg is not installed for a URL."""
    if not is_url(db):
        return SQLiteStorage(db, sync)
    try:
        from .postgres_store import PostgresStorage
    except ModuleNotFoundError as error:
        if (error.name or "").partition(".")[0] != "psycopg":
            raise
        raise NotAClassroomError(f"a PostgreSQL database needs psycopg: pip install \"mus-widget[postgres]\" "
                                 f"({error})") from None
    return PostgresStorage(str(db), owner)
