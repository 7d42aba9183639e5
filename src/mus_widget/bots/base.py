"""The bot protocol: a bot sees one seat's :class:`Observation` and returns a :class:`Decision`."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from dataclasses import dataclass

from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.scoring import Reason
from ..engine.seats import partner, team_of
from ..engine.senas import true_senas
from .manners import Manners
from .memory import Memory


@dataclass(frozen=True, slots=True)
class Decision:
    """What a bot does at its turn: an action in canonical notation, why, and maybe a seña made first."""

    action: str
    reason: Reason
    sena: str | None = None


class Bot(ABC):
    """A player that decides from an observation only, never from the game state.

    A bot is deterministic: the same seed, the same observation and the same earlier hands give the same
    decision, so a game between bots replays from its record and tests can compare decisions across hidden
    deals. Its :class:`Memory` of the earlier hands of the game comes only from its own observations: every
    observation carries the hand before it, and the players (every table, through :mod:`.turns`) show each
    bot the observation that starts a new hand (:meth:`hand_over`).
    """

    level: str = ""

    def __init__(self, seed: int = 0, manners: Manners | None = None) -> None:
        self.seed = seed
        self.manners = manners
        """How it plays at a student's table (:mod:`.manners`); None (the arena's bots) to play to win."""
        self.memory = Memory()

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed})"

    def rng(self, obs: Observation, purpose: str = "") -> random.Random:
        """The RNG of one decision: a function of the bot's seed and the public moment, nothing hidden."""
        moment = f"{obs.game_number}:{obs.hand_number}:{obs.mus_round}:{len(obs.log)}"
        return random.Random(f"{self.level}:{self.seed}:{obs.seat}:{moment}:{purpose}")

    @abstractmethod
    def decide(self, obs: Observation) -> Decision:
        """The decision for ``obs.seat``, which must be the seat to move."""

    def table_talk(self, obs: Observation) -> str | None:
        """A seña to make now, out of turn (asked of every bot when the lances begin); None for none."""
        return None

    def hand_over(self, obs: Observation) -> None:
        """A hand has ended and ``obs`` (this seat's view of what comes next) carries it: remember it."""
        self.memory.update(obs)

    def may_ordago(self, obs: Observation) -> bool:
        """Whether this bot's manners let it make an órdago now: always without manners; with them, by the
        hands its memory has seen and how the other team answered the órdagos of this game."""
        if self.manners is None:
            return True
        them = [self.memory.counts(obs, seat) for seat in range(4) if team_of(seat) != obs.team]
        return self.manners.may_ordago(self.memory.hands, self.memory.ordago_hands(obs, obs.team),
                                       sum(c.ordagos for c in them), sum(c.ordagos_refused for c in them))

    def check_turn(self, obs: Observation) -> None:
        if obs.to_move != obs.seat or not obs.legal_actions:
            raise ValueError(f"{self!r} asked to decide for seat {obs.seat}, but seat {obs.to_move} is to move")

    def sena_now(self, obs: Observation) -> bool:
        """Whether a seña would be timely: the mus is cut (so the hand is final) and this seat has made no
        seña in this hand yet."""
        if obs.phase in (Phase.MUS, Phase.DISCARD, Phase.GAME_OVER):
            return False
        return not any(e.seat == obs.seat and e.kind == "sena" for e in obs.log)


TELLING_SENAS = (
    "three_reyes_and_as", "duples", "thirty_one", "three_reyes", "three_ases", "medias", "two_reyes", "two_ases",
)
"""Señas worth making, most telling first."""


def chosen_sena(bot: Bot, obs: Observation, quiet: float) -> str | None:
    """The seña a bot makes when the mus is cut: the most telling true claim of its hand, if it has one;
    otherwise "nothing", except in a share ``quiet`` of hands (so not every hand has a seña)."""
    if not bot.sena_now(obs):
        return None
    held = true_senas(obs.hand, obs.rules)
    telling = next((s for s in TELLING_SENAS if s in held), None)
    if telling is not None:
        return telling
    return None if bot.rng(obs, "sena").random() < quiet else "nothing"


def partner_sena(obs: Observation) -> str | None:
    """The last seña the partner made in this hand, if any."""
    mate = partner(obs.seat)
    return next((str(e.get("sena")) for e in reversed(obs.log) if e.kind == "sena" and e.seat == mate), None)
