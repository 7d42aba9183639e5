"""The 40-card Spanish deck, cards and four-card hands in the canonical notation (``12o 3c 7e 1b``)."""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final

from .errors import NotationError

NUMBERS: Final = (1, 2, 3, 4, 5, 6, 7, 10, 11, 12)
"""Card numbers of the Spanish deck: 1-7, sota (10), caballo (11), rey (12)."""

HAND_SIZE: Final = 4


class Suit(enum.Enum):
    """The four suits; they never matter in Mus but every card has one."""

    OROS = "o"
    COPAS = "c"
    ESPADAS = "e"
    BASTOS = "b"

    @property
    def letter(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_BY_LETTER: Final = {suit.value: suit for suit in Suit}
_NUMBER_INDEX: Final = {number: i for i, number in enumerate(NUMBERS)}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: a number (1-7, 10 sota, 11 caballo, 12 rey) and a suit."""

    number: int
    suit: Suit
    index: int = field(init=False, repr=False, compare=False)
    """Position in :data:`DECK` (0..39): suit-major, numbers ascending."""
    token: str = field(init=False, repr=False, compare=False)
    """The card in the notation, e.g. ``12o``."""

    def __post_init__(self) -> None:
        if type(self.number) is not int or self.number not in _NUMBER_INDEX:
            raise NotationError(f"{self.number!r} is not a card number: the numbers are 1-7, 10, 11, 12")
        if not isinstance(self.suit, Suit):
            raise NotationError(f"{self.suit!r} is not a suit")
        object.__setattr__(self, "index", list(Suit).index(self.suit) * 10 + _NUMBER_INDEX[self.number])
        object.__setattr__(self, "token", f"{self.number}{self.suit.value}")

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read one card: number then suit letter, case-insensitive (``12o``, ``3C``)."""
        card = _CARD_BY_TOKEN.get(token.strip().lower()) if isinstance(token, str) else None
        if card is None:
            raise NotationError(
                f"{token!r} is not a card: write the number (1-7, 10, 11, 12) then the suit letter "
                "(o oros, c copas, e espadas, b bastos), e.g. 12o"
            )
        return card

    def __str__(self) -> str:
        return self.token

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


DECK: Final = tuple(Card(number, suit) for suit in Suit for number in NUMBERS)
"""The 40 cards, oros first; ``DECK[card.index] is card`` for every parsed card."""

_CARD_BY_TOKEN: Final = {str(card): card for card in DECK}
_NUMBER_WEIGHT: Final = tuple(5**i for i in range(len(NUMBERS)))
KEY_WEIGHTS: Final = tuple(_NUMBER_WEIGHT[_NUMBER_INDEX[card.number]] for card in DECK)
"""``Hand.key`` is the sum of ``KEY_WEIGHTS[card.index]`` over its cards: a key can be built from indices."""


def number_key(numbers: Iterable[int]) -> int:
    """A key for the multiset of card numbers, the same for any order (base-5 counts)."""
    return sum(_NUMBER_WEIGHT[_NUMBER_INDEX[n]] for n in numbers)


@dataclass(frozen=True, slots=True, eq=False)
class Hand:
    """Four distinct cards held by one player. Equal hands hold the same cards, in any order."""

    cards: tuple[Card, ...]
    key: int = field(init=False, repr=False)
    """The multiset of numbers as an int: what the evaluation tables are indexed by."""
    _discards: dict[str, tuple[Card, ...]] | None = field(default=None, init=False, repr=False)
    """The discards from this hand, made on first use (see :meth:`discards`)."""

    def __post_init__(self) -> None:
        cards = tuple(self.cards)
        if len(cards) != HAND_SIZE or not all(isinstance(c, Card) for c in cards):
            raise NotationError(f"a hand is {HAND_SIZE} cards, not {' '.join(map(str, cards)) or 'nothing'}")
        if len({c.index for c in cards}) != HAND_SIZE:
            twice = next(c for i, c in enumerate(cards) if c in cards[:i])
            raise NotationError(f"the card {twice} appears twice in {' '.join(map(str, cards))}")
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "key", number_key(c.number for c in cards))

    @classmethod
    def _dealt(cls, cards: tuple[Card, ...]) -> Hand:
        """A hand of four distinct cards the engine dealt itself: skips the checks of ``__init__``."""
        hand = _new(cls)
        _set_cards(hand, cards)
        _set_discards(hand, None)
        if len(cards) == HAND_SIZE:  # always, but the checks are skipped: say it once more cheaply
            a, b, c, d = cards
            _set_key(hand, _W[a.index] + _W[b.index] + _W[c.index] + _W[d.index])
        else:
            _set_key(hand, sum(_W[c.index] for c in cards))
        return hand

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand of four cards separated by spaces; the order given is kept."""
        if not isinstance(text, str):
            raise NotationError(f"a hand is written as text like '12o 3c 7e 1b', not {text!r}")
        tokens = text.split()
        if len(tokens) != HAND_SIZE:
            raise NotationError(f"a hand is {HAND_SIZE} cards separated by spaces, not {text!r}")
        return cls(tuple(Card.parse(token) for token in tokens))

    def discards(self) -> dict[str, tuple[Card, ...]]:
        """Every discard from this hand, 1 to 4 of its cards, by its text in the notation (``discard 12o 3c``,
        the cards in hand order; fewest cards first): made once, then shared (do not modify)."""
        made = self._discards
        if made is None:  # spelled out, fewest cards first in the order of itertools.combinations: it is hot
            a, b, c, d = [card.token for card in self.cards]
            w, x, y, z = self.cards
            made = dict(zip(
                (f"discard {a}", f"discard {b}", f"discard {c}", f"discard {d}", f"discard {a} {b}",
                 f"discard {a} {c}", f"discard {a} {d}", f"discard {b} {c}", f"discard {b} {d}", f"discard {c} {d}",
                 f"discard {a} {b} {c}", f"discard {a} {b} {d}", f"discard {a} {c} {d}", f"discard {b} {c} {d}",
                 f"discard {a} {b} {c} {d}"),
                ((w,), (x,), (y,), (z,), (w, x), (w, y), (w, z), (x, y), (x, z), (y, z), (w, x, y), (w, x, z),
                 (w, y, z), (x, y, z), (w, x, y, z)),
                strict=True,
            ))
            _set_discards(self, made)
        return made

    @property
    def numbers(self) -> tuple[int, ...]:
        return tuple(c.number for c in self.cards)

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Hand):
            return NotImplemented
        return frozenset(c.index for c in self.cards) == frozenset(c.index for c in other.cards)

    def __hash__(self) -> int:
        return hash(frozenset(c.index for c in self.cards))

    def __str__(self) -> str:
        return " ".join([c.token for c in self.cards])

    def __repr__(self) -> str:
        return f"Hand.parse({str(self)!r})"


_new: Final = object.__new__
_set_cards: Final = vars(Hand)["cards"].__set__  # the slots' own setters: see frozen.py
_set_key: Final = vars(Hand)["key"].__set__
_set_discards: Final = vars(Hand)["_discards"].__set__
_W: Final = KEY_WEIGHTS


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read one or more cards separated by spaces (as in ``discard 12o 3c``); no card may repeat."""
    cards = tuple(Card.parse(token) for token in text.split())
    if len({c.index for c in cards}) != len(cards):
        raise NotationError(f"a card repeats in {text!r}")
    return cards
