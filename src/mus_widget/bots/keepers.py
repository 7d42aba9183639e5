"""What the mus and the discards say about a hand, for players who keep their good cards.

A player who discarded k cards kept 4 - k cards it chose to keep; a player who asked for mus found its hand
not worth keeping, and one who cut the mus found it was. Read by the plain rules most players follow (the
novice and the styles play exactly these): at the mus, keep a hand with medias or better, 31 or 32, three
reyes or three ases; at the discard, keep the reyes and the pairs and throw the rest (with nothing to throw,
the weakest card). :func:`draw_kept` deals a hand that agrees with what a seat did, instead of four cards at
random.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from ..engine.cards import DECK
from ..engine.hands import HandValue, ParesKind, rank_of
from ..engine.log import Event
from ..engine.phase import Phase
from ..engine.rules import Rules
from .dealing import Dealer, key_of
from .knowledge import knowledge_for

REY, AS = 12, 1
_TRIES = 24


def keeps_hand(value: HandValue) -> bool:
    """The plain mus: a hand with medias or better, 31 or 32, three reyes or three ases is kept (no mus)."""
    reyes, ases = value.ranks.count(REY), value.ranks.count(AS)
    return value.pares >= ParesKind.MEDIAS or value.total in (31, 32) or reyes >= 3 or ases >= 3


def plain_throw(ranks: tuple[int, ...]) -> tuple[int, ...]:
    """The positions the plain discard throws from a hand of these ranks: every card that is neither a rey
    nor one of a pair; with nothing to throw, the weakest of the least repeated."""
    counts = {r: ranks.count(r) for r in ranks}
    throw = tuple(i for i, r in enumerate(ranks) if r != REY and counts[r] < 2)
    if throw:
        return throw
    return (min(range(len(ranks)), key=lambda i: (counts[ranks[i]], ranks[i])),)


@dataclass(frozen=True, slots=True)
class MusRecord:
    """What one seat did at the mus this hand: how many cards it threw at the last discard (None: no
    discard this hand) and its call in the last round of the mus (``mus``, ``no-mus`` or None: not asked)."""

    thrown: int | None
    said: str | None


def mus_records(log: Iterable[Event]) -> dict[int, MusRecord]:
    """Every seat's :class:`MusRecord` from a hand's public log."""
    thrown: dict[int, int] = {}
    said: dict[int, str] = {}
    for event in log:
        if event.seat is None:
            continue
        if event.kind == "discard":
            thrown[event.seat] = int(event.get("count") or 0)
            said.clear()  # a new round of the mus follows the discards
        elif event.kind == "call" and event.phase == Phase.MUS.value:
            said[event.seat] = str(event.get("action"))
    return {seat: MusRecord(thrown.get(seat), said.get(seat)) for seat in range(4)}


@dataclass(frozen=True, slots=True, eq=False)
class Plain:
    """Per variant, what the plain rules do with each hand key: whether the mus keeps it, and for a hand
    it would not keep, the ranks the plain discard throws (of such a hand, always the singletons that are
    not reyes) and how many cards that is."""

    ranks: tuple[int, ...]
    """The rank of every card of the deck, by index."""
    kept_keys: frozenset[int]
    thrown: dict[int, tuple[int, frozenset[int]]]
    """For every key the mus does not keep: how many cards the plain discard throws, and their ranks."""


@cache
def _plain(kings: int, real_31: bool) -> Plain:
    values = knowledge_for(Rules(kings=kings, real_31=real_31)).values
    kept_keys = frozenset(key for key, value in values.items() if keeps_hand(value))
    thrown = {}
    for key, value in values.items():
        if key not in kept_keys:
            throw = plain_throw(value.ranks)
            thrown[key] = (len(throw), frozenset(value.ranks[i] for i in throw))
    return Plain(tuple(rank_of(c.number, kings) for c in DECK), kept_keys, thrown)


def plain_for(rules: Rules) -> Plain:
    """What the plain rules do with every hand of a variant."""
    return _plain(rules.kings, rules.real_31)


@dataclass(frozen=True, slots=True)
class Keeping:
    """How to deal one seat's hand as the plain rules would have left it: the keys it may have held before
    its last discard (None: it did not discard), how many cards that discard threw, and the keys it may hold
    now (None: any)."""

    before: frozenset[int] | None
    thrown: int
    now: frozenset[int] | None


def keeping(record: MusRecord, allowed: frozenset[int] | None, plain: Plain) -> Keeping:
    """The :class:`Keeping` of a seat that did what ``record`` says, its key in ``allowed`` (None: anything):
    a hand that asked for mus before the last discard, kept what the plain discard keeps and drew the rest,
    and then asked for mus or cut it as the record says."""
    now = allowed
    if record.said is not None:
        told = plain.kept_keys if record.said == "no-mus" else frozenset(plain.thrown)
        now = told if now is None else now & told
    if record.thrown is None:
        return Keeping(None, 0, now)
    return Keeping(_throwing(plain, record.thrown), record.thrown, now)


@cache
def _throwing(plain: Plain, count: int) -> frozenset[int]:
    return frozenset(key for key, (thrown, _) in plain.thrown.items() if thrown == count)


def draw_kept(dealer: Dealer, keeps: Keeping, plain: Plain) -> list[int] | None:
    """Four cards from those the dealer has left for a seat that kept its cards as ``keeps`` says; None when
    no such hand turned up in a few tries."""
    if keeps.before is None:
        return dealer.of_keys(keeps.now) if keeps.now is not None else dealer.any_four()
    ranks, thrown, now = plain.ranks, plain.thrown, keeps.now
    for _attempt in range(_TRIES):
        before = dealer.of_keys(keeps.before)
        if before is None:
            return None
        throw = thrown[key_of(before)][1]
        cards = [c for c in before if ranks[c] not in throw]
        cards += dealer.more(before, keeps.thrown)  # the draw, from the cards it did not hold
        if now is None or key_of(cards) in now:
            return cards
    return None
