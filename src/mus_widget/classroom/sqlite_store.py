"""The classroom database in one SQLite file (WAL), the default: embedded, nothing to run beside the server.

Opening checks the file is a classroom database the server can write (:class:`~.storage.NotAClassroomError`
names it otherwise: a missing folder, an empty file, not SQLite, a damaged page, another schema, a file it cannot
write); a new class's file is made aside and renamed into place. A write that fails raises
:class:`~.storage.StorageFailedError` and leaves nothing half written.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from pathlib import Path
from typing import Any

from .storage import (
    COLUMNS,
    LATER,
    SCHEMA,
    NotAClassroomError,
    RowConflictError,
    Statement,
    Storage,
    StorageFailedError,
)

SYNC_MODES = ("normal", "full")
APPLICATION_ID = 0x4D555343
"""``PRAGMA application_id`` of a classroom database ("MUSC"), written at every start (the proof the server
can write the file)."""
CORRUPT: frozenset[str] = frozenset({"SQLITE_CORRUPT", "SQLITE_NOTADB"})
"""SQLite's names of the errors of a file damaged (or not SQLite at all), as opposed to one it could not lock."""
RESTORE = ": restore it from a backup, or start a new class with --db and a path where there is no file"
"""What a teacher can do about a database file that cannot be read (the end of its refusal)."""


def _check_file(path: Path) -> None:
    """Refuse a file that exists and is not an SQLite database (an empty one included: a truncated class)."""
    if path.is_dir():
        raise NotAClassroomError(f"{path} is a folder, not a classroom database")
    if not path.parent.is_dir():
        raise NotAClassroomError(f"{path}: there is no folder {path.parent}")
    if not path.exists():
        return
    try:
        with path.open("rb") as file:
            head = file.read(16)
    except OSError as error:
        raise NotAClassroomError(f"{path} cannot be read: {error}") from None
    if not head:
        raise NotAClassroomError(f"{path} is empty (0 bytes), not a classroom database; to start a new class, "
                                 f"give a path where there is no file")
    if head != b"SQLite format 3\x00":
        raise NotAClassroomError(f"{path} is not an SQLite database, so not a classroom database{RESTORE}")


def unreadable(path: str | Path, error: sqlite3.DatabaseError | str) -> NotAClassroomError:
    """The one line that refuses a database SQLite cannot read through (a page overwritten, a file cut short):
    which file, what SQLite found, and what to do. Any other error of SQLite (a lock, say) is named as it is."""
    name = getattr(error, "sqlite_errorname", None)  # Python 3.11 on; before it, any error is taken for damage
    if isinstance(error, sqlite3.DatabaseError) and name is not None and name not in CORRUPT:
        return NotAClassroomError(f"{path} cannot be read as the classroom database: {error}")
    found = " ".join(str(error).split())  # quick_check's findings span lines: the refusal is one
    return NotAClassroomError(f"{path} is not a readable classroom database ({found}){RESTORE}")


def _check_readable(db: sqlite3.Connection, path: Path) -> None:
    """Refuse a database whose pages SQLite cannot read through (``PRAGMA quick_check`` reads every page, a
    few milliseconds a megabyte), so a damaged file is named at start, not met halfway through loading it."""
    try:
        found = [str(row[0]) for row in db.execute("PRAGMA quick_check(1)")]
    except sqlite3.DatabaseError as error:
        raise unreadable(path, error) from None
    if found != ["ok"]:
        raise unreadable(path, "; ".join(found))


def _check_schema(db: sqlite3.Connection, path: Path) -> None:
    """Refuse a database with tables other than a classroom's, or a classroom table without its columns."""
    found = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
             if not name.startswith("sqlite_")}
    if not found:
        return
    columns = {name: tuple(row[1] for row in db.execute(f"PRAGMA table_info({name!r})")) for name in found}
    if found | LATER != set(COLUMNS) or any(columns[name] != COLUMNS[name] for name in found):
        raise NotAClassroomError(
            f"{path} is an SQLite database but not a classroom's: it has the tables {', '.join(sorted(found))}, "
            f"a classroom database has {', '.join(COLUMNS)} with their columns")


