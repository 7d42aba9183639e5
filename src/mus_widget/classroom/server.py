"""The classroom game server: many tables, each a :class:`Game` the server owns, played over WebSockets.

Each seat's client sees only its own ``observe(seat)``; every action is checked by the engine, written to the
database and committed before anyone hears of it; bots (the table's own, and stand-ins for players who have been
gone longer than ``away_after``) think in a worker process so the event loop keeps serving the other tables.
``python -m mus_widget.serve`` runs it; docs/classroom.md describes the protocol.

This module answers the requests of the students' seats and hands the rest to its parts: the connections
(:mod:`.connections`), the tables at play (:mod:`.tables`, :mod:`.playing`), the database (:mod:`.persistence`)
and the teacher's room (:mod:`.room`).
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import hmac
import logging
import os
import secrets
import signal
import socket
import time
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, serve

from ..bots import LEVELS
from ..bots.turns import play, say
from ..engine.errors import MusError
from ..engine.game import Game
from ..engine.rules import Rules
from ..i18n.catalogues import default_language, message
from .connections import ADDRESS_CONNECTIONS, ADDRESS_SEATS, Connections, Session, host_of
from .databases import is_url, open_storage
from .hub import SERVICE, Hub
from .leases import LEASE, Leases, listen, owner
from .lifecycle import Lifecycle
from .persistence import Persistence
from .playing import PAUSE_LIMIT, STANDIN_PACE, Playing
from .protocol import (
    MAX_CHAT,
    MIN_CODE_CHARS,
    TRANSPORT_MAX_FRAME,
    ClassroomError,
    decode,
    error_frame,
    find_name,
    join_code,
    name_key,
    new_join_code,
    plain_text,
    player_name,
    required_text,
    seat_field,
    table_name,
    text_field,
)
from .quizzes import Quizzes
from .room import Room
from .sqlite_store import SYNC_MODES
from .storage import NotAClassroomError, Owner, Storage, StorageFailedError, StoredTable, token_hash
from .tables import SEAT_CONNECTIONS, SEAT_JOINS_BURST, Player, Table, chat_line

log = logging.getLogger("mus_widget.classroom")

CHAT_HISTORY = 50
"""Chat lines a seat receives when it joins (the table's latest)."""


class ClassroomServer:
    """The tables of one classroom and the requests that change them."""

    def __init__(self, storage: Storage, teacher_key: str | None, away_after: float = 30.0, standin: str = "novice",
                 bot_workers: int = 1, *, open_tables: bool = True, max_tables: int = 100,
                 max_per_address: int = ADDRESS_CONNECTIONS, standin_pace: float = STANDIN_PACE,
                 seats_per_address: int = ADDRESS_SEATS, pause_limit: float = PAUSE_LIMIT,
                 hub: Hub | None = None, owner: Owner | None = None) -> None:
        """``open_tables``: whether a student (without the teacher key) may create a table, while the server
        has fewer than ``max_tables`` (the teacher's are never refused). ``max_per_address``: the connections
        one address may hold at once, and the joins it may make at once and then a minute;
        ``seats_per_address``: the seats it may take afresh at once, and then a minute. ``standin_pace``:
        the seconds a stand-in's turn lasts at least, from the moment the turn came; ``pause_limit``: the
        seconds a match waits at most for a team whose every player is away, before stand-ins play for them.
        ``hub``: the JupyterHub whose users sit down under their hub names, and whose group of teachers makes the
        teacher's requests (with or without ``teacher_key``, which may then be None). ``owner``: this process
        as the leases of a database several processes share name it (:mod:`.leases`); without one, the server
        serves every table of the database."""
        if standin not in LEVELS:
            raise ValueError(f"{standin!r} is not a bot level; the levels are {', '.join(LEVELS)}")
        if not teacher_key and (hub is None or hub.teachers is None):
            raise ValueError("the teacher key may not be empty (without a hub group of teachers)")
        self.storage = storage
        self.teacher_key = teacher_key or None
        self.hub = hub
        self.open_tables = open_tables
        self.max_tables = max_tables
        self.connections = Connections(max_per_address, seats_per_address)
        self.persistence = Persistence(storage, self.connections, standin)
        self.playing = Playing(self.connections, self.persistence, away_after=away_after, standin=standin,
                               standin_pace=standin_pace, bot_workers=bot_workers, pause_limit=pause_limit)
        self.room = Room(self.connections, self.persistence, self.playing)
        self.lifecycle = Lifecycle(self.connections, self.persistence, self.playing, self.room)
        self.quizzes = Quizzes(storage, self.persistence, hub)
        self.leases = None if owner is None or not storage.shared else Leases(
            storage, owner, persistence=self.persistence, playing=self.playing, connections=self.connections,
            room=self.room)
        self.failures = 0
        """Requests that failed with an error the server did not expect (each answered ``server_error``)."""

    def __repr__(self) -> str:
        return (f"<ClassroomServer {self.storage!r} tables={len(self.playing.tables)} "
                f"away_after={self.playing.away_after}>")

    def load(self) -> None:
        """Every stored table, rebuilt from its record; its players are gone until they rejoin. A table whose
        rows do not replay is set aside (one line in the log, an entry in the teacher's list), the others start.
        On a database several processes share, only the tables no live process holds the lease of."""
        now = time.monotonic()
        tables = self.persistence.load(None if self.leases is None else self.leases.claim_all())
        for table in tables:
            self.playing.open(table)
            for seat, player in table.players.items():
                player.gone_since = now
                self.playing.schedule_away(table, seat)
        self.room.load_chat(tables)
        if self.leases is not None:
            self.leases.start()

    async def handler(self, connection: ServerConnection) -> None:
        """One connection, its frames answered in order; whatever it sends harms only itself."""
        await self.connections.serve(connection, self.answer, self.playing.leave)

    async def close(self) -> None:
        """Stop the tables' bots and their worker processes, and give up this process's leases."""
        if self.leases is not None:
            await self.leases.close()
        await self.playing.close()

    # ------------------------------------------------------------------ requests

    async def answer(self, session: Session, message: str | bytes) -> dict[str, Any]:
        """The reply to one frame: an error frame for anything refused, whatever the frame holds."""
        request_id = None
        kind: str | None = None
        try:
            frame = decode(message)
            request_id = frame.get("id")
            kind = frame["type"]
            if self.hub is not None:
                await self.hub.authenticate(session)
            if kind in ("act", "sena", "say"):
                return await self.seat_request(session, frame)
            if kind == "join":
                return self.join(session, frame)
            if kind == "presence":
                return self.playing.presence(session, frame)
            if kind == "create":
                return self.create(session, frame)
            if kind == "quiz":
                return self.quizzes.answer(session, frame)
            if kind == "rematch" and "teacher_key" not in frame:
                return await self.lifecycle.rematch(session, frame, teacher=False)
            self.check_teacher(session, frame)
            if kind == "record":
                return self.record(frame)
            if kind == "rematch":
                return await self.lifecycle.rematch(session, frame, teacher=True)
            if kind == "archive":
                return await self.lifecycle.archive(frame)
            if kind == "seat_bot":
                return await self.lifecycle.seat_bot(frame)
            if kind == "tell_all":
                return self.lifecycle.tell_all(frame)
            if kind == "list":
                return self.room.listing(frame)
            if kind == "quizzes":
                return self.quizzes.counts(frame)
            if kind == "free_seat":
                return self.room.free_seat(frame)
            if kind == "tell":
                return self.room.tell(frame)
            if kind in ("lock", "unlock", "set_code"):
                return self.room.set_access(frame)
            assert kind == "watch"
            return self.watch(session, frame)
        except ClassroomError as error:
            return error_frame(error.kind, error.detail, error.request_id if request_id is None else request_id,
                               error.suggestion, error.address)
        except MusError as error:
            return error_frame(type(error).__name__, str(error), request_id)
        except Exception as error:  # a bug: the sender hears of it, the log counts it (no traceback a frame)
            self.failures += 1
            if self.failures & (self.failures - 1) == 0:  # the 1st, 2nd, 4th, 8th...: a line per doubling
                log.error("%d request(s) failed in the server so far; the latest, a %r frame: %s: %s",
                          self.failures, kind, type(error).__name__, error)
            log.debug("a request failed in the server", exc_info=True)
            return error_frame("server_error", "the server could not handle this request", request_id)

    def record(self, frame: dict[str, Any]) -> dict[str, Any]:
        """The record of a served table, or of an archived one (by its archived name, ``3B #1``)."""
        name = required_text(frame, "table")
        if name not in self.playing.tables and (name in {a["table"] for a in self.room.archived()} or (
                self.storage.shared and name in self.storage.live_names())):  # or one another process serves
            return {"type": "record", "id": frame.get("id"), "table": name, "record": self.storage.record(name)}
        table = self.playing.table(frame)
        return {"type": "record", "id": frame.get("id"), "table": table.name, "record": self.storage.record(table.name)}

    def check_teacher(self, session: Session, frame: dict[str, Any]) -> None:
        """Refuse (``forbidden``) a frame without the teacher key, unless a hub user of the teachers' group sent it
        (a wrong key is refused, not taken for the hub's word)."""
        key = frame.get("teacher_key")
        if isinstance(key, str) and self.teacher_key is not None and hmac.compare_digest(key.encode(),
                                                                                            self.teacher_key.encode()):
            return
        if self.hub is None or isinstance(key, str):
            raise ClassroomError("forbidden", f"a {frame['type']!r} request needs the teacher key")
        self.hub.check_teacher(session, frame["type"])

    def check_student_create(self, session: Session, frame: dict[str, Any]) -> None:
        """A table created without the teacher key: only if the server lets students create tables, without
        choosing the seed (which would tell them the deal), within the cap, at a pace."""
        if not self.open_tables:
            raise ClassroomError("forbidden", "on this server only the teacher creates tables")
        if frame.get("seed") is not None:
            raise ClassroomError("forbidden", "only the teacher may choose a table's seed (it decides every deal)")
        if len(self.playing.tables) >= self.max_tables:
            raise ClassroomError("too_many_tables", f"this server has {len(self.playing.tables)} tables, as many "
                                                    f"as students may open; ask the teacher")
        now = time.monotonic()
        if not self.connections.create_limits.of(host_of(session.connection), now).allow(now):
            raise ClassroomError("flood", "too many new tables from this address: wait a minute")

    def create(self, session: Session, frame: dict[str, Any]) -> dict[str, Any]:
        """A new table (``create``): by the teacher, or by a student where the server lets them."""
        teacher = frame.get("teacher_key") is not None or (self.hub is not None and self.hub.is_teacher(session))
        if teacher:
            self.check_teacher(session, frame)  # a wrong key is refused, not taken for a student
        name = table_name(required_text(frame, "table"))
        same, _ = find_name(name, [*self.playing.tables, *self.persistence.set_aside,
                                   *(self.storage.live_names() if self.storage.shared else ())])
        if same is not None:
            raise ClassroomError("table_exists", f"there is already a table {same!r}")
        rules_data = frame.get("rules") or {}
        rules = Rules.from_dict(rules_data)
        bots_data = frame.get("bots") or {}
        seed = frame.get("seed")
        if not isinstance(bots_data, dict) or (seed is not None and (isinstance(seed, bool)
                                                                      or not isinstance(seed, int))):
            raise ClassroomError("bad_frame", "'bots' maps seats to bot levels, 'seed' is a whole number or null")
        levels: dict[int, str] = {}
        for key, level in bots_data.items():
            if key not in ("0", "1", "2", "3") or not isinstance(level, str) or level not in LEVELS:
                raise ClassroomError("bad_frame", f"bots: seat {key!r} -> {level!r}; seats are 0 to 3 and the "
                                                  f"levels {', '.join(LEVELS)}")
            levels[int(key)] = level
        if len(levels) == 4:
            raise ClassroomError("bad_frame", "a classroom table has at least one seat for a student")
        code = text_field(frame, "code", optional=True)
        code_hash = None if code is None else token_hash(join_code(code))
        if not teacher:
            self.check_student_create(session, frame)
        # The table is built from exactly the rows that will be stored, so one that would not replay after a
        # restart is refused here and never written.
        game = Game.new(seed=seed, rules=rules)
        form = Storage.read_form(name, *Storage.stored_form(game, levels))
        table = self.persistence.build(StoredTable(name, form["base"], form["bots"], (), (), (), code_hash))
        self.persistence.stored(None, self.storage.create_table, name, game, levels, code_hash)
        self.playing.open(table)
        return {"type": "created", "id": frame.get("id"), **table.summary()}

    def join(self, session: Session, frame: dict[str, Any]) -> dict[str, Any]:
        """Sit ``session`` at a seat: a new player (a name, maybe a join code) or one back with the seat's token."""
        if session.table is not None:
            raise ClassroomError("bad_frame", "this connection has already joined a table")
        table = self.playing.table(frame)
        seat = seat_field(frame)
        token = text_field(frame, "token", optional=True)
        fresh = None
        hub_name = None if token is not None or self.hub is None else self.hub.seat_name(session, frame)
        mine = [s for s, p in table.players.items() if p.name == hub_name]  # a hub user back: her identity is proof
        if token is not None or mine:
            hashed = "" if token is None else token_hash(token)
            found = mine or [s for s, p in table.players.items() if hmac.compare_digest(p.token_hash, hashed)]
            if not found or (seat is not None and found[0] != seat and not mine):
                raise ClassroomError("bad_token", f"that token is not the token of "
                                                  f"{'any seat' if seat is None else f'seat {seat}'} at {table.name!r}")
            seat = found[0]
            player = table.players[seat]
            if len(player.connections) >= SEAT_CONNECTIONS:
                raise ClassroomError("too_many_connections", f"seat {seat} at {table.name!r} has {SEAT_CONNECTIONS} "
                                                             f"connections already; close one first")
            if not player.join_limit.allow(time.monotonic()):
                raise ClassroomError("too_many_joins", f"seat {seat} at {table.name!r} was joined "
                                                       f"{SEAT_JOINS_BURST} times in a minute: wait a moment")
            self.connections.check_join(session, fresh=False)
        else:
            name = hub_name or player_name(required_text(frame, "name"))
            checked = self.check_access(session, table, frame, name)
            name = hub_name or checked  # a hub user sits under her hub name, at a locked table too
            free = [s for s in range(4) if s not in table.levels and s not in table.players]
            if seat is None:
                if not free:
                    raise ClassroomError("table_full", f"every seat at {table.name!r} has a player or a bot")
                seat = free[0]
            elif seat not in free:
                who = "a bot" if seat in table.levels else "a player (rejoin with the seat's token)"
                raise ClassroomError("seat_taken", f"seat {seat} at {table.name!r} has {who}")
            self.connections.check_join(session, fresh=True)
            fresh = secrets.token_urlsafe(24)
            self.persistence.stored(table, self.storage.add_seat, table.name, seat, name, token_hash(fresh))
            table.players[seat] = Player(name, token_hash(fresh))
        player = table.players[seat]
        session.table, session.seat = table, seat
        if frame.get("here") is False and fresh is None:  # back, from a kernel whose page is closed
            player.connections.add(session.connection)
            player.closed.add(session.connection)
            self.connections.publish_to(table, seat, session.connection)
        else:
            self.playing.arrive(table, seat, player, session.connection, "joined" if fresh is not None else "back")
        return {"type": "joined", "id": frame.get("id"), "table": table.name, "seat": seat,
                "token": fresh if fresh is not None else token, "name": player.name,
                "chat": table.chat[-CHAT_HISTORY:]}

    def check_access(self, session: Session, table: Table, frame: dict[str, Any], name: str) -> str:
        """A new player at ``table``: with its join code if it has one (wrong codes limited per connection and per
        table, never per address: :meth:`Connections.check_code`), a name it is locked to if it is locked, and a
        name nobody else at the table has. The name to seat: at a locked table, as the lock spells it ("ana" sits
        as "Ana")."""
        if table.code_hash is not None:
            code = text_field(frame, "code", optional=True)
            if code is None:
                raise ClassroomError("bad_code", f"table {table.name!r} needs its join code (ask the teacher)")
            if self.hub is None:
                self.connections.check_code(session, table, code.strip())
            else:  # held to the hub user's own budget of wrong codes too
                self.hub.check_code(session, functools.partial(self.connections.check_code, session, table,
                                                               code.strip()))
        key = name_key(name)
        if table.locked is not None:
            kept = {name_key(n): n for n in table.locked}
            if key not in kept:
                raise ClassroomError("locked", f"table {table.name!r} is kept for {', '.join(table.locked)}; "
                                               f"{name!r} is not one of them")
            name = kept[key]
        for seat, player in table.players.items():
            if name_key(player.name) == key:
                raise ClassroomError("name_taken", f"{player.name!r} already sits at seat {seat} of {table.name!r}; "
                                                   f"rejoin with that seat's token, or choose another name")
        return name

    def watch(self, session: Session, frame: dict[str, Any]) -> dict[str, Any]:
        """The teacher watches a table face up (``watch``): every seat's observation, its chat and its hands."""
        if session.table is not None:
            raise ClassroomError("bad_frame", "this connection has already joined a table")
        table = self.playing.table(frame)
        session.table = table
        table.watchers.add(session.connection)
        return {**table.face_up(), "id": frame.get("id"), "chat": table.chat[-CHAT_HISTORY:],
                "hands": [hand.to_dict() for hand in table.hands]}

    async def seat_request(self, session: Session, frame: dict[str, Any]) -> dict[str, Any]:
        """A joined seat's ``act``, ``sena`` or ``say``: checked by the engine, stored, then told."""
        table, seat = session.table, session.seat
        if table is None or seat is None:
            raise ClassroomError("not_joined", f"join a seat before a {frame['type']!r} frame")
        player = session.player()
        if player is None:
            raise ClassroomError("not_joined", f"the teacher freed seat {seat} at {table.name!r}: join again")
        kind = frame["type"]
        if kind == "say":
            return self.say(table, seat, frame)
        async with table.lock:
            if session.player() is not player:  # freed while this frame waited for the table
                raise ClassroomError("not_joined", f"the teacher freed seat {seat} at {table.name!r}: join again")
            if kind == "act":
                if table.paused:
                    raise ClassroomError("paused", f"the match at {table.name!r} waits until a player of the team "
                                                   f"that is away comes back")
                turn = play(table.game, seat, required_text(frame, "action"), table.seated(), told={},
                            at=table.n_actions)
            else:
                sena_id = required_text(frame, "sena")
                if not player.sena_limit.allow(time.monotonic()):
                    raise ClassroomError("flood", "one seña a second, please")
                turn = say(table.game, seat, sena_id, at=table.n_actions)
            self.playing.commit(table, turn)
        if table.game.to_move is not None and table.bot_for(table.game.to_move) is not None:
            table.wake.set()
        return {"type": "ok", "id": frame.get("id"), "seq": table.moves}

    def say(self, table: Table, seat: int, frame: dict[str, Any]) -> dict[str, Any]:
        """A player's chat line, at a pace, stored with the table's chat."""
        text = plain_text(required_text(frame, "text"), MAX_CHAT, "chat line", "bad_chat")
        player = table.players[seat]
        if not player.chat_limit.allow(time.monotonic()):
            raise ClassroomError("chat_too_fast", "one chat line every two seconds, please")
        stamp = time.time()
        self.persistence.stored(table, self.storage.add_chat, table.name, len(table.chat), seat, player.name, text,
                                stamp=stamp)
        self.room.chatted(table, chat_line(seat, player.name, text, stamp))
        return {"type": "ok", "id": frame.get("id"), "seq": table.moves}


async def start(server: ClassroomServer, host: str, port: int, sock: socket.socket | None = None) -> Server:
    """Load the stored tables and listen (on ``sock`` if bound already); the returned server's ``sockets`` tell
    the port."""
    server.load()
    where: dict[str, Any] = {"host": host, "port": port} if sock is None else {"sock": sock}
    listening: Server = await serve(server.handler, **where, max_size=TRANSPORT_MAX_FRAME, compression=None,
                                    ping_interval=20, ping_timeout=20)
    return listening


def address(listening: Server) -> str:
    host, port = next(iter(listening.sockets)).getsockname()[:2]
    return f"ws://{host}:{port}"


async def run(db: str | Path, host: str, port: int, *, teacher_key: str | None, away_after: float, standin: str,
              sync: str, open_tables: bool, max_tables: int, max_per_address: int = ADDRESS_CONNECTIONS,
              standin_pace: float = STANDIN_PACE, seats_per_address: int = ADDRESS_SEATS,
              pause_limit: float = PAUSE_LIMIT, hub: Hub | None = None, lease: float = LEASE,
              advertise: str | None = None) -> None:
    sock = listen(host, port) if is_url(str(db)) else None  # bound before any lease is claimed (see .leases)
    process = None if sock is None else owner(host, sock.getsockname()[1], lease, advertise)
    try:
        storage = open_storage(db, sync, process)
    except BaseException:
        if sock is not None:
            sock.close()
        raise
    classroom = ClassroomServer(storage, teacher_key, away_after=away_after, standin=standin,
                                open_tables=open_tables, max_tables=max_tables, max_per_address=max_per_address,
                                standin_pace=standin_pace, seats_per_address=seats_per_address,
                                pause_limit=pause_limit, hub=hub, owner=process)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    try:
        listening = await start(classroom, host, port, sock)
    except BaseException:  # a database that cannot be read through, a port taken: nothing is left running
        await classroom.close()
        storage.close()
        raise
    print(address(listening), flush=True)
    try:
        if hub is not None:
            await hub.greet()
        await stop.wait()
    finally:
        listening.close()
        await listening.wait_closed()
        await classroom.close()
        storage.close()


class NewCodes(argparse.Action):
    """``--new-codes N``: print N fresh join codes (:func:`.protocol.new_join_code`), one a line, and exit, without
    a server (so without ``--teacher-key``): codes for a teacher's script to give ``remote.create``."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        if values < 1:
            parser.error(f"{option_string} takes a number of codes, 1 or more, not {values}")
        print("\n".join(new_join_code() for _ in range(values)))
        parser.exit()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="mus-widget serve", description=(
        "Serve classroom Mus tables over WebSockets; prints the ws:// address to give the students."))
    parser.add_argument("--new-codes", type=int, action=NewCodes, metavar="N",
                        help=f"print N fresh join codes, one a line, and exit ({MIN_CODE_CHARS} letters or digits "
                             f"at least: a table's code is refused shorter)")
    parser.add_argument("--host", default="127.0.0.1",
                        help="the address to listen on (default %(default)s: this computer only; 0.0.0.0: every "
                             "network it is on)")
    parser.add_argument("--port", type=int, default=8765, metavar="N",
                        help="the port to listen on (default %(default)s; 0: any free port)")
    parser.add_argument("--db", default="classroom.sqlite", metavar="FILE|URL",
                        help="where the class's games are kept: an SQLite file (default %(default)s), or a "
                             "postgresql://user@host/database URL, which several server processes may share")
    parser.add_argument("--lease", type=float, default=LEASE, metavar="SECONDS",
                        help=f"with a PostgreSQL --db: seconds a table stays this process's unless renewed, so "
                             f"another process takes its tables over that long after it dies (default {LEASE:g})")
    parser.add_argument("--advertise", metavar="URL",
                        help="with a PostgreSQL --db: the ws:// address the other processes send this one's "
                             "students to (default: ws://HOST:PORT)")
    parser.add_argument("--teacher-key", metavar="KEY",
                        help="the key that creates tables and shows them face up (needed unless "
                             "--hub-teachers-group is given)")
    parser.add_argument("--hub", action="store_true",
                        help="serve as a JupyterHub service: the hub's users sit down under their hub names, with no "
                             "name typed and no seat token (the hub's API at $JUPYTERHUB_API_URL; needs jupyterhub)")
    parser.add_argument("--hub-teachers-group", metavar="GROUP",
                        help="implies --hub: the hub group whose users make the teacher's requests (the room), "
                             "without the teacher key")
    parser.add_argument("--hub-service", default=os.environ.get("JUPYTERHUB_SERVICE_NAME") or SERVICE,
                        metavar="NAME", help="with --hub: this service's name in c.JupyterHub.services, which a "
                                             "student's token must give access to (default %(default)s)")
    parser.add_argument("--away-after", type=float, default=30.0, metavar="SECONDS",
                        help="seconds a player may be gone before a bot plays their seat (default 30)")
    parser.add_argument("--standin", default="novice", choices=sorted(LEVELS),
                        help="the level of the bot that plays for a player who is away (default %(default)s)")
    parser.add_argument("--standin-pace", type=float, default=STANDIN_PACE, metavar="SECONDS",
                        help=f"seconds each turn of a stand-in lasts at least, a person's pace (default "
                             f"{STANDIN_PACE:g})")
    parser.add_argument("--pause-limit", type=float, default=PAUSE_LIMIT, metavar="SECONDS",
                        help=f"seconds a match waits at most for a team whose every player is away, before bots "
                             f"play for them too (default {PAUSE_LIMIT:g})")
    parser.add_argument("--sync", default="normal", choices=SYNC_MODES,
                        help="normal: every move survives a killed server; full: also a power cut (slower: the "
                             "disk is written through after every move) (default %(default)s)")
    parser.add_argument("--open-tables", action=argparse.BooleanOptionalAction, default=True,
                        help="whether students may create tables without the teacher key (default: yes)")
    parser.add_argument("--max-tables", type=int, default=100, metavar="N",
                        help="students may create tables while the server has fewer than this (default 100)")
    parser.add_argument("--max-connections-per-address", type=int, default=ADDRESS_CONNECTIONS, metavar="N",
                        help=f"connections one address may hold, and joins it may make a minute (default "
                             f"{ADDRESS_CONNECTIONS}; every kernel of a JupyterHub shares one address)")
    parser.add_argument("--max-seats-per-address", type=int, default=ADDRESS_SEATS, metavar="N",
                        help=f"seats one address may take afresh at once, then as many a minute (default "
                             f"{ADDRESS_SEATS}: a class of {ADDRESS_SEATS} on one JupyterHub sitting down at once)")
    args = parser.parse_args(argv)
    if args.teacher_key is None and args.hub_teachers_group is None:
        parser.error("--teacher-key is required (on a JupyterHub, --hub-teachers-group may stand for it)")
    hub = None
    if args.hub or args.hub_teachers_group is not None:
        try:
            hub = Hub(service=args.hub_service, teachers=args.hub_teachers_group)
        except ModuleNotFoundError as error:
            parser.exit(2, message("cli.serve.hub_extra", default_language(), module=error.name or "jupyterhub")
                        + "\n")
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        asyncio.run(run(args.db, args.host, args.port, teacher_key=args.teacher_key, away_after=args.away_after,
                        standin=args.standin, sync=args.sync, open_tables=args.open_tables,
                        max_tables=args.max_tables, max_per_address=args.max_connections_per_address,
                        standin_pace=args.standin_pace, seats_per_address=args.max_seats_per_address,
                        pause_limit=args.pause_limit, hub=hub, lease=args.lease, advertise=args.advertise))
    except (NotAClassroomError, StorageFailedError) as error:
        parser.exit(2, f"{parser.prog}: {error}\n")
