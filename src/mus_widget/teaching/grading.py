"""How a decision is graded: the grades and their thresholds, a graded decision, and the sentence why.

:mod:`.review` weighs each decision with the expert and grades it here; docs/review.md states the thresholds.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from ..bots.evaluation import Evaluation, Option, same_call
from ..engine.actions import Action, Kind
from ..engine.hands import Lance, evaluate
from ..engine.observation import Observation
from ..engine.phase import Phase
from ..engine.scoring import Reason, Value
from ..engine.seats import other_team, speaking_order
from ..i18n.catalogues import message
from ..i18n.text import action_text, message_values
from .explain import pares_phrase, stand_ins

INACCURACY: Final = 2.0
"""A call that costs at least this many percentage points of the team's chance of winning the game is an
inaccuracy (about two piedras at level scores far from the end)."""
MISTAKE: Final = 5.0
"""At least this many points of chance: a mistake."""
BLUNDER: Final = 12.0
"""At least this many points of chance: a blunder (a lance that decides the game, or a game handed over)."""
NOISE_FACTOR: Final = 3.0
"""A call is flagged only when its cost is more than this many standard errors of the evaluation's own noise."""
PIEDRAS_SAID: Final = 0.5
"""A call's sentence speaks of piedras when it costs at least this many on average, else of the game."""
LAST_LANCES: Final = frozenset({Lance.JUEGO, Lance.PUNTO})
"""The last lance of a hand: Juego, or Punto in its place."""


class Grade(enum.Enum):
    """How a decision fares against the expert's, by the chance of winning the game it cost."""

    GOOD = "good"
    INACCURACY = "inaccuracy"
    MISTAKE = "mistake"
    BLUNDER = "blunder"

    def __repr__(self) -> str:
        return f"Grade.{self.name}"

    @property
    def flagged(self) -> bool:
        """Whether this grade says the decision was worse than the expert's: anything but good."""
        return self is not Grade.GOOD


class DecisionKind(enum.Enum):
    """What a decision was: the mus question, a discard, or a call in a lance."""

    MUS = "mus"
    DISCARD = "discard"
    CALL = "call"

    def __repr__(self) -> str:
        return f"DecisionKind.{self.name}"


def grade_of(cost: float, noise: float) -> Grade:
    """The grade of a decision that cost ``cost`` percentage points of chance, measured with a standard error of
    ``noise`` points: good unless the cost reaches :data:`INACCURACY` and is more than :data:`NOISE_FACTOR`
    times the noise; then by :data:`MISTAKE` and :data:`BLUNDER`."""
    if cost < INACCURACY or cost <= NOISE_FACTOR * noise:
        return Grade.GOOD
    if cost < MISTAKE:
        return Grade.INACCURACY
    return Grade.MISTAKE if cost < BLUNDER else Grade.BLUNDER


@dataclass(frozen=True, slots=True)
class Hindsight:
    """The best call with every card known: hindsight, which no player has at the table, shown apart."""

    action: str
    chance: float
    """The team's chance of winning the game with it, the cards known."""
    lance_won: bool
    """Whether the seat's team held the best hand of the lance."""


@dataclass(frozen=True, slots=True)
class Graded:
    """One decision of the reviewed seat, weighed from its observation at that moment.

    ``at`` is the number of actions of the record before it (:meth:`Review.prefix` rebuilds that moment);
    ``row`` its place among the seat's decisions (the chart's ``data-decision``). Chances are the team's
    chance of winning the game, 0 to 1, as the expert weighs it (playing on as the expert would); ``cost`` and
    ``noise`` are in percentage points of that chance, ``piedras`` in points (None where a call stakes the
    game). ``options`` holds every call weighed."""

    row: int
    at: int
    game: int
    hand: int
    phase: Phase
    kind: DecisionKind
    action: str
    best: str
    chance: float
    best_chance: float
    cost: float
    noise: float
    piedras: float | None
    best_piedras: float | None
    grade: Grade
    reason: Reason
    cards: str
    """The seat's four cards then."""
    scores: tuple[int, int]
    """The team's score and the other team's then."""
    options: tuple[Option, ...] = field(repr=False)
    hindsight: Hindsight | None = None

    @property
    def lance(self) -> Lance | None:
        """The lance of a call; None at the mus and the discards."""
        return self.phase.lance

    @property
    def piedras_cost(self) -> float | None:
        """How many piedras the call cost on average (0 when it cost none); None where not both are known."""
        if self.piedras is None or self.best_piedras is None:
            return None
        return max(0.0, self.best_piedras - self.piedras)

    def why(self, language: str = "en") -> str:
        """The sentence why, in ``language``."""
        return reason_text(self.reason, language)

    def to_record(self, language: str = "en") -> dict[str, Any]:
        """The decision as one flat dict (chances in percent), for ``pandas.DataFrame(review.to_records())``."""
        cost = self.piedras_cost
        return {
            "row": self.row, "at": self.at, "game": self.game, "hand": self.hand, "phase": self.phase.value,
            "lance": None if self.lance is None else self.lance.value, "kind": self.kind.value,
            "action": self.action, "best": self.best, "chance": round(100 * self.chance, 1),
            "best_chance": round(100 * self.best_chance, 1), "cost": round(self.cost, 1),
            "noise": round(self.noise, 2), "piedras": _rounded(self.piedras),
            "best_piedras": _rounded(self.best_piedras), "piedras_cost": _rounded(cost), "grade": self.grade.value,
            "why": self.why(language), "cards": self.cards,
            "score": self.scores[0], "their_score": self.scores[1],
            "hindsight": None if self.hindsight is None else self.hindsight.action,
        }


