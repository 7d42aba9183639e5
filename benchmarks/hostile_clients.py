"""The attackers of the classroom abuse soak (``benchmarks/classroom_abuse.py``, which runs them in a process of
their own): join storms, unread sockets, chat floods and junk frames against the server the soak starts.

Each hostile table's four seats belong to the attackers, who play them flat out (never an órdago; when a match
ends, they start another at a new table). Not a benchmark of its own: imported by ``classroom_abuse.py``. Run
directly, it says so in one line (``--help``, a few) rather than failing on the import of ``support``, which it
finds in ``tests/`` as the soak does.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import random
import socket
import struct
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final, cast
from urllib.parse import urlsplit

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from mus_widget.engine.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # support, when run directly

from support.students import careless

RUN_BY: Final = ("hostile_clients.py is not run on its own: classroom_abuse.py runs these attackers against the "
                 "server it starts (python benchmarks/classroom_abuse.py --help)")
"""What running this module directly says."""

TRANSPORT_ERRORS = (ConnectionClosed, InvalidHandshake, OSError, asyncio.TimeoutError)
"""What a connection of the soak, honest or hostile, may meet on the way: counted, never fatal."""


def junk_frames() -> list[str | bytes]:
    """Frames no client should send: each must get an error frame (or, past the transport's limit, a close)."""
    long_number = "9" * 5000
    return [
        "not json", "{", "[1, 2, 3]", '"join"', "null", "{}", '{"type": ["join"]}', '{"type": 7}',
        '{"type": "join", "table": ["H0.0"], "name": "x"}',
        '{"type": "join", "table": "H0.0", "seat": 7, "name": "x"}',
        '{"type": "join", "table": "H0.0", "seat": true, "name": "x"}',
        '{"type": "join", "table": "H0.0", "token": "\\ud800"}',
        '{"type": "watch", "table": "H0.0", "teacher_key": "\\ud800"}',
        f'{{"type": "join", "table": "H0.0", "seat": {long_number}, "name": "x"}}',
        f'{{"type": "list", "id": {long_number}}}',
        '{"type": "create", "table": "junk", "bots": {"1": ["expert"]}}',
        '{"type": "create", "table": "junk", "bots": {"1": {}}}',
        '{"type": "create", "table": "junk", "seed": 1e400}',
        '{"type": "create", "table": "junk", "rules": {"games": 1e308}}',
        '{"type": "create", "table": "junk", "rules": [1]}',
        '{"type": "act", "action": 12}', '{"type": "say", "text": null}',
        '{"type": "record", "table": "H0.0", "teacher_key": 5}',
        '{"type": "join", "id": -1, "name": "' + "x" * 9000 + '"}',  # over MAX_FRAME: too_large
        "[" * 5000 + "]" * 5000,
        b"\x00\x01binary",
        '{"type": "say", "text": "' + "y" * 70_000 + '"}',  # over the transport's limit: closed with 1009
    ]


@dataclass
class Hostile:
    """What the attackers tallied, by what happened: joins, moves, refusals, drops, the answers to junk."""

    counts: Counter[str] = field(default_factory=Counter)


def short_socket() -> socket.socket:
    """A TCP socket of 127.0.0.1 with a small receive buffer: a reader that falls behind early."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.setblocking(False)
    return sock


def text_frame(text: str) -> bytes:
    """A masked WebSocket text frame (as a client must send it)."""
    payload = text.encode()
    mask = os.urandom(4)
    head = bytes([0x81])
    if len(payload) < 126:
        head += bytes([0x80 | len(payload)])
    else:
        head += bytes([0x80 | 126]) + struct.pack("!H", len(payload))
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


@dataclass
class Deadline:
    """When the attacks end: at ``end``, or earlier if the server's memory reaches the benchmark's cap."""

    end: float

    def passed(self) -> bool:
        return time.time() >= self.end


class Round:
    """One hostile table's match: its name, the attackers' tokens by role, and whether to keep at it."""

    def __init__(self, table: str, tokens: dict[str, str], deadline: Deadline) -> None:
        self.table = table
        self.tokens = tokens
        self.deadline = deadline
        self.over = asyncio.Event()
        """Set once the match is over: the attackers move on to a new table."""

    def running(self) -> bool:
        return not self.deadline.passed() and not self.over.is_set()

    def saw(self, state: dict[str, Any] | None) -> None:
        if state is not None and state["observation"]["is_over"]:
            self.over.set()


async def unread(url: str, round_: Round, *, hold: float, out: Hostile) -> None:
    """A connection on the token of seat 1 that joins and never reads a byte, held ``hold`` seconds, then
    opened again."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    loop = asyncio.get_running_loop()
    while round_.running():
        sock = short_socket()
        try:
            await loop.sock_connect(sock, (host, port))
            key = base64.b64encode(os.urandom(16)).decode()
            handshake = (f"GET {parts.path or '/'} HTTP/1.1\r\nHost: {host}:{port}\r\nUpgrade: websocket\r\n"
                         f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
            join = json.dumps({"type": "join", "table": round_.table, "token": round_.tokens["unread"], "id": 1})
            await loop.sock_sendall(sock, handshake.encode() + text_frame(join))
            out.counts["unread_opened"] += 1
            held = time.time() + hold
            while round_.running() and time.time() < held:
                await asyncio.sleep(0.2)
        except OSError:
            out.counts["unread_refused"] += 1
            await asyncio.sleep(0.5)
        finally:
            sock.close()


def my_move(state: dict[str, Any] | None, seat: int | None, rng: random.Random) -> str | None:
    """A careless legal action of ``seat`` (never an órdago, so the match lasts), if the state says it is to
    move: an attacker plays flat out."""
    if state is None or seat is None:
        return None
    observation = state["observation"]
    if observation["is_over"] or observation["to_move"] != seat or not observation["legal_actions"]:
        return None
    legal = [a for a in observation["legal_actions"] if a != "ordago"] or observation["legal_actions"]
    return careless(legal, rng)


async def ask(ws: ClientConnection, frame: dict[str, Any], seen: dict[str, Any]) -> dict[str, Any]:
    """Send ``frame`` and read until its answer; the newest state on the way goes in ``seen["state"]``."""
    await ws.send(json.dumps(frame))
    while True:
        reply = orjson.loads(await asyncio.wait_for(ws.recv(), 5))
        if reply.get("type") == "state" and (seen.get("state") is None or reply["seq"] >= seen["state"]["seq"]):
            seen["state"] = reply
        if reply.get("id") == frame["id"]:
            return cast(dict[str, Any], reply)


async def storm(url: str, round_: Round, out: Hostile) -> None:
    """Seat 0 rejoining in a loop with its own token: connect, join, play if it is to move, close."""
    rng = random.Random(round_.tokens["storm"])
    while round_.running():
        try:
            async with connect(url, proxy=None, compression=None, open_timeout=5, max_size=2**22) as ws:
                seen: dict[str, Any] = {}
                frame = {"type": "join", "table": round_.table, "token": round_.tokens["storm"], "id": 1}
                reply = await ask(ws, frame, seen)
                joined = reply["type"] == "joined"
                out.counts["storm_joined" if joined else f"storm_refused_{reply.get('kind')}"] += 1
                action = my_move(seen.get("state"), reply.get("seat"), rng)
                if joined and action is not None:
                    reply = await ask(ws, {"type": "act", "action": action, "id": 2}, seen)
                    out.counts["hostile_moves" if reply["type"] == "ok" else "hostile_moves_refused"] += 1
                round_.saw(seen.get("state"))
        except InvalidStatus:
            out.counts["storm_refused"] += 1
            await asyncio.sleep(0.05)
        except TRANSPORT_ERRORS:
            out.counts["storm_dropped"] += 1
            await asyncio.sleep(0.05)


async def player(url: str, round_: Round, role: str, out: Hostile, chat: float = 0.0) -> None:
    """The seat of ``role`` played flat out; with ``chat``, a chat line every ``chat`` seconds between moves
    (far faster than the server lets a seat talk)."""
    token = round_.tokens[role]
    rng = random.Random(token)
    n = 0
    while round_.running():
        try:
            async with connect(url, proxy=None, compression=None, open_timeout=5, max_size=2**22) as ws:
                seen: dict[str, Any] = {}
                n += 1
                reply = await ask(ws, {"type": "join", "table": round_.table, "token": token, "id": n}, seen)
                if reply["type"] != "joined":
                    out.counts[f"player_refused_{reply.get('kind')}"] += 1
                    await asyncio.sleep(1.0)
                    continue
                seat = reply["seat"]
                said = time.perf_counter()
                while round_.running():
                    n += 1
                    action = my_move(seen.get("state"), seat, rng)
                    if chat and time.perf_counter() - said >= chat:
                        said = time.perf_counter()
                        reply = await ask(ws, {"type": "say", "text": f"spam {n} " + "¡" * 150, "id": n}, seen)
                        out.counts["chat_said" if reply["type"] == "ok" else f"chat_refused_{reply.get('kind')}"] += 1
                    elif action is not None:
                        reply = await ask(ws, {"type": "act", "action": action, "id": n}, seen)
                        out.counts["hostile_moves" if reply["type"] == "ok" else "hostile_moves_refused"] += 1
                    else:
                        with contextlib.suppress(asyncio.TimeoutError):
                            frame = orjson.loads(await asyncio.wait_for(ws.recv(), chat or 0.5))
                            if frame.get("type") == "state":
                                seen["state"] = frame
                    round_.saw(seen.get("state"))
        except InvalidStatus:
            out.counts["player_refused"] += 1
            await asyncio.sleep(0.05)
        except TRANSPORT_ERRORS:
            out.counts["player_dropped"] += 1
            await asyncio.sleep(0.05)


async def junk(url: str, deadline: Deadline, out: Hostile) -> None:
    """Junk frames one after another, each answer awaited; a fresh connection whenever the server closes one."""
    frames = junk_frames()
    n = 0
    while not deadline.passed():
        try:
            async with connect(url, proxy=None, compression=None, open_timeout=5, max_size=2**22) as ws:
                while not deadline.passed():
                    await ws.send(frames[n % len(frames)])
                    n += 1
                    frame = orjson.loads(await asyncio.wait_for(ws.recv(), 5))
                    out.counts[f"junk_{frame.get('type')}"] += 1
        except ConnectionClosed as closed:
            code = closed.rcvd.code if closed.rcvd is not None else None
            out.counts[f"junk_closed_{code}"] += 1
        except InvalidStatus:
            out.counts["junk_refused"] += 1
            await asyncio.sleep(0.05)
        except TRANSPORT_ERRORS:
            out.counts["junk_dropped"] += 1
            await asyncio.sleep(0.05)


LONG_MATCH = Rules(target=100, games=9)
"""The hostile tables' rules: the longest match, so that a table plays on for a while."""
ROLES = ("storm", "unread", "chat", "play")
"""The attackers' seats at a hostile table, 0 to 3."""


async def open_table(url: str, table: str, seed: int, *, teacher_key: str) -> dict[str, str]:
    """A hostile table of four human seats (created with the teacher's key: the set-up, not an attack), and the
    attackers' tokens by role."""
    async with connect(url, proxy=None, compression=None) as ws:
        reply = await ask(ws, {"type": "create", "table": table, "teacher_key": teacher_key, "seed": seed, "id": 1,
                               "rules": LONG_MATCH.to_dict()}, {})
        assert reply["type"] == "created", reply
    tokens = {}
    for role in ROLES:
        async with connect(url, proxy=None, compression=None, max_size=2**22) as ws:
            reply = await ask(ws, {"type": "join", "table": table, "name": f"Ana {role}", "id": 1}, {})
            assert reply["type"] == "joined", reply
            tokens[role] = reply["token"]
    return tokens


async def campaign(url: str, n: int, options: dict[str, float], deadline: Deadline, out: Hostile, *,
                   teacher_key: str) -> None:
    """Hostile table ``n``: its attackers play a match flat out, then the next at a new table, until the end."""
    for match in range(10**6):
        if deadline.passed():
            return
        table = f"H{n}.{match}"
        try:
            round_ = Round(table, await open_table(url, table, 1000 * n + match, teacher_key=teacher_key), deadline)
        except (*TRANSPORT_ERRORS, AssertionError) as error:
            out.counts[f"setup_failed_{type(error).__name__}"] += 1
            await asyncio.sleep(1.0)
            continue
        await asyncio.gather(
            storm(url, round_, out), player(url, round_, "unread", out), player(url, round_, "chat", out, chat=0.1),
            player(url, round_, "play", out),
            *(unread(url, round_, hold=options["hold"], out=out) for _ in range(int(options["unread_each"]))),
        )
        out.counts["hostile_matches_over"] += round_.over.is_set()


async def hostile(url: str, options: dict[str, float], times: tuple[float, float], stop: Any, *,
                  teacher_key: str) -> dict[str, Any]:
    """Every attack at once from ``begin`` to ``end`` (``times``), or until ``stop`` (an event) is set."""
    out = Hostile()
    begin, end = times
    deadline = Deadline(end)
    await asyncio.sleep(max(0.0, begin - time.time()))

    async def watch() -> None:
        while not deadline.passed():
            if stop.is_set():
                deadline.end = time.time()
                out.counts["stopped_at_memory_cap"] = 1
            await asyncio.sleep(0.2)

    tables = int(options["tables"])
    options = {**options, "unread_each": max(1, int(options["unread"]) // max(1, tables))}
    await asyncio.gather(watch(),
                         *(campaign(url, n, options, deadline, out, teacher_key=teacher_key) for n in range(tables)),
                         *(junk(url, deadline, out) for _ in range(int(options["junk"]))))
    return dict(out.counts)


def hostile_process(url: str, options: dict[str, float], times: tuple[float, float], stop: Any, pipe: Any, *,
                    teacher_key: str) -> None:
    """The attackers' process: every attack at once, then their tallies down ``pipe``."""
    pipe.send(asyncio.run(hostile(url, options, times, stop, teacher_key=teacher_key)))
    pipe.close()


def main(argv: list[str] | None = None) -> int:
    """Say, in one line on standard error, that the attackers are run by the soak (``--help``: the same words)."""
    argparse.ArgumentParser(description=f"{RUN_BY}.").parse_args(argv)
    print(RUN_BY, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
