"""Classroom soak under abuse: honest tables at a student's pace while hostile clients hammer the same server.

    python benchmarks/classroom_abuse.py [--tables 50] [--seconds 120] [--quick]

Starts ``python -m mus_widget.serve`` on a free port of 127.0.0.1 with a fresh database. Each honest table has
one scripted student at seat 0 (a careless legal move ~1-3 s after its turn comes, as a student clicks) and
three bots; the teacher watches every honest table face up on a second connection. Beside them, ``--hostile-tables``
tables whose four seats belong to the attackers, who play them flat out (never an órdago; when a match ends,
they start another at a new table), all on 127.0.0.1 and bounded in number and time:

- join storms: seat 0's owner connecting, joining with its own token (moving, if it is to move) and closing,
  in a loop;
- unread sockets: while one connection plays seat 1 flat out, ``--unread`` connections in all on the same
  tokens (a small receive buffer) send their join and never read a byte, each held ``--hold`` seconds, then
  dropped and opened again;
- chat floods: seat 2 played flat out by a connection that also sends ten chat lines a second (seat 3 is only
  played flat out);
- junk: ``--junk`` connections sending malformed JSON, wrong types, 5,000-digit numbers, lone surrogates and
  frames over the size limits, one after another as fast as the server answers.

The honest clients and the hostile ones run in two processes of their own, the server in a third; on a small
machine they share its cores. A move's latency runs from the student's ``act`` to the moment both of its
table's connections (the student's state frame and the teacher's face-up frame) show it, stamped on arrival.
The server's memory is polled from /proc (VmRSS, and VmHWM at the end); should it reach ``--memory-cap``
(2,000 MB), the attacks stop there for the machine's sake (``attacks`` says ``stopped_at_memory_cap``) and the
honest tables play on. At the end every move the server
acknowledged (``ok``) is looked up in the table's stored record (``mus_widget.remote.record``, the teacher's
request): one missing or different is a lost move. Prints a few lines, then one JSON line with the figures and
the targets (p95 under 100 ms, peak memory under 200 MB, 0 lost); it exits 0 whether or not they are met.
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import multiprocessing
import os
import random
import socket
import statistics
import struct
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast
from urllib.parse import urlsplit

import orjson
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from mus_widget import remote
from mus_widget.engine.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.ports import free_port
from support.servers import ChildServer
from support.students import careless

KEY = "soak-key"
TARGETS = {"p95_ms": 100.0, "peak_memory_mb": 200.0, "lost_moves": 0}
SETTLE = 3.0
"""Seconds every client has to connect and join before the clock starts."""
TRANSPORT_ERRORS = (ConnectionClosed, InvalidHandshake, OSError, asyncio.TimeoutError)



# ---------------------------------------------------------------------------------------------------- honest


@dataclass
class Honest:
    """What the honest clients saw: latencies, the moves acknowledged, what went wrong."""

    latencies: list[float] = field(default_factory=list)
    acked: list[tuple[str, int, str]] = field(default_factory=list)
    """(table, the ``seq`` of the ``ok``, the action) of every acknowledged move."""
    errors: Counter[str] = field(default_factory=Counter)
    unseen: int = 0
    """Acknowledged moves that a connection of the table never showed before the end."""


class Arrivals:
    """When each ``seq`` first reached one connection (perf_counter seconds), and a way to wait for one."""

    def __init__(self) -> None:
        self.times: dict[int, float] = {}
        self.newest = -1
        self.changed = asyncio.Event()

    def arrived(self, seq: int, now: float) -> None:
        if seq > self.newest:
            self.newest = seq
            self.times[seq] = now
            self.changed.set()

    async def when(self, seq: int, deadline: float) -> float | None:
        """The arrival time of the first ``seq`` at or past ``seq``; None if none came before ``deadline``."""
        while self.newest < seq:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), max(0.0, deadline - time.perf_counter()))
            except asyncio.TimeoutError:
                return None
        return min(t for s, t in self.times.items() if s >= seq)


async def watcher(url: str, table: str, arrivals: Arrivals, stop: asyncio.Event, out: Honest) -> None:
    """The teacher's face-up view of ``table``: stamps the arrival of every ``seq``."""
    try:
        async with connect(url, proxy=None, compression=None, max_size=2**22) as ws:
            await ws.send(json.dumps({"type": "watch", "table": table, "teacher_key": KEY, "id": 1}))
            while not stop.is_set():
                try:
                    message = await asyncio.wait_for(ws.recv(), 0.5)
                except asyncio.TimeoutError:
                    continue
                now = time.perf_counter()
                frame = orjson.loads(message)
                if frame.get("type") == "face_up" or (frame.get("type") == "error" and "seq" in frame):
                    arrivals.arrived(int(frame["seq"]), now)
                elif frame.get("type") == "error":
                    out.errors[f"watcher: {frame.get('kind')}"] += 1
    except TRANSPORT_ERRORS as error:
        if not stop.is_set():
            out.errors[f"watcher: {type(error).__name__}"] += 1


