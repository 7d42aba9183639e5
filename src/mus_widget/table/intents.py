"""The student's intents on the game, as the browser sends them: an action, a seña, Next hand, the stepping
controls (◀ ▶, face up, Play on) and a finished hand reopened (its ◀ ▶, Back to the game). Each is checked with
the engine and refused (:class:`RefusalError`) before it changes anything."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.errors import IllegalActionError, MalformedActionError
from .checking import Check
from .play import Play
from .refusal import RefusalError, short
from .replay import Replay
from .stepping import Stepping

Handler = Callable[[dict[str, Any]], None]


class Intents:
    """The handlers of the game's intents at ``play``. After a change, ``show(bots)`` shows it: it clears the
    last error, lets the bots play on if ``bots``, and syncs. ``language()`` is the table's language."""

    def __init__(self, play: Play, show: Callable[[bool], None], language: Callable[[], str]) -> None:
        self._play = play
        self._show = show
        self._language = language

    def handlers(self) -> dict[str, Handler]:
        """The handler of each intent, by its ``type``."""
        return {
            "act": self.act,
            "sena": self.sena,
            "next_hand": self.next_hand,
            "step": self.step,
            "face_up": self.face_up,
            "play_on": self.play_on,
            "replay": self.replay,
            "replay_step": self.replay_step,
            "replay_close": self.replay_close,
            "try_again": self.try_again,
        }

    def act(self, content: dict[str, Any]) -> None:
        self._not_replaying()
        check = self._check()
        action = check.action(content.get("action"))
        try:
            self._play.act(action)
        except (IllegalActionError, MalformedActionError):
            raise check.illegal(action) from None
        self._show(True)

    def sena(self, content: dict[str, Any]) -> None:
        self._not_replaying()
        self._play.say(self._check().sena(content.get("sena")))
        self._show(False)

    def next_hand(self, _content: dict[str, Any]) -> None:
        play = self._play
        self._not_stepping()
        self._not_replaying()
        if play.stage != "count":
            raise RefusalError("ui.error.no_count")
        if play.game.is_over:
            raise RefusalError("ui.error.game_over")
        play.stage = "play"
        self._show(True)

    def step(self, content: dict[str, Any]) -> None:
        self._play.show_step(self._stepper().to(content.get("to")))
        self._show(False)

    def face_up(self, content: dict[str, Any]) -> None:
        self._play.stepping = self._stepper().turned(content.get("on"), self._language())
        self._show(False)

    def play_on(self, _content: dict[str, Any]) -> None:
        play = self._play
        stepping = self._stepper()
        if play.game.is_over:
            raise RefusalError("ui.error.game_over")
        play.stepping = None
        play.stage = stepping.stage()
        self._show(True)

    def replay(self, content: dict[str, Any]) -> None:
        """Reopen a finished hand of the game face up (the live game waits)."""
        self._not_stepping()
        at = content.get("at")
        if at is not None and (isinstance(at, bool) or not isinstance(at, int)):
            raise RefusalError("ui.error.step", step=short(at), count=len(self._play.steps()))
        game = content.get("game")
        if game is not None and (isinstance(game, bool) or not isinstance(game, int)):
            raise RefusalError("ui.error.replay", hand=short(content.get("hand")))
        self._play.open_replay(content.get("hand"), at, game)
        self._show(False)

    def replay_step(self, content: dict[str, Any]) -> None:
        self._play.replay = self._replaying().to(content.get("to"))
        self._show(False)

    def replay_close(self, _content: dict[str, Any]) -> None:
        """Back to the live game, which plays on from where it waited."""
        self._replaying()
        self._play.replay = None
        self._show(True)

    def try_again(self, content: dict[str, Any]) -> None:
        """Play on from one of the student's decisions, as it was then (the live game is left behind)."""
        self._not_stepping()
        self._play.try_again(content.get("step"))
        self._show(True)

    def _not_replaying(self) -> None:
        if self._play.replay is not None:
            raise RefusalError("ui.error.replaying")

    def _replaying(self) -> Replay:
        if self._play.replay is None:
            raise RefusalError("ui.error.not_replaying")
        return self._play.replay

    def _not_stepping(self) -> None:
        if self._play.stepping is not None:
            raise RefusalError("ui.error.stepping")

    def _stepper(self) -> Stepping:
        if self._play.stepping is None:
            raise RefusalError("ui.error.not_stepping")
        return self._play.stepping

    def _check(self) -> Check:
        """What the table knows now, to check a message against."""
        play = self._play
        return Check(play.game.observe(play.seat), play.stage, lambda seat: play.setup.names[seat],
                     self._language(), stepping=play.stepping is not None)


__all__ = ["Handler", "Intents"]
