"""The rule options (variants) of docs/rules.md, with their defaults."""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from .errors import RulesError

TARGETS = range(10, 101)


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
        for name in ("real_31", "team_consent", "negadas_at_count", "mus_corrido_first_hand"):
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"Rules.{name} must be True or False, not {getattr(self, name)!r}")
        for name in ("target", "kings", "games"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int):
                raise RulesError(f"Rules.{name} must be a whole number, not {value!r}")
        if self.target not in TARGETS:
            raise RulesError(f"Rules.target must be from 10 to 100 (40, 35 and 30 are usual), not {self.target}")
        if self.kings not in (4, 8):
            raise RulesError(f"Rules.kings must be 8 (every 3 a rey, every 2 an as) or 4, not {self.kings}")
        if self.games < 1 or self.games % 2 == 0:
            raise RulesError(f"Rules.games must be odd (1 game, or best of 3 for a vaca), not {self.games}")

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
            raise RulesError(f"rules must be a JSON object, not {data!r}")
        known = set(cls.__dataclass_fields__)
        unknown = sorted(set(data) - known)
        if unknown:
            raise RulesError(f"unknown rules option(s) {unknown}; the options are {sorted(known)}")
        return cls(**data)
