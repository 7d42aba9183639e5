"""Wherever a lesson goes: Notebook 7, Voilà and marimo (each started here on 127.0.0.1) play a move, step a
scripted hand and answer a quiz; an exported page opened with the network blocked shows every table and quiz
as a picture, or as frozen views from the scripts the package ships, and asks nothing of any server (a missing
script is looked for in the page's folder, not on a CDN), however slowly its scripts come; and after a kernel
restart the table says so on the next click."""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.lite_site import Offline
from browser.mus_lab import (
    LabServer,
    TablePage,
    accept_kernel_dialog,
    code_notebook,
    menu,
    open_notebook,
    run_all,
)
from mus_widget.table.export import SHIPPED, export
from support import deals
from support.ports import free_port
from support.servers import ChildServer, ServerError, answers

pytestmark = pytest.mark.slow

DEAL = json.dumps(list(deals.DEAL))
CELLS = [
    "import mus_widget as mw\nfrom mus_widget.teaching.scenarios import builtin",
    f"table = mw.MusTable(pace=0, seed=4, tips=False, deal={DEAL}, mano=0)\ntable",
    'quiz = mw.Quiz("grande", seed=2, language="en")\nquiz',
    "steps = mw.MusTable.from_scenario(builtin()[0], step=2, pace=0, tips=False)\nsteps",
]
"""The lesson: a table where the student is mano, a quiz and a stepping table."""


def lesson_notebook() -> dict[str, Any]:
    return code_notebook(*CELLS)


def marimo_app() -> str:
    """The same lesson as a marimo app: one widget a cell, each wrapped by ``mo.ui.anywidget``."""
    cells = ["    import marimo as mo\n    import mus_widget as mw\n"
             "    from mus_widget.teaching.scenarios import builtin\n    return builtin, mo, mw\n"]
    args = "builtin, mo, mw"
    for source in CELLS[1:]:
        make, name = source.split("\n")
        cells.append(f"    {make}\n    mo.ui.anywidget({name})\n    return\n")
    body = "".join(f"\n\n@app.cell\ndef _({'' if i == 0 else args}):\n{cell}" for i, cell in enumerate(cells))
    return f"import marimo\n\napp = marimo.App()\n{body}\n\nif __name__ == '__main__':\n    app.run()\n"


class Server:
    """A command serving the lesson on 127.0.0.1 from a scratch folder, stopped (and its folder removed) after."""

    def __init__(self, argv: list[str], port: int, ready: str, home: Path) -> None:
        self.home = home
        self.url = f"http://127.0.0.1:{port}"
        env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "PYTHONUNBUFFERED": "1"}
        env.pop("ANYWIDGET_HMR", None)
        self.server = ChildServer(argv, name=argv[2], log=home / "server.log", cwd=home, env=env)
        try:
            self.server.start(answers(self.url + ready), timeout=90.0, every=0.3)
        except ServerError:
            shutil.rmtree(self.home, ignore_errors=True)
            raise

    def stop(self) -> None:
        self.server.stop()
        shutil.rmtree(self.home, ignore_errors=True)


@pytest.fixture()
def home() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="mus-elsewhere-"))
    (folder / "lesson.ipynb").write_text(json.dumps(lesson_notebook()))
    (folder / "lesson.py").write_text(marimo_app())
    return folder


def notebook7(home: Path) -> Iterator[tuple[Server, str]]:
    port = free_port()
    server = Server([sys.executable, "-m", "notebook", "--no-browser", "--allow-root", "--ServerApp.token=",
                     "--ServerApp.password=", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}",
                     f"--ServerApp.root_dir={home}"], port, "/api/status", home)
    yield server, f"{server.url}/notebooks/lesson.ipynb"
    server.stop()


def voila(home: Path) -> Iterator[tuple[Server, str]]:
    port = free_port()
    server = Server([sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1", f"--port={port}",
                     "lesson.ipynb"], port, "/", home)
    yield server, server.url
    server.stop()


