"""How long a teacher waits for the class's summary (mw.review_summary; docs/review.md, "For a teacher").

Run ``python benchmarks/class_review.py``. It builds the records of a class: ``--students`` students (25) at
``--tables`` tables (7), each table a seeded match of novices to ``--target`` points, the students' seats named in
its record like a classroom record (``"table"``, ``"names"``, ``"created"``), the other seats bots. While each
match is played, every student's decisions are graded as the game goes, one :class:`Reviewer` per student taken
along the record, as the student's table grades in the idle time between moves. Then it times
``review_summary(records)``, which reuses those grades (:data:`mus_widget.teaching.review.GRADES`) and weighs
nothing again; with ``--cold`` it also times the same summary with no grade kept (a fresh process), the cost the
reuse saves. It prints the figures and, last, one JSON line.

At a terminal a bar on standard error counts the matches played and graded (``--quiet``: none).
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from mus_widget.bots import make_bot
from mus_widget.bots.turns import advance
from mus_widget.engine.game import Game
from mus_widget.engine.rules import Rules
from mus_widget.i18n.progress import Progress, add_quiet, plain
from mus_widget.teaching.class_review import review_summary
from mus_widget.teaching.review import GRADES, SAMPLES, Reviewer

NAMES = ("Ana", "Bea", "Carla", "Dani", "Eneko", "Fátima", "Gorka", "Hugo", "Irene", "Jon", "Koldo", "Lucía", "Mikel",
         "Nerea", "Oier", "Paula", "Quique", "Rocío", "Sara", "Telmo", "Unai", "Vera", "Xabi", "Yara", "Zuriñe")


def seating(students: int, tables: int) -> list[list[str | None]]:
    """The names of each table's four seats: the students dealt round the tables, the seats left over bots."""
    if not 0 < students <= 4 * tables:
        raise SystemExit(f"class_review.py: {students} students do not fit {tables} tables of four")
    seats: list[list[str | None]] = [[None] * 4 for _ in range(tables)]
    for number in range(students):
        name = NAMES[number % len(NAMES)] + ("" if number < len(NAMES) else f" {number // len(NAMES) + 1}")
        seats[number % tables][number // tables] = name
    return seats


def play_and_grade(table: int, names: list[str | None], seed: int, target: int,
                   samples: int) -> tuple[dict[str, Any], int, float]:
    """One table's match, its students graded as it goes: the classroom record, their decisions, CPU seconds."""
    bots = {seat: make_bot("novice", 4 * seed + seat) for seat in range(4)}
    game = Game.new(seed=seed, rules=Rules(target=target))
    reviewers: dict[int, Reviewer] = {}
    graded = 0
    cpu = 0.0
    while not game.is_over:
        game, _ = advance(game, bots, limit=1)
        started = time.process_time()
        for seat, name in enumerate(names):
            if name is None:
                continue
            if seat not in reviewers:
                reviewers[seat] = Reviewer(game, seat, samples=samples)
            else:
                reviewers[seat].extend(game)
            for row in reviewers[seat].pending():
                reviewers[seat].grade(row)
                graded += 1
        cpu += time.process_time() - started
    record = {**game.record(), "table": f"T{table + 1}", "names": names, "created": 1764770000.0 + 3600 * table}
    return record, graded, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=plain(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--students", type=int, default=25, help="students in the class (default %(default)s)")
    parser.add_argument("--tables", type=int, default=7, help="tables they sit at (default %(default)s)")
    parser.add_argument("--target", type=int, default=20, help="points each match is played to (default %(default)s)")
    parser.add_argument("--samples", type=int, default=SAMPLES,
                        help="possible worlds each decision is weighed over (default %(default)s, the review's)")
    parser.add_argument("--seed", type=int, default=1, help="where the tables' deals start (default %(default)s)")
    parser.add_argument("--cold", action="store_true",
                        help="also time the summary with no grade kept, every decision weighed afresh (slow)")
    add_quiet(parser)
    args = parser.parse_args(argv)
    seats = seating(args.students, args.tables)
    records: list[dict[str, Any]] = []
    graded = 0
    cpu = 0.0
    with Progress(args.tables, "matches played and graded", quiet=args.quiet) as bar:
        for table, names in enumerate(seats):
            record, count, spent = play_and_grade(table, names, args.seed + table, args.target, args.samples)
            records.append(record)
            graded, cpu = graded + count, cpu + spent
            bar.advance()
    hits = GRADES.hits
    wall = time.perf_counter()
    summary = review_summary(records, samples=args.samples)
    warm = time.perf_counter() - wall
    reused = GRADES.hits - hits
    decisions = sum(p.decisions for p in summary.players)
    print(f"{args.students} students at {args.tables} tables, matches to {args.target}: {decisions} decisions")
    print(f"graded at the tables as the games went: {cpu:.1f} s CPU in all ({cpu / max(1, args.students):.2f} s "
          f"per student, spread over the match)")
    print(f"review_summary afterwards: {warm:.2f} s ({reused} of {decisions} grades reused)")
    cold = None
    if args.cold:
        GRADES.clear()
        wall = time.perf_counter()
        review_summary(records, samples=args.samples)
        cold = time.perf_counter() - wall
        print(f"review_summary with no grade kept: {cold:.1f} s")
    print(json.dumps({"students": args.students, "tables": args.tables, "target": args.target,
                      "samples": args.samples, "decisions": decisions, "players": len(summary.players),
                      "graded_at_tables_cpu_s": round(cpu, 2), "summary_s": round(warm, 3),
                      "reused": reused, "summary_cold_s": None if cold is None else round(cold, 2)}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
