"""Free TCP ports of 127.0.0.1 for the servers the tests start."""

from __future__ import annotations

import socket


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on now (another process may still take it before a server binds
    it: :class:`~support.servers.ServerExitedError` says so, and the caller may try another)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])
