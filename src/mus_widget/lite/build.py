"""Build the classroom site: JupyterLite's JupyterLab, a local Pyodide, every wheel, the tutorials.

Everything the site needs is fetched at build time from PyPI (``pip download``) and npm (``npm pack``) into a
cache folder, so a rebuild downloads nothing; the site itself loads nothing from the network.
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
import zipfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from packaging.utils import canonicalize_name, parse_wheel_filename

from ..i18n import LANGUAGES
from ..i18n.progress import Progress, add_quiet, silent
from .bytecode import DATACLASSES, STDLIB, BytecodeError, compile_stdlib, compile_wheels, dataclass_code
from .lock import importable_names, lazy_terminal, rewrite_lock, trim_babel, trim_jedi, wheel_name
from .pins import (
    JUPYTERLITE_PYODIDE_KERNEL,
    KERNEL_EXTENSION_WHEELS,
    KERNEL_WHEELS,
    LAB_EXTENSION_WHEELS,
    PRELOAD,
    PYODIDE,
    PYODIDE_CORE,
    PYODIDE_PYTHON,
    ZIPPED,
)

REPOSITORY: Final = Path(__file__).resolve().parents[3]
"""The checkout this module lives in (``src/mus_widget/lite`` inside it): its tutorials and its package."""
DEFAULT_CACHE: Final = Path.home() / ".cache" / "mus-widget-lite"
FIRST_TABLE: Final = ("pyodide_kernel", "mus_widget.table.widget")
"""What the kernel imports as it starts and the play notebook's first cell imports: the dataclasses they define
run code compiled when the site is built (:func:`.bytecode.dataclass_code`)."""
SITE_IMPORTS: Final = Path(__file__).with_name("site_imports.py")
"""The site's ``sitecustomize``: installed modules found before the notebook's folder (:mod:`.site_imports`)."""
PLAY: Final = "00-play.ipynb"
KERNEL_PLUGIN: Final = "@jupyterlite/pyodide-kernel-extension:kernel"
SETTINGS: Final = {
    "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
}
"""JupyterLab settings of the site: no news and no update checks, which would reach for the network."""
MODULE_FILES: Final = (".py", ".pyi", "/py.typed")
"""What a wheel of :data:`.pins.ZIPPED` may hold besides its .dist-info: modules, stubs, the typed marker."""
PIP_TARGET: Final = ("--only-binary=:all:", "--platform", "any", "--python-version", PYODIDE_PYTHON,
                     "--implementation", "py", "--abi", "none")


class BuildError(RuntimeError):
    """A step of the build failed; the message names the step and carries its output."""


@dataclass(frozen=True)
class Site:
    """A built site: where it is, how many bytes it holds, and how long the build took."""

    path: Path
    size_bytes: int
    seconds: float

    @property
    def size_mb(self) -> float:
        return round(self.size_bytes / 1_000_000, 1)


def run(step: str, command: Sequence[str | Path], cwd: Path | None = None) -> str:
    result = subprocess.run([str(part) for part in command], cwd=cwd, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise BuildError(f"{step} failed ({' '.join(map(str, command))}):\n{result.stdout[-3000:]}"
                         f"\n{result.stderr[-3000:]}")
    return result.stdout


def pyodide_core(cache: Path) -> Path:
    """The core files of the pinned npm ``pyodide`` package, unpacked in the cache (``npm pack`` once)."""
    folder = cache / f"pyodide-{PYODIDE}"
    if all((folder / name).exists() for name in PYODIDE_CORE):
        return folder
    tarball = cache / f"pyodide-{PYODIDE}.tgz"
    if not tarball.exists():
        cache.mkdir(parents=True, exist_ok=True)
        run("npm pack pyodide", ["npm", "pack", f"pyodide@{PYODIDE}", "--pack-destination", cache], cwd=cache)
    unpacked = folder.with_name(folder.name + ".partial")
    shutil.rmtree(unpacked, ignore_errors=True)
    unpacked.mkdir(parents=True)
    with tarfile.open(tarball) as archive:
        for name in PYODIDE_CORE:
            member = archive.extractfile(f"package/{name}")
            if member is None:
                raise BuildError(f"{tarball.name} holds no {name}")
            (unpacked / name).write_bytes(member.read())
    shutil.rmtree(folder, ignore_errors=True)
    unpacked.rename(folder)
    return folder


def wheel_of(folder: Path, pin: str) -> Path | None:
    """The downloaded wheel of ``name==version`` in ``folder``, if it is there."""
    name, version = pin.split("==")
    for path in sorted(folder.glob("*.whl")):
        found, found_version, _, _ = parse_wheel_filename(path.name)
        if found == canonicalize_name(name) and str(found_version) == version:
            return path
    return None


def download_wheels(folder: Path, wanted: Sequence[str]) -> list[Path]:
    """The pure-Python wheels of the pinned releases, from PyPI into ``folder`` unless already there."""
    missing = [pin for pin in wanted if wheel_of(folder, pin) is None]
    if missing:
        folder.mkdir(parents=True, exist_ok=True)
        run("pip download", [sys.executable, "-m", "pip", "download", "--no-deps", *PIP_TARGET, "--dest", folder,
                             *missing])
    wheels = [wheel_of(folder, pin) for pin in wanted]
    absent = [pin for pin, path in zip(wanted, wheels, strict=True) if path is None]
    if absent:
        raise BuildError(f"pip download gave no pure-Python wheel of {absent}")
    return [path for path in wheels if path is not None]


def kernel_extension_wheels(extension: Path, folder: Path) -> list[Path]:
    """The kernel's own wheels (:data:`.pins.KERNEL_EXTENSION_WHEELS`), taken out of the pinned
    jupyterlite-pyodide-kernel wheel into ``folder``."""
    wheels = [wheel_of(folder, pin) if folder.exists() else None for pin in KERNEL_EXTENSION_WHEELS]
    if all(wheels):
        return [path for path in wheels if path is not None]
    folder.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(extension) as archive:
        for member in archive.namelist():
            if "/static/pypi/" in member and member.endswith(".whl"):
                (folder / member.rsplit("/", 1)[1]).write_bytes(archive.read(member))
    found = [wheel_of(folder, pin) for pin in KERNEL_EXTENSION_WHEELS]
    absent = [pin for pin, path in zip(KERNEL_EXTENSION_WHEELS, found, strict=True) if path is None]
    if absent:
        raise BuildError(f"{extension.name} holds no wheel of {absent}")
    return [path for path in found if path is not None]


def project_wheel(repository: Path, folder: Path) -> Path:
    """The package's own wheel, built from the repository now (its code, catalogues and widget bundle)."""
    folder.mkdir(parents=True, exist_ok=True)
    run("pip wheel", [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--wheel-dir",
                      folder, repository])
    return next(folder.glob("mus_widget-*.whl"))


