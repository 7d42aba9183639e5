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

The honest clients and the hostile ones (``benchmarks/hostile_clients.py``) run in two processes of their own,
the server in a third; on a small machine they share its cores. A move's latency runs from the student's ``act``
to the moment both of its table's connections (the student's state frame and the teacher's face-up frame) show
it, stamped on arrival. The server's memory is polled from /proc (VmRSS, and VmHWM at the end); should it reach
``--memory-cap`` (2,000 MB), the attacks stop there for the machine's sake (``attacks`` says
``stopped_at_memory_cap``) and the honest tables play on. At the end every move the server acknowledged (``ok``)
is looked up in the table's stored record (``mus_widget.remote.record``, the teacher's request): one missing or
different is a lost move. Prints a few lines, then one JSON line with the figures and the targets (p95 under
100 ms, peak memory under 200 MB, 0 lost); it exits 0 whether or not they are met. At a terminal a bar on
standard error counts the seconds of the soak gone by, with the server's memory beside it (``--quiet``: none).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import os
import random
import statistics
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import orjson
from websockets.asyncio.client import connect

from mus_widget import remote
from mus_widget.i18n.progress import Progress, add_quiet, plain

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
sys.path.append(str(Path(__file__).resolve().parents[1]))  # the attackers beside this script, as mypy names them

from benchmarks.hostile_clients import TRANSPORT_ERRORS, hostile_process

from support.ports import free_port
from support.processes import memory_mb
from support.servers import ChildServer
from support.students import careless

KEY = "soak-key"
TARGETS = {"p95_ms": 100.0, "peak_memory_mb": 200.0, "lost_moves": 0}
SETTLE = 3.0
"""Seconds every client has to connect and join before the clock starts."""


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


# ---------------------------------------------------------------------------------------------------- running




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
    parser = argparse.ArgumentParser(description=plain(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=50, help="honest tables (a student, three bots, the teacher)")
    parser.add_argument("--seconds", type=float, default=120.0, help="how long the honest tables play")
    parser.add_argument("--hostile-tables", type=int, default=4, help="tables whose human seats the attackers hold")
    parser.add_argument("--unread", type=int, default=100, help="unread sockets held at once, in all")
    parser.add_argument("--hold", type=float, default=45.0, help="seconds an unread socket is held before another")
    parser.add_argument("--junk", type=int, default=2, help="connections sending junk frames")
    parser.add_argument("--memory-cap", type=float, default=2000.0,
                        help="MB of server memory at which the attacks stop (the honest tables play on)")
    parser.add_argument("--level", default="expert", help="the honest tables' bots")
    parser.add_argument("--seed", type=int, default=1,
                        help="where the honest tables' deals start (default %(default)s)")
    parser.add_argument("--quick", action="store_true", help="a ~10 s run: 3 tables, 5 s, fewer attackers")
    add_quiet(parser)
    args = parser.parse_args()
    if args.quick:
        args.tables, args.seconds = min(args.tables, 3), min(args.seconds, 5.0)
        args.hostile_tables, args.unread, args.hold = 1, 10, 3.0
    load = os.getloadavg()[0]
    honest_tables = [f"T{n}" for n in range(args.tables)]
    with tempfile.TemporaryDirectory() as folder:
        port, stdout, log = free_port(), Path(folder) / "server.out", Path(folder) / "server.log"
        server = ChildServer(
            # Honest and hostile clients alike come from 127.0.0.1: the seats' limit is the whole soak's, so what is
            # measured is the server under abuse, not one address refused.
            [sys.executable, "-m", "mus_widget.serve", "--port", str(port), "--db", str(Path(folder) / "soak.sqlite"),
             "--teacher-key", KEY, "--max-seats-per-address", "100000"],
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
                }, (begin, end), stop, hostile_out), kwargs={"teacher_key": KEY}),
            ]
            for proc in procs:
                proc.start()
            peak = rss_before
            with Progress(math.ceil(args.seconds), "seconds of the soak", quiet=args.quiet) as bar:
                while not honest_in.poll(0.2):
                    rss = memory_mb(pid)[0]
                    peak = max(peak, rss)
                    if peak >= args.memory_cap:
                        stop.set()  # the machine's sake: the figure is already past any target
                    if not procs[0].is_alive() and not honest_in.poll():
                        raise RuntimeError("the honest clients' process died")
                    gone = min(bar.total, max(0, int(time.time() - begin)))
                    bar.advance(gone - bar.done, step=f"server {rss:.0f} MB")
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
