"""One way to run a server for the tests: a child process on 127.0.0.1, waited for until it answers or a deadline
passes, stopped with SIGTERM and, if it does not exit in time, SIGKILL, so that no test leaves a server behind."""

from __future__ import annotations

import os
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import IO


class ServerError(RuntimeError):
    """The server did not answer before its deadline (it has been stopped); the message ends with its log."""


class ServerExitedError(ServerError):
    """The server exited before it answered, for instance because another process took its port first."""


def answers(url: str) -> Callable[[], bool]:
    """A readiness check: whether a GET of ``url`` succeeds now."""

    def check() -> bool:
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                return bool(response.status == 200)
        except (urllib.error.URLError, OSError):
            return False

    return check


class ChildServer:
    """A command that serves on 127.0.0.1, its output appended to ``log`` (discarded without one) and its
    standard output to ``stdout`` if given. :meth:`start` may be called again once it is stopped or killed."""

    def __init__(self, argv: Sequence[str], *, name: str, log: Path | None = None, stdout: Path | None = None,
                 cwd: Path | None = None, env: Mapping[str, str] | None = None) -> None:
        self.argv = list(argv)
        self.name = name
        self.log = log
        self.stdout = stdout
        self.cwd = cwd
        self.env = dict(env) if env is not None else None
        self.process: subprocess.Popen[bytes] | None = None
        self._files: list[IO[bytes]] = []

    def start(self, ready: Callable[[], bool], timeout: float = 60.0, every: float = 0.1) -> None:
        """Start the command and poll ``ready`` every ``every`` seconds until it holds.

        Raises :class:`ServerExitedError` if the process exits first, :class:`ServerError` (after stopping it) if
        ``timeout`` seconds pass."""
        assert not self.running, f"{self.name} is already running"
        log = self._open(self.log)
        out = self._open(self.stdout) if self.stdout is not None else log
        self.process = subprocess.Popen(self.argv, cwd=self.cwd, env=self.env, stdout=out,
                                        stderr=subprocess.STDOUT if self.stdout is None else log)
        deadline = time.monotonic() + timeout
        while not ready():
            if self.process.poll() is not None:
                self._close()
                raise ServerExitedError(f"{self.name} exited with {self.process.returncode}: {self.read_log()}")
            if time.monotonic() > deadline:
                self.stop()
                raise ServerError(f"{self.name} did not answer in {timeout} s: {self.read_log()}")
            time.sleep(every)

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self, timeout: float = 15.0) -> None:
        """SIGTERM, then SIGKILL if the process has not exited after ``timeout`` seconds."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.kill()
        self._close()

    def kill(self) -> None:
        """SIGKILL: no chance to flush or close anything."""
        if self.process is not None and self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGKILL)
            self.process.wait(10)
        self._close()

    def read_log(self, tail: int = 2000) -> str:
        """The last ``tail`` characters of the log."""
        for file in self._files:
            file.flush()
        return self.log.read_text(errors="replace")[-tail:] if self.log is not None and self.log.exists() else ""

    def _open(self, path: Path | None) -> IO[bytes] | int:
        if path is None:
            return subprocess.DEVNULL
        file = path.open("ab")
        self._files.append(file)
        return file

    def _close(self) -> None:
        while self._files:
            self._files.pop().close()
