"""How fast and how honest the review of a game is (mus_widget.teaching.review; docs/review.md).

Run ``python benchmarks/review.py --games 50 --seed 1``. It measures three things and prints, last, one JSON line:

- **Speed.** A game of ten hands (seat 0 a novice, standing in for the student, against experts, to 100 points so
  that ten hands are played; the record cut after the tenth), reviewed whole after the game, and one decision at
  a time as a table would during the game (a :class:`Reviewer` taken along the record, grading each decision as
  soon as it is made). CPU seconds of this process and wall seconds; the per-decision p50 and p95 in ms; and
  what is left once the game ends when each decision was graded in the idle time after it: the last decision,
  and (were the table to grade only between hands) the decisions of the last hand.
- **Noise.** Decisions of bot games, each graded with ``--seeds`` different seeds: the standard deviation of the
  cost (in percentage points of the chance of winning the game, not clipped at 0) per decision; the batch-means
  estimate of the same noise that every grade carries, and how the two compare; how often a decision's grade
  (flagged or not) changes from seed to seed; and how many decisions were flagged with a cost within twice their
  measured noise (the review's promise: none).
- **Flag rates per level.** ``--games`` games per level with seat 0 played by ``random``, ``novice`` and
  ``expert`` (the other three seats novices), seat 0 reviewed with a seed of its own: the share of its decisions
  graded mistake or blunder, the share flagged at all, and (for the expert) the share graded good.

At a terminal a bar on standard error counts the games reviewed, as their reviews come back (``--quiet``: none).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import statistics
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from mus_widget.bots import make_bot
from mus_widget.bots.turns import advance
from mus_widget.engine.game import Game
from mus_widget.engine.record import Record
from mus_widget.engine.rules import Rules
from mus_widget.i18n.progress import Progress, add_quiet, plain, silent
from mus_widget.teaching.grading import Grade
from mus_widget.teaching.review import GRADES, SAMPLES, Reviewer, record_prefix

LEVELS = ("random", "novice", "expert")


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def played(level: str, seed: int, rules: Rules = Rules()) -> dict[str, Any]:
    """The record of a game with seat 0 played by ``level`` and the other seats by novices."""
    bots = {0: make_bot(level, 4 * seed), **{s: make_bot("novice", 4 * seed + s) for s in (1, 2, 3)}}
    game, _ = advance(Game.new(seed=seed, rules=rules), bots)
    return game.record()


def ten_hands(seed: int) -> dict[str, Any]:
    """A record of ten hands: seat 0 a novice, the others experts, to 100 points, cut after the tenth hand."""
    bots = {0: make_bot("novice", 4 * seed), **{s: make_bot("expert", 4 * seed + s) for s in (1, 2, 3)}}
    game = Game.new(seed=seed, rules=Rules(target=100))
    while not game.is_over and (game.game_number, game.hand_number) <= (1, 10):
        game, _ = advance(game, bots, limit=1)
    record = Record.read(game.record())
    replay = Game.new(seed=record.seed, rules=record.rules)
    for at, action in enumerate(record.actions):
        replay = replay.apply(action)
        if replay.hand_number > 10 or replay.is_over:
            return record_prefix(record, at + 1)
    return record.to_dict()


def timed(call: Callable[[], Any]) -> tuple[Any, float, float]:
    cpu, wall = time.process_time(), time.perf_counter()
    result = call()
    return result, time.process_time() - cpu, time.perf_counter() - wall


def speed(seed: int, samples: int) -> dict[str, Any]:
    """Review a ten-hand game whole, then one decision at a time along the record."""
    record = ten_hands(seed)
    Reviewer(record, 0, samples=samples, seed=seed).grade(0)  # warm the tables every review reads
    GRADES.clear()  # but time the grading itself: no grade kept from before
    whole, cpu, wall = timed(lambda: Reviewer(record, 0, samples=samples, seed=seed).review())
    GRADES.clear()
    actions = record["actions"]
    reviewer = Reviewer({**record, "actions": [], "senas": []}, 0, samples=samples, seed=seed)
    per: list[float] = []
    hands: dict[int, list[float]] = {}
    for at in range(1, len(actions) + 1):
        reviewer.extend(record_prefix(Record.read(record), at))
        for row in reviewer.pending():
            graded, used, _ = timed(functools.partial(reviewer.grade, row))
            per.append(1000 * used)
            hands.setdefault(graded.hand, []).append(used)
    last_hand = hands[max(hands)]
    return {
        "hands": 10, "decisions": len(whole.rows), "review_cpu_s": round(cpu, 2), "review_wall_s": round(wall, 2),
        "decision_cpu_ms_p50": round(percentile(per, 0.5), 1), "decision_cpu_ms_p95": round(percentile(per, 0.95), 1),
        "decision_cpu_ms_max": round(max(per), 1), "after_game_last_decision_cpu_s": round(per[-1] / 1000, 3),
        "after_game_last_hand_cpu_s": round(sum(last_hand), 3),
    }


def grades_of(task: tuple[str, int, int]) -> list[tuple[str, str, float]]:
    """Seat 0's grades (kind, grade, cost) in one game of ``level``, reviewed with a seed of its own."""
    level, seed, samples = task
    done = Reviewer(played(level, seed), 0, samples=samples, seed=10_000 + seed).review()
    return [(row.kind.value, row.grade.value, row.cost) for row in done.rows]


