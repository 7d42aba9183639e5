"""The progress bar of the commands that take a while (the arena, the site builds, the benchmarks): a count and
the time left, on standard error, only when standard error is a terminal and ``--quiet`` was not given.

It lives in the lowest layer a command of any layer may import. tqdm draws it, imported only when a bar is shown,
so ``import mus_widget`` never loads tqdm (and the browser's Pyodide, which never shows a bar, does without it).
What a command prints on standard output (its JSON line) is the same with a bar or without.
"""

from __future__ import annotations

import argparse
import re
import sys
import threading
from types import TracebackType
from typing import Any, Final, TextIO

QUIET_HELP: Final = "show no progress bar (one is shown only when standard error is a terminal)"
FORMAT: Final = "{desc}: {n_fmt} of {total_fmt} |{bar}| {elapsed} so far, about {remaining} left{postfix}"
"""The bar in words: ``arena games: 40 of 200 |████      | 00:09 so far, about 00:38 left``."""
TICK: Final = 1.0
"""Seconds between two redrawings of a bar whose count has not moved, so a long step still shows time passing."""


def add_quiet(parser: argparse.ArgumentParser) -> None:
    """Give a command the ``--quiet`` flag that turns its progress bar off."""
    parser.add_argument("--quiet", action="store_true", help=QUIET_HELP)


def shown(quiet: bool = False, stream: TextIO | None = None) -> bool:
    """Whether a bar is drawn: not with ``quiet``, and only on a terminal (a pipe or a file gets none)."""
    stream = sys.stderr if stream is None else stream
    try:
        return not quiet and stream.isatty()
    except (AttributeError, ValueError):  # a closed or stand-in stream
        return False


class Progress:
    """Counts finished work (games, steps) toward ``total`` and shows it as a bar while the work runs; silent where
    :func:`shown` says no, so the callers count the same way either way. A context manager: the bar ends with it."""

    def __init__(self, total: int, what: str, *, quiet: bool = False, stream: TextIO | None = None) -> None:
        self.total = total
        self.done = 0
        self._bar: Any = None
        self._stop = threading.Event()
        stream = sys.stderr if stream is None else stream
        if shown(quiet, stream):
            try:
                from tqdm import tqdm
            except ImportError:  # installed without its dependencies: the work runs the same, without a bar
                return
            self._bar = tqdm(total=total, desc=what, file=stream, bar_format=FORMAT, dynamic_ncols=True,
                             mininterval=0.2, smoothing=0)
            threading.Thread(target=self._tick, name="progress bar", daemon=True).start()

    def _tick(self) -> None:
        while not self._stop.wait(TICK):
            bar = self._bar
            if bar is not None:
                bar.refresh()

    @property
    def visible(self) -> bool:
        """Whether a bar is being drawn."""
        return self._bar is not None

    def advance(self, count: int = 1, step: str | None = None) -> None:
        """``count`` more pieces of work are done; ``step`` names what runs now (a build's next step)."""
        self.done += count
        if self._bar is not None:
            if step is not None:
                self._bar.set_postfix_str(step, refresh=False)
            self._bar.update(count)

    def step(self, name: str) -> None:
        """Name the step that runs now, counting nothing (the first step of a build)."""
        if self._bar is not None:
            self._bar.set_postfix_str(name)

    def write(self, line: str, file: TextIO | None = None) -> None:
        """Print a line (on standard output unless ``file`` says otherwise) above the bar, not through it."""
        file = sys.stdout if file is None else file
        if self._bar is not None:
            self._bar.write(line, file=file)
        else:
            print(line, file=file)

    def close(self) -> None:
        """End the bar, its last state left on screen."""
        self._stop.set()
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()


MARKUP: Final = re.compile(r":[a-z]+:`([^`]*)`|``([^`]*)``|`([^`]*)`|\*\*([^*]*)\*\*")
"""reStructuredText's roles, literals and bold (Markdown's too), each replaced by the words it marks."""


def plain(text: str) -> str:
    """A docstring as the plain words of a ``--help``: the markup taken off what it marks (``:func:`run```, a
    double-backticked ``--games``, a bold word), so the long commands' help reads as text."""
    return MARKUP.sub(lambda found: next(group for group in found.groups() if group is not None), text)


def silent() -> Progress:
    """A progress that shows nothing: the default of the functions that take one."""
    return Progress(0, "", quiet=True)


__all__ = ["FORMAT", "QUIET_HELP", "Progress", "add_quiet", "plain", "shown", "silent"]
