"""The phases of a hand, in the order they are played."""

from __future__ import annotations

import enum

from .hands import Lance


class Phase(enum.Enum):
    """Where a hand stands: the mus question, the discards, a lance being bet, or the end of the match."""

    MUS = "mus"
    DISCARD = "discard"
    GRANDE = "grande"
    CHICA = "chica"
    PARES = "pares"
    JUEGO = "juego"
    PUNTO = "punto"
    GAME_OVER = "game_over"

    @property
    def lance(self) -> Lance | None:
        """The lance being bet in this phase, if any."""
        return _LANCE.get(self)

    @classmethod
    def of(cls, lance: Lance) -> Phase:
        """The phase in which ``lance`` is bet."""
        return _PHASE[lance]

    # Members are singletons, equal only to themselves: hashed by identity, in C, not by Enum's hash of the name
    # in Python (the engine looks them up in dictionaries at every step).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


_LANCE = {Phase(lance.value): lance for lance in Lance}
_PHASE = {lance: phase for phase, lance in _LANCE.items()}
