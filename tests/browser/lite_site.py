"""The classroom site in a browser: built once (``python -m mus_widget.lite build``), served by a static file
server on 127.0.0.1, opened in Debian's Chromium with every request to another host blocked and counted.

Used by tests/browser/test_lite_site.py, tests/browser/test_docs_site.py (whose documentation site holds the
classroom site) and benchmarks/lite.py.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path
from typing import Any

from browser.mus_lab import ROOT
from support.ports import free_port
from support.servers import ChildServer, answers

SITE = Path(os.environ.get("MUS_LITE_SITE", Path(tempfile.gettempdir()) / "mus-lite-site"))
"""Where the tests and the benchmark build the site (``MUS_LITE_SITE`` to choose)."""
LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost"})
BUILD_TIMEOUT = 1200


def build_site(site: Path = SITE, reuse: bool = False) -> dict[str, Any]:
    """Build the site (``reuse``: keep one already built); the command's JSON line, with its build time."""
    if reuse and (site / "index.html").exists():
        return {"site": str(site), "build_s": None}
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    result = subprocess.run(
        [sys.executable, "-m", "mus_widget.lite", "build", "--output", str(site)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=BUILD_TIMEOUT, check=False,
    )
    if result.returncode != 0:
        raise RuntimeError(f"the site build failed:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
    figures: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return figures


class StaticServer:
    """``python -m http.server`` on 127.0.0.1, serving a site's folder as a teacher would; ready once it serves
    ``ready`` (the classroom site's settings by default)."""

    def __init__(self, folder: Path, ready: str = "jupyter-lite.json") -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.server = ChildServer(
            [sys.executable, "-m", "http.server", str(self.port), "--bind", "127.0.0.1", "--directory", str(folder)],
            name="the static server",
        )
        self.server.start(answers(f"{self.url}/{ready}"), timeout=60.0)  # a busy machine starts it slowly

    def stop(self) -> None:
        self.server.stop(10)


class Offline:
    """Blocks every request of a browser context to a host other than localhost, and keeps the blocked URLs."""

    def __init__(self, context: Any) -> None:
        self.blocked: list[str] = []
        self.requested = 0
        context.route("**/*", self._route)

    def _route(self, route: Any) -> None:
        url = route.request.url
        host = urllib.parse.urlsplit(url).hostname or ""
        self.requested += 1
        if url.startswith(("data:", "blob:")) or host in LOCAL_HOSTS:
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort("blockedbyclient")


KERNEL_READY = """() => [...document.querySelectorAll('.jp-StatusBar-TextItem')]
  .some((item) => /Pyodide\\) \\| Idle/.test(item.textContent))"""
"""Whether the status bar says the Pyodide kernel is idle: started, the package loaded, ready to run cells."""


def open_site(page: Any, server: StaticServer, timeout_ms: int = 600_000) -> None:
    """Open the site's front page and wait until the play notebook shows and its kernel is ready (JupyterLite
    does not queue cells run while Pyodide is still starting)."""
    page.goto(f"{server.url}/")
    page.wait_for_selector(".jp-NotebookPanel .jp-Notebook .jp-Cell", timeout=timeout_ms)
    page.wait_for_function(KERNEL_READY, timeout=timeout_ms)
