"""Bots: players that decide from one seat's observation and can say why."""

from __future__ import annotations

from .base import Bot, Decision
from .expert import ExpertBot
from .simple import NoviceBot, RandomBot

LEVELS: dict[str, type[Bot]] = {"random": RandomBot, "novice": NoviceBot, "expert": ExpertBot}


def make_bot(level: str, seed: int = 0) -> Bot:
    """A bot of ``level`` (one of :data:`LEVELS`) with its own seed."""
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"{level!r} is not a bot level; the levels are {', '.join(LEVELS)}") from None


__all__ = ["LEVELS", "Bot", "Decision", "ExpertBot", "NoviceBot", "RandomBot", "make_bot"]
