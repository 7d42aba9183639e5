"""The options of a game at the table: :class:`Setup` (who plays what, by which rules), checked as given from
Python (``MusTable(...)`` raises :class:`ValueError` or :class:`TypeError`) and as sent by the new-game panel
and the preferences (:class:`NewGame` and :class:`Prefs` refuse with a catalogue message)."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..bots import BOTS, LEVELS, Bot
from ..engine.cards import Hand
from ..engine.errors import RulesError
from ..engine.game import Game
from ..engine.rules import TARGETS, Rules
from ..engine.seats import SEATS, check_seat
from ..i18n.catalogues import LANGUAGES, message
from ..i18n.names import PlayerNameError, check_name
from .refusal import RefusalError, short

DEFAULT_PACE: Final = 0.9
"""Seconds between two bots' moves on screen: time to read a speech bubble."""
PACES: Final = (("instant", 0.0), ("fast", 0.4), ("normal", DEFAULT_PACE), ("slow", 1.6))
"""The bot speeds offered by the new-game panel."""
DEFAULT_LEVEL: Final = "novice"
MAX_SEED: Final = 2**53 - 1
"""Seeds the browser can hold exactly (a JavaScript number)."""
RULE_FLAGS: Final = ("real_31", "team_consent", "negadas_at_count", "mus_corrido_first_hand")
NEW_GAME_OPTIONS: Final = frozenset({"type", "seat", "names", "bots", "rules", "seed", "tips", "coach", "language",
                                     "pace"})

Names = tuple[str, str, str, str]
Levels = tuple[str | None, str | None, str | None, str | None]


@dataclass(frozen=True, slots=True)
class Setup:
    """Who plays what, by which rules: what a new game starts from."""

    seat: int
    names: Names
    levels: Levels
    """The bot level of each seat; None at the student's seat."""
    rules: Rules
    seed: int | None
    deal: tuple[Hand, ...] | None = None
    mano: int = 0


# ---------------------------------------------------------------------------------------------- from Python


def setup_from(
    *,
    seat: int,
    names: Sequence[str] | Mapping[int, str] | None,
    bots: str | Sequence[object] | Mapping[int, object] | None,
    rules: Rules,
    seed: int | None,
    language: str,
    deal: Sequence[Hand | str] | None,
    mano: int,
    scenario: Game | None = None,
) -> tuple[Setup, dict[int, object]]:
    """The setup of ``MusTable(...)``'s options, and the bots given as objects by seat (the package's or your
    own: anything with a method ``decide``). A ``scenario`` (its
    first game) brings its own deal, mano, rules and seed."""
    check_seat(seat)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules, not {rules!r}")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise TypeError(f"seed must be a whole number or None, not {seed!r}")
    levels, given = _bots_option(bots, seat)
    if scenario is not None:
        if deal is not None:
            raise ValueError("a scenario brings its own deal: give either scenario or deal")
        rules, seed, mano, deal = scenario.rules, scenario.seed, scenario.mano, scenario.hands
    setup = Setup(
        seat=seat,
        names=_names_option(names, seat, language),
        levels=levels,
        rules=rules,
        seed=seed,
        deal=None if deal is None else tuple(h if isinstance(h, Hand) else Hand.parse(h) for h in deal),
        mano=check_seat(mano),
    )
    return setup, given


def is_pace(value: object) -> bool:
    return (
        isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value) and 0 <= value <= 10
    )


def check_pace(pace: object) -> None:
    if not is_pace(pace):
        raise ValueError(f"pace is seconds between bot moves, from 0 to 10, not {pace!r}")


def check_language(language: object) -> None:
    if not isinstance(language, str) or language not in LANGUAGES:
        raise ValueError(f"language must be one of {', '.join(LANGUAGES)}, not {language!r}")


def default_names(seat: int, language: str) -> Names:
    """You, your partner opposite, and the opponents on your right and left."""
    roles = ("you", "right", "partner", "left")
    names = [message(f"ui.default_name.{roles[(s - seat) % 4]}", language) for s in SEATS]
    return (names[0], names[1], names[2], names[3])


