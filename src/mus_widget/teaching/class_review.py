"""A teacher's summary over many game records: per player, the decisions graded per kind and lance, and the
three costliest, each with the record up to that moment to open it again.

``review_summary(records)`` reviews the seats of every record (:func:`.review.review`) and puts each player's
decisions together: by the table a classroom record is of (its ``"table"``) and the name the record carries for
the seat (a ``"names"`` list of four), or by the seat. A decision graded before in this process (at the table as
the game went, or by an earlier review) is not weighed again (:data:`.review.GRADES`).
"""

from __future__ import annotations

import functools
import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final

from ..engine.seats import SEATS
from ..i18n.catalogues import message
from .grading import Graded, Tally, call_text, tally
from .review import SAMPLES, RecordLike, Review, Reviewer, read_record
from .review_chart import CELL, HEAD, moment_name, page, tally_table

COSTLIEST: Final = 3
"""How many of a player's costliest decisions the summary keeps."""


@dataclass(frozen=True, slots=True)
class Costly:
    """One of a player's costliest decisions: the review it belongs to, its place among the records given
    (``record``, from 0) and the graded decision. :meth:`prefix` is the record up to that moment."""

    record: int
    review: Review
    row: Graded

    def prefix(self) -> dict[str, Any]:
        """The game record up to this decision: ``Game.from_record`` replays it to that moment."""
        return self.review.prefix(self.row)


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """One player's decisions over the records of one table (``table``: None for records of no classroom
    table): ``games`` reviewed, the decisions per kind and lance (:func:`.grading.tally`), and the
    :data:`COSTLIEST` costliest, costliest first."""

    player: str
    games: int
    tallies: tuple[Tally, ...]
    costliest: tuple[Costly, ...]
    table: str | None = None

    @property
    def decisions(self) -> int:
        return sum(t.decisions for t in self.tallies)

    def heading(self, language: str = "en") -> str:
        """"Ana at table 3B", or the player's name alone for records of no table."""
        if self.table is None:
            return self.player
        return message("review.class.player_at", language, player=self.player, table=self.table)


@dataclass(frozen=True, slots=True)
class ClassSummary:
    """Every player's :class:`PlayerSummary` (one per table and student), in the order they first appear, and
    the reviews behind them."""

    players: tuple[PlayerSummary, ...]
    reviews: tuple[Review, ...]
    language: str = "en"

    def __repr__(self) -> str:
        who = ", ".join(f"{p.heading()} ({p.decisions} decisions)" for p in self.players)
        return f"review_summary(records)  # {len(self.reviews)} reviews: {who}"

    def player(self, name: str, table: str | None = None) -> PlayerSummary:
        """The summary of the player called ``name`` (at ``table``: the first table they sat at when None);
        KeyError if none."""
        for summary in self.players:
            if summary.player == name and (table is None or summary.table == table):
                return summary
        raise KeyError(f"no player {name!r}{'' if table is None else f' at table {table!r}'}; the players are "
                       f"{', '.join(p.heading() for p in self.players)}")

    @property
    def by_table(self) -> dict[tuple[str | None, str], PlayerSummary]:
        """Every summary by ``(table, player)``: what a teacher files."""
        return {(p.table, p.player): p for p in self.players}

    def _repr_html_(self) -> str:
        t = functools.partial(message, language=self.language)
        parts = [f'<h3 style="margin:0 0 4px 0">{html.escape(t("review.class.title"))}</h3>']
        for summary in self.players:
            games = t("review.class.games")
            table = "" if summary.table is None else f' data-table="{html.escape(summary.table)}"'
            parts.append(f'<h4 style="margin:10px 0 2px 0" data-player="{html.escape(summary.player)}"{table}>'
                         f"{html.escape(summary.heading(self.language))} · {html.escape(games)}: "
                         f"{summary.games}</h4>")
            parts.append(tally_table(summary.tallies, self.language))
            if summary.costliest:
                items = "".join(
                    f'<li data-record="{c.record}" data-decision="{c.row.row}" data-at="{c.row.at}" '
                    f'style="{CELL};border:0">{html.escape(_costly_text(c, self.language))}</li>'
                    for c in summary.costliest)
                parts.append(f'<div style="{HEAD};border:0;font-weight:600">'
                             f'{html.escape(t("review.class.costliest"))}</div><ol style="margin:2px 0">{items}</ol>')
        return page("".join(parts), "summary")


def _costly_text(costly: Costly, language: str) -> str:
    row = costly.row
    if costly.review.table is not None:
        return message("review.class.costly_at", language, table=costly.review.table, hand=row.hand,
                       moment=moment_name(row, language), action=call_text(row.action, language),
                       best=call_text(row.best, language), cost=round(row.cost, 1))
    return message("review.class.costly", language, record=costly.record + 1, hand=row.hand,
                   moment=moment_name(row, language), action=call_text(row.action, language),
                   best=call_text(row.best, language), cost=round(row.cost, 1))


def reviewers(records: Iterable[RecordLike | Review], *, seats: Sequence[int] | None = None, samples: int = SAMPLES,
              seed: int = 0, language: str = "en") -> list[tuple[int, Reviewer | Review]]:
    """A reviewer for each of ``seats`` of every record (by default the seats the record names, or all four when
    it names none), by the record's place among those given; a :class:`Review` given is kept as it is (in
    ``language``). Nothing is graded yet: :func:`summed` takes them once they are."""
    out: list[tuple[int, Reviewer | Review]] = []
    for index, source in enumerate(records):
        if isinstance(source, Review):
            out.append((index, source.in_language(language)))
            continue
        _, names = read_record(source)
        chosen = seats if seats is not None else (
            [s for s in SEATS if names[s]] if names is not None else list(SEATS))
        out.extend((index, Reviewer(source, seat, samples=samples, seed=seed, names=names, language=language))
                   for seat in chosen)
    return out


def summed(reviews: Iterable[tuple[int, Review]], language: str = "en") -> ClassSummary:
    """Each player's decisions in ``reviews`` (each by its record's place) summed up, with their costliest."""
    reviews = list(reviews)
    by_player: dict[tuple[str | None, str], list[tuple[int, Review]]] = {}
    for index, done in reviews:
        by_player.setdefault((done.table, done.player), []).append((index, done))
    players = []
    for (table, name), theirs in by_player.items():
        rows = [row for _, done in theirs for row in done.rows]
        costly = sorted(((index, done, row) for index, done in theirs for row in done.rows if row.grade.flagged),
                        key=lambda item: -item[2].cost)[:COSTLIEST]
        players.append(PlayerSummary(name, len(theirs), tally(rows),
                                     tuple(Costly(index, done, row) for index, done, row in costly), table))
    return ClassSummary(tuple(players), tuple(done for _, done in reviews), language)


def review_summary(records: Iterable[RecordLike | Review], *, seats: Sequence[int] | None = None,
                   samples: int = SAMPLES, seed: int = 0, language: str = "en") -> ClassSummary:
    """Review ``seats`` of every record (by default the seats the record names, or all four when it names none;
    a :class:`Review` given is taken as it is) and sum up each player's decisions."""
    made = reviewers(records, seats=seats, samples=samples, seed=seed, language=language)
    return summed(((index, r if isinstance(r, Review) else r.review()) for index, r in made), language)


__all__ = ["COSTLIEST", "ClassSummary", "Costly", "PlayerSummary", "review_summary", "reviewers", "summed"]
