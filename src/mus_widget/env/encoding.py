"""The environment's numbers: a fixed catalogue of action ids, the legal-action mask, and one seat's
:class:`Observation` as a vector (the slots are listed in :data:`LAYOUT` and in docs/ai.md).

Everything here is read from ``Game.observe(seat)``, so nothing hidden can reach a vector. Seats in the vector
are relative to the observing seat: 0 itself, 1 the next seat (an opponent), 2 its partner, 3 the previous seat.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Final

import numpy as np
import numpy.typing as npt

from ..engine.actions import MIN_ENVIDO, Action, Kind
from ..engine.errors import MusError
from ..engine.hands import Lance
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.rules import GAMES, TARGETS
from ..engine.senas import CATALOGUE

ENVIDO_CAP: Final = 10
"""The default largest envido with an id of its own (a bigger bet is an órdago's business)."""
MAX_ENVIDO_CAP: Final = TARGETS[-1]
"""The largest cap a catalogue takes: the largest target, so every envido of the rules can have an id."""
MUS, NO_MUS = 0, 1
DISCARD_BASE: Final = 2
"""Ids 2..16 discard the cards of a 4-bit mask 1..15 of the seat's own hand (bit i: the i-th card)."""
PASO, QUIERO, NO_QUIERO, ORDAGO = 17, 18, 19, 20
SENA_BASE: Final = 21
"""Ids 21..30 make the señas of the engine's catalogue, in its order."""
ENVIDO_BASE: Final = SENA_BASE + len(CATALOGUE)
"""Ids from 31 bet envido 2, 3, ... up to the cap."""
_BARE: Final = {MUS: Action(Kind.MUS), NO_MUS: Action(Kind.NO_MUS), PASO: Action(Kind.PASO),
                QUIERO: Action(Kind.QUIERO), NO_QUIERO: Action(Kind.NO_QUIERO), ORDAGO: Action(Kind.ORDAGO)}
_SENA_IDS: Final = tuple(sena.id for sena in CATALOGUE)
_LANCES: Final = tuple(Lance)
_PHASES: Final = tuple(Phase)
_PROPOSALS: Final = (Kind.QUIERO, Kind.NO_QUIERO, Kind.ENVIDO, Kind.ORDAGO)
_CALLS: Final = (Kind.PASO, Kind.ENVIDO, Kind.QUIERO, Kind.NO_QUIERO, Kind.ORDAGO)
_OUTCOMES: Final = ("en_paso", "accepted", "rejected", "ordago", "one_team", "nobody")


class IllegalActionIdError(MusError):
    """An action id that is no id of the catalogue, or not legal for the agent to move."""


@dataclass(frozen=True, slots=True)
class Catalogue:
    """The fixed action ids of an environment: mus, no-mus, 15 discards, paso, quiero, no-quiero, órdago, the
    señas, then envido 2..``envido_cap``."""

    envido_cap: int = ENVIDO_CAP
    _envidos: tuple[Action, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cap = self.envido_cap
        if isinstance(cap, bool) or not isinstance(cap, int) or not MIN_ENVIDO <= cap <= MAX_ENVIDO_CAP:
            raise IllegalActionIdError(f"envido_cap must be a whole number from {MIN_ENVIDO} to {MAX_ENVIDO_CAP}, "
                                       f"not {cap!r}")
        object.__setattr__(self, "_envidos", tuple(Action(Kind.ENVIDO, amount=n) for n in range(MIN_ENVIDO, cap + 1)))

    @property
    def size(self) -> int:
        """How many ids there are (the ``Discrete`` space's n)."""
        return ENVIDO_BASE + len(self._envidos)

    def describe(self, action_id: int) -> str:
        """What an id means, in the notation (a discard as its mask, a seña as ``sena <id>``)."""
        if action_id in _BARE:
            return _BARE[action_id].text
        if DISCARD_BASE <= action_id < PASO:
            mask = action_id - DISCARD_BASE + 1
            return "discard cards " + " ".join(str(i) for i in range(4) if mask >> i & 1)
        if SENA_BASE <= action_id < ENVIDO_BASE:
            return f"sena {_SENA_IDS[action_id - SENA_BASE]}"
        return self._envidos[action_id - ENVIDO_BASE].text

    def action(self, action_id: int, obs: Observation) -> Action | str:
        """The engine's action an id stands for in ``obs`` (a discard needs the seat's cards), or a seña's id."""
        if action_id in _BARE:
            return _BARE[action_id]
        if DISCARD_BASE <= action_id < PASO:
            mask = action_id - DISCARD_BASE + 1
            return Action(Kind.DISCARD, cards=tuple(c for i, c in enumerate(obs.hand.cards) if mask >> i & 1))
        if SENA_BASE <= action_id < ENVIDO_BASE:
            return _SENA_IDS[action_id - SENA_BASE]
        return self._envidos[action_id - ENVIDO_BASE]

    def mask(self, obs: Observation) -> npt.NDArray[np.int8]:
        """1 for each id ``obs.seat`` may play now, 0 elsewhere (all 0 when it is not its turn)."""
        out = np.zeros(self.size, dtype=np.int8)
        if obs.to_move != obs.seat or obs.phase is Phase.GAME_OVER:
            return out
        betting = obs.betting
        if betting is not None:
            legal = betting.legal()
            for action_id in (PASO, QUIERO, NO_QUIERO, ORDAGO):
                if _BARE[action_id].kind in legal.kinds:
                    out[action_id] = 1
            if legal.confirm and legal.confirm <= self.envido_cap:
                out[ENVIDO_BASE + legal.confirm - MIN_ENVIDO] = 1
            if legal.raise_from:
                top = min(legal.raise_to, self.envido_cap)
                out[ENVIDO_BASE + legal.raise_from - MIN_ENVIDO:ENVIDO_BASE + top - MIN_ENVIDO + 1] = 1
        elif obs.phase is Phase.MUS:
            out[MUS] = 1
            out[NO_MUS] = "no-mus" in obs.legal_actions
        elif obs.phase is Phase.DISCARD:
            out[DISCARD_BASE:PASO] = 1
        if not any(e.kind == "sena" and e.seat == obs.seat for e in obs.log):
            out[SENA_BASE:ENVIDO_BASE] = 1
        return out


def _layout() -> tuple[tuple[str, int, str], ...]:
    return (
        ("seat", 4, "the observing seat, one-hot (0 South, 1 East, 2 North, 3 West)"),
        ("hand", 56, "the four own cards in hand order, each 10 rank slots (1 2 3 4 5 6 7 10 11 12) + 4 suit slots "
                     "(o c e b); card i is bit i of a discard mask"),
        ("discarding", 4, "1 where card i of the hand is put down, waiting to be served"),
        ("discarded", 40, "own discards still on the table this hand, by deck index (suit * 10 + rank slot)"),
        ("phase", len(_PHASES), "mus, discard, grande, chica, pares, juego, punto, game_over"),
        ("to_move", 5, "relative seat to move (self, next, partner, previous), or none"),
        ("mano", 4, "relative seat of the mano"),
        ("scores", 2, "own team's and the other team's points / target"),
        ("games_won", 2, "own and other games won / games to win"),
        ("counters", 3, "game number / games, min(hand number, 64) / 64, min(mus round, 16) / 16"),
        ("rules", 7, "target / 100, kings == 4, real_31, team_consent, negadas_at_count, mus_corrido, games / 9"),
        ("betting", 27, "a lance is being bet; its lance (5); eligible relative seats (4); bettor team own/other (2); "
                        "stake, previous stake, refusal / target; órdago on the table; proposer relative seat (4); "
                        "proposal quiero/no-quiero/envido/órdago (4); proposal amount / target; max envido / 100; "
                        "team consent"),
        ("results", 50, "each lance (grande, chica, pares, juego, punto) settled: 1 + outcome (en paso, accepted, "
                        "rejected, órdago, one team, nobody) + stake / target + team own/other"),
        ("declarations", 10, "pares declared yet + who holds (relative), juego declared yet + who holds"),
        ("calls", 132, "this hand's calls: per relative seat min(mus calls, 4) / 4 and no-mus (8); per relative seat "
                       "the cards of its last discard / 4 (4); per lance and relative seat the counts / 4 of paso, "
                       "envido, quiero, no-quiero, órdago and the sum of its envidos / target (120)"),
        ("senas", 40, "per relative seat, the señas it made this hand (catalogue order)"),
    )


LAYOUT: Final = _layout()
"""The observation vector's segments in order: name, length, meaning."""
OFFSETS: Final = {name: sum(n for _, n, _ in LAYOUT[:i]) for i, (name, _, _) in enumerate(LAYOUT)}
SIZE: Final = sum(n for _, n, _ in LAYOUT)


_LANCE_OF_PHASE: Final = {lance.value: i for i, lance in enumerate(_LANCES)}
"""The lance bet in each phase of a call, by the phase's value as events carry it (a lance's and its phase's
values are the same word)."""


def encode(obs: Observation) -> npt.NDArray[np.float32]:
    """``obs`` as the vector of :data:`LAYOUT` (float32, every slot in [0, 1])."""
    v = np.zeros(SIZE, dtype=np.float32)
    seat, rules = obs.seat, obs.rules
    target = rules.target

    def rel(other: int) -> int:
        return (other - seat) % 4

    def scaled(x: float) -> float:
        return min(max(x / target, 0.0), 1.0)

    team = obs.team
    o = OFFSETS
    v[o["seat"] + seat] = 1
    waiting = set(obs.discarding)
    for i, card in enumerate(obs.hand.cards):
        v[o["hand"] + 14 * i + card.index % 10] = 1
        v[o["hand"] + 14 * i + 10 + card.index // 10] = 1
        v[o["discarding"] + i] = card in waiting
    for card in obs.discarded:
        v[o["discarded"] + card.index] = 1
    v[o["phase"] + _PHASES.index(obs.phase)] = 1
    v[o["to_move"] + (4 if obs.to_move is None else rel(obs.to_move))] = 1
    v[o["mano"] + rel(obs.mano)] = 1
    v[o["scores"]:o["scores"] + 2] = scaled(obs.scores[team]), scaled(obs.scores[1 - team])
    v[o["games_won"]:o["games_won"] + 2] = (obs.games_won[team] / rules.games_to_win,
                                           obs.games_won[1 - team] / rules.games_to_win)
    v[o["counters"]:o["counters"] + 3] = (min(obs.game_number / rules.games, 1.0), min(obs.hand_number, 64) / 64,
                                         min(obs.mus_round, 16) / 16)
    v[o["rules"]:o["rules"] + 7] = (target / TARGETS[-1], rules.kings == 4, rules.real_31, rules.team_consent,
                                   rules.negadas_at_count, rules.mus_corrido_first_hand, rules.games / GAMES[-1])
    betting = obs.betting
    if betting is not None:
        b = o["betting"]
        v[b] = 1
        v[b + 1 + _LANCES.index(betting.lance)] = 1
        for other in betting.eligible:
            v[b + 6 + rel(other)] = 1
        if betting.bettor_team is not None:
            v[b + 10 + (betting.bettor_team != team)] = 1
        v[b + 12:b + 16] = scaled(betting.stake), scaled(betting.previous), scaled(betting.refusal), betting.ordago
        if betting.proposer is not None:
            v[b + 16 + rel(betting.proposer)] = 1
        if betting.proposal is not None:
            v[b + 20 + _PROPOSALS.index(betting.proposal.kind)] = 1
            v[b + 24] = scaled(betting.proposal.amount)
        v[b + 25:b + 27] = min(betting.max_envido / TARGETS[-1], 1.0), betting.team_consent
    for result in obs.results:
        r = o["results"] + 10 * _LANCES.index(result.lance)
        v[r] = 1
        v[r + 1 + _OUTCOMES.index(result.outcome.value)] = 1
        v[r + 7] = scaled(result.stake)
        if result.team is not None:
            v[r + 8 + (result.team != team)] = 1
    d = o["declarations"]
    for start, declared in ((d, obs.pares_declared), (d + 5, obs.juego_declared)):
        if declared is not None:
            v[start] = 1
            for other, holds in enumerate(declared):
                v[start + 1 + rel(other)] = holds
    _encode_log(v, obs, rel, scaled)
    return v


_PARSED_CALLS: dict[str, Action] = {}
"""The calls of the logs read so far, by their text: a few dozen in all (the bets are bounded by the target)."""


def _call(text: str) -> Action:
    """The call a ``call`` event's text stands for, parsed once."""
    found = _PARSED_CALLS.get(text)
    if found is None:
        found = _PARSED_CALLS[text] = Action.parse(text)
    return found


def _encode_log(v: npt.NDArray[np.float32], obs: Observation, rel: Callable[[int], int],
                scaled: Callable[[float], float]) -> None:
    """The ``calls`` and ``senas`` segments, from this hand's public log: counted in a dict of the slots that
    are not 0 (a few), then written to the vector, which costs more a slot than the counting."""
    calls, senas = OFFSETS["calls"], OFFSETS["senas"]
    slots: dict[int, float] = {}
    bets: dict[int, int] = {}  # the envidos' sum by slot, scaled once at the end
    for event in obs.log:
        if event.seat is None:
            continue
        kind = event.kind
        if kind == "call":
            text = event.get("action")
            if not isinstance(text, str):
                continue
            act = _call(text)
            who = rel(event.seat)
            if act.kind is Kind.MUS:
                slots[calls + who] = min(slots.get(calls + who, 0.0) + 0.25, 1.0)
            elif act.kind is Kind.NO_MUS:
                slots[calls + 4 + who] = 1.0
            else:
                lance = _LANCE_OF_PHASE.get(event.phase)
                if lance is None:
                    continue
                slot = calls + 12 + 24 * lance + 6 * who
                k = slot + _CALLS.index(act.kind)
                slots[k] = min(slots.get(k, 0.0) + 0.25, 1.0)
                if act.kind is Kind.ENVIDO:
                    bets[slot + 5] = bets.get(slot + 5, 0) + act.amount
        elif kind == "discard":
            count = event.get("count")
            slots[calls + 8 + rel(event.seat)] = count / 4 if isinstance(count, int) else 0.0
        elif kind == "sena":
            made = event.get("sena")
            if isinstance(made, str) and made in _SENA_IDS:
                slots[senas + 10 * rel(event.seat) + _SENA_IDS.index(made)] = 1.0
    for k, total in bets.items():
        slots[k] = scaled(total)
    for k, value in slots.items():
        v[k] = value
