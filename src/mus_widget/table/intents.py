"""The student's intents on the game, as the browser sends them: an action, a seña, Next hand, and the stepping
controls (◀ ▶, face up, Play on). Each is checked with the engine and refused (:class:`RefusalError`) before it
changes anything."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..engine.actions import Action, Kind
from ..engine.betting import Betting
from ..engine.errors import IllegalActionError, MalformedActionError
from ..engine.phase import Phase
from ..engine.senas import SENAS
from ..i18n.catalogues import message
from ..i18n.text import action_text
from .play import Play
from .refusal import RefusalError, short
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
        }

    def act(self, content: dict[str, Any]) -> None:
        raw = content.get("action")
        play = self._play
        game = play.game
        if not isinstance(raw, str) or len(raw) > 80:
            raise RefusalError("ui.error.malformed", action=short(raw))
        self._not_stepping()
        try:
            action = Action.parse(raw)
        except MalformedActionError:
            raise RefusalError("ui.error.malformed", action=short(raw)) from None
        if game.is_over:
            raise RefusalError("ui.error.game_over")
        if play.stage == "count":
            raise RefusalError("ui.error.count_open")
        if game.to_move != play.seat:
            raise RefusalError("ui.error.not_your_turn", name=self._name(game.to_move))
        try:
            after = game.apply(action, seat=play.seat)
        except (IllegalActionError, MalformedActionError):
            language = self._language()
            raise RefusalError(
                "ui.error.illegal", action=action_text(action, language), legal=self._legal_text()
            ) from None
        play.move(after)
        self._show(True)

    def sena(self, content: dict[str, Any]) -> None:
        sena_id = content.get("sena")
        play = self._play
        if not isinstance(sena_id, str) or sena_id not in SENAS:
            raise RefusalError("ui.error.sena", sena=short(sena_id))
        self._not_stepping()
        if play.game.is_over:
            raise RefusalError("ui.error.game_over")
        if play.stage == "count":
            raise RefusalError("ui.error.count_open")
        play.game = play.game.sena(play.seat, sena_id)
        self._show(False)

    def next_hand(self, _content: dict[str, Any]) -> None:
        play = self._play
        self._not_stepping()
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

    def _not_stepping(self) -> None:
        if self._play.stepping is not None:
            raise RefusalError("ui.error.stepping")

    def _stepper(self) -> Stepping:
        if self._play.stepping is None:
            raise RefusalError("ui.error.not_stepping")
        return self._play.stepping

    def _name(self, seat: int | None) -> str:
        return "—" if seat is None else self._play.setup.names[seat]

    def _legal_text(self) -> str:
        game = self._play.game
        return legal_text(game.phase, game.betting, game.legal_actions(), self._language())


def legal_text(phase: Phase, betting: Betting | None, legal_actions: Sequence[str], language: str) -> str:
    """A seat's legal actions in words, a range of envidos as ``Envido 2–40`` (from a game or an observation)."""
    if phase is Phase.DISCARD:
        return message("ui.bar.discard", language)
    if betting is None:
        return ", ".join(action_text(a, language) for a in legal_actions)
    legal = betting.legal()
    words = [action_text(kind.value, language) for kind in legal.kinds if kind is not Kind.ORDAGO]
    if legal.confirm:
        words.append(action_text(f"envido {legal.confirm}", language))
    if legal.raise_from:
        low = action_text(f"envido {legal.raise_from}", language)
        words.append(f"{low}–{legal.raise_to}" if legal.raise_to > legal.raise_from else low)
    if Kind.ORDAGO in legal.kinds:
        words.append(action_text("ordago", language))
    return ", ".join(words)


__all__ = ["Handler", "Intents", "legal_text"]
