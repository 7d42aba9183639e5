"""When one machine is not enough: the arena's games (or any rollouts) on a Dask cluster
(``pip install 'mus-widget[cluster]'``).

Start a scheduler and workers, each a process with one thread (the engine is pure Python)::

    dask scheduler --host 10.0.0.1 --port 8786
    dask worker tcp://10.0.0.1:8786 --nworkers 8 --nthreads 1     # on every machine

then ``mus-widget arena --team0 expert --team1 novice --games 20000 --scheduler tcp://10.0.0.1:8786``, or
``run(..., client=Client("tcp://10.0.0.1:8786"))`` from Python. Every game is one task, played from its own
seed exactly as in one process, and the tallies are added in the games' order: the result is the one of
``jobs=1`` for the same seeds (the decision times aside, which are measured where the games run).

Only this module imports ``distributed``, and only when it is called.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar, cast

Task = TypeVar("Task")
Out = TypeVar("Out")


def connect(address: str, timeout: float = 30.0) -> Any:
    """A ``distributed.Client`` of the scheduler at ``address`` (``tcp://host:port``); a ValueError says why
    there is none (no Dask installed, no scheduler there)."""
    try:
        from distributed import Client
    except ImportError as error:
        raise ValueError(f"--scheduler needs Dask: pip install 'mus-widget[cluster]' ({error})") from None
    try:
        return cast(Any, Client)(address, timeout=timeout)
    except (OSError, TimeoutError, ValueError) as error:
        raise ValueError(f"no Dask scheduler answers at {address}: {error}") from None


def as_they_end(client: Any, function: Callable[[Task], Out], tasks: Sequence[Task]) -> Iterator[Out]:
    """``function`` of every task on ``client``'s cluster, each result as soon as its task ends (in whatever
    order: a task's result says which it was). A task that fails raises its error here."""
    from distributed import as_completed

    futures = client.map(function, list(tasks), pure=False)
    try:
        for future in cast(Any, as_completed)(futures):
            yield future.result()
    finally:
        client.cancel(futures)


__all__ = ["as_they_end", "connect"]
