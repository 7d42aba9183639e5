"""Records: a match as plain JSON, and the checking that reads one back into a :class:`Record`.

A record holds the rules, the seed, the scripted first deal if any, the actions and the señas; replaying
it (:meth:`Game.from_record <mus_widget.engine.game.Game.from_record>`) gives the same state. Reading here
checks the record's shape only; whether its actions are legal is for the replay to say.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final

from .cards import DECK, Hand
from .errors import MusError, NotationError, RecordError, RecordLimitError, quoted
from .rules import Rules
from .seats import check_seat

RECORD_FORMAT: Final = "mus-widget/record"
RECORD_VERSION: Final = 2
"""The version of a game's record unless it deals fast (:data:`FAST_VERSION`). Version 2 deals from a Mersenne
Twister seeded anew for each shuffle and each game's mano, so a seed deals what it always has, and serves the
discards only once all four have discarded (the tournament order). Version 1 served each player as they
discarded; the same cards are drawn until the stock runs out, so a version-1 record replays exactly unless it
reshuffles, and :meth:`Game.from_record` refuses it at that action."""
FAST_VERSION: Final = 3
"""The version of a game that deals fast (``Game.new(seed, fast_deals=True)``, as the training environment does):
version 2 but each shuffle and each game's mano drawn from one BLAKE2b hash of the seed and its place, a tenth
of the cost of seeding a Mersenne Twister, the most of a hand's cost in random play. The same seed deals other
cards than in version 2."""
RECORD_VERSIONS: Final = (1, RECORD_VERSION, FAST_VERSION)
"""The record versions read."""
SEED_DIGITS: Final = 40
"""The longest seed a record or a scenario may give: a 128-bit seed has 39 digits, anything longer is a mistake."""
MAX_RECORD_TEXT: Final = 16_000_000
"""The longest record text read: some thousand times a long match (about 10 characters an action)."""
MAX_RECORD_DEPTH: Final = 32
"""The deepest nesting of lists and objects read in a record (a record itself nests 3 deep): deeper input is
refused before anything recurses into it."""


@dataclass(frozen=True, slots=True)
class ScriptedDeal:
    """The scripted first deal of a game (:meth:`Game.from_deal`): the four hands by seat, the mano and the
    scores the game starts from. Make one with :meth:`of`, which checks it."""

    hands: tuple[Hand, ...]
    mano: int
    scores: tuple[int, int]

    @classmethod
    def of(cls, hands: Sequence[Hand | str], mano: int, scores: tuple[int, int], rules: Rules) -> ScriptedDeal:
        """The deal checked: four hands of distinct cards, a seat for mano, scores short of the target."""
        parsed = tuple(h if isinstance(h, Hand) else Hand.parse(h) for h in hands)
        if len(parsed) != 4:
            raise NotationError(f"a deal is four hands, one per seat, not {len(parsed)}")
        cards = [c.index for h in parsed for c in h.cards]
        if len(set(cards)) != len(cards):
            twice = next(DECK[i] for n, i in enumerate(cards) if i in cards[:n])
            raise NotationError(f"the card {twice} is dealt twice in {', '.join(map(str, parsed))}")
        check_seat(mano)
        if (
            not isinstance(scores, Sequence) or len(scores) != 2
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < rules.target for s in scores)
        ):
            raise NotationError(f"scores must be two whole numbers from 0 to {rules.target - 1}, not {scores!r}")
        return cls(parsed, mano, (scores[0], scores[1]))

    def to_dict(self) -> dict[str, Any]:
        return {"hands": [str(h) for h in self.hands], "mano": self.mano, "scores": list(self.scores)}


@dataclass(frozen=True, slots=True)
class RecordedSena:
    """A seña in a record: made after ``at`` actions, by ``seat``, its id ``sena``.

    As read: ``seat`` and ``sena`` are checked by the replay, which names the seña's place when they are wrong.
    """

    at: int
    seat: int
    sena: str


@dataclass(frozen=True, slots=True)
class Record:
    """A record read and checked in shape, not yet replayed: its ``actions`` are the texts as read (the replay
    refuses any that is no legal action, and says which), its ``senas`` are in the order they were made."""

    rules: Rules
    seed: int
    deal: ScriptedDeal | None
    actions: tuple[str, ...]
    senas: tuple[RecordedSena, ...]
    version: int = RECORD_VERSION

    @classmethod
    def read(cls, record: dict[str, Any] | str) -> Record:
        """A record from :meth:`to_dict` or its JSON text; anything that is not one raises :class:`RecordError`."""
        try:
            data = _record_json(record) if isinstance(record, str) else record
            _check_limits(data)
            if not isinstance(data, dict) or data.get("format") != RECORD_FORMAT:
                raise RecordError(f"not a mus-widget record (format {RECORD_FORMAT!r} expected)")
            version = data.get("version")
            if version not in RECORD_VERSIONS or isinstance(version, bool):
                raise RecordError(f"record version {version!r} is not one of {', '.join(map(str, RECORD_VERSIONS))}")
            if "seed" not in data:
                raise RecordError("the record has no 'seed': without it nothing replays")
            seed = data["seed"]
            if isinstance(seed, bool) or not isinstance(seed, int) or abs(seed) >= 10**SEED_DIGITS:
                raise RecordError(f"the record's 'seed' is a whole number of at most {SEED_DIGITS} digits, not "
                                  f"{brief(seed)}: without it nothing replays")
            rules = Rules.from_dict(data["rules"])
            deal = data.get("deal")
            script = None if deal is None else ScriptedDeal.of(
                deal["hands"], deal["mano"], tuple(deal["scores"]), rules
            )
            actions = data["actions"]
            senas = data.get("senas", [])
            if not isinstance(actions, list) or not isinstance(senas, list):
                raise RecordError("a record's actions and senas are lists")
            made = [RecordedSena(s["at"], s["seat"], s["sena"]) for s in senas]
            made = [s for _, s in sorted(enumerate(made), key=lambda pair: (pair[1].at, pair[0]))]
            if any(isinstance(s.at, bool) or not isinstance(s.at, int) or not 0 <= s.at <= len(actions)
                   for s in made):
                raise RecordError(f"a seña's 'at' is the number of actions before it, 0 to {len(actions)}")
        except RecordError:
            raise
        except KeyError as error:
            raise RecordError(f"malformed record: no {error.args[0]!r} where one was expected") from None
        except TypeError as error:
            raise RecordError(f"malformed record: {error}") from None
        except MusError as error:
            raise RecordError(f"malformed record: {error}") from None
        return cls(rules, seed, script, tuple(actions), tuple(made), version)

    def to_dict(self) -> dict[str, Any]:
        """The record as plain JSON, a fresh value."""
        return {
            "format": RECORD_FORMAT,
            "version": self.version,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "deal": None if self.deal is None else self.deal.to_dict(),
            "actions": list(self.actions),
            "senas": [{"at": s.at, "seat": s.seat, "sena": s.sena} for s in self.senas],
        }


class _LongNumber(str):
    """A JSON number too long to be a seed or a count: kept as its digits so the error can name its field."""

    __slots__ = ()

    def __repr__(self) -> str:
        return f"a {len(self.lstrip('-'))}-digit number"


def _record_json(text: str) -> Any:
    """A record's JSON text read with its failures as :class:`RecordError`: the line and column of a syntax
    error, numbers too long to be a seed kept aside (Python refuses to read them past 4,300 digits), and
    nesting too deep to read."""
    if len(text) > MAX_RECORD_TEXT:
        raise RecordError(f"a record of {len(text):,} characters is longer than {MAX_RECORD_TEXT:,}")

    def number(digits: str) -> int | _LongNumber:
        return int(digits) if len(digits.lstrip("-")) <= SEED_DIGITS else _LongNumber(digits)

    try:
        return json.loads(text, parse_int=number)
    except json.JSONDecodeError as error:
        raise RecordError(f"the record is not JSON: {error.msg} at line {error.lineno}, column {error.colno}") \
            from None
    except RecursionError:
        raise RecordError("the record's JSON is nested too deeply to be a record") from None


_UNPRINTABLE: Final = 10**4000  # Python refuses to write a number of over 4,300 digits


def _check_limits(data: object) -> None:
    """Refuse, with :class:`RecordLimitError` and without recursing, input nested deeper than
    :data:`MAX_RECORD_DEPTH` or holding a whole number of thousands of digits: whatever reads or quotes it later
    (``repr`` in an error, ``str`` of a number) could not. Shorter numbers out of range are for the checks of
    each field, which say what that field allows."""
    stack: list[tuple[object, int, str]] = [(data, 1, "the record")]
    while stack:
        value, depth, where = stack.pop()
        if isinstance(value, dict | list | tuple):
            if depth > MAX_RECORD_DEPTH:
                raise RecordLimitError(f"the record is nested too deeply: {where} holds lists or objects more than "
                                       f"{MAX_RECORD_DEPTH} deep, and a record nests 3 deep")
            if isinstance(value, dict):
                for key, item in value.items():
                    stack.append((item, depth + 1, f"the record's {quoted(key)}" if depth == 1 else where))
            else:
                stack.extend((item, depth + 1, where) for item in value)
        elif isinstance(value, int) and not isinstance(value, bool) and abs(value) >= _UNPRINTABLE:
            if where == "the record's 'seed'":
                raise RecordLimitError(f"the record's 'seed' is {quoted(value)}: a seed is a whole number of at most "
                                       f"{SEED_DIGITS} digits (abs(seed) < 10**{SEED_DIGITS})")
            raise RecordLimitError(f"{where} holds {quoted(value)}: no number in a record has more than "
                                   f"{SEED_DIGITS} digits")


def brief(value: object) -> str:
    """A value quoted in an error, cut short (safe for any value: see :func:`.errors.quoted`)."""
    return quoted(value)
