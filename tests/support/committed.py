"""The repository's tutorials as the tests check them: what the repository holds, never a student's game.

A student who plays ``tutorials/00-play.ipynb`` (the README's play command) gets it back autosaved by JupyterLab,
with its outputs, its widgets' state and new kernel metadata: that copy is the student's to keep, and no test may
complain about it. So the checks of what the repository holds read the files git tracks, each as it stands (an
edit is checked before it is committed), except a notebook that differs from git's index only by having been run
(the same cells, the same sources): that one is read as committed. A notebook git does not track (a student's
``Untitled.ipynb``) is not the repository's (``git add`` a new tutorial to have it checked); other new files (a
page ``mus-widget tutorials build`` wrote) are, unless git ignores them (JupyterLab's ``.ipynb_checkpoints``).
Outside a git checkout (an unpacked sdist) there is nothing to tell them apart by, and the files are read as
they are.
"""

from __future__ import annotations

import atexit
import functools
import json
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def is_checkout(repository: Path = ROOT) -> bool:
    """Whether ``repository`` is the top of a git checkout (a clone or a worktree) that git can read."""
    if not (repository / ".git").exists() or shutil.which("git") is None:
        return False
    top = subprocess.run(["git", "rev-parse", "--show-toplevel"], cwd=repository, capture_output=True, text=True,
                         check=False)
    return top.returncode == 0 and Path(top.stdout.strip()).resolve() == repository.resolve()


def cells(notebook: bytes) -> list[tuple[Any, Any, str]] | None:
    """A notebook's cells as what it teaches (id, type, source), or None for a file that is no notebook."""
    try:
        return [(c.get("id"), c.get("cell_type"), c["source"] if isinstance(c["source"], str) else "".join(c["source"]))
                for c in json.loads(notebook)["cells"]]
    except (ValueError, KeyError, TypeError):
        return None


def only_played(working: bytes, committed: bytes) -> bool:
    """Whether a notebook differs from its committed self only in what running and saving it change (outputs,
    execution counts, metadata, the JSON's layout), not in a cell."""
    taught = cells(committed)
    return taught is not None and cells(working) == taught


def git(repository: Path, *args: str) -> bytes:
    return subprocess.run(["git", *args], cwd=repository, capture_output=True, check=True).stdout


@functools.cache
def committed(*folders: str, repository: Path = ROOT) -> Path:
    """A folder holding ``folders`` of ``repository`` (``"tutorials"``, ``"docs"``) laid out as in it: the files
    git tracks as they stand, a notebook only played as committed (the module's docstring); ``repository``
    itself when it is no checkout. Made once per process, removed at its exit."""
    if not is_checkout(repository):
        return repository
    scratch = Path(tempfile.mkdtemp(prefix="mus-committed-"))
    atexit.register(shutil.rmtree, scratch, ignore_errors=True)
    changed = set(git(repository, "diff", "--name-only", "-z", "--", *folders).decode().split("\0"))
    tracked = git(repository, "ls-files", "-z", "--", *folders).decode().split("\0")
    new = git(repository, "ls-files", "-z", "--others", "--exclude-standard", "--", *folders).decode().split("\0")
    for name in filter(None, [*tracked, *(name for name in new if not name.endswith(".ipynb"))]):
        source, target = repository / name, scratch / name
        if not source.is_file():
            continue  # deleted, and about to be committed so
        target.parent.mkdir(parents=True, exist_ok=True)
        working = source.read_bytes()
        if name in changed and name.endswith(".ipynb"):
            indexed = git(repository, "show", f":{name}")
            working = indexed if only_played(working, indexed) else working
        target.write_bytes(working)
    return scratch


def committed_tutorials(repository: Path = ROOT) -> Path:
    """``tutorials/`` as the tests check it (beside ``docs/``, which their links reach)."""
    return committed("tutorials", "docs", repository=repository) / "tutorials"
