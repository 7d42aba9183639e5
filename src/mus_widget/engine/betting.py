"""The betting of one lance: the opening round, bets, raises, órdago and the team answer protocol.

A :class:`Betting` is the state while a lance is being bet; :meth:`Betting.step` returns the next state,
or the :class:`LanceResult` once the lance is settled (en paso, quiero, no quiero, órdago accepted).
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field, fields
from typing import Any

from .actions import MIN_ENVIDO, Action, Kind
from .frozen import fast_init
from .hands import Lance
from .seats import next_seat, partner, team_of


class Outcome(enum.Enum):
    """How a lance was settled."""

    EN_PASO = "en_paso"
    """Every eligible player passed: decided at the count for the minimum."""
    ACCEPTED = "accepted"
    """A bet was accepted (quiero): the stake goes to the better hand at the count."""
    REJECTED = "rejected"
    """A bet was rejected (no quiero): the team that bet takes the lance and the negada."""
    ORDAGO = "ordago"
    """An órdago was accepted: the better hand wins the game."""
    ONE_TEAM = "one_team"
    """Only one team holds pares or juego: no betting, that team collects its hand values."""
    NOBODY = "nobody"
    """Nobody holds pares (or juego, in which case Punto is played): the lance is skipped."""

    # Members are singletons, equal only to themselves: hashed by identity, in C, not by Enum's hash of the name
    # in Python (the engine looks them up in dictionaries at every step).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"


@fast_init
@dataclass(frozen=True, slots=True)
class LanceResult:
    """A settled lance. ``stake`` is the accepted stake, or the negada of a rejected bet; ``team`` is the
    team that takes a rejected lance, or the only team holding (``ONE_TEAM``)."""

    lance: Lance
    outcome: Outcome
    stake: int = 0
    team: int | None = None


@dataclass(frozen=True, slots=True)
class Legal:
    """What may be said now: some bare calls, an envido to confirm, and envidos from ``raise_from`` up."""

    kinds: tuple[Kind, ...]
    confirm: int = 0
    raise_from: int = 0
    raise_to: int = 0
    texts: tuple[str, ...] = field(init=False, repr=False, compare=False)
    """The legal actions as canonical strings (see :meth:`strings`)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "texts", self._listed(f"envido {self.confirm}", f"envido {self.raise_from}"))

    def _listed(self, confirm: str, raises: str) -> tuple[str, ...]:
        """The calls in order: bare calls, then the envido to confirm and the raises as given, then órdago."""
        parts = [kind.value for kind in self.kinds if kind is not Kind.ORDAGO]
        if self.confirm:
            parts.append(confirm)
        if self.raise_from:
            parts.append(raises)
        if Kind.ORDAGO in self.kinds:
            parts.append(Kind.ORDAGO.value)
        return tuple(parts)

    def allows(self, action: Action) -> bool:
        if action.kind is Kind.ENVIDO:
            return (self.confirm > 0 and action.amount == self.confirm) or (
                self.raise_from > 0 and self.raise_from <= action.amount <= self.raise_to
            )
        return action.kind in self.kinds

    def strings(self) -> list[str]:
        """The legal actions as canonical strings; a range of envidos shows as its smallest."""
        return list(self.texts)

    def describe(self) -> str:
        """For error messages: the legal actions with the envido range spelled out."""
        confirm, raises = f"envido {self.confirm} (to confirm)", f"envido {self.raise_from}..{self.raise_to}"
        return ", ".join(self._listed(confirm, raises))


