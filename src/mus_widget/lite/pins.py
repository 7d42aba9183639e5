"""The versions a classroom site is built from: JupyterLite, the Pyodide runtime and every wheel it ships.

Pinned so that two builds of the same commit serve the same files. The Pyodide version is the one the pinned
kernel was made for (``jupyterlite_pyodide_kernel.constants.PYODIDE_VERSION``); the wheels are pure Python
(``py3-none-any``) releases from PyPI that run on its Python.
"""

from __future__ import annotations

from typing import Final

JUPYTERLITE_CORE: Final = "0.8.6"
JUPYTERLITE_PYODIDE_KERNEL: Final = "0.8.6"
PYODIDE: Final = "314.0.6"
"""The npm ``pyodide`` package: its core only (wasm, standard library, ``pyodide-lock.json``, ``pyodide.mjs``)."""
PYODIDE_PYTHON: Final = "3.14"

PYODIDE_CORE: Final = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""The files of the npm package the kernel loads; the rest (consoles, typings, source maps, pyodide.js) stays out."""

KERNEL_WHEELS: Final = (
    # the package's own dependencies
    "anywidget==0.11.0",
    "babel==2.19.0",
    "ipywidgets==8.1.9",
    "psygnal==0.16.1",
    "traitlets==5.16.1",
    "typing-extensions==4.16.0",
    # what the Pyodide kernel loads before the first cell: micropip, comm, IPython and its dependencies
    "asttokens==3.0.2",
    "comm==0.2.3",
    "decorator==5.3.1",
    "executing==2.3.0",
    "ipython==9.12.0",
    "ipython-pygments-lexers==1.1.1",
    "jedi==0.19.2",
    "matplotlib-inline==0.2.2",
    "micropip==0.11.1",
    "packaging==26.1",
    "parso==0.8.7",
    "prompt-toolkit==3.0.53",
    "pure-eval==0.2.4",
    "pygments==2.21.0",
    "stack-data==0.6.3",
    "wcwidth==0.9.4",
)
"""Every wheel the kernel installs, with its version: the closure of the package's and the kernel's needs."""

LAB_EXTENSION_WHEELS: Final = (
    "anywidget==0.11.0",
    "jupyterlab-widgets==3.0.17",
    f"jupyterlite-pyodide-kernel=={JUPYTERLITE_PYODIDE_KERNEL}",
)
"""Wheels whose JupyterLab extensions go into the site: the widget manager, anywidget's front end, the kernel."""

KERNEL_EXTENSION_WHEELS: Final = ("ipykernel==6.9.2", "piplite==0.8.6", "pyodide-kernel==0.8.6")
"""The kernel's own wheels, shipped inside the jupyterlite-pyodide-kernel wheel (its ``static/pypi``): its
IPython kernel, the ``%pip`` of the site and a stand-in for ipykernel. Put in the lock beside the others so
Pyodide loads them while it starts, instead of the kernel installing them one by one with micropip after."""

FRONT_END_ONLY: Final = frozenset({"widgetsnbextension", "jupyterlab-widgets"})
"""Requirements of ipywidgets that hold only browser code: the site's JupyterLab carries their extensions, so the
kernel does without their Python wheels (the Pyodide kernel ships a stand-in for widgetsnbextension)."""

PRELOAD: Final = ("mus-widget", "micropip", "piplite", "comm", "ipykernel", "pyodide-kernel", "jedi", "ipython")
"""Packages Pyodide loads while it starts, in parallel, so the first cell imports ``mus_widget`` with no install.
The kernel installs at run time whichever of micropip, piplite, ipykernel, comm, pyodide-kernel, jedi and
ipython is missing here (each a round of micropip); with all of them here it installs nothing."""

ZIPPED: Final = frozenset({
    "asttokens", "decorator", "executing", "ipython-pygments-lexers", "matplotlib-inline", "prompt-toolkit",
    "psygnal", "pure-eval", "pygments", "stack-data", "typing-extensions", "wcwidth",
})
"""Wheels of :data:`KERNEL_WHEELS` that go into the standard library's zip instead of the lock: modules only (no
data file read from beside them), needed by other wheels and never installed by name. Pyodide unpacks every file
of every wheel in the lock at each start of the kernel (1,260 files of these alone, pyc beside py),
whereas ``zipimport`` reads a module only when it is imported, as it does the standard library's."""
