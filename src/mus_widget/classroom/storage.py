"""The classroom's durable memory: one SQLite file (WAL) with every table, its seats and every accepted move.

A table is its game record spread over rows: the record of the new game (rules, seed) once, then one row per
action or seña in the order they were accepted. Each write is committed before the server answers the move, so a
server killed at any moment restarts with every answered move, and :meth:`Storage.record` rebuilds the table's
``Game.record()`` for ``Game.from_record``. Seat tokens and join codes are kept only as SHA-256 hashes.

The ``access`` table (join codes and locks, one row per table that has either) came after the others: opening a
database made before it adds it, empty, so every table of an old database is open to anyone as it was.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots.turns import Move
from ..engine.game import Game

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
    chat: tuple[tuple[int | None, str, str], ...]
    code_hash: str | None = None
    """The SHA-256 of the table's join code, None when anyone may join without one."""
    locked: tuple[str, ...] | None = None
    """The only names that may sit down at the table, None when any name may."""


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
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute(f"PRAGMA synchronous={sync.upper()}")
        self.db.execute("PRAGMA foreign_keys=ON")
        # A checkpoint copies the WAL into the database and fsyncs it: tens of milliseconds on a busy disk, which
        # on the event loop would hold up every table. The checkpointer thread does it instead (SQLite works
        # without the interpreter lock); a commit is as durable either way, it is in the WAL when it returns.
        self.db.execute("PRAGMA wal_autocheckpoint=0")
        self.db.execute("PRAGMA journal_size_limit=16777216")  # the WAL file shrinks back after a checkpoint
        self.db.executescript(SCHEMA)
        self._closing = threading.Event()
        self._checkpointer = threading.Thread(target=self._checkpoints, name="mus-classroom-checkpoint", daemon=True)
        self._checkpointer.start()

    def __repr__(self) -> str:
        return f"Storage({self.path!r})"

    def _checkpoints(self) -> None:
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            while not self._closing.wait(self.CHECKPOINT_EVERY):
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            db.close()

    def close(self) -> None:
        self._closing.set()
        self._checkpointer.join()
        self.db.close()

    def _write(self, statements: list[tuple[str, tuple[Any, ...]]]) -> None:
        """Run ``statements`` in one transaction and commit it (durable once this returns). A single statement
        is its own transaction (the connection is in autocommit mode): one call into SQLite, not three."""
        db = self.db
        if len(statements) == 1:
            db.execute(*statements[0])
            return
        db.execute("BEGIN IMMEDIATE")
        try:
            for sql, params in statements:
                db.execute(sql, params)
        except BaseException:
            db.execute("ROLLBACK")
            raise
        db.execute("COMMIT")

    def create_table(self, name: str, game: Game, bots: dict[int, str], code_hash: str | None = None) -> dict[str, Any]:
        """Store a new table whose game is ``game`` (no moves yet), with its join code's hash if it has one; its
        base record."""
        base = {**game.record(), "actions": [], "senas": []}
        statements: list[tuple[str, tuple[Any, ...]]] = [(
            "INSERT INTO tables VALUES (?, ?, ?, ?)",
            (name, json.dumps(base), json.dumps({str(s): lvl for s, lvl in bots.items()}), time.time()))]
        if code_hash is not None:
            statements.append(("INSERT INTO access VALUES (?, ?, NULL)", (name, code_hash)))
        self._write(statements)
        return base

    def set_access(self, table: str, code_hash: str | None, locked: tuple[str, ...] | None) -> None:
        """Replace the table's join code (its hash) and lock; None for no code, no lock."""
        self._write([("INSERT OR REPLACE INTO access VALUES (?, ?, ?)",
                      (table, code_hash, None if locked is None else json.dumps(list(locked), ensure_ascii=False)))])

    def free_seat(self, table: str, seat: int) -> None:
        """Forget the seat's player and token: the seat is open again (the chat keeps the name its lines had)."""
        self._write([("DELETE FROM seats WHERE table_name = ? AND seat = ?", (table, seat))])

    def add_seat(self, table: str, seat: int, name: str, hashed: str) -> None:
        self._write([("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", (table, seat, name, hashed, time.time()))])

    def add_moves(self, table: str, first: int, moves: list[Move]) -> None:
        """Append ``moves`` numbered from ``first``, in one commit."""
        now = time.time()
        self._write([("INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?, ?)",
                      (table, first + i, m.kind, m.seat, m.text, m.at, now)) for i, m in enumerate(moves)])

    def add_chat(self, table: str, n: int, seat: int | None, name: str, text: str) -> None:
        self._write([("INSERT INTO chat VALUES (?, ?, ?, ?, ?, ?)", (table, n, seat, name, text, time.time()))])

    def record(self, table: str) -> dict[str, Any] | None:
        """The table's ``Game.record()``, from its rows; None for an unknown table."""
        row = self.db.execute("SELECT base_record FROM tables WHERE name = ?", (table,)).fetchone()
        if row is None:
            return None
        record: dict[str, Any] = json.loads(row[0])
        actions: list[str] = []
        senas: list[dict[str, Any]] = []
        for kind, seat, text, at in self.db.execute(
            "SELECT kind, seat, text, at FROM moves WHERE table_name = ? ORDER BY n", (table,)
        ):
            if kind == "action":
                actions.append(text)
            else:
                senas.append({"at": at, "seat": seat, "sena": text})
        return {**record, "actions": actions, "senas": senas}

    def tables(self) -> Iterator[StoredTable]:
        """Every table, with its moves in the order they were accepted."""
        db = self.db
        for name, base, bots in db.execute("SELECT name, base_record, bots FROM tables ORDER BY created").fetchall():
            seats = tuple(StoredSeat(seat, who, hashed) for seat, who, hashed in db.execute(
                "SELECT seat, name, token_hash FROM seats WHERE table_name = ? ORDER BY seat", (name,)))
            moves = tuple(Move(kind, seat, text, at) for kind, seat, text, at in db.execute(
                "SELECT kind, seat, text, at FROM moves WHERE table_name = ? ORDER BY n", (name,)))
            chat = tuple(db.execute(
                "SELECT seat, name, text FROM chat WHERE table_name = ? ORDER BY n", (name,)).fetchall())
            access = db.execute("SELECT code_hash, locked FROM access WHERE table_name = ?", (name,)).fetchone()
            code_hash, locked = (None, None) if access is None else access
            yield StoredTable(name, json.loads(base), {int(s): lvl for s, lvl in json.loads(bots).items()},
                              seats, moves, chat, code_hash, None if locked is None else tuple(json.loads(locked)))