def stage_pyodide(lite_dir: Path, core: Path, wheels: Sequence[Path], cache: Path) -> Path:
    """``static/pyodide`` of the lite folder: the runtime, its standard library compiled with :mod:`.site_imports`
    as its ``sitecustomize``, the code of the first table's dataclasses and the wheels of :data:`.pins.ZIPPED`
    inside; the other wheels beside it (compiled; Babel and jedi trimmed, IPython's terminal imported on first use)
    and the lock written for them."""
    target = lite_dir / "static" / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy(core / name, target / name)
    trimmed = lite_dir.parent / "trimmed"
    importable = importable_names(core / STDLIB, wheels)

    def cut(wheel: Path) -> Path:
        name = wheel_name(wheel)
        if name == "babel":
            return trim_babel(wheel, trimmed / wheel.name, LANGUAGES)
        if name == "jedi":
            return trim_jedi(wheel, trimmed / wheel.name, importable)
        if name == "ipython":
            return lazy_terminal(wheel, trimmed / wheel.name)
        return wheel

    zipped = [wheel for wheel in wheels if wheel_name(wheel) in ZIPPED]
    installed = [wheel for wheel in wheels if wheel_name(wheel) not in ZIPPED]
    sources = [cut(wheel) for wheel in installed]
    try:
        known = dataclass_code(core, [*sources, *zipped], FIRST_TABLE, cache / f"compiled-{PYODIDE}")
        modules: dict[str, str | bytes] = {"sitecustomize.py": SITE_IMPORTS.read_text(),
                                           DATACLASSES: known.read_bytes(), **zipped_modules(zipped)}
        shutil.copy(compile_stdlib(core, cache / f"compiled-{PYODIDE}", modules), target / STDLIB)
        compiled = compile_wheels(core, sources, cache / f"compiled-{PYODIDE}")
    except BytecodeError as error:
        raise BuildError(str(error)) from error
    shipped = [Path(shutil.copy(path, target / wheel.name)) for wheel, path in zip(installed, compiled, strict=True)]
    lock = rewrite_lock(json.loads((core / "pyodide-lock.json").read_text()), shipped, map(wheel_name, zipped))
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return target


