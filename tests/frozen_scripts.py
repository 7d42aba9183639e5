"""The widget scripts a frozen export ships (src/mus_widget/table/static/frozen/), copied from npm packages.

``python tests/frozen_scripts.py node_modules`` copies require.js and the HTML manager's ``embed-amd.js`` with
its woff2 fonts out of an ``npm ci``'s ``node_modules`` and writes ``sources.json``: each package's version and
tarball integrity from package-lock.json, and each file's sha256, which tests/test_frozen_scripts.py checks
without Node (a bumped devDependency or a hand-edited file fails it).
"""

from __future__ import annotations

import hashlib
import json
import shutil
import sys
from pathlib import Path
from typing import Any

from mus_widget.table.export import SHIPPED

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {"requirejs": ["require.js"], "@jupyter-widgets/html-manager": ["dist/embed-amd.js", "dist/*.woff2"]}
"""Each package's files in a frozen page: the AMD loader, the manager's AMD bundle and the fonts Chromium takes
(woff2: every browser that runs the bundle reads it, so the eot, svg, ttf and woff copies stay out)."""


def locked() -> dict[str, dict[str, Any]]:
    """package-lock.json's entry for each package of :data:`PACKAGES`."""
    lock = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))["packages"]
    return {name: lock[f"node_modules/{name}"] for name in PACKAGES}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def shipped_files() -> dict[str, str]:
    """Each script or font in the shipped folder, by name, with its sha256 (the licences and sources.json aside)."""
    return {path.name: sha256(path) for path in sorted(SHIPPED.iterdir())
            if path.suffix in {".js", ".woff2"}}


def copy(node_modules: Path) -> None:
    """Copy :data:`PACKAGES`' files from ``node_modules`` into the shipped folder and write sources.json."""
    for path in SHIPPED.iterdir():
        if path.suffix in {".js", ".woff2"}:
            path.unlink()
    sources: dict[str, Any] = {}
    for name, patterns in PACKAGES.items():
        package = node_modules / name
        version = json.loads((package / "package.json").read_text(encoding="utf-8"))["version"]
        entry = locked()[name]
        assert version == entry["version"], f"{package} is {version}, package-lock.json says {entry['version']}"
        files = sorted(path for pattern in patterns for path in package.glob(pattern))
        for path in files:
            shutil.copy(path, SHIPPED / path.name)
        sources[name] = {"version": version, "integrity": entry["integrity"], "license": entry["license"],
                         "files": {path.name: sha256(path) for path in files}}
    (SHIPPED / "sources.json").write_text(json.dumps(sources, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    copy(Path(sys.argv[1]))
