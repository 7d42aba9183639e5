"""The rules open from the play notebook in JupyterLab started as the READMEs start it (``jupyter lab
tutorials/00-play.ipynb`` from the project folder, which serves the notebook's folder only; a translated README's
command serves ``tutorials/`` with ``--ServerApp.root_dir``): a click on "the rules of Mus" opens the rules, no
404. tests/test_tutorial_links.py follows every link of every tutorial without a browser, in JupyterLab, the
classroom site and the documentation site alike (through the staging functions those sites are built by)."""

from __future__ import annotations

import json
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from browser.mus_lab import SETTINGS, accept_kernel_dialog
from support.committed import committed_tutorials
from support.ports import free_port
from support.servers import ChildServer, answers

pytestmark = pytest.mark.slow

RULES_TITLE = "# The rules of Mus, as this engine plays them"


class PlayCommand:
    """``jupyter lab ARGS`` run from a copy of the project folder (its tutorials as committed), as a README says,
    plus what a test needs (no token, a free port, no browser, settings of its own)."""

    def __init__(self, home: Path, *arguments: str) -> None:
        self.project = home / "project"
        shutil.copytree(committed_tutorials(), self.project / "tutorials")
        settings = home / "settings"
        for relative, values in SETTINGS.items():
            (settings / relative).parent.mkdir(parents=True, exist_ok=True)
            (settings / relative).write_text(json.dumps(values))
        self.log = home / "lab.log"
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "JUPYTERLAB_SETTINGS_DIR": str(settings),
               "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces")}
        self.server = ChildServer(
            [sys.executable, "-m", "jupyterlab", *arguments, "--no-browser", "--ServerApp.token=",
             "--ServerApp.password=", "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={self.port}",
             "--ServerApp.port_retries=0", f"--LabApp.user_settings_dir={settings}",
             f"--LabApp.workspaces_dir={home / 'workspaces'}"],
            name="jupyter lab", log=self.log, cwd=self.project, env=env)
        self.server.start(answers(f"{self.url}/api/status"), timeout=60.0, every=0.25)


@pytest.fixture(scope="module")
def readme_lab(chromium: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[PlayCommand]:
    lab = PlayCommand(tmp_path_factory.mktemp("readme-lab"), "--allow-root", "tutorials/00-play.ipynb")
    try:
        yield lab
    finally:
        lab.server.stop()


def open_and_click(browser: Any, lab: PlayCommand, notebook: str, link: str, *, screenshots: Path, shot: str) -> str:
    """Open ``notebook`` (a path under the server's root), click the link named ``link`` in its first cell and
    return the text of what opened."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    missing: list[str] = []
    page.on("response", lambda response: missing.append(response.url) if response.status == 404 else None)
    try:
        page.goto(f"{lab.url}/lab/workspaces/{shot}/tree/{notebook}")
        rules = page.locator(".jp-Notebook .jp-RenderedMarkdown a", has_text=link).first
        rules.wait_for(timeout=60_000)
        accept_kernel_dialog(page)
        rules.click()
        opened = page.locator(".jp-FileEditor:visible .cm-content, .jp-MarkdownViewer:visible h1").filter(
            has_text="rules of Mus").first
        try:
            opened.wait_for(timeout=30_000)
        finally:
            page.wait_for_timeout(500)
            page.screenshot(path=str(screenshots / f"{shot}.png"))
        assert not page.locator(".jp-Dialog").filter(has_text="Error").count(), "JupyterLab says it could not open it"
        assert not [url for url in missing if "rules" in url], missing
        return str(page.locator(".lm-TabBar-tab.lm-mod-current").last.inner_text()) + "\n" + str(
            opened.inner_text())
    finally:
        page.close()


def test_the_rules_open_from_the_play_notebook_in_jupyterlab(readme_lab: PlayCommand, browser: Any,
                                                            screenshots: Path) -> None:
    assert "tutorials" in readme_lab.log.read_text(), "the server says what it serves"
    shown = open_and_click(browser, readme_lab, "00-play.ipynb", "the rules of Mus", screenshots=screenshots,
                           shot="rules-from-lab")
    assert "rules.md" in shown and RULES_TITLE.removeprefix("# ") in shown


def test_the_rules_open_from_a_translated_play_notebook(chromium: Path, browser: Any, screenshots: Path,
                                                        tmp_path: Path) -> None:
    """The Spanish README's command serves ``tutorials/``: its notebook's ``../reference/rules.md`` is there."""
    lab = PlayCommand(tmp_path, "--allow-root", "--ServerApp.root_dir=tutorials", "tutorials/es/00-play.ipynb")
    try:
        shown = open_and_click(browser, lab, "es/00-play.ipynb", "las reglas del mus", screenshots=screenshots,
                               shot="rules-from-lab-es")
        assert "rules.md" in shown and RULES_TITLE.removeprefix("# ") in shown
    finally:
        lab.server.stop()
