"""The classroom site, offline: ``python -m mus_widget.lite build`` builds it, a static server on 127.0.0.1
serves it, and Chromium plays in it with every request to another host blocked and counted.

The site opens on the play notebook; running it draws the table, a click plays a move and the bots answer.
Cells typed into the notebook then answer a quiz right and step a scripted hand. Nothing leaves localhost.
The build downloads Pyodide from npm and the wheels from PyPI into ``~/.cache/mus-widget-lite`` on its first run
(about a minute and a half), and reuses them after; ``MUS_LITE_REUSE=1`` reuses the site already built in
``MUS_LITE_SITE`` (by default ``/tmp/mus-lite-site``) instead of building it again.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import re
import sys
import zipfile
from pathlib import Path
from typing import Any

import pytest

from browser.lite_site import SITE, Offline, StaticServer, open_site
from browser.mus_lab import ROOT, TablePage, menu
from mus_widget.lite import pins
from mus_widget.lite.build import MATHJAX, PASS_BY, has_math
from mus_widget.teaching.exercises import exercise
from mus_widget.teaching.scenarios import builtin

pytestmark = pytest.mark.slow

KERNEL_START_MS = 600_000
"""Pyodide starts, loads every wheel and imports the package before the first cell answers; on a machine busy
with other work that has taken three minutes (alone, it takes seconds)."""


def test_the_sites_lock_lists_exactly_the_wheels_beside_it(site: StaticServer) -> None:
    pyodide = SITE / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())["packages"]
    wheels = {path.name for path in pyodide.glob("*.whl")}
    assert {entry["file_name"] for entry in lock.values()} == wheels
    for name, entry in lock.items():
        assert hashlib.sha256((pyodide / entry["file_name"]).read_bytes()).hexdigest() == entry["sha256"], name
        assert set(entry["depends"]) <= set(lock), name
    assert {"mus-widget", "anywidget", "ipywidgets", "traitlets", "babel", "micropip", "ipython", "comm"} <= set(lock)
    assert {"piplite", "pyodide-kernel", "ipykernel"} <= set(lock), "the kernel's own wheels, loaded with the rest"
    for entry in lock.values():  # every module compiled beside its source
        with zipfile.ZipFile(pyodide / entry["file_name"]) as wheel:
            names = set(wheel.namelist())
        sources = {name for name in names if name.endswith(".py")}
        compiled = {name for name in sources if importlib.util.cache_from_source(name).replace(
            sys.implementation.cache_tag, f"cpython-{pins.PYODIDE_PYTHON.replace('.', '')}") in names}
        assert len(compiled) >= 0.9 * len(sources), entry["file_name"]
    with zipfile.ZipFile(pyodide / "python_stdlib.zip") as stdlib:  # and the standard library's, beside each
        names = set(stdlib.namelist())
    sources = {name for name in names if name.endswith(".py")}
    assert len({name for name in sources if f"{name}c" in names}) >= 0.95 * len(sources)
    # The pure-Python wheels only others need ride in the standard library's zip, read as it is, never unpacked.
    assert {"sitecustomize.pyc", "site-dataclasses.marshal", "pygments/__init__.pyc",
            "prompt_toolkit/__init__.pyc"} <= names
    assert not set(lock) & pins.ZIPPED
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    settings = config["litePluginSettings"]
    kernel = settings["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs" and kernel["disablePyPIFallback"] is True
    assert (MATHJAX in config.get("disabledExtensions", [])) is not has_math(ROOT / "tutorials")
    assert PASS_BY in (SITE / "service-worker.js").read_text()
    assert not list(SITE.rglob("*.map")), "no source maps in the site"
    tutorials = ROOT / "tutorials"
    expected = {str(path.relative_to(tutorials)) for path in tutorials.rglob("*.ipynb")
                if ".ipynb_checkpoints" not in path.parts}
    assert {str(path.relative_to(SITE / "files")) for path in (SITE / "files").rglob("*.ipynb")} == expected


def run_new_cell(page: Any, code: str) -> None:
    """Add a cell under the last one, type ``code`` into it and run it, as a student would."""
    page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell .jp-InputPrompt").last.click()
    page.keyboard.press("Escape")
    page.keyboard.press("b")
    page.keyboard.press("Enter")
    page.keyboard.insert_text(code)
    page.keyboard.press("Shift+Enter")


def log_lines(root: Any) -> list[str]:
    return [line for line in root.locator(".mus-log-lines").inner_text().splitlines() if line.strip()]


def speaker(line: str) -> str:
    """Who a log line is about: "Iker" in "Iker: Mus"."""
    return line.split(":", 1)[0].strip()


def test_the_site_plays_offline(site: StaticServer, browser: Any, screenshots: Path) -> None:
    context = browser.new_context(viewport={"width": 1400, "height": 1100})
    offline = Offline(context)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    console: list[str] = []  # what a failure reports beside its screenshot
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    try:
        # The front page opens JupyterLab on the play notebook, every tutorial beside it in the file browser.
        open_site(page, site, KERNEL_START_MS)
        current = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel")
        assert current.inner_text() == "00-play.ipynb"
        listing = page.locator(".jp-DirListing-itemText").all_inner_texts()
        tutorials = sorted(path.name for path in (SITE / "files").glob("*.ipynb"))
        assert len(tutorials) >= 12 and all(name in listing for name in tutorials), listing

        # Run the notebook: the package is already there, the table draws.
        menu(page, "Run", "Run All Cells")
        page.wait_for_selector(".mus-widget[data-version]", timeout=KERNEL_START_MS)
        table = TablePage(page)
        root = table.root

        # The student's turn comes; a click plays No mus (or the first action offered), and a bot answers with an
        # action of its own ("Iker: Paso"; a seña is not an answer).
        answered = False
        for _ in range(5):
            turn = root.locator(".mus-turn .mus-actions button[data-action]").first
            turn.wait_for(timeout=120_000)
            before = len(log_lines(root))
            no_mus = ".mus-turn .mus-actions button[data-action='no-mus']"
            table.click(no_mus if root.locator(no_mus).count() else ".mus-turn .mus-actions button[data-action]")
            page.wait_for_function(
                "n => document.querySelector('.mus-widget .mus-log-lines').innerText.trim().split('\\n').length > n",
                arg=before, timeout=60_000,
            )
            mine = speaker(log_lines(root)[before])
            try:
                page.wait_for_function(
                    """([n, me]) => document.querySelector('.mus-widget .mus-log-lines').innerText.trim().split('\\n')
                         .slice(n + 1).some((line) => /^\\S+: /.test(line) && !line.startsWith(me + ':'))""",
                    arg=[before, mine], timeout=30_000,
                )
                answered = True
                break
            except Exception:  # only señas so far, or the student moves again first: play on
                continue
        assert answered, log_lines(root)
        root.screenshot(path=str(screenshots / "lite-table.png"), animations="disabled")

        # A quiz in a new cell, answered right: the right button turns green, the verdict says so and why.
        quiz = exercise("grande", 183)
        labels = dict(quiz.labels("en"))
        run_new_cell(page, 'import mus_widget as mw\n\nmw.Quiz("grande", seed=183, language="en")')
        box = page.locator(".mus-quiz").last
        right = box.locator("button", has_text=re.compile(f"^{re.escape(labels[quiz.answer])}$"))
        right.wait_for(timeout=60_000)
        right.click()
        verdict = quiz.check(quiz.answer, "en")
        assert verdict.right
        box.locator(".mus-quiz-verdict b").wait_for(timeout=20_000)
        assert verdict.text in box.locator("[role='status']").inner_text()
        assert "mus-quiz-right" in (right.get_attribute("class") or "")

        # A teacher's stepping table in a new cell: ▶ steps through the scripted hand.
        scenario = builtin()[0]
        run_new_cell(page, "from mus_widget.teaching.scenarios import builtin\n\n"
                           "mw.MusTable.from_scenario(builtin()[0], pace=0, language='en')")
        stepper = page.locator(".mus-widget:has(.mus-steps)").last
        counter = stepper.locator(".mus-steps-count")
        counter.wait_for(timeout=60_000)
        assert counter.inner_text().strip() == f"Step 0 of {len(scenario)}"
        stepper.locator("[data-key='step-forward']").click()
        try:
            # A locator, not an element handle: the table draws anew on every state, so the counter shown at the
            # click may be gone by the time the step comes back.
            stepper.locator(".mus-steps-count", has_text=re.compile(r"^\s*Step 1 ")).wait_for(timeout=20_000)
        except Exception as error:
            page.screenshot(path=str(screenshots / "lite-no-step.png"))
            raise AssertionError(f"the step did not show; the console said: {console[-30:]}") from error
        assert "South: No mus" in stepper.locator(".mus-log-lines").inner_text()
        page.screenshot(path=str(screenshots / "lite-site.png"))

        # The package's and the standard library's modules were compiled for the site's Python when it was built:
        # Pyodide reads that bytecode (zipimport names a module read from bytecode by its .pyc). Installed modules
        # are found before the notebook's folder is searched, and a module beside the notebook is still imported.
        # The dataclasses of the first table ran code compiled when the site was built.
        run_new_cell(page, "import dataclasses, importlib, importlib.util, json, sys\n"
                           "import mus_widget.bots.expert as expert\n"
                           "open('mus_beside.py', 'w').write('WHERE = 1')\n"
                           "importlib.invalidate_caches()\n"
                           "import mus_beside\n"
                           "print('bytecode', open(expert.__cached__, 'rb').read(4) == importlib.util.MAGIC_NUMBER,"
                           " json.__file__.endswith('.pyc'), 'sitecustomize' in sys.modules, mus_beside.WHERE,"
                           " dataclasses.exec.__module__)")
        verdict = page.locator(".jp-OutputArea-output pre", has_text="bytecode").first
        verdict.wait_for(timeout=60_000)
        assert verdict.inner_text().strip() == "bytecode True True True 1 sitecustomize"

        assert offline.requested > 50, "the route saw the site's requests"
        assert offline.blocked == [], f"requests left localhost: {offline.blocked}"
        assert not errors, errors
    finally:
        context.close()
