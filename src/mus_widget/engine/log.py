"""The public log of a hand: every announcement in order, and the summary of a hand once it is over."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from .actions import Action
from .betting import LanceResult, Outcome
from .cards import Hand
from .frozen import fast_init
from .hands import Lance
from .scoring import CountRow, Value


class Event(NamedTuple):
    """One public event: ``kind`` (deal, call, discard, reshuffle, declare, sena, lance, negada, game_over),
    the seat it concerns, the phase it happened in, and its details. A named tuple: the engine makes
    one per action, so it must be cheap."""

    kind: str
    seat: int | None = None
    phase: str = ""
    detail: tuple[tuple[str, Value], ...] = ()

    def get(self, key: str) -> Value | None:
        for name, value in self.detail:
            if name == key:
                return value
        return None

    @property
    def action(self) -> Action | None:
        """The action of a ``call`` event, parsed (None for the other kinds of event)."""
        text = self.get("action")
        return Action.parse(text) if isinstance(text, str) else None

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        if self.seat is not None:
            out["seat"] = self.seat
        if self.phase:
            out["phase"] = self.phase
        out.update(self.detail)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Event:
        """The event :meth:`to_dict` wrote: ``kind``, ``seat`` and ``phase`` are its own keys, the rest its
        details in order."""
        detail = tuple((key, value) for key, value in data.items() if key not in _EVENT_KEYS)
        return cls(data["kind"], data.get("seat"), data.get("phase", ""), detail)


_EVENT_KEYS = frozenset({"kind", "seat", "phase"})
_new_tuple = tuple.__new__


def event(kind: str, seat: int | None, phase: str, detail: tuple[tuple[str, Value], ...]) -> Event:
    """An :class:`Event` of all four fields, made without the named tuple's Python-level constructor (a step
    of the engine makes one or more)."""
    return _new_tuple(Event, (kind, seat, phase, detail))


@fast_init
@dataclass(frozen=True, slots=True)
class HandSummary:
    """A hand that is over, as everyone may see it: the hands if they were shown, the count, the log."""

    game_number: int
    hand_number: int
    mano: int
    hands: tuple[Hand, ...] | None
    results: tuple[LanceResult, ...]
    count: tuple[CountRow, ...]
    log: tuple[Event, ...]
    scores: tuple[int, int]
    """The game's scores when the hand ended."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "game_number": self.game_number,
            "hand_number": self.hand_number,
            "mano": self.mano,
            "hands": None if self.hands is None else [str(h) for h in self.hands],
            "results": [result_to_dict(r) for r in self.results],
            "count": [row.to_dict() for row in self.count],
            "log": [event.to_dict() for event in self.log],
            "scores": list(self.scores),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> HandSummary:
        """The summary :meth:`to_dict` wrote."""
        hands = data["hands"]
        return cls(
            data["game_number"], data["hand_number"], data["mano"],
            None if hands is None else tuple(Hand.parse(h) for h in hands),
            tuple(result_from_dict(r) for r in data["results"]),
            tuple(CountRow.from_dict(row) for row in data["count"]),
            tuple(Event.from_dict(e) for e in data["log"]),
            (data["scores"][0], data["scores"][1]),
        )


def result_to_dict(result: LanceResult) -> dict[str, Any]:
    """A settled lance as plain JSON."""
    return {"lance": result.lance.value, "outcome": result.outcome.value, "stake": result.stake,
            "team": result.team}


def result_from_dict(data: dict[str, Any]) -> LanceResult:
    """The settled lance :func:`result_to_dict` wrote."""
    return LanceResult(Lance(data["lance"]), Outcome(data["outcome"]), data["stake"], data["team"])
