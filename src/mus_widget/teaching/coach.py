"""The coach: on the student's turn, what the expert bot would do in the student's seat, why, and the student's
team's chance to win the lance being bet.

The coach is an expert bot given the student's own :class:`Observation` and nothing else, so its advice can
never tell the student more than the student's seat may know: the same observation gives the same advice,
whatever the hidden hands are.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..bots import Bot, make_bot
from ..bots.knowledge import knowledge_for
from ..bots.worlds import lance_chance, normalised, sample_worlds
from ..engine.observation import Observation
from ..engine.scoring import Reason

SAMPLES = 120
"""Possible worlds drawn for the chance when the bot's reason does not carry one."""


@dataclass(frozen=True, slots=True)
class Advice:
    """The coach's word: the ``action`` the expert would play, its one-sentence ``reason``, the ``lance`` being
    bet (None at the mus and the discards) and the student's team's ``chance`` of winning it, in percent."""

    action: str
    reason: Reason
    lance: str | None = None
    chance: int | None = None


def coach_bot(seed: int) -> Bot:
    """The expert the coach asks, with its own seed (so its advice replays with the table's seed)."""
    return make_bot("expert", seed)


def advise(obs: Observation, bot: Bot) -> Advice:
    """The advice for ``obs.seat``, which must be the seat to move."""
    decision = bot.decide(obs)
    betting = obs.betting
    if betting is None:
        return Advice(decision.action, decision.reason)
    told = decision.reason.params.get("chance")
    if isinstance(told, int) and not isinstance(told, bool):
        chance = told
    else:
        knowledge = knowledge_for(obs.rules)
        worlds = normalised(sample_worlds(obs, knowledge, SAMPLES, bot.rng(obs, "coach")))
        chance = round(100 * lance_chance(obs, knowledge, worlds))
    return Advice(decision.action, decision.reason, betting.lance.value, chance)


class Coach:
    """The coach of one seat: its expert (seeded with ``seed``) and its last advice, worked out once per state
    of the game however often the table is drawn."""

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.bot = coach_bot(seed)
        self._last: tuple[object, Advice] | None = None

    def __repr__(self) -> str:
        return f"Coach({self.seed})"

    def advice(self, obs: Observation, state: object = None) -> Advice:
        """The advice for ``obs.seat`` (the seat to move) at ``state`` (the game, or by default ``obs``
        itself): the one already worked out when the state is the same object as last time."""
        key = obs if state is None else state
        if self._last is None or self._last[0] is not key:
            self._last = (key, advise(obs, self.bot))
        return self._last[1]


__all__ = ["Advice", "Coach", "advise", "coach_bot"]
