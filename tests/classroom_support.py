"""The classroom tests' servers and players: a real ``python -m mus_widget.serve`` process on 127.0.0.1, killed
with SIGKILL when a test says so, and random players that choose like a careless student."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import threading
from pathlib import Path
from typing import Any

import mus_widget as mw

TEACHER_KEY = "the-teachers-key"
HERE = Path(__file__).resolve().parent
PLAYER = HERE / "classroom_player.py"
START_TIMEOUT = 60.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class ServerProcess:
    """The classroom server as a child process on a free port of 127.0.0.1, its database in ``folder``."""

    def __init__(self, folder: Path, away_after: float = 1.0, options: tuple[str, ...] = ()) -> None:
        self.db = folder / "classroom.sqlite"
        self.log = folder / "server.log"
        self.port = free_port()
        self.away_after = away_after
        self.options = options
        """More of the server's command-line options."""
        self.process: subprocess.Popen[str] | None = None
        self.url = ""

    def start(self) -> ServerProcess:
        """Start (or restart, on the same database and port) and wait for the address it prints."""
        command = [sys.executable, "-m", "mus_widget.serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--db", str(self.db), "--teacher-key", TEACHER_KEY, "--away-after", str(self.away_after),
                   *self.options]
        with self.log.open("a") as log:
            self.process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=log, text=True,
                                            cwd=self.db.parent)
        assert self.process.stdout is not None
        line: list[str] = []
        reader = threading.Thread(target=lambda: line.append(self.process.stdout.readline()), daemon=True)  # type: ignore[union-attr]
        reader.start()
        reader.join(START_TIMEOUT)
        if not line or not line[0].startswith("ws://"):
            self.kill()
            raise RuntimeError(f"the server did not start: {line} {self.log.read_text()[-2000:]}")
        self.url = line[0].strip()
        assert self.url == f"ws://127.0.0.1:{self.port}"
        return self

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()


def careless(obs: mw.Observation, rng: random.Random) -> str:
    """A legal action as a student in a hurry might choose: mostly mus and paso, an órdago now and then."""
    legal = list(obs.legal_actions)
    if "no-mus" in legal and rng.random() < 0.5:
        return "no-mus"
    weights = [0.03 if a == "ordago" else 2.0 if a in ("paso", "mus", "quiero") else 1.0 for a in legal]
    return rng.choices(legal, weights)[0]


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


def action_seats(record: dict[str, Any], start: int) -> list[int]:
    """The seats that made the actions stored after move ``start``, in order."""
    game = game_at(record, start)
    seats = []
    for kind, move in stored_moves(record)[start:]:
        if kind == "action":
            assert game.to_move is not None
            seats.append(game.to_move)
            game = game.apply(move)
        else:
            game = game.sena(move["seat"], move["sena"])
    return seats
