"""Run a command with its standard error on a pseudo-terminal, as a person at a terminal sees it: what the
progress bars of the long commands draw, which a pipe never shows."""

from __future__ import annotations

import fcntl
import os
import pty
import struct
import subprocess
import termios
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Ran:
    """A finished command: its exit status, its standard output (a pipe) and what its terminal showed."""

    returncode: int
    stdout: str
    terminal: str


def run_at_terminal(command: Sequence[str], *, env: Mapping[str, str] | None = None, cwd: str | None = None,
                    timeout: float = 120, columns: int = 120) -> Ran:
    """Run ``command`` with standard error on a pseudo-terminal ``columns`` wide and standard output on a pipe."""
    main, child = pty.openpty()
    fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    shown: list[bytes] = []

    def read() -> None:
        while True:
            try:
                chunk = os.read(main, 4096)
            except OSError:  # the child's end closed: Linux says EIO
                return
            if not chunk:
                return
            shown.append(chunk)

    reader = threading.Thread(target=read, daemon=True)
    try:
        with subprocess.Popen(list(command), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=child,
                              env=None if env is None else dict(env), cwd=cwd) as process:
            os.close(child)
            child = -1
            reader.start()
            stdout, _ = process.communicate(timeout=timeout)
            reader.join(timeout=10)
    finally:
        if child != -1:
            os.close(child)
        os.close(main)
    return Ran(process.returncode, stdout.decode(), b"".join(shown).decode(errors="replace"))
