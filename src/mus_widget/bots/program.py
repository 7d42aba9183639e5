"""A bot in another language: a program that reads one JSON object a line on its standard input and answers
with one on its standard output (docs/bots.md, "A bot in any language").

The table sends ``start`` (the seat, the seed and the rules) when the game begins, ``decide`` with the seat's
observation at each of its turns (answer ``{"action": "envido 2"}``, maybe with ``"sena"``), ``talk`` when the
mus is cut (answer ``{"sena": "duples"}`` or ``{"sena": null}``), ``hand_over`` when a hand ends, and ``end``
before it closes the program's input. Only ``decide`` and ``talk`` are answered. The program sees exactly
what :meth:`Observation.to_dict` holds, never another seat's cards.

The program's output is read by a thread of its own, never by the table: a program that writes without end
(one endless line, or lines nobody asked for) is stopped at :data:`MAX_LINE` bytes or :data:`MAX_UNASKED`
lines, and one that does not answer is given up on after the time limit, so neither holds the table or its
memory. Its input is written unbuffered, so closing it never waits on a program that stopped reading.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import subprocess
import threading
import time
from dataclasses import dataclass
from typing import IO, Any, Final

from ..engine.observation import Observation
from ..engine.scoring import Reason
from .base import Decision
from .guard import TIME_LIMIT

PROTOCOL: Final = 1
"""The protocol's version, sent in ``start``."""

PREFIX: Final = "cmd:"
"""How the arena names a program as a team: ``cmd:./mybot`` or ``cmd:node bot.js``."""
MAX_LINE: Final = 1_000_000
"""The longest line a program may write, in bytes, its newline aside (an answer is some tens of bytes): a longer
one, ended or not, is a fault, and the program is stopped."""
MAX_UNASKED: Final = 16
"""How many lines a program may have written and not yet had read as answers: past that it floods its output
(a fault, and the program is stopped). Its memory is so bounded too: at most this many lines of ``MAX_LINE``."""
_CHUNK: Final = 65_536


class ProgramError(RuntimeError):
    """The program broke the protocol: it ended, or answered with something that is not a JSON object."""


@dataclass(frozen=True, slots=True)
class Command:
    """A program to run as a bot, as its arguments (``Command.parse("node bot.js")``)."""

    argv: tuple[str, ...]

    @classmethod
    def parse(cls, text: str) -> Command:
        """The command of ``"cmd:./mybot --fast"`` (the ``cmd:`` is optional), split as a shell would."""
        words = tuple(shlex.split(text.removeprefix(PREFIX)))
        if not words:
            raise ValueError(f"{text!r} names no program: give one as cmd:./mybot or cmd:'node bot.js'")
        return cls(words)

    def __str__(self) -> str:
        return PREFIX + shlex.join(self.argv)


