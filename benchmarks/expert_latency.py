"""How long the expert takes to decide, early in a game and with a long memory of the hands before.

Run ``python benchmarks/expert_latency.py --games 8 --seed 1``. It plays long matches (a vaca of three games
to 100 points) of two experts against two novices that never make or take an órdago, so that the games go on
for points and a match lasts some 30 hands; the teams swap seats every match. It times
every decision of the experts, in CPU time of this process (so other work on the machine does not count) and
in wall time. It prints the 50th and 95th percentiles for all decisions and for the decisions taken after
the 20th hand of the match, when each expert remembers at least 20 hands (the memory is kept through the
games of a vaca). It prints, last, one JSON line.

The expert's p95 target is 50 ms, and its memory of a 20-hand game must not make it slower.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from mus_widget.bots import Bot, Decision, NoviceBot, make_bot
from mus_widget.bots.turns import play as play_turn
from mus_widget.engine.game import Game
from mus_widget.engine.observation import Observation
from mus_widget.engine.rules import Rules
from mus_widget.engine.seats import team_of
from mus_widget.i18n.progress import Progress, add_quiet, plain, silent


class LongGameNovice(NoviceBot):
    """A novice that never stakes the game: it makes no órdago and refuses every órdago."""

    own_ordago = 2.0

    def decide(self, obs: Observation) -> Decision:
        decision = super().decide(obs)
        if obs.betting is not None and obs.betting.ordago and decision.action == "quiero":
            return Decision("no-quiero", decision.reason)
        if decision.action == "ordago":
            return Decision(next(a for a in obs.legal_actions if a != "ordago"), decision.reason)
        return decision


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def play(seeds: list[int], rules: Rules, after: int, progress: Progress | None = None) -> dict[str, list[float]]:
    """Play one match per seed; the experts' decision times (ms), all of them and those after ``after`` hands."""
    out: dict[str, list[float]] = {"cpu": [], "wall": [], "cpu_late": [], "wall_late": []}
    for number, seed in enumerate(seeds):
        swap = number % 2 == 1
        levels = {seat: "expert" if (team_of(seat) == 0) != swap else "novice" for seat in range(4)}
        bots: dict[int, Bot] = {
            seat: make_bot("expert", seed * 4 + seat) if level == "expert" else LongGameNovice(seed * 4 + seat)
            for seat, level in levels.items()
        }
        game = Game.new(seed=seed, rules=rules)
        hands = 0
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            cpu, wall = time.process_time(), time.perf_counter()
            decision = bots[seat].decide(game.observe(seat))
            cpu, wall = (time.process_time() - cpu) * 1000, (time.perf_counter() - wall) * 1000
            if levels[seat] == "expert":
                out["cpu"].append(cpu)
                out["wall"].append(wall)
                if hands >= after:
                    out["cpu_late"].append(cpu)
                    out["wall_late"].append(wall)
            turn = play_turn(game, seat, decision, bots)
            hands += turn.ended
            game = turn.game
        (silent() if progress is None else progress).advance()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=plain(__doc__ or ""))
    parser.add_argument("--games", type=int, default=8,
                        help="matches to play, each the best of 3 games (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="where the deals start (default %(default)s)")
    parser.add_argument("--target", type=int, default=100, help="points a game is played to (default %(default)s)")
    parser.add_argument("--after", type=int, default=20, help="the late decisions are those after this many hands")
    add_quiet(parser)
    args = parser.parse_args(argv)
    seeds = [args.seed * 1_000_003 + i for i in range(args.games)]
    with Progress(args.games, "matches", quiet=args.quiet) as bar:
        times = play(seeds, Rules(target=args.target, games=3), args.after, bar)
    figures = {
        "games": args.games,
        "decisions": len(times["cpu"]),
        "late_decisions": len(times["cpu_late"]),
        **{f"{name}_ms_p{q}": round(percentile(values, q / 100), 3)
           for name, values in times.items() for q in (50, 95)},
    }
    print(f"expert decisions: {figures['decisions']}, after hand {args.after}: {figures['late_decisions']}; "
          f"p95 cpu {figures['cpu_ms_p95']} ms, late {figures['cpu_late_ms_p95']} ms", file=sys.stderr)
    print(json.dumps(figures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
