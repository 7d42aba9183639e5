"""Every link of every tutorial opens a file wherever the tutorial is read: in JupyterLab started by the play
command of its README, in the classroom site and in the documentation site.

JupyterLab started on a notebook (``jupyter lab tutorials/00-play.ipynb``) serves that notebook's folder, or the
folder ``--ServerApp.root_dir`` names, and nothing above it: a link that climbs out finds nothing (JupyterLab
reads ``../docs/rules.md`` from a notebook at its root as ``docs/rules.md`` under the root, and the server answers
404). The classroom site holds the tutorials' folder only, and the documentation site the English tutorials
beside ``docs/``. So each place is modelled by the files it serves, laid out as it serves them, and each link is
followed there. tests/browser/test_tutorial_links.py clicks the rules in JupyterLab.
"""

from __future__ import annotations

import json
import posixpath
import re
import shlex
from pathlib import Path

import pytest

from mus_widget.docs.build import stage
from mus_widget.i18n import LANGUAGES
from mus_widget.lite.build import stage_contents
from support.committed import committed_tutorials

TUTORIALS = committed_tutorials()
REPOSITORY = TUTORIALS.parent
"""The repository as the tests check it (tests/support/committed.py): a notebook a student played is theirs."""
LINK = re.compile(r"\]\(([^)\s]+)\)")
OUTSIDE = re.compile(r"[a-z][a-z0-9+.-]*:|#")
"""A link to a web page or to a place in the same page: nothing to serve."""


def markdown(path: Path) -> str:
    """A Markdown file's text, or a notebook's markdown cells."""
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join(c["source"] if isinstance(c["source"], str) else "".join(c["source"])
                     for c in cells if c["cell_type"] == "markdown")


def files_link(path: Path) -> list[str]:
    """The links of ``path`` to files, without their anchors."""
    return [link.split("#")[0] for link in LINK.findall(markdown(path)) if not OUTSIDE.match(link)]


def play_command(readme: Path) -> list[str]:
    """The arguments of ``jupyter lab`` in the play command of a tutorials README."""
    command = next(line for line in readme.read_text(encoding="utf-8").splitlines() if " jupyter lab " in line)
    return shlex.split(command.split(" jupyter lab ", 1)[1])


def lab_root(arguments: list[str], project: Path) -> Path:
    """The folder JupyterLab serves when started from ``project`` with ``arguments``: the one
    ``--ServerApp.root_dir`` names, else the folder of the notebook it opens (jupyter_server's own default)."""
    named = [a.split("=", 1)[1] for a in arguments if a.startswith("--ServerApp.root_dir=")]
    if named:
        return (project / named[0]).resolve()
    return (project / next(a for a in arguments if a.endswith(".ipynb"))).resolve().parent


def served(root: Path) -> set[str]:
    return {path.relative_to(root).as_posix() for path in root.rglob("*") if path.is_file()}


def broken(pages: list[Path], root: Path, files: set[str]) -> list[str]:
    """Each link of ``pages`` (files under ``root``) that names no file of ``files`` (paths from ``root``)."""
    out = []
    for page in pages:
        here = page.parent.relative_to(root).as_posix()
        for link in files_link(page):
            target = posixpath.normpath(posixpath.join(here, link))
            if target.startswith("../") or target not in files:
                out.append(f"{page.relative_to(root).as_posix()}: {link}")
    return out


def tutorial_pages(folder: Path) -> list[Path]:
    """What a student reads in a tutorials folder: its notebooks, its README, and the reference pages."""
    return [*sorted(folder.glob("*.ipynb")), folder / "README.md", *sorted((TUTORIALS / "reference").glob("*.md"))]


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_link_opens_a_file_in_jupyterlab_from_the_play_command(code: str) -> None:
    folder = TUTORIALS if code == "en" else TUTORIALS / code
    root = lab_root(play_command(folder / "README.md"), REPOSITORY)
    assert folder.is_relative_to(root), f"{code}: the command serves {root}, not the notebooks"
    assert any(link.endswith("reference/rules.md") for link in files_link(folder / "00-play.ipynb"))
    assert not broken(tutorial_pages(folder), root, served(root)), f"{code}: in JupyterLab rooted at {root}"


def test_the_play_commands_root_is_the_one_jupyter_server_computes() -> None:
    """The model above against jupyter_server itself, for the English and a translated README's command."""
    from jupyter_server.serverapp import ServerApp

    for folder in (TUTORIALS, TUTORIALS / "es"):
        arguments = play_command(folder / "README.md")
        app = ServerApp()  # given the paths from the project folder, as the command runs there
        app.parse_command_line([f"--ServerApp.root_dir={REPOSITORY / a.split('=', 1)[1]}"
                                if a.startswith("--ServerApp.root_dir=") else
                                str(REPOSITORY / a) if a.endswith(".ipynb") else a for a in arguments])
        assert Path(app.root_dir) == lab_root(arguments, REPOSITORY), folder.name


def test_a_link_out_of_what_jupyterlab_serves_is_caught(tmp_path: Path) -> None:
    (tmp_path / "tutorials").mkdir()
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "rules.md").write_text("# Rules\n")
    page = tmp_path / "tutorials" / "00-play.md"
    page.write_text("[out](../docs/rules.md) [web](https://example.org) [here](#x) [gone](gone.md) [me](00-play.md)")
    root = lab_root(["--allow-root", "tutorials/00-play.ipynb"], tmp_path)
    assert root == tmp_path / "tutorials"
    assert broken([page], root, served(root)) == ["00-play.md: ../docs/rules.md", "00-play.md: gone.md"]


def test_every_link_opens_a_file_in_the_classroom_site(tmp_path: Path) -> None:
    contents = stage_contents(REPOSITORY, tmp_path / "contents")
    pages = [path for path in sorted(contents.rglob("*")) if path.suffix in {".ipynb", ".md"}]
    assert contents / "00-play.ipynb" in pages and contents / "reference" / "rules.md" in pages
    assert not broken(pages, contents, served(contents))


def test_every_link_opens_a_page_in_the_documentation_site(tmp_path: Path) -> None:
    """The site renders the English tutorials beside docs/: a link to a reference page leads to its page there."""
    source = tmp_path / "source"
    stage(REPOSITORY, source)
    pages = [*sorted((source / "tutorials").glob("*.ipynb")), source / "tutorials" / "README.md"]
    assert "../docs/rules.md" in files_link(source / "tutorials" / "00-play.ipynb")
    assert not broken(pages, source, served(source))
