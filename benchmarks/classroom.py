"""Classroom server load: many tables of four scripted clients on localhost, each playing a whole match.

    python benchmarks/classroom.py --tables 50 [--think 1] [--client-processes 2] [--bot-tables 5]

Starts ``python -m mus_widget.serve`` on a free port of 127.0.0.1 with a fresh database, creates the tables and
connects four clients per table. The clients run in ``--client-processes`` processes of their own (a table's
four seats in the same one), so the server's process does nothing but serve; on a machine of two cores they
still share the cores with it, and with whatever else runs. Each client plays careless legal moves to the end
of the match, ``--think`` seconds (on average, drawn from an exponential law) after its turn comes: 1 by
default, a move a second at each turn, several times faster than students play. ``--think 0`` plays flat out,
every table moving again the moment it can: then a move is always in flight at each of the 50 tables, and its
latency is the tables over the moves per second (Little's law), so flat out measures throughput, not latency.

The latency of a move is from the moment its client sends it to the moment the last of the table's four seats
has received the state frame that shows it (stamped as the frame arrives, before it is parsed; the clients parse
with orjson, as the server writes).
``--bot-tables`` adds tables of one client and three expert bots, whose thinking shares the machine with the
measured tables. Prints one JSON line: ``{"tables": 50, "clients": 200, "actions": n, "p50_ms": a, "p95_ms": b,
"errors": 0, ...}`` with the CPU time per move of the server and of the clients (all their processes), and the
machine's load average when it began. At a terminal a bar on standard error counts the measured tables finished
as their clients' processes report them, with the moves made so far beside it (``--quiet``: none).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

from mus_widget.i18n.progress import Progress, add_quiet, plain

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.ports import free_port
from support.processes import cpu_seconds
from support.servers import ChildServer
from support.students import careless

KEY = "benchmark-key"
TIMEOUT = 900.0
"""Seconds the measured matches may take in all."""
REPORT_EVERY = 1.0
"""Seconds between two reports of a client process's moves so far to the parent, for its progress bar."""



@dataclass
class Meter:
    """Send times of moves and the arrival of the states that show them, per table and ``seq``."""

    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    arrived: dict[tuple[str, int], list[float]] = field(default_factory=lambda: defaultdict(list))
    errors: list[str] = field(default_factory=list)
    actions: int = 0

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


async def client(url: str, table: str, name: str, *, meter: Meter | None, rng: random.Random, think: float,
                 start: asyncio.Event) -> None:
    async with connect(url, compression=None, max_size=2**22, proxy=None) as ws:
        await ws.send(json.dumps({"type": "join", "table": table, "name": name, "id": 1}))
        seat = None
        seen = -1  # the newest seq this client has had (a join re-sends the current state)
        acted = -1  # the seq of the state this client last moved on
        state: dict[str, Any] | None = None
        await start.wait()
        async for message in ws:
            now = time.perf_counter()
            frame = orjson.loads(message)
            kind = frame.get("type")
            if kind == "joined":
                seat = frame["seat"]
            elif kind == "error":
                (meter or Meter()).errors.append(f"{table} {name}: {frame['kind']}: {frame['message']}")
            elif kind == "state" and frame["seq"] >= seen:
                state = frame  # the same seq again when someone joins: who sits where changed
                if frame["seq"] > seen:
                    seen = frame["seq"]
                    if meter is not None:
                        meter.arrived[(table, seen)].append(now)
            if state is None or seat is None:
                continue
            obs = state["observation"]
            if obs["is_over"]:
                return
            seated = all(p["kind"] != "open" for p in state["players"])  # nobody misses a move
            if seated and obs["to_move"] == seat and obs["legal_actions"] and acted < seen:
                acted = seen
                action = careless(obs["legal_actions"], rng)
                if think > 0:
                    await asyncio.sleep(rng.expovariate(1 / think))
                if meter is not None:
                    meter.sent[(table, seen + 1)] = time.perf_counter()
                    meter.actions += 1
                await ws.send(json.dumps({"type": "act", "action": action, "id": seen + 2}))


