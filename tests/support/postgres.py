"""A PostgreSQL cluster of the tests' own, and the classroom databases the tests serve from: Debian's PostgreSQL
(``initdb`` and ``pg_ctl`` under /usr/lib/postgresql/<version>/bin) in a temporary folder, listening on a free
port of 127.0.0.1 with its socket in that folder, run as the ``postgres`` user when the tests run as root
(PostgreSQL refuses root), stopped and deleted at the end. Without PostgreSQL the tests that need it are
skipped, except in CI (``CI`` set), where that is a failure.

Its settings are for tests: ``fsync`` off (a commit is still written to the operating system before it
returns, so a cluster stopped with ``pg_ctl stop -m immediate``, or killed, keeps every commit; only a crash of
the machine would not)."""

from __future__ import annotations

import contextlib
import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.ports import free_port

BACKENDS = ("sqlite", "postgres")
"""The classroom's two databases, as a test's parameter."""
USER = "postgres"
"""The system user the cluster runs as when the tests run as root (Debian's package makes it)."""


def binaries() -> Path | None:
    """The folder of Debian's PostgreSQL programs (the newest version installed), or None."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parts[-3]))
    return found[-1].parent if found else None


class Cluster:
    """One PostgreSQL cluster in ``folder`` (made by :meth:`create`), on ``port`` of 127.0.0.1."""

    def __init__(self, folder: Path, bin_dir: Path) -> None:
        self.folder = folder
        self.bin = bin_dir
        self.data = folder / "data"
        self.log = folder / "postgres.log"
        self.port = free_port()
        self._names = itertools.count(1)

    @classmethod
    def create(cls) -> Cluster:
        """A new cluster, started; ``pytest.skip`` (a failure in CI) if PostgreSQL is not installed."""
        bin_dir = binaries()
        if bin_dir is None:
            message = "PostgreSQL is not installed (apt-get install postgresql)"
            if os.environ.get("CI"):
                pytest.fail(message)
            pytest.skip(message)
        folder = Path(tempfile.mkdtemp(prefix="mus-postgres-"))
        folder.chmod(0o755)
        cluster = cls(folder, bin_dir)
        if os.geteuid() == 0:
            user = pwd.getpwnam(USER)
            os.chown(folder, user.pw_uid, user.pw_gid)
        cluster.run("initdb", "-D", str(cluster.data), "-U", USER, "--auth=trust", "-E", "UTF8", "--locale=C",
                    "--no-sync")
        with (cluster.data / "postgresql.conf").open("a") as conf:
            conf.write(f"listen_addresses = '127.0.0.1'\nport = {cluster.port}\n"
                       f"unix_socket_directories = '{folder}'\nfsync = off\nmax_connections = 100\n"
                       f"shared_buffers = 32MB\n")
        cluster.start()
        return cluster

    def run(self, program: str, *args: str) -> subprocess.CompletedProcess[str]:
        """Run one of PostgreSQL's programs, as the postgres user if the tests run as root."""
        argv = [str(self.bin / program), *args]
        if os.geteuid() == 0:
            argv = ["runuser", "-u", USER, "--", *argv]
        done = subprocess.run(argv, check=False, capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise RuntimeError(f"{program} failed ({done.returncode}): {done.stderr}{done.stdout}"
                               f"{self.log.read_text() if self.log.exists() else ''}")
        return done

    def start(self) -> None:
        """Start the cluster, and wait until it takes connections."""
        self.run("pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", "60", "start")

    def stop(self, mode: str = "fast") -> None:
        """Stop it: ``fast`` (the connections closed cleanly) or ``immediate`` (every process ended at once,
        no checkpoint: the database recovers from its log at the next start, as after a crash)."""
        self.run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "-t", "60", "stop")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        """The URL of a new, empty database of the cluster."""
        import psycopg

        name = f"class_{os.getpid()}_{next(self._names)}"
        with psycopg.connect(self.url(), autocommit=True) as db:
            db.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def destroy(self) -> None:
        """Stop the cluster if it runs, and delete its folder."""
        if (self.data / "postmaster.pid").exists():
            with contextlib.suppress(RuntimeError):
                self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)


def new_database(request: pytest.FixtureRequest, backend: str, folder: Path) -> str:
    """A new classroom database for a test: an SQLite file's path in ``folder``, or a new database of the
    session's cluster (the ``postgres`` fixture)."""
    if backend == "sqlite":
        return str(folder / "classroom.sqlite")
    cluster: Cluster = request.getfixturevalue("postgres")
    return cluster.new_database()


def query(database: str, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Run one statement on a classroom database (``?`` for its parameters), SQLite or PostgreSQL, committed;
    the rows it returns."""
    if database.startswith("postgresql://"):
        import psycopg

        with psycopg.connect(database, autocommit=True) as db:
            cursor = db.execute(sql.replace("?", "%s"), params)
            return cursor.fetchall() if cursor.description is not None else []
    import sqlite3

    with sqlite3.connect(database) as plain:
        return plain.execute(sql, params).fetchall()


def rows(database: str, table: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the classroom table ``table``: its ``tables``, ``seats`` and ``moves`` rows."""
    return {
        "tables": query(database, "SELECT * FROM tables WHERE name = ?", (table,)),
        "seats": query(database, "SELECT * FROM seats WHERE table_name = ? ORDER BY seat", (table,)),
        "moves": query(database, "SELECT * FROM moves WHERE table_name = ? ORDER BY n", (table,)),
    }


def postgres_cluster() -> Iterator[Cluster]:
    """The body of the session's ``postgres`` fixture (conftest): one cluster, deleted at the end."""
    cluster = Cluster.create()
    try:
        yield cluster
    finally:
        cluster.destroy()
