"""What bots know before a card is dealt: how each hand ranks against a random hand, lance by lance."""

from __future__ import annotations

import functools
import itertools
from array import array
from collections.abc import Iterable
from dataclasses import dataclass
from math import comb
from typing import Final

from ..engine.cards import NUMBERS, number_key
from ..engine.hands import HandValue, Lance, value_table
from ..engine.rules import Rules
from ..engine.senas import CATALOGUE, claims

LANCES = tuple(Lance)
BESIDE_CACHE: Final = 4 * 715
"""How many hands' "what the other hands may hold" tables are kept: every hand of up to four rules variants.
The expert asks for them for the hands it deals the other seats in its possible worlds, so in a few hands it
wants nearly all 715 (a bound of a few dozen had it make each table again and again, some 4 ms each). A table
keeps only what the chances read, F(s) at every strength and the sums at the hand's own strength, about 6 KB
(the whole distribution was 160 KB), so all 715 of a variant take some 4.5 MB."""
SENA_CACHE: Final = 8192
"""Partner-seña chances kept (a float each): one hand's four bots ask for at most 4 hands x 5 lances x 2
opponent counts x the señas, a few hundred, so this holds a score of hands in about 2 MB."""


@dataclass(frozen=True, slots=True, eq=False)
class Knowledge:
    """Per variant: hand values by key, and per lance the share of random hands a key beats."""

    values: dict[int, HandValue]
    percentile: dict[int, tuple[float, float, float, float, float]]
    """P(a random hand is worse) + half P(a tie), per lance in :class:`Lance` order; 0 where not held."""
    score: dict[int, float]
    """A rough worth of the hand over the whole hand (for the mus and the discards), 0..~4."""
    chances: dict[tuple[int, int, int, bool], float]
    """``(key, lance index, opponents taking part, partner taking part)`` → the chance that the team wins
    the lance, the other hands being random (holders only, for Pares and Juego)."""

    opponents_cdf: tuple[dict[int, float], ...]
    """Per lance, F(s) = P(a random holder is weaker than s) + half P(as strong)."""
    partner_given_sena: dict[tuple[str, int], tuple[tuple[int, float], ...]]
    """``(seña, lance index)`` → the strength distribution of the holders of the lance for whom the seña is
    true (strength 0: not holding)."""

    numbers: dict[int, tuple[int, ...]]
    """The card numbers of each key, sorted."""
    shapes: dict[int, tuple[int, dict[int, int]]]
    """Each key's number of hands in the full deck, and how many cards of each number it holds."""

    def team_chance(self, key: int, lance: int, opponents: int, partner: bool, sena: str | None = None) -> float:
        """The chance that a hand ``key`` and its partner win lance number ``lance`` against ``opponents``,
        the other hands drawn from the 36 cards this hand leaves (holders only for Pares and Juego); with
        the partner's ``sena``, the partner's hand is drawn from the hands for which it is true."""
        if opponents == 0:
            return 1.0
        if sena is not None and partner:
            return _chance_with_sena(self, key, lance, opponents, sena)
        cdf, upto, suffixes = _beside_all(self, key).own[lance]
        alone = cdf**opponents
        if not partner:
            return alone
        return upto * alone + suffixes[opponents - 1]

    def team_chance_fast(self, key: int, lance: int, opponents: int, partner: bool) -> float:
        """:meth:`team_chance` against random hands from the full deck: a dict lookup, for inner loops."""
        if opponents == 0 or not self.values[key].strengths[lance]:
            return 1.0 if opponents == 0 else 0.0
        return self.chances[(key, lance, opponents, partner)]

    def percentiles(self, key: int) -> tuple[float, float, float, float, float]:
        return self.percentile[key]


def _multiplicity(numbers: Iterable[int]) -> int:
    """How many of the 91,390 hands have this multiset of numbers (4 suits of each number)."""
    out = 1
    for number in set(numbers):
        out *= comb(4, list(numbers).count(number))
    return out


