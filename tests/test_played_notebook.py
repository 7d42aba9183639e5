"""Playing does not break the tests: the README's play command opens tutorials/00-play.ipynb in place, JupyterLab
autosaves it with its outputs, its widgets' state and new kernel metadata, and the README's test command run
afterwards still passes; the student's notebook is left as they saved it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from support.committed import ROOT, cells, git, is_checkout, only_played

CHECKS = [
    "tests/test_project.py::test_notebooks_are_committed_without_outputs",
    "tests/test_tutorials.py::test_each_notebook_has_a_title_short_cells_and_leads_to_the_next",
    "tests/test_tutorials_i18n.py::test_every_generated_file_is_what_the_command_builds_now",
    "tests/test_tutorials_i18n.py::test_every_translated_notebook_has_the_english_cells_in_order_without_outputs",
    "tests/test_tutorial_links.py",
    "tutorials/00-play.ipynb",
]
"""The checks a played notebook used to fail (twelve tests), the links, and the notebook itself run by nbval."""


def played(notebook: dict[str, Any]) -> dict[str, Any]:
    """``notebook`` as JupyterLab 4 saves it after Run All: each code cell's output (the table's widget view, its
    picture and its repr) and execution count, the widgets' state in the metadata, the kernel's own kernelspec
    and language_info, every source split into lines."""
    model = "5f1c3b6e2a0d4e7c9b8a1f2e3d4c5b6a"
    count = 0
    for cell in notebook["cells"]:
        text = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        cell["source"] = text.splitlines(keepends=True)
        if cell["cell_type"] == "code":
            count += 1
            cell["execution_count"] = count
            cell["outputs"] = [{"output_type": "display_data", "metadata": {}, "data": {
                "application/vnd.jupyter.widget-view+json": {"model_id": model, "version_major": 2,
                                                             "version_minor": 0},
                "text/html": '<div class="mus-picture">the table as it was</div>',
                "text/plain": "MusTable(seed=None)"}}]
    notebook["metadata"] = {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
        "language_info": {"codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
                          "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
                          "pygments_lexer": "ipython3", "version": "3.11.7"},
        "widgets": {"application/vnd.jupyter.widget-state+json": {"state": {model: {
            "model_module": "anywidget", "model_module_version": "~0.9.*", "model_name": "AnyModel",
            "state": {"_esm": "...", "state": {"stage": "play", "hand": 3}}}}, "version_major": 2,
            "version_minor": 0}},
    }
    return notebook


def test_a_notebook_only_run_is_told_from_an_edited_one() -> None:
    committed = json.dumps({"cells": [{"id": "a", "cell_type": "code", "source": "MusTable()\ntable",
                                       "outputs": [], "metadata": {}}], "metadata": {}}).encode()
    run = json.dumps(played(json.loads(committed))).encode()
    assert only_played(run, committed) and cells(run) == cells(committed)
    edited = json.loads(run)
    edited["cells"][0]["source"] = ["MusTable(seed=3)\n", "table"]
    assert not only_played(json.dumps(edited).encode(), committed)
    assert not only_played(b"not a notebook", committed)


@pytest.mark.slow
def test_the_readme_tests_pass_after_the_play_notebook_was_played(tmp_path: Path) -> None:
    """A clone of this checkout as it is now (its changes staged there), its play notebook saved as JupyterLab
    saves it after a game, with a JupyterLab checkpoint and a new notebook of the student's beside it: the checks
    of what the repository holds pass, nbval runs the played notebook, and nothing of the student's is changed."""
    if not is_checkout(ROOT):
        pytest.skip("not a git checkout (an sdist): nothing to clone")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "--quiet", "--no-local", str(ROOT), str(clone)], check=True, timeout=120)
    tracked = set(git(ROOT, "ls-files", "-z").decode().split("\0")) - {""}
    changed = set(git(ROOT, "diff", "--name-only", "-z").decode().split("\0"))
    for name in tracked | set(git(ROOT, "ls-files", "-z", "--others", "--exclude-standard").decode().split("\0")):
        source = ROOT / name
        if name and source.is_file():
            (clone / name).parent.mkdir(parents=True, exist_ok=True)
            text = source.read_bytes()
            if name in tracked and name in changed and name.endswith(".ipynb"):
                # A notebook this checkout's own student played comes as committed: the clone plays it anew.
                indexed = git(ROOT, "show", f":{name}")
                text = indexed if only_played(text, indexed) else text
            (clone / name).write_bytes(text)
    subprocess.run(["git", "add", "--all"], cwd=clone, check=True)
    play = clone / "tutorials" / "00-play.ipynb"
    saved = json.dumps(played(json.loads(play.read_text(encoding="utf-8"))), sort_keys=True, indent=1,
                       ensure_ascii=False) + "\n"
    play.write_text(saved, encoding="utf-8")
    (clone / "tutorials" / ".ipynb_checkpoints").mkdir()
    shutil.copy(play, clone / "tutorials" / ".ipynb_checkpoints" / "00-play-checkpoint.ipynb")
    shutil.copy(play, clone / "tutorials" / "Untitled.ipynb")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-v", "-p", "no:cacheprovider", "-n", "0", *CHECKS],
        cwd=clone, env={**os.environ, "PYTHONPATH": str(clone / "src")}, capture_output=True, text=True,
        timeout=600, check=False)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert " failed" not in result.stdout and " passed" in result.stdout
    assert re.search(r"tutorials/00-play\S*::Cell 0 PASSED", result.stdout), "nbval ran the played notebook"
    assert "tests/test_tutorials_i18n.py::test_every_generated_file_is_what_the_command_builds_now[es] PASSED" in (
        result.stdout)
    assert play.read_text(encoding="utf-8") == saved, "the student's game is theirs"