def zipped_modules(wheels: Sequence[Path]) -> dict[str, bytes]:
    """Every file of ``wheels`` (their modules and their .dist-info, which ``importlib.metadata`` reads in the zip)
    by its path, for the standard library's zip (:data:`.pins.ZIPPED`); a wheel holding a data file fails."""
    files: dict[str, bytes] = {}
    for path in wheels:
        with zipfile.ZipFile(path) as wheel:
            for name in wheel.namelist():
                if name.endswith("/"):
                    continue
                if not name.split("/", 1)[0].endswith(".dist-info") and not name.endswith(MODULE_FILES):
                    raise BuildError(f"{path.name} holds {name}, which zipimport cannot read as a file: "
                                     "leave the wheel out of ZIPPED")
                files[name] = wheel.read(name)
    return files


def stage_contents(repository: Path, folder: Path) -> Path:
    """The notebooks of the site: every tutorial, and every translated tutorial folder ``tutorials/<code>/``, each
    notebook as it is before it runs (:func:`unplayed`)."""
    tutorials = repository / "tutorials"
    if not (tutorials / PLAY).exists():
        raise BuildError(f"{tutorials / PLAY} is missing: build from the repository")
    folder.mkdir(parents=True)
    for path in sorted(tutorials.rglob("*")):
        relative = path.relative_to(tutorials)
        if path.is_file() and path.suffix in {".ipynb", ".md"} and ".ipynb_checkpoints" not in relative.parts:
            (folder / relative).parent.mkdir(parents=True, exist_ok=True)
            if path.suffix == ".ipynb":
                (folder / relative).write_text(json.dumps(unplayed(json.loads(path.read_text())), indent=1,
                                                          ensure_ascii=False) + "\n")
            else:
                shutil.copy(path, folder / relative)
    return folder


def unplayed(notebook: dict[str, Any]) -> dict[str, Any]:
    """``notebook`` without what running it left: its outputs, execution counts and saved widget state. A student
    who played a tutorial in JupyterLab before building the site ships the tutorial, not the game."""
    cells = [{**cell, "outputs": [], "execution_count": None} if cell.get("cell_type") == "code" else cell
             for cell in notebook.get("cells", [])]
    metadata = {key: value for key, value in notebook.get("metadata", {}).items() if key != "widgets"}
    return {**notebook, "cells": cells, "metadata": metadata}


