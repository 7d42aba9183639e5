"""What a step of the game costs made small: the events a step logs made once and shared, the openings of the
lances shared, and each betting state's transitions kept on it, so that a call seen before is a dictionary look-up.

Everything here is immutable and shared between games (events are tuples, bettings and results frozen); only
the caches grow, and they are bounded: the openings and events by the few values they are made from, the
betting transitions by :data:`KEPT_TRANSITIONS` for the whole process. Beyond that bound a step is worked out
as before, with the same result.
"""

from __future__ import annotations

import functools
from typing import Final

from .actions import Action, Kind
from .betting import Betting, LanceResult, Outcome
from .hands import Lance
from .log import Event, event
from .phase import Phase
from .scoring import Value

KEPT_TRANSITIONS: Final = 1 << 14
"""The most betting transitions kept across the process, some 10 MB at most (650 bytes each): a raise war of any
length stays bounded. The first kept are the most common: random play keeps about 4,000 in 3,000 matches."""

PHASE_VALUE: Final = {lance: Phase.of(lance).value for lance in Lance}
"""The phase in which each lance is bet, as events carry it."""
_MUS: Final = Phase.MUS.value

Transition = tuple[Betting | LanceResult, Event, Event | None]
"""A betting call's consequence: the next betting or the lance's result, the call's event, and the ``lance``
event that closes a settled lance (None while the betting goes on)."""


MUS_CALLS: Final = {
    said: tuple(event("call", seat, _MUS, (("action", said),)) for seat in range(4)) for said in ("mus", "no-mus")
}
"""The event of ``mus`` and of ``no-mus`` by each seat."""
DISCARDS: Final = tuple(
    tuple(event("discard", seat, Phase.DISCARD.value, (("count", n),)) for n in range(5)) for seat in range(4)
)
"""By seat and number of cards, the event of a discard."""
DECLARATIONS: Final = {
    lance: tuple(tuple(event("declare", seat, PHASE_VALUE[lance], (("lance", lance.value), ("has", has)))
                       for has in (False, True)) for seat in range(4))
    for lance in (Lance.PARES, Lance.JUEGO)
}
"""The declarations of pares and juego: by lance, then seat, then whether the seat holds them."""


@functools.cache
def opening(lance: Lance, eligible: tuple[int, ...], max_envido: int, team_consent: bool) -> Betting:
    """The betting of ``lance`` before anyone has spoken, one shared state for each opening (so their
    transitions are kept once for every game)."""
    return Betting.open(lance, eligible, max_envido, team_consent)


def lance_event(phase: str, result: LanceResult) -> Event:
    """The ``lance`` event that settles ``result`` in ``phase``."""
    detail: tuple[tuple[str, Value], ...] = (
        ("lance", result.lance.value), ("outcome", result.outcome.value), ("stake", result.stake),
    )
    if result.team is not None:
        detail = (*detail, ("team", result.team))
    return event("lance", None, phase, detail)


@functools.cache
def unbet(lance: Lance, team: int | None) -> tuple[LanceResult, Event]:
    """A lance settled without betting: held by ``team`` alone, or by nobody (None); and its event."""
    result = LanceResult(lance, Outcome.NOBODY) if team is None else LanceResult(lance, Outcome.ONE_TEAM, team=team)
    return result, lance_event(PHASE_VALUE[lance], result)


class _Budget:
    """How many more betting transitions may be kept (see :data:`KEPT_TRANSITIONS`)."""

    left = KEPT_TRANSITIONS


def transition(betting: Betting, mover: int, act: Action) -> Transition:
    """The consequence of ``mover`` (who is to move) saying the legal ``act`` in ``betting``; kept on
    ``betting`` under the action's canonical text while the budget lasts, for the next game to read."""
    step = betting.step(mover, act)
    phase = PHASE_VALUE[betting.lance]
    call = event("call", mover, phase, call_detail(act, betting, step, mover))
    found: Transition = (step, call, None if isinstance(step, Betting) else lance_event(phase, step))
    if _Budget.left > 0:
        kept = betting._next
        if kept is None:
            kept = {}
            _set_next(betting, kept)
        kept[act.text] = found
        _Budget.left -= 1
    return found


_set_next: Final = vars(Betting)["_next"].__set__


def call_detail(act: Action, betting: Betting, step: Betting | LanceResult,
                mover: int) -> tuple[tuple[str, Value], ...]:
    """A betting call's log detail: its action, and whether it is a raise of a bet on the table (an envido while
    one is pending) or only a proposal that the partner confirms or overrides (the log then says so)."""
    detail: tuple[tuple[str, Value], ...] = (("action", act.text),)
    if act.kind is Kind.ENVIDO and betting.bettor_team is not None:
        detail += (("raise", True),)
    if isinstance(step, Betting) and step.proposer == mover:
        detail += (("proposal", True),)
    return detail
