"""The site's Python finds what is installed before it looks in the notebook's folder: the ``sitecustomize`` of the
classroom site, put into its standard library by :mod:`.build`.

In the site's kernel the working directory is the notebook's folder, JupyterLite's drive, and ``sys.path`` starts
with ``""`` (Pyodide puts it there), so every top-level import first asks the drive whether it holds the module:
a synchronous round trip through the page's service worker, which answers only when the page's main thread is
free. Starting the kernel (IPython) and the first cell made about 120 of them. :class:`InstalledFirst` looks for a
top-level module in the other entries of ``sys.path`` (the standard library, ``site-packages``) first and lets the
usual search, the drive included, run only for what is not found there: a module beside the notebook is still
imported, only it can no longer hide an installed one of the same name (a student's ``random.py``).

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

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if path is not None:
            return None
        return PathFinder.find_spec(name, installed_entries(sys.path), target)

    @classmethod
    def invalidate_caches(cls) -> None:
        """Nothing of its own to forget: :class:`~importlib.machinery.PathFinder` keeps the caches."""


def install(meta_path: list[object] | None = None) -> None:
    """Put :class:`InstalledFirst` just before :class:`~importlib.machinery.PathFinder` in ``meta_path``
    (``sys.meta_path`` by default), once."""
    finders = sys.meta_path if meta_path is None else meta_path
    if InstalledFirst not in finders:
        finders.insert(finders.index(PathFinder) if PathFinder in finders else len(finders), InstalledFirst)


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