async def student(url: str, table: str, *, rng: random.Random, watched: Arrivals, begin: float, end: float,
                  out: Honest) -> None:
    """Seat 0 of ``table``: a careless legal move 1 to 3 s after its turn comes, until ``end``; each move's
    latency is until its own state frame and the teacher's view both show it."""
    own = Arrivals()
    state: dict[str, Any] | None = None
    replies: dict[int, asyncio.Future[dict[str, Any]]] = {}
    try:
        async with connect(url, proxy=None, compression=None, max_size=2**22) as ws:

            async def read() -> None:
                nonlocal state
                async for message in ws:
                    now = time.perf_counter()
                    frame = orjson.loads(message)
                    kind = frame.get("type")
                    if kind == "state":
                        own.arrived(int(frame["seq"]), now)
                        if state is None or frame["seq"] >= state["seq"]:
                            state = frame
                    request = frame.get("id")
                    if isinstance(request, int) and request in replies:
                        replies.pop(request).set_result(frame)

            reader = asyncio.create_task(read())
            ids = iter(range(1, 10**9))

            async def request(frame: dict[str, Any], timeout: float = 10.0) -> dict[str, Any]:
                request_id = next(ids)
                replies[request_id] = asyncio.get_running_loop().create_future()
                await ws.send(json.dumps({**frame, "id": request_id}))
                return await asyncio.wait_for(replies[request_id], timeout)

            joined = await request({"type": "join", "table": table, "name": f"Alumna {table}"})
            if joined.get("type") != "joined":
                out.errors[f"join: {joined.get('kind')}"] += 1
                return
            await asyncio.sleep(max(0.0, begin - time.time()))
            acted = -1
            while time.time() < end and not reader.done():
                observation = None if state is None else state["observation"]
                if observation is None or observation["is_over"] or observation["to_move"] != 0 \
                        or not observation["legal_actions"] or state is None or state["seq"] <= acted:
                    own.changed.clear()
                    with contextlib.suppress(asyncio.TimeoutError):
                        await asyncio.wait_for(own.changed.wait(), 0.5)
                    continue
                acted = state["seq"]
                await asyncio.sleep(rng.uniform(1.0, 3.0))
                if time.time() >= end:
                    break
                action = careless(observation["legal_actions"], rng)
                sent = time.perf_counter()
                reply = await request({"type": "act", "action": action})
                if reply.get("type") != "ok":
                    out.errors[f"act: {reply.get('kind')}"] += 1
                    continue
                seq = int(reply["seq"])
                out.acked.append((table, seq, action))
                deadline = time.perf_counter() + 30.0
                shown = [await own.when(seq, deadline), await watched.when(seq, deadline)]
                if any(t is None for t in shown):
                    out.unseen += 1
                else:
                    out.latencies.append((max(t for t in shown if t is not None) - sent) * 1000)
            reader.cancel()
            await asyncio.gather(reader, return_exceptions=True)
    except TRANSPORT_ERRORS as error:
        out.errors[f"student: {type(error).__name__}"] += 1


async def honest(url: str, tables: list[str], seed: int, begin: float, end: float) -> dict[str, Any]:
    out = Honest()
    stop = asyncio.Event()
    rng = random.Random(seed)
    views = {t: Arrivals() for t in tables}
    watchers = [asyncio.create_task(watcher(url, t, views[t], stop, out)) for t in tables]
    await asyncio.sleep(0.5)  # the teacher's views first, so that they see every move
    students = [asyncio.create_task(student(url, t, rng=random.Random(rng.random()), watched=views[t],
                                                    begin=begin, end=end, out=out))
                for t in tables]
    await asyncio.gather(*students)
    stop.set()
    await asyncio.gather(*watchers)
    return {"latencies": out.latencies, "acked": out.acked, "errors": dict(out.errors), "unseen": out.unseen}


