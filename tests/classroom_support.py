"""The classroom tests' servers and players: a real ``python -m mus_widget.serve`` process on 127.0.0.1 (a
:class:`~support.servers.ChildServer`), killed with SIGKILL when a test says so, and random
players that choose like a careless student."""

from __future__ import annotations

import json
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import mus_widget as mw
from support.ports import free_port
from support.servers import ChildServer
from support.students import careless as careless_choice

if TYPE_CHECKING:  # the classroom client needs websockets, which a test imports only when it plays
    from websockets.sync.client import ClientConnection

    from mus_widget import remote

TEACHER_KEY = "the-teachers-key"
FIRST_SCHEMA = """
    CREATE TABLE tables (name TEXT PRIMARY KEY, base_record TEXT NOT NULL, bots TEXT NOT NULL,
        created REAL NOT NULL);
    CREATE TABLE seats (table_name TEXT NOT NULL REFERENCES tables(name), seat INTEGER NOT NULL,
        name TEXT NOT NULL, token_hash TEXT NOT NULL, joined REAL NOT NULL, PRIMARY KEY (table_name, seat));
    CREATE TABLE moves (table_name TEXT NOT NULL REFERENCES tables(name), n INTEGER NOT NULL, kind TEXT NOT NULL,
        seat INTEGER NOT NULL, text TEXT NOT NULL, at INTEGER NOT NULL, stamp REAL NOT NULL,
        PRIMARY KEY (table_name, n));
    CREATE TABLE chat (table_name TEXT NOT NULL REFERENCES tables(name), n INTEGER NOT NULL, seat INTEGER,
        name TEXT NOT NULL, text TEXT NOT NULL, stamp REAL NOT NULL, PRIMARY KEY (table_name, n));
"""
"""The first classroom database's tables, before join codes, stand-ins, archives and quizzes: what an older
database holds, for the tests that open or copy one."""
HERE = Path(__file__).resolve().parent
PLAYER = HERE / "classroom_player.py"
START_TIMEOUT = 60.0


class ServerProcess:
    """The classroom server as a child process on a free port of 127.0.0.1, its database in ``folder``, ``env``
    added to its environment."""

    def __init__(self, folder: Path, away_after: float = 1.0, options: tuple[str, ...] = (),
                 env: dict[str, str] | None = None, standin_pace: float | None = None,
                 *, db: str | None = None) -> None:
        self.db = folder / "classroom.sqlite"
        self.database = str(self.db) if db is None else db
        """Its ``--db``: the SQLite file :attr:`db` by default, or ``db`` (a ``postgresql://`` URL)."""
        self.log = folder / "server.log"
        self.out = folder / "server.out"
        """Where the server prints its address."""
        self.port = free_port()
        self.away_after = away_after
        self.options = (*options, *(() if standin_pace is None else ("--standin-pace", str(standin_pace))))
        """More of the server's command-line options (``standin_pace``: ``--standin-pace``; the server's
        default, a person's pace, without it)."""
        command = [sys.executable, "-m", "mus_widget.serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--db", self.database, "--teacher-key", TEACHER_KEY, "--away-after", str(self.away_after),
                   *self.options]
        self.child = ChildServer(command, name="the classroom server", log=self.log, stdout=self.out, cwd=folder,
                                 env=None if env is None else {**os.environ, **env})
        self.url = ""

    def start(self) -> ServerProcess:
        """Start (or restart, on the same database and port) and wait for the address it prints."""
        self.out.write_text("")
        self.child.start(lambda: self.out.read_text().endswith("\n"), START_TIMEOUT)
        self.url = self.out.read_text().strip()
        assert self.url == f"ws://127.0.0.1:{self.port}", self.url
        return self

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        self.child.kill()

    def stop(self) -> None:
        self.child.stop(10)


def raw(server: ServerProcess) -> ClientConnection:
    """A bare WebSocket to ``server``, for frames no client would send."""
    from websockets.sync.client import connect

    return connect(server.url, proxy=None, compression=None, legacy=True)


def reply_to(ws: ClientConnection, frame: dict[str, Any]) -> dict[str, Any]:
    """Send ``frame`` and return the answer to it (its ``id``), past the frames the server sends on its own."""
    ws.send(json.dumps(frame))
    while True:
        reply: dict[str, Any] = json.loads(ws.recv(timeout=10))
        if reply.get("id") == frame["id"]:
            return reply


def careless(obs: mw.Observation, rng: random.Random) -> str:
    """A legal action of ``obs`` as a student in a hurry might choose (:func:`support.students.careless`)."""
    return careless_choice(obs.legal_actions, rng)


def play_until(seats: dict[int, remote.RemoteSeat], rng: random.Random, done: Callable[[mw.Observation], bool],
               choose: Callable[[mw.Observation, random.Random], str] = careless) -> mw.Observation:
    """The students at ``seats`` play ``choose``'s moves while ``done(observation)`` is false (the bots play on the
    server); every seat has seen a move before the next look."""
    any_seat = next(iter(seats.values()))
    while True:
        seq = any_seat.seq
        obs = any_seat.observe()
        if obs.is_over or done(obs):
            return obs
        if obs.to_move in seats:
            mover = seats[obs.to_move]
            mine = mover.wait_seq(seq, timeout=30)  # the mover has seen what any_seat saw
            if mine.to_move == mover.seat and mine.legal_actions:
                mover.act(choose(mine, rng))
                for other in seats.values():
                    other.wait_seq(mover.seq, timeout=30)
                continue
        any_seat.wait_seq(seq + 1, timeout=30)


def stored_moves(record: dict[str, Any]) -> list[tuple[str, Any]]:
    """A record's moves in the order the server stored them: ("action", text) and ("sena", {at, seat, sena})."""
    moves: list[tuple[str, Any]] = []
    senas = sorted(enumerate(record["senas"]), key=lambda item: (item[1]["at"], item[0]))
    cursor = 0
    for index, action in enumerate([*record["actions"], None]):
        while cursor < len(senas) and senas[cursor][1]["at"] == index:
            moves.append(("sena", senas[cursor][1]))
            cursor += 1
        if action is not None:
            moves.append(("action", action))
    return moves


def game_at(record: dict[str, Any], seq: int) -> mw.Game:
    """The table's game after its first ``seq`` stored moves (actions and señas in the order accepted)."""
    prefix = stored_moves(record)[:seq]
    return mw.Game.from_record({
        **record,
        "actions": [m for kind, m in prefix if kind == "action"],
        "senas": [m for kind, m in prefix if kind == "sena"],
    })

