"""The errors the engine raises; each one a ``ValueError`` subclass with the context in its message."""

from __future__ import annotations


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
