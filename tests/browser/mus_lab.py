"""A real JupyterLab and Debian's Chromium for the browser tests and the latency benchmark.

``LabServer`` starts ``jupyter lab`` on 127.0.0.1 in a scratch folder with its own settings (no news
toasts, no update checks), ``launch_browser`` starts /usr/bin/chromium through Playwright, and the helpers
open a notebook, run all its cells and wait for the Mus table.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from support.missing_browser import chromium_path
from support.ports import free_port
from support.servers import ChildServer, ServerExitedError, answers

CHROMIUM = chromium_path()
"""/usr/bin/chromium, or the browser ``MUS_WIDGET_CHROMIUM`` names."""
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
PLAY = ROOT / "tutorials" / "00-play.ipynb"

SETTINGS = {
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {
        "fetchNews": "false", "checkForUpdates": False,
    },
    "@jupyterlab/apputils-extension/themes.jupyterlab-settings": {"theme": "JupyterLab Light"},
    # Every cell laid out, on screen or not: the layout tests measure tables far down the page.
    "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
}


class LabServer:
    """``jupyter lab`` serving a scratch copy of the play notebook (and any extra notebooks); ``lab_settings``
    replace those of ``SETTINGS`` by file (``{}`` for a file: JupyterLab's defaults)."""

    def __init__(self, notebooks: dict[str, Any] | None = None, lab_settings: dict[str, Any] | None = None) -> None:
        self.home = Path(tempfile.mkdtemp(prefix="mus-lab-"))
        self.notebooks = self.home / "notebooks"
        self.notebooks.mkdir()
        shutil.copy(PLAY, self.notebooks / PLAY.name)
        for name, notebook in (notebooks or {}).items():
            (self.notebooks / name).write_text(json.dumps(notebook))
        settings = self.home / "settings"
        for relative, values in {**SETTINGS, **(lab_settings or {})}.items():
            path = settings / relative
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))
        env = dict(os.environ)
        env.update({
            "JUPYTER_RUNTIME_DIR": str(self.home / "runtime"),
            "JUPYTERLAB_SETTINGS_DIR": str(settings),
            "JUPYTERLAB_WORKSPACES_DIR": str(self.home / "workspaces"),
            "PYTHONUNBUFFERED": "1",
        })
        env.pop("ANYWIDGET_HMR", None)
        # A free port may be taken by another process before the server binds it: then try another.
        for _ in range(3):
            self.port = free_port()
            self.url = f"http://127.0.0.1:{self.port}"
            self.server = ChildServer(self._argv(settings), name="jupyter lab", log=self.home / "lab.log",
                                      cwd=self.notebooks, env=env)
            try:
                self.server.start(answers(f"{self.url}/api/status"), timeout=60.0, every=0.25)
                return
            except ServerExitedError:
                continue
        raise RuntimeError(f"jupyter lab exited three times: {self.read_log()}")

    def _argv(self, settings: Path) -> list[str]:
        return [
            sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
            "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={self.port}", "--ServerApp.port_retries=0",
            f"--ServerApp.root_dir={self.notebooks}",
            f"--LabApp.user_settings_dir={settings}",
            f"--LabApp.workspaces_dir={self.home / 'workspaces'}",
            # The layout notebook shows fifty tables at once, each with its catalogue: no rate limit on
            # the kernel's output, or the server drops some of their first states.
            "--ZMQChannelsWebsocketConnection.iopub_data_rate_limit=0",
            "--ZMQChannelsWebsocketConnection.iopub_msg_rate_limit=0",
        ]

    def read_log(self) -> str:
        return self.server.read_log()

    def notebook_url(self, name: str) -> str:
        """The notebook in a workspace of its own, so no other notebook is restored beside it."""
        return f"{self.url}/lab/workspaces/{Path(name).stem}/tree/{name}"

    def stop(self) -> None:
        self.server.stop()
        shutil.rmtree(self.home, ignore_errors=True)


