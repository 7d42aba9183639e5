"""Classroom server load: many tables of four scripted clients on localhost, each playing a whole match.

    python benchmarks/classroom.py --tables 50 [--bot-tables 5]

Starts ``python -m mus_widget.serve`` on a free port of 127.0.0.1 with a fresh database, creates the tables,
connects four clients per table (all in this process, on one asyncio loop) and lets them play careless legal
moves to the end of the match. The latency of a move is from the moment its client sends it to the moment the
last of the table's four seats has received the state that shows it. ``--bot-tables`` adds tables of one client
and three expert bots, whose thinking shares the server with the measured tables. Prints one JSON line:
``{"tables": 50, "clients": 200, "actions": n, "p50_ms": a, "p95_ms": b, "errors": 0, ...}``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

KEY = "benchmark-key"


def careless(legal: list[str], rng: random.Random) -> str:
    """A student in a hurry: mostly mus and paso, an órdago now and then (as the tests' players)."""
    if "no-mus" in legal and rng.random() < 0.5:
        return "no-mus"
    weights = [0.03 if a == "ordago" else 2.0 if a in ("paso", "mus", "quiero") else 1.0 for a in legal]
    return rng.choices(legal, weights)[0]


class Meter:
    """Send times of moves and the arrival of the states that show them, per table and ``seq``."""

    def __init__(self) -> None:
        self.sent: dict[tuple[str, int], float] = {}
        self.arrived: dict[tuple[str, int], list[float]] = defaultdict(list)
        self.errors: list[str] = []
        self.actions = 0

    def latencies_ms(self, seats: int = 4) -> list[float]:
        out = []
        for key, start in self.sent.items():
            times = self.arrived.get(key, [])
            if len(times) == seats:
                out.append((max(times) - start) * 1000)
            else:
                self.errors.append(f"{key}: {len(times)} of {seats} seats got the state")
        return out


async def request(ws: ClientConnection, frame: dict[str, Any]) -> dict[str, Any]:
    await ws.send(json.dumps(frame))
    reply: dict[str, Any] = json.loads(await ws.recv())
    return reply


async def client(url: str, table: str, name: str, *, meter: Meter | None, rng: random.Random,
                 start: asyncio.Event) -> None:
    async with connect(url, compression=None, max_size=2**22, proxy=None) as ws:
        await ws.send(json.dumps({"type": "join", "table": table, "name": name, "id": 1}))
        seat = None
        seen = -1  # the newest seq this client has had (a join re-sends the current state)
        acted = -1  # the seq of the state this client last moved on
        state: dict[str, Any] | None = None
        await start.wait()
        async for message in ws:
            frame = json.loads(message)
            kind = frame.get("type")
            if kind == "joined":
                seat = frame["seat"]
            elif kind == "error":
                (meter or Meter()).errors.append(f"{table} {name}: {frame['kind']}: {frame['message']}")
            elif kind == "state" and frame["seq"] > seen:
                seen = frame["seq"]
                state = frame
                if meter is not None:
                    meter.arrived[(table, seen)].append(time.perf_counter())
            if state is None or seat is None:
                continue
            obs = state["observation"]
            if obs["is_over"]:
                return
            if obs["to_move"] == seat and obs["legal_actions"] and acted < seen:
                acted = seen
                action = careless(obs["legal_actions"], rng)
                if meter is not None:
                    meter.sent[(table, seen + 1)] = time.perf_counter()
                    meter.actions += 1
                await ws.send(json.dumps({"type": "act", "action": action, "id": seen + 2}))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def drive(url: str, tables: int, bot_tables: int, seed: int) -> tuple[Meter, float]:
    creates = [{"type": "create", "table": f"T{t}", "seed": seed + t, "teacher_key": KEY} for t in range(tables)]
    creates += [{"type": "create", "table": f"B{t}", "seed": seed + 1000 + t, "teacher_key": KEY,
                 "bots": {"1": "expert", "2": "expert", "3": "expert"}} for t in range(bot_tables)]
    for first in range(0, len(creates), 30):  # a connection's burst is 40 frames
        async with connect(url, proxy=None) as admin:
            for frame in creates[first:first + 30]:
                reply = await request(admin, frame)
                assert reply["type"] == "created", reply
    meter = Meter()
    start = asyncio.Event()
    rng = random.Random(seed)
    tasks = [asyncio.create_task(client(url, f"T{t}", f"S{t}-{s}", meter=meter, rng=random.Random(rng.random()),
                                        start=start))
             for t in range(tables) for s in range(4)]
    tasks += [asyncio.create_task(client(url, f"B{t}", f"H{t}", meter=None, rng=random.Random(rng.random()),
                                        start=start))
              for t in range(bot_tables)]
    await asyncio.sleep(0.5)
    began = time.perf_counter()
    start.set()
    done, pending = await asyncio.wait(tasks[: tables * 4], timeout=600)
    elapsed = time.perf_counter() - began
    for task in pending:
        meter.errors.append("a client did not finish its match")
        task.cancel()
    for task in done:
        if task.exception() is not None:
            meter.errors.append(repr(task.exception()))
    for task in tasks[tables * 4:]:
        task.cancel()
    return meter, elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--bot-tables", type=int, default=0, help="extra tables of one client and three experts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        server = subprocess.Popen(
            [sys.executable, "-m", "mus_widget.serve", "--port", str(port), "--db", str(Path(folder) / "bench.sqlite"),
             "--teacher-key", KEY],
            stdout=subprocess.PIPE, text=True,
        )
        try:
            assert server.stdout is not None
            url = server.stdout.readline().strip()
            assert url.startswith("ws://"), url
            meter, elapsed = asyncio.run(drive(url, args.tables, args.bot_tables, args.seed))
        finally:
            server.terminate()  # it stops once a bot decision under way is made
            try:
                server.wait(60)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(10)
    latencies = sorted(meter.latencies_ms())
    p95 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))] if latencies else None
    for error in meter.errors[:5]:
        print(error, file=sys.stderr)
    print(json.dumps({
        "tables": args.tables, "clients": args.tables * 4, "actions": meter.actions,
        "p50_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p95_ms": None if p95 is None else round(p95, 2),
        "max_ms": round(latencies[-1], 2) if latencies else None,
        "errors": len(meter.errors), "bot_tables": args.bot_tables,
        "actions_per_second": round(meter.actions / elapsed, 1),
    }))


if __name__ == "__main__":
    main()
