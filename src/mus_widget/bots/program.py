"""A bot in another language: a program that reads one JSON object a line on its standard input and answers
with one on its standard output (docs/bots.md, "A bot in any language").

The table sends ``start`` (the seat, the seed and the rules) when the game begins, ``decide`` with the seat's
observation at each of its turns (answer ``{"action": "envido 2"}``, maybe with ``"sena"``), ``talk`` when the
mus is cut (answer ``{"sena": "duples"}`` or ``{"sena": null}``), ``hand_over`` when a hand ends, and ``end``
before it closes the program's input. Only ``decide`` and ``talk`` are answered. The program sees exactly
what :meth:`Observation.to_dict` holds, never another seat's cards.
"""

from __future__ import annotations

import json
import shlex
import subprocess
from dataclasses import dataclass
from typing import IO, Any, Final

from ..engine.observation import Observation
from ..engine.scoring import Reason
from .base import Decision

PROTOCOL: Final = 1
"""The protocol's version, sent in ``start``."""

PREFIX: Final = "cmd:"
"""How the arena names a program as a team: ``cmd:./mybot`` or ``cmd:node bot.js``."""


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

    def __init__(self, command: Command | str, seed: int = 0) -> None:
        self.command = command if isinstance(command, Command) else Command.parse(command)
        self.seed = seed
        self.name = self.command.argv[-1].rsplit("/", 1)[-1]
        try:
            self._process = subprocess.Popen(
                self.command.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
                bufsize=1,
            )
        except OSError as error:
            raise ValueError(f"{self.command} does not start: {error}") from error
        self._started = False

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
        """Say ``end``, close the program's input and wait a moment for it; kill it if it does not end."""
        process = self._process
        if process.poll() is None:
            try:
                self._write({"type": "end"})
                assert process.stdin is not None
                process.stdin.close()
            except (OSError, ValueError):
                pass
            try:
                process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        if process.stdout is not None:
            process.stdout.close()

    # ---------------------------------------------------------------------------------------------------

    def _tell(self, kind: str, observation: Observation) -> None:
        if not self._started:
            self._started = True
            self._write({"type": "start", "protocol": PROTOCOL, "seat": observation.seat, "seed": self.seed,
                         "rules": observation.rules.to_dict()})
        self._write({"type": kind, "observation": observation.to_dict()})

    def _ask(self, kind: str, observation: Observation) -> dict[str, Any]:
        self._tell(kind, observation)
        stdout: IO[str] | None = self._process.stdout
        assert stdout is not None
        line = stdout.readline()
        if not line:
            raise ProgramError(f"ended without answering {kind} (exit status {self._process.poll()})")
        try:
            answer = json.loads(line)
        except ValueError:
            raise ProgramError(f"answered {kind} with {_short(line.strip())}, not a JSON object") from None
        if not isinstance(answer, dict):
            raise ProgramError(f"answered {kind} with {_short(answer)}, not a JSON object")
        return answer

    def _write(self, message: dict[str, Any]) -> None:
        stdin = self._process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n")
            stdin.flush()
        except (BrokenPipeError, ValueError) as error:
            raise ProgramError(f"no longer reads its input (exit status {self._process.poll()})") from error


def _short(value: object) -> str:
    text = value if isinstance(value, str) else repr(value)
    return repr(text if len(text) <= 60 else text[:59] + "…")


__all__ = ["PREFIX", "PROTOCOL", "Command", "ProgramBot", "ProgramError"]
