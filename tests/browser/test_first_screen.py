"""A table as it first appears, the way a student meets it: JupyterLab at 1280×800 and at 1366×768 with its file
browser open and its default windowing, the notebook read from the top and its cells run one by one with
Shift+Enter. When the table draws, the student's own cards and the turn's buttons (a scenario's steps) are in
the notebook's visible area, not under the fold below the bots' face-down cards: the play notebook, a live table
deep in a tutorial, a teacher's stepping table. Run All brings the play notebook's table into view too, and
leaves a tutorial where JupyterLab put it (its last cell), never yanked up to a table on the way.
Screenshots go to ``screenshots/first-screen-*.png``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import PLAY, ROOT, LabServer, menu, open_notebook

pytestmark = pytest.mark.slow

TUTORIALS = ROOT / "tutorials"
SIZES = ((1280, 800), (1366, 768))
TABLES = (
    # (notebook, the table's cell, what the student acts with)
    (PLAY.name, 1, "play"),
    ("01-cards-and-the-deal.ipynb", 8, "play"),
    ("02-mus-and-discards.ipynb", 3, "steps"),
)
"""A representative of each kind of live table in the tutorials: a game to play (the play notebook's, and one
deep in a tutorial after its pictures and its scenario), and a teacher's scenario stepped through."""

PANEL = ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-WindowedPanel-outer"

MEASURE = """([panel, cell, kind]) => {
  const area = document.querySelector(panel).getBoundingClientRect();
  const root = document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell')[cell]
    .querySelector('.mus-widget');
  const inside = (b) => b.top >= area.top - 1 && b.bottom <= area.bottom + 1 && b.left >= area.left - 1
    && b.right <= area.right + 1;
  const must = ['.mus-bottom-area .mus-plate', '.mus-bottom-area .mus-hand', '.mus-bottom-area .mus-card',
                '.mus-turn-slot'];
  must.push(kind === 'steps' ? '.mus-steps button' : '.mus-turn button');
  const problems = [];
  let checked = 0;
  for (const selector of must) {
    const found = [...root.querySelectorAll(selector)].filter((el) => el.getBoundingClientRect().height > 0);
    if (!found.length) problems.push(`none shows: ${selector}`);
    for (const el of found) {
      checked += 1;
      const b = el.getBoundingClientRect();
      if (!inside(b)) problems.push(`${selector} at ${Math.round(b.top)}..${Math.round(b.bottom)}`);
    }
  }
  return { problems, checked, visible: [Math.round(area.top), Math.round(area.bottom)],
           top: Math.round(root.getBoundingClientRect().top) };
}"""

SETTLED = """(panel) => new Promise((done) => {
  const scroller = document.querySelector(panel);
  let last = -1, still = 0;
  const look = () => {
    if (scroller.scrollTop === last) still += 1; else { still = 0; last = scroller.scrollTop; }
    if (still >= 10) done(scroller.scrollTop); else requestAnimationFrame(look);
  };
  look();
})"""
"""Wait until the notebook has stopped scrolling (ten frames without a move): a smooth scroll has ended."""


@pytest.fixture(scope="module")
def lab(chromium: Path) -> Iterator[LabServer]:
    """JupyterLab as a student has it: its default windowing (not the layout tests' "none")."""
    notebooks = {name: json.loads((TUTORIALS / name).read_text()) for name, _, _ in TABLES if name != PLAY.name}
    server = LabServer(notebooks, lab_settings={"@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {}})
    try:
        yield server
    finally:
        server.stop()


def _open(browser: Any, lab: LabServer, name: str, size: tuple[int, int]) -> tuple[Any, list[str]]:
    page = browser.new_page(viewport={"width": size[0], "height": size[1]})
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    open_notebook(page, lab, name)
    assert page.locator(".jp-FileBrowser").first.is_visible(), "JupyterLab's file browser is open by default"
    return page, errors


def _idle(page: Any) -> None:
    page.wait_for_selector(
        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000
    )


def _table_in(page: Any, cell: int) -> Any:
    cells = page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell")
    table = cells.nth(cell).locator(".mus-widget[data-version]")
    table.wait_for(timeout=120_000)
    return table


def _measure(page: Any, cell: int, kind: str) -> dict[str, Any]:
    page.evaluate(SETTLED, PANEL)
    if kind == "play":  # the bots before the student move at their pace: then it is the student's turn
        page.wait_for_function(
            "cell => document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell')[cell]"
            ".querySelector('.mus-widget .mus-turn button')", arg=cell, timeout=60_000)
    result: dict[str, Any] = page.evaluate(MEASURE, [PANEL, cell, kind])
    return result


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("table", TABLES, ids=[f"{n[:2]}-{k}" for n, _, k in TABLES])
def test_the_students_hand_and_turn_show_when_the_table_first_appears(
        browser: Any, lab: LabServer, screenshots: Path, table: tuple[str, int, str], size: tuple[int, int]) -> None:
    """Read from the top, each cell run with Shift+Enter up to the table's: its hand and turn are in view."""
    name, cell, kind = table
    page, errors = _open(browser, lab, name, size)
    try:
        page.locator(".jp-Cell .jp-InputPrompt").first.click()
        page.keyboard.press("Escape")
        for _ in range(cell):  # the cells above, run as the student reads down to the table
            page.keyboard.press("Shift+Enter")
            _idle(page)
            page.wait_for_timeout(300)
        page.keyboard.press("Shift+Enter")
        _table_in(page, cell)
        result = _measure(page, cell, kind)
        page.screenshot(path=str(screenshots / f"first-screen-{name[:2]}-{kind}-{size[0]}.png"))
        assert result["checked"] >= 8, result
        assert not result["problems"], f"{name} at {size}: {json.dumps(result)}"
        assert not errors, errors
    finally:
        page.close()


def test_run_all_brings_the_play_table_into_view(browser: Any, lab: LabServer, screenshots: Path) -> None:
    """Run All from the top of the play notebook: the same as running its cell."""
    page, errors = _open(browser, lab, PLAY.name, SIZES[0])
    try:
        menu(page, "Run", "Run All Cells")
        _table_in(page, 1)
        result = _measure(page, 1, "play")
        page.screenshot(path=str(screenshots / "first-screen-run-all-play.png"))
        assert not result["problems"], json.dumps(result)
        assert not errors, errors
    finally:
        page.close()


def test_run_all_leaves_a_tutorial_where_jupyterlab_puts_it(browser: Any, lab: LabServer,
                                                            screenshots: Path) -> None:
    """Run All on a tutorial: JupyterLab goes to its last cell, and a table drawn on the way does not pull the
    page back up to it (nor to its scenario's table further up)."""
    name = "01-cards-and-the-deal.ipynb"
    page, errors = _open(browser, lab, name, SIZES[0])
    try:
        menu(page, "Run", "Run All Cells")
        _table_in(page, 8)
        _idle(page)
        page.evaluate(SETTLED, PANEL)
        shown = page.evaluate("""(panel) => {
          const area = document.querySelector(panel).getBoundingClientRect();
          const cells = [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) .jp-Cell')];
          const seen = (el) => {
            const b = el.getBoundingClientRect();
            return b.bottom > area.top && b.top < area.bottom;
          };
          return { last: seen(cells[cells.length - 1]), hand: seen(cells[8].querySelector('.mus-bottom-area')) };
        }""", PANEL)
        page.screenshot(path=str(screenshots / "first-screen-run-all-tutorial.png"))
        assert shown == {"last": True, "hand": False}, shown
        assert not errors, errors
    finally:
        page.close()
