"""Hand evaluation for every lance, through tables built once per variant.

A hand's value in any lance depends only on the multiset of its card numbers, and there are only 715
such multisets (330 distinct by rank with 8 reyes), so each variant gets one table from
:attr:`Hand.key` to a :class:`HandValue`, and deciding a lance is a few lookups and one ``max``.
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from .cards import NUMBERS, Hand, number_key
from .rules import Rules
from .seats import check_seat, speaking_order


class Lance(enum.Enum):
    """The four lances of a hand, Punto standing in for Juego when nobody has juego."""

    GRANDE = "grande"
    CHICA = "chica"
    PARES = "pares"
    JUEGO = "juego"
    PUNTO = "punto"

    # Members are singletons, equal only to themselves: hashed by identity, in C, not by Enum's hash of the name
    # in Python (the engine looks them up in dictionaries at every step).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Lance.{self.name}"


class ParesKind(enum.IntEnum):
    """What a hand holds at Pares, weakest first; the value is also its points at the count."""

    NONE = 0
    PAR = 1
    MEDIAS = 2
    DUPLES = 3

    def __repr__(self) -> str:
        return f"ParesKind.{self.name}"


JUEGO_ORDER: Final = (31, 32, 40, 37, 36, 35, 34, 33)
"""Juego totals, best first; 38 and 39 cannot be made."""

_BASE: Final = 13  # ranks run 1..12, so base 13 keeps lexicographic order in one int


def rank_of(number: int, kings: int = 8) -> int:
    """The rank of a card number: with 8 reyes every 3 is a rey (12) and every 2 an as (1)."""
    if kings == 8:
        if number == 3:
            return 12
        if number == 2:
            return 1
    return number


def points_of(number: int, kings: int = 8) -> int:
    """Points of a card at juego and punto: figures 10, the others their face (by rank)."""
    rank = rank_of(number, kings)
    return 10 if rank >= 10 else rank


@dataclass(frozen=True, slots=True)
class HandValue:
    """Everything the lances need to know about one hand under one variant."""

    ranks: tuple[int, int, int, int]
    """The four ranks, high to low (12 rey ... 1 as)."""
    pares: ParesKind
    pares_ranks: tuple[int, ...]
    """The rank of the par or medias; for duples the higher pair, then the lower."""
    total: int
    """Points of the four cards, 4 to 40: the juego or punto total."""
    real_31: bool
    """Three 7s and a figure (only ranked above other 31s when the option is on)."""
    strengths: tuple[int, int, int, int, int]
    """Per lance, in :class:`Lance` order, a number where higher is better and 0 means not held."""

    @property
    def has_pares(self) -> bool:
        return self.pares is not ParesKind.NONE

    @property
    def has_juego(self) -> bool:
        return self.total >= 31

    @property
    def pares_points(self) -> int:
        """Points at the count for a holder on the winning team: par 1, medias 2, duples 3."""
        return int(self.pares)

    @property
    def juego_points(self) -> int:
        """Points at the count for a holder on the winning team: 31 is 3, other juego 2, none 0."""
        if not self.has_juego:
            return 0
        return 3 if self.total == 31 else 2


def _evaluate(numbers: Sequence[int], rules: Rules) -> HandValue:
    ranks = sorted((rank_of(n, rules.kings) for n in numbers), reverse=True)
    r0, r1, r2, r3 = ranks
    grande = ((r0 * _BASE + r1) * _BASE + r2) * _BASE + r3
    chica = _BASE**4 - (((r3 * _BASE + r2) * _BASE + r1) * _BASE + r0)

    counts = Counter(ranks)
    groups = sorted(((c, r) for r, c in counts.items() if c >= 2), reverse=True)
    pares_ranks: tuple[int, ...]
    if groups and groups[0][0] == 4:
        kind, pares_ranks = ParesKind.DUPLES, (groups[0][1], groups[0][1])
    elif len(groups) == 2:
        kind, pares_ranks = ParesKind.DUPLES, (max(groups)[1], min(groups)[1])
    elif groups and groups[0][0] == 3:
        kind, pares_ranks = ParesKind.MEDIAS, (groups[0][1],)
    elif groups:
        kind, pares_ranks = ParesKind.PAR, (groups[0][1],)
    else:
        kind, pares_ranks = ParesKind.NONE, ()
    hi = pares_ranks[0] if pares_ranks else 0
    lo = pares_ranks[1] if len(pares_ranks) > 1 else 0
    pares = (int(kind) * _BASE + hi) * _BASE + lo if kind else 0

    total = sum(points_of(n, rules.kings) for n in numbers)
    real = sorted(ranks) == [7, 7, 7, max(ranks)] and max(ranks) >= 10
    juego = len(JUEGO_ORDER) - JUEGO_ORDER.index(total) + (1 if real and rules.real_31 else 0) if total >= 31 else 0
    return HandValue(
        ranks=(r0, r1, r2, r3),
        pares=kind,
        pares_ranks=pares_ranks,
        total=total,
        real_31=real,
        strengths=(grande, chica, pares, juego, total),
    )


@dataclass(frozen=True, slots=True)
class _Tables:
    values: dict[int, HandValue]
    scaled: dict[int, tuple[int, int, int, int, int]]
    """Strengths times 4, so the speaking position fits in the two low bits."""


@functools.cache
def _tables(rules_key: tuple[int, bool]) -> _Tables:
    kings, real_31 = rules_key
    rules = Rules(kings=kings, real_31=real_31)
    values: dict[int, HandValue] = {}
    for numbers in itertools.combinations_with_replacement(NUMBERS, 4):
        values[number_key(numbers)] = _evaluate(numbers, rules)
    scaled = {key: tuple(s * 4 for s in v.strengths) for key, v in values.items()}
    return _Tables(values, scaled)  # type: ignore[arg-type]


_DEFAULT_RULES: Final = Rules()


def _tables_for(rules: Rules) -> _Tables:
    return _tables((rules.kings, rules.real_31))


def value_table(rules: Rules = _DEFAULT_RULES) -> dict[int, HandValue]:
    """Every hand value under ``rules``, by :attr:`Hand.key` (715 entries; do not modify)."""
    return _tables_for(rules).values


def evaluate(hand: Hand, rules: Rules = _DEFAULT_RULES) -> HandValue:
    """The value of ``hand`` in every lance under ``rules`` (a table lookup)."""
    return _tables_for(rules).values[hand.key]


_LANCE_INDEX: Final = {lance: i for i, lance in enumerate(Lance)}


def lance_winner(lance: Lance, hands: Sequence[Hand], mano: int, rules: Rules = _DEFAULT_RULES) -> int | None:
    """The seat whose hand wins ``lance``; exact ties go to the player nearest the mano.

    ``None`` when nobody holds pares (``Lance.PARES``) or juego (``Lance.JUEGO``). Punto compares totals,
    highest first; it is only played when nobody has juego.
    """
    scaled = _tables_for(rules).scaled
    i = _LANCE_INDEX[lance]
    s0, s1, s2, s3 = speaking_order(check_seat(mano))
    best = max(
        scaled[hands[s0].key][i] + 3,
        scaled[hands[s1].key][i] + 2,
        scaled[hands[s2].key][i] + 1,
        scaled[hands[s3].key][i],
    )
    if best < 4:
        return None
    return (mano + 3 - (best & 3)) % 4


def lance_winners(
    hands: Sequence[Hand], mano: int, rules: Rules = _DEFAULT_RULES
) -> tuple[int, int, int | None, int | None, int]:
    """The winning seats of all five lances at once, in :class:`Lance` order (see :func:`lance_winner`)."""
    if mano.__class__ is not int or not 0 <= mano <= 3:
        check_seat(mano)  # raises, naming the seats
    scaled = _tables_for(rules).scaled
    s0, s1, s2, s3 = speaking_order(mano)
    a = scaled[hands[s0].key]
    b = scaled[hands[s1].key]
    c = scaled[hands[s2].key]
    d = scaled[hands[s3].key]
    order = _POSITION_TO_SEAT[mano]
    pares = max(a[2] + 3, b[2] + 2, c[2] + 1, d[2])
    juego = max(a[3] + 3, b[3] + 2, c[3] + 1, d[3])
    return (
        order[max(a[0] + 3, b[0] + 2, c[0] + 1, d[0]) & 3],
        order[max(a[1] + 3, b[1] + 2, c[1] + 1, d[1]) & 3],
        order[pares & 3] if pares > 3 else None,
        order[juego & 3] if juego > 3 else None,
        order[max(a[4] + 3, b[4] + 2, c[4] + 1, d[4]) & 3],
    )


# _POSITION_TO_SEAT[mano][3 - position in speaking order] is the seat: the low bits hold 3 for the mano.
_POSITION_TO_SEAT: Final = tuple(tuple(reversed(speaking_order(mano))) for mano in range(4))


def distinct_rank_hands(rules: Rules = _DEFAULT_RULES) -> int:
    """How many hands are distinct by rank under ``rules`` (330 with 8 reyes, 715 with 4)."""
    return len({v.ranks for v in _tables_for(rules).values.values()})
