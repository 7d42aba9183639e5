"""The server's connections: each one's :class:`Session` (the seat it plays or the table it watches) read frame by
frame within a budget, what is sent to whom (a reader that falls behind is closed, never buffered for), the
limits per client address (connections held, seats joined, tables created) and the wrong join codes a connection
and a table may see."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import logging
import time
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.server import ServerConnection, broadcast
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from .protocol import AddressLimits, ClassroomError, RateLimit, decode, encode, error_frame
from .storage import token_hash
from .tables import Player, Table

log = logging.getLogger("mus_widget.classroom")

FLOOD_CLOSE = 200
"""Frames a connection may have dropped for flooding (recovering five a second) before the server closes it
(code 1008)."""
ADDRESS_CONNECTIONS = 256
"""Connections one address may hold at once, by default (``--max-connections-per-address``); it may make as
many joins at once, then as many a minute. Every kernel of a JupyterHub shares one address."""
ADDRESS_SEATS = 40
"""Seats one address may take afresh (a new player, not a rejoin by token) at once, by default
(``--max-seats-per-address``), then as many a minute: a whole class of 40 sitting down at the same moment from
one JupyterHub passes, a script taking every open seat of the server in a second stops there."""
SEND_BUFFER = 256 * 1024
"""Bytes the server may hold unsent for one connection (past what the operating system buffers): a reader
that falls further behind is closed with code 1008 rather than buffered for."""
REFUSED_CLOSE = frozenset({"too_many_joins", "too_many_connections", "hub_unavailable"})
"""Refusals after which the server closes the connection (code 1008): a client that reconnects by itself
(the notebook's table) tries again later, by when the limit has room (or the hub answers again)."""
STUDENT_TABLES_BURST = 10
STUDENT_TABLES_RATE = 1 / 30
"""Students at one address (a laptop, or every kernel of a JupyterHub) may create 10 tables at once, then one
every 30 seconds."""
CONNECTION_WRONG_CODES = 10
"""Wrong join codes one connection may send; past them its joins with a code are refused ``flood`` without the
code being compared. Wrong codes are counted per connection and per table, never per address: every kernel of a
JupyterHub shares one address, and a student's right code must not wait for another's guesses."""
CONNECTION_CODE_REFUSALS = 20
"""Joins with a code refused on one connection (wrong, then ``flood``) after which the next is answered
``too_many_joins`` and the connection closed (1008)."""
TABLE_WRONG_CODES = 20
TABLE_WRONG_CODES_RATE = 1 / 3
"""Wrong codes a table's code may be sent from all connections together: 20 at once (a class's typos), then one
every 3 seconds, 20 a minute. Past them the table still compares the first code of each connection (so the right
code always gets in) and refuses a wrong one ``flood``; a connection that guessed wrong is not compared again."""


def host_of(connection: ServerConnection) -> str:
    """The client's address (its host, without the port): what the limits per address count by."""
    address = connection.remote_address
    return str(address[0]) if address else ""


@dataclass(eq=False)
class Session:
    """One connection: the seat it plays or the table it watches, and its frame budget."""

    connection: ServerConnection
    table: Table | None = None
    seat: int | None = None
    limit: RateLimit = field(default_factory=lambda: RateLimit(rate=20.0, burst=40))
    patience: RateLimit = field(default_factory=lambda: RateLimit(rate=5.0, burst=FLOOD_CLOSE))
    wrong_codes: int = 0
    """Join codes this connection sent that were compared and wrong."""
    refused_codes: int = 0
    """Joins with a code refused on this connection: the wrong ones and those refused without comparing."""

    def player(self) -> Player | None:
        """The player whose seat this session plays, if the seat is still theirs (the teacher may have freed it)."""
        player = None if self.table is None or self.seat is None else self.table.players.get(self.seat)
        return player if player is not None and self.connection in player.connections else None


class Connections:
    """Every open connection of the server: what it may do per address, and what is sent to it."""

    def __init__(self, max_per_address: int = ADDRESS_CONNECTIONS, seats_per_address: int = ADDRESS_SEATS) -> None:
        """``max_per_address``: the connections one address may hold at once, and the joins it may make at once
        and then a minute; ``seats_per_address``: the seats it may take afresh at once, and then a minute."""
        self.max_per_address = max_per_address
        self.seats_per_address = seats_per_address
        self.create_limits = AddressLimits(rate=STUDENT_TABLES_RATE, burst=STUDENT_TABLES_BURST)
        """Per client address, the pace at which students there may create tables."""
        self.code_limits = AddressLimits(rate=TABLE_WRONG_CODES_RATE, burst=TABLE_WRONG_CODES)
        """Per table (by name), the wrong join codes it may still be sent before it answers them ``flood``."""
        self.join_limits = AddressLimits(rate=max_per_address / 60, burst=max_per_address)
        """Per client address, the pace at which it may join seats."""
        self.seat_limits = AddressLimits(rate=seats_per_address / 60, burst=seats_per_address)
        """Per client address, the pace at which it may take seats afresh (new players)."""
        self.held: dict[str, int] = {}
        """Per client address, its open connections."""
        self.closing: set[asyncio.Task[None]] = set()
        """The closing handshakes under way: of freed seats' connections and of readers too slow."""
        self.dropped = 0
        """Connections closed so far for reading too slowly (counted in the log a line a doubling)."""

    # ------------------------------------------------------------------ reading

    async def serve(self, connection: ServerConnection,
                    answer: Callable[[Session, str | bytes], Awaitable[dict[str, Any]]],
                    leave: Callable[[Session], None]) -> None:
        """One connection, its frames answered in order (``answer``) within its budget, then ``leave`` once it
        closes; whatever it sends harms only itself."""
        host = host_of(connection)
        held = self.held.get(host, 0)
        if held >= self.max_per_address:
            await self.refuse(connection, held)
            return
        self.held[host] = held + 1
        session = Session(connection)
        try:
            async for message in connection:
                now = time.monotonic()
                if not session.limit.allow(now):
                    if not session.patience.allow(now):
                        # Close, and keep reading (and dropping) what is queued so the client's closing frame
                        # gets through flow control at once.
                        closing = asyncio.ensure_future(connection.close(1008, "flood"))
                        async for _ in connection:
                            pass
                        await closing
                        return
                    try:
                        request_id = decode(message).get("id")
                    except ClassroomError as error:
                        request_id = error.request_id
                    await connection.send(encode(error_frame("flood", "too many frames: this one was dropped",
                                                             request_id)))
                    continue
                reply = await answer(session, message)
                await connection.send(encode(reply))
                if reply.get("kind") in REFUSED_CLOSE:
                    await connection.close(1008, reply["kind"])
                    return
        except ConnectionClosed:
            pass
        finally:
            leave(session)
            left = self.held[host] - 1
            if left:
                self.held[host] = left
            else:
                del self.held[host]

    async def refuse(self, connection: ServerConnection, held: int) -> None:
        """A connection from an address that holds as many as it may: its first frame is answered
        ``too_many_connections`` (with the frame's ``id``), then it is closed (1008)."""
        with contextlib.suppress(ConnectionClosed, TimeoutError):
            message = await asyncio.wait_for(connection.recv(), 5)
            try:
                request_id = decode(message).get("id")
            except ClassroomError as error:
                request_id = error.request_id
            await connection.send(encode(error_frame(
                "too_many_connections", f"this address holds {held} connections to the server, as many as it "
                                        f"may; close some, or ask the teacher", request_id)))
        await connection.close(1008, "too_many_connections")

    def check_join(self, session: Session, *, fresh: bool) -> None:
        """An address joins seats at a pace: :attr:`max_per_address` at once, then as many a minute; and takes
        seats afresh (``fresh``: a new player, not one back with their token) at a pace of their own,
        :attr:`seats_per_address` at once, then as many a minute. Only a join that seats someone counts: this
        is the last check before it does, and a refused join takes nothing from either pace."""
        now = time.monotonic()
        host = host_of(session.connection)
        seats = self.seat_limits.of(host, now)
        if fresh and seats.empty(now):
            raise ClassroomError("too_many_joins", f"this address took {self.seats_per_address} seats in a minute, "
                                                   f"as many as it may: wait a moment (a class on one JupyterHub "
                                                   f"shares one address: the teacher may raise "
                                                   f"--max-seats-per-address)")
        if not self.join_limits.of(host, now).allow(now):
            raise ClassroomError("too_many_joins", f"this address joined more than {self.max_per_address} seats "
                                                   f"in a minute: wait a moment")
        if fresh:
            seats.allow(now)

    def check_code(self, session: Session, table: Table, code: str) -> None:
        """Let ``session`` in with ``code`` if it is ``table``'s join code: compared unless this connection has
        guessed too often (so the right code from any other connection always gets in), a wrong one counted
        against the connection and the table (``bad_code``; ``flood`` once the table's budget is spent)."""
        assert table.code_hash is not None
        now = time.monotonic()
        budget = self.code_limits.of(table.name, now)
        spent = budget.empty(now)
        self.check_guesser(session, spent)
        if hmac.compare_digest(token_hash(code), table.code_hash):
            return
        session.wrong_codes += 1
        session.refused_codes += 1
        if spent:
            raise ClassroomError("flood", f"that is not the join code of {table.name!r} either, and its code was "
                                          f"guessed wrong over {TABLE_WRONG_CODES} times in a minute: check it "
                                          f"with the teacher (the right code still gets in)")
        budget.allow(now)
        raise ClassroomError("bad_code", f"that is not the join code of {table.name!r}")

    @staticmethod
    def check_guesser(session: Session, spent: bool) -> None:
        """Refuse a join code from a connection that guessed too often, without comparing it: ``flood`` past
        :data:`CONNECTION_WRONG_CODES` wrong (past one, at a table whose budget is ``spent``), then
        ``too_many_joins`` (the connection closed) past :data:`CONNECTION_CODE_REFUSALS` refusals."""
        if session.refused_codes >= CONNECTION_CODE_REFUSALS:
            raise ClassroomError("too_many_joins", f"this connection had {session.refused_codes} join codes "
                                                   f"refused: it is closed")
        if session.wrong_codes >= CONNECTION_WRONG_CODES or (spent and session.wrong_codes):
            session.refused_codes += 1
            raise ClassroomError("flood", f"this connection sent {session.wrong_codes} wrong join codes: it may "
                                          f"try no more (a new connection with the right code gets in)")

    # ------------------------------------------------------------------ sending

    def publish(self, table: Table) -> None:
        """Send every seat its own observation, and the watchers the table face up (see :mod:`.frames`)."""
        seats = [seat for seat, player in table.players.items() if player.connections]
        if not seats and not table.watchers:
            return
        states, faces = table.writer.frames(table.game, table.name, table.moves, table.players_info(),
                                            seats=seats, face_up=bool(table.watchers))
        for seat in seats:
            self.send(table.players[seat].connections, states[seat])
        if faces is not None:
            self.send(table.watchers, faces)

    def publish_to(self, table: Table, seat: int, connection: ServerConnection) -> None:
        """Send one connection of ``seat`` the seat's state (a rejoin the rest of the table need not hear of)."""
        states, _ = table.writer.frames(table.game, table.name, table.moves, table.players_info(), seats=[seat],
                                        face_up=False)
        self.send([connection], states[seat])

    def announce(self, table: Table, frame: dict[str, Any]) -> None:
        """A frame for everyone at the table (chat, comings and goings), with the table's ``seq`` then."""
        self.send(table.audience(), encode({**frame, "seq": table.moves}).encode())

    def send(self, connections: Iterable[ServerConnection], data: bytes) -> None:
        """Write ``data`` (UTF-8 JSON) to every open connection of ``connections`` whose unsent bytes are within
        :data:`SEND_BUFFER`; a connection past it is closed (1008), never buffered for."""
        keeping = []
        for connection in connections:
            if connection.protocol.state is not State.OPEN:
                continue
            if connection.transport.get_write_buffer_size() > SEND_BUFFER:
                self.drop_slow(connection)
            else:
                keeping.append(connection)
        broadcast(keeping, data, text=True)

    def drop_slow(self, connection: ServerConnection) -> None:
        """Close a connection that fell :data:`SEND_BUFFER` behind: a close frame after what it has not read,
        and the TCP connection aborted if it has not read that within the close timeout."""
        self.dropped += 1
        if self.dropped & (self.dropped - 1) == 0:
            log.warning("%d connection(s) closed so far for reading too slowly; the latest from %s", self.dropped,
                        host_of(connection))
        self.close(connection, 1008, f"too slow: over {SEND_BUFFER} bytes unread")

    def close(self, connection: ServerConnection, code: int, reason: str) -> None:
        """Start closing ``connection`` (a closing handshake the server does not wait for)."""
        task = asyncio.ensure_future(connection.close(code, reason))
        self.closing.add(task)
        task.add_done_callback(self.closing.discard)
