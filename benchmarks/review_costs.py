"""Whether a review's costs are what its decisions really cost: graded decisions played out to the end of the game.

A review (mus_widget.teaching.review; docs/review.md) states what each decision cost in the team's chance of
winning the game, as the expert's model weighs it. This benchmark measures it instead:

1. ``--games`` games with seat 0 played by ``--level`` (``random`` by default) and the other seats by
   ``--others`` (novices); seat 0 reviewed with a seed of its own (``10000 + seed``, as benchmarks/review.py).
2. Among the decisions whose call differs from the expert's, up to ``--per-grade`` of each grade (good,
   inaccuracy, mistake, blunder), drawn at random. (A decision that is the expert's own call costs exactly 0
   here: both options are the same game.)
3. Each sampled decision is played out ``--playouts`` times from its moment, once with the seat's call and once
   with the expert's, then to the end of the game: seat 0's team played by experts, the other team by experts
   too (``--opponents expert``, the default) or as at the table reviewed (``--opponents table``: the
   ``--others``), which is what the review's chance assumes, so the like-for-like check. Each playout deals the
   cards the seat could not see anew: a world drawn, by its weight, from those the review's own expert weighs
   (every seña and the declarations agree with it, the calls of the hand weigh it), its hand keys dealt as
   cards, the rest of the hidden cards shuffled into the stock and the discards, and a new seed for the hands
   to come (mus_widget.engine.redeal). Both options play from the same deal with the same bots' seeds (common
   random numbers), so the difference is the decision's, not the deal's; every bot remembers the earlier hands
   as its seat saw them (:func:`table_memories`).
4. Played-out cost = win rate after the expert's call − win rate after the seat's, in percentage points.
   Per grade: the stated and the played-out cost, their difference (stated − played) with a 95 % bootstrap
   interval over the decisions, and the share of decisions whose played-out 95 % interval contradicts the
   grade (:func:`contradicts`); each grade's share of all the played-out cost. Last, one JSON line.

The playout experts weigh ``--expert-samples`` worlds a decision (60; the expert at a table weighs 240) so that
a playout to the end of a game takes a quarter of a second rather than one.

Default (about 10 minutes on 2 cores): ``python benchmarks/review_costs.py --jobs 2``.
The runs of docs/review.md (10 and 16 minutes on 2 cores shared with other work):
``python benchmarks/review_costs.py --games 40 --per-grade 10 --playouts 40 --seed 1 --jobs 2 --opponents table``
and the same without ``--opponents table``.
Full size (some hours): ``python benchmarks/review_costs.py --games 100 --per-grade 40 --playouts 200 --jobs 2``
(with and without ``--opponents table``). At a terminal a bar on standard error counts the games reviewed, then
the decisions played out, as they come back (``--quiet``: none).
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import random
import statistics
import sys
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any, TypeVar

from mus_widget import Game
from mus_widget.bots import Bot, ExpertBot, make_bot
from mus_widget.bots.evaluation import same_call
from mus_widget.bots.knowledge import knowledge_for
from mus_widget.bots.memory import Memory
from mus_widget.bots.turns import advance, hand_ended, play, step
from mus_widget.bots.worlds import World
from mus_widget.engine.actions import Action
from mus_widget.engine.cards import Card, Hand
from mus_widget.engine.errors import MusError
from mus_widget.engine.record import Record
from mus_widget.engine.redeal import hidden_cards, redeal
from mus_widget.engine.seats import team_of
from mus_widget.i18n.progress import Progress, add_quiet, plain
from mus_widget.teaching.grading import INACCURACY, MISTAKE, Grade
from mus_widget.teaching.review import Reviewer

SEAT = 0
"""The reviewed seat."""
Z95 = 1.96
"""A 95 % normal interval of one decision's played-out cost (its playouts are many, the outcomes bounded)."""
BOOTSTRAP = 2000
"""Resamples of the decisions for the interval of a grade's mean error."""

