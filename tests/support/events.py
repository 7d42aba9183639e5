"""Typed reads of a log event's details (``Event.get`` may give any value a detail holds, or None)."""

from __future__ import annotations

from mus_widget.engine.log import Event


def whole(event: Event, key: str) -> int:
    """A detail that is a whole number: a team, a stake, points, a count of cards."""
    value = event.get(key)
    assert isinstance(value, int), f"{key} of {event} is {value!r}, not a whole number"
    return value


def word(event: Event, key: str) -> str:
    """A detail that is a word: a lance, an outcome, a seña."""
    value = event.get(key)
    assert isinstance(value, str), f"{key} of {event} is {value!r}, not a word"
    return value


def whole_or_none(event: Event, key: str) -> int | None:
    """A detail that is a whole number where the event has it (the team of a lance that was not en paso)."""
    value = event.get(key)
    assert value is None or isinstance(value, int), f"{key} of {event} is {value!r}, not a whole number"
    return value
