"""A classroom at school scale: thousands of simulated students on several server processes and one database.

    python benchmarks/classroom_scale.py [--students 2000] [--servers 2] [--db postgres|sqlite] [--minutes 5]
                                         [--think 3] [--client-processes 4]

With ``--db postgres`` (the default) it starts a PostgreSQL cluster of its own (Debian's, in a temporary folder, on
a free port of 127.0.0.1, ``fsync`` on as a school's server has it), then ``--servers`` processes of
``mus-widget serve`` sharing one database of it; with ``--db sqlite``, one process on an SQLite file. It creates
``--students / 4`` tables, each on one of the processes in turn (so each process holds the leases of its share),
and seats four scripted students at each; every student connects to a process drawn at random and follows the
``elsewhere`` answer to the process that serves its table, as a notebook's table does. Then every student plays
careless legal moves (tests/support/students.py) for ``--minutes``, ``--think`` seconds on average (an
exponential law) after its turn comes: a student deciding at a student's pace.

It measures what a class feels and what the teacher must trust:

- a move's latency, from the moment its student sends it to the moment the last of its table's four seats has
  received the state that shows it (p50, p95, max);
- moves lost: after the run every table's record is read back from the database, and each move a student had
  been answered ``ok`` for must be there, at its place (a move sent but not yet answered when the run ended may
  be there or not);
- each server process's memory (resident now and at its peak) and CPU time per move;
- what ``--teachers`` rooms see, one at each process in turn, each asking for the list of every table and the
  class's chat once a second as ``mw.Classroom`` does: the time from request to answer (p95), the list's size,
  and the fewest tables a list held after the first five seconds (every table of the class, at any process, is
  the mark: the other processes' are shared through the database).

The students run in ``--client-processes`` processes of their own, on the same machine; so on 2 cores the
figures are those of the servers, the database and 2,000 students' clients together. Prints one JSON line.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import ClientConnection, connect

from mus_widget.i18n.progress import Progress, add_quiet, plain

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.ports import free_port
from support.processes import cpu_seconds, memory_mb
from support.servers import ChildServer
from support.students import careless

KEY = "benchmark-key"
JOIN_TIMEOUT = 120.0
"""Seconds every student has to sit down before the run starts."""
REPORT_EVERY = 1.0
"""Seconds between two reports of a client process's moves so far to the parent, for its progress bar."""


