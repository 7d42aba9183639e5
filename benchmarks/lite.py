"""The classroom site cold in Chromium: its size, how soon the play notebook and its first table show, and how
fast the expert bot decides inside Pyodide.

Run ``python benchmarks/lite.py [--reuse] [--runs 3] [--decisions 300] [--table-only]``. It builds the site with
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

Before the JSON line it prints where the time goes, a table of milestones, each in seconds from opening the site
(median and range over the opens) with the time since the one before: JupyterLab's page opened (after the front
page's redirect), its scripts fetched, the notebook shown, the kernel's web worker started, Pyodide's core fetched
(``pyodide.asm.wasm``, the standard library), Python started, the first package and every package unpacked, the
kernel ready, Run All sent, the first widget comm opened by the kernel (``import mus_widget`` and ``MusTable()``
done), the cell's output shown, the widget's element and the table drawn; then when every wheel was fetched
(beside Pyodide's start), the kernel's round trips to its file system (JupyterLite's drive, through the service
worker) while it starts and in the first cell, and for the median open every wheel: when it was fetched and when
Pyodide unpacked it. The milestones come
from the page's own clock: marks set by a script run before the page's own (a MutationObserver on the notebook,
the output and the table, and the creation of the kernel's Worker), the kernel's messages (JupyterLab's app,
exposed for the benchmark by ``exposeAppInBrowser`` added to the settings as they are served), the network events
Chromium reports for the page, its workers and its service worker, and, asked of the kernel once the table is
drawn, the times Pyodide wrote its standard library and each package's ``INSTALLER`` into its file system.
``--table-only`` times the opens and leaves out the expert's and the review's timings.

Targets: first table within 20 s, expert p95 under 150 ms. The last line printed is one JSON object:
``{"site_mb": .., "cold_start_s": .., "first_table_s": .., "phases_s": {"notebook shown": .., ..},
"expert_p95_ms": .., "blocked": ..}`` (``phases_s``: the milestones' medians). At a terminal a bar on standard
error counts the site's opens, naming the step under way (the build, the expert's and the review's timings);
``--quiet``: none.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
import urllib.parse
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser.lite_site import KERNEL_READY, SITE, Offline, StaticServer, build_site  # noqa: E402
from browser.mus_lab import launch_browser, menu  # noqa: E402
from mus_widget.i18n.progress import Progress, add_quiet, plain  # noqa: E402

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


MARKS = """(() => {
  const marks = (window.__musMarks = []);
  const mark = (window.__musMark = (name) => marks.push([name, Date.now()]));
  mark('page');
  const Native = window.Worker;
  window.Worker = class extends Native {
    constructor(url, options) { mark('worker ' + String(url).split('/').pop()); super(url, options); }
  };
  const watched = [
    ['notebook', () => document.querySelector('.jp-NotebookPanel .jp-Notebook .jp-Cell')],
    ['kernel ready', () => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
      .some((item) => /Pyodide\\) \\| Idle/.test(item.textContent))],
    ['output', () => document.querySelector('.jp-NotebookPanel .jp-OutputArea-output')],
    ['widget', () => document.querySelector('.mus-widget')],
    ['table', () => document.querySelector('.mus-widget[data-version]')],
  ];
  const observer = new MutationObserver(() => {
    while (watched.length && watched[0][1]()) mark(watched.shift()[0]);
    if (!watched.length) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true, characterData: true });
})();"""
"""Run in every page before its own scripts: ``window.__musMarks``, the wall-clock time (ms) of the page's start,
of the kernel's web worker created and, in order, of the notebook shown, the kernel idle, the first cell output, the
widget's element and the table drawn."""

EXPOSE_APP = "exposeAppInBrowser"
"""JupyterLab's page option that sets ``window.jupyterapp``; the benchmark adds it to the site's settings as they
are served, to follow the kernel's messages and ask the kernel what it installed when, outside the notebook."""

FOLLOW_KERNEL = """() => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  kernel.anyMessage.connect((_, { direction, msg }) => window.__musMark(`kernel ${direction} ${msg.header.msg_type}`));
}"""

ASK_KERNEL = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({ code, store_history: false });
  let text = '';
  future.onIOPub = (msg) => { if (msg.header.msg_type === 'stream') text += msg.content.text; };
  await future.done;
  return text;
}"""

INSTALLED = """import glob, json, os, sys
stdlib = next(path for path in sys.path if path.endswith(".zip"))
print(json.dumps({"(stdlib)": 1000 * os.stat(stdlib).st_mtime, **{
    path.split("/")[-2].removesuffix(".dist-info"): 1000 * os.stat(path).st_mtime
    for path in glob.glob("/lib/python3*/site-packages/*.dist-info/INSTALLER")}}))"""
"""When Pyodide wrote the standard library's zip into its file system (ms; Python starts right after) and when it
unpacked each package, from the INSTALLER file it writes into the package's .dist-info last."""

CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


class Timeline:
    """What one cold open did when: the page's marks, every request that finished (the page's, its workers' and
    the service worker's answers to the kernel's file system), the kernel's messages, and the packages installed."""

    def __init__(self, context: Any) -> None:
        self.requests: list[tuple[str, float, float]] = []
        context.add_init_script(MARKS)
        context.route(re.compile(r".*/jupyter-lite\.json(\?.*)?$"), self._expose_app)
        context.on("requestfinished", self._finished)
        self.started = time.time() * 1000

    def _expose_app(self, route: Any) -> None:
        response = route.fetch()
        settings = response.json()
        settings.setdefault("jupyter-config-data", {})[EXPOSE_APP] = "true"
        route.fulfill(response=response, json=settings)

    def _finished(self, request: Any) -> None:
        timing = request.timing
        if timing["startTime"] > 0 and timing["responseEnd"] >= 0:
            self.requests.append((request.url, timing["startTime"], timing["startTime"] + timing["responseEnd"]))

    def phases(self, page: Any) -> dict[str, Any]:
        """Every milestone in seconds from opening the site, the wheels' fetch and install, the file-system round
        trips of the kernel; called once the table is drawn."""
        marks: dict[str, float] = {}
        for name, at in page.evaluate("window.__musMarks"):
            if name == "page" or name not in marks:
                marks[name] = at  # the last page: JupyterLab's, after the front page's redirect
        installed = json.loads(page.evaluate(ASK_KERNEL, INSTALLED).strip().splitlines()[-1])

        def seconds(at: float) -> float:
            return round((at - self.started) / 1000, 2)

        def path_of(url: str) -> str:
            return urllib.parse.urlsplit(url).path

        fetched = {path_of(url).rsplit("/", 1)[-1]: (start, end) for url, start, end in self.requests}
        wheels = {name: span for name, span in fetched.items() if name.endswith(".whl")}
        installs: dict[str, float | None] = {}
        for wheel in wheels:
            key = "-".join(wheel.split("-")[:2])
            installs[wheel] = next((at for dist, at in installed.items() if dist.lower() == key.lower()), None)
        drive = [(start, end) for url, start, end in self.requests if path_of(url).endswith("/api/drive")]
        notebook = marks.get("notebook", 0.0)
        lab = [end for url, start, end in self.requests
               if path_of(url).startswith(("/build/", "/extensions/")) and end <= notebook]
        execute = [at for name, at in marks.items() if name == "kernel send execute_request"]
        milestones = {
            "JupyterLab page opened": marks["page"],
            "JupyterLab scripts fetched": max(lab, default=marks["page"]),
            "notebook shown": notebook,
            "kernel worker started": next(at for name, at in marks.items() if name.startswith("worker ")),
            "Pyodide core fetched": max(fetched[name][1] for name in CORE if name in fetched),
            "Python started": installed["(stdlib)"],
            "first package unpacked": min(at for at in installs.values() if at is not None),
            "packages installed": max(at for at in installs.values() if at is not None),
            "kernel ready": marks["kernel ready"],
            "Run All sent": execute[0] if execute else marks["kernel ready"],
            "first widget comm": marks.get("kernel recv comm_open", marks["output"]),
            "cell output shown": marks["output"],
            "widget element": marks["widget"],
            "first table": marks["table"],
        }
        return {
            "at": {name: seconds(at) for name, at in milestones.items()},
            "drive": {
                name: [len(trips), round(sum(end - start for start, end in trips) / 1000, 2)]
                for name, trips in (
                    ("kernel start", [t for t in drive if t[0] < marks["kernel ready"]]),
                    ("first cell", [t for t in drive if marks["kernel ready"] <= t[0] < marks["table"]]),
                )
            },
            "wheels fetched": seconds(max(end for _, end in wheels.values())),
            "wheels": {name: [seconds(start), seconds(end), seconds(unpacked) if (unpacked := installs[name]) else None]
                       for name, (start, end) in sorted(wheels.items(), key=lambda item: item[1][1])},
        }


def open_cold(page: Any, server: StaticServer, timeline: Timeline) -> dict[str, Any]:
    """Open the site in a fresh context (empty cache), run the play notebook as a student would, and time it."""
    started = time.monotonic()
    timeline.started = time.time() * 1000
    page.goto(f"{server.url}/")
    page.wait_for_selector(".jp-NotebookPanel .jp-Notebook .jp-Cell", timeout=600_000)
    notebook = round(time.monotonic() - started, 1)
    page.wait_for_function(KERNEL_READY, timeout=600_000)
    kernel = round(time.monotonic() - started, 1)
    page.evaluate(FOLLOW_KERNEL)
    menu(page, "Run", "Run All Cells")
    page.wait_for_selector(".mus-widget[data-version]", timeout=600_000)
    first_table = round(time.monotonic() - started, 1)
    return {"notebook_s": notebook, "cold_start_s": kernel, "first_table_s": first_table,
            "phases": timeline.phases(page)}


