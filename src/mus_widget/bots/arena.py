"""Bots against bots: ``python -m mus_widget.arena --team0 expert --team1 novice --games 2000 --seed 1``.

Plays full games to the target with the two teams swapping seats every game, and prints as its last line
one JSON object with the win rate of team0, its 95 % interval, and how long team0's decisions took.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import statistics
import sys
import time
from dataclasses import dataclass, field

from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.seats import team_of
from . import LEVELS, make_bot
from .driver import bot_turn, lances_begin, table_talk


@dataclass
class Tally:
    games: int = 0
    team0_wins: int = 0
    hands: int = 0
    times: list[float] = field(default_factory=list)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.team0_wins += other.team0_wins
        self.hands += other.hands
        self.times += other.times


def play(level0: str, level1: str, seeds: list[int], rules: Rules, first: int = 0) -> Tally:
    """Play one game per seed; ``first`` is the number of the first game in the whole run, and in every
    other game (the odd numbers) team0's bots take seats 1 and 3."""
    tally = Tally()
    for number, seed in enumerate(seeds, start=first):
        swap = number % 2 == 1
        levels = {seat: (level1 if team_of(seat) == 0 else level0) if swap else
                  (level0 if team_of(seat) == 0 else level1) for seat in range(4)}
        bots = {seat: make_bot(levels[seat], seed * 4 + seat) for seat in range(4)}
        game = Game.new(seed=seed, rules=rules)
        hands = 0
        where = (game.game_number, game.hand_number)
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            ours = (team_of(seat) == 0) != swap
            after = bot_turn(game, bots[seat], tally.times.append if ours else None).game
            game = table_talk(after, bots) if lances_begin(game, after) else after
            if (game.game_number, game.hand_number) != where:
                hands += 1
                where = (game.game_number, game.hand_number)
        tally.games += 1
        tally.hands += hands + 1
        assert game.winner is not None
        tally.team0_wins += int((game.winner == 0) != swap)
    return tally


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _job(args: tuple[str, str, list[int], Rules, int]) -> Tally:
    return play(*args)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mus_widget.arena", description=__doc__)
    parser.add_argument("--team0", choices=sorted(LEVELS), required=True)
    parser.add_argument("--team1", choices=sorted(LEVELS), required=True)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--target", type=int, default=40)
    parser.add_argument("--jobs", type=int, default=1, help="processes to spread the games over")
    args = parser.parse_args(argv)
    rules = Rules(target=args.target)
    seeds = [args.seed * 1_000_003 + i for i in range(args.games)]
    start = time.perf_counter()
    tally = Tally()
    if args.jobs > 1:
        size = -(-len(seeds) // args.jobs)
        chunks = [(args.team0, args.team1, seeds[i : i + size], rules, i) for i in range(0, len(seeds), size)]
        with multiprocessing.Pool(args.jobs) as pool:
            for part in pool.map(_job, chunks):
                tally.add(part)
    else:
        tally = play(args.team0, args.team1, seeds, rules)
    elapsed = time.perf_counter() - start
    low, high = wilson(tally.team0_wins, tally.games)
    ms = [t * 1000 for t in tally.times]
    print(f"{args.team0} vs {args.team1}: {tally.team0_wins}/{tally.games} games, {tally.hands} hands, "
          f"{elapsed:.0f} s", file=sys.stderr)
    print(json.dumps({
        "team0": args.team0,
        "team1": args.team1,
        "games": tally.games,
        "team0_wins": tally.team0_wins,
        "win_rate": round(tally.team0_wins / max(tally.games, 1), 4),
        "ci95": [round(low, 4), round(high, 4)],
        "hands": tally.hands,
        "decision_ms_p50": round(statistics.median(ms), 3) if ms else 0.0,
        "decision_ms_p95": round(_percentile(ms, 0.95), 3),
    }))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
