"""The site's Python modules compiled for the site's Python, so Pyodide imports them without compiling them.

Pyodide never writes bytecode, and its npm package ships its standard library as sources, so every module of
the standard library and of a wheel of sources is compiled again on every start of the kernel; in WebAssembly
compiling them takes longer than running them. The site's Python itself, the pinned Pyodide run in Node.js,
compiles every module, in ``unchecked-hash`` form (the import reads it without checking the source, which stays
beside it for tracebacks and ``??``):

- a wheel's modules into the ``__pycache__`` beside them, listed in its RECORD;
- the standard library's (``python_stdlib.zip``, imported with ``zipimport``) into a ``.pyc`` beside each
  ``.py``, which ``zipimport`` prefers, with the paths the site's Python gives their sources; the site adds its
  ``sitecustomize`` and the pure-Python wheels of :data:`.pins.ZIPPED` to that zip first (:func:`with_modules`).

Compiled files are kept in the cache by the sha256 of their source.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import tempfile
import zipfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from .pins import PYODIDE

COMPILE: Final = r'''
import importlib.util, sys, warnings, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

def bytecode(data, filename):
    """The unchecked-hash pyc of a module's source, or None when it does not compile (old Python 2 modules)."""
    try:
        code = compile(data, filename, "exec", dont_inherit=True)
    except SyntaxError:
        return None
    return _code_to_hash_pyc(code, importlib.util.source_hash(data), False)

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
            pyc = bytecode(data, info.filename) if info.filename.endswith(".py") else None
            if pyc is None:
                continue
            entry = zipfile.ZipInfo(importlib.util.cache_from_source(info.filename), info.date_time)
            entry.external_attr = info.external_attr
            out.writestr(entry, pyc, zipfile.ZIP_DEFLATED)
            added.append(entry.filename)
        if record is None:
            raise ValueError(f"{source} has no RECORD")
        info, data = record
        out.writestr(info, data + "".join(f"{name},,\n" for name in added).encode())

def compile_stdlib(source, target, mounted):
    """Copy the standard library's zip, adding ``name.pyc`` beside each ``name.py`` that compiles, its code
    naming the source where ``zipimport`` finds it (``mounted``, the zip's path on ``sys.path``)."""
    with zipfile.ZipFile(source) as stdlib, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        for info in stdlib.infolist():
            data = stdlib.read(info)
            out.writestr(info, data)
            pyc = bytecode(data, f"{mounted}/{info.filename}") if info.filename.endswith(".py") else None
            if pyc is not None:
                out.writestr(zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time), pyc, zipfile.ZIP_DEFLATED)

def record_dataclasses(source, target):
    """Install the wheels bundled in ``source``, import MODULES, and write to ``target`` the code every dataclass
    they define compiled from (marshal: the generated source to its code object)."""
    import dataclasses, importlib, marshal
    site = next(path for path in sys.path if path.endswith("site-packages"))
    with zipfile.ZipFile(source) as bundle:
        for name in bundle.namelist():
            with bundle.open(name) as wheel, zipfile.ZipFile(wheel) as archive:
                archive.extractall(site)
    importlib.invalidate_caches()
    codes = {}
    run = exec

    def recording(text, globals=None, locals=None, /):
        if isinstance(text, str):
            text = codes.setdefault(text, compile(text, "<string>", "exec", dont_inherit=True))
        run(text, globals, locals)

    dataclasses.exec = recording
    for module in MODULES:
        importlib.import_module(module)
    with open(target, "wb") as out:
        out.write(marshal.dumps(codes))

warnings.simplefilter("ignore")  # the invalid escapes of old modules: compiled as they are
for kind, source, target in JOBS:
    if kind == "stdlib":
        compile_stdlib(source, target, next(path for path in sys.path if path.endswith(".zip")))
    elif kind == "dataclasses":
        record_dataclasses(source, target)
    else:
        compile_wheel(source, target)