def honest_process(url: str, tables: list[str], seed: int, times: tuple[float, float], pipe: Any) -> None:
    begin, end = times
    pipe.send(asyncio.run(honest(url, tables, seed, begin, end)))
    pipe.close()


# ---------------------------------------------------------------------------------------------------- hostile


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


async def open_table(url: str, table: str, seed: int) -> dict[str, str]:
    """A hostile table of four human seats (created with the teacher's key: the set-up, not an attack), and the
    attackers' tokens by role."""
    async with connect(url, proxy=None, compression=None) as ws:
        reply = await ask(ws, {"type": "create", "table": table, "teacher_key": KEY, "seed": seed, "id": 1,
                               "rules": LONG_MATCH.to_dict()}, {})
        assert reply["type"] == "created", reply
    tokens = {}
    for role in ROLES:
        async with connect(url, proxy=None, compression=None, max_size=2**22) as ws:
            reply = await ask(ws, {"type": "join", "table": table, "name": f"Ana {role}", "id": 1}, {})
            assert reply["type"] == "joined", reply
            tokens[role] = reply["token"]
    return tokens


async def campaign(url: str, n: int, options: dict[str, float], deadline: Deadline, out: Hostile) -> None:
    """Hostile table ``n``: its attackers play a match flat out, then the next at a new table, until the end."""
    for match in range(10**6):
        if deadline.passed():
            return
        table = f"H{n}.{match}"
        try:
            round_ = Round(table, await open_table(url, table, 1000 * n + match), deadline)
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


async def hostile(url: str, options: dict[str, float], times: tuple[float, float], stop: Any) -> dict[str, Any]:
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
    await asyncio.gather(watch(), *(campaign(url, n, options, deadline, out) for n in range(tables)),
                         *(junk(url, deadline, out) for _ in range(int(options["junk"]))))
    return dict(out.counts)


def hostile_process(url: str, options: dict[str, float], times: tuple[float, float], stop: Any, pipe: Any) -> None:
    pipe.send(asyncio.run(hostile(url, options, times, stop)))
    pipe.close()


# ---------------------------------------------------------------------------------------------------- running


def memory_mb(pid: int) -> tuple[float, float]:
    """The process's resident memory now and at its highest (VmRSS, VmHWM), in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        name, _, value = line.partition(":")
        if name in ("VmRSS", "VmHWM"):
            fields[name] = int(value.split()[0]) / 1024
    return fields.get("VmRSS", 0.0), fields.get("VmHWM", 0.0)


def setup(url: str, tables: list[str], level: str, seed: int) -> None:
    """The honest tables, with the teacher's key: seat 0 for the student, three bots."""
    for n, table in enumerate(tables):
        remote.create(url, table, bots={1: level, 2: level, 3: level}, teacher_key=KEY, seed=seed + n)


def lost_moves(url: str, acked: list[tuple[str, int, str]]) -> tuple[int, list[str]]:
    """How many acknowledged moves the stored records do not hold where the ``ok`` said (its ``seq``)."""
    records = {t: remote.record(url, t, teacher_key=KEY, timeout=60) for t in {t for t, _, _ in acked}}
    lost: list[str] = []
    for table, seq, action in acked:
        record = records[table]
        # The stored order: at each action index, its señas first, then the action itself.
        moves: list[tuple[str, str]] = []
        senas = sorted(record["senas"], key=lambda s: s["at"])
        cursor = 0
        for index, stored in enumerate(record["actions"]):
            while cursor < len(senas) and senas[cursor]["at"] <= index:
                moves.append(("sena", senas[cursor]["sena"]))
                cursor += 1
            moves.append(("action", stored))
        before = [text for kind, text in moves[:seq] if kind == "action"]
        if len(moves) < seq or not before or before[-1] != action:
            lost.append(f"{table} move {seq} ({action})")
    return len(lost), lost


