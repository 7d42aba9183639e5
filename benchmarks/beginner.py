"""Whether the bots at a student's table bully a beginner: how often its opponents stake the game on an órdago.

Run ``python benchmarks/beginner.py --games 200 --seed 1 --jobs 1``. A scripted beginner (``Beginner`` in
``tests/support/students.py``) sits South at the table's own game (``Game.new(seed)`` with the default rules, as a
``MusTable`` deals it): it calls like the novice at the lances, but refuses every órdago and never makes one.
North, its partner, and East and West, its opponents, are bots of one level made as the table makes them
(``make_bot(level, seed * 4 + seat, manners)``), novice and then expert; every game is played twice, "before"
with bots that play to win (``manners=None``, as in the arena) and "after" with the table's manners
(:data:`mus_widget.bots.TEACHING`).

For each it prints the share of the hands in which East or West bets an órdago (opening it or raising to it), and
how many games the beginner's team won (and how many were stopped unfinished, after 2,000 actions: without manners
two experts may re-raise a bet worth the game for ever); then, last, one JSON line.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import multiprocessing
import sys
from pathlib import Path

from mus_widget.bots import TEACHING
from mus_widget.i18n.progress import Progress, add_quiet, plain, silent

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from support.students import beginner_at_table

LEVELS = ("novice", "expert")
"""The levels of the table's bots measured."""


def play(job: tuple[list[int], str, bool]) -> collections.Counter[str]:
    """The games of ``seeds`` at ``level``, with the table's manners or without: hands, órdago hands, wins."""
    seeds, level, teaching = job
    out: collections.Counter[str] = collections.Counter()
    for seed in seeds:
        game = beginner_at_table(seed, level, TEACHING if teaching else None)
        out["games"] += 1
        out["hands"] += game.hands
        out["ordago_hands"] += game.ordago_hands
        out["won"] += game.won
        out["endless"] += game.endless
    return out


def run(games: int, seed: int, jobs: int, level: str, teaching: bool, *,
        progress: Progress | None = None) -> dict[str, float]:
    """The figures of ``games`` games (seeds from ``seed``) at ``level``, before or after (``teaching``); each game
    counted on ``progress`` as it ends."""
    bar = silent() if progress is None else progress
    tasks = [([seed * 1_000_003 + i], level, teaching) for i in range(games)]
    total = collections.Counter[str]()
    with multiprocessing.Pool(jobs) if jobs > 1 else contextlib.nullcontext() as pool:
        for part in map(play, tasks) if pool is None else pool.imap_unordered(play, tasks):
            total += part
            bar.advance()
    hands = total["hands"]
    return {"games": total["games"], "hands": hands, "ordago_hands": total["ordago_hands"],
            "ordago_share": round(total["ordago_hands"] / hands, 4) if hands else 0.0,
            "beginner_win_rate": round(total["won"] / games, 4) if games else 0.0, "endless": total["endless"]}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=plain(__doc__ or ""),
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=200, help="games per level, before and after")
    parser.add_argument("--seed", type=int, default=1, help="where the deals start (default %(default)s)")
    parser.add_argument("--jobs", type=int, default=1, help="how many processes to share the games between")
    parser.add_argument("--levels", nargs="+", choices=LEVELS, default=list(LEVELS),
                        help="the opponents' levels to measure (default: all)")
    add_quiet(parser)
    args = parser.parse_args(argv)
    figures: dict[str, object] = {"games": args.games, "seed": args.seed,
                                  "cap": TEACHING.ordago_share, "folding": TEACHING.folding}
    with Progress(2 * args.games * len(args.levels), "games", quiet=args.quiet) as bar:
        results = {level: (run(args.games, args.seed, args.jobs, level, teaching=False, progress=bar),
                           run(args.games, args.seed, args.jobs, level, teaching=True, progress=bar))
                   for level in args.levels}
    for level, (before, after) in results.items():
        for name, got in (("before", before), ("after", after)):
            print(f"{level} {name}: an opponent bet an órdago in {got['ordago_hands']} of {got['hands']} hands "
                  f"({got['ordago_share']:.1%}); the beginner's team won {got['beginner_win_rate']:.1%} of "
                  f"{got['games']} games ({got['endless']} stopped unfinished)", file=sys.stderr)
        figures[level] = {"before": before, "after": after}
    print(json.dumps(figures, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