@functools.cache
def knowledge(rules_key: tuple[int, bool]) -> Knowledge:
    kings, real_31 = rules_key
    values = value_table(Rules(kings=kings, real_31=real_31))
    weight: dict[int, int] = {}
    for numbers in itertools.combinations_with_replacement(NUMBERS, 4):
        weight[number_key(numbers)] = _multiplicity(numbers)
    total = sum(weight.values())
    columns: list[dict[int, float]] = []
    for i in range(len(LANCES)):
        by_strength: dict[int, int] = {}
        for key, value in values.items():
            by_strength[value.strengths[i]] = by_strength.get(value.strengths[i], 0) + weight[key]
        below = 0
        share: dict[int, float] = {}
        for strength in sorted(by_strength):
            share[strength] = (below + by_strength[strength] / 2) / total
            below += by_strength[strength]
        columns.append({key: (share[v.strengths[i]] if v.strengths[i] else 0.0) for key, v in values.items()})
    percentile: dict[int, tuple[float, float, float, float, float]] = {
        key: (columns[0][key], columns[1][key], columns[2][key], columns[3][key], columns[4][key]) for key in values
    }
    score = {key: _score(values[key], percentile[key]) for key in values}
    chances: dict[tuple[int, int, int, bool], float] = {}
    cdfs = []
    for i in range(len(LANCES)):
        lance_chances, cdf = _team_chances(i, values, weight)
        chances.update(lance_chances)
        cdfs.append(cdf)
    given: dict[tuple[str, int], tuple[tuple[int, float], ...]] = {}
    for sena in CATALOGUE:
        true_keys = [key for key in values if claims(sena.id, values[key])]
        for i in range(len(LANCES)):
            mass: dict[int, int] = {}
            for key in true_keys:
                strength = values[key].strengths[i]
                if strength:
                    mass[strength] = mass.get(strength, 0) + weight[key]
            total_mass = sum(mass.values()) or 1
            given[(sena.id, i)] = tuple((s, m / total_mass) for s, m in sorted(mass.items()))
    by_key = {number_key(n): tuple(sorted(n)) for n in itertools.combinations_with_replacement(NUMBERS, 4)}
    shapes = {k: (weight[k], {n: ns.count(n) for n in set(ns)}) for k, ns in by_key.items()}
    return Knowledge(values, percentile, score, chances, tuple(cdfs), given, by_key, shapes)


def _team_chances(
    lance: int, values: dict[int, HandValue], weight: dict[int, int]
) -> tuple[dict[tuple[int, int, int, bool], float], dict[int, float]]:
    """P(max(me, partner) beats the best of k opponents), hands drawn from the holders of the lance.

    With S the strength and F(s) = P(S < s) + P(S = s) / 2 for a random holder:
    P = P(partner <= me) F(me)^k + sum over s > me of P(partner = s) F(s)^k, a suffix sum per k.
    """
    mass: dict[int, int] = {}
    for key, value in values.items():
        strength = value.strengths[lance]
        if strength:
            mass[strength] = mass.get(strength, 0) + weight[key]
    total = sum(mass.values())
    strengths = sorted(mass)
    share = {s: mass[s] / total for s in strengths}
    below, f, upto = 0.0, {}, {}
    for s in strengths:
        f[s] = below + share[s] / 2
        below += share[s]
        upto[s] = below
    out: dict[tuple[int, int, int, bool], float] = {}
    for k in (1, 2):
        suffix: dict[int, float] = {}
        running = 0.0
        for s in reversed(strengths):
            suffix[s] = running
            running += share[s] * f[s] ** k
        for key, value in values.items():
            m = value.strengths[lance]
            if not m:
                continue
            alone = f[m] ** k
            out[(key, lance, k, False)] = alone
            out[(key, lance, k, True)] = upto[m] * alone + suffix[m]
    return out, f


def _score(value: HandValue, pct: tuple[float, ...]) -> float:
    """Roughly the points the hand is worth: chances to beat two opponents, weighted by what each lance pays."""
    grande, chica, pares, juego, punto = pct
    out = grande**2 + chica**2
    if value.has_pares:
        out += pares**2 * (1 + value.pares_points)
    if value.has_juego:
        out += juego**2 * (2 + value.juego_points) + 0.5
    else:
        out += punto**2 * 0.6
    return out


@dataclass(frozen=True, slots=True)
class _Beside:
    """One hand's view of the others, per lance: F(s) at every strength (by :func:`strength_slots`), and at
    the hand's own strength F, P(S <= s) and the two suffix sums."""

    cdf: tuple[array[float], ...]
    own: tuple[tuple[float, float, tuple[float, float]], ...]


@dataclass(frozen=True, slots=True, eq=False)
class _Layout:
    """What every hand's :class:`_Beside` table is made from, per variant: the other hands in one order, the
    full-deck ways of each, which of them hold each number and how many times, and per lance their strengths
    and the strengths that exist."""

    ways: tuple[float, ...]
    holding: dict[int, dict[int, tuple[int, ...]]]
    """number → count → the places of the hands that hold that many cards of it."""
    holders: tuple[tuple[tuple[int, int], ...], ...]
    """Per lance, (place, strength) of every hand that holds the lance."""
    strengths: tuple[tuple[int, ...], ...]
    """Per lance, the strengths of the holders, in order: :func:`strength_slots` numbers them from 1."""


