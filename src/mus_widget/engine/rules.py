"""The rule options (variants) of docs/rules.md, with their defaults and their ranges.

Every option has a range, checked when :class:`Rules` is made (so by ``Rules.from_dict``, ``Game.from_record``,
``MusTable.from_record`` and the classroom server alike): ``target`` 10 to 100, ``kings`` 8 or 4, ``games``
odd from 1 to 9, the four flags True or False.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Final

from .errors import RulesError, quoted

TARGETS: Final = range(10, 101)
"""The targets a game may be played to (40, 35 and 30 are usual)."""
KINGS: Final = (8, 4)
GAMES: Final = range(1, 10, 2)
"""A match of 1 game, or best of 3 (a vaca), 5, 7 or 9: long enough for any class, short enough to replay."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The variant being played. ``Rules()`` is the default game: 8 reyes, to 40, team consent on."""

    target: int = 40
    kings: int = 8
    real_31: bool = False
    team_consent: bool = True
    negadas_at_count: bool = False
    mus_corrido_first_hand: bool = False
    games: int = 1

    def __post_init__(self) -> None:
        if (  # the usual case, checked at once: a match makes its Rules, and a trainer makes many matches
            self.real_31.__class__ is bool and self.team_consent.__class__ is bool
            and self.negadas_at_count.__class__ is bool and self.mus_corrido_first_hand.__class__ is bool
            and self.target.__class__ is int and self.kings.__class__ is int and self.games.__class__ is int
            and self.target in TARGETS and self.kings in KINGS and self.games in GAMES
        ):
            return
        for name in ("real_31", "team_consent", "negadas_at_count", "mus_corrido_first_hand"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"Rules.{name} must be True or False, not {quoted(getattr(self, name))}")
        for name in ("target", "kings", "games"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(f"Rules.{name} must be a whole number, not {quoted(value)}")
        if self.target not in TARGETS:
            raise RulesError(f"Rules.target must be from {TARGETS[0]} to {TARGETS[-1]} (40, 35 and 30 are usual), "
                             f"not {brief_number(self.target)}")
        if self.kings not in KINGS:
            raise RulesError(f"Rules.kings must be 8 (every 3 a rey, every 2 an as) or 4, "
                             f"not {brief_number(self.kings)}")
        if self.games not in GAMES:
            raise RulesError(f"Rules.games must be odd, from {GAMES[0]} to {GAMES[-1]} (1 game, or best of 3 for a "
                             f"vaca), not {brief_number(self.games)}")

    @property
    def games_to_win(self) -> int:
        """Games a team must win to take the match: 1 of 1, 2 of 3 (a vaca)."""
        return self.games // 2 + 1

    def to_dict(self) -> dict[str, Any]:
        """The options as plain JSON (every option is a number or a flag: no deep copy needed)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from :meth:`to_dict`; unknown keys are refused, not ignored."""
        if not isinstance(data, dict):
            raise RulesError(f"rules must be a JSON object, not {quoted(data)}")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"unknown rules option(s) {unknown}; the options are {sorted(known)}")
        return cls(**data)


def brief_number(value: int) -> str:
    """A whole number quoted in an error: itself, or its length when it is too long to quote (or to print:
    Python refuses to write an integer of over 4,300 digits)."""
    if abs(value) < 10**20:
        return str(value)
    return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
