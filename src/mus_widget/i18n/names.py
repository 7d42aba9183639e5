"""Players' names: one rule for every place a name comes in (``MusTable(names=...)``, the new-game panel, the
static pictures), so that what one refuses the others refuse too.

A name is 1 to :data:`MAX_NAME` characters once trimmed, in any script, with no control characters and no
bidirectional controls (U+202E before "evil" shows it as "live"), nor any other invisible format
character except the zero-width joiner and non-joiner that some scripts and emoji need.
:func:`hidden_character` is that rule on its own: the classroom holds every text shown to others (a chat line,
the teacher's lines) to it too.
"""

from __future__ import annotations

import unicodedata
from typing import Final

from ..engine.errors import MusError

MAX_NAME: Final = 24
"""The longest name, in characters: it fits above a seat's cards at the table's narrowest width."""
_JOINERS: Final = frozenset({"\u200c", "\u200d"})
_REFUSED: Final = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
_UNNAMED: Final = {"Cc": "a control character", "Cs": "a surrogate", "Co": "a private-use character",
                   "Cn": "unassigned"}
"""What a refused character is, by its category, when Unicode gives it no name."""


class PlayerNameError(MusError):
    """A player's name the table does not take: empty, too long, or with a control or bidi character."""


def check_name(name: object, where: str = "a name") -> str:
    """``name`` trimmed, if it follows the rule; else :class:`PlayerNameError` saying which character is
    wrong and where (``where`` names the field, e.g. "names[2]")."""
    if not isinstance(name, str):
        raise PlayerNameError(f"{where} is text, not {type(name).__name__}")
    trimmed = unicodedata.normalize("NFC", name.strip())
    if not trimmed:
        raise PlayerNameError(f"{where} is empty: a name is 1 to {MAX_NAME} characters")
    if len(trimmed) > MAX_NAME:
        raise PlayerNameError(f"{where} has {len(trimmed)} characters: a name is 1 to {MAX_NAME}")
    hidden = hidden_character(trimmed)
    if hidden is not None:
        raise PlayerNameError(f"{where} holds {hidden}: names take no control or direction characters")
    return trimmed


def hidden_character(text: str) -> str | None:
    """The first character of ``text`` that shows as something else or nothing in the others' logs (a control,
    bidi or other format character, a line or paragraph separator, a private-use, surrogate or unassigned code
    point; the zero-width joiner and non-joiner excepted), named with its place: ``"U+202E (RIGHT-TO-LEFT
    OVERRIDE) at character 1"``; None if there is none."""
    for index, char in enumerate(text):
        if char not in _JOINERS and unicodedata.category(char) in _REFUSED:
            return f"U+{ord(char):04X} ({_named(char)}) at character {index + 1}"
    return None


def _named(char: str) -> str:
    """A character's Unicode name, or what it is when it has none (a control character, an unassigned one)."""
    return unicodedata.name(char, "") or _UNNAMED.get(unicodedata.category(char), "unnamed")


__all__ = ["MAX_NAME", "PlayerNameError", "check_name", "hidden_character"]