MATHJAX: Final = "@jupyterlab/mathjax-extension"
"""JupyterLab's typesetter of LaTeX in Markdown: it loads MathJax (some 800 kB of modules) and typesets every
Markdown cell as the notebook opens, before the kernel starts, whether the cell holds math or not."""
MATH: Final = re.compile(r"\$|\\\(|\\\[|\\begin\{")
"""What may be math in Markdown: any dollar sign, ``\\(``, ``\\[``, ``\\begin{`` (a dollar in prose keeps MathJax)."""


def has_math(contents: Path) -> bool:
    """Whether a Markdown cell of a notebook, or a Markdown file, in ``contents`` may hold LaTeX math."""
    for path in sorted(contents.rglob("*")):
        if path.suffix == ".md":
            texts = [path.read_text()]
        elif path.suffix == ".ipynb":
            cells = json.loads(path.read_text()).get("cells", [])
            texts = ["".join(cell.get("source", "")) for cell in cells if cell.get("cell_type") == "markdown"]
        else:
            continue
        if any(MATH.search(text) for text in texts):
            return True
    return False


def lite_config(contents: Path | None = None) -> dict[str, Any]:
    """``jupyter-lite.json`` of the site: the local Pyodide, no PyPI, the package preloaded; and without MathJax
    when no notebook of ``contents`` (the site's notebooks) has math."""
    config: dict[str, Any] = {
        "appName": "Mus",
        "litePluginSettings": {
            KERNEL_PLUGIN: {
                "pyodideUrl": "./static/pyodide/pyodide.mjs",
                "disablePyPIFallback": True,
                "loadPyodideOptions": {"packages": list(PRELOAD)},
            },
        },
    }
    if contents is not None and not has_math(contents):
        config["disabledExtensions"] = [MATHJAX]
    return {"jupyter-lite-schema-version": 0, "jupyter-config-data": config}


ROOT_IMPORT: Final = "await import('./config-utils.js');"
OPEN_PLAY: Final = f"location.replace('./lab/index.html?path={PLAY}' + location.hash);"


def open_on_play(index: Path) -> None:
    """Make the site's front page open JupyterLab on the play notebook instead of an empty launcher.

    The page stays JupyterLite's own (the app pages read their settings from it); only its redirect changes."""
    text = index.read_text()
    if ROOT_IMPORT not in text:
        raise BuildError(f"{index} does not end in JupyterLite's redirect ({ROOT_IMPORT})")
    index.write_text(text.replace(ROOT_IMPORT, OPEN_PLAY))


PASS_THROUGH: Final = "shouldDrop(t,a)||(n=maybeFromCache(e))"
PASS_BY: Final = "shouldDrop(t,a)||!enableCache||(n=maybeFromCache(e))"
"""JupyterLite's service worker answers the kernel's file system (``/api/drive``) and, for every other request
of the page and of the kernel's worker, fetches it again itself and hands the answer on: with its cache off (the
site's case) a second request per file, every script, the WebAssembly and the wheels streamed through one more
thread. With :data:`PASS_BY` it leaves those requests to the browser unless its cache is on."""


def lean_service_worker(worker: Path) -> None:
    """Make the site's service worker leave the requests it only passes on to the browser (:data:`PASS_BY`)."""
    text = worker.read_text()
    if text.count(PASS_THROUGH) != 1:
        raise BuildError(f"{worker} does not pass requests on as JupyterLite 0.8 does ({PASS_THROUGH})")
    worker.write_text(text.replace(PASS_THROUGH, PASS_BY))


