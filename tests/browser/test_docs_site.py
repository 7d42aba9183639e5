"""The documentation site: ``mus-widget docs build`` (Sphinx and myst-nb, warnings as errors) builds it around a
copy of the session's classroom site, a static server on 127.0.0.1 serves it, and Chromium reads it with every
request to another host blocked and counted. A tutorial shows the picture of everything its notebook displays,
and every count picture fits the page's column, in a wide window and a narrow one; the API page lists
``MusTable``; "Try it in your browser" opens the same notebook in the classroom site. Nothing leaves 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import mus_widget
from browser.lite_site import Offline, StaticServer
from browser.mus_lab import ROOT
from mus_widget import cli
from mus_widget.docs.build import LITE
from mus_widget.docs.extension import TRY_IT, WIDGET_STATE

pytestmark = pytest.mark.slow

TUTORIAL = "08-the-count"
"""The tutorial read: counts, stepping tables, a table and quizzes."""
DEALS = "01-cards-and-the-deal"
"""A tutorial that shows deals."""
BUILD_TIMEOUT = 1800
REMOTE = re.compile(r"""<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)=["'](?:https?:)?//""", re.I)
"""A page element that would load something from another host (a link to one is only a link)."""
OVERFLOW = """(picture) => {
  const column = picture.closest('div.body').getBoundingClientRect();
  return [picture, ...picture.querySelectorAll('*')]
    .map((element) => element.getBoundingClientRect())
    .filter((box) => box.width > 0 && (box.left < column.left - 0.5 || box.right > column.right + 0.5))
    .length;
}"""
"""How many elements of a picture (itself included) reach out of the page's column."""


@pytest.fixture(scope="module")
def docs(lite_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, StaticServer]]:
    """The site built by the command, as an author would, and served."""
    folder = tmp_path_factory.mktemp("docs") / "site"
    result = subprocess.run(
        [sys.executable, "-m", "mus_widget", "docs", "build", "--output", str(folder), "--lite", str(lite_site)],
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, capture_output=True, text=True, timeout=BUILD_TIMEOUT,
        check=False)
    assert result.returncode == 0, f"the build failed (warnings are errors):\n{result.stderr[-6000:]}"
    server = StaticServer(folder, ready="docs/index.html")
    try:
        yield folder, server
    finally:
        server.stop()


def displayed_code(notebook: Path) -> list[str]:
    """The code cells of a notebook."""
    cells = json.loads(notebook.read_text())["cells"]
    return ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "code"]


def displayed(notebook: Path) -> dict[str, int]:
    """What the notebook's code displays, by picture: counts, tables (a table or a stepping table), quizzes."""
    code = "".join(displayed_code(notebook))
    return {".mus-picture-count": code.count("show_count("),
            ".mus-picture-table": len(re.findall(r"MusTable[.(]", code)),
            ".mus-quiz-snapshot": code.count("Quiz(")}


def test_the_built_pages_load_only_their_own_files_and_hold_every_document(docs: tuple[Path, StaticServer]) -> None:
    folder, _ = docs
    pages = [path for path in folder.rglob("*.html") if LITE not in path.relative_to(folder).parts[:1]]
    assert {f"tutorials/{path.stem}.html" for path in (ROOT / "tutorials").glob("*.ipynb")} <= {
        str(page.relative_to(folder)) for page in pages}
    assert {f"docs/{path.stem}.html" for path in (ROOT / "docs").glob("*.md")} <= {
        str(page.relative_to(folder)) for page in pages}
    for page in pages:
        text = page.read_text(encoding="utf-8")
        assert not REMOTE.findall(text), f"{page.name} loads from another host: {REMOTE.findall(text)}"
        assert WIDGET_STATE not in text, f"{page.name} carries a widget state nothing reads"
    api = (folder / "docs" / "api.html").read_text(encoding="utf-8")
    assert [name for name in mus_widget.__all__ if f'id="mus_widget.{name}"' not in api] == [], \
        "the API page documents every name the package exports"
    commands = (folder / "docs" / "commands.html").read_text(encoding="utf-8")
    for command in cli.COMMANDS:
        assert f"usage: mus-widget {command}" in commands, f"the page of commands shows {command}'s help"
    assert (folder / LITE / "jupyter-lite.json").exists()