@fast_init
@dataclass(frozen=True, slots=True)
class Betting:
    """The state of the betting in one lance.

    ``eligible`` are the seats that take part, in speaking order. Before any bet ``position`` is the
    speaker's index in that order. Once a team has bet, ``bettor_team`` holds it, ``stake`` is the total
    on the table (the pending bet included) and ``previous`` the stake before the pending bet (0 when the
    pending bet is the first); :attr:`refusal` is what a no quiero pays now. During a team answer, ``proposal`` is
    what ``proposer`` proposed and ``to_move`` is the partner who confirms or overrides it.
    """

    lance: Lance
    eligible: tuple[int, ...]
    to_move: int
    max_envido: int
    team_consent: bool = True
    position: int = 0
    bettor_team: int | None = None
    stake: int = 0
    previous: int = 0
    ordago: bool = False
    proposer: int | None = None
    proposal: Action | None = None
    _legal: Legal | None = field(default=None, init=False, repr=False, compare=False)
    _next: dict[str, tuple[Any, ...]] | None = field(default=None, init=False, repr=False, compare=False)
    """The transitions from this state seen so far, by the call's text (kept by :mod:`.transitions`)."""

    @classmethod
    def open(cls, lance: Lance, eligible: tuple[int, ...], max_envido: int, team_consent: bool) -> Betting:
        """The betting of ``lance`` before anyone has spoken."""
        return cls(lance, eligible, eligible[0], max_envido, team_consent)

    @property
    def answering(self) -> bool:
        """A bet is on the table and the other team is answering it."""
        return self.bettor_team is not None

    @property
    def refusal(self) -> int:
        """What a no quiero pays the bettors now: the stake before the pending bet, or 1 (the negada of a first
        bet, where ``previous`` is 0); 0 while nobody has bet."""
        return (self.previous or 1) if self.bettor_team is not None else 0

    def legal(self) -> Legal:
        """What ``to_move`` may say now (worked out once per state)."""
        legal = self._legal
        if legal is None:
            proposal = self.proposal
            legal = _legal(
                self.bettor_team is None, self.ordago, "" if proposal is None else proposal.kind.value,
                0 if proposal is None else proposal.amount, self.max_envido,
            )
            _set_legal(self, legal)
        return legal

    def __getstate__(self) -> list[Any]:
        """The fields for pickling and copying, the caches left out (they are made again on demand)."""
        return [None if f.name in ("_legal", "_next") else getattr(self, f.name) for f in fields(self)]

    def step(self, seat: int, action: Action) -> Betting | LanceResult:
        """The state after ``seat`` (who must be ``to_move``) says the legal ``action``."""
        if self.bettor_team is None:
            if action.kind is Kind.PASO:
                position = self.position + 1
                if position == len(self.eligible):
                    return LanceResult(self.lance, Outcome.EN_PASO)
                return Betting(self.lance, self.eligible, self.eligible[position], self.max_envido, self.team_consent,
                               position)
            return self._bet(seat, action)
        if self.proposal is None:
            mate = partner(seat)
            if mate in self.eligible and (self.team_consent or action.kind is Kind.NO_QUIERO):
                return Betting(
                    self.lance, self.eligible, mate, self.max_envido, self.team_consent,
                    bettor_team=self.bettor_team, stake=self.stake, previous=self.previous,
                    ordago=self.ordago, proposer=seat, proposal=action,
                )
        return self._final(seat, action)

    def _final(self, seat: int, action: Action) -> Betting | LanceResult:
        """The answering team's last word."""
        if action.kind is Kind.QUIERO:
            return LanceResult(self.lance, Outcome.ORDAGO if self.ordago else Outcome.ACCEPTED, self.stake)
        if action.kind is Kind.NO_QUIERO:
            return LanceResult(self.lance, Outcome.REJECTED, self.refusal, self.bettor_team)
        return self._bet(seat, action)

    def _bet(self, seat: int, action: Action) -> Betting:
        """A bet or raise by ``seat``'s team: the first eligible opponent after ``seat`` answers it."""
        team = team_of(seat)
        answerer = next_seat(seat)
        while answerer not in self.eligible or team_of(answerer) == team:
            answerer = next_seat(answerer)
        ordago = action.kind is Kind.ORDAGO
        return Betting(
            self.lance, self.eligible, answerer, self.max_envido, self.team_consent,
            bettor_team=team,
            stake=self.stake if ordago else self.stake + action.amount,
            previous=self.stake,
            ordago=ordago,
        )


_set_legal = vars(Betting)["_legal"].__set__  # the slot's own setter: see frozen.py


@functools.cache
def _legal(opening: bool, ordago: bool, proposal: str, amount: int, top: int) -> Legal:
    """What may be said, from the few things it depends on: before any bet; answering a bet (or an órdago);
    confirming or overriding a partner's proposal. Made once for each case and shared (it is frozen)."""
    if opening:
        return Legal((Kind.PASO, Kind.ORDAGO), raise_from=MIN_ENVIDO, raise_to=top)
    if proposal in ("", Kind.NO_QUIERO.value):
        if ordago:
            return Legal((Kind.QUIERO, Kind.NO_QUIERO))
        return Legal((Kind.QUIERO, Kind.NO_QUIERO, Kind.ORDAGO), raise_from=MIN_ENVIDO, raise_to=top)
    if proposal == Kind.QUIERO.value:
        if ordago:
            return Legal((Kind.QUIERO,))
        return Legal((Kind.QUIERO, Kind.ORDAGO), raise_from=MIN_ENVIDO, raise_to=top)
    if proposal == Kind.ENVIDO.value:
        higher = amount + 1
        return Legal((Kind.ORDAGO,), confirm=amount, raise_from=higher if higher <= top else 0, raise_to=top)
    return Legal((Kind.ORDAGO,))
