"""The review at the table: how soon after the game it is complete, and what it takes from the student's clicks.

Run ``python benchmarks/table_review.py [--games 3] [--think 0.3] [--hands 10]``. It plays games at a
``MusTable`` on an asyncio loop, as a kernel runs one: the student (a novice's calls) answers ``--think``
seconds after each turn comes, and the table's review grades every decision in its worker thread meanwhile.
Each game (to 100 points, against experts) stops at the count of hand ``--hands``. It prints, per game: the
decisions, the seconds from the student's last move until every decision is graded (target: under 5 s), and
the kernel's time in each click (``receive``, the student's move and the bots' up to the next turn) with the
review running, against the same clicks with the review switched off (the ``review_off`` figures), p50 and p95
in ms. The last line is one JSON object. At a terminal a bar on standard error counts the hands played, each game
twice (``--quiet``: none).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from typing import Any

from mus_widget import MusTable, Rules
from mus_widget.bots import make_bot
from mus_widget.i18n.progress import Progress, add_quiet, plain, silent
from mus_widget.table import reviewing


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


async def play(seed: int, hands: int, think: float, review: bool,
               progress: Progress | None = None) -> dict[str, Any]:
    """One game at a table: the clicks' kernel times, and the seconds from the last move to a complete review;
    its ``hands`` hands counted on ``progress`` as each ends (all of them once the game stops, if it ends sooner)."""
    bar = silent() if progress is None else progress
    counted = 0
    table = MusTable(seed=seed, pace=0, bots="expert", rules=Rules(target=100))  # ten hands before anyone wins
    if not review:
        table._review.close()  # the benchmark's "off" switch: nothing is graded
    student = make_bot("novice", seed)
    clicks: list[float] = []
    while table.state["stage"] != "over" and not (table.counting and table.state["hand"] >= hands):
        await asyncio.sleep(think)
        if table.counting:
            content: dict[str, Any] = {"type": "next_hand"}
            counted += 1
            bar.advance()
        else:
            content = {"type": "act", "action": student.decide(table.game.observe(table.seat)).action}
        started = time.perf_counter()
        table.receive(content)
        clicks.append(1000 * (time.perf_counter() - started))
        assert not table.error, table.error
    last = time.perf_counter()
    bar.advance(max(0, hands - counted))
    complete = None
    if review:
        while not (table.decisions.get("complete") and table.decisions.get("total") == table._review.total
                   and table._review.total and not table._review._busy):
            await asyncio.sleep(0.02)
            if time.perf_counter() - last > 120:
                break
        complete = time.perf_counter() - last
    decisions = table.decisions.get("total", 0)
    table.close()
    return {"decisions": decisions, "hands": table.state["hand"], "after_game_s": complete, "clicks": clicks}


def main() -> None:
    parser = argparse.ArgumentParser(description=plain(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3,
                        help="games to play, each twice: with the review and without (default %(default)s)")
    parser.add_argument("--hands", type=int, default=10, help="stop a game at the count of this hand")
    parser.add_argument("--think", type=float, default=0.3, help="seconds the student takes for each move")
    parser.add_argument("--seed", type=int, default=1, help="the first game's deal (default %(default)s)")
    add_quiet(parser)
    args = parser.parse_args()
    on: list[float] = []
    off: list[float] = []
    after: list[float] = []
    with Progress(2 * args.games * args.hands, "hands", quiet=args.quiet) as bar:
        for n in range(args.games):
            seed = args.seed + n
            game = asyncio.run(play(seed, args.hands, args.think, review=True, progress=bar))
            bare = asyncio.run(play(seed, args.hands, args.think, review=False, progress=bar))
            on += game["clicks"]
            off += bare["clicks"]
            after.append(game["after_game_s"])
            bar.write(f"game {seed}: {game['hands']} hands, {game['decisions']} decisions of the student, review"
                      f" complete {game['after_game_s']:.2f} s after the last move; clicks p95"
                      f" {percentile(game['clicks'], 0.95):.1f} ms (review off: {percentile(bare['clicks'], 0.95):.1f}"
                      " ms)")
    figures = {
        "games": args.games, "worker": reviewing._Worker.pool is not None,
        "after_game_s_max": round(max(after), 2), "after_game_s_median": round(statistics.median(after), 2),
        "click_ms_p50": round(percentile(on, 0.5), 1), "click_ms_p95": round(percentile(on, 0.95), 1),
        "review_off_click_ms_p50": round(percentile(off, 0.5), 1),
        "review_off_click_ms_p95": round(percentile(off, 0.95), 1),
    }
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
