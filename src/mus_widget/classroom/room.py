"""The teacher's room: the requests only the teacher key makes (free a seat, lock a table or give it a join code,
write to a table, list the tables) and the chat of the whole class, which every table's lines go to."""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .connections import Connections
from .persistence import Persistence
from .playing import Playing
from .protocol import (
    MAX_CHAT,
    MAX_LOCKED,
    ClassroomError,
    join_code,
    name_key,
    plain_text,
    player_name,
    required_text,
    seat_field,
    text_field,
)
from .storage import StorageFailedError, token_hash
from .tables import Table, chat_line

CLASS_CHAT = 200
"""Chat lines of the whole class a teacher's list receives at most (the latest)."""
FREED = 4001
"""The close code of a connection whose seat the teacher freed (the client should not rejoin with its token)."""


@dataclass(eq=False)
class ClassChat:
    """The chat of every table together, in the order it was written: the latest :data:`CLASS_CHAT` lines,
    each with its table, numbered from the first line of the class (so a teacher's list asks only for the
    lines after those it has)."""

    lines: list[dict[str, Any]] = field(default_factory=list)
    total: int = 0
    """Lines written in all (the number the next one gets)."""
    known: set[tuple[Any, ...]] = field(default_factory=set)
    """The lines kept, by table, time, seat and text: a line heard twice (read from the database when another
    process served its table, then again when this one took the table over) is kept once."""

    def add(self, table: str, line: dict[str, Any]) -> None:
        key = (table, line.get("time"), line.get("seat"), line.get("text"))
        if key in self.known:
            return
        self.known.add(key)
        self.lines.append({"n": self.total, "table": table, **{k: v for k, v in line.items() if k != "type"}})
        self.total += 1
        if len(self.lines) > 2 * CLASS_CHAT:
            del self.lines[:-CLASS_CHAT]
            self.known = {(kept["table"], kept.get("time"), kept.get("seat"), kept.get("text"))
                          for kept in self.lines}

    def since(self, first: int) -> list[dict[str, Any]]:
        """The lines numbered ``first`` and after, at most the latest :data:`CLASS_CHAT`."""
        start = max(first, self.total - CLASS_CHAT)
        return [line for line in self.lines if line["n"] >= start]


