"""The classroom's durable memory, behind one interface: every table, its seats and every accepted move.

A table is its game record spread over rows: the record of the new game (rules, seed) once, then one row per
action or seña in the order they were accepted. Each write is committed before the server answers the move, so a
server killed at any moment restarts with every answered move, and :meth:`Storage.record` rebuilds the table's
``Game.record()`` for ``Game.from_record``. Seat tokens and join codes are kept only as SHA-256 hashes.

:class:`Storage` holds what the two backends share: the tables and their meaning (:data:`COLUMNS`), and every
statement they run, written here once; a backend (:mod:`.sqlite_store`, one file, the default;
:mod:`.postgres_store`, a database several server processes share) opens its database, runs those statements
in its transactions and says what its errors mean. Opening refuses a database that is not a classroom's
(:class:`NotAClassroomError` names it); a write that fails raises :class:`StorageFailedError` and leaves nothing
half written.

The ``access`` table (join codes and locks, one row per table that has either), the ``standins`` table (the
moves a stand-in bot played for a player who was away), the ``archived`` table (the tables taken out of play,
by rematch or archive, under their archived names ``3B #1``...) and the ``quizzes`` table (each student's first
answer to each quiz question, :mod:`.quizzes`) came after the others: opening a database made before them adds
them, empty, so every table of an old database is open to anyone as it was, its moves are its players' own, none
is archived and no quiz is recorded.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
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
CREATE TABLE IF NOT EXISTS quizzes (
    name_key TEXT NOT NULL,      -- the student, as names are compared (protocol.name_key): "ana"
    name TEXT NOT NULL,          -- her name as her seat or the hub gave it: "Ana"
    kind TEXT NOT NULL,          -- the exercise's kind (teaching.exercises.KINDS): "grande"
    seed INTEGER NOT NULL,       -- its seed: the deal
    rules TEXT NOT NULL,         -- its rules: Rules.to_dict() as JSON, keys sorted
    answer TEXT NOT NULL,        -- the key of her first answer to it
    correct INTEGER NOT NULL,    -- 1 if the server found that answer right, 0 if not
    stamp REAL NOT NULL,         -- when it was recorded (seconds since 1970)
    PRIMARY KEY (name_key, kind, seed, rules)
);
CREATE INDEX IF NOT EXISTS seats_by_token ON seats (token_hash);
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
"""Every table of a classroom database, as SQLite creates it (PostgreSQL reads each ``REAL`` as ``DOUBLE
PRECISION``): the same tables, columns and keys in either."""

COLUMNS: dict[str, tuple[str, ...]] = {
    "tables": ("name", "base_record", "bots", "created"),
    "seats": ("table_name", "seat", "name", "token_hash", "joined"),
    "moves": ("table_name", "n", "kind", "seat", "text", "at", "stamp"),
    "access": ("table_name", "code_hash", "locked"),
    "chat": ("table_name", "n", "seat", "name", "text", "stamp"),
    "standins": ("table_name", "n"),
    "archived": ("table_name", "stamp", "summary"),
    "quizzes": ("name_key", "name", "kind", "seed", "rules", "answer", "correct", "stamp"),
}
"""A classroom database's tables and their columns: an existing database with others, or without these
(:data:`LATER` aside: a database made before them gets them, empty), is not one."""
LATER: frozenset[str] = frozenset({"access", "standins", "archived", "quizzes"})
"""The tables that came later: a database without them is one, made before them."""
FAULT_ENV = "MUS_WIDGET_STORAGE_FAULT"
"""For the tests of a failing disk: while the file this environment variable names exists, every write fails
as on a full disk (``database or disk is full``), whichever the backend."""

Statement = tuple[str, tuple[Any, ...]]
"""One SQL statement with ``?`` for its parameters, and their values."""


class NotAClassroomError(Exception):
    """The database cannot be the classroom's: a missing folder, an empty file, not SQLite, damaged, another
    schema, one the server cannot write, or a PostgreSQL server that cannot be reached. The message names it."""


class StorageFailedError(ClassroomError):
    """A write to the database failed (a full disk, a file made read-only, a database server gone): nothing of it
    is stored. Its ``kind`` is ``storage_failed``, the error frame a client gets."""

    def __init__(self, path: str, error: BaseException) -> None:
        found = " ".join(str(error).split()) or type(error).__name__
        super().__init__("storage_failed", f"the server could not store this in {path!r} ({found}); nothing of "
                                           f"it was kept: try again in a moment")
        self.cause = found


class LeaseLostError(ClassroomError):
    """A write for a table whose lease another server process holds now (its own lease ended, and that process
    took the table over): nothing of it is stored, and this process serves the table no more. ``address`` is
    where the table is served now."""

    def __init__(self, table: str, address: str | None) -> None:
        where = f"at {address}" if address else "by another server process"
        super().__init__("elsewhere", f"table {table!r} is served {where} now: nothing was stored here; "
                                      f"connect there", address=address)
        self.table = table


class RowConflictError(Exception):
    """A write that would give a row a key another row has (a table's name taken meanwhile, a move number
    written twice): refused by the database, nothing of it stored."""


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


@dataclass(frozen=True, slots=True)
class Owner:
    """A server process as the leases of a shared database name it: ``id`` (its address: no two live processes
    listen on one), the ``address`` its students are sent to, and ``ttl``, the seconds its leases last unless
    renewed."""

    id: str
    address: str
    ttl: float


@dataclass(frozen=True, slots=True)
class Shared:
    """A table another server process serves, as that process last shared it (:meth:`Storage.share`): its
    ``summary`` (the teacher's list's, JSON) ``age`` seconds ago, the ``address`` it is served at, and whether
    that lease is ``live`` (not: its process stopped renewing, and another takes the table over soon)."""

    name: str
    address: str
    summary: str
    age: float
    live: bool


@dataclass(frozen=True, slots=True)
class QuizAnswer:
    """A student's answer to a quiz question (the exercise ``kind`` on the deal of ``seed`` under ``rules``, as
    JSON with sorted keys), as the quizzes table holds her first one: whether the server found it ``right``, and
    when it was recorded (``stamp``)."""

    name_key: str
    name: str
    kind: str
    seed: int
    rules: str
    answer: str
    right: bool
    stamp: float


LIVE = "SELECT name FROM tables WHERE name NOT IN (SELECT table_name FROM archived)"
"""The tables in play: every table not archived."""


class Storage(ABC):
    """The classroom database, as the server reads and writes it: one connection, used by the server's event
    loop only. Every write is one transaction, committed before the call returns."""

    shared = False
    """Whether several server processes may serve from this database at once (each table then leased to one)."""

    def __init__(self, path: str) -> None:
        self.path = path
        """The database as messages name it: a file's path, or a URL without its password."""
        self.fault = os.environ.get(FAULT_ENV)
        self.doubtful: set[str] = set()
        """The tables whose latest write failed in a way that leaves open whether it was committed (the
        connection to a database server lost during the commit): read back before their next write."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.path!r})"

    # ------------------------------------------------------------------ what a backend provides

    @abstractmethod
    def close(self) -> None:
        """Close the connection (the server stops)."""

    @abstractmethod
    def _rows(self, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of one query (``?`` for its parameters); a database that cannot be read raises the
        backend's meaning of that (:class:`NotAClassroomError` or :class:`StorageFailedError`)."""

    @abstractmethod
    def _commit(self, statements: list[Statement], table: str | None, *, new: bool) -> None:
        """Run ``statements`` in one transaction and commit it (durable once this returns), for ``table`` (a new
        one when ``new``). :class:`StorageFailedError` if the database refuses it, :class:`RowConflictError`
        if a key is taken; nothing of it is stored either way."""

    def _write(self, statements: list[Statement], table: str | None = None, *, new: bool = False) -> None:
        if self.fault is not None and os.path.exists(self.fault):
            raise StorageFailedError(self.path, OSError("database or disk is full"))
        self._commit(statements, table, new=new)

    # ------------------------------------------------------------------ the leases of a shared database

    def claim(self, owner: Owner, name: str | None = None) -> list[str]:
        """Take for ``owner`` the lease of table ``name`` (None: of every table in play) if it has none or its
        lease has ended; the names taken. A database only one server uses is that server's: every table."""
        names = [row[0] for row in self._rows(LIVE)]
        return names if name is None else [n for n in names if n == name]

    def renew(self, owner: Owner) -> set[str]:
        """Renew every lease ``owner`` holds; the names of its tables (the others are another's now)."""
        return {row[0] for row in self._rows(LIVE)}

    def owner_of(self, name: str) -> tuple[str, float] | None:
        """Where table ``name`` is served, if its lease is another process's: its address and the seconds left
        of the lease. None on a database only one server uses."""
        return None

    def release(self, owner: Owner) -> None:
        """Give up every lease of ``owner`` (a server that stops): another process takes its tables at once.
        A database only one server uses has no leases to give up."""
        return None

    def share(self, owner: Owner, summaries: Mapping[str, str]) -> None:
        """Keep with the leases ``owner`` holds these tables' summaries (JSON, by name), for the teacher's list
        of every other process (:meth:`shared_elsewhere`). A database only one server uses shares nothing."""
        return None

    def shared_elsewhere(self, owner: Owner) -> list[Shared]:
        """The tables other processes serve (or served until their lease ended), as they last shared them."""
        return []

    def chat_since(self, stamp: float, limit: int) -> list[tuple[str, int, int | None, str, str, float]]:
        """The latest ``limit`` chat lines of the tables in play written at ``stamp`` or after, oldest first:
        table, number, seat, name, text and stamp (what a teacher's list shows of another process's tables)."""
        rows = self._rows("SELECT table_name, n, seat, name, text, stamp FROM chat WHERE stamp >= ? AND table_name "
                          "NOT IN (SELECT table_name FROM archived) ORDER BY stamp DESC, table_name, n DESC LIMIT ?",
                          (stamp, limit))
        return [(str(t), int(n), None if seat is None else int(seat), str(name), str(text), float(at))
                for t, n, seat, name, text, at in reversed(rows)]

    # ------------------------------------------------------------------ the rows of a table

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

    # ------------------------------------------------------------------ writes

    def create_table(self, name: str, game: Game, bots: dict[int, str], code_hash: str | None = None) -> None:
        """Store a new table whose game is ``game`` (no moves yet), as :meth:`stored_form` writes it (the server
        first checks that form replays), with its join code's hash if it has one. ``table_exists`` if a table
        of that name was stored meanwhile (by another server process)."""
        base, levels = self.stored_form(game, bots)
        statements: list[Statement] = [("INSERT INTO tables VALUES (?, ?, ?, ?)", (name, base, levels, time.time()))]
        if code_hash is not None:
            statements.append(("INSERT INTO access VALUES (?, ?, NULL)", (name, code_hash)))
        try:
            self._write(statements, name, new=True)
        except RowConflictError:
            raise ClassroomError("table_exists", f"there is already a table {name!r}") from None

    def set_access(self, table: str, code_hash: str | None, locked: tuple[str, ...] | None) -> None:
        """Replace the table's join code (its hash) and lock; None for no code, no lock."""
        self._write([("INSERT INTO access VALUES (?, ?, ?) ON CONFLICT (table_name) DO UPDATE SET "
                      "code_hash = excluded.code_hash, locked = excluded.locked",
                      (table, code_hash, None if locked is None else json.dumps(list(locked), ensure_ascii=False)))],
                    table)

    def free_seat(self, table: str, seat: int) -> None:
        """Forget the seat's player and token: the seat is open again (the chat keeps the name its lines had)."""
        self._write([("DELETE FROM seats WHERE table_name = ? AND seat = ?", (table, seat))], table)

    def add_seat(self, table: str, seat: int, name: str, hashed: str) -> None:
        self._write([("INSERT INTO seats VALUES (?, ?, ?, ?, ?)", (table, seat, name, hashed, time.time()))], table)

    def add_moves(self, table: str, first: int, moves: list[Move], standins: frozenset[int] = frozenset()) -> None:
        """Append ``moves`` numbered from ``first``, in one commit; ``standins`` are the places among them of
        the moves a stand-in bot played for a player who was away."""
        now = time.time()
        self._write([*(("INSERT INTO moves VALUES (?, ?, ?, ?, ?, ?, ?)",
                        (table, first + i, m.kind, m.seat, m.text, m.at, now)) for i, m in enumerate(moves)),
                     *(("INSERT INTO standins VALUES (?, ?)", (table, first + i)) for i in sorted(standins))], table)

    def add_chat(self, table: str, n: int, seat: int | None, name: str, text: str, *, stamp: float) -> None:
        """Store the table's chat line ``n``, written at ``stamp`` (``time.time()``)."""
        self._write([("INSERT INTO chat VALUES (?, ?, ?, ?, ?, ?)", (table, n, seat, name, text, stamp))], table)

    def add_quiz(self, quiz: QuizAnswer) -> None:
        """Record a student's answer to a quiz question, unless an answer of hers to it is recorded already: the
        first answer stays, whatever comes after it."""
        self._write([("INSERT INTO quizzes VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                      (quiz.name_key, quiz.name, quiz.kind, quiz.seed, quiz.rules, quiz.answer, int(quiz.right),
                       quiz.stamp))])

    def archive_name(self, table: str) -> str:
        """The name a table's finished match is kept under once archived: ``3B #1``, ``3B #2``... (a ``#`` no
        created table's name holds, so it never takes a name a table could have)."""
        head = f"{table} #"
        taken = {name for (name,) in self._rows("SELECT name FROM tables WHERE substr(name, 1, ?) = ?",
                                                (len(head), head))}
        k = 1
        while f"{table} #{k}" in taken:
            k += 1
        return f"{table} #{k}"

    @staticmethod
    def _renamed(table: str, archived_as: str, summary: dict[str, Any]) -> list[Statement]:
        """The statements that move every row of ``table`` to ``archived_as`` and mark it archived."""
        out: list[Statement] = [
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
        self._write(self._renamed(table, archived_as, summary), table)

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
                      (table, archived_as))], table)

    def set_bot(self, table: str, bots: dict[int, str]) -> None:
        """Replace the table's bots (a bot took a free seat)."""
        self._write([("UPDATE tables SET bots = ? WHERE name = ?",
                      (json.dumps({str(s): lvl for s, lvl in sorted(bots.items())}), table))], table)

    # ------------------------------------------------------------------ reads

    def live_names(self) -> list[str]:
        """The names of the tables in play (not archived), oldest first."""
        return [row[0] for row in self._rows(f"{LIVE} ORDER BY created")]

    def archived(self) -> list[dict[str, Any]]:
        """Every archived table's summary as it was archived, with ``archived`` (when), oldest first."""
        return [{**json.loads(summary), "table": name, "archived": stamp} for name, stamp, summary in
                self._rows("SELECT table_name, stamp, summary FROM archived ORDER BY stamp")]

    def seat_name(self, hashed: str) -> str | None:
        """The name of the player whose seat token has the SHA-256 ``hashed``, at any table, an archived one too
        (None: no seat has it, or it was freed)."""
        found = self._rows("SELECT name FROM seats WHERE token_hash = ? LIMIT 1", (hashed,))
        return None if not found else str(found[0][0])

    def first_answer(self, name_key: str, kind: str, seed: int, rules: str) -> QuizAnswer | None:
        """The student's recorded answer to the quiz question (her first), or None if she has not answered it."""
        found = self._rows("SELECT name, answer, correct, stamp FROM quizzes WHERE name_key = ? AND kind = ? AND "
                           "seed = ? AND rules = ?", (name_key, kind, seed, rules))
        if not found:
            return None
        name, answer, right, stamp = found[0]
        return QuizAnswer(name_key, str(name), kind, seed, rules, str(answer), bool(right), float(stamp))

    def quiz_counts(self) -> list[tuple[str, int, int]]:
        """Per student who answered any quiz: a name of hers, the questions she answered and how many of her
        first answers were right, in the order the students first answered."""
        return [(str(name), int(answered), int(right)) for name, answered, right in self._rows(
            "SELECT min(name), count(*), sum(correct) FROM quizzes GROUP BY name_key ORDER BY min(stamp)")]

    def stored_table(self, name: str) -> StoredTable | UnreadableTable | None:
        """One live table's rows, as :meth:`tables` reads them (None if there is none)."""
        return next(iter(self.tables((name,))), None)

    def record(self, table: str) -> dict[str, Any] | None:
        """The table's ``Game.record()``, from its rows, and beside the record's own keys what the classroom
        knows of it: ``table``, ``created``, ``bots`` (by seat), ``names`` (one per seat: its player's, None for
        a bot or a free seat), ``moves`` (every move in the order accepted: ``kind``, ``seat``, ``text``,
        ``time`` and ``by``: ``player``, ``standin`` or ``bot``) and ``chat`` (``seat``, ``name``, ``text``,
        ``time``, ``teacher``). Times are seconds since 1970. None for an unknown table."""
        found = self._rows("SELECT base_record, bots, created FROM tables WHERE name = ?", (table,))
        if not found:
            return None
        row = found[0]
        record: dict[str, Any] = json.loads(row[0])
        bots = {int(seat): level for seat, level in json.loads(row[1]).items()}
        standins = {n for (n,) in self._rows("SELECT n FROM standins WHERE table_name = ?", (table,))}
        actions: list[str] = []
        senas: list[dict[str, Any]] = []
        moves: list[dict[str, Any]] = []
        for n, kind, seat, text, at, stamp in self._rows(
            "SELECT n, kind, seat, text, at, stamp FROM moves WHERE table_name = ? ORDER BY n", (table,)
        ):
            if kind == "action":
                actions.append(text)
            else:
                senas.append({"at": at, "seat": seat, "sena": text})
            by = "bot" if seat in bots else "standin" if n in standins else "player"
            moves.append({"kind": kind, "seat": seat, "text": text, "time": stamp, "by": by})
        names: list[str | None] = [None] * 4
        for seat, name in self._rows("SELECT seat, name FROM seats WHERE table_name = ?", (table,)):
            if seat in range(4):
                names[seat] = name
        chat = [{"seat": seat, "name": name, "text": text, "time": stamp, "teacher": seat is None}
                for seat, name, text, stamp in self._rows(
                    "SELECT seat, name, text, stamp FROM chat WHERE table_name = ? ORDER BY n", (table,))]
        return {**record, "actions": actions, "senas": senas, "table": table, "created": row[2],
                "bots": {str(seat): level for seat, level in sorted(bots.items())}, "names": names,
                "moves": moves, "chat": chat}

    def tables(self, only: Sequence[str] | None = None) -> Iterator[StoredTable | UnreadableTable]:
        """Every table in play (or those of ``only`` among them), with its moves in the order they were
        accepted; a table whose rows cannot be read as one comes as an :class:`UnreadableTable` (its rows are
        left as they are)."""
        live = self._rows("SELECT name, base_record, bots FROM tables WHERE name NOT IN "
                          "(SELECT table_name FROM archived) ORDER BY created")
        for name, base, bots in live:
            if only is not None and name not in only:
                continue
            try:
                form = self.read_form(str(name), base, bots)
            except (ValueError, TypeError) as error:
                yield UnreadableTable(str(name), f"{type(error).__name__}: {error}")
                continue
            seats = tuple(StoredSeat(seat, who, hashed) for seat, who, hashed in self._rows(
                "SELECT seat, name, token_hash FROM seats WHERE table_name = ? ORDER BY seat", (name,)))
            moves = tuple(Move(kind, seat, text, at) for kind, seat, text, at in self._rows(
                "SELECT kind, seat, text, at FROM moves WHERE table_name = ? ORDER BY n", (name,)))
            chat = tuple(self._rows("SELECT seat, name, text, stamp FROM chat WHERE table_name = ? ORDER BY n",
                                    (name,)))
            access = self._rows("SELECT code_hash, locked FROM access WHERE table_name = ?", (name,))
            code_hash, locked = (None, None) if not access else access[0]
            try:
                names = None if locked is None else tuple(json.loads(locked))
            except (ValueError, TypeError) as error:
                yield UnreadableTable(str(name), f"its lock is not a JSON list of names: {type(error).__name__}: "
                                                 f"{error}")
                continue
            yield StoredTable(name, form["base"], form["bots"], seats, moves, chat, code_hash, names)

    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        """Every row of every classroom table, in a fixed order: what a copy to another database writes, and
        what it compares once written."""
        keys = {"tables": "name", "archived": "table_name", "access": "table_name",
                "quizzes": "name_key, kind, seed, rules"}
        return {name: self._rows(f"SELECT {', '.join(columns)} FROM {name} ORDER BY "
                                 f"{keys.get(name, ', '.join(columns[:2]))}")
                for name, columns in COLUMNS.items()}

    def load_rows(self, rows: dict[str, list[tuple[Any, ...]]]) -> None:
        """Write ``rows`` (as :meth:`dump` reads them) into this database, which holds no table yet, in one
        commit; :class:`RowConflictError` if it holds some of them already."""
        statements: list[Statement] = []
        for name, columns in COLUMNS.items():  # in this order: a table's row before the rows that refer to it
            marks = ", ".join("?" * len(columns))
            statements += [(f"INSERT INTO {name} VALUES ({marks})", tuple(row)) for row in rows.get(name, [])]
        self._write(statements)
