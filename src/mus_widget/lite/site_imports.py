"""The site's Python finds what is installed before it looks in the notebook's folder: the ``sitecustomize`` of the
classroom site, put into its standard library by :mod:`.build`.

In the site's kernel the working directory is the notebook's folder, JupyterLite's drive, and ``sys.path`` starts
with ``""`` (Pyodide puts it there), so every top-level import first asks the drive whether it holds the module:
a synchronous round trip through the page's service worker, which answers only when the page's main thread is
free. Starting the kernel (IPython) and the first cell made about 120 of them. :class:`InstalledFirst` looks for a
top-level module in the other entries of ``sys.path`` (the standard library, ``site-packages``) first and lets the
usual search, the drive included, run only for what is not found there: a module beside the notebook is still
imported, only it can no longer hide an installed one of the same name (a student's ``random.py``). Until the
kernel is ready (``import pyodide_kernel`` done: micropip, piplite, IPython and their optional imports) the
drive is not asked at all (:func:`drive_while_starting`): no cell has run, so the notebook's folder holds nothing
the kernel needs, and each question asked of it (a stat of the folder per missing module, a lookup per file to
list it) is a round trip: about 40 of them, 0.4 s, in every start.

It also hands :mod:`dataclasses` the code of the methods it writes for the classes the kernel and the first table
define, compiled when the site was built (:func:`known_dataclasses`), instead of compiling them at every start.
"""

from __future__ import annotations

import marshal
import os
import sys
from collections.abc import Mapping, Sequence
from importlib.machinery import ModuleSpec, PathFinder
from types import CodeType, ModuleType
from typing import Any

DRIVE = "/drive"
"""Where the Pyodide kernel mounts JupyterLite's contents, the notebooks' folders."""


def installed_entries(path: Sequence[str]) -> list[str]:
    """The entries of ``sys.path`` that are not the working directory nor the drive."""
    return [entry for entry in path if entry not in ("", ".") and not entry.startswith(DRIVE)]


class InstalledFirst:
    """A meta path finder placed before :class:`~importlib.machinery.PathFinder`: a top-level module is looked
    for in the installed entries of ``sys.path`` first; submodules are left to the usual search."""

    started = False
    """Whether the kernel was seen ready (and the drive's finders of its start forgotten)."""

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if not cls.started and hasattr(sys.modules.get(KERNEL), "kernel_instance"):
            cls.started = True
            forget_the_start()
        if path is not None:
            return None
        return PathFinder.find_spec(name, installed_entries(sys.path), target)

    @classmethod
    def invalidate_caches(cls) -> None:
        """Nothing of its own to forget: :class:`~importlib.machinery.PathFinder` keeps the caches."""


class NothingYet:
    """The drive's path entry finder while the kernel starts: it finds nothing and asks the drive nothing."""

    @staticmethod
    def find_spec(name: str, target: ModuleType | None = None) -> None:
        return None

    @staticmethod
    def invalidate_caches() -> None:
        """Nothing kept."""


KERNEL = "pyodide_kernel"
"""The module whose import is the kernel's start; it ends with ``kernel_instance`` set."""


def kernel_starting() -> bool:
    """Whether the kernel is still starting: ``import pyodide_kernel`` not yet finished (before it, the worker
    imports micropip and piplite with the drive already its working directory)."""
    return not hasattr(sys.modules.get(KERNEL), "kernel_instance")


def drive_while_starting(entry: str) -> type[NothingYet]:
    """A path hook: :class:`NothingYet` for a folder of the drive while the kernel starts; any other entry, or any
    entry once the kernel is ready, goes to the next hook (the usual ``FileFinder``)."""
    if (entry == DRIVE or entry.startswith(DRIVE + "/")) and kernel_starting():
        return NothingYet
    raise ImportError(entry)


def forget_the_start(cache: dict[str, Any] | None = None) -> None:
    """Once the kernel is ready, the drive's folders get their usual finders: drop :class:`NothingYet` from the
    importer cache (``sys.path_importer_cache`` by default)."""
    cache = sys.path_importer_cache if cache is None else cache
    for entry in [entry for entry, finder in cache.items() if finder is NothingYet]:
        del cache[entry]


def install(meta_path: list[object] | None = None, path_hooks: list[Any] | None = None) -> None:
    """Put :class:`InstalledFirst` just before :class:`~importlib.machinery.PathFinder` in ``meta_path``
    (``sys.meta_path`` by default) and :func:`drive_while_starting` first in ``path_hooks``, once."""
    finders = sys.meta_path if meta_path is None else meta_path
    if InstalledFirst not in finders:
        finders.insert(finders.index(PathFinder) if PathFinder in finders else len(finders), InstalledFirst)
    hooks = sys.path_hooks if path_hooks is None else path_hooks
    if drive_while_starting not in hooks:
        hooks.insert(0, drive_while_starting)


def known_dataclasses(data: bytes) -> None:
    """Let :mod:`dataclasses` run the code compiled when the site was built (``data``: a marshalled dict from the
    source it generates for a class to that source's code, :func:`.bytecode.dataclass_code`) instead of compiling
    it again: half of what ``import mus_widget`` took in WebAssembly. A class not among them compiles as before."""
    import dataclasses

    codes: dict[str, CodeType] = marshal.loads(data)

    def run(source: str | CodeType, globals: dict[str, Any] | None = None,
            locals: Mapping[str, object] | None = None, /) -> None:
        if isinstance(source, str):
            source = codes.get(source) or compile(source, "<string>", "exec", dont_inherit=True)
        exec(source, globals, locals)

    dataclasses.exec = run  # type: ignore[attr-defined]


def start() -> None:
    """What the site's Python does as it starts: :func:`install`, and :func:`known_dataclasses` with the code kept
    beside this module in the standard library's zip."""
    install()
    loader = globals().get("__loader__")
    try:
        data = loader.get_data(f"{os.path.dirname(__file__)}/{DATACLASSES}") if loader else None
    except OSError:
        data = None
    if data:
        known_dataclasses(data)


DATACLASSES = "site-dataclasses.marshal"
"""The file of :func:`known_dataclasses`' code, beside ``sitecustomize`` (:data:`.bytecode.DATACLASSES`)."""

if __name__ == "sitecustomize":  # the site's Python, starting
    start()