@dataclass(frozen=True, slots=True)
class HandPoint:
    """The team's chance of winning the game at the end of a hand (``hand`` 0: before the first)."""

    game: int
    hand: int
    scores: tuple[int, int]
    """The team's score and the other team's."""
    chance: float


@dataclass(frozen=True, slots=True)
class Tally:
    """The decisions of one kind (``mus``, ``discard``) or one lance's calls (``grande``...): how many, how many
    of each grade, and the chance they cost in all (percentage points)."""

    key: str
    decisions: int
    grades: tuple[tuple[Grade, int], ...]
    cost: float

    def count(self, grade: Grade) -> int:
        return dict(self.grades).get(grade, 0)

    def label(self, language: str = "en") -> str:
        """The kind or the lance in words."""
        return message(f"lance.{self.key}" if self.key in _LANCE_KEYS else f"review.kind.{self.key}", language)


_LANCE_KEYS = frozenset(lance.value for lance in Lance)
TALLY_KEYS: Final = ("mus", "discard", *(lance.value for lance in Lance))
"""The kinds and lances a summary counts, in the order of a hand."""


def tally(rows: Iterable[Graded]) -> tuple[Tally, ...]:
    """The decisions counted per kind (the mus, the discards) and the calls per lance, in :data:`TALLY_KEYS`
    order; a kind with no decision is left out."""
    groups: dict[str, list[Graded]] = {}
    for row in rows:
        key = row.kind.value if row.kind is not DecisionKind.CALL else row.phase.value
        groups.setdefault(key, []).append(row)
    out = []
    for key in TALLY_KEYS:
        group = groups.get(key)
        if group:
            grades = tuple((grade, sum(1 for r in group if r.grade is grade)) for grade in Grade)
            out.append(Tally(key, len(group), grades, sum(r.cost for r in group)))
    return tuple(out)


def player_name(seat: int, names: Sequence[str] | None, language: str = "en") -> str:
    """The name of ``seat`` from ``names``, or the seat's own name."""
    if names is not None and names[seat]:
        return names[seat]
    return message(f"seat.{seat}", language)


def graded(row: int, at: int, obs: Observation, action: Action, evaluation: Evaluation, *,
           hindsight: Hindsight | None = None) -> Graded:
    """Decision number ``row`` (action ``at`` of the record), ``action`` said at ``obs``, graded by ``evaluation``."""
    mine, best = evaluation.of(action), evaluation.chosen
    cost = max(0.0, 100 * (best.chance - mine.chance))
    noise = 100 * mine.error
    grade = grade_of(cost, noise)
    kind = (DecisionKind.MUS if obs.phase is Phase.MUS else DecisionKind.DISCARD if obs.phase is Phase.DISCARD
            else DecisionKind.CALL)
    team = obs.team
    return Graded(
        row, at, obs.game_number, obs.hand_number, obs.phase, kind, mine.action.text, best.action.text,
        mine.chance, best.chance, cost, noise, mine.piedras, best.piedras, grade,
        _reason(obs, evaluation, mine, best, grade), str(obs.hand), (obs.scores[team], obs.scores[other_team(team)]),
        evaluation.options, hindsight,
    )