Task = TypeVar("Task")
Result = TypeVar("Result")


@dataclass(frozen=True, slots=True)
class Decision:
    """One graded decision of seat 0: which game (``game``: its seed), which row of the review, and the grade."""

    game: int
    row: int
    at: int
    kind: str
    phase: str
    action: str
    best: str
    grade: str
    cost: float
    noise: float
    scores: tuple[int, int]

    @property
    def same(self) -> bool:
        """Whether the seat's call was the expert's (then it costs nothing, played out or stated)."""
        return same_call(Action.parse(self.action), Action.parse(self.best))


@dataclass(frozen=True, slots=True)
class Played:
    """A decision played out: per playout, whether the team won the game after the expert's call and after the
    seat's (1 or 0), and how many worlds did not fit the state and were drawn again."""

    decision: Decision
    best: tuple[int, ...]
    mine: tuple[int, ...]
    misfits: int

    @property
    def differences(self) -> list[int]:
        return [b - m for b, m in zip(self.best, self.mine, strict=True)]

    @property
    def cost(self) -> float:
        """The played-out cost, in percentage points of the chance of winning the game."""
        return 100 * statistics.mean(self.differences)

    @property
    def error(self) -> float:
        """The standard error of :attr:`cost` (paired playouts)."""
        differences = self.differences
        return 100 * statistics.stdev(differences) / math.sqrt(len(differences)) if len(differences) > 1 else 0.0


def contradicts(grade: str, low: float, high: float) -> bool:
    """Whether a played-out cost whose 95 % interval is ``low`` to ``high`` points contradicts ``grade``: a
    good decision that surely costs at least an inaccuracy (the interval wholly above :data:`INACCURACY`); a
    flagged one that surely costs less than the grade below it says (a blunder wholly under :data:`MISTAKE`, a
    mistake wholly under :data:`INACCURACY`, an inaccuracy wholly under 0: it cost nothing). A flagged call
    that costs more than its grade says is not contradicted (the mean error tells that)."""
    if grade == Grade.GOOD.value:
        return low > INACCURACY
    floor = {Grade.INACCURACY.value: 0.0, Grade.MISTAKE.value: INACCURACY, Grade.BLUNDER.value: MISTAKE}[grade]
    return high < floor


# ---------------------------------------------------------------------- the games and their grades


def played_game(level: str, others: str, seed: int) -> dict[str, Any]:
    """The record of a game with seat 0 played by ``level`` and the other seats by ``others``."""
    bots = {SEAT: make_bot(level, 4 * seed), **{s: make_bot(others, 4 * seed + s) for s in (1, 2, 3)}}
    game, _ = advance(Game.new(seed=seed), bots)
    return game.record()


def review_seed(seed: int) -> int:
    """The review's seed for the game of ``seed`` (never the playing bots' worlds), as benchmarks/review.py's."""
    return 10_000 + seed


def graded(task: tuple[str, str, int]) -> list[Decision]:
    """Every decision of seat 0 in one game, graded."""
    level, others, seed = task
    done = Reviewer(played_game(level, others, seed), SEAT, seed=review_seed(seed)).review()
    return [Decision(seed, r.row, r.at, r.kind.value, r.phase.value, r.action, r.best, r.grade.value, r.cost, r.noise,
                     r.scores) for r in done.rows]


def sampled(decisions: Sequence[Decision], per_grade: int, rng: random.Random) -> list[Decision]:
    """Up to ``per_grade`` decisions of each grade among those whose call is not the expert's."""
    out: list[Decision] = []
    for grade in Grade:
        pool = [d for d in decisions if d.grade == grade.value and not d.same]
        out += rng.sample(pool, min(per_grade, len(pool)))
    return out


# ---------------------------------------------------------------------- playing a decision out