def marimo(home: Path) -> Iterator[tuple[Server, str]]:
    port = free_port()
    server = Server([sys.executable, "-m", "marimo", "run", "--headless", "--no-token", "--host", "127.0.0.1",
                     "--port", str(port), "lesson.py"], port, "/", home)
    yield server, server.url
    server.stop()


def newer(table: TablePage, version: int) -> None:
    """Wait for a state newer than ``version`` (through marimo's shadow roots too, which querySelector misses)."""
    deadline = time.monotonic() + 20
    while table.version() <= version:
        assert time.monotonic() < deadline, f"no new state after version {version}"
        table.page.wait_for_timeout(100)


HOSTS = {"notebook7": notebook7, "voila": voila, "marimo": marimo}


@pytest.mark.parametrize("host", sorted(HOSTS))
def test_the_lesson_plays_in_every_front_end(host: str, browser: Any, home: Path, screenshots: Path) -> None:
    serve = HOSTS[host](home)
    _, url = next(serve)
    # marimo sets no theme attribute of its own: there the widgets follow the system's dark preference.
    page = browser.new_page(viewport={"width": 1300, "height": 1000},
                            color_scheme="dark" if host == "marimo" else "light")
    errors: list[str] = []  # the widgets' own errors (their code runs from blob: URLs), not the host page's
    page.on("pageerror", lambda error: errors.append(str(error)) if "blob:" in (error.stack or "") else None)
    try:
        page.goto(url)
        if host == "notebook7":
            page.wait_for_selector(".jp-Notebook", timeout=60_000)
            accept_kernel_dialog(page)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
            menu(page, "Run", "Run All Cells")
            try:
                page.wait_for_selector(".mus-widget[data-version]", timeout=45_000)
            except Exception:  # a Run All sent before the kernel was really ready: once more
                menu(page, "Run", "Run All Cells")
        page.wait_for_selector(".mus-widget[data-version]", timeout=90_000)
        page.wait_for_selector(".mus-quiz .mus-quiz-answer", timeout=60_000)
        assert page.locator(".mus-widget").count() == 2, "the table and the stepping table, each shown once"
        assert page.locator(".mus-picture-table:visible, .mus-quiz-snapshot:visible").count() == 0, \
            "a live front end shows the view, not the picture"

        table = TablePage(page)
        before = table.version()
        table.root.locator(".mus-actions button:not([disabled])").first.click()
        newer(table, before)

        stepper = page.locator(".mus-widget").nth(1)
        counter = stepper.locator(".mus-steps-count")
        assert "2" in counter.inner_text()
        stepper.locator("[data-key='step-forward']").click()
        # The first number of the counter is the step; the locator finds the counter the newest state drew.
        stepper.locator(".mus-steps-count", has_text=re.compile(r"^\D*3\D")).wait_for(timeout=20_000)

        quiz = page.locator(".mus-quiz")
        quiz.locator(".mus-quiz-answer").first.click()
        quiz.locator(".mus-quiz-verdict b").wait_for(timeout=20_000)
        assert quiz.locator(".mus-quiz-right").count() == 1
        lines = table.root.locator(".mus-log-lines")
        assert lines.evaluate("el => getComputedStyle(el).listStyleType") == "decimal", "the log keeps its numbers"
        assert page.locator(".mus-kernel:not([hidden])").count() == 0 and not page.locator(".mus-quiz-lost").count()
        themes = {page.locator(".mus-widget").first.get_attribute("data-theme"), quiz.get_attribute("data-theme")}
        assert themes == {"dark" if host == "marimo" else "light"}
        page.screenshot(path=str(screenshots / f"elsewhere-{host}.png"), full_page=True)
        assert errors == []
    except Exception:
        page.screenshot(path=str(screenshots / f"elsewhere-{host}-failed.png"), full_page=True)
        raise
    finally:
        page.close()
        next(serve, None)


