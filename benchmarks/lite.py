"""The classroom site cold in Chromium: its size, how soon the play notebook and its first table show, and how
fast the expert bot decides inside Pyodide.

Run ``python benchmarks/lite.py [--reuse] [--runs 3] [--decisions 300]``. It builds the site with
``python -m mus_widget.lite build`` (``--reuse`` keeps one already built in ``MUS_LITE_SITE``, by default
``/tmp/mus-lite-site``), serves it with ``python -m http.server`` on 127.0.0.1 and opens it ``--runs`` times, each
in a fresh Chromium context (empty cache) with every request to another host blocked. The play notebook shows,
the kernel starts (Pyodide, the wheels, the package preloaded); as soon as it is ready the benchmark runs all
cells, as a student clicking Run All, and the table draws. After the last open a cell plays expert-against-expert
hands inside Pyodide and times every decision.

- ``notebook_s``: from opening the site to the play notebook on screen (JupyterLab loaded);
- ``cold_start_s``: from opening the site to the kernel ready (the status bar says Idle);
- ``first_table_s``: from opening the site to the table drawn (``first_table_runs_s``: every open's);
- ``expert_p95_ms``: the 95th percentile of ``ExpertBot.decide`` inside Pyodide;
- ``review_10_hands_s``: the review of a ten-hand game (a novice's decisions among experts), graded whole after
  the game inside Pyodide (target: within 30 s; a table grades as the game goes, so less is left at its end).

The three times are medians over the opens: on a shared machine one open can differ from the next by seconds.

Targets: first table within 20 s, expert p95 under 150 ms. The last line printed is one JSON object:
``{"site_mb": .., "cold_start_s": .., "first_table_s": .., "expert_p95_ms": .., "blocked": ..}``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser.lite_site import KERNEL_READY, SITE, Offline, StaticServer, build_site  # noqa: E402
from browser.mus_lab import launch_browser, menu  # noqa: E402

TIMING_CELL = """import json, statistics, time
from mus_widget.bots import ExpertBot
from mus_widget.bots.turns import bot_turn
from mus_widget.engine.game import Game

times = []
for seed in range(1000):
    game = Game.new(seed=seed)
    bots = {{seat: ExpertBot(seed * 4 + seat) for seat in range(4)}}
    hand = game.hand_number
    while not game.is_over and game.hand_number == hand and len(times) < {decisions}:
        game = bot_turn(game, bots[game.to_move], times.append).game
    if len(times) >= {decisions}:
        break
times.sort()
print("EXPERT " + json.dumps({{"decisions": len(times), "p50_ms": round(1000 * statistics.median(times), 1),
    "p95_ms": round(1000 * times[int(0.95 * (len(times) - 1))], 1)}}))"""


REVIEW_CELL = """import json, time
from mus_widget.bots import make_bot
from mus_widget.bots.turns import advance
from mus_widget.engine.game import Game
from mus_widget.engine.rules import Rules
from mus_widget.teaching.review import record_prefix, review
from mus_widget.engine.record import Record

bots = {{0: make_bot("novice", 4), **{{s: make_bot("expert", 4 + s) for s in (1, 2, 3)}}}}
game = Game.new(seed=1, rules=Rules(target=100))
while not game.is_over and game.hand_number <= 10:
    game, _ = advance(game, bots, limit=1)
record = Record.read(game.record())
replay = Game.new(seed=record.seed, rules=record.rules)
for at, action in enumerate(record.actions):
    replay = replay.apply(action)
    if replay.hand_number > 10:
        record = Record.read(record_prefix(record, at + 1))
        break
started = time.perf_counter()
done = review(record.to_dict(), seat=0)
print("REVIEW " + json.dumps({{"decisions": len(done.rows), "seconds": round(time.perf_counter() - started, 2)}}))"""


def size_mb(folder: Path) -> float:
    return round(sum(path.stat().st_size for path in folder.rglob("*") if path.is_file()) / 1_000_000, 1)


def open_cold(page: Any, server: StaticServer) -> dict[str, float]:
    """Open the site in a fresh context (empty cache), run the play notebook as a student would, and time it."""
    started = time.monotonic()
    page.goto(f"{server.url}/")
    page.wait_for_selector(".jp-NotebookPanel .jp-Notebook .jp-Cell", timeout=600_000)
    notebook = round(time.monotonic() - started, 1)
    page.wait_for_function(KERNEL_READY, timeout=600_000)
    kernel = round(time.monotonic() - started, 1)
    menu(page, "Run", "Run All Cells")
    page.wait_for_selector(".mus-widget[data-version]", timeout=600_000)
    return {"notebook_s": notebook, "cold_start_s": kernel, "first_table_s": round(time.monotonic() - started, 1)}


def time_expert(page: Any, decisions: int) -> dict[str, float]:
    """Time the expert's decisions inside the page's Pyodide, from a cell added under the notebook."""
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell .jp-InputPrompt").last.click()
    for key in ("Escape", "b", "Enter"):
        page.keyboard.press(key)
    page.keyboard.insert_text(TIMING_CELL.format(decisions=decisions))
    page.keyboard.press("Shift+Enter")
    output = page.locator(".jp-OutputArea-output pre", has_text="EXPERT ").first
    output.wait_for(timeout=600_000)
    expert = json.loads(output.inner_text().split("EXPERT ", 1)[1])
    return {"expert_p50_ms": expert["p50_ms"], "expert_p95_ms": expert["p95_ms"],
            "expert_decisions": expert["decisions"]}


def time_review(page: Any) -> dict[str, float]:
    """Time the review of a ten-hand game inside the page's Pyodide (graded whole, after the game)."""
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell .jp-InputPrompt").last.click()
    for key in ("Escape", "b", "Enter"):
        page.keyboard.press(key)
    page.keyboard.insert_text(REVIEW_CELL.format())
    page.keyboard.press("Shift+Enter")
    output = page.locator(".jp-OutputArea-output pre", has_text="REVIEW ").first
    output.wait_for(timeout=600_000)
    found = json.loads(output.inner_text().split("REVIEW ", 1)[1])
    return {"review_10_hands_s": found["seconds"], "review_decisions": found["decisions"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--reuse", action="store_true", help="use the site already built, if any")
    parser.add_argument("--decisions", type=int, default=300, help="expert decisions to time inside Pyodide")
    parser.add_argument("--runs", type=int, default=3, help="cold opens of the site; their median is reported")
    args = parser.parse_args()

    built = build_site(SITE, reuse=args.reuse)
    figures: dict[str, Any] = {"site_mb": size_mb(SITE), "build_s": built.get("build_s")}
    opens: list[dict[str, float]] = []
    server = StaticServer(SITE)
    try:
        from playwright.sync_api import sync_playwright

        with sync_playwright() as playwright:
            browser = launch_browser(playwright)
            for run in range(args.runs):
                context = browser.new_context(viewport={"width": 1400, "height": 1000})
                offline = Offline(context)
                page = context.new_page()
                opens.append(open_cold(page, server))
                if run == args.runs - 1:
                    figures.update(time_expert(page, args.decisions))
                    figures.update(time_review(page))
                    page.screenshot(path=str(ROOT / "screenshots" / "lite-benchmark.png"))
                figures["blocked"] = int(figures.get("blocked") or 0) + len(offline.blocked)
                context.close()
            browser.close()
    finally:
        server.stop()
    for name in ("notebook_s", "cold_start_s", "first_table_s"):
        figures[name] = statistics.median(figures_of[name] for figures_of in opens)
    figures["first_table_runs_s"] = [figures_of["first_table_s"] for figures_of in opens]
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
