"""The tables one server process serves out of a database several processes share (PostgreSQL): each table is
leased to one process in the database (:meth:`~.storage.Storage.claim`), the lease renewed every third of its
length and taken over by another process once it has ended (its owner killed, or cut off from the database).

A process serves the tables it holds the lease of. A request for a table it does not serve (a student who
reconnected here after their process died, or came here first) either takes the table over, if its lease has
ended or it has none, rebuilding it from its rows as a restart does, or is refused ``elsewhere`` with the
address of the process that holds the lease, where the clients go. The database's transactions and row locks
are the only coordination: no process talks to another.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import socket
import time
from collections.abc import Callable

from .connections import Connections
from .persistence import Persistence
from .playing import Playing
from .protocol import MOVED_CLOSE, ClassroomError, find_name
from .room import Room
from .sharing import SHARE_EVERY, Sharing
from .storage import Owner, Storage, StorageFailedError
from .tables import Table

log = logging.getLogger("mus_widget.classroom")

LEASE = 15.0
"""Seconds a lease lasts unless renewed, by default (``--lease``): a process renews its leases every third of
it, and the tables of a process that died are taken over by another within that long."""


class Leases:
    """This process's leases: the tables it claims at start, keeps, takes over and loses."""

    def __init__(self, storage: Storage, owner: Owner, *, persistence: Persistence, playing: Playing,
                 connections: Connections, room: Room) -> None:
        self.storage = storage
        self.owner = owner
        self.persistence = persistence
        self.playing = playing
        self.connections = connections
        self.room = room
        self.tasks: list[asyncio.Task[None]] = []
        """The renewals' loop and the sharing's (:meth:`start`)."""
        self.failing = False
        """Whether the latest renewal failed (the database out of reach): said once in the log, until one works."""
        self.sharing = Sharing(storage, owner, playing, room)
        """The tables' summaries shared with the other processes' rooms, and theirs for this one's."""
        persistence.lost = self.lost
        playing.finder = self.find

    def claim_all(self) -> list[str]:
        """At start: the tables whose lease has ended or that have none, now this process's (the others are
        served by live processes)."""
        return self.storage.claim(self.owner)

    def start(self) -> None:
        """Renew the leases, and take over the tables whose lease ended, every third of a lease; share the
        tables' summaries every :data:`~.sharing.SHARE_EVERY` seconds."""
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(_every(self.owner.ttl / 3, self.tick)),
                      loop.create_task(_every(SHARE_EVERY, self.sharing.share))]

    async def close(self) -> None:
        """Stop renewing and sharing, and give the leases up, so another process takes the tables over at once."""
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        with contextlib.suppress(StorageFailedError):
            self.storage.release(self.owner)

    def tick(self) -> None:
        """Renew this process's leases, stop serving the tables whose lease another process took, and take over
        every table whose lease ended (a process that died)."""
        try:
            mine = self.storage.renew(self.owner)
            taken = set(self.storage.claim(self.owner))
        except StorageFailedError as error:
            if not self.failing:
                self.failing = True
                log.error("the leases of this process could not be renewed: %s", error.cause)
            return
        if self.failing:
            self.failing = False
            log.warning("the leases of this process are renewed again")
        for name, table in list(self.playing.tables.items()):
            if name not in mine and name not in taken:
                self.lost(table)
        for name in sorted((mine | taken) - set(self.playing.tables) - set(self.persistence.set_aside)):
            self.serve(name)

    def serve(self, name: str) -> Table | None:
        """Serve table ``name``, whose lease this process has just taken: rebuilt from its rows as at a restart,
        its players gone until they rejoin (None if its rows do not replay: it is set aside)."""
        tables = self.persistence.load((name,))
        now = time.monotonic()
        for table in tables:
            log.warning("table %r is served by this process now (its lease had ended)", table.name)
            self.playing.open(table)
            for seat, player in table.players.items():
                player.gone_since = now
                self.playing.schedule_away(table, seat)
        self.room.load_chat(tables)
        return tables[0] if tables else None

    def find(self, name: str) -> Table | None:
        """The table ``name`` (as a request names it) if this process can serve it now: taken over if its lease
        has ended. ``elsewhere`` if another process holds its lease, None if there is no such table."""
        found, _ = find_name(name, self.storage.live_names())
        if found is None:
            return None
        if self.storage.claim(self.owner, found):
            table = self.serve(found)
            if table is None:
                raise ClassroomError("unknown_table", f"table {found!r} is set aside, its stored rows do not "
                                                      f"replay: {self.persistence.set_aside.get(found, '')}")
            return table
        where = self.storage.owner_of(found)
        if where is None:  # archived, or its lease given up, since: ask again
            raise ClassroomError("elsewhere", f"table {found!r} is changing hands: try again in a moment")
        address, left = where
        raise ClassroomError("elsewhere", f"table {found!r} is served at {address} (its lease there lasts "
                                          f"{max(left, 0):.0f} s more unless renewed): connect there",
                             address=address)

    def lost(self, table: Table) -> None:
        """Another process holds ``table``'s lease now: stop serving it, and close its connections (code
        :data:`~.protocol.MOVED_CLOSE`) so its clients reconnect and are sent where it is served."""
        if self.playing.tables.get(table.name) is not table:
            return
        log.warning("table %r is served by another process now (this process's lease had ended)", table.name)
        self.playing.retire(table)
        self.connections.announce(table, {"type": "table", "event": "moved"})
        for connection in [*table.audience()]:
            self.connections.close(connection, MOVED_CLOSE, "the table is served by another process now")



async def _every(seconds: float, call: Callable[[], None]) -> None:
    """``call()`` every ``seconds``, until cancelled."""
    while True:
        await asyncio.sleep(seconds)
        call()


def listen(host: str, port: int) -> socket.socket:
    """The listening socket of a process that shares its database, bound before the process claims any lease:
    its address is its identity in the leases (:func:`owner`), so a second process started on the same address
    stops here, before it could serve a table the first one serves."""
    return socket.create_server((host, port), family=socket.AF_INET6 if ":" in host else socket.AF_INET)


def owner(host: str, port: int, lease: float = LEASE, advertise: str | None = None) -> Owner:
    """This process as the leases name it: by the address the other processes send its tables' students to,
    ``advertise`` if given, else ``ws://host:port`` (the machine's name for a server listening on every network,
    0.0.0.0). A process started again on the same address takes its tables back at once; any other waits until
    their leases end."""
    if advertise is None:
        shown = socket.getfqdn() if host in ("", "0.0.0.0", "::") else host
        advertise = f"ws://{f'[{shown}]' if ':' in shown else shown}:{port}"
    return Owner(advertise, advertise, lease)