def print_phases(opens: list[dict[str, Any]]) -> dict[str, float]:
    """A table of where the time goes (medians over the opens, and their range), returned as medians: the
    milestones in the order they follow one another (``took``: since the one before), then the wheels' fetches,
    which run beside Pyodide's start."""
    names = list(opens[0]["phases"]["at"])
    medians: dict[str, float] = {}
    print(f"{'from opening the site to':<28}{'at s':>7}{'took s':>8}   range of 'at' over {len(opens)} opens")
    previous: str | None = None
    for name in names:
        ats = [found["phases"]["at"][name] for found in opens]
        took = [found["phases"]["at"][name] - found["phases"]["at"][previous] for found in opens] if previous else ats
        medians[name] = round(statistics.median(ats), 2)
        print(f"{name:<28}{medians[name]:>7.2f}{statistics.median(took):>8.2f}   {min(ats):.2f}-{max(ats):.2f}")
        previous = name
    fetched = [found["phases"]["wheels fetched"] for found in opens]
    medians["wheels fetched"] = round(statistics.median(fetched), 2)
    print(f"  every wheel fetched (beside Pyodide's start) at {medians['wheels fetched']:.2f} s, "
          f"{min(fetched):.2f}-{max(fetched):.2f}")
    for phase in ("kernel start", "first cell"):
        trips = [found["phases"]["drive"][phase] for found in opens]
        print(f"  kernel file-system round trips in {phase}: {statistics.median(t[0] for t in trips):.0f}, "
              f"{statistics.median(t[1] for t in trips):.2f} s")
    middle = sorted(opens, key=lambda found: found["first_table_s"])[len(opens) // 2]
    print("wheels of the median open: fetched from, until, unpacked at (s)")
    for name, (start, end, unpacked) in middle["phases"]["wheels"].items():
        wheel = SITE / "static" / "pyodide" / name
        size = wheel.stat().st_size / 1000 if wheel.exists() else 0
        print(f"  {name:<52}{size:>7.0f} kB {start:>6.2f} {end:>6.2f} {unpacked if unpacked is not None else '-':>6}")
    return medians


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
    parser = argparse.ArgumentParser(description=plain(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--reuse", action="store_true", help="use the site already built, if any")
    parser.add_argument("--decisions", type=int, default=300, help="expert decisions to time inside Pyodide")
    parser.add_argument("--runs", type=int, default=3, help="cold opens of the site; their median is reported")
    parser.add_argument("--table-only", action="store_true", help="time the opens only, not the bots in Pyodide")
    add_quiet(parser)
    args = parser.parse_args()

    opens: list[dict[str, float]] = []
    with Progress(args.runs, "site opens", quiet=args.quiet) as bar:
        bar.step("building the site")
        built = build_site(SITE, reuse=args.reuse)
        figures: dict[str, Any] = {"site_mb": size_mb(SITE), "build_s": built.get("build_s")}
        server = StaticServer(SITE)
        try:
            from playwright.sync_api import sync_playwright

            with sync_playwright() as playwright:
                browser = launch_browser(playwright)
                for run in range(args.runs):
                    bar.step(f"open {run + 1}, cold")
                    context = browser.new_context(viewport={"width": 1400, "height": 1000})
                    offline = Offline(context)
                    timeline = Timeline(context)
                    page = context.new_page()
                    opens.append(open_cold(page, server, timeline))
                    last = run == args.runs - 1 and not args.table_only
                    bar.advance(step="the expert's decisions in Pyodide" if last else f"open {run + 1} done")
                    if last:
                        figures.update(time_expert(page, args.decisions))
                        bar.step("the review of ten hands in Pyodide")
                        figures.update(time_review(page))
                        page.screenshot(path=str(ROOT / "screenshots" / "lite-benchmark.png"))
                    figures["blocked"] = int(figures.get("blocked") or 0) + len(offline.blocked)
                    context.close()
                browser.close()
        finally:
            server.stop()
    figures["phases_s"] = print_phases(opens)
    for name in ("notebook_s", "cold_start_s", "first_table_s"):
        figures[name] = statistics.median(figures_of[name] for figures_of in opens)
    figures["first_table_runs_s"] = [figures_of["first_table_s"] for figures_of in opens]
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