async def play(url: str, tables: list[str], bot_tables: list[str], *, seed: int, think: float,
               begin_at: float, report: Callable[[str, int], None] | None = None) -> dict[str, Any]:
    """One client process's share: four clients at each of ``tables``, one at each of ``bot_tables``; ``report``
    hears ``("table", 1)`` as each table's four clients are done and ``("moves", n)`` every second."""
    meter = Meter()

    def tell(kind: str, value: int) -> None:
        if report is not None:
            report(kind, value)

    start = asyncio.Event()
    rng = random.Random(seed)
    tasks = [asyncio.create_task(client(url, t, f"{t}-{s}", meter=meter, rng=random.Random(rng.random()),
                                        think=think, start=start), name=t)
             for t in tables for s in range(4)]
    tasks += [asyncio.create_task(client(url, t, f"{t}-0", meter=None, rng=random.Random(rng.random()),
                                         think=think, start=start))
              for t in bot_tables]
    left = dict.fromkeys(tables, 4)

    def seat_done(task: asyncio.Task[None]) -> None:
        left[task.get_name()] -= 1
        if not left[task.get_name()]:
            tell("table", 1)

    for task in tasks[: len(tables) * 4]:
        task.add_done_callback(seat_done)

    async def moves() -> None:
        while True:
            await asyncio.sleep(REPORT_EVERY)
            tell("moves", meter.actions)

    await asyncio.sleep(max(0.0, begin_at - time.time()))
    began, cpu = time.perf_counter(), time.process_time()
    start.set()
    ticking = asyncio.create_task(moves())
    done, pending = await asyncio.wait(tasks[: len(tables) * 4], timeout=TIMEOUT)
    elapsed, cpu = time.perf_counter() - began, time.process_time() - cpu
    ticking.cancel()
    for task in pending:
        meter.errors.append("a client did not finish its match")
        task.cancel()
    for task in done:
        if task.exception() is not None:
            meter.errors.append(repr(task.exception()))
    for task in tasks[len(tables) * 4:]:
        task.cancel()
    latencies = meter.latencies_ms()
    return {"latencies": latencies, "errors": meter.errors, "actions": meter.actions, "elapsed": elapsed, "cpu": cpu}


def client_process(url: str, tables: list[str], bot_tables: list[str], options: dict[str, float],
                   out: Connection) -> None:
    """A process of clients: plays its share, telling the parent of each table finished and of its moves as it
    goes, then sends back what it measured (``("results", figures)``)."""
    figures = asyncio.run(play(url, tables, bot_tables, seed=int(options["seed"]), think=options["think"],
                               begin_at=options["begin_at"], report=lambda kind, value: out.send((kind, value))))
    out.send(("results", figures))
    out.close()


def gather(pipes: list[Connection], bar: Progress) -> list[dict[str, Any]]:
    """Every client process's figures, in the order of ``pipes``; meanwhile ``bar`` counts the tables finished and
    shows the moves made so far."""
    results: dict[int, dict[str, Any]] = {}
    moves = [0] * len(pipes)
    while len(results) < len(pipes):
        ready = wait([pipe for n, pipe in enumerate(pipes) if n not in results])
        for n in (n for n, pipe in enumerate(pipes) if pipe in ready):
            kind, value = pipes[n].recv()
            if kind == "results":
                results[n] = value
            elif kind == "moves":
                moves[n] = value
                bar.step(f"{sum(moves):,} moves")
            else:
                bar.advance(value, step=f"{sum(moves):,} moves")
    return [results[n] for n in range(len(pipes))]


async def create_tables(url: str, tables: int, bot_tables: int, seed: int) -> None:
    creates = [{"type": "create", "table": f"T{t}", "seed": seed + t, "teacher_key": KEY} for t in range(tables)]
    creates += [{"type": "create", "table": f"B{t}", "seed": seed + 1000 + t, "teacher_key": KEY,
                 "bots": {"1": "expert", "2": "expert", "3": "expert"}} for t in range(bot_tables)]
    for first in range(0, len(creates), 30):  # a connection's burst is 40 frames
        async with connect(url, proxy=None) as admin:
            for frame in creates[first:first + 30]:
                reply = await request(admin, frame)
                assert reply["type"] == "created", reply




