"""The classroom's durable memory: one SQLite file (WAL) with every table, its seats and every accepted move.

A table is its game record spread over rows: the record of the new game (rules, seed) once, then one row per
action or seña in the order they were accepted. Each write is committed before the server answers the move, so a
server killed at any moment restarts with every answered move, and :meth:`Storage.record` rebuilds the table's
``Game.record()`` for ``Game.from_record``. Seat tokens and join codes are kept only as SHA-256 hashes.

The ``access`` table (join codes and locks, one row per table that has either), the ``standins`` table (the
moves a stand-in bot played for a player who was away) and the ``archived`` table (the tables taken out of play,
by rematch or archive, under their archived names ``3B #1``...) came after the others: opening a database made
before them adds them, empty, so every table of an old database is open to anyone as it was, its moves are its
players' own and none is archived.

Opening checks the file is a classroom database the server can write (:class:`NotAClassroomError` names it
otherwise); a write that fails raises :class:`StorageFailedError` and leaves nothing half written.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots.turns import Move
from ..engine.game import Game
from .protocol import ClassroomError

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    name TEXT PRIMARY KEY,
    base_record TEXT NOT NULL,   -- Game.record() of the new game: format, rules, seed, no actions
    bots TEXT NOT NULL,          -- {"1": "expert", ...}: the seats given to bots
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_name TEXT NOT NULL REFERENCES tables(name),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    joined REAL NOT NULL,
    PRIMARY KEY (table_name, seat)
);
CREATE TABLE IF NOT EXISTS moves (
    table_name TEXT NOT NULL REFERENCES tables(name),
    n INTEGER NOT NULL,          -- 0, 1, 2...: the order moves were accepted in
    kind TEXT NOT NULL,          -- 'action' or 'sena'
    seat INTEGER NOT NULL,
    text TEXT NOT NULL,          -- the action in canonical notation, or the seña's id
    at INTEGER NOT NULL,         -- for a seña, the number of actions before it (the record's "at")
    stamp REAL NOT NULL,
    PRIMARY KEY (table_name, n)
);
CREATE TABLE IF NOT EXISTS access (
    table_name TEXT PRIMARY KEY REFERENCES tables(name),
    code_hash TEXT,              -- SHA-256 of the table's join code, or NULL: no code
    locked TEXT                  -- ["Ana", "Bea"]: the only names that may sit down, or NULL: anyone
);
CREATE TABLE IF NOT EXISTS standins (
    table_name TEXT NOT NULL REFERENCES tables(name),
    n INTEGER NOT NULL,          -- a move of the moves table that a stand-in bot played for a player away
    PRIMARY KEY (table_name, n)
);
CREATE TABLE IF NOT EXISTS archived (
    table_name TEXT PRIMARY KEY REFERENCES tables(name),
    stamp REAL NOT NULL,         -- when the table was archived (seconds since 1970)
    summary TEXT NOT NULL        -- the table's summary then, as the teacher's list shows it (JSON)
);
CREATE TABLE IF NOT EXISTS chat (
    table_name TEXT NOT NULL REFERENCES tables(name),
    n INTEGER NOT NULL,
    seat INTEGER,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    stamp REAL NOT NULL,
    PRIMARY KEY (table_name, n)
);
"""


SYNC_MODES = ("normal", "full")

COLUMNS: dict[str, tuple[str, ...]] = {
    "tables": ("name", "base_record", "bots", "created"),
    "seats": ("table_name", "seat", "name", "token_hash", "joined"),
    "moves": ("table_name", "n", "kind", "seat", "text", "at", "stamp"),
    "access": ("table_name", "code_hash", "locked"),
    "chat": ("table_name", "n", "seat", "name", "text", "stamp"),
    "standins": ("table_name", "n"),
    "archived": ("table_name", "stamp", "summary"),
}
"""A classroom database's tables and their columns: an existing file with others, or without these (``access``
and ``standins`` aside: a database made before them gets them, empty), is not one."""
LATER: frozenset[str] = frozenset({"access", "standins", "archived"})
"""The tables that came later: a database without them is one, made before them."""
APPLICATION_ID = 0x4D555343
"""``PRAGMA application_id`` of a classroom database ("MUSC"), written at every start (the proof the server
can write the file)."""
FAULT_ENV = "MUS_WIDGET_STORAGE_FAULT"
"""For the tests of a failing disk: while the file this environment variable names exists, every write fails
as on a full disk (``sqlite3.OperationalError: database or disk is full``)."""


CORRUPT: frozenset[str] = frozenset({"SQLITE_CORRUPT", "SQLITE_NOTADB"})
"""SQLite's names of the errors of a file damaged (or not SQLite at all), as opposed to one it could not lock."""
RESTORE = ": restore it from a backup, or start a new class with --db and a path where there is no file"
"""What a teacher can do about a database file that cannot be read (the end of its refusal)."""


