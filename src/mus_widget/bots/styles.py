"""Fixed styles of play, for testing the bots (and a student's own) against players who never change:

- ``ordago``: always the biggest call it may make (an órdago whenever it may, else quiero);
- ``passive``: never bets, never accepts (paso, no quiero);
- ``bluffer``: bets and raises at every turn (the smallest bet or raise), never stakes the game, and
  refuses an órdago;
- ``caller``: never bets, accepts every bet and every órdago.

At the mus and the discard they all play like a novice who never slips, so only their betting differs.
Their calls never depend on their cards; they make no señas.
"""

from __future__ import annotations

from ..engine.actions import Action, Kind
from ..engine.hands import evaluate
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.scoring import Reason
from .base import Bot, Decision
from .simple import plain_discard, plain_mus


class StyleBot(Bot):
    """A bot whose every call in the lances comes from :meth:`call`, whatever its cards."""

    def decide(self, obs: Observation) -> Decision:
        self.check_turn(obs)
        if obs.phase is Phase.MUS:
            return plain_mus(obs, evaluate(obs.hand, obs.rules))
        if obs.phase is Phase.DISCARD:
            return plain_discard(obs.hand, obs.rules.kings)
        action = self.call(obs)
        return Decision(action, Reason(f"explain.style.{self.level}", (("action", action),)))

    def call(self, obs: Observation) -> str:
        """The call this style makes among the legal ones (canonical, envidos at their smallest)."""
        raise NotImplementedError


def _first(legal: tuple[Action, ...], *wanted: Kind) -> str:
    """The first legal call of the first of ``wanted`` kinds that has one, else the first legal call."""
    for kind in wanted:
        for action in legal:
            if action.kind is kind:
                return action.text
    return legal[0].text


class OrdagoBot(StyleBot):
    """Always the biggest call it may make: an órdago whenever it may, else quiero."""

    level = "ordago"

    def call(self, obs: Observation) -> str:
        return _first(obs.legal, Kind.ORDAGO, Kind.QUIERO, Kind.ENVIDO)


class PassiveBot(StyleBot):
    """Never bets and never accepts: paso when it opens, no quiero to every bet."""

    level = "passive"

    def call(self, obs: Observation) -> str:
        return _first(obs.legal, Kind.PASO, Kind.NO_QUIERO, Kind.QUIERO)


class BluffBot(StyleBot):
    """Bets or raises at every turn by the smallest amount until the stake reaches ``ceiling`` (then it
    accepts), never stakes the game, refuses an órdago."""

    level = "bluffer"
    ceiling = 10

    def call(self, obs: Observation) -> str:
        legal, betting = obs.legal, obs.betting
        assert betting is not None
        if betting.ordago:
            return _first(legal, Kind.NO_QUIERO, Kind.QUIERO)
        if betting.stake >= self.ceiling:
            return _first(legal, Kind.QUIERO, Kind.ENVIDO)
        return _first(legal, Kind.ENVIDO, Kind.QUIERO)


class CallerBot(StyleBot):
    """Never bets; accepts every bet and every órdago."""

    level = "caller"

    def call(self, obs: Observation) -> str:
        return _first(obs.legal, Kind.PASO, Kind.QUIERO, Kind.ENVIDO)