def test_a_reader_sees_the_pictures_the_api_and_opens_the_tutorial_in_the_classroom_site(
        docs: tuple[Path, StaticServer], browser: Any, screenshots: Path) -> None:
    _, server = docs
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    offline = Offline(context)
    page = context.new_page()
    try:
        page.goto(f"{server.url}/")
        page.wait_for_url(f"{server.url}/docs/index.html")
        assert page.locator("h1").first.inner_text().startswith("mus-widget")

        # The tutorial: the picture of every table, quiz and count its notebook displays, nothing hiding them.
        page.goto(f"{server.url}/tutorials/{TUTORIAL}.html")
        pictures = displayed(ROOT / "tutorials" / f"{TUTORIAL}.ipynb")
        for selector, shown in pictures.items():
            assert shown and page.locator(f"{selector}:visible").count() == shown, selector
        assert page.locator(".mus-picture svg:visible").count() == 16 * sum(pictures.values()), \
            "every picture draws its four hands (the quizzes here ask about a whole deal)"
        assert page.locator(".mus-widget, .mus-quiz").count() == 0, "no widget view, no script drew one"
        counts = page.locator(".mus-picture-count")
        column = page.locator("div.body").bounding_box()
        assert column and 600 <= column["width"] <= 720, f"a book's column: {column}"
        for width in (1100, 600):  # beside the sidebar, and alone in a narrow window
            page.set_viewport_size({"width": width, "height": 900})
            for index in range(counts.count()):
                assert counts.nth(index).evaluate(OVERFLOW) == 0, f"count picture {index} overflows at {width} px"
        page.set_viewport_size({"width": 1100, "height": 900})
        page.screenshot(path=str(screenshots / "docs-tutorial.png"))

        # The deals of the first tutorial (its show_deal and a quiz's deal) fit the column too: in a narrow window
        # their cards get smaller.
        page.goto(f"{server.url}/tutorials/{DEALS}.html")
        deals = page.locator(".mus-picture-deal")
        assert deals.count() >= "".join(displayed_code(ROOT / "tutorials" / f"{DEALS}.ipynb")).count("show_deal(") > 0
        for width in (1100, 600, 400):
            page.set_viewport_size({"width": width, "height": 900})
            for index in range(deals.count()):
                assert deals.nth(index).evaluate(OVERFLOW) == 0, f"deal picture {index} overflows at {width} px"
        deals.first.screenshot(path=str(screenshots / "docs-deal-400.png"))
        page.set_viewport_size({"width": 1100, "height": 900})

        # The API reference lists the table.
        page.goto(f"{server.url}/docs/api.html")
        table = page.locator("dt[id='mus_widget.MusTable']")
        assert table.is_visible() and "MusTable" in table.inner_text()

        # "Try it in your browser" opens the same notebook in the classroom site, its cells there.
        page.goto(f"{server.url}/tutorials/{TUTORIAL}.html")
        link = page.get_by_role("link", name=TRY_IT)
        assert link.get_attribute("href") == f"../{LITE}/lab/index.html?path={TUTORIAL}.ipynb"
        link.click()
        page.wait_for_url(re.compile(rf"/{LITE}/lab/"), timeout=60_000)
        tab = page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel")
        tab.filter(has_text=f"{TUTORIAL}.ipynb").wait_for(timeout=120_000)
        cells = json.loads((ROOT / "tutorials" / f"{TUTORIAL}.ipynb").read_text())["cells"]
        page.locator(".jp-NotebookPanel .jp-Cell").nth(len(cells) - 1).wait_for(state="attached", timeout=60_000)
        assert page.locator(".jp-NotebookPanel .jp-Cell").count() == len(cells)
        page.screenshot(path=str(screenshots / "docs-try-it.png"))

        assert offline.requested > 20, "the route saw the pages' requests"
        assert offline.blocked == [], f"requests left 127.0.0.1: {offline.blocked}"
    except Exception:
        page.screenshot(path=str(screenshots / "docs-failed.png"), full_page=True)
        raise
    finally:
        context.close()