def test_an_exported_lesson_shows_pictures_and_asks_no_server(browser: Any, home: Path, screenshots: Path) -> None:
    executed = export(home / "lesson.ipynb", home / "lesson.html", execute=True)
    pages = [(executed.page, "pictures")]
    ran = home / "ran.ipynb"
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                    "--output", str(ran), str(home / "lesson.ipynb")], check=True, capture_output=True, timeout=300)
    frozen = export(ran, home / "frozen.html", scripts=SHIPPED)
    assert frozen.scripts is not None and (frozen.scripts / "LICENSES.txt").exists()
    pages.append((frozen.page, "frozen"))
    missing = export(ran, home / "missing.html", scripts=SHIPPED)
    assert missing.scripts is not None
    (missing.scripts / "anywidget.js").unlink()  # the HTML manager's fallback must stay in the folder too
    pages.append((missing.page, "missing"))
    for path, kind in pages:
        page = browser.new_page(viewport={"width": 1200, "height": 1000})
        asked: list[str] = []
        loaded: list[str] = []

        def block(route: Any, *, asked: list[str] = asked, loaded: list[str] = loaded) -> None:
            url = route.request.url
            if url.startswith(("file:", "data:", "blob:")):
                loaded.append(url)
                route.continue_()
            else:
                asked.append(url)
                route.abort()

        page.route("**/*", block)
        try:
            page.goto(path.as_uri())
            if kind == "pictures":
                page.wait_for_selector(".mus-picture-table", timeout=20_000)
                assert page.locator(".mus-picture-table").count() == 2
                assert page.locator(".mus-quiz-snapshot").count() == 1
                assert page.locator(".mus-picture-table svg").count() >= 16, "the cards are drawn"
                assert page.get_by_text("A snapshot of the table").count() == 2
                assert page.locator(".mus-widget, .mus-quiz").count() == 0
            elif kind == "missing":
                fallback = home.joinpath("missing_files").as_uri() + "/anywidget@"
                for _ in range(100):
                    if any(url.startswith(fallback) for url in loaded):
                        break
                    page.wait_for_timeout(200)
                assert any(url.startswith(fallback) and url.endswith("/dist/index.js") for url in loaded), loaded
            else:
                page.wait_for_selector(".mus-widget .mus-kernel[data-kernel='snapshot']", timeout=30_000)
                assert page.locator(".mus-widget").count() == 2
                assert page.locator(".mus-picture-table:visible, .mus-quiz-snapshot:visible").count() == 0
                page.wait_for_selector(".mus-quiz .mus-quiz-lost[data-kernel='snapshot']", timeout=20_000)
                page.locator(".mus-widget .mus-actions button").first.click()
                assert "A snapshot of the table" in page.locator(".mus-kernel").first.inner_text()
                scripts = [url for url in loaded if url.endswith(".js")]
                assert {url.rsplit("/", 1)[1] for url in scripts} == {"require.js", "embed-amd.js", "anywidget.js"}
                assert all(url.startswith(home.joinpath("frozen_files").as_uri()) for url in scripts), scripts
            page.screenshot(path=str(screenshots / f"export-{kind}.png"), full_page=True)
            assert asked == [], f"the {kind} page asked the network for {asked}"
        finally:
            page.close()


REQUIRE_WAIT_S = 7
"""How long require.js waits by default for a module's file to run before it gives up on it."""
FROZEN = """() => document.querySelectorAll('.mus-widget .mus-kernel[data-kernel="snapshot"]').length === 2
  && document.querySelectorAll('.mus-quiz .mus-quiz-lost[data-kernel="snapshot"]').length === 1"""
"""Whether the frozen page drew its two tables and its quiz, each saying it is a snapshot."""


