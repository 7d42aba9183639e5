"""Learn from a game: every decision of one seat weighed by the expert, from that seat's view at that moment.

``review(record, seat=0)`` replays a game record (a :class:`Record`, its dict or JSON text, a :class:`Game`)
and grades each of the seat's decisions (the mus, the discards, every call) by what the expert makes of the
seat's observation then, and of the earlier hands the seat saw, never of a card it could not see: the
student's call, the expert's, the team's chance of winning the game after each, what the student's call cost
(in that chance and in piedras), a :class:`Grade` and a sentence why. A :class:`Reviewer` grades one decision
at a time, for a table that reviews in the idle time between moves. docs/review.md says how and with what
thresholds.
"""

from __future__ import annotations

import copy
import functools
import hashlib
import html
import json
import threading
import time
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..bots.chances import Reading
from ..bots.expert import ExpertBot
from ..bots.memory import Memory
from ..engine.actions import Action
from ..engine.errors import MusError, RecordError
from ..engine.game import Game
from ..engine.record import Record
from ..engine.seats import check_seat, other_team, team_of
from ..i18n.catalogues import check_language, message
from .grading import Grade, Graded, HandPoint, Hindsight, Tally, graded, player_name, tally
from .review_chart import MUTED, chart_svg, decisions_table, page, tally_table

SAMPLES: Final = 240
"""Possible worlds a call is weighed over (the expert decides on 120); a discard, over a quarter as many draws.
With them the noise of a cost stays well under the grades' thresholds (benchmarks/review.py measures it)."""
BATCHES: Final = 8
"""The worlds (or draws) of one evaluation are split in this many batches to measure its own noise."""
KEPT_GRADES: Final = 5_000
"""Graded decisions this process keeps (the latest used): a decision graded once, at the table as the game went
or by an earlier review, is not weighed again by the next review of the same game, seat, samples and seed."""


class _Grades:
    """The grades this process made, by what decides them: the seat, the samples and the seed of the review, and
    a digest of the record up to the decision (rules, seed, deal, every action and seña before it). A review is
    reproducible, so a grade kept is the grade that weighing it again would give."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._kept: OrderedDict[tuple[int, int, int, bytes], Graded] = OrderedDict()
        self._lock = threading.Lock()
        self.hits = 0

    def get(self, key: tuple[int, int, int, bytes]) -> Graded | None:
        with self._lock:
            done = self._kept.get(key)
            if done is not None:
                self._kept.move_to_end(key)
                self.hits += 1
            return done

    def keep(self, key: tuple[int, int, int, bytes], done: Graded) -> None:
        with self._lock:
            self._kept[key] = done
            self._kept.move_to_end(key)
            while len(self._kept) > self.size:
                self._kept.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._kept.clear()
            self.hits = 0

    def __len__(self) -> int:
        return len(self._kept)


GRADES: Final = _Grades(KEPT_GRADES)
"""Every grade this process made (:class:`Reviewer` reads and fills it); ``GRADES.clear()`` forgets them."""


@dataclass(frozen=True, slots=True)
class Review:
    """The graded decisions (``rows``) of one seat in one game record, of the ``decisions`` it made there, and
    the team's chance of winning the game after each hand (``points``, for the chart)."""

    seat: int
    rows: tuple[Graded, ...]
    decisions: int
    points: tuple[HandPoint, ...]
    record: Record
    names: tuple[str, str, str, str] | None = None
    language: str = "en"
    samples: int = SAMPLES
    seed: int = 0
    table: str | None = None
    """The classroom table the record is of (its ``"table"``), if any."""
    match: str | None = None
    """When that table's match began (its ``"created"``, as ``YYYY-MM-DD HH:MM`` UTC), if the record says."""

    def __repr__(self) -> str:
        counts = ", ".join(f"{sum(1 for r in self.rows if r.grade is g)} {g.value}" for g in Grade)
        where = "" if self.place is None else f" ({self.place})"
        return (f"review(record, seat={self.seat}, samples={self.samples}, seed={self.seed})  "
                f"# {len(self.rows)} of {self.decisions} decisions of {self.player}{where}: {counts}")

    @property
    def place(self) -> str | None:
        """Which table and match the review is of, in its language ("Table 3B, match of 2026-12-06 10:40"), or
        None for a record of no classroom table."""
        if self.table is None:
            return None
        if self.match is None:
            return message("review.of_table.undated", self.language, table=self.table)
        return message("review.of_table", self.language, table=self.table, date=self.match)

    def __len__(self) -> int:
        return len(self.rows)

    @property
    def complete(self) -> bool:
        """Whether every decision of the seat in the record is graded."""
        return len(self.rows) == self.decisions

    @property
    def player(self) -> str:
        """The reviewed player's name (the seat's name when the record carries none)."""
        return player_name(self.seat, self.names, self.language)

    @property
    def team(self) -> int:
        return team_of(self.seat)

    @property
    def flagged(self) -> tuple[Graded, ...]:
        """The decisions graded worse than good, costliest first."""
        return tuple(sorted((r for r in self.rows if r.grade.flagged), key=lambda r: -r.cost))

    @property
    def summary(self) -> tuple[Tally, ...]:
        """The decisions counted per kind and the calls per lance (:func:`.grading.tally`)."""
        return tally(self.rows)

    def prefix(self, row: Graded | int) -> dict[str, Any]:
        """The record up to the decision ``row`` (a :class:`Graded` or its row number): replayed
        (``Game.from_record``), it is the game at that moment, the reviewed seat to move."""
        graded_row = self.rows[row] if isinstance(row, int) else row
        return record_prefix(self.record, graded_row.at)

    def to_records(self) -> list[dict[str, Any]]:
        """Every decision as a flat dict (``Graded.to_record``): ``pandas.DataFrame(review.to_records())``."""
        return [row.to_record(self.language) for row in self.rows]

    def in_language(self, language: str) -> Review:
        """The same review, its sentences and pictures in ``language``."""
        return Review(self.seat, self.rows, self.decisions, self.points, self.record, self.names,
                      check_language(language), self.samples, self.seed, self.table, self.match)

    def chart(self) -> str:
        """The chart as SVG: the team's chance of winning the game after each hand, and the chance lost at each
        decision, marked by its grade (:func:`.review_chart.chart_svg`)."""
        return chart_svg(self.points, self.rows, self.seat, self.names, self.language)

    def _repr_html_(self) -> str:
        t = functools.partial(message, language=self.language)
        parts = [f'<h3 style="margin:0 0 4px 0">{html.escape(t("review.title", player=self.player))}</h3>']
        if self.place is not None:
            parts.append(f'<p class="mus-review-place" style="margin:0 0 4px 0;color:{MUTED}">'
                         f"{html.escape(self.place)}</p>")
        if not self.rows:
            parts.append(f"<p>{html.escape(t('review.none', player=self.player))}</p>")
            return page("".join(parts), "review")
        if not self.complete:
            parts.append(f'<p style="color:{MUTED}">'
                         f'{html.escape(t("review.pending", done=len(self.rows), count=self.decisions))}</p>')
        parts += [self.chart(), tally_table(self.summary, self.language),
                  decisions_table(self.rows, self.language)]
        return page("".join(parts), "review")