@functools.cache
def _layout(knowledge: Knowledge) -> _Layout:
    others = list(knowledge.shapes.items())
    holding: dict[int, dict[int, list[int]]] = {}
    for place, (_, (_, counts)) in enumerate(others):
        for number, count in counts.items():
            holding.setdefault(number, {}).setdefault(count, []).append(place)
    holders = tuple(
        tuple((place, knowledge.values[other].strengths[i]) for place, (other, _) in enumerate(others)
              if knowledge.values[other].strengths[i])
        for i in range(len(LANCES))
    )
    strengths = tuple(tuple(sorted(known)) for known in knowledge.opponents_cdf)
    for lance_holders, known in zip(holders, knowledge.opponents_cdf, strict=True):
        assert {strength for _, strength in lance_holders} <= known.keys(), "every holder's strength is known"
    return _Layout(
        tuple(float(full) for _, (full, _) in others),
        {number: {count: tuple(places) for count, places in by_count.items()} for number, by_count in holding.items()},
        holders, strengths,
    )


def strength_slots(knowledge: Knowledge) -> tuple[dict[int, int], ...]:
    """Per lance, each strength's place in a :class:`_Beside` table's F: 0 for not holding, then the strengths
    of the holders in order."""
    return _slots(_layout(knowledge))


@functools.cache
def _slots(layout: _Layout) -> tuple[dict[int, int], ...]:
    return tuple({0: 0} | {s: i for i, s in enumerate(strengths, start=1)} for strengths in layout.strengths)


@functools.lru_cache(maxsize=BESIDE_CACHE)
def _beside_all(knowledge: Knowledge, key: int) -> _Beside:
    """For every lance, the strength distribution of a holder drawn from the 36 cards ``key`` leaves.

    Only the numbers in ``key`` have fewer than four cards left, so the ways to draw another multiset are its
    full-deck ways times, for each of those numbers, C(left, c) / C(4, c). Every sum is taken in the same order
    (the hands in :attr:`Knowledge.shapes` order, the numbers of ``key`` in set order), so the chances are the
    same to the last bit however the work is arranged.
    """
    layout = _layout(knowledge)
    mine = knowledge.numbers[key]
    ways = list(layout.ways)
    for n in set(mine):
        left = 4 - mine.count(n)
        for count, places in layout.holding[n].items():
            ratio = comb(left, count) / comb(4, count)
            for place in places:
                ways[place] *= ratio
    own_strengths = knowledge.values[key].strengths
    cdfs, own = [], []
    for i, holders in enumerate(layout.holders):
        mass: dict[int, float] = {}
        for place, strength in holders:
            weight = ways[place]
            if weight:
                mass[strength] = mass.get(strength, 0.0) + weight
        cdf, at_own = _distribution(mass, layout.strengths[i], own_strengths[i])
        cdfs.append(cdf)
        own.append(at_own)
    return _Beside(tuple(cdfs), tuple(own))


def _distribution(
    mass: dict[int, float], strengths: tuple[int, ...], mine: int
) -> tuple[array[float], tuple[float, float, tuple[float, float]]]:
    """F(s) at every strength (F(0) = 0 first), and at strength ``mine``: F, P(S <= s) and the suffix sums of
    P(S = t) F(t)^k over t > s, for k = 1, 2. Strengths absent from the remaining cards still get an F."""
    total = sum(mass.values()) or 1.0
    shares = [mass.get(s, 0.0) / total for s in strengths]
    cdf = array("d", [0.0])
    below = own_cdf = own_upto = 0.0
    for s, share in zip(strengths, shares, strict=True):
        f = below + share / 2
        cdf.append(f)
        below += share
        if s == mine:
            own_cdf, own_upto = f, below
    suffixes = []
    for k in (1, 2):
        running = 0.0
        for j in range(len(strengths) - 1, -1, -1):
            if strengths[j] == mine:
                break
            running += shares[j] * cdf[j + 1] ** k
        suffixes.append(running)
    return cdf, (own_cdf, own_upto, (suffixes[0], suffixes[1]))


@functools.lru_cache(maxsize=SENA_CACHE)
def _chance_with_sena(knowledge: Knowledge, key: int, lance: int, opponents: int, sena: str) -> float:
    """The team's chance when the partner's hand is drawn from the hands for which ``sena`` is true."""
    cdf = _beside_all(knowledge, key).cdf[lance]
    slots = strength_slots(knowledge)[lance]
    mine = knowledge.values[key].strengths[lance]
    own = cdf[slots[mine]]
    chance = 0.0
    for strength, share in knowledge.partner_given_sena[(sena, lance)]:
        chance += share * (cdf[slots[strength]] if strength > mine else own) ** opponents
    return chance


def knowledge_for(rules: Rules) -> Knowledge:
    return knowledge((rules.kings, rules.real_31))
