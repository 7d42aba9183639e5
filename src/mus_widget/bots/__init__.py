"""Bots: players that decide from one seat's observation and can say why."""

from __future__ import annotations

from .base import Bot, Decision
from .expert import ExpertBot
from .manners import TEACHING, Manners
from .simple import NoviceBot, RandomBot
from .styles import BluffBot, CallerBot, OrdagoBot, PassiveBot
from .team import team_answer

LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "novice": NoviceBot, "expert": ExpertBot}
"""The levels a student plays against."""
STYLES: dict[str, type[Bot]] = {"ordago": OrdagoBot, "passive": PassiveBot, "bluffer": BluffBot, "caller": CallerBot}
"""Fixed styles of play, for testing bots against players who never change."""
BOTS: dict[str, type[Bot]] = {**LEVELS, **STYLES}
"""Every bot by name."""


def make_bot(level: str, seed: int = 0, manners: Manners | None = None) -> Bot:
    """The bot named ``level`` (one of :data:`BOTS`: a level or a style) with its own seed, and the table
    ``manners`` it keeps (:data:`TEACHING` at a student's table; the styles never change their play)."""
    try:
        kind = BOTS[level]
    except KeyError:
        raise ValueError(f"{level!r} is not a bot level; the bots are {', '.join(BOTS)}") from None
    return kind(seed, manners)


__all__ = [
    "BOTS", "LEVELS", "STYLES", "TEACHING", "BluffBot", "Bot", "CallerBot", "Decision", "ExpertBot", "Manners",
    "NoviceBot", "OrdagoBot", "PassiveBot", "RandomBot", "make_bot", "team_answer",
]