def record_prefix(record: Record, at: int) -> dict[str, Any]:
    """``record`` cut before action ``at``, with the señas made up to then: the game at that moment."""
    data = record.to_dict()
    data["actions"] = data["actions"][:at]
    data["senas"] = [s for s in data["senas"] if s["at"] <= at]
    return data


RecordLike = Record | Mapping[str, Any] | str | Game
"""What a review reads: a :class:`Record`, its dict or JSON text (a classroom record too), or a :class:`Game`."""


def read_place(source: RecordLike) -> tuple[str | None, str | None]:
    """The classroom table a record is of and when its match began (``"table"``, ``"created"``), if it says."""
    data = json.loads(source) if isinstance(source, str) and '"table"' in source else source
    if not isinstance(data, Mapping):
        return None, None
    table, created = data.get("table"), data.get("created")
    match = (time.strftime("%Y-%m-%d %H:%M", time.gmtime(created))
             if isinstance(created, int | float) and not isinstance(created, bool) else None)
    return (table if isinstance(table, str) else None), match


def read_record(source: RecordLike) -> tuple[Record, tuple[str, str, str, str] | None]:
    """The record of ``source`` and the players' names it carries (a ``"names"`` list of four), if any."""
    if isinstance(source, Game):
        return Record.read(source.record()), None
    if isinstance(source, Record):
        return source, None
    record = Record.read(source if isinstance(source, str) else dict(source))
    data = json.loads(source) if isinstance(source, str) and '"names"' in source else source
    names = data.get("names") if isinstance(data, Mapping) else None
    if names is None:
        return record, None
    if isinstance(names, str) or not isinstance(names, Sequence) or len(names) != 4:
        raise RecordError(f"a record's 'names' are four, one per seat, not {names!r}")
    return record, (str(names[0] or ""), str(names[1] or ""), str(names[2] or ""), str(names[3] or ""))


class _Assessor(ExpertBot):
    """The expert as a review asks it: draws of its own (never those of an expert that played the game), and
    reading every seña the seat saw. At this table every player sees every seña and the bots make only true
    ones, so a hand that contradicts an opponent's seña is no possible world: weighed among the others it made
    a quiero to an órdago after "two reyes" look tens of points cheaper than it played out
    (benchmarks/review_costs.py)."""

    level = "review"
    catch = True