def noise_of(task: tuple[dict[str, Any], int, int, int]) -> list[dict[str, Any]]:
    """Every decision of seat 0 in one record graded with ``seeds`` seeds: its costs, estimated noises, grades."""
    record, seeds, samples, first = task
    reviews = [Reviewer(record, 0, samples=samples, seed=first + s).review() for s in range(seeds)]
    out = []
    for rows in zip(*(r.rows for r in reviews), strict=True):
        out.append({
            "kind": rows[0].kind.value,
            "differences": [100 * (r.best_chance - r.chance) for r in rows],
            "costs": [r.cost for r in rows],
            "noises": [r.noise for r in rows],
            "flagged": [r.grade.flagged for r in rows],
        })
    return out


def noise(records: list[dict[str, Any]], seeds: int, samples: int, jobs: int, *,
          progress: Progress | None = None) -> dict[str, Any]:
    """How much a decision's cost moves from one seed of the review to another, over every decision of
    ``records``; each record counted on ``progress`` as its reviews come back."""
    tasks = [(record, seeds, samples, 500 + 10 * n) for n, record in enumerate(records)]
    decisions = [d for found in run(noise_of, tasks, jobs, progress) for d in found]
    spreads = [statistics.stdev(d["differences"]) for d in decisions]
    estimated = [statistics.mean(d["noises"]) for d in decisions]
    moved = [d for d in decisions if statistics.mean(d["differences"]) > 0.5]
    ratio = [s / e for s, e, d in zip(spreads, estimated, decisions, strict=True) if e > 0.05]
    unstable = sum(1 for d in decisions if len(set(d["flagged"])) > 1)
    within = sum(1 for d, s in zip(decisions, spreads, strict=True)
                 for cost, flag in zip(d["costs"], d["flagged"], strict=True) if flag and cost <= 2 * s)
    by_kind = {}
    for kind in ("mus", "discard", "call"):
        theirs = [s for s, d in zip(spreads, decisions, strict=True) if d["kind"] == kind]
        if theirs:
            by_kind[kind] = {"decisions": len(theirs), "stdev_pp_median": round(statistics.median(theirs), 3),
                             "stdev_pp_p95": round(percentile(theirs, 0.95), 3), "stdev_pp_max": round(max(theirs), 3)}
    return {
        "decisions": len(decisions), "seeds": seeds, "stdev_pp_median": round(statistics.median(spreads), 3),
        "stdev_pp_p95": round(percentile(spreads, 0.95), 3), "stdev_pp_max": round(max(spreads), 3),
        "stdev_pp_median_costly": round(statistics.median([statistics.stdev(d["differences"]) for d in moved]), 3)
        if len(moved) > 1 else None,
        "estimated_pp_median": round(statistics.median(estimated), 3),
        "measured_over_estimated_median": round(statistics.median(ratio), 2) if ratio else None,
        "measured_over_estimated_p95": round(percentile(ratio, 0.95), 2) if ratio else None,
        "grade_changes_with_the_seed": unstable, "flagged_within_twice_the_noise": within, "by_kind": by_kind,
    }