def _reason(obs: Observation, evaluation: Evaluation, mine: Option, best: Option, grade: Grade) -> Reason:
    """Why the decision got its grade, as a message id and its values."""
    said: dict[str, Value] = {"action": mine.action.text, "best": best.action.text,
                              "chance": round(100 * mine.chance), "best_chance": round(100 * best.chance)}
    if same_call(mine.action, best.action):
        return _why("review.good.same", said)
    if not grade.flagged:
        return _why("review.good.close", said)
    if obs.phase is Phase.MUS:
        now = next(o.piedras for o in evaluation.options if o.action.kind is Kind.NO_MUS)
        after = next(o.piedras for o in evaluation.options if o.action.kind is Kind.MUS)
        said |= {"cards": str(obs.hand), "now": _rounded(now) or 0.0, "after": _rounded(after) or 0.0}
        return _why("review.mus.keep" if best.action.kind is Kind.NO_MUS else "review.mus.change", said)
    if obs.phase is Phase.DISCARD:
        said |= {"worth": _rounded(mine.piedras) or 0.0, "best_worth": _rounded(best.piedras) or 0.0}
        return _why("review.discard", said)
    betting = obs.betting
    assert betting is not None
    said |= _holding(obs)
    theirs = obs.scores[other_team(obs.team)]
    if mine.action.kind is Kind.NO_QUIERO and theirs + betting.refusal >= obs.rules.target \
            and not obs.rules.negadas_at_count:
        said |= {"team": other_team(obs.team), "points": betting.refusal, "target": obs.rules.target}
        return _why("review.call.hands_over", said)
    if (mine.action.kind is Kind.PASO and betting.bettor_team is None and betting.lance in LAST_LANCES
            and betting.eligible[-1] == obs.seat and evaluation.lance_chance is not None):
        said["lance_chance"] = round(100 * evaluation.lance_chance)
        return _why("review.call.last_word", said)
    if mine.piedras is not None and best.piedras is not None and best.piedras - mine.piedras >= PIEDRAS_SAID:
        piedras = round(best.piedras - mine.piedras, 1)
        said["count"] = int(piedras) if piedras.is_integer() else piedras
        return _why("review.call.piedras", said)
    return _why("review.call.game", said)


def _why(message_id: str, values: Mapping[str, Value]) -> Reason:
    return Reason(message_id, tuple(values.items()))


def _holding(obs: Observation) -> dict[str, Value]:
    """What the seat's hand holds for the lance being bet, and whether it is mano or postre: the values of the
    phrase :func:`hand_phrase` makes."""
    betting = obs.betting
    assert betting is not None
    value = evaluate(obs.hand, obs.rules)
    order = speaking_order(obs.mano)
    position = "mano" if obs.seat == order[0] else "postre" if obs.seat == order[3] else ""
    out: dict[str, Value] = {"position": position}
    lance = betting.lance
    if lance is Lance.GRANDE:
        out |= {"holding": "reyes", "held": value.ranks.count(12)}
    elif lance is Lance.CHICA:
        out |= {"holding": "ases", "held": value.ranks.count(1)}
    elif lance is Lance.PARES and value.has_pares:
        ranks = value.pares_ranks
        out |= {"holding": "pares", "pares": value.pares.name.lower(), "high": ranks[0], "low": ranks[-1],
                "counts": stand_ins(obs.hand, ranks, obs.rules.kings)}
    else:
        out |= {"holding": "total", "total": value.total}
    return out


def hand_phrase(values: Mapping[str, Value], language: str = "en") -> str:
    """The seat's hand in words from :func:`_holding`'s values: "31 as mano", "2 reyes", "a par of reyes"."""
    holding = values["holding"]
    held = values.get("held", 0)
    if holding in ("reyes", "ases"):
        assert isinstance(held, int)
        phrase = (message(f"feature.{holding}", language, count=held) if held else
                  message(f"review.hand.no_{holding}", language))
    elif holding == "pares":
        high, low = values["high"], values["low"]
        assert isinstance(high, int) and isinstance(low, int)
        phrase = pares_phrase(str(values["pares"]), high, low, language, str(values["counts"]))
    else:
        phrase = message("review.hand.total", language, total=values["total"])
    position = values.get("position")
    return message(f"review.hand.{position}", language, hand=phrase) if position else phrase


def reason_text(reason: Reason, language: str = "en") -> str:
    """A review's sentence in ``language``: calls, lances and teams in words, the hand as :func:`hand_phrase`."""
    values = reason.params
    words = message_values(values, language)
    for key in ("action", "best"):
        said = values.get(key)
        if isinstance(said, str):
            words[key] = call_text(said, language)
    if "holding" in values:
        words["hand"] = hand_phrase(values, language)
    return message(reason.id, language, **words)


def call_text(action: str, language: str = "en") -> str:
    """A call in words; a discard with its cards: "Discard 2 (4c 5e)"."""
    parsed = Action.parse(action)
    said = action_text(parsed, language)
    if parsed.kind is Kind.DISCARD:
        return message("review.discard.cards", language, action=said, cards=" ".join(map(str, parsed.cards)))
    return said


def _rounded(value: float | None) -> float | None:
    return None if value is None else round(value, 1)


__all__ = [
    "BLUNDER", "INACCURACY", "LAST_LANCES", "MISTAKE", "NOISE_FACTOR", "PIEDRAS_SAID", "TALLY_KEYS", "DecisionKind",
    "Grade", "Graded", "HandPoint", "Hindsight", "Tally", "call_text", "grade_of", "graded", "hand_phrase",
    "player_name", "reason_text", "tally",
]
