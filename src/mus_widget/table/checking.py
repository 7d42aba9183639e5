"""Checking the browser's messages against what the table knows: :class:`Check` takes the seat's observation
and the table's stage and returns the action or seña asked for, or refuses it (:class:`RefusalError`) with
the same ids at every table, a notebook's own or a seat of a served one."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..bots.guard import legal_now
from ..engine.actions import Action, Kind
from ..engine.betting import Betting
from ..engine.errors import MalformedActionError
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.senas import SENAS
from ..i18n.catalogues import message
from ..i18n.text import action_text
from .refusal import RefusalError, short
from .view_state import Stage

MAX_ACTION = 80
"""The longest action text taken from the browser."""


@dataclass(frozen=True, slots=True)
class Check:
    """What a table knows when a message comes: the seat's observation ``obs``, the ``stage`` (the count
    open or not), whether a scenario is being ``stepping`` through, each seat's ``name`` as the table shows
    it, the ``language`` and the refusal when the match is ``over`` (a local table offers a new game)."""

    obs: Observation
    stage: Stage
    name: Callable[[int], str]
    language: str
    stepping: bool = False
    over: str = "ui.error.game_over"

    def action(self, raw: object) -> Action:
        """The action ``raw`` names, if it is the seat's turn and the action is legal now."""
        if not isinstance(raw, str) or len(raw) > MAX_ACTION:
            raise RefusalError("ui.error.malformed", action=short(raw))
        self._not_stepping()
        try:
            action = Action.parse(raw)
        except MalformedActionError:
            raise RefusalError("ui.error.malformed", action=short(raw)) from None
        obs = self._playing()
        if obs.to_move != obs.seat:
            raise RefusalError("ui.error.not_your_turn", name="—" if obs.to_move is None else self.name(obs.to_move))
        if not legal_now(obs, action):
            raise self.illegal(action)
        return action

    def sena(self, raw: object) -> str:
        """The id of the seña ``raw`` names, if the seat may make one now."""
        if not isinstance(raw, str) or raw not in SENAS:
            raise RefusalError("ui.error.sena", sena=short(raw))
        self._not_stepping()
        self._playing()
        return raw

    def illegal(self, action: Action) -> RefusalError:
        """The refusal of ``action``, which is not legal now: it and the legal actions, in words."""
        obs = self.obs
        return RefusalError("ui.error.illegal", action=action_text(action, self.language),
                            legal=legal_text(obs.phase, obs.betting, obs.legal_actions, self.language))

    def _not_stepping(self) -> None:
        if self.stepping:
            raise RefusalError("ui.error.stepping")

    def _playing(self) -> Observation:
        if self.obs.is_over:
            raise RefusalError(self.over)
        if self.stage == "count":
            raise RefusalError("ui.error.count_open")
        return self.obs


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


__all__ = ["MAX_ACTION", "Check", "legal_text"]
