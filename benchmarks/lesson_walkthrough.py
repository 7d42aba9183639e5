"""A teacher's first lesson, from nothing: the time from an empty notebook to a three-step lesson with notes, made
in the scenario editor by clicking in a real browser, and every click it took.

Run ``python benchmarks/lesson_walkthrough.py``. It starts ``jupyter lab`` on 127.0.0.1 and Debian's Chromium (as
the browser tests do), opens an empty notebook, types ``import mus_widget as mw`` and ``mw.ScenarioEditor()`` in
its cell and runs it, then works as a teacher would: a title, four clicks on the deck for South's cards, the rest
at random, Play the hand, a note on the deal, three actions with a note on each, Copy. The machine's time is what
it measures (the teacher's reading and typing come on top); the clicks listed are the teacher's.

Target: the whole under ten minutes for a person, so the machine's part well under one. The last line printed is
one JSON object: ``{"seconds": s, "clicks": n, "keys": k, "steps": 3, "notes": 4, "parsed": true}``. At a
terminal a bar on standard error counts the teacher's clicks as they are made (``--quiet``: none).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any, Final

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from browser.mus_lab import LabServer, code_notebook, launch_browser, open_notebook  # noqa: E402
from mus_widget.i18n.progress import Progress, add_quiet, plain, silent  # noqa: E402
from mus_widget.teaching.scenarios import Scenario  # noqa: E402

NOTES = ("South holds three figures: will mano bet at Grande?", "South cuts the mus.", "South passes in Grande.",
         "East bets two.")
CLICKS: Final = 16
"""The teacher's clicks of the walkthrough (the cell run, the title, four cards, the rest at random, Play the hand,
four notes, three actions, Copy): the bar's total."""


class Teacher:
    """Clicks and keys on the page, each written down; a click on the editor waits for the kernel's answer."""

    def __init__(self, page: Any, progress: Progress | None = None) -> None:
        self.page = page
        self.root = page.locator(".mus-widget").first
        self.clicks: list[str] = []
        self.keys = 0
        self.progress = silent() if progress is None else progress

    def did(self, what: str) -> None:
        """Write down a click (or a box filled) and count it on the bar."""
        self.clicks.append(what)
        self.progress.advance(step=what)

    def version(self) -> int:
        return int(self.root.get_attribute("data-version") or 0)

    def wait_newer(self, version: int) -> None:
        self.page.wait_for_function("v => Number(document.querySelector('.mus-widget').dataset.version) > v",
                                    arg=version, timeout=20_000)

    def click(self, key: str, what: str) -> None:
        before = self.version()
        self.root.locator(f"[data-key='{key}']").first.click()
        self.did(what)
        self.wait_newer(before)

    def write(self, key: str, text: str, what: str) -> None:
        before = self.version()
        box = self.root.locator(f"[data-key='{key}']")
        box.click()
        box.fill(text)
        box.press("Tab")
        self.did(what)
        self.keys += len(text) + 1
        self.wait_newer(before)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=plain(__doc__ or "").split("\n\n")[0])
    add_quiet(parser)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with Progress(CLICKS, "clicks", quiet=args.quiet) as bar:
        bar.step("starting JupyterLab")
        server = LabServer({"empty.ipynb": code_notebook("")})
        try:
            with sync_playwright() as playwright:
                bar.step("opening the notebook")
                browser = launch_browser(playwright)
                context = browser.new_context(viewport={"width": 1280, "height": 800},
                                              permissions=["clipboard-read", "clipboard-write"])
                page = context.new_page()
                open_notebook(page, server, "empty.ipynb")
                start = time.perf_counter()
                page.locator(".jp-Cell .jp-InputArea-editor").first.click()
                code = "import mus_widget as mw\nmw.ScenarioEditor()"
                page.keyboard.type(code)
                page.keyboard.press("Shift+Enter")
                page.wait_for_selector(".mus-widget .mus-editor-dealing", timeout=60_000)
                teacher = Teacher(page, bar)
                teacher.did("the cell, typed and run (Shift+Enter)")
                teacher.keys += len(code) + 1
                teacher.write("editor-title", "Grande with three figures", "the title box")
                for card in ("12o", "12c", "11e", "1b"):
                    teacher.click(f"deck-{card}", f"deck card {card}")
                teacher.click("editor-random", "Deal the rest at random")
                teacher.click("editor-to-play", "Play the hand")
                teacher.write("note-m-0", NOTES[0], "the note box of the deal")
                for step, action in enumerate(("no-mus", "paso"), start=1):
                    teacher.click(f"do-{action}", f"South: {action}")
                    teacher.write(f"note-m-{step}", NOTES[step], f"the note box of step {step}")
                envido = teacher.root.locator("[data-key='do-envido 2']")
                if envido.count():
                    teacher.click("do-envido 2", "East: envido 2")
                else:
                    teacher.click("do-paso", "East: paso")
                teacher.write("note-m-3", NOTES[3], "the note box of step 3")
                teacher.root.locator("[data-key='editor-copy']").click()
                teacher.did("Copy")
                page.wait_for_function(
                    "() => document.querySelector('.mus-editor-status').textContent.includes('Copied')")
                text = page.evaluate("() => navigator.clipboard.readText()")
                seconds = time.perf_counter() - start
                page.screenshot(path=str(ROOT / "screenshots" / "lesson-walkthrough-1280x800.png"))
                scenario = Scenario.parse(text)
                browser.close()
        finally:
            server.stop()
    notes = sum(1 for step in range(len(scenario) + 1) if scenario.note_at(step))
    for number, what in enumerate(teacher.clicks, start=1):
        print(f"{number:2}. {what}")
    print(text)
    print(json.dumps({"seconds": round(seconds, 1), "clicks": len(teacher.clicks), "keys": teacher.keys,
                      "steps": len(scenario), "notes": notes, "parsed": True}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
