"""The hash that ties the committed bundle and card art to the sources in js/ (written by js/build.mjs)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

JS = Path(__file__).resolve().parents[1] / "js"


def source_hash() -> str:
    """The sha256 js/build.mjs puts on the bundle's first line and into static/cards.json: each source's path,
    newline, bytes, newline; then each bundled package's name@version (package.json's dependencies), newline."""
    digest = hashlib.sha256()
    for path in sorted(p for p in JS.rglob("*") if p.suffix in {".js", ".mjs", ".css"}):
        digest.update(f"{path.relative_to(JS).as_posix()}\n".encode())
        digest.update(path.read_bytes())
        digest.update(b"\n")
    bundled = json.loads((JS.parent / "package.json").read_text()).get("dependencies", {})
    for name in sorted(bundled):
        digest.update(f"{name}@{bundled[name]}\n".encode())
    return digest.hexdigest()