@dataclass
class Tally:
    """One client process's figures: send times of moves, the arrival of the states that show them, the moves
    answered ``ok`` (table, seq, action) and the errors."""

    sent: dict[tuple[str, int], float] = field(default_factory=dict)
    arrived: dict[tuple[str, int], list[float]] = field(default_factory=lambda: defaultdict(list))
    acknowledged: list[tuple[str, int, str]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    moves: int = 0
    redirected: int = 0

    def latencies_ms(self) -> list[float]:
        """The latency of each move whose state reached its table's four seats."""
        return [(max(times) - self.sent[key]) * 1000 for key, times in self.arrived.items()
                if key in self.sent and len(times) == 4]


async def sit_down(url: str, table: str, name: str, tally: Tally) -> tuple[ClientConnection, int]:
    """A connection to the process that serves ``table``, found from ``url``, and the seat taken there."""
    for _ in range(5):
        ws = await connect(url, compression=None, max_size=2**22, proxy=None, open_timeout=60)
        await ws.send(json.dumps({"type": "join", "table": table, "name": name, "id": 1}))
        while True:
            frame = orjson.loads(await ws.recv())
            if frame.get("type") == "joined":
                return ws, int(frame["seat"])
            if frame.get("type") == "error":
                break
        await ws.close()
        if frame.get("kind") != "elsewhere" or not isinstance(frame.get("address"), str):
            raise RuntimeError(f"{name} at {table}: {frame.get('kind')}: {frame.get('message')}")
        tally.redirected += 1
        url = frame["address"]
    raise RuntimeError(f"{name} at {table}: sent elsewhere five times")


async def student(ws: ClientConnection, table: str, seat: int, *, tally: Tally, rng: random.Random, think: float,
                  start: asyncio.Event, until: list[float]) -> None:
    """Play careless legal moves at ``seat`` until the time in ``until`` (set at the start), then leave."""
    seen = -1  # the newest seq this student has had
    acted = -1  # the seq of the state it last moved on
    state: dict[str, Any] | None = None
    asked: dict[int, str] = {}  # request id -> the action sent
    await start.wait()
    try:
        while True:
            left = until[0] - time.perf_counter()
            if left <= 0:
                return
            try:
                message = await asyncio.wait_for(ws.recv(), left)
            except TimeoutError:
                return
            now = time.perf_counter()
            frame = orjson.loads(message)
            kind = frame.get("type")
            if kind == "ok" and frame.get("id") in asked:
                tally.acknowledged.append((table, int(frame["seq"]), asked.pop(frame["id"])))
            elif kind == "error":
                tally.errors.append(f"{table} seat {seat}: {frame.get('kind')}: {frame.get('message')}")
            elif kind == "state" and frame["seq"] >= seen:
                state = frame
                if frame["seq"] > seen:
                    seen = frame["seq"]
                    tally.arrived[(table, seen)].append(now)
            if state is None:
                continue
            obs = state["observation"]
            if obs["is_over"]:
                return
            seated = all(p["kind"] != "open" for p in state["players"])
            if seated and obs["to_move"] == seat and obs["legal_actions"] and acted < seen:
                acted = seen
                action = careless(obs["legal_actions"], rng)
                await asyncio.sleep(rng.expovariate(1 / think))
                if time.perf_counter() >= until[0]:
                    return
                tally.sent[(table, seen + 1)] = time.perf_counter()
                tally.moves += 1
                asked[seen + 2] = action
                await ws.send(json.dumps({"type": "act", "action": action, "id": seen + 2}))
    finally:
        await ws.close()


async def play(urls: Sequence[str], tables: Sequence[str], *, seed: int, think: float, minutes: float,
               out: Connection) -> dict[str, Any]:
    """One client process's share: four students at each of ``tables``, seated, then playing from the moment the
    parent says, for ``minutes``."""
    tally = Tally()
    rng = random.Random(seed)
    seats = await asyncio.gather(*(sit_down(rng.choice(urls), table, f"{table}-{s}", tally)
                                   for table in tables for s in range(4)))
    out.send(("seated", len(seats)))
    begin_at = out.recv()  # the same moment for every process
    await asyncio.sleep(max(0.0, begin_at - time.time()))
    began, cpu = time.perf_counter(), time.process_time()
    until = [began + minutes * 60]
    start = asyncio.Event()
    tasks = [asyncio.create_task(student(ws, table, seat, tally=tally, rng=random.Random(rng.random()),
                                         think=think, start=start, until=until))
             for (ws, seat), table in zip(seats, (t for t in tables for _ in range(4)), strict=True)]
    start.set()

    async def report() -> None:
        while True:
            await asyncio.sleep(REPORT_EVERY)
            out.send(("moves", tally.moves))

    reporting = asyncio.create_task(report())
    finished = await asyncio.gather(*tasks, return_exceptions=True)
    reporting.cancel()
    for task, done in zip(tasks, finished, strict=True):
        if isinstance(done, BaseException):
            tally.errors.append(f"{task.get_name()}: {done!r}")
    return {"latencies": tally.latencies_ms(), "acknowledged": tally.acknowledged, "errors": tally.errors,
            "moves": tally.moves, "redirected": tally.redirected, "elapsed": time.perf_counter() - began,
            "cpu": time.process_time() - cpu}


def gather(pipes: list[Connection], bar: Progress) -> list[dict[str, Any]]:
    """Every client process's figures, in the order of ``pipes``; meanwhile ``bar`` counts the seconds played and
    shows the moves made so far."""
    results: dict[int, dict[str, Any]] = {}
    moves = [0] * len(pipes)
    began = time.monotonic()
    while len(results) < len(pipes):
        ready = wait([pipe for n, pipe in enumerate(pipes) if n not in results], timeout=REPORT_EVERY)
        for n in (n for n, pipe in enumerate(pipes) if pipe in ready):
            kind, value = pipes[n].recv()
            if kind == "results":
                results[n] = value
            else:
                moves[n] = value
        bar.advance(max(0, min(bar.total, int(time.monotonic() - began)) - bar.done), step=f"{sum(moves):,} moves")
    return [results[n] for n in range(len(pipes))]


def client_process(urls: list[str], tables: list[str], options: dict[str, float], out: Connection) -> None:
    figures = asyncio.run(play(urls, tables, seed=int(options["seed"]), think=options["think"],
                               minutes=options["minutes"], out=out))
    out.send(("results", figures))
    out.close()


async def create_tables(urls: Sequence[str], tables: Sequence[str], seed: int) -> None:
    """Each table created on one process in turn (its lease that process's)."""
    for n, url in enumerate(urls):
        mine = list(tables[n::len(urls)])
        for first in range(0, len(mine), 30):  # a connection's burst is 40 frames
            async with connect(url, proxy=None) as admin:
                for table in mine[first:first + 30]:
                    await admin.send(json.dumps({"type": "create", "table": table, "seed": seed + int(table[1:]),
                                                 "teacher_key": KEY, "id": 1}))
                    reply = orjson.loads(await admin.recv())
                    assert reply["type"] == "created", reply


async def records(url: str, tables: Sequence[str]) -> dict[str, list[str]]:
    """Each table's actions as the database holds them (a ``record`` request reads any table of the database)."""
    found: dict[str, list[str]] = {}
    for first in range(0, len(tables), 30):
        async with connect(url, proxy=None, max_size=2**24) as admin:
            for table in tables[first:first + 30]:
                await admin.send(json.dumps({"type": "record", "table": table, "teacher_key": KEY, "id": 1}))
                reply = orjson.loads(await admin.recv())
                assert reply["type"] == "record", reply
                found[table] = list(reply["record"]["actions"])
    return found


@dataclass
class Rooms:
    """What the teachers' rooms saw: each list's time from request to answer, its size, the tables it held."""

    ms: list[float] = field(default_factory=list)
    kb: list[float] = field(default_factory=list)
    tables: list[int] = field(default_factory=list)


def watch_rooms(urls: Sequence[str], teachers: int, until: float, seen: Rooms) -> None:
    """``teachers`` rooms, one at each process in turn, each asking for the list and the class's chat once a
    second, as ``mw.Classroom`` does, until ``until`` (on a thread of its own)."""

    async def room(url: str) -> None:
        async with connect(url, proxy=None, max_size=2**24) as ws:
            n, chat = 0, 0
            while time.time() < until:
                n += 1
                started = time.perf_counter()
                await ws.send(json.dumps({"type": "list", "teacher_key": KEY, "chat_from": chat, "id": n}))
                while True:
                    raw = await ws.recv()
                    reply = orjson.loads(raw)
                    if reply.get("id") == n:
                        break
                seen.ms.append((time.perf_counter() - started) * 1000)
                seen.kb.append(len(raw) / 1024)
                seen.tables.append(len(reply["tables"]))
                chat = int(reply.get("chat_total", chat))
                await asyncio.sleep(1.0)

    async def rooms() -> None:
        await asyncio.gather(*(room(urls[n % len(urls)]) for n in range(teachers)))

    asyncio.run(rooms())


def lost(acknowledged: Sequence[tuple[str, int, str]], stored: dict[str, list[str]]) -> list[str]:
    """The moves answered ``ok`` that the database does not hold at their place."""
    return [f"{table} move {seq}: {action!r} answered ok, stored "
            f"{stored[table][seq - 1] if seq <= len(stored[table]) else 'nothing'!r}"
            for table, seq, action in acknowledged
            if seq > len(stored[table]) or stored[table][seq - 1] != action]


def printed_address(out: Path) -> bool:
    """Whether a server has printed its address (a whole line): it listens."""
    return out.exists() and out.read_text().endswith("\n")






def database(kind: str, folder: Path) -> tuple[str, Any]:
    """The database's ``--db`` and the cluster to stop afterwards (None for SQLite)."""
    if kind == "sqlite":
        return str(folder / "class.sqlite"), None
    from support.postgres import Cluster

    cluster = Cluster.create()
    with (cluster.data / "postgresql.conf").open("a") as conf:
        conf.write("fsync = on\n")  # the tests' cluster runs without; a school's does not
    cluster.stop()
    cluster.start()
    return cluster.new_database(), cluster


def main() -> None:
    parser = argparse.ArgumentParser(description=plain(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--students", type=int, default=2000,
                        help="simulated students, four a table (default %(default)s)")
    parser.add_argument("--servers", type=int, default=2,
                        help="server processes sharing the database (default %(default)s)")
    parser.add_argument("--db", choices=("postgres", "sqlite"), default="postgres",
                        help="a PostgreSQL cluster started for the run, or an SQLite file (one process)")
    parser.add_argument("--minutes", type=float, default=5.0, help="how long the students play (default %(default)s)")
    parser.add_argument("--think", type=float, default=3.0,
                        help="mean seconds a student takes for a move (default %(default)s)")
    parser.add_argument("--client-processes", type=int, default=4,
                        help="processes the students run in (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="where the tables' deals start (default %(default)s)")
    parser.add_argument("--teachers", type=int, default=2,
                        help="teachers' rooms listing every table once a second, one at each process in turn "
                             "(default %(default)s)")
    add_quiet(parser)
    args = parser.parse_args()
    if args.db == "sqlite" and args.servers != 1:
        parser.error("an SQLite file is one process's: --db sqlite takes --servers 1")
    tables = [f"T{t}" for t in range(args.students // 4)]
    load = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        db, cluster = database(args.db, folder)
        servers: list[ChildServer] = []
        try:
            for n in range(args.servers):
                out = folder / f"server{n}.out"
                server = ChildServer(
                    [sys.executable, "-m", "mus_widget.serve", "--port", str(free_port()), "--db", db,
                     "--teacher-key", KEY, "--max-connections-per-address", str(2 * args.students + 64),
                     "--max-seats-per-address", str(args.students + 64), "--max-tables", str(len(tables) + 1)],
                    name=f"server {n}", stdout=out, log=folder / f"server{n}.log")
                server.start(functools.partial(printed_address, out), timeout=120)
                servers.append(server)
            urls = [(folder / f"server{n}.out").read_text().strip() for n in range(args.servers)]
            asyncio.run(create_tables(urls, tables, args.seed))
            context = multiprocessing.get_context("spawn")
            n = max(1, min(args.client_processes, len(tables)))
            pipes, procs = [], []
            for i in range(n):
                mine, theirs = context.Pipe()
                options = {"seed": args.seed * 100 + i, "think": args.think, "minutes": args.minutes}
                proc = context.Process(target=client_process, args=(urls, tables[i::n], options, theirs))
                proc.start()
                pipes.append(mine)
                procs.append(proc)
            for pipe in pipes:
                if not pipe.poll(JOIN_TIMEOUT):
                    raise RuntimeError(f"the students were not seated within {JOIN_TIMEOUT} s")
                kind, _ = pipe.recv()
                assert kind == "seated", kind
            pids = [server.process.pid for server in servers if server.process is not None]
            begin_at = time.time() + 1.0
            for pipe in pipes:
                pipe.send(begin_at)
            time.sleep(1.0)
            cpu_before = [cpu_seconds(pid) for pid in pids]
            seen = Rooms()
            teachers = threading.Thread(target=watch_rooms, args=(urls, args.teachers, begin_at + args.minutes * 60,
                                                                  seen), daemon=True)
            teachers.start()
            with Progress(int(args.minutes * 60), "seconds played", quiet=args.quiet) as bar:
                results = gather(pipes, bar)
            teachers.join(30)
            cpu = [cpu_seconds(pid) - before for pid, before in zip(pids, cpu_before, strict=True)]
            memory = [dict(zip(("rss_mb", "peak_rss_mb"), (round(mb, 1) for mb in memory_mb(pid)), strict=True))
                      for pid in pids]
            for proc in procs:
                proc.join(30)
            stored = asyncio.run(records(urls[0], tables))
        finally:
            for server in servers:
                server.stop(60)
            if cluster is not None:
                cluster.destroy()
    latencies = sorted(x for r in results for x in r["latencies"])
    errors = [e for r in results for e in r["errors"]]
    acknowledged = [tuple(a) for r in results for a in r["acknowledged"]]
    missing = lost(acknowledged, stored)
    moves = sum(r["moves"] for r in results)
    elapsed = max(r["elapsed"] for r in results)
    for line in (errors + missing)[:5]:
        print(line, file=sys.stderr)
    print(json.dumps({
        "db": args.db, "servers": args.servers, "students": len(tables) * 4, "tables": len(tables),
        "minutes": args.minutes, "think_s": args.think, "moves": moves, "acknowledged": len(acknowledged),
        "lost": len(missing), "errors": len(errors), "redirected_joins": sum(r["redirected"] for r in results),
        "moves_per_second": round(moves / elapsed, 1),
        "p50_ms": round(statistics.median(latencies), 1) if latencies else None,
        "p95_ms": round(latencies[int(len(latencies) * 0.95)], 1) if latencies else None,
        "max_ms": round(latencies[-1], 1) if latencies else None,
        "server_cpu_s": [round(c, 1) for c in cpu],
        "server_cpu_ms_per_move": round(sum(cpu) * 1000 / moves, 2) if moves else None,
        "server_memory": memory, "load_1m_before": round(load, 2),
        "teachers": args.teachers,
        "room_list_p95_ms": round(sorted(seen.ms)[int(len(seen.ms) * 0.95)], 1) if seen.ms else None,
        "room_list_kb": round(statistics.median(seen.kb), 1) if seen.kb else None,
        "room_tables_min_after_5s": min(seen.tables[args.teachers * 5:], default=None),
    }))


if __name__ == "__main__":
    main()