class Room:
    """What the teacher sees of the class and does to it; every table's chat passes through here."""

    def __init__(self, connections: Connections, persistence: Persistence, playing: Playing) -> None:
        self.connections = connections
        self.persistence = persistence
        self.playing = playing
        self.class_chat = ClassChat()
        self.chat_id = secrets.token_hex(4)
        """Names how this process numbers the class's lines: a teacher's list that hears another asks afresh."""
        self._archived: list[dict[str, Any]] = []
        self._stale = True
        """Whether :attr:`_archived` is to be read again (a table was archived since, or it was never read)."""
        self.elsewhere: Callable[[], list[dict[str, Any]]] = list
        """The tables other server processes of the class serve, as they shared them (:mod:`.sharing`)."""
        self.others: Callable[[], list[str]] = list
        """Where those processes listen (a ``tell_all`` reaches their tables from there)."""

    def load_chat(self, tables: list[Table]) -> None:
        """The class's chat rebuilt from the stored tables' lines, in the order they were written."""
        lines = sorted(((line["time"], table.name, line) for table in tables for line in table.chat),
                       key=lambda item: item[:2])
        for _, name, line in lines:
            self.class_chat.add(name, line)

    def chatted(self, table: Table, line: dict[str, Any]) -> None:
        """A stored chat line: the table's, the class's, and everyone at the table hears it."""
        table.chat.append(line)
        self.class_chat.add(table.name, line)
        self.connections.announce(table, line)

    def listing(self, frame: dict[str, Any]) -> dict[str, Any]:
        """The teacher's list; with ``chat_from`` (a number), also the class's chat lines from that number on
        (``chat``) and how many there are in all (``chat_total``)."""
        reply = {"type": "tables", "id": frame.get("id"), "tables": self.summaries(), "archived": self.archived()}
        first = frame.get("chat_from")
        if first is not None:
            if isinstance(first, bool) or not isinstance(first, int):
                raise ClassroomError("bad_frame", f"'chat_from' is a whole number, not {first!r}")
            reply["chat"] = self.class_chat.since(first)
            reply["chat_total"] = self.class_chat.total
            reply["chat_id"] = self.chat_id
        return reply

    def archived(self) -> list[dict[str, Any]]:
        """Every archived table's summary as it was archived (``table`` is its archived name, ``archived`` when)."""
        if self._stale:
            with contextlib.suppress(StorageFailedError):  # the database is away: the list as last read, until
                self._archived, self._stale = self.persistence.storage.archived(), False  # it is back
        return self._archived

    def archived_now(self) -> None:
        """A table was archived: the list reads the archive again."""
        self._stale = True

    def summaries(self) -> list[dict[str, Any]]:
        """The teacher's list: every served table's summary, then every table set aside and why, then those
        other processes of the class serve (``served_at``)."""
        here = [*(t.summary() for t in self.playing.tables.values()),
                *({"table": name, "set_aside": reason} for name, reason in self.persistence.set_aside.items())]
        names = {summary["table"] for summary in here}
        return [*here, *(summary for summary in self.elsewhere() if summary.get("table") not in names)]

    def free_seat(self, frame: dict[str, Any]) -> dict[str, Any]:
        """The teacher gives a seat back: its player's token stops working, their connections are told and
        closed, and the next student to join may sit there (a squatter's seat, or a student who left)."""
        table = self.playing.table(frame)
        seat = seat_field(frame)
        if seat is None:
            raise ClassroomError("bad_frame", "a 'free_seat' frame needs 'seat', 0 to 3")
        player = table.players.get(seat)
        if player is None:
            what = "a bot" if seat in table.levels else "no player"
            raise ClassroomError("seat_open", f"seat {seat} at {table.name!r} has {what}: there is nobody to free")
        self.persistence.stored(table, self.persistence.storage.free_seat, table.name, seat)
        self.connections.announce(table, {"type": "table", "event": "freed", "seat": seat, "name": player.name})
        del table.players[seat]
        self.playing.pause_or_resume(table)
        for connection in player.connections:
            self.connections.close(connection, FREED, "the teacher freed this seat")
        player.connections.clear()
        player.closed.clear()
        self.connections.publish(table)
        return {"type": "updated", "id": frame.get("id"), **table.summary()}

    def set_access(self, frame: dict[str, Any]) -> dict[str, Any]:
        """``lock`` (only ``names`` may sit down), ``unlock``, or ``set_code`` (``code``, or null for none): who
        may take a free seat from now on; the players already seated keep their seats."""
        table = self.playing.table(frame)
        kind = frame["type"]
        code_hash, locked = table.code_hash, table.locked
        if kind == "set_code":
            code = text_field(frame, "code", optional=True)
            code_hash = None if code is None else token_hash(join_code(code))
        elif kind == "unlock":
            locked = None
        else:
            names = frame.get("names")
            if not isinstance(names, list) or not 1 <= len(names) <= MAX_LOCKED:
                raise ClassroomError("bad_frame", f"'names' is a list of 1 to {MAX_LOCKED} players' names")
            seen: dict[str, str] = {}
            for given in names:
                if not isinstance(given, str):
                    raise ClassroomError("bad_frame", f"'names' is a list of 1 to {MAX_LOCKED} players' names")
                name = player_name(given)
                seen.setdefault(name_key(name), name)
            locked = tuple(seen.values())
        self.persistence.stored(table, self.persistence.storage.set_access, table.name, code_hash, locked)
        table.code_hash, table.locked = code_hash, locked
        return {"type": "updated", "id": frame.get("id"), **table.summary()}

    def tell(self, frame: dict[str, Any]) -> dict[str, Any]:
        """The teacher writes to a table: a chat line of no seat (``teacher``: true) that everyone there sees,
        stored with the table's chat."""
        table = self.playing.table(frame)
        text = plain_text(required_text(frame, "text"), MAX_CHAT, "message", "bad_chat")
        stamp = time.time()
        self.persistence.stored(table, self.persistence.storage.add_chat, table.name, len(table.chat), None, "",
                                text, stamp=stamp)
        self.chatted(table, chat_line(None, "", text, stamp))
        return {"type": "ok", "id": frame.get("id"), "seq": table.moves}