def wait_frozen(page: Any, said: list[str], timeout: float = 120.0) -> None:
    """Wait until the page drew its frozen widgets; fail at once when the console ``said`` that a module fell back
    to the CDN's path or failed to load."""
    deadline = time.monotonic() + timeout
    while not page.evaluate(FROZEN):
        assert not [line for line in said if "Falling back" in line or "Script error" in line], said
        assert time.monotonic() < deadline, f"no frozen widgets after {timeout} s: {said}"
        page.wait_for_timeout(250)


class SlowFolder:
    """A static server of ``folder`` on 127.0.0.1 (in a thread of the test) that sends the file ``slow`` only
    ``delay`` seconds after it was asked for, as a busy machine may, and keeps every path asked for."""

    def __init__(self, folder: Path, slow: str, delay: float) -> None:
        self.asked: list[str] = []
        outer = self

        class Handler(http.server.SimpleHTTPRequestHandler):
            def do_GET(self) -> None:
                outer.asked.append(self.path)
                if self.path.endswith(f"/{slow}"):
                    time.sleep(delay)
                super().do_GET()

            def log_message(self, format: str, *args: Any) -> None:
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", free_port()),
                                                      functools.partial(Handler, directory=str(folder)))
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def test_a_frozen_export_opened_ten_at_once_under_load_draws_every_widget_from_its_own_folder(
        browser: Any, home: Path, screenshots: Path) -> None:
    """Ten pages at once on two cores, each sent ``anywidget.js`` half a second after require.js would have
    given up on it (which made the HTML manager ask its CDN for ``anywidget@~0.11.*/dist/index.js``, and no
    widget drew): every open draws every widget from the page's folder, and nothing leaves 127.0.0.1."""
    ran = home / "ran.ipynb"
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
                    "--output", str(ran), str(home / "lesson.ipynb")], check=True, capture_output=True, timeout=300)
    export(ran, home / "frozen.html", scripts=SHIPPED)
    server = SlowFolder(home, "anywidget.js", REQUIRE_WAIT_S + 0.5)
    scripts = {f"{server.url}/frozen_files/{name}" for name in ("require.js", "embed-amd.js", "anywidget.js")}
    drawn = 0
    try:
        opened = []
        for _ in range(10):
            context = browser.new_context(viewport={"width": 1200, "height": 900})
            offline = Offline(context)
            page = context.new_page()
            said: list[str] = []
            page.on("console", lambda message, said=said: said.append(message.text))
            page.goto(f"{server.url}/frozen.html", wait_until="commit")
            opened.append((context, offline, page, said))
        for context, offline, page, said in opened:
            try:
                wait_frozen(page, said)
                loaded = page.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name)")
                assert {url for url in loaded if url.endswith(".js")} == scripts, loaded
                assert offline.blocked == [], f"the page asked another host for {offline.blocked}"
                drawn += 1
            except Exception:
                page.screenshot(path=str(screenshots / "export-under-load-failed.png"), full_page=True)
                raise
            finally:
                context.close()
    finally:
        server.stop()
    assert drawn == 10
    assert server.asked.count("/frozen_files/anywidget.js") == 10
    assert not [path for path in server.asked if "@" in path], "no module was looked for at the CDN's path"


def test_after_a_kernel_restart_the_next_click_says_the_table_lost_its_kernel(
        browser: Any, lab_server: LabServer, screenshots: Path) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    try:
        open_notebook(page, lab_server, "paced.ipynb")
        run_all(page)
        table = TablePage(page)
        notice = table.root.locator(".mus-kernel")
        assert notice.is_hidden()
        menu(page, "Kernel", "Restart Kernel…")
        page.locator(".jp-Dialog .jp-mod-accept").first.click()
        page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000)
        started = time.monotonic()
        clicked = table.root.locator(".mus-at-bottom .mus-hand, .mus-felt").first
        clicked.scroll_into_view_if_needed()
        box = clicked.bounding_box()
        assert box
        clicked.click()
        notice.wait_for(state="visible", timeout=5_000)
        assert notice.inner_text() == "This table lost its kernel: run the cell again."
        assert time.monotonic() - started < 2, "at once, not after a timeout"
        said = notice.bounding_box()
        assert said and abs(said["y"] - (box["y"] + box["height"] / 2)) < 120, f"not by the click: {said}, {box}"
        page.screenshot(path=str(screenshots / "kernel-restarted.png"))
    finally:
        page.close()


