"""The errors the engine raises; each one a ``ValueError`` subclass with the context in its message."""

from __future__ import annotations

import reprlib
from typing import Final


class MusError(ValueError):
    """Base class of every error this package raises for bad input."""


class NotationError(MusError):
    """A card or hand in the canonical notation (``12o 3c 7e 1b``) could not be read."""


class RulesError(MusError):
    """A rules option has a value the game does not support."""


class MalformedActionError(MusError):
    """An action string is not an action of the notation at all (``"envido two"``, ``"pass"``)."""


class IllegalActionError(MusError):
    """A well-formed action that is not legal for this seat in this phase."""


class RecordError(MusError):
    """A game record is not valid JSON of the expected shape, or does not replay."""


class SeatError(MusError):
    """A seat number that is not 0 (South), 1 (East), 2 (North) or 3 (West)."""


class SeedError(RecordError):
    """A seed out of range. A seed is a whole number of at most 40 digits (``abs(seed) < 10**40``, a 128-bit
    seed has 39): a game of a longer one would have a record that does not read back, hence a RecordError."""


class RecordLimitError(RecordError):
    """A record past what is read at all: nested deeper than any record is (see ``MAX_RECORD_DEPTH``), or
    holding a number longer than a seed's 40 digits. Refused before anything else looks at it."""


_QUOTE: Final = reprlib.Repr()
_QUOTE.maxlevel, _QUOTE.maxstring, _QUOTE.maxother = 4, 60, 60


def quoted(value: object) -> str:
    """``value`` as an error message quotes it: cut short, and safe for any value (a list nested 100,000
    deep, a number of 5,000 digits, which Python will not even write out)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**20:
        sign = "a negative" if value < 0 else "a"
        return f"{sign} number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = _QUOTE.repr(value)
    except (RecursionError, ValueError):
        text = f"a {type(value).__name__}"
    return text if len(text) <= 60 else text[:59] + "…"
