"""Memory of one long session: a single MusTable played hand after hand, traced with tracemalloc.

The student's seat plays a seeded random legal action (bots at the chosen level play the other seats, pace 0);
a finished game starts a new one at the same table. Prints the traced memory after each checkpoint, then one
JSON line: ``{"hands", "level", "traced_mb": {hands: MB}, "peak_mb", "growth_last_half_mb"}``. At a terminal a
bar on standard error counts the hands played (``--quiet``: none); tqdm is imported before the tracing starts, so
the bar's own memory is not in the figures.

    python benchmarks/memory.py                 # 1,000 hands against novice bots
    python benchmarks/memory.py --hands 200 --level expert
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import sys
import tracemalloc

from mus_widget import MusTable
from mus_widget.i18n.progress import Progress, add_quiet, plain, silent


def play(hands: int, level: str, seed: int, progress: Progress | None = None) -> dict[str, object]:
    """Play ``hands`` hands at one table, tracing its memory; each hand counted on ``progress`` as it ends."""
    bar = silent() if progress is None else progress
    rng = random.Random(seed)
    tracemalloc.start()
    table = MusTable(pace=0, seed=seed, bots=level, tips=False)
    checkpoints = sorted({hands // 10 * k for k in range(1, 11)} | {hands})
    traced: dict[int, float] = {}
    played = 0
    while played < hands:
        game = table.game
        if table.counting:
            played += 1
            bar.advance()
            if played in checkpoints:
                gc.collect()
                traced[played] = round(tracemalloc.get_traced_memory()[0] / 2**20, 2)
                bar.write(f"{played:5d} hands: {traced[played]:7.2f} MB traced")
                sys.stdout.flush()
            if game.is_over:
                table.new_game()
            else:
                table.receive({"type": "next_hand"})
            continue
        if game.is_over:
            table.new_game()
            continue
        legal = game.legal_actions()
        table.receive({"type": "act", "action": str(rng.choice(legal))})
        if table.error:
            raise RuntimeError(f"the table refused a legal action: {table.error}")
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    table.close()
    half = checkpoints[len(checkpoints) // 2 - 1]
    return {
        "hands": hands,
        "level": level,
        "traced_mb": traced,
        "peak_mb": round(peak, 2),
        "growth_last_half_mb": round(traced[hands] - traced[half], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=plain(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands to play at the one table (default %(default)s)")
    parser.add_argument("--level", default="novice", choices=["random", "novice", "expert"],
                        help="the bots' level at the other three seats (default %(default)s)")
    parser.add_argument("--seed", type=int, default=1, help="where the deals and the student's moves start")
    add_quiet(parser)
    args = parser.parse_args()
    with Progress(args.hands, "hands", quiet=args.quiet) as bar:  # before the tracing: tqdm's import is not traced
        figures = play(args.hands, args.level, args.seed, bar)
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