'''
"""Run inside Pyodide with ``JOBS`` set to (kind, source, target): kind ``wheel``, ``stdlib`` or ``dataclasses``
(``MODULES`` set too). The standard library's path is the zip on the running Python's ``sys.path``: the site's,
since the site's Python runs it."""

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


STDLIB: Final = "python_stdlib.zip"


def compile_wheels(core: Path, wheels: Sequence[Path], cache: Path) -> list[Path]:
    """The compiled copy of every wheel (same order), compiling in one Node.js run those not yet in ``cache``.
    Older compiled copies of a wheel of the same name (the package's own, before its last change) are removed."""
    cache.mkdir(parents=True, exist_ok=True)
    compiled = [cache / cached_name(wheel) for wheel in wheels]
    missing = [(wheel, target) for wheel, target in zip(wheels, compiled, strict=True) if not target.exists()]
    if missing:
        run_compiler(core, [("wheel", wheel, target) for wheel, target in missing])
    for wheel, target in missing:
        for stale in cache.glob(f"*-{wheel.name}"):
            if stale != target:
                stale.unlink()
    return compiled


def with_modules(stdlib: Path, target: Path, modules: Mapping[str, str | bytes]) -> Path:
    """A copy of the standard library's zip with ``modules`` (a path in the zip, such as ``sitecustomize.py`` or
    ``pygments/lexer.py``, and its content) added; the same contents give the same bytes, so the compiled copy is
    found again in the cache."""
    with zipfile.ZipFile(stdlib) as source, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as out:
        taken = set(modules) & set(source.namelist())
        if taken:
            raise BytecodeError(f"{stdlib.name} already holds {sorted(taken)}")
        for info in source.infolist():
            out.writestr(info, source.read(info))
        for name, text in sorted(modules.items()):
            out.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), text, zipfile.ZIP_DEFLATED)
    return target


def compile_stdlib(core: Path, cache: Path, modules: Mapping[str, str | bytes] | None = None) -> Path:
    """The standard library of ``core``, with ``modules`` added (see :func:`with_modules`), every module compiled
    beside its source; kept in ``cache``."""
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="mus-lite-stdlib-") as scratch:
        source = with_modules(core / STDLIB, Path(scratch) / STDLIB, modules) if modules else core / STDLIB
        target = cache / cached_name(source)
        if not target.exists():
            run_compiler(core, [("stdlib", source, target)])
    return target


DATACLASSES: Final = "site-dataclasses.marshal"
"""The code of the dataclasses the first table defines, compiled when the site is built: a file in the standard
library's zip, which the site's ``sitecustomize`` reads (:func:`.site_imports.known_dataclasses`)."""


def dataclass_code(core: Path, wheels: Sequence[Path], modules: Sequence[str], cache: Path) -> Path:
    """The code of every dataclass that importing ``modules`` defines, with ``wheels`` installed in the site's
    Python (a marshalled dict from the source :mod:`dataclasses` generates to its code object), kept in ``cache``.

    A dataclass compiles the methods it writes for itself (``__init__``, ``__repr__``, ``__eq__``...) as the class
    is defined; in WebAssembly that was half of the time ``import mus_widget`` took in the browser. The same
    Python compiles the same source to the same code, so the site's Python can run this code instead."""
    cache.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="mus-lite-dataclasses-") as scratch:
        bundle = Path(scratch) / "wheels.zip"
        with zipfile.ZipFile(bundle, "w") as out:
            for wheel in sorted(wheels, key=lambda path: path.name):
                out.writestr(zipfile.ZipInfo(wheel.name, (1980, 1, 1, 0, 0, 0)), wheel.read_bytes())
        digest = hashlib.sha256(bundle.read_bytes() + json.dumps(list(modules)).encode()).hexdigest()[:24]
        target = cache / f"{digest}-{DATACLASSES}"
        if not target.exists():
            run_compiler(core, [("dataclasses", bundle, target)], modules)
    return target


def run_compiler(core: Path, jobs: Sequence[tuple[str, Path, Path]], modules: Sequence[str] = ()) -> None:
    with tempfile.TemporaryDirectory(prefix="mus-lite-pyc-") as scratch:
        work = Path(scratch)
        (work / "in").mkdir()
        (work / "out").mkdir()
        listed = []
        for index, (kind, source, _) in enumerate(jobs):
            shutil.copy(source, work / "in" / f"{index}-{source.name}")
            listed.append((kind, f"/in/{index}-{source.name}", f"/out/{index}-{source.name}"))
        header = f"JOBS = {json.dumps(listed)}\nMODULES = {json.dumps(list(modules))}\n"
        (work / "compile.py").write_text(header + COMPILE)
        script = NODE.replace("PYODIDE_MJS", (core / "pyodide.mjs").as_uri()).replace("INDEX_URL", f"{core}/")
        (work / "compile.mjs").write_text(script)
        result = subprocess.run(["node", work / "compile.mjs", work / "compile.py", work / "in", work / "out"],
                                capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise BytecodeError(f"compiling with Pyodide {PYODIDE} in Node.js failed:\n"
                                f"{result.stdout[-3000:]}\n{result.stderr[-3000:]}")
        for index, (_, source, target) in enumerate(jobs):
            partial = target.with_name(target.name + ".partial")
            shutil.copy(work / "out" / f"{index}-{source.name}", partial)
            partial.rename(target)