def dealt_hands(game: Game, world: World, rng: random.Random) -> list[Hand]:
    """The hands of ``world`` (keys: multisets of numbers) as cards, from those seat 0 cannot see."""
    by_number: dict[int, list[Card]] = {}
    for card in sorted(hidden_cards(game, SEAT), key=lambda c: c.index):
        by_number.setdefault(card.number, []).append(card)
    for cards in by_number.values():
        rng.shuffle(cards)
    shapes = knowledge_for(game.rules).shapes
    hands = list(game.hands)
    for seat in range(4):
        if seat != SEAT:
            cards = [by_number[number].pop() for number, count in sorted(shapes[world.keys[seat]][1].items())
                     for _ in range(count)]
            hands[seat] = Hand(tuple(cards))
    return hands


@dataclass(frozen=True, slots=True)
class Playout:
    """Who plays a decision out: experts weighing ``samples`` worlds a decision for seat 0's team, and for
    the other team experts too, or (``opponents`` a level) bots of that level, as at the table reviewed."""

    samples: int
    opponents: str = "expert"

    def bots(self, seed: int, memories: Sequence[Memory]) -> dict[int, Bot]:
        """The four bots of one playout, each remembering the earlier hands as its seat saw them (``memories``)."""
        out: dict[int, Bot] = {}
        for seat in range(4):
            if team_of(seat) == team_of(SEAT) or self.opponents == "expert":
                expert = ExpertBot(seed + seat)
                expert.samples = self.samples
                out[seat] = expert
            else:
                out[seat] = make_bot(self.opponents, seed + seat)
            out[seat].memory = copy.deepcopy(memories[seat])
        return out

    def won_after(self, game: Game, action: str, seed: int, memories: Sequence[Memory]) -> int:
        """1 if seat 0's team wins the game after it says ``action`` and the bots play the game to its end."""
        bots = self.bots(seed, memories)
        number, before = game.game_number, game.games_won
        game = play(game, SEAT, action, bots).game
        while not game.is_over and game.game_number == number:
            game = step(game, bots).game
        team = team_of(SEAT)
        return int(game.games_won[team] > before[team])


def table_memories(record: dict[str, Any], at: int) -> list[Memory]:
    """What each seat remembers of the earlier hands of the game before action ``at`` of ``record``: every
    bot at a table is shown each hand's end (:func:`mus_widget.bots.turns.hand_over`), so a playout's bots
    read the players by the hands before, as the review's expert does. (Fresh bots would read a bluff made at
    the decision as the first sign of a style: its playouts would differ from the other call's for that.)"""
    data = Record.read(record).to_dict()
    actions, senas = data["actions"][:at], [s for s in data["senas"] if s["at"] <= at]
    game = Game.from_record({**data, "actions": [], "senas": []})
    memories = [Memory() for _ in range(4)]
    for index, action in enumerate([*actions, None]):
        for made in senas:
            if made["at"] == index:
                game = game.sena(made["seat"], made["sena"])
        if action is None:
            break
        after = game.apply(action)
        if hand_ended(game, after):
            for seat, memory in enumerate(memories):
                memory.update(after.observe(seat))
        game = after
    return memories


def played_out(task: tuple[dict[str, Any], Decision, int, Playout, int]) -> Played:
    """Decision ``decision`` played out ``playouts`` times with the seat's call and with the expert's."""
    record, decision, playouts, playout, seed = task
    reviewer = Reviewer(record, SEAT, seed=review_seed(decision.game))
    game = reviewer.moment(decision.row)
    assessor = reviewer.assessor(decision.row)
    assessor.catch = True  # whatever the review reads: the bots make only true señas, so every deal agrees with all
    worlds = assessor.worlds(game.observe(SEAT))
    memories = table_memories(record, decision.at)
    rng = random.Random(f"review-costs:{seed}:{decision.game}:{decision.row}")
    best: list[int] = []
    mine: list[int] = []
    misfits = 0
    drawn, weights = [w for w, _ in worlds], [share for _, share in worlds]
    while len(best) < playouts:
        world = rng.choices(drawn, weights=weights)[0]
        try:
            state = redeal(game, SEAT, dealt_hands(game, world, rng), rng, seed=rng.getrandbits(48))
        except MusError:
            misfits += 1
            if misfits > 10 * playouts:
                raise
            continue
        bots_seed = rng.getrandbits(32)
        best.append(playout.won_after(state, decision.best, bots_seed, memories))
        mine.append(playout.won_after(state, decision.action, bots_seed, memories))
    return Played(decision, tuple(best), tuple(mine), misfits)


