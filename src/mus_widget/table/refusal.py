"""A message the table does not take: :class:`RefusalError`, and :func:`short` to quote what was sent."""

from __future__ import annotations

import json


class RefusalError(Exception):
    """A message the table does not take: a catalogue id and its values, shown in the widget."""

    def __init__(self, message_id: str, **values: object) -> None:
        super().__init__(message_id)
        self.message_id = message_id
        self.values = values


def short(value: object) -> str:
    """A value from the browser, made safe and short enough to quote in an error."""
    text = value if isinstance(value, str) else json.dumps(value, default=repr)[:60]
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    return text if len(text) <= 40 else text[:39] + "…"


__all__ = ["RefusalError", "short"]
