"""Fixtures of the browser tests: one real ``jupyter lab`` on 127.0.0.1 and Debian's Chromium for the session.

In CI (``CI`` set) a missing /usr/bin/chromium (or ``$MUS_WIDGET_CHROMIUM``) fails the tests; elsewhere they are
skipped with the reason, and the run ends with a line counting them (tests/conftest.py).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.lite_site import SITE, StaticServer, build_site
from browser.mus_lab import CHROMIUM, LabServer, code_notebook, launch_browser
from support.deals import DEAL
from support.locks import locked
from support.missing_browser import missing_reason

SCREENSHOTS = Path(__file__).resolve().parents[2] / "screenshots"
"""Where the browser tests write their screenshots (gitignored): light and dark, 500 and 1,200 px."""


@pytest.fixture(scope="session")
def chromium() -> Path:
    if not CHROMIUM.exists():
        reason = missing_reason(CHROMIUM)
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    return CHROMIUM


TWO_VIEWS = code_notebook(
    "from mus_widget import MusTable\n\ntable = MusTable(pace=0, seed=4, tips=False)\ntable",
    "table",
    'table.receive({"type": "act", "action": "envido two"})',
)
"""One table displayed twice, then a refused intent: both views must follow."""

PACED = code_notebook(
    "from mus_widget import MusTable\n\n"
    f"deal = {json.dumps(list(DEAL))}\n"
    "table = MusTable(pace=0.4, deal=deal, mano=1, seed=5, tips=False)\ntable",
    "import time\n\nticked = time.perf_counter()\n6 * 7",
)
"""A table whose bots move first, 0.4 s apart, and a cell that runs meanwhile: the kernel is not blocked."""


STEPS = code_notebook(
    "from mus_widget import MusTable\nfrom mus_widget.teaching.scenarios import builtin\n\n"
    "table = MusTable.from_scenario(builtin()[0], pace=0, tips=False)\ntable",
)
"""A teacher's table stepping through the first built-in scenario, every hand face up."""

BRANCHED = code_notebook(
    "from mus_widget import MusTable\nfrom mus_widget.teaching.scenarios import library\n\n"
    "table = MusTable.from_scenario(library()['first-bet-refused'], step=3, pace=0, tips=False)\ntable",
)
"""A teacher's table at the step before a scenario's branch: West's answer, or what if West had said quiero."""

THREE_HANDS = code_notebook(
    "from mus_widget import Game, MusTable\nfrom mus_widget.teaching.scenarios import Scenario\n\n"
    "game = Game.new(seed=11)\n"
    "while game.hand_number < 4:  # no mus, then paso wherever it is legal\n"
    "    legal = game.legal_actions()\n"
    "    game = game.apply(next((a for a in ('no-mus', 'paso') if a in legal), legal[0]))\n"
    "table = MusTable.from_scenario(Scenario.from_record(game.record(), title='Three hands'), pace=0, tips=False,\n"
    "                               language='en')\ntable",
)
"""A teacher's table stepping through a game's record of three hands (37 steps; hand 2 from step 14, hand 3
from step 23)."""

COACHED = code_notebook(
    "from mus_widget import MusTable\n\n"
    f"deal = {json.dumps(list(DEAL))}\n"
    "table = MusTable(deal=deal, mano=0, seed=5, pace=0, tips=False, coach=True)\ntable",
)
"""A student's table with the coach on, the student mano."""


LANGUAGES = code_notebook(
    "from mus_widget import MusTable\n\n"
    f"deal = {json.dumps(list(DEAL))}\n"
    'table = MusTable(deal=deal, mano=0, seed=8, pace=0, tips=True, language="en", bots="random")\ntable',
)
"""A student's table, the student mano, in English until the language picker says otherwise."""

STEPS_IN_EVERY_LANGUAGE = code_notebook(
    "from IPython.display import display\n\nfrom mus_widget import MusTable\nfrom mus_widget.i18n import LANGUAGES\n"
    "from mus_widget.teaching.scenarios import library\n\n"
    "tables = [MusTable.from_scenario(library()['first-bet-refused'], step=4, pace=0, tips=True, language=code)\n"
    "          for code in LANGUAGES]\ndisplay(*tables)",
)
"""A teacher's stepping table in each language, one under the other."""


ORDAGO_PROPOSED = code_notebook(
    "from mus_widget import MusTable\n\n\n"
    "class Says:\n"
    "    def __init__(self, *calls):\n"
    "        self.calls = calls\n\n"
    "    def decide(self, observation):\n"
    "        return next((c for c in self.calls if c in observation.legal_actions), observation.legal_actions[0])\n\n\n"
    f"deal = {json.dumps(list(DEAL))}\n"
    "bots = {1: Says('no-mus', 'ordago'), 2: Says('quiero'), 3: Says('paso')}\n"
    "table = MusTable(deal=deal, mano=1, seed=3, pace=0, tips=False, language='en', bots=bots)\ntable",
)
"""East cuts the mus and bets órdago at Grande, North proposes to take it: South, last, can only agree."""


LATE = code_notebook("from mus_widget import MusTable\n\nMusTable(pace=0, seed=4, tips=False)",
                      'import mus_widget as mw\n\nmw.Quiz("grande", seed=183, language="en")')
"""A table and a quiz, for a page that holds up their modules' loading."""


REOPENED = code_notebook(
    "import mus_widget as mw",
    f"table = mw.MusTable(pace=0, seed=4, tips=False, deal={json.dumps(list(DEAL))}, mano=0, language='en')\ntable",
    "quiz = mw.Quiz('grande', seed=2, language='en')\nquiz",
)
"""A table and a quiz, to run, save with their outputs and open again without their kernel."""


@pytest.fixture(scope="session")
def lab_server(chromium: Path) -> Iterator[LabServer]:
    server = LabServer({"two-views.ipynb": TWO_VIEWS, "paced.ipynb": PACED, "steps.ipynb": STEPS,
                        "three-hands.ipynb": THREE_HANDS, "branched.ipynb": BRANCHED,
                        "coached.ipynb": COACHED, "languages.ipynb": LANGUAGES,
                        "steps-languages.ipynb": STEPS_IN_EVERY_LANGUAGE, "late.ipynb": LATE,
                        "ordago.ipynb": ORDAGO_PROPOSED, "reopened.ipynb": REOPENED})
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def lite_site(chromium: Path) -> Path:
    """The classroom site, built once for the session into ``MUS_LITE_SITE`` (``MUS_LITE_REUSE=1``: the one
    already there): the site's own tests play in it, and the documentation site holds a copy."""
    # Under pytest-xdist every worker asks for the site: the first builds it under a lock, the others wait and
    # take the one this run built (the stamp holds the run's id), never a half-written or an older site.
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID", "")
    stamp = SITE.with_name(SITE.name + ".built")
    with locked(SITE.with_name(SITE.name + ".lock")):
        built = run and stamp.exists() and stamp.read_text() == run
        if not built:
            build_site(SITE, reuse=bool(os.environ.get("MUS_LITE_REUSE")))
            stamp.write_text(run)
    return SITE


@pytest.fixture(scope="module")
def site(lite_site: Path) -> Iterator[StaticServer]:
    """The classroom site served on 127.0.0.1 for one module's tests."""
    server = StaticServer(lite_site)
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="module")
def browser(chromium: Path) -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_browser(playwright)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def screenshots() -> Path:
    SCREENSHOTS.mkdir(exist_ok=True)
    return SCREENSHOTS