def renamed(names: Names, seat: int, old: str, new: str) -> Names:
    """The names after a switch of language: a default name becomes the new language's default."""
    was, now = default_names(seat, old), default_names(seat, new)
    out = [now[s] if names[s] == was[s] else names[s] for s in SEATS]
    return (out[0], out[1], out[2], out[3])


def _names_option(names: Sequence[str] | Mapping[int, str] | None, seat: int, language: str) -> Names:
    out = list(default_names(seat, language))
    if names is None:
        return (out[0], out[1], out[2], out[3])
    items = names.items() if isinstance(names, Mapping) else enumerate(names)
    if not isinstance(names, Mapping) and len(names) != 4:
        raise ValueError(f"names are four, one per seat, not {names!r}")
    for s, name in items:
        check_seat(s)
        out[s] = check_name(name, f"names[{s}]")
    return (out[0], out[1], out[2], out[3])


def _bots_option(
    bots: str | Sequence[object] | Mapping[int, object] | None, seat: int
) -> tuple[Levels, dict[int, object]]:
    """The bot level per seat (a level, or a style such as ``"passive"``) and the bots given as objects: the
    package's, or your own (anything with a method ``decide``, seated behind a guard)."""
    chosen: dict[int, object] = {}
    if isinstance(bots, str):
        chosen = {s: bots for s in SEATS if s != seat}
    elif isinstance(bots, Mapping):
        chosen = dict(bots)
    elif bots is not None:
        if len(bots) != 4:
            raise ValueError(f"bots are four entries by seat (None at the student's), not {bots!r}")
        chosen = {s: b for s, b in enumerate(bots) if b is not None}
    levels: list[str | None] = []
    given: dict[int, object] = {}
    for s in SEATS:
        entry = chosen.pop(s, None)
        if s == seat:
            if entry is not None:
                raise ValueError(f"seat {s} is the student's: it has no bot")
            levels.append(None)
        elif entry is None:
            levels.append(DEFAULT_LEVEL)
        elif isinstance(entry, str) and entry in BOTS:
            levels.append(entry)
        elif isinstance(entry, Bot) or callable(getattr(entry, "decide", None)):
            given[s] = entry
            level = entry.level if isinstance(entry, Bot) else ""
            levels.append(level if level in LEVELS else DEFAULT_LEVEL)
        else:
            raise ValueError(f"{entry!r} is not a bot: give a level ({', '.join(LEVELS)}), a style "
                             f"({', '.join(b for b in BOTS if b not in LEVELS)}) or an object with a method "
                             "decide(observation)")
    if chosen:
        raise ValueError(f"{sorted(chosen)!r} are not seats: seats are 0 to 3")
    return (levels[0], levels[1], levels[2], levels[3]), given


# ---------------------------------------------------------------------------------------------- from the browser


def _refusal(option_id: str, value: object, language: str) -> RefusalError:
    """The refusal of ``value`` for the option labelled ``option_id`` in the catalogue."""
    return RefusalError("ui.error.option", option=message(option_id, language), value=short(value))


@dataclass(frozen=True, slots=True)
class Prefs:
    """A change of the table's preferences (``{"type": "prefs", ...}``): each None where not given."""

    tips: bool | None = None
    coach: bool | None = None
    language: str | None = None
    pace: float | None = None

    @classmethod
    def parse(cls, content: Mapping[str, Any], language: str) -> Prefs:
        """The preferences in ``content``; refused (in the table's ``language``) for a value out of range."""
        tips, coach = content.get("tips"), content.get("coach")
        new_language, pace = content.get("language"), content.get("pace")
        if tips is not None and not isinstance(tips, bool):
            raise _refusal("ui.option.tips", tips, language)
        if coach is not None and not isinstance(coach, bool):
            raise _refusal("ui.option.coach", coach, language)
        if new_language is not None and not (isinstance(new_language, str) and new_language in LANGUAGES):
            raise _refusal("ui.option.language", new_language, language)
        if pace is not None and not is_pace(pace):
            raise _refusal("ui.option.pace", pace, language)
        return cls(tips, coach, new_language, None if pace is None else float(pace))


