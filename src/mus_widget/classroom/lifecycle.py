"""A served table's life after its match: a rematch at the same table (the same seats, tokens, join code and
lock; the finished match archived under ``3B #1``), a table archived out of the live list (its rows and record
kept), a bot given a seat nobody took, and a line of the teacher's to every table at once."""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from ..bots import LEVELS
from ..engine.game import Game
from .connections import Connections, Session
from .frames import StateWriter
from .persistence import Persistence
from .playing import Playing
from .protocol import MAX_CHAT, ClassroomError, plain_text, required_text, seat_field
from .room import FREED, Room
from .storage import Storage, StoredSeat, StoredTable, UnreadableTable
from .tables import chat_line


class Lifecycle:
    """The requests that start, end and complete the tables: ``rematch``, ``archive``, ``seat_bot``, ``tell_all``."""

    def __init__(self, connections: Connections, persistence: Persistence, playing: Playing, room: Room) -> None:
        self.connections = connections
        self.persistence = persistence
        self.playing = playing
        self.room = room

    @property
    def storage(self) -> Storage:
        return self.persistence.storage

    async def rematch(self, session: Session, frame: dict[str, Any], *, teacher: bool) -> dict[str, Any]:
        """A new match at a table whose match is over, asked for by one of its players (a seated connection)
        or by the teacher (``table``): the finished match is archived as ``<table> #n`` and a new one, of the
        same rules and a new seed, starts at once with the same players, bots, join code and lock."""
        seated = session.table
        if teacher:
            table = self.playing.table(frame)
        elif seated is None or session.seat is None or session.player() is None:
            raise ClassroomError("not_joined", "join a seat (or give the teacher key) before a 'rematch' frame")
        else:
            table = seated
        async with table.lock:
            if not table.game.is_over:
                raise ClassroomError("not_over", f"the match at {table.name!r} is not over yet: a rematch starts "
                                                 f"when it is")
            archived_as = self.storage.archive_name(table.name)
            summary = table.summary()
            game = Game.new(seed=None, rules=table.game.rules)
            first = table.moves
            base, bots = Storage.stored_form(game, table.levels, first)
            form = Storage.read_form(table.name, base, bots)
            seats = tuple(StoredSeat(seat, player.name, player.token_hash) for seat, player in table.players.items())
            # Built from exactly the rows about to be stored, so the new match replays after a restart.
            fresh = self.persistence.build(StoredTable(table.name, form["base"], form["bots"], seats, (), (),
                                                       table.code_hash, table.locked))
            self.persistence.stored(table, self.storage.rematch, table.name, archived_as, summary, game,
                                    bots=table.levels, first=first)
            table.game, table.bots, table.standins = fresh.game, fresh.bots, fresh.standins
            table.n_actions, table.hands, table.chat = 0, [], []
            table.writer = StateWriter()
            table.turn_since = time.monotonic()
        self.room.archived_now()
        self.connections.announce(table, {"type": "table", "event": "rematch", "archived_as": archived_as})
        self.connections.publish(table)
        table.wake.set()
        return {"type": "updated", "id": frame.get("id"), "archived_as": archived_as, **table.summary()}

    async def archive(self, frame: dict[str, Any]) -> dict[str, Any]:
        """Take a table out of the live list (the teacher's ``archive``): its rows stay in the database under
        ``<table> #n``, its record readable and reviewable by that name, and its name is free for a new
        table. Everyone at it hears ``archived``; their connections are closed (code 4001)."""
        table = self.playing.table(frame)
        async with table.lock:
            archived_as = self.storage.archive_name(table.name)
            self.persistence.stored(table, self.storage.archive, table.name, archived_as, table.summary())
            self.playing.retire(table)
        self.room.archived_now()
        self.connections.announce(table, {"type": "table", "event": "archived", "archived_as": archived_as})
        for player in table.players.values():
            for connection in player.connections:
                self.connections.close(connection, FREED, "the teacher archived this table")
            player.connections.clear()
            player.closed.clear()
        for connection in table.watchers:
            self.connections.close(connection, FREED, "the teacher archived this table")
        table.watchers.clear()
        return {"type": "archived", "id": frame.get("id"), "table": table.name, "archived_as": archived_as}

    async def seat_bot(self, frame: dict[str, Any]) -> dict[str, Any]:
        """A bot of ``level`` (novice by default) takes ``seat``, a seat nobody sits at (the teacher's
        ``seat_bot``): the table stops waiting for a student who never came. The bot is rebuilt as a restart
        would build it (shown every hand of the match so far)."""
        table = self.playing.table(frame)
        seat = seat_field(frame)
        level = frame.get("level", "novice")
        if seat is None or not isinstance(level, str) or level not in LEVELS:
            raise ClassroomError("bad_frame", f"a 'seat_bot' frame needs 'seat' (0 to 3) and 'level' (one of "
                                              f"{', '.join(LEVELS)})")
        async with table.lock:
            if seat in table.levels or seat in table.players:
                who = "a bot" if seat in table.levels else "a player (free the seat first)"
                raise ClassroomError("seat_taken", f"seat {seat} at {table.name!r} has {who}")
            stored = self.storage.stored_table(table.name)
            if stored is None or isinstance(stored, UnreadableTable):
                raise ClassroomError("unknown_table", f"table {table.name!r} cannot be read back")
            levels = {**table.levels, seat: level}
            fresh = self.persistence.build(dataclasses.replace(stored, bots=levels))
            self.persistence.stored(table, self.storage.set_bot, table.name, levels)
            table.levels, table.bots, table.standins = fresh.levels, fresh.bots, fresh.standins
        self.connections.announce(table, {"type": "table", "event": "bot_seated", "seat": seat, "level": level})
        self.connections.publish(table)
        table.wake.set()
        return {"type": "updated", "id": frame.get("id"), **table.summary()}

    def tell_all(self, frame: dict[str, Any]) -> dict[str, Any]:
        """The teacher's line to every table at once (``tell_all``): a teacher's chat line at each, as ``tell``
        writes it; ``tables`` says how many heard it, ``elsewhere`` where the other server processes of the
        class listen, if any (the teacher's client tells their tables there)."""
        text = plain_text(required_text(frame, "text"), MAX_CHAT, "message", "bad_chat")
        told = 0
        for table in list(self.playing.tables.values()):
            stamp = time.time()
            self.persistence.stored(table, self.storage.add_chat, table.name, len(table.chat), None, "", text,
                                    stamp=stamp)
            self.room.chatted(table, chat_line(None, "", text, stamp))
            told += 1
        others = self.room.others()
        return {"type": "ok", "id": frame.get("id"), "tables": told, **({"elsewhere": others} if others else {})}

