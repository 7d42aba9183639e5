"""The leak detector of the hidden-information tests: every word that reads as a card, wherever it hides."""

from __future__ import annotations

import json
import re

CARD_WORD = re.compile(r"(?<![0-9A-Za-z])(?:1[0-2]|[1-7])[ocebOCEB](?![0-9A-Za-z])")


def cards_in(value: object) -> set[str]:
    """The cards named in a text, or anywhere in a JSON-like value (keys included), in canonical notation."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return {word.lower() for word in CARD_WORD.findall(text)}