def main() -> None:
    parser = argparse.ArgumentParser(description=plain(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50,
                        help="measured tables of four scripted clients each (default %(default)s)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="mean seconds a client waits before its move (0: flat out, for throughput)")
    parser.add_argument("--client-processes", type=int, default=2, help="processes the clients run in")
    parser.add_argument("--bot-tables", type=int, default=0, help="extra tables of one client and three experts")
    parser.add_argument("--seed", type=int, default=1, help="where the tables' deals start (default %(default)s)")
    parser.add_argument("--db", help="the server's database: a postgresql:// URL of an empty database (default: "
                                      "an SQLite file in a temporary folder)")
    add_quiet(parser)
    args = parser.parse_args()
    load = os.getloadavg()[0]
    tables = [f"T{t}" for t in range(args.tables)]
    bot_tables = [f"B{t}" for t in range(args.bot_tables)]
    n = max(1, min(args.client_processes, len(tables) or 1))
    with tempfile.TemporaryDirectory() as folder:
        port, out = free_port(), Path(folder) / "server.out"
        server = ChildServer(
            # Every simulated student sits down from 127.0.0.1, as a class on one JupyterHub: its seats at once.
            [sys.executable, "-m", "mus_widget.serve", "--port", str(port),
             "--db", args.db or str(Path(folder) / "bench.sqlite"),
             "--teacher-key", KEY, "--max-seats-per-address", str(4 * (len(tables) + len(bot_tables)) + 16)],
            name="the classroom server", stdout=out,
        )
        server.start(lambda: out.read_text().endswith("\n"))
        assert server.process is not None
        try:
            url = out.read_text().strip()
            assert url.startswith("ws://"), url
            asyncio.run(create_tables(url, args.tables, args.bot_tables, args.seed))
            context = multiprocessing.get_context("spawn")
            begin_at = time.time() + 3.0  # every process connected and joined by then
            pipes: list[Connection] = []
            procs = []
            for i in range(n):
                receive, send = context.Pipe(duplex=False)
                options = {"seed": args.seed * 100 + i, "think": args.think, "begin_at": begin_at}
                proc = context.Process(target=client_process, args=(url, tables[i::n], bot_tables[i::n], options, send))
                proc.start()
                pipes.append(receive)
                procs.append(proc)
            time.sleep(max(0.0, begin_at - time.time()))
            cpu_before = cpu_seconds(server.process.pid)
            with Progress(args.tables, "tables finished", quiet=args.quiet) as bar:
                results = gather(pipes, bar)
            cpu = cpu_seconds(server.process.pid) - cpu_before
            for proc in procs:
                proc.join(30)
        finally:
            server.stop(60)  # it stops once a bot decision under way is made
    latencies = sorted(x for r in results for x in r["latencies"])
    errors = [e for r in results for e in r["errors"]]
    actions = sum(r["actions"] for r in results)
    elapsed = max(r["elapsed"] for r in results)
    p95 = latencies[min(len(latencies) - 1, int(len(latencies) * 0.95))] if latencies else None
    for error in errors[:5]:
        print(error, file=sys.stderr)
    print(json.dumps({
        "tables": args.tables, "clients": args.tables * 4, "actions": actions,
        "p50_ms": round(statistics.median(latencies), 2) if latencies else None,
        "p95_ms": None if p95 is None else round(p95, 2),
        "max_ms": round(latencies[-1], 2) if latencies else None,
        "errors": len(errors), "bot_tables": args.bot_tables, "think_s": args.think, "client_processes": n,
        "actions_per_second": round(actions / elapsed, 1),
        "server_cpu_ms_per_action": round(cpu * 1000 / actions, 3) if actions else None,
        "clients_cpu_ms_per_action": round(sum(r["cpu"] for r in results) * 1000 / actions, 3) if actions else None,
        "load_1m_before": round(load, 2),
    }))


if __name__ == "__main__":
    main()
