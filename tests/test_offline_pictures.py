"""Where no live widget can show, the table's and the quiz's pictures do: plain ``jupyter nbconvert --to html``
of a notebook run with ``--execute`` (which saves the widget state, so nbconvert keeps the widget view of an
output over its ``text/html``), of a notebook saved with that state, and of one saved without it; and an HTML
reader that runs no script sees them too (they are not only inside a ``<script>``)."""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbconvert import HTMLExporter

import mus_widget as mw
from support import deals
from support.shown import shown

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
CELLS = [
    "import mus_widget as mw",
    f"mw.MusTable(pace=0, seed=4, tips=False, deal={json.dumps(list(deals.DEAL))}, mano=0, language='en')",
    "quiz = mw.Quiz('grande', seed=2, language='en')\nquiz",
    f"game = mw.Game.from_deal({json.dumps(list(deals.DEAL))}, mano=0).apply('no-mus')\n"
    "while game.hand_number == 1:\n    game = game.apply('paso')\nmw.show_count(game)",
]
"""A table shown as a cell's value, a quiz shown as a cell's value after an assignment, and a count."""


def lesson() -> Any:
    nb = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    nb.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]  # type: ignore[no-untyped-call]
    nb.metadata.kernelspec = {"name": "python3", "display_name": "Python 3", "language": "python"}
    return nb


def without_scripts(page: str) -> str:
    """What a reader that runs no script shows: the page without its ``<script>`` elements."""
    return re.sub(r"<script\b.*?</script>", "", page, flags=re.DOTALL | re.IGNORECASE)


def assert_pictures_show(page: str) -> None:
    shown = without_scripts(page)
    assert shown.count('class="mus-picture mus-picture-table"') == 1, "the table's picture, once"
    assert shown.count('class="mus-quiz-snapshot"') == 1, "the quiz's picture, once"
    assert shown.count('class="mus-picture mus-picture-count"') == 1, "the count, once"
    assert "A snapshot of the table" in shown and "A snapshot of the quiz" in shown
    own = [f'data-card="{card}"' for card in deals.DEAL[0].split()]
    assert all(card in shown for card in own), "the student's cards are drawn"
    assert "&lt;MusTable" not in shown and "Quiz(&#x27;grande&#x27;" not in shown, "no repr beside the pictures"


