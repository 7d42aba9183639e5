"""Possible worlds: deals of the unseen cards that agree with everything one seat has seen.

A world gives every other seat four cards drawn from the cards this seat cannot see, kept only if they
agree with the pares and juego declarations and the partner's señas, and weighted by how likely each
player's calls in this hand are with those cards (a player who bets is more likely strong).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import DECK, KEY_WEIGHTS
from ..hands import HandValue, Lance
from ..observation import Observation
from ..phase import Phase
from ..seats import partner, speaking_order, team_of
from ..senas import claims
from .base import TELLING_SENAS
from .tables import Knowledge

_LANCE_INDEX = {lance.value: i for i, lance in enumerate(Lance)}
_TRIES = 16


@dataclass(frozen=True, slots=True)
class World:
    """One possible deal: the hand key of every seat (this seat's own included) and its weight."""

    keys: tuple[int, int, int, int]
    weight: float


def _claim_checks(obs: Observation, knowledge: Knowledge, catch: bool) -> dict[int, frozenset[int]]:
    """For each other seat whose señas the sampler honours, the hand keys that agree with them.

    Bots make the most telling true seña (:data:`TELLING_SENAS`), so a seña also says that the claims
    before it in that order are false; read that way, "two reyes" rules out duples, 31 and medias.
    """
    mate = partner(obs.seat)
    said: dict[int, list[str]] = {}
    for event in obs.log:
        if event.kind == "sena" and event.seat is not None and event.seat != obs.seat and (event.seat == mate or catch):
            said.setdefault(event.seat, []).append(str(event.get("sena")))
    return {seat: _keys_agreeing(knowledge, tuple(senas)) for seat, senas in said.items()}


def _keys_agreeing(knowledge: Knowledge, senas: tuple[str, ...]) -> frozenset[int]:
    def agrees(value: HandValue) -> bool:
        for sena in senas:
            if not claims(sena, value):
                return False
            if sena in TELLING_SENAS:
                stronger = TELLING_SENAS[: TELLING_SENAS.index(sena)]
                if any(claims(other, value) for other in stronger):
                    return False
        return True

    return frozenset(key for key, value in knowledge.values.items() if agrees(value))


def _likelihood(kind: str, chance: float, opening: bool) -> float:
    """How likely a player with this chance at the lance makes this call: people open and órdago with
    strong hands, answer bets with fair ones, and pass or refuse with weak ones."""
    if kind == "paso":
        return 1.0 - 0.35 * chance * chance
    if kind == "envido":
        return (0.02 + 0.98 * chance**4) if opening else (0.05 + 0.95 * chance**3)
    if kind == "ordago":
        return 0.005 + chance**8
    if kind == "quiero":
        return 0.1 + 0.9 * chance**2
    if kind == "no-quiero":
        return 1.0 - 0.85 * chance**2
    return 1.0


def _calls(obs: Observation) -> list[tuple[int, str, int, bool, int, bool]]:
    """The calls of other seats in this hand's lances: (seat, word, lance index, opening, opponents, partner).

    Who takes part in Pares and Juego is known from the declarations once they are made.
    """
    out = []
    opened: set[str] = set()
    pares, juego = obs.pares_declared, obs.juego_declared
    for event in obs.log:
        if event.kind != "call" or event.phase in (Phase.MUS.value, Phase.DISCARD.value):
            continue
        word = str(event.get("action")).split()[0]
        phase = event.phase
        lance = _LANCE_INDEX[phase]
        seat = event.seat
        assert seat is not None
        declared = pares if phase == "pares" else juego if phase == "juego" else None
        takes_part = [s for s in range(4) if declared is None or declared[s]]
        opponents = sum(1 for s in takes_part if team_of(s) != team_of(seat))
        out.append((seat, word, lance, phase not in opened, opponents, partner(seat) in takes_part))
        if word in ("envido", "ordago"):
            opened.add(phase)
    return [c for c in out if c[0] != obs.seat]


def sample_worlds(
    obs: Observation, knowledge: Knowledge, count: int, rng: random.Random, *, catch: bool = False,
    read_calls: bool = True,
) -> list[World]:
    """``count`` worlds for ``obs.seat``, weighted by the calls so far (unless ``read_calls`` is off);
    with ``catch`` the opponents' señas count too."""
    mine = {c.index for c in obs.hand.cards} | {c.index for c in obs.discarded}
    pool = [c.index for c in DECK if c.index not in mine]
    others = [s for s in range(4) if s != obs.seat]
    pares, juego = obs.pares_declared, obs.juego_declared
    checks = _claim_checks(obs, knowledge, catch)
    calls = _calls(obs) if read_calls else []
    values = knowledge.values
    my_key = obs.hand.key
    worlds = []
    for _ in range(count):
        keys = [0, 0, 0, 0]
        keys[obs.seat] = my_key
        left = pool[:]
        for seat in others:
            for _attempt in range(_TRIES):
                drawn = rng.sample(left, 4)
                key = KEY_WEIGHTS[drawn[0]] + KEY_WEIGHTS[drawn[1]] + KEY_WEIGHTS[drawn[2]] + KEY_WEIGHTS[drawn[3]]
                value = values[key]
                if pares is not None and value.has_pares != pares[seat]:
                    continue
                if juego is not None and value.has_juego != juego[seat]:
                    continue
                if seat in checks and key not in checks[seat]:
                    continue
                break
            keys[seat] = key
            for index in drawn:
                left.remove(index)
        weight = 1.0
        for seat, word, lance, opening, opponents, with_partner in calls:
            chance = knowledge.team_chance_fast(keys[seat], lance, opponents, with_partner)
            weight *= _likelihood(word, chance, opening)
        worlds.append(World((keys[0], keys[1], keys[2], keys[3]), weight))
    return worlds


def normalised(worlds: Sequence[World]) -> list[tuple[World, float]]:
    """Each world with its share of the total weight."""
    total = sum(w.weight for w in worlds) or 1.0
    return [(w, w.weight / total) for w in worlds]


def lance_chance(obs: Observation, knowledge: Knowledge, worlds: Sequence[tuple[World, float]]) -> float:
    """The share of the worlds in which this seat's team wins the lance being bet (ties to the mano)."""
    betting = obs.betting
    assert betting is not None
    index = _LANCE_INDEX[betting.lance.value]
    order = [s for s in speaking_order(obs.mano) if s in betting.eligible]
    chance = 0.0
    for world, share in worlds:
        strengths = [knowledge.values[key].strengths[index] for key in world.keys]
        best = order[0]
        for seat in order[1:]:
            if strengths[seat] > strengths[best]:
                best = seat
        if team_of(best) == obs.team:
            chance += share
    return chance
