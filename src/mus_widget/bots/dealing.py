"""Dealing the other seats' hands of a possible world from the cards one seat cannot see.

A :class:`Dealer` deals four cards at a time, each hand from what the hands before it in the same world
left. Asked for a hand whose key lies in a set, it deals one exactly as rejection would (four cards at
random until their key is in the set) but without the rejected tries: it draws a key with the weight of the
ways the unseen cards make it, keeps it with the share of those ways the cards dealt already leave, and then
draws that key's cards (a set four random cards make often is still dealt by rejection, quicker there).
The expert deals some 360 hands a decision, most of them narrowed so.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from ..engine.cards import DECK, KEY_WEIGHTS
from .knowledge import Knowledge

_TRIES = 30
_COMMON = 0.2
"""Above this share of all hands, a set of keys is dealt by drawing four cards until they make one."""
_NUMBER = tuple(card.number for card in DECK)
_WEIGHTS: tuple[int, ...] = KEY_WEIGHTS


def key_of(cards: list[int]) -> int:
    """The hand key of four card indices."""
    return _WEIGHTS[cards[0]] + _WEIGHTS[cards[1]] + _WEIGHTS[cards[2]] + _WEIGHTS[cards[3]]


@dataclass(frozen=True, slots=True)
class _Keys:
    """The keys of a set that the unseen cards can make, each with how many cards of which numbers it holds,
    and the running total of the ways to make them (for drawing one by its weight)."""

    keys: tuple[int, ...]
    needs: tuple[tuple[tuple[int, int], ...], ...]
    running: tuple[int, ...]
    common: bool
    """Whether four cards at random make one of them often enough that drawing until they do is quicker."""


@lru_cache(maxsize=4)
def _needs(knowledge: Knowledge) -> dict[int, tuple[tuple[int, int], ...]]:
    """Every key's ``(number, how many cards of it)``, in number order."""
    return {key: tuple(sorted(shape.items())) for key, (_, shape) in knowledge.shapes.items()}


@lru_cache(maxsize=256)
def _keys(knowledge: Knowledge, counts: tuple[tuple[int, int], ...], allowed: frozenset[int]) -> _Keys | None:
    """The :class:`_Keys` of ``allowed`` for unseen cards with these ``(number, how many)`` counts (kept, since
    a seat's unseen cards stay the same through the lances of a hand); None when they make none of them."""
    have, shapes = dict(counts), _needs(knowledge)
    keys, needs, running, total = [], [], [], 0
    for key in sorted(allowed):
        ways = 1
        for number, need in shapes[key]:
            ways *= comb(have.get(number, 0), need)
        if ways:
            total += ways
            keys.append(key)
            needs.append(shapes[key])
            running.append(total)
    if not keys:
        return None
    common = total >= _COMMON * comb(sum(have.values()), 4)
    return _Keys(tuple(keys), tuple(needs), tuple(running), common)


class Dealer:
    """Deals hands from ``pool``, the cards one seat cannot see, one world at a time: :meth:`new_world`
    puts every card back, and each hand dealt leaves the pool for the rest of that world."""

    __slots__ = ("_by_number", "_counts", "_gone", "_gone_numbers", "knowledge", "pool", "rng")

    def __init__(self, pool: list[int], knowledge: Knowledge, rng: random.Random) -> None:
        self.knowledge, self.rng, self.pool = knowledge, rng, pool
        self._by_number: dict[int, list[int]] = {}
        for index in pool:
            self._by_number.setdefault(_NUMBER[index], []).append(index)
        self._counts = tuple(sorted((number, len(cards)) for number, cards in self._by_number.items()))
        self._gone: set[int] = set()
        self._gone_numbers: dict[int, int] = {}

    def __repr__(self) -> str:
        return f"Dealer(pool={self.pool!r}, dealt={sorted(self._gone)!r})"

    def new_world(self) -> None:
        """Every card back in the pool."""
        self._gone.clear()
        self._gone_numbers.clear()

    def take(self, cards: list[int]) -> None:
        """These cards are dealt: the rest of this world is dealt without them."""
        for index in cards:
            self._gone.add(index)
            number = _NUMBER[index]
            self._gone_numbers[number] = self._gone_numbers.get(number, 0) + 1

    def any_four(self) -> list[int]:
        """Four cards at random from those left, in random order."""
        return self.more([], 4)

    def more(self, held: list[int], count: int) -> list[int]:
        """``count`` more cards at random from those left, none of them in ``held``."""
        pool, gone, uniform, size = self.pool, self._gone, self.rng.random, len(self.pool)
        out: list[int] = []
        while len(out) < count:
            index = pool[int(uniform() * size)]
            if index not in gone and index not in held and index not in out:
                out.append(index)
        return out

    def of_keys(self, allowed: frozenset[int]) -> list[int] | None:
        """Four cards from those left whose key is in ``allowed``, every such hand as likely as another;
        None when the cards left make none."""
        table = _keys(self.knowledge, self._counts, allowed)
        if table is None:
            return None
        if table.common:
            for _attempt in range(_TRIES):
                cards = self.more([], 4)
                if key_of(cards) in allowed:
                    return cards
        uniform, gone_numbers, have = self.rng.random, self._gone_numbers, self._by_number
        for _attempt in range(_TRIES):
            place = bisect_right(table.running, uniform() * table.running[-1])
            needs = table.needs[place]
            if gone_numbers:  # keep the key with the share of its ways the cards dealt already leave
                keep = 1.0
                for number, need in needs:
                    gone = gone_numbers.get(number, 0)
                    if gone:
                        held = len(have[number])
                        keep *= comb(held - gone, need) / comb(held, need)
                if keep < 1.0 and uniform() >= keep:
                    continue
            return self._cards(needs)
        return self._of_keys_left(allowed)

    def _of_keys_left(self, allowed: frozenset[int]) -> list[int] | None:
        """:meth:`of_keys` by weighing every allowed key with the ways the cards left make it: for when the
        cards dealt already leave few of the likely keys."""
        left = tuple((number, count - self._gone_numbers.get(number, 0)) for number, count in self._counts)
        table = _keys(self.knowledge, left, allowed)
        if table is None:
            return None
        place = bisect_right(table.running, self.rng.random() * table.running[-1])
        return self._cards(table.needs[place])

    def _cards(self, needs: tuple[tuple[int, int], ...]) -> list[int]:
        """Cards of these numbers, so many of each, at random from those left."""
        uniform, gone = self.rng.random, self._gone
        out: list[int] = []
        for number, need in needs:
            cards = [index for index in self._by_number[number] if index not in gone]
            for i in range(need):  # the first ``need`` places of a shuffle
                j = i + int(uniform() * (len(cards) - i))
                cards[i], cards[j] = cards[j], cards[i]
            out += cards[:need]
        return out
