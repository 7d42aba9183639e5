"""What one move's write costs the server's event loop on each database: ``add_moves`` of one move, committed,
timed over many moves spread across 50 tables, on SQLite (``--sync normal``) and on PostgreSQL (a cluster of its
own on 127.0.0.1, started as the tests start theirs, with ``fsync`` on as PostgreSQL's default; the lease check
of every write included). The event loop waits that long for each move it stores.

    python benchmarks/classroom_storage.py [--moves 2000]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

import mus_widget as mw
from mus_widget.bots.turns import Move
from mus_widget.classroom.postgres_store import PostgresStorage
from mus_widget.classroom.sqlite_store import SQLiteStorage
from mus_widget.classroom.storage import Owner, Storage
from mus_widget.i18n.progress import Progress, add_quiet, plain

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.postgres import Cluster


def timed(storage: Storage, moves: int, bar: Progress) -> list[float]:
    """Seconds of each of ``moves`` writes of one move, round the 50 tables."""
    game = mw.Game.new(seed=1)
    names = [f"T{i}" for i in range(50)]
    for name in names:
        storage.create_table(name, game, {1: "novice"})
    times = []
    for i in range(moves):
        start = time.perf_counter()
        storage.add_moves(names[i % 50], i // 50, [Move("action", 0, "mus", 0)])
        times.append(time.perf_counter() - start)
        bar.advance()
    return sorted(times)


def line(label: str, times: list[float]) -> str:
    ms = [t * 1000 for t in times]
    return (f"{label}: median {statistics.median(ms):.2f} ms, p95 {ms[int(0.95 * len(ms))]:.2f} ms, "
            f"p99 {ms[int(0.99 * len(ms))]:.2f} ms a move")


def main() -> None:
    parser = argparse.ArgumentParser(description=plain(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=2000, help="moves written on each database (default %(default)s)")
    add_quiet(parser)
    args = parser.parse_args()
    with Progress(2 * args.moves, "moves written", quiet=args.quiet) as bar:
        with tempfile.TemporaryDirectory() as folder:
            sqlite = SQLiteStorage(Path(folder) / "bench.sqlite")
            bar.write(line("SQLite, --sync normal", timed(sqlite, args.moves, bar)))
            sqlite.close()
        postgres(args.moves, bar)


def postgres(moves: int, bar: Progress) -> None:
    """The PostgreSQL half: a cluster of its own, stopped and deleted at the end."""
    cluster = Cluster.create()
    try:
        conf = cluster.data / "postgresql.conf"
        conf.write_text(conf.read_text().replace("fsync = off", "fsync = on"))  # as a real server has it
        cluster.stop()
        cluster.start()
        address = "ws://127.0.0.1:1"
        storage = PostgresStorage(cluster.new_database(), Owner(address, address, 15.0))
        bar.write(line("PostgreSQL, fsync on, with the lease check", timed(storage, moves, bar)))
        storage.close()
    finally:
        cluster.destroy()


if __name__ == "__main__":
    main()
