"""Timing work for a test of how its cost grows: processor time at best over a few tries, with the garbage
collector paused (its passes grow with every object alive in the test process, not with the work measured)."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def best_cpu_time(work: Callable[[], object], tries: int) -> float:
    """The least processor time ``work()`` took over ``tries`` runs (a busy machine only adds to it)."""
    best = float("inf")
    gc.collect()
    gc.disable()
    try:
        for _ in range(tries):
            started = time.process_time()
            work()
            best = min(best, time.process_time() - started)
    finally:
        gc.enable()
    return best
