"""What bots know before a card is dealt: how each hand ranks against a random hand, lance by lance."""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from math import comb

from ..cards import NUMBERS, number_key
from ..hands import HandValue, Lance, value_table
from ..rules import Rules

LANCES = tuple(Lance)


@dataclass(frozen=True, slots=True)
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

    def team_chance(self, key: int, lance: int, opponents: int, partner: bool) -> float:
        """The chance that a hand ``key`` and its partner win lance number ``lance`` against ``opponents``."""
        if opponents == 0:
            return 1.0
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
    percentile = {key: tuple(col[key] for col in columns) for key in values}
    score = {key: _score(values[key], percentile[key]) for key in values}  # type: ignore[arg-type]
    chances: dict[tuple[int, int, int, bool], float] = {}
    for i in range(len(LANCES)):
        chances.update(_team_chances(i, values, weight))
    return Knowledge(values, percentile, score, chances)  # type: ignore[arg-type]


def _team_chances(
    lance: int, values: dict[int, HandValue], weight: dict[int, int]
) -> dict[tuple[int, int, int, bool], float]:
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
    return out


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


def knowledge_for(rules: Rules) -> Knowledge:
    return knowledge((rules.kings, rules.real_31))