def size_of(folder: Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


STEPS: Final = 6
"""The steps of :func:`build` a progress bar counts: Pyodide, the wheels, the package's wheel, the compiling, the
notebooks and JupyterLite's own build."""


def build(output: Path, cache: Path = DEFAULT_CACHE, repository: Path = REPOSITORY,
          progress: Progress | None = None) -> Site:
    """Build the site into ``output`` (replaced if it exists) from ``repository``, downloads kept in ``cache``;
    ``progress`` counts its :data:`STEPS` steps."""
    started = time.monotonic()
    bar = silent() if progress is None else progress
    output = output.resolve()
    cache = cache.resolve()
    bar.step("Pyodide")
    core = pyodide_core(cache)
    bar.advance(step="the wheels from PyPI")
    kernel_wheels = download_wheels(cache / "wheels", KERNEL_WHEELS)
    extension_wheels = download_wheels(cache / "wheels", LAB_EXTENSION_WHEELS)
    kernel_wheels += kernel_extension_wheels(
        next(path for path in extension_wheels if path.name.startswith("jupyterlite_pyodide_kernel-")),
        cache / f"kernel-{JUPYTERLITE_PYODIDE_KERNEL}")
    with tempfile.TemporaryDirectory(prefix="mus-lite-") as scratch:
        work = Path(scratch)
        bar.advance(step="the package's wheel")
        wheels = [project_wheel(repository, work / "dist"), *kernel_wheels]
        lite_dir = work / "lite"
        bar.advance(step="compiling for Pyodide")
        stage_pyodide(lite_dir, core, wheels, cache)
        bar.advance(step="the notebooks")
        contents = stage_contents(repository, work / "contents")
        (lite_dir / "jupyter-lite.json").write_text(json.dumps(lite_config(contents), indent=2))
        (lite_dir / "overrides.json").write_text(json.dumps(SETTINGS, indent=2))
        if output.exists():
            shutil.rmtree(output)
        bar.advance(step="JupyterLite's build")
        run("jupyter lite build", [
            sys.executable, "-m", "jupyterlite_core", "build", "--lite-dir", lite_dir, "--output-dir", output,
            "--contents", contents, "--apps", "lab", "--no-sourcemaps", "--no-unused-shared-packages",
            "--ignore-sys-prefix", *(f"--LiteBuildConfig.federated_extensions={wheel}" for wheel in extension_wheels),
        ], cwd=lite_dir)
    for leftover in [*output.rglob("*.map"), *output.glob(".jupyterlite.doit.db*")]:
        leftover.unlink()
    open_on_play(output / "index.html")
    lean_service_worker(output / "service-worker.js")
    bar.advance(step="done")
    return Site(output, size_of(output), round(time.monotonic() - started, 1))


LITE_HELP: Final = ("Build the offline classroom site: mus-widget lite build --output DIR. The site is JupyterLab "
                    "in the browser, with Python (Pyodide), the package and the tutorials; once built it needs no "
                    "network. The first build downloads what the site needs; later builds reuse it.")
"""What ``mus-widget lite --help`` says first."""


def main(argv: Sequence[str] | None = None) -> int:
    """``mus-widget lite build --output DIR [--cache DIR]``: build the classroom site and print its size."""
    parser = argparse.ArgumentParser(prog="mus-widget lite", description=LITE_HELP)
    commands = parser.add_subparsers(dest="command", required=True)
    build_parser = commands.add_parser("build", help="build the classroom site into a folder", description=LITE_HELP)
    build_parser.add_argument("--output", type=Path, required=True, metavar="DIR",
                              help="the site's folder (replaced if it exists)")
    build_parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE, metavar="DIR",
                              help=f"where the downloads are kept between builds (default {DEFAULT_CACHE})")
    build_parser.add_argument("--repository", type=Path, default=REPOSITORY, metavar="DIR",
                              help="the checkout whose package and tutorials go in (default: this one)")
    add_quiet(build_parser)
    args = parser.parse_args(argv)
    try:
        with Progress(STEPS, "building the classroom site", quiet=args.quiet) as bar:
            site = build(args.output, args.cache, args.repository, bar)
    except BuildError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"built {site.path} ({site.size_mb} MB) in {site.seconds} s; try it: "
          f"python -m http.server -d {site.path} 8000, then open http://127.0.0.1:8000/")
    print(json.dumps({"site": str(site.path), "site_mb": site.size_mb, "build_s": site.seconds}))
    return 0
