"""Possible worlds: deals of the unseen cards that agree with everything one seat has seen.

A world gives every other seat four cards drawn from the cards this seat cannot see, kept only if they
agree with the pares and juego declarations and the partner's señas, and weighted by how likely each
player's calls in this hand are with those cards (a player who bets is more likely strong).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from math import comb

from ..engine.cards import DECK, KEY_WEIGHTS
from ..engine.hands import HandValue, Lance
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.seats import partner, speaking_order, team_of
from ..engine.senas import claims
from .base import TELLING_SENAS
from .tables import Knowledge

_LANCE_INDEX = {lance.value: i for i, lance in enumerate(Lance)}
_TRIES = 30


@dataclass(frozen=True, slots=True)
class World:
    """One possible deal: the hand key of every seat (this seat's own included) and its weight."""

    keys: tuple[int, int, int, int]
    weight: float


def _allowed_keys(obs: Observation, knowledge: Knowledge, catch: bool) -> dict[int, frozenset[int]]:
    """For each other seat with something known about its hand, the hand keys that agree with it: its pares
    and juego declarations, and the señas the sampler honours (the partner's; the opponents' with ``catch``).

    Bots make the most telling true seña (:data:`TELLING_SENAS`), so a seña also says that the claims
    before it in that order are false; read that way, "two reyes" rules out duples, 31 and medias.
    """
    mate = partner(obs.seat)
    said: dict[int, list[str]] = {}
    for event in obs.log:
        if event.kind == "sena" and event.seat is not None and event.seat != obs.seat and (event.seat == mate or catch):
            said.setdefault(event.seat, []).append(str(event.get("sena")))
    pares, juego = obs.pares_declared, obs.juego_declared
    out: dict[int, frozenset[int]] = {}
    for seat in range(4):
        if seat == obs.seat or (pares is None and juego is None and seat not in said):
            continue
        keys = _keys_agreeing(knowledge, tuple(said.get(seat, ())))
        out[seat] = frozenset(
            key for key in keys
            if (pares is None or knowledge.values[key].has_pares == pares[seat])
            and (juego is None or knowledge.values[key].has_juego == juego[seat])
        )
    return out


def _draw(left: list[int], allowed: frozenset[int] | None, knowledge: Knowledge, rng: random.Random) -> list[int]:
    """Four cards from ``left`` whose key is ``allowed``: by rejection while that is quick, else exactly, by
    drawing a key with the weight of the ways ``left`` can make it and then its cards."""
    if allowed is None:
        return rng.sample(left, 4)
    for _attempt in range(_TRIES):
        drawn = rng.sample(left, 4)
        if KEY_WEIGHTS[drawn[0]] + KEY_WEIGHTS[drawn[1]] + KEY_WEIGHTS[drawn[2]] + KEY_WEIGHTS[drawn[3]] in allowed:
            return drawn
    by_number: dict[int, list[int]] = {}
    for index in left:
        by_number.setdefault(DECK[index].number, []).append(index)
    candidates: list[int] = []
    ways: list[int] = []
    for key in allowed:
        count = 1
        for number, need in knowledge.shapes[key][1].items():
            count *= comb(len(by_number.get(number, ())), need)
            if not count:
                break
        if count:
            candidates.append(key)
            ways.append(count)
    if not candidates:  # what was said cannot be true of the cards left: honour it no further
        return rng.sample(left, 4)
    key = rng.choices(candidates, weights=ways)[0]
    drawn = []
    for number, need in knowledge.shapes[key][1].items():
        drawn += rng.sample(by_number[number], need)
    return drawn


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
    allowed = _allowed_keys(obs, knowledge, catch)
    calls = _calls(obs) if read_calls else []
    my_key = obs.hand.key
    worlds = []
    for _ in range(count):
        keys = [0, 0, 0, 0]
        keys[obs.seat] = my_key
        left = pool[:]
        for seat in others:
            drawn = _draw(left, allowed.get(seat), knowledge, rng)
            keys[seat] = KEY_WEIGHTS[drawn[0]] + KEY_WEIGHTS[drawn[1]] + KEY_WEIGHTS[drawn[2]] + KEY_WEIGHTS[drawn[3]]
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
