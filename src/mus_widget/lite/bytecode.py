"""Wheels with their modules compiled for the site's Python, so Pyodide imports them without compiling them.

Pyodide never writes bytecode, so a wheel of sources is compiled again on every start of the kernel, and in
WebAssembly compiling IPython and its stack takes longer than running it. The site's Python itself, the
pinned Pyodide run in Node.js, compiles every module of a wheel into the ``__pycache__`` beside it, in
``unchecked-hash`` form: the import reads it without checking the source, which stays in the wheel for
tracebacks and ``??``. Compiled wheels are kept in the cache by the sha256 of their source wheel.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Final

from . import pins

COMPILE: Final = r'''
import importlib.util, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def compile_wheel(source, target):
    """Copy the wheel, adding the bytecode of each module that compiles and listing it in RECORD."""
    added = []
    with zipfile.ZipFile(source) as wheel, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        record = None
        for info in wheel.infolist():
            data = wheel.read(info)
            if info.filename.endswith(".dist-info/RECORD") and info.filename.count("/") == 1:
                record = (info, data)
                continue
            out.writestr(info, data)
            if not info.filename.endswith(".py"):
                continue
            try:
                code = compile(data, info.filename, "exec", dont_inherit=True)
            except SyntaxError:
                continue
            pyc = zipfile.ZipInfo(importlib.util.cache_from_source(info.filename), info.date_time)
            pyc.external_attr = info.external_attr
            out.writestr(pyc, _code_to_hash_pyc(code, importlib.util.source_hash(data), False), zipfile.ZIP_DEFLATED)
            added.append(pyc.filename)
        if record is None:
            raise ValueError(f"{source} has no RECORD")
        info, data = record
        out.writestr(info, data + "".join(f"{name},,\n" for name in added).encode())

warnings.simplefilter("ignore")  # the invalid escapes of old modules: compiled as they are
for source, target in JOBS:
    compile_wheel(source, target)
'''
"""Run inside Pyodide with ``JOBS`` set to (source, target) paths: the compiler of the site's own Python."""

NODE: Final = r'''
import { loadPyodide } from "PYODIDE_MJS";
import fs from "node:fs";
const [script, input, output] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: "INDEX_URL", env: { PYTHONHASHSEED: "0" } });
pyodide.FS.mkdirTree("/in");
pyodide.FS.mkdirTree("/out");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: input }, "/in");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: output }, "/out");
pyodide.runPython(fs.readFileSync(script, "utf8"));
'''
"""The Node.js side: start the pinned Pyodide with the two folders mounted, and run the compiler in it."""


class BytecodeError(RuntimeError):
    """Node.js could not run the site's Python to compile the wheels; the message carries its output."""


def cached_name(wheel: Path) -> str:
    """The name a compiled wheel is kept under: its source's sha256 before its own name, one file per source."""
    return f"{hashlib.sha256(wheel.read_bytes()).hexdigest()[:24]}-{wheel.name}"


def compile_wheels(core: Path, wheels: Sequence[Path], cache: Path) -> list[Path]:
    """The compiled copy of every wheel (same order), compiling in one Node.js run those not yet in ``cache``.
    Older compiled copies of a wheel of the same name (the package's own, before its last change) are removed."""
    cache.mkdir(parents=True, exist_ok=True)
    compiled = [cache / cached_name(wheel) for wheel in wheels]
    missing = [(wheel, target) for wheel, target in zip(wheels, compiled, strict=True) if not target.exists()]
    if missing:
        run_compiler(core, missing)
    for wheel, target in missing:
        for stale in cache.glob(f"*-{wheel.name}"):
            if stale != target:
                stale.unlink()
    return compiled


def run_compiler(core: Path, jobs: Sequence[tuple[Path, Path]]) -> None:
    with tempfile.TemporaryDirectory(prefix="mus-lite-pyc-") as scratch:
        work = Path(scratch)
        (work / "in").mkdir()
        (work / "out").mkdir()
        pairs = []
        for index, (wheel, _) in enumerate(jobs):
            shutil.copy(wheel, work / "in" / f"{index}-{wheel.name}")
            pairs.append((f"/in/{index}-{wheel.name}", f"/out/{index}-{wheel.name}"))
        (work / "compile.py").write_text(f"JOBS = {json.dumps(pairs)}\n{COMPILE}")
        script = NODE.replace("PYODIDE_MJS", (core / "pyodide.mjs").as_uri()).replace("INDEX_URL", f"{core}/")
        (work / "compile.mjs").write_text(script)
        result = subprocess.run(["node", work / "compile.mjs", work / "compile.py", work / "in", work / "out"],
                                capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise BytecodeError(f"compiling the wheels with Pyodide {pins.PYODIDE} in Node.js failed:\n"
                                f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
        for index, (wheel, target) in enumerate(jobs):
            partial = target.with_name(target.name + ".partial")
            shutil.copy(work / "out" / f"{index}-{wheel.name}", partial)
            partial.rename(target)
