"""What an evaluation of one turn says: every option weighed, and how sure each figure is.

:meth:`ExpertBot.evaluate <mus_widget.bots.expert.ExpertBot.evaluate>` makes one from a seat's observation;
the review of a game (:mod:`mus_widget.teaching.review`) grades the calls of a player by it.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from ..engine.actions import Action, Kind
from ..engine.scoring import Reason
from .knowledge import Knowledge


@dataclass(frozen=True, slots=True)
class Option:
    """One legal action weighed from a seat's observation: the team's expected ``chance`` of winning the game
    after it, the ``piedras`` (points) it is expected to bring (None where it stakes the game; see
    :meth:`ExpertBot.evaluate`), and ``error``, the standard error of how much less likely it wins the game
    than the expert's choice (0 when not measured)."""

    action: Action
    chance: float
    piedras: float | None
    error: float = 0.0


@dataclass(frozen=True, slots=True)
class Evaluation:
    """The expert's view of one turn: the options it weighed, its ``choice`` among them and why, and the
    team's chance of winning the lance being bet (None at the mus and the discards)."""

    options: tuple[Option, ...]
    choice: Action
    reason: Reason
    lance_chance: float | None = None

    def of(self, action: Action | str) -> Option:
        """The option of ``action`` (a discard matches by its cards in any order); KeyError if not weighed."""
        wanted = action if isinstance(action, Action) else Action.parse(action)
        for option in self.options:
            if same_call(option.action, wanted):
                return option
        raise KeyError(f"{wanted} was not weighed; the options were {', '.join(str(o.action) for o in self.options)}")

    @property
    def chosen(self) -> Option:
        """The option of the expert's choice."""
        return self.of(self.choice)


@functools.cache
def typical_worth(knowledge: Knowledge) -> float:
    """What a hand dealt at random is worth on average (``Knowledge.score`` over all 91,390 hands)."""
    total = sum(ways for ways, _ in knowledge.shapes.values())
    return sum(knowledge.score[key] * ways for key, (ways, _) in knowledge.shapes.items()) / total


def batch_error(differences: list[float], shares: list[float] | None = None) -> float:
    """The standard error of a mean over batches, from each batch's value (weighted by ``shares``, equal by
    default): the batch means method. 0 for fewer than two batches."""
    n = len(differences)
    if n < 2:
        return 0.0
    weights = shares or [1.0] * n
    total = sum(weights) or 1.0
    weights = [w / total for w in weights]
    mean = sum(w * d for w, d in zip(weights, differences, strict=True))
    spread = sum(w * w * (d - mean) ** 2 for w, d in zip(weights, differences, strict=True))
    return math.sqrt(spread * n / (n - 1))


def same_call(one: Action, other: Action) -> bool:
    """Whether two actions are the same call (a discard's cards in any order)."""
    return one == other or (one.kind is other.kind is Kind.DISCARD and set(one.cards) == set(other.cards))


__all__ = ["Evaluation", "Option", "batch_error", "same_call", "typical_worth"]
