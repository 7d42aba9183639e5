"""nbgrader for the test of handing grades in, installed beside the environment rather than into it.

nbgrader brings JupyterLab and Jupyter Server extensions of its own, which would load into every JupyterLab the
browser tests start and change the lab they measure; so it is installed once into a folder of its own
(``~/.cache/mus-widget-nbgrader``) and put on the path only of the test that uses it and of the ``nbgrader``
commands that test runs. Its other requirements are those of JupyterLab, already installed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Final

NBGRADER: Final = ("nbgrader==0.9.6", "alembic>=1.7", "Mako", "rapidfuzz>=1.8")
"""nbgrader, pinned, and the requirements of its own that JupyterLab does not bring."""
FOLDER: Final = Path.home() / ".cache" / "mus-widget-nbgrader" / "0.9.6"


def nbgrader_folder() -> Path:
    """The folder nbgrader is installed in (installed now, with pip, when it is not yet there)."""
    if not (FOLDER / "nbgrader" / "api.py").exists():
        partial = FOLDER.with_name(FOLDER.name + f".{os.getpid()}")
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
                        "--no-deps", "--target", str(partial), *NBGRADER], check=True, timeout=600)
        try:
            partial.rename(FOLDER)  # one of two workers installing at once wins; the other's copy is dropped
        except OSError:
            subprocess.run(["rm", "-rf", str(partial)], check=True)
    return FOLDER
