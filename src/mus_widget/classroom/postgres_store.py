"""The classroom database in PostgreSQL (psycopg 3, the ``postgres`` extra): one database that several server
processes share, each table served by the one process that holds its lease.

The tables, their columns and every statement are those of :mod:`.storage` (``REAL`` read as ``DOUBLE
PRECISION``), plus ``leases``: per table the process that serves it (``owner``, its ``address``) until
``expires``, a time of the database's clock (so the processes' clocks never matter). A process claims a table
whose lease has ended, or that has none, with one ``INSERT ... ON CONFLICT DO UPDATE ... WHERE expires < now()``
(PostgreSQL locks the row: of two processes claiming at once one gets it); it renews all its leases with one
``UPDATE``; and every write for a table first locks the table's lease row (``SELECT ... FOR SHARE``) and checks
the lease is still the writer's, in the same transaction as the write. A process whose lease another has taken
writes nothing more to that table (:class:`~.storage.LeaseLostError`), and the one that took it over read the
table's rows only after the last write of the other had committed (its claim waited for that write's lock).

One connection per process, used by the server's event loop only, in autocommit mode with each write in its
own transaction, committed (``synchronous_commit`` on) before the call returns. A lost connection (the database
server stopped or out of reach) fails the write with :class:`~.storage.StorageFailedError`; the next call
connects again, at most once a second, until the database is back.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import psycopg

from .storage import (
    COLUMNS,
    LATER,
    SCHEMA,
    LeaseLostError,
    NotAClassroomError,
    Owner,
    RowConflictError,
    Shared,
    Statement,
    Storage,
    StorageFailedError,
)

log = logging.getLogger("mus_widget.classroom")

LEASES = """
CREATE TABLE IF NOT EXISTS leases (
    table_name TEXT PRIMARY KEY,  -- a table in play
    owner TEXT NOT NULL,          -- the server process that serves it (its address: a restart takes it back)
    address TEXT NOT NULL,        -- where its students connect to that process (ws://...)
    expires TIMESTAMPTZ NOT NULL, -- when the lease ends unless renewed (the database's clock)
    summary TEXT,                 -- the table as the teacher's list shows it, shared by its owner (JSON)
    shared TIMESTAMPTZ            -- when the owner shared it
);
ALTER TABLE leases ADD COLUMN IF NOT EXISTS summary TEXT, ADD COLUMN IF NOT EXISTS shared TIMESTAMPTZ;
CREATE INDEX IF NOT EXISTS chat_by_stamp ON chat (stamp);  -- the lines a room hears from the other processes
"""
LEASE_COLUMNS = ("table_name", "owner", "address", "expires", "summary", "shared")
FIRST_LEASE_COLUMNS = LEASE_COLUMNS[:4]
"""The leases of a database made before the summaries were shared in them (their columns are added)."""
SCHEMA_LOCK = 0x4D555343
"""The advisory lock two servers starting at once take in turn to create the tables."""
CONNECT_TIMEOUT = 5
"""Seconds to wait for the database server when connecting."""
RECONNECT_EVERY = 1.0
"""Seconds between attempts to connect again to a database server that went away (every call meanwhile fails
at once, naming the latest error)."""
OPTIONS = "-c synchronous_commit=on -c statement_timeout=10000 -c lock_timeout=5000"
"""Each connection's settings: a commit is on the database server's disk before it returns, whatever the
database's default, and a statement or a lock waits 10 or 5 seconds at most (the event loop waits with it)."""
KEEPALIVES: dict[str, Any] = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 2,
              "tcp_user_timeout": 9000}
"""A database server that vanishes without closing the connection (a cable pulled) is noticed within seconds."""


def shown(url: str) -> str:
    """``url`` as a message may name it: without its password."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    host = parts.hostname or ""
    netloc = f"{parts.username}@{host}" if parts.username else host
    return urlunsplit(parts._replace(netloc=netloc + (f":{parts.port}" if parts.port else "")))


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


class PostgresStorage(Storage):
    """A classroom database in PostgreSQL, which several server processes may share (each with its own
    :class:`~.storage.Owner`; None: a tool that copies rows in, and holds no lease)."""

    shared = True

    def __init__(self, url: str, owner: Owner | None = None) -> None:
        super().__init__(shown(url))
        self.url = url
        self.owner = owner
        self._sql: dict[str, str] = {}
        self._retry_at = 0.0
        self._failure: BaseException | None = None
        try:
            self.db: psycopg.Connection[tuple[Any, ...]] = self._connect()
        except psycopg.Error as error:
            raise NotAClassroomError(f"{self.path}: cannot reach the database: {_one_line(error)}") from None
        try:
            self._prepare()
        except psycopg.Error as error:
            self.db.close()
            raise NotAClassroomError(f"{self.path} cannot be used as the classroom database: {_one_line(error)} "
                                     f"(the server must be able to create and write its tables)") from None
        except NotAClassroomError:
            self.db.close()
            raise

    def _connect(self) -> psycopg.Connection[tuple[Any, ...]]:
        return psycopg.connect(self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                               application_name="mus-widget serve", options=OPTIONS, **KEEPALIVES)

    def _prepare(self) -> None:
        """Refuse a database with other tables than a classroom's, or one the server may only read; create the
        tables a classroom database lacks (all of them in an empty database)."""
        db = self.db
        found: dict[str, tuple[str, ...]] = {
            name: tuple(columns) for name, columns in db.execute(
                "SELECT table_name::text, array_agg(column_name::text ORDER BY ordinal_position) "
                "FROM information_schema.columns WHERE table_schema = current_schema() GROUP BY table_name")}
        expected = {**COLUMNS, "leases": LEASE_COLUMNS}
        ours = set(found) - {"leases"}
        if found.get("leases") == FIRST_LEASE_COLUMNS:
            found["leases"] = LEASE_COLUMNS
        if found and (ours | LATER != set(COLUMNS) or any(found[name] != expected.get(name) for name in found)):
            raise NotAClassroomError(
                f"{self.path} is a PostgreSQL database but not a classroom's: it has the tables "
                f"{', '.join(sorted(found))}, a classroom database has {', '.join(expected)} with their columns "
                f"(give the URL of an empty database for a new class)")
        row = db.execute("SHOW transaction_read_only").fetchone()
        if row is not None and row[0] == "on":
            raise NotAClassroomError(f"{self.path} is read-only here (a standby?): the server must write to it")
        with db.transaction():
            db.execute("SELECT pg_advisory_xact_lock(%s)", (SCHEMA_LOCK,))
            db.execute(SCHEMA.replace(" REAL", " DOUBLE PRECISION") + LEASES)
            allowed = db.execute("SELECT bool_and(has_table_privilege(name, 'SELECT, INSERT, UPDATE, DELETE')) "
                                 "FROM unnest(%s::text[]) AS name", ([*COLUMNS, "leases"],)).fetchone()
        if allowed is None or not allowed[0]:
            raise NotAClassroomError(f"{self.path}: the server's user may not write every classroom table")

    def close(self) -> None:
        self.db.close()

    # ------------------------------------------------------------------ the connection

    def _connection(self) -> psycopg.Connection[tuple[Any, ...]]:
        """The open connection, or a new one if it was lost (at most one attempt every
        :data:`RECONNECT_EVERY` seconds); :class:`StorageFailedError` while the database cannot be reached."""
        db = self.db
        if not db.closed and not db.broken:
            return db
        now = time.monotonic()
        if now < self._retry_at and self._failure is not None:
            raise StorageFailedError(self.path, self._failure)
        try:
            self.db = self._connect()
        except psycopg.Error as error:
            self._retry_at, self._failure = now + RECONNECT_EVERY, error
            raise StorageFailedError(self.path, error) from None
        log.warning("connected to the database %s again", self.path)
        self._failure = None
        return self.db

    def _text(self, sql: str) -> str:
        """``sql`` with psycopg's ``%s`` for each ``?`` (the statements hold no other ``?`` nor ``%``)."""
        text = self._sql.get(sql)
        if text is None:
            text = self._sql[sql] = sql.replace("?", "%s")
        return text

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._connection().execute(self._text(sql), params).fetchall()
        except psycopg.Error as error:
            raise StorageFailedError(self.path, error) from error

    def _commit(self, statements: list[Statement], table: str | None, *, new: bool) -> None:
        db = self._connection()
        committing = False
        try:
            with db.transaction():
                if self.owner is not None and table is not None:
                    if new:
                        statements = [*statements, self._lease(table, self.owner)]
                    else:
                        self._fence(db, table, self.owner)
                for sql, params in statements:
                    db.execute(self._text(sql), params)
                committing = True
        except psycopg.IntegrityError as error:
            raise RowConflictError(_one_line(error)) from error
        except psycopg.Error as error:
            if committing and table is not None:  # the commit was sent: it may have been stored all the same
                self.doubtful.add(table)
            raise StorageFailedError(self.path, error) from error

    @staticmethod
    def _fence(db: psycopg.Connection[tuple[Any, ...]], table: str, owner: Owner) -> None:
        """Lock ``table``'s lease row until the commit, and refuse the write unless the lease is ``owner``'s:
        :class:`LeaseLostError`, naming where the table is served now."""
        row = db.execute("SELECT owner, address FROM leases WHERE table_name = %s FOR SHARE", (table,)).fetchone()
        if row is None or row[0] != owner.id:
            raise LeaseLostError(table, None if row is None else str(row[1]))

    @staticmethod
    def _lease(table: str, owner: Owner) -> Statement:
        """The statement that gives a new table's lease to ``owner``."""
        return ("INSERT INTO leases VALUES (?, ?, ?, now() + make_interval(secs => ?)) ON CONFLICT (table_name) "
                "DO UPDATE SET owner = excluded.owner, address = excluded.address, expires = excluded.expires",
                (table, owner.id, owner.address, float(owner.ttl)))

    # ------------------------------------------------------------------ leases

    def claim(self, owner: Owner, name: str | None = None) -> list[str]:
        """As :meth:`Storage.claim`: one statement, which touches (and so locks) only the lease rows that are
        ``owner``'s or have ended, never a live lease of another process, whose writes it would hold up."""
        only = "" if name is None else " AND name = ?"
        rows = self._rows(
            "INSERT INTO leases SELECT name, ?, ?, now() + make_interval(secs => ?) FROM tables WHERE name NOT IN "
            "(SELECT table_name FROM archived) AND name NOT IN (SELECT table_name FROM leases WHERE expires >= now() "
            f"AND owner <> ?){only} ON CONFLICT (table_name) DO UPDATE SET owner = excluded.owner, "
            "address = excluded.address, expires = excluded.expires WHERE leases.expires < now() "
            "OR leases.owner = excluded.owner RETURNING table_name",
            (owner.id, owner.address, float(owner.ttl), owner.id, *(() if name is None else (name,))))
        return [row[0] for row in rows]

    def renew(self, owner: Owner) -> set[str]:
        rows = self._rows("UPDATE leases SET expires = now() + make_interval(secs => ?), address = ? "
                             "WHERE owner = ? RETURNING table_name", (float(owner.ttl), owner.address, owner.id))
        return {row[0] for row in rows}

    def owner_of(self, name: str) -> tuple[str, float] | None:
        rows = self._rows("SELECT address, extract(epoch FROM expires - now())::float8 FROM leases "
                          "WHERE table_name = ?", (name,))
        return None if not rows else (str(rows[0][0]), float(rows[0][1]))

    def release(self, owner: Owner) -> None:
        self._rows("DELETE FROM leases WHERE owner = ? RETURNING table_name", (owner.id,))

    def share(self, owner: Owner, summaries: Mapping[str, str]) -> None:
        """As :meth:`Storage.share`: one statement, which writes only the rows whose lease is ``owner``'s."""
        names = list(summaries)
        self._rows("UPDATE leases SET summary = given.summary, shared = now() FROM unnest(?::text[], ?::text[]) "
                   "AS given(name, summary) WHERE leases.table_name = given.name AND leases.owner = ? "
                   "RETURNING table_name", (names, [summaries[name] for name in names], owner.id))

    def shared_elsewhere(self, owner: Owner) -> list[Shared]:
        rows = self._rows("SELECT table_name, address, summary, extract(epoch FROM now() - shared)::float8, "
                          "expires >= now() FROM leases WHERE owner <> ? AND summary IS NOT NULL", (owner.id,))
        return [Shared(str(name), str(address), str(summary), max(float(age), 0.0), bool(live))
                for name, address, summary, age, live in rows]

    def archive(self, table: str, archived_as: str, summary: dict[str, Any]) -> None:
        """As every backend archives, and the table's lease ends with it (its name is free for a new table)."""
        self._write([*self._renamed(table, archived_as, summary),
                     ("DELETE FROM leases WHERE table_name = ?", (table,))], table)