def percentile(values: list[float], q: float) -> float | None:
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * q))], 2) if ordered else None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="honest tables (a student, three bots, the teacher)")
    parser.add_argument("--seconds", type=float, default=120.0, help="how long the honest tables play")
    parser.add_argument("--hostile-tables", type=int, default=4, help="tables whose human seats the attackers hold")
    parser.add_argument("--unread", type=int, default=100, help="unread sockets held at once, in all")
    parser.add_argument("--hold", type=float, default=45.0, help="seconds an unread socket is held before another")
    parser.add_argument("--junk", type=int, default=2, help="connections sending junk frames")
    parser.add_argument("--memory-cap", type=float, default=2000.0,
                        help="MB of server memory at which the attacks stop (the honest tables play on)")
    parser.add_argument("--level", default="expert", help="the honest tables' bots")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a ~10 s run: 3 tables, 5 s, fewer attackers")
    args = parser.parse_args()
    if args.quick:
        args.tables, args.seconds = min(args.tables, 3), min(args.seconds, 5.0)
        args.hostile_tables, args.unread, args.hold = 1, 10, 3.0
    load = os.getloadavg()[0]
    honest_tables = [f"T{n}" for n in range(args.tables)]
    with tempfile.TemporaryDirectory() as folder:
        port, stdout, log = free_port(), Path(folder) / "server.out", Path(folder) / "server.log"
        server = ChildServer(
            [sys.executable, "-m", "mus_widget.serve", "--port", str(port), "--db", str(Path(folder) / "soak.sqlite"),
             "--teacher-key", KEY],
            name="the classroom server", stdout=stdout, log=log,
        )
        server.start(lambda: stdout.read_text().endswith("\n"))
        assert server.process is not None
        pid = server.process.pid
        procs: list[Any] = []
        try:
            url = stdout.read_text().strip()
            assert url.startswith("ws://"), url
            setup(url, honest_tables, args.level, args.seed)
            rss_before = memory_mb(pid)[0]
            context = multiprocessing.get_context("spawn")
            begin = time.time() + SETTLE
            end = begin + args.seconds
            stop = context.Event()
            honest_in, honest_out = context.Pipe(duplex=False)
            hostile_in, hostile_out = context.Pipe(duplex=False)
            procs = [
                context.Process(target=honest_process, args=(url, honest_tables, args.seed, (begin, end), honest_out)),
                context.Process(target=hostile_process, args=(url, {
                    "tables": args.hostile_tables, "unread": args.unread, "hold": args.hold, "junk": args.junk,
                }, (begin, end), stop, hostile_out)),
            ]
            for proc in procs:
                proc.start()
            peak = rss_before
            while not honest_in.poll(0.2):
                peak = max(peak, memory_mb(pid)[0])
                if peak >= args.memory_cap:
                    stop.set()  # the machine's sake: the figure is already past any target
                if not procs[0].is_alive() and not honest_in.poll():
                    raise RuntimeError("the honest clients' process died")
            results = honest_in.recv()
            attacks = hostile_in.recv() if hostile_in.poll(30) else {"unfinished": 1}
            rss_end, hwm = memory_mb(pid)
            peak = max(peak, rss_end, hwm)
            lost, which = lost_moves(url, results["acked"])
            log_text = server.read_log(200_000)
        finally:
            for proc in procs:
                proc.join(10)
                if proc.is_alive():
                    proc.terminate()
                    proc.join(5)
            server.stop(60)
    latencies = results["latencies"]
    tracebacks = log_text.count("Traceback")
    print(f"honest: {args.tables} tables, {len(results['acked'])} acknowledged moves, "
          f"{results['unseen']} not shown to every connection, errors {results['errors'] or 'none'}")
    print(f"hostile: {', '.join(f'{k} {v}' for k, v in sorted(attacks.items()))}")
    print(f"server: {rss_before:.0f} MB after setup, peak {peak:.0f} MB; {tracebacks} tracebacks in its log")
    for line in which[:5]:
        print(f"lost: {line}", file=sys.stderr)
    figures = {
        "tables": args.tables, "seconds": args.seconds, "hostile_tables": args.hostile_tables, "level": args.level,
        "acked_moves": len(results["acked"]), "measured_moves": len(latencies),
        "p50_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p95_ms": percentile(latencies, 0.95), "max_ms": round(max(latencies), 2) if latencies else None,
        "unseen_moves": results["unseen"], "honest_errors": sum(results["errors"].values()),
        "peak_memory_mb": round(peak, 1), "memory_after_setup_mb": round(rss_before, 1),
        "lost_moves": lost, "attacks": attacks, "server_tracebacks": tracebacks, "load_1m_before": round(load, 2),
        "targets": TARGETS,
    }
    figures["targets_met"] = bool(
        figures["p95_ms"] is not None and figures["p95_ms"] < TARGETS["p95_ms"]
        and figures["peak_memory_mb"] < TARGETS["peak_memory_mb"] and lost == 0
    )
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