# ---------------------------------------------------------------------- the figures


def bootstrap(values: Sequence[float], rng: random.Random) -> tuple[float, float]:
    """A 95 % percentile bootstrap interval of the mean of ``values``."""
    if len(values) < 2:
        return (values[0], values[0]) if values else (math.nan, math.nan)
    means = sorted(statistics.mean(rng.choices(values, k=len(values))) for _ in range(BOOTSTRAP))
    return means[int(0.025 * BOOTSTRAP)], means[int(0.975 * BOOTSTRAP) - 1]


def per_grade(results: Sequence[Played], decisions: Sequence[Decision], seed: int) -> dict[str, dict[str, Any]]:
    """Per grade: how many decisions of it there were (``population``, ``same_call``), how many were played out,
    their mean stated and played-out cost, the mean error and its interval, and the contradicted share."""
    rng = random.Random(f"review-costs-bootstrap:{seed}")
    out: dict[str, dict[str, Any]] = {}
    for grade in Grade:
        mine = [p for p in results if p.decision.grade == grade.value]
        errors = [p.decision.cost - p.cost for p in mine]
        low, high = bootstrap(errors, rng)
        contradicted = [p for p in mine if contradicts(grade.value, p.cost - Z95 * p.error, p.cost + Z95 * p.error)]
        out[grade.value] = {
            "population": sum(1 for d in decisions if d.grade == grade.value),
            "same_call": sum(1 for d in decisions if d.grade == grade.value and d.same),
            "n": len(mine),
            "stated_mean": _round(statistics.mean(p.decision.cost for p in mine)) if mine else None,
            "played_mean": _round(statistics.mean(p.cost for p in mine)) if mine else None,
            "error_mean": _round(statistics.mean(errors)) if mine else None,
            "error_ci95": [_round(low), _round(high)] if mine else None,
            "played_se_median": _round(statistics.median(p.error for p in mine)) if mine else None,
            "contradicted": len(contradicted),
            "contradicted_share": _round(len(contradicted) / len(mine), 3) if mine else None,
        }
    return out


def cost_shares(grades: dict[str, dict[str, Any]]) -> dict[str, float | None]:
    """Each grade's share of all the played-out cost of the seat's decisions, estimated from its sample: the
    decisions of that grade with another call than the expert's times their mean played-out cost (a call that
    gained is counted as costing nothing)."""
    totals = {grade: (row["population"] - row["same_call"]) * max(0.0, row["played_mean"] or 0.0)
              for grade, row in grades.items()}
    whole = sum(totals.values())
    return {grade: _round(total / whole, 3) if whole > 0 else None for grade, total in totals.items()}


def _round(value: float, digits: int = 2) -> float:
    return round(value, digits)


def table(figures: dict[str, Any]) -> str:
    """The per-grade figures as a plain text table."""
    lines = [f"{'grade':<11} {'decisions':>9} {'same':>5} {'n':>3} {'stated':>7} {'played':>7} "
             f"{'error (stated-played) [95 %]':>30} {'contradicted':>12} {'cost share':>10}"]
    for grade, row in figures["grades"].items():
        if row["n"]:
            low, high = row["error_ci95"]
            error = f"{row['error_mean']:+.1f} [{low:+.1f}, {high:+.1f}]"
            numbers = f"{row['stated_mean']:>7.1f} {row['played_mean']:>7.1f} {error:>30}"
        else:
            numbers = f"{'-':>7} {'-':>7} {'-':>30}"
        share = figures["cost_share"][grade]
        lines.append(f"{grade:<11} {row['population']:>9} {row['same_call']:>5} {row['n']:>3} {numbers} "
                     f"{row['contradicted']:>5} of {row['n']:<3} {'-' if share is None else f'{share:.0%}':>10}")
    return "\n".join(lines)