class NotAClassroomError(Exception):
    """The database file cannot be the classroom's: missing folder, empty, not SQLite, damaged, another schema,
    or one the server cannot write. The message names the file."""


class StorageFailedError(ClassroomError):
    """A write to the database failed (a full disk, a file made read-only): nothing of it is stored. Its
    ``kind`` is ``storage_failed``, the error frame a client gets."""

    def __init__(self, path: str, error: Exception) -> None:
        super().__init__("storage_failed", f"the server could not store this in {path!r} ({error}); nothing of "
                                           f"it was kept: try again in a moment")
        self.cause = error


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class StoredSeat:
    seat: int
    name: str
    token_hash: str


@dataclass(frozen=True, slots=True)
class StoredTable:
    """A table as the database holds it: the record of its new game and every move since, in the order they
    were accepted (the server replays them, showing its bots each hand as it ends)."""

    name: str
    base: dict[str, Any]
    """``Game.record()`` of the table's new game: rules, seed, no actions."""
    bots: dict[int, str]
    seats: tuple[StoredSeat, ...]
    moves: tuple[Move, ...]
    chat: tuple[tuple[int | None, str, str, float], ...]
    """Every chat line: the seat and name that wrote it (none: the teacher's), its text and its time."""
    code_hash: str | None = None
    """The SHA-256 of the table's join code, None when anyone may join without one."""
    locked: tuple[str, ...] | None = None
    """The only names that may sit down at the table, None when any name may."""


@dataclass(frozen=True, slots=True)
class UnreadableTable:
    """A table whose rows could not even be read as a table (a base record that is not JSON...): ``reason``."""

    name: str
    reason: str


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