@dataclass(frozen=True, slots=True)
class _Moment:
    """A decision of the reviewed seat as the replay met it: before action ``at``, in ``game``, saying ``action``."""

    at: int
    game: Game
    action: Action
    key: bytes
    """The digest of the record up to this decision (what its grade is kept under, with the review's seat,
    samples and seed)."""


class Reviewer:
    """Grades the decisions of ``seat`` in a game record one at a time, each from the seat's observation then
    and the earlier hands it saw: :meth:`pending` lists the decisions not graded yet, :meth:`grade` grades one
    (some tens of milliseconds), :meth:`review` grades the rest and returns the :class:`Review`. The same
    record, seat, samples and seed give the same grades in any order. :meth:`extend` takes the record of the
    same game further, for a game still being played."""

    def __init__(self, source: RecordLike, seat: int, *, samples: int = SAMPLES, seed: int = 0,
                 names: Sequence[str] | None = None, language: str = "en") -> None:
        check_seat(seat)
        if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2 * BATCHES:
            raise ValueError(f"samples is a whole number of at least {2 * BATCHES}, not {samples!r}")
        record, carried = read_record(source)
        self.seat = seat
        self.samples = samples
        self.seed = seed
        self.language = check_language(language)
        chosen = carried if names is None else tuple(names)
        if chosen is not None and len(chosen) != 4:
            raise ValueError(f"names are four, one per seat, not {names!r}")
        self.names: tuple[str, str, str, str] | None = (
            None if chosen is None else (chosen[0], chosen[1], chosen[2], chosen[3]))
        self.table, self.match = read_place(source)
        self._record = Record(record.rules, record.seed, record.deal, (), (), record.version)
        self._digest = hashlib.blake2b(repr((record.rules, record.seed, record.deal, record.version)).encode(),
                                       digest_size=20)
        start = Game.opening(record)
        self._game = start
        self._memory = Memory()
        self._memories: dict[tuple[int, int], Memory] = {}
        self._moments: list[_Moment] = []
        self._graded: dict[int, Graded] = {}
        self._points: list[HandPoint] = []
        self._remember(start)
        self._points.append(HandPoint(start.game_number, 0, self._scores(start), self._chance(start)))
        self.extend(record)

    def __repr__(self) -> str:
        return (f"<Reviewer of seat {self.seat}: {len(self._moments)} decisions, {len(self._graded)} graded, "
                f"{len(self._record.actions)} actions read>")

    @property
    def decisions(self) -> int:
        """How many decisions of the seat the record holds so far."""
        return len(self._moments)

    def pending(self) -> tuple[int, ...]:
        """The row numbers of the decisions not graded yet, in the order they were made."""
        return tuple(row for row in range(len(self._moments)) if row not in self._graded)

    def extend(self, source: RecordLike) -> None:
        """Read more of the same game: ``source`` is its record further on (the actions read so far, then more).
        Raises :class:`RecordError` for the record of another game, or one that does not replay."""
        record, _ = read_record(source)
        old = self._record
        if (record.rules, record.seed, record.deal) != (old.rules, old.seed, old.deal) or \
                record.actions[: len(old.actions)] != old.actions or record.senas[: len(old.senas)] != old.senas:
            raise RecordError("the record is not the one being reviewed, taken further: its rules, seed, deal, or "
                              "the actions and señas read so far differ")
        if record.version == 1:
            Game.replay(record)  # an older record replays only as far as it deals the same cards: say where not
        game = self._game
        senas = record.senas[len(old.senas):]
        cursor = 0
        for index in range(len(old.actions), len(record.actions) + 1):
            while cursor < len(senas) and senas[cursor].at <= index:
                made = senas[cursor]
                game = _replayed(game, index, sena=(made.seat, made.sena))
                self._digest.update(f"s{made.seat}:{made.sena}@{made.at};".encode())
                cursor += 1
            if index == len(record.actions):
                break
            text = record.actions[index]
            if game.to_move == self.seat:
                self._moments.append(_Moment(index, game, Action.parse(text), self._digest.digest()))
            self._digest.update(f"a{text};".encode())
            after = _replayed(game, index, action=text)
            if (after.game_number, after.hand_number) != (game.game_number, game.hand_number) or after.is_over:
                self._hand_ended(game, after)
            game = after
        self._game = game
        self._record = record

    def grade(self, row: int) -> Graded:
        """Grade decision ``row`` (0 is the seat's first), or return its grade if done already."""
        done = self._graded.get(row)
        if done is not None:
            return done
        moment = self._moments[row]
        key = (self.seat, self.samples, self.seed, moment.key)
        done = GRADES.get(key)
        if done is not None:
            self._graded[row] = done
            return done
        bot = self.assessor(row)
        game = moment.game
        obs = game.observe(self.seat)
        evaluation = bot.evaluate(obs, (moment.action,), batches=BATCHES)
        hindsight = None
        if obs.betting is not None:
            known = bot.hindsight(obs, game.hands)
            hindsight = Hindsight(known.choice.text, known.chosen.chance, bool(known.lance_chance))
        done = graded(row, moment.at, obs, moment.action, evaluation, hindsight=hindsight)
        self._graded[row] = done
        GRADES.keep(key, done)
        return done

    def moment(self, row: int) -> Game:
        """The game at decision ``row``, the seat to move (as :meth:`Review.prefix` replayed gives it)."""
        if not 0 <= row < len(self._moments):
            raise IndexError(f"no decision {row}: seat {self.seat} made {len(self._moments)} so far")
        return self._moments[row].game

    def assessor(self, row: int) -> ExpertBot:
        """The expert that weighs decision ``row``: the review's seed and samples, and the memory of the earlier
        hands the seat had then (a fresh one each call). Its worlds are the deals of the unseen cards a grade
        is weighed over (benchmarks/review_costs.py plays the decision out from them)."""
        game = self.moment(row)
        bot = _Assessor(self.seed)
        bot.samples = self.samples
        bot.draws = max(16, self.samples // 4 // BATCHES * BATCHES)
        bot.memory = copy.deepcopy(self._memories[(game.game_number, game.hand_number)])
        return bot

    def review(self) -> Review:
        """Grade every decision still pending and return the review."""
        for row in self.pending():
            self.grade(row)
        return self.so_far()

    def so_far(self) -> Review:
        """The review of the decisions graded so far (``complete`` says whether that is all of them)."""
        rows = tuple(self._graded[row] for row in sorted(self._graded))
        return Review(self.seat, rows, len(self._moments), tuple(self._points), self._record, self.names,
                      self.language, self.samples, self.seed, self.table, self.match)

    # ------------------------------------------------------------------ the replay

    def _remember(self, game: Game) -> None:
        """Show the seat's memory the start of a hand (which carries the hand before), and keep it for the
        decisions of that hand."""
        self._memory.update(game.observe(self.seat))
        self._memories[(game.game_number, game.hand_number)] = copy.deepcopy(self._memory)

    def _hand_ended(self, before: Game, after: Game) -> None:
        team = team_of(self.seat)
        last = after.last_hand
        assert last is not None
        scores = (last.scores[team], last.scores[other_team(team)])
        won = after.games_won[team] > before.games_won[team]
        lost = after.games_won[other_team(team)] > before.games_won[other_team(team)]
        if not after.is_over:
            self._remember(after)
        chance = 1.0 if won else 0.0 if lost else self._chance(after)
        self._points.append(HandPoint(before.game_number, before.hand_number, scores, chance))
        if after.game_number != before.game_number and not after.is_over:  # the next game of a vaca
            self._points.append(HandPoint(after.game_number, 0, self._scores(after), self._chance(after)))

    def _scores(self, game: Game) -> tuple[int, int]:
        team = team_of(self.seat)
        return game.scores[team], game.scores[other_team(team)]

    def _chance(self, game: Game) -> float:
        """The team's chance of winning the game from the scores of ``game``, as the expert reads the other team."""
        obs = game.observe(self.seat)
        styles = self._memory.styles(obs)
        reading = Reading.of([styles[s] for s in range(4) if team_of(s) != team_of(self.seat)])
        ours, theirs = self._scores(game)
        return reading.playing_on(ours, theirs, game.rules.target)


def _replayed(game: Game, index: int, *, action: str | None = None, sena: tuple[int, str] | None = None) -> Game:
    """``game`` after ``action`` (number ``index`` of the record) or the seña ``sena`` made before it."""
    try:
        if sena is not None:
            return game.sena(*sena)
        assert action is not None
        return game.apply(action)
    except MusError as error:
        what = f"the seña before action {index}" if sena is not None else f"action {index}"
        raise RecordError(f"{what} does not replay: {error}") from None


def review(source: RecordLike, seat: int = 0, *, samples: int = SAMPLES, seed: int = 0,
           names: Sequence[str] | None = None, language: str = "en") -> Review:
    """Every decision of ``seat`` in the game record ``source`` graded (:class:`Reviewer`)."""
    return Reviewer(source, seat, samples=samples, seed=seed, names=names, language=language).review()


__all__ = ["BATCHES", "GRADES", "KEPT_GRADES", "SAMPLES", "RecordLike", "Review", "Reviewer", "read_place",
           "read_record", "record_prefix", "review"]