def run(function: Callable[[Task], Result], tasks: Sequence[Task], jobs: int, what: str, *,
        quiet: bool = False) -> list[Result]:
    """``function`` of every task, in ``jobs`` processes; a bar named ``what`` counts them as they come back."""
    out: list[Result] = []
    with Progress(len(tasks), what, quiet=quiet) as bar, ProcessPoolExecutor(jobs) if jobs > 1 else _Inline() as pool:
        for result in pool.map(function, tasks):
            out.append(result)
            bar.advance()
    return out


class _Inline:
    """A pool of one: the tasks run in this process, in order."""

    def __enter__(self) -> _Inline:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def map(self, function: Callable[[Task], Result], tasks: Sequence[Task]) -> Iterator[Result]:
        return map(function, tasks)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=plain(__doc__ or "").split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=20, help="games whose seat 0 is reviewed")
    parser.add_argument("--level", default="random", choices=["random", "novice"], help="who plays seat 0")
    parser.add_argument("--others", default="novice", choices=["novice", "expert"], help="who plays the others")
    parser.add_argument("--per-grade", type=int, default=6, help="decisions played out per grade, at most")
    parser.add_argument("--playouts", type=int, default=50, help="playouts of each option of a decision")
    parser.add_argument("--opponents", default="expert", choices=["expert", "table"],
                        help="who plays the other team out: experts, or the --others of the table reviewed")
    parser.add_argument("--expert-samples", type=int, default=60, help="worlds a playout expert weighs")
    parser.add_argument("--seed", type=int, default=1,
                        help="where the games' deals and the draws start (default %(default)s)")
    parser.add_argument("--jobs", type=int, default=1,
                        help="how many processes to share the reviews and the playouts between")
    add_quiet(parser)
    args = parser.parse_args(argv)
    seeds = [args.seed + n for n in range(args.games)]
    reviewed = run(graded, [(args.level, args.others, s) for s in seeds], args.jobs, "games reviewed",
                   quiet=args.quiet)
    decisions = [d for found in reviewed for d in found]
    chosen = sampled(decisions, args.per_grade, random.Random(f"review-costs-sample:{args.seed}"))
    records = {s: played_game(args.level, args.others, s) for s in sorted({d.game for d in chosen})}
    playout = Playout(args.expert_samples, args.others if args.opponents == "table" else "expert")
    tasks = [(records[d.game], d, args.playouts, playout, args.seed) for d in chosen]
    results = run(played_out, tasks, args.jobs, "decisions played out", quiet=args.quiet)
    grades = per_grade(results, decisions, args.seed)
    flagged = sum(1 for d in decisions if d.grade != Grade.GOOD.value)
    figures: dict[str, Any] = {
        "games": args.games, "level": args.level, "others": args.others, "seed": args.seed,
        "playouts": args.playouts, "opponents": playout.opponents, "expert_samples": args.expert_samples,
        "decisions": len(decisions),
        "flagged_share": _round(flagged / len(decisions), 4) if decisions else None,
        "by_kind": {kind: {grade.value: sum(1 for d in decisions if d.kind == kind and d.grade == grade.value)
                           for grade in Grade} for kind in ("mus", "discard", "call")},
        "misfits": sum(p.misfits for p in results), "grades": grades, "cost_share": cost_shares(grades),
        "played": [{**asdict(p.decision), "played": _round(p.cost), "played_se": _round(p.error)} for p in results],
    }
    print(table(figures))
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