def code_notebook(*cells: str) -> dict[str, Any]:
    """A notebook of code cells, run by the Python 3 kernel."""
    return {
        "cells": [
            {"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [], "source": s}
            for i, s in enumerate(cells)
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def launch_browser(playwright: Any) -> Any:
    """Debian's Chromium, headless, through Playwright (never Playwright's own browser download)."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


def accept_kernel_dialog(page: Any) -> None:
    """Accept the kernel dialog ("Select Kernel") if one shows within 1.5 s of the notebook opening."""
    dialog = page.locator(".jp-Dialog .jp-mod-accept")
    try:
        dialog.first.wait_for(timeout=1500)
        dialog.first.click()
    except Exception:
        pass


def open_notebook(page: Any, server: LabServer, name: str = PLAY.name) -> None:
    """Open a notebook, accept a kernel dialog if one shows, and wait until its kernel is idle."""
    page.goto(server.notebook_url(name))
    page.wait_for_selector(".jp-Notebook", timeout=60_000)
    accept_kernel_dialog(page)
    page.wait_for_selector(
        ".jp-NotebookPanel:not(.lm-mod-hidden) .jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=60_000
    )


def menu(page: Any, *path: str) -> None:
    """Click through JupyterLab's main menu, e.g. ``menu(page, "Run", "Run All Cells")``."""
    page.locator("#jp-MainMenu .lm-MenuBar-itemLabel", has_text=path[0]).first.click()
    for label in path[1:]:
        item = page.locator(".lm-Menu .lm-Menu-item").filter(
            has=page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(label)}$"))
        ).last
        if label == path[-1]:
            item.click()
        else:
            item.hover()
            page.wait_for_timeout(200)


def run_all(page: Any) -> None:
    """Run every cell of the open notebook and wait for the Mus table to draw its first state."""
    menu(page, "Run", "Run All Cells")
    try:
        page.wait_for_selector(".mus-widget[data-version]", timeout=60_000)
    except Exception as error:  # say what the notebook shows instead: a traceback, a busy kernel
        outputs = page.locator(".jp-OutputArea-output").all_inner_texts()
        status = page.locator(".jp-Notebook-ExecutionIndicator").first.get_attribute("data-status")
        page.screenshot(path=str(Path("screenshots") / "no-table-drew.png"))
        raise AssertionError(f"no table drew; kernel {status}; outputs: {outputs!r}"[:4000]) from error


@contextlib.contextmanager
def notebook_page(opener: Any, server: LabServer, name: str = PLAY.name, viewport: dict[str, int] | None = None,
                  *, fold_files: bool = False) -> Iterator[tuple[Any, list[str]]]:
    """A new page of ``opener`` (a browser or a context) with the notebook ``name`` open and run (``fold_files``:
    JupyterLab's file browser folded away first, for more room), and the page's script errors as they come; the
    page is closed afterwards, whatever happened."""
    page = opener.new_page(**({"viewport": viewport} if viewport else {}))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        open_notebook(page, server, name)
        if fold_files:
            page.keyboard.press("Control+b")
        run_all(page)
        yield page, errors
    finally:
        page.close()


def use_theme(page: Any, theme: str) -> None:
    """Switch JupyterLab's theme ("JupyterLab Light" or "JupyterLab Dark") and wait until it applies."""
    light = "true" if "Light" in theme else "false"
    if page.get_attribute("body", "data-jp-theme-light") == light:
        return
    menu(page, "Settings", "Theme", theme)
    # A page of some sixty tables restyles for seconds on a busy machine.
    page.wait_for_selector(f"body[data-jp-theme-light='{light}']", state="attached", timeout=60_000)
    page.wait_for_timeout(400)


def fit_widget(page: Any, width: int) -> int:
    """Resize the window so the table is about ``width`` px wide; returns the width it got."""
    size = page.viewport_size or {"width": 1400, "height": 1000}
    viewport = width + 160
    got = 0
    for _ in range(4):
        page.set_viewport_size({"width": viewport, "height": size["height"]})
        page.wait_for_timeout(250)
        box = page.locator(".mus-widget").first.bounding_box()
        got = int(box["width"]) if box else width
        if abs(got - width) <= 4:
            break
        viewport += width - got
    return got


def slide_to(slider: Any, amount: int) -> None:
    """Move the raise slider to ``amount`` (one of its stops; the last is Órdago's notch)."""
    stops = [int(stop) for stop in (slider.get_attribute("data-stops") or "").split(",")]
    slider.fill(str(stops.index(amount)))


class TablePage:
    """The first Mus table on a page: its state version, and clicks that wait for the table's answer."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.root = page.locator(".mus-widget").first

    def version(self) -> int:
        return int(self.root.get_attribute("data-version") or 0)

    def wait_newer(self, version: int) -> None:
        """Wait until the table shows a state newer than ``version``."""
        self.page.wait_for_function(
            "v => Number(document.querySelector('.mus-widget').dataset.version) > v", arg=version, timeout=20_000
        )

    def click(self, selector: str) -> None:
        """Click and wait for the table's answer (a new state). A game-deciding call (Órdago, or Quiero to one)
        asks for a second step at once, in the same click's redraw: it is taken too."""
        before = self.version()
        self.root.locator(selector).first.click()
        sure = self.root.locator("[data-key='confirm-yes']")
        if sure.count():
            sure.click()
        self.wait_newer(before)
