"""The whole class in every teacher's room, when several server processes share the class's database
(:mod:`.leases`): each process keeps its tables' summaries in their lease rows (those that changed, every
second), and a room lists the other processes' tables as they last shared them, with their chat lines read from
the database, so a teacher connected to any process sees every table and the whole class's chat.

As with the leases, the database is the only coordination: no process talks to another.
"""

from __future__ import annotations

import contextlib
import json
import time
from typing import Any, Final

from .playing import Playing
from .room import CLASS_CHAT, Room
from .storage import Owner, Shared, Storage, StorageFailedError
from .tables import chat_line

SHARE_EVERY: Final = 1.0
"""Seconds between two sharings of this process's changed summaries, and how old the other processes' may be
when a room lists them before they are read again."""
VOLATILE: Final = ("waiting", "turn_for")
"""A summary's fields that change with the clock alone: shared as they are, aged by the reader, and not a change
that is shared again by itself."""
CHAT_SLACK: Final = 10.0
"""Seconds before the latest chat line heard from another process from which lines are read again (a line is
written a moment before it is committed; the lines heard already are told apart by table and number)."""


class Sharing:
    """This process's summaries shared with the others, and the others' summaries and chat for its room."""

    def __init__(self, storage: Storage, owner: Owner, playing: Playing, room: Room) -> None:
        self.storage = storage
        self.owner = owner
        self.playing = playing
        self.room = room
        self._written: dict[str, str] = {}
        """By table, its summary less :data:`VOLATILE` as last shared (JSON)."""
        self._read: list[Shared] = []
        self._read_at = -SHARE_EVERY
        self._chat_from = 0.0
        self._heard: dict[tuple[str, int], float] = {}
        """The other processes' chat lines added to the class's chat (by table and number), with their stamp."""
        room.elsewhere = self.elsewhere
        room.others = self.addresses

    def share(self) -> None:
        """Write the summaries of this process's tables that changed since they were last shared."""
        changed: dict[str, tuple[str, str]] = {}
        for name, table in self.playing.tables.items():
            summary = table.summary()
            key = json.dumps({k: v for k, v in summary.items() if k not in VOLATILE}, sort_keys=True)
            if self._written.get(name) != key:
                changed[name] = (key, json.dumps(summary))
        for name in set(self._written) - set(self.playing.tables):  # lost or archived: shared afresh if back
            del self._written[name]
        if not changed:
            return
        try:
            self.storage.share(self.owner, {name: text for name, (_, text) in changed.items()})
        except StorageFailedError:  # the database is away: the leases say so in the log; shared once it is back
            return
        self._written.update({name: key for name, (key, _) in changed.items()})

    def elsewhere(self) -> list[dict[str, Any]]:
        """The tables other processes serve, as they shared them (``served_at``: where; ``lease_ended``: its
        process stopped renewing, and one takes it over soon), their waits aged to now; read again from the
        database at most every :data:`SHARE_EVERY` seconds, with their new chat lines for the class's chat."""
        self._refresh()
        late = time.monotonic() - self._read_at
        found = []
        for row in self._read:
            if row.name in self.playing.tables:
                continue
            try:
                summary = json.loads(row.summary)
            except ValueError:
                continue
            if not isinstance(summary, dict):
                continue
            for key in VOLATILE:
                value = summary.get(key)
                if isinstance(value, (int, float)) and not isinstance(value, bool):
                    summary[key] = round(value + row.age + late, 1)
            summary["served_at"] = row.address
            if not row.live:
                summary["lease_ended"] = True
            found.append(summary)
        return sorted(found, key=lambda summary: str(summary.get("table")))

    def addresses(self) -> list[str]:
        """Where the other live processes that serve tables of the class listen."""
        self._refresh()
        return sorted({row.address for row in self._read if row.live})

    def _refresh(self) -> None:
        """Read the other processes' tables again, and their new chat lines, if the last read is
        :data:`SHARE_EVERY` seconds old or more."""
        now = time.monotonic()
        if now - self._read_at >= SHARE_EVERY:
            with contextlib.suppress(StorageFailedError):  # the database is away: as last read, until it is back
                self._read = self.storage.shared_elsewhere(self.owner)
                self._read_at = now
                self._hear_chat()

    def _hear_chat(self) -> None:
        """Add to the class's chat the lines written at the other processes' tables since those last heard."""
        for table, n, seat, name, text, stamp in self.storage.chat_since(self._chat_from - CHAT_SLACK, CLASS_CHAT):
            self._chat_from = max(self._chat_from, stamp)
            if table in self.playing.tables or (table, n) in self._heard:
                continue
            self._heard[table, n] = stamp
            self.room.class_chat.add(table, chat_line(seat, name, text, stamp))
        floor = self._chat_from - 2 * CHAT_SLACK
        self._heard = {key: stamp for key, stamp in self._heard.items() if stamp >= floor}