class Storage:
    """The classroom database. One connection, used by the server's event loop only, and a thread of its own
    that checkpoints the WAL into the database file now and then."""

    CHECKPOINT_EVERY = 1.0
    """Seconds between the checkpointer's passes."""

    def __init__(self, path: str | Path, sync: str = "normal") -> None:
        """``sync`` "normal": a commit is in the WAL file before it returns, safe from a killed server (the
        fsync waits for the checkpoint); "full": each commit is also fsynced, safe from a power cut (a few ms
        more per move)."""
        if sync not in SYNC_MODES:
            raise ValueError(f"sync is one of {', '.join(SYNC_MODES)}, not {sync!r}")
        file = Path(path)
        self.path = str(path)
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
        self.fault = os.environ.get(FAULT_ENV)
        self._closing = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoints, name="mus-classroom-checkpoint", daemon=True)
        self._checkpointer.start()

    def __repr__(self) -> str:
        return f"Storage({self.path!r})"

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

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run ``statements`` in one transaction and commit it (durable once this returns). A single statement
        is its own transaction (the connection is in autocommit mode): one call into SQLite, not three.
        :class:`StorageFailedError` if the database refuses it (nothing of it is stored then)."""
        db = self.db
        try:
            if self.fault is not None and os.path.exists(self.fault):
                raise sqlite3.OperationalError("database or disk is full")
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
        except sqlite3.IntegrityError:
            raise  # a bug of the server's, not of the disk
        except sqlite3.DatabaseError as error:
            raise StorageFailedError(self.path, error) from error

    @staticmethod
    def stored_form(game: Game, bots: dict[int, str], first: int = 0) -> tuple[str, str]:
        """The rows' text of a new table: its base record (``game``'s, no moves; ``first_seq``: the number of its
        first move, after a rematch) and its bots, as JSON."""
        base = {**game.record(), "actions": [], "senas": [], **({"first_seq": first} if first else {})}
        return json.dumps(base), json.dumps({str(s): lvl for s, lvl in bots.items()})

    @staticmethod
    def read_form(name: str, base: str, bots: str) -> dict[str, Any]:
        """What a table's rows hold, read back: its base record and its bots by seat; ValueError if not that."""
        record = json.loads(base)
        levels = json.loads(bots)
        if not isinstance(record, dict) or not isinstance(levels, dict):
            raise ValueError(f"table {name!r}: its base record and its bots are JSON objects")
        try:
            by_seat = {int(seat): level for seat, level in levels.items()}
        except ValueError:
            raise ValueError(f"table {name!r}: its bots' seats are numbers, not {sorted(levels)}") from None
        return {"base": record, "bots": by_seat}

    def create_table(self, name: str, game: Game, bots: dict[int, str], code_hash: str | None = None) -> None:
        """Store a new table whose game is ``game`` (no moves yet), as :meth:`stored_form` writes it (the server
        first checks that form replays), with its join code's hash if it has one."""
        base, levels = self.stored_form(game, bots)
        statements: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO tables VALUES (?, ?, ?, ?)", (name, base, levels, time.time()))]
        if code_hash is not None:
            statements.append(("INSERT INTO access VALUES (?, ?, NULL)", (name, code_hash)))
        self._write(statements)

    def set_access(self, table: str, code_hash: str | None, locked: tuple[str, ...] | None) -> None:
        """Replace the table's join code (its hash) and lock; None for no code, no lock."""
        self._write([("INSERT OR REPLACE INTO access VALUES (?, ?, ?)",
                      (table, code_hash, None if locked is None else json.dumps(list(locked), ensure_ascii=False)))])

    def free_seat(self, table: str, seat: int) -> None:
        """Forget the seat's player and token: the seat is open again (the chat keeps the name its lines had)."""
        self._write([("DELETE FROM seats WHERE table_name = ? AND seat = ?", (table, seat))])

    def add_seat(self, table: str, seat: int, name: str, hashed: str) -> None:
        self._write([("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", (table, seat, name, hashed, time.time()))])

    def add_moves(self, table: str, first: int, moves: list[Move], standins: frozenset[int] = frozenset()) -> None:
        """Append ``moves`` numbered from ``first``, in one commit; ``standins`` are the places among them of
        the moves a stand-in bot played for a player who was away."""
        now = time.time()
        self._write([*(("INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (table, first + i, m.kind, m.seat, m.text, m.at, now)) for i, m in enumerate(moves)),
                     *(("INSERT INTO standins VALUES (?, ?)", (table, first + i)) for i in sorted(standins))])

    def add_chat(self, table: str, n: int, seat: int | None, name: str, text: str, *, stamp: float) -> None:
        """Store the table's chat line ``n``, written at ``stamp`` (``time.time()``)."""
        self._write([("INSERT INTO chat VALUES (?, ?, ?, ?, ?, ?)", (table, n, seat, name, text, stamp))])

    def archive_name(self, table: str) -> str:
        """The name a table's finished match is kept under once archived: ``3B #1``, ``3B #2``... (a ``#`` no
        created table's name holds, so it never takes a name a table could have)."""
        head = f"{table} #"
        taken = {name for (name,) in self.db.execute("SELECT name FROM tables WHERE substr(name, 1, ?) = ?",
                                                      (len(head), head))}
        k = 1
        while f"{table} #{k}" in taken:
            k += 1
        return f"{table} #{k}"

    @staticmethod
    def _renamed(table: str, archived_as: str, summary: dict[str, Any]) -> list[tuple[str, tuple[Any, ...]]]:
        """The statements that move every row of ``table`` to ``archived_as`` and mark it archived."""
        out: list[tuple[str, tuple[Any, ...]]] = [
            ("INSERT INTO tables SELECT ?, base_record, bots, created FROM tables WHERE name = ?",
             (archived_as, table))]
        out += [(f"UPDATE {rows} SET table_name = ? WHERE table_name = ?", (archived_as, table))
                for rows in ("seats", "moves", "access", "standins", "chat")]
        out += [("DELETE FROM tables WHERE name = ?", (table,)),
                ("INSERT INTO archived VALUES (?, ?, ?)",
                 (archived_as, time.time(), json.dumps(summary, ensure_ascii=False)))]
        return out

    def archive(self, table: str, archived_as: str, summary: dict[str, Any]) -> None:
        """Take ``table`` out of play, its rows kept (its record readable) under the name ``archived_as``."""
        self._write(self._renamed(table, archived_as, summary))

    def rematch(self, table: str, archived_as: str, summary: dict[str, Any], game: Game, *, bots: dict[int, str],
                first: int) -> None:
        """Archive ``table``'s finished match as ``archived_as`` and start ``game`` (no moves yet) at the same
        name, in one commit: the same seats and tokens, the same join code and lock; its moves are numbered
        from ``first`` (the table's ``seq`` goes on rising, so no client takes the new match for an old frame)."""
        base, levels = self.stored_form(game, bots, first)
        self._write([*self._renamed(table, archived_as, summary),
                     ("INSERT INTO tables VALUES (?, ?, ?, ?)", (table, base, levels, time.time())),
                     ("INSERT INTO seats SELECT ?, seat, name, token_hash, joined FROM seats WHERE table_name = ?",
                      (table, archived_as)),
                     ("INSERT INTO access SELECT ?, code_hash, locked FROM access WHERE table_name = ?",
                      (table, archived_as))])

    def set_bot(self, table: str, bots: dict[int, str]) -> None:
        """Replace the table's bots (a bot took a free seat)."""
        self._write([("UPDATE tables SET bots = ? WHERE name = ?",
                      (json.dumps({str(s): lvl for s, lvl in sorted(bots.items())}), table))])

    def archived(self) -> list[dict[str, Any]]:
        """Every archived table's summary as it was archived, with ``archived`` (when), oldest first."""
        return [{**json.loads(summary), "table": name, "archived": stamp} for name, stamp, summary in
                self.db.execute("SELECT table_name, stamp, summary FROM archived ORDER BY stamp")]

    def stored_table(self, name: str) -> StoredTable | UnreadableTable | None:
        """One live table's rows, as :meth:`tables` reads them (None if there is none)."""
        return next((stored for stored in self.tables() if stored.name == name), None)

    def record(self, table: str) -> dict[str, Any] | None:
        """The table's ``Game.record()``, from its rows, and beside the record's own keys what the classroom
        knows of it: ``table``, ``created``, ``bots`` (by seat), ``names`` (one per seat: its player's, None for
        a bot or a free seat), ``moves`` (every move in the order accepted: ``kind``, ``seat``, ``text``,
        ``time`` and ``by``: ``player``, ``standin`` or ``bot``) and ``chat`` (``seat``, ``name``, ``text``,
        ``time``, ``teacher``). Times are seconds since 1970. None for an unknown table."""
        db = self.db
        row = db.execute("SELECT base_record, bots, created FROM tables WHERE name = ?", (table,)).fetchone()
        if row is None:
            return None
        record: dict[str, Any] = json.loads(row[0])
        bots = {int(seat): level for seat, level in json.loads(row[1]).items()}
        standins = {n for (n,) in db.execute("SELECT n FROM standins WHERE table_name = ?", (table,))}
        actions: list[str] = []
        senas: list[dict[str, Any]] = []
        moves: list[dict[str, Any]] = []
        for n, kind, seat, text, at, stamp in db.execute(
            "SELECT n, kind, seat, text, at, stamp FROM moves WHERE table_name = ? ORDER BY n", (table,)
        ):
            if kind == "action":
                actions.append(text)
            else:
                senas.append({"at": at, "seat": seat, "sena": text})
            by = "bot" if seat in bots else "standin" if n in standins else "player"
            moves.append({"kind": kind, "seat": seat, "text": text, "time": stamp, "by": by})
        names: list[str | None] = [None] * 4
        for seat, name in db.execute("SELECT seat, name FROM seats WHERE table_name = ?", (table,)):
            if seat in range(4):
                names[seat] = name
        chat = [{"seat": seat, "name": name, "text": text, "time": stamp, "teacher": seat is None}
                for seat, name, text, stamp in db.execute(
                    "SELECT seat, name, text, stamp FROM chat WHERE table_name = ? ORDER BY n", (table,))]
        return {**record, "actions": actions, "senas": senas, "table": table, "created": row[2],
                "bots": {str(seat): level for seat, level in sorted(bots.items())}, "names": names,
                "moves": moves, "chat": chat}

    def tables(self) -> Iterator[StoredTable | UnreadableTable]:
        """Every table, with its moves in the order they were accepted; a table whose rows cannot be read as
        one comes as an :class:`UnreadableTable` (its rows are left as they are)."""
        db = self.db
        for name, base, bots in db.execute("SELECT name, base_record, bots FROM tables WHERE name NOT IN "
                                           "(SELECT table_name FROM archived) ORDER BY created").fetchall():
            try:
                form = self.read_form(str(name), base, bots)
            except (ValueError, TypeError) as error:
                yield UnreadableTable(str(name), f"{type(error).__name__}: {error}")
                continue
            seats = tuple(StoredSeat(seat, who, hashed) for seat, who, hashed in db.execute(
                "SELECT seat, name, token_hash FROM seats WHERE table_name = ? ORDER BY seat", (name,)))
            moves = tuple(Move(kind, seat, text, at) for kind, seat, text, at in db.execute(
                "SELECT kind, seat, text, at FROM moves WHERE table_name = ? ORDER BY n", (name,)))
            chat = tuple(db.execute(
                "SELECT seat, name, text, stamp FROM chat WHERE table_name = ? ORDER BY n", (name,)).fetchall())
            access = db.execute("SELECT code_hash, locked FROM access WHERE table_name = ?", (name,)).fetchone()
            code_hash, locked = (None, None) if access is None else access
            try:
                names = None if locked is None else tuple(json.loads(locked))
            except (ValueError, TypeError) as error:
                yield UnreadableTable(str(name), f"its lock is not a JSON list of names: {type(error).__name__}: "
                                                 f"{error}")
                continue
            yield StoredTable(name, form["base"], form["bots"], seats, moves, chat, code_hash, names)