@pytest.fixture(scope="module")
def executed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The lesson run by ``jupyter nbconvert --to html --execute``: its folder and the page."""
    folder = tmp_path_factory.mktemp("offline")
    nbformat.write(lesson(), folder / "lesson.ipynb")  # type: ignore[no-untyped-call]
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute", "lesson.ipynb"],
                   cwd=folder, check=True, capture_output=True, timeout=300)
    return folder, (folder / "lesson.html").read_text(encoding="utf-8")


@pytest.mark.slow
def test_nbconvert_execute_to_html_shows_the_pictures_not_only_a_widget_script(executed: tuple[Path, str]) -> None:
    _, page = executed
    assert_pictures_show(page)
    assert page.count(f'<script type="{WIDGET_VIEW}">') == 2, "the widget views stay for a page that loads them"


@pytest.fixture(scope="module")
def ran(tmp_path_factory: pytest.TempPathFactory) -> Any:
    """The lesson run by ``jupyter nbconvert --to notebook --execute``: a notebook saved with its outputs and the
    widget state nbclient saves."""
    folder = tmp_path_factory.mktemp("ran")
    nbformat.write(lesson(), folder / "lesson.ipynb")  # type: ignore[no-untyped-call]
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--output",
                    "ran.ipynb", "lesson.ipynb"], cwd=folder, check=True, capture_output=True, timeout=300)
    nb = nbformat.read(folder / "ran.ipynb", as_version=4)  # type: ignore[no-untyped-call]
    assert "application/vnd.jupyter.widget-state+json" in nb.metadata.widgets, "nbclient saved the widget state"
    return nb


def saved(ran: Any, state: bool) -> Any:
    """The run lesson as nbclient saved it (``state``), or as JupyterLab saves it by default: no widget state."""
    nb = nbformat.from_dict(json.loads(json.dumps(ran)))  # type: ignore[no-untyped-call]
    if not state:
        nb.metadata.pop("widgets")
    return nb


@pytest.mark.slow
@pytest.mark.parametrize("state", [True, False], ids=["widget-state", "no-widget-state"])
def test_nbconvert_to_html_shows_the_pictures_with_and_without_the_saved_widget_state(ran: Any, state: bool) -> None:
    page, _ = HTMLExporter().from_notebook_node(saved(ran, state))  # type: ignore[no-untyped-call]
    assert_pictures_show(page)
    assert (f'<script type="{WIDGET_VIEW}">' in page) is state, "nbconvert keeps a view only with its state"


@pytest.mark.parametrize("extensions", [["myst_nb"], ["myst_nb", "mus_widget.sphinx"]],
                         ids=["default", "mus_widget.sphinx"])
@pytest.mark.slow
def test_a_myst_nb_book_with_default_settings_shows_the_pictures(ran: Any, tmp_path: Path,
                                                                extensions: list[str]) -> None:
    """Sphinx and myst-nb (the test extra's, not the package's), ``conf.py`` holding nothing but the extensions:
    myst-nb ranks the widget view above ``text/html`` whatever the widget state. With the package's extension
    the pages also load nothing from another host and carry no widget state."""
    if importlib.util.find_spec("myst_nb") is None:
        assert not os.environ.get("CI"), "myst-nb is missing: pip install -e '.[test]'"
        pytest.skip("myst-nb is not installed (pip install -e '.[test]')")
    source = tmp_path / "book"
    source.mkdir()
    (source / "conf.py").write_text(f'extensions = {extensions!r}\nproject = "Mus"\n', encoding="utf-8")
    (source / "index.md").write_text("# Mus\n\n```{toctree}\nstate\nplain\n```\n", encoding="utf-8")
    for name, state in (("state", True), ("plain", False)):
        nbformat.write(saved(ran, state), source / f"{name}.ipynb")  # type: ignore[no-untyped-call]
    built = tmp_path / "html"
    subprocess.run([sys.executable, "-m", "sphinx", "-b", "html", "-q", str(source), str(built)], check=True,
                   capture_output=True, timeout=300)
    for name in ("state", "plain"):
        page = (built / f"{name}.html").read_text(encoding="utf-8")
        assert_pictures_show(page)
        assert page.count(f'<script type="{WIDGET_VIEW}">') == 2
        if "mus_widget.sphinx" in extensions:
            assert not re.search(r"<(script|link)\b[^>]*(src|href)=\"(https?:)?//", page), "nothing from a CDN"
            assert "application/vnd.jupyter.widget-state+json" not in page, "no state left for no manager"
        else:
            assert re.search(r'<script[^>]*src="https://cdn', page), "myst-nb's own: the widget manager from a CDN"


def test_the_picture_comes_as_an_output_of_its_own_before_the_view() -> None:
    from IPython.core.formatters import DisplayFormatter

    table = mw.MusTable(pace=0, seed=4, tips=False)
    quiz = mw.Quiz("grande", seed=2, language="en")
    formatted = DisplayFormatter().format(table)  # type: ignore[no-untyped-call]
    assert formatted == ({}, {}), "a cell's value displays itself: no data of its own"
    for widget in (table, quiz):
        picture, view = shown(widget)
        assert sorted(picture) == ["text/html", "text/plain"] and sorted(view) == [WIDGET_VIEW, "text/plain"]
        assert f'data-mus-still="{widget.model_id}"' in picture["text/html"]
        assert picture["text/plain"] == repr(widget) and view["text/plain"] == ""
        assert view[WIDGET_VIEW]["model_id"] == widget.model_id
        widget.close()
        assert shown(widget) == [{"text/plain": repr(widget)}], "a closed widget shows its repr alone"

