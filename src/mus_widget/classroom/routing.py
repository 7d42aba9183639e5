"""A client's way to the server process that serves a table, when several processes share the class's database
(:mod:`.leases`): a request answered ``elsewhere`` is made again at the address the answer names, and while that
process cannot be reached (it died, and its lease has not ended yet) the request is made again where it began,
until a process takes the table over."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from .protocol import ClassroomError

T = TypeVar("T")

PATIENCE = 40.0
"""Seconds a client keeps looking for the process that serves a table: longer than a lease (15 s by default),
so a table whose process died is found served by another."""
PAUSE = 0.5
"""Seconds between two tries while no process can serve the table yet."""


def routed(url: str, attempt: Callable[[str], T], patience: float = PATIENCE) -> T:
    """``attempt(url)``, then at the address an ``elsewhere`` answer names; back at ``url`` every :data:`PAUSE`
    seconds while that address cannot be reached, for ``patience`` seconds at most. The last refusal, or the
    error of ``url`` itself (unreachable, say), goes on to the caller."""
    deadline = time.monotonic() + patience
    target = url
    while True:
        try:
            return attempt(target)
        except ClassroomError as error:
            if error.kind != "elsewhere" or time.monotonic() > deadline:
                raise
            if error.address is None or error.address == target:  # changing hands: ask again in a moment
                time.sleep(PAUSE)
            target = error.address or url
        except OSError:  # refused, timed out, closed: the process named is gone
            if target == url or time.monotonic() > deadline:
                raise
            target = url
            time.sleep(PAUSE)
