"""The classroom game server: many tables, each a :class:`Game` the server owns, played over WebSockets.

Each seat's client sees only its own ``observe(seat)``; every action is checked by the engine, written to the
database and committed before anyone hears of it; bots (the table's own, and stand-ins for players who have been
gone longer than ``away_after``) think in a worker process so the event loop keeps serving the other tables.
``python -m mus_widget.serve`` runs it; docs/classroom.md describes the protocol.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import hmac
import logging
import multiprocessing
import os
import pickle
import secrets
import signal
import threading
import time
from collections.abc import Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.server import Server, ServerConnection, broadcast, serve
from websockets.exceptions import ConnectionClosed
from websockets.protocol import State

from ..bots import LEVELS, TEACHING, Bot, Decision, make_bot
from ..bots.turns import Move, Turn, hand_ended, hand_over, play, say
from ..engine.errors import MusError, RecordError
from ..engine.game import Game
from ..engine.log import HandSummary
from ..engine.observation import Observation
from ..engine.rules import Rules
from ..engine.seats import SEATS, team_of
from .frames import StateWriter
from .protocol import (
    MAX_CHAT,
    MAX_LOCKED,
    TRANSPORT_MAX_FRAME,
    AddressLimits,
    ClassroomError,
    RateLimit,
    decode,
    encode,
    error_frame,
    join_code,
    name_key,
    plain_text,
    player_name,
    required_text,
    seat_field,
    table_name,
    text_field,
)
from .storage import (
    SYNC_MODES,
    NotAClassroomError,
    Storage,
    StorageFailedError,
    StoredTable,
    UnreadableTable,
    token_hash,
)

log = logging.getLogger("mus_widget.classroom")

CHAT_HISTORY = 50
"""Chat lines a seat receives when it joins (the table's latest)."""
CLASS_CHAT = 200
"""Chat lines of the whole class a teacher's list receives at most (the latest)."""
STUDENT_TABLES_BURST = 10
STUDENT_TABLES_RATE = 1 / 30
"""Students at one address (a laptop, or every kernel of a JupyterHub) may create 10 tables at once, then one
every 30 seconds."""
WRONG_CODES_BURST = 20
WRONG_CODES_RATE = 1 / 3
"""Joins with a wrong join code one address may make: 20 (a class's typos), then one every 3 seconds, so
guessing a code of four digits takes hours."""
FREED = 4001
"""The close code of a connection whose seat the teacher freed (the client should not rejoin with its token)."""
FLOOD_CLOSE = 200
"""Frames a connection may have dropped for flooding (recovering five a second) before the server closes it
(code 1008)."""
STANDIN_PACE = 3.0
"""Seconds a stand-in's turn lasts at least, by default (``--standin-pace``): the rest of a match played for a
student who is away goes at a person's pace, never in a blink."""
RETRY_FIRST = 0.25
RETRY_MOST = 8.0
"""Seconds a table's bots wait before they try again a move the database failed to store: doubling from the
first to the most; any write that succeeds meanwhile (a student's move, anywhere) wakes them at once."""


def replay(game: Game, move: Move, told: Mapping[int, Bot]) -> Game:
    """The game after one stored move, as a restarted server replays it (``told``: the bots shown a hand that
    ends); the engine's error if it does not replay."""
    if move.kind == "action":
        return play(game, move.seat, move.text, {}, told=told).game
    if move.kind != "sena":
        raise RecordError(f"a stored move is an 'action' or a 'sena', not {move.kind!r}")
    if move.at != len(game.actions):
        raise RecordError(f"seat {move.seat}'s seña {move.text!r} is stored after action {move.at}, but it was "
                          f"made after action {len(game.actions)}")
    return say(game, move.seat, move.text).game


SEAT_JOINS_BURST = 20
SEAT_JOINS_RATE = 1 / 3
"""A seat may be joined 20 times at once, then 20 times a minute (a rejoin storm is refused ``too_many_joins``)."""
SEAT_CONNECTIONS = 4
"""Connections that may play one seat at once (two notebooks and a script of the same student, say)."""
ADDRESS_CONNECTIONS = 256
"""Connections one address may hold at once, by default (``--max-connections-per-address``); it may make as
many joins at once, then as many a minute. Every kernel of a JupyterHub shares one address."""
SEND_BUFFER = 256 * 1024
"""Bytes the server may hold unsent for one connection (past what the operating system buffers): a reader
that falls further behind is closed with code 1008 rather than buffered for."""
PRESENCE_GRACE = 5.0
"""Seconds a seat's last connection may be gone before the table hears that its player lost the connection:
a player back within them (a reconnection, a storm of them) makes no line in the chat and no redraw. Longer
than a seat's joins are apart once its burst is spent, so a storm held to that pace stays silent too."""
REFUSED_CLOSE = frozenset({"too_many_joins", "too_many_connections"})
"""Refusals after which the server closes the connection (code 1008): a client that reconnects by itself
(the notebook's table) tries again later, by when the limit has room."""


def chat_line(seat: int | None, name: str, text: str, stamp: float) -> dict[str, Any]:
    """A chat frame: a player's line, or the teacher's (no seat, no name, ``teacher``: true), written at
    ``stamp`` (``time``, seconds since 1970)."""
    line: dict[str, Any] = {"type": "chat", "seat": seat, "name": name, "text": text, "time": round(stamp, 3)}
    if seat is None:
        line["teacher"] = True
    return line


def _watch_parent(parent: int) -> None:
    """In a bot worker: exit as soon as the server that started it is gone (even killed with SIGKILL)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(0.5)
        os._exit(0)

    threading.Thread(target=watch, name="mus-bot-parent", daemon=True).start()


def host_of(connection: ServerConnection) -> str:
    """The client's address (its host, without the port): what the limits per address count by."""
    address = connection.remote_address
    return str(address[0]) if address else ""


def decide(bot: bytes, observation: Observation) -> Decision:
    """A bot's decision, made in a worker process on a copy of the bot (its seed and its memory of the earlier
    hands, which the server keeps), so its thinking never holds the event loop's interpreter lock. The copy is
    pickled on the event loop (``pickle.dumps(bot)``), not later by the pool's feeder thread, so it is the bot
    of this moment even if the table moves on before it is sent."""
    thinker: Bot = pickle.loads(bot)
    return thinker.decide(observation)


@dataclass(eq=False)
class Player:
    """A human seat: its player's name, the hash of its token, its open connections, and since when it has had
    none (``away`` once a stand-in bot plays it)."""

    name: str
    token_hash: str
    connections: set[ServerConnection] = field(default_factory=set)
    gone_since: float | None = None
    away: bool = False
    epoch: int = 0
    """Bumped whenever the player comes or goes, so a stale away-timer does nothing."""
    present: bool = False
    """Whether the table was last told the player is connected (``joined`` or ``back``, not ``disconnected``
    since): comings and goings within :data:`PRESENCE_GRACE` change nothing the table sees."""
    join_limit: RateLimit = field(default_factory=lambda: RateLimit(rate=SEAT_JOINS_RATE, burst=SEAT_JOINS_BURST))
    chat_limit: RateLimit = field(default_factory=lambda: RateLimit(rate=0.5, burst=4))
    sena_limit: RateLimit = field(default_factory=lambda: RateLimit(rate=1.0, burst=4))


@dataclass(eq=False)
class Table:
    """One served table: the game, who sits where, and who watches."""

    name: str
    game: Game
    levels: dict[int, str]
    """The seats given to bots at creation, and their levels."""
    bots: dict[int, Bot]
    """The bots of those seats."""
    standins: dict[int, Bot]
    """For every other seat, the bot that plays it while its player is away. Like the table's own bots, it
    is shown every hand as it ends, from the first, so it plays as a bot that sat there all along would."""
    players: dict[int, Player] = field(default_factory=dict)
    moves: int = 0
    """Moves (actions and señas) stored so far: the ``seq`` of the table's frames."""
    n_actions: int = 0
    chat: list[dict[str, Any]] = field(default_factory=list)
    watchers: set[ServerConnection] = field(default_factory=set)
    fault: str | None = None
    """Why the database failed to store the table's latest move, until a write succeeds again."""
    writer: StateWriter = field(default_factory=StateWriter)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    code_hash: str | None = None
    """The SHA-256 of the table's join code: a student sits down only with the code (None: without one)."""
    locked: tuple[str, ...] | None = None
    """The only names that may sit down (None: any name)."""
    hands: list[HandSummary] = field(default_factory=list)
    """Every hand of the match over so far, oldest first: the whole match's log, face up, for the teacher."""
    paused: bool = False
    """Whether the match waits because every player of a team is away (as the table was last told)."""
    turn_since: float = field(default_factory=time.monotonic)
    """Since when (``time.monotonic``) the seat to move has been to move: the latest action, or the server's
    start."""

    def team_away(self) -> bool:
        """Whether every player of a team is away (a team of bots, or of free seats, has none to be away)."""
        for team in (0, 1):
            people = [player for seat, player in self.players.items() if team_of(seat) == team]
            if people and all(player.away for player in people):
                return True
        return False

    @property
    def told(self) -> dict[int, Bot]:
        """The bots shown every hand as it ends: the table's own and the stand-ins (so bots with a memory of
        the earlier hands learn, as at a local table)."""
        return {**self.bots, **self.standins}

    def players_info(self) -> list[dict[str, Any]]:
        """Who sits at each seat, as the table's clients show it."""
        out: list[dict[str, Any]] = []
        for seat in range(4):
            if seat in self.levels:
                out.append({"seat": seat, "kind": "bot", "level": self.levels[seat]})
            elif seat in self.players:
                p = self.players[seat]
                out.append({"seat": seat, "kind": "human", "name": p.name, "connected": p.present,
                            "away": p.away})
            else:
                out.append({"seat": seat, "kind": "open"})
        return out

    def summary(self) -> dict[str, Any]:
        """The table as the teacher's list shows it; ``waiting`` is how many seconds the seat to move has been
        to move (None when nobody is)."""
        game = self.game
        waiting = None if game.to_move is None else round(time.monotonic() - self.turn_since, 1)
        return {
            "table": self.name, "seq": self.moves, "phase": game.phase.value, "to_move": game.to_move,
            "waiting": waiting,
            "scores": list(game.scores), "games_won": list(game.games_won), "game_number": game.game_number,
            "hand_number": game.hand_number, "is_over": game.is_over, "winner": game.winner,
            "players": self.players_info(), "paused": self.paused, "code": self.code_hash is not None,
            "locked": None if self.locked is None else list(self.locked),
            **({"storage_failed": self.fault} if self.fault is not None else {}),
        }

    def player_of(self, session: Session) -> Player | None:
        """The player whose seat ``session`` plays, if the seat is still theirs (the teacher may have freed it)."""
        player = None if session.seat is None else self.players.get(session.seat)
        return player if player is not None and session.connection in player.connections else None


@dataclass(eq=False)
class ClassChat:
    """The chat of every table together, in the order it was written: the latest :data:`CLASS_CHAT` lines,
    each with its table, numbered from the first line of the class (so a teacher's list asks only for the
    lines after those it has)."""

    lines: list[dict[str, Any]] = field(default_factory=list)
    total: int = 0
    """Lines written in all (the number the next one gets)."""

    def add(self, table: str, line: dict[str, Any]) -> None:
        self.lines.append({"n": self.total, "table": table, **{k: v for k, v in line.items() if k != "type"}})
        self.total += 1
        if len(self.lines) > 2 * CLASS_CHAT:
            del self.lines[:-CLASS_CHAT]

    def since(self, first: int) -> list[dict[str, Any]]:
        """The lines numbered ``first`` and after, at most the latest :data:`CLASS_CHAT`."""
        start = max(first, self.total - CLASS_CHAT)
        return [line for line in self.lines if line["n"] >= start]


@dataclass(eq=False)
class Session:
    """One connection: the seat it plays or the table it watches, and its frame budget."""

    connection: ServerConnection
    table: Table | None = None
    seat: int | None = None
    limit: RateLimit = field(default_factory=lambda: RateLimit(rate=20.0, burst=40))
    patience: RateLimit = field(default_factory=lambda: RateLimit(rate=5.0, burst=FLOOD_CLOSE))


class ClassroomServer:
    """The tables of one classroom and the requests that change them."""

    def __init__(self, storage: Storage, teacher_key: str, away_after: float = 30.0, standin: str = "novice",
                 bot_workers: int = 1, *, open_tables: bool = True, max_tables: int = 100,
                 max_per_address: int = ADDRESS_CONNECTIONS, standin_pace: float = STANDIN_PACE) -> None:
        """``open_tables``: whether a student (without the teacher key) may create a table, while the server
        has fewer than ``max_tables`` (the teacher's are never refused). ``max_per_address``: the connections
        one address may hold at once, and the joins it may make at once and then a minute. ``standin_pace``:
        the seconds a stand-in's turn lasts at least, from the moment the turn came."""
        if standin not in LEVELS:
            raise ValueError(f"{standin!r} is not a bot level; the levels are {', '.join(LEVELS)}")
        if not teacher_key:
            raise ValueError("the teacher key may not be empty")
        self.storage = storage
        self.teacher_key = teacher_key
        self.away_after = away_after
        self.standin = standin
        self.standin_pace = standin_pace
        self.open_tables = open_tables
        self.max_tables = max_tables
        self.create_limits = AddressLimits(rate=STUDENT_TABLES_RATE, burst=STUDENT_TABLES_BURST)
        """Per client address, the pace at which students there may create tables."""
        self.code_limits = AddressLimits(rate=WRONG_CODES_RATE, burst=WRONG_CODES_BURST)
        """Per client address, the wrong join codes it may still try."""
        self.max_per_address = max_per_address
        self.join_limits = AddressLimits(rate=max_per_address / 60, burst=max_per_address)
        """Per client address, the pace at which it may join seats."""
        self.address_connections: dict[str, int] = {}
        """Per client address, its open connections."""
        self.closing: set[asyncio.Task[None]] = set()
        """The closing handshakes under way: of freed seats' connections and of readers too slow."""
        self.dropped = 0
        """Connections closed so far for reading too slowly (counted in the log a line a doubling)."""
        self.tables: dict[str, Table] = {}
        self.set_aside: dict[str, str] = {}
        """The stored tables that do not replay, and why: not served, their rows left as they are."""
        self.failing: set[Table] = set()
        """The tables whose latest write failed (``Table.fault``), until a write succeeds."""
        self.pool = ProcessPoolExecutor(max_workers=bot_workers, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_watch_parent, initargs=(os.getpid(),))
        self.tasks: set[asyncio.Task[None]] = set()
        self.failures = 0
        """Requests that failed with an error the server did not expect (each answered ``server_error``)."""
        self.class_chat = ClassChat()

    def __repr__(self) -> str:
        return f"<ClassroomServer {self.storage!r} tables={len(self.tables)} away_after={self.away_after}>"

    # ------------------------------------------------------------------ tables

    def load(self) -> None:
        """Every stored table, rebuilt from its record; its players are gone until they rejoin. A table whose
        rows do not replay is set aside (one line in the log, an entry in the teacher's list), the others start."""
        now = time.monotonic()
        for stored in self.storage.tables():
            try:
                if isinstance(stored, UnreadableTable):
                    raise RecordError(stored.reason)
                table = self._build(stored)
            except Exception as error:  # whatever the rows hold: this table waits for the teacher, not the class
                reason = str(error) if isinstance(error, RecordError) else f"{type(error).__name__}: {error}"
                self.set_aside[stored.name] = reason
                log.error("table %r set aside (its rows are kept as they are): it does not replay: %s",
                          stored.name, reason)
                continue
            self._open(table)
            for seat, player in table.players.items():
                player.gone_since = now
                self._schedule_away(table, seat)
        lines = sorted(((line["time"], table.name, line) for table in self.tables.values() for line in table.chat),
                       key=lambda item: item[:2])
        for _, name, line in lines:
            self.class_chat.add(name, line)

    def _build(self, stored: StoredTable) -> Table:
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
        table.moves = len(stored.moves)
        table.n_actions = len(table.game.actions)
        table.chat = [chat_line(*line) for line in stored.chat]
        return table

    def _open(self, table: Table) -> None:
        """Serve ``table``: list it and start its bots."""
        self.tables[table.name] = table
        task = asyncio.get_running_loop().create_task(self._bot_loop(table))
        self.tasks.add(task)
        task.add_done_callback(self._bot_loop_ended)
        table.wake.set()

    def _bot_loop_ended(self, task: asyncio.Task[None]) -> None:
        self.tasks.discard(task)
        if not task.cancelled() and task.exception() is not None:
            log.error("a table's bot loop stopped", exc_info=task.exception())

    @staticmethod
    def standing_in(table: Table, seat: int) -> bool:
        """Whether a stand-in bot plays ``seat`` now (its player is away)."""
        player = table.players.get(seat)
        return seat not in table.bots and player is not None and player.away

    def bot_for(self, table: Table, seat: int) -> Bot | None:
        """The bot playing ``seat`` now: the table's own, or a stand-in for a player who is away."""
        bot = table.bots.get(seat)
        if bot is None:
            player = table.players.get(seat)
            if player is not None and player.away:
                bot = table.standins[seat]
        return bot

    def table(self, frame: dict[str, Any]) -> Table:
        name = required_text(frame, "table")
        table = self.tables.get(name)
        if table is None:
            if name in self.set_aside:
                raise ClassroomError("unknown_table", f"table {name!r} is set aside, its stored rows do not "
                                                      f"replay: {self.set_aside[name]}")
            raise ClassroomError("unknown_table", f"there is no table {name!r}")
        return table

    def listing(self, frame: dict[str, Any]) -> dict[str, Any]:
        """The teacher's list; with ``chat_from`` (a number), also the class's chat lines from that number on
        (``chat``) and how many there are in all (``chat_total``)."""
        reply = {"type": "tables", "id": frame.get("id"), "tables": self.summaries()}
        first = frame.get("chat_from")
        if first is not None:
            if isinstance(first, bool) or not isinstance(first, int):
                raise ClassroomError("bad_frame", f"'chat_from' is a whole number, not {first!r}")
            reply["chat"] = self.class_chat.since(first)
            reply["chat_total"] = self.class_chat.total
        return reply

    def summaries(self) -> list[dict[str, Any]]:
        """The teacher's list: every served table's summary, then every table set aside and why."""
        return [*(t.summary() for t in self.tables.values()),
                *({"table": name, "set_aside": reason} for name, reason in self.set_aside.items())]

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
        task = asyncio.ensure_future(connection.close(1008, f"too slow: over {SEND_BUFFER} bytes unread"))
        self.closing.add(task)
        task.add_done_callback(self.closing.discard)

    def face_up(self, table: Table) -> dict[str, Any]:
        return {"type": "face_up", "table": table.name, "seq": table.moves,
                "observations": [table.game.observe(seat).to_dict() for seat in range(4)],
                "players": table.players_info()}

    def announce(self, table: Table, frame: dict[str, Any]) -> None:
        """A frame for everyone at the table (chat, comings and goings), with the table's ``seq`` then."""
        self.send(self.audience(table), encode({**frame, "seq": table.moves}).encode())

    def audience(self, table: Table) -> Iterable[ServerConnection]:
        for player in table.players.values():
            yield from player.connections
        yield from table.watchers

    # ------------------------------------------------------------------ moves

    def seated(self, table: Table) -> dict[int, Bot]:
        """The bots playing now, by seat (they make the table talk when the mus is cut)."""
        return {seat: bot for seat in SEATS if (bot := self.bot_for(table, seat)) is not None}

    def commit(self, table: Table, turn: Turn) -> None:
        """Replay the turn's moves as a restart would, store them (committed), then make that game the table's
        state, show the bots the hand if it ended, and tell everyone. The turn is made with ``told={}``: if the
        moves do not replay or the write fails, nothing has changed, the bots' memory included."""
        game = table.game
        for move in turn.moves:
            game = replay(game, move, {})
        standins = frozenset(i for i, move in enumerate(turn.moves) if self.standing_in(table, move.seat))
        self.stored(table, self.storage.add_moves, table.name, table.moves, list(turn.moves), standins)
        table.game = game
        table.moves += len(turn.moves)
        table.n_actions += turn.actions
        if turn.actions:
            table.turn_since = time.monotonic()
        if turn.ended:
            hand_over(game, table.told)
            if game.last_hand is not None:
                table.hands.append(game.last_hand)
        self.publish(table)

    def stored(self, table: Table | None, write: Any, *args: Any, **kwargs: Any) -> None:
        """Make one write to the database for ``table``. When it fails, the table's players and watchers hear
        of it (once, until a write succeeds) and :class:`StorageFailedError` goes on to the request; when it
        succeeds, every table whose write had failed hears that storage works again and its bots try again."""
        try:
            write(*args, **kwargs)
        except StorageFailedError as error:
            if table is not None and table.fault is None:
                table.fault = str(error.cause)
                self.failing.add(table)
                log.error("the database failed to store a write of table %r: %s", table.name, error.cause)
                self.announce(table, {"type": "table", "event": "storage_failed", "reason": table.fault})
            raise
        while self.failing:
            other = self.failing.pop()
            other.fault = None
            log.warning("the database stores table %r's moves again", other.name)
            self.announce(other, {"type": "table", "event": "storage_ok"})
            other.wake.set()

    async def _bot_loop(self, table: Table) -> None:
        """Play the table's bot turns whenever woken, one decision at a time in the worker process."""
        loop = asyncio.get_running_loop()
        retry: float | None = None
        while True:
            if retry is None:
                await table.wake.wait()
            else:  # the last write failed: try again after a while, or at once when a write succeeds
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(table.wake.wait(), retry)
            table.wake.clear()
            while not table.paused:
                game = table.game
                seat = game.to_move
                bot = None if seat is None else self.bot_for(table, seat)
                if bot is None or seat is None:
                    break
                try:
                    decision = await loop.run_in_executor(self.pool, decide, pickle.dumps(bot), game.observe(seat))
                except Exception:
                    log.exception("the bot of seat %s at table %r failed", seat, table.name)
                    break
                if self.standing_in(table, seat):  # at a person's pace, from the moment the turn came
                    await asyncio.sleep(table.turn_since + self.standin_pace - time.monotonic())
                async with table.lock:
                    now = table.game
                    if table.paused:
                        break
                    if now.to_move != seat or self.bot_for(table, seat) is not bot:
                        continue
                    try:
                        turn = play(now, seat, decision, self.seated(table), told={}, at=table.n_actions)
                    except MusError:
                        continue  # the table moved on (a seña came in) in a way the decision did not see
                    try:
                        self.commit(table, turn)
                    except StorageFailedError:
                        retry = RETRY_FIRST if retry is None else min(RETRY_MOST, retry * 2)
                        break
                    except MusError as error:  # a bot's move that would not replay is not stored: a bug
                        log.error("the move of the bot of seat %s at table %r does not replay, so it was not "
                                  "stored: %s", seat, table.name, error)
                        break
                    retry = None

    # ------------------------------------------------------------------ comings and goings

    def _schedule_away(self, table: Table, seat: int) -> None:
        player = table.players[seat]
        asyncio.get_running_loop().call_later(self.away_after, self._away, table, seat, player, player.epoch)

    def _still_gone(self, table: Table, seat: int, player: Player, epoch: int) -> bool:
        """Whether ``player`` still holds ``seat`` (the teacher may have freed it) and has not come back since
        ``epoch``."""
        return table.players.get(seat) is player and player.epoch == epoch and not player.connections

    def _away(self, table: Table, seat: int, player: Player, epoch: int) -> None:
        if not self._still_gone(table, seat, player, epoch) or player.away:
            return  # back, or gone for good (the teacher freed the seat)
        self._gone(table, seat, player, epoch)
        player.away = True
        self.announce(table, {"type": "table", "event": "away", "seat": seat, "name": player.name,
                              "level": self.standin})
        self.publish(table)
        self.pause_or_resume(table)
        table.wake.set()

    def pause_or_resume(self, table: Table) -> None:
        """Pause the match when every player of a team is away (no bot nor stand-in plays on: the match waits
        for them), and resume it when one of them is back (or their seats are freed); the table hears which."""
        paused = table.team_away()
        if paused == table.paused:
            return
        table.paused = paused
        self.announce(table, {"type": "table", "event": "paused" if paused else "resumed"})
        if not paused:
            table.wake.set()

    def leave(self, session: Session) -> None:
        table, seat = session.table, session.seat
        if table is None:
            return
        table.watchers.discard(session.connection)
        player = table.player_of(session)
        if seat is None or player is None:
            return
        player.connections.discard(session.connection)
        if not player.connections:
            player.gone_since = time.monotonic()
            player.epoch += 1
            self._schedule_away(table, seat)
            asyncio.get_running_loop().call_later(PRESENCE_GRACE, self._gone, table, seat, player, player.epoch)

    def _gone(self, table: Table, seat: int, player: Player, epoch: int) -> None:
        """Tell the table a player lost the connection, if they still hold the seat and are still gone since
        ``epoch``."""
        if not self._still_gone(table, seat, player, epoch) or not player.present:
            return
        player.present = False
        self.announce(table, {"type": "table", "event": "disconnected", "seat": seat, "name": player.name})

    # ------------------------------------------------------------------ requests

    async def handler(self, connection: ServerConnection) -> None:
        """One connection, its frames handled in order; whatever it sends harms only itself."""
        host = host_of(connection)
        held = self.address_connections.get(host, 0)
        if held >= self.max_per_address:
            await self.refuse_connection(connection, held)
            return
        self.address_connections[host] = held + 1
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
                reply = await self.answer(session, message)
                await connection.send(encode(reply))
                if reply.get("kind") in REFUSED_CLOSE:
                    await connection.close(1008, reply["kind"])
                    return
        except ConnectionClosed:
            pass
        finally:
            self.leave(session)
            left = self.address_connections[host] - 1
            if left:
                self.address_connections[host] = left
            else:
                del self.address_connections[host]

    async def refuse_connection(self, connection: ServerConnection, held: int) -> None:
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

    async def answer(self, session: Session, message: str | bytes) -> dict[str, Any]:
        """The reply to one frame: an error frame for anything refused, whatever the frame holds."""
        request_id = None
        kind: str | None = None
        try:
            frame = decode(message)
            request_id = frame.get("id")
            kind = frame["type"]
            if kind in ("act", "sena", "say"):
                return await self.seat_request(session, frame)
            if kind == "join":
                return self.join(session, frame)
            if kind == "create":
                return self.create(session, frame)
            self.check_teacher(frame)
            if kind == "record":
                table = self.table(frame)
                return {"type": "record", "id": request_id, "table": table.name,
                        "record": self.storage.record(table.name)}
            if kind == "list":
                return self.listing(frame)
            if kind == "free_seat":
                return self.free_seat(frame)
            if kind == "tell":
                return self.tell(frame)
            if kind in ("lock", "unlock", "set_code"):
                return self.set_access(frame)
            assert kind == "watch"
            return self.watch(session, frame)
        except ClassroomError as error:
            return error_frame(error.kind, error.detail, error.request_id if request_id is None else request_id)
        except MusError as error:
            return error_frame(type(error).__name__, str(error), request_id)
        except Exception as error:  # a bug: the sender hears of it, the log counts it (no traceback a frame)
            self.failures += 1
            if self.failures & (self.failures - 1) == 0:  # the 1st, 2nd, 4th, 8th...: a line per doubling
                log.error("%d request(s) failed in the server so far; the latest, a %r frame: %s: %s",
                          self.failures, kind, type(error).__name__, error)
            log.debug("a request failed in the server", exc_info=True)
            return error_frame("server_error", "the server could not handle this request", request_id)

    def check_teacher(self, frame: dict[str, Any]) -> None:
        key = frame.get("teacher_key")
        if not isinstance(key, str) or not hmac.compare_digest(key.encode(), self.teacher_key.encode()):
            raise ClassroomError("forbidden", f"a {frame['type']!r} request needs the teacher key")

    def check_student_create(self, session: Session, frame: dict[str, Any]) -> None:
        """A table created without the teacher key: only if the server lets students create tables, without
        choosing the seed (which would tell them the deal), within the cap, at a pace."""
        if not self.open_tables:
            raise ClassroomError("forbidden", "on this server only the teacher creates tables")
        if frame.get("seed") is not None:
            raise ClassroomError("forbidden", "only the teacher may choose a table's seed (it decides every deal)")
        if len(self.tables) >= self.max_tables:
            raise ClassroomError("too_many_tables", f"this server has {len(self.tables)} tables, as many as "
                                                    f"students may open; ask the teacher")
        now = time.monotonic()
        if not self.create_limits.of(host_of(session.connection), now).allow(now):
            raise ClassroomError("flood", "too many new tables from this address: wait a minute")

    def create(self, session: Session, frame: dict[str, Any]) -> dict[str, Any]:
        teacher = frame.get("teacher_key") is not None
        if teacher:
            self.check_teacher(frame)  # a wrong key is refused, not taken for a student
        name = table_name(required_text(frame, "table"))
        if name in self.tables or name in self.set_aside:
            raise ClassroomError("table_exists", f"there is already a table {name!r}")
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
        table = self._build(StoredTable(name, form["base"], form["bots"], (), (), (), code_hash))
        self.stored(None, self.storage.create_table, name, game, levels, code_hash)
        self._open(table)
        return {"type": "created", "id": frame.get("id"), **table.summary()}

    def check_address_join(self, session: Session) -> None:
        """An address joins seats at a pace: :attr:`max_per_address` at once, then as many a minute."""
        now = time.monotonic()
        if not self.join_limits.of(host_of(session.connection), now).allow(now):
            raise ClassroomError("too_many_joins", f"this address joined more than {self.max_per_address} seats "
                                                   f"in a minute: wait a moment")

    def join(self, session: Session, frame: dict[str, Any]) -> dict[str, Any]:
        if session.table is not None:
            raise ClassroomError("bad_frame", "this connection has already joined a table")
        table = self.table(frame)
        seat = seat_field(frame)
        token = text_field(frame, "token", optional=True)
        fresh = None
        if token is not None:
            hashed = token_hash(token)
            found = [s for s, p in table.players.items() if hmac.compare_digest(p.token_hash, hashed)]
            if not found or (seat is not None and found[0] != seat):
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
            self.check_address_join(session)
        else:
            name = player_name(required_text(frame, "name"))
            self.check_access(session, table, frame, name)
            free = [s for s in range(4) if s not in table.levels and s not in table.players]
            if seat is None:
                if not free:
                    raise ClassroomError("table_full", f"every seat at {table.name!r} has a player or a bot")
                seat = free[0]
            elif seat not in free:
                who = "a bot" if seat in table.levels else "a player (rejoin with the seat's token)"
                raise ClassroomError("seat_taken", f"seat {seat} at {table.name!r} has {who}")
            self.check_address_join(session)
            fresh = secrets.token_urlsafe(24)
            self.stored(table, self.storage.add_seat, table.name, seat, name, token_hash(fresh))
            table.players[seat] = Player(name, token_hash(fresh))
        player = table.players[seat]
        told = player.present and not player.away
        player.connections.add(session.connection)
        player.gone_since, player.away, player.present = None, False, True
        player.epoch += 1
        session.table, session.seat = table, seat
        if told:  # the table never heard the player go: nothing to tell it, nothing to redraw
            self.publish_to(table, seat, session.connection)
        else:
            event = "joined" if fresh is not None else "back"
            self.announce(table, {"type": "table", "event": event, "seat": seat, "name": player.name})
            self.pause_or_resume(table)
            self.publish(table)
        return {"type": "joined", "id": frame.get("id"), "table": table.name, "seat": seat,
                "token": fresh if fresh is not None else token, "name": player.name,
                "chat": table.chat[-CHAT_HISTORY:]}

    def check_access(self, session: Session, table: Table, frame: dict[str, Any], name: str) -> None:
        """A new player at ``table``: with its join code if it has one (at a pace of wrong codes per address), a
        name it is locked to if it is locked, and a name nobody else at the table has."""
        if table.code_hash is not None:
            code = text_field(frame, "code", optional=True)
            if code is None:
                raise ClassroomError("bad_code", f"table {table.name!r} needs its join code (ask the teacher)")
            now = time.monotonic()
            bucket = self.code_limits.of(host_of(session.connection), now)
            if bucket.empty(now):  # not even compared: a guess must wait like a wrong one
                raise ClassroomError("flood", "too many wrong join codes from this address: wait a minute")
            if not hmac.compare_digest(token_hash(code.strip()), table.code_hash):
                bucket.allow(now)
                raise ClassroomError("bad_code", f"that is not the join code of {table.name!r}")
        key = name_key(name)
        if table.locked is not None and key not in {name_key(n) for n in table.locked}:
            raise ClassroomError("locked", f"table {table.name!r} is kept for {', '.join(table.locked)}; "
                                           f"{name!r} is not one of them")
        for seat, player in table.players.items():
            if name_key(player.name) == key:
                raise ClassroomError("name_taken", f"{player.name!r} already sits at seat {seat} of {table.name!r}; "
                                                   f"rejoin with that seat's token, or choose another name")

    def free_seat(self, frame: dict[str, Any]) -> dict[str, Any]:
        """The teacher gives a seat back: its player's token stops working, their connections are told and
        closed, and the next student to join may sit there (a squatter's seat, or a student who left)."""
        table = self.table(frame)
        seat = seat_field(frame)
        if seat is None:
            raise ClassroomError("bad_frame", "a 'free_seat' frame needs 'seat', 0 to 3")
        player = table.players.get(seat)
        if player is None:
            what = "a bot" if seat in table.levels else "no player"
            raise ClassroomError("seat_open", f"seat {seat} at {table.name!r} has {what}: there is nobody to free")
        self.stored(table, self.storage.free_seat, table.name, seat)
        self.announce(table, {"type": "table", "event": "freed", "seat": seat, "name": player.name})
        del table.players[seat]
        self.pause_or_resume(table)
        for connection in player.connections:
            task = asyncio.ensure_future(connection.close(FREED, "the teacher freed this seat"))
            self.closing.add(task)
            task.add_done_callback(self.closing.discard)
        player.connections.clear()
        self.publish(table)
        return {"type": "updated", "id": frame.get("id"), **table.summary()}

    def set_access(self, frame: dict[str, Any]) -> dict[str, Any]:
        """``lock`` (only ``names`` may sit down), ``unlock``, or ``set_code`` (``code``, or null for none): who
        may take a free seat from now on; the players already seated keep their seats."""
        table = self.table(frame)
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
        self.stored(table, self.storage.set_access, table.name, code_hash, locked)
        table.code_hash, table.locked = code_hash, locked
        return {"type": "updated", "id": frame.get("id"), **table.summary()}

    def watch(self, session: Session, frame: dict[str, Any]) -> dict[str, Any]:
        if session.table is not None:
            raise ClassroomError("bad_frame", "this connection has already joined a table")
        table = self.table(frame)
        session.table = table
        table.watchers.add(session.connection)
        return {**self.face_up(table), "id": frame.get("id"), "chat": table.chat[-CHAT_HISTORY:],
                "hands": [hand.to_dict() for hand in table.hands]}

    async def seat_request(self, session: Session, frame: dict[str, Any]) -> dict[str, Any]:
        table, seat = session.table, session.seat
        if table is None or seat is None:
            raise ClassroomError("not_joined", f"join a seat before a {frame['type']!r} frame")
        player = table.player_of(session)
        if player is None:
            raise ClassroomError("not_joined", f"the teacher freed seat {seat} at {table.name!r}: join again")
        kind = frame["type"]
        if kind == "say":
            return self.say(table, seat, frame)
        async with table.lock:
            if table.player_of(session) is not player:  # freed while this frame waited for the table
                raise ClassroomError("not_joined", f"the teacher freed seat {seat} at {table.name!r}: join again")
            if kind == "act":
                if table.paused:
                    raise ClassroomError("paused", f"the match at {table.name!r} waits until a player of the team "
                                                   f"that is away comes back")
                turn = play(table.game, seat, required_text(frame, "action"), self.seated(table), told={},
                            at=table.n_actions)
            else:
                sena_id = required_text(frame, "sena")
                if not player.sena_limit.allow(time.monotonic()):
                    raise ClassroomError("flood", "one seña a second, please")
                turn = say(table.game, seat, sena_id, at=table.n_actions)
            self.commit(table, turn)
        if table.game.to_move is not None and self.bot_for(table, table.game.to_move) is not None:
            table.wake.set()
        return {"type": "ok", "id": frame.get("id"), "seq": table.moves}

    def say(self, table: Table, seat: int, frame: dict[str, Any]) -> dict[str, Any]:
        text = plain_text(required_text(frame, "text"), MAX_CHAT, "chat line", "bad_chat")
        player = table.players[seat]
        if not player.chat_limit.allow(time.monotonic()):
            raise ClassroomError("chat_too_fast", "one chat line every two seconds, please")
        stamp = time.time()
        self.stored(table, self.storage.add_chat, table.name, len(table.chat), seat, player.name, text, stamp=stamp)
        self.chatted(table, chat_line(seat, player.name, text, stamp))
        return {"type": "ok", "id": frame.get("id"), "seq": table.moves}

    def tell(self, frame: dict[str, Any]) -> dict[str, Any]:
        """The teacher writes to a table: a chat line of no seat (``teacher``: true) that everyone there sees,
        stored with the table's chat."""
        table = self.table(frame)
        text = plain_text(required_text(frame, "text"), MAX_CHAT, "message", "bad_chat")
        stamp = time.time()
        self.stored(table, self.storage.add_chat, table.name, len(table.chat), None, "", text, stamp=stamp)
        self.chatted(table, chat_line(None, "", text, stamp))
        return {"type": "ok", "id": frame.get("id"), "seq": table.moves}

    def chatted(self, table: Table, line: dict[str, Any]) -> None:
        """A stored chat line: the table's, the class's, and everyone at the table hears it."""
        table.chat.append(line)
        self.class_chat.add(table.name, line)
        self.announce(table, line)

    # ------------------------------------------------------------------ running

    async def close(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError):
                await task
        self.pool.shutdown(wait=False, cancel_futures=True)


async def start(server: ClassroomServer, host: str, port: int) -> Server:
    """Load the stored tables and listen; the returned server's ``sockets`` tell the port."""
    server.load()
    listening: Server = await serve(server.handler, host, port, max_size=TRANSPORT_MAX_FRAME, compression=None,
                                    ping_interval=20, ping_timeout=20)
    return listening


def address(listening: Server) -> str:
    host, port = next(iter(listening.sockets)).getsockname()[:2]
    return f"ws://{host}:{port}"


async def run(db: Path, host: str, port: int, *, teacher_key: str, away_after: float, standin: str,
              sync: str, open_tables: bool, max_tables: int, max_per_address: int = ADDRESS_CONNECTIONS,
              standin_pace: float = STANDIN_PACE) -> None:
    storage = Storage(db, sync)
    classroom = ClassroomServer(storage, teacher_key, away_after=away_after, standin=standin,
                                open_tables=open_tables, max_tables=max_tables, max_per_address=max_per_address,
                                standin_pace=standin_pace)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    listening = await start(classroom, host, port)
    print(address(listening), flush=True)
    try:
        await stop.wait()
    finally:
        listening.close()
        await listening.wait_closed()
        await classroom.close()
        storage.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="mus-widget serve", description=(
        "Serve classroom Mus tables over WebSockets; prints the ws:// address to give the students."))
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on (0.0.0.0: every interface)")
    parser.add_argument("--port", type=int, default=8765, help="port (0: any free port)")
    parser.add_argument("--db", type=Path, default=Path("classroom.sqlite"), help="the SQLite file of the class")
    parser.add_argument("--teacher-key", required=True, help="the key that creates tables and shows them face up")
    parser.add_argument("--away-after", type=float, default=30.0,
                        help="seconds a player may be gone before a bot plays their seat (default 30)")
    parser.add_argument("--standin", default="novice", choices=sorted(LEVELS),
                        help="the level of the bot that plays for a player who is away")
    parser.add_argument("--standin-pace", type=float, default=STANDIN_PACE,
                        help=f"seconds each turn of a stand-in lasts at least, a person's pace (default "
                             f"{STANDIN_PACE:g})")
    parser.add_argument("--sync", default="normal", choices=SYNC_MODES,
                        help="normal: every move survives a killed server; full: also a power cut (an fsync a move)")
    parser.add_argument("--open-tables", action=argparse.BooleanOptionalAction, default=True,
                        help="whether students may create tables without the teacher key (default: yes)")
    parser.add_argument("--max-tables", type=int, default=100,
                        help="students may create tables while the server has fewer than this (default 100)")
    parser.add_argument("--max-connections-per-address", type=int, default=ADDRESS_CONNECTIONS,
                        help=f"connections one address may hold, and joins it may make a minute (default "
                             f"{ADDRESS_CONNECTIONS}; every kernel of a JupyterHub shares one address)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    try:
        asyncio.run(run(args.db, args.host, args.port, teacher_key=args.teacher_key, away_after=args.away_after,
                        standin=args.standin, sync=args.sync, open_tables=args.open_tables,
                        max_tables=args.max_tables, max_per_address=args.max_connections_per_address,
                        standin_pace=args.standin_pace))
    except NotAClassroomError as error:
        parser.exit(2, f"{parser.prog}: {error}\n")