class SQLiteStorage(Storage):
    """The classroom database in one SQLite file: one connection, used by the server's event loop only, and a
    thread of its own that checkpoints the WAL into the database file now and then."""

    CHECKPOINT_EVERY = 1.0
    """Seconds between the checkpointer's passes."""

    def __init__(self, path: str | Path, sync: str = "normal") -> None:
        """``sync`` "normal": a commit is in the WAL file before it returns, safe from a killed server (the
        fsync waits for the checkpoint); "full": each commit is also fsynced, safe from a power cut (a few ms
        more per move)."""
        if sync not in SYNC_MODES:
            raise ValueError(f"sync is one of {', '.join(SYNC_MODES)}, not {sync!r}")
        super().__init__(str(path))
        file = Path(path)
        _check_file(file)
        if not file.exists():
            self._create(file)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            _check_readable(self.db, file)
            try:
                _check_schema(self.db, file)
            except sqlite3.DatabaseError as error:
                raise unreadable(file, error) from None
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute(f"PRAGMA synchronous={sync.upper()}")
            self.db.execute("PRAGMA foreign_keys=ON")
            # A checkpoint copies the WAL into the database and fsyncs it: tens of milliseconds on a busy disk,
            # which on the event loop would hold up every table. The checkpointer thread does it instead (SQLite
            # works without the interpreter lock); a commit is as durable either way, it is in the WAL when it
            # returns.
            self.db.execute("PRAGMA wal_autocheckpoint=0")
            self.db.execute("PRAGMA journal_size_limit=16777216")  # the WAL file shrinks back after a checkpoint
            self.db.executescript(SCHEMA)
            self.db.execute(f"PRAGMA application_id={APPLICATION_ID}")  # a write: can the server store moves?
        except sqlite3.DatabaseError as error:
            self.db.close()
            raise NotAClassroomError(f"{path} cannot be used as the classroom database: {error} (the server must "
                                     f"be able to write the file and its folder)") from None
        except NotAClassroomError:
            self.db.close()
            raise
        self._closing = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoints, name="mus-classroom-checkpoint", daemon=True)
        self._checkpointer.start()

    @staticmethod
    def _create(path: Path) -> None:
        """A new, empty classroom database at ``path``, made aside and renamed into place, so a server killed
        meanwhile never leaves an empty file that the next start would refuse."""
        aside = path.with_name(f".{path.name}.new")
        aside.unlink(missing_ok=True)
        db = sqlite3.connect(aside, isolation_level=None)
        try:
            db.executescript(SCHEMA)
            db.execute(f"PRAGMA application_id={APPLICATION_ID}")
        except sqlite3.DatabaseError as error:
            raise NotAClassroomError(f"{path}: cannot create a classroom database there: {error}") from None
        finally:
            db.close()
        os.replace(aside, path)

    def _checkpoints(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            while not self._closing.wait(self.CHECKPOINT_EVERY):
                with contextlib.suppress(sqlite3.Error):  # a full disk: the WAL keeps every commit meanwhile
                    db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def close(self) -> None:
        self._closing.set()
        self._checkpointer.join()
        self.db.close()

    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one query; :class:`NotAClassroomError` if SQLite cannot read the file through (a damaged
        page met only now: the server stops with that one line, as at opening)."""
        try:
            return self.db.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as error:
            raise unreadable(self.path, error) from None

    def _commit(self, statements: list[Statement], table: str | None, *, new: bool) -> None:
        """A single statement is its own transaction (the connection is in autocommit mode): one call into
        SQLite, not three."""
        db = self.db
        try:
            if len(statements) == 1:
                db.execute(*statements[0])
                return
            db.execute("BEGIN IMMEDIATE")
            try:
                for sql, params in statements:
                    db.execute(sql, params)
                db.execute("COMMIT")
            except BaseException:
                if db.in_transaction:
                    db.execute("ROLLBACK")
                raise
        except sqlite3.IntegrityError as error:
            raise RowConflictError(str(error)) from error
        except sqlite3.DatabaseError as error:
            raise StorageFailedError(self.path, error) from error
