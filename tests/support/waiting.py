"""Waiting for an event with a deadline, on the asyncio loop as a notebook kernel runs: a test that waits so
fails when the event never comes, and does not pass merely because the code was slow."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable


def eventually(what: str, ready: Callable[[], bool], timeout: float = 20.0, every: float = 0.05) -> None:
    """Poll ``ready()`` from a plain test (no loop to run) until it holds; AssertionError naming ``what`` after
    ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert time.monotonic() < deadline, f"still waiting for {what} after {timeout} s"
        time.sleep(every)


async def until(what: str, ready: Callable[[], bool], timeout: float = 20.0, every: float = 0.005) -> None:
    """Let the loop run until ``ready()``; AssertionError naming ``what`` after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"still waiting for {what} after {timeout} s")
        await asyncio.sleep(every)
