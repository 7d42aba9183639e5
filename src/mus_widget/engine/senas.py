"""Señas: the gestures partners use to tell each other what they hold (the game guide's catalogue)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from .cards import Hand
from .errors import MalformedActionError
from .hands import HandValue, ParesKind, evaluate
from .rules import Rules


@dataclass(frozen=True, slots=True)
class Sena:
    """One gesture: a stable id, the face it makes and the claim it carries (texts are catalogue ids)."""

    id: str
    gesture: str
    meaning: str

    def is_true(self, hand: Hand, rules: Rules = Rules()) -> bool:
        """Whether ``hand`` holds what this seña claims."""
        return _CLAIMS[self.id](evaluate(hand, rules))


def _count(value: HandValue, rank: int) -> int:
    return value.ranks.count(rank)


def _claims_something(value: HandValue) -> bool:
    return any(_CLAIMS[s](value) for s in _CARD_CLAIMS)


_CLAIMS: Final[dict[str, Callable[[HandValue], bool]]] = {
    "two_reyes": lambda v: _count(v, 12) == 2,
    "three_reyes": lambda v: _count(v, 12) == 3,
    "two_ases": lambda v: _count(v, 1) == 2,
    "three_ases": lambda v: _count(v, 1) == 3,
    "duples": lambda v: v.pares is ParesKind.DUPLES,
    "medias": lambda v: v.pares is ParesKind.MEDIAS,
    "thirty_one": lambda v: v.total == 31,
    "three_reyes_and_as": lambda v: _count(v, 12) == 3 and _count(v, 1) == 1,
    "need_mus": lambda v: not v.has_pares and not v.has_juego,
    "nothing": lambda v: not _claims_something(v),
}
_CARD_CLAIMS: Final = (
    "two_reyes", "three_reyes", "two_ases", "three_ases",
    "duples", "medias", "thirty_one", "three_reyes_and_as",
)

CATALOGUE: Final = tuple(
    Sena(sena_id, f"sena.{sena_id}.gesture", f"sena.{sena_id}.meaning")
    for sena_id in (
        "nothing", "need_mus", "two_reyes", "three_reyes", "two_ases", "three_ases",
        "duples", "medias", "thirty_one", "three_reyes_and_as",
    )
)
"""The game guide's señas, in the order the gesture overview shows them."""

SENAS: Final = {sena.id: sena for sena in CATALOGUE}


def claims(sena_id: str, value: HandValue) -> bool:
    """Whether a hand of this value holds what the seña ``sena_id`` claims."""
    return _CLAIMS[sena_id](value)


def sena(sena_id: str) -> Sena:
    """The seña with this id; an unknown id raises :class:`MalformedActionError` listing the known ones."""
    found = SENAS.get(sena_id) if isinstance(sena_id, str) else None
    if found is None:
        raise MalformedActionError(f"{sena_id!r} is not a seña; the señas are {', '.join(SENAS)}")
    return found


def true_senas(hand: Hand, rules: Rules = Rules()) -> tuple[str, ...]:
    """The ids of the señas that are true for ``hand``, in catalogue order."""
    value = evaluate(hand, rules)
    return tuple(s.id for s in CATALOGUE if _CLAIMS[s.id](value))