@dataclass(frozen=True, slots=True)
class NewGame:
    """What a new game starts from: its setup and the table's preferences."""

    setup: Setup
    tips: bool
    coach: bool
    language: str
    pace: float

    @classmethod
    def parse(cls, content: Mapping[str, Any], current: NewGame) -> NewGame:
        """The new game the panel asks for (``{"type": "new_game", ...}``), ``current``'s options where not
        given; every option is checked before anything changes. Refusals are in the current language."""
        language = current.language
        unknown = sorted(set(content) - NEW_GAME_OPTIONS)
        if unknown:
            raise RefusalError("ui.error.option", option=short(unknown[0]), value=short(content[unknown[0]]))
        seat = content.get("seat", current.setup.seat)
        if isinstance(seat, bool) or seat not in SEATS:
            raise _refusal("ui.option.seat", seat, language)
        new_language = content.get("language", language)
        if not isinstance(new_language, str) or new_language not in LANGUAGES:
            raise _refusal("ui.option.language", new_language, language)
        names = _names_from(content.get("names"), seat, new_language, current)
        levels = _levels_from(content.get("bots"), seat, current)
        rules = _rules_from(content.get("rules"), current)
        seed = content.get("seed")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED):
            raise _refusal("ui.option.seed", seed, language)
        tips = content.get("tips", current.tips)
        if not isinstance(tips, bool):
            raise _refusal("ui.option.tips", tips, language)
        coach = content.get("coach", current.coach)
        if not isinstance(coach, bool):
            raise _refusal("ui.option.coach", coach, language)
        pace = content.get("pace", current.pace)
        if not is_pace(pace):
            raise _refusal("ui.option.pace", pace, language)
        return cls(Setup(seat, names, levels, rules, seed), tips, coach, new_language, float(pace))


def _names_from(value: object, seat: int, language: str, current: NewGame) -> Names:
    old = current.setup
    if value is None:
        return old.names if seat == old.seat else default_names(seat, language)
    if not isinstance(value, list) or len(value) != 4 or not all(isinstance(n, str) for n in value):
        raise _refusal("ui.option.names", value, current.language)
    defaults = default_names(seat, language)
    names = []
    for i, name in enumerate(value):
        try:
            names.append(check_name(name, f"names[{i}]") if name.strip() else defaults[i])
        except PlayerNameError:
            raise _refusal("ui.option.names", name, current.language) from None
    return (names[0], names[1], names[2], names[3])


def _levels_from(value: object, seat: int, current: NewGame) -> Levels:
    if value is None:
        old = current.setup.levels
        levels = [None if s == seat else (old[s] or DEFAULT_LEVEL) for s in SEATS]
    else:
        if not isinstance(value, list) or len(value) != 4:
            raise _refusal("ui.option.bots", value, current.language)
        levels = []
        for s, level in enumerate(value):
            if s == seat:
                levels.append(None)
            elif isinstance(level, str) and level in LEVELS:
                levels.append(level)
            else:
                raise _refusal("ui.option.bots", level, current.language)
    return (levels[0], levels[1], levels[2], levels[3])


def _rules_from(value: object, current: NewGame) -> Rules:
    if value is None:
        return current.setup.rules
    if not isinstance(value, dict):
        raise _refusal("ui.rules", value, current.language)
    options = current.setup.rules.to_dict()
    for key, option in value.items():
        if key not in options:
            raise RefusalError("ui.error.option", option=short(key), value=short(option))
        if key in RULE_FLAGS:
            good = isinstance(option, bool)
        elif key == "target":
            good = isinstance(option, int) and not isinstance(option, bool) and option in TARGETS
        elif key == "kings":
            good = option in (4, 8) and not isinstance(option, bool)
        else:
            good = option in (1, 3) and not isinstance(option, bool)
        if not good:
            raise _refusal(f"ui.option.{key}", option, current.language)
        options[key] = option
    try:
        return Rules.from_dict(options)
    except RulesError:
        raise _refusal("ui.rules", value, current.language) from None


__all__ = ["DEFAULT_PACE", "PACES", "NewGame", "Prefs", "Setup", "check_language", "check_pace", "default_names",
           "renamed", "setup_from"]
