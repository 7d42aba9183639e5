"""Actions in the canonical notation of docs/rules.md: ``mus``, ``no-mus``, ``discard 12o 3c``, ``paso``,
``envido N``, ``quiero``, ``no-quiero``, ``ordago``."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any, Final

from .cards import Card, parse_cards
from .errors import MalformedActionError, NotationError, quoted

MIN_ENVIDO: Final = 2


class Kind(enum.Enum):
    """What an action does; the value is its word in the notation."""

    MUS = "mus"
    NO_MUS = "no-mus"
    DISCARD = "discard"
    PASO = "paso"
    ENVIDO = "envido"
    QUIERO = "quiero"
    NO_QUIERO = "no-quiero"
    ORDAGO = "ordago"

    # Members are singletons, equal only to themselves: hashed by identity, in C, not by Enum's hash of the name
    # in Python (the engine looks them up in dictionaries at every step).
    __hash__ = object.__hash__

    def __repr__(self) -> str:
        return f"Kind.{self.name}"


_WORDS: Final = {kind.value: kind for kind in Kind}
_BARE: Final = frozenset(Kind) - {Kind.DISCARD, Kind.ENVIDO}


@dataclass(frozen=True, slots=True)
class Action:
    """A parsed action: its kind, the amount of an envido, the cards of a discard."""

    kind: Kind
    amount: int = 0
    cards: tuple[Card, ...] = ()
    text: str = field(init=False, repr=False, compare=False)
    """The canonical notation, computed once."""

    def __post_init__(self) -> None:
        if not isinstance(self.kind, Kind):
            raise MalformedActionError(f"{self.kind!r} is not a kind of action")
        if self.kind is Kind.ENVIDO and (isinstance(self.amount, bool) or not isinstance(self.amount, int)
                                         or self.amount < MIN_ENVIDO):
            raise MalformedActionError(f"envido {self.amount!r} is not an action: envido takes a whole number, "
                                       f"at least {MIN_ENVIDO}")
        if self.kind is not Kind.ENVIDO and self.amount:
            raise MalformedActionError(f"{self.kind.value} takes no amount, not {self.amount!r}")
        if self.kind is Kind.DISCARD:
            if not 1 <= len(self.cards) <= 4 or not all(isinstance(c, Card) for c in self.cards):
                raise MalformedActionError(f"a discard is 1 to 4 cards, not {self.cards!r}")
            if len(set(self.cards)) != len(self.cards):
                raise MalformedActionError(f"a card repeats in the discard {' '.join(map(str, self.cards))}")
        elif self.cards:
            raise MalformedActionError(f"{self.kind.value} takes no cards, not {self.cards!r}")
        if self.kind is Kind.ENVIDO:
            text = f"envido {self.amount}"
        elif self.kind is Kind.DISCARD:
            text = "discard " + " ".join(map(str, self.cards))
        else:
            text = self.kind.value
        object.__setattr__(self, "text", text)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read an action, case-insensitive; raises :class:`MalformedActionError` naming the problem."""
        if not isinstance(text, str):
            raise MalformedActionError(f"an action is a string such as 'paso' or 'envido 2', not {quoted(text)}")
        cached = _PARSED.get(text)
        if cached is not None:
            return cached
        word, _, rest = text.strip().lower().partition(" ")
        rest = rest.strip()
        kind = _WORDS.get(word)
        if kind is None:
            raise MalformedActionError(
                f"{_quoted(text)} is not an action: the actions are mus, no-mus, discard <cards>, paso, "
                "envido N, quiero, no-quiero, ordago"
            )
        if kind in _BARE:
            if rest:
                raise MalformedActionError(f"{_quoted(text)} is not an action: {word!r} takes nothing after it")
            action = cls(kind)
        elif kind is Kind.ENVIDO:
            if not (rest.isascii() and rest.isdigit()) or len(rest) > 4 or int(rest) < MIN_ENVIDO:
                raise MalformedActionError(
                    f"{_quoted(text)} is not an action: envido takes a whole number of points, at least {MIN_ENVIDO}"
                )
            action = cls(kind, amount=int(rest))
        else:
            try:
                cards = parse_cards(rest)
            except NotationError as error:
                raise MalformedActionError(f"{_quoted(text)} is not an action: {error}") from None
            if not 1 <= len(cards) <= 4:
                raise MalformedActionError(
                    f"{_quoted(text)} is not an action: discard 1 to 4 cards, e.g. 'discard 12o 3c'")
            action = cls(kind, cards=cards)
        if len(_PARSED) < 4096:
            _PARSED[text] = action
        return action

    def to_dict(self) -> dict[str, Any]:
        """The action as plain JSON for a front end: its kind's word, its canonical text, and its amount or
        its cards where it has them."""
        out: dict[str, Any] = {"kind": self.kind.value, "text": self.text}
        if self.kind is Kind.ENVIDO:
            out["amount"] = self.amount
        elif self.kind is Kind.DISCARD:
            out["cards"] = [str(card) for card in self.cards]
        return out

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _quoted(text: str) -> str:
    """An action's text quoted in an error, cut short."""
    return repr(text if len(text) <= 40 else text[:39] + "…")


_PARSED: dict[str, Action] = {}

PASO: Final = Action(Kind.PASO)
QUIERO: Final = Action(Kind.QUIERO)
NO_QUIERO: Final = Action(Kind.NO_QUIERO)
ORDAGO: Final = Action(Kind.ORDAGO)
MUS: Final = Action(Kind.MUS)
NO_MUS: Final = Action(Kind.NO_MUS)


def envido(amount: int) -> Action:
    """The action ``envido amount``."""
    return Action(Kind.ENVIDO, amount=amount)