class ProgramBot:
    """One seat's bot played by a program of its own, started for one game.

    Seat it behind a :class:`~mus_widget.bots.guard.GuardedBot` (the arena and the tables do): a program that
    answers late, illegally or not at all is then reported and a fallback plays that turn. :meth:`close` ends the
    program; the table calls it when the game ends.
    """

    def __init__(self, command: Command | str, seed: int = 0, time_limit: float | None = TIME_LIMIT) -> None:
        self.command = command if isinstance(command, Command) else Command.parse(command)
        self.seed = seed
        self.time_limit = time_limit
        """Seconds to wait for each answer (None: as long as it takes); the arena passes its own."""
        self.name = self.command.argv[-1].rsplit("/", 1)[-1]
        try:
            self._process = subprocess.Popen(
                self.command.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0,
            )
        except OSError as error:
            raise ValueError(f"{self.command} does not start: {error}") from error
        self._started = False
        self._lines: queue.Queue[bytes | None] = queue.Queue()
        self._broken: str | None = None
        self._owed = 0  # answers to questions given up on: dropped when they come late
        self._reader = threading.Thread(target=self._read, daemon=True, name=f"program-{self.name}")
        self._reader.start()

    def __repr__(self) -> str:
        return f"ProgramBot({str(self.command)!r}, seed={self.seed})"

    def decide(self, observation: Observation) -> Decision | str:
        """The program's action for its seat's turn."""
        answer = self._ask("decide", observation)
        action = answer.get("action")
        if not isinstance(action, str):
            raise ProgramError(f"answered decide with {_short(answer)}, which has no \"action\" text")
        sena = answer.get("sena")
        if sena is None:
            return action
        if not isinstance(sena, str):
            raise ProgramError(f"answered a \"sena\" that is not a text: {sena!r}")
        return Decision(action, Reason("explain.own", (("action", action), ("bot", self.name))), sena)

    def table_talk(self, observation: Observation) -> str | None:
        """The seña the program makes when the mus is cut, or None."""
        sena = self._ask("talk", observation).get("sena")
        if sena is not None and not isinstance(sena, str):
            raise ProgramError(f"answered a \"sena\" that is not a text: {sena!r}")
        return sena

    def hand_over(self, observation: Observation) -> None:
        """Tell the program the hand ended (no answer)."""
        self._tell("hand_over", observation)

    def close(self) -> None:
        """Say ``end``, close the program's input and wait a moment for it; kill it if it does not end. Never
        waits on the program: ``end`` is written only if the pipe takes it at once."""
        process = self._process
        if process.poll() is None and self._broken is None:
            stdin = process.stdin
            assert stdin is not None
            try:
                os.set_blocking(stdin.fileno(), False)
                stdin.write(b'{"type":"end"}\n')
            except (OSError, ValueError):
                pass
        self._stop(timeout=1.0 if self._broken is None else 0.0)

    # ---------------------------------------------------------------------------------------------------

    def _tell(self, kind: str, observation: Observation) -> None:
        if not self._started:
            self._started = True
            self._write({"type": "start", "protocol": PROTOCOL, "seat": observation.seat, "seed": self.seed,
                         "rules": observation.rules.to_dict()})
        self._write({"type": kind, "observation": observation.to_dict()})

    def _ask(self, kind: str, observation: Observation) -> dict[str, Any]:
        if self._broken is not None:
            raise ProgramError(self._broken)
        self._tell(kind, observation)
        raw = self._answer(kind)
        try:
            line = raw.decode("utf-8")
            answer = json.loads(line)
        except ValueError:
            raise ProgramError(f"answered {kind} with {_short(raw.decode('utf-8', 'replace').strip())}, "
                               "not a JSON object") from None
        if not isinstance(answer, dict):
            raise ProgramError(f"answered {kind} with {_short(answer)}, not a JSON object")
        return answer

    def _answer(self, kind: str) -> bytes:
        """The program's next line, a late answer to a question given up on skipped; waits ``time_limit``."""
        limit = self.time_limit
        deadline = None if limit is None else time.monotonic() + limit
        while True:
            try:
                line = self._lines.get(timeout=None if deadline is None else max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                self._owed += 1
                raise ProgramError(f"no answer to {kind} within {limit:g} s") from None
            if line is None:
                self._lines.put(None)  # the end stays for whoever asks next
                raise ProgramError(self._broken or f"ended without answering {kind} "
                                                   f"(exit status {self._process.poll()})")
            if self._owed:
                self._owed -= 1
                continue
            return line

    def _read(self) -> None:
        """The reader thread: the program's output cut into lines for :meth:`_answer`, until it ends or breaks
        a limit (then it is stopped, and the fault is what every later question is answered with)."""
        stdout: IO[bytes] | None = self._process.stdout
        assert stdout is not None
        pending = bytearray()
        try:
            while True:
                chunk = stdout.read(_CHUNK)
                if not chunk:
                    return
                start = len(pending)
                pending += chunk
                end = pending.find(b"\n", start)
                while end >= 0:
                    if end > MAX_LINE:
                        break
                    if self._lines.qsize() >= MAX_UNASKED:
                        self._fail(f"flooded its output: {MAX_UNASKED} lines written and not asked for "
                                   "(it answers decide and talk with one line each); stopped")
                        return
                    self._lines.put(bytes(pending[:end]))
                    del pending[: end + 1]
                    end = pending.find(b"\n")
                if len(pending) > MAX_LINE:
                    self._fail(f"wrote a line longer than {MAX_LINE:,} bytes, the most a line may be; stopped")
                    return
        except (OSError, ValueError):
            return
        finally:
            self._lines.put(None)

    def _fail(self, why: str) -> None:
        """A fault that ends the program: said to every later question (the lines it flooded are dropped)."""
        self._broken = why
        with contextlib.suppress(OSError):
            self._process.kill()
        with contextlib.suppress(queue.Empty):
            while True:
                self._lines.get_nowait()

    def _stop(self, timeout: float) -> None:
        """End the program (killed after ``timeout`` s) and its pipes, and let the reader thread finish."""
        process = self._process
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        self._reader.join(timeout=1.0)
        if process.stdout is not None and not self._reader.is_alive():
            process.stdout.close()

    def _write(self, message: dict[str, Any]) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write((json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode())
        except (OSError, ValueError) as error:
            if self._broken is not None:
                raise ProgramError(self._broken) from error
            raise ProgramError(f"no longer reads its input (exit status {self._process.poll()})") from error


def _short(value: object) -> str:
    text = value if isinstance(value, str) else repr(value)
    return repr(text if len(text) <= 60 else text[:59] + "…")


__all__ = ["MAX_LINE", "MAX_UNASKED", "PREFIX", "PROTOCOL", "Command", "ProgramBot", "ProgramError"]
