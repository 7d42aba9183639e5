"""The server's calls to its database: every write goes through :meth:`Persistence.stored` (a failure is told at
its table, and every table's bots try again once a write works), and the stored tables are rebuilt from their
rows, a table whose rows do not replay set aside rather than served."""

from __future__ import annotations

import logging
from collections.abc import Callable, Collection
from typing import Any

from ..bots import LEVELS, TEACHING, make_bot
from ..bots.turns import hand_ended
from ..engine.errors import RecordError
from ..engine.game import Game
from ..engine.seats import SEATS
from .connections import Connections
from .frames import StateWriter
from .storage import LeaseLostError, Storage, StorageFailedError, StoredTable, UnreadableTable
from .tables import Player, Table, chat_line, replay

log = logging.getLogger("mus_widget.classroom")


class Persistence:
    """The class's database as the server writes and reads it."""

    def __init__(self, storage: Storage, connections: Connections, standin: str) -> None:
        """``connections``: where a failed write, and storage working again, are told; ``standin``: the level
        of the stand-in bots of a rebuilt table."""
        self.storage = storage
        self.connections = connections
        self.standin = standin
        self.failing: set[Table] = set()
        """The tables whose latest write failed (``Table.fault``), until a write succeeds."""
        self.set_aside: dict[str, str] = {}
        """The stored tables that do not replay, and why: not served, their rows left as they are."""
        self.lost: Callable[[Table], None] = lambda table: None
        """What to do with a table whose lease another server process took (:mod:`.leases` retires it)."""

    def stored(self, table: Table | None, write: Any, *args: Any, **kwargs: Any) -> None:
        """Make one write to the database for ``table``. When it fails, the table's players and watchers hear
        of it (once, until a write succeeds) and :class:`StorageFailedError` goes on to the request; when it
        succeeds, every table whose write had failed hears that storage works again and its bots try again.
        A table whose latest failed write may have been committed all the same (:attr:`Storage.doubtful`) is
        read back first, and if that write had been stored this one, made on the table as it was before, is
        refused (:class:`StorageFailedError`: made again, it is made on the table as it is). A table whose
        lease another server process holds now is handed to :attr:`lost` (:class:`LeaseLostError` goes on to the
        request)."""
        try:
            if table is not None and table.name in self.storage.doubtful and self.read_back(table):
                raise StorageFailedError(self.storage.path, RuntimeError(
                    "a write thought lost had been stored: the table is read back from the database"))
            write(*args, **kwargs)
        except LeaseLostError:
            if table is not None:
                self.lost(table)
            raise
        except StorageFailedError as error:
            if table is not None and table.fault is None:
                table.fault = str(error.cause)
                self.failing.add(table)
                log.error("the database failed to store a write of table %r: %s", table.name, error.cause)
                self.connections.announce(table, {"type": "table", "event": "storage_failed", "reason": table.fault})
            raise
        while self.failing:
            other = self.failing.pop()
            other.fault = None
            log.warning("the database stores table %r's moves again", other.name)
            self.connections.announce(other, {"type": "table", "event": "storage_ok"})
            other.wake.set()

    def load(self, only: Collection[str] | None = None) -> list[Table]:
        """Every stored table that replays (or those of ``only``), rebuilt from its record; the others are set
        aside (one line in the log, an entry in the teacher's list). :class:`~.storage.NotAClassroomError` if
        SQLite cannot read the file through (a damaged page met only now): the server then stops with that one
        line, as at opening."""
        tables = []
        for stored in self.storage.tables(None if only is None else tuple(only)):
            try:
                if isinstance(stored, UnreadableTable):
                    raise RecordError(stored.reason)
                tables.append(self.build(stored))
            except Exception as error:  # whatever the rows hold: the table waits for the teacher, not the class
                reason = str(error) if isinstance(error, RecordError) else f"{type(error).__name__}: {error}"
                self.set_aside[stored.name] = reason
                log.error("table %r set aside (its rows are kept as they are): it does not replay: %s",
                          stored.name, reason)
        return tables

    def read_back(self, table: Table) -> bool:
        """Make ``table`` what its rows say (its latest write failed as the connection to the database went, so
        it may have been stored after all): replayed anew if the rows hold more than the table in memory, its
        players told; whether they did. :class:`StorageFailedError` while the database cannot be read."""
        stored = self.storage.stored_table(table.name)
        self.storage.doubtful.discard(table.name)
        if stored is None or isinstance(stored, UnreadableTable):
            return False
        fresh = self.build(stored)
        if (fresh.moves, len(fresh.chat), set(fresh.players)) == (table.moves, len(table.chat), set(table.players)):
            return False
        log.warning("table %r: a write whose commit was in doubt had been stored; the table is read back",
                    table.name)
        for seat, player in fresh.players.items():
            known = table.players.get(seat)
            if known is not None and known.token_hash == player.token_hash:
                fresh.players[seat] = known  # the same player: their connections and their pace stay
        table.game, table.moves, table.n_actions, table.hands = fresh.game, fresh.moves, fresh.n_actions, fresh.hands
        table.bots, table.standins, table.players, table.chat = fresh.bots, fresh.standins, fresh.players, fresh.chat
        table.writer = StateWriter()  # the frames it wrote were of the game before
        self.connections.publish(table)
        return True

    def build(self, stored: StoredTable) -> Table:
        """A stored table, rebuilt: its game replayed move by move from the base record, the bots shown every
        hand as it ended (so a restarted server's bots remember exactly what they would have). Students sit at
        every table: its bots and stand-ins keep the :data:`~mus_widget.bots.TEACHING` manners. The engine's
        error, or ValueError, if its rows do not replay."""
        for seat, level in stored.bots.items():
            if seat not in SEATS or level not in LEVELS:
                raise RecordError(f"its bots are seats 0 to 3 of the levels {', '.join(LEVELS)}, not seat {seat} "
                                  f"-> {level!r}")
        for stored_seat in stored.seats:
            if stored_seat.seat not in SEATS or stored_seat.seat in stored.bots:
                raise RecordError(f"a player sits at seat {stored_seat.seat!r}, which is not a free seat 0 to 3")
        if stored.base.get("actions") or stored.base.get("senas"):
            raise RecordError("its base record holds moves; a table's moves are rows of their own")
        game = Game.from_record(stored.base)
        seed = game.seed
        table = Table(stored.name, game, dict(stored.bots),
                      {seat: make_bot(level, seed + seat, TEACHING) for seat, level in stored.bots.items()},
                      {seat: make_bot(self.standin, seed + 10 + seat, TEACHING) for seat in range(4)
                       if seat not in stored.bots})
        for n, move in enumerate(stored.moves):  # the table talk is among the stored moves: nobody talks again
            before = table.game
            try:
                table.game = replay(before, move, table.told)
            except Exception as error:
                raise RecordError(f"move {n} ({move.kind} {move.text!r} by seat {move.seat!r}): "
                                  f"{type(error).__name__}: {error}") from error
            if hand_ended(before, table.game) and table.game.last_hand is not None:
                table.hands.append(table.game.last_hand)
        table.players = {s.seat: Player(s.name, s.token_hash) for s in stored.seats}
        table.code_hash, table.locked = stored.code_hash, stored.locked
        first = stored.base.get("first_seq", 0)
        if isinstance(first, bool) or not isinstance(first, int) or first < 0:
            raise RecordError(f"its first_seq is a whole number, not {first!r}")
        table.moves = first + len(stored.moves)
        table.n_actions = len(table.game.actions)
        table.chat = [chat_line(*line) for line in stored.chat]
        return table