class NoKernelLab(LabServer):
    """JupyterLab that opens a notebook with no kernel at all ("No Kernel"), never starting one."""

    def _argv(self, settings: Path) -> list[str]:
        return [*super()._argv(settings), "--LabServerApp.notebook_starts_kernel=False"]


def assert_pictures_stand_in(page: Any, left: str) -> None:
    """The table's and the quiz's pictures show, drawn and trusted, and the text JupyterLab ``left`` where each
    view could not draw is not seen."""
    page.wait_for_selector(f".jp-OutputArea-output:text-is('{left}')", state="attached", timeout=30_000)
    page.wait_for_timeout(500)
    assert page.locator(".jp-mod-trusted .mus-picture-table:visible").count() == 1
    assert page.locator(".jp-mod-trusted .mus-quiz-snapshot:visible").count() == 1
    assert page.locator(".mus-picture-table svg:visible").count() >= 16, "the cards are drawn"
    assert page.get_by_text("A snapshot of the table").first.is_visible()
    assert page.locator(".jp-OutputArea-output", has_text=left).count() == 2, "each view is still there"
    assert page.locator(".jp-OutputArea-output:visible", has_text=left).count() == 0, f"{left!r} is seen"
    assert page.locator(".jp-OutputArea-output:visible", has_text="widget").count() == 0
    assert page.locator(".mus-widget, .mus-quiz").count() == 0


def test_a_notebook_reopened_without_its_kernel_shows_the_pictures_not_model_not_found(
        browser: Any, lab_server: LabServer, screenshots: Path) -> None:
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    try:
        open_notebook(page, lab_server, "reopened.ipynb")
        run_all(page)
        page.wait_for_selector(".mus-quiz .mus-quiz-answer", timeout=60_000)
        page.wait_for_timeout(300)
        assert page.locator(".mus-picture-table").count() == 1 and page.locator(".mus-quiz-snapshot").count() == 1
        assert page.locator(".mus-still:visible").count() == 0, "a live view hides its picture"
        page.keyboard.press("Control+s")
        saved = lab_server.notebooks / "reopened.ipynb"
        for _ in range(100):
            if "data-mus-still" in saved.read_text():
                break
            page.wait_for_timeout(100)
        menu(page, "Kernel", "Shut Down Kernel")
        page.wait_for_selector(".jp-KernelName:has-text('No Kernel')", timeout=20_000)
    finally:
        page.close()
    notebook = json.loads(saved.read_text())
    assert "widgets" not in notebook["metadata"], "JupyterLab saves no widget state by default"

    # Opened again: JupyterLab starts a new kernel, which holds neither widget ("model not found").
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    try:
        open_notebook(page, lab_server, "reopened.ipynb")
        assert_pictures_stand_in(page, "Error displaying widget: model not found")
        page.screenshot(path=str(screenshots / "reopened-new-kernel.png"), full_page=True)
    finally:
        page.close()

    # Opened where notebooks start no kernel: the views wait for a widget manager that never comes.
    server = NoKernelLab({"reopened.ipynb": notebook})
    page = browser.new_page(viewport={"width": 1300, "height": 1000})
    try:
        page.goto(server.notebook_url("reopened.ipynb"))
        page.wait_for_selector(".jp-Notebook", timeout=60_000)
        page.wait_for_selector(".jp-KernelName:has-text('No Kernel')", timeout=30_000)
        assert_pictures_stand_in(page, "Loading widget...")
        page.screenshot(path=str(screenshots / "reopened-no-kernel.png"), full_page=True)
    finally:
        page.close()
        server.stop()