def rates(level: str, games: int, seed: int, samples: int, jobs: int, *,
          progress: Progress | None = None) -> dict[str, Any]:
    """The shares of seat 0's decisions flagged in ``games`` games of ``level``; each game counted on
    ``progress`` as its review comes back."""
    tasks = [(level, seed + n, samples) for n in range(games)]
    grades = [g for found in run(grades_of, tasks, jobs, progress) for g in found]
    count = len(grades)
    bad = sum(1 for _, grade, _ in grades if grade in (Grade.MISTAKE.value, Grade.BLUNDER.value))
    flagged = sum(1 for _, grade, _ in grades if grade != Grade.GOOD.value)
    return {"games": games, "decisions": count, "mistake_or_blunder": round(bad / count, 4),
            "flagged": round(flagged / count, 4), "good": round(1 - flagged / count, 4),
            "blunders": sum(1 for _, grade, _ in grades if grade == Grade.BLUNDER.value)}


def run(function: Callable[[Any], Any], tasks: list[Any], jobs: int, progress: Progress | None = None) -> list[Any]:
    """``function`` of every task, in ``jobs`` processes, in order; each counted on ``progress`` as it comes back."""
    bar = silent() if progress is None else progress
    out: list[Any] = []
    with ProcessPoolExecutor(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        for result in map(function, tasks) if pool is None else pool.map(function, tasks):
            out.append(result)
            bar.advance()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=plain(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=50, help="games per level for the flag rates")
    parser.add_argument("--noise-games", type=int, default=6, help="games per level whose decisions measure noise")
    parser.add_argument("--seeds", type=int, default=5, help="seeds each of those decisions is graded with")
    parser.add_argument("--samples", type=int, default=SAMPLES,
                        help="worlds the review weighs for each decision (default %(default)s, the review's own)")
    parser.add_argument("--seed", type=int, default=1, help="where the games' deals start (default %(default)s)")
    parser.add_argument("--jobs", type=int, default=1, help="how many processes to share the reviews between")
    parser.add_argument("--skip", nargs="*", default=[], choices=["speed", "noise", "rates"],
                        help="the measures to leave out")
    add_quiet(parser)
    args = parser.parse_args(argv)
    figures: dict[str, Any] = {"samples": args.samples, "seed": args.seed}
    total = (("speed" not in args.skip) + ("noise" not in args.skip) * len(LEVELS) * args.noise_games
             + ("rates" not in args.skip) * len(LEVELS) * args.games)
    with Progress(total, "games reviewed", quiet=args.quiet) as bar:
        if "speed" not in args.skip:
            figures["speed"] = speed(args.seed, args.samples)
            bar.advance()
            bar.write(f"speed {json.dumps(figures['speed'])}")
            sys.stdout.flush()
        if "noise" not in args.skip:
            records = [played(level, args.seed + 100 + n) for level in LEVELS for n in range(args.noise_games)]
            figures["noise"] = noise(records, args.seeds, args.samples, args.jobs, progress=bar)
            bar.write(f"noise {json.dumps(figures['noise'])}")
            sys.stdout.flush()
        if "rates" not in args.skip:
            figures["rates"] = {level: rates(level, args.games, args.seed, args.samples, args.jobs, progress=bar)
                                for level in LEVELS}
            bar.write(f"rates {json.dumps(figures['rates'])}")
            sys.stdout.flush()
    print(json.dumps(figures))
    return 0

if __name__ == "__main__":
    sys.exit(main())
