"""The widget scripts a frozen export ships are the npm packages package-lock.json pins, unchanged, with their
licences, and a frozen page loads them (and anywidget) from its own folder, never from a CDN."""

from __future__ import annotations

import json
import re
from pathlib import Path

import nbformat

from frozen_scripts import PACKAGES, locked, shipped_files
from mus_widget.table.export import SHIPPED, export, find_scripts

SOURCES = json.loads((SHIPPED / "sources.json").read_text(encoding="utf-8"))


def test_the_shipped_scripts_are_the_locked_packages_unchanged() -> None:
    assert set(SOURCES) == set(PACKAGES)
    for name, entry in locked().items():
        shipped = SOURCES[name]
        assert (shipped["version"], shipped["integrity"]) == (entry["version"], entry["integrity"]), (
            f"{name} {entry['version']} is locked but {shipped['version']} is shipped: "
            "npm ci, then python tests/frozen_scripts.py node_modules")
    recorded = {file: digest for entry in SOURCES.values() for file, digest in entry["files"].items()}
    assert shipped_files() == recorded, "a shipped script differs from its package: python tests/frozen_scripts.py"


def test_the_shipped_scripts_keep_their_licences() -> None:
    assert "@license RequireJS 2.3.8" in (SHIPPED / "require.js").read_text(encoding="utf-8")[:300]
    licences = (SHIPPED / "LICENSES.txt").read_text(encoding="utf-8")
    for name, entry in SOURCES.items():
        assert f"{name} {entry['version']}, {entry['license']}" in licences
    assert "Copyright (c) 2015 Project Jupyter Contributors" in licences and "Fonts: SIL OFL 1.1 License" in licences


def test_a_frozen_page_takes_every_script_from_its_own_folder(tmp_path: Path) -> None:
    notebook = nbformat.v4.new_notebook()  # type: ignore[no-untyped-call]
    notebook.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {
        "version_major": 2, "version_minor": 0, "state": {}}}
    nbformat.write(notebook, tmp_path / "lesson.ipynb")  # type: ignore[no-untyped-call]
    done = export(tmp_path / "lesson.ipynb", scripts=SHIPPED)
    page = done.page.read_text(encoding="utf-8")
    assert done.scripts == tmp_path / "lesson_files"
    assert re.findall(r'<script[^>]* src="([^"]+)"', page) == ["lesson_files/require.js"]
    assert "var widgetRendererSrc = 'lesson_files/embed-amd.js';" in page
    assert 'paths: {anywidget: "lesson_files/anywidget"}' in page
    assert 'data-jupyter-widgets-cdn="lesson_files/"' in page, "a module require.js misses stays in the folder"
    assert not re.search(r"(src|href)=[\"']?(https?:)?//", page)
    copied = {path.name for path in done.scripts.iterdir()}
    assert {"require.js", "embed-amd.js", "anywidget.js", "LICENSES.txt"} | set(shipped_files()) <= copied


def test_scripts_resolve_from_the_package_or_a_node_modules(tmp_path: Path) -> None:
    require, manager, front = find_scripts()
    assert (require, manager) == (SHIPPED / "require.js", SHIPPED)
    assert front.name == "index.js" and front.parent.name == "nbextension"
    modules = tmp_path / "node_modules"
    for name in ("requirejs", "@jupyter-widgets/html-manager/dist"):
        (modules / name).mkdir(parents=True)
    (modules / "requirejs" / "require.js").write_text("", encoding="utf-8")
    (modules / "@jupyter-widgets/html-manager/dist/embed-amd.js").write_text("", encoding="utf-8")
    assert find_scripts(modules)[:2] == (modules / "requirejs" / "require.js",
                                         modules / "@jupyter-widgets" / "html-manager" / "dist")
