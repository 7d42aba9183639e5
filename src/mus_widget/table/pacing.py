"""Pacing the bots: their moves reach the screen one at a time, ``pace`` seconds apart, through the kernel's
asyncio loop (``call_later``), so the kernel never blocks waiting for an animation; with ``pace`` 0 (or outside
a running loop) they are all played at once."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from ..engine.errors import MusError
from .play import Play
from .refusal import RefusalError, short

log = logging.getLogger(__name__)


class Pacer:
    """Plays ``play``'s bots up to the student's next decision (or the count), ``pace()`` seconds apart;
    ``shown`` is called after each paced move, ``failed`` when a bot breaks a rule."""

    def __init__(
        self, play: Play, pace: Callable[[], float], shown: Callable[[], None], failed: Callable[[RefusalError], None]
    ) -> None:
        self._play = play
        self._pace = pace
        self._shown = shown
        self._failed = failed
        self._generation = 0
        self._handle: asyncio.TimerHandle | None = None
        self._stopped = False

    def stop(self) -> None:
        """No bot moves from now on, not even one already scheduled (the table was closed)."""
        self._stopped = True
        self._generation += 1
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None

    def play(self) -> None:
        """Let the bots play: at once without pace or loop, else the first move in ``pace()`` seconds. Moves
        still scheduled from before (another game, before the student's move) are dropped."""
        self._generation += 1
        if self._handle is not None:
            self._handle.cancel()
            self._handle = None
        play = self._play
        if self._stopped or not play.bot_to_move():
            return
        loop = _running_loop()
        if self._pace() <= 0 or loop is None:
            while play.bot_to_move():
                play.bot_step()
            return
        self._handle = loop.call_later(self._pace(), self._tick, self._generation)

    def _tick(self, generation: int) -> None:
        """A paced bot move, unless something newer (a new game, the student's move) came in between."""
        self._handle = None
        play = self._play
        if self._stopped or generation != self._generation or not play.bot_to_move():
            return
        try:
            play.bot_step()
        except (MusError, ValueError) as error:  # a bot broke a rule: stop and say so, keep the kernel alive
            log.exception("bot move failed")
            self._failed(RefusalError("ui.error.message", type=short(str(error))))
            return
        self._shown()
        loop = _running_loop()
        if play.bot_to_move() and loop is not None and not self._stopped:
            self._handle = loop.call_later(self._pace(), self._tick, generation)


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


__all__ = ["Pacer"]
